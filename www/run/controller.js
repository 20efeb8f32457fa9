// The run controller: the settings and a run of the core's search, stepped a frame at a time,
// turned into what the views show. No DOM here: the element tells it what the visitor did, the
// frame loop tells it the time, and the views read it.

import { builder, builtTour, checkSettings, defaultStart, eachEvent, loaded, newTour, pace, parseSquare, squareName } from "../core.js";
import { searchSettings } from "../ui/settings.js";
import { Assembly, MOVES_UP_TO_SQUARES, Plan, paintAssembly } from "./divide.js";
import { FRAME_BUDGET_MS } from "./frame-loop.js";

/** At or below this many moves a second, each move is animated. */
const ANIMATE_UP_TO = 30;
/** At or below this, moves are recorded so backtracks can flash red. */
const RECORD_UP_TO = 2000;
const BACKTRACK_FADE_MS = 450;
/** A step by hand is animated this long. */
const STEP_MS = 260;
/** Backtracks flashing at once, at most. */
const MAX_FADES = 64;
/** How often a running search's progress is read (whether it is stuck): the estimate walks the whole path. */
const STALL_CHECK_MS = 250;
const NO_PATH = new Uint32Array(0);

export class RunController {
  /** `arrived()` hears of a run whose tour was built in the worker, once it is made. */
  constructor({ arrived = () => {} } = {}) {
    this.arrived = arrived;
    this.settings = null;
    this.run = null; // the core's Tour, once a start square is chosen
    // A tour being built in the worker (builder.js), before there is a run: `{start, play}`, the
    // start square, and what Play asked for meanwhile (its arguments), if it did.
    this.building = null;
    this.mode = "idle"; // idle | running | paused | finished | failed
    this.error = null; // what went wrong with the settings or the frame, in words
    this.autoSpeed = null; // the core's pace for these settings, where no speed is chosen
    this.reset();
  }

  reset() {
    Object.assign(this, {
      plan: null, // how divide built its tour (a Plan), for a divide run
      assembly: null, // the showing of that plan before the walk (an Assembly)
      stall: null, // the search's progress, read from the core a few times a second
      stallRead: 0,
      motion: null,
      fades: [],
      credit: 0,
      elapsed: 0,
      measured: null, // the time the run took the first time it ended, kept through replays
      runningSince: 0,
      lastTick: 0,
      meter: { time: 0, events: 0, rate: null },
      seekTarget: null, // an event the run is on its way to, a slice a frame
      estimate: undefined, // Knuth's estimate of the whole tree, once read from the core
      treeTracked: false, // whether the core was asked to keep this run's tree of tried moves
      awaitsSight: false, // autoplay, waiting for the board to come into view (the element's)
      pace: null, // a replay's own speed and end, {speed, until}, while it runs (see `replay`)
      // A start picked before the board changed size, `{before, start}`: its name, and the
      // square of that name on the new board (null where it has none). Set by the resize.
      startKept: null,
    });
  }

  /**
   * The squares of the path so far: a view into the core's memory, made on each read, valid only
   * until the next call into the core (see `Tour.pathView`). Read it at once; keep no reference.
   */
  get path() {
    return this.run ? this.run.pathView() : NO_PATH;
  }

  get squares() {
    return this.settings.rows * this.settings.cols;
  }

  /** Moves a second: the speed chosen, or (auto) the core's pace for the board. */
  get speed() {
    return this.settings.speed ?? this.autoSpeed;
  }

  name(square) {
    return squareName(this.settings.rows, this.settings.cols, square);
  }

  /** Starts the run over from the chosen start square (if any); it waits for Play. */
  restart() {
    this.dispose();
    this.reset();
    this.mode = "idle";
    this.error = null;
    const { settings } = this;
    const search = searchSettings(settings);
    // Without a start picked the visitor picks one, but autoplay starts where the core starts
    // when it is told nothing: a1, the bottom-left corner. In play mode the visitor moves the
    // knight (run/play.js): there is no run. A large board's tour is built in a worker.
    const offThread = builtOffThread(settings);
    if (offThread) withBuilder(({ warm }) => warm(settings)); // its modules load (and warm) while a start is picked
    try {
      this.autoSpeed = pace(search);
      if (!settings.play && (settings.start !== null || settings.autoplay)) {
        if (offThread) {
          checkSettings(search); // a mistake is told at once, as for any run
          this.building = { start: this.startOf(search), play: null };
          const done = (answer) => this.built(search, answer);
          withBuilder(({ build }) => build(this, search, done), (error) => done({ error: error.message }));
        } else {
          this.run = newTour(search);
        }
      }
    } catch (error) {
      this.error = error.message;
    }
    this.prepare();
  }

