// Writes to the DOM only what changed since the last write, so that a view can be rendered every
// frame without touching the page, and live regions speak only when their words change.

/** Sets what changed, and only that: a text, an HTML string, an attribute. */
export class Shown {
  constructor() {
    this.values = new WeakMap();
  }

  changed(element, key, value) {
    const slot = this.values.get(element) ?? new Map();
    this.values.set(element, slot);
    if (slot.get(key) === value) return false;
    slot.set(key, value);
    return true;
  }

  html(element, html) {
    if (this.changed(element, "html", html)) element.innerHTML = html;
  }

  text(element, text) {
    if (this.changed(element, "text", text)) element.textContent = text;
  }

  attribute(element, name, value) {
    if (!this.changed(element, name, value)) return;
    if (value === null) element.removeAttribute(name);
    else element.setAttribute(name, value);
  }

  hidden(element, hidden) {
    if (this.changed(element, "hidden", hidden)) element.hidden = hidden;
  }
}

