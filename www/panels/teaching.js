// The teaching view's content: the algorithm as pseudocode with a role for each line, which lines
// the search passed and stands at, and the shape of the search as a chart of depth against events.

import { freshCanvas, themeColours } from "../ui/colour.js";
import { catalogue, heuristic as heuristicInfo } from "../core.js";
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
export function pseudocode({ heuristic, backtracking, closed, prune, restarts }) {
  const info = heuristicInfo(heuristic);
  if (!info.searches) return divideCode(closed);
  const lines = [
    ["theorem", "if a theorem or a count rules out a tour from the start: <b>stop</b>, and say why"],
    ["place", "place the knight on <i>square</i>, as move <i>n</i>"],
    ["done", closed
      ? "if every square is visited and the last is a knight's move from the first: <b>closed tour</b>"
      : "if every square is visited: <b>tour found</b>"],
  ];
  if (prune) lines.push(["prune", "if no single path can cover the free squares any more (one is cut off, too many have one way left, or they fell apart): skip the moves below"]);
  lines.push(["order", `order the moves from <i>square</i> by <b>${info.label}</b>: ${info.summary}`]);
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
    if (restarts > 0) lines.push(["restart", "if there is no free square to go to and a restart is left: <b>start over</b> from the start, with fresh random ties"]);
    lines.push(["dead-end", "if there is no free square to go to: <b>dead end</b>"]);
  }
  return lines;
}

/**
 * The lines a search passed in the step that brought it here, and the one it stands at:
 * `{passed, current}` (roles of `pseudocode`'s lines). `last` is the core's last event as
 * `{kind, square, move}` (null before the first), `status` the run's (`searching` while it
 * goes), `outlook` what the pruning rules said of the knight's square (null when not asked).
 */
export function trace(last, status, outlook, { backtracking, prune }) {
  switch (status) {
    case "tour":
    case "closed-tour":
      return { passed: ["place", "done"], current: "done" };
    case "no-tour":
      return { passed: ["try", "back", "exhausted"], current: "exhausted" };
    case "dead-end":
      return { passed: ["order", "recurse", "dead-end"], current: "dead-end" };
    case "impossible":
      return { passed: ["theorem"], current: "theorem" };
    default:
  }
  if (last?.kind === "removed") return { passed: ["try", "back"], current: "back" };
  if (last?.kind === "restarted") return { passed: ["restart"], current: "restart" };
  if (last?.kind !== "placed") return { passed: [], current: null };
  // After a placement the search checks the new square, prunes, and orders its moves.
  const from = last.move === 0 ? [] : backtracking ? ["try", "recurse"] : ["recurse"];
  const checks = ["place", "done", ...(prune ? ["prune"] : [])];
  if (prune && outlook?.verdict === "cut") return { passed: [...from, ...checks], current: "prune" };
  return { passed: [...from, ...checks, "order"], current: "order" };
}

/**
 * Depth against events, kept as at most `buckets` columns, each the shallowest and deepest the
 * path was within its span of events: the sawtooth of backtracking, however long the run.
 */
export class DepthChart {
  constructor(canvas, themed, buckets = 480) {
    this.canvas = canvas;
    this.themed = themed;
    this.buckets = buckets;
    this.reset(1);
  }

  reset(squares) {
    this.squares = squares;
    this.width = 1; // events per column
    this.low = new Float64Array(this.buckets).fill(Infinity);
    this.high = new Float64Array(this.buckets).fill(-Infinity);
    this.deepest = 0;
  }

  /** Notes that between `from` and `to` events the path was between `low` and `high` deep. */
  add(from, to, low, high) {
    while (to >= this.width * this.buckets) this.widen();
    for (let column = Math.floor(from / this.width); column <= Math.floor(to / this.width); column++) {
      this.low[column] = Math.min(this.low[column], low);
      this.high[column] = Math.max(this.high[column], high);
    }
    this.deepest = Math.max(this.deepest, high);
  }

  widen() {
    const half = this.buckets / 2;
    for (let i = 0; i < half; i++) {
      this.low[i] = Math.min(this.low[2 * i], this.low[2 * i + 1]);
      this.high[i] = Math.max(this.high[2 * i], this.high[2 * i + 1]);
    }
    this.low.fill(Infinity, half);
    this.high.fill(-Infinity, half);
    this.width *= 2;
  }

  /** `mark`: a depth to draw as a red line (how far back a stuck search has gone), or null. */
  paint(position, horizon, mark = null) {
    const fresh = freshCanvas(this.canvas);
    if (!fresh) return;
    const { ctx, width: cssWidth, height: cssHeight } = fresh;
    const colour = themeColours(this.themed);
    const span = Math.max(1, horizon, this.width * 8);
    const x = (events) => (events / span) * cssWidth;
    const y = (depth) => cssHeight - 2 - (depth / this.squares) * (cssHeight - 4);

    ctx.strokeStyle = colour("line");
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(0, y(this.squares) + 0.5);
    ctx.lineTo(cssWidth, y(this.squares) + 0.5);
    ctx.stroke();

    ctx.fillStyle = colour("path-from");
    const columnWidth = Math.max(1, x(this.width));
    for (let column = 0; column < this.buckets; column++) {
      if (this.high[column] < 0) continue;
      const top = y(this.high[column]);
      const bottom = y(this.low[column]);
      ctx.fillRect(x(column * this.width), top, columnWidth, Math.max(1, bottom - top));
    }

    ctx.strokeStyle = colour("path-to");
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(0, y(this.deepest) + 0.5);
    ctx.lineTo(cssWidth, y(this.deepest) + 0.5);
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
