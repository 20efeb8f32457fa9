// <knights-tour>: the visualizer as a custom element. One script tag and one tag put it in any
// page, from any sub-path (every URL here is relative to this module); several on a page run
// independently, sharing one WebAssembly module and one frame loop. The app page is the same
// element with layout="full".
//
//   <script type="module" blocking="render" src="…/www/knights-tour.js"></script>
//   <knights-tour board="5x5" start="b1" heuristic="fixed" speed="4" autoplay></knights-tour>
//
// The element only wires its parts: the run controller (controller.js) holds the run, the board
// view (board-view.js) the canvas, the controls (controls.js), the status (status-view.js) and
// the teaching view (teaching-view.js) show it, and the shared frame loop (frame-loop.js) drives
// it. Its box and skeleton are up at once; it comes alive when the core has loaded.
//
// One keyboard model, the same for every board: Space plays and pauses, → steps, ← steps back and
// Home resets wherever focus is, except in a control that uses the key itself (keyboard.js); on
// the focused board Enter begins choosing a start square (board-view.js); "?" opens the help
// (help-dialog.js). The app page takes the keys anywhere, an embedded board only with focus inside.

import { builder, checkSettings, coord, heuristic, parseSquare, ready as coreReady, squareAt, squareName } from "./core.js";
import { BoardView } from "./board/board-view.js";
import { reducedMotion } from "./board/render.js";
import sheet from "./ui/component-style.js";
import { Controls } from "./ui/controls.js";
import { RunController } from "./run/controller.js";
import { TourCount } from "./panels/counting.js";
import * as frameLoop from "./run/frame-loop.js";
import { HelpDialog } from "./panels/help-dialog.js";
import { keepsKey } from "./ui/keyboard.js";
import { BOARD, COMPACT_BAR, FULL_PANEL, HELP, NOTICE, STUCK, TEACHING } from "./ui/markup.js";
import { LIVE, NAMES, checkNames, guessAspect, guessShape, read, seeded, write } from "./ui/settings.js";
import { appLink, copy, exportRun, shareText } from "./panels/share.js";
import { AnimatedExport } from "./panels/animated-export.js";
import { StatusView } from "./panels/status-view.js";
import { TeachingView } from "./panels/teaching-view.js";

const here = (path) => new URL(path, import.meta.url).href;

const darkScheme = matchMedia("(prefers-color-scheme: dark)");

export class KnightsTourElement extends HTMLElement {
  static observedAttributes = [...NAMES, "layout"];

  constructor() {
    super();
    this.attachShadow({ mode: "open" });
    this.live = false; // the core is in and the run can go
    this.abort = null; // ends every listener of this connection
    this.problems = []; // attribute values not understood
    this.notes = []; // what the page adds with notify()
    this.reflecting = false;
    this.dirty = false;
  }

  connectedCallback() {
    this.build();
  }

  disconnectedCallback() {
    this.teardown();
  }

  attributeChangedCallback(name, previous, value) {
    if (!this.abort || this.reflecting || previous === value) return;
    if (name === "layout") {
      this.teardown();
      this.build();
    } else if (!this.live) {
      if (name === "board") this.showShape(guessShape(value));
    } else {
      this.readAttributes();
      // The page's own settings apply as the run goes (a race whose speed the app page keeps in
      // step goes on); the search's start a new one. Autoplay does only while nothing has run.
      if (LIVE.has(name) || (name === "autoplay" && this.controller.mode !== "idle")) return;
      this.restart();
      if (this.settings.autoplay) this.play();
    }
  }

  // The public face, for the app page and for tests.

  /** The settings in force (null until the core is in). */
  get settings() {
    return this.controller?.settings ?? null;
  }

  /** The squares of the path so far. */
  get path() {
    return this.controller?.path ?? new Uint32Array(0);
  }

  /** The core's run (a Tour), once a start square is chosen. */
  get run() {
    return this.controller?.run ?? null;
  }

  /** Divide's assembly being shown, if this is a divide run. */
  get assembly() {
    return this.controller?.assembly ?? null;
  }

  /** Adds sentences to the notice of settings that were not understood (the app page reports
   *  URL parameters that are no setting at all this way). */
  notify(problems) {
    this.notes.push(...problems);
    this.status?.problems([...this.problems, ...this.notes]);
  }

