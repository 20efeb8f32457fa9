// Colours as the painters use them (`[r, g, b]` arrays, read from CSS hex and written back as
// CSS, or the theme's variables by name), and a small chart's canvas made ready for a frame.

export function hexToRgb(hex) {
  const value = hex.trim().replace("#", "");
  const full = value.length === 3 ? [...value].map((c) => c + c).join("") : value;
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** A pixel to resolve colours on, made when first needed. */
let probe = null;

/**
 * `[r, g, b]` of a CSS colour as a page writes one for a `--kt-` property: hex at once, any other
 * (`rebeccapurple`, `rgb(1 2 3)`, `oklch(…)`, `color-mix(…)` already resolved by the style) by
 * painting it on a pixel and reading it back, as opaque. Black where the text is no colour.
 */
export function toRgb(text) {
  const value = text.trim();
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) return hexToRgb(value);
  probe ??= new OffscreenCanvas(1, 1).getContext("2d", { willReadFrequently: true });
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = "#000";
  probe.fillStyle = value;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
  return [r, g, b];
}

export const css = ([r, g, b], a = 1) => `rgba(${r | 0}, ${g | 0}, ${b | 0}, ${a})`;

/** `a` moved `t` of the way to `b`. */
export const mix = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** A reader of `element`'s CSS colour variables by name (`ink` reads `--kt-ink`), as now styled. */
export function themeColours(element) {
  const style = getComputedStyle(element);
  return (name) => style.getPropertyValue(`--kt-${name}`).trim();
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

/**
 * Viridis (van der Walt and Smith, matplotlib 2015) at nine evenly spaced points: a sequential
 * ramp from dark blue-violet to yellow whose lightness rises evenly, so that it reads the same in
 * a light or a dark theme, in grey, and with every common colour-vision deficiency.
 */
const VIRIDIS = ["#440154", "#472c7a", "#3b518b", "#2c718e", "#21908d", "#27ad81", "#5cc863", "#aadc32", "#fde725"].map(hexToRgb);

/** The ramp's colour at `t`, from 0 (the least) to 1 (the most). */
export function ramp(t) {
  const at = Math.min(1, Math.max(0, t)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(at));
  return mix(VIRIDIS[i], VIRIDIS[i + 1], at - i).map(Math.round);
}

/** WCAG's relative luminance of `[r, g, b]`. */
function luminance(rgb) {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever contrasts more with `rgb`: words drawn on a colour of the ramp. */
export const inkOn = (rgb) => (luminance(rgb) > 0.179 ? [0, 0, 0] : [255, 255, 255]);
