// The teaching view's content: the algorithm as pseudocode with a role for each line, which lines
// the search passed and stands at, and the shape of the search as a chart of depth against events.

import { freshCanvas, themeColours } from "../ui/chart.js";
import { catalogue, heuristic as heuristicInfo, isTour } from "../core.js";
import told from "../wasm/catalogue-parts.js";
import { grouped } from "../ui/text.js";

/** Divide and conquer builds its tour, then walks it: no search, so none of the search's options. */
function divideCode(closed) {
  return [
    ["cut", "cut the board into small tiles (a board 3 or 4 wide: a block around the start, then a few columns at a time)"],
    ["tile", "tour each tile on its own, as a cycle where it can be"],
    ["seam", "for each tile next to the tour so far, in turn:"],
    ["join", "&nbsp;&nbsp;cut a move <i>p</i> → <i>q</i> of the tour and a move <i>b</i> → <i>a</i> of the tile's, " +
      "with <i>a</i> a knight's move from <i>p</i> and <i>b</i> from <i>q</i>, and join: <i>p</i> → <i>a</i> … <i>b</i> → <i>q</i>"],
    ["place", "walk the tour from the start, one square a move, never back"],
    ["done", closed
      ? "when every square is visited: <b>closed tour</b>, the last square a knight's move from the first"
      : "when every square is visited: <b>tour found</b>"],
  ];
}

/**
 * The pseudocode for these settings, as lines with a role each: the page lights the lines the
 * search passed in its last step, and the one it stands at (see `trace`).
 */
export function pseudocode({ heuristic, backtracking, closed, prune, restarts, theorems }) {
  const info = heuristicInfo(heuristic);
  if (!info.searches) return divideCode(closed);
  const lines = [
    ["theorem", theorems
      ? "if a theorem or a count rules out a tour from the start: <b>stop</b>, and say why"
      : "<s>if a theorem or a count rules out a tour from the start: stop</s> (“Use the theorems” is off: the search finds out for itself)"],
    ["place", "place the knight on <i>square</i>, as move <i>n</i>"],
    ["done", closed
      ? "if every square is visited and the last is a knight's move from the first: <b>closed tour</b>"
      : "if every square is visited: <b>tour found</b>"],
  ];
  if (prune) lines.push(["prune", "if no single path can cover the free squares any more (one is cut off, too many have one way left, or they fell apart): skip the moves below"]);
  lines.push(["order", `order the moves from <i>square</i> by <b>${info.label}</b>: ${told.heuristics[heuristic].summary}`]);
  if (backtracking) {
    lines.push(["try", "for each move, to a free square <i>next</i>:"]);
    lines.push(["recurse", "&nbsp;&nbsp;search(<i>next</i>, <i>n</i> + 1), and stop if it found a tour"]);
    if (restarts > 0) {
      const { base, luby } = catalogue().restarts;
      lines.push(["restart", `if this attempt has taken back its share of moves (${grouped(base)} times the next of Luby's ${luby.join(", ")}, …) and a restart is left: <b>start over</b> from the start, with fresh random ties`]);
    }
    lines.push(["back", "take the knight back from <i>square</i>: a dead end, try the next move up"]);
    lines.push(["exhausted", "if the start has no moves left: <b>no tour from here</b>"]);
  } else {
    lines.push(["recurse", "go to the first move's square and repeat, without looking back"]);
    const stuck = closed ? "if there is no free square to go to (or every square is visited but the last is not a knight's move from the first)" : "if there is no free square to go to";
    if (restarts > 0) lines.push(["restart", `${stuck} and a restart is left: <b>start over</b> from the start, with fresh random ties`]);
    if (closed) lines.push(["unclosed", "if every square is visited but the last is not a knight's move from the first: <b>an open tour, not closed</b>"]);
    lines.push(["dead-end", "if there is no free square to go to: <b>dead end</b>"]);
  }
  return lines;
}

/**
 * The lines a search passed in the step that brought it here, and the one it stands at:
 * `{passed, current}` (roles of `pseudocode`'s lines). `last` is the core's last event as
 * `{kind, square, move}` (null before the first), `status` the run's (`searching` while it
 * goes), `outlook` what the pruning rules said of the knight's square (null when not asked),
 * `covered` whether the path holds every square (the check of line "done" is what comes next).
 */
