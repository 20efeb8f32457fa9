// Export and share: the tour as PNG, SVG, a move list or the command line's JSON, downloaded, and
// the run as an animated GIF or a WebM video (export.js, loaded on a board's first export, and
// animated-export.js), said in the line under the share buttons or the compact bar; the full
// app's link with a board's settings. The full layout's share buttons (a link, an iframe or an
// element tag, copied and shown) are its own (share-panel.js).

import { query } from "../ui/settings.js";

const here = (path) => new URL(path, import.meta.url).href;
/** The app page, the folder this module's site was built into. */
export const APP = here("../../");

/** The full app with these settings. */
export const appLink = (settings) => `${APP}${query({ ...settings, embed: false })}`;

/**
 * The share panel's `.export-progress`: a file saved, in words, or an animation being made, with
 * its progress bar and Cancel.
 */
export class ExportLine {
  /** `root` holds `.export-progress` (a progress bar, a line of words and Cancel). */
  constructor(root) {
    this.box = root.querySelector(".export-progress");
    this.bar = root.querySelector(".export-progress progress");
    this.words = root.querySelector(".export-progress p");
    this.cancel = root.querySelector("[data-action=cancel-export]");
  }

  /** An export under way: `words`, the bar at `fraction` of the way, and Cancel. */
  progress(words, fraction = 0) {
    const { box, bar, cancel } = this;
    box.hidden = false;
    bar.hidden = false;
    bar.value = fraction;
    cancel.hidden = false;
    if (this.words.textContent !== words) this.words.textContent = words;
  }

  /** `words` in the line, with no progress bar or Cancel. */
  tell(words) {
    const { box, bar, cancel } = this;
    box.hidden = false;
    bar.hidden = true;
    cancel.hidden = true;
    this.words.textContent = words;
  }
}

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
    this.line = new ExportLine(root);
    this.exporting = null; // export.js's module, once asked for
  }

  /** Copies `link`; returns whether it is on the clipboard (the full layout's shows it too: share-panel.js). */
  async copyLink(link) {
    return navigator.clipboard.writeText(link).then(() => true, () => false);
  }

  /**
   * Downloads what the board shows as `kind` (`png`, `svg`, `moves`, `json`, `gif` or `webm`:
   * export.js, a module of its own loaded on a board's first export), said in the line.
   */
  async export(kind) {
    const exporting = await (this.exporting ??= import("./export.js")).catch((error) => {
      this.exporting = null; // asked again on the next export
      this.line.tell(`No ${kind.toUpperCase()}: ${error.message}.`);
      return null;
    });
    await exporting?.exportBoard(this.host, kind, this.line);
  }
}
