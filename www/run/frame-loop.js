// One requestAnimationFrame loop for every board on the page, and every frame bounded in time:
// the boards' searches, their painting and their DOM together stay within FRAME_BUDGET_MS,
// however many boards there are. Each frame the running boards share what the last frame's
// drawing left of the budget for their searches; then the boards with something new to show are
// drawn, the longest-waiting first, for as long as the budget lasts (one at least). Twenty busy
// boards on a page then take turns to be drawn, each a few times a second, and the page keeps
// its frame rate. A board that throws is stopped and told so; the others carry on.
//
// Only the boards the reader can see take part: on screen (one IntersectionObserver for the
// page) in a tab that is not hidden. A board out of sight is not searched, painted or written,
// and is told when it goes and comes back, so that it goes on where it was. Frames are asked for
// only while a board in sight has something to show: with every board still, or out of sight,
// the loop asks for none and costs nothing.

/** The work of a frame, all boards together: search, painting and DOM. */
export const FRAME_BUDGET_MS = 10;

/** The least search time a running board gets in a frame, however many there are. */
const LEAST_SEARCH_MS = 0.25;

/**
 * A board, an element: `running` (whether it searches), `advance(now, budget)` (its search, for
 * up to `budget` ms), `stale` (whether it has something new to show), `draw(now)` (painting and
 * DOM), `moving` (whether it wants frames: searching, or something animated), `fail(error)` (its
 * frame threw) and `sighted(inSight, now)` (the reader sees it from now on, or no longer).
 */
const boards = new Set();
/** When each board was last drawn, so that the longest-waiting is drawn first. */
const drawnAt = new WeakMap();
/** The boards with a pixel in the viewport, as the observer last said. */
const onScreen = new WeakSet();
let observer = null;
let tabShown = document.visibilityState !== "hidden";
let request = 0;
let lastDrawing = 0;
/** Whether any board has searched yet, and who waits for that (`firstRun`). */
let ran = false;
const runWaiters = [];

/** Whether the reader can see `board`: on screen, in a tab that is shown. */
export const inSight = (board) => tabShown && onScreen.has(board);

/** Whether `board` wants a frame: in sight, with a search under way, a move animated or something new to show. */
const wants = (board) => inSight(board) && (board.moving || board.stale);

function frame(now) {
  request = 0;
  const seen = [...boards].filter(inSight);
  const began = performance.now();
  const running = seen.filter((board) => board.running);
  if (running.length && !ran) {
    ran = true;
    for (const resolve of runWaiters.splice(0)) resolve();
  }
  const share = Math.max(LEAST_SEARCH_MS, (FRAME_BUDGET_MS - lastDrawing) / Math.max(1, running.length));
  for (const board of running) guarded(board, () => board.advance(now, share));
  const drawing = performance.now();
  const stale = seen.filter((board) => board.stale);
  stale.sort((a, b) => (drawnAt.get(a) ?? -Infinity) - (drawnAt.get(b) ?? -Infinity));
  for (const [i, board] of stale.entries()) {
    if (i > 0 && performance.now() - began >= FRAME_BUDGET_MS) break;
    guarded(board, () => board.draw(now));
    drawnAt.set(board, now);
  }
  lastDrawing = performance.now() - drawing;
  wake();
}

function guarded(board, work) {
  try {
    work();
  } catch (error) {
    board.fail(error);
  }
}

/** Asks for a frame, if none is asked for already and some board in sight wants it. */
export function wake() {
  if (!request && [...boards].some(wants)) request = requestAnimationFrame(frame);
}

function cancel() {
  if (!request) return;
  cancelAnimationFrame(request);
  request = 0;
}

/** The observer says which boards came on screen or went off it. */
function scrolled(entries) {
  const now = performance.now();
  for (const { target, isIntersecting } of entries) {
    if (!boards.has(target) || isIntersecting === onScreen.has(target)) continue;
    if (isIntersecting) onScreen.add(target);
    else onScreen.delete(target);
    if (tabShown) guarded(target, () => target.sighted(isIntersecting, now));
  }
  wake();
}

/** The tab was hidden or shown again: every board on screen goes out of sight, or comes back. */
function tabChanged() {
  const shown = document.visibilityState !== "hidden";
  if (shown === tabShown) return;
  tabShown = shown;
  if (!shown) cancel();
  const now = performance.now();
  for (const board of boards) if (onScreen.has(board)) guarded(board, () => board.sighted(shown, now));
  wake();
}

export function add(board) {
  if (!boards.size) {
    tabShown = document.visibilityState !== "hidden";
    document.addEventListener("visibilitychange", tabChanged);
  }
  boards.add(board);
  observer ??= new IntersectionObserver(scrolled);
  observer.observe(board);
}

export function remove(board) {
  boards.delete(board);
  onScreen.delete(board);
  observer?.unobserve(board);
  if (boards.size) return;
  document.removeEventListener("visibilitychange", tabChanged);
  cancel();
}

/** Resolves once a board on the page has searched in a frame: the page's first tour under way. */
export const firstRun = () => (ran ? Promise.resolve() : new Promise((resolve) => runWaiters.push(resolve)));

/** Whether a board on the page other than `board` is set to autoplay. */
export const othersAutoplay = (board) => [...boards].some((other) => other !== board && other.hasAttribute("autoplay"));

/** What the loop holds, for tests: how many boards, and whether a frame is asked for. */
export const state = () => ({ boards: boards.size, requested: request !== 0 });
