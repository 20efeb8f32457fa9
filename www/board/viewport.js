// The part of the board in sight: a zoom and the world position at the canvas's top-left corner.
// At zoom 1 the whole board fits the canvas; closer, the wheel, a pinch, a drag and the keys
// (the keyboard's part: ui/keyboard.js) move the view, which also follows the cursor of choosing a
// start square. A drag is not a click: the click that ends one is swallowed, so it does not start
// a run.
//
// On a touch screen the page scrolls under a finger wherever there is nothing to pan: a board at
// zoom 1 lets a one-finger swipe scroll the page (the board is most of a phone's width, and a
// post goes on under it) and keeps two fingers for itself, to pinch; zoomed in, one finger
// drags the board and two pinch and pan it.

/** No closer than this many CSS pixels a square: enough for the move numbers to be read. */
const MAX_CELL = 96;
/** A press that moves less than this is a click, not a drag. */
const DRAG_SLOP = 4;

export class Viewport {
  /** `changed` is called whenever the view moves, to ask for a paint. */
  constructor(changed) {
    this.changed = changed;
    this.zoom = 1;
    this.x = 0;
    this.y = 0;
    this.fit(1, 1, 1);
  }

  /** A new world of `width` × `height` squares, `base` CSS pixels a square at zoom 1: the whole of it in sight. */
  fit(width, height, base) {
    Object.assign(this, { width, height, base, zoom: 1, x: 0, y: 0 });
    this.touch();
  }

  /**
   * What a touch on the canvas does, as CSS `touch-action`: the page's own where the board cannot
   * be zoomed; zoomable, the page scrolls under one finger until the board is zoomed in, and
   * then the board takes every touch.
   */
  touch() {
    if (!this.canvas) return;
    const action = !this.zoomable ? "" : this.zoom > 1 ? "none" : "pan-x pan-y";
    if (this.canvas.style.touchAction !== action) this.canvas.style.touchAction = action;
  }

  /** CSS pixels a square. */
  get cell() {
    return this.base * this.zoom;
  }

  get maxZoom() {
    return Math.max(1, MAX_CELL / this.base);
  }

  /** Whether there is anything closer to see: a board that already fills the canvas keeps the page's scrolling and pinching. */
  get zoomable() {
    return this.maxZoom > 1;
  }

  /** The world rectangle in sight: `[x, y, width, height]` in squares. */
  get visible() {
    return [this.x, this.y, this.width / this.zoom, this.height / this.zoom];
  }

  toWorld(px, py) {
    return [this.x + px / this.cell, this.y + py / this.cell];
  }

  toScreen(wx, wy) {
    return [(wx - this.x) * this.cell, (wy - this.y) * this.cell];
  }

  /** Zooms by `factor` keeping the world point under canvas position (px, py) where it is. */
  zoomAt(factor, px, py) {
    const [wx, wy] = this.toWorld(px, py);
    this.zoom = Math.min(this.maxZoom, Math.max(1, this.zoom * factor));
    this.x = wx - px / this.cell;
    this.y = wy - py / this.cell;
    this.settle();
  }

  /** Moves the view by (dx, dy) CSS pixels of the canvas. */
  panBy(dx, dy) {
    this.x -= dx / this.cell;
    this.y -= dy / this.cell;
    this.settle();
  }

  /** Puts world point (wx, wy) in the middle of the view. */
  centreOn(wx, wy) {
    const [, , w, h] = this.visible;
    this.x = wx - w / 2;
    this.y = wy - h / 2;
    this.settle();
  }

  /** Brings canvas position (px, py) into sight, half a square in from the edges, if it is not: the view follows a keyboard cursor. */
  reveal(px, py) {
    const [wx, wy] = this.toWorld(px, py);
    const [x, y, w, h] = this.visible;
    const within = (at, from, length) => at >= from + 0.5 && at <= from + length - 0.5;
    if (!within(wx, x, w) || !within(wy, y, h)) this.centreOn(wx, wy);
  }

  reset() {
    this.zoom = 1;
    this.x = this.y = 0;
    this.settle();
  }

  /** Keeps the view on the board, and asks for a paint. */
  settle() {
    const [, , w, h] = this.visible;
    this.x = Math.min(Math.max(0, this.x), this.width - w);
    this.y = Math.min(Math.max(0, this.y), this.height - h);
    this.touch();
    this.changed();
  }

  /**
   * Listens on `canvas` for the wheel and pointers. `overview(px, py)` returns the world
   * point under a canvas position if it is on the minimap (a click there moves the view), else null.
   */
  attach(canvas, overview) {
    this.canvas = canvas;
    this.touch();
    const local = (event) => {
      const box = canvas.getBoundingClientRect();
      return [event.clientX - box.left, event.clientY - box.top];
    };
    canvas.addEventListener("wheel", (event) => {
      if (!this.zoomable) return;
      event.preventDefault();
      // Lines or pixels, mouse wheel or trackpad pinch (which Chromium sends as a wheel with Ctrl).
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      this.zoomAt(Math.exp(-delta * (event.ctrlKey ? 0.01 : 0.002)), ...local(event));
    }, { passive: false });

    const pointers = new Map();
    let dragged = false;
    let pinch = 0;
    canvas.addEventListener("pointerdown", (event) => {
      if (!this.zoomable) return;
      pointers.set(event.pointerId, local(event));
      if (pointers.size === 1) dragged = false;
      pinch = 0;
    });
    canvas.addEventListener("pointermove", (event) => {
      const last = pointers.get(event.pointerId);
      if (!last) return;
      const here = local(event);
      if (pointers.size === 2) {
        // Two fingers zoom by how far apart they move and pan by how far their middle moves.
        const [a, b] = [...pointers.values()];
        const other = last === a ? b : a;
        const distance = Math.hypot(here[0] - other[0], here[1] - other[1]);
        const middle = [(here[0] + other[0]) / 2, (here[1] + other[1]) / 2];
        if (pinch) {
          this.panBy(middle[0] - (last[0] + other[0]) / 2, middle[1] - (last[1] + other[1]) / 2);
          this.zoomAt(distance / pinch, ...middle);
        }
        pinch = distance;
        dragged = true;
      } else if (dragged || Math.hypot(here[0] - last[0], here[1] - last[1]) >= DRAG_SLOP) {
        if (!dragged) canvas.setPointerCapture(event.pointerId);
        dragged = true;
        this.panBy(here[0] - last[0], here[1] - last[1]);
      } else {
        return; // not a drag yet: measure from where the press began
      }
      pointers.set(event.pointerId, here);
    });
    const release = (event) => pointers.delete(event.pointerId);
    canvas.addEventListener("pointerup", release);
    canvas.addEventListener("pointercancel", release);
    // Capturing, on the canvas itself: runs before the page's click handler and can stop it.
    canvas.addEventListener("click", (event) => {
      const world = overview(...local(event));
      if (!dragged && !world) return;
      if (world) this.centreOn(...world);
      dragged = false;
      event.stopImmediatePropagation();
    }, { capture: true });
  }
}
