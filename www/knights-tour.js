// <knights-tour>: the visualizer as a custom element. One script tag and one tag put it in any
// page, from any sub-path (every URL here is relative to this module); several on a page run
// independently, sharing one WebAssembly module and one frame loop. The app page is the same
// element with layout="full".
//
//   <script type="module" src="…/www/knights-tour.js"></script>
//   <knights-tour board="5x5" start="b1" heuristic="fixed" speed="4" autoplay></knights-tour>

import { HEURISTICS, Tour, checkSettings, heuristic as heuristicInfo } from "./core.js";
import { Assembly, Plan, paintAssembly } from "./divide.js";
import { download, moveList, png, svg } from "./export.js";
import { Painter } from "./render.js";
import { TourCount } from "./counting.js";
import { COMPACT_BAR, FULL_PANEL, HELP, STUCK, TEACHING } from "./markup.js";
import { STALL_CHECK_MS, stuckLesson, stuckWords } from "./stall.js";
import { DepthChart, pseudocode, role } from "./teaching.js";
import { escape, formatCount, formatPair, grouped } from "./text.js";
import {
  DEFAULTS, NAMES, elementSnippet, iframeSnippet, query, read, speedText, squareIndex, squareName, write,
} from "./settings.js";

/** All running boards on a page share this much search time per frame. */
const FRAME_BUDGET_MS = 10;
/** At or below this many moves a second, each move is animated. */
const ANIMATE_UP_TO = 30;
/** At or below this, moves are recorded so backtracks can flash red. */
const RECORD_UP_TO = 2000;
const BACKTRACK_FADE_MS = 450;
const EVENT_PLACED = 0;
const EVENT_REMOVED = 1;
const NO_PATH = new Uint32Array(0); // paint

/**
 * What to try where there is no tour, from the core's reason (its words are all the binding
 * gives): closed tours, the two outer lines of a board 4 wide, the corners' colour, the squares
 * an exhaustive search left, or a larger board.
 */
function impossibleHint(reason) {
  if (reason.startsWith("no closed tour")) return "Turn off Closed tour, or try 6×6 or 8×8.";
  if (reason.includes("outer line")) return "Start on one of the two outer lines.";
  if (reason.includes("corners' colour")) return "Start on a square of the corners' colour.";
  if (reason.startsWith("no tour from this square")) return "Try another square.";
  return "Try another board: every board at least 5×5 has tours.";
}

/** Sets an element's HTML only when it changes: live regions stay quiet, and clicks land. */
function setHTML(element, html) {
  if (shownHTML.get(element) === html) return;
  shownHTML.set(element, html);
  element.innerHTML = html;
}
const shownHTML = new WeakMap();

/** The heuristic that builds its tour rather than searching: what a stuck search can switch to. */
const BUILDER = HEURISTICS.find((info) => !info.searches);

/** Why the search's options do nothing for a heuristic that builds its tour. */
const NO_SEARCH = {
  backtracking: "Divide and conquer walks a tour it has already built: it never needs to take a move back.",
  prune: "Divide and conquer walks a tour it has already built: there is no search to prune.",
};

const here = (path) => new URL(path, import.meta.url).href;
/** The app page, the folder this module's site was built into. */
const APP = here("../");
/** One stylesheet object shared by every board's shadow root; the painter reads its palette. */
const stylesReady = fetch(here("component.css"))
  .then((response) => response.text())
  .then((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  });

/** One requestAnimationFrame loop for every board on the page, splitting the search budget. */
const boards = new Set();
let frameRequested = false;

function schedule() {
  if (frameRequested) return;
  frameRequested = true;
  requestAnimationFrame(function frame(now) {
    frameRequested = false;
    const running = [...boards].filter((board) => board.isRunning()).length;
    // paint: the search gets what the last frame's painting left of the budget.
    const painting = [...boards].reduce((sum, board) => sum + (board.painter?.cost ?? 0), 0);
    const budget = Math.max(2, (FRAME_BUDGET_MS - painting) / Math.max(1, running));
    for (const board of boards) board.tick(now, budget);
    if (boards.size) schedule();
  });
}

/** Moves a second for the slider position: logarithmic from 1 to a million, then "max". */
const sliderSpeed = (value) => (value >= 100 ? Infinity : 10 ** ((value / 99) * 6));
const speedSlider = (speed) => (speed === Infinity ? 100 : Math.max(0, Math.min(99, Math.round((Math.log10(speed) / 6) * 99))));

export class KnightsTourElement extends HTMLElement {
  static observedAttributes = [...NAMES, "layout"];

