// The app page: one <knights-tour> whose settings live in the address bar. Opening a link
// restores them; every change is written back (replacing, not adding, history entries); with
// embed=1 the page is just the board and its bar, for an iframe.

import { defaultStart, heuristic, isTour, outcome } from "../core.js";
// The page's board is of the full layout, a part of the element's: run with the element, it has
// the board built before the page's first paint, its panel in it (parts.js, `fullLayout`).
import { heuristicOptions } from "../ui/full-layout.js";
import "../knights-tour.js";
import { NAMES, flag, query, searchSettings, seeded, withSeed, write } from "../ui/settings.js";
import { counted, fill, grouped, press, sentence } from "../ui/text.js";

const board = document.getElementById("app");
const params = new URLSearchParams(location.search);

const unknown = [];
for (const [name, value] of params) {
  if (name === "embed") continue;
  if (NAMES.includes(name)) board.setAttribute(name, value);
  else unknown.push(`${JSON.stringify(name.slice(0, 24))} is not a setting`);
}

/**
 * Embedded: just the board and its bar, filling the frame. The layout is chosen before the core
 * is in, so that the frame never shows the full app first: an `embed` parameter is taken as on
 * until the core's words for on and off have read it (see `readEmbed`).
 */
let embed = params.has("embed");
function embedded(on) {
  embed = on;
  document.documentElement.classList.toggle("embed", on);
  board.setAttribute("layout", on ? "compact" : "full");
  if (on) board.setAttribute("fill", "");
  else board.removeAttribute("fill");
}
if (embed) embedded(true);

/**
 * The core is in: `embed` read with its words for on and off; what they do not read is said.
 * Returns whether the layout changed (the board then starts again).
 */
function readEmbed() {
  const text = params.get("embed");
  if (text === null) return false;
  const on = flag(text);
  if (on === undefined) board.notify([`embed=${JSON.stringify(text.slice(0, 24))} is not on or off`]);
  if ((on ?? false) === embed) return false;
  embedded(on ?? false);
  return true;
}

function syncAddress() {
  const search = query({ ...board.settings, embed });
  if (search !== location.search) history.replaceState(null, "", `${location.pathname}${search}${location.hash}`);
}

/** The tagline says what the visitor does here, watch the search or play it, with a mouse or a finger. */
const tagline = document.querySelector(".tagline");
const TAGLINES = {
  watch: (verb) => `${verb} a square. Watch the knight find a path through every square.`,
  play: (verb) => `${verb} a square, then move the knight yourself: after every move, whether a tour can still be finished, and why.`,
};
function syncTagline() {
  const text = TAGLINES[board.settings?.play ? "play" : "watch"](sentence(press()));
  if (tagline.textContent !== text) tagline.textContent = text;
}
syncTagline();

/**
 * The page's scheme is the board's Theme setting (its attribute): auto, light or dark (the
 * stylesheet's colours follow it); the board, on auto, follows the page's, and so the system's.
 */
function syncTheme() {
  document.documentElement.dataset.theme = board.getAttribute("theme") ?? "auto";
  // Large text on a projector: the page's heading gives the board its room.
  document.documentElement.classList.toggle("projector", board.hasAttribute("data-projector"));
}

/**
 * The visitor's Theme, kept on this device for the next visit (the only thing the page stores):
 * read unless the address says `theme=`, which wins; written when the visitor picks one. An
 * embedded page (embed=1, in someone else's frame) neither reads nor writes it.
 */
const THEME_KEY = "knights-tour:theme";
const kept = {
  read() {
    try {
      return localStorage.getItem(THEME_KEY);
    } catch {
      return null; // storage refused (a sandboxed frame, a privacy setting): nothing kept
    }
  },
  write(theme) {
    try {
      if (theme === "auto") localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, theme);
    } catch {
      // Not kept: the page works the same, the choice lasts this visit.
    }
  },
};
if (!embed && !params.has("theme") && kept.read()) board.setAttribute("theme", kept.read());

// The race: two boards with the main board's settings and start, each with its own heuristic.
const race = {
  section: document.getElementById("race"),
  selects: [document.getElementById("race-a"), document.getElementById("race-b")],
  container: document.getElementById("race-boards"),
  boards: [],
  result: document.getElementById("race-result"),
  observer: null,
  behind: null, // where the side still searching stood when the other won (see behind())
};

