// "Count all tours": a count in a Web Worker, with its progress bar, running total and Cancel.

import { escape, formatCount } from "./text.js";

export class TourCount {
  /**
   * `root` holds the panel's `.count-progress` and `.count-result`; `changed` is called whenever
   * the count starts, moves on or ends.
   */
  constructor(root, workerUrl, changed) {
    this.ui = { countProgress: root.querySelector(".count-progress"), countResult: root.querySelector(".count-result") };
    this.workerUrl = workerUrl;
    this.changed = changed;
    this.worker = null;
    this.id = 0;
    this.current = null; // { from, closed } while counting
  }

  get busy() {
    return this.current !== null;
  }

  /** Counts the tours of `rows` × `cols` from the square named `from`. */
  start({ rows, cols, from, closed }) {
    this.worker ??= this.spawn();
    this.id += 1;
    this.current = { from, closed };
    this.worker.postMessage({ type: "count", id: this.id, settings: { board: `${rows}x${cols}`, start: from, closed } });
    this.ui.countProgress.value = 0;
    delete this.ui.countResult.dataset.tours;
    this.ui.countResult.textContent = `Counting ${closed ? "closed " : ""}tours from ${from}…`;
    this.changed();
  }

  cancel() {
    if (!this.current) return;
    this.worker.postMessage({ type: "cancel" });
    this.ui.countResult.textContent = "Cancelled.";
    this.current = null;
    this.changed();
  }

  dispose() {
    this.worker?.terminate();
    this.worker = null;
    this.current = null;
  }

  spawn() {
    const worker = new Worker(this.workerUrl, { type: "module" });
    worker.onmessage = ({ data }) => {
      if (data.type === "error") {
        this.fail(data.message);
      } else if (data.id === this.id && this.current) {
        this.progress(data);
        this.changed();
      }
    };
    // The worker's script itself did not load: no message will ever come from it.
    worker.onerror = (event) => {
      event.preventDefault();
      this.worker = null;
      this.fail("the counting worker could not be started");
    };
    return worker;
  }

  /** The count cannot go on: said where its result would be, and the button is free again. */
  fail(message) {
    this.ui.countResult.textContent = `Count failed: ${message}.`;
    this.current = null;
    this.changed();
  }

  progress({ tours, placements, fraction, done }) {
    const { from, closed } = this.current;
    const { countProgress, countResult } = this.ui;
    countProgress.value = fraction;
    const what = `${formatCount(tours)} ${closed ? "closed " : ""}tour${tours === 1 ? "" : "s"}`;
    if (done) {
      countResult.innerHTML = `<strong>${escape(what)}</strong> from ${from}, counting each direction (${formatCount(placements)} placements).`;
      countResult.dataset.tours = String(tours);
      this.current = null;
    } else {
      countResult.textContent = `${what} so far; about ${(fraction * 100).toFixed(1)}% of the search done.`;
    }
  }
}