  constructor() {
    super();
    this.attachShadow({ mode: "open" });
    this.run = null; // the Tour, once a start square is chosen
    this.plan = null; // how divide built its tour (a Plan), for a divide run
    this.assembly = null; // the showing of that plan before the walk (an Assembly)
    this.stall = null; // the search's progress, read from the core a few times a second
    this.stallRead = 0;
    this.mode = "idle"; // idle | running | paused | finished
    this.hover = -1;
    this.motion = null;
    this.fades = [];
    this.credit = 0;
    this.elapsed = 0;
    this.runningSince = 0;
    this.lastTick = 0;
    this.meter = { time: 0, events: 0, rate: null };
    this.error = null;
    this.problems = [];
    this.settings = { ...DEFAULTS };
    this.built = false;
    this.reflecting = false;
  }

  connectedCallback() {
    if (!this.built) this.build();
    this.resizes.observe(this.ui.frame);
    boards.add(this);
    this.readAttributes();
    stylesReady.then((sheet) => {
      this.shadowRoot.adoptedStyleSheets = [sheet];
      this.painter.readPalette();
      this.ready = true;
      this.restart();
      if (this.settings.autoplay) this.play();
      this.dirty = true;
      schedule();
    });
  }

  disconnectedCallback() {
    boards.delete(this);
    this.resizes?.disconnect();
    this.tourCount?.dispose();
    this.run?.free();
    this.run = null;
  }

  attributeChangedCallback(name, previous, value) {
    if (!this.built || this.reflecting || previous === value) return;
    if (name === "layout") {
      this.build();
    }
    this.readAttributes();
    if (this.ready) {
      this.restart();
      if (this.settings.autoplay) this.play();
    }
  }

  build() {
    const compact = this.getAttribute("layout") !== "full";
    if (!this.hasAttribute("layout")) this.setAttribute("layout", "compact");
    this.shadowRoot.innerHTML = `
      <div class="layout">
        <section class="stage" aria-label="Board">
          <div class="board-frame"><canvas id="board" tabindex="0" role="img" aria-label="Chess board"></canvas></div>
          ${compact ? COMPACT_BAR : `<p class="status" aria-live="polite"></p>`}
          ${STUCK}
          <p class="notice" role="status" hidden><span></span><button type="button" data-action="dismiss" aria-label="Dismiss">×</button></p>
          ${compact ? "" : TEACHING}
        </section>
        ${compact ? "" : FULL_PANEL}
      </div>
      ${compact ? "" : HELP}`;
    const $ = (selector) => this.shadowRoot.querySelector(selector);
    this.ui = {
      canvas: $("canvas"), frame: $(".board-frame"), status: $(".status"), notice: $(".notice"),
      play: $("[data-action=play]"), step: $("[data-action=step]"), reset: $("[data-action=reset]"),
      speed: $("#speed"), speedOut: $(".speed output"), rows: $("#rows"), cols: $("#cols"),
      heuristic: $("#heuristic"), backtracking: $("#backtracking"), closed: $("#closed"), prune: $("#prune"),
      snippet: $(".snippet"), fullApp: $(".full-app"), back: $("[data-action=back]"),
      timeline: $("#timeline"), position: $(".position"), teach: $("#teach"), teaching: $(".teaching"),
      pseudocode: $(".pseudocode"), chart: $(".chart"), why: $(".why"), help: $(".help"),
      count: $("[data-action=count]"), cancel: $("[data-action=cancel]"),
      countProgress: $(".count-progress"), countResult: $(".count-result"),
      stuck: $(".stuck"), stuckWords: $(".stuck-words"), switch: $("[data-action=switch]"), stallNote: $(".stall-note"),
      counters: Object.fromEntries([...this.shadowRoot.querySelectorAll("[data-counter]")].map((el) => [el.dataset.counter, el])),
    };
    this.painter = new Painter(this.ui.canvas, this.ui.frame, this);
    this.painter.onChange = () => { this.dirty = true; schedule(); }; // paint: zoom and pan
    this.resizes?.disconnect();
    this.resizes = new ResizeObserver(() => {
      this.relayout = true;
      schedule();
    });
    this.resizes.observe(this.ui.frame);
    this.chart = this.ui.chart ? new DepthChart(this.ui.chart, this) : null;
    this.tourCount?.dispose();
    this.tourCount = this.ui.count ? new TourCount(this.ui, here("count-worker.js"), () => this.render()) : null;
    this.wire();
    this.built = true;
    this.dirty = true;
  }