/**
 * Whether a race board running `now` must start over for `wanted`: the core's settings differ
 * (the seed only where it changes the run: random ties, not a race of others).
 */
function restarts(now, wanted) {
  const run = (settings) => {
    const { seed, ...rest } = searchSettings(settings);
    return JSON.stringify(seeded(settings.heuristic) ? { ...rest, seed } : rest);
  };
  return run(now) !== run(wanted);
}

const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

function setUpRace() {
  for (const select of race.selects) {
    select.innerHTML = heuristicOptions();
    select.addEventListener("change", () => board.change({ race: race.selects.map((s) => s.value) }, false));
  }
  // The boards come into view, where they run (a board out of sight does not: frame-loop.js).
  document.getElementById("race-play").addEventListener("click", () => {
    race.boards.forEach((b) => b.play());
    race.boards[0].board.reveal();
  });
  document.getElementById("race-close").addEventListener("click", () => {
    board.change({ race: null }, false);
    // Focus goes back to the control that opened the race, not to the page's body.
    board.shadowRoot.querySelector("[data-action=race]")?.focus();
  });
  race.observer = new MutationObserver(describeRace);
}

/** The race's boards exist only while it is on. */
function raceBoards(on) {
  if (!on) {
    race.container.replaceChildren();
    race.boards = [];
    return;
  }
  if (race.boards.length) return;
  race.boards = ["race-first", "race-second"].map((id) => {
    const element = document.createElement("knights-tour");
    element.id = id;
    element.setAttribute("layout", "compact");
    race.observer.observe(element, { attributes: true, attributeFilter: ["data-status", "data-stuck"] });
    return element;
  });
  race.container.replaceChildren(...race.boards);
}

/**
 * What race board `i` runs: every setting of the main board (the core's, speed and theme), with
 * its own heuristic and the race it is in (its hints leave out what races beside it); none of
 * the page's panels.
 */
function raceSettings(i) {
  const { rows, cols, start, race: pair, seed, restarts } = board.settings;
  const heuristic = pair[i];
  return withSeed({
    ...board.settings,
    // A race is two searches to watch: never a game, whatever the main board is doing.
    teach: false, autoplay: false, embed: false, play: false, moves: null,
    // Without a start, the core's default, where autoplay starts: both boards start on one square.
    start: start ?? defaultStart(rows, cols),
    heuristic,
    // Random ties draw from the main board's seed, or from the one the race board drew; only
    // they can start over (the core refuses restarts of any other heuristic).
    seed: seed ?? race.boards[i].settings?.seed ?? null,
    restarts: seeded(heuristic) ? restarts : 0,
  });
}

/**
 * Gives the race boards the main board's settings, if a race is on; `reveal`: scroll to the
 * race if this opens it. A change of speed or theme reaches a race board without restarting it.
 */
function syncRace(reveal) {
  const opening = race.section.hidden;
  race.section.hidden = !board.settings.race || embed;
  raceBoards(!race.section.hidden);
  if (race.section.hidden) return;
  race.boards.forEach((element, i) => {
    const wanted = raceSettings(i);
    race.selects[i].value = wanted.heuristic;
    const now = element.settings; // null until the element is live: it reads its attributes then
    if (!now) {
      const pairs = new Map(write(wanted));
      for (const name of NAMES) {
        if (pairs.has(name)) element.setAttribute(name, pairs.get(name));
        else element.removeAttribute(name);
      }
    } else {
      const restart = restarts(now, wanted);
      const live = ["speed", "theme", "race"].some((name) => String(now[name]) !== String(wanted[name]));
      if (restart || live) element.change(wanted, restart);
    }
  });
  describeRace();
  if (opening && reveal) {
    race.section.scrollIntoView({ behavior: reducedMotion.matches ? "auto" : "smooth", block: "start" });
  }
}

/** A race board's statuses before its run: not loaded yet, or ready for Play both. */
const WAITING = [undefined, "loading", "idle"];

/** How a race board's run stands, or ended (in the core's words), in words. */
function standing(element) {
  const { status } = element.dataset;
  switch (status) {
    case "failed": return "stopped by an error";
    case "running": {
      if (element.hasAttribute("data-stuck")) return "stuck";
      // Divide's run: its tour is built, then walked; nothing is searched.
      const phase = element.dataset.phase;
      return phase === "walk" ? "walking its tour" : phase ? "building its tour" : "still searching";
    }
    case "paused": return "paused";
    default: {
      if (WAITING.includes(status)) return "ready";
      const figures = { placements: counted(Number(element.dataset.placed ?? 0), "placement", grouped), depth: counted(element.path.length, "square", grouped) };
      return fill(outcome(status).standing, figures);
    }
  }
}

