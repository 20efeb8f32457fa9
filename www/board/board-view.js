// The board on screen: the canvas in its frame, painted by the Painter (render.js) and the only
// module that calls it; the pointer over the squares; the cursor of choosing a start square by
// keyboard, a mode of its own whose keys and caption are the keyboard's part (ui/choosing.js);
// and a message across the board when something went wrong there.

import { squareName } from "../core.js";
import { Painter } from "./render.js";

export class BoardView {
  /**
   * `root` holds the `.board-frame`, its canvas and its `.board-message`; `themed` the palette's
   * CSS variables. `on.pick(square)` hears a square chosen by click or keyboard, `on.press(square)`
   * a press on one (its click, likely to follow, picks it), `on.change()` that the board needs
   * painting again. Listeners end with `signal`.
   */
  constructor(root, themed, signal, on) {
    this.canvas = root.querySelector("canvas");
    this.frame = root.querySelector(".board-frame");
    this.message = root.querySelector(".board-message");
    this.on = on;
    this.painter = new Painter(this.canvas, this.frame, themed);
    this.painter.onChange = () => on.change(); // the view zoomed or panned
    this.hover = -1; // the square under the pointer, or tapped last on a touch screen
    this.hoverBy = "mouse"; // the type of pointer that pointed at it
    this.pointerType = "mouse"; // of the last press on the board
    this.pressed = null; // that press, until its click: `{square, x, y, shape}`
    this.cursor = -1; // the keyboard's cursor while a start square is being chosen, else -1
    this.chooser = null; // the keys of choosing (ui/choosing.js), once the keyboard's part has made them
    this.moves = false; // play mode: the cursor picks the knight's moves, and stays for the next
    this.moving = false; // the caption says the cursor moves the knight (not that it picks a start)
    this.shape = null; // { rows, cols, start } of the board shown
    this.label = "";
    this.layer = null; // see `overlay`
    /** Over a layer, the square a first click or tap picked, which a second starts from; else -1. */
    this.selected = -1;
    this.relayout = true;
    /**
     * The frame's width as of the last layout, read where the layout is fresh (the resize
     * observer's callback) rather than making the browser lay out the page mid-change; undefined
     * until the frame is first laid out.
     */
    this.width = undefined;
    this.resizes = new ResizeObserver(() => {
      this.width = this.frame.clientWidth;
      this.relayout = true;
      on.change();
    });
    this.resizes.observe(this.frame);
    signal.addEventListener("abort", () => this.resizes.disconnect());
    const options = { signal };
    this.canvas.addEventListener("pointermove", (event) => this.point(this.squareAt(event), event.pointerType), options);
    // A finger leaves the board as it lifts: the square it tapped stays pointed at. So it does when
    // the page moves under a resting mouse (a layout, a scroll): only the mouse's own square goes.
    this.canvas.addEventListener("pointerleave", (event) => {
      if (event.pointerType === "mouse" && this.hoverBy === "mouse") this.point(-1, "mouse");
    }, options);
    this.canvas.addEventListener("pointerdown", (event) => {
      this.pointerType = event.pointerType;
      const square = event.button === 0 ? this.squareAt(event) : -1;
      this.pressed = square >= 0 ? { square, x: event.clientX, y: event.clientY, shape: this.shape } : null;
      // The click that follows picks this square, most likely: what it needs can start now.
      if (this.pressed) on.press(square);
    }, options);
    this.canvas.addEventListener("pointercancel", () => (this.pressed = null), options);
    // Choosing belongs to the focused board: it ends when focus goes, changing nothing.
    this.canvas.addEventListener("blur", () => this.stopChoosing(), options);
    this.canvas.addEventListener("click", (event) => {
      // Released where it was pressed, on the board as it was, the press's square: a click's
      // position is rounded to whole pixels, and a square of a large board may be smaller.
      const press = this.pressed;
      this.pressed = null;
      const same = press?.shape === this.shape && Math.hypot(event.clientX - press.x, event.clientY - press.y) < 1.5;
      const square = same ? press.square : this.squareAt(event);
      if (square < 0) return;
      // Over a layer (the heat map, whose legend says the count of the square pointed at) a
      // first click or tap picks the square and says its count, a second starts there: the
      // layer is what a person came to read, and a click meant to read it does not throw it away.
      if (this.overlay && square !== this.selected) {
        this.selected = square;
        this.point(square, this.pointerType);
        this.on.change();
        return;
      }
      this.selected = -1;
      this.stopChoosing();
      on.pick(square);
    }, options);
  }

