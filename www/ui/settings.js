// Settings as text: the custom element's attributes and the page's URL parameters are the same
// names with the same values, read and written here, so a link and a tag say the same thing the
// same way. Anything unreadable falls back to its default and is reported, never thrown.
//
// The search's settings are the core's: their names, kinds, defaults, words and messages come
// from its catalogue (src/front/config.rs `SETTINGS`), and the core reads them. Only the page's own
// settings (speed, theme and the rest) are declared and read here.

import { boardSetting, catalogue, heuristic, heuristics, readSettings } from "../core.js";
import { grouped } from "./text.js";

/** The themes a board takes: `auto` follows the page it is on (or the system), else light or dark. */
export const THEMES = ["auto", "light", "dark"];

/** Moves a second a page may run at, besides "max". */
const SPEED = { min: 0.1, max: 1e7 };

/** A page switch (autoplay, teach, embed) in the core's words for on and off: true, false or undefined. */
export function flag(text) {
  const { on, off } = catalogue().switches;
  const value = text.trim().toLowerCase();
  if (on.includes(value)) return true;
  if (off.includes(value)) return false;
  return undefined;
}

const onOff = (value) => (value ? "1" : null);

/**
 * The page's own settings: each its default, how it is read from text (undefined: not
 * understood, said with `expected`) and written back (null: left out), and whether a change
 * applies to the run as it goes (`live`) rather than starting it over.
 */
const PAGE = {
  speed: {
    // Moves a second; Infinity is "max", null "auto": the core's pace for the board (`pace`).
    value: null,
    live: true,
    read: (text) => {
      const word = text.trim().toLowerCase();
      if (word === "auto") return null;
      const value = word === "max" ? Infinity : Number(text);
      return value === Infinity || (Number.isFinite(value) && value >= SPEED.min && value <= SPEED.max) ? value : undefined;
    },
    write: (speed) => speedText(speed),
    expected: () => `a number of moves a second (${SPEED.min} to ${grouped(SPEED.max)}), max or auto`,
  },
  autoplay: { value: false, read: flag, write: onOff, expected: () => catalogue().switches.expected },
  theme: {
    value: "auto",
    live: true,
    read: (text) => THEMES.find((theme) => theme === text.trim().toLowerCase()),
    write: (theme) => theme,
    expected: () => `one of ${THEMES.join(", ")}`,
  },
  // The teaching panels: pseudocode, why this move, the shape of the search.
  teach: { value: false, live: true, read: flag, write: onOff, expected: () => catalogue().switches.expected },
  // Large text, for a projector: every word 20 px or more, the board and the algorithm in one screen.
  projector: { value: false, live: true, read: flag, write: onOff, expected: () => catalogue().switches.expected },
  // Two heuristics racing side by side, or null.
  race: {
    value: null,
    live: true,
    read: (text) => {
      const names = heuristics().map((info) => info.name);
      const pair = text.toLowerCase().split(",").map((name) => name.trim());
      return pair.length === 2 && pair.every((name) => names.includes(name)) ? pair : undefined;
    },
    write: (pair) => pair?.join(",") ?? null,
    expected: () => `two of ${heuristics().map((info) => info.name).join(", ")}, such as fixed,warnsdorff`,
  },
  // Play it yourself: the visitor moves the knight, and the core judges every move (run/play.js).
  play: { value: false, read: flag, write: onOff, expected: () => catalogue().switches.expected },
  // A game's moves from the start, as the core writes them for a link (two moves a letter): a
  // link with them replays the game. The core reads them when the game is made, and says there
  // what it cannot read.
  moves: { value: null, read: (text) => text.trim() || null, write: (moves) => moves, expected: () => "moves" },
  embed: { value: false, live: true, read: flag, write: onOff, expected: () => catalogue().switches.expected },
};

/** Whether the page's setting `name` is a switch, written as a bare attribute on a tag. */
export const pageSwitch = (name) => PAGE[name]?.read === flag;

/**
 * Every name the element and the address take, in the order links and snippets list them: the
 * core's settings, then the page's. A custom element names the attributes it observes when it is
 * defined, before the core is in, so the core's names are written here once and checked against
 * the core when it arrives (`checkNames`).
 */
export const NAMES = ["board", "start", "heuristic", "backtracking", "closed", "prune", "seed", "restarts", "budget", "theorems", ...Object.keys(PAGE)];

/** The page's own settings whose change applies at once, without a new run. */
export const LIVE = new Set(Object.keys(PAGE).filter((name) => PAGE[name].live));

/** The core's settings, by name, in its order. */
const searchNames = () => catalogue().settings.map((setting) => setting.name);

/** Throws unless the names above are the core's: a setting the element would not observe. */
export function checkNames() {
  const missing = searchNames().filter((name) => !NAMES.includes(name));
  if (missing.length) throw new Error(`the page does not take the core's settings ${missing.join(", ")}`);
}

/** Whether runs of heuristic `name` depend on the seed, as the core says. */
export const seeded = (name) => Boolean(heuristic(name)?.seeded);

/** A fresh seed: a whole number as text, from the platform's cryptographic generator. */
export function drawSeed() {
  return String(crypto.getRandomValues(new Uint32Array(1))[0]);
}

