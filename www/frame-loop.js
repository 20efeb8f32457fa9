// One requestAnimationFrame loop for every board on the page. It splits the search's time budget
// between the boards that are running, asks for frames only while some board has something to
// show (a search under way, a move being animated, a repaint due) and stops when all are still.
// A board that throws is stopped and told so; the others carry on.

/** All running boards on a page share this much search time per frame. */
export const FRAME_BUDGET_MS = 10;

/**
 * A board: `running` (whether it searches this frame, for the budget), `painting` (how many ms
 * its last paint took), `tick(now, budget)` (returns whether it wants another frame) and
 * `fail(error)` (its tick threw).
 */
const boards = new Set();
let request = 0;

function frame(now) {
  request = 0;
  let running = 0;
  let painting = 0;
  for (const board of boards) {
    if (board.running) running += 1;
    painting += board.painting;
  }
  // The search gets what the boards' painting (as long as in the last frame) leaves of the budget.
  const budget = Math.max(2, (FRAME_BUDGET_MS - painting) / Math.max(1, running));
  let again = false;
  for (const board of boards) {
    try {
      if (board.tick(now, budget)) again = true;
    } catch (error) {
      board.fail(error);
    }
  }
  if (again) wake();
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
