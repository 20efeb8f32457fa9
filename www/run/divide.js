// Divide and conquer as the page shows it: the pieces the core cut the board into, each with its
// own tour, appear in the order they were joined; then the seams are rewired, the moves cut
// flashing out and the moves added coming in; then the knight walks the tour. Which move belongs
// to which piece or seam, and which seam cuts it, is the core's (`Tour.plan()`,
// `Tour.planMoves()`, src/divide/assembly.rs); the clock is the page's.

/** How long the pieces take to appear, and then the seams to be rewired, in milliseconds. */
const PIECES_MS = 600;
const SEAMS_MS = 600;
/**
 * At full speed, or on boards too big to draw moves: the pieces' outlines, for a moment (a few
 * frames: at full speed the whole of a click to a finished 1000x1000 tour is under 0.3 s).
 */
const SHORT_PIECES_MS = 50;
const SHORT_SEAMS_MS = 30;
/**
 * Past this many pieces a short showing shows nothing: their outlines would be a mesh finer
 * than the squares (1000x1000 is cut into 10,000), and the walk is what there is to see.
 */
const OUTLINES_UP_TO = 400;
/**
 * Above this many squares the moves of the pieces are not drawn: too many for a frame. Larger
 * boards have their tours built in the worker, whose words carry no moves (builder.js).
 */
export const MOVES_UP_TO_SQUARES = 40_000;
/** How long a piece takes to fade in, and a cut move to flash out. */
const FADE_MS = 150;
const FLASH_MS = 250;

/** How a divide run's tour was built, as the core tells it: its pieces' boxes, and its seams. */
export class Plan {
  /** `tour`: the core's run, which keeps the plan (and is asked for its moves when first drawn). */
  constructor(tour) {
    const { moves, top, left, rows, cols, seams } = tour.plan();
    this.tour = tour;
    Object.assign(this, { top, left, rows, cols, seams });
    this.pieces = top.length;
    this.lines = null;
    // The pieces tile the board. Its moves are drawn where the core kept them (not for a tour
    // built in the worker) and they are few enough for a frame; then they are read now, not in
    // the middle of a paint (reading them allocates in the core).
    const squares = rows.reduce((sum, height, p) => sum + height * cols[p], 0);
    this.drawsMoves = moves && squares <= MOVES_UP_TO_SQUARES;
    if (this.drawsMoves) this.moves();
  }

  /** The box of piece `p`: `[top, left, rows, cols]`. */
  box(p) {
    return [this.top[p], this.left[p], this.rows[p], this.cols[p]];
  }

  /** Every move drawn while the tour is assembled, read on first use (boards small enough to draw). */
  moves() {
    this.lines ??= timed(this);
    return this.lines;
  }
}

/**
 * The core's moves of the assembly with the page's times: `from`, `to`, when each appears and
 * vanishes (in milliseconds of the assembly), and its group: piece `i` as `i`, the moves added
 * at seam `k` as `-1 - k`. Each group's moves are contiguous.
 */
function timed(plan) {
  const { from, to, piece, seam, cut } = plan.tour.planMoves();
  const count = from.length;
  const group = new Int32Array(count);
  const appear = new Float64Array(count);
  const vanish = new Float64Array(count).fill(Infinity);
  for (let i = 0; i < count; i++) {
    const own = piece[i] >= 0;
    group[i] = own ? piece[i] : -1 - seam[i];
    appear[i] = own ? pieceTime(piece[i], plan.pieces) : seamTime(seam[i], plan.seams);
    if (cut[i] >= 0) vanish[i] = seamTime(cut[i], plan.seams);
  }
  return { from, to, group, appear, vanish, count };
}

/** When piece `p` of `n` starts to appear, in full mode. */
const pieceTime = (p, n) => (n > 1 ? (p / (n - 1)) * (PIECES_MS - FADE_MS) : 0);

/** When seam `k` of `n` is rewired, in full mode. */
const seamTime = (k, n) => PIECES_MS + (n > 1 ? (k / (n - 1)) * (SEAMS_MS - FLASH_MS) : 0);

/**
 * One showing of the assembly, with its own clock: the element advances it only while running,
 * so a pause holds it where it is. A short one shows only the pieces' outlines, briefly.
 */
export class Assembly {
  constructor(plan) {
    this.plan = plan;
    this.clock = 0;
    this.started = false; // by Play: a pause before its clock has moved still holds the pieces
    this.shorten(false);
  }

  /**
   * Starts the showing, once: the short one (`short`), or none at all (`still`, for reduced
   * motion). A second Play goes on with the showing begun.
   */
  start(short, still) {
    if (this.started) return;
    this.started = true;
    if (still) this.finish();
    else this.shorten(short);
  }

