// The tree of tried moves, as an icicle: the start on top, each move a row lower, each node as
// wide as the share of the search spent under it so far. The current path is in the accent
// colour, branches taken back are grey, and the tour's path, once found, is in the path's colour.
// It is drawn from the core's `Tour.tree()` as the tree stood at the run's current event, so
// stepping back or jumping on the timeline shows the tree as it was then; the core says where its
// trunk ends (the moves never taken back above the top row), and the drawing starts below it.

import { freshCanvas, themeColours } from "../ui/chart.js";
import { formatCount } from "../ui/text.js";

/** A tree before any is read: no nodes. */
const EMPTY = { levels: 0, since: 0, leftOut: 0, trunk: [], parent: [], square: [], depth: [], placed: [], removed: [] };
/** While the search runs, the nodes are read from the core at most this often. */
const REFRESH_MS = 100;
/** Narrower than this, a subtree is not drawn (its share still moves its siblings along). */
const THINNEST_PX = 0.35;
/** Labels need this much room. */
const LABEL_PX = 30;
/** Labels are as large as the page's smallest text (times its scale, for large text)… */
const LABEL_SIZE = 14;
/** …and rows tall enough for them: the levels below are left out rather than squeezed. */
const MIN_ROW_PX = LABEL_SIZE + 3;

export class SearchTreeView {
  /** `canvas` to draw on, `themed` the element whose CSS variables hold the palette. */
  constructor(canvas, themed) {
    this.canvas = canvas;
    this.themed = themed;
    this.reset();
  }

  /** A new run: nothing read yet. */
  reset() {
    this.nodes = EMPTY; // the core's columns: parent, square, depth, placed, removed, a node each
    this.children = [];
    this.levels = 0;
    this.since = 0;
    this.readAt = -Infinity;
    this.readPosition = -1;
    this.summary = "";
    this.trunkWords = "";
  }

  /** Reads the nodes again if the run moved on since, and not too often while it runs. */
  refresh(run, now, running) {
    if (run.position === this.readPosition || (running && now - this.readAt < REFRESH_MS)) return;
    const tree = run.tree(); // copies out of the core's memory already
    if (!tree) return;
    ({ levels: this.levels, since: this.since } = tree);
    this.nodes = { ...tree, trunk: Array.from(tree.trunk) }; // a list of nodes, mapped to names below
    this.readAt = now;
    this.readPosition = run.position;
    const count = tree.parent.length;
    this.children = Array.from({ length: count + 1 }, () => []);
    for (let node = 0; node < count; node++) {
      const parent = tree.parent[node];
      this.children[parent < 0 ? count : parent].push(node);
    }
  }

  /**
   * Draws the tree as it was last read from `run` (at most a moment ago while it runs); `tour`
   * says whether the path on the board is a tour. `name(square)` names squares. Returns false
   * when there is no tree.
   */
  paint(run, { now, running, tour, name }) {
    this.refresh(run, now, running);
    const position = this.readPosition;
    const fresh = this.levels ? freshCanvas(this.canvas) : null;
    if (!fresh) return false;
    const { ctx, width, height } = fresh;
    const colour = themeColours(this.themed);
    const palette = {
      open: colour(tour ? "path-from" : "accent"), closed: colour("line"), ink: colour("ink"),
      onOpen: colour("accent-ink"), muted: colour("muted"),
    };
    const { trunk } = this.nodes;
    const scale = Number(colour("scale")) || 1;
    // As many levels below the trunk as rows tall enough to read fit; deeper ones are not drawn.
    const rows = Math.max(1, Math.min(this.levels - trunk.length, Math.floor(height / (MIN_ROW_PX * scale))));
    const row = Math.min(24 * scale, height / rows);
    const deepest = trunk.length + rows - 1;
    const labels = row >= MIN_ROW_PX * scale; // a canvas too short for one row of labels has none
    ctx.font = `${LABEL_SIZE * scale}px system-ui, sans-serif`;
    ctx.textBaseline = "middle";
    ctx.textAlign = "center";
    const { children } = this;
    const { square, depth: depths, placed, removed } = this.nodes;
    const size = (node) => (removed[node] < 0 || removed[node] > position ? position : removed[node]) - placed[node];
    const open = (node) => removed[node] < 0 || removed[node] > position;
    let drawn = 0;
    let onPath = [];
    const draw = (node, x, w) => {
      const depth = depths[node];
      const y = (depth - trunk.length) * row;
      const isOpen = open(node);
      ctx.fillStyle = isOpen ? palette.open : palette.closed;
      ctx.fillRect(x, y, Math.max(w - (w > 3 ? 1 : 0), THINNEST_PX), row - 1);
      drawn += 1;
      if (isOpen) onPath[depth] = node;
      if (labels && w >= LABEL_PX * scale) {
        const label = name(square[node]);
        if (ctx.measureText(label).width <= w - 6) {
          ctx.fillStyle = isOpen ? palette.onOpen : palette.ink;
          ctx.fillText(label, x + w / 2, y + row / 2);
        }
      }
      if (depth >= deepest) return;
      const total = size(node);
      let left = x;
      for (const child of children[node]) {
        if (placed[child] >= position) break; // not placed yet at this event
        const share = total > 0 ? (w * size(child)) / total : 0;
        if (share >= THINNEST_PX) draw(child, left, share);
        left += share;
      }
    };
    // The trunk is not drawn: the tree starts where the search first had a second try, the moves
    // tried from there side by side, each as wide as its share of the search under the trunk.
    const top = trunk.length ? children[trunk[trunk.length - 1]] : children[children.length - 1] ?? [];
    for (const node of trunk) onPath[depths[node]] = node;
    const shown = top.filter((node) => placed[node] < position);
    const whole = shown.reduce((sum, node) => sum + size(node), 0);
    let left = 0;
    for (const node of shown) {
      const share = whole > 0 ? (width * size(node)) / whole : width / shown.length;
      draw(node, left, share);
      left += share;
    }
    onPath = onPath.filter((node) => node !== undefined);
    const names = (list) => list.map((node) => name(square[node])).join(" ");
    const ends = trunk.length > 6 ? `${names(trunk.slice(0, 3))} … ${names(trunk.slice(-2))}` : names(trunk);
    this.trunkWords = trunk.length
      ? `Above the top row: ${trunk.length} move${trunk.length === 1 ? "" : "s"} never taken back (${ends}).`
      : "";
    const tried = this.triedBefore(position);
    const { leftOut } = this.nodes;
    this.summary = `Tree of tried moves, ${this.levels} moves deep: ${formatCount(tried)} moves tried` +
      (leftOut > 0 ? ` and ${formatCount(leftOut)} deeper ones left out` : "") +
      (onPath.length ? `; the path so far ${names(onPath)}` : "") +
      (this.since > 0 ? `; kept since event ${formatCount(this.since)}` : "");
    return drawn > 0;
  }

  /** How many of the tree's moves were made before event `position`. */
  triedBefore(position) {
    return this.nodes.placed.filter((at) => at < position).length;
  }
}
