// Play mode's styles, a sheet beside the element's own (component-style.js): its buttons and
// counts under the board, the celebration, and what play mode puts away. A search's controls
// (Play, Step, the timeline, the heuristic and its options, the search's counters and exports,
// the shape of the search, counting from a run's start) mean nothing while the visitor moves the
// knight; Closed tour, the board, the speed (Show me's) and sharing still do.

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
:host([data-mode="play"]) .panel [data-export]:not([data-export="png"]),
:host([data-mode="play"]) .panel .video-length,
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
.play-buttons button { min-width: 5.5em; }
.play-buttons [data-play="hint"]:not(:disabled) { border-color: var(--kt-accent); color: var(--kt-accent); font-weight: 600; }

.play-counts { display: flex; gap: 16px; margin: 0 0 0 auto; font-size: 0.875rem; }
.play-counts div { display: flex; gap: 6px; align-items: baseline; }
.play-counts dt { color: var(--kt-muted); }
.play-counts dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }

/* On a phone the four buttons share the row. */
@media (max-width: 520px) {
  .play-buttons { flex: 1 1 100%; flex-wrap: nowrap; }
  .play-buttons button { flex: 1 1 0; min-width: 0; padding-inline: 4px; }
}

/* The compact bar comes after the buttons: they sit between it and the board; the verdict opens it. */
:host([data-mode="play"]) .bar .status { order: -1; }
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
.celebration h2 { margin: 0 0 4px; font-size: 1.1rem; font-weight: 650; }
.celebration p { margin: 0; font-size: 0.9rem; }
.celebration p + p { margin-top: 8px; }
.cheer-mark { display: inline-block; color: var(--kt-accent); animation: bow 900ms ease-in-out 200ms both; }
.cheer-link { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; }
.replay-link { color: var(--kt-accent); font-weight: 600; }
.cheer-link button { padding: 4px 12px; font-size: 0.875rem; border-radius: 999px; }

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