  /**
   * A press on `square`, which the click that follows will most likely pick: a tour the worker
   * builds is asked for now, and the click's run takes the request over (see builder.js).
   */
  pressed(square) {
    const settings = { ...this.settings, start: this.name(square) };
    if (builtOffThread(settings)) withBuilder(({ prefetch }) => prefetch(searchSettings(settings)));
  }

  /** The square the run of `search` (the core's settings) starts on, given or the core's default. */
  startOf(search) {
    const { rows, cols } = this.settings;
    return parseSquare(rows, cols, search.start ?? defaultStart(rows, cols));
  }

  /** What a new run brings besides: divide's plan and its showing, the tree of tried moves. */
  prepare() {
    if (this.run?.plan()) {
      this.plan = new Plan(this.run);
      this.assembly = new Assembly(this.plan);
    }
    // The tree is the core's teaching part's: where that is not in, the teaching view starts the
    // tree when it comes (teaching-view.js).
    if (this.settings.teach && loaded("teach")) this.trackTree();
  }

  /** The worker's answer for the run of `search`: the run is made, and plays if Play was pressed. */
  built(search, { words, error }) {
    const { play } = this.building;
    const since = this.runningSince;
    this.building = null;
    try {
      // A worker that failed leaves the tour to this thread: slower, but an answer.
      this.run = error === undefined ? builtTour(search, words) : newTour(search);
      this.prepare();
    } catch (failure) {
      this.error = failure.message;
    }
    this.mode = "idle";
    if (play) {
      this.play(...play);
      this.runningSince = since; // the build was part of the run's time
    }
    this.arrived();
  }

  /** The run's start square (-1 before one is chosen), while its tour is built too. */
  get start() {
    return this.run?.start ?? this.building?.start ?? -1;
  }

  /** Whether the run can show the tree of its tried moves (the core says why not: `run.noTree()`). */
  get hasTree() {
    return Boolean(this.run) && this.run.noTree() === undefined;
  }

  /** Starts keeping the tree of tried moves, if the run has one and does not keep it yet. */
  trackTree() {
    if (this.treeTracked || !this.hasTree) return;
    this.run.trackTree();
    this.treeTracked = true;
  }

  /**
   * Knuth's estimate of the whole search tree, `{placements, events, probes}`, made by the core
   * once per run when first asked (a few thousand random paths: milliseconds); null for a run
   * without a tree.
   */
  treeEstimate() {
    if (this.estimate === undefined && this.run) this.estimate = this.run.estimate() ?? null;
    return this.estimate ?? null;
  }

  /** Frees the core's run, and drops a tour being built for it: call when the board goes away. */
  dispose() {
    if (this.building) withBuilder(({ cancel }) => cancel(this));
    this.building = null;
    this.run?.free();
    this.run = null;
  }

  /**
   * `brief`: show divide's assembly only for a moment (full speed, or moves too small to draw);
   * `still`: not at all (the visitor asked for reduced motion).
   */
  play(brief, still = false) {
    this.awaitsSight = false;
    if (this.building && this.mode !== "failed") {
      // It plays once the tour is in; the time runs from now.
      this.building.play = [brief, still];
      this.mode = "running";
      this.lastTick = this.runningSince = performance.now();
      return;
    }
    if (!this.run || this.mode === "failed") return;
    if (this.mode === "finished") this.again();
    this.seekTarget = null;
    this.assembly?.start(brief, still);
    this.mode = "running";
    this.lastTick = this.runningSince = performance.now();
  }

  /**
   * Takes a finished run back to its start to play it again (Replay): the same run, its chart,
   * tree and measured time kept (the timeline replays it, it is not searched anew); divide shows
   * its assembly again. The start is a checkpoint: the jump lands at once.
   */
  again() {
    this.seek(0);
    if (this.plan) this.assembly = new Assembly(this.plan);
  }

  /**
   * Puts the knight on the start square at once, before Play's first frame: a square just
   * picked shows its knight, and a pause right after it is at move 1, not before the start.
   * Divide's start is shown by its assembly, which the first event would skip.
   */
  placeStart() {
    if (!this.run || this.plan || this.run.position > 0 || this.run.status() !== "searching") return;
    this.advance(1, true, performance.now(), 0, FRAME_BUDGET_MS);
  }

  pause() {
    if (this.building) this.building.play = null;
    if (this.mode === "running") this.stopRunning("paused");
  }

  /**
   * Plays the run again from its start to event `until` at `speed` events a second, whatever the
   * speed setting, and stands there: what a recording of the board films. Whatever else stops
   * the run (Pause, a step, a jump) ends the replay.
   */
  replay(until, speed) {
    if (!this.run || this.mode === "failed") return;
    this.seek(0);
    if (this.seeking) return; // the start is a checkpoint: a jump there lands at once
    this.play(false);
    this.pace = { until, speed };
  }

  /** Whether a replay (see `replay`) is under way. */
  get replaying() {
    return this.pace !== null;
  }

