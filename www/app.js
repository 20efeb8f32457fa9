// The app page: one <knights-tour> whose settings live in the address bar. Opening a link
// restores them; every change is written back (replacing, not adding, history entries); with
// embed=1 the page is just the board and its bar, for an iframe.

import { heuristic, squareName } from "./core.js";
import "./knights-tour.js";
import { heuristicOptions } from "./markup.js";
import { NAMES, flag, query, speedText } from "./settings.js";

const board = document.getElementById("app");
const params = new URLSearchParams(location.search);
const embed = flag(params.get("embed") ?? "0") ?? false;

const unknown = [];
for (const [name, value] of params) {
  if (name === "embed") continue;
  if (NAMES.includes(name)) board.setAttribute(name, value);
  else unknown.push(`${JSON.stringify(name.slice(0, 24))} is not a setting`);
}
if (embed) {
  document.documentElement.classList.add("embed");
  board.setAttribute("layout", "compact");
  board.setAttribute("fill", "");
}

function syncAddress() {
  const search = query({ ...board.settings, embed });
  if (search !== location.search) history.replaceState(null, "", `${location.pathname}${search}${location.hash}`);
}

function syncTheme() {
  document.documentElement.dataset.theme = board.dataset.theme ?? "light";
}


// The race: two boards with the main board's settings and start, each with its own heuristic.
const race = {
  section: document.getElementById("race"),
  selects: [document.getElementById("race-a"), document.getElementById("race-b")],
  container: document.getElementById("race-boards"),
  boards: [],
  result: document.getElementById("race-result"),
  observer: null,
};

function setUpRace() {
  for (const select of race.selects) {
    select.innerHTML = heuristicOptions();
    select.addEventListener("change", () => board.change({ race: race.selects.map((s) => s.value) }, false));
  }
  document.getElementById("race-play").addEventListener("click", () => race.boards.forEach((b) => b.play()));
  document.getElementById("race-close").addEventListener("click", () => board.change({ race: null }, false));
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
    race.observer.observe(element, { attributes: true, attributeFilter: ["data-status", "data-placed"] });
    return element;
  });
  race.container.replaceChildren(...race.boards);
}

/** Gives the race boards the main board's settings, if a race is on. */
function syncRace() {
  const { settings } = board;
  race.section.hidden = !settings.race || embed;
  raceBoards(!race.section.hidden);
  if (race.section.hidden) return;
  const start = settings.start ?? squareName(settings.rows, settings.cols, (settings.rows - 1) * settings.cols);
  settings.race.forEach((heuristic, i) => {
    race.selects[i].value = heuristic;
    const attributes = {
      board: `${settings.rows}x${settings.cols}`, start, heuristic,
      backtracking: settings.backtracking ? "1" : "0", closed: settings.closed ? "1" : "0",
      prune: settings.prune ? "1" : "0", speed: speedText(settings.speed), theme: settings.theme,
    };
    for (const [name, value] of Object.entries(attributes)) {
      if (race.boards[i].getAttribute(name) !== value) race.boards[i].setAttribute(name, value);
    }
  });
  describeRace();
}

function describeRace() {
  const [a, b] = race.boards.map((el, i) => ({
    name: heuristic(race.selects[i].value).label,
    status: el.dataset.status,
    placed: Number(el.dataset.placed ?? 0),
  }));
  const done = (r) => !["idle", "running", "paused"].includes(r.status);
  const count = (n) => n.toLocaleString("en");
  if (done(a) && done(b)) {
    const [first, second] = a.placed <= b.placed ? [a, b] : [b, a];
    race.result.textContent = `${first.name} finished in ${count(first.placed)} placements; ${second.name} needed ${count(second.placed)}.`;
  } else if (done(a) || done(b)) {
    const [winner, other] = done(a) ? [a, b] : [b, a];
    race.result.textContent = `${winner.name} finished first, in ${count(winner.placed)} placements; ${other.name} is at ${count(other.placed)}.`;
  } else {
    race.result.textContent = "Same board, same start: press Play both.";
  }
}

// The element is defined already (its skeleton up at once); it reads the attributes set above
// when the core is in. The address bar and the race follow once it has read its settings (if
// the core cannot load, the board says so itself).
new MutationObserver(syncTheme).observe(board, { attributes: true, attributeFilter: ["data-theme"] });
syncTheme();
board.notify(unknown);
board.started.then(() => {
  if (!board.settings) return;
  board.addEventListener("settingschange", () => {
    syncAddress();
    syncRace();
  });
  syncAddress();
  setUpRace();
  syncRace();
});