/**
 * `settings` with a seed drawn if their heuristic needs one and none is set, so that every run
 * of random ties is one a link can replay; otherwise `settings` itself.
 */
export function withSeed(settings) {
  return seeded(settings.heuristic) && settings.seed === null ? { ...settings, seed: drawSeed() } : settings;
}

/** The settings when nothing is said: the core's, and the page's own. */
export function defaultSettings() {
  const { rows, cols, start: _, ...search } = catalogue().defaults;
  return {
    rows, cols,
    start: null, // a square's name (a1, 2,3) or null: the visitor picks one
    ...search,
    seed: null, // the random heuristic's seed, a whole number as text; drawn when it is needed
    ...Object.fromEntries(Object.entries(PAGE).map(([name, { value }]) => [name, value])),
  };
}

/**
 * The settings of the core's run for these page settings (`{board, start, ...}`, see
 * `Tour`'s constructor): the start left out when none is chosen (the core's default, a1), the
 * seed when none is set.
 */
export function searchSettings(settings) {
  const search = {};
  for (const name of searchNames()) {
    const value = name === "board" ? boardSetting(settings.rows, settings.cols) : settings[name];
    if (value !== null && value !== undefined) search[name] = value;
  }
  return search;
}

/**
 * Reads settings from `get(name)`, which returns the text of a parameter or attribute, or null
 * when it is absent. Returns `{ settings, problems }`: one short sentence per value that was not
 * understood and fell back to its default. Random ties with no seed given get a fresh one.
 */
export function read(get) {
  const settings = defaultSettings();
  const problems = [];
  const said = (name, text, words) => problems.push(`${name}=${shorten(text)}${words}`);

  const given = Object.fromEntries(searchNames().map((name) => [name, get(name)]).filter(([, text]) => text !== null && text.trim() !== ""));
  const { problems: refused, startGiven, ...search } = readSettings(given);
  for (const { setting, message } of refused) said(setting, given[setting], `: ${message}`);
  Object.assign(settings, search, { start: startGiven ? search.start : null, seed: settings.seed });
  // A seed is kept only where one was given and read: otherwise one is drawn when needed.
  if (given.seed !== undefined && !refused.some(({ setting }) => setting === "seed")) settings.seed = search.seed;

  for (const [name, setting] of Object.entries(PAGE)) {
    const text = get(name);
    if (text === null || (name === "race" && text.trim() === "")) continue;
    const value = setting.read(text);
    if (value === undefined) said(name, text, ` is not ${setting.expected()}`);
    else settings[name] = value;
  }
  return { settings: withSeed(settings), problems };
}

/** The parameters that differ from the defaults, as [name, value] pairs in `NAMES` order. */
export function write(settings) {
  const pairs = [];
  const base = defaultSettings();
  const kinds = Object.fromEntries(catalogue().settings.map(({ name, kind }) => [name, kind]));
  for (const name of NAMES) {
    if (name in PAGE) {
      const text = settings[name] === base[name] ? null : PAGE[name].write(settings[name]);
      if (text !== null) pairs.push([name, text]);
    } else if (name === "board") {
      if (settings.rows !== base.rows || settings.cols !== base.cols) pairs.push([name, boardSetting(settings.rows, settings.cols)]);
    } else if (name === "seed") {
      // Only where it changes the run: a seed kept from random ties is no part of a Warnsdorff link.
      if (settings.seed !== null && seeded(settings.heuristic)) pairs.push([name, settings.seed]);
    } else if (settings[name] !== base[name] && settings[name] !== null) {
      pairs.push([name, kinds[name] === "switch" ? (settings[name] ? "1" : "0") : String(settings[name])]);
    }
  }
  return pairs;
}

export function speedText(speed) {
  if (speed === null) return "auto";
  if (speed === Infinity) return "max";
  return String(Number(speed.toPrecision(3)));
}

/** The query string for `settings` (empty when everything is default). */
export function query(settings) {
  const pairs = write(settings);
  return pairs.length ? `?${new URLSearchParams(pairs).toString()}` : "";
}

/**
 * The board's shape as the `board` attribute seems to give it, before the core is in to read it:
 * only for the skeleton's proportions, which the core's reading then confirms or corrects; null
 * when there is nothing to guess from (the skeleton is square).
 */
export function guessShape(text) {
  const match = /^\s*(\d+)\s*(?:[x×X]\s*(\d+))?\s*$/.exec(text ?? "");
  const rows = Number(match?.[1]);
  const cols = Number(match?.[2] ?? match?.[1]);
  return rows > 0 && cols > 0 ? { rows, cols } : null;
}

/**
 * The width over the height the board's frame takes before the core is in to lay the board out:
 * its own proportions, within 1:4 and 4:1. Only a long thin board differs once the core has
 * folded it (to about as wide as tall, in a square box).
 */
export function guessAspect({ rows, cols }) {
  return Math.min(4, Math.max(1 / 4, cols / rows));
}

function shorten(text) {
  const value = String(text);
  return JSON.stringify(value.length > 24 ? `${value.slice(0, 21)}…` : value);
}
