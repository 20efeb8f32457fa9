// The status under the board: the line that says what the run is doing (a polite live region),
// the stuck notice with its way out, the notice of settings not understood, and the host's
// data-status, data-placed, data-backtracks, data-phase and data-stuck. The DOM is touched only
// when a shown value changes, so a screen reader hears the words when they settle, not every
// frame. Its hints are the core's answers (`exists`) for the board, start and options shown.

import { builder, heuristic, isTour, outcome } from "../core.js";
import { onFirstUse } from "../parts.js";
import { Shown } from "../ui/shown.js";
import { adopt } from "../ui/component-style.js";
import { boardWords, counted, escape, fill, grouped, press, sentence } from "../ui/text.js";

/** stall.js, a stuck search's words and the look of its notice: fetched when a search is first stuck. */
const stall = onFirstUse(() => import("./stall.js"));

/** remedy.js, what would give a tour where there is none: a compact board fetches it when it first has no tour from its start. */
const remedies = onFirstUse(() => import("./remedy.js"));

/** The hints of each run, worked out once: the core is asked, and the run's settings stay. */
const hints = new WeakMap();

const plural = (n, word) => counted(n, word, grouped);

export class StatusView {
  /**
   * `host` carries the data attributes; `root` holds `.status`, `.stuck` and `.notice`; `hints`
   * are what the status suggests after an outcome, by its name (`COMPACT_HINTS`, or the full
   * layout's: hints.js), each `hint(controller)` its words (or none).
   */
  constructor(host, root, hints) {
    this.host = host;
    this.root = root;
    this.hints = hints;
    this.stallAsked = null; // stall.js asked for, to write the status again once it is in
    this.line = root.querySelector(".status");
    this.stuck = root.querySelector(".stuck");
    this.stuckWords = root.querySelector(".stuck-words");
    this.notice = root.querySelector(".notice");
    this.shown = new Shown();
  }

  /** Before the core is in: the board's frame is there, the words wait. */
  loading() {
    this.shown.attribute(this.host, "data-status", "loading");
    this.shown.html(this.line, "Loading the solver…");
  }

  /** The core could not be loaded: the board cannot start, and says so here too. */
  unavailable(message) {
    this.shown.attribute(this.host, "data-status", "failed");
    this.shown.html(this.line, `<strong>This board cannot run:</strong> ${escape(message)}.`);
  }

  render(controller) {
    const { run, mode } = controller;
    const { shown, host } = this;
    const status = controller.status();
    shown.attribute(host, "data-status", status);
    shown.attribute(host, "data-placed", String(run ? run.placements : 0));
    shown.attribute(host, "data-backtracks", String(run ? run.backtracks : 0));
    shown.attribute(host, "data-phase", controller.phase());
    // While running, the words change every frame: a screen reader hears them when the run stops.
    shown.attribute(this.line, "aria-busy", String(mode === "running"));
    const later = () => this.host.panelChanged();
    shown.html(this.line, describe(controller, status, this.hints, this.host.getAttribute("layout") !== "full", later));
    // The notice shows with its words: where they are not in yet, in the frame after they are.
    const stuck = controller.stuck() && this.stallWords();
    shown.attribute(host, "data-stuck", stuck ? "" : null);
    shown.hidden(this.stuck, !stuck);
    if (stuck) {
      const { rows, cols } = controller.settings;
      const { speed } = controller;
      const rate = controller.meter.rate ?? (speed === Infinity ? null : speed);
      shown.html(this.stuckWords, stall.module.stuckWords(controller.stall, rows * cols, rate));
    }
  }

  /** Whether stall.js is in, its look adopted; if not, it is fetched, and the status written again once it is. */
  stallWords() {
    if (stall.module) {
      adopt(this.root, stall.module.sheet);
      return true;
    }
    this.stallAsked ??= stall.load().then(() => this.host.panelChanged(), (error) => console.warn(`The stuck notice could not load: ${error.message}`));
    return false;
  }

  /** The settings that were not understood (or none), after `restarted`, the notice of a restart after a trap (or null). */
  problems(list, restarted = null) {
    const words = list.length ? `Some settings were not understood and use their defaults: ${list.join("; ")}.` : "";
    this.shown.hidden(this.notice, !words && !restarted);
    this.shown.text(this.notice.querySelector("span"), restarted && words ? `${restarted} ${words}` : restarted ?? words);
  }
}

/**
 * A compact board's hints: it has no controls to act on most, and no room to spare; where a
 * theorem rules out a tour from this start alone, what to click instead (remedy.js, a module
 * fetched when a board first has no tour from its start).
 */
export const COMPACT_HINTS = { impossible: (controller) => remedies.module?.remedy(controller) ?? remedies.load() };

/**
 * The status line, as HTML, with `hints` (see `StatusView`); `compact`: for a board without the
 * full panel; `later()` hears that a hint whose words had to be fetched is in.
 */
