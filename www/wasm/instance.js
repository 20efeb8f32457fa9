// A module of the core instantiated, on the page's thread (core.js) or in a worker: its bindings
// (wasm-bindgen's glue) and its bytes, fetched side by side from this folder, where the build puts
// every module (scripts/build.mjs): `knights-tour` (the first module) and `knights-tour-PART`
// (play, count, teach, export). Both requests are relative to this module's own URL and made with
// CORS, as a module's imports are: the element served by a CDN, another origin than the page,
// loads its modules from the CDN.

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
 */
export function serve(name, handle, failed = (data, message) => ({ type: "error", message })) {
  const loaded = instantiate(name).then(({ bindings }) => bindings);
  let queue = Promise.resolve();
  self.onmessage = ({ data }) => {
    queue = queue.then(() => loaded).then(
      (bindings) => handle(data, bindings),
      (error) => self.postMessage(failed(data, error.message)),
    ).catch((error) => self.postMessage(failed(data, error.message)));
  };
}
