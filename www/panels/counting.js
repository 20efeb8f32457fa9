// "Count all tours": the panel's buttons, and a count in a Web Worker with its progress bar, the
// time it expects to need, Cancel, and the answer with the sequence of the OEIS it matches.
//
// The core picks the method (`Method::faster`): dynamic programming over the frontier on all but
// the smallest boards, where the bar moves column by column; "List them one by one" asks for
// the search instead, which a class can watch find the tours (the count climbs) and which shows
// why listing is hopeless beyond 6x6. A count is of one board, start and kind of tour, and every
// line it writes names them: it goes on while the run is restarted with other settings, and must
// never be mistaken for theirs. It ends only when it is done, cancelled, refused, or replaced by
// another count that the visitor was asked about first. Each count has a worker of its own:
// Cancel ends the worker, which stops at once and gives back the memory it took (up to 3 GiB).
// A count from every square that goes one class of squares at a time is split, where the machine
// has the cores, between workers of its own (the core says how many and which classes each
// counts); each has its own module and memory limit, and the core puts their answers and their
// progress together.

import { answerOfShares, boardSetting, bytesWords, countShares, load, progressOfShares, startWorker } from "../core.js";
import told from "../wasm/catalogue-parts.js";
import { Pace } from "./pace.js";
import { Shown } from "../ui/shown.js";
import { boardWords, escape, fill, formatDuration, grouped } from "../ui/text.js";

const YEAR_SECONDS = 365.25 * 86400;

/** How a method counts, in the core's words: "dynamic programming over the frontier". */
const method = (name) => told.counting.methods.find((info) => info.name === name);

/**
 * "by" the method counting `request`: a listing the core chose on its own, the box for it
 * unticked (it lists on the smallest boards, where that is quickest), says so.
 */
const by = (name, request) => `by ${method(name).label}` +
  (method(name).lists && !request.method ? ", the quickest way on a board this small (the box to list them is for larger ones)" : "");

/** Where a count counts from, in words: "from a6 on 6×6", "from every square of 6×6". */
const where = ({ rows, cols, from }) => (from === null ? `from every square of ${boardWords(rows, cols)}` : `from ${from} on ${boardWords(rows, cols)}`);

/** What a count counts, in words: "closed tours from a6 on 6×6". */
const subject = (count) => `${count.closed ? "closed " : ""}tours ${where(count)}`;

const same = (a, b) => a.rows === b.rows && a.cols === b.cols && a.from === b.from && a.closed === b.closed && a.method === b.method;

/** The share of a listing done, in words that never read as nothing while something is done. */
function share(fraction) {
  if (fraction === 0) return "just started";
  if (fraction < 0.001) return "under 0.1% of the search done";
  return `about ${(fraction * 100).toFixed(1)}% of the search done`;
}

/** Seconds left, in words: "about 2 minutes left", "more than a year left". */
function timeLeft(seconds) {
  if (seconds === null) return "working out the time left";
  if (seconds > YEAR_SECONDS) return "more than a year left"; // the estimate is too rough to say more
  return `${formatDuration(seconds)} left`;
}

/** Seconds, short: "0.4 s", "12 s", "about 3 minutes". */
const took = (ms) => (ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : formatDuration(ms / 1000));

/** The sequences a count matches, in the core's words, each name a link to the OEIS. */
export function citations(list) {
  return list.map(({ id, url, words }) =>
    fill(escape(words), { sequence: `<a href="${escape(url)}" target="_blank" rel="noopener">OEIS ${escape(id)}</a>` })).join("; ");
}

/** Where a frontier sweep is, in words: "sweep 1 of 2, column 7 of 10, 990,313 states (48.2 MiB)". */
function sweepWords({ part, parts, sweep }) {
  const of = parts > 1 ? `sweep ${part + 1} of ${parts}, ` : "";
  return `${of}column ${sweep.column + 1} of ${sweep.columns}, ${grouped(sweep.states)} states (${bytesWords(sweep.bytes)})`;
}

/** A link to a sequence of the OEIS. */
const oeis = (id) => `<a href="https://oeis.org/${id}" target="_blank" rel="noopener">OEIS ${id}</a>`;

/**
 * The chessboard's numbers, which the page cannot count (8x8 closed needs some 9 GB, open tours
 * a counter of a size beyond this project's), with where they come from and how to get them:
 * for a count of `request` on 8x8, the words (HTML), else null.
 */
