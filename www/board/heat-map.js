// The tours from each square as a heat map over the board: a layer the painter draws last (see
// `Painter.paint`'s `overlay`), over whatever the run has painted, which it leaves as it is: hide
// the layer and the run is there, painted as ever. Each square takes its colour on a sequential
// ramp (viridis, www/ui/colour.js) by its count on a logarithmic scale, since the counts of one
// board span orders of magnitude (5x10: 27 million from one square, 1.4 billion from a corner);
// a square no tour starts from is plain. The count is written on each square where it fits.

import { css, mix } from "../ui/colour.js";
import { inkOn, ramp } from "../ui/ramp.js";
import { formatCount, grouped } from "../ui/text.js";

/** Numbers are written from this size, in CSS pixels, to this one: every digit from the first. */
const SMALLEST_FONT = 10;
const DIGITS_FROM = 12;
const LARGEST_FONT = 18;
const FONT = "system-ui, sans-serif";

export class HeatMap {
  /**
   * The tours from each square of `rows` × `cols`, by square index (`grid`: decimal strings, as
   * the core counts them, exactly); `closed`: closed tours through each square.
   */
  constructor({ rows, cols, grid, closed }) {
    Object.assign(this, { rows, cols, closed });
    this.counts = grid;
    // Colours need no more than a float's precision; the words say every digit.
    this.values = grid.map(Number);
    const positive = this.values.filter((value) => value > 0);
    this.low = positive.length ? Math.min(...positive) : 0;
    this.high = positive.length ? Math.max(...positive) : 0;
    this.none = positive.length < grid.length; // some square starts no tour
    this.fitted = null; // the words on the squares, for the last size of square
  }

  /** Where `value` lies on the scale, 0 (the fewest) to 1 (the most), or null for none. */
  position(value) {
    if (!(value > 0)) return null;
    if (this.high === this.low) return 1;
    return Math.log(value / this.low) / Math.log(this.high / this.low);
  }

  /** The colour of a square with `value` tours; `plain` for none. */
  colour(value, plain) {
    const t = this.position(value);
    return t === null ? plain : ramp(t);
  }

  /** The count on `square`, every digit grouped: "1,427,053,294". */
  words(square) {
    return grouped(this.counts[square]);
  }

  /** The colour of a square no tour starts from, in the painter's theme. */
  static plain(colour) {
    return mix(colour.surface, colour.muted, 0.22).map(Math.round);
  }

  /**
   * Paints over everything on the board (the painter's overlay): each square in its colour, its
   * count on it where the digits fit, short (1.42 B) where only that fits, and the square under
   * the pointer outlined.
   */
  paint(painter, hover) {
    const { ctx, cell, colour } = painter;
    const plain = HeatMap.plain(colour);
    const { labels, size } = this.labels(ctx, cell);
    ctx.save();
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.font = `600 ${size}px ${FONT}`;
    for (let square = 0; square < this.values.length; square++) {
      const [x, y] = painter.centre(square);
      if (x + cell < 0 || y + cell < 0 || x - cell > painter.cssWidth || y - cell > painter.cssHeight) continue;
      const fill = this.colour(this.values[square], plain);
      ctx.fillStyle = css(fill);
      // A hair over a square each way: no seam of the board shows between two squares.
      ctx.fillRect(x - cell / 2 - 0.25, y - cell / 2 - 0.25, cell + 0.5, cell + 0.5);
      if (!labels) continue;
      ctx.fillStyle = css(this.values[square] > 0 ? inkOn(fill) : colour.muted);
      ctx.fillText(labels[square], x, y + size * 0.05);
    }
    if (hover >= 0) {
      const [x, y] = painter.centre(hover);
      ctx.strokeStyle = css(colour.hover);
      ctx.lineWidth = Math.max(2, cell * 0.06);
      const inset = ctx.lineWidth / 2;
      ctx.strokeRect(x - cell / 2 + inset, y - cell / 2 + inset, cell - 2 * inset, cell - 2 * inset);
    }
    ctx.restore();
  }

  /**
   * The words on the squares for squares `cell` pixels wide, one size for all: every digit where
   * the longest fits at a readable size, else short (1.42 B), else none (`labels` null).
   */
  labels(ctx, cell) {
    if (this.fitted?.cell === cell) return this.fitted;
    const most = Math.min(LARGEST_FONT, cell * 0.3);
    const room = cell * 0.88;
    ctx.save();
    ctx.font = `600 100px ${FONT}`;
    // The size at which the widest of `labels` takes the room, up to the largest.
    const fit = (labels) => Math.min(most, Math.floor((100 * room) / Math.max(...labels.map((text) => ctx.measureText(text).width))));
    const digits = this.counts.map(grouped);
    const short = this.values.map(formatCount);
    const [full, brief] = [fit(digits), fit(short)];
    ctx.restore();
    this.fitted = full >= DIGITS_FROM ? { cell, labels: digits, size: full }
      : brief >= SMALLEST_FONT ? { cell, labels: short, size: brief }
        : { cell, labels: null, size: 0 };
    return this.fitted;
  }

  /** The scale's marks for a legend: `[{value, t}]`, the fewest, the middle (geometric) and the most. */
  ticks() {
    if (!this.high) return [];
    if (this.high === this.low) return [{ value: this.high, t: 1 }];
    const middle = Math.sqrt(this.low * this.high);
    return [this.low, middle, this.high].map((value) => ({ value, t: this.position(value) }));
  }
}
