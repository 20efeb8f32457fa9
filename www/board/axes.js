// The board's edges, labelled as its squares are named: file letters along the bottom and rank
// numbers up the left (column and row indices past 26 columns), the core's own labels
// (`axisLabels`). They sit in the frame's margin, beside the squares and never over them, on a
// canvas of their own laid over the frame. They follow zoom and pan: only the rows and columns in
// sight get one, thinned to round numbers where the squares are too small for one each.

import { css } from "../ui/colour.js";
import { axisLabels } from "../core.js";

/** The labels are as large as the page's smallest text. */
const SIZE = 14;
const FONT = `600 ${SIZE}px system-ui, sans-serif`;
/** Between the board's edge and its labels, CSS pixels: clear of the board's focus ring. */
const GAP = 9;
/** Between the labels and the frame's edge. */
const EDGE = 2;
/** Neighbouring labels keep at least this much space between them… */
const SPACING = 6;
/** …and rank labels, one above the other, are this far apart at least: digits are shorter than the type. */
const ROW_GAP = SIZE + 2;

export class Axes {
  /** Lays its canvas over `board`'s frame, just after the board in the frame. */
  constructor(board) {
    this.canvas = document.createElement("canvas");
    this.canvas.className = "axes";
    // Assistive technology hears the squares' names from the board's label; these are for the eye.
    this.canvas.setAttribute("aria-hidden", "true");
    board.after(this.canvas);
    this.ctx = this.canvas.getContext("2d");
    this.board = ""; // the board the labels are for, "ROWSxCOLS"
    this.labels = { files: [], ranks: [] };
    this.widest = { file: 0, rank: 0 };
    /** The board canvas's top-left corner on this one, in CSS pixels. */
    this.at = [0, 0];
    this.dpr = 1;
    this.painted = ""; // what the canvas shows: the view, sizes and colour it was drawn for
    /** The labels the last paint wrote, in screen order: what a person sees along each edge. */
    this.drawn = { files: [], ranks: [] };
  }

  /**
   * The room the labels of a `rows` × `cols` board need beside it beyond the frame's `padding`
   * (`{left, bottom}` in CSS pixels): `[left, bottom]` margins for the board's canvas.
   */
  margins(rows, cols, padding) {
    this.load(rows, cols);
    return [
      Math.max(0, Math.ceil(this.widest.rank + GAP + EDGE - padding.left)),
      Math.max(0, Math.ceil(SIZE * 1.25 + GAP + EDGE - padding.bottom)),
    ];
  }

  /** Reads the core's labels for a `rows` × `cols` board, once per board. */
  load(rows, cols) {
    const board = `${rows}x${cols}`;
    if (this.board === board) return;
    this.board = board;
    this.labels = axisLabels(rows, cols);
    this.ctx.font = FONT;
    const widest = (labels) => this.ctx.measureText(labels.reduce((a, b) => (b.length > a.length ? b : a), "")).width;
    this.widest = { file: widest(this.labels.files), rank: widest(this.labels.ranks) };
    this.painted = "";
  }

  /** Fits this canvas to the frame and finds `board` on it (the labels are drawn again if either moved). */
  place(frame, board, dpr) {
    const outer = frame.getBoundingClientRect();
    const inner = board.getBoundingClientRect();
    const at = [inner.left - outer.left - frame.clientLeft, inner.top - outer.top - frame.clientTop];
    const width = Math.round(frame.clientWidth * dpr);
    const height = Math.round(frame.clientHeight * dpr);
    const { canvas } = this;
    if (at[0] === this.at[0] && at[1] === this.at[1] && width === canvas.width && height === canvas.height && dpr === this.dpr) {
      return;
    }
    Object.assign(this, { at, dpr });
    canvas.width = width;
    canvas.height = height;
    this.painted = "";
  }

  /** The colours or the font may have changed: draw again at the next paint. */
  stale() {
    this.painted = "";
  }

