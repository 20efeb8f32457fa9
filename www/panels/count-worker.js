// A count off the page's thread: one count per worker, run to its end in slices of time with a
// report after each, a few times a second. The page cancels a count by ending its worker, which
// stops it at once and gives its memory back (a WebAssembly module's memory never shrinks).
//
//   → { type: "count", id, settings, ask }   settings as for a run; ask: { everyStart, method, share }
//                                             (share: { lane, lanes }, a part of a count from every
//                                             square that several workers make at once)
//   ← { type: "outline", id, outline, listing } what the count will do, before it starts, and
//                                             Knuth's estimate of what listing the tours would take
//   ← { type: "progress", id, progress }      after each slice (of a share: its `shareProgress()`,
//                                             numbers for the page to put together with the
//                                             other shares' by `progressOfShares`)
//   ← { type: "done", id, progress, answer }
//   ← { type: "refused", id, message }        the core's words: too large, or stopped
//   ← { type: "error", message }              the module could not be loaded

import { serve } from "../wasm/instance.js";

/** How long the count runs between two reports. */
const SLICE_MS = 200;

serve("knights-tour-count", ({ type, id, settings, ask }, { Counter }) => {
  if (type !== "count") return;
  let counter = null;
  try {
    counter = new Counter(settings, ask);
    const progress = ask?.share ? () => counter.shareProgress() : () => counter.progress();
    self.postMessage({ type: "outline", id, outline: counter.outline(), listing: counter.listingSize() });
    while (!counter.run(SLICE_MS)) self.postMessage({ type: "progress", id, progress: progress() });
    self.postMessage({ type: "done", id, progress: progress(), answer: counter.answer() });
  } catch (error) {
    self.postMessage({ type: "refused", id, message: error.message });
  } finally {
    counter?.free();
  }
});
