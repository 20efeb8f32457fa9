// Play mode's referee, off the page's thread: it owns the core's game (a `Play`), applies the
// moves and undos the board sends, and decides the verdict on each position a slice at a time,
// looking at its mailbox between slices, so that a move made while it thinks is taken at once.
// Making a game of a million squares (0.1 s and more) or a verdict that takes seconds holds up no
// frame of the page.
//
// In:  {type: "new", version, settings, path}   a game of `settings` that has made the moves of
//                                               `path` (square indices, the start first)
//      {type: "move", version, squares}         the knight moved along `squares` (a Uint32Array;
//                                               the board judged each a move)
//      {type: "undo", version}                  the last move taken back
//      {type: "witness", version, from}         the completion found, from its square `from` on
// Out: {type: "ruling", version, ruling}        after every message, and once decided
//      {type: "witness", version, squares}      a Uint32Array, or null if no tour can be finished
//      {type: "error", message}
//      {type: "trapped"}                        the core trapped and was made again: the game
//                                               is gone, and waits for a "new" one
// `version` counts the board's changes: an answer is for the position of its version only.

import { isTrap } from "../wasm/guard.js";
import { serve } from "../wasm/instance.js";

/** How long a slice of thinking runs before the mailbox is looked at. */
const SLICE_MS = 8;

let game = null;
let version = 0;
let decided = true;
let scheduled = false;
/** Thinking goes on in tasks of its own, posted to itself: messages from the page come in between. */
const wake = new MessageChannel();
wake.port1.onmessage = think;

serve("knights-tour-play", handle, undefined, () => {
  game = null;
  self.postMessage({ type: "trapped" });
});

/** A message from the page, handled after the one before (the first waits for the core). */
function handle(message, { Play }) {
  try {
    switch (message.type) {
      case "new":
        game?.free();
        game = new Play(message.settings);
        for (const square of message.path.subarray(1)) game.tryMove(square);
        break;
      case "move":
        for (const square of message.squares) game.tryMove(square);
        break;
      case "undo":
        game.undo();
        break;
      case "witness": {
        const squares = game.witness(message.from) ?? null;
        self.postMessage({ type: "witness", version: message.version, squares }, squares ? [squares.buffer] : []);
        return;
      }
      case "dispose":
        game?.free();
        game = null;
        return;
      default:
        return;
    }
  } catch (error) {
    if (!isTrap(error)) self.postMessage({ type: "error", message: error.message }); // a trap: "trapped" said it
    return;
  }
  version = message.version;
  rule();
}

/** Tells the page the verdict on the game's position; thinks on if it is not in. */
function rule() {
  const ruling = game.ruling();
  decided = ruling.verdict !== "thinking";
  self.postMessage({ type: "ruling", version, ruling });
  if (!decided && !scheduled) {
    scheduled = true;
    wake.port2.postMessage(null);
  }
}

function think() {
  scheduled = false;
  if (!game || decided) return;
  let done;
  try {
    done = game.think(SLICE_MS);
  } catch (error) {
    if (isTrap(error)) return; // "trapped" said it
    throw error;
  }
  if (done) {
    rule();
  } else {
    scheduled = true;
    wake.port2.postMessage(null);
  }
}