function beyondThePage({ rows, cols, closed }) {
  if (rows !== 8 || cols !== 8) return null;
  if (closed) {
    return `The chessboard has <strong>${grouped("13267364410532")}</strong> closed tours (${oeis("A001230")}; ` +
      `McKay 1997, after a published ${grouped("33439123484294")} that was wrong), each through every square, ` +
      `so ${grouped("26534728821064")} from each square, one for each way round. This project counts them on ` +
      `the command line in about 10 minutes of one core and 9 GB of memory: ` +
      `<code>knights-tour count --board 8x8 --closed</code>.`;
  }
  return `The chessboard has <strong>${grouped("19591828170979904")}</strong> open tours, each direction counted ` +
    `(${oeis("A165134")}; Chernov 2014; Stertenbrink, by the same method, 131 hours on one core): beyond the page, ` +
    `and beyond this project's counter, which takes closed tours up to 8 squares across and open ones up to 7.`;
}

export class TourCount {
  /**
   * `root` holds the panel's count buttons, `#count-list`, `.count-progress`, `.count-result`
   * and `.count-ask`; `workerUrl` is the worker's script. `on.asked()` says what the run's
   * settings ask to count, `{rows, cols, from, closed}` (`from` the start's name, or null before
   * one is picked); `on.changed()` hears that the count started, moved on or ended;
   * `on.counted(request, answer)` gets each answer; `on.watched(state)` everything the count
   * says as it goes (for the teaching view). Listeners end with `signal`.
   */
  constructor(root, workerUrl, on, signal) {
    const $ = (selector) => root.querySelector(selector);
    this.ui = {
      count: $("[data-action=count]"),
      every: $("[data-action=count-every]"),
      cancel: $("[data-action=cancel]"),
      list: $("#count-list"),
      progress: $(".count-progress"),
      result: $(".count-result"),
      ask: $(".count-ask"),
      question: $(".count-ask p"),
    };
    this.workerUrl = workerUrl;
    this.on = on;
    this.shown = new Shown();
    this.workers = []; // the count's workers: one, or one a share of a count from every square
    this.shares = null; // of a count made in shares, what each has said: [{ outline, progress, grid }]
    this.id = 0;
    this.current = null; // the request being counted: { rows, cols, from, closed, method }
    // What the count has said: { request, outline, listing, progress, answer }, and when it
    // started, began counting (its worker in) and took.
    this.state = null;
    this.pending = null; // a count asked for while another runs, waiting for an answer
    this.pace = null;
    this.listingRate = null; // placements a second of the last listing: how fast this machine lists
    this.disposed = false; // the board went away: a count asked for just before never starts
    const click = (element, listener) => element.addEventListener("click", listener, { signal });
    click(this.ui.count, () => this.start(false));
    click(this.ui.every, () => this.start(true));
    click(this.ui.cancel, () => this.cancel());
    click($("[data-ask=replace]"), () => this.begin(this.pending));
    click($("[data-ask=keep]"), () => this.ask(null));
  }

  /** Whether a count is under way. */
  get busy() {
    return this.current !== null;
  }

  /** The buttons, once the core is in, for the count and the settings (`picked`: a start square is). */
  render(picked) {
    const { ui, shown } = this;
    // Another count may be asked for while one runs: the count asks before replacing it.
    shown.attribute(ui.count, "disabled", picked ? null : "");
    shown.attribute(ui.count, "title", picked ? null : "Pick a start square on the board first: the count is of the tours from it.");
    shown.attribute(ui.every, "disabled", null);
    shown.attribute(ui.cancel, "disabled", this.busy ? null : "");
  }

  /**
   * Counts what the settings ask, from the start or (`everyStart`) from every square, by the
   * faster method unless the visitor asked for a listing. While another count runs, the visitor
   * is asked first whether to stop it; the same count again just goes on. The core's counting
   * comes in on the first count.
   */
  async start(everyStart) {
    const { rows, cols, from, closed } = this.on.asked();
    if (!everyStart && from === null) return;
    await load("count");
    if (this.disposed) return;
    const listing = this.ui.list.checked ? told.counting.methods.find((info) => info.lists).name : null;
    const request = { rows, cols, from: everyStart ? null : from, closed, method: listing };
    if (!this.current) this.begin(request);
    else if (!same(this.current, request)) this.ask(request);
  }

