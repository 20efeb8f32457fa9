// Colours as the painters use them: `[r, g, b]` arrays, read from CSS and written back as CSS.
// (A chart's colours and canvas are chart.js's; the heat map's ramp is ramp.js's.)

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
