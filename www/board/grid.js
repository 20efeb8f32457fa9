// Where each square of the board is drawn, in square units ("world" units, before the view's zoom
// and pan). Most boards are drawn as they are; a long thin one is folded so that every square is
// visible: its long side cut into bands, laid one under the next (wide boards) or side by side
// (tall ones), a square apart. The core's picture (src/picture.rs, `Bands`) folds the same way,
// so its pixels and these positions agree.

/** The empty squares between two bands: `picture::GAP` in the core. */
const GAP = 1;
/** Folding is worth its seams only when the squares come out this much bigger. */
const FOLD_GAIN = 1.25;

export class Grid {
  /** `band`: squares per band along the long side; 0 (or the long side) for no folding. */
  constructor(rows, cols, band = 0) {
    this.rows = rows;
    this.cols = cols;
    this.wide = cols >= rows;
    const long = Math.max(rows, cols);
    this.band = band > 0 ? Math.min(band, long) : long;
    this.count = Math.ceil(long / this.band);
    const short = Math.min(rows, cols);
    const across = this.count * (short + GAP) - GAP;
    /** The world's size in squares, gaps included. */
    this.width = this.wide ? this.band : across;
    this.height = this.wide ? across : this.band;
  }

  /**
   * The layout that gives the biggest squares in a `width` × `height` box: unfolded unless
   * folding makes the squares clearly bigger. Bands have the parity that keeps the checkering
   * of the world (x + y even is light) the board's own, so an empty board is one pattern.
   */
  static fit(rows, cols, width, height) {
    const flat = new Grid(rows, cols);
    const cell = (grid) => Math.min(width / grid.width, height / grid.height);
    const long = Math.max(rows, cols);
    const short = Math.min(rows, cols);
    let best = flat;
    // The best number of bands is near sqrt(long × short × aspect); a few thousand tries at most.
    for (let count = 2; count <= Math.min(long, 4096); count++) {
      let band = Math.ceil(long / count);
      if ((band - short - GAP) % 2 !== 0) band += 1;
      if (band >= long) continue;
      const grid = new Grid(rows, cols, band);
      if (cell(grid) > cell(best)) best = grid;
    }
    return cell(best) > FOLD_GAIN * cell(flat) ? best : flat;
  }

  /** Whether the board is drawn in more than one band. */
  get folded() {
    return this.count > 1;
  }

  /** The world position (top-left corner) of a square. */
  position(square) {
    const row = Math.floor(square / this.cols);
    const col = square % this.cols;
    if (this.wide) return [col % this.band, Math.floor(col / this.band) * (this.rows + GAP) + row];
    return [Math.floor(row / this.band) * (this.cols + GAP) + col, row % this.band];
  }

  /** The square at a world position, or -1 in a gap or off the board. */
  squareAt(x, y) {
    x = Math.floor(x);
    y = Math.floor(y);
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return -1;
    const { rows, cols, band } = this;
    if (this.wide) {
      const b = Math.floor(y / (rows + GAP));
      const row = y - b * (rows + GAP);
      const col = b * band + x;
      return row < rows && col < cols ? row * cols + col : -1;
    }
    const b = Math.floor(x / (cols + GAP));
    const col = x - b * (cols + GAP);
    const row = b * band + y;
    return col < cols && row < rows ? row * cols + col : -1;
  }

  /** Whether a move between two squares stays in one band (one drawn across a fold would cross the page). */
  sameBand(a, b) {
    if (!this.folded) return true;
    const along = (square) => (this.wide ? square % this.cols : Math.floor(square / this.cols));
    return Math.floor(along(a) / this.band) === Math.floor(along(b) / this.band);
  }
}
