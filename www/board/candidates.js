// The teaching view's why this move, on the board: the candidate squares from the knight's, each
// with its place in the order the search tries them (the teaching view's part: a board without
// the teaching view never paints them).

import { css } from "../ui/colour.js";

/**
 * Why this move on `painter`'s board: each of `candidates` (the controller's) gets its place in
 * the order; the next one is filled, the tried ones are struck through, and the onward degree
 * sits in the corner.
 */
export function paintCandidates(painter, candidates) {
  const { ctx, cell, colour, scale } = painter;
  if (cell < 12) return;
  for (const { square, order, degree, state } of candidates) {
    const [x, y] = painter.centre(square);
    const r = cell * 0.28;
    ctx.globalAlpha = state === "tried" ? 0.4 : 1;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    if (state === "next") {
      ctx.fillStyle = css(colour.accent);
      ctx.fill();
    } else {
      ctx.fillStyle = css(colour.surface, 0.92);
      ctx.fill();
      ctx.strokeStyle = css(colour.accent);
      ctx.lineWidth = Math.max(1.5, cell * 0.04);
      ctx.stroke();
    }
    // Large text makes the numbers larger, as far as the square has room.
    ctx.font = `700 ${Math.floor(Math.min(cell * 0.26 * scale, r * 1.3))}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillStyle = state === "next" ? css(colour.surface) : css(colour.ink);
    ctx.fillText(String(order), x, y + cell * 0.01);
    ctx.font = `600 ${Math.max(11, Math.floor(Math.min(cell * 0.22 * scale, cell * 0.34)))}px system-ui, sans-serif`;
    ctx.textAlign = "right";
    ctx.textBaseline = "bottom";
    ctx.fillStyle = css(colour.ink);
    ctx.fillText(String(degree), x + cell * 0.45, y + cell * 0.47);
    if (state === "tried") {
      ctx.strokeStyle = css(colour.backtrack);
      ctx.lineWidth = Math.max(1.5, cell * 0.04);
      ctx.beginPath();
      ctx.moveTo(x - r, y + r);
      ctx.lineTo(x + r, y - r);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
  }
}
