// The teaching view under the full layout's board: the algorithm as pseudocode with the lines
// the search passed lit, why the knight goes where it goes, the shape of the search as a depth
// chart, why a stuck search is stuck, the tree of tried moves and Knuth's estimate of its size.

import { eachEvent, isTour, outcome } from "../core.js";
import told from "../wasm/catalogue-parts.js";
import { paintCandidates } from "../board/candidates.js";
import { SearchTreeView } from "./search-tree.js";
import { TreeOutline } from "./tree-outline.js";
import { workLeft } from "./stall.js";
import { DepthChart, pseudocode, trace } from "./teaching.js";
import { playCode, playTrace } from "./play-teaching.js";
import { Shown } from "../ui/shown.js";
import { counted, escape, fill, formatCount, formatDuration, formatHuge, grouped } from "../ui/text.js";

export class TeachingView {
  /**
   * `root` holds the `.teaching` section; `themed` the palette's CSS variables; `repaint()` asks
   * for the board to be drawn again (a view switched). Listeners end with `signal`.
   */
  constructor(root, themed, signal, repaint) {
    this.panel = root.querySelector(".teaching");
    this.code = root.querySelector(".pseudocode");
    this.traceNote = root.querySelector(".trace-note");
    this.why = root.querySelector(".why");
    this.note = root.querySelector(".stall-note");
    this.chart = new DepthChart(root.querySelector(".chart"), themed);
    this.chartCanvas = root.querySelector(".chart");
    this.legend = root.querySelector(".shape .legend");
    this.treeView = root.querySelector(".tree-view");
    this.viewButtons = [...root.querySelectorAll("[data-view]")];
    this.treeCanvas = root.querySelector(".tree");
    this.treeNote = root.querySelector(".tree-note");
    this.treeWords = root.querySelector(".tree-words");
    // The tree in words is kept up to date while it is open, and brought up to date as it opens.
    this.treeWords.addEventListener("toggle", () => this.repaint(), { signal });
    this.estimate = root.querySelector(".estimate");
    this.tree = new SearchTreeView(this.treeCanvas, themed);
    this.outline = new TreeOutline(root.querySelector(".tree-outline"), root.querySelector(".tree-left-out"));
    this.shown = new Shown();
    this.on = false;
    this.view = "depth"; // the shape shown: the depth chart or the tree of tried moves
    this.repaint = repaint;
    for (const button of this.viewButtons) {
      button.addEventListener("click", () => this.show(button.dataset.view), { signal });
    }
    this.show("depth");
  }

  /** Shows the depth chart (`depth`) or the tree of tried moves (`tree`). */
  show(view) {
    this.view = view;
    for (const button of this.viewButtons) button.setAttribute("aria-pressed", String(button.dataset.view === view));
    this.chartCanvas.hidden = view !== "depth";
    this.treeView.hidden = view !== "tree";
    this.legend.textContent = view === "depth"
      ? "depth against events; dashed: deepest"
      : "a row a move; width: the share of the search under it; grey: taken back";
    this.repaint();
  }

  showSettings(settings) {
    this.on = settings.teach;
    this.shown.hidden(this.panel, !settings.teach);
    this.shown.html(this.code, (settings.play ? playCode(settings) : pseudocode(settings))
      .map(([name, text], i) => `<li data-role="${name}"><span class="line">${i + 1}</span> ${text}</li>`).join(""));
  }

  /** A new run on a board of `squares` squares: the chart and the tree start empty. */
  reset(squares) {
    this.chart.reset(squares);
    this.tree.reset();
    this.outline.reset();
  }

  /** Why this move on the board (candidates.js), where the run stands still to show it; else null. */
  candidates(controller) {
    if (!controller.showsCandidates()) return null;
    const candidates = controller.candidates();
    return (painter) => paintCandidates(painter, candidates);
  }

  paint(controller) {
    const { run, stall } = controller;
    if (!this.on || !run) return;
    if (this.view === "depth") this.chart.paint(run, stall?.stuck ? stall.shallowestSince : null);
    if (controller.hasTree) {
      controller.trackTree(); // the teaching view was turned on mid-run: the tree starts now
      if (this.view !== "tree") return;
      const name = (square) => controller.name(square);
      this.tree.paint(run, { now: performance.now(), running: controller.running, tour: isTour(controller.status()), name,
      });
      this.shown.attribute(this.treeCanvas, "aria-label", this.tree.summary);
      if (this.treeWords.open) this.outline.show(this.tree.nodes, this.tree.readPosition, name);
    }
  }

  render(controller) {
    if (!this.on) return;
    const { run, settings } = controller;
    // What the pruning rules said is asked of the core only while the run stands still.
    const still = run && !controller.running && !controller.seeking && !controller.plan;
    const outlook = still && settings.prune ? run.outlook() ?? null : null;
    // What the next step will do, asked of the core while the run stands still: the words below
    // name it, and a path of every square lights the line that checks it.
    const step = still ? run.nextStep() ?? null : null;
    this.renderTrace(controller, outlook, step);
    this.shown.html(this.why, why(controller, outlook, step));
    const stuck = controller.stuck();
    this.shown.hidden(this.note, !stuck);
    if (stuck) this.shown.html(this.note, stuckLesson(controller.stall, controller.squares));
    this.renderTree(controller);
  }

