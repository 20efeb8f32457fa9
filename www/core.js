// The WebAssembly core, loaded once for every board of the page, in parts: what the page knows of
// boards, squares, settings, heuristics, events and outcomes it learns from here, so that the
// select, the labels, the settings' checks and the words all come from the same code as the
// command line's.
//
// The core is several modules (src/wasm/mod.rs, built by scripts/build.mjs): the first, which a
// board needs to run and say what it does (the search, divide, the picture, settings, names), and
// parts loaded when first used: "play" (play mode's board and game), "count" (counting),
// "teach" (the teaching view's tree, estimate, candidates and outlook, and a run's report for
// the JSON export) and "export" (the GIF, WebM's length, the SVG drawing). A function below that needs a part says which; call it once
// `load(part)` has resolved. Each worker loads its own part (wasm/instance.js).
//
// What the core says once, its catalogue, the build has already asked it (wasm/catalogue.js):
// it is the same every time, and no board need fetch the code and words that make it.
//
// Nothing waits for the first module at import time: the elements draw their skeleton at once
// and come alive when `ready` resolves. Every function below but `catalogue()` and the ones made
// from it works only after that; if the module cannot be loaded, `ready` rejects with the reason
// and each board says so.
//
// Every call into an instance goes through its guard (wasm/guard.js): an instance that traps is
// called into no more, and is made again in its place, while every board starts again from its
// settings (wasm/recovery.js; each board `watch`es for it).

import { guard } from "./wasm/guard.js";
import { instantiate } from "./wasm/instance.js";
import { trapped } from "./wasm/recovery.js";
import told from "./wasm/catalogue.js";

export { isTrap } from "./wasm/guard.js";
export { watch } from "./wasm/recovery.js";

/** The first module's file name, and each part's. */
const FIRST = "knights-tour";
const PARTS = new Set(["play", "count", "teach", "export"]);


/** Freezes an object and everything in it: what the core said is not the page's to change. */
const frozen = (value) => {
  if (value && typeof value === "object" && !ArrayBuffer.isView(value)) {
    Object.values(value).forEach(frozen);
    Object.freeze(value);
  }
  return value;
};

const known = frozen(told);
const kindNames = Object.fromEntries(Object.entries(known.events.kinds).map(([name, code]) => [code, name]));

/** The instances in, by name (FIRST, or a part's): `{bindings, exports}`, the bindings guarded. */
const instances = new Map();

/** Instances made again after a trap, so far: each has bindings of its own (wasm/instance.js). */
let copies = 0;

/**
 * Makes an instance of the module of `name` (FIRST, or a part's), guarded: once it traps, it is
 * made again in its place, as it was made the first time (`placed`), and every board restarts.
 */
function make(name, placed, copy = 0) {
  const file = name === FIRST ? FIRST : `${FIRST}-${name}`;
  return instantiate(file, copy).then(({ bindings, exports }) => {
    const renew = () => make(name, placed, ++copies);
    return placed({ bindings: guard(bindings, (error) => trapped(file, error, renew)), exports });
  });
}

/** The loads asked for, by part: each happens once. */
const loads = new Map();

/** The bindings of the first module. */
let core = null;

/** The bindings of `part`, or an Error that says to load it first. */
function part(name) {
  const instance = instances.get(name);
  if (!instance) throw new Error(`the core's ${name} part is not loaded: await load("${name}") before calling into it`);
  return instance.bindings;
}

/** The parts whose `load` has resolved. */
const done = new Set();

/** Whether the part `name` is in: its `load` has resolved, and its functions can be called. */
export const loaded = (name) => done.has(name);

/** The bindings runs are made in: the teaching part's once it is in (a superset of the first's). */
const tours = () => (instances.get("teach") ?? instances.get(FIRST)).bindings;

/**
 * Resolves once the first module is in; rejects with an Error if it could not be loaded. Its
 * bindings and bytes are asked for at once, side by side (wasm/instance.js): an embed's page has
 * no preload for either (the app page's preloads are these same requests).
 */
export const ready = make(FIRST, (instance) => {
  instances.set(FIRST, instance);
  core = instance.bindings;
  forward(core.Tour.prototype);
});

/**
 * Loads the part `name` ("play", "count", "teach" or "export") once; resolves when its functions
 * can be called through this module, rejects with the reason it could not be loaded. The teaching
 * part is the first module with more: once it is in, every run moves into it (see `Run`).
 */
