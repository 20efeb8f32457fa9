// The WebAssembly core, loaded once for every module of the page before any of them runs: what
// the page knows of heuristics and defaults it learns from here, so that the select, the labels,
// the settings' checks and the words all come from the same list as the command line's.
//
// The top-level await is deliberate: settings are parsed (and a bad `heuristic=` reported) only
// once the core has said which heuristics exist, so the page keeps no list of its own. Nothing
// of the board can be drawn before the module is in anyway.

import init, { Tour, checkSettings, defaults, heuristics } from "../knights-tour.js";

await init({ module_or_path: new URL("../knights-tour_bg.wasm", import.meta.url) });

/** `[{name, label, summary, tiebreak, searches}]`, the default first. */
export const HEURISTICS = Object.freeze(heuristics().map((info) => Object.freeze(info)));

/** `{rows, cols, heuristic, backtracking, closed, prune}` as the core has them. */
export const CORE_DEFAULTS = Object.freeze(defaults());

/** A heuristic's entry by name. */
export const heuristic = (name) => HEURISTICS.find((info) => info.name === name);

export { Tour, checkSettings };