  /** Lights the lines the search passed in its last step, and the one it stands at. */
  renderTrace(controller, outlook, step) {
    const { run, assembly, settings } = controller;
    const status = controller.status();
    const searching = ["running", "paused", "idle"].includes(status);
    let passed = [];
    let current = null;
    if (controller.assembling()) {
      const { phase, clock, piecesEnd } = assembly;
      current = phase === "seams" ? "join" : clock < piecesEnd / 4 ? "cut" : "tile";
    } else if (run) {
      let last = null;
      if (run.position > 0) eachEvent(run.lastEvent(), (kind, square, move) => { last = { kind, square, move }; });
      ({ passed, current } = trace(last, searching ? "searching" : status, outlook, settings, step?.covered ?? false));
    }
    this.light(passed, current, traceNote(current, outlook));
  }

  /** Lights the lines of roles `passed`, and `current` strongly, with `note` (HTML) under them. */
  light(passed, current, note) {
    const key = `${current}|${passed.join(",")}`;
    if (this.shown.changed(this.code, "trace", key)) {
      for (const line of this.code.children) {
        line.classList.toggle("current", line.dataset.role === current);
        line.classList.toggle("passed", line.dataset.role !== current && passed.includes(line.dataset.role));
      }
      this.code.dataset.current = current ?? "";
      this.code.dataset.passed = passed.join(" ");
    }
    this.shown.hidden(this.traceNote, !note);
    this.shown.html(this.traceNote, note);
  }

  /** Play mode: the rule that judged the visitor's last move, lit (see play-teaching.js). */
  renderPlay(game) {
    if (!this.on) return;
    const { passed, current, note } = playTrace(game);
    this.light(passed, current, note);
  }

  /** The tree's box, shown for runs that have one; Knuth's estimate of the whole, under either view. */
  renderTree(controller) {
    const has = controller.hasTree;
    this.shown.hidden(this.treeCanvas, !has);
    this.shown.hidden(this.treeWords, !has);
    const { run } = controller;
    const reason = !run ? "Pick a start square to grow the tree." : (run.noTree() ?? this.tree.trunkWords);
    this.shown.text(this.treeNote, reason);
    this.shown.hidden(this.treeNote, !reason);
    // Made once per run, when the teaching view first shows it.
    const estimate = controller.treeEstimate();
    this.shown.hidden(this.estimate, !estimate);
    if (estimate) this.shown.html(this.estimate, estimateWords(estimate, controller));
  }
}

/** A line of words under the pseudocode where the lit line needs them. */
function traceNote(current, outlook) {
  if (current === "prune" && outlook?.verdict === "cut") return `<strong>Cut:</strong> ${escape(outlook.reason)}.`;
  if (current === "order" && outlook?.verdict === "forced") {
    return "<strong>Forced:</strong> the free squares next to the knight with one way left must be entered now, or never: only those moves are tried.";
  }
  return "";
}

/**
 * Knuth's estimate of the whole tree, as HTML: while the search goes on, what it means at this
 * speed and how much of it is made; once the search has ended, what was actually made.
 */
function estimateWords({ placements, events, probes }, controller) {
  const { meter, run } = controller;
  // The speed counts every move, and a search that tries everything takes back each placement.
  const about = Number.isFinite(placements) ? "about " : "";
  const whole = `<strong>Knuth's estimate</strong> of the whole tree: ${about}${formatHuge(placements)} placements ` +
    `(${grouped(probes)} random paths), and as many take-backs: ${formatHuge(events)} moves in all.`;
  const made = `${counted(run.placements, "placement", grouped)} and ${counted(run.backtracks, "take-back", grouped)}`;
  const ending = run.outcome();
  if (ending?.name === "no-tour") {
    return `${whole} The search has tried every move: the whole tree was ${made}, exactly.`;
  }
  if (ending) {
    const found = ending.name === "tour" || ending.name === "closed-tour";
    return `${whole} The search ${found ? "found its tour after" : "stopped after"} ${made}: ${share(run.placements / placements)}.`;
  }
  const full = controller.speed === Infinity;
  const speed = full ? meter.rate : controller.speed;
  const time = speed > 0
    ? ` At ${full ? "this machine's full speed" : `${formatCount(speed)} move${speed === 1 ? "" : "s"} a second`}, all of it would take ${formatDuration(events / speed)}.`
    : "";
  const sofar = run.placements > 0 ? ` Made so far: ${share(run.placements / placements)}.` : "";
  return `${whole}${time}${sofar} <span class="hint">A search stops at its first tour, which may come much sooner.</span>`;
}

