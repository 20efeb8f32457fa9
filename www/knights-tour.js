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
// it. Its box and skeleton are up at once; it comes alive when the core has loaded. In play mode
// (`play`) the visitor moves the knight: the play controller (play.js, with the core's game in a
// worker) holds the game, the play view (play-view.js) and the board's play layer
// (play-layer.js) show it, in place of the run.
//
// One keyboard model, the same for every board: Space plays and pauses, → steps, ← steps back and
// Home resets wherever focus is, except in a control that uses the key itself (keyboard.js); on
// the focused board Enter begins choosing a start square (board-view.js); "?" opens the help
// (help-dialog.js). The app page takes the keys anywhere, an embedded board only with focus inside.

import { builder, checkSettings, heuristic, ready as coreReady, sameSquare } from "./core.js";
import { BoardView } from "./board/board-view.js";
import { HeatMap } from "./board/heat-map.js";
import { reducedMotion } from "./board/render.js";
import sheet from "./ui/component-style.js";
import { Controls } from "./ui/controls.js";
import { RunController } from "./run/controller.js";
import { CountLesson } from "./panels/count-lesson.js";
import { TourCount, citations } from "./panels/counting.js";
import { HeatLegend, totalWords } from "./panels/heat-legend.js";
import * as frameLoop from "./run/frame-loop.js";
import { HelpDialog } from "./panels/help-dialog.js";
import { keepsKey } from "./ui/keyboard.js";
import { BOARD, COMPACT_BAR, FULL_PANEL, HEAT_LEGEND, HELP, NOTICE, STUCK, TEACHING } from "./ui/markup.js";
import { LIVE, NAMES, checkNames, guessAspect, guessShape, pageSwitch, read, seeded, write } from "./ui/settings.js";
import { appLink, copy, exportRun, shareText } from "./panels/share.js";
import { AnimatedExport } from "./panels/animated-export.js";
import { counted, grouped } from "./ui/text.js";
import { PlayController } from "./run/play.js";
import { PLAY_CONTROLS, PlayView, playLabel } from "./panels/play-view.js";
import { paintPlay } from "./board/play-layer.js";
import playSheet from "./ui/play-style.js";
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
    this.dirty = false; // the board to paint again, and the panels to write
    this.panelDirty = false; // the panels alone (a count's report): the board stays as painted
    this.pending = null; // attribute changes not read yet: { starts } whether one starts a run
    this.movesDue = undefined; // a game's moves waiting to go into the settings
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
      // The page's own settings apply as the run goes (a race whose speed the app page keeps in
      // step goes on); the search's start a new one. Autoplay does only while nothing has run.
      const starts = !(LIVE.has(name) || (name === "autoplay" && this.controller.mode !== "idle"));
      // Attributes a script sets in a row (board, start, heuristic) are read once, when its task
      // is done, and start one run, not one for each.
      if (this.pending) {
        this.pending.starts ||= starts;
        return;
      }
      this.pending = { starts };
      queueMicrotask(() => this.settle());
    }
  }

  /** The attributes changed since the last time are read; a new run starts if one of them asks. */
  settle() {
    const { pending } = this;
    if (!pending) return;
    this.pending = null;
    if (!this.live) return;
    this.readAttributes();
    if (!pending.starts) return;
    this.restart(true);
    if (this.settings.autoplay) this.play();
  }

  // The public face, for the app page and for tests. What a script reads or does after setting
  // attributes sees them: each entry reads the changes not yet read first (`settle`).

  /** The settings in force (null until the core is in). */
  get settings() {
    this.settle();
    return this.controller?.settings ?? null;
  }

  /** The squares of the path so far (a copy in play mode; a view of the run's, read at once, otherwise). */
  get path() {
    this.settle();
    if (this.playing) return this.game.board ? Uint32Array.from(this.game.board.pathView()) : new Uint32Array(0);
    return this.controller?.path ?? new Uint32Array(0);
  }

  /** The core's run (a Tour), once a start square is chosen. */
  get run() {
    this.settle();
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
    this.settle();
    if (!this.live) return;
    // A game's moves are of its board and start: a new one of either, or leaving play, drops them.
    if (["rows", "cols", "start", "play"].some((name) => name in patch) && !("moves" in patch)) patch = { ...patch, moves: null };
    Object.assign(this.settings, patch);
    this.reflect();
    if ("theme" in patch) this.applyTheme();
    this.showSettings();
    if (restart) this.restart();
    this.dispatchEvent(new CustomEvent("settingschange", { detail: { ...this.settings }, bubbles: true, composed: true }));
  }

  play() {
    this.settle();
    if (!this.live || this.playing) return;
    this.update(() => this.controller.play(this.controller.speed === Infinity || this.board.imageMode, reducedMotion.matches));
  }

  // Connecting and disconnecting: everything made here is undone in teardown().

  build() {
    if (!this.hasAttribute("layout")) this.setAttribute("layout", "compact");
    const compact = this.getAttribute("layout") !== "full";
    const abort = new AbortController();
    const { signal } = abort;
    this.abort = abort;
    const root = this.shadowRoot;
    root.adoptedStyleSheets = [sheet, playSheet];
    root.innerHTML = `
      <div class="layout loading">
        <div class="stage">
          ${BOARD}
          ${compact ? "" : HEAT_LEGEND}
          ${compact ? `${PLAY_CONTROLS}${COMPACT_BAR}` : `<p class="status" aria-live="polite"></p>${PLAY_CONTROLS}`}
          ${STUCK}
          ${NOTICE}
          ${compact ? "" : TEACHING}
        </div>
        ${compact ? "" : FULL_PANEL}
      </div>
      ${compact ? "" : HELP}`;
    this.layoutBox = root.querySelector(".layout");
    // Compact, a stuck search's notice lies over the board rather than push the page down; in
    // the app, the notice of a link's settings not understood, where the eye is.
    if (compact) root.querySelector(".board-frame").append(root.querySelector(".stuck"));
    else root.querySelector(".board-frame").append(root.querySelector(".notice"));
    this.board = new BoardView(root, this, signal, {
      pick: (square) => this.pick(square),
      press: (square) => this.live && this.controller.pressed(square),
      change: () => this.changed(),
    });
    this.act = this.actions(); // one set for the controls and the keys: a key does what its button does
    this.controls = new Controls(root, this.act, signal);
    this.status = new StatusView(this, root);
    this.game = null; // play mode's controller, once the core is in
    this.playView = new PlayView(this, root, this.status.shown, this.act, signal);
    this.teaching = compact ? null : new TeachingView(root, this, signal, () => this.changed());
    this.controller = null;
    this.heat = null; // the heat map of the last count from every square, while it is on the board
    this.heatLegend = compact ? null : new HeatLegend(root, () => this.hideHeat(), signal);
    this.lesson = compact ? null : new CountLesson(root, this);
    this.tourCount = compact ? null : new TourCount(root, here("panels/count-worker.js"), {
      asked: () => this.asked(),
      changed: () => this.panelChanged(),
      counted: (request, answer) => this.counted(request, answer),
      watched: (state, rate) => this.lesson.update(state, rate),
    }, signal);
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
    this.controller = new RunController({ arrived: () => this.showRun() }); // a large board's tour, built in the worker
    this.game = new PlayController(here("run/play-worker.js"), {
      // A verdict is written at once (its words, data-verdict); the board is painted next frame.
      changed: () => {
        this.changed();
        this.render();
      },
      moved: (moves) => this.movesChanged(moves),
      speed: () => this.controller.speed,
    });
    this.live = true;
    this.layoutBox.classList.remove("loading");
    this.controls.ready();
    this.readAttributes();
    this.restart(true);
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
    this.pending = null;
    frameLoop.remove(this);
    this.tourCount?.dispose();
    this.animated?.dispose();
    this.controller?.dispose();
    this.controller = null;
    this.game?.dispose();
    this.game = null;
  }

  /** Whether the visitor moves the knight (play mode), rather than watching a run. */
  get playing() {
    return this.live && this.settings.play;
  }

  // The frame loop's side.

  /** Whether it searches in this frame: a run under way, or a jump on the timeline replaying. */
  get running() {
    if (this.playing) return this.game.running;
    return this.live && (this.controller.running || this.controller.seeking);
  }

  /** Its search for up to `budget` ms of this frame (the frame loop's side). */
  advance(now, budget) {
    if (this.playing) {
      this.game.tick(now, budget);
      this.dirty = true;
      return;
    }
    if (!this.live) return;
    const moved = this.controller.moving; // a run that ends in this frame still shows its end
    this.controller.tick(now, budget);
    if (moved) this.dirty = true;
  }

  /** Whether it has something to show that is not on the screen yet (a tour being laid is shown once whole). */
  get stale() {
    return this.live && (this.dirty || this.panelDirty || this.moving) && (this.playing || !this.controller.laying);
  }

  /** Whether it wants frames: a search under way, a move animated, a jump replaying. */
  get moving() {
    if (this.playing) return this.game.moving;
    return this.live && this.controller.moving;
  }

  /** Paints the board and writes what changed to the DOM (the frame loop's side). */
  draw(now) {
    if (!this.live) return;
    const { controller } = this;
    this.panelDirty = false;
    if (!this.dirty && !this.moving) {
      this.render();
      return;
    }
    this.board.fit();
    this.dirty = false;
    if (this.playing) {
      this.board.paint(this.game.paintView(now, this.board.hover, paintPlay));
    } else {
      this.board.paint(controller.paintView(now, this.board.hover));
      if (this.heat) {
        // The square pointed at, or the keyboard's cursor while choosing a start.
        const { hover, choosing, cursor, pointerType } = this.board;
        const square = choosing ? cursor : hover;
        const tapped = !choosing && pointerType !== "mouse";
        this.heatLegend.hover(square >= 0 ? { name: controller.name(square), words: this.heat.words(square), tapped } : null);
      }
      this.teaching?.paint(controller);
    }
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

  /**
   * A count moved on (its bar, its words): the panels are written in the next frame, the board is
   * not painted again for it (a count reports five times a second, and a board with its heat map
   * and numbers is the frame's costliest work).
   */
  panelChanged() {
    this.panelDirty = true;
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
      // Play mode.
      undo: () => this.playing && this.update(() => this.game.undo()),
      hint: () => this.playing && this.update(() => this.game.hint()),
      showMe: () => this.playing && this.update(() => this.game.showMe()),
      // Every move taken back; with none to take back, the start too, to pick another.
      restartGame: () => this.playing && this.change(this.game.placed > 1 ? { moves: null } : { start: null }),
      copyReplay: () => this.playing && this.copyReplay(),
    }).map(([name, action]) => [name, live(action)]));
  }

  /** Runs `action` on the controller, then shows what it did. */
  update(action) {
    this.settle();
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

  /** A square picked on the board: the knight starts there (in play mode, once started, moves there). */
  pick(square) {
    if (!this.live) return;
    this.hideHeat(); // the visitor asks for a run: the run is what the board shows
    if (this.playing && this.game.board) {
      this.update(() => this.game.click(square));
      return;
    }
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
    // The start keeps its name where the new board has a square of that name (c3 stays c3, a1
    // the bottom-left corner, ab7 stays ab7); else none is chosen.
    this.change({ rows, cols, start: sameSquare(rows, cols, this.settings.start) });
  }

  /** A key pressed on the page (the app) or inside this board (embedded): see the model at the top. */
  key(event) {
    if (this.playing && this.undoKey(event)) return;
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

  /** Ctrl+Z (⌘Z) in play mode: Undo, except where a field keeps the key for its own undo. */
  undoKey(event) {
    const z = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "z";
    if (!z || event.defaultPrevented) return false;
    const path = event.composedPath();
    if (path.some((node) => node instanceof KnightsTourElement && node !== this) || this.help?.open) return false;
    if (keepsKey(path[0], event.key)) return false;
    event.preventDefault();
    this.act.undo();
    return true;
  }

  /** What `key` does, if anything, here and now; `onBoard`: the board has focus. */
  shortcut(key, onBoard) {
    const { act } = this;
    if (this.playing) {
      switch (key) {
        case " ": return act.showMe;
        case "ArrowRight": return act.hint;
        case "ArrowLeft": return act.undo;
        case "Home": return act.restartGame;
        case "Enter": return onBoard && (() => this.board.choose());
        case "?": return this.help && (() => act.help(true));
        default: return null;
      }
    }
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

  /**
   * What the settings ask to count: `{rows, cols, from, closed}`, `from` the start's name: the
   * run's, or the one chosen where there is no run (play mode, a tour being built in the worker);
   * null before one is picked.
   */
  asked() {
    const { run } = this.controller;
    const { rows, cols, closed, start } = this.settings;
    return { rows, cols, from: run ? this.controller.name(run.start) : sameSquare(rows, cols, start), closed };
  }

  /** A count's answer: one from every square goes on the board as a heat map, if the board is still its size. */
  counted({ rows, cols, from, closed }, answer) {
    if (from !== null || rows !== this.settings.rows || cols !== this.settings.cols) return;
    this.heat = new HeatMap({ rows, cols, grid: answer.grid, closed });
    this.board.overlay = this.heat;
    this.heatLegend.show(this.heat, totalWords(answer, closed, citations(answer.citations.map((citation) => ({ ...citation, words: "{sequence}" })))));
    this.changed();
    this.render();
  }

  /** The heat map goes, and the board shows the run again, as it was. */
  hideHeat() {
    if (!this.heat) return;
    this.heat = null;
    this.board.overlay = null;
    this.heatLegend.hide();
    this.changed();
  }

  /**
   * The game's moves changed: they go into the settings (the attribute, the address bar) when
   * the page is next idle, not in the way of the click's verdict (writing the address costs
   * milliseconds), and once however many moves came meanwhile. A new game (`restart`) drops
   * moves still due: they are of the game before, and would be replayed from the new one's start.
   */
  movesChanged(moves) {
    const first = this.movesDue === undefined;
    this.movesDue = moves;
    if (!first) return;
    const idle = window.requestIdleCallback ?? ((work) => setTimeout(work, 50));
    idle(() => {
      const due = this.movesDue;
      this.movesDue = undefined;
      if (due !== undefined && this.playing && due !== this.settings.moves) this.change({ moves: due }, false);
    }, { timeout: 250 });
  }

  /** The link that replays the finished game: the app with its settings and its moves. */
  replayLink() {
    const { board } = this.game;
    if (!this.game.celebration || !board) return null;
    return appLink({ ...this.settings, race: null, moves: board.moves() });
  }

  /** Copies the replay link (and shows it too, where there is room for the copied text). */
  async copyReplay() {
    const link = this.replayLink();
    if (!link) return;
    if (this.snippet) return copy(link, "link", this.snippet);
    await navigator.clipboard.writeText(link).catch(() => {}); // the link is on screen to copy by hand
  }

  /** Copies a link or a snippet for the current settings, and shows it too. */
  async share(kind) {
    const text = shareText(kind, this.settings);
    this.controls.copied(kind, await copy(text, kind, this.snippet));
    this.dispatchEvent(new CustomEvent("share", { detail: { kind, text }, bubbles: true, composed: true }));
  }

  // Settings in, and shown.

  readAttributes() {
    const { settings, problems } = read((name) => this.getAttribute(name));
    this.controller.settings = settings;
    this.game.settings = settings;
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
      if (pairs.has(name)) this.setAttribute(name, pageSwitch(name) ? "" : pairs.get(name));
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
    // Large text is the stylesheet's (`data-projector`); the board's words are drawn to its scale.
    if (this.hasAttribute("data-projector") !== settings.projector) {
      this.toggleAttribute("data-projector", settings.projector);
      this.board.restyle();
    }
    this.controls.showSettings(settings, appLink(settings));
    this.teaching?.showSettings(settings);
    this.lesson?.show(settings.teach);
    this.showShape(settings);
    this.changed();
  }

  /** The board frame's proportions (the skeleton's too, before the core is in). */
  showShape(shape) {
    const style = this.layoutBox.style;
    if (!shape) return;
    const aspect = this.live ? this.board.aspect(shape.rows, shape.cols) : guessAspect(shape);
    style.setProperty("--kt-aspect", String(aspect));
    style.setProperty("--kt-rows", String(shape.rows));
    style.setProperty("--kt-cols", String(shape.cols));
  }

  /**
   * Starts the run over from the chosen start square (if any); it waits for Play. In play mode, a
   * new game from the start, after the moves of the settings (played at the speed setting where
   * `animate`: a link opened or an attribute set; at once where the visitor changed a setting).
   */
  restart(animate = false) {
    if (!this.live) return;
    const { controller, settings, game } = this;
    controller.restart();
    if (this.heat && (this.heat.rows !== settings.rows || this.heat.cols !== settings.cols)) this.hideHeat();
    this.movesDue = undefined;
    if (this.playing) {
      game.restart(animate);
      if (game.problem) this.status.problems([...this.problems, ...this.notes, game.problem]);
    } else {
      game.dispose();
    }
    this.playView.showMode(this.playing);
    this.showRun();
  }

  /** Shows the run as it starts: the board, its start (the game's in play mode), the teaching view empty. */
  showRun() {
    const { controller, settings, game } = this;
    const start = this.playing ? (game.board ? game.board.start : -1) : controller.start;
    this.board.show(settings.rows, settings.cols, start);
    this.board.say(null);
    this.teaching?.reset(controller.squares);
    this.changed();
    this.render();
  }

  /** The status, the controls, the teaching view and the board's name, from the run. */
  render() {
    if (!this.live) return;
    const { controller, game, board } = this;
    this.controls.render(controller, this.animated?.busy ?? false);
    // A start is picked where there is a run or a start chosen (asked() without its names: this is every frame).
    this.tourCount?.render(controller.run !== null || this.settings.start !== null);
    if (this.playing) {
      this.playView.render(game, this.replayLink());
      this.teaching?.renderPlay(game);
      board.playMode(true, game.board ? game.board.knight : -1);
      board.describe(playLabel(game, board.choosing, board.cursorName));
      return;
    }
    this.status.render(controller);
    this.teaching?.render(controller);
    board.playMode(false);
    board.describe(this.boardLabel());
  }

  boardLabel() {
    const { controller, board } = this;
    const { rows, cols } = this.settings;
    const { path, run } = controller;
    // Read out of the path's view before the names, which the core makes, may move its memory.
    const [depth, knight] = [path.length, path[path.length - 1]];
    const name = (square) => controller.name(square);
    const where = depth ? `, knight on ${name(knight)}, ${counted(depth, "square", grouped)} visited` : "";
    const tours = this.heat && board.choosing ? ` (${this.heat.words(board.cursor)} tours from it)` : "";
    const keys = board.choosing
      ? `; choosing a start square, cursor on ${board.cursorName}${tours}: arrows move it, Enter starts the knight there, Escape cancels`
      : `; Enter to choose a start square`;
    const heat = this.heat ? ", showing how many tours start from each square (the legend below the board has the scale)" : "";
    return `${rows} by ${cols} board${run ? `, start ${name(run.start)}` : ""}${where}${heat}${keys}`;
  }
}

customElements.define("knights-tour", KnightsTourElement);
