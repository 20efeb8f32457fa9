// Builds divide's tour of a large board off the page's thread, with its own instance of the core's
// first module: the page goes on answering while the tour is
// built, and gets it back as one transferred buffer of numbers (the core's `buildTour`, read back
// by `Tour.built`). A message, an answer, in order; which answers are still wanted, and which
// build only warms the page's code (warm-up.js), is the page's to know (builder.js).

import { serve } from "../wasm/instance.js";

serve("knights-tour", ({ id, settings }, { buildTour }) => {
  try {
    const words = buildTour(settings) ?? null; // null: no tour to build, divide searches instead
    self.postMessage({ id, words }, words ? [words.buffer] : []);
  } catch (error) {
    self.postMessage({ id, error: error.message });
  }
}, ({ id }, message) => ({ id, error: message }));
