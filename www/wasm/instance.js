// A module of the core instantiated, on the page's thread (core.js) or in a worker: its bindings
// (wasm-bindgen's glue) and its bytes, fetched side by side from this folder, where the build puts
// every module (scripts/build.mjs): `knights-tour` (the first module) and `knights-tour-PART`
// (play, count, teach, export). Both requests are relative to this module's own URL and made with
// CORS, as a module's imports are: the element served by a CDN, another origin than the page,
// loads its modules from the CDN.

import { guard, isTrap } from "./guard.js";

/** What the page and every worker say when a module could not be loaded. */
const FAILED = "the solver (a WebAssembly module) could not be loaded";

/**
 * Resolves to the bindings of the module `name` once its instance is in (`{bindings, exports}`,
 * the instance's exports, its memory among them); rejects with an Error that says why not.
 * `copy` numbers the instances made again after a trap (core.js): wasm-bindgen's bindings hold one
 * instance each, so each new one has bindings of its own, imported under a URL of its own.
 */
export function instantiate(name, copy = 0) {
  const url = (file) => new URL(file, import.meta.url).href;
  const bytes = fetch(url(`${name}_bg.wasm`), { mode: "cors" });
  return Promise.all([import(url(copy ? `${name}.js?copy=${copy}` : `${name}.js`)), bytes])
    .then(async ([bindings, response]) => ({ bindings, exports: await bindings.default({ module_or_path: response }) }))
    .catch((error) => {
      throw new Error(`${FAILED}: ${error.message}`, { cause: error });
    });
}

/**
 * A worker's side, started once in its script: instantiates the module `name` and hands each
 * message the page sends to `handle(data, bindings)`, one after another (a message that comes
 * while the module loads, or while `handle`'s promise is pending, waits its turn). If the module
 * could not be loaded, every message is answered with `failed(data, message)` (by default
 * `{type: "error", message}`).
 *
 * The bindings are guarded (guard.js): once the instance traps, it is called into no more, and
 * the next message waits for a new one. What the worker held in it is gone: `trapped()` is told
 * (the worker tells the page what it must send again), and the message that trapped has the
 * trap's error. A message `{type: "trap"}` makes the instance trap, in a test build (the core's
 * `trap`, tests/e2e/trap.test.js).
 */
export function serve(name, handle, failed = (data, message) => ({ type: "error", message }), trapped = () => {}) {
  let copies = 0;
  const start = () => instantiate(name, copies).then(({ bindings }) => guard(bindings, (error) => {
    console.error(`The core's module "${name}" trapped in a worker; it is made again.`, error);
    copies += 1;
    loaded = start();
    trapped();
  }));
  let loaded = start();
  let queue = Promise.resolve();
  self.onmessage = ({ data }) => {
    queue = queue.then(() => loaded).then(
      (bindings) => (data?.type === "trap" ? pulled(bindings) : handle(data, bindings)),
      (error) => self.postMessage(failed(data, error.message)),
    ).catch((error) => self.postMessage(failed(data, error.message)));
  };
}

/** A test's trap (see `serve`): the guard tells of it, and nothing answers it. */
function pulled(bindings) {
  try {
    bindings.trap();
  } catch (error) {
    if (!isTrap(error)) throw error; // a build without the core's `trap`
  }
}