  wire() {
    const { ui } = this;
    ui.play.addEventListener("click", () => (this.mode === "running" ? this.pause() : this.play()));
    ui.step.addEventListener("click", () => this.step());
    ui.reset.addEventListener("click", () => this.restart());
    ui.back?.addEventListener("click", () => this.stepBack());
    ui.timeline?.addEventListener("input", () => this.seek(Number(ui.timeline.value)));
    ui.teach?.addEventListener("change", () => this.change({ teach: ui.teach.checked }, false));
    ui.count?.addEventListener("click", () => this.count());
    ui.cancel?.addEventListener("click", () => this.cancelCount());
    this.shadowRoot.querySelector("[data-action=race]")?.addEventListener("click", () => {
      // Against a search the fixed order; against fixed or divide, Warnsdorff's rule.
      const { heuristic } = this.settings;
      const other = heuristic === "fixed" || !heuristicInfo(heuristic).searches ? "warnsdorff" : "fixed";
      this.change({ race: [heuristic, other] }, false);
    });
    ui.switch.textContent = `Switch to ${BUILDER.label.toLowerCase()}`;
    ui.switch.addEventListener("click", () => {
      this.change({ heuristic: BUILDER.name });
      this.play();
    });
    this.shadowRoot.querySelector("[data-action=help]")?.addEventListener("click", () => this.toggleHelp(true));
    this.shadowRoot.querySelector("[data-action=close-help]")?.addEventListener("click", () => this.toggleHelp(false));
    const keys = this.getAttribute("layout") === "full" ? document : this;
    if (this.keys !== keys) {
      this.keys?.removeEventListener("keydown", this.onKey);
      this.onKey ??= (event) => this.key(event);
      keys.addEventListener("keydown", this.onKey);
      this.keys = keys;
    }
    ui.speed.addEventListener("input", () => this.change({ speed: sliderSpeed(Number(ui.speed.value)) }, false));
    this.shadowRoot.querySelector("[data-action=dismiss]").addEventListener("click", () => {
      this.problems = [];
      this.renderNotice();
    });
    for (const [input, key] of [[ui.heuristic, "heuristic"]]) {
      input?.addEventListener("change", () => this.change({ [key]: input.value }));
    }
    for (const key of ["backtracking", "closed", "prune"]) {
      ui[key]?.addEventListener("change", () => this.change({ [key]: ui[key].checked }));
    }
    for (const input of [ui.rows, ui.cols]) {
      input?.addEventListener("change", () => this.resize(Number(ui.rows.value), Number(ui.cols.value)));
    }
    for (const preset of this.shadowRoot.querySelectorAll("[data-board]")) {
      preset.addEventListener("click", () => {
        const [rows, cols] = preset.dataset.board.split("x").map(Number);
        this.resize(rows, cols);
      });
    }
    for (const button of this.shadowRoot.querySelectorAll("[data-share]")) {
      button.addEventListener("click", () => this.share(button.dataset.share));
    }
    for (const button of this.shadowRoot.querySelectorAll("[data-export]")) {
      button.addEventListener("click", () => this.export(button.dataset.export));
    }
    ui.canvas.addEventListener("pointermove", (event) => {
      const square = this.painter.squareAt(event.clientX, event.clientY);
      if (square !== this.hover) {
        this.hover = square;
        this.dirty = true;
      }
    });
    ui.canvas.addEventListener("blur", () => {
      this.hover = -1;
      this.dirty = true;
    });
    ui.canvas.addEventListener("pointerleave", () => {
      this.hover = -1;
      this.dirty = true;
    });
    ui.canvas.addEventListener("click", (event) => {
      const square = this.painter.squareAt(event.clientX, event.clientY);
      if (square < 0 || !this.ready) return;
      this.change({ start: squareName(square, this.settings.rows, this.settings.cols) });
      this.play();
    });
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => this.applyTheme());
  }

  readAttributes() {
    const { settings, problems } = read((name) => this.getAttribute(name));
    this.settings = settings;
    this.problems = problems;
    this.applyTheme();
    this.showSettings();
    this.renderNotice();
  }

  /** Changes some settings from the controls: reflected to the attributes, announced, and (unless
   *  only the speed changed) the run starts over. */
  change(patch, restart = true) {
    Object.assign(this.settings, patch);
    this.reflect();
    this.showSettings();
    if (restart) this.restart();
    this.dispatchEvent(new CustomEvent("settingschange", { detail: { ...this.settings }, bubbles: true, composed: true }));
  }

  resize(rows, cols) {
    if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) {
      this.error = "Rows and columns must be whole numbers from 1 up.";
      this.render();
      return;
    }
    try {
      checkSettings({ board: `${rows}x${cols}` }); // the core's own size check and message
    } catch (error) {
      this.error = error.message;
      this.render();
      return;
    }
    const index = this.settings.start === null ? null : squareIndex(this.settings.start, this.settings.rows, this.settings.cols);
    let start = null;
    if (index !== null) {
      const row = Math.floor(index / this.settings.cols);
      const col = index % this.settings.cols;
      if (row < rows && col < cols) start = squareName(row * cols + col, rows, cols);
    }
    this.change({ rows, cols, start });
  }

  /** Writes the settings back to the attributes, without reacting to our own writes. */
  reflect() {
    this.reflecting = true;
    const pairs = new Map(write(this.settings));
    for (const name of NAMES) {
      if (name === "embed") continue;
      if (pairs.has(name)) this.setAttribute(name, name === "autoplay" || name === "teach" ? "" : pairs.get(name));
      else this.removeAttribute(name);
    }
    this.reflecting = false;
  }

  applyTheme() {
    const theme = this.settings.theme === "auto"
      ? (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light")
      : this.settings.theme;
    this.dataset.theme = theme;
    this.painter?.readPalette();
    this.dirty = true;
  }

  /** Puts the settings into the controls. */
  showSettings() {
    const { ui, settings } = this;
    ui.speed.value = String(speedSlider(settings.speed));
    const speed = settings.speed;
    ui.speedOut.textContent = speed === Infinity ? "max" : `${speed < 10 ? speedText(speed) : formatCount(Math.round(speed))} moves/s`;
    if (ui.rows) {
      ui.rows.value = String(settings.rows);
      ui.cols.value = String(settings.cols);
      ui.heuristic.value = settings.heuristic;
      ui.backtracking.checked = settings.backtracking;
      ui.closed.checked = settings.closed;
      ui.prune.checked = settings.prune;
      // A heuristic that builds its tour has no search for these to change: greyed out, saying why.
      const builds = !heuristicInfo(settings.heuristic).searches;
      for (const key of ["backtracking", "prune"]) {
        ui[key].disabled = builds;
        ui[key].parentElement.title = builds ? NO_SEARCH[key] : "";
      }
      for (const preset of this.shadowRoot.querySelectorAll("[data-board]")) {
        preset.setAttribute("aria-pressed", String(preset.dataset.board === `${settings.rows}x${settings.cols}`));
      }
    }
    if (ui.teach) {
      ui.teach.checked = settings.teach;
      ui.teaching.hidden = !settings.teach;
      ui.pseudocode.innerHTML = pseudocode(settings)
        .map(([name, text], i) => `<li data-role="${name}"><span class="line">${i + 1}</span> ${text}</li>`).join("");
    }
    if (ui.fullApp) ui.fullApp.href = `${APP}${query({ ...settings, embed: false })}`;
    this.style.setProperty("--aspect", String(this.painter.aspect(settings.rows, settings.cols))); // paint: folded
    this.dirty = true;
  }

  /** Adds sentences to the notice of settings that were not understood (the app page reports
   *  URL parameters that are no setting at all this way). */
  notify(problems) {
    this.problems.push(...problems);
    this.renderNotice();
  }

  renderNotice() {
    const { notice } = this.ui;
    notice.hidden = this.problems.length === 0;
    notice.querySelector("span").textContent = this.problems.length
      ? `Some settings were not understood and use their defaults: ${this.problems.join("; ")}.`
      : "";
  }

  /** Starts the run over from the chosen start square (if any); it waits for Play. */
  restart() {
    this.run?.free();
    Object.assign(this, {
      run: null, mode: "idle", motion: null, fades: [], credit: 0, elapsed: 0,
      meter: { time: 0, events: 0, rate: null }, error: null, plan: null, assembly: null, stall: null,
    });
    const { settings } = this;
    const start = settings.start ?? (settings.autoplay ? squareName((settings.rows - 1) * settings.cols, settings.rows, settings.cols) : null);
    if (start !== null) {
      try {
        this.run = new Tour({
          board: `${settings.rows}x${settings.cols}`, start, heuristic: settings.heuristic,
          backtracking: settings.backtracking, closed: settings.closed, prune: settings.prune,
        });
      } catch (error) {
        this.error = error.message;
      }
    }
    const pieces = this.run?.pieces();
    if (pieces?.length) {
      this.plan = new Plan(pieces, this.run.seams(), settings.cols);
      this.assembly = new Assembly(this.plan);
    }
    this.painter.layout(settings.rows, settings.cols);
    this.chart?.reset(settings.rows * settings.cols);
    this.cancelCount();
    this.dirty = true;
    this.render();
    schedule();
  }

  /** paint: the run's path, a view into the core's memory made on each read; use it at once. */
  get path() {
    return this.run ? this.run.pathView() : NO_PATH;
  }

  isRunning() {
    return this.mode === "running";
  }

  play() {
    if (!this.run) return;
    if (this.mode === "finished") this.restart();
    if (!this.run) return;
    // The assembly is shown once, from the start: briefly at full speed or where moves are too
    // small to draw.
    if (this.assembly?.clock === 0) this.assembly.shorten(this.settings.speed === Infinity || this.painter.imageMode);
    this.mode = "running";
    this.lastTick = this.runningSince = performance.now();
    this.render();
    schedule();
  }

  stopRunning(mode) {
    if (this.mode === "running") this.elapsed += performance.now() - this.runningSince;
    this.mode = mode;
  }

  pause() {
    if (this.mode !== "running") return;
    this.stopRunning("paused");
    this.render();
  }

  step() {
    if (!this.run || this.mode === "finished") return;
    this.stopRunning("paused");
    this.assembly?.finish(); // Step moves along the walk
    this.advance(1, true, performance.now(), 260, FRAME_BUDGET_MS);
    this.readStall();
    this.render();
  }

  /** One event back: the search is deterministic, so this is a replay to the event before. */
  stepBack() {
    if (!this.run || this.run.position === 0) return;
    this.seek(this.run.position - 1);
  }

  /** Puts the run at event `event` (from 0, before the start is placed), paused there. */
  seek(event) {
    if (!this.run) return;
    this.stopRunning("paused");
    this.run.seek(event);
    this.assembly?.finish();
    this.readStall();
    this.motion = null;
    this.fades = [];
    if (this.run.status() !== "searching") this.mode = "finished";
    this.dirty = true;
    this.render();
  }

  key(event) {
    const target = event.composedPath()[0];
    if (target === this.ui.canvas && this.moveCursor(event)) return;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(target?.tagName) && target.type !== "range" && target.type !== "checkbox") return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const actions = {
      " ": () => (this.mode === "running" ? this.pause() : this.play()),
      ArrowRight: () => this.step(),
      ArrowLeft: () => this.stepBack(),
      Home: () => this.restart(),
      "?": () => this.toggleHelp(),
      Escape: () => this.toggleHelp(false),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  /**
   * With the board focused, the arrow keys move a cursor over the squares and Enter (or Space)
   * starts the knight on it: the board is reachable without a mouse. Returns true if the key
   * was the board's.
   */
  moveCursor(event) {
    const { rows, cols } = this.settings;
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (this.hover < 0 && (event.key in steps || event.key === "Enter")) {
      this.hover = this.run ? this.run.start : (rows - 1) * cols;
      if (event.key !== "Enter") {
        event.preventDefault();
        this.dirty = true;
        return true;
      }
    }
    if (event.key in steps) {
      const [dr, dc] = steps[event.key];
      const row = Math.min(rows - 1, Math.max(0, Math.floor(this.hover / cols) + dr));
      const col = Math.min(cols - 1, Math.max(0, (this.hover % cols) + dc));
      this.hover = row * cols + col;
    } else if (event.key === "Enter" || (event.key === " " && this.mode !== "running")) {
      this.change({ start: this.name(this.hover) });
      this.play();
    } else {
      return false;
    }
    event.preventDefault();
    this.dirty = true;
    this.ui.canvas.setAttribute("aria-label", `${this.boardLabel()}; cursor on ${this.name(this.hover)}`);
    return true;
  }

  toggleHelp(show) {
    const { help } = this.ui;
    if (!help) return;
    help.hidden = show === undefined ? !help.hidden : !show;
    if (!help.hidden) help.querySelector("button").focus();
  }

  /** Counts every tour from the start square, in a Web Worker. */
  count() {
    if (!this.run) return;
    const { rows, cols, closed } = this.settings;
    this.tourCount.start({ rows, cols, from: this.name(this.run.start), closed });
  }

  cancelCount() {
    this.tourCount?.cancel();
  }

  /** Runs up to `count` moves within `budget` ms, recording them if asked. */
  advance(count, record, now, animation, budget) {
    const { run } = this;
    const before = run.position;
    const ran = run.advance(Math.min(count, 0xffffffff), budget, record);
    if (ran === 0) return;
    this.chart?.add(before, run.position, run.depthLow, run.depthHigh);
    if (record) {
      const events = run.eventsView(); // paint: a view, read before the next call into the core
      for (let i = 0; i < events.length; i += 3) {
        if (events[i] === EVENT_REMOVED) {
          this.fades.push({ square: events[i + 1], start: now });
          this.motion = null;
        } else if (events[i] === EVENT_PLACED && animation > 0 && events[i + 2] > 0) {
          this.motion = { start: now, duration: animation };
        }
      }
      if (this.fades.length > 64) this.fades.splice(0, this.fades.length - 64);
    }
    this.meter.events += ran;
    if (run.status() !== "searching") this.stopRunning("finished");
    this.dirty = true;
  }

  /** Called by the shared frame loop. */
  tick(now, budget) {
    // Nothing to show before the module and the stylesheet (the palette) are in.
    if (!this.ready) return;
    const dt = Math.min(250, now - this.lastTick);
    this.lastTick = now;
    if (this.mode === "running" && this.run) {
      const speed = this.settings.speed;
      if (this.assembling()) {
        this.assembly.advance(dt); // the pieces and seams first; the walk starts when they are done
        this.credit = 0;
      } else if (speed === Infinity) {
        this.advance(0xffffffff, false, now, 0, budget);
      } else {
        this.credit += (speed * dt) / 1000;
        const due = Math.floor(this.credit);
        if (due > 0) {
          this.credit -= due;
          this.advance(due, speed <= RECORD_UP_TO, now, speed <= ANIMATE_UP_TO ? Math.min(300, 850 / speed) : 0, budget);
        }
      }
      const m = this.meter;
      if (!m.time) m.time = now;
      if (now - m.time >= 500) {
        m.rate = (m.events * 1000) / (now - m.time);
        m.time = now;
        m.events = 0;
      }
      if (now - this.stallRead >= STALL_CHECK_MS) this.readStall(now);
      this.dirty = true;
    }
    if (this.motion || this.fades.length) this.dirty = true;
    // Measuring the frame forces a style and layout pass: only when it may have changed.
    if (this.relayout) {
      this.relayout = false;
      if (this.painter.layout(this.settings.rows, this.settings.cols)) this.dirty = true;
    }
    if (this.dirty) {
      this.paint(now);
      this.render();
      this.dirty = false;
    }
  }

  /** Whether divide's pieces and seams are being shown (or held there by a pause). */
  assembling() {
    return Boolean(this.assembly) && !this.assembly.done && (this.mode === "running" || this.assembly.clock > 0);
  }

  /** Reads whether the search is stuck: a few times a second, as the estimate walks the path. */
  readStall(now = performance.now()) {
    this.stallRead = now;
    this.stall = this.run && !this.plan ? this.run.progress() : null;
  }

  /** What divide's plan adds to the board: the assembly as it happens, or faintly under the walk. */
  beneath() {
    const { assembly } = this;
    if (!assembly) return null;
    if (this.assembling()) return (painter) => paintAssembly(painter, assembly);
    if (assembly.done || this.run.position > 0) return (painter) => paintAssembly(painter, assembly, true);
    return null;
  }

  paint(now) {
    let motion = null;
    if (this.motion) {
      const t = (now - this.motion.start) / this.motion.duration;
      if (t >= 1) this.motion = null;
      else motion = { t };
    }
    this.fades = this.fades.filter((fade) => now - fade.start < BACKTRACK_FADE_MS);
    const start = this.run ? this.run.start : -1;
    this.painter.paint({
      tour: this.run, // paint: the painter reads the path and the picture from the run
      start,
      hover: this.mode === "running" ? -1 : this.hover,
      closed: this.run?.status() === "closed-tour",
      motion,
      fades: this.fades.map((fade) => ({ square: fade.square, t: (now - fade.start) / BACKTRACK_FADE_MS })),
      candidates: this.showsCandidates() ? this.candidates() : [],
      beneath: this.beneath(),
    });
    const mark = this.stall?.stuck ? this.stall.shallowestSince : null;
    if (this.settings.teach && this.run) this.chart?.paint(this.run.position, this.run.horizon, mark);
  }

  /** Why this move: shown while the run stands still and the teaching view is on. */
  showsCandidates() {
    return this.settings.teach && this.run && this.mode !== "running" && this.mode !== "finished" && !this.motion &&
      !this.assembling();
  }

  /** The current square's moves, in the order they are tried: {square, order, degree, state, tiebreak}. */
  candidates() {
    const raw = this.run.candidates();
    const list = [];
    for (let i = 0; i < raw.length; i += 4) {
      list.push({ square: raw[i], order: i / 4 + 1, degree: raw[i + 1], state: raw[i + 2], tiebreak: raw[i + 3] });
    }
    return list;
  }

  name(square) {
    return squareName(square, this.settings.rows, this.settings.cols);
  }

  /** Counters, buttons and the status line, all read from the run. */
  render() {
    const { run, ui, settings } = this;
    const status = this.mode === "finished" ? run.status() : this.mode;
    this.dataset.status = status;
    this.dataset.placed = String(run ? run.placements : 0);
    this.dataset.backtracks = String(run ? run.backtracks : 0);
    const phase = this.phase();
    if (phase) this.dataset.phase = phase;
    else delete this.dataset.phase;
    // While running, the words change every frame: a screen reader hears them when the run stops.
    ui.status.setAttribute("aria-busy", String(this.mode === "running"));
    setHTML(ui.status, this.describe(status));
    this.renderStall();
    const c = ui.counters;
    if (c.placed) {
      c.placed.textContent = formatCount(run ? run.placements : 0);
      c.backtracks.textContent = formatCount(run ? run.backtracks : 0);
      c.depth.textContent = formatPair(run ? run.depth : 0, settings.rows * settings.cols);
      c.deepest.textContent = formatCount(run ? run.deepest : 0);
      c.elapsed.textContent = `${(this.runningTime() / 1000).toFixed(this.runningTime() < 10_000 ? 2 : 1)} s`;
      c.rate.textContent = this.meter.rate === null || this.mode !== "running" ? "—" : formatCount(this.meter.rate);
      for (const button of this.shadowRoot.querySelectorAll("[data-export]")) {
        button.disabled = button.dataset.export === "json" ? this.mode !== "finished" : !run;
      }
    }
    if (ui.timeline) {
      ui.timeline.max = String(run ? run.horizon : 0);
      ui.timeline.value = String(run ? run.position : 0);
      ui.timeline.disabled = !run;
      ui.position.textContent = run ? formatPair(run.position, run.horizon) : "0 / 0";
      ui.back.disabled = !run || run.position === 0;
      ui.count.disabled = !run || this.tourCount.busy;
      ui.cancel.disabled = !this.tourCount.busy;
    }
    if (this.settings.teach && ui.pseudocode) this.renderTeaching(status);
    ui.play.textContent = this.mode === "running" ? "Pause" : "Play";
    ui.play.disabled = !run;
    ui.step.disabled = !run || this.mode === "finished";
    ui.reset.disabled = !run;
    ui.canvas.setAttribute("aria-label", this.boardLabel());
  }

  /** Divide's phase (`pieces`, `seams`, `walk`) while a divide run is under way, else null. */
  phase() {
    if (!this.assembly || this.mode === "finished") return null;
    if (this.assembling()) return this.assembly.phase;
    return this.mode === "idle" ? null : "walk";
  }

  /** The stuck notice under the status, and its lesson in the teaching view. */
  renderStall() {
    const { ui, stall } = this;
    const show = Boolean(stall?.stuck) && (this.mode === "running" || this.mode === "paused");
    ui.stuck.hidden = !show;
    if (ui.stallNote) ui.stallNote.hidden = !show || !this.settings.teach;
    if (!show) return;
    const { rows, cols, speed } = this.settings;
    const rate = this.meter.rate ?? (speed === Infinity ? null : speed);
    setHTML(ui.stuckWords, stuckWords(stall, rows * cols, rate));
    if (ui.stallNote && !ui.stallNote.hidden) setHTML(ui.stallNote, stuckLesson(stall));
  }

  renderTeaching(status) {
    const { ui, run } = this;
    const searching = status === "running" || status === "paused" || status === "idle";
    let current = run ? role(run.lastEvent()[0], searching ? null : status) : null;
    if (this.assembling()) {
      const { phase, clock, piecesEnd } = this.assembly;
      current = phase === "seams" ? "join" : clock < piecesEnd / 4 ? "cut" : "tile";
    }
    for (const line of ui.pseudocode.children) line.classList.toggle("current", line.dataset.role === current);
    ui.pseudocode.dataset.current = current ?? "";
    if (this.assembling()) {
      ui.why.textContent = "The tour is being built: the walk comes once every piece is joined in.";
      return;
    }
    if (!run || !this.showsCandidates()) {
      ui.why.textContent = run ? "Pause or step to see the moves from the current square, in the order they will be tried." : "";
      return;
    }
    const here = this.path.length ? this.name(this.path[this.path.length - 1]) : "";
    const moves = this.candidates();
    if (this.plan) {
      const next = moves.find((move) => move.state === 1);
      ui.why.innerHTML = next
        ? `<strong>From ${here}</strong> the tour goes on to <strong>${this.name(next.square)}</strong>: divide and conquer walks the tour it built, so there is one move and no choice.`
        : "Press Step to place the knight on the start square.";
      return;
    }
    if (!moves.length) {
      ui.why.innerHTML = `<strong>From ${here}</strong> no move is left: the next step takes the knight back.`;
      return;
    }
    const next = moves.find((move) => move.state === 1);
    const { tiebreak } = heuristicInfo(this.settings.heuristic);
    const keys = moves.map((move) => {
      const text = `${this.name(move.square)} (${move.degree} onward${tiebreak && move.tiebreak >= 0 ? `, tie-break ${formatCount(move.tiebreak)}` : ""})`;
      return move.state === 0 ? `<s>${text}</s>` : move === next ? `<strong>${text}</strong>` : text;
    });
    ui.why.innerHTML = `<strong>From ${here}</strong>, in order: ${keys.join(", ")}.` +
      (next ? ` Next: <strong>${this.name(next.square)}</strong>.` : " All tried: the next step takes the knight back.") +
      (tiebreak ? ` <span class="hint">Tie-break: ${escape(tiebreak)}.</span>` : "");
  }

  runningTime() {
    return this.elapsed + (this.mode === "running" ? performance.now() - this.runningSince : 0);
  }

  describe(status) {
    const { run, settings } = this;
    const heuristic = `<em>${heuristicInfo(settings.heuristic).label}</em>`;
    const from = run ? this.name(run.start) : "";
    const counts = run ? `${formatCount(run.placements)} placements and ${formatCount(run.backtracks)} backtracks` : "";
    if (this.plan && (status === "running" || status === "paused" || status === "tour" || status === "closed-tour")) {
      return this.describeDivide(status);
    }
    switch (status) {
      case "idle":
        if (this.error) return `<strong>${escape(this.error)}</strong>`;
        if (!run) return "<strong>Pick a start square:</strong> click any square of the board. <span class=\"hint\">The knight will try to visit every square exactly once.</span>";
        return `<strong>Ready to start from ${from}</strong> with ${heuristic}. <span class="hint">Press Play, or Step through it one move at a time.</span>`;
      case "running":
        if (this.stall?.stuck) return `<strong>Stuck, searching from ${from}</strong> with ${heuristic}: it has not got any deeper in a long while.`;
        return `<strong>Searching from ${from}</strong> with ${heuristic}${settings.backtracking ? ", backtracking when stuck" : ", no backtracking"}…`;
      case "paused":
        return `<strong>Paused at move ${run.depth}</strong> of ${settings.rows * settings.cols}. <span class="hint">Play to go on, or Step one move at a time.</span>`;
      case "tour":
        return `<strong>Found an open tour from ${from}</strong> in ${counts}. <span class="hint">Try a closed tour, or the fixed order to watch backtracking at work.</span>`;
      case "closed-tour":
        return `<strong>Found a closed tour from ${from}:</strong> the last square is a knight's move from the first (${counts}).`;
      case "no-tour":
        return `<strong>No tour from ${from}:</strong> the search tried every possibility (${counts}). <span class="hint">Try another square.</span>`;
      case "impossible": {
        // The reason names this square or the whole board; the heading already says "from here".
        const reason = run.reason().replace(/^no tour from this square: /, "");
        return `<strong>No tour from here:</strong> ${escape(reason)}. <span class="hint">${impossibleHint(run.reason())}</span>`;
      }
      case "dead-end":
        return `<strong>Dead end after ${run.depth} squares:</strong> the greedy walk has no unvisited square to go to. <span class="hint">Turn Backtracking on, or try ${BUILDER.label.toLowerCase()}.</span>`;
      default:
        return escape(run?.reason() ?? status);
    }
  }

  /** A divide run's status: which phase it is in, then what it built. */
  describeDivide(status) {
    const { run, plan, settings } = this;
    const plural = (n, word) => `${grouped(n)} ${word}${n === 1 ? "" : "s"}`;
    const pieces = plural(plan.pieces, "piece");
    const seams = plan.seams ? ` joined at ${plural(plan.seams, "seam")}` : ", no seams";
    const phase = this.phase();
    const paused = status === "paused" ? "<span class=\"hint\">Paused: Play to go on.</span>" : "";
    if (status === "tour" || status === "closed-tour") {
      return `<strong>Found ${status === "tour" ? "an open" : "a closed"} tour from ${this.name(run.start)} by divide and conquer:</strong> ` +
        `${pieces}${seams}, no backtracking.`;
    }
    if (phase === "pieces") {
      return `<strong>Cutting ${settings.rows}×${settings.cols} into ${pieces}…</strong> ${paused || "<span class=\"hint\">Each piece gets a tour of its own.</span>"}`;
    }
    if (phase === "seams") {
      return `<strong>Joining ${pieces} at ${plural(plan.seams, "seam")}…</strong> ${paused || "<span class=\"hint\">At each seam the moves in red are cut and the new ones join the piece in.</span>"}`;
    }
    return `<strong>Walking the tour: ${grouped(run.depth)} of ${grouped(settings.rows * settings.cols)} squares</strong> ` +
      `${paused || "<span class=\"hint\">One square a move, never a step back.</span>"}`;
  }

  boardLabel() {
    const { rows, cols } = this.settings;
    const where = this.path.length
      ? `, knight on ${this.name(this.path[this.path.length - 1])}, ${this.path.length} squares visited` : "";
    return `${rows} by ${cols} board${this.run ? `, start ${this.name(this.run.start)}` : ""}${where}`;
  }

  /** Copies a link or a snippet for the current settings, and shows it too. */
  async share(kind) {
    const text = kind === "link" ? `${APP}${query({ ...this.settings, embed: false })}`
      : kind === "iframe" ? iframeSnippet(this.settings, APP)
        : elementSnippet(this.settings, here("knights-tour.js"));
    const { snippet } = this.ui;
    snippet.hidden = false;
    snippet.value = text;
    try {
      await navigator.clipboard.writeText(text);
      snippet.setAttribute("aria-label", `Copied: ${kind}`);
    } catch {
      snippet.select(); // the clipboard is not ours to use here: the text stays selected to copy
    }
    this.dispatchEvent(new CustomEvent("share", { detail: { kind, text }, bubbles: true, composed: true }));
  }

  async export(kind) {
    const { rows, cols } = this.settings;
    const base = `knights-tour-${rows}x${cols}${this.run ? `-${this.name(this.run.start).replace(",", "-")}` : ""}`;
    if (kind === "png") {
      download(`${base}.png`, await png(this.ui.canvas));
    } else if (kind === "svg") {
      const palette = this.painter.colour;
      const closed = this.run?.status() === "closed-tour";
      download(`${base}.svg`, svg({ rows, cols, path: this.path, closed, palette, names: (s) => this.name(s) }), "image/svg+xml");
    } else if (kind === "moves") {
      download(`${base}.txt`, moveList(this.path, (s) => this.name(s)));
    } else if (kind === "json") {
      const report = this.run?.report(this.runningTime());
      if (report) download(`${base}.json`, report, "application/json");
    }
  }
}

customElements.define("knights-tour", KnightsTourElement);
