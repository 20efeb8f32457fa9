// Inside <knights-tour>'s shadow root: the board, its controls and its palette. The painter reads
// the colours from these variables, so board and controls share one theme.
//
// A module rather than a .css file, so that the sheet is in hand the moment the element is
// defined: the element's first layout is its final one, with no restyle when a stylesheet
// arrives later to shift the page around it. One sheet object serves every board on the page.

const sheet = new CSSStyleSheet();
export default sheet;

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

.layout {
  display: grid;
  grid-template-columns: minmax(0, 1fr) 320px;
  gap: 24px;
  align-items: start;
}


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

/* Choosing a start square by keyboard: the mode in words, on the half of the board the cursor is not on. */
.board-caption {
  position: absolute;
  inset: 10px 10px auto;
  width: fit-content;
  margin: 0 auto;
  padding: 6px 14px;
  border: 1px solid var(--kt-accent);
  border-radius: 999px;
  background: color-mix(in srgb, var(--kt-surface) 94%, transparent);
  box-shadow: var(--kt-shadow);
  font-size: calc(0.88rem * var(--kt-scale));
  pointer-events: none;
}
.board-caption[data-side="bottom"] { inset: auto 10px 10px; }
/* Where the top and the bottom would both cover a square in question, the caption goes under the board. */
.board-caption[data-side="under"] { inset: calc(100% + 4px) 10px auto; z-index: 2; }

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
/* In the app the notice lies over the top of the board, where the eye is when a link opens (under
   the status, a desktop window's fold hid it); over a board a link starts, until dismissed. */
.board-frame > .notice {
  position: absolute;
  inset: 8px 8px auto;
  z-index: 1;
  margin: 0;
  padding: 10px 14px;
  border-radius: 8px;
  border-left: 3px solid var(--kt-notice);
  background: var(--kt-surface);
  box-shadow: var(--kt-shadow);
  max-height: calc(100% - 16px);
  overflow-y: auto;
}

/* A stuck search: what the core says about it, and the way out. */
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
:host([layout="compact"]) .stuck { margin: 6px 0 0; font-size: calc(0.875rem * var(--kt-scale)); }

/* The status's box is kept at three lines, the most its words take but for a long theorem (which
   then scrolls inside it): an embed keeps its height from the first word to the last, however
   they wrap. A stuck search's notice lies over the board, for the same reason. */
:host([layout="compact"]) .status { margin: 0; height: 4.5em; overflow-y: auto; font-size: calc(0.875rem * var(--kt-scale)); }
:host([layout="compact"]) .board-frame > .stuck {
  position: absolute;
  inset: auto 8px 8px;
  margin: 0;
  max-height: calc(100% - 16px);
  overflow-y: auto;
  box-shadow: var(--kt-shadow);
  background: color-mix(in srgb, var(--kt-backtrack) 8%, var(--kt-surface));
}
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
.save-menu {
  position: absolute;
  bottom: calc(100% + 6px);
  right: 0;
  z-index: 2;
  display: grid;
  gap: 2px;
  min-width: 10em;
  padding: 4px;
  background: var(--kt-surface);
  border: 1px solid var(--kt-line);
  border-radius: 10px;
  box-shadow: var(--kt-shadow);
}
.save-menu button { border: none; background: none; text-align: left; border-radius: 6px; white-space: nowrap; }
.save-menu button:hover:not(:disabled), .save-menu button:focus-visible { background: color-mix(in srgb, var(--kt-accent) 14%, transparent); outline: none; }
.bar .full-app:hover { color: var(--kt-accent); text-decoration: underline; }

.panel {
  background: var(--kt-surface);
  border-radius: var(--kt-radius);
  box-shadow: var(--kt-shadow);
  padding: 6px 18px 14px;
}

.group { padding: 12px 0; border-bottom: 1px solid var(--kt-line); }
.group:last-child { border-bottom: none; }

.group h2 {
  margin: 0 0 10px;
  font-size: calc(0.875rem * var(--kt-scale));
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: var(--kt-muted);
  font-weight: 650;
}

