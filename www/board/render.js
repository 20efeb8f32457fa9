// Paints the board, the path and the knight onto the canvas: crisp at any devicePixelRatio,
// sized to whatever the frame gives it, at any zoom. Reads its palette from the CSS variables, so
// the page and the board follow the same light or dark theme.
//
// A frame costs what is in sight and what changed, never the whole board:
// - the squares come from the core's picture of the board (src/draw/picture.rs): one pixel a square,
//   brought up to date in Rust by the squares placed and taken back since the last frame, put on
//   an offscreen canvas in one call and scaled onto this one;
// - where squares are big enough to show moves, only the squares in sight are drawn over it
//   (trail.js), read from the core's move numbers without a copy.
// Long thin boards are folded into bands (grid.js); the view zooms and pans (viewport.js), with a
// minimap of the whole board when it is zoomed in (minimap.js, fetched when a board is first
// zoomed in). The file letters and rank numbers go in the frame's margin, beside the board
// (axes.js).
//
// Where the visitor asks for reduced motion, nothing moves by itself: a move or a backtrack is
// drawn as it ends, at once.

import { Axes } from "./axes.js";
import { drawing, squareAt } from "../core.js";
import { onFirstUse } from "../parts.js";
import { css, mix, toRgb } from "../ui/colour.js";
import { Grid } from "./grid.js";
import { numberColours, paintNumbers, paintTrail } from "./trail.js";
import { Viewport } from "./viewport.js";

const PALETTE_VARS = [
  "light-square", "dark-square", "path-from", "path-to", "knight", "knight-halo",
  "backtrack", "hover", "accent", "ink", "surface", "muted",
];

/** Whether the visitor asks for reduced motion: then nothing on the board moves by itself. */
export const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

/** minimap.js, fetched when a board is first zoomed in. */
const minimaps = onFirstUse(() => import("./minimap.js"));

/**
 * Moves are drawn where a square is at least the core's `drawing().movesFromCell` CSS pixels (its
 * GIF draws them from there too), and no more squares than this are in sight: the cost of a frame
 * of moves is bounded. Software rasterising is the limit: at full speed on the shared 2-core
 * machine, 30x30 of moves keeps every frame at 60 fps, 40x40 misses one in ten.
 */
const MOVES_UP_TO_SQUARES = 1_000;

export class Painter {
  /** `themed` is the element whose CSS variables hold the palette. */
  constructor(canvas, frame, themed) {
    this.canvas = canvas;
    this.frame = frame;
    this.themed = themed;
    this.ctx = canvas.getContext("2d");
    /** Called when the view moves by itself (zoom, pan): the owner paints again. */
    this.onChange = () => {};
    this.view = new Viewport(() => this.onChange());
    this.minimap = null; // the overview (minimap.js), made once the view is first zoomed in and its module is in
    this.minimapAsked = null;
    this.axes = new Axes(canvas);
    this.view.attach(canvas, (x, y) => this.minimap?.at(x, y) ?? null);
    this.grid = null; // where the squares go: laid out by the core's fold, once it is in
    /** The core's picture of the board, and the run it shows. */
    this.picture = new OffscreenCanvas(1, 1);
    this.pictureCtx = this.picture.getContext("2d");
    this.pictureOf = null;
    /**
     * Milliseconds the last paint took to record (the browser rasterises it later, unmeasured):
     * the frame loop leaves the search the rest of its budget.
     */
    /** Whether the last paint caught a move or a backtrack part way: more frames will change it. */
    this.animating = false;
    this.styles = null; // what readStyle() read, until the colours change
  }

  /**
   * The colours changed (theme, style sheet, large text): they are read again when next needed,
   * in the next layout or paint, not now. A read makes the browser work out the page's style
   * there and then: the element's build and `start` do not wait for it (the first paint does).
   */
  readPalette() {
    this.styles = null;
  }

  /** `{colour, tint, scale}`, read from the CSS variables if they changed since the last read. */
  readStyle() {
    if (this.styles) return this.styles;
    const style = getComputedStyle(this.themed);
    const colour = {};
    for (const name of PALETTE_VARS) colour[name] = toRgb(style.getPropertyValue(`--kt-${name}`));
    this.styles = {
      colour,
      tint: style.getPropertyValue("--kt-tint").trim() || "55% 45%",
      scale: Number(style.getPropertyValue("--kt-scale")) || 1,
    };
    this.checker = null; // the empty board's pattern was made in the old colours
    this.axes.scale(this.styles.scale);
    return this.styles;
  }

  /** The palette: `{name: [r, g, b]}` of the CSS variables `--name`. */
  get colour() {
    return this.readStyle().colour;
  }

