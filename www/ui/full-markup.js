// The full layout's markup (the app page's), a part of its own (full-layout.js): the board with
// the heat map's legend, the status and the teaching view under it, the panel of controls beside
// it, and the keyboard help. The board and the notices are the compact board's (markup.js). It is
// all there, styled, before the core is in; the core's choices fill the selects after.

import { boardSetting, heuristics } from "../core.js";
import told from "../wasm/catalogue-parts.js";
import { helpSections } from "./key-help.js";
import { titled } from "./keymap.js";
import { EXPORT_PROGRESS, NOTICE, SPEED_FIELD, STUCK, board } from "./markup.js";
import { THEMES } from "./settings.js";
import { boardWords, escape, sentence } from "./text.js";

/** The core's heuristics as `<option>`s, for every select that picks one, each saying what it does (its tooltip). */
export const heuristicOptions = () => heuristics()
  .map(({ name, label }) => `<option value="${name}" title="${escape(`${label}: ${told.heuristics[name].summary}.`)}">${escape(label)}</option>`)
  .join("");

/** The shadow root of a board of the full layout: a link's settings not understood lie over the board, where the eye is. */
export const skeleton = () => `
    <div class="layout loading">
      <div class="stage">
        ${board(NOTICE)}
        ${HEAT_LEGEND}<p class="status" part="status" aria-live="polite"></p>${STUCK}${TEACHING}
      </div>
      ${FULL_PANEL}
    </div>
    ${HELP}`;

/** The heat map's legend, under the board while the map is on it (heat-legend.js fills it in). */
const HEAT_LEGEND = `
  <section class="heat-legend" aria-labelledby="heat-title" hidden>
    <div class="heat-head">
      <h2 id="heat-title"></h2>
      <button type="button" data-action="hide-heat">Hide map</button>
    </div>
    <div class="heat-scale">
      <div class="heat-bar" role="img"></div>
      <div class="heat-ticks"></div>
    </div>
    <p class="heat-key"><span class="heat-caption">fewest to most, on a logarithmic scale</span>
      <span class="heat-none"><span class="swatch" aria-hidden="true"></span> no tour starts here</span></p>
    <p class="heat-total"></p>
    <p class="heat-square"></p>
  </section>`;

/** The boards a click away, as `[rows, cols]`. */
const PRESETS = [[5, 5], [6, 6], [8, 8], [10, 10], [3, 4], [7, 7], [4, 4], [100, 100]];

/**
 * The lesson on counting without listing, offered beside any count once one is under way (open
 * from the start where the teaching view is on): how the frontier counts, the states it held
 * column by column, and what listing would take.
 */
const COUNT_LESSON = `
      <details class="count-lesson" hidden>
        <summary>How is this counted?</summary>
        <h3>Counting without listing</h3>
        <p class="lesson-how"></p>
        <figure class="states-figure">
          <canvas class="states-chart" role="img" aria-label="States held, column by column"></canvas>
          <figcaption>States held after each column of the sweep</figcaption>
        </figure>
        <p class="lesson-states"></p>
        <p class="lesson-listing"></p>
      </details>`;

