// Counting, as the full layout has it: the panel that counts tours in workers (counting.js), the
// lesson on how the count counts beside it (count-lesson.js), and a count from every
// square shown as a heat map over the board (board/heat-map.js) with its legend (heat-legend.js).
// The heat map is a layer over whatever the board shows: hidden, the run is there as painted.
//
// Loaded with the full layout (parts.js): a compact board never evaluates any of it. The panel
// asks for the core's counting on its first count.

import { sameSquare } from "../core.js";
import { HeatMap } from "../board/heat-map.js";
import { CountLesson } from "./count-lesson.js";
import { TourCount, citations } from "./counting.js";
import { HeatLegend, totalWords } from "./heat-legend.js";

const here = (path) => new URL(path, import.meta.url).href;

export class CountPart {
  /**
   * `root` holds the panel's count group with its `.count-lesson`, and the heat legend; `host`
   * is the element: its `settings`, its run's `controller`, its `board`, and `changed`,
   * `panelChanged` and `render` to show what changed. Listeners end with `signal`.
   */
  constructor(root, host, signal) {
    this.host = host;
    this.heat = null; // the heat map of the last count from every square, while it is on the board
    this.legend = new HeatLegend(root, () => this.hideHeat(), signal);
    this.lesson = new CountLesson(root, host, signal);
    this.count = new TourCount(root, here("count-worker.js"), {
      asked: () => this.asked(),
      changed: () => host.panelChanged(),
      counted: (request, answer) => this.counted(request, answer),
      watched: (state, rate) => this.lesson.update(state, rate),
    }, signal);
  }

  /** The count's buttons; `picked`: a start square is picked, so there is a start to count from. */
  render(picked) {
    this.count.render(picked);
  }

  /** The teaching view is on (`on`) or off: the lesson opens with it. */
  showLesson(on) {
    this.lesson.show(on);
  }

  /**
   * What the settings ask to count: `{rows, cols, from, closed}`, `from` the start's name: the
   * run's, or the one chosen where there is no run (play mode, a tour being built in the worker);
   * null before one is picked.
   */
  asked() {
    const { controller, settings } = this.host;
    const { run } = controller;
    const { rows, cols, closed, start } = settings;
    return { rows, cols, from: run ? controller.name(run.start) : sameSquare(rows, cols, start), closed };
  }

  /** A count's answer: one from every square goes on the board as a heat map, if the board is still its size. */
  counted({ rows, cols, from, closed }, answer) {
    const { host } = this;
    if (from !== null || rows !== host.settings.rows || cols !== host.settings.cols) return;
    this.heat = new HeatMap({ rows, cols, grid: answer.grid, closed });
    host.board.overlay = this.heat;
    this.legend.show(this.heat, totalWords(answer, closed, citations(answer.citations.map((citation) => ({ ...citation, words: "{sequence}" })))));
    host.changed();
    host.render();
    host.board.reveal(); // the map is what was asked for: on a phone the page stands at the button
  }

  /** The heat map goes, and the board shows the run again, as it was. */
  hideHeat() {
    if (!this.heat) return;
    this.heat = null;
    this.host.board.overlay = null;
    this.legend.hide();
    this.host.changed();
  }

  /** The board is now `rows` × `cols`: a heat map of another size goes. */
  keepFor({ rows, cols }) {
    if (this.heat && (this.heat.rows !== rows || this.heat.cols !== cols)) this.hideHeat();
  }

  /**
   * The legend's count of the square pointed at on `board`: under the pointer, or the keyboard's
   * cursor while choosing a start; `name(square)` names it. A square a click or a tap picked
   * says that a second one starts there.
   */
  point(board, name) {
    if (!this.heat) return;
    const { hover, choosing, cursor, selected } = board;
    const square = choosing ? cursor : hover;
    const picked = !choosing && square === selected;
    this.legend.hover(square >= 0 ? { name: name(square), words: this.heat.words(square), picked } : null);
  }

  dispose() {
    this.count.dispose();
  }
}