/**
 * Where the side still searching stood when the winner finished, kept from that moment (the
 * race's words are a live region: figures that change every frame would be read out every frame).
 */
function behind(winner, other) {
  if (!["running", "paused"].includes(other.status)) return "";
  race.behind ??= { winner: winner.label, placed: other.placed, depth: other.element.path.length };
  const { placed, depth } = race.behind;
  return ` When ${winner.label} finished, ${other.label} had made ${counted(placed, "placement", grouped)}, its path ${counted(depth, "square", grouped)} long.`;
}

/**
 * The race's result: the winner is the board that found a tour in fewer placements (on the
 * same board, fewer placements is fewer backtracks), and only a board that found a tour wins;
 * a board started anew (its heuristic changed) is not beaten before it has run.
 */
function describeRace() {
  const sides = race.boards.map((element, i) => {
    const { label } = heuristic(race.selects[i].value);
    return { element, label, status: element.dataset.status, placed: Number(element.dataset.placed ?? 0) };
  });
  if (sides.length < 2) return;
  // The same heuristic on both sides still needs two names.
  if (sides[0].label === sides[1].label) sides.forEach((side, i) => { side.label += i ? " (second)" : " (first)"; });
  const toured = sides.filter((side) => isTour(side.status)).sort((a, b) => a.placed - b.placed);
  if (!toured.length) race.behind = null; // a race not won yet, or started again
  const line = (side) => `${side.label}: ${standing(side.element)}.`;
  const waiting = (side) => WAITING.includes(side.status);
  const lines = sides.map(line).join(" ");
  let text;
  if (sides.every(waiting)) {
    text = "Same board, same start: press Play both.";
  } else if (sides.some(waiting)) {
    text = `${lines} Press Play both to race them.`;
  } else if (toured.length === 2 && toured[0].placed === toured[1].placed) {
    const closed = toured.filter((side) => side.status === "closed-tour");
    const which = closed.length === 2 ? " Both are closed." : closed.length === 1 ? ` ${closed[0].label}'s is closed.` : "";
    text = `A tie: ${toured[0].label} and ${toured[1].label} both found a tour in ${counted(toured[0].placed, "placement", grouped)}.${which}`;
  } else if (toured.length > 0) {
    const [winner] = toured;
    const other = sides.find((side) => side !== winner);
    text = `${winner.label} wins: ${standing(winner.element)}. ${line(other)}${behind(winner, other)}`;
  } else {
    const over = sides.every((side) => !["running", "paused"].includes(side.status));
    text = `${over ? "No winner: neither found a tour." : "Racing."} ${lines}`;
  }
  if (race.result.textContent !== text) race.result.textContent = text;
}

// The element is defined already (its skeleton up at once); it reads the attributes set above
// when the core is in. The address bar and the race follow once it has read its settings (if
// the core cannot load, the board says so itself).
new MutationObserver(syncTheme).observe(board, { attributes: true, attributeFilter: ["theme", "data-theme", "data-projector"] });
syncTheme();
board.notify(unknown);
board.started.then(async () => {
  if (!board.settings) return;
  if (readEmbed()) await board.started;
  let theme = board.settings.theme;
  board.addEventListener("settingschange", () => {
    // After the address is read, only the visitor changes the Theme: their choice is kept.
    if (board.settings.theme !== theme && !embed) kept.write(board.settings.theme);
    theme = board.settings.theme;
    syncAddress();
    syncTagline();
    syncRace(true);
  });
  // A theme set on the board's attribute announces no change of settings; its data-theme does.
  new MutationObserver(() => syncRace(false)).observe(board, { attributes: true, attributeFilter: ["data-theme"] });
  setUpRace();
  // A link that opens a race brings it into view: it is what the link is for, far below the board.
  syncRace(true);
  // A seed drawn for random ties goes to the attribute and the address bar: a reload replays it.
  if (board.settings.seed !== null && board.getAttribute("seed") === null) board.change({ seed: board.settings.seed }, false);
  syncAddress();
  syncTagline();
});
