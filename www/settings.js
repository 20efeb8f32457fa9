// Settings as text: the custom element's attributes and the page's URL parameters are the same
// names with the same values, read and written here, so a link and a tag say the same thing the
// same way. Anything unreadable falls back to its default and is reported, never thrown. The
// heuristics and the search's defaults are the core's (see core.js).

import { CORE_DEFAULTS, HEURISTICS as CATALOGUE } from "./core.js";

/** The heuristics' names, the default first. */
export const HEURISTICS = CATALOGUE.map((info) => info.name);

/** How the controls name each heuristic. */
export const HEURISTIC_LABELS = Object.fromEntries(CATALOGUE.map((info) => [info.name, info.label]));
export const THEMES = ["auto", "light", "dark"];

/** The names, in the order links and snippets list them. */
export const NAMES = ["board", "start", "heuristic", "backtracking", "closed", "prune", "speed", "autoplay", "theme", "teach", "race", "embed"];

export const DEFAULTS = Object.freeze({
  rows: CORE_DEFAULTS.rows,
  cols: CORE_DEFAULTS.cols,
  start: null, // a square name (a1, 2,3) or null: the visitor picks one
  heuristic: CORE_DEFAULTS.heuristic,
  backtracking: CORE_DEFAULTS.backtracking,
  closed: CORE_DEFAULTS.closed,
  prune: CORE_DEFAULTS.prune,
  speed: 10, // moves a second; Infinity is "max"
  autoplay: false,
  theme: "auto",
  teach: false, // the teaching panels: pseudocode, why this move, the shape of the search
  race: null, // two heuristics racing side by side, or null
  embed: false,
});

const MAX_SQUARES = 1 << 20;
const TRUE = ["", "1", "true", "yes", "on"];
const FALSE = ["0", "false", "no", "off"];

function flag(text) {
  const value = text.trim().toLowerCase();
  if (TRUE.includes(value)) return true;
  if (FALSE.includes(value)) return false;
  return undefined;
}

/**
 * Reads settings from `get(name)`, which returns the text of a parameter or attribute, or null
 * when it is absent. Returns `{ settings, problems }`: one short sentence per value that was not
 * understood and fell back to its default.
 */
export function read(get) {
  const settings = { ...DEFAULTS };
  const problems = [];
  const bad = (name, text, expected) => problems.push(`${name}=${shorten(text)} is not ${expected}`);

  const board = get("board");
  if (board !== null) {
    const match = /^\s*(\d{1,7})\s*[x×X]\s*(\d{1,7})\s*$/.exec(board) ?? /^\s*(\d{1,4})\s*$/.exec(board);
    const rows = match && Number(match[1]);
    const cols = match && Number(match[2] ?? match[1]);
    if (rows >= 1 && cols >= 1 && rows * cols <= MAX_SQUARES) Object.assign(settings, { rows, cols });
    else bad("board", board, "a board from 1x1 up to 1024x1024 (rows x columns)");
  }

  const start = get("start");
  if (start !== null && start.trim() !== "") {
    const square = squareIndex(start, settings.rows, settings.cols);
    if (square === null) bad("start", start, `a square of the ${settings.rows}x${settings.cols} board (a1, or row,col)`);
    else settings.start = start.trim().toLowerCase();
  }

  const heuristic = get("heuristic");
  if (heuristic !== null) {
    const value = heuristic.trim().toLowerCase();
    if (HEURISTICS.includes(value)) settings.heuristic = value;
    else bad("heuristic", heuristic, `one of ${HEURISTICS.join(", ")}`);
  }

  for (const name of ["backtracking", "closed", "prune", "autoplay", "teach", "embed"]) {
    const text = get(name);
    if (text === null) continue;
    const value = flag(text);
    if (value === undefined) bad(name, text, "on or off (1/0, true/false)");
    else settings[name] = value;
  }

  const speed = get("speed");
  if (speed !== null) {
    const value = speed.trim().toLowerCase() === "max" ? Infinity : Number(speed);
    if (value === Infinity || (Number.isFinite(value) && value >= 0.1 && value <= 1e7)) settings.speed = value;
    else bad("speed", speed, "a number of moves a second (0.1 to 10000000) or max");
  }

  const race = get("race");
  if (race !== null && race.trim() !== "") {
    const pair = race.toLowerCase().split(",").map((name) => name.trim());
    if (pair.length === 2 && pair.every((name) => HEURISTICS.includes(name))) settings.race = pair;
    else bad("race", race, `two of ${HEURISTICS.join(", ")}, such as fixed,warnsdorff`);
  }

  const theme = get("theme");
  if (theme !== null) {
    const value = theme.trim().toLowerCase();
    if (THEMES.includes(value)) settings.theme = value;
    else bad("theme", theme, `one of ${THEMES.join(", ")}`);
  }
  return { settings, problems };
}

