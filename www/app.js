// The page: owns the controls and the requestAnimationFrame loop, and drives the WebAssembly
// solver a time-bounded batch per frame. Everything shown is read back from the solver.

import { Painter } from "./render.js";

/** Each frame spends at most this long searching, so the page never stops answering. */
const FRAME_BUDGET_MS = 8;
/** At or below this many moves a second, each move is animated. */
const ANIMATE_UP_TO = 30;
/** At or below this, moves are recorded so backtracks can flash red. */
const RECORD_UP_TO = 2000;
const BACKTRACK_FADE_MS = 450;
const EVENT_PLACED = 0;
const EVENT_REMOVED = 1;

const $ = (id) => document.getElementById(id);

const controls = {
  play: $("play"), step: $("step"), reset: $("reset"), speed: $("speed"), speedOut: $("speed-out"),
  rows: $("rows"), cols: $("cols"), heuristic: $("heuristic"),
  backtracking: $("backtracking"), closed: $("closed"), prune: $("prune"),
};
const counters = {
  placed: $("placed"), backtracks: $("backtracks"), depth: $("depth"),
  elapsed: $("elapsed"), rate: $("rate"), deepest: $("deepest"),
};
const statusLine = $("status");
const canvas = $("board");
const painter = new Painter(canvas, $("board-frame"));

const HEURISTIC_NAMES = {
  fixed: "fixed order", warnsdorff: "Warnsdorff's rule", roth: "Warnsdorff + Roth",
  pohl: "Warnsdorff + Pohl", random: "Warnsdorff with random ties",
};

const state = {
  Tour: null,        // the wasm class, once loaded
  tour: null,        // the current run, or null before a start square is chosen
  mode: "idle",      // idle | running | paused | finished
  start: -1,
  hover: -1,
  error: null,
  path: new Uint32Array(0),
  motion: null,      // { start, duration } of the knight's current move
  fades: [],         // { square, start } backtracks still fading
  credit: 0,         // fractional moves owed at the current speed
  elapsed: 0,        // ms spent running before `runningSince`
  runningSince: 0,   // when the current stretch of running began
  lastFrame: 0,
  meter: { time: 0, events: 0, rate: null },
  dirty: true,
};

function settings() {
  return {
    rows: Number(controls.rows.value),
    cols: Number(controls.cols.value),
    heuristic: controls.heuristic.value,
    backtracking: controls.backtracking.checked,
    closed: controls.closed.checked,
    prune: controls.prune.checked,
  };
}

/** Moves a second for the speed slider: logarithmic from 1 to a million, then "max". */
function speed() {
  const value = Number(controls.speed.value);
  return value >= 100 ? Infinity : 10 ** ((value / 99) * 6);
}

function showSpeed() {
  const rate = speed();
  controls.speedOut.textContent = rate === Infinity ? "max"
    : rate >= 1000 ? `${formatCount(rate)} moves/s` : `${rate < 10 ? rate.toFixed(1) : Math.round(rate)} moves/s`;
}

function formatCount(n) {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} B`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(1)} k`;
  return String(Math.round(n));
}

/** Starts a new run from `start` with the current settings; the run waits for Play. */
function newRun(start) {
  state.tour?.free();
  state.tour = null;
  state.path = new Uint32Array(0);
  state.motion = null;
  state.fades = [];
  state.credit = 0;
  state.elapsed = 0;
  state.meter = { time: 0, events: 0, rate: null };
  state.error = null;
  state.start = start;
  state.mode = "idle";
  if (start >= 0) {
    try {
      state.tour = new state.Tour({ ...settings(), start: [Math.floor(start / settings().cols), start % settings().cols] });
    } catch (error) {
      state.error = error.message;
      state.start = -1;
    }
  }
  state.dirty = true;
  render();
}

/** The board's settings changed: keep the start if it is still on the board. */
function settingsChanged() {
  const { rows, cols } = settings();
  const valid = Number.isInteger(rows) && Number.isInteger(cols) && rows >= 1 && cols >= 1;
  let start = state.start;
  if (start >= 0) {
    const row = Math.floor(start / painter.cols);
    const col = start % painter.cols;
    start = valid && row < rows && col < cols ? row * cols + col : -1;
  }
  for (const preset of document.querySelectorAll("[data-board]")) {
    preset.setAttribute("aria-pressed", String(preset.dataset.board === `${rows}x${cols}`));
  }
  if (valid) {
    try {
      // Checks the size with the core's own rules before the painter allocates for it.
      new state.Tour({ rows, cols, start: [0, 0], theorems: false }).free();
      painter.layout(rows, cols);
    } catch (error) {
      state.tour?.free();
      Object.assign(state, { tour: null, start: -1, mode: "idle", error: error.message, dirty: true });
      render();
      return;
    }
  }
  newRun(valid ? start : -1);
  if (!valid) {
    state.error = "Rows and columns must be whole numbers from 1 up.";
    render();
  }
}

