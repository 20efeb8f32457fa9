// The WebAssembly core, loaded once for every board of the page: what the page knows of boards,
// squares, heuristics and defaults it learns from here, so that the select, the labels, the
// settings' checks and the words all come from the same code as the command line's.
//
// Nothing waits for it at import time: the elements draw their skeleton at once and come alive
// when `ready` resolves. Every function below works only after that; if the module cannot be
// loaded, `ready` rejects with the reason and each board says so.

/** Event kinds of the binding's `Tour.eventsView()` and `Tour.lastEvent()` triples. */
export const EVENT = Object.freeze({ placed: 0, removed: 1, restarted: 2, finished: 3 });

let core = null;
let exports = null;
let catalogue = [];

/** Resolves once the core is in; rejects with an Error if it could not be loaded. */
export const ready = import("../knights-tour.js")
  .then(async (bindings) => {
    exports = await bindings.default({ module_or_path: new URL("../knights-tour_bg.wasm", import.meta.url) });
    core = bindings;
    catalogue = Object.freeze(core.heuristics().map((info) => Object.freeze(info)));
  })
  .catch((error) => {
    throw new Error(`the solver (a WebAssembly module) could not be loaded: ${error.message}`, { cause: error });
  });

/** `[{name, label, summary, tiebreak, searches, seeded}]`, the default first. */
export const heuristics = () => catalogue;

/** A heuristic's entry by name. */
export const heuristic = (name) => catalogue.find((info) => info.name === name);

/** The heuristic that builds its tour rather than searching: what a stuck search can switch to. */
export const builder = () => catalogue.find((info) => !info.searches);

/** `{rows, cols, heuristic, backtracking, closed, prune}` as the core has them. */
export const defaults = () => core.defaults();

/** `{maxSquares}`: the largest board the core takes. */
export const limits = () => core.limits();

/** A square's name on `rows` × `cols`: its chess name, or `row,col` past 26 columns. */
export const squareName = (rows, cols, square) => core.squareName(rows, cols, square);

/**
 * The labels along the board's edges, `{files, ranks}`: one per column (left to right) and one
 * per row (top to bottom), as the square names read them (`a`…, `8`…; indices past 26 columns).
 */
export const axisLabels = (rows, cols) => core.axisLabels(rows, cols);

/** The index of the square written `text` on `rows` × `cols`; throws the core's message. */
export const parseSquare = (rows, cols, text) => core.parseSquare(rows, cols, text);

/** Reads settings leniently, as an address bar is read: see the binding's `readSettings`. */
export const readSettings = (settings) => core.readSettings(settings);

/** Throws the core's message if `settings` would not make a run. */
export const checkSettings = (settings) => core.checkSettings(settings);

/**
 * Whether the tour `settings` ask for exists, without a search: `{tour, reason, remedy,
 * closedTour}` (see the binding's `exists`). Throws the core's message for bad settings.
 */
export const exists = (settings) => core.exists(settings);

/** The bytes of the module's memory: it grows to what the largest run needed and never shrinks. */
export const memoryBytes = () => exports.memory.buffer.byteLength;

/** The bytes the module holds allocated now: what a leak would make grow. */
export const liveBytes = () => core.liveBytes();

/** A new run of the search; throws the core's message for bad settings. */
export const newTour = (settings) => new core.Tour(settings);
