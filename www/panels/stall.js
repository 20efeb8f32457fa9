// A stuck search, said in words: what the core's `Tour.progress()` reports (how deep the path got
// and when, how far back it has gone since, Knuth's estimate of the work left), for the status
// (the teaching view's lesson on it is its own: teaching-view.js), and the look of its notice. The
// core decides whether the search is stuck; this only words it. A module of its own, which the
// status fetches when a search is first stuck (status-view.js): most runs never are.

import { formatCount, formatDuration, formatHuge, grouped } from "../ui/text.js";

/** The stuck notice's look (markup.js's `STUCK`), which the status adopts with the words. */
export const sheet = new CSSStyleSheet();

sheet.replaceSync(String.raw`
/* What the core says about a stuck search, and the way out. */
.stuck {
  margin: 10px 2px 0;
  padding: 10px 14px;
  border-left: 3px solid var(--kt-backtrack);
  border-radius: 8px;
  background: color-mix(in srgb, var(--kt-backtrack) 8%, var(--kt-surface));
  font-size: calc(0.9rem * var(--kt-scale));
}
.stuck p { margin: 0 0 8px; }
.stuck strong { color: var(--kt-backtrack); }
.stuck button { padding: 5px 12px; border-color: var(--kt-accent); color: var(--kt-accent); font-weight: 600; }

/* A compact board's lies over the board, rather than change the embed's height. */
:host([layout="compact"]) .board-frame > .stuck {
  position: absolute;
  inset: auto 8px 8px;
  margin: 0;
  max-height: calc(100% - 16px);
  overflow-y: auto;
  box-shadow: var(--kt-shadow);
  font-size: calc(0.875rem * var(--kt-scale));
}
`);

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