  /** Stops the count, and says what it had found. */
  cancel() {
    if (!this.current) return;
    this.retire();
    const { progress, outline } = this.state;
    let found;
    if (progress?.sweep) {
      found = ` at ${sweepWords(progress)}`;
    } else if (outline?.sweep) {
      found = progress ? ` at sweep ${progress.part + 1} of ${progress.parts}` : " as its sweep began";
    } else {
      const tours = progress?.listing.listed ?? "0";
      found = `: ${grouped(tours)} ${tours === "1" ? "tour" : "tours"} found, ${share(progress?.fraction ?? 0)}`;
    }
    this.end(`Cancelled the count of ${subject(this.current)}${found}.`);
  }

  dispose() {
    this.disposed = true;
    this.retire();
    this.current = null;
    this.pending = null;
  }

  /** Ends the count's workers: they stop at once, and their memory goes with them. */
  retire() {
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
    this.shares = null;
  }

  begin(request) {
    this.ask(null);
    this.retire();
    this.id += 1;
    this.current = request;
    this.state = { request, outline: null, listing: null, progress: null, answer: null, started: performance.now() };
    this.pace = new Pace(performance.now());
    const { rows, cols, from, closed, method } = request;
    const settings = { board: boardSetting(rows, cols), closed, ...(from === null ? {} : { start: from }) };
    const ask = { everyStart: from === null, method };
    const lanes = from === null && !method ? countShares(settings, navigator.hardwareConcurrency ?? 1) : 1;
    if (lanes > 1) this.shares = Array.from({ length: lanes }, () => ({ outline: null, progress: null, grid: null }));
    for (let lane = 0; lane < lanes; lane += 1) {
      const worker = this.spawn(lane);
      this.workers.push(worker);
      worker.postMessage({ type: "count", id: this.id, settings, ask: lanes > 1 ? { ...ask, share: { lane, lanes } } : ask });
    }
    const { progress, result } = this.ui;
    progress.value = 0;
    delete result.dataset.tours;
    // Busy: a screen reader waits for the result rather than hearing every step of the count.
    result.setAttribute("aria-busy", "true");
    result.textContent = `Counting ${subject(request)}…`;
    this.watched();
  }

  /** Shows the question about replacing the running count with `request`, or hides it (null). */
  ask(request) {
    this.pending = request;
    this.ui.ask.hidden = request === null;
    if (request) {
      const sofar = this.state?.progress ? ` (${Math.floor(this.state.progress.fraction * 100)}% done)` : "";
      this.ui.question.textContent = `Stop counting ${subject(this.current)}${sofar} and count ${subject(request)} instead?`;
    }
  }

  /** A worker for the count, counting the share `lane` where the count is split. */
  spawn(lane) {
    const worker = startWorker(this.workerUrl);
    worker.onmessage = ({ data }) => {
      if (!this.workers.includes(worker)) return; // a count ended or replaced: its last words are stale
      if (data.type === "error") this.end(`Count failed: ${data.message}.`);
      else if (data.id !== this.id || !this.current) return;
      else if (data.type === "refused") this.refused(data.message);
      else if (!this.shares) this.heard(data);
      else this.heardShare(lane, data);
    };
    // The worker's script itself did not load: no message will ever come from it.
    worker.onerror = (event) => {
      event.preventDefault();
      if (!this.workers.includes(worker)) return;
      this.retire();
      this.end("Count failed: the counting worker could not be started.");
    };
    return worker;
  }

  /** What the count's worker said. */
  heard(data) {
    if (data.type === "outline") this.outline(data);
    else if (data.type === "progress") this.progress(data.progress);
    else if (data.type === "done") this.done(data);
  }

  /** What the worker counting the share `lane` said: the count goes on as their sum. */
  heardShare(lane, { type, outline, listing, progress, answer }) {
    const { shares } = this;
    if (type === "outline") {
      // Each share's outline tells its own sweeps: the count's are told once every share has
      // said where it stands (the lesson reads them from the progress put together).
      shares[lane].outline = { outline, listing };
      return;
    }
    Object.assign(shares[lane], { progress, grid: answer?.grid ?? null });
    if (shares.some((share) => !share.progress)) return;
    if (!this.state.outline) this.outline(shares[0].outline);
    const together = progressOfShares(shares.map((share) => share.progress));
    if (shares.some((share) => !share.grid)) this.progress(together);
    else {
      const { rows, cols } = this.current;
      this.done({ progress: together, answer: answerOfShares({ board: boardSetting(rows, cols) }, shares.map((share) => share.grid)) });
    }
  }

