// The parts of a board loaded on first use, each with its part of the core: a compact board that
// only watches a run never fetches or evaluates them (where the bundle is split), and asks the
// core for no more than the search, divide and the board's picture.
//
// Each part's module is imported here, by `import()` and nowhere by a static import, at the moment
// a board first needs it; the board makes the part then, once, and every later need is the same
// promise.

import { load } from "./core.js";

/**
 * The parts, by name: `module()` imports its code, `core` names the core's part it calls into
 * (awaited with it), or null where the part asks for its own when it first calls (the count
 * panel is on screen at once, and counts only when asked).
 */
const PARTS = {
  /** Play it yourself: the game, its view and its marks (modes/play-mode.js). */
  play: { module: () => import("./modes/play-mode.js"), core: "play" },
  /** The teaching view under the full layout's board (panels/teaching-view.js). */
  teach: { module: () => import("./panels/teaching-view.js"), core: "teach" },
  /** The full layout's counting: the panel, its lesson and the heat map (panels/count-part.js). */
  count: { module: () => import("./panels/count-part.js"), core: null },
  /** GIF and WebM (panels/animated-export.js). */
  export: { module: () => import("./panels/animated-export.js"), core: "export" },
};

/** One board's parts: each made from its module by `makers[name](module)` once it is in. */
export class Parts {
  constructor(makers) {
    this.makers = makers;
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
        this.made.set(name, this.makers[name](code));
        return this.made.get(name);
      }));
    }
    return this.loading.get(name);
  }

  /** The board goes away: every part made is disposed of, and none is made after. */
  dispose() {
    this.disposed = true;
    for (const part of this.made.values()) part.dispose?.();
  }
}
