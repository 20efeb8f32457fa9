// Export and share: the tour as PNG, SVG, a move list or the command line's JSON, downloaded; the
// run as an animated GIF or a WebM video (animated-export.js); the full app's link with a board's
// settings. The full layout's share buttons (a link, an iframe or an element tag, copied and
// shown) are its own (share-panel.js).

import { boardSetting, load, squareName } from "../core.js";
import { ExportLine, download, png } from "./export.js";
import { query } from "../ui/settings.js";

const here = (path) => new URL(path, import.meta.url).href;
/** The app page, the folder this module's site was built into. */
export const APP = here("../../");

/** The full app with these settings. */
export const appLink = (settings) => `${APP}${query({ ...settings, embed: false })}`;

/**
 * Exporting and sharing, wired to a board: the files downloaded and said in the export line, the
 * animated ones made by the part loaded for them on first use (animated-export.js), a link copied.
 */
export class Sharing {
  /**
   * `host` is the element: its `settings`, its `mode` (what it exports: see run-mode.js), its
   * `board` and its `parts` (parts.js). `root` holds `.export-progress` (the full layout's, or
   * the compact board's save menu's).
   */
  constructor(host, root) {
    this.host = host;
    this.line = root.querySelector(".export-progress") && new ExportLine(root);
  }

  /** Copies `link`; returns whether it is on the clipboard (the full layout's shows it too: share-panel.js). */
  async copyLink(link) {
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