function describe(controller, status, hints, compact, later) {
  const { run, settings, plan } = controller;
  const method = `<em>${heuristic(settings.heuristic).label}</em>`;
  const from = controller.start >= 0 ? controller.name(controller.start) : "";
  if (controller.building) {
    const { rows, cols } = settings;
    const waits = status === "running" ? "the knight sets off once it is in" : "Play walks it once it is in";
    return `<strong>Building a tour of ${boardWords(rows, cols)} from ${from}</strong> by divide and conquer… <span class="hint">${waits}.</span>`;
  }
  if (plan && (status === "running" || status === "paused" || isTour(status))) return describeDivide(controller, status);
  switch (status) {
    case "idle": {
      if (controller.error) return `<strong>${escape(controller.error)}</strong>`;
      // After a change of size, whether the start picked before is kept, by its name.
      const kept = controller.startKept;
      if (!run) {
        const gone = kept ? ` ${boardWords(settings.rows, settings.cols)} has no ${escape(kept.before)}.` : "";
        return `<strong>Pick a start square:</strong>${gone} ${gone ? sentence(press()) : press()} any square of the board. <span class="hint">The knight will try to visit every square exactly once.</span>`;
      }
      const ready = `Ready to start from ${from}</strong> with ${method}.`;
      if (controller.awaitsSight) return `<strong>${ready} <span class="hint">It sets off when it comes into view.</span>`;
      if (kept?.start) return `<strong>Start kept: ${escape(kept.start)}. ${ready} <span class="hint">Press Play, or ${press()} another square.</span>`;
      return `<strong>${ready} <span class="hint">Press Play, or Step through it one move at a time.</span>`;
    }
    case "running":
      if (controller.stall?.stuck) {
        const whole = controller.stall.deepest >= controller.squares;
        return `<strong>Stuck, searching from ${from}</strong> with ${method}: ` +
          (whole ? "every square was reached, but no path so far closes." : "it has not got any deeper in a long while.");
      }
      return `<strong>Searching from ${from}</strong> with ${method}${settings.backtracking ? ", backtracking when stuck" : ", no backtracking"}…`;
    case "paused":
      if (controller.seeking) {
        return `<strong>Going to event ${grouped(controller.seekTarget)}…</strong> <span class="hint">replaying the search from its nearest checkpoint, now at event ${grouped(run.position)}.</span>`;
      }
      return `<strong>Paused at move ${run.depth}</strong> of ${controller.squares}. <span class="hint">Play to go on, or Step one move at a time.</span>`;
    case "failed":
      return `<strong>This board stopped:</strong> ${escape(controller.error)}. <span class="hint">Press Reset to start again.</span>`;
    default: {
      // An outcome, in the core's words.
      const told = outcome(status);
      const figures = {
        from, depth: plural(run.depth, "square"), reason: escape(run.outcome().detail),
        counts: `${counted(run.placements, "placement")} and ${counted(run.backtracks, "backtrack")}`,
      };
      const words = hints[status];
      if (compact && status === "impossible") {
        // No room for a theorem's grounds (the full app has them): what it rules out, or for
        // this start alone, what to click instead.
        const { claim } = run.outcome();
        return `<strong>${fill(told.headline, figures)}</strong> ${claim ? `${escape(claim)}.` : hint(controller, words, later)}`;
      }
      return `<strong>${fill(told.headline, figures)}</strong> ${fill(told.detail, figures)}${words ? hint(controller, words, later) : ""}`;
    }
  }
}

/**
 * The hint `words(controller)` gives for the run, as a span after a sentence (or nothing). Where
 * its module is not in yet (`words` gives the promise of it instead), none till it is: then
 * `later()` hears it, and the hint is worked out when the status is written again.
 */
function hint(controller, words, later) {
  const { run } = controller;
  if (!hints.has(run)) {
    const text = words(controller);
    hints.set(run, typeof text === "string" ? text : "");
    if (typeof text !== "string") {
      text.then(() => {
        hints.delete(run);
        later();
      }, (error) => console.warn(`A hint could not load: ${error.message}`));
    }
  }
  const text = hints.get(run);
  return text ? ` <span class="hint">${escape(text)}</span>` : "";
}

/** A divide run's status: which phase it is in, then what it built. */
function describeDivide(controller, status) {
  const { run, plan, settings } = controller;
  // A board small enough is toured whole: one piece, nothing cut, nothing joined.
  const whole = plan.pieces === 1;
  const pieces = plural(plan.pieces, "piece");
  const built = whole ? "toured whole, in one piece" : `${pieces}${plan.seams ? ` joined at ${plural(plan.seams, "seam")}` : ", no seams"}`;
  const phase = controller.phase();
  const paused = status === "paused" ? "<span class=\"hint\">Paused: Play to go on.</span>" : "";
  const { found } = outcome(status) ?? {};
  if (found) {
    return `<strong>Found ${found} from ${controller.name(run.start)} by ${builder().label.toLowerCase()}:</strong> ` +
      `${built}, no backtracking.`;
  }
  if (phase === "pieces" && whole) {
    return `<strong>Touring ${boardWords(settings.rows, settings.cols)} whole…</strong> ${paused || "<span class=\"hint\">Small enough to need no cutting: one piece, one tour.</span>"}`;
  }
  if (phase === "pieces") {
    return `<strong>Cutting ${boardWords(settings.rows, settings.cols)} into ${pieces}…</strong> ${paused || "<span class=\"hint\">Each piece gets a tour of its own.</span>"}`;
  }
  if (phase === "seams") {
    return `<strong>Joining ${pieces} at ${plural(plan.seams, "seam")}…</strong> ${paused || "<span class=\"hint\">At each seam the moves in red are cut and the new ones join the piece in.</span>"}`;
  }
  return `<strong>Walking the tour: ${grouped(run.depth)} of ${grouped(controller.squares)} squares</strong> ` +
    `${paused || "<span class=\"hint\">One square a move, never a step back.</span>"}`;
}
