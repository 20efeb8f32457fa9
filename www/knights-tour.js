// <knights-tour>: the visualizer as a custom element. One script tag and one tag put it in any
// page, from any sub-path (every URL here is relative to this module); several on a page run
// independently, sharing one WebAssembly module and one frame loop. The app page is the same
// element with layout="full".
//
//   <script type="module" src="…/knights-tour.js"></script>
//   <knights-tour board="5x5" start="b1" heuristic="fixed" speed="4" autoplay></knights-tour>
//
// The element only wires its parts. A compact board's skeleton is up at once (markup.js); the full
// layout's once its part is in (ui/full-layout.js); it comes alive when the core has loaded. Its
// settings come from its attributes and go back to them (attributes.js), and are shown in the
// controls and panels (settings-view.js); the run controller (controller.js) holds the run; the
// element holds one mode, watching the run (modes/run-mode.js) or playing it yourself
// (modes/play-mode.js), which the shared frame loop (frame-loop.js) ticks and paints. The board
// view (board-view.js) holds the canvas; the controls (controls.js) and the status
// (status-view.js) show the run; one keymap routes the keys (keyboard.js) to the buttons' actions
// (actions.js); exports are a part of their own (share.js). What a board may never use comes on
// first use (parts.js): the full layout, a compact board's keyboard, play mode, the teaching
// view, counting, GIF.

import { ready as coreReady, isTrap, watch } from "./core.js";
import { BoardView } from "./board/board-view.js";
import { reducedMotion } from "./board/render.js";
import { RunMode } from "./modes/run-mode.js";
import { Sharing } from "./panels/share.js";
import { COMPACT_HINTS, StatusView } from "./panels/status-view.js";
import { Parts, fullLayout, keysOnFirstUse } from "./parts.js";
import { BoardRecovery } from "./run/board-recovery.js";
import { RunController } from "./run/controller.js";
import * as frameLoop from "./run/frame-loop.js";
import { actions } from "./ui/actions.js";
import { AttributeSync } from "./ui/attributes.js";
import sheet from "./ui/component-style.js";
import { Controls } from "./ui/controls.js";
import { skeleton } from "./ui/markup.js";
import { NAMES, checkNames, guessShape } from "./ui/settings.js";
import { SettingsView } from "./ui/settings-view.js";
import { PageScheme } from "./ui/theme.js";

/**
 * The compact layout, the element's own (a post's, a frame's): the full layout's shape
 * (ui/full-layout.js), with its own sheet alone, no keyboard help, and its keys taken only with
 * focus inside it, the keyboard fetched when first used.
 */
const COMPACT = { sheet: null, skeleton, actions: () => ({}), Controls, Sharing, hints: COMPACT_HINTS, help: () => null, keys: keysOnFirstUse };

export class KnightsTourElement extends HTMLElement {
  static observedAttributes = [...NAMES, "layout"];

  constructor() {
    super();
    this.attachShadow({ mode: "open" });
    this.live = false; // the core is in and the run can go
    this.abort = null; // ends every listener of this connection
    this.sync = new AttributeSync(this);
    this.shown = new SettingsView(this); // the settings read and shown
    this.problems = []; // attribute values not understood
    this.notes = []; // what the page adds with notify()
    this.dirty = false; // the board to paint again, and the panels to write
    this.panelDirty = false; // the panels alone (a count's report): the board stays as painted
    this.controller = null; // the run, once the core is in
    this.runMode = null; // watching it, once the core is in
    this.mode = null; // that, or playing it yourself (a part loaded on first use)
  }

  connectedCallback() {
    this.build();
  }

  disconnectedCallback() {
    this.teardown();
  }

  attributeChangedCallback(name, previous, value) {
    if (this.abort) this.sync.heard(name, previous, value);
  }

  /** The attributes changed since the last time are read; a new run starts if one of them asks. */
  settle() {
    const pending = this.sync.take();
    if (!pending || !this.live) return;
    this.shown.read();
    if (!pending.starts) return;
    this.restart(true);
    if (this.settings.autoplay) this.autoplay();
  }

  // The public face, for the app page and tests: each entry reads the attributes' changes first.

  /** The settings in force (null until the core is in). */
  get settings() {
    this.settle();
    return this.controller?.settings ?? null;
  }

