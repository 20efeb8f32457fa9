// A stuck search, said in words: what the core's `Tour.progress()` reports (how deep the path got
// and when, how far back it has gone since, Knuth's estimate of the work left), for the status
// (the teaching view's lesson on it is its own: teaching-view.js). The core decides whether the
// search is stuck; this only words it.

import { formatCount, formatDuration, formatHuge, grouped } from "../ui/text.js";

/** How often a running search's progress is read: the estimate walks the whole path. */
export const STALL_CHECK_MS = 250;

/** Knuth's estimate of the events left, in words: "about 1.2 million", or none to be had. */
export const workLeft = (events) => (Number.isFinite(events) ? `about ${formatHuge(events)}` : formatHuge(events));

/**
 * The notice under the board, as HTML: `progress` from the core, the board's `squares`, and the
 * measured `rate` in events a second (null when unknown) for the time the estimate stands for.
 */
export function stuckWords({ deepest, eventsSinceDeepest, shallowestSince, eventsLeft }, squares, rate) {
  const left = workLeft(eventsLeft);
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
