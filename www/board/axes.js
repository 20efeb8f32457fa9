// The board's edges, labelled as its squares are named: file letters along the bottom and rank
// numbers up the left (files past z go on aa, ab, … as a spreadsheet's do), the core's own labels
// (`axisLabels`). They sit in the frame's margin, beside the squares and never over them, on a
// canvas of their own laid over the frame. They follow zoom and pan: only the rows and columns in
// sight get one, thinned to round numbers where the squares are too small for one each. Where
// a folded board shows more than one band, the edges name the bands instead, each by the span
// of the long side it holds ("0–124" beside a band of a wide board, "1000" over "–901" under a
// band of a tall one): one band's squares' names would be wrong for every other.

import { css } from "../ui/colour.js";
import { axisLabels, boardSetting } from "../core.js";

/** The labels are as large as the page's smallest text (times its scale, for large text). */
const SIZE = 14;
/** Between the board's edge and its labels, CSS pixels: clear of the board's focus ring. */
const GAP = 9;
/** Between the labels and the frame's edge. */
const EDGE = 2;
/** Neighbouring labels keep at least this much space between them… */
const SPACING = 6;
/** …and rank labels, one above the other, are this much further apart than their size: digits are shorter than the type. */
const ROW_SPACING = 2;

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
    this.size = SIZE; // the labels' size in CSS pixels
    this.font = "";
    this.scale(1);
    /** The labels the last paint wrote, in screen order: what a person sees along each edge. */
    this.drawn = { files: [], ranks: [] };
  }

  /**
   * The room the labels of a `rows` × `cols` board need beside it beyond the frame's `padding`
   * (`{left, bottom}` in CSS pixels): `[left, bottom]` margins for the board's canvas. A folded
   * `grid` names its bands: beside them (wide) or under them in two lines (tall).
   */
  margins(rows, cols, padding, grid = null) {
    this.load(rows, cols);
    const banded = grid?.folded ? this.bandLabels(grid) : null;
    const left = banded && grid.wide ? Math.max(...banded.map(([first, last]) => this.measure(`${first}–${last}`))) : this.widest.rank;
    const lines = banded && !grid.wide ? 2 : 1;
    return [
      Math.max(0, Math.ceil(left + GAP + EDGE - padding.left)),
      Math.max(0, Math.ceil(this.size * 1.25 * lines + GAP + EDGE - padding.bottom)),
    ];
  }

  measure(text) {
    this.ctx.font = this.font;
    return this.ctx.measureText(text).width;
  }

  /** Per band of a folded `grid`, the labels of the first and last line of the long side it holds. */
  bandLabels(grid) {
    const { files, ranks } = this.labels;
    const along = grid.wide ? files : ranks;
    return Array.from({ length: grid.count }, (_, b) => [along[b * grid.band], along[Math.min(along.length, (b + 1) * grid.band) - 1]]);
  }

  /** Reads the core's labels for a `rows` × `cols` board, once per board. */
  load(rows, cols) {
    const board = boardSetting(rows, cols);
    if (this.board === board) return;
    this.board = board;
    this.labels = axisLabels(rows, cols);
    this.ctx.font = this.font;
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

  /** The page's text is `factor` times its usual size (large text): so are the labels. */
  scale(factor) {
    this.size = SIZE * factor;
    this.font = `600 ${this.size}px system-ui, sans-serif`;
    this.board = ""; // the widest labels are measured again
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
    ctx.font = this.font;
    ctx.fillStyle = css(painter.colour.muted);
    const [x0, y0, x1, y1] = painter.sight();
    if (grid.folded && this.paintBands(painter, [x0, y0, x1, y1])) return;
    // Each band of a folded board repeats its short side's labels (a wide board's ranks, a tall
    // one's files): where a band would keep only one of them, they are left out.
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    const ranks = this.edge({
      lines: [y0, y1], limit: cssHeight, gap: this.size + ROW_SPACING, cell, labels: labels.ranks,
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
   * Names each band of a folded board in sight by the span of the long side it holds, where more
   * than one is in sight (returns false where one is, whose squares the edges name as usual).
   * Bands too close for each to be named keep every 2nd, 5th, 10th… name.
   */
  paintBands(painter, [x0, y0, x1, y1]) {
    const { ctx } = this;
    const { view, grid, cssHeight, cell } = painter;
    const [left, top] = this.at;
    const boxes = grid.bands();
    const shown = [];
    for (let b = 0; b < grid.count; b++) {
      const [bx, by] = [boxes.x[b], boxes.y[b]];
      const [bw, bh] = [boxes.width[b], boxes.height[b]];
      // The part of the band in sight, if any: its middle is where the band's name goes.
      const [from, to] = grid.wide ? [Math.max(by, y0), Math.min(by + bh, y1)] : [Math.max(bx, x0), Math.min(bx + bw, x1)];
      if (from < to) shown.push([b, (from + to) / 2]);
    }
    if (shown.length < 2) return false;
    const labels = this.bandLabels(grid);
    const pitch = (grid.wide ? grid.rows : grid.cols) + 1; // a band and its gap, in squares
    const drawn = [];
    if (grid.wide) {
      ctx.textAlign = "right";
      ctx.textBaseline = "middle";
      const every = step(pitch * cell, this.size + ROW_SPACING);
      for (const [b, middle] of shown) {
        if (b % every !== 0) continue;
        const [first, last] = labels[b];
        ctx.fillText(`${first}–${last}`, left - GAP, top + view.toScreen(0, middle)[1]);
        drawn.push(`${first}–${last}`);
      }
      this.drawn = { files: [], ranks: drawn };
    } else {
      ctx.textAlign = "center";
      ctx.textBaseline = "top";
      const widest = Math.max(...labels.map(([first, last]) => Math.max(this.measure(first), this.measure(`–${last}`))));
      const every = step(pitch * cell, widest + SPACING);
      for (const [b, middle] of shown) {
        if (b % every !== 0) continue;
        const [first, last] = labels[b];
        const x = left + view.toScreen(middle, 0)[0];
        ctx.fillText(first, x, top + cssHeight + GAP);
        ctx.fillText(`–${last}`, x, top + cssHeight + GAP + this.size * 1.25);
        drawn.push(`${first}–${last}`);
      }
      this.drawn = { files: drawn, ranks: [] };
    }
    return true;
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
