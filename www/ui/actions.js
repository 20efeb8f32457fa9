// What the visitor can do on a board: one set of actions for the controls, the play view's
// buttons and the keys (keymap.js), so that a key does what its button does. Each does nothing
// until the board is live; play mode's do nothing while a run is watched. The full layout's panel
// adds its own (panel-actions.js).

import { builder } from "../core.js";

/** The actions of `table` (by name) for the element `host`: each does nothing until it is live. */
export const whenLive = (host, table) =>
  Object.fromEntries(Object.entries(table).map(([name, action]) => [name, (...args) => host.live && action(...args)]));

/**
 * The actions of `host`, the element: what its run's `controller` does (through `update`, which
 * shows what it did), its settings changed (`change`, `restart`), its `mode`'s, its `board`'s, its
 * `sharing`'s, and its notice dismissed.
 */
export function actions(host) {
  const run = (action) => host.update(() => action(host.controller));
  const play = (action) => host.mode.name === "play" && action(host.mode);
  return whenLive(host, {
    togglePlay: () => (host.controller.running ? run((controller) => controller.pause()) : host.play()),
    step: () => run((controller) => controller.step()),
    reset: () => host.restart(),
    back: () => run((controller) => controller.stepBack()),
    change: (patch, restart) => host.change(patch, restart),
    // Play mode on: the board it is played on comes into view (on a phone the page stays at the switch).
    playYourself: (on) => {
      host.change({ play: on });
      if (on) host.board.reveal();
    },
    switchToBuilder: () => {
      host.change({ heuristic: builder().name });
      host.play();
    },
    choose: () => host.board.chooser.choose(), // a key's: the keyboard's part has made it
    export: (kind) => host.sharing.export(kind),
    dismiss: () => host.dismiss(),
    hideHeat: () => host.counts?.hideHeat(),
    undo: () => play((mode) => mode.undo()),
    hint: () => play((mode) => mode.hint()),
    showMe: () => play((mode) => mode.showMe()),
    restartGame: () => play((mode) => mode.restartGame()),
    copyReplay: () => play((mode) => mode.copyReplay()),
  });
}
