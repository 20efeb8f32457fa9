// The keyboard, written once: every key a board answers, what it does in which mode, and its
// words. The element's key routing (keyboard.js), the board's zoom and pan (viewport.js), the
// keyboard help (markup.js) and the buttons' tooltips all read this table.

/**
 * The help's sections, in its order: `{title, intro, rows, note}` (the words before and after the
 * list as HTML, where there are any), each row a line of the help, `{keys, help}`:
 * `help` what it does, as HTML, and `keys` the bindings the line lists, each
 * `{label, key, also, ctrl, mode, where, action}`:
 * - `key` (and `also`): the `KeyboardEvent.key` values it answers, lower case for a letter;
 * - `ctrl`: pressed with Ctrl (⌘ on a Mac), not with Shift;
 * - `label`: how the help and the tooltips write it ("Ctrl+Z": a key a "+");
 * - `mode`: `run` (watching a search) or `play` (playing it yourself); either where absent;
 * - `where`: `board` (the board has focus), else wherever focus is, except in a control that
 *   uses the key itself (keyboard.js);
 * - `action`: the element's action it runs (its `actions()`), or the board view's (`zoomIn`,
 *   `zoomOut`, `zoomReset`, `pan`: viewport.js).
 */
export const SECTIONS = [
  {
    title: null,
    intro: "They work wherever focus is, except in a control that uses the key itself.",
    rows: [
      { keys: [{ label: "Space", key: " ", mode: "run", action: "togglePlay" }], help: "Play / Pause. On a button or a checkbox, Space presses it as usual." },
      { keys: [{ label: "→", key: "ArrowRight", mode: "run", action: "step" }], help: "Step one event (a running search pauses first)" },
      { keys: [{ label: "←", key: "ArrowLeft", mode: "run", action: "back" }], help: "Step back one event" },
      { keys: [{ label: "Home", key: "Home", mode: "run", action: "reset" }], help: "Reset to the start" },
      { keys: [{ label: "?", key: "?", action: "help" }], help: "Show or hide this help; <kbd>Esc</kbd> closes it" },
      { keys: [{ label: "Esc", key: "Escape", action: "hideHeat" }], help: "Hide the map of the tours from each square (a click on a square of it says its count, a second starts there)" },
    ],
    note: "The sliders keep their arrows and <kbd>Home</kbd>, the number fields and selects every key: <kbd>Tab</kbd> away to step again.",
  },
  {
    title: "On the board (<kbd>Tab</kbd> to it)",
    rows: [
      {
        keys: [{ label: "Enter", key: "Enter", mode: "run", where: "board", action: "choose" }],
        help: "Choose a start square: the arrows move the outline, <kbd>Enter</kbd> or <kbd>Space</kbd> starts the knight there, <kbd>Esc</kbd> leaves without a change",
      },
      {
        keys: [
          { label: "+", key: "+", also: ["="], where: "board", action: "zoomIn" },
          { label: "−", key: "-", where: "board", action: "zoomOut" },
          { label: "0", key: "0", where: "board", action: "zoomReset" },
        ],
        help: "Zoom in, out, back to the whole board (or the wheel, a pinch)",
      },
      {
        keys: [{ label: "Ctrl+arrows", key: "ArrowLeft", also: ["ArrowRight", "ArrowUp", "ArrowDown"], ctrl: true, where: "board", action: "pan" }],
        help: "Pan when zoomed (or drag; a click on the overview goes there)",
      },
    ],
  },
  {
    title: "Playing it yourself",
    rows: [
      {
        keys: [{ label: "Enter", key: "Enter", mode: "play", where: "board", action: "choose" }],
        help: "On the board: move the knight by keyboard. The arrows move the outline, <kbd>Enter</kbd> moves the knight there and the outline stays, <kbd>Esc</kbd> stops",
      },
      {
        keys: [{ label: "Ctrl+Z", key: "z", ctrl: true, mode: "play", action: "undo" }, { label: "←", key: "ArrowLeft", mode: "play", action: "undo" }],
        help: "Undo (<kbd>⌘</kbd> + <kbd>Z</kbd> on a Mac)",
      },
      { keys: [{ label: "→", key: "ArrowRight", mode: "play", action: "hint" }], help: "Hint: the next move of a tour the core found" },
      { keys: [{ label: "Space", key: " ", mode: "play", action: "showMe" }], help: "Show me the rest of a tour, or stop" },
      { keys: [{ label: "Home", key: "Home", mode: "play", action: "restartGame" }], help: "Restart from the first square" },
    ],
  },
  {
    title: "Kept for your next visit",
    rows: [],
    note: "The panel's <strong>Theme</strong>: Auto follows your system's light or dark setting; Light or Dark stays as you chose it on this device. A link with <code>theme=</code> in it wins over the choice kept.",
  },
];

/** Every binding of the table. */
const BINDINGS = SECTIONS.flatMap((section) => section.rows.flatMap((row) => row.keys));

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

/** A key's label as the help shows it: each key of "Ctrl+Z" in its own `<kbd>`. */
const kbd = (label) => label.split(/(?<=.)\+(?=.)/).map((key) => `<kbd>${key}</kbd>`).join(" + ");

/** The help's sections as HTML: a heading (but the first), and a list of its keys and what they do. */
export function helpSections() {
  const paragraph = (html) => (html ? `<p>${html}</p>` : "");
  return SECTIONS.map(({ title, intro, rows, note }) => {
    const list = rows.map(({ keys, help }) => {
      // Keys that do the same are alternatives ("or"); keys side by side do each their own.
      const same = keys.every((b) => b.action === keys[0].action);
      return `<div><dt>${keys.map((b) => kbd(b.label)).join(same ? " or " : " ")}</dt><dd>${help}</dd></div>`;
    }).join("");
    return `${title ? `<h3>${title}</h3>` : ""}${paragraph(intro)}${list ? `<dl>${list}</dl>` : ""}${paragraph(note)}`;
  }).join("");
}
