// Builds divide's tour of a large board off the page's thread, with its own instance of the core
// (the module loaded as the other workers load it): the page goes on answering while the tour is
// built, and gets it back as one transferred buffer of numbers (the core's `buildTour`, read back
// by `Tour.built`). A message, an answer, in order; which answers are still wanted is the page's
// to know (builder.js).

import init, { buildTour } from "../../knights-tour.js";

/** Resolves to null once the core is in, or to the Error that kept it out. */
const loaded = init({ module_or_path: new URL("../../knights-tour_bg.wasm", import.meta.url) }).then(() => null, (error) => error);

/**
 * The tour built once the core is in, after any request already waiting, and handed to the page
 * to warm its own thread (warm-up.js): V8 optimises code only once it has run a while, and
 * a first 1000x1000 tour built in Liftoff's code took 40 ms against 12. Big enough for its loops
 * to be optimised: on 200x200 the page's walk of 1000x1000 still took two frames.
 */
const WARM_UP = { board: "400x400", start: "0,0" };

loaded.then((failure) => failure || setTimeout(() => {
  const words = buildTour(WARM_UP);
  self.postMessage({ warm: { settings: WARM_UP, words } }, [words.buffer]);
}));

self.onmessage = async ({ data: { id, settings } }) => {
  const failure = await loaded;
  if (failure) {
    self.postMessage({ id, error: `the solver (a WebAssembly module) could not be loaded in a worker: ${failure.message}` });
    return;
  }
  try {
    const words = buildTour(settings) ?? null; // null: no tour to build, divide searches instead
    self.postMessage({ id, words }, words ? [words.buffer] : []);
  } catch (error) {
    self.postMessage({ id, error: error.message });
  }
};