  /** The count is over: `words` say how, and the button is free again. */
  end(words, html = false) {
    const { result } = this.ui;
    this.retire();
    result.removeAttribute("aria-busy");
    if (html) result.innerHTML = words;
    else result.textContent = words;
    this.current = null;
    this.ask(null); // nothing runs any more for another count to replace
    this.watched();
  }

  /** Tells the element: the count changed, and here is what it has said so far. */
  watched() {
    this.on.watched?.(this.state, this.listingRate);
    this.on.changed();
  }

  /** What the count will do: the method, the sweep, the memory it may take. */
  outline({ outline, listing }) {
    // The worker is in and the count begins now: a listing's pace is measured from here.
    Object.assign(this.state, { outline, listing, outlined: performance.now() });
    const { sweep, memory } = outline;
    const how = by(outline.method, this.current);
    // Each worker has a memory of its own, with its own limit.
    const each = this.shares ? ` in each of ${this.shares.length} workers` : "";
    const plan = sweep
      ? `: ${sweep.columns} columns of ${sweep.height} squares; its tables may take up to about ${memory.words}${each} (the limit is ${memory.limitWords}${this.shares ? " each" : ""})`
      : "";
    this.ui.result.textContent = `Counting ${subject(this.current)} ${how}${plan}.`;
    this.watched();
  }

  progress(progress) {
    this.state.progress = progress;
    this.ui.progress.value = progress.fraction;
    const left = timeLeft(this.pace.left(performance.now(), progress.fraction));
    const sofar = progress.listing
      ? `${grouped(progress.listing.listed)} so far, ${share(progress.fraction)}`
      : sweepWords(progress);
    this.ui.result.textContent = `Counting ${subject(this.current)}: ${sofar}, ${left}.`;
    this.watched();
  }

  done({ progress, answer }) {
    const request = this.current;
    const elapsed = performance.now() - this.state.started;
    Object.assign(this.state, { progress, answer, elapsed });
    this.ui.progress.value = 1;
    if (progress.listing) this.listingRate = (progress.listing.placements * 1000) / Math.max(1, performance.now() - this.state.outlined);
    const { tours } = answer;
    // Exact, every digit: the number is the point. A closed tour from a square is a cycle
    // through it, counted once for each way round, as the literature's directed counts are.
    const closed = request.closed ? "closed " : "";
    const number = `${grouped(tours)} ${closed}${tours === "1" ? "tour" : "tours"}`;
    const sequences = answer.citations.length ? `: ${citations(answer.citations)}` : "";
    const how = progress.listing
      ? `${by(progress.method, request)}, ${grouped(progress.listing.placements)} placements, ${took(elapsed)}`
      : `${by(progress.method, request)}, ${took(elapsed)}`;
    let words;
    if (request.from === null) {
      const board = boardWords(request.rows, request.cols);
      words = request.closed
        ? `<strong>${escape(number)}</strong> on ${board}${sequences}. Each passes through every square, so ` +
          `${grouped(answer.grid[0])} start on each, one for each way round, as the board shows <span class="hint">(${escape(how)})</span>.`
        : `<strong>${escape(number)}</strong> on ${board}, each direction counted${sequences}. ` +
          `The board shows how many start on each square <span class="hint">(${escape(how)})</span>.`;
    } else {
      const each = request.closed ? ", each direction counted" : "";
      words = `<strong>${escape(number)}</strong> ${escape(where(request))}${each}${sequences} <span class="hint">(${escape(how)})</span>.`;
    }
    this.ui.result.dataset.tours = tours;
    this.end(words, true);
    this.on.counted(request, answer);
  }

  refused(message) {
    const cannot = `Cannot count ${subject(this.current)}: ${message}.`;
    const known = beyondThePage(this.current);
    if (known) this.end(`${escape(cannot)} ${known}`, true);
    else {
      const instead = this.current.method ? "" : " Tick “List them one by one” to watch a search find them instead, slowly.";
      this.end(`${cannot}${instead}`);
    }
  }
}
