// Divide's tours of large boards, built off the page's thread (build-worker.js) so that a click
// on a 1000x1000 board never holds a frame: one worker for every board of the page, made when a
// board first may need it, building one tour at a time. A board asks for the tour of its settings
// and hears back only if that is still the tour it wants: asking again, or cancelling, drops the
// older answer, and a request not yet sent is replaced rather than queued, so a burst of clicks
// costs at most one build that nobody waits for. A press on a square asks for its tour before
// the click does (`prefetch`). When nothing else waits, the worker builds one smaller tour to warm
// the page's thread (warm-up.js).

import { boardSetting, startWorker } from "../core.js";
import { needsWarmUp, warmUp } from "./warm-up.js";

const workerUrl = new URL("build-worker.js", import.meta.url);

let worker = null;
let nextId = 1;
/** The request the worker is on: `{owner, id, done}`. */
let inFlight = null;
/** Per board, its request not sent yet: `{id, settings, done}`. */
const queued = new Map();
/** Per board, the id of the answer it waits for. */
const awaited = new Map();
/**
 * The tour asked for on a press on its start square, before the click that picks it (see
 * `prefetch`): `{key, id, answer}`, the answer kept once it is in, until a board's `build` of the
 * same settings takes the request over. A person's press lasts a tenth of a second and more: by
 * the click, a large board's tour is on its way or in.
 */
let early = null;
/** The owner of that request until then. */
const PRESS = Symbol("press");
/** How long a press's tour waits for its click: a press that ends in a pan or a scroll has none. */
const PRESS_KEPT_MS = 2000;

/** The owner of the warm-up's build, sent only when no board's request waits. */
const WARM_UP = Symbol("warm-up");
/** The largest board the warm-up builds: its loops run long enough for V8 to optimise them. */
const WARM_UP_SQUARES = 400 * 400;

/**
 * Starts the worker, if it is not running yet, for a board of `settings` (the page's): its module
 * is then in before the first build, and it builds a tour the size of that board (or 400x400 at
 * most) to warm the page's thread, unless that is done.
 */
export function warm(settings) {
  if (!worker) start();
  if (!needsWarmUp() || awaited.has(WARM_UP)) return;
  const small = settings.rows * settings.cols <= WARM_UP_SQUARES;
  const warming = { board: small ? boardSetting(settings.rows, settings.cols) : boardSetting(400, 400), start: "0,0" };
  const id = nextId++;
  awaited.set(WARM_UP, id);
  queued.set(WARM_UP, { id, settings: warming, done: ({ words }) => words && warmUp(warming, words) });
  setTimeout(send); // after a request the board makes in the same task, which goes first
}

function start() {
  worker = startWorker(workerUrl);
  worker.onmessage = ({ data }) => answered(data);
  // A worker that cannot start answers every request with why, and the next request starts anew.
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    worker = null;
    const message = `the tour could not be built in a worker: ${event.message || "it did not start"}`;
    if (inFlight) answered({ id: inFlight.id, error: message });
    for (const [owner, request] of queued) deliver(owner, request.id, request.done, { error: message });
    queued.clear();
  };
}

/**
 * Asks for the tour of `settings` (the core's settings object, divide's) for `owner`, in place of
 * anything it asked before. `done({words})` hears the core's words (null where there is no tour to
 * build) or `done({error})` the reason, unless the owner asks again or cancels first.
 */
export function build(owner, settings, done) {
  if (takeOver(owner, JSON.stringify(settings), done)) return;
  const id = nextId++;
  awaited.set(owner, id);
  queued.set(owner, { id, settings, done });
  send();
}

/**
 * Asks for the tour of `settings` (as `build` takes them) for the click that may follow a press:
 * the board's `build` of the same settings then has it sooner. Nobody waits for it otherwise.
 */
export function prefetch(settings) {
  const key = JSON.stringify(settings);
  if (early?.key === key) return;
  const ask = { key, id: nextId++, answer: null };
  early = ask;
  const drop = () => {
    if (early !== ask) return;
    early = null;
    cancel(PRESS);
  };
  // Only a tour is kept: after a failure the click asks anew (a worker that failed is replaced).
  const done = (answer) => (answer.error === undefined ? (ask.answer = answer) : drop());
  awaited.set(PRESS, ask.id);
  queued.set(PRESS, { id: ask.id, settings, done });
  setTimeout(drop, PRESS_KEPT_MS);
  send();
}

/**
 * Gives `owner` the press's request if it is for the same settings (`key`): its answer as soon as
 * it is in, or at once if it is. Any other request drops the press's: it was for another square.
 */
function takeOver(owner, key, done) {
  const ask = early;
  early = null;
  if (ask?.key !== key) {
    cancel(PRESS);
    return false;
  }
  queued.delete(owner);
  awaited.set(owner, ask.id);
  if (ask.answer) {
    queueMicrotask(() => deliver(owner, ask.id, done, ask.answer));
    return true;
  }
  const waiting = queued.get(PRESS);
  cancel(PRESS);
  if (waiting?.id === ask.id) queued.set(owner, { ...waiting, done });
  else if (inFlight?.id === ask.id) inFlight = { owner, id: ask.id, done };
  return true;
}

/** Drops what `owner` asked for: its answer, if one comes, is not delivered. */
export function cancel(owner) {
  awaited.delete(owner);
  queued.delete(owner);
}

function send() {
  if (inFlight || !queued.size) return;
  // A board's request first; the warm-up's only when nothing else waits.
  const [owner, request] = [...queued].find(([owner]) => owner !== WARM_UP) ?? queued.entries().next().value;
  queued.delete(owner);
  if (!worker) start();
  inFlight = { owner, id: request.id, done: request.done };
  worker.postMessage({ id: request.id, settings: request.settings });
}

function answered(data) {
  const request = inFlight;
  inFlight = null;
  try {
    if (request?.id === data.id) deliver(request.owner, data.id, request.done, data);
  } finally {
    send();
  }
}

function deliver(owner, id, done, { words = null, error = null }) {
  if (awaited.get(owner) !== id) return; // asked again since, or cancelled: stale
  awaited.delete(owner);
  done(error === null ? { words } : { error });
}
