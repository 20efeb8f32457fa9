// Share and export: a link, an iframe or an element tag for the current settings, copied and
// shown; the tour as PNG, SVG, a move list or the command line's JSON, downloaded; the run as an
// animated GIF or a WebM video (animated-export.js).

import { boardSetting, load, squareName } from "../core.js";
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
   * `host` is the element: its `settings`, its `mode` (what it exports: see run-mode.js), its
   * `board`, its `controls` (which say what was copied) and its `parts` (parts.js). `root` holds
   * the full layout's `.snippet`, and `.export-progress` (the full layout's, or the compact
   * board's save menu's).
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

  /**
   * Copies `link` (and shows it too, where there is room for the copied text); returns whether it
   * is on the clipboard (if not, it is on screen to copy by hand).
   */
  async copyLink(link) {
    if (this.snippet) return copy(link, "link", this.snippet);
    return navigator.clipboard.writeText(link).then(() => true, () => false);
  }

  /**
   * Downloads what the board shows as `kind` (`png`, `svg`, `moves`, `json`, `gif` or `webm`):
   * the board as drawn, what the core writes of the run or the game (the element's mode's
   * `file`), or its animation (the mode's `gifJob` and `film`).
   */
  async export(kind) {
    const { mode, board, settings } = this.host;
    const { rows, cols } = settings;
    const start = mode.start >= 0 ? `-${squareName(rows, cols, mode.start)}` : "";
    const base = `knights-tour-${boardSetting(rows, cols)}${start}`;
    if (kind === "gif" || kind === "webm") {
      const animated = await this.host.parts.need("export").catch((error) => {
        this.line.tell(`No ${kind.toUpperCase()}: ${error.message}.`);
        return null;
      });
      if (kind === "gif") animated?.gif({ job: mode.gifJob(), palette: board.palette, base });
      else animated?.webm({ film: mode.film(), canvas: board.canvas, base });
      return;
    }
    if (kind === "svg") await load("export"); // the drawing is the core's export part's
    if (kind === "json") await load("teach"); // the report is the teaching part's, which runs move into
    const file = kind === "png" ? { type: "png", content: await png(board.canvas) } : mode.file(kind, svgColours(board.palette));
    if (!file) return;
    const name = `${base}.${file.type}`;
    download(name, file.content, file.mime);
    // Said in place of the last export's words, which would otherwise stand as if they were about
    // it; not while an export is under way, whose progress they are.
    if (!this.host.parts.get("export")?.busy) this.line.tell(`Saved ${name}.`);
  }
}

/** The painter's `palette` as the core's SVG takes it. */
const svgColours = (palette) => ({
  light: palette["light-square"], dark: palette["dark-square"], from: palette["path-from"],
  to: palette["path-to"], accent: palette.accent, ink: palette.ink,
});
