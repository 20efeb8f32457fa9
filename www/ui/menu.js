// A small menu behind a button (the compact board's Save), as the ARIA menu button pattern has
// it: the button opens it, its first item focused; the arrows, Home and End move among its items,
// Enter or Space chooses one (an item is a button: its click does it), which closes the menu;
// Escape closes it and gives focus back to the button; so does Tab, and a press anywhere else.
// Its look comes with it (a board that is never saved from fetches neither).

import { adopt } from "./component-style.js";

const sheet = new CSSStyleSheet();

sheet.replaceSync(String.raw`
/* Its items over the bar above the button. */
.save-menu {
  position: absolute;
  bottom: calc(100% + 6px);
  right: 0;
  z-index: 2;
  display: grid;
  gap: 2px;
  min-width: 10em;
  padding: 4px;
  background: var(--kt-surface);
  border: 1px solid var(--kt-line);
  border-radius: 10px;
  box-shadow: var(--kt-shadow);
}
.save-menu button { border: none; background: none; text-align: left; border-radius: 6px; white-space: nowrap; }
.save-menu button:hover:not(:disabled), .save-menu button:focus-visible { background: color-mix(in srgb, var(--kt-accent) 14%, transparent); outline: none; }
`);

export class Menu {
  /** `button` opens `menu` (with this module's sheet), whose items are its buttons. Listeners end with `signal`. */
  constructor(button, menu, signal) {
    this.button = button;
    this.menu = menu;
    adopt(menu.getRootNode(), sheet);
    const on = (target, type, listener) => target.addEventListener(type, listener, { signal });
    on(button, "click", () => (this.open ? this.close() : this.show()));
    on(button, "keydown", (event) => {
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      event.preventDefault();
      this.show(event.key === "ArrowUp" ? -1 : 0);
    });
    on(menu, "keydown", (event) => this.key(event));
    on(menu, "click", (event) => event.target.closest("[role=menuitem]") && this.close());
    on(menu, "focusout", (event) => {
      if (this.open && !menu.contains(event.relatedTarget) && event.relatedTarget !== button) this.close(false);
    });
    // A press outside the menu and its button closes it (the button's own click toggles it).
    on(document, "pointerdown", (event) => {
      const path = event.composedPath();
      if (this.open && !path.includes(menu) && !path.includes(button)) this.close(false);
    });
  }

  get open() {
    return !this.menu.hidden;
  }

  /** The items that can be chosen now. */
  items() {
    return [...this.menu.querySelectorAll("[role=menuitem]:not(:disabled)")];
  }

  /** Opens the menu, the item at `at` focused (-1: the last). */
  show(at = 0) {
    this.menu.hidden = false;
    this.button.setAttribute("aria-expanded", "true");
    this.items().at(at)?.focus();
  }

  /** Closes the menu; focus goes back to its button (`refocus`) unless it went somewhere else. */
  close(refocus = true) {
    if (!this.open) return;
    this.menu.hidden = true;
    this.button.setAttribute("aria-expanded", "false");
    if (refocus) this.button.focus();
  }

  key(event) {
    const items = this.items();
    const at = items.indexOf(this.menu.getRootNode().activeElement);
    const moves = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 };
    if (event.key in moves) {
      items.at(moves[event.key] % items.length)?.focus();
    } else if (event.key === "Escape") {
      this.close();
    } else if (event.key === "Tab") {
      this.close(false);
      return; // Tab goes on to the next control, as it would
    } else {
      return;
    }
    event.preventDefault();
  }
}
