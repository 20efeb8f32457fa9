// Handing a file to the visitor: the board as an image, whatever the core wrote (the tour as SVG,
// the move list, the command line's JSON: `Tour.svg()`, `Tour.moves()`, `Tour.report()`), and the
// run's animation (animated-export.js). A module of its own, which a board loads when it first
// exports (share.js).

import { boardSetting, load, squareName } from "../core.js";

/** Offers `content` (text or a Blob) to the visitor as a file called `filename`. */
export function download(filename, content, type = "text/plain") {
  const blob = content instanceof Blob ? content : new Blob([content], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function png(canvas) {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
}

/**
 * Downloads what the element `host` shows as `kind` (`png`, `svg`, `moves`, `json`, `gif` or
 * `webm`): the board as drawn, what the core writes of the run or the game (the element's mode's
 * `file`), or its animation (the mode's `gifJob` and `film`: the export part's, parts.js); says
 * so in `line` (share.js's ExportLine).
 */
export async function exportBoard(host, kind, line) {
  const { mode, board, settings } = host;
  const { rows, cols } = settings;
  const start = mode.start >= 0 ? `-${squareName(rows, cols, mode.start)}` : "";
  const base = `knights-tour-${boardSetting(rows, cols)}${start}`;
  if (kind === "gif" || kind === "webm") {
    const animated = await host.parts.need("export").catch((error) => {
      line.tell(`No ${kind.toUpperCase()}: ${error.message}.`);
      return null;
    });
    if (kind === "gif") animated?.gif({ job: mode.gifJob(), palette: board.palette, base, save: download });
    else animated?.webm({ film: mode.film(), canvas: board.canvas, base, save: download });
    return;
  }
  if (kind === "svg") await load("export"); // the drawing is the core's export part's
  const file = kind === "png" ? { type: "png", content: await png(board.canvas) } : await mode.file(kind, svgColours(board.palette));
  if (!file) return;
  const name = `${base}.${file.type}`;
  download(name, file.content, file.mime);
  // Said in place of the last export's words, which would otherwise stand as if they were about
  // it; not while an export is under way, whose progress they are.
  if (!host.parts.get("export")?.busy) line.tell(`Saved ${name}.`);
}

/** The painter's `palette` as the core's SVG takes it. */
const svgColours = (palette) => ({
  light: palette["light-square"], dark: palette["dark-square"], from: palette["path-from"],
  to: palette["path-to"], accent: palette.accent, ink: palette.ink,
});
