// Makes a run or a game into an animated GIF off the page's thread, with its own instance of the
// core: the worker runs the search again from its settings (the same settings, the same run) up
// to the event the page stands at, or plays a game's path again a move a frame, in slices of
// 50 ms with a progress message after each. The file goes back as a transferred buffer. To
// cancel, the page terminates the worker: it holds nothing else.

import init, { Gif } from "../../knights-tour.js";

/** Resolves to null once the core is in, or to the Error that kept it out. */
const loaded = init({ module_or_path: new URL("../../knights-tour_bg.wasm", import.meta.url) }).then(() => null, (error) => error);

self.onmessage = async ({ data: { settings, events, path, colours } }) => {
  const failure = await loaded;
  if (failure) {
    self.postMessage({ type: "error", message: `the solver (a WebAssembly module) could not be loaded: ${failure.message}` });
    return;
  }
  let gif;
  try {
    gif = path ? Gif.played(settings, path, colours) : new Gif(settings, events, colours);
  } catch (error) {
    self.postMessage({ type: "error", message: error.message });
    return;
  }
  const { width, height, frames } = gif;
  const slice = () => {
    try {
      if (!gif.run(50)) {
        self.postMessage({ type: "progress", fraction: gif.fraction });
        setTimeout(slice, 0);
        return;
      }
    } catch (error) {
      gif.free();
      self.postMessage({ type: "error", message: error.message });
      return;
    }
    const bytes = gif.take();
    gif.free();
    self.postMessage({ type: "done", bytes, width, height, frames }, [bytes.buffer]);
  };
  slice();
};
