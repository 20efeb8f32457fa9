// What would give a tour where the search found none: the core's answers (`exists`) for the
// board, start and options shown, in words. The full layout's hints (hints.js) ask it too; a
// compact board fetches it when it first has no tour from its start (status-view.js).

import { boardSetting, catalogue, exists } from "../core.js";
import { boardWords, sentence } from "../ui/text.js";

/** A board of the core's catalogue (`6x6`, as settings write it) in words: 6×6. */
const shape = (board) => boardWords(...board.split("x"));

/** The core's answer for the run's board and start, open or `closed`: `{tour, remedy, closedTour}`. */
export function ask(controller, closed) {
  const { rows, cols } = controller.settings;
  return exists({ board: boardSetting(rows, cols), start: controller.name(controller.run.start), closed });
}

/**
 * What would give a tour where there is none from here: the core's remedy, in words. A closed
 * tour that cannot be had is asked about again as an open one, so the hint never offers an open
 * tour from a square that has none.
 */
export function remedy(controller) {
  const { settings } = controller;
  const answer = ask(controller, settings.closed);
  if (answer.tour) return ""; // the search found none where the core knows one: nothing to suggest honestly
  const { closedBoards, touredFrom } = catalogue().existence;
  const boards = closedBoards.map(shape).join(" or ");
  const closedTours = `try ${boards}, which have closed tours from every square`;
  if (answer.remedy === "open-tour") {
    const open = settings.closed ? ask(controller, false) : answer;
    if (open.tour) return `Turn off Closed tour: an open tour starts here. Or ${closedTours}.`;
    if (open.remedy === "other-board") return `Try another board, such as ${boards}: every square of those starts a closed tour.`;
    return `Turn off Closed tour and ${open.advice}, or ${closedTours}.`;
  }
  if (answer.remedy === "other-board") {
    return `Try another board: no square of ${boardWords(settings.rows, settings.cols)} starts a tour; every board at least ${boardWords(touredFrom, touredFrom)} has tours.`;
  }
  return `${sentence(answer.advice)}.`;
}