  /**
   * The square under a pointer on the board as laid out, or -1 before it has a board. A board not
   * laid out since it changed, or never drawn yet (out of sight until now: its first frame still to
   * come), is laid out first, so that a press that comes before that frame finds its square.
   */
  squareAt(event) {
    this.fit();
    const { shape, painter } = this;
    const painted = shape && painter.rows === shape.rows && painter.cols === shape.cols;
    return painted ? painter.squareAt(event.clientX, event.clientY) : -1;
  }

  /** A layer over the whole board (the heat map: `paint(painter, hover)`), or null. */
  get overlay() {
    return this.layer;
  }

  set overlay(layer) {
    this.layer = layer;
    this.selected = -1; // a square picked over another layer, or none
  }

  /**
   * Brings the board into the window where it is not wholly in it (on a phone, the page stays at
   * the controls below it), as a person's action that changes what it shows asks.
   */
  reveal() {
    const { top, bottom } = this.frame.getBoundingClientRect();
    if (top >= -1 && bottom <= innerHeight + 1) return; // in view, but for a fraction of a pixel
    const smooth = !matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.frame.scrollIntoView({ block: bottom - top > innerHeight ? "start" : "nearest", behavior: smooth ? "smooth" : "auto" });
  }

  /** Points at `square` (or -1) by a pointer of `pointerType` ("mouse", "touch", "pen"). */
  point(square, pointerType) {
    this.hoverBy = pointerType;
    if (square === this.hover) return;
    this.hover = square;
    this.on.change();
  }

  /** The board to show: `rows` × `cols`, a cursor starting on `start` (a square, or -1). */
  show(rows, cols, start) {
    if (this.shape?.rows !== rows || this.shape?.cols !== cols) this.stopChoosing();
    this.shape = { rows, cols, start };
    this.relayout = true;
  }

  /**
   * Play mode (`on`) or not: the keyboard's cursor then picks the start and moves the knight,
   * square after square, choosing on after each (from where the knight stands, `home`, once it
   * is on the board), and the caption says which it picks.
   */
  playMode(on, home = -1) {
    this.moves = on;
    if (this.shape && home >= 0) this.shape.start = home;
    const moving = on && home >= 0;
    if (moving === this.moving) return;
    this.moving = moving;
    this.chooser?.words();
  }

  /** The width over the height of a `rows` × `cols` board as painted: long thin boards are folded. */
  aspect(rows, cols) {
    return this.painter.aspect(rows, cols, this.width);
  }

  /** Whether the board is painted one pixel a square, too small for moves. */
  get imageMode() {
    return this.painter.imageMode;
  }

  /** The core was made again after a trap (core.js): the layout, the old core's, is made anew. */
  renew() {
    this.painter.grid = null;
    this.relayout = true;
  }

  /** Fits the canvas to its frame, if the frame or the board may have changed size. */
  fit() {
    if (!this.relayout || !this.shape) return;
    this.relayout = false;
    this.painter.layout(this.shape.rows, this.shape.cols);
  }

  /**
   * Paints the painter's `view` (see `Painter.paint`), with the keyboard's cursor if a square is
   * being chosen; `view.marked` are squares the words under the board are about, which the
   * caption must leave in sight.
   */
  paint(view) {
    // Shown even while a run goes on: choosing the next start does not stop this one.
    if (this.choosing) view.hover = this.cursor;
    const { overlay } = this;
    if (overlay) view.overlay = (painter) => overlay.paint(painter, this.choosing ? this.cursor : this.hover);
    this.painter.paint(view);
    if (this.choosing) this.chooser.place(view.marked ?? []);
  }

  /** The colours changed (theme, stylesheet): read them again. */
  readPalette() {
    this.painter.readPalette();
  }

  /** The size of the page's text changed (large text): the labels' room and colours are read again. */
  restyle() {
    this.painter.readPalette();
    this.relayout = true;
    this.on.change();
  }

  /** The palette as the painter read it, for exports. */
  get palette() {
    return this.painter.colour;
  }

  /** The canvas's accessible name, set only when it changes. */
  describe(label) {
    if (label === this.label) return;
    this.label = label;
    this.canvas.setAttribute("aria-label", label);
  }

  /** Words across the board (a failure, a module that did not load), or null to clear them. */
  say(text) {
    this.message.hidden = text === null;
    this.message.textContent = text ?? "";
  }

  /** Whether a start square is being chosen by keyboard. */
  get choosing() {
    return this.cursor >= 0;
  }

  /** The square under the keyboard's cursor, by name, while choosing. */
  get cursorName() {
    return this.choosing ? squareName(this.shape.rows, this.shape.cols, this.cursor) : null;
  }

  /** Choosing ends, the board as it was. */
  stopChoosing() {
    if (!this.choosing) return;
    this.cursor = -1;
    this.chooser.hide();
    this.on.change();
  }
}
