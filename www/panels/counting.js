// "Count all tours": a count in a Web Worker, with its progress bar, the exact count so far, the
// time it expects to need, and Cancel. A count is of one board, start and kind of tour, and every
// line it writes names them: it goes on while the run is restarted with other settings, and must
// never be mistaken for theirs. It ends only when it is done, cancelled, or replaced by another
// count that the visitor was asked about first.

import { escape, formatDuration, grouped } from "../ui/text.js";

/** How far back the pace of the estimate is measured: long enough to smooth its jumps. */
const PACE_WINDOW_MS = 20_000;
/** How long the estimate is watched before any time is given. */
const PACE_FIRST_MS = 1_000;
const YEAR_SECONDS = 365.25 * 86400;

/** Where a count counts from, in words: "from a6 on 6×6". */
const where = ({ rows, cols, from }) => `from ${from} on ${rows}×${cols}`;

/** What a count counts, in words: "closed tours from a6 on 6×6". */
const subject = (count) => `${count.closed ? "closed " : ""}tours ${where(count)}`;

const same = (a, b) => a.rows === b.rows && a.cols === b.cols && a.from === b.from && a.closed === b.closed;

/** The share of the search done, in words that never read as nothing while something is done. */
function share(fraction) {
  if (fraction === 0) return "just started";
  if (fraction < 0.001) return "under 0.1% of the search done";
  return `about ${(fraction * 100).toFixed(1)}% of the search done`;
}

/** The time left, from how fast the core's estimate of the share done has been moving. */
class Pace {
  constructor(now) {
    this.samples = [{ time: now, fraction: 0 }];
  }

  /** Records the estimate `fraction` at `now`; returns the seconds left, or null while unknown. */
  left(now, fraction) {
    const { samples } = this;
    samples.push({ time: now, fraction });
    // Keep one sample at least a window old, as the far end of the measure.
    while (samples.length > 2 && now - samples[1].time >= PACE_WINDOW_MS) samples.shift();
    const [first] = samples;
    if (now - first.time < PACE_FIRST_MS || fraction <= first.fraction) return null;
    const perSecond = ((fraction - first.fraction) * 1000) / (now - first.time);
    return (1 - fraction) / perSecond;
  }
}

/** Seconds left, in words: "about 2 minutes left", "more than a year left". */
function timeLeft(seconds) {
  if (seconds === null) return "working out the time left";
  if (seconds > YEAR_SECONDS) return "more than a year left"; // the estimate is too rough to say more
  return `${formatDuration(seconds)} left`;
}

export class TourCount {
  /**
   * `root` holds the panel's `.count-progress`, `.count-result` and `.count-ask`; `changed` is
   * called whenever the count starts, moves on or ends.
   */
  constructor(root, workerUrl, changed) {
    this.ui = {
      progress: root.querySelector(".count-progress"),
      result: root.querySelector(".count-result"),
      ask: root.querySelector(".count-ask"),
      question: root.querySelector(".count-ask p"),
    };
    this.workerUrl = workerUrl;
    this.changed = changed;
    this.worker = null;
    this.id = 0;
    this.current = null; // { rows, cols, from, closed } while counting
    this.last = null; // the count's latest report
    this.pending = null; // a count asked for while another runs, waiting for an answer
    this.pace = null;
    root.querySelector("[data-ask=replace]").addEventListener("click", () => this.begin(this.pending));
    root.querySelector("[data-ask=keep]").addEventListener("click", () => this.ask(null));
  }

  /** Whether a count is under way. */
  get busy() {
    return this.current !== null;
  }

  /**
   * Counts the tours of `rows` × `cols` from the square named `from` (closed ones, if `closed`).
   * While another count runs, the visitor is asked first whether to stop it; the same count
   * again just goes on.
   */
  start(request) {
    if (!this.current) this.begin(request);
    else if (!same(this.current, request)) this.ask(request);
  }

  /** Stops the count, and says what it had found. */
  cancel() {
    if (!this.current) return;
    this.worker.postMessage({ type: "cancel" });
    const tours = this.last?.tours ?? 0;
    const found = `${grouped(tours)} ${tours === 1 ? "tour" : "tours"} found, ${share(this.last?.fraction ?? 0)}`;
    this.end(`Cancelled the count of ${subject(this.current)}: ${found}.`);
  }

  dispose() {
    this.worker?.terminate();
    this.worker = null;
    this.current = null;
    this.pending = null;
  }

  begin(request) {
    this.ask(null);
    this.worker ??= this.spawn();
    this.id += 1;
    this.current = request;
    this.last = null;
    this.pace = new Pace(performance.now());
    const { rows, cols, from, closed } = request;
    this.worker.postMessage({ type: "count", id: this.id, settings: { board: `${rows}x${cols}`, start: from, closed } });
    const { progress, result } = this.ui;
    progress.value = 0;
    delete result.dataset.tours;
    // Busy: a screen reader waits for the result rather than hearing every step of the count.
    result.setAttribute("aria-busy", "true");
    result.textContent = `Counting ${subject(request)}…`;
    this.changed();
  }

  /** Shows the question about replacing the running count with `request`, or hides it (null). */
  ask(request) {
    this.pending = request;
    this.ui.ask.hidden = request === null;
    if (request) {
      this.ui.question.textContent = `Stop counting ${subject(this.current)} (${share(this.last?.fraction ?? 0)}) ` +
        `and count ${subject(request)} instead?`;
    }
  }

  spawn() {
    const worker = new Worker(this.workerUrl, { type: "module" });
    worker.onmessage = ({ data }) => {
      if (data.type === "error") {
        this.end(`Count failed: ${data.message}.`);
      } else if (data.id === this.id && this.current) {
        this.progress(data);
        this.changed();
      }
    };
    // The worker's script itself did not load: no message will ever come from it.
    worker.onerror = (event) => {
      event.preventDefault();
      this.worker = null;
      this.end("Count failed: the counting worker could not be started.");
    };
    return worker;
  }

  /** The count is over: `words` say how, and the button is free again. */
  end(words, html = false) {
    const { result } = this.ui;
    result.removeAttribute("aria-busy");
    if (html) result.innerHTML = words;
    else result.textContent = words;
    this.current = null;
    this.ask(null); // nothing runs any more for another count to replace
    this.changed();
  }

  progress(report) {
    const { tours, placements, fraction, done } = report;
    const { progress, result } = this.ui;
    this.last = report;
    progress.value = fraction;
    const { current } = this;
    if (done) {
      // Exact, every digit: the number is the point. A closed tour is a cycle through the start,
      // counted once for each way round, as the literature's directed counts are.
      const number = `${grouped(tours)} ${current.closed ? "closed " : ""}${tours === 1 ? "tour" : "tours"}`;
      const each = current.closed ? ", each direction counted" : "";
      result.dataset.tours = String(tours);
      this.end(`<strong>${escape(number)}</strong> ${escape(where(current))}${each} (${grouped(placements)} placements).`, true);
    } else {
      const left = timeLeft(this.pace.left(performance.now(), fraction));
      result.textContent = `Counting ${subject(current)}: ${grouped(tours)} so far, ${share(fraction)}, ${left}.`;
    }
  }
}
