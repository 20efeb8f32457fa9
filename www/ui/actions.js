// What the visitor can do on a board: one set of actions for the controls, the play view's
// buttons and the keys (keymap.js), so that a key does what its button does. Each does nothing
// until the board is live; play mode's do nothing while a run is watched.

import { builder, heuristic, readBoard, sameSquare } from "../core.js";
import { boardWords, sentence } from "./text.js";

/**
 * The actions of `host`, the element: what its run's `controller` does (through `update`, which
 * shows what it did), its settings changed (`change`, `restart`), its `mode`'s, its `help`
 * dialog's, its `board`'s, its `sharing`'s, and its notice dismissed.
 */
export function actions(host) {
  const live = (action) => (...args) => host.live && action(...args);
  const run = (action) => host.update(() => action(host.controller));
  const play = (action) => host.mode.name === "play" && action(host.mode);
  return Object.fromEntries(Object.entries({
    togglePlay: () => (host.controller.running ? run((controller) => controller.pause()) : host.play()),
    step: () => run((controller) => controller.step()),
    reset: () => host.restart(),
    back: () => run((controller) => controller.stepBack()),
    seek: (event) => run((controller) => controller.seek(event)),
    change: (patch, restart) => host.change(patch, restart),
    // Play mode on: the board it is played on comes into view (on a phone the page stays at the switch).
    playYourself: (on) => {
      host.change({ play: on });
      if (on) host.board.reveal();
    },
    resize: (rows, cols) => resize(host, rows, cols),
    race: () => {
      // Against a search the fixed order; against fixed or divide, Warnsdorff's rule.
      const { heuristic: name } = host.settings;
      const other = name === "fixed" || !heuristic(name).searches ? "warnsdorff" : "fixed";
      host.change({ race: [name, other] }, false);
    },
    switchToBuilder: () => {
      host.change({ heuristic: builder().name });
      host.play();
    },
    help: () => host.help?.show(),
    closeHelp: () => host.help?.close(),
    choose: () => host.board.choose(),
    share: (kind) => host.sharing.share(kind),
    export: (kind) => host.sharing.export(kind),
    dismiss: () => host.dismiss(),
    hideHeat: () => host.counts?.hideHeat(),
    undo: () => play((mode) => mode.undo()),
    hint: () => play((mode) => mode.hint()),
    showMe: () => play((mode) => mode.showMe()),
    restartGame: () => play((mode) => mode.restartGame()),
    copyReplay: () => play((mode) => mode.copyReplay()),
  }).map(([name, action]) => [name, live(action)]));
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
