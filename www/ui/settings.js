// Settings as text: the custom element's attributes and the page's URL parameters are the same
// names with the same values, read and written here, so a link and a tag say the same thing the
// same way. Anything unreadable falls back to its default and is reported, never thrown.
//
// The search's settings (board, start, heuristic, backtracking, closed, prune, seed) are read by
// the core, with its messages; only what the page alone has (speed, theme, and the rest) is read
// here.

import { defaults, heuristic, heuristics, readSettings } from "../core.js";

export const THEMES = ["auto", "light", "dark"];

/** The names, in the order links and snippets list them. */
export const NAMES = ["board", "start", "heuristic", "backtracking", "closed", "prune", "seed", "restarts", "speed", "autoplay", "theme", "teach", "race", "embed"];

/** The search's settings, which the core reads. */
const SEARCH = ["board", "start", "heuristic", "backtracking", "closed", "prune", "seed", "restarts"];

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

/**
 * A seed as typed, read by the core: `{ seed }`, the whole number as text without leading zeros
 * (seeds go up to 2^64 - 1, past what a JavaScript number holds exactly), or `{ problem }`, the
 * core's message.
 */
export function readSeed(text) {
  const { seed, problems: [problem] } = readSettings({ seed: text.trim() });
  return problem ? { problem: problem.message } : { seed };
}

/** The settings when nothing is said: the core's, and the page's own. */
export function defaultSettings() {
  const { rows, cols, heuristic, backtracking, closed, prune } = defaults();
  return {
    rows, cols,
    start: null, // a square name (a1, 2,3) or null: the visitor picks one
    heuristic, backtracking, closed, prune,
    seed: null, // the random heuristic's seed, a whole number as text; drawn when it is needed
    restarts: 0, // how many times the random heuristic may start over with fresh ties
    speed: 10, // moves a second; Infinity is "max"
    autoplay: false,
    theme: "auto",
    teach: false, // the teaching panels: pseudocode, why this move, the shape of the search
    race: null, // two heuristics racing side by side, or null
    embed: false,
  };
}

const TRUE = ["", "1", "true", "yes", "on"];
const FALSE = ["0", "false", "no", "off"];

/** A page switch (autoplay, teach, embed) as the core reads its own: true, false or undefined. */
export function flag(text) {
  const value = text.trim().toLowerCase();
  if (TRUE.includes(value)) return true;
  if (FALSE.includes(value)) return false;
  return undefined;
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
  const bad = (name, text, expected) => said(name, text, ` is not ${expected}`);

  const given = Object.fromEntries(SEARCH.map((name) => [name, get(name)]).filter(([, text]) => text !== null && text.trim() !== ""));
  const search = readSettings(given);
  for (const { setting, message } of search.problems) said(setting, given[setting], `: ${message}`);
  Object.assign(settings, {
    rows: search.rows, cols: search.cols, start: search.start, heuristic: search.heuristic,
    backtracking: search.backtracking, closed: search.closed, prune: search.prune, restarts: search.restarts,
  });
  // The core gives the seed back as decimal text: seeds go past what a JavaScript number holds.
  if (given.seed !== undefined && !search.problems.some(({ setting }) => setting === "seed")) {
    settings.seed = search.seed;
  }

  for (const name of ["autoplay", "teach", "embed"]) {
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

  const names = heuristics().map((info) => info.name);
  const race = get("race");
  if (race !== null && race.trim() !== "") {
    const pair = race.toLowerCase().split(",").map((name) => name.trim());
    if (pair.length === 2 && pair.every((name) => names.includes(name))) settings.race = pair;
    else bad("race", race, `two of ${names.join(", ")}, such as fixed,warnsdorff`);
  }

  const theme = get("theme");
  if (theme !== null) {
    const value = theme.trim().toLowerCase();
    if (THEMES.includes(value)) settings.theme = value;
    else bad("theme", theme, `one of ${THEMES.join(", ")}`);
  }
  return { settings: withSeed(settings), problems };
}

/** The parameters that differ from the defaults, as [name, value] pairs in `NAMES` order. */
export function write(settings) {
  const pairs = [];
  const push = (name, value) => pairs.push([name, value]);
  const base = defaultSettings();
  if (settings.rows !== base.rows || settings.cols !== base.cols) push("board", `${settings.rows}x${settings.cols}`);
  if (settings.start) push("start", settings.start);
  if (settings.heuristic !== base.heuristic) push("heuristic", settings.heuristic);
  for (const name of ["backtracking", "closed", "prune"]) {
    if (settings[name] !== base[name]) push(name, settings[name] ? "1" : "0");
  }
  // Only where it changes the run: a seed kept from random ties is no part of a Warnsdorff link.
  if (settings.seed !== null && seeded(settings.heuristic)) push("seed", settings.seed);
  if (settings.restarts > 0) push("restarts", String(settings.restarts));
  if (settings.speed !== base.speed) push("speed", speedText(settings.speed));
  if (settings.autoplay) push("autoplay", "1");
  if (settings.theme !== base.theme) push("theme", settings.theme);
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

function shorten(text) {
  const value = String(text);
  return JSON.stringify(value.length > 24 ? `${value.slice(0, 21)}…` : value);
}