  /** Changes some settings, as the controls do: reflected to the attributes, announced, and
   *  (unless `restart` is false) the run starts over. */
  change(patch, restart = true) {
    if (!this.live) return;
    Object.assign(this.settings, patch);
    this.reflect();
    if ("theme" in patch) this.applyTheme();
    this.showSettings();
    if (restart) this.restart();
    this.dispatchEvent(new CustomEvent("settingschange", { detail: { ...this.settings }, bubbles: true, composed: true }));
  }

  play() {
    if (!this.live) return;
    this.update(() => this.controller.play(this.settings.speed === Infinity || this.board.imageMode, reducedMotion.matches));
  }

  // Connecting and disconnecting: everything made here is undone in teardown().

  build() {
    if (!this.hasAttribute("layout")) this.setAttribute("layout", "compact");
    const compact = this.getAttribute("layout") !== "full";
    const abort = new AbortController();
    const { signal } = abort;
    this.abort = abort;
    const root = this.shadowRoot;
    root.adoptedStyleSheets = [sheet];
    root.innerHTML = `
      <div class="layout loading">
        <div class="stage">
          ${BOARD}
          ${compact ? COMPACT_BAR : `<p class="status" aria-live="polite"></p>`}
          ${STUCK}
          ${NOTICE}
          ${compact ? "" : TEACHING}
        </div>
        ${compact ? "" : FULL_PANEL}
      </div>
      ${compact ? "" : HELP}`;
    this.layoutBox = root.querySelector(".layout");
    this.board = new BoardView(root, this, signal, {
      pick: (square) => this.pick(square),
      change: () => this.changed(),
    });
    this.act = this.actions(); // one set for the controls and the keys: a key does what its button does
    this.controls = new Controls(root, this.act, signal);
    this.status = new StatusView(this, root);
    this.teaching = compact ? null : new TeachingView(root, this, signal, () => this.changed());
    this.controller = null;
    const count = root.querySelector("[data-action=count]");
    this.tourCount = count ? new TourCount(root, here("panels/count-worker.js"), () => this.changed()) : null;
    this.help = compact ? null : new HelpDialog(root.querySelector(".help"), signal);
    this.animated = compact ? null : new AnimatedExport(root, here("panels/gif-worker.js"), () => this.render());
    this.snippet = root.querySelector(".snippet");
    // The app page answers keys anywhere; an embedded board only when focus is inside it.
    (compact ? this : document).addEventListener("keydown", (event) => this.key(event), { signal });
    darkScheme.addEventListener("change", () => this.applyTheme(), { signal });
    this.showShape(guessShape(this.getAttribute("board")));
    frameLoop.add(this);
    this.started = coreReady.then(
      () => this.abort === abort && this.start(),
      (error) => this.abort === abort && this.unavailable(error),
    );
  }

  /** The core is in: the settings can be read and the run made. */
  start() {
    checkNames();
    this.controller = new RunController({
      progressed: (...span) => this.teaching?.progressed(...span),
      arrived: () => this.showRun(), // a large board's tour, built in the worker
    });
    this.live = true;
    this.layoutBox.classList.remove("loading");
    this.controls.ready();
    this.readAttributes();
    this.restart();
    if (this.settings.autoplay) this.play();
  }

  /** The core could not be loaded: the board says so, in place of a board that never starts. */
  unavailable(error) {
    console.error(error);
    this.layoutBox.classList.remove("loading");
    this.board.say(`This board cannot run: ${error.message}. Reload the page to try again.`);
    this.status.unavailable(error.message);
  }

  teardown() {
    this.abort?.abort();
    this.abort = null;
    this.live = false;
    frameLoop.remove(this);
    this.tourCount?.dispose();
    this.animated?.dispose();
    this.controller?.dispose();
    this.controller = null;
  }

  // The frame loop's side.

  /** Whether it searches in this frame: a run under way, or a jump on the timeline replaying. */
  get running() {
    return this.live && (this.controller.running || this.controller.seeking);
  }

  /** Its search for up to `budget` ms of this frame (the frame loop's side). */
  advance(now, budget) {
    if (!this.live) return;
    const moved = this.controller.moving; // a run that ends in this frame still shows its end
    this.controller.tick(now, budget);
    if (moved) this.dirty = true;
  }

