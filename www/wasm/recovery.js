// What the page does when an instance of the core traps (wasm/guard.js sees it come out): every
// board stops calling into the core at once, the instance is made afresh in its place (core.js),
// and every board starts again from its own settings, saying why (a game in play mode keeps its
// moves, played again into the new instance). A trap is a bug of the core: one that comes back
// after a few fresh starts would only come back again, so past them the boards stop and say so.

/** How many traps the page starts its boards again after. */
const RESTARTS_UP_TO = 3;

/**
 * The boards to tell: each has `halt()` (the core trapped: call into it no more), `recover()` (a
 * fresh core is in: start again from the settings, and say why) and `unavailable(error)` (no
 * fresh core will come).
 */
const boards = new Set();
let traps = 0;
/** The instances being made again: the boards start again once the last is in. */
let renewing = 0;

/** Tells `board` of the core's traps until `signal` aborts. */
export function watch(board, signal) {
  boards.add(board);
  signal.addEventListener("abort", () => boards.delete(board));
}

/** The instance `name` trapped with `error`; `renew()` resolves once a fresh one is in its place. */
export function trapped(name, error, renew) {
  console.error(`The core's module "${name}" trapped; it is dropped, and every board starts again.`, error);
  const every = (tell) => [...boards].forEach(tell);
  every((board) => board.halt());
  traps += 1;
  if (traps > RESTARTS_UP_TO) {
    every((board) => board.unavailable(new Error(`the solver stopped unexpectedly ${traps} times`)));
    return;
  }
  renewing += 1;
  renew().then(
    () => --renewing || every((board) => board.recover()),
    (failure) => {
      renewing -= 1;
      every((board) => board.unavailable(failure));
    },
  );
}
