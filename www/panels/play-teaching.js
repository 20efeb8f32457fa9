// The teaching view in play mode: the search as the visitor plays it, the visitor choosing the
// moves and the core checking each position with the pruning rules the search uses (Dead-end
// pruning), split into one line each, so that the rule that fired lights up: a class plays
// "against" the rules before it watches a search use them. The rules' roles are the core's names
// for them (`Reason::cut`: stranded, ends, split, no-way-back); the reasons no pruning rule gives
// are the theorems' line, the knight stuck, and the exhaustive search's.

import { isTour } from "../core.js";
import { escape } from "../ui/text.js";

/** The pseudocode of play mode, as lines with a role each (as `pseudocode` in teaching.js). */
export function playCode({ closed }) {
  const tour = closed ? "closed tour" : "tour";
  const lines = [
    ["theorem", "if a theorem rules out a tour from the start, or counting colours (or Flye Sainte-Marie's rule, on a board 4 wide) rules out what is left: <b>no tour</b>"],
    ["place", "<b>you</b> place the knight on a free square a knight's move away, as move <i>n</i>"],
    ["done", closed
      ? "if every square is visited and the last is a knight's move from the first: <b>closed tour</b>"
      : "if every square is visited: <b>tour found</b>"],
    ["stranded", "if a free square has no way on left (the knight could at most step onto it and stop there): <b>prune</b>"],
    ["ends", "if more free squares have only one way left than a path has ends: <b>prune</b>"],
    ["split", "if the free squares have fallen apart: no single path covers them, <b>prune</b>"],
  ];
  if (closed) lines.push(["no-way-back", "if the start has no free neighbour left: a closed tour cannot come back, <b>prune</b>"]);
  lines.push(["stuck", "if the knight has no free square to move to: <b>dead end</b>"]);
  lines.push(["search", `otherwise search every way on for the rest of a ${tour}:`]);
  lines.push(["exhausted", "&nbsp;&nbsp;none: <b>no tour from here</b>, proved by trying them all"]);
  lines.push(["found", "&nbsp;&nbsp;one: <b>a tour is still possible</b>; its next move is the hint"]);
  return lines;
}

/**
 * The lines the last move passed and the one the position stands at, `{passed, current, note}`,
 * from the game (a PlayController): the rule that fired is the current line, with its reason in
 * the core's words in the note.
 */
export function playTrace(game) {
  const status = game.status();
  if (status === "idle" || status === "failed") return { passed: [], current: null, note: "" };
  if (isTour(status)) return { passed: ["place"], current: "done", note: "" };
  const { ruling } = game;
  const move = game.placed > 1 ? ["place", "done"] : [];
  const rules = ["stranded", "ends", "split", ...(game.settings.closed ? ["no-way-back"] : [])];
  if (!ruling || ruling.verdict === "thinking") return { passed: [...move, ...rules], current: "search", note: "" };
  if (ruling.verdict === "possible") return { passed: [...move, ...rules, "search"], current: "found", note: "" };
  const reason = escape(ruling.reason ?? "");
  if (ruling.cut) {
    return {
      passed: [...move, ...rules.slice(0, rules.indexOf(ruling.cut))],
      current: ruling.cut,
      note: `<strong>Pruned:</strong> ${reason}. A search with Dead-end pruning would take this move back at once, without looking further.`,
    };
  }
  if (ruling.rule === "stuck") return { passed: [...move, ...rules], current: "stuck", note: `<strong>Stuck:</strong> ${reason}.` };
  if (ruling.rule === "exhausted") {
    return { passed: [...move, ...rules, "search"], current: "exhausted", note: `<strong>No completion:</strong> ${reason}. No rule saw it: only the search did.` };
  }
  return {
    passed: [],
    current: "theorem",
    note: `<strong>Ruled out:</strong> ${reason}. No pruning rule of the search sees this; the theorem does.`,
  };
}
