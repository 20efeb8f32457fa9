// Makes a run or a game into an animated GIF off the page's thread, with its own instance of the
// core: the worker runs the search again from its settings (the same settings, the same run) up
// to the event the page stands at, or plays a game's path again a move a frame, in slices of
// 50 ms with a progress message after each. The file goes back as a transferred buffer. To
// cancel, the page terminates the worker: it holds nothing else.

import { serve } from "../wasm/instance.js";

serve("knights-tour-export", ({ settings, events, path, colours }, { Gif }) => {
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
});
