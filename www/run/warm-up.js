// V8 runs a WebAssembly function first as Liftoff's code, compiled in one quick pass, and
// optimises it only once it has run for a while. A click on a large board is the first time the
// page's thread makes a run from a tour built in the worker, walks it and paints it, and in
// Liftoff's code those took about three times as long: on 1000x1000 the walk alone filled two
// frames, not one. So the worker, once its module is in, builds a small tour (warming its own
// code) and hands it over, and while the page is idle its thread makes the run of it, walks it
// and paints it, a step an idle callback: the click then finds that code optimised.

import { builtTour } from "../core.js";

/** Any colours: the picture is painted on a canvas nobody sees, as the page paints a large board's. */
const PALETTE = Uint8Array.of(240, 217, 181, 181, 136, 99, 30, 90, 200, 230, 80, 40, 255);

/** The performance mark set once the warm-up is done. */
export const WARMED = "knights-tour: warmed";

let warmed = false;

/** Runs the page's part of a click on `settings`' board, from the worker's `words`, once, while idle. */
export function warmUp({ settings, words }) {
  if (warmed) return;
  warmed = true;
  let tour = null;
  const steps = [
    () => {
      tour = builtTour(settings, words);
      while (tour.status() === "searching") tour.advance(0xffffffff, Infinity, false);
    },
    () => {
      try {
        tour.paintWith(0, PALETTE);
        tour.drawPicture(new OffscreenCanvas(tour.pictureWidth, tour.pictureHeight).getContext("2d"));
      } finally {
        tour.free();
      }
      performance.mark(WARMED); // for a bench or a test to wait for, and a profile to show
    },
  ];
  const idle = window.requestIdleCallback ?? ((work) => setTimeout(work, 50));
  const next = () => steps.length && idle(() => {
    steps.shift()();
    next();
  }, { timeout: 1000 });
  next();
}
