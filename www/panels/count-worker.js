// Counts every tour from a square, off the page's thread: slices of 50 ms, a progress message
// after each, and a look at the mailbox in between so that "cancel" is heard at once.

import init, { Counter } from "../../knights-tour.js";

/** Resolves to null once the core is in, or to the Error that kept it out. */
const loaded = init({ module_or_path: new URL("../../knights-tour_bg.wasm", import.meta.url) }).then(() => null, (error) => error);
let current = null;

self.onmessage = async ({ data }) => {
  if (data.type === "cancel") {
    current = null;
    return;
  }
  const failure = await loaded;
  if (failure) {
    self.postMessage({ type: "error", message: `the solver (a WebAssembly module) could not be loaded: ${failure.message}` });
    return;
  }
  let counter;
  try {
    counter = new Counter(data.settings);
  } catch (error) {
    self.postMessage({ type: "error", message: error.message });
    return;
  }
  const id = data.id;
  current = id;
  const slice = () => {
    if (current !== id) {
      counter.free();
      return;
    }
    const done = counter.run(50);
    self.postMessage({ type: "progress", id, done, tours: counter.tours, placements: counter.placements, fraction: counter.fraction });
    if (done) {
      counter.free();
      current = null;
    } else {
      setTimeout(slice, 0);
    }
  };
  slice();
};