export function load(name) {
  if (!PARTS.has(name)) return Promise.reject(new Error(`the core has no part "${name}": it has ${[...PARTS].join(", ")}`));
  if (!loads.has(name)) {
    const loading = make(name, async (instance) => {
      const first = !instances.has(name); // or made again after a trap, its runs gone with it
      if (name === "teach" && first) {
        await ready;
        forward(instance.bindings.Tour.prototype);
        const earlier = [...live];
        instances.set(name, instance); // runs are made here from now on
        await Promise.all(earlier.map((held) => held.deref()?.moveInto(instance.bindings)));
      } else {
        instances.set(name, instance);
      }
      done.add(name);
    });
    loads.set(name, loading);
  }
  return loads.get(name);
}

/**
 * A module worker started from `url` (a worker script of this folder's, as an absolute URL),
 * also where this module was served from another origin than the page's (a CDN): a worker's
 * script must be of the page's origin, so there it is a module of the page's own (a Blob) that
 * imports the worker's script by its URL, with CORS as every module import, and the script loads
 * its part from where it is (wasm/instance.js). Errors come as the worker's `error` events.
 */
export function startWorker(url) {
  const script = new URL(url, import.meta.url);
  if (script.origin === location.origin) return new Worker(script, { type: "module" });
  let blob = blobs.get(script.href);
  if (!blob) {
    blob = URL.createObjectURL(new Blob([`import ${JSON.stringify(script.href)};\n`], { type: "text/javascript" }));
    blobs.set(script.href, blob);
  }
  return new Worker(blob, { type: "module" });
}

/** The Blob URLs of the worker scripts started from another origin, one a script, kept for the page's life. */
const blobs = new Map();

/**
 * Everything the core tells the page once: `{heuristics, settings, defaults, switches, limits,
 * events, outcomes, restarts, existence, counting, drawing}` (see the binding's `catalogue`).
 * Available at once, before `ready`.
 */
export const catalogue = () => known;

/**
 * What the board draws as the core's GIF of it does: `{shades, movesFromCell, checkerFromCell,
 * tint, backtrackWash}` (the catalogue's `drawing`).
 */
export const drawing = () => known.drawing;

/**
 * `[{name, label, searches, seeded}]`, the default first. What only the parts show of each (its
 * summary, tie-break and the settings it has no use for) is in wasm/catalogue-parts.js.
 */
export const heuristics = () => known.heuristics;

/** A heuristic's entry by name. */
export const heuristic = (name) => known.heuristics.find((info) => info.name === name);

/** The heuristic that builds its tour rather than searching: what a stuck search can switch to. */
export const builder = () => known.heuristics.find((info) => !info.searches);

/** `{maxSquares, treeSquares}`: the largest board the core takes, and shows a tree for. */
export const limits = () => known.limits;

/**
 * Calls `each(kind, a, b)` for each event of a `Tour.eventsView()` (or the one of
 * `lastEvent()`): `kind` is a name of `catalogue().events.kinds`, `a` and `b` the square and the
 * move, or the attempt of a restart.
 */
export function eachEvent(view, each) {
  const { size } = known.events;
  for (let i = 0; i + size <= view.length; i += size) each(kindNames[view[i]], view[i + 1], view[i + 2]);
}

/** How the page tells the outcome `name`: `{name, found, headline, detail, meaning, standing}`. */
export const outcome = (name) => known.outcomes.find((told) => told.name === name);

/**
 * Whether `status` (a run's or a game's: an outcome's name, or a word such as `running`) says a
 * tour was found, open or closed: the outcomes the core tells with what they `found`.
 */
export const isTour = (status) => Boolean(outcome(status)?.found);

/** A board's size as the core reads it and links write it: `6x8`, for 6 rows of 8 columns. */
export const boardSetting = (rows, cols) => `${rows}x${cols}`;

/** A square's name on `rows` × `cols`: `a1` the bottom-left square, files past `z` lettered `aa`, `ab`, …. */
export const squareName = (rows, cols, square) => core.squareName(rows, cols, square);

/** `[row, col]` of a square of `rows` × `cols`, from the top-left. */
export const coord = (rows, cols, square) => core.coord(rows, cols, square);

/** The square at `row`, `col` of `rows` × `cols`; throws the core's message off the board. */
export const squareAt = (rows, cols, row, col) => core.squareAt(rows, cols, row, col);

/**
 * The labels along the board's edges, `{files, ranks}`: one per column (left to right) and one
 * per row (top to bottom), as the square names read them (`a`…, `8`…).
 */
