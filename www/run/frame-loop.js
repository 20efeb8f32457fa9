// One requestAnimationFrame loop for every board on the page, and every frame bounded in time:
// the boards' searches, their painting and their DOM together stay within FRAME_BUDGET_MS,
// however many boards there are. Each frame the running boards share what the last frame's
// drawing left of the budget for their searches; then the boards with something new to show are
// drawn, the longest-waiting first, for as long as the budget lasts (one at least). Twenty busy
// boards on a page then take turns to be drawn, each a few times a second, and the page keeps
// its frame rate. Frames are asked for only while some board has something to show, and a board
// that throws is stopped and told so; the others carry on.

/** The work of a frame, all boards together: search, painting and DOM. */
export const FRAME_BUDGET_MS = 10;

/** The least search time a running board gets in a frame, however many there are. */
const LEAST_SEARCH_MS = 0.25;

/**
 * A board: `running` (whether it searches), `advance(now, budget)` (its search, for up to
 * `budget` ms), `stale` (whether it has something new to show), `draw(now)` (painting and DOM),
 * `moving` (whether it wants frames: searching, or something animated) and `fail(error)` (its
 * frame threw).
 */
const boards = new Set();
/** When each board was last drawn, so that the longest-waiting is drawn first. */
const drawnAt = new WeakMap();
let request = 0;
let lastDrawing = 0;

function frame(now) {
  request = 0;
  const began = performance.now();
  const running = [...boards].filter((board) => board.running);
  const share = Math.max(LEAST_SEARCH_MS, (FRAME_BUDGET_MS - lastDrawing) / Math.max(1, running.length));
  for (const board of running) guarded(board, () => board.advance(now, share));
  const drawing = performance.now();
  const stale = [...boards].filter((board) => board.stale);
  stale.sort((a, b) => (drawnAt.get(a) ?? -Infinity) - (drawnAt.get(b) ?? -Infinity));
  for (const [i, board] of stale.entries()) {
    if (i > 0 && performance.now() - began >= FRAME_BUDGET_MS) break;
    guarded(board, () => board.draw(now));
    drawnAt.set(board, now);
  }
  lastDrawing = performance.now() - drawing;
  if ([...boards].some((board) => board.moving || board.stale)) wake();
}

function guarded(board, work) {
  try {
    work();
  } catch (error) {
    board.fail(error);
  }
}

/** Asks for a frame, if none is asked for already and some board may want it. */
export function wake() {
  if (!request && boards.size) request = requestAnimationFrame(frame);
}

export function add(board) {
  boards.add(board);
  wake();
}

export function remove(board) {
  boards.delete(board);
  if (!boards.size && request) {
    cancelAnimationFrame(request);
    request = 0;
  }
}

/** What the loop holds, for tests: how many boards, and whether a frame is asked for. */
export const state = () => ({ boards: boards.size, requested: request !== 0 });
