// Share and export: a link, an iframe or an element tag for the current settings, copied and
// shown; the tour as PNG, SVG, a move list or the command line's JSON, downloaded; the run as an
// animated GIF or a WebM video (animated-export.js).

import { boardSetting } from "../core.js";
import { ExportLine, download, png } from "./export.js";
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
 * Sharing and exporting, wired to a board: the share buttons' texts copied and shown in the
 * panel's snippet box, the files downloaded and said in the export line, the animated ones made
 * by the part loaded for them on first use (animated-export.js).
 */
export class Sharing {
  /**
   * `host` is the element: its `settings`, its run's `controller`, its `board`, its `controls`
   * (which say what was copied), its `parts` (parts.js), and `update` and `changed` for a
   * video's replay. `root` holds the full layout's `.snippet` and `.export-progress`, if it has
   * them.
   */
  constructor(host, root) {
    this.host = host;
    this.snippet = root.querySelector(".snippet");
    this.line = root.querySelector(".export-progress") && new ExportLine(root);
  }

  /** Copies a link or a snippet for the current settings (`kind`: see `shareText`), and shows it too. */
  async share(kind) {
    const { host } = this;
    const text = shareText(kind, host.settings);
    host.controls.copied(kind, await copy(text, kind, this.snippet));
    host.dispatchEvent(new CustomEvent("share", { detail: { kind, text }, bubbles: true, composed: true }));
  }

  /** Copies `link` (and shows it too, where there is room for the copied text). */
  async copyLink(link) {
    if (this.snippet) return copy(link, "link", this.snippet);
    await navigator.clipboard.writeText(link).catch(() => {}); // the link is on screen to copy by hand
  }

  /**
   * Downloads the run as `kind` (`png`, `svg`, `moves`, `json`, `gif` or `webm`): the board as
   * drawn, what the core writes of the run, or its animation.
   */
  async export(kind) {
    const { controller, board } = this.host;
    const { settings: { rows, cols }, run } = controller;
    const base = `knights-tour-${boardSetting(rows, cols)}${run ? `-${controller.name(run.start).replace(",", "-")}` : ""}`;
    if (kind === "gif" || kind === "webm") {
      const animated = await this.host.parts.need("export").catch((error) => {
        this.line.tell(`No ${kind.toUpperCase()}: ${error.message}.`);
        return null;
      });
      if (kind === "gif") animated?.gif({ controller, palette: board.palette, base });
      else animated?.webm({ controller, canvas: board.canvas, base, host: this.replays() });
      return;
    }
    const file = await saveRun(kind, { controller, canvas: board.canvas, palette: board.palette, base });
    // Said in place of the last export's words, which would otherwise stand as if they were about
    // it; not while an export is under way, whose progress they are.
    if (file && !this.host.parts.get("export")?.busy) this.line.tell(`Saved ${file}.`);
  }

  /** What a video needs of the board: the run replayed, and painted again. */
  replays() {
    const { host } = this;
    return {
      replay: (until, speed) => host.update(() => host.controller.replay(until, speed)),
      changed: () => host.changed(),
    };
  }
}

/**
 * Downloads the run of `controller` as `kind` (`png`, `svg`, `moves` or `json`), as `${base}.*`;
 * returns the file's name, or null where there is nothing to save yet.
 */
async function saveRun(kind, { controller, canvas, palette, base }) {
  const { run } = controller;
  const save = (file, content, type) => {
    download(file, content, type);
    return file;
  };
  if (kind === "png") return save(`${base}.png`, await png(canvas));
  if (kind === "svg" && run) {
    const colours = {
      light: palette["light-square"], dark: palette["dark-square"], from: palette["path-from"],
      to: palette["path-to"], accent: palette.accent, ink: palette.ink,
    };
    return save(`${base}.svg`, run.svg(colours), "image/svg+xml");
  }
  if (kind === "moves" && run) return save(`${base}.txt`, run.moves());
  const report = kind === "json" ? run?.report(controller.runningTime()) : null;
  return report ? save(`${base}.json`, report, "application/json") : null;
}