.buttons { display: grid; grid-template-columns: 1.4fr 1fr 1fr; gap: 8px; }
.bar .buttons { display: flex; gap: 6px; }

/* Every control shares the board's ink, surface and outline. */
button, input[type="number"], select, .snippet {
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

input[type="number"], select, .snippet { padding: 7px 10px; width: 100%; }

.speed { margin-top: 12px; grid-template-columns: auto 1fr auto; align-items: center; gap: 10px; }
/* In the panel the words take the first line and the slider the whole of the second: "auto: 50.0 k
   moves/s" leaves it its width. */
.panel .speed { grid-template-columns: 1fr auto; row-gap: 0; }
.panel .speed input[type="range"] { grid-column: 1 / -1; grid-row: 2; }
.speed output { font-variant-numeric: tabular-nums; color: var(--kt-ink); min-width: 6.5em; text-align: right; }
input[type="range"] { accent-color: var(--kt-accent); width: 100%; }

.size { display: grid; grid-template-columns: 1fr auto 1fr; gap: 8px; align-items: end; }
/* A size the core refused, in its words, under the fields. */
.size-error { margin: 8px 0 0; padding: 6px 10px; border-left: 3px solid var(--kt-backtrack); border-radius: 6px; font-size: calc(0.875rem * var(--kt-scale)); background: color-mix(in srgb, var(--kt-backtrack) 8%, var(--kt-surface)); }
input[aria-invalid="true"] { border-color: var(--kt-backtrack); }
.panel .theme { margin-top: 12px; grid-template-columns: auto 1fr; align-items: center; gap: 10px; }
.times { padding-bottom: 8px; color: var(--kt-muted); }

.presets, .exports { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 10px; }
.presets button, .exports button { padding: 4px 9px; font-size: calc(0.875rem * var(--kt-scale)); border-radius: 999px; }
.presets button[aria-pressed="true"] { border-color: var(--kt-accent); color: var(--kt-accent); font-weight: 650; }
.exports { margin-top: 0; }
.copied { margin: 8px 0 0; font-size: calc(0.875rem * var(--kt-scale)); color: var(--kt-accent); font-weight: 600; }
.copied:empty { display: none; }
.snippet { margin-top: 10px; font: calc(0.875rem * var(--kt-scale))/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; resize: vertical; min-height: 4.5em; }
/* Animated exports: the video's length, and an export's progress with its Cancel. */
.video-length { margin-top: 10px; grid-template-columns: auto 1fr; align-items: center; gap: 8px; }
.export-progress { display: grid; grid-template-columns: 1fr auto; gap: 6px 10px; align-items: center; margin-top: 10px; }
.export-progress[hidden], .export-progress [hidden] { display: none; }
.export-progress progress { grid-column: 1 / -1; width: 100%; height: 8px; accent-color: var(--kt-accent); }
.export-progress p { margin: 0; font-size: calc(0.875rem * var(--kt-scale)); color: var(--kt-muted); }

.check { display: flex; gap: 8px; align-items: center; margin-top: 9px; cursor: pointer; }
.check input { accent-color: var(--kt-accent); width: 16px; height: 16px; margin: 0; }
.check:has(input:disabled) { opacity: 0.5; cursor: help; }
.group .field + .check { margin-top: 12px; }

.counters { margin: 0; display: grid; grid-template-columns: repeat(2, 1fr); gap: 10px 16px; }
.counters div { display: grid; }
.counters dt { font-size: calc(0.875rem * var(--kt-scale)); color: var(--kt-muted); }
.counters dd { margin: 0; font-size: calc(1.1rem * var(--kt-scale)); font-weight: 600; font-variant-numeric: tabular-nums; }

@media (max-width: 860px) {
  .layout { grid-template-columns: 1fr; gap: 16px; }
  .board-frame { height: auto; aspect-ratio: var(--kt-aspect, 1); max-height: 92vw; padding: 8px; }
  /* On a phone the controls come right under the board, the teaching panels after them. */
  :host([layout="full"]) .layout { display: flex; flex-direction: column; }
  :host([layout="full"]) .stage { display: contents; }
  :host([layout="full"]) .board-frame { width: 100%; }
  :host([layout="full"]) .panel { order: 1; }
  :host([layout="full"]) .teaching { order: 2; margin-top: 0; }
}

/* Playback extras: the timeline, step back, the teaching toggle. */
.buttons.four { grid-template-columns: 1.6fr 0.7fr 1fr 1fr; }
.buttons.two { grid-template-columns: 1.4fr 1fr; }
button.link { background: none; border: none; padding: 0; margin-top: 10px; color: var(--kt-muted); text-decoration: underline; font-size: calc(0.875rem * var(--kt-scale)); }
button.race { margin-top: 12px; width: 100%; }
.speed + .speed { margin-top: 6px; }

progress.count-progress { width: 100%; height: 8px; margin-top: 10px; accent-color: var(--kt-accent); }
.count-result { margin: 6px 0 0; font-size: calc(0.875rem * var(--kt-scale)); color: var(--kt-muted); }
.count-result strong { color: var(--kt-ink); }
.count-ask { margin-top: 10px; font-size: calc(0.875rem * var(--kt-scale)); }
.count-ask p { margin: 0 0 8px; color: var(--kt-ink); }
.count-ask .buttons { grid-template-columns: 1fr 1fr; }
.buttons.count-buttons { grid-template-columns: 1fr 1fr; }
.count-options { display: flex; justify-content: space-between; align-items: center; gap: 8px; margin-top: 8px; }
.count-options .check { margin-top: 0; }
.count-result a { color: var(--kt-accent); }
.count-result .hint { color: var(--kt-muted); }

/* The heat map's legend, under the board: the ramp with the fewest, middle and most tours. */
.heat-legend {
  margin-top: 12px;
  padding: 10px 16px 12px;
  background: var(--kt-surface);
  border-radius: var(--kt-radius);
  box-shadow: var(--kt-shadow);
  font-size: calc(0.875rem * var(--kt-scale));
}
.heat-head { display: flex; justify-content: space-between; align-items: center; gap: 12px; }
.heat-head h2 { margin: 0; font-size: calc(0.95rem * var(--kt-scale)); }
.heat-head button { padding: 3px 12px; white-space: nowrap; }
.heat-scale { margin-top: 8px; }
.heat-bar { height: 14px; border-radius: 4px; }
.heat-ticks { position: relative; height: 1.5em; font-variant-numeric: tabular-nums; }
.heat-ticks span { position: absolute; top: 2px; transform: translateX(-50%); white-space: nowrap; }
.heat-ticks span:first-child { transform: none; }
.heat-ticks span:last-child { transform: translateX(-100%); }
.heat-key { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 16px; margin: 2px 0 0; color: var(--kt-muted); }
.heat-key .swatch {
  display: inline-block; width: 14px; height: 14px; vertical-align: -2px; border-radius: 3px;
  border: 1px solid var(--kt-line);
  /* The heat map's plain square (HeatMap.plain): the surface with a fifth of the muted ink. */
  background: color-mix(in srgb, var(--kt-surface) 78%, var(--kt-muted));
}
.heat-total, .heat-square { margin: 6px 0 0; }
.heat-total a { color: var(--kt-accent); }
.heat-square { color: var(--kt-muted); font-variant-numeric: tabular-nums; }

/* The lesson on counting by the frontier, folded under the count until asked for. */
.count-lesson { margin-top: 10px; font-size: calc(0.875rem * var(--kt-scale)); }
.count-lesson summary { cursor: pointer; color: var(--kt-accent); font-weight: 600; width: fit-content; }
.count-lesson summary:focus-visible { outline: 2px solid var(--kt-accent); outline-offset: 2px; border-radius: 4px; }
.count-lesson h3 { margin: 10px 0 0; font-size: calc(0.875rem * var(--kt-scale)); text-transform: uppercase; letter-spacing: 0.05em; color: var(--kt-muted); }
.count-lesson p { margin: 6px 0 0; }
.states-figure { margin: 8px 0 0; }
.states-figure figcaption { color: var(--kt-muted); }
.states-chart { display: block; width: 100%; height: calc(100px * var(--kt-scale)); }
.seed { display: grid; grid-template-columns: 1fr auto; gap: 8px; align-items: end; margin-top: 10px; }
.seed .restarts { grid-column: 1 / -1; }

/* The teaching view: under the board, or beside it on a wide screen (below). */
.teaching {
  margin-top: 14px;
  display: grid;
  grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);
  gap: 16px;
}

