// The app page: one <knights-tour> whose settings live in the address bar. Opening a link
// restores them; every change is written back (replacing, not adding, history entries); with
// embed=1 the page is just the board and its bar, for an iframe.

import { NAMES, query } from "./settings.js";

const board = document.getElementById("app");
const params = new URLSearchParams(location.search);
const embed = ["1", "true", "yes", "on", ""].includes((params.get("embed") ?? "0").toLowerCase());

// Attributes first, then the element's definition: it reads them when it wakes up.
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

await import("./knights-tour.js");
board.addEventListener("settingschange", syncAddress);
new MutationObserver(syncTheme).observe(board, { attributes: true, attributeFilter: ["data-theme"] });
syncTheme();
board.notify(unknown);
syncAddress();