  /** Saturation and lightness of the divide pieces' tints, as CSS `hsl()` takes them. */
  get tint() {
    return this.readStyle().tint;
  }

  /** The page's text is this many times its usual size (large text): so are the board's words. */
  get scale() {
    return this.readStyle().scale;
  }

  /** The move numbers' colours: `{text, plate, alpha}`, the plate laid over a square at `alpha`. */
  get numberColours() {
    return numberColours(this.colour);
  }

  get rows() {
    return this.grid?.rows;
  }

  get cols() {
    return this.grid?.cols;
  }

  /** CSS pixels a square, at the current zoom. */
  get cell() {
    return this.view.cell;
  }

  /**
   * Fits the canvas to the frame for a board of `rows` × `cols`, with room beside it for the
   * labels.
   */
  layout(rows, cols) {
    this.readStyle(); // the labels' room is of the text's scale
    const box = this.frame.getBoundingClientRect();
    const style = getComputedStyle(this.frame);
    const padding = { left: parseFloat(style.paddingLeft), bottom: parseFloat(style.paddingBottom) };
    const room = ([left, bottom]) => [
      left, bottom,
      box.width - padding.left - parseFloat(style.paddingRight) - left,
      box.height - parseFloat(style.paddingTop) - padding.bottom - bottom,
    ];
    let [left, bottom, width, height] = room(this.axes.margins(rows, cols, padding));
    let grid = Grid.fit(rows, cols, width, height);
    if (grid.folded) {
      // A folded board's edges name its bands, which may take more room than its squares' names.
      [left, bottom, width, height] = room(this.axes.margins(rows, cols, padding, grid));
      grid.free();
      grid = Grid.fit(rows, cols, width, height);
    }
    const cell = Math.min(width / grid.width, height / grid.height);
    // Never an empty canvas: a board too long for its frame is at least a pixel each way.
    const cssWidth = Math.max(1, Math.floor(cell * grid.width));
    const cssHeight = Math.max(1, Math.floor(cell * grid.height));
    const dpr = window.devicePixelRatio || 1;
    const changed = this.rows !== rows || this.cols !== cols || this.grid?.band !== grid.band ||
      this.cssWidth !== cssWidth || this.cssHeight !== cssHeight || this.dpr !== dpr;
    // The frame centres the board with its margins: the board and its labels, together.
    this.canvas.style.margin = `0 0 ${bottom}px ${left}px`;
    if (!changed) {
      grid.free(); // the same layout as the grid in use
      grid = this.grid;
    } else {
      this.grid?.free();
      // The grid's map is read now, not in the middle of a paint: reading it allocates in the
      // core, which would leave the views of the path a paint holds stale.
      grid.map();
      Object.assign(this, { grid, cssWidth, cssHeight, dpr });
      this.view.fit(grid.width, grid.height, cssWidth / grid.width);
      this.canvas.style.width = `${cssWidth}px`;
      this.canvas.style.height = `${cssHeight}px`;
      this.canvas.width = Math.round(cssWidth * dpr);
      this.canvas.height = Math.round(cssHeight * dpr);
    }
    this.axes.place(this.frame, this.canvas, dpr);
  }

  /**
   * The width over the height of a `rows` × `cols` board as it would be laid out in a square box
   * as wide as the frame (folded if its squares could not be seen otherwise): what a frame that
   * takes the board's proportions should take; `side`: the frame's width, if known.
   */
  aspect(rows, cols, side = this.frame.clientWidth) {
    side ||= 480;
    const grid = Grid.fit(rows, cols, side, side);
    grid.free();
    return grid.width / grid.height;
  }

  /** The square under a pointer position, or -1 (off the board, or under the minimap). */
  squareAt(clientX, clientY) {
    const box = this.canvas.getBoundingClientRect();
    if (this.minimap?.at(clientX - box.left, clientY - box.top)) return -1;
    const x = ((clientX - box.left) / box.width) * this.cssWidth;
    const y = ((clientY - box.top) / box.height) * this.cssHeight;
    if (x < 0 || y < 0 || x >= this.cssWidth || y >= this.cssHeight) return -1;
    return this.grid.squareAt(...this.view.toWorld(x, y));
  }

  /** A square's centre in CSS pixels of the canvas. */
  centre(square) {
    const [x, y] = this.grid.position(square);
    return this.view.toScreen(x + 0.5, y + 0.5);
  }

  /** The canvas rectangle `[x, y, width, height]` of `rows` × `cols` squares from (top, left), or null on a folded board. */
  box(top, left, rows, cols) {
    if (this.grid.folded) return null;
    const [x, y] = this.view.toScreen(...this.grid.position(squareAt(this.rows, this.cols, top, left)));
    return [x, y, cols * this.cell, rows * this.cell];
  }