.teaching > div {
  background: var(--kt-surface);
  border-radius: var(--kt-radius);
  box-shadow: var(--kt-shadow);
  padding: 12px 16px;
  min-width: 0;
}

.teaching h2 {
  margin: 0 0 8px;
  font-size: calc(0.875rem * var(--kt-scale));
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: var(--kt-muted);
  font-weight: 650;
}

.legend { text-transform: none; letter-spacing: 0; font-weight: 500; }

.pseudocode {
  list-style: none;
  margin: 0;
  padding: 0;
  font: calc(0.875rem * var(--kt-scale))/1.35 ui-monospace, SFMono-Regular, Menlo, monospace;
}

/* A wrapped line hangs under its text, not under its number. */
.pseudocode li { padding: 1px 6px 1px calc(6px + 1.6em); text-indent: -1.6em; border-radius: 6px; border-left: 3px solid transparent; }
.pseudocode .line { display: inline-block; width: 1.6em; text-indent: 0; color: var(--kt-muted); }
.pseudocode li.current { background: color-mix(in srgb, var(--kt-accent) 16%, transparent); border-left-color: var(--kt-accent); }

.chart { display: block; width: 100%; height: 120px; }
.why { margin: 8px 0 0; font-size: calc(0.875rem * var(--kt-scale)); min-height: 2.8em; }
.why s { color: var(--kt-muted); }
.why .hint { color: var(--kt-muted); }
.stall-note { margin: 8px 0 0; font-size: calc(0.875rem * var(--kt-scale)); }
.stall-note strong { color: var(--kt-backtrack); }

