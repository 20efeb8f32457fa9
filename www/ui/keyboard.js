// Which keys a focused control keeps for itself. The board's shortcuts work whatever has focus,
// except where they would take a key from the control that uses it: Space and Enter press a
// focused button, follow a link, Space ticks a checkbox, the arrows and Home move a slider, and a
// text field, a number field or a select keeps every key (a "?" typed there is a question mark).

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