  /** Whether it has something to show that is not on the screen yet. */
  get stale() {
    return this.live && (this.dirty || this.controller.moving);
  }

  /** Whether it wants frames: a search under way, a move animated, a jump replaying. */
  get moving() {
    return this.live && this.controller.moving;
  }

  /** Paints the board and writes what changed to the DOM (the frame loop's side). */
  draw(now) {
    if (!this.live) return;
    const { controller } = this;
    this.board.fit();
    this.dirty = false;
    this.board.paint(controller.paintView(now, this.board.hover));
    this.teaching?.paint(controller);
    this.render();
  }

  /** This board's frame threw: it stops and says so; the other boards carry on. */
  fail(error) {
    console.error(error);
    if (!this.live) return;
    this.controller.fail(error);
    this.board.say(`This board stopped: ${this.controller.error}. Press Reset to start again.`);
    this.render();
  }

  /** Something shown changed: paint and render in the next frame. */
  changed() {
    this.dirty = true;
    frameLoop.wake();
  }

  // What the visitor does.

  actions() {
    const live = (action) => (...args) => this.live && action(...args);
    return Object.fromEntries(Object.entries({
      togglePlay: () => (this.controller.running ? this.pause() : this.play()),
      step: () => this.step(),
      reset: () => this.restart(),
      back: () => this.update(() => this.controller.stepBack()),
      seek: (event) => this.update(() => this.controller.seek(event)),
      change: (patch, restart) => this.change(patch, restart),
      resize: (rows, cols) => this.resize(rows, cols),
      race: () => {
        // Against a search the fixed order; against fixed or divide, Warnsdorff's rule.
        const { heuristic: name } = this.settings;
        const other = name === "fixed" || !heuristic(name).searches ? "warnsdorff" : "fixed";
        this.change({ race: [name, other] }, false);
      },
      switchToBuilder: () => {
        this.change({ heuristic: builder().name });
        this.play();
      },
      help: (show) => (show ? this.help?.show() : this.help?.close()),
      count: () => this.count(),
      cancelCount: () => this.tourCount?.cancel(),
      share: (kind) => this.share(kind),
      export: (kind) => exportRun(kind, {
        controller: this.controller, canvas: this.board.canvas, palette: this.board.palette, animated: this.animated,
        host: { replay: (until, speed) => this.update(() => this.controller.replay(until, speed)), changed: () => this.changed() },
      }),
      dismiss: () => {
        this.problems = [];
        this.notes = [];
        this.status.problems([]);
      },
    }).map(([name, action]) => [name, live(action)]));
  }

  /** Runs `action` on the controller, then shows what it did. */
  update(action) {
    action();
    this.changed();
    this.render();
  }

  pause() {
    this.update(() => this.controller.pause());
  }

  step() {
    this.update(() => this.controller.step());
  }

  /** A square picked on the board: the knight starts there. */
  pick(square) {
    if (!this.live) return;
    this.change({ start: this.controller.name(square) });
    this.controller.placeStart();
    this.play();
  }