  /** Labels the rows and columns of `painter`'s board in sight, unless nothing changed since the last time. */
  paint(painter) {
    const { view, grid, cssWidth, cssHeight, cell } = painter;
    this.load(grid.rows, grid.cols);
    const painted = [view.x, view.y, view.zoom, cssWidth, cssHeight, grid.band, ...this.at, this.canvas.width].join();
    if (painted === this.painted) return;
    this.painted = painted;
    const { ctx, labels, dpr } = this;
    const [left, top] = this.at;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.font = FONT;
    ctx.fillStyle = css(painter.colour.muted);
    const [x0, y0, x1, y1] = painter.sight();
    // Each band of a folded board repeats its short side's labels (a wide board's ranks, a tall
    // one's files): where a band would keep only one of them, they are left out.
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    const ranks = this.edge({
      lines: [y0, y1], limit: cssHeight, gap: ROW_GAP, cell, labels: labels.ranks,
      repeated: grid.folded && grid.wide ? grid.rows : 0,
      // A row is named by its leftmost square in sight: on bands side by side, the leftmost band's.
      square: (y) => first(x0, Math.min(x1, x0 + 2), (x) => grid.squareAt(x, y)),
      index: (square) => grid.coord(square)[0],
      centre: (y) => view.toScreen(0, y + 0.5)[1],
      write: (label, centre) => ctx.fillText(label, left - GAP, top + centre),
    });
    ctx.textAlign = "center";
    ctx.textBaseline = "top";
    const files = this.edge({
      lines: [x0, x1], limit: cssWidth, gap: this.widest.file + SPACING, cell, labels: labels.files,
      repeated: grid.folded && !grid.wide ? grid.cols : 0,
      // A column is named by its lowest square in sight: on bands one under another, the lowest band's.
      square: (x) => first(y1 - 1, Math.max(y0 - 1, y1 - 3), (y) => grid.squareAt(x, y)),
      index: (square) => grid.coord(square)[1],
      centre: (x) => view.toScreen(x + 0.5, 0)[0],
      write: (label, centre) => ctx.fillText(label, left + centre, top + cssHeight + GAP),
    });
    this.drawn = { files, ranks };
  }

  /**
   * One edge's labels: for each world row or column from `lines[0]` to `lines[1]`, the label of
   * the square `square(line)` finds, where its centre is on the board (`0` to `limit` along the
   * edge) and at least `gap` from the last one, thinned for squares of `cell`. Returns them.
   */
  edge({ lines: [from, to], limit, gap, cell, labels, repeated, square, index, centre, write }) {
    const every = step(cell, gap);
    if (repeated > 1 && every >= repeated) return [];
    const drawn = [];
    let last = -Infinity;
    for (let line = from; line < to; line++) {
      const found = square(line);
      if (found < 0) continue;
      const i = index(found);
      const at = centre(line);
      if (!kept(labels[i], i, every) || at < 0 || at > limit || at - last < gap) continue;
      last = at;
      write(labels[i], at);
      drawn.push(labels[i]);
    }
    return drawn;
  }
}

/** The first of `at(from)`, `at(from ± 1)`… up to `to` (excluded) that is a square, or -1: a band's gap is one square. */
function first(from, to, at) {
  const direction = to > from ? 1 : -1;
  for (let i = from; i !== to; i += direction) {
    const square = at(i);
    if (square >= 0) return square;
  }
  return -1;
}

/** Every label, or every 2nd, 5th, 10th, 20th… : the fewest left out that keeps labels `gap` apart on squares of `cell`. */
function step(cell, gap) {
  let power = 1;
  for (; power < 1e7; power *= 10) {
    for (const factor of [1, 2, 5]) {
      if (factor * power * cell >= gap) return factor * power;
    }
  }
  return power; // no board has that many squares a side
}

/** Whether a label stays when only every `step`th is kept: round numbers (0, 10, 20…), or every `step`th letter. */
function kept(label, index, step) {
  if (step === 1) return true;
  return /^\d+$/.test(label) ? Number(label) % step === 0 : index % step === 0;
}
