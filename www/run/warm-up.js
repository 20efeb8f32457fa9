// V8 runs a WebAssembly function first as Liftoff's code, compiled in one quick pass, and
// optimises it only once it has run for a while. A click on a large board is the first time the
// page's thread makes a run from a tour built in the worker, walks it and paints it, and in
// Liftoff's code those took about three times as long: on 1000x1000 the walk alone filled two
// frames, not one. So the worker, asked by builder.js once it is started, builds a smaller tour
// (warming its own code), and while the page is idle its thread makes the run of it, walks it
// and paints it on a canvas nobody sees, a step an idle callback: the click finds that code
// optimised. (A run the page made of its own board at load is made but not walked or painted:
// the warm-up goes on after it.)

import { builtTour } from "../core.js";

/** Any colours: the picture is painted on a canvas nobody sees, as the page paints a large board's. */
const PALETTE = Uint8Array.of(240, 217, 181, 181, 136, 99, 30, 90, 200, 230, 80, 40, 255);
/** The idle time a step waits for: the largest, a run made of 160,000 squares, takes a few ms. */
const STEP_MS = 10;
/** Set once the warm-up is done, for a bench or a test to wait for and a profile to show. */
const WARMED = "knights-tour: warmed";

const idle = window.requestIdleCallback ?? ((work) => setTimeout(() => work({ timeRemaining: () => 50 }), 50));

/** `cold` until asked for; `warming`; `warm` once done. */
let state = "cold";

/** Whether the page's thread has still to be warmed (and a tour for it built). */
export const needsWarmUp = () => state === "cold";

/** Warms the page's thread with `words`, the worker's tour of `settings`, a step at a time while idle. */
export function warmUp(settings, words) {
  if (state !== "cold") return;
  state = "warming";
  let tour = null;
  const steps = [
    () => (tour = builtTour(settings, words)),
    () => {
      while (tour.status() === "searching") tour.advance(0xffffffff, Infinity, false);
    },
    () => {
      tour.paintWith(0, PALETTE);
      tour.drawPicture(new OffscreenCanvas(tour.pictureWidth, tour.pictureHeight).getContext("2d"));
      performance.mark(WARMED);
    },
  ];
  const finish = () => {
    tour?.free();
    tour = null;
    state = "warm";
  };
  const step = (deadline) => {
    if (deadline.timeRemaining() < STEP_MS) return idle(step);
    try {
      steps.shift()();
    } catch (error) {
      finish();
      throw error;
    }
    if (steps.length) idle(step);
    else finish();
  };
  idle(step);
}