/* Teaching on a wide screen: the teaching panels beside the board, so that a class sees the board,
   the algorithm and why this move at once; the controls under the board and its status, their
   Playback group (or play mode's buttons) first, so that Play and Step are in view with them (the
   keys work from anywhere on the page). The board is as tall as that leaves it: the stage's parts
   and the panel are one grid (the stage's box gives way to its children). */
@media (min-width: 861px) {
  :host([layout="full"]) .layout:has(.teaching:not([hidden])) {
    /* The teaching panels as wide as the board's column: the pseudocode wraps less, and why this
       move comes higher. */
    grid-template-columns: minmax(0, 1fr) minmax(360px, 1fr);
    /* The last row takes what the teaching panels add below the board, its status and the panel. */
    grid-template-rows: auto auto auto auto 1fr;
    gap: 0 20px;
  }
  :host([layout="full"]) .layout:has(.teaching:not([hidden])) > .stage { display: contents; }
  :host([layout="full"]) .layout:has(.teaching:not([hidden])) > .stage > :not(.teaching),
  :host([layout="full"]) .layout:has(.teaching:not([hidden])) > .panel { grid-column: 1; }
  /* As wide as its column, as tall as the board's shape asks, and never so tall as to push Play
     and Step below the window: the masthead, the status and the Playback group's first row. */
  :host([layout="full"]) .layout:has(.teaching:not([hidden])) .board-frame {
    height: auto;
    width: 100%;
    aspect-ratio: var(--kt-aspect, 1);
    max-height: max(280px, calc(100vh - 280px));
  }
  :host([layout="full"]) .stage > .teaching {
    grid-column: 2;
    grid-row: 1 / -1;
    align-self: start;
    align-content: start;
    grid-template-columns: minmax(0, 1fr);
    gap: 12px;
    margin-top: 0;
  }
  :host([layout="full"]) .stage > .teaching > div { padding: 10px 16px; }
  :host([layout="full"]) .stage > .teaching h2 { margin-bottom: 6px; }
  :host([layout="full"]) .stage > .teaching .chart { height: 96px; }
  :host([layout="full"]) .layout:has(.teaching:not([hidden])) > .panel {
    align-self: start;
    margin-top: 10px;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
    column-gap: 28px;
  }
  /* A short window's page gives its heading less room (style.css): the board has it. */
  @media (max-height: 620px) {
    :host([layout="full"]) .layout:has(.teaching:not([hidden])) .board-frame { max-height: max(280px, calc(100vh - 235px)); }
  }
  :host([layout="full"]) .layout:has(.teaching:not([hidden])) .group { border-bottom: none; }
  /* The Playback group's first row as close under the status as it reads well. */
  :host([layout="full"]) .layout:has(.teaching:not([hidden])) > .panel { padding-top: 0; }
  :host([layout="full"]) .layout:has(.teaching:not([hidden])) > .panel > * { padding-top: 8px; }
}

