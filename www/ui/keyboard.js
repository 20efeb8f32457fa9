// Which board a key is for, and what it does there (the keymap, keymap.js). One keyboard model,
// the same for every board: the app page takes its keys anywhere, an embedded board only with
// focus inside it; a race's boards take their own; the open help takes them all. The shortcuts
// work whatever has focus, except where they would take a key from the control that uses it:
// Space and Enter press a focused button, follow a link, Space ticks a checkbox, the arrows and
// Home move a slider, and a text field, a number field or a select keeps every key (a "?" typed
// there is a question mark). On the focused board, the zoom and pan keys are the view's, and
// while a start square is chosen by keyboard the arrows, Enter, Space and Escape are the
// choosing's (choosing.js); the others keep theirs.
//
// A part of its own, with the keymap and choosing: the full layout has it from the start (its
// keys work anywhere on the page); a compact board fetches it when a key is first pressed in it,
// or focus first comes into it by keyboard, and hands it the keys pressed before it arrived
// (parts.js, `keysOnFirstUse`).

import { keyboard } from "../parts.js";
import { Chooser } from "./choosing.js";
import { binding } from "./keymap.js";

/** How far a key zooms, in or out. */
const KEY_ZOOM = 1.5;

export class KeyRouter {
  /**
   * Routes the keys of `host`, the element, pressed on `target` (the document for the app page),
   * until `signal` aborts; with no `target`, the keys it is handed (`key`). `host` has whether it
   * is `live`, its `help` dialog if it has one, its `board` (whose choosing this makes), its
   * `mode` (whose `name` picks the keys, and which `takes` an action or not) and `act`, the
   * actions a key runs.
   */
  constructor(host, target, signal) {
    this.host = host;
    host.board.chooser = new Chooser(host.board);
    target?.addEventListener("keydown", (event) => this.key(event), { signal });
  }

  /** What `event` does, if anything; `path`: its composed path, where it is no longer dispatched. */
  key(event, path = event.composedPath()) {
    const { host } = this;
    if (!host.live || event.defaultPrevented) return;
    if (path.some((node) => node !== host && node.localName === host.localName) || host.help?.open) return;
    const target = path[0];
    const { board, mode } = host;
    const onBoard = target === board.canvas;
    const modified = event.ctrlKey || event.metaKey || event.altKey;
    // The view's keys first: they zoom and pan while a start square is chosen, the cursor kept.
    const view = onBoard ? binding(event, { view: true })?.action : null;
    if (view) {
      event.preventDefault();
      zoomByKey(board.painter.view, view, event.key);
      return;
    }
    // Choosing takes the arrows, Enter, Space and Escape; the other keys (Home) keep their meaning.
    if (!modified && onBoard && board.choosing && board.chooser.key(event)) {
      event.preventDefault();
      return;
    }
    if (keepsKey(target, event.key)) return;
    const action = binding(event, { mode: mode.name, onBoard })?.action;
    if (!action || !this.ready(action)) return;
    event.preventDefault();
    host.act[action]();
  }

  /** Whether `action` does anything now: help needs the dialog, the mode's keys what it says. */
  ready(action) {
    const { host } = this;
    if (action === "help") return Boolean(host.help);
    if (action === "hideHeat") return Boolean(host.counts?.heat);
    return action === "choose" || host.mode.takes(action);
  }
}

/** A view key's `action` (keymap.js: `zoomIn`, `zoomOut`, `zoomReset`, `pan`) done to `view` (viewport.js), `key` the key pressed. */
function zoomByKey(view, action, key) {
  const [, , w, h] = view.visible;
  if (action === "pan") {
    const pans = { ArrowLeft: [-w / 4, 0], ArrowRight: [w / 4, 0], ArrowUp: [0, -h / 4], ArrowDown: [0, h / 4] };
    const [dx, dy] = pans[key];
    view.panBy(-dx * view.cell, -dy * view.cell);
  } else if (action === "zoomReset") {
    view.reset();
  } else {
    view.zoomAt(action === "zoomIn" ? KEY_ZOOM : 1 / KEY_ZOOM, (view.width / 2) * view.base, (view.height / 2) * view.base);
  }
}

/** What pressing a button or following a link takes. */
const PRESS = new Set([" ", "Enter"]);
/** What moves a range slider. */
const SLIDE = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);
/** The <input> types that are pressed like a button rather than typed into. */
const BUTTON_INPUTS = new Set(["button", "submit", "reset", "image", "file", "color"]);

/** Whether `target`, the element with focus, uses `key` itself, so that it is no shortcut there. */
export function keepsKey(target, key) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  switch (target.localName) {
    case "textarea":
    case "select":
      return true;
    case "button":
    case "summary":
      return PRESS.has(key);
    case "a":
      return target.hasAttribute("href") && PRESS.has(key); // Space on a link scrolls the page
    case "input":
      return inputKeeps(target.type, key);
    default:
      return false;
  }
}

function inputKeeps(type, key) {
  if (type === "range") return SLIDE.has(key);
  if (type === "checkbox") return key === " ";
  if (type === "radio") return key === " " || key.startsWith("Arrow");
  if (BUTTON_INPUTS.has(type)) return PRESS.has(key);
  return true; // text, number, search, date…: typed into
}

keyboard.KeyRouter = KeyRouter;
