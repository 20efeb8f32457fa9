// The element's attributes and its settings, kept in step. A change of attribute is read once the
// script that made it is done with its task, so that a script setting board, start and heuristic
// in a row starts one run, not three; a change the visitor makes in the controls is written back
// to the attributes, without being heard as a change again.

import { LIVE, NAMES, guessShape, pageSwitch, read, seeded, write } from "./settings.js";

export class AttributeSync {
  /**
   * `host` is the element: its attributes, whether it is `live`, its run's `controller`,
   * `settle()`, which reads the changes heard (`take`), `shown.shape` for the skeleton's board, and
   * `teardown` and `build` for another layout.
   */
  constructor(host) {
    this.host = host;
    this.pending = null; // changes not read yet: { starts } whether one of them starts a run
    this.writing = false; // the element's own writes are not changes to hear
  }

  /**
   * An attribute changed (attributeChangedCallback). Another layout is another board; before the
   * core is in, the skeleton takes a new board's proportions. Once it is in, the page's own
   * settings apply as the run goes (a race whose speed the app page keeps in step goes on); the
   * search's start a new run. Autoplay does only while nothing has run.
   */
  heard(name, previous, value) {
    if (this.writing || previous === value) return;
    const { host } = this;
    if (name === "layout") {
      host.teardown();
      host.build();
      return;
    }
    if (!host.live) {
      if (name === "board") host.shown.shape(guessShape(value));
      return;
    }
    const starts = !(LIVE.has(name) || (name === "autoplay" && host.controller.mode !== "idle"));
    if (this.pending) {
      this.pending.starts ||= starts;
      return;
    }
    this.pending = { starts };
    queueMicrotask(() => host.settle());
  }

  /** The changes heard and not read yet, `{ starts }`, which are read now; or null. */
  take() {
    const { pending } = this;
    this.pending = null;
    return pending;
  }

  /** Forgets the changes heard: the board goes away. */
  clear() {
    this.pending = null;
  }

  /**
   * The settings the attributes give, `{ settings, problems }` (see `read`). A seed drawn for
   * random ties goes on the tag, so that the next change of an attribute replays the same ties
   * rather than drawing again.
   */
  read() {
    const { host } = this;
    const reading = read((name) => host.getAttribute(name));
    const { seed, heuristic } = reading.settings;
    if (seed !== null && host.getAttribute("seed") === null && seeded(heuristic)) this.set(() => host.setAttribute("seed", seed));
    return reading;
  }

  /** Writes `settings` to the attributes: those that differ from the defaults, the rest removed. */
  write(settings) {
    const { host } = this;
    const pairs = new Map(write(settings));
    this.set(() => {
      for (const name of NAMES) {
        if (name === "embed") continue;
        if (pairs.has(name)) host.setAttribute(name, pageSwitch(name) ? "" : pairs.get(name));
        else host.removeAttribute(name);
      }
    });
  }

  /** Runs `writes` to the attributes without hearing them. */
  set(writes) {
    this.writing = true;
    try {
      writes();
    } finally {
      this.writing = false;
    }
  }
}
