// What the visitor can do in the full layout's panel, besides what every board has (actions.js):
// go to an event on the timeline, change the board's size, race two heuristics, open and close
// the keyboard help, and share a link or a snippet.

import { heuristic, readBoard, sameSquare } from "../core.js";
import { whenLive } from "./actions.js";
import { boardWords, sentence } from "./text.js";

/** The panel's actions of `host`, the element: its `controller`'s, its settings', its `help` dialog's and its `sharing`'s. */
export function panelActions(host) {
  return whenLive(host, {
    seek: (event) => host.update(() => host.controller.seek(event)),
    resize: (rows, cols) => resize(host, rows, cols),
    race: () => {
      // Against a search the fixed order; against fixed or divide, Warnsdorff's rule.
      const { heuristic: name } = host.settings;
      const other = name === "fixed" || !heuristic(name).searches ? "warnsdorff" : "fixed";
      host.change({ race: [name, other] }, false);
    },
    help: () => host.help.show(),
    closeHelp: () => host.help.close(),
    share: (kind) => host.sharing.share(kind),
  });
}

/**
 * A new size typed or picked, `rows` and `cols` as text (a field's value, a preset's): read by
 * the core, which says in its words what is wrong, beside the fields, whatever the run is doing.
 * One rule for the start, typed or picked: it keeps its name where the new board has a square of
 * that name (c3 stays c3, a1 the bottom-left corner, ab7 stays ab7), else none is chosen; the
 * status says which.
 */
function resize(host, rows, cols) {
  const { controls, controller, settings } = host;
  let size;
  try {
    size = readBoard(rows, cols);
  } catch (error) {
    controls.refuseSize(`${sentence(error.message)}. The board stays ${boardWords(settings.rows, settings.cols)}.`);
    return;
  }
  controls.refuseSize(null);
  const [before, start] = [settings.start, sameSquare(...size, settings.start)];
  host.change({ rows: size[0], cols: size[1], start });
  // Said until the run starts over for another reason (restart forgets it).
  if (before !== null) controller.startKept = { before, start };
  host.render();
}