export function trace(last, status, outlook, { backtracking, prune }, covered = false) {
  if (isTour(status)) return { passed: ["place", "done"], current: "done" };
  switch (status) {
    case "no-tour":
      return { passed: ["try", "back", "exhausted"], current: "exhausted" };
    case "dead-end":
      return { passed: ["order", "recurse", "dead-end"], current: "dead-end" };
    case "unclosed":
      return { passed: ["place", "done", "unclosed"], current: "unclosed" };
    case "impossible":
      return { passed: ["theorem"], current: "theorem" };
    default:
  }
  if (last?.kind === "removed") return { passed: ["try", "back"], current: "back" };
  if (last?.kind === "restarted") return { passed: ["restart"], current: "restart" };
  if (last?.kind !== "placed") return { passed: [], current: null };
  // After a placement the search checks the new square, prunes, and orders its moves.
  const from = last.move === 0 ? [] : backtracking ? ["try", "recurse"] : ["recurse"];
  // A path of every square stands at the check that every square is visited.
  if (covered) return { passed: [...from, "place", "done"], current: "done" };
  const checks = ["place", "done", ...(prune ? ["prune"] : [])];
  if (prune && outlook?.verdict === "cut") return { passed: [...from, ...checks], current: "prune" };
  return { passed: [...from, ...checks, "order"], current: "order" };
}

/**
 * Depth against events: the core's envelope of the run (`Tour.envelope()`), each of its columns
 * drawn from the shallowest to the deepest the path was over its events. The core never lets a
 * column take in more than its own events, so the sawtooth of backtracking stays one at any
 * speed, and a walk that takes nothing back stays a rising line.
 */
export class DepthChart {
  constructor(canvas, themed) {
    this.canvas = canvas;
    this.themed = themed;
    this.squares = 1;
  }

  /** A new run on a board of `squares` squares. */
  reset(squares) {
    this.squares = squares;
  }

  /**
   * `run`: the core's Tour (its envelope, position, furthest event and deepest path are read);
   * `mark`: a depth to draw as a red line (how far back a stuck search has gone), or null.
   */
  paint(run, mark = null) {
    const fresh = freshCanvas(this.canvas);
    if (!fresh) return;
    const { ctx, width: cssWidth, height: cssHeight } = fresh;
    const colour = themeColours(this.themed);
    const { position, horizon, deepest } = run;
    // Views into the module's memory: read here, before anything else calls into it.
    const { width, low, high } = run.envelope();
    const span = Math.max(1, horizon, width * 8);
    const x = (events) => (events / span) * cssWidth;
    const y = (depth) => cssHeight - 2 - (depth / this.squares) * (cssHeight - 4);

    ctx.strokeStyle = colour("line");
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(0, y(this.squares) + 0.5);
    ctx.lineTo(cssWidth, y(this.squares) + 0.5);
    ctx.stroke();

    ctx.fillStyle = colour("path-from");
    const columnWidth = Math.max(1, x(width));
    for (let column = 0; column < high.length; column++) {
      if (high[column] < low[column]) continue; // a column a jump went past
      const top = y(high[column]);
      const bottom = y(low[column]);
      ctx.fillRect(x(column * width), top, columnWidth, Math.max(1, bottom - top));
    }

    ctx.strokeStyle = colour("path-to");
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(0, y(deepest) + 0.5);
    ctx.lineTo(cssWidth, y(deepest) + 0.5);
    ctx.stroke();
    ctx.setLineDash([]);

    if (mark !== null) {
      ctx.strokeStyle = colour("backtrack");
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(0, y(mark) + 0.5);
      ctx.lineTo(cssWidth, y(mark) + 0.5);
      ctx.stroke();
      ctx.lineWidth = 1;
    }

    ctx.strokeStyle = colour("ink");
    ctx.beginPath();
    ctx.moveTo(x(position) + 0.5, 0);
    ctx.lineTo(x(position) + 0.5, cssHeight);
    ctx.stroke();
  }
}
