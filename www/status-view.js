// The status under the board: the line that says what the run is doing (a polite live region),
// the stuck notice with its way out, the notice of settings not understood, and the host's
// data-status, data-placed, data-backtracks and data-phase. The DOM is touched only when a
// shown value changes, so a screen reader hears the words when they settle, not every frame.

import { builder, heuristic } from "./core.js";
import { stuckWords } from "./stall.js";
import { Shown } from "./shown.js";
import { escape, formatCount, grouped } from "./text.js";

/** What to try where there is no tour, for each of the core's remedies. */
const REMEDIES = {
  "open-tour": "Turn off Closed tour, or try 6×6 or 8×8.",
  "outer-line": "Start on one of the two outer lines.",
  "corners-colour": "Start on a square of the corners' colour.",
  "other-square": "Try another square.",
  "other-board": "Try another board: every board at least 5×5 has tours.",
};

const plural = (n, word) => `${grouped(n)} ${word}${n === 1 ? "" : "s"}`;

export class StatusView {
  /** `host` carries the data attributes; `root` holds `.status`, `.stuck` and `.notice`. */
  constructor(host, root) {
    this.host = host;
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
    shown.html(this.line, describe(controller, status));
    const stuck = controller.stuck();
    shown.hidden(this.stuck, !stuck);
    if (stuck) {
      const { rows, cols, speed } = controller.settings;
      const rate = controller.meter.rate ?? (speed === Infinity ? null : speed);
      shown.html(this.stuckWords, stuckWords(controller.stall, rows * cols, rate));
    }
  }

  /** The settings that were not understood (or none). */
  problems(list) {
    this.shown.hidden(this.notice, list.length === 0);
    this.shown.text(this.notice.querySelector("span"), list.length
      ? `Some settings were not understood and use their defaults: ${list.join("; ")}.`
      : "");
  }
}

/** The status line, as HTML. */
function describe(controller, status) {
  const { run, settings, plan } = controller;
  const method = `<em>${heuristic(settings.heuristic).label}</em>`;
  const from = run ? controller.name(run.start) : "";
  const counts = run ? `${formatCount(run.placements)} placements and ${formatCount(run.backtracks)} backtracks` : "";
  if (plan && ["running", "paused", "tour", "closed-tour"].includes(status)) return describeDivide(controller, status);
  switch (status) {
    case "idle":
      if (controller.error) return `<strong>${escape(controller.error)}</strong>`;
      if (!run) return "<strong>Pick a start square:</strong> click any square of the board. <span class=\"hint\">The knight will try to visit every square exactly once.</span>";
      return `<strong>Ready to start from ${from}</strong> with ${method}. <span class="hint">Press Play, or Step through it one move at a time.</span>`;
    case "running":
      if (controller.stall?.stuck) return `<strong>Stuck, searching from ${from}</strong> with ${method}: it has not got any deeper in a long while.`;
      return `<strong>Searching from ${from}</strong> with ${method}${settings.backtracking ? ", backtracking when stuck" : ", no backtracking"}…`;
    case "paused":
      return `<strong>Paused at move ${run.depth}</strong> of ${controller.squares}. <span class="hint">Play to go on, or Step one move at a time.</span>`;
    case "tour":
      return `<strong>Found an open tour from ${from}</strong> in ${counts}. <span class="hint">Try a closed tour, or the fixed order to watch backtracking at work.</span>`;
    case "closed-tour":
      return `<strong>Found a closed tour from ${from}:</strong> the last square is a knight's move from the first (${counts}).`;
    case "no-tour":
      return `<strong>No tour from ${from}:</strong> the search tried every possibility (${counts}). <span class="hint">${REMEDIES["other-square"]}</span>`;
    case "impossible": {
      // The reason names this square or the whole board; the heading already says "from here".
      const reason = run.reason().replace(/^no tour from this square: /, "");
      return `<strong>No tour from here:</strong> ${escape(reason)}. <span class="hint">${REMEDIES[run.remedy()]}</span>`;
    }
    case "failed":
      return `<strong>This board stopped:</strong> ${escape(controller.error)}. <span class="hint">Press Reset to start again.</span>`;
    case "dead-end":
      return `<strong>Dead end after ${run.depth} squares:</strong> the greedy walk has no unvisited square to go to. <span class="hint">Turn Backtracking on, or try ${builder().label.toLowerCase()}.</span>`;
    default:
      return escape(run?.reason() ?? status);
  }
}

/** A divide run's status: which phase it is in, then what it built. */
function describeDivide(controller, status) {
  const { run, plan, settings } = controller;
  const pieces = plural(plan.pieces, "piece");
  const seams = plan.seams ? ` joined at ${plural(plan.seams, "seam")}` : ", no seams";
  const phase = controller.phase();
  const paused = status === "paused" ? "<span class=\"hint\">Paused: Play to go on.</span>" : "";
  if (status === "tour" || status === "closed-tour") {
    return `<strong>Found ${status === "tour" ? "an open" : "a closed"} tour from ${controller.name(run.start)} by divide and conquer:</strong> ` +
      `${pieces}${seams}, no backtracking.`;
  }
  if (phase === "pieces") {
    return `<strong>Cutting ${settings.rows}×${settings.cols} into ${pieces}…</strong> ${paused || "<span class=\"hint\">Each piece gets a tour of its own.</span>"}`;
  }
  if (phase === "seams") {
    return `<strong>Joining ${pieces} at ${plural(plan.seams, "seam")}…</strong> ${paused || "<span class=\"hint\">At each seam the moves in red are cut and the new ones join the piece in.</span>"}`;
  }
  return `<strong>Walking the tour: ${grouped(run.depth)} of ${grouped(controller.squares)} squares</strong> ` +
    `${paused || "<span class=\"hint\">One square a move, never a step back.</span>"}`;
}