/* Why this move, the step's words, right under the shape's heading: read before the chart. */
.shape { display: flex; flex-direction: column; }
.shape > .why { order: 1; }
.shape > .stall-note { order: 2; }
.shape > .chart, .shape > .tree-view { order: 3; }
.shape > .estimate { order: 4; }

/* Asked for less motion: nothing eases or slides here (and the painter draws each move's end at once). */
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { transition: none !important; animation: none !important; scroll-behavior: auto !important; }
}

/* Keyboard help. */
.help { position: fixed; inset: 0; background: rgb(0 0 0 / 0.35); display: grid; place-items: center; z-index: 10; }
.help-box { background: var(--kt-surface); color: var(--kt-ink); border-radius: var(--kt-radius); box-shadow: var(--kt-shadow); padding: 18px 22px; min-width: 280px; max-width: min(38rem, calc(100vw - 32px)); max-height: calc(100vh - 32px); overflow: auto; }
.help-box h2 { margin: 0 0 12px; font-size: calc(1rem * var(--kt-scale)); }
.help-box h3 { margin: 0 0 8px; font-size: calc(0.92rem * var(--kt-scale)); }
.help-box p { margin: 0 0 12px; color: var(--kt-muted); font-size: calc(0.9rem * var(--kt-scale)); }
.help-box dl { margin: 0 0 14px; display: grid; gap: 6px; }
.help-box dl div { display: grid; grid-template-columns: 8em 1fr; gap: 8px; }
.help-box dt, .help-box dd { margin: 0; }
kbd { font: calc(0.875rem * var(--kt-scale)) ui-monospace, monospace; border: 1px solid var(--kt-line); border-bottom-width: 2px; border-radius: 5px; padding: 1px 6px; background: var(--kt-bg); }

@media (max-width: 860px) {
  .teaching { grid-template-columns: 1fr; }
}