  resize(rows, cols) {
    const refuse = (message) => {
      this.controller.error = message;
      this.render();
    };
    if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) {
      return refuse("Rows and columns must be whole numbers from 1 up.");
    }
    try {
      checkSettings({ board: `${rows}x${cols}` }); // the core's own size check and message
    } catch (error) {
      return refuse(error.message);
    }
    // The start keeps its row and column from the top-left, if the new board has them.
    const { settings } = this;
    let start = null;
    if (settings.start !== null) {
      const [row, col] = coord(settings.rows, settings.cols, parseSquare(settings.rows, settings.cols, settings.start));
      if (row < rows && col < cols) start = squareName(rows, cols, squareAt(rows, cols, row, col));
    }
    this.change({ rows, cols, start });
  }

  /** A key pressed on the page (the app) or inside this board (embedded): see the model at the top. */
  key(event) {
    if (!this.live || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const path = event.composedPath();
    // A race's boards on the app page take their own keys; and the help, open, is modal.
    if (path.some((node) => node instanceof KnightsTourElement && node !== this) || this.help?.open) return;
    const target = path[0];
    const onBoard = target === this.board.canvas;
    if (onBoard && this.board.choosing) {
      if (this.board.chooseKey(event)) event.preventDefault();
      return;
    }
    if (keepsKey(target, event.key)) return;
    const action = this.shortcut(event.key, onBoard);
    if (!action) return;
    event.preventDefault();
    action();
  }

  /** What `key` does, if anything, here and now; `onBoard`: the board has focus. */
  shortcut(key, onBoard) {
    const { act } = this;
    const run = this.controller.run !== null;
    switch (key) {
      case " ": return run && act.togglePlay;
      case "ArrowRight": return run && act.step;
      case "ArrowLeft": return run && act.back;
      case "Home": return run && act.reset;
      case "Enter": return onBoard && (() => this.board.choose());
      case "?": return this.help && (() => act.help(true));
      default: return null;
    }
  }

  /** Counts every tour from the start square, in a Web Worker. */
  count() {
    const { run } = this.controller;
    if (!run) return;
    const { rows, cols, closed } = this.settings;
    this.tourCount.start({ rows, cols, from: this.controller.name(run.start), closed });
  }

  /** Copies a link or a snippet for the current settings, and shows it too. */
  async share(kind) {
    const text = shareText(kind, this.settings);
    await copy(text, kind, this.snippet);
    this.dispatchEvent(new CustomEvent("share", { detail: { kind, text }, bubbles: true, composed: true }));
  }

  // Settings in, and shown.

  readAttributes() {
    const { settings, problems } = read((name) => this.getAttribute(name));
    this.controller.settings = settings;
    this.problems = problems;
    // A seed drawn for random ties goes on the tag, so that the next change of an attribute
    // replays the same ties rather than drawing again.
    if (settings.seed !== null && this.getAttribute("seed") === null && seeded(settings.heuristic)) {
      this.reflecting = true;
      this.setAttribute("seed", settings.seed);
      this.reflecting = false;
    }
    this.applyTheme();
    this.showSettings();
    this.status.problems([...this.problems, ...this.notes]);
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
    if (!this.live) return;
    const { theme } = this.settings;
    this.dataset.theme = theme === "auto" ? (darkScheme.matches ? "dark" : "light") : theme;
    this.board.readPalette();
    this.changed();
  }

  /** Puts the settings into the controls and the teaching view. */
  showSettings() {
    const { settings } = this;
    this.controls.showSettings(settings, appLink(settings));
    this.teaching?.showSettings(settings);
    this.showShape(settings);
    this.changed();
  }

  /** The board frame's proportions (the skeleton's too, before the core is in). */
  showShape(shape) {
    const style = this.layoutBox.style;
    if (!shape) return;
    const aspect = this.live ? this.board.aspect(shape.rows, shape.cols) : guessAspect(shape);
    style.setProperty("--aspect", String(aspect));
    style.setProperty("--rows", String(shape.rows));
    style.setProperty("--cols", String(shape.cols));
  }

  /** Starts the run over from the chosen start square (if any); it waits for Play. */
  restart() {
    if (!this.live) return;
    this.controller.restart();
    this.showRun();
  }

  /** Shows the run as it starts: the board, its start, and the teaching view empty. */
  showRun() {
    const { controller, settings } = this;
    this.board.show(settings.rows, settings.cols, controller.start);
    this.board.say(null);
    this.teaching?.reset(controller.squares);
    this.changed();
    this.render();
  }

  /** The status, the controls, the teaching view and the board's name, from the run. */
  render() {
    if (!this.live) return;
    const { controller } = this;
    this.status.render(controller);
    this.controls.render(controller, this.tourCount?.busy ?? false, this.animated?.busy ?? false);
    this.teaching?.render(controller);
    this.board.describe(this.boardLabel());
  }

  boardLabel() {
    const { controller, board } = this;
    const { rows, cols } = this.settings;
    const { path, run } = controller;
    // Read out of the path's view before the names, which the core makes, may move its memory.
    const [depth, knight] = [path.length, path[path.length - 1]];
    const name = (square) => controller.name(square);
    const where = depth ? `, knight on ${name(knight)}, ${depth} squares visited` : "";
    const keys = board.choosing
      ? `; choosing a start square, cursor on ${board.cursorName}: arrows move it, Enter starts the knight there, Escape cancels`
      : `; Enter to choose a start square`;
    return `${rows} by ${cols} board${run ? `, start ${name(run.start)}` : ""}${where}${keys}`;
  }
}

customElements.define("knights-tour", KnightsTourElement);
