// The path where the squares are big enough to show it, drawn for the squares in sight only: a
// frame costs what is on screen, whatever the board. Each square in sight draws the move that
// reached it, and the move on from it if that one lands out of sight; nothing else is drawn. The
// moves and dots are gathered into one path per shade of the gradient, so a few dozen strokes
// draw thousands of moves. The move numbers of the same squares are drawn last of all, over the
// path and the knight, each on a plate of the board's surface: readable on any square's colour.
// On a folded board a move from one band to another would cut across the others: each of its
// ends gets a stub instead, half the move long and pointing the way it goes.

import { drawing } from "../core.js";
import { css } from "../ui/colour.js";

/**
 * Move numbers need room to be read: they are written on squares of the core's `numbersFromCell`
 * pixels and more, never under its `numberPx[0]` (12 px, where a phone's 8×8 squares are 40 px),
 * as its GIF writes them. Each lies on a plate of the surface laid over its square at the core's
 * `plate` (of 255): enough that the ink keeps at least 4.5:1 (WCAG AA) over any square, even a
 * black or a white one, in either theme; little enough that the square's tint still shows through.
 */
/**
 * Dots are round from this many CSS pixels a square; below, they are a few pixels across and a
 * square looks the same, while thousands of circles cost a software rasteriser a frame (60x60
 * in headless Chromium: 33 ms frames with circles, 17 with squares).
 */
const ROUND_DOTS_FROM_CELL = 24;

/** The colours of the move numbers: ink on a plate of the surface, laid over a square at `alpha`. */
export const numberColours = (palette) => ({ text: palette.ink, plate: palette.surface, alpha: drawing().plate / 255 });

/**
 * The move numbers' size in CSS pixels on squares of `cell` pixels with the page's text `scale`:
 * about a quarter of the square, never under the core's least nor over its most (times the
 * scale), nor more than a third of the square; 0 where the square has no room for the least.
 */
export function numberSize(cell, scale) {
  const { numbersFromCell, numberPx: [least, most] } = drawing();
  if (cell < numbersFromCell) return 0;
  return Math.min(most * scale, Math.floor(cell * 0.36), Math.max(least, Math.floor(cell * 0.26 * scale)));
}

/**
 * Draws the moves and dots of the squares in sight on the painter's canvas, over what
 * `beneath(painter)` draws first; returns the move numbers to draw over everything else, as
 * pairs of square and index, for `paintNumbers`.
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
  // The path's gradient in the core's number of shades (its GIF's too): a stroke each, however
  // many moves are in sight.
  const { shades } = drawing();
  const strokes = Array.from({ length: shades }, () => new Path2D());
  const dots = Array.from({ length: shades }, () => new Path2D());
  const shade = (index) => Math.min(shades - 1, Math.floor((index / squares) * shades));
  const radius = Math.max(1.5, cell * 0.085);
  const round = cell >= ROUND_DOTS_FROM_CELL;
  const crossing = []; // moves from band to band: [a, b, index], a stub at each end
  const line = (a, b, index) => {
    if (!grid.sameBand(a, b)) {
      crossing.push(a, b, index);
      return;
    }
    const [ax, ay] = painter.centre(a);
    const [bx, by] = painter.centre(b);
    const stroke = strokes[shade(index)];
    stroke.moveTo(ax, ay);
    stroke.lineTo(bx, by);
  };
  const numbers = [];
  const numbered = numberSize(cell, painter.scale) > 0;
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
      // The knight's square shows the knight: its number (the path's length, in the counters)
      // laid over it hid half of it where numbers are large (the projector's).
      if (numbered && index !== last) numbers.push(square, index);
    }
  }

  // What is drawn after `beneath` is read out of the views first: it may call into the core.
  const [first, previous, knight] = [path[0], path[last - 1], path[last]];
  beneath?.(painter);
  for (let i = 0; i < crossing.length; i += 3) stubs(painter, strokes[shade(crossing[i + 2])], crossing[i], crossing[i + 1]);

  ctx.lineWidth = Math.max(1.5, Math.min(5, cell * 0.065));
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  for (let s = 0; s < shades; s++) {
    ctx.strokeStyle = css(painter.progress(((s + 0.5) / shades) * squares));
    ctx.stroke(strokes[s]);
  }
  if (moving > 0) {
    const [ax, ay] = painter.centre(previous);
    const [bx, by] = painter.centre(knight);
    const { t } = view.motion;
    ctx.strokeStyle = css(painter.progress(last));
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(ax + (bx - ax) * t, ay + (by - ay) * t);
    ctx.stroke();
  }
  if (view.closed && last > 0 && !grid.sameBand(knight, first)) {
    ctx.strokeStyle = css(painter.progress(last));
    const closing = new Path2D();
    stubs(painter, closing, knight, first);
    ctx.stroke(closing);
  } else if (view.closed && last > 0) {
    const [ax, ay] = painter.centre(knight);
    const [bx, by] = painter.centre(first);
    ctx.setLineDash([ctx.lineWidth * 1.2, ctx.lineWidth * 1.8]);
    ctx.strokeStyle = css(painter.progress(last));
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  for (let s = 0; s < shades; s++) {
    ctx.fillStyle = css(painter.progress(((s + 0.5) / shades) * squares));
    ctx.fill(dots[s]);
  }
  return numbers;
}

/**
 * Adds to `stroke` the two ends of the move from `a` to `b`, which lie in different bands of a
 * folded board: from each square, half the move's way in the board's own direction.
 */
function stubs(painter, stroke, a, b) {
  const { grid, cell } = painter;
  const [[ra, ca], [rb, cb]] = [grid.coord(a), grid.coord(b)];
  const [dx, dy] = [(cb - ca) * cell * 0.5, (rb - ra) * cell * 0.5];
  const [ax, ay] = painter.centre(a);
  const [bx, by] = painter.centre(b);
  stroke.moveTo(ax, ay);
  stroke.lineTo(ax + dx, ay + dy);
  stroke.moveTo(bx, by);
  stroke.lineTo(bx - dx, by - dy);
}

/**
 * The move numbers `paintTrail` gathered, in the squares' top-left corners, away from the dots in
 * the middle: all the plates in one fill, then the numbers.
 */
export function paintNumbers(painter, numbers) {
  if (!numbers.length) return;
  const { ctx, cell } = painter;
  const { text, plate, alpha } = numberColours(painter.colour);
  const size = numberSize(cell, painter.scale);
  ctx.font = `650 ${size}px system-ui, sans-serif`;
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  // Digits are as wide as each other in system fonts, and stand on the baseline.
  const { width: digit, actualBoundingBoxAscent: ascent } = ctx.measureText("0");
  const pad = Math.max(2, size * 0.22);
  const height = size + pad;
  const inset = Math.max(1, cell * 0.04) - cell / 2;
  const plates = new Path2D();
  for (let i = 0; i < numbers.length; i += 2) {
    const [x, y] = painter.centre(numbers[i]);
    const width = String(numbers[i + 1] + 1).length * digit + 2 * pad;
    plates.roundRect(x + inset, y + inset, width, height, pad);
  }
  ctx.fillStyle = css(plate, alpha);
  ctx.fill(plates);
  ctx.fillStyle = css(text);
  for (let i = 0; i < numbers.length; i += 2) {
    const [x, y] = painter.centre(numbers[i]);
    ctx.fillText(String(numbers[i + 1] + 1), x + inset + pad, y + inset + (height + ascent) / 2);
  }
}
