// The heat map's colours: a ramp from the fewest tours to the most, and the ink that reads on each.

import { hexToRgb, mix } from "./colour.js";

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
