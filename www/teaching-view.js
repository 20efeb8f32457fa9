// The teaching view under the full layout's board: the algorithm as pseudocode with the current
// line lit, why the knight goes where it goes, the shape of the search as a depth chart, and
// why a stuck search is stuck.

import { heuristic } from "./core.js";
import { stuckLesson } from "./stall.js";
import { DepthChart, pseudocode, role } from "./teaching.js";
import { Shown } from "./shown.js";
import { escape, formatCount } from "./text.js";

export class TeachingView {
  /** `root` holds the `.teaching` section; `themed` the palette's CSS variables. */
  constructor(root, themed) {
    this.panel = root.querySelector(".teaching");
    this.code = root.querySelector(".pseudocode");
    this.why = root.querySelector(".why");
    this.note = root.querySelector(".stall-note");
    this.chart = new DepthChart(root.querySelector(".chart"), themed);
    this.shown = new Shown();
    this.on = false;
  }

  showSettings(settings) {
    this.on = settings.teach;
    this.shown.hidden(this.panel, !settings.teach);
    this.shown.html(this.code, pseudocode(settings)
      .map(([name, text], i) => `<li data-role="${name}"><span class="line">${i + 1}</span> ${text}</li>`).join(""));
  }

  /** A new run on a board of `squares` squares: the chart starts empty. */
  reset(squares) {
    this.chart.reset(squares);
  }

  /** Between events `from` and `to` the path was between `low` and `high` squares deep. */
  progressed(from, to, low, high) {
    this.chart.add(from, to, low, high);
  }

  paint(controller) {
    const { run, stall } = controller;
    if (!this.on || !run) return;
    this.chart.paint(run.position, run.horizon, stall?.stuck ? stall.shallowestSince : null);
  }

  render(controller) {
    if (!this.on) return;
    const { run, assembly } = controller;
    const status = controller.status();
    const searching = ["running", "paused", "idle"].includes(status);
    let current = run ? role(run.lastEvent()[0], searching ? null : status) : null;
    if (controller.assembling()) {
      const { phase, clock, piecesEnd } = assembly;
      current = phase === "seams" ? "join" : clock < piecesEnd / 4 ? "cut" : "tile";
    }
    if (this.shown.changed(this.code, "current", current)) {
      for (const line of this.code.children) line.classList.toggle("current", line.dataset.role === current);
      this.code.dataset.current = current ?? "";
    }
    this.shown.html(this.why, why(controller));
    const stuck = controller.stuck();
    this.shown.hidden(this.note, !stuck);
    if (stuck) this.shown.html(this.note, stuckLesson(controller.stall));
  }
}

/** Why this move, as HTML: the candidates from the current square, in the order they are tried. */
function why(controller) {
  const { run, path, plan } = controller;
  if (controller.assembling()) return "The tour is being built: the walk comes once every piece is joined in.";
  if (!run || !controller.showsCandidates()) {
    return run ? "Pause or step to see the moves from the current square, in the order they will be tried." : "";
  }
  const name = (square) => controller.name(square);
  const here = path.length ? name(path[path.length - 1]) : "";
  const moves = controller.candidates();
  const next = moves.find((move) => move.state === 1);
  if (plan) {
    return next
      ? `<strong>From ${here}</strong> the tour goes on to <strong>${name(next.square)}</strong>: divide and conquer walks the tour it built, so there is one move and no choice.`
      : "Press Step to place the knight on the start square.";
  }
  if (!moves.length) return `<strong>From ${here}</strong> no move is left: the next step takes the knight back.`;
  const { tiebreak } = heuristic(controller.settings.heuristic);
  const keys = moves.map((move) => {
    const text = `${name(move.square)} (${move.degree} onward${tiebreak && move.tiebreak >= 0 ? `, tie-break ${formatCount(move.tiebreak)}` : ""})`;
    return move.state === 0 ? `<s>${text}</s>` : move === next ? `<strong>${text}</strong>` : text;
  });
  return `<strong>From ${here}</strong>, in order: ${keys.join(", ")}.` +
    (next ? ` Next: <strong>${name(next.square)}</strong>.` : " All tried: the next step takes the knight back.") +
    (tiebreak ? ` <span class="hint">Tie-break: ${escape(tiebreak)}.</span>` : "");
}