/** The parameters that differ from the defaults, as [name, value] pairs in `NAMES` order. */
export function write(settings) {
  const pairs = [];
  const push = (name, value) => pairs.push([name, value]);
  if (settings.rows !== DEFAULTS.rows || settings.cols !== DEFAULTS.cols) push("board", `${settings.rows}x${settings.cols}`);
  if (settings.start) push("start", settings.start);
  if (settings.heuristic !== DEFAULTS.heuristic) push("heuristic", settings.heuristic);
  for (const name of ["backtracking", "closed", "prune"]) {
    if (settings[name] !== DEFAULTS[name]) push(name, settings[name] ? "1" : "0");
  }
  if (settings.speed !== DEFAULTS.speed) push("speed", speedText(settings.speed));
  if (settings.autoplay) push("autoplay", "1");
  if (settings.theme !== DEFAULTS.theme) push("theme", settings.theme);
  if (settings.teach) push("teach", "1");
  if (settings.race) push("race", settings.race.join(","));
  if (settings.embed) push("embed", "1");
  return pairs;
}

export function speedText(speed) {
  if (speed === Infinity) return "max";
  return String(Number(speed.toPrecision(3)));
}

/** The query string for `settings` (empty when everything is default). */
export function query(settings) {
  const pairs = write(settings);
  return pairs.length ? `?${new URLSearchParams(pairs).toString()}` : "";
}

/** The custom-element tag for `settings`. */
export function elementSnippet(settings, scriptUrl) {
  const attributes = write({ ...settings, embed: false, race: null }).map(([name, value]) =>
    (name === "autoplay" || name === "teach" ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`)).join("");
  return `<script type="module" src="${scriptUrl}"></script>\n<knights-tour${attributes}></knights-tour>`;
}

export function iframeSnippet(settings, pageUrl) {
  const src = `${pageUrl}${query({ ...settings, embed: true })}`;
  return `<iframe src="${escapeAttribute(src)}" width="480" height="560" style="border:0;max-width:100%" ` +
    `title="Knight's tour" loading="lazy"></iframe>`;
}

/** A square's row-major index from a chess name or `row,col`, or null if it is not on the board. */
export function squareIndex(text, rows, cols) {
  const value = String(text).trim().toLowerCase();
  let match = /^(\d{1,7}),(\d{1,7})$/.exec(value);
  if (match) {
    const row = Number(match[1]);
    const col = Number(match[2]);
    return row < rows && col < cols ? row * cols + col : null;
  }
  match = /^([a-z])(\d{1,7})$/.exec(value);
  if (match && cols <= 26) {
    const col = match[1].charCodeAt(0) - 97;
    const rank = Number(match[2]);
    return col < cols && rank >= 1 && rank <= rows ? (rows - rank) * cols + col : null;
  }
  return null;
}

/** The name the core gives a square: its chess name, or `row,col` past 26 columns. */
export function squareName(square, rows, cols) {
  const row = Math.floor(square / cols);
  const col = square % cols;
  return cols <= 26 ? `${String.fromCharCode(97 + col)}${rows - row}` : `${row},${col}`;
}

function shorten(text) {
  const value = String(text);
  return JSON.stringify(value.length > 24 ? `${value.slice(0, 21)}…` : value);
}

function escapeAttribute(text) {
  return String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
