// What is on screen, read back: a PNG decoder for Chromium's screenshots (node:zlib does the
// inflating; the rest is the PNG spec's filters), the colours a square is painted in, and WCAG's
// contrast. The painting tests assert on these, so that a regression in painting fails a test
// rather than waiting in test-results/ for somebody to look.

import assert from "node:assert/strict";
import { inflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The Paeth predictor of the PNG spec (section 9.4). */
function paeth(a, b, c) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * An 8-bit, non-interlaced RGB or RGBA PNG (what Chromium's screenshots are) as
 * `{ width, height, rgba }`, four bytes a pixel.
 */
export function decodePng(png) {
  assert.ok(png.subarray(0, 8).equals(SIGNATURE), "not a PNG");
  let width = 0;
  let height = 0;
  let channels = 0;
  const data = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      assert.ok(depth === 8 && (colour === 2 || colour === 6) && interlace === 0, `a PNG of depth ${depth}, colour type ${colour}, interlace ${interlace}`);
      channels = colour === 6 ? 4 : 3;
    } else if (type === "IDAT") {
      data.push(body);
    } else if (type === "IEND") {
      break;
    }
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? rows[out + x - channels] : 0;
      const b = y > 0 ? rows[out - stride + x] : 0;
      const c = x >= channels && y > 0 ? rows[out - stride + x - channels] : 0;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      assert.ok(predicted !== undefined, `PNG filter ${filter}`);
      rows[out + x] = (line[x] + predicted) & 255;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba.set(rows.subarray(i * channels, i * channels + 3), i * 4);
    rgba[i * 4 + 3] = channels === 4 ? rows[i * channels + 3] : 255;
  }
  return { width, height, rgba };
}

/** `[r, g, b]` of a CSS colour written `#rrggbb` or `#rgb`. */
export function hex(text) {
  const value = text.trim().replace("#", "");
  const full = value.length === 3 ? [...value].map((c) => c + c).join("") : value;
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `a` moved `t` of the way to `b`, channel by channel (unrounded). */
export const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);

/** `top` laid on `under` at `alpha`, as the canvas composites (channels rounded to bytes). */
export const over = (under, top, alpha) => under.map((v, i) => Math.round(top[i] * alpha + v * (1 - alpha)));

/** The largest difference of one channel between two colours. */
export const distance = (a, b) => Math.max(...a.map((v, i) => Math.abs(v - b[i])));

/** WCAG's contrast ratio of two `[r, g, b]` colours (0 to 255). */
export function contrast(a, b) {
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

/** The pixels of a decoded image in a rectangle, as a reader of colours. */
export class Area {
  constructor(image, x, y, width, height) {
    Object.assign(this, { image, x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) });
  }

  /** Every pixel's `[r, g, b]`. */
  *colours() {
    const { image } = this;
    for (let y = this.y; y < this.y + this.height; y++) {
      for (let x = this.x; x < this.x + this.width; x++) {
        const i = (y * image.width + x) * 4;
        yield [image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]];
      }
    }
  }

  /** The colour most pixels have: a square's own under the marks drawn on it. */
  mode() {
    const counts = new Map();
    let best = null;
    for (const colour of this.colours()) {
      const key = colour.join();
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (!best || count > best.count) best = { colour, count };
    }
    return best.colour;
  }

  /** How many pixels are within `tolerance` of `colour`. */
  count(colour, tolerance = 2) {
    let n = 0;
    for (const c of this.colours()) if (distance(c, colour) <= tolerance) n++;
    return n;
  }

  /** The pixels within `tolerance` of `colour`, as the smallest rectangle holding them (or null). */
  boundsOf(colour, tolerance = 2) {
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    let i = 0;
    for (const c of this.colours()) {
      if (distance(c, colour) <= tolerance) {
        const x = this.x + (i % this.width);
        const y = this.y + Math.floor(i / this.width);
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      }
      i++;
    }
    return x0 === Infinity ? null : new Area(this.image, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
  }

  /** The area `by` pixels in from each side. */
  inset(by) {
    return new Area(this.image, this.x + by, this.y + by, this.width - 2 * by, this.height - 2 * by);
  }

  /** The colours of the pixels within `radius` of the area's centre. */
  disc(radius) {
    const { image } = this;
    const [cx, cy] = [this.x + this.width / 2, this.y + this.height / 2];
    const found = [];
    for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y++) {
      for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x++) {
        if (Math.hypot(x + 0.5 - cx, y + 0.5 - cy) > radius) continue;
        const i = (y * image.width + x) * 4;
        found.push([image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]]);
      }
    }
    return found;
  }

  /** The colour at the area's centre. */
  centre() {
    const { image } = this;
    const i = ((this.y + Math.floor(this.height / 2)) * image.width + this.x + Math.floor(this.width / 2)) * 4;
    return [image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]];
  }
}

/**
 * The colours of a board as the element's theme gives them (its CSS variables, which the painter
 * reads too), each `[r, g, b]`.
 */
export const themeColours = (page, selector = "knights-tour") => page.locator(selector).first().evaluate((el) => {
  const style = getComputedStyle(el);
  const names = ["light-square", "dark-square", "path-from", "path-to", "knight", "knight-halo", "backtrack", "ink", "surface"];
  return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(`--kt-${name}`).trim()]));
}).then((colours) => Object.fromEntries(Object.entries(colours).map(([name, value]) => [name, hex(value)])));

/**
 * The board's canvas as it is on screen, decoded: a screenshot cropped to the canvas's pixels (its
 * box may start part way into a pixel, where the screen puts it on the nearest one).
 */
export async function boardOnScreen(page, selector = "#board") {
  const box = await page.locator(selector).first().boundingBox();
  const clip = Object.fromEntries(Object.entries(box).map(([key, value]) => [key, Math.round(value)]));
  return decodePng(await page.screenshot({ clip }));
}

/**
 * Square `square` of an unfolded, unzoomed `rows` × `cols` board in `image` (the board's canvas
 * and nothing else), `inset` pixels in from its edges.
 */
export function squareArea(image, rows, cols, square, inset = 0) {
  const [w, h] = [image.width / cols, image.height / rows];
  const [row, col] = [Math.floor(square / cols), square % cols];
  const [x0, y0, x1, y1] = [Math.ceil(col * w), Math.ceil(row * h), Math.floor((col + 1) * w), Math.floor((row + 1) * h)];
  return new Area(image, x0 + inset, y0 + inset, x1 - x0 - 2 * inset, y1 - y0 - 2 * inset);
}

/** An empty square's colour: the board is checkered with its top-left square light. */
export const emptyColour = (colours, cols, square) =>
  colours[(Math.floor(square / cols) + (square % cols)) % 2 === 0 ? "light-square" : "dark-square"];

/** The path's colour at its `index`-th square, on a board of `squares`: from the first move's colour to the last's. */
export const pathColour = (colours, index, squares) => mix(colours["path-from"], colours["path-to"], Math.min(1, index / Math.max(1, squares - 1)));
