// Builds divide's tour of a large board off the page's thread, with its own instance of the core
// (the module loaded as the other workers load it): the page goes on answering while the tour is
// built, and gets it back as one transferred buffer of numbers (the core's `buildTour`, read back
// by `Tour.built`). A message, an answer, in order; which answers are still wanted, and which
// build only warms the page's code (warm-up.js), is the page's to know (builder.js).

import init, { buildTour } from "../../knights-tour.js";

/** Resolves to null once the core is in, or to the Error that kept it out. */
const loaded = init({ module_or_path: new URL("../../knights-tour_bg.wasm", import.meta.url) }).then(() => null, (error) => error);

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