  progress(index) {
    const last = Math.max(1, this.rows * this.cols - 1);
    return mix(this.colour["path-from"], this.colour["path-to"], Math.min(1, index / last));
  }

  /**
   * Whether the squares are too small to checker (under the core's `checkerFromCell` device
   * pixels): a checkerboard would alias into a pattern of its own (1000x1000 in 535 pixels looks
   * like a board of 25x25), so the empty squares are one flat tint between the two colours, and
   * only the path's picture shows.
   */
  get flat() {
    return this.cell * this.dpr < drawing().checkerFromCell;
  }

  /** The empty squares' colours, `[light, dark]`: one tint for both where the squares are too small to checker. */
  get squareColours() {
    const { colour } = this;
    if (!this.flat) return [colour["light-square"], colour["dark-square"]];
    const tint = mix(colour["light-square"], colour["dark-square"], 0.5).map(Math.round);
    return [tint, tint];
  }

  /** Whether the squares are too small (or too many are in sight) to draw moves: the picture alone. */
  get imageMode() {
    const { cell } = this;
    return cell < drawing().movesFromCell || (this.cssWidth / cell) * (this.cssHeight / cell) > MOVES_UP_TO_SQUARES;
  }

  /**
   * view: { tour (the core's Tour, or null: the path and the picture are read from it), start (square or -1),
   *         hover (square or -1), closed (bool), motion ({ t } or null), fades ([{ square, t }]),
   *         candidates (a function of the painter that draws the teaching view's why this move, under
   *         the marks, or null), beneath (a function of the painter that draws over the squares, under the path),
   *         overlay (a function of the painter that draws over everything: a layer such as the heat map) }
   */
  paint(view) {
    if (reducedMotion.matches) view = { ...view, motion: null, fades: [] }; // the end of each, at once
    this.animating = view.motion !== null || view.fades.length > 0;
    const { ctx } = this;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.cssWidth, this.cssHeight);
    const picture = this.updatePicture(view.tour);
    // The knight's square and the one before, copied out of a view of the path at once.
    const path = view.tour ? view.tour.pathView() : [];
    const depth = path.length;
    const knight = depth ? [path[depth - 1], depth > 1 ? path[depth - 2] : -1, depth - 1] : null;
    this.inWorld(() => (picture ? this.drawPicture() : this.drawEmptyBoard()));
    let numbers = [];
    if (!this.imageMode && view.tour) {
      this.paintFades(view);
      numbers = paintTrail(this, view, view.tour, view.beneath);
    } else {
      view.beneath?.(this);
    }
    this.paintMarks(view, knight);
    paintNumbers(this, numbers); // over the path and the marks, never under them
    view.overlay?.(this);
    if (this.view.zoom > 1) this.overview(picture);
    else this.minimap?.hide();
    this.axes.paint(this);
  }

  /** The minimap, zoomed in: painted where its module is in, else asked for, and the board painted again once it is. */
  overview(picture) {
    if (this.minimap) {
      this.minimap.paint(this, picture ? this.picture : null);
      return;
    }
    this.minimapAsked ??= minimaps.load().then(({ Minimap }) => {
      this.minimap = new Minimap();
      this.onChange();
    }, (error) => console.warn(`The board's overview could not load: ${error.message}`));
  }

  /** Runs `draw` with the canvas in world units: a square is 1 × 1, the view's zoom and pan applied. */
  inWorld(draw) {
    const { ctx, dpr } = this;
    const scale = this.cell * dpr;
    ctx.save();
    ctx.setTransform(scale, 0, 0, scale, -this.view.x * scale, -this.view.y * scale);
    ctx.imageSmoothingEnabled = false;
    draw();
    ctx.restore();
  }

  /** Brings the core's picture of `tour` up to date on the offscreen canvas; false if there is no run. */
  updatePicture(tour) {
    if (!tour) return false;
    const { colour } = this;
    const [light, dark] = this.squareColours;
    // Under drawn moves a square is only tinted by the path's colour (the core's `tint`, of 255).
    const palette = Uint8Array.of(...light, ...dark,
      ...colour["path-from"], ...colour["path-to"], this.imageMode ? 255 : drawing().tint);
    tour.paintWith(this.grid.folded ? this.grid.band : 0, palette); // repaints only if either changed
    const { pictureWidth: width, pictureHeight: height } = tour;
    if (this.picture.width !== width || this.picture.height !== height) {
      // A new size is a new picture, drawn whole by the next call.
      this.picture.width = width;
      this.picture.height = height;
    }
    tour.drawPicture(this.pictureCtx);
    return true;
  }

  /** The part of the picture in sight, one square a pixel of it, scaled without smoothing. */
  drawPicture() {
    const [x, y, w, h] = this.view.visible;
    const sx = Math.max(0, Math.floor(x));
    const sy = Math.max(0, Math.floor(y));
    const sw = Math.min(this.picture.width, Math.ceil(x + w)) - sx;
    const sh = Math.min(this.picture.height, Math.ceil(y + h)) - sy;
    if (sw > 0 && sh > 0) this.ctx.drawImage(this.picture, sx, sy, sw, sh, sx, sy, sw, sh);
  }

  /** Before a start is chosen there is no run and no picture: the board's checkering, as a pattern (or its flat tint). */
  drawEmptyBoard() {
    const { ctx, grid } = this;
    ctx.fillStyle = this.flat ? css(this.squareColours[0]) : this.checkering();
    // The core's fold keeps each band's checkering the board's own: the one pattern fits every band.
    const { x, y, width, height } = grid.bands();
    for (let b = 0; b < x.length; b++) ctx.fillRect(x[b], y[b], width[b], height[b]);
  }

  /** The squares' two colours as a pattern of a pixel a square, made once per palette. */
  checkering() {
    // The colours first: a change of theme (which forgets the pattern) is read before the pattern is.
    const { colour } = this.readStyle();
    if (!this.checker) {
      const tile = new OffscreenCanvas(2, 2);
      const context = tile.getContext("2d");
      context.fillStyle = css(colour["light-square"]);
      context.fillRect(0, 0, 2, 2);
      context.fillStyle = css(colour["dark-square"]);
      context.fillRect(1, 0, 1, 1);
      context.fillRect(0, 1, 1, 1);
      this.checker = this.ctx.createPattern(tile, "repeat");
    }
    return this.checker;
  }

  /** The squares in sight, row by row: `[x0, y0, x1, y1]` in world squares. */
  sight() {
    const [x, y, w, h] = this.view.visible;
    return [Math.max(0, Math.floor(x)), Math.max(0, Math.floor(y)),
      Math.min(this.grid.width, Math.ceil(x + w)), Math.min(this.grid.height, Math.ceil(y + h))];
  }

  paintFades(view) {
    const { ctx, cell } = this;
    for (const fade of view.fades) {
      const [x, y] = this.centre(fade.square);
      // From the core's wash of a square taken back, as its GIF shows it, to nothing.
      ctx.fillStyle = css(this.colour.backtrack, (drawing().backtrackWash / 255) * (1 - fade.t));
      ctx.fillRect(x - cell / 2, y - cell / 2, Math.ceil(cell), Math.ceil(cell));
    }
  }

  /** The start ring, the hover outline and the knight, on top of either kind of board. */
  paintMarks(view, knight) {
    const { ctx, cell } = this;
    const size = Math.max(cell, 6);
    view.candidates?.(this);

    if (view.hover >= 0) {
      const [x, y] = this.centre(view.hover);
      ctx.strokeStyle = css(this.colour.hover, 0.9);
      ctx.lineWidth = Math.max(2, cell * 0.06);
      ctx.strokeRect(x - cell / 2 + ctx.lineWidth / 2, y - cell / 2 + ctx.lineWidth / 2,
        cell - ctx.lineWidth, cell - ctx.lineWidth);
    }

    if (view.start >= 0) {
      const [x, y] = this.centre(view.start);
      ctx.strokeStyle = css(this.colour.accent);
      ctx.lineWidth = Math.max(1.5, cell * 0.06);
      ctx.beginPath();
      ctx.arc(x, y, Math.max(3, cell * 0.42), 0, Math.PI * 2);
      ctx.stroke();
    }

    if (!knight) return;
    const [square, previous, index] = knight;
    let [x, y] = this.centre(square);
    if (view.motion && previous >= 0) {
      const [x0, y0] = this.centre(previous);
      const t = easeInOut(view.motion.t);
      x = x0 + (x - x0) * t;
      y = y0 + (y - y0) * t;
    }
    ctx.fillStyle = css(this.colour["knight-halo"], 0.9);
    ctx.beginPath();
    ctx.arc(x, y, size * 0.36, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = css(this.progress(index));
    ctx.lineWidth = Math.max(1.5, size * 0.05);
    ctx.stroke();
    if (size >= drawing().knightFromCell) {
      ctx.font = `${Math.floor(size * 0.62)}px "Segoe UI Symbol", "Noto Sans Symbols 2", "DejaVu Sans", serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillStyle = css(this.colour.knight);
      ctx.fillText("♞", x, y + size * 0.03);
    } else {
      ctx.fillStyle = css(this.colour.knight);
      ctx.beginPath();
      ctx.arc(x, y, size * 0.25, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}

function easeInOut(t) {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}
