// A small chart's canvas made ready for a frame, and the theme's colours it is drawn in, by name:
// the teaching view's depth chart and tree, and the count's lesson's chart of states.

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
