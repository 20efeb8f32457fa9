// The tree of tried moves in words, beside its drawing: for screen readers and tests alike, a
// `role="tree"` list of every move tried below the top row that the core keeps (the drawing may
// leave out what is too thin to see; this does not), each an item with the moves tried from it
// as its group. It is for reading: it takes none of the board's keys.
//
// The core keeps the nodes in the order they were placed, so the moves tried before an event are
// always the first ones: a step forward adds an item, a step back takes the newest away, and only
// the items whose state changed are touched.

import { counted, grouped } from "../ui/text.js";

export class TreeOutline {
  /** `tree` is the `.tree-outline` element, `note` the line that says what it leaves out. */
  constructor(tree, note) {
    this.tree = tree;
    this.note = note;
    this.reset();
  }

  /** A new run: nothing listed. */
  reset() {
    this.tree.replaceChildren();
    this.tree.hidden = true;
    this.note.hidden = true;
    this.items = []; // per node shown, its item
    this.states = []; // per node shown, its data-state
    this.shape = ""; // what the items hang from: a change lists them again
  }

  /**
   * Lists the tree as it stood at event `position`: `nodes`, the core's columns (with its
   * `trunk` and `leftOut` at that event), and `name(square)` for the squares' names.
   */
  show(nodes, position, name) {
    const { parent, square, depth, placed, removed, trunk, levels, since } = nodes;
    const top = trunk.length ? trunk[trunk.length - 1] : -1; // the moves tried from it are the top row
    const shape = `${levels}|${since}|${top}|${trunk.length}`;
    if (shape !== this.shape) {
      this.tree.replaceChildren();
      this.items = [];
      this.states = [];
      this.shape = shape;
    }
    while (this.items.length > 0 && placed[this.items.length - 1] >= position) this.drop(this.items.pop());
    this.states.length = this.items.length;
    const above = new Set(trunk);
    for (let node = this.items.length; node < placed.length && placed[node] < position; node++) {
      // The trunk and the start above the top row have no item: the note above says them.
      if (above.has(node) || (parent[node] < 0 && top >= 0)) {
        this.items.push(null);
        continue;
      }
      const item = document.createElement("li");
      item.setAttribute("role", "treeitem");
      item.dataset.square = name(square[node]);
      item.dataset.move = String(depth[node] + 1);
      // As a move list writes it: the number drawn on the square, then its name; its state said
      // for a screen reader too (the colour says it on screen). The item is named by this alone,
      // not by the moves tried under it.
      const label = document.createElement("span");
      label.className = "move";
      label.id = `tree-move-${node}`;
      label.innerHTML = `<span class="number">${item.dataset.move}</span> ${item.dataset.square}<span class="said"></span>`;
      item.setAttribute("aria-labelledby", label.id);
      item.append(label);
      const up = parent[node];
      const home = up === top || up < 0 ? this.tree : this.group(up);
      home.append(item);
      this.items.push(item);
    }
    for (let node = 0; node < this.items.length; node++) {
      const item = this.items[node];
      if (!item) continue;
      const state = removed[node] < 0 || removed[node] > position ? "path" : "back";
      if (this.states[node] === state) continue;
      this.states[node] = state;
      item.dataset.state = state;
      item.querySelector(".said").textContent = state === "path" ? ", on the path" : ", taken back";
    }
    this.tree.hidden = this.tree.childElementCount === 0;
    const { leftOut } = nodes;
    this.note.hidden = !(leftOut > 0);
    if (leftOut > 0) {
      this.note.textContent = `The list stops at move ${grouped(levels)}: ${counted(leftOut, "move", grouped)} tried deeper ` +
        "are left out, too many to keep.";
    }
  }

  /** Takes `item` (a move not tried yet at the event shown) away, and its group if it was the last. */
  drop(item) {
    if (!item) return;
    const group = item.parentElement;
    item.remove();
    if (group !== this.tree && group.childElementCount === 0) {
      group.parentElement.removeAttribute("aria-expanded");
      group.remove();
    }
  }

  /** The group of the moves tried from `node`'s item, made when its first move is listed. */
  group(node) {
    const item = this.items[node];
    let group = item.lastElementChild;
    if (group?.getAttribute("role") !== "group") {
      group = document.createElement("ul");
      group.setAttribute("role", "group");
      item.append(group);
    }
    item.setAttribute("aria-expanded", "true");
    return group;
  }
}
