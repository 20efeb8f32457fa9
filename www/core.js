// The WebAssembly core, loaded once for every board of the page: what the page knows of boards,
// squares, settings, heuristics, events and outcomes it learns from here, read once from the
// core's catalogue (`catalogue()` of the binding, src/front/catalogue.rs), so that the select, the
// labels, the settings' checks and the words all come from the same code as the command line's.
//
// Nothing waits for it at import time: the elements draw their skeleton at once and come alive
// when `ready` resolves. Every function below works only after that; if the module cannot be
// loaded, `ready` rejects with the reason and each board says so.

let core = null;
let exports = null;
let known = null;
let kindNames = null; // event numbers to the core's names for them

/** Freezes an object and everything in it: what the core said is not the page's to change. */
const frozen = (value) => {
  if (value && typeof value === "object" && !ArrayBuffer.isView(value)) {
    Object.values(value).forEach(frozen);
    Object.freeze(value);
  }
  return value;
};

/**
 * Resolves once the core is in; rejects with an Error if it could not be loaded. The module's
 * bytes are asked for beside its bindings, not after them: an embed's page has no preload for
 * either (the app page's preload is this same request).
 */
export const ready = Promise.all([import("../knights-tour.js"), fetch(new URL("../knights-tour_bg.wasm", import.meta.url))])
  .then(async ([bindings, response]) => {
    exports = await bindings.default({ module_or_path: response });
    core = bindings;
    known = frozen(core.catalogue());
    kindNames = Object.fromEntries(Object.entries(known.events.kinds).map(([name, code]) => [code, name]));
  })
  .catch((error) => {
    throw new Error(`the solver (a WebAssembly module) could not be loaded: ${error.message}`, { cause: error });
  });

/** Resolves once the core's `part` ("play", "count", "teach", "export") is in: today's single module holds every part. */
export const load = (part) => ready;

/**
 * Everything the core tells the page once: `{heuristics, settings, defaults, switches, limits,
 * events, outcomes, restarts, existence, counting, drawing}` (see the binding's `catalogue`).
 */
export const catalogue = () => known;

/**
 * What the board draws as the core's GIF of it does: `{shades, movesFromCell, checkerFromCell,
 * tint, backtrackWash}` (the catalogue's `drawing`).
 */
export const drawing = () => known.drawing;

/** `[{name, label, summary, tiebreak, searches, seeded, unused}]`, the default first. */
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
 * How many workers best count the tours from every square of these settings on `cores` cores,
 * and, of a count made by several, the answer from their grids (each share's answer's, one after
 * another) and the progress from each one's `shareProgress()` (see the binding's `countShares`,
 * `answerOfShares`, `progressOfShares`).
 */
export const countShares = (settings, cores) => core.countShares(settings, cores);
export const answerOfShares = (settings, grids) => core.answerOfShares(settings, grids.flat());
export const progressOfShares = (progresses) => core.progressOfShares(progresses);

/** `bytes` as a person reads them: "512 KiB", "48.2 MiB", "2.0 GiB". */
export const bytesWords = (bytes) => core.bytesWords(bytes);

/** The bytes of the module's memory: it grows to what the largest run needed and never shrinks. */
export const memoryBytes = () => exports.memory.buffer.byteLength;

/** The bytes the module holds allocated now: what a leak would make grow. */
export const liveBytes = () => core.liveBytes();

/**
 * The WebM recording `bytes` (a Uint8Array) with its length, `durationMs`, written in: a copy.
 * Throws the core's reason where it leaves a file as it was.
 */
export const webmWithDuration = (bytes, durationMs) => core.webmWithDuration(bytes, durationMs);

/** A new run of the search; throws the core's message for bad settings. */
export const newTour = (settings) => new core.Tour(settings);

/**
 * Play mode's board: the path as the page shows it, each click judged at once in the core's
 * words (a `PlayBoard`, to `free()` when done with). The game that decides is in a worker.
 */
export const newPlayBoard = (settings) => new core.PlayBoard(settings);

/**
 * The divide run of `settings` from `words`, the tour built for them in a worker (the core's
 * `buildTour`; null where it built none): the run `newTour` would make, without building again.
 */
export const builtTour = (settings, words) => core.Tour.built(settings, words ?? undefined);
