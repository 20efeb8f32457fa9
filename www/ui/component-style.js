// Inside <knights-tour>'s shadow root: the board, its controls and its palette, all a compact board
// wears before its first use of a part (the full layout adds its panels' sheet, full-style.js; a
// part adds its own as it is first used: `adopt`). The painter reads the colours from these
// variables, so board and controls share one theme.
//
// A module rather than a .css file, so that the sheet is in hand the moment the element is
// defined: the element's first layout is its final one, with no restyle when a stylesheet
// arrives later to shift the page around it. One sheet object serves every board on the page.

const sheet = new CSSStyleSheet();
export default sheet;

/** Adds `extra`, a part's sheet, to the sheets of `root` (a shadow root), after those it has, if it has not got it. */
export function adopt(root, extra) {
  if (!root.adoptedStyleSheets.includes(extra)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, extra];
}

sheet.replaceSync(String.raw`
:host {
  --kt-bg: #f6f3ee;
  --kt-surface: #fffdf9;
  --kt-ink: #1f2a2e;
  --kt-muted: #5d6b70;
  --kt-line: #e2dcd2;
  --kt-accent: #2f6f62;
  --kt-accent-ink: #ffffff;
  --kt-light-square: #eee6d8;
  --kt-dark-square: #b9a88f;
  --kt-path-from: #1f8a70;
  --kt-path-to: #7b3fa0;
  --kt-knight: #1b1f22;
  --kt-knight-halo: #fffdf9;
  --kt-backtrack: #d1453b;
  --kt-hover: #2f6f62;
  --kt-notice: #8a5a00;
  /* Saturation and lightness of divide's piece tints (the hue varies by piece). */
  --kt-tint: 62% 38%;
  --kt-radius: 14px;
  --kt-shadow: 0 1px 2px rgb(0 0 0 / 0.05), 0 8px 28px rgb(40 30 10 / 0.08);
  /* Every size of text is the page's times this: 1.43 for a projector turns 14 px into 20. The
     canvases' words read it too (axes.js, search-tree.js). */
  --kt-scale: 1;
  display: block;
  color: var(--kt-ink);
  /* No text here is under 14 px (0.875rem); with large text (projector=1) none is under 20. */
  font: calc(15px * var(--kt-scale))/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif;
  color-scheme: light;
}

:host([data-theme="dark"]) {
  --kt-bg: #14181b;
  --kt-surface: #1c2226;
  --kt-ink: #e7ecee;
  --kt-muted: #9aa7ad;
  --kt-line: #2c353a;
  --kt-accent: #5fb8a3;
  --kt-accent-ink: #0f1416;
  --kt-light-square: #3a4449;
  --kt-dark-square: #283035;
  --kt-path-from: #4fd1a5;
  --kt-path-to: #c08cf0;
  --kt-knight: #f4f1ea;
  --kt-knight-halo: #14181b;
  --kt-backtrack: #ff6b5f;
  --kt-hover: #8fe0cc;
  --kt-notice: #ffc46b;
  --kt-tint: 60% 68%;
  --kt-shadow: 0 1px 2px rgb(0 0 0 / 0.4), 0 10px 30px rgb(0 0 0 / 0.35);
  color-scheme: dark;
}

* { box-sizing: border-box; }

[hidden] { display: none !important; }

.stage { min-width: 0; }

/* The frame's size never depends on the canvas (size containment), so a canvas sized for a
   larger frame cannot hold the frame open: the board follows the frame, never the reverse. */
.board-frame {
  position: relative;
  container-type: size;
  min-width: 0;
  background: var(--kt-surface);
  border-radius: var(--kt-radius);
  box-shadow: var(--kt-shadow);
  padding: 14px;
  display: grid;
  place-items: center;
  height: min(calc(100vh - 190px), 860px);
  min-height: 280px;
}

/* Until the core is in: an empty board of the board's proportions, in the frame reserved for it. */
.loading canvas { display: none; }
.loading .board-frame::before {
  content: "";
  width: min(100cqw, 100cqh * var(--kt-aspect, 1));
  aspect-ratio: var(--kt-aspect, 1);
  border-radius: 4px;
  opacity: 0.45;
  background: repeating-conic-gradient(var(--kt-light-square) 0 25%, var(--kt-dark-square) 0 50%)
    0 0 / calc(200% / var(--kt-cols, 8)) calc(200% / var(--kt-rows, 8));
}

/* Words across the board: a failure there, or a solver that did not load. */
.board-message {
  position: absolute;
  inset: auto 10px 10px;
  margin: 0;
  padding: 8px 12px;
  border-left: 3px solid var(--kt-backtrack);
  border-radius: 8px;
  background: color-mix(in srgb, var(--kt-surface) 94%, transparent);
  box-shadow: var(--kt-shadow);
  font-size: calc(0.88rem * var(--kt-scale));
  overflow-wrap: anywhere;
}

/* In a blog post the board keeps the board's own proportions; in a box of fixed height (an
   author's style, or an iframe with fill) it gives up height first, and the bar keeps its own. */
:host([layout="compact"]) { display: flex; flex-direction: column; }
:host([layout="compact"]) .layout { display: flex; flex-direction: column; align-items: stretch; flex: 1 1 auto; min-height: 0; }
:host([layout="compact"]) .stage { display: flex; flex-direction: column; flex: 1 1 auto; min-height: 0; }
:host([layout="compact"]) .stage > :not(.board-frame) { flex: none; }
:host([layout="compact"]) .board-frame {
  flex: 0 1 auto;
  height: auto;
  min-height: 0;
  aspect-ratio: var(--kt-aspect, 1);
  max-height: 80vh;
  padding: 8px;
  border-radius: 12px 12px 0 0;
  box-shadow: none;
  border: 1px solid var(--kt-line);
  border-bottom: none;
}

/* Filling an iframe: the board takes whatever height the bar leaves; in a frame too short for
   both (a 300x250 box, where the bar alone is 211 px tall), the board keeps more than half of it
   and the bar scrolls in the rest. */
:host([fill]) { height: 100%; }
:host([fill]) .board-frame { flex: 1 1 0; aspect-ratio: auto; max-height: none; }
@media (max-height: 320px) {
  :host([fill]) .stage > .board-frame { min-height: 55vh; }
  :host([fill]) .stage > .bar { flex: 0 1 auto; min-height: 0; overflow-y: auto; }
}

canvas {
  display: block;
  cursor: pointer;
  border-radius: 4px;
  touch-action: manipulation;
}

canvas:focus-visible { outline: 3px solid var(--kt-accent); outline-offset: 4px; }

/* The file letters and rank numbers (axes.js): drawn in the frame's margin, over the whole frame
   so that they follow the board wherever the frame centres it. */
canvas.axes { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; border-radius: 0; }

.status { margin: 14px 2px 0; min-height: 4.5em; font-size: calc(1rem * var(--kt-scale)); }
.status strong { font-weight: 650; }
.status .hint { color: var(--kt-muted); }

.notice {
  margin: 10px 2px 0;
  font-size: calc(0.875rem * var(--kt-scale));
  color: var(--kt-notice);
  display: flex;
  gap: 8px;
  align-items: baseline;
}

.notice button { padding: 0 6px; font-size: calc(0.875rem * var(--kt-scale)); }

/* The status's box is kept at three lines, the most its words take but for a long theorem (which
   then scrolls inside it): an embed keeps its height from the first word to the last, however
   they wrap. A stuck search's notice lies over the board, for the same reason (stall.js). */
:host([layout="compact"]) .status { margin: 0; height: 4.5em; overflow-y: auto; font-size: calc(0.875rem * var(--kt-scale)); }
:host([layout="compact"]) .notice { margin: 6px 0 0; }

.bar {
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  padding: 8px 10px;
  background: var(--kt-surface);
  border: 1px solid var(--kt-line);
  border-radius: 0 0 12px 12px;
}

/* The speed takes a line of its own in a bar narrower than 600 px, and shares the buttons' line
   in a wider one, whatever the fonts: the bar's height depends on the element's width alone, as
   the package's stylesheet (pkg/knights-tour.css) reserves it before the element is defined. */
.bar { container-type: inline-size; }
.bar .speed { flex: 1 1 0; min-width: 0; margin: 0; }
@container (width < 600px) { .bar .speed { flex-basis: 100%; } }
.bar .status { flex-basis: 100%; }
.bar .check { margin: 0; font-size: calc(0.875rem * var(--kt-scale)); }
.bar .full-app { font-size: calc(0.875rem * var(--kt-scale)); color: var(--kt-muted); margin-left: auto; text-decoration: none; }
.bar .export-progress { flex-basis: 100%; margin-top: 0; }

/* The compact board's Save menu: a button at the end of the switch's row, its items over the bar above it. */
.save { position: relative; margin-left: auto; }
/* As quiet as the link to the full app, and no taller than the switch beside it. */
.bar .save > button { padding: 0 4px; border: none; background: none; color: var(--kt-muted); font-size: calc(0.875rem * var(--kt-scale)); }
.bar .save > button:hover { color: var(--kt-accent); text-decoration: underline; }
.bar .full-app:hover { color: var(--kt-accent); text-decoration: underline; }

.bar .buttons { display: flex; gap: 6px; }

/* Every control shares the board's ink, surface and outline (the full layout's fields too: full-style.js). */
button {
  font: inherit;
  color: var(--kt-ink);
  background: var(--kt-bg);
  border: 1px solid var(--kt-line);
  border-radius: 10px;
}

button {
  padding: 8px 10px;
  cursor: pointer;
  transition: background 120ms, border-color 120ms, transform 80ms;
}

/* Play is as wide as its widest word (Replay), so that the row never rewraps as it changes. */
.bar button { padding: 5px 10px; }
.bar button.primary { min-width: 5.6em; }
button:hover:not(:disabled) { border-color: var(--kt-accent); }
button:active:not(:disabled) { transform: translateY(1px); }
button:disabled { opacity: 0.45; cursor: default; }
button:focus-visible, input:focus-visible, select:focus-visible, a:focus-visible { outline: 2px solid var(--kt-accent); outline-offset: 2px; }
button.primary { background: var(--kt-accent); border-color: var(--kt-accent); color: var(--kt-accent-ink); font-weight: 650; min-width: 5.2em; }

.field { display: grid; gap: 4px; font-size: calc(0.875rem * var(--kt-scale)); color: var(--kt-muted); }
.field > label { font-weight: 550; }

.speed { margin-top: 12px; grid-template-columns: auto 1fr auto; align-items: center; gap: 10px; }
.speed output { font-variant-numeric: tabular-nums; color: var(--kt-ink); min-width: 6.5em; text-align: right; }
input[type="range"] { accent-color: var(--kt-accent); width: 100%; }

/* An export's progress, with its Cancel: under the full layout's share buttons, or the compact bar. */
.export-progress { display: grid; grid-template-columns: 1fr auto; gap: 6px 10px; align-items: center; margin-top: 10px; }
.export-progress[hidden], .export-progress [hidden] { display: none; }
.export-progress progress { grid-column: 1 / -1; width: 100%; height: 8px; accent-color: var(--kt-accent); }
.export-progress p { margin: 0; font-size: calc(0.875rem * var(--kt-scale)); color: var(--kt-muted); }

.check { display: flex; gap: 8px; align-items: center; margin-top: 9px; cursor: pointer; }
.check input { accent-color: var(--kt-accent); width: 16px; height: 16px; margin: 0; }
.check:has(input:disabled) { opacity: 0.5; cursor: help; }

/* Asked for less motion: nothing eases or slides here (and the painter draws each move's end at once). */
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { transition: none !important; animation: none !important; scroll-behavior: auto !important; }
}

/* Large text, for a projector (projector=1): every word is 20 px or more, read from the back of a
   room (the full layout's sheet gives its panels their room). */
:host([data-projector]) { --kt-scale: 1.43; }
:host([data-projector]) .check input { width: 22px; height: 22px; }
:host([data-projector]) .board-frame { min-height: 240px; }
`);
