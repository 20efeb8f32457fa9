// What the full layout's status suggests after a run's outcome, where the panel has the controls
// to act on it: a closed tour or the fixed order after a tour, a remedy where there is none, and
// what to turn on after a dead end or a walk that did not close. The core's answers (`exists`)
// for the board, start and options shown.

import { builder, heuristic } from "../core.js";
import { ask, remedy } from "./remedy.js";

/**
 * What to try after an open tour: a closed tour where the board has one, and the fixed order,
 * unless that is what just ran or races beside it, to watch backtracking (which needs
 * Backtracking on).
 */
function nextTry(controller) {
  const { settings } = controller;
  const tries = [];
  if (!settings.closed && ask(controller, false).closedTour) tries.push("a closed tour");
  const fixed = heuristic("fixed");
  // A board racing the fixed order has it beside it already.
  if (fixed && settings.heuristic !== fixed.name && !settings.race?.includes(fixed.name)) {
    tries.push(settings.backtracking
      ? "the fixed order to watch backtracking at work"
      : "the fixed order with Backtracking on, to watch backtracking at work");
  }
  return tries.length ? `Try ${tries.join(", or ")}.` : "";
}

/** What to try after a dead end: backtracking, or the heuristic that builds its tour. */
function instead() {
  return `Turn Backtracking on, or try ${builder().label.toLowerCase()}.`;
}

/** What to try after a greedy walk that covered the board without closing. */
function closing(controller) {
  const builds = ask(controller, true).tour ? `, or try ${builder().label.toLowerCase()}, which builds a closed tour` : "";
  return `Turn Backtracking on to search for a path that closes${builds}.`;
}

/** The hints after the status line of an outcome, by its name (see `StatusView`). */
export const HINTS = { "tour": nextTry, "no-tour": remedy, "impossible": remedy, "dead-end": instead, "unclosed": closing };