  /** Chooses the full showing or the short one, before it starts. */
  shorten(short) {
    const seams = this.plan.seams > 0;
    this.short = short;
    this.piecesEnd = short ? SHORT_PIECES_MS + (seams ? 0 : SHORT_SEAMS_MS) : PIECES_MS;
    this.end = this.piecesEnd + (seams ? (short ? SHORT_SEAMS_MS : SEAMS_MS) : 0);
    if (short && this.plan.pieces > OUTLINES_UP_TO) this.piecesEnd = this.end = 0;
  }

  get done() {
    return this.clock >= this.end;
  }

  /** `pieces`, `seams` or `walk`. */
  get phase() {
    return this.clock < this.piecesEnd ? "pieces" : this.clock < this.end ? "seams" : "walk";
  }

  advance(ms) {
    this.clock = Math.min(this.end, this.clock + ms);
  }

  finish() {
    this.clock = this.end;
  }
}

/** A piece's tint: hues a golden angle apart, so neighbours differ; saturation and lightness by theme. */
const tint = (painter, p, alpha) => `hsl(${(p * 137.508) % 360} ${painter.tint} / ${alpha})`;

/**
 * Draws the assembly at its clock (or, with `ghost`, the finished tour faintly, under the walk)
 * on the painter's canvas, over the empty board.
 */
export function paintAssembly(painter, assembly, ghost = false) {
  const { ctx, cell } = painter;
  const { plan } = assembly;
  const manyMoves = !plan.drawsMoves;
  // Under the walk on a board painted as an image there is no room for more than the path; on a
  // board folded into bands the pieces would be cut by the folds.
  if ((ghost && (painter.imageMode || manyMoves)) || painter.grid.folded) return;
  // The ghost is the assembly long after it ended (not at infinity: a move never cut vanishes there).
  const t = ghost ? Number.MAX_SAFE_INTEGER : assembly.clock;
  const small = !ghost && (assembly.short || painter.imageMode || manyMoves);
  ctx.save();
  ctx.lineCap = "round";
  ctx.lineJoin = "round";

  // The pieces' outlines (and a wash of their tint), in join order.
  const outline = Math.max(1, Math.min(2, cell * 0.06));
  for (let p = 0; p < plan.pieces; p++) {
    const shown = small ? 1 : clamp((t - pieceTime(p, plan.pieces)) / FADE_MS);
    if (shown <= 0) break;
    const [x, y, w, h] = painter.box(...plan.box(p));
    if (!ghost) {
      ctx.fillStyle = tint(painter, p, 0.14 * shown);
      ctx.fillRect(x, y, w, h);
    }
    ctx.strokeStyle = ghost ? `rgba(${painter.colour.ink.join(",")}, 0.28)` : tint(painter, p, 0.75 * shown);
    ctx.lineWidth = outline;
    ctx.strokeRect(x + outline / 2, y + outline / 2, w - outline, h - outline);
  }
  if (small) {
    ctx.restore();
    return;
  }

  // The moves: each piece's own tour in its tint, the seams' new moves in the accent colour, the
  // cut ones flashing red as they go.
  const moves = plan.moves();
  const width = Math.max(1, Math.min(3, cell * 0.045));
  const flashing = [];
  const accent = painter.colour.accent.join(",");
  const surface = painter.colour.surface.join(",");
  let e = 0;
  while (e < moves.count) {
    const g = moves.group[e];
    const at = moves.appear[e];
    let end = e;
    while (end < moves.count && moves.group[end] === g) end++;
    if (t >= at) {
      const alpha = ghost ? 0.3 : clamp((t - at) / FADE_MS);
      ctx.beginPath();
      for (let i = e; i < end; i++) {
        if (t < moves.appear[i]) continue;
        if (t >= moves.vanish[i]) {
          if (t < moves.vanish[i] + FLASH_MS) flashing.push(i);
          continue;
        }
        const [x0, y0] = painter.centre(moves.from[i]);
        const [x1, y1] = painter.centre(moves.to[i]);
        ctx.moveTo(x0, y0);
        ctx.lineTo(x1, y1);
      }
      if (g >= 0) {
        ctx.strokeStyle = tint(painter, g, alpha);
        ctx.lineWidth = width;
      } else {
        // A seam's new moves, thicker, on a casing of the board's surface so they stand out.
        if (!ghost) {
          ctx.strokeStyle = `rgba(${surface}, ${0.9 * alpha})`;
          ctx.lineWidth = width * 4;
          ctx.stroke();
        }
        ctx.strokeStyle = `rgba(${accent}, ${alpha})`;
        ctx.lineWidth = ghost ? width : width * 2;
      }
      ctx.stroke();
    }
    e = end;
  }
  const red = painter.colour.backtrack.join(",");
  for (const i of flashing) {
    const fade = 1 - (t - moves.vanish[i]) / FLASH_MS;
    ctx.strokeStyle = `rgba(${red}, ${fade})`;
    ctx.lineWidth = width * (1.5 + 1.5 * fade);
    const [x0, y0] = painter.centre(moves.from[i]);
    const [x1, y1] = painter.centre(moves.to[i]);
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
  }
  ctx.restore();
}

const clamp = (x) => Math.max(0, Math.min(1, x));
