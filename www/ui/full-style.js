// The full layout's styles (the app page's), a sheet beside the element's own (component-style.js),
// adopted when the full layout is built: the board beside its panel, the panel's groups and
// fields, the teaching view, counting with its heat map's legend, the keyboard help, and large
// text for a projector. A compact board never fetches it.

const sheet = new CSSStyleSheet();
export default sheet;

sheet.replaceSync(String.raw`
.layout {
  display: grid;
  grid-template-columns: minmax(0, 1fr) 320px;
  gap: 24px;
  align-items: start;
}

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

.panel {
  background: var(--kt-surface);
  border-radius: var(--kt-radius);
  box-shadow: var(--kt-shadow);
  padding: 6px 18px 14px;
}

.group { padding: 12px 0; border-bottom: 1px solid var(--kt-line); }
.group:last-child { border-bottom: none; }

.group h2, .teaching h2 {
  margin: 0 0 10px;
  font-size: calc(0.875rem * var(--kt-scale));
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: var(--kt-muted);
  font-weight: 650;
}

.buttons { display: grid; grid-template-columns: 1.4fr 1fr 1fr; gap: 8px; }

/* The panel's fields share the board's ink, surface and outline, as its buttons do (component-style.js). */
input[type="number"], select, .snippet {
  font: inherit;
  color: var(--kt-ink);
  background: var(--kt-bg);
  border: 1px solid var(--kt-line);
  border-radius: 10px;
  padding: 7px 10px;
  width: 100%;
}
/* In the panel the words take the first line and the slider the whole of the second: "auto: 50.0 k
   moves/s" leaves it its width. */
.panel .speed { grid-template-columns: 1fr auto; row-gap: 0; }
.panel .speed input[type="range"] { grid-column: 1 / -1; grid-row: 2; }
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
.video-length { margin-top: 10px; grid-template-columns: auto 1fr; align-items: center; gap: 8px; }
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

.teaching h2 { margin-bottom: 8px; }

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

/* Keyboard help. */
.help { position: fixed; inset: 0; background: rgb(0 0 0 / 0.35); display: grid; place-items: center; z-index: 10; }
.help-box { background: var(--kt-surface); color: var(--kt-ink); border-radius: var(--kt-radius); box-shadow: var(--kt-shadow); padding: 18px 22px; min-width: 280px; max-width: min(38rem, calc(100vw - 32px)); max-height: calc(100vh - 32px); overflow: auto; }
.help-box h2 { margin: 0 0 12px; font-size: calc(1rem * var(--kt-scale)); }
.help-box h3 { margin: 0 0 8px; font-size: calc(0.92rem * var(--kt-scale)); }
.help-box p { margin: 0 0 12px; color: var(--kt-muted); font-size: calc(0.9rem * var(--kt-scale)); }
.help-box dl { margin: 0 0 14px; display: grid; gap: 6px; }
.help-box dl div { display: grid; grid-template-columns: 8em 1fr; gap: 8px; }
.help-box dt, .help-box dd { margin: 0; }
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

/* Large text, for a projector (projector=1, or the panel's checkbox; the scale is the element's
   sheet's): the panel wider, and in the teaching view the board with Play and Step under it,
   the algorithm and why this move share one 1024x768 screen: the board is as tall as the screen
   leaves it, the teaching panels beside it. */
:host([data-projector][layout="full"]) .layout { grid-template-columns: minmax(0, 1fr) 440px; }
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