  /** The squares of the path so far (a copy in play mode; a view of the run's, read at once, otherwise). */
  get path() {
    this.settle();
    return this.mode?.path ?? new Uint32Array(0);
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

  /** Play mode's game (a PlayController), while the visitor plays. */
  get game() {
    return this.mode?.game ?? null;
  }

  /** Adds sentences to the notice of settings not understood (the app page's URL parameters that are none). */
  notify(problems) {
    this.notes.push(...problems);
    this.showProblems();
  }

  /** The notice: a restart after a trap, and settings not understood (the attributes', the page's, and `more`). */
  showProblems(more = []) {
    this.status?.problems([...this.problems, ...this.notes, ...more], this.recovery?.notice);
  }

  /** Changes settings as the controls do: written to the attributes, announced, the run restarted unless not to. */
  change(patch, restart = true) {
    this.settle();
    if (!this.live) return;
    // A game's moves are of its board and start: a new one of either, or leaving play, drops them.
    if (["rows", "cols", "start", "play"].some((name) => name in patch) && !("moves" in patch)) patch = { ...patch, moves: null };
    Object.assign(this.settings, patch);
    this.sync.write(this.settings);
    if ("theme" in patch) this.shown.theme();
    if (restart) this.counts?.hideHeat(); // a run of other settings: the map was of the board as it was
    this.shown.show();
    if (restart) this.restart();
    this.dispatchEvent(new CustomEvent("settingschange", { detail: { ...this.settings }, bubbles: true, composed: true }));
  }

  play() {
    this.settle();
    if (!this.live || this.mode !== this.runMode) return;
    this.update(() => this.controller.play(this.controller.speed === Infinity || this.board.imageMode, reducedMotion.matches));
  }

  /** Pauses the run where it stands (what the bar's Pause does). */
  pause() {
    if (this.live && this.mode === this.runMode) this.update(() => this.controller.pause());
  }

  /** One event of the run, then paused there (what the bar's Step does). */
  step() {
    if (this.live && this.mode === this.runMode) this.update(() => this.controller.step());
  }

  /**
   * Autoplay: the run sets off once the reader has seen the board (the frame loop says when it
   * comes into view); till then it waits, and says so.
   */
  autoplay() {
    if (this.seen) this.play();
    else this.update(() => (this.controller.awaitsSight = true));
  }

  /** Runs `action`, then shows what it did. */
  update(action) {
    this.settle();
    action();
    this.changed();
    this.render();
  }

  // Connecting and disconnecting: everything made here is undone in teardown().

  build() {
    if (!this.hasAttribute("layout")) this.setAttribute("layout", "compact");
    const abort = new AbortController();
    const { signal } = abort;
    this.abort = abort;
    this.seen = false; // whether the reader has seen it: autoplay waits for that
    this.scheme = new PageScheme(this, signal, () => this.shown.theme());
    frameLoop.add(this);
    watch(this.recovery = new BoardRecovery(this), signal); // a trap of the core restarts the board
    // The full layout is a part: a board of it is built once its module has run (the app page runs
    // it with the element's, and its board is built before the page's first paint: parts.js,
    // `fullLayout`); till then the shadow root shows what it showed (nothing, or a compact board
    // that became full); if it cannot load, a compact skeleton says why.
    const laid = this.getAttribute("layout") === "full"
      ? fullLayout.load().then((full) => this.abort === abort && this.lay(full, abort), (error) => {
        if (this.abort === abort) this.lay(COMPACT, abort);
        throw error;
      })
      : this.lay(COMPACT, abort);
    this.started = Promise.resolve(laid).then(() => coreReady).then(() => this.abort === abort && this.start(abort))
      .catch((error) => this.abort === abort && this.unavailable(error));
  }

  /** Puts up the skeleton of `layout` (COMPACT, or the full layout's part) and wires its parts, until `abort`. */
  lay(layout, abort) {
    const { signal } = abort;
    const compact = layout === COMPACT;
    const root = this.shadowRoot;
    root.adoptedStyleSheets = layout.sheet ? [sheet, layout.sheet] : [sheet];
    root.innerHTML = layout.skeleton();
    this.layoutBox = root.querySelector(".layout");
    this.board = new BoardView(root, this, signal, {
      pick: (square) => this.pick(square),
      press: (square) => this.live && this.controller.pressed(square),
      change: () => this.changed(),
    });
    this.act = { ...actions(this), ...layout.actions(this) };
    this.controls = new layout.Controls(root, this.act, signal);
    this.status = new StatusView(this, root, layout.hints);
    this.sharing = new layout.Sharing(this, root);
    this.help = layout.help(root, signal);
    this.parts = new Parts(this, root, signal, compact);
    layout.keys(this, signal);
    this.shown.shape(guessShape(this.getAttribute("board")));
  }

  /**
   * The core is in: the settings can be read and the run made. The parts the settings ask for
   * come in first, so that a link that opens in play mode or with the teaching view shows them
   * from the board's first frame; they are read again after, in case they changed meanwhile.
   */
  async start(abort) {
    checkNames();
    this.controller = new RunController({ arrived: () => this.showRun() }); // a large board's tour, built in the worker
    this.controller.settings = this.sync.read().settings;
    this.runMode = this.mode = new RunMode(this);
    // A game beside a board that autoplays lets that board's tour come first: play's part of the
    // core, the largest, is fetched once some board has run, or once the reader reaches for this one.
    if (this.controller.settings.play && frameLoop.othersAutoplay(this)) await Promise.race([frameLoop.firstRun(), reached(this, abort.signal)]);
    await Promise.all(this.parts.want(this.controller.settings));
    if (this.abort !== abort) return;
    this.live = true;
    this.layoutBox.classList.remove("loading");
    this.controls.ready();
    this.shown.read();
    this.restart(true);
    if (this.settings.autoplay) this.autoplay();
  }

  /** The teaching view, where this board has one and it has been on. */
  get teaching() {
    return this.parts?.get("teach") ?? null;
  }

  /** Counting (the full layout's), once it is in. */
  get counts() {
    return this.parts?.get("count") ?? null;
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
    this.sync.clear();
    frameLoop.remove(this);
    this.parts?.dispose();
    this.parts = null;
    this.controller?.dispose();
    this.controller = null;
    this.mode = null;
  }

  // The frame loop's side.

  /** Whether it searches in this frame: a run, a jump on the timeline, the page playing moves. */
  get running() {
    return this.live && this.mode.running;
  }

  /** Its search for up to `budget` ms of this frame. */
  advance(now, budget) {
    if (this.live && this.mode.tick(now, budget)) this.dirty = true;
  }

  /** Whether it has something to show that is not on the screen yet. */
  get stale() {
    return this.live && (this.dirty || this.panelDirty || this.moving) && !this.mode.holding;
  }

  /** Whether it wants frames: a search under way, a move animated, a jump replaying. */
  get moving() {
    return this.live && this.mode.moving;
  }

  /** Paints the board and writes what changed to the DOM. */
  draw(now) {
    if (!this.live) return;
    this.panelDirty = false;
    if (this.dirty || this.moving) {
      this.board.fit();
      this.dirty = false;
      this.mode.paint(now);
    }
    this.render();
  }

  /**
   * The reader sees the board from now on (on screen, its tab shown), or no longer: out of sight
   * the frame loop neither ticks nor paints it. Back in sight, it goes on where it stood, and an
   * autoplay that waited for it sets off.
   */
  sighted(inSight, now) {
    this.parts?.get("export")?.sighted(inSight, now);
    if (!inSight) return;
    this.seen = true;
    if (!this.live) return;
    this.mode.resume(now);
    if (this.controller.awaitsSight) this.play();
  }

  /** This board's frame threw: it stops and says so; the other boards carry on. A trap restarts every board (BoardRecovery). */
  fail(error) {
    if (!isTrap(error)) console.error(error); // a trap is logged once, by core.js, and has halted the board
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

  // What the visitor does (the rest is in actions.js).

  /** A square picked on the board: the knight starts there (in play mode, once started, moves there). */
  pick(square) {
    if (!this.live) return;
    this.counts?.hideHeat(); // the visitor asks for a run: the run is what the board shows
    this.mode.pick(square);
  }

  /** The notice of settings not understood is dismissed. */
  dismiss() {
    this.problems = [];
    this.notes = [];
    this.recovery.notice = null;
    this.showProblems();
  }

  /**
   * Starts the run over from the chosen start square (if any); it waits for Play. In play mode, a
   * new game from the start, after the moves of the settings (played at the speed setting where
   * `animate`: a link opened or an attribute set; at once where the visitor changed a setting),
   * once play mode is in: till then the board shows what it showed.
   */
  restart(animate = false) {
    if (!this.live) return;
    const { controller, settings } = this;
    const mode = settings.play ? this.parts.get("play") : this.runMode;
    if (!mode) {
      this.parts.need("play").then(() => this.live && this.settings.play && this.restart(animate), (error) => this.fail(error));
      return;
    }
    controller.restart();
    this.counts?.keepFor(settings);
    if (mode !== this.mode) {
      this.mode.leave();
      this.mode = mode;
      mode.enter();
    }
    const problem = mode.restart(animate);
    if (problem) this.showProblems([problem]);
    this.showRun();
  }

  /** Shows the run as it starts: the board, its start (the game's in play mode), the teaching view empty. */
  showRun() {
    const { settings } = this;
    this.board.show(settings.rows, settings.cols, this.mode.start);
    this.board.say(null);
    this.teaching?.reset(this.controller.squares);
    this.changed();
    this.render();
  }

  /** The status, the controls, the panels and the board's name, from the run or the game. */
  render() {
    if (!this.live) return;
    this.controls.render(this.controller, (kind) => this.mode.exportable(kind), this.parts.get("export")?.busy ?? false);
    // A start is picked where there is a run or a start chosen (asked() without its names: this is every frame).
    this.counts?.render(this.controller.run !== null || this.settings.start !== null);
    this.mode.render();
  }
}

/** Resolves when the reader first points at, touches, or focuses `element`. */
const reached = (element, signal) => new Promise((resolve) => {
  for (const type of ["pointerover", "pointerdown", "focusin"]) element.addEventListener(type, resolve, { once: true, signal });
});

customElements.define("knights-tour", KnightsTourElement);