  step() {
    if (!this.run || this.mode === "finished" || this.mode === "failed") return;
    this.stopRunning("paused");
    this.assembly?.finish(); // Step moves along the walk
    const now = performance.now();
    this.advance(1, true, now, STEP_MS, FRAME_BUDGET_MS);
    this.readStall(now);
  }

  /** One event back, undone in place by the core however long the run: paused there. */
  stepBack() {
    if (!this.run || this.run.position === 0 || this.mode === "failed") return;
    this.stopRunning("paused");
    this.run.stepBack();
    this.landed();
  }

  /**
   * Puts the run at event `event` (from 0, before the start is placed), paused there: at once
   * where the core can undo or replay within a frame, else a slice a frame (see `tick`).
   */
  seek(event) {
    if (!this.run || this.mode === "failed") return;
    this.stopRunning("paused");
    this.seekTarget = event;
    this.seekSlice(FRAME_BUDGET_MS);
  }

  /** Replays towards the event sought for at most `budget` ms. */
  seekSlice(budget) {
    if (this.run.seek(this.seekTarget, budget)) this.seekTarget = null;
    this.landed();
  }

  /** After a jump on the timeline: the run stands still where it landed. */
  landed() {
    this.assembly?.finish();
    this.readStall();
    this.motion = null;
    this.fades = [];
    this.mode = this.run.status() === "searching" ? "paused" : "finished";
  }

  /** Whether a jump on the timeline is still on its way. */
  get seeking() {
    return this.seekTarget !== null;
  }

  /** The frame went wrong: the run stops where it is, and says why. */
  fail(error) {
    this.stopRunning("failed");
    this.error = error.message ?? String(error);
  }

  /** The run stands still in `mode`; a jump on its way stops where it is, too. */
  stopRunning(mode) {
    // A replay's time is the recording's, not the run's.
    if (this.mode === "running" && !this.pace) this.elapsed += performance.now() - this.runningSince;
    this.mode = mode;
    this.awaitsSight = false;
    this.seekTarget = null;
    this.pace = null;
    if (mode === "finished") this.measured ??= this.elapsed;
  }

  get running() {
    return this.mode === "running";
  }

  /** Whether anything on the board moves: a search, a move sliding, a backtrack fading. */
  get moving() {
    return this.running || this.seeking || this.motion !== null || this.fades.length > 0;
  }

  /** How long the run has played; once it has ended, how long it took then, through replays. */
  runningTime() {
    return this.measured ?? this.elapsed + (this.running && !this.pace ? performance.now() - this.runningSince : 0);
  }

  /**
   * The board is in sight again at `now`, after frames without it: the run goes on where it
   * stood, its moves not caught up and its time out of sight not counted as the run's.
   */
  resume(now) {
    if (this.running) this.runningSince += Math.max(0, now - this.lastTick);
    this.lastTick = now;
  }

  /** One frame: the run goes on by as many moves as the speed and the time since allow. */
  tick(now, budget) {
    // A frame's time is when it began: it may come before a Play clicked within it.
    const dt = Math.max(0, Math.min(250, now - this.lastTick));
    this.lastTick = now;
    if (this.seeking) this.seekSlice(budget);
    if (!this.running || !this.run) return;
    const { speed, until } = this.pace ?? { speed: this.speed, until: Infinity };
    if (this.assembling()) {
      this.assembly.advance(dt); // the pieces and seams first; the walk starts when they are done
      this.credit = 0;
    } else if (speed === Infinity) {
      this.advance(0xffffffff, false, now, 0, budget);
    } else {
      this.credit += (speed * dt) / 1000;
      const due = Math.min(Math.floor(this.credit), until - this.run.position);
      if (due > 0) {
        this.credit -= due;
        this.advance(due, speed <= RECORD_UP_TO, now, speed <= ANIMATE_UP_TO ? Math.min(300, 850 / speed) : 0, budget);
      }
    }
    if (this.pace && this.run.position >= until) this.stopRunning("paused");
    const m = this.meter;
    if (!m.time) m.time = now;
    if (now - m.time >= 500) {
      m.rate = (m.events * 1000) / (now - m.time);
      m.time = now;
      m.events = 0;
    }
    if (now - this.stallRead >= STALL_CHECK_MS) this.readStall(now);
  }

  /** Runs up to `count` moves within `budget` ms, recording them if asked. */
  advance(count, record, now, animation, budget) {
    const { run } = this;
    const ran = run.advance(Math.min(count, 0xffffffff), budget, record);
    if (ran === 0) return;
    if (record) {
      // A view: read before the next call into the core.
      eachEvent(run.eventsView(), (kind, square, move) => {
        if (kind === "removed") {
          this.fades.push({ square, start: now });
          this.motion = null;
        } else if (kind === "placed" && animation > 0 && move > 0) {
          this.motion = { start: now, duration: animation };
        }
      });
      if (this.fades.length > MAX_FADES) this.fades.splice(0, this.fades.length - MAX_FADES);
    }
    this.meter.events += ran;
    if (run.status() !== "searching") this.stopRunning("finished");
  }

