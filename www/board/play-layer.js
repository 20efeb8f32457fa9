// Play mode's marks, drawn over the squares and under the path (the painter's `beneath`): the
// squares the knight can move to as soft dots in the accent colour; the squares the core's
// reason is about, ringed in the colour of a take-back (a square that can no longer be reached,
// the would-be last squares, the knight that is stuck, the start a closed tour cannot come back
// to), or, where the free squares fell apart, each piece washed in a tint of its own; a click
// that was no move, outlined; and once the tour is finished, a light that runs along it.
//
// Where squares are a few pixels (the picture alone), each mark fills its square, which is what
// can be seen at that size. With reduced motion asked for, the light does not run.

import { reducedMotion } from "./render.js";
import { css } from "../ui/colour.js";

/** The dots of the squares in reach: a calm mark, clear on either square colour. */
const DOT_RADIUS = 0.16;
const DOT_ALPHA = 0.5;
/** The rings of the squares the reason is about. */
const RING_RADIUS = 0.4;
/** How many of the tour's squares the running light spans, as a share of the tour (3 at least). */
const WAVE_SPAN = 0.12;

/**
 * `board` is the core's PlayBoard (its path read for the running light); `marks` is
 * `{reachable, ruling, refused, wave}`: the squares in reach, the core's ruling (null while it
 * thinks), a refused square (or -1) and how far the celebration's light has run (0 to 1), or null.
 */
export function paintPlay(painter, board, { reachable, ruling, refused, wave }) {
  const { ctx } = painter;
  ctx.save();
  if (ruling?.verdict === "impossible") {
    if (ruling.pieces.length) paintPieces(painter, ruling);
    else for (const square of ruling.squares) ring(painter, square, painter.colour.backtrack);
  }
  for (const square of reachable) dot(painter, square);
  if (refused >= 0) outline(painter, refused);
  if (wave !== null && wave < 1 && !reducedMotion.matches) paintWave(painter, board, wave);
  ctx.restore();
}

/** A square in reach: a soft dot, or the square filled where squares are a few pixels. */
function dot(painter, square) {
  const { ctx, cell } = painter;
  const [x, y] = painter.centre(square);
  ctx.fillStyle = css(painter.colour.accent, painter.imageMode ? 0.75 : DOT_ALPHA);
  if (painter.imageMode) {
    ctx.fillRect(x - cell / 2, y - cell / 2, Math.max(1, cell), Math.max(1, cell));
    return;
  }
  ctx.beginPath();
  ctx.arc(x, y, Math.max(2.5, cell * DOT_RADIUS), 0, Math.PI * 2);
  ctx.fill();
}

/** A square the reason is about: a wash and a ring, or the square filled where squares are small. */
function ring(painter, square, colour) {
  const { ctx, cell } = painter;
  const [x, y] = painter.centre(square);
  ctx.fillStyle = css(colour, painter.imageMode ? 0.85 : 0.16);
  ctx.fillRect(x - cell / 2, y - cell / 2, Math.max(1, cell), Math.max(1, cell));
  if (painter.imageMode) return;
  ctx.strokeStyle = css(colour, 0.9);
  ctx.lineWidth = Math.max(1.5, cell * 0.06);
  ctx.beginPath();
  ctx.arc(x, y, cell * RING_RADIUS, 0, Math.PI * 2);
  ctx.stroke();
}

/**
 * The pieces the free squares fell apart into, each in a hue of its own: the largest (the core
 * lists it first) lightly, the others, cut off from it, more strongly.
 */
function paintPieces(painter, { squares, pieces }) {
  const { ctx, cell } = painter;
  let at = 0;
  for (const [p, size] of pieces.entries()) {
    // Hues a golden angle apart stay apart however many pieces there are.
    const alpha = painter.imageMode ? 0.9 : p === 0 ? 0.24 : 0.5;
    ctx.fillStyle = `hsl(${Math.round(200 + p * 137.5) % 360} ${painter.tint} / ${alpha})`;
    for (const square of squares.slice(at, at + size)) {
      const [x, y] = painter.centre(square);
      ctx.fillRect(x - cell / 2, y - cell / 2, Math.max(1, cell), Math.max(1, cell));
    }
    at += size;
  }
}

/** A click that was no move: its square washed and ringed in the take-back colour. */
function outline(painter, square) {
  const { ctx, cell } = painter;
  const [x, y] = painter.centre(square);
  ctx.fillStyle = css(painter.colour.backtrack, painter.imageMode ? 0.85 : 0.22);
  ctx.fillRect(x - cell / 2, y - cell / 2, Math.max(1, cell), Math.max(1, cell));
  if (painter.imageMode) return;
  // A cross, thin: "not here", without shouting.
  const arm = cell * 0.14;
  ctx.strokeStyle = css(painter.colour.backtrack, 0.9);
  ctx.lineWidth = Math.max(1.5, cell * 0.045);
  ctx.lineCap = "round";
  ctx.beginPath();
  ctx.moveTo(x - arm, y - arm);
  ctx.lineTo(x + arm, y + arm);
  ctx.moveTo(x + arm, y - arm);
  ctx.lineTo(x - arm, y + arm);
  ctx.stroke();
}

/** The celebration: a soft light runs from the first square of the tour to its last. */
function paintWave(painter, board, t) {
  const { ctx, cell } = painter;
  const path = board.pathView(); // a view: read here, before anything else calls into the core
  const n = path.length;
  const span = Math.max(3, n * WAVE_SPAN);
  const front = t * (n + span) - span / 2;
  const from = Math.max(0, Math.floor(front - span));
  const to = Math.min(n, Math.ceil(front + span));
  const centres = [];
  for (let i = from; i < to; i++) centres.push([i, path[i]]);
  for (const [i, square] of centres) {
    const glow = 1 - Math.abs(i - front) / span;
    if (glow <= 0) continue;
    // A light passing: the square brightens in the surface's colour, ringed in the path's own.
    const [x, y] = painter.centre(square);
    const radius = Math.max(2, cell * (0.28 + 0.16 * glow));
    ctx.fillStyle = css(painter.colour.surface, 0.55 * glow);
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = css(painter.progress(i), 0.8 * glow);
    ctx.lineWidth = Math.max(1.5, cell * 0.05);
    ctx.stroke();
  }
}
