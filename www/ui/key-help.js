// The keyboard help's words (the full layout's, a part of its own): what each line of the keymap
// (keymap.js, whose lines it lists in their order) does, under the headings of its sections.

import { KEYS } from "./keymap.js";

/**
 * The help's sections, in its order: `{title, intro, rows, note}` (the words before and after the
 * list as HTML, where there are any), each row a line of the keymap, `[line, help]`: its name in
 * `KEYS` and what it does, as HTML.
 */
const SECTIONS = [
  {
    title: null,
    intro: "They work wherever focus is, except in a control that uses the key itself.",
    rows: [
      ["playPause", "Play / Pause. On a button or a checkbox, Space presses it as usual."],
      ["step", "Step one event (a running search pauses first)"],
      ["back", "Step back one event"],
      ["reset", "Reset to the start"],
      ["help", "Show or hide this help; <kbd>Esc</kbd> closes it"],
      ["hideHeat", "Hide the map of the tours from each square (a click on a square of it says its count, a second starts there)"],
    ],
    note: "The sliders keep their arrows and <kbd>Home</kbd>, the number fields and selects every key: <kbd>Tab</kbd> away to step again.",
  },
  {
    title: "On the board (<kbd>Tab</kbd> to it)",
    rows: [
      ["choose", "Choose a start square: the arrows move the outline, <kbd>Enter</kbd> or <kbd>Space</kbd> starts the knight there, <kbd>Esc</kbd> leaves without a change"],
      ["zoom", "Zoom in, out, back to the whole board (or the wheel, a pinch)"],
      ["pan", "Pan when zoomed (or drag; a click on the overview goes there)"],
    ],
  },
  {
    title: "Playing it yourself",
    rows: [
      ["move", "On the board: move the knight by keyboard. The arrows move the outline, <kbd>Enter</kbd> moves the knight there and the outline stays, <kbd>Esc</kbd> stops"],
      ["undo", "Undo (<kbd>⌘</kbd> + <kbd>Z</kbd> on a Mac)"],
      ["hint", "Hint: the next move of a tour the core found"],
      ["showMe", "Show me the rest of a tour, or stop"],
      ["restartGame", "Restart from the first square"],
    ],
  },
  {
    title: "Kept for your next visit",
    rows: [],
    note: "The panel's <strong>Theme</strong>: Auto follows your system's light or dark setting; Light or Dark stays as you chose it on this device. A link with <code>theme=</code> in it wins over the choice kept.",
  },
];

/** A key's label as the help shows it: each key of "Ctrl+Z" in its own `<kbd>`. */
const kbd = (label) => label.split(/(?<=.)\+(?=.)/).map((key) => `<kbd>${key}</kbd>`).join(" + ");

/** The help's sections as HTML: a heading (but the first), and a list of its keys and what they do. */
export function helpSections() {
  const paragraph = (html) => (html ? `<p>${html}</p>` : "");
  return SECTIONS.map(({ title, intro, rows, note }) => {
    const list = rows.map(([line, help]) => {
      const keys = KEYS[line];
      // Keys that do the same are alternatives ("or"); keys side by side do each their own.
      const same = keys.every((b) => b.action === keys[0].action);
      return `<div><dt>${keys.map((b) => kbd(b.label)).join(same ? " or " : " ")}</dt><dd>${help}</dd></div>`;
    }).join("");
    return `${title ? `<h3>${title}</h3>` : ""}${paragraph(intro)}${list ? `<dl>${list}</dl>` : ""}${paragraph(note)}`;
  }).join("");
}