  /** Reads whether the search is stuck: a few times a second, as the estimate walks the path. */
  readStall(now = performance.now()) {
    this.stallRead = now;
    this.stall = this.run && !this.plan ? this.run.progress() : null;
  }

  /**
   * Whether a built tour is being laid at full speed: its walk runs to the end over a frame or
   * two (a million squares in bulk, see `Solver::run` in the core) and is shown whole, once
   * there. Drawing the squares laid so far in between would take most of each frame from the
   * walk, and show nothing anyone could follow.
   */
  get laying() {
    return this.running && this.plan !== null && !this.pace && this.speed === Infinity && !this.assembling();
  }

  /** Whether divide's pieces and seams are being shown (or held there by a pause). */
  assembling() {
    return Boolean(this.assembly) && this.assembly.started && !this.assembly.done;
  }

  /** Divide's phase (`pieces`, `seams`, `walk`) while a divide run is under way, else null. */
  phase() {
    if (!this.assembly || this.mode === "finished") return null;
    if (this.assembling()) return this.assembly.phase;
    return this.mode === "idle" ? null : "walk";
  }

  /** What the board's `data-status` says: the mode, or once finished the core's outcome. */
  status() {
    return this.mode === "finished" ? this.run.status() : this.mode;
  }

  /** Whether the search is stuck and still going, so the stuck notice shows. */
  stuck() {
    return Boolean(this.stall?.stuck) && (this.mode === "running" || this.mode === "paused");
  }

  /** Why this move: shown while the run stands still and the teaching view is on (the core's teaching part in). */
  showsCandidates() {
    return this.settings.teach && loaded("teach") && this.run !== null && !this.running && this.mode !== "finished" &&
      !this.motion && !this.assembling();
  }

  /**
   * The current square's moves, in the order they are tried: `{square, order, degree, state,
   * tiebreak}`, the state `tried`, `next` or `later`.
   */
  candidates() {
    return this.run.candidates();
  }

  /** What divide's plan adds to the board: the assembly as it happens, or faintly under the walk. */
  beneath() {
    const { assembly } = this;
    if (!assembly) return null;
    if (this.assembling()) return (painter) => paintAssembly(painter, assembly);
    if (assembly.done || this.run.position > 0) return (painter) => paintAssembly(painter, assembly, true);
    return null;
  }

  /**
   * The painter's view of the run (see `Painter.paint` in render.js): the run (the painter reads
   * the path and the board's picture from it), the start, the square under the pointer or the
   * keyboard's cursor (`hover`), the animations at time `now` and divide's plan beneath; the
   * teaching view adds its candidates (run-mode.js).
   */
  paintView(now, hover) {
    let motion = null;
    if (this.motion) {
      const t = (now - this.motion.start) / this.motion.duration;
      if (t >= 1) this.motion = null;
      else motion = { t };
    }
    this.fades = this.fades.filter((fade) => now - fade.start < BACKTRACK_FADE_MS);
    return {
      tour: this.run,
      start: this.start,
      hover: this.running ? -1 : hover,
      closed: this.run?.status() === "closed-tour",
      motion,
      fades: this.fades.map((fade) => ({ square: fade.square, t: (now - fade.start) / BACKTRACK_FADE_MS })),
      beneath: this.beneath(),
    };
  }
}

/**
 * Whether the run of `settings` (the page's, see settings.js) has its tour built in the worker
 * (builder.js): divide's tours of boards whose assembly is not drawn move by move (divide.js), the
 * worker's words carrying the plan and not the moves; play mode has no run. Smaller ones are
 * built at once, on the page's thread, where their assembly is shown move by move. Building a
 * tour costs about 40 ns a square in the browser (1000x1000: 40 to 60 ms on the 2-core
 * development machine, more when it is loaded), the trip to the worker and back about a frame:
 * above 200x200 (1 to 2 ms to build) the worker is what keeps every frame short.
 */
const builtOffThread = (settings) =>
  !settings.play && settings.heuristic === builder().name && settings.rows * settings.cols > MOVES_UP_TO_SQUARES;

/** builder.js, once it is in: a module of its own, which a page without a large board never fetches. */
let tourBuilder = null;
let builderLoad = null;

/**
 * Runs `use(module)` with builder.js's module: at once where it is in, else once it is, in the order
 * asked; `failed(error)` hears that it could not load.
 */
function withBuilder(use, failed = () => {}) {
  if (tourBuilder) {
    use(tourBuilder);
    return;
  }
  builderLoad ??= import("./builder.js").then((module) => (tourBuilder = module));
  builderLoad.then(use, failed);
}
