// The board on screen: the canvas in its frame, painted by the Painter (render.js) and the only
// module that calls it; the pointer and the keyboard's cursor over the squares; and a message
// across the board when something went wrong there.

import { Painter } from "./render.js";

const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export class BoardView {
  /**
   * `root` holds the `.board-frame`, its canvas and its `.board-message`; `themed` the palette's
   * CSS variables. `on.pick(square)` hears a square chosen by click or keyboard, `on.change()`
   * that the board needs painting again. Listeners end with `signal`.
   */
  constructor(root, themed, signal, on) {
    this.canvas = root.querySelector("canvas");
    this.frame = root.querySelector(".board-frame");
    this.message = root.querySelector(".board-message");
    this.on = on;
    this.painter = new Painter(this.canvas, this.frame, themed);
    this.painter.onChange = () => on.change(); // the view zoomed or panned
    this.hover = -1; // the square under the pointer or the keyboard's cursor
    this.shape = null; // { rows, cols, start } of the board shown
    this.label = "";
    this.relayout = true;
    this.resizes = new ResizeObserver(() => {
      this.relayout = true;
      on.change();
    });
    this.resizes.observe(this.frame);
    signal.addEventListener("abort", () => this.resizes.disconnect());
    const options = { signal };
    this.canvas.addEventListener("pointermove", (event) => this.point(this.squareAt(event)), options);
    this.canvas.addEventListener("pointerleave", () => this.point(-1), options);
    this.canvas.addEventListener("blur", () => this.point(-1), options);
    this.canvas.addEventListener("click", (event) => {
      const square = this.squareAt(event);
      if (square >= 0 && this.shape) on.pick(square);
    }, options);
  }

  squareAt(event) {
    return this.shape ? this.painter.squareAt(event.clientX, event.clientY) : -1;
  }

  point(square) {
    if (square === this.hover) return;
    this.hover = square;
    this.on.change();
  }

  /** The board to show: `rows` × `cols`, the cursor starting on `start` (a square, or -1). */
  show(rows, cols, start) {
    this.shape = { rows, cols, start };
    this.relayout = true;
  }

  /** The width over the height of a `rows` × `cols` board as painted: long thin boards are folded. */
  aspect(rows, cols) {
    return this.painter.aspect(rows, cols);
  }

  /** How many ms the last paint took. */
  get paintCost() {
    return this.painter.cost;
  }

  /** Whether the board is painted one pixel a square, too small for moves. */
  get imageMode() {
    return this.painter.imageMode;
  }

  /** Fits the canvas to its frame, if the frame or the board may have changed size. */
  fit() {
    if (!this.relayout || !this.shape) return false;
    this.relayout = false;
    return this.painter.layout(this.shape.rows, this.shape.cols);
  }

  paint(view) {
    this.painter.paint(view);
  }

  /** The colours changed (theme, stylesheet): read them again. */
  readPalette() {
    this.painter.readPalette();
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

  /**
   * With the board focused, the arrow keys move a cursor over the squares and Enter (or Space,
   * when `spacePicks`) starts the knight on it: the board is reachable without a mouse. Returns
   * the square picked, -1 if the key only moved the cursor, or null if the key was not the board's.
   */
  key(event, spacePicks) {
    if (!this.shape) return null;
    const { rows, cols, start } = this.shape;
    const picks = event.key === "Enter" || (event.key === " " && spacePicks && this.hover >= 0);
    if (!(event.key in STEPS) && !picks) return null;
    event.preventDefault();
    if (this.hover < 0) {
      this.hover = start >= 0 ? start : (rows - 1) * cols; // the cursor appears on the start or a1
      this.on.change();
      if (!picks) return -1;
    }
    if (picks) return this.hover;
    const [dr, dc] = STEPS[event.key];
    const row = Math.min(rows - 1, Math.max(0, Math.floor(this.hover / cols) + dr));
    const col = Math.min(cols - 1, Math.max(0, (this.hover % cols) + dc));
    this.point(row * cols + col);
    return -1;
  }
}
