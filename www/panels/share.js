// Share and export: a link, an iframe or an element tag for the current settings, copied and
// shown; the tour as PNG, SVG, a move list or the command line's JSON, downloaded; the run as an
// animated GIF or a WebM video (animated-export.js).

import { boardSetting } from "../core.js";
import { download, png } from "./export.js";
import { pageSwitch, query, write } from "../ui/settings.js";
import { escape } from "../ui/text.js";

const here = (path) => new URL(path, import.meta.url).href;
/** The app page, the folder this module's site was built into. */
export const APP = here("../../");

/** The full app with these settings. */
export const appLink = (settings) => `${APP}${query({ ...settings, embed: false })}`;

/**
 * The custom-element tag for `settings`, with the script that defines it; the script holds the
 * first paint until the element is defined, so that the board's box never shifts the page.
 */
export function elementSnippet(settings, scriptUrl = here("../knights-tour.js")) {
  const attributes = write({ ...settings, embed: false, race: null }).map(([name, value]) =>
    (pageSwitch(name) ? ` ${name}` : ` ${name}="${escape(value)}"`)).join("");
  return `<script type="module" blocking="render" src="${scriptUrl}"></script>\n<knights-tour${attributes}></knights-tour>`;
}

export function iframeSnippet(settings, pageUrl = APP) {
  const src = `${pageUrl}${query({ ...settings, embed: true })}`;
  return `<iframe src="${escape(src)}" width="480" height="560" style="border:0;max-width:100%" ` +
    `title="Knight's tour" loading="lazy"></iframe>`;
}

/** The text to share of `kind` (`link`, `iframe` or `element`) for `settings`. */
export function shareText(kind, settings) {
  if (kind === "link") return appLink(settings);
  return kind === "iframe" ? iframeSnippet(settings) : elementSnippet(settings);
}

/**
 * Copies `text` and shows it in `snippet` (a textarea), selected if the clipboard is not ours;
 * returns whether it is on the clipboard.
 */
export async function copy(text, kind, snippet) {
  snippet.hidden = false;
  snippet.value = text;
  try {
    await navigator.clipboard.writeText(text);
    snippet.setAttribute("aria-label", `Copied: ${kind}`);
    return true;
  } catch {
    snippet.select(); // the clipboard is not ours to use here: the text stays selected to copy
    return false;
  }
}

/**
 * Downloads the run as `kind` (`png`, `svg`, `moves`, `json`, `gif` or `webm`): `controller`
 * holds the run, `canvas` and `palette` the board as drawn, `animated` makes the animations
 * (an AnimatedExport) and `host` replays the run for a video (see `AnimatedExport.webm`).
 */
export async function exportRun(kind, { controller, canvas, palette, animated, host }) {
  const { settings: { rows, cols }, run } = controller;
  const base = `knights-tour-${boardSetting(rows, cols)}${run ? `-${controller.name(run.start).replace(",", "-")}` : ""}`;
  const save = (file, content, type) => {
    download(file, content, type);
    animated.saved(file);
  };
  if (kind === "png") {
    save(`${base}.png`, await png(canvas));
  } else if (kind === "svg" && run) {
    const colours = {
      light: palette["light-square"], dark: palette["dark-square"], from: palette["path-from"],
      to: palette["path-to"], accent: palette.accent, ink: palette.ink,
    };
    save(`${base}.svg`, run.svg(colours), "image/svg+xml");
  } else if (kind === "moves" && run) {
    save(`${base}.txt`, run.moves());
  } else if (kind === "gif") {
    animated.gif({ controller, palette, base });
  } else if (kind === "webm") {
    animated.webm({ controller, canvas, base, host });
  } else if (kind === "json") {
    const report = run?.report(controller.runningTime());
    if (report) save(`${base}.json`, report, "application/json");
  }
}
