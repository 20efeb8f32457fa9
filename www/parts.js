// The parts of a board loaded on first use, each with its part of the core: a compact board that
// only watches a run never fetches or evaluates them (where the bundle is split), and asks the
// core for no more than the search, divide and the board's picture. The full layout (the app
// page's) is one too, in before its board is built (`fullLayout`), and so is a compact board's
// keyboard, in when a key first comes (`keysOnFirstUse`).
//
// Each part's module is imported here, by `import()` and nowhere by a static import, at the moment
// a board first needs it; the board's part is made then, once, and every later need is the same
// promise.

import { load } from "./core.js";

const here = (path) => new URL(path, import.meta.url).href;

/**
 * The full layout (ui/full-layout.js says what it holds), which a compact board never fetches:
 * `layout`, once its module has run (it hands itself over here as it runs), else null; `load()`
 * resolves to it, in a microtask where its module has run by then, else once it is in. A page
 * whose script runs that module in the same go as the element's (the app page's: a module and
 * all it imports run in one task, their microtasks after them) has its boards of the full layout
 * built before any paint.
 */
export const fullLayout = {
  layout: null,
  load: () => Promise.resolve().then(() => fullLayout.layout ?? import("./ui/full-layout.js").then((module) => module.default)),
};

/**
 * A module fetched when first used: `module`, once it is in (else null); `load()` fetches it once
 * (again after a failure) and resolves to it. `importer` is its `import()`, written in the module
 * whose path it is relative to.
 */
export function onFirstUse(importer) {
  const part = {
    module: null,
    loading: null,
    load: () => (part.loading ??= importer().then((module) => (part.module = module), (error) => {
      part.loading = null;
      throw error;
    })),
  };
  return part;
}

/**
 * The keyboard (ui/keyboard.js: the keymap, its routing, choosing a square by keyboard):
 * `KeyRouter` once its module has run (it hands it over here as it runs; the full layout imports
 * it), else null.
 */
export const keyboard = { KeyRouter: null };

/** ui/keyboard.js, for a compact board: fetched with its first key (`keysOnFirstUse`). */
const keys = onFirstUse(() => import("./ui/keyboard.js"));

/**
 * The keys of `host`, a compact board, until `signal` aborts: its keyboard is fetched when a key
 * is first pressed inside it, or when focus first comes into it by keyboard (Tab, which shows
 * where focus is); a key pressed before it is in is kept, and handed to it once it is, in order,
 * so that no key is lost (what the browser does with such a key meanwhile, a scroll for Space, is
 * not held back).
 */
export function keysOnFirstUse(host, signal) {
  let router = null;
  const held = [];
  const ready = () => {
    router ??= new keyboard.KeyRouter(host, null, signal);
    for (const [event, path] of held.splice(0)) router.key(event, path);
  };
  const load = () => keys.load().then(() => signal.aborted || ready(), (error) => {
    held.length = 0; // fetched again at the next key
    console.warn(`This board's keys could not load: ${error.message}`);
  });
  const options = { signal };
  host.addEventListener("focusin", (event) => {
    if (event.composedPath()[0].matches?.(":focus-visible")) load();
  }, options);
  host.addEventListener("keydown", (event) => {
    // Another board's keyboard may be in already: then this board's is made at once.
    if (!router && keyboard.KeyRouter) ready();
    if (router) {
      router.key(event);
    } else if (host.live) {
      held.push([event, event.composedPath()]);
      load();
    }
  }, options);
}

/**
 * The parts, by name: `module()` imports its code, `core` names the core's part it calls into
 * (awaited with it), or null where the part asks for its own when it first calls (the count
 * panel is on screen at once, and counts only when asked); `make(module, host, root, signal)`
 * makes it for the element `host`, whose shadow root is `root` and whose listeners end with
 * `signal`.
 */
const PARTS = {
  /** Play it yourself: the game, its view and its marks. */
  play: {
    module: () => import("./modes/play-mode.js"),
    core: "play",
    make: ({ PlayMode }, host, root, signal) => new PlayMode(host, signal),
  },
  /** The teaching view under the full layout's board, empty until the run shows in it. */
  teach: {
    module: () => import("./panels/teaching-view.js"),
    core: "teach",
    make: ({ TeachingView }, host, root, signal) => {
      const view = new TeachingView(root, host, signal, () => host.changed());
      view.reset(host.controller.squares);
      view.showSettings(host.settings);
      return view;
    },
  },
  /** The full layout's counting: the panel, its lesson and the heat map. */
  count: {
    module: () => import("./panels/count-part.js"),
    core: null,
    make: ({ CountPart }, host, root, signal) => new CountPart(root, host, signal),
  },
  /** GIF and WebM, said in the share panel's export line. */
  export: {
    module: () => import("./panels/animated-export.js"),
    core: "export",
    make: ({ AnimatedExport }, host, root, signal) =>
      new AnimatedExport(root, host.sharing.line, here("panels/gif-worker.js"), () => host.render(), signal),
  },
};

/** One board's parts, made for the element `host` (see `PARTS`'s `make`), of the compact layout or the full. */
export class Parts {
  constructor(host, root, signal, compact) {
    this.make = (name, module) => PARTS[name].make(module, host, root, signal);
    this.compact = compact;
    this.made = new Map();
    this.loading = new Map();
    this.disposed = false;
  }

  /** The part `name`, if it is made; else null. */
  get(name) {
    return this.made.get(name) ?? null;
  }

  /** Resolves to the part `name`, made once its module and its part of the core are in (null if the board went meanwhile). */
  need(name) {
    if (!this.loading.has(name)) {
      const { module, core } = PARTS[name];
      this.loading.set(name, Promise.all([module(), core && load(core)]).then(([code]) => {
        if (this.disposed) return null;
        this.made.set(name, this.make(name, code));
        return this.made.get(name);
      }));
    }
    return this.loading.get(name);
  }

  /**
   * Loads the parts `settings` ask for that are not made yet: play mode where it is on, and the
   * full layout's counting, and its teaching view where it is on. Returns their promises.
   */
  want({ play, teach }) {
    const wanted = { play, teach: !this.compact && teach, count: !this.compact };
    return Object.keys(wanted).filter((name) => wanted[name] && !this.made.has(name)).map((name) => this.need(name));
  }

  /** The board goes away: every part made is disposed of, and none is made after. */
  dispose() {
    this.disposed = true;
    for (const part of this.made.values()) part.dispose?.();
  }
}
