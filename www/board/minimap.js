// Zoomed in, the whole board small in a corner with the part in sight outlined: where you are on
// a million squares. It is the core's picture again, scaled down; a click on it looks there.

import { css, mix } from "../ui/colour.js";

/** The minimap's share of the canvas's shorter side. */
const SHARE = 0.28;
const MARGIN = 8;

export class Minimap {
  constructor() {
    /** Where it was last drawn: `[x, y, width, height, CSS pixels a square]`, or null. */
    this.box = null;
  }

  /** Draws it in the bottom-right corner: `picture` is the board's picture canvas, or null before a run. */
  paint(painter, picture) {
    const { ctx, grid, colour, view } = painter;
    const scale = (SHARE * Math.min(painter.cssWidth, painter.cssHeight)) / Math.max(grid.width, grid.height);
    const [w, h] = [Math.max(2, grid.width * scale), Math.max(2, grid.height * scale)];
    const [x, y] = [painter.cssWidth - w - MARGIN, painter.cssHeight - h - MARGIN];
    this.box = [x, y, w, h, scale];
    ctx.fillStyle = css(colour.surface, 0.9);
    ctx.fillRect(x - 3, y - 3, w + 6, h + 6);
    if (picture) {
      ctx.imageSmoothingEnabled = true; // many squares to a pixel: their average, not one of them
      ctx.drawImage(picture, x, y, w, h);
    } else {
      ctx.fillStyle = css(mix(colour["light-square"], colour["dark-square"], 0.5));
      ctx.fillRect(x, y, w, h);
    }
    const [vx, vy, vw, vh] = view.visible;
    ctx.strokeStyle = css(colour.accent);
    ctx.lineWidth = 2;
    ctx.strokeRect(x + vx * scale, y + vy * scale, Math.max(3, vw * scale), Math.max(3, vh * scale));
  }

  hide() {
    this.box = null;
  }

  /** The world point under canvas position (px, py) if it is on the minimap, else null. */
  at(px, py) {
    if (!this.box) return null;
    const [x, y, w, h, scale] = this.box;
    if (px < x || py < y || px > x + w || py > y + h) return null;
    return [(px - x) / scale, (py - y) / scale];
  }
}