/** A fraction of the estimate as a readable share: "3% of it", "0.002% of it"; never past 100%. */
function share(fraction) {
  const percent = fraction * 100;
  if (percent > 100) return "more than the estimate, which is only an estimate";
  if (percent >= 1) return `${Math.round(percent)}% of it`;
  if (percent >= 1e-4) return `${Number(percent.toPrecision(1))}% of it`;
  return "a vanishing part of it";
}

/** The core's words for the next step (`Tour.nextStep()`), as HTML: "Next step:" stands out. */
function stepWords(step) {
  if (!step) return "";
  const at = step.words.indexOf("Next step: ");
  const [found, next] = at < 0 ? ["", step.words] : [step.words.slice(0, at), step.words.slice(at + "Next step: ".length)];
  return `${escape(found)}<strong>Next step:</strong> ${escape(next)}`;
}

/** A move's onward degree in words: "2 moves onward from there". */
const onward = (degree) => `${degree === 0 ? "no" : degree} move${degree === 1 ? "" : "s"} onward from there`;

/**
 * Why this move, as HTML: the candidates from the current square, in the order they are tried,
 * and what the next step (`step`, the core's) will do.
 */
function why(controller, outlook, step) {
  const { run, plan } = controller;
  if (controller.building) return "The tour is being built: the walk comes once it is in.";
  if (!run) return controller.error ? "" : "Pick a start square: the knight's moves from it will be listed here.";
  if (controller.assembling()) return "The tour is being built: the walk comes once every piece is joined in.";
  const name = (square) => controller.name(square);
  const ending = run.outcome();
  if (ending) {
    const ended = fill(outcome(ending.name).meaning, { reason: escape(ending.reason) });
    // A run a theorem settled made no move to go over; it can be searched all the same.
    if (run.placements === 0) {
      return ending.name === "impossible" && controller.settings.theorems
        ? `${ended} <span class="hint">To watch the search try every move and find none, untick “Use the theorems”.</span>`
        : ended;
    }
    return `${ended} <span class="hint">Step back or use the timeline to go over any move again.</span>`;
  }
  if (controller.running || controller.seeking) {
    return "Pause or step to see the moves from the current square, in the order they will be tried.";
  }
  // Read out of the path's view only now: the next step was asked of the core before it.
  const { path } = controller;
  const depth = path.length;
  const knight = depth ? path[depth - 1] : -1;
  const then = stepWords(step);
  if (knight < 0) return `Press Step to begin. ${then}`;
  const here = name(knight);
  const moves = controller.candidates();
  const next = moves.find((move) => move.state === "next");
  if (plan) {
    return next
      ? `<strong>From ${here}</strong> the tour goes on to <strong>${name(next.square)}</strong>: divide and conquer walks the tour it built, so there is one move and no choice.`
      : `<strong>${here}</strong> is the tour's last square.`;
  }
  // A path of every square: the step is the check that every square is visited.
  if (step?.covered) return then;
  if (outlook?.verdict === "cut") {
    return `<strong>${here} is cut:</strong> ${escape(outlook.reason)}. No move from it is tried. ${then}`;
  }
  if (!moves.length) return `<strong>From ${here}</strong> no free square is a knight's move away. ${then}`;
  const { tiebreak } = told.heuristics[controller.settings.heuristic];
  // Each with the number its circle on the board shows (its place in the order, no move number),
  // and the small one in the circle's corner, the moves on from there.
  const keys = moves.map((move) => {
    const text = `${move.order} ${name(move.square)} (${onward(move.degree)}${tiebreak && move.tiebreak !== null ? `, tie-break ${formatCount(move.tiebreak)}` : ""})`;
    return move.state === "tried" ? `<s>${text}</s>` : move === next ? `<strong>${text}</strong>` : text;
  });
  return `<strong>From ${here}</strong>, in the order tried (the circles' numbers): ${keys.join(", ")}.${next ? "" : " All tried."} ${then}` +
    (tiebreak ? ` <span class="hint">Tie-break: ${escape(tiebreak)}.</span>` : "");
}

/** A stuck search (stall.js words it for the status) as a lesson for a board of `squares`, pointing at the chart's red line. */
function stuckLesson({ deepest, eventsSinceDeepest, shallowestSince, eventsLeft }, squares) {
  const left = workLeft(eventsLeft);
  const first = deepest >= squares
    ? `the path first held every square ${formatCount(eventsSinceDeepest)} events ago, but its ends were ` +
      `not a knight's move apart, and no path since has closed. In that time`
    : `the path first held ${grouped(deepest)} squares ${formatCount(eventsSinceDeepest)} events ago and ` +
      `has not grown since. In that time`;
  return `<strong>Why it is stuck:</strong> ${first} it was cut back ` +
    `as far as move ${grouped(shallowestSince)} (the red line) and grown again, over and over: everything ` +
    `after that move has been tried and none of it leads further, so what keeps the knight from a tour ` +
    `was decided at or before move ${grouped(shallowestSince)}. To go back further, backtracking must ` +
    `first exhaust everything after it; Knuth's estimate of what is left of the search: ${left} events.`;
}
