// The board on screen: the canvas in its frame, painted by the Painter (render.js) and the only
// module that calls it; the pointer over the squares; choosing a start square by keyboard, a mode
// of its own with a cursor and a caption; and a message across the board when something went
// wrong there.

import { coord, defaultStart, parseSquare, squareAt, squareName } from "../core.js";
import { Painter } from "./render.js";

const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

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
    this.caption = root.querySelector(".board-caption");
    this.on = on;
    this.painter = new Painter(this.canvas, this.frame, themed);
    this.painter.onChange = () => on.change(); // the view zoomed or panned
    this.hover = -1; // the square under the pointer, or tapped last on a touch screen
    this.hoverBy = "mouse"; // the type of pointer that pointed at it
    this.pointerType = "mouse"; // of the last press on the board
    this.pressed = null; // that press, until its click: `{square, x, y, shape}`
    this.cursor = -1; // the keyboard's cursor while a start square is being chosen, else -1
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
    const words = moving
      ? { what: "Moving the knight", enter: "moves there", escape: "stops" }
      : { what: "Choosing a start square", enter: "starts there", escape: "cancels" };
    for (const span of this.caption.querySelectorAll("[data-caption]")) span.textContent = words[span.dataset.caption];
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
    if (this.choosing) this.placeCaption(view.marked ?? []);
  }

  /**
   * Puts the caption where it covers neither the cursor's square nor a square of `marked`: over
   * the top of the board, over its bottom, or, where both would cover one, under the board.
   */
  placeCaption(marked) {
    const { painter, caption } = this;
    const keep = [this.cursor, ...marked];
    const key = `${keep.join(",")}|${painter.cell}|${painter.cssHeight}|${this.frame.clientWidth}`;
    if (key === this.captionFor) return;
    this.captionFor = key;
    const board = this.canvas.getBoundingClientRect();
    const scale = board.height / painter.cssHeight;
    const half = (painter.cell / 2) * scale;
    const squares = keep.map((square) => {
      const [x, y] = painter.centre(square);
      return { left: board.left + x * scale - half, right: board.left + x * scale + half, top: board.top + y * scale - half, bottom: board.top + y * scale + half };
    });
    const covers = () => {
      const box = caption.getBoundingClientRect();
      return squares.some((s) => s.left < box.right && box.left < s.right && s.top < box.bottom && box.top < s.bottom);
    };
    // The half the cursor is not on first, as the eye expects.
    const [, y] = painter.centre(this.cursor);
    const sides = y < painter.cssHeight / 2 ? ["bottom", "top"] : ["top", "bottom"];
    this.frame.style.marginBottom = "";
    for (const side of sides) {
      caption.dataset.side = side;
      if (!covers()) return;
    }
    // Under the board, the words below it make room rather than be covered.
    caption.dataset.side = "under";
    this.frame.style.marginBottom = `${caption.offsetHeight + 8}px`;
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

  /** Enter on the focused board: choosing a start square begins, the cursor on the start (or the core's default, a1). */
  choose() {
    if (!this.shape || this.choosing) return;
    const { rows, cols, start } = this.shape;
    this.moveCursor(start >= 0 ? start : parseSquare(rows, cols, defaultStart(rows, cols)));
    this.caption.hidden = false;
  }

  /** Choosing ends, the board as it was. */
  stopChoosing() {
    if (!this.choosing) return;
    this.cursor = -1;
    this.caption.hidden = true;
    this.frame.style.marginBottom = "";
    this.captionFor = null;
    this.on.change();
  }

  /**
   * A key while choosing: the arrows move the cursor, Enter or Space starts the knight on its
   * square (`on.pick`; in play mode, moves it there, and choosing goes on), Escape stops
   * choosing. Returns whether the key was one of these.
   */
  chooseKey(event) {
    const { key } = event;
    if (key === "Escape") {
      this.stopChoosing();
    } else if (key === "Enter" || key === " ") {
      const square = this.cursor;
      if (!this.moves) this.stopChoosing();
      this.on.pick(square);
    } else if (key in STEPS) {
      const { rows, cols } = this.shape;
      const [dr, dc] = STEPS[key];
      const [row, col] = coord(rows, cols, this.cursor);
      this.moveCursor(squareAt(rows, cols, Math.min(rows - 1, Math.max(0, row + dr)), Math.min(cols - 1, Math.max(0, col + dc))));
    } else {
      return false;
    }
    return true;
  }

  moveCursor(square) {
    this.cursor = square;
    this.caption.querySelector("strong").textContent = this.cursorName;
    const { painter } = this;
    // A zoomed board follows the cursor; the caption sits on the half of the board it is not on.
    painter.view.reveal(...painter.centre(square));
    this.captionFor = null; // placed at the next paint, clear of the cursor and the marked squares
    this.on.change();
  }
}