/* The pseudocode's trace, and the tree of tried moves. */
.pseudocode li.passed { background: color-mix(in srgb, var(--kt-accent) 7%, transparent); }
.trace-note { margin: 8px 0 0; font-size: calc(0.9rem * var(--kt-scale)); }
.shape-head { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; }
.views { display: flex; gap: 4px; flex: none; }
.views button { padding: 2px 10px; font-size: calc(0.875rem * var(--kt-scale)); border-radius: 999px; }
.views button[aria-pressed="true"] { border-color: var(--kt-accent); color: var(--kt-accent); font-weight: 650; }
.tree { display: block; width: 100%; height: 120px; }
.tree-note, .estimate { margin: 6px 0 0; font-size: calc(0.875rem * var(--kt-scale)); }
/* The tree in words: each move under the move it was tried from, on the path in the accent colour. */
.tree-words { margin: 6px 0 0; font-size: calc(0.875rem * var(--kt-scale)); }
.tree-words summary { cursor: pointer; color: var(--kt-muted); }
.tree-outline, .tree-outline ul { list-style: none; margin: 0; padding: 0; }
.tree-outline { margin-top: 4px; max-height: 16em; overflow: auto; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.tree-outline ul { margin-left: 0.55em; padding-left: 0.9em; border-left: 1px solid var(--kt-line); }
.tree-outline .number { display: inline-block; min-width: 2ch; text-align: right; color: var(--kt-muted); }
.tree-outline li[data-state="back"] > .move { color: var(--kt-muted); }
.tree-outline li[data-state="path"] > .move { color: var(--kt-accent); font-weight: 650; }
.tree-left-out { margin: 4px 0 0; color: var(--kt-muted); }
.tree-outline .said { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.estimate .hint, .tree-note { color: var(--kt-muted); }

/* Large text, for a projector (projector=1, or the panel's checkbox): every word is 20 px or more,
   read from the back of a room, and in the teaching view the board with Play and Step under it,
   the algorithm and why this move share one 1024x768 screen: the board is as tall as the screen
   leaves it, the teaching panels beside it. */
:host([data-projector]) { --kt-scale: 1.43; }
:host([data-projector][layout="full"]) .layout { grid-template-columns: minmax(0, 1fr) 440px; }
:host([data-projector]) .check input { width: 22px; height: 22px; }
:host([data-projector]) .board-frame { min-height: 240px; }
:host([data-projector][layout="full"]) .teaching .chart { height: 110px; }
:host([data-projector][layout="full"]) .teaching .tree { height: 200px; }
@media (min-width: 700px) {
  :host([data-projector][layout="full"]) .board-frame {
    width: auto;
    aspect-ratio: auto;
    max-height: none;
    height: calc(100vh - 215px);
    padding: 8px;
  }
  :host([data-projector][layout="full"]) .layout:has(.teaching:not([hidden])) {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(min(430px, 60%), 1.4fr);
    grid-template-rows: auto auto auto auto 1fr;
    gap: 0 14px;
  }
  /* Under 1000 px wide the teaching panels' least width is already most of it: the board keeps the rest. */
  @media (max-width: 999px) {
    :host([data-projector][layout="full"]) .layout:has(.teaching:not([hidden])) { grid-template-columns: minmax(0, 1fr) minmax(min(430px, 60%), 1.15fr); }
  }
  :host([data-projector][layout="full"]) .layout:has(.teaching:not([hidden])) > .stage { display: contents; }
  :host([data-projector][layout="full"]) .layout:has(.teaching:not([hidden])) > .stage > :not(.teaching),
  :host([data-projector][layout="full"]) .layout:has(.teaching:not([hidden])) > .panel { grid-column: 1; }
  :host([data-projector][layout="full"]) .layout:has(.teaching:not([hidden])) .board-frame {
    height: auto;
    width: 100%;
    aspect-ratio: var(--kt-aspect, 1);
    max-height: max(240px, calc(100vh - 270px));
  }
  :host([data-projector][layout="full"]) .stage > .teaching {
    grid-column: 2;
    grid-row: 1 / -1;
    align-self: start;
    align-content: start;
    grid-template-columns: minmax(0, 1fr);
    gap: 10px;
    margin-top: 0;
    order: 0;
  }
  :host([data-projector][layout="full"]) .stage > .teaching > div { padding: 8px 12px; }
  :host([data-projector][layout="full"]) .pseudocode { line-height: 1.2; }
  :host([data-projector][layout="full"]) .teaching h2 { margin-bottom: 4px; }
  :host([data-projector][layout="full"]) .status { margin-top: 8px; }
  :host([data-projector][layout="full"]) .layout:has(.teaching:not([hidden])) > .panel {
    align-self: start;
    margin-top: 8px;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(340px, 1fr));
    column-gap: 28px;
  }
}
`);
