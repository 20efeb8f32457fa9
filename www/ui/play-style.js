// Play mode's styles, a sheet beside the element's own (component-style.js): its buttons, counts
// and celebration (at the top of the full layout's panel, or between a compact board and its
// bar), and what play mode puts away. A search's controls (Play, Step, the timeline, the
// heuristic and its options, the search's counters, its report, the shape of the search,
// counting from a run's start) mean nothing while the visitor moves the knight; Closed tour, the
// board, the speed (Show me's), sharing and the exports of the game still do.

const sheet = new CSSStyleSheet();
export default sheet;

sheet.replaceSync(String.raw`
:host([data-mode="play"]) .panel .buttons.four,
:host([data-mode="play"]) .panel .field:has(#timeline),
:host([data-mode="play"]) .panel .field:has(#heuristic),
:host([data-mode="play"]) .panel .seed,
:host([data-mode="play"]) .panel .check:has(#backtracking),
:host([data-mode="play"]) .panel .check:has(#prune),
:host([data-mode="play"]) .panel .check:has(#theorems),
:host([data-mode="play"]) .panel .race,
:host([data-mode="play"]) .panel .group:has(.counters),
:host([data-mode="play"]) .panel .group:has(.count-progress),
:host([data-mode="play"]) .panel [data-export="json"],
:host([data-mode="play"]) .bar .buttons,
:host([data-mode="play"]) .teaching .shape,
:host([data-mode="play"]) .stuck {
  display: none !important;
}

.play-controls {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px 18px;
  margin: 10px 2px 0;
}
.play-controls[hidden] { display: none; }

.play-buttons { display: flex; flex-wrap: wrap; gap: 8px; }
.play-buttons button { min-width: 5.5em; white-space: nowrap; }
.play-buttons [data-play="hint"]:not(:disabled) { border-color: var(--kt-accent); color: var(--kt-accent); font-weight: 600; }

.play-counts { display: flex; gap: 16px; margin: 0 0 0 auto; font-size: calc(0.875rem * var(--kt-scale)); }
.play-counts div { display: flex; gap: 6px; align-items: baseline; }
.play-counts dt { color: var(--kt-muted); }
.play-counts dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }

/* In the panel: a group of its own at the top, the four buttons two by two, the counts under them. */
.panel > .play-controls { display: grid; gap: 10px; margin: 0; padding: 12px 0; border-bottom: 1px solid var(--kt-line); }
.panel > .play-controls[hidden] { display: none; }
.play-title { margin: 0; font-size: calc(0.875rem * var(--kt-scale)); text-transform: uppercase; letter-spacing: 0.05em; color: var(--kt-muted); font-weight: 650; }
:host([layout="compact"]) .play-title { display: none; }
.panel .play-buttons { display: grid; grid-template-columns: 1fr 1fr; }
.panel .play-counts { margin: 0; }

/* On a phone the four buttons share the row, each as wide as its word. */
@media (max-width: 520px) {
  .play-buttons { flex: 1 1 100%; flex-wrap: nowrap; }
  .play-buttons button { flex: 1 1 auto; min-width: 0; padding-inline: 6px; }
}

/* The compact bar comes after the buttons: they sit between it and the board; the verdict opens it,
   as many lines as it takes (its intro is four on a phone): a game's words are read, not glanced at. */
:host([data-mode="play"]) .bar .status { order: -1; }
:host([layout="compact"][data-mode="play"]) .status { height: auto; min-height: 4.5em; overflow: visible; }
:host([layout="compact"]) .play-controls {
  margin: 0;
  padding: 8px 10px;
  border: 1px solid var(--kt-line);
  border-bottom: none;
  background: var(--kt-surface);
}
:host([layout="compact"]) .play-buttons button { padding: 5px 12px; min-width: 0; }

/* A finished tour: a quiet card in the accent colour, the knight bowing in once. */
.celebration {
  flex-basis: 100%;
  padding: 12px 16px;
  border-radius: 12px;
  border: 1px solid color-mix(in srgb, var(--kt-accent) 45%, transparent);
  background: color-mix(in srgb, var(--kt-accent) 10%, var(--kt-surface));
  animation: arrive 420ms cubic-bezier(0.2, 0.8, 0.2, 1) both;
}
.celebration h2 { margin: 0 0 4px; font-size: calc(1.1rem * var(--kt-scale)); font-weight: 650; }
.celebration p { margin: 0; font-size: calc(0.9rem * var(--kt-scale)); }
.celebration p + p { margin-top: 8px; }
.cheer-mark { display: inline-block; color: var(--kt-accent); animation: bow 900ms ease-in-out 200ms both; }
.cheer-link { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; }
.replay-link { color: var(--kt-accent); font-weight: 600; }
.cheer-link button { padding: 4px 12px; font-size: calc(0.875rem * var(--kt-scale)); border-radius: 999px; }
.cheer-copied { color: var(--kt-accent); font-weight: 600; font-size: calc(0.875rem * var(--kt-scale)); }
.cheer-copied:empty { display: none; }

@keyframes arrive {
  from { opacity: 0; transform: translateY(6px); }
  to { opacity: 1; transform: none; }
}
@keyframes bow {
  0%, 100% { transform: none; }
  40% { transform: rotate(-14deg) translateY(-2px); }
  70% { transform: rotate(6deg); }
}

@media (prefers-reduced-motion: reduce) {
  .celebration, .cheer-mark { animation: none; }
}
`);