const FULL_PANEL = `
  <aside class="panel" part="panel" aria-label="Controls">
    <section class="group" aria-labelledby="playback-title">
      <h2 id="playback-title">Playback</h2>
      <div class="buttons four" part="buttons">
        <button type="button" data-action="play" class="primary" part="button primary" disabled>Play</button>
        <button type="button" data-action="back" part="button" aria-label="Step back" title="${titled("Step back", "back", "run")}" disabled>◀</button>
        <button type="button" data-action="step" part="button" title="${titled("Step", "step", "run")}" disabled>Step</button>
        <button type="button" data-action="reset" part="button" title="${titled("Reset", "reset", "run")}" disabled>Reset</button>
      </div>
      ${SPEED_FIELD}
      <div class="field speed">
        <label for="timeline">Timeline</label>
        <input type="range" id="timeline" min="0" max="0" step="1" value="0" disabled />
        <output for="timeline" class="position">0 events</output>
      </div>
      <label class="check"><input type="checkbox" id="teach" /> <span>Teaching view</span></label>
      <label class="check"><input type="checkbox" id="projector" /> <span>Large text (projector)</span></label>
      <label class="check"><input type="checkbox" id="play" /> <span>Play it yourself</span></label>
      <div class="field theme">
        <label for="theme">Theme</label>
        <select id="theme">${THEMES.map((theme) => `<option value="${theme}">${sentence(theme)}</option>`).join("")}</select>
      </div>
      <button type="button" class="link" data-action="help" aria-haspopup="dialog">Keyboard shortcuts</button>
    </section>
    <section class="group" aria-label="Board size">
      <h2>Board</h2>
      <div class="size">
        <div class="field"><label for="rows">Rows</label><input type="number" id="rows" min="1" inputmode="numeric" /></div>
        <span class="times" aria-hidden="true">×</span>
        <div class="field"><label for="cols">Columns</label><input type="number" id="cols" min="1" inputmode="numeric" /></div>
      </div>
      <p class="size-error" id="size-error" role="alert" hidden></p>
      <div class="presets" role="group" aria-label="Board presets">
        ${PRESETS.map(([rows, cols]) => `<button type="button" data-board="${boardSetting(rows, cols)}">${boardWords(rows, cols)}</button>`).join("")}
      </div>
    </section>
    <section class="group" aria-labelledby="algorithm-title">
      <h2 id="algorithm-title">Algorithm</h2>
      <div class="field">
        <label for="heuristic">Heuristic</label>
        <select id="heuristic"></select>
      </div>
      <div class="seed" hidden>
        <div class="field">
          <label for="seed">Seed</label>
          <input type="number" id="seed" min="0" step="1" inputmode="numeric" />
        </div>
        <button type="button" data-action="new-seed" title="Draw another seed and start over">New seed</button>
        <div class="field restarts">
          <label for="restarts">Restarts</label>
          <input type="number" id="restarts" min="0" step="1" inputmode="numeric" />
        </div>
      </div>
      <label class="check"><input type="checkbox" id="backtracking" /> <span>Backtracking</span></label>
      <label class="check"><input type="checkbox" id="closed" /> <span>Closed tour</span></label>
      <label class="check"><input type="checkbox" id="prune" /> <span>Dead-end pruning</span></label>
      <label class="check" data-title="Where a theorem rules the tour out, say so without a search; untick to watch the search try every move and find none"><input type="checkbox" id="theorems" /> <span>Use the theorems</span></label>
      <button type="button" class="race" data-action="race">Race two heuristics</button>
    </section>
    <section class="group" aria-labelledby="counters-title">
      <h2 id="counters-title">Search</h2>
      <dl class="counters">
        <div><dt>Placed</dt><dd data-counter="placed">0</dd></div>
        <div><dt>Backtracks</dt><dd data-counter="backtracks">0</dd></div>
        <div><dt>Depth</dt><dd data-counter="depth">0</dd></div>
        <div><dt>Time</dt><dd data-counter="elapsed">0.00 s</dd></div>
        <div><dt>Moves/s</dt><dd data-counter="rate">—</dd></div>
        <div><dt>Deepest</dt><dd data-counter="deepest">0</dd></div>
      </dl>
    </section>
    <section class="group" aria-labelledby="count-title">
      <h2 id="count-title">Count all tours</h2>
      <div class="buttons count-buttons">
        <button type="button" data-action="count" disabled>Count from start</button>
        <button type="button" data-action="count-every" disabled>Count from every square</button>
      </div>
      <div class="count-options">
        <label class="check" title="The search a class can watch: the count climbs as it finds the tours one by one (slow beyond 6×6)"><input type="checkbox" id="count-list" /> <span>List them one by one</span></label>
        <button type="button" data-action="cancel" disabled>Cancel</button>
      </div>
      <div class="count-ask" role="group" aria-label="Another count" hidden>
        <p></p>
        <div class="buttons two">
          <button type="button" data-ask="replace">Count instead</button>
          <button type="button" data-ask="keep">Keep counting</button>
        </div>
      </div>
      <progress class="count-progress" max="1" value="0" aria-label="Count progress"></progress>
      <p class="count-result" aria-live="polite">Counts every tour from the start square (closed ones only with Closed tour), or from every square as a map on the board: exactly, in the background.</p>
      ${COUNT_LESSON}
    </section>
    <section class="group" aria-labelledby="share-title">
      <h2 id="share-title">Share</h2>
      <div class="exports" role="group" aria-label="Share and export">
        <button type="button" data-share="link">Copy link</button>
        <button type="button" data-share="iframe">Copy iframe</button>
        <button type="button" data-share="element">Copy element</button>
        <button type="button" data-export="png">PNG</button>
        <button type="button" data-export="svg">SVG</button>
        <button type="button" data-export="moves">Moves</button>
        <button type="button" data-export="json">JSON</button>
        <button type="button" data-export="gif" title="The run so far as an animated GIF">GIF</button>
        <button type="button" data-export="webm" title="The run so far replayed as a video">WebM</button>
      </div>
      <div class="field video-length">
        <label for="video-length">WebM length</label>
        <select id="video-length">
          <option value="5">5 s</option>
          <option value="10" selected>10 s</option>
          <option value="20">20 s</option>
          <option value="40">40 s</option>
        </select>
      </div>
      ${EXPORT_PROGRESS}
      <p class="copied" role="status"></p>
      <textarea class="snippet" readonly aria-label="Copied text" hidden></textarea>
    </section>
  </aside>`;

const TEACHING = `
  <section class="teaching" aria-label="Teaching view" hidden>
    <div class="pseudocode-box">
      <h2>The algorithm</h2>
      <ol class="pseudocode"></ol>
      <p class="trace-note" hidden></p>
    </div>
    <div class="shape">
      <div class="shape-head">
        <h2>The shape of the search <span class="legend"></span></h2>
        <div class="views" role="group" aria-label="Shape shown">
          <button type="button" data-view="depth" aria-pressed="true">Depth</button>
          <button type="button" data-view="tree" aria-pressed="false">Tree</button>
        </div>
      </div>
      <canvas class="chart" role="img" aria-label="Depth of the path against events"></canvas>
      <div class="tree-view" hidden>
        <canvas class="tree" role="img" aria-label="Tree of tried moves"></canvas>
        <p class="tree-note"></p>
        <details class="tree-words">
          <summary>The tree in words</summary>
          <ul class="tree-outline" role="tree" tabindex="0" aria-label="Moves tried below the top row, each with the moves tried from it" hidden></ul>
          <p class="tree-left-out" hidden></p>
        </details>
      </div>
      <p class="estimate" hidden></p>
      <p class="why"></p>
      <p class="stall-note" hidden></p>
    </div>
  </section>`;

/** The keyboard help, from the one keymap (keymap.js); the element's "?" and its button open it. */
const HELP = `
  <div class="help" role="dialog" aria-modal="true" aria-label="Keyboard shortcuts" hidden>
    <div class="help-box" tabindex="-1">
      <h2>Keyboard shortcuts</h2>
      ${helpSections()}
      <button type="button" data-action="close-help">Close</button>
    </div>
  </div>`;
