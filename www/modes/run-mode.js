// Watching a run: the element's mode while the core's search (or divide's walk) plays out on the
// board. The run controller (run/controller.js) holds the run; this mode ticks it, paints it and
// writes it into the status (status-view.js), the teaching view where there is one, and the
// board's accessible name.
//
// The element holds one mode at a time, this one or play mode (play-mode.js), and swaps them when
// the `play` setting changes. Both have the same shape:
// - `name`: "run" or "play", as the keymap (ui/keymap.js) tells a mode's keys apart;
// - `running`: whether it wants search time in this frame; `moving`: whether it wants frames;
//   `holding`: whether the board waits to be painted (a tour laid at full speed is shown whole);
// - `tick(now, budget)`: its work for up to `budget` ms of the frame, returning whether the board
//   changed; `paint(now)`: the board and what goes with it; `render()`: the words and buttons;
//   `resume(now)`: the board is in sight again after frames without it (it goes on where it stood);
// - `path` (the squares so far), `start` (the start square, or -1);
// - `restart(animate)`: a new run or game from the settings, returning a problem in words or
//   null; `halt()`: the core trapped (core.js), keep what the restart after must play again; `pick(square)`: a square clicked or chosen by keyboard; `takes(action)`: whether a key's
//   action (the keymap's) does anything now;
// - `enter()`, `leave()`: the mode becomes, or stops being, the element's; `dispose()`: the board
//   goes away;
// - what it exports (share.js): `exportable(kind)` whether it has something to save as `kind`
//   now; `file(kind, colours)`, the core's text of it (`{type, content, mime}`: `svg`, `moves`,
//   `json`) or null; `gifJob()`, what the GIF's worker makes; `film()`, what a video films (see
//   animated-export.js), each null where there is nothing yet.

import { load } from "../core.js";
import { searchSettings } from "../ui/settings.js";
import { counted, grouped } from "../ui/text.js";

export class RunMode {
  /**
   * `host` is the element: its `controller` (the run), `board`, `status`, and where it has them,
   * its `teaching` view and its `counts` (whose heat map's legend follows the pointer).
   */
  constructor(host) {
    this.host = host;
  }

  get name() {
    return "run";
  }

  get controller() {
    return this.host.controller;
  }

  /** A run under way, or a jump on the timeline replaying. */
  get running() {
    return this.controller.running || this.controller.seeking;
  }

  /** A search under way, a move animated, a jump replaying. */
  get moving() {
    return this.controller.moving;
  }

  get holding() {
    return this.controller.laying;
  }

  /** A view of the run's path: read it at once (see `RunController.path`). */
  get path() {
    return this.controller.path;
  }

  get start() {
    return this.controller.start;
  }

  tick(now, budget) {
    const moved = this.controller.moving; // a run that ends in this frame still shows its end
    this.controller.tick(now, budget);
    return moved;
  }

  resume(now) {
    this.controller.resume(now);
  }

  paint(now) {
    const { controller } = this;
    const { board, counts, teaching } = this.host;
    board.paint({ ...controller.paintView(now, board.hover), candidates: teaching?.candidates(controller) ?? null });
    counts?.point(board, (square) => controller.name(square));
    teaching?.paint(controller);
  }

  render() {
    const { controller } = this;
    const { board, status, teaching } = this.host;
    status.render(controller);
    teaching?.render(controller);
    board.playMode(false);
    board.describe(this.label());
  }

  /** The run is the settings' own: made again from them. */
  halt() {}

  /** The run starts over in the controller, which the element restarts in either mode. */
  restart() {
    return null;
  }

  /** A square picked: the knight starts there, and sets off. */
  pick(square) {
    const { controller, host } = this;
    host.change({ start: controller.name(square) });
    controller.placeStart();
    host.play();
  }

  /** Playing, stepping and resetting need a run. */
  takes() {
    return this.controller.run !== null;
  }

  exportable(kind) {
    const { run, mode } = this.controller;
    if (kind === "json") return run !== null && mode === "finished";
    if (kind === "gif" || kind === "webm") return run !== null && run.position > 0; // the run so far
    return run !== null;
  }

  async file(kind, colours) {
    const { controller } = this;
    const { run } = controller;
    if (!run) return null;
    if (kind === "svg") return { type: "svg", content: run.svg(colours), mime: "image/svg+xml" };
    // The move list and the report are the teaching part's, which the run moves into.
    if (kind === "moves" || kind === "json") await load("teach");
    if (controller.run !== run) return null; // started over meanwhile
    if (kind === "moves") return { type: "txt", content: run.moves() };
    const report = kind === "json" ? run.report(controller.runningTime()) : null;
    return report ? { type: "json", content: report, mime: "application/json" } : null;
  }

  /** The run to the event the board stands at, made again by the worker from its settings. */
  gifJob() {
    const { run, settings } = this.controller;
    return this.exportable("gif") ? { settings: searchSettings(settings), events: run.position } : null;
  }

  /** The run replayed from its start to the event it stands at, at the video's pace. */
  film() {
    const { controller, host } = this;
    const { run } = controller;
    if (!this.exportable("webm")) return null;
    const until = run.position;
    return {
      start: (seconds) => host.update(() => controller.replay(until, until / seconds)),
      playing: () => controller.replaying,
      fraction: () => run.position / until,
      interrupted: () => {
        if (controller.run !== run) return "the run was started over";
        return !controller.replaying && run.position < until ? "the replay was interrupted" : null;
      },
      changed: () => host.changed(),
      end: () => {},
    };
  }

  enter() {}

  leave() {}

  dispose() {}

  /** The board's accessible name: the board, the run, the heat map, and how to choose a start. */
  label() {
    const { controller } = this;
    const { board, counts, settings } = this.host;
    const { path, run } = controller;
    // Read out of the path's view before the names, which the core makes, may move its memory.
    const [depth, knight] = [path.length, path[path.length - 1]];
    const name = (square) => controller.name(square);
    const heat = counts?.heat ?? null;
    const where = depth ? `, knight on ${name(knight)}, ${counted(depth, "square", grouped)} visited` : "";
    const tours = heat && board.choosing ? ` (${heat.words(board.cursor)} tours from it)` : "";
    const keys = board.choosing
      ? `; choosing a start square, cursor on ${board.cursorName}${tours}: arrows move it, Enter starts the knight there, Escape cancels`
      : `; Enter to choose a start square`;
    const shown = heat ? ", showing how many tours start from each square (the legend below the board has the scale)" : "";
    return `${settings.rows} by ${settings.cols} board${run ? `, start ${name(run.start)}` : ""}${where}${shown}${keys}`;
  }
}