function play() {
  if (!state.tour) return;
  if (state.mode === "finished") newRun(state.start);
  state.mode = "running";
  state.lastFrame = state.runningSince = performance.now();
  render();
}

/** Leaves the running mode for `mode`, banking the time spent running. */
function stopRunning(mode) {
  if (state.mode === "running") state.elapsed += performance.now() - state.runningSince;
  state.mode = mode;
}

function pause() {
  if (state.mode !== "running") return;
  stopRunning("paused");
  render();
}

function step() {
  if (!state.tour) return;
  if (state.mode === "finished") return;
  stopRunning("paused");
  advance(1, true, performance.now(), 260);
  render();
}

/** Runs up to `count` moves within the frame's budget, recording them if asked. */
function advance(count, record, now, animation = 0) {
  const { tour } = state;
  const ran = tour.advance(Math.min(count, 0xffffffff), FRAME_BUDGET_MS, record);
  if (ran === 0) return;
  if (record) {
    const events = tour.events();
    for (let i = 0; i < events.length; i += 3) {
      if (events[i] === EVENT_REMOVED) {
        state.fades.push({ square: events[i + 1], start: now });
        state.motion = null;
      } else if (events[i] === EVENT_PLACED && animation > 0 && events[i + 2] > 0) {
        state.motion = { start: now, duration: animation };
      }
    }
    if (state.fades.length > 64) state.fades.splice(0, state.fades.length - 64);
  }
  state.path = tour.path();
  state.meter.events += ran;
  if (tour.status() !== "searching") stopRunning("finished");
  state.dirty = true;
}

function frame(now) {
  const dt = Math.min(250, now - state.lastFrame);
  state.lastFrame = now;
  if (state.mode === "running" && state.tour) {
    const rate = speed();
    if (rate === Infinity) {
      advance(0xffffffff, false, now);
    } else {
      state.credit += (rate * dt) / 1000;
      const due = Math.floor(state.credit);
      if (due > 0) {
        state.credit -= due;
        const animation = rate <= ANIMATE_UP_TO ? Math.min(300, 850 / rate) : 0;
        advance(due, rate <= RECORD_UP_TO, now, animation);
      }
    }
    meter(now);
  }
  if (state.motion || state.fades.length) state.dirty = true;
  if (state.dirty) {
    paint(now);
    render();
    state.dirty = false;
  }
  requestAnimationFrame(frame);
}

/** Events a second, averaged over half a second of running. */
function meter(now) {
  const m = state.meter;
  if (!m.time) m.time = now;
  if (now - m.time >= 500) {
    m.rate = (m.events * 1000) / (now - m.time);
    m.time = now;
    m.events = 0;
  }
}

function paint(now) {
  const { rows, cols } = settings();
  if (Number.isInteger(rows) && Number.isInteger(cols) && rows >= 1 && cols >= 1 && !state.error) {
    painter.layout(rows, cols);
  }
  let motion = null;
  if (state.motion) {
    const t = (now - state.motion.start) / state.motion.duration;
    if (t >= 1) state.motion = null;
    else motion = { t };
  }
  state.fades = state.fades.filter((fade) => now - fade.start < BACKTRACK_FADE_MS);
  painter.paint({
    path: state.path,
    start: state.start,
    hover: state.mode === "running" ? -1 : state.hover,
    closed: state.tour?.status() === "closed-tour",
    motion,
    fades: state.fades.map((fade) => ({ square: fade.square, t: (now - fade.start) / BACKTRACK_FADE_MS })),
  });
}

/** Writes the counters, the buttons and the status line from the solver's state. */
function render() {
  const { tour } = state;
  const squares = painter.rows * painter.cols;
  const status = state.mode === "finished" ? tour.status() : state.mode;
  statusLine.dataset.status = status;
  statusLine.dataset.placed = String(tour ? tour.placements : 0);
  statusLine.dataset.backtracks = String(tour ? tour.backtracks : 0);
  statusLine.innerHTML = describe(status);

  counters.placed.textContent = formatCount(tour ? tour.placements : 0);
  counters.backtracks.textContent = formatCount(tour ? tour.backtracks : 0);
  counters.depth.textContent = `${tour ? tour.depth : 0} / ${squares}`;
  counters.deepest.textContent = String(tour ? tour.deepest : 0);
  const elapsed = state.elapsed + (state.mode === "running" ? performance.now() - state.runningSince : 0);
  counters.elapsed.textContent = elapsed < 10_000 ? `${(elapsed / 1000).toFixed(2)} s` : `${(elapsed / 1000).toFixed(1)} s`;
  counters.rate.textContent = state.meter.rate === null || state.mode !== "running" ? "—" : formatCount(state.meter.rate);

  const running = state.mode === "running";
  controls.play.textContent = running ? "Pause" : "Play";
  controls.play.disabled = !tour;
  controls.step.disabled = !tour || state.mode === "finished";
  controls.reset.disabled = !tour;
  canvas.setAttribute("aria-label", boardLabel());
}