export const axisLabels = (rows, cols) => core.axisLabels(rows, cols);

/** The index of the square written `text` on `rows` × `cols`; throws the core's message. */
export const parseSquare = (rows, cols, text) => core.parseSquare(rows, cols, text);

/** The name `rows` × `cols` gives the square it reads as `text` (a start kept across sizes), or null (none, or no text). */
export const sameSquare = (rows, cols, text) => (text === null ? null : (core.sameSquare(rows, cols, text) ?? null));

/** Reads settings leniently, as an address bar is read: see the binding's `readSettings`. */
export const readSettings = (settings) => core.readSettings(settings);

/** The name of the square a run of `rows` × `cols` starts on when none is given (a1). */
export const defaultStart = (rows, cols) => core.readSettings({ board: boardSetting(rows, cols) }).start;

/**
 * Moves a second to play a run of `settings` at when nobody chose a speed: the core's pace for
 * the board (10 on small boards, the whole walk within about 20 s on large ones).
 */
export const pace = (settings) => core.pace(settings);

/**
 * The board of `rows` and `cols` as typed each in a field of its own (text): `[rows, cols]`;
 * throws the core's words for the side that is no whole number or the board that cannot be.
 */
export const readBoard = (rows, cols) => core.readBoard(String(rows), String(cols));

/** Throws the core's message if `settings` would not make a run. */
export const checkSettings = (settings) => core.checkSettings(settings);

/**
 * Whether the tour `settings` ask for exists, without a search: `{tour, reason, remedy, advice,
 * closedTour}` (see the binding's `exists`). Throws the core's message for bad settings.
 */
export const exists = (settings) => core.exists(settings);

/**
 * Where the squares of `rows` × `cols` are drawn, in bands of `band` squares (0: unfolded), or
 * (`fit`) as the core lays them out in a `width` × `height` box of CSS pixels (folded only where
 * the squares would be too small to see): a `Fold` of the core, to `free()` when done with.
 */
export const fold = (rows, cols, band) => new core.Fold(rows, cols, band);
export const fit = (rows, cols, width, height) => core.Fold.fit(rows, cols, width, height);

/**
 * The count part's: how many workers best count the tours from every square of these settings on
 * `cores` cores, and, of a count made by several, the answer from their grids (each share's
 * answer's, one after another) and the progress from each one's `shareProgress()` (see the
 * binding's `countShares`, `answerOfShares`, `progressOfShares`).
 */
export const countShares = (settings, cores) => part("count").countShares(settings, cores);
export const answerOfShares = (settings, grids) => part("count").answerOfShares(settings, grids.flat());
export const progressOfShares = (progresses) => part("count").progressOfShares(progresses);

/** The count part's: `bytes` as a person reads them: "512 KiB", "48.2 MiB", "2.0 GiB". */
export const bytesWords = (bytes) => part("count").bytesWords(bytes);

/**
 * The e2e build's only (`node scripts/build.mjs --features count-allocations`, whose modules have
 * the core's `trap`): makes the instance `name` (FIRST, or a part's that is in) trap, as a bug in
 * the core would, through its guard as every call: the test of what the page does then
 * (tests/e2e/trap.test.js).
 */
export const trap = (name = FIRST) => instances.get(name).bindings.trap();

/** The bytes of the memories of the core's modules on the page's thread: each grows to what the largest run needed and never shrinks. */
export const memoryBytes = () => [...instances.values()].reduce((sum, { exports }) => sum + exports.memory.buffer.byteLength, 0);

/**
 * The bytes the modules that hold runs keep allocated now, what a leak would make grow: only in a
 * build that counts them (`--features count-allocations`).
 */
export const liveBytes = () => [...instances.values()].reduce((sum, { bindings }) => sum + (bindings.liveBytes?.() ?? 0), 0);

/**
 * The export part's: the WebM recording `bytes` (a Uint8Array) with its length, `durationMs`,
 * written in: a copy. Throws the core's reason where it leaves a file as it was.
 */
export const webmWithDuration = (bytes, durationMs) => part("export").webmWithDuration(bytes, durationMs);

/** A new run of the search (a `Run`, to `free()` when done with); throws the core's message for bad settings. */
/**
 * The export part's: the board of `settings` and `path` (square indices, the start first) as
 * SVG, in `colours` (as `Run.svg`'s); drawn closed where `outcome` is a closed tour.
 */
