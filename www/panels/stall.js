// A stuck search, said in words: what the core's `Tour.progress()` reports (how deep the path got
// and when, how far back it has gone since, Knuth's estimate of the work left), for the status
// and for the teaching view. The core decides whether the search is stuck; this only words it.

import { formatCount, formatDuration, formatHuge, grouped } from "../ui/text.js";

/** How often a running search's progress is read: the estimate walks the whole path. */
export const STALL_CHECK_MS = 250;

/**
 * The notice under the board, as HTML: `progress` from the core, the board's `squares`, and the
 * measured `rate` in events a second (null when unknown) for the time the estimate stands for.
 */
export function stuckWords({ deepest, eventsSinceDeepest, shallowestSince, eventsLeft }, squares, rate) {
  const left = Number.isFinite(eventsLeft) ? `about ${formatHuge(eventsLeft)}` : formatHuge(eventsLeft);
  const time = rate > 0 ? ` (${formatDuration(eventsLeft / rate)} at this speed)` : "";
  const ago = `${formatCount(eventsSinceDeepest)} events ago`;
  // A path of every square that is still searched for is one whose ends are not a knight's move
  // apart: a closed tour was asked for.
  const reached = deepest >= squares
    ? `every square was reached (a path of all ${grouped(squares)}, ${ago}), but no such path has ` +
      `closed: its last square is not a knight's move from its first. Since then the knight has gone ` +
      `back as far as move ${grouped(shallowestSince)} for one that closes`
    : `the deepest path held ${grouped(deepest)} of ${grouped(squares)} squares, reached ${ago}. ` +
      `Since then the knight has gone back as far as move ${grouped(shallowestSince)}`;
  return `<strong>Stuck:</strong> ${reached}, so the mistake is at or before move ` +
    `${grouped(shallowestSince)}. Knuth's estimate of the work left: ${left} events${time}.`;
}

/** The same facts as a lesson for a board of `squares`, for the teaching view, pointing at the chart's red line. */
export function stuckLesson({ deepest, eventsSinceDeepest, shallowestSince, eventsLeft }, squares) {
  const left = Number.isFinite(eventsLeft) ? `about ${formatHuge(eventsLeft)}` : formatHuge(eventsLeft);
  const first = deepest >= squares
    ? `the path first held every square ${formatCount(eventsSinceDeepest)} events ago, but its ends were ` +
      `not a knight's move apart, and no path since has closed. In that time`
    : `the path first held ${grouped(deepest)} squares ${formatCount(eventsSinceDeepest)} events ago and ` +
      `has not grown since. In that time`;
  return `<strong>Why it is stuck:</strong> ${first} it was cut back ` +
    `as far as move ${grouped(shallowestSince)} (the red line) and grown again, over and over: everything ` +
    `after that move has been tried and none of it leads further, so what keeps the knight from a tour ` +
    `was decided at or before move ${grouped(shallowestSince)}. To go back further, backtracking must ` +
    `first exhaust everything after it; Knuth's estimate of what is left of the search: ${left} events.`;
}