function name(square) {
  return state.tour ? state.tour.squareName(square) : "";
}

function describe(status) {
  const tour = state.tour;
  const heuristic = HEURISTIC_NAMES[controls.heuristic.value];
  const from = state.start >= 0 ? name(state.start) : "";
  const counts = tour ? `${formatCount(tour.placements)} placements and ${formatCount(tour.backtracks)} backtracks` : "";
  switch (status) {
    case "idle":
      if (state.error) return `<strong>${escape(state.error)}</strong>`;
      if (!tour) return "<strong>Pick a start square:</strong> click any square of the board. <span class=\"hint\">The knight will try to visit every square exactly once.</span>";
      return `<strong>Ready to start from ${from}</strong> with ${heuristic}. <span class="hint">Press Play, or Step through it one move at a time.</span>`;
    case "running":
      return `<strong>Searching from ${from}</strong> with ${heuristic}${controls.backtracking.checked ? ", backtracking when stuck" : ", no backtracking"}…`;
    case "paused":
      return `<strong>Paused at move ${tour.depth}</strong> of ${painter.rows * painter.cols}. <span class="hint">Play to go on, or Step one move at a time.</span>`;
    case "tour":
      return `<strong>Found an open tour from ${from}</strong> in ${counts}. <span class="hint">Try a closed tour, or the fixed order to watch backtracking at work.</span>`;
    case "closed-tour":
      return `<strong>Found a closed tour from ${from}:</strong> the last square is a knight's move from the first (${counts}).`;
    case "no-tour":
      return `<strong>No tour from ${from}:</strong> the search tried every possibility (${counts}). <span class="hint">Try another square.</span>`;
    case "impossible":
      return `<strong>Impossible, by theorem:</strong> ${escape(tour.reason())}. <span class="hint">${impossibleHint()}</span>`;
    case "dead-end":
      return `<strong>Dead end after ${tour.depth} squares:</strong> the greedy walk has no unvisited square to go to. <span class="hint">Turn Backtracking on, or try Warnsdorff + Roth.</span>`;
    default:
      return escape(tour?.reason() ?? status);
  }
}

function impossibleHint() {
  const { rows, cols, closed } = settings();
  if (closed) return "Turn off Closed tour, or try 6×6 or 8×8.";
  if ((rows * cols) % 2 === 1) return "Start on a square of the corners' colour, or try a board with an even number of squares.";
  return "Try 5×5 or larger.";
}

function boardLabel() {
  const { rows, cols } = settings();
  const tour = state.tour;
  const where = tour && state.path.length ? `, knight on ${name(state.path[state.path.length - 1])}, ${state.path.length} squares visited` : "";
  return `${rows} by ${cols} board${state.start >= 0 ? `, start ${name(state.start)}` : ""}${where}`;
}

function escape(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function wire() {
  controls.play.addEventListener("click", () => (state.mode === "running" ? pause() : play()));
  controls.step.addEventListener("click", step);
  controls.reset.addEventListener("click", () => newRun(state.start));
  controls.speed.addEventListener("input", showSpeed);
  for (const input of [controls.rows, controls.cols, controls.heuristic, controls.backtracking, controls.closed, controls.prune]) {
    input.addEventListener("change", settingsChanged);
  }
  for (const preset of document.querySelectorAll("[data-board]")) {
    preset.addEventListener("click", () => {
      const [rows, cols] = preset.dataset.board.split("x");
      controls.rows.value = rows;
      controls.cols.value = cols;
      settingsChanged();
    });
  }
  canvas.addEventListener("pointermove", (event) => {
    const square = painter.squareAt(event.clientX, event.clientY);
    if (square !== state.hover) {
      state.hover = square;
      state.dirty = true;
    }
  });
  canvas.addEventListener("pointerleave", () => {
    state.hover = -1;
    state.dirty = true;
  });
  canvas.addEventListener("click", (event) => {
    const square = painter.squareAt(event.clientX, event.clientY);
    if (square < 0) return;
    newRun(square);
    play();
  });
  window.addEventListener("resize", () => (state.dirty = true));
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    painter.readPalette();
    state.dirty = true;
  });
}

async function bindings() {
  if (window.wasmBindings) return window.wasmBindings;
  return new Promise((resolve) => {
    addEventListener("TrunkApplicationStarted", () => resolve(window.wasmBindings), { once: true });
  });
}

async function main() {
  wire();
  showSpeed();
  const { Tour } = await bindings();
  state.Tour = Tour;
  settingsChanged();
  requestAnimationFrame((now) => {
    state.lastFrame = now;
    frame(now);
  });
}

main();
