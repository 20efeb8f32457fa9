// Colours as the painters use them (`[r, g, b]` arrays, read from CSS hex and written back as
// CSS, or the theme's variables by name), and a small chart's canvas made ready for a frame.

export function hexToRgb(hex) {
  const value = hex.trim().replace("#", "");
  const full = value.length === 3 ? [...value].map((c) => c + c).join("") : value;
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const css = ([r, g, b], a = 1) => `rgba(${r | 0}, ${g | 0}, ${b | 0}, ${a})`;

/** `a` moved `t` of the way to `b`. */
export const mix = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** A reader of `element`'s CSS colour variables by name (`ink` reads `--ink`), as now styled. */
export function themeColours(element) {
  const style = getComputedStyle(element);
  return (name) => style.getPropertyValue(`--${name}`).trim();
}

/**
 * A small chart's canvas made ready for a frame: its pixels sized to its CSS box at the device's
 * pixel ratio, cleared, and drawn on in CSS pixels. Returns `{ ctx, width, height }`, or null
 * while the canvas has no box (hidden).
 */
export function freshCanvas(canvas) {
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (!width || !height) return null;
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * dpr)) canvas.width = Math.round(width * dpr);
  if (canvas.height !== Math.round(height * dpr)) canvas.height = Math.round(height * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return { ctx, width, height };
}
