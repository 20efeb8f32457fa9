// Where each square of the board is drawn, in square units ("world" units, before the view's zoom
// and pan). Most boards are drawn as they are; a long thin one is folded so that every square is
// visible: its long side cut into bands, laid one under the next (wide boards) or side by side
// (tall ones), a square apart. The layout, the fold and every position are the core's (a `Fold`,
// the same `picture::Bands` as the board's picture), so its pixels and these positions agree.

import { coord, fit, fold } from "../core.js";

export class Grid {
  /**
   * A `rows` × `cols` board in bands of `band` squares along the long side (0: unfolded), or
   * the core's `Fold` to show it by. Call `free()` when the grid is done with.
   */
  constructor(rows, cols, band = 0) {
    this.fold = rows instanceof Object ? rows : fold(rows, cols, band);
    /** `rows`, `cols`, `band`, `count` (bands), `wide`, and the world's `width` and `height`. */
    Object.assign(this, this.fold.layout());
    this.boxes = null;
    this.table = null;
  }

  /**
   * The core's map of the layout, read once a grid is drawn on: where each square is (`x`, `y`)
   * and which square each world position shows (`square`, row by row). A frame looks up a
   * thousand squares; asking the core for each would cost a call apiece.
   */
  map() {
    this.table ??= this.fold.map();
    return this.table;
  }

  /** The layout that gives the biggest squares in a `width` × `height` box (the core's choice). */
  static fit(rows, cols, width, height) {
    return new Grid(fit(rows, cols, width, height));
  }

  free() {
    this.fold.free();
  }

  /** Whether the board is drawn in more than one band. */
  get folded() {
    return this.count > 1;
  }

  /** The world position (top-left corner) of a square. */
  position(square) {
    const { x, y } = this.map();
    return [x[square], y[square]];
  }

  /** The square at a world position, or -1 in a gap or off the board. */
  squareAt(x, y) {
    const [column, row] = [Math.floor(x), Math.floor(y)];
    if (column < 0 || row < 0 || column >= this.width || row >= this.height) return -1;
    return this.map().square[row * this.width + column];
  }

  /** Whether a move between two squares stays in one band (one drawn across a fold would cross the page). */
  sameBand(a, b) {
    return !this.folded || this.fold.sameBand(a, b);
  }

  /** A square's `[row, col]` on the board, from the top-left. */
  coord(square) {
    return coord(this.rows, this.cols, square);
  }

  /** The bands' boxes, `{x, y, width, height}` a column each, in world units. */
  bands() {
    this.boxes ??= this.fold.boxes();
    return this.boxes;
  }
}
