// The keyboard, written once: every key a board answers, what it does in which mode, and how it
// is written. The element's key routing (keyboard.js, which zooms and pans the board's view too)
// and the buttons' tooltips read this table; the full layout's keyboard help (key-help.js) lists
// it, line by line, with what each line does.

/**
 * The keys, by line of the keyboard help (in its order), each line the bindings it lists, each
 * `{label, key, also, ctrl, mode, where, action}`:
 * - `key` (and `also`): the `KeyboardEvent.key` values it answers, lower case for a letter;
 * - `ctrl`: pressed with Ctrl (⌘ on a Mac), not with Shift;
 * - `label`: how the help and the tooltips write it ("Ctrl+Z": a key a "+");
 * - `mode`: `run` (watching a search) or `play` (playing it yourself); either where absent;
 * - `where`: `board` (the board has focus), else wherever focus is, except in a control that
 *   uses the key itself (keyboard.js);
 * - `action`: the element's action it runs (its `actions()`), or what it does to the board's view
 *   (`zoomIn`, `zoomOut`, `zoomReset`, `pan`: keyboard.js, `zoomByKey`).
 */
export const KEYS = {
  playPause: [{ label: "Space", key: " ", mode: "run", action: "togglePlay" }],
  step: [{ label: "→", key: "ArrowRight", mode: "run", action: "step" }],
  back: [{ label: "←", key: "ArrowLeft", mode: "run", action: "back" }],
  reset: [{ label: "Home", key: "Home", mode: "run", action: "reset" }],
  help: [{ label: "?", key: "?", action: "help" }],
  hideHeat: [{ label: "Esc", key: "Escape", action: "hideHeat" }],
  choose: [{ label: "Enter", key: "Enter", mode: "run", where: "board", action: "choose" }],
  zoom: [
    { label: "+", key: "+", also: ["="], where: "board", action: "zoomIn" },
    { label: "−", key: "-", where: "board", action: "zoomOut" },
    { label: "0", key: "0", where: "board", action: "zoomReset" },
  ],
  pan: [{ label: "Ctrl+arrows", key: "ArrowLeft", also: ["ArrowRight", "ArrowUp", "ArrowDown"], ctrl: true, where: "board", action: "pan" }],
  move: [{ label: "Enter", key: "Enter", mode: "play", where: "board", action: "choose" }],
  undo: [{ label: "Ctrl+Z", key: "z", ctrl: true, mode: "play", action: "undo" }, { label: "←", key: "ArrowLeft", mode: "play", action: "undo" }],
  hint: [{ label: "→", key: "ArrowRight", mode: "play", action: "hint" }],
  showMe: [{ label: "Space", key: " ", mode: "play", action: "showMe" }],
  restartGame: [{ label: "Home", key: "Home", mode: "play", action: "restartGame" }],
};

/** Every binding of the table. */
const BINDINGS = Object.values(KEYS).flat();

/** The board view's own actions: the rest are the element's. */
const VIEW_ACTIONS = new Set(["zoomIn", "zoomOut", "zoomReset", "pan"]);

/** Whether `binding` is what `event` pressed (the mode and the focus aside). */
function pressed(binding, event) {
  const ctrl = event.ctrlKey || event.metaKey;
  if (event.altKey || ctrl !== Boolean(binding.ctrl)) return false;
  // Shift makes "?" and "+", but Ctrl+Shift+Z is another command (redo) than Ctrl+Z.
  const letter = event.key.length === 1;
  if (ctrl && letter && event.shiftKey) return false;
  const key = letter ? event.key.toLowerCase() : event.key;
  return binding.key === key || Boolean(binding.also?.includes(key));
}

/**
 * The binding `event` pressed, or null: one of the element's actions in `mode` (`run` or
 * `play`), with the board focused where `onBoard`; or (`view`) one of the board view's.
 */
export function binding(event, { mode = null, onBoard = false, view = false } = {}) {
  return BINDINGS.find((b) => VIEW_ACTIONS.has(b.action) === view && (!b.mode || b.mode === mode) &&
    (b.where !== "board" || onBoard || view) && pressed(b, event)) ?? null;
}

/**
 * How a tooltip names the keys of `action` in `mode`: "→", "Ctrl+Z or ←", in parentheses after
 * `words`: "Step (→)".
 */
export function titled(words, action, mode) {
  const labels = BINDINGS.filter((b) => b.action === action && (!b.mode || b.mode === mode)).map((b) => b.label);
  return labels.length ? `${words} (${labels.join(" or ")})` : words;
}