export const svg = (settings, path, outcome, colours) => part("export").svg(settings, path, outcome ?? "", colours);

export const newTour = (settings) => new Run(new (tours().Tour)(settings), settings);

/**
 * The play part's: play mode's board: the path as the page shows it, each click judged at once
 * in the core's words (a `PlayBoard`, to `free()` when done with). The game that decides is in a
 * worker.
 */
export const newPlayBoard = (settings) => new (part("play").PlayBoard)(settings);

/**
 * The divide run of `settings` from `words`, the tour built for them in a worker (the core's
 * `buildTour`; null where it built none): the run `newTour` would make, without building again.
 */
export const builtTour = (settings, words) => new Run(tours().Tour.built(settings, words ?? undefined), settings, words ?? undefined);

/** The runs not freed yet, weakly: the ones to move when the teaching part comes in. */
const live = new Set();

/**
 * A run as the page holds it: the core's `Tour` of the module that has it, every method and
 * property of which it has too (`forward`). A run is made in the first module; once the
 * teaching part is in, runs are made there, and each run of the first module moves into it
 * (`moveInto`): the teaching view asks a run for its tree of tried moves, which only a run that
 * has kept it from its current event can give, so it must be the same run, not another replaying
 * it beside. The search is deterministic: a run made again from its settings and brought to the
 * same events is the same run, its path, its picture, its timeline and its depth chart.
 */
class Run {
  constructor(tour, settings, words) {
    this.tour = tour;
    this.settings = settings;
    this.words = words; // the tour a worker built, for a run moved (`Tour.built` again)
    this.palette = null; // the last `paintWith`'s arguments, for a run moved
    this.moving = false;
    this.held = new WeakRef(this);
    live.add(this.held);
  }

  free() {
    live.delete(this.held);
    this.tour.free();
  }

  paintWith(band, palette) {
    this.palette = [band, palette.slice()];
    this.tour.paintWith(band, palette);
  }

  /**
   * The export part's: the board and the path as SVG, in `colours` (`{light, dark, from, to,
   * accent, ink}`, each `[r, g, b]`); a closed tour is drawn closed.
   */
  svg(colours) {
    return svg(this.settings, this.tour.pathView(), this.tour.status(), colours);
  }

  /**
   * Runs the search on, as the core's `Tour.advance`; while the run moves into another module,
   * it stands still (no event runs), so that the copy can catch it up.
   */
  advance(maxEvents, budgetMs, record) {
    return this.tour.advance(this.moving ? 0 : maxEvents, budgetMs, record);
  }

  /**
   * Makes this run again in the module `bindings` (the teaching part's) and brings it to the same
   * events, a slice at a time between the page's frames: to its furthest event, then back to where
   * it stands; then the copy takes its place. Meanwhile the run stands still (`advance`), though a
   * step back or a jump may still move it. What the copy does not have is the wall-clock watch of
   * a stall (how long the page has watched the search without it getting deeper), which starts
   * again.
   */
  async moveInto(bindings) {
    const copy = this.words === undefined ? new bindings.Tour(this.settings) : bindings.Tour.built(this.settings, this.words);
    this.moving = true;
    try {
      while (live.has(this.held)) {
        const { horizon, position } = this.tour;
        if (copy.horizon < horizon) {
          copy.advance(Math.min(horizon - copy.horizon, MOVE_SLICE_EVENTS), MOVE_SLICE_MS, false);
        } else if (copy.position !== position) {
          copy.seek(position, MOVE_SLICE_MS);
        } else {
          if (this.palette) copy.paintWith(...this.palette);
          this.tour.free();
          this.tour = copy;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve));
      }
      copy.free(); // the run was freed before it had moved
    } catch (error) {
      copy.free();
      throw error;
    } finally {
      this.moving = false;
    }
  }
}

/** A move's slices: at most this many events, and this many milliseconds, between two tasks. */
const MOVE_SLICE_EVENTS = 1_000_000;
const MOVE_SLICE_MS = 8;

/** Gives `Run` every method and property of the core's `Tour` of `prototype` it does not have itself, as the run's `tour`'s. */
function forward(prototype) {
  for (const [name, { get }] of Object.entries(Object.getOwnPropertyDescriptors(prototype))) {
    if (name === "constructor" || name.startsWith("__") || Object.hasOwn(Run.prototype, name)) continue;
    Object.defineProperty(Run.prototype, name, get
      ? { get() { return this.tour[name]; } }
      : { value(...args) { return this.tour[name](...args); } });
  }
}
