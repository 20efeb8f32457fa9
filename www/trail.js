// The path where the squares are big enough to show it, drawn for the squares in sight only: a
// frame costs what is on screen, whatever the board. Each square in sight draws the move that
// reached it, and the move on from it if that one lands out of sight; nothing else is drawn. The
// moves and dots are gathered into one path per shade of the gradient, so a few dozen strokes
// draw thousands of moves.

import { css } from "./colour.js";

/** Move numbers need room to be read. */
const NUMBERS_FROM_CELL = 26;
/** The path's gradient in this many strokes: one per shade, however many moves are in sight. */
const SHADES = 48;
/**
 * Dots are round from this many CSS pixels a square; below, they are a few pixels across and a
 * square looks the same, while thousands of circles cost a software rasteriser a frame (60x60
 * in headless Chromium: 33 ms frames with circles, 17 with squares).
 */
const ROUND_DOTS_FROM_CELL = 24;

/**
 * Draws the moves, dots and move numbers of the squares in sight on the painter's canvas, and
 * calls `beneath(painter)` between the numbers and the moves.
 */
export function paintTrail(painter, view, tour, beneath) {
  const { ctx, cell, grid } = painter;
  // Views into the module's memory: read here and now, before anything else calls into it.
  const order = tour.orderView();
  const path = tour.pathView();
  const last = path.length - 1;
  const [x0, y0, x1, y1] = painter.sight();
  const inSight = (square) => {
    const [x, y] = grid.position(square);
    return x >= x0 && x < x1 && y >= y0 && y < y1;
  };
  const squares = Math.max(1, painter.rows * painter.cols - 1);
  const strokes = Array.from({ length: SHADES }, () => new Path2D());
  const dots = Array.from({ length: SHADES }, () => new Path2D());
  const shade = (index) => Math.min(SHADES - 1, Math.floor((index / squares) * SHADES));
  const radius = Math.max(1.5, cell * 0.085);
  const round = cell >= ROUND_DOTS_FROM_CELL;
  const line = (a, b, index) => {
    if (!grid.sameBand(a, b)) return;
    const [ax, ay] = painter.centre(a);
    const [bx, by] = painter.centre(b);
    const stroke = strokes[shade(index)];
    stroke.moveTo(ax, ay);
    stroke.lineTo(bx, by);
  };
  const numbers = [];
  // The move into the last square may be under way: drawn on its own, and its dot on arrival.
  const moving = view.motion ? last : -1;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const square = grid.squareAt(x, y);
      const index = square < 0 ? -1 : order[square] - 1;
      if (index < 0) continue;
      if (index > 0 && index !== moving) line(path[index - 1], square, index);
      if (index < last && index + 1 !== moving && !inSight(path[index + 1])) line(square, path[index + 1], index + 1);
      if (index !== moving) {
        const [cx, cy] = painter.centre(square);
        const dot = dots[shade(index)];
        if (round) {
          dot.moveTo(cx + radius, cy);
          dot.arc(cx, cy, radius, 0, Math.PI * 2);
        } else {
          dot.rect(cx - radius, cy - radius, 2 * radius, 2 * radius);
        }
      }
      if (cell >= NUMBERS_FROM_CELL) numbers.push(square, index);
    }
  }

  // Move numbers sit in the corner, like a board's coordinates, so the path stays readable.
  if (numbers.length) {
    ctx.font = `600 ${Math.max(9, Math.floor(cell * 0.2))}px system-ui, sans-serif`;
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    ctx.fillStyle = css(painter.colour.ink, 0.62);
    const inset = Math.max(2, cell * 0.07) - cell / 2;
    for (let i = 0; i < numbers.length; i += 2) {
      const [x, y] = painter.centre(numbers[i]);
      ctx.fillText(String(numbers[i + 1] + 1), x + inset, y + inset);
    }
  }

  beneath?.(painter);

  ctx.lineWidth = Math.max(1.5, Math.min(5, cell * 0.065));
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  for (let s = 0; s < SHADES; s++) {
    ctx.strokeStyle = css(painter.progress(((s + 0.5) / SHADES) * squares));
    ctx.stroke(strokes[s]);
  }
  if (moving > 0) {
    const [ax, ay] = painter.centre(path[last - 1]);
    const [bx, by] = painter.centre(path[last]);
    const { t } = view.motion;
    ctx.strokeStyle = css(painter.progress(last));
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(ax + (bx - ax) * t, ay + (by - ay) * t);
    ctx.stroke();
  }
  if (view.closed && last > 0 && grid.sameBand(path[last], path[0])) {
    const [ax, ay] = painter.centre(path[last]);
    const [bx, by] = painter.centre(path[0]);
    ctx.setLineDash([ctx.lineWidth * 1.2, ctx.lineWidth * 1.8]);
    ctx.strokeStyle = css(painter.progress(last));
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  for (let s = 0; s < SHADES; s++) {
    ctx.fillStyle = css(painter.progress(((s + 0.5) / SHADES) * squares));
    ctx.fill(dots[s]);
  }
}
