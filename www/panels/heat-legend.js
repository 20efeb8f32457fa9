// The heat map's legend under the board: what the colours count, the scale from the fewest
// tours to the most (logarithmic: the ramp's colours at the fewest, the middle and the most),
// the plain colour of squares no tour starts from, the board's total with its OEIS sequence, the
// count of the square under the pointer, and Hide.

import { css } from "../ui/colour.js";
import { ramp } from "../ui/ramp.js";
import { boardWords, formatCount, grouped, press } from "../ui/text.js";
import { Shown } from "../ui/shown.js";

/** The ramp as a CSS gradient, in as many stops as the ramp has. */
const GRADIENT = `linear-gradient(to right, ${Array.from({ length: 9 }, (_, i) => css(ramp(i / 8))).join(", ")})`;

/** The ramp in words, for a screen reader: viridis runs from a dark purple to yellow. */
const RAMP_WORDS = "The colours from the fewest tours, dark purple, to the most, yellow";

export class HeatLegend {
  /** `root` holds `.heat-legend`; `hide()` is asked for by its button. Listeners end with `signal`. */
  constructor(root, hide, signal) {
    const $ = (selector) => root.querySelector(selector);
    this.box = $(".heat-legend");
    this.title = $("#heat-title");
    this.bar = $(".heat-bar");
    this.ticks = $(".heat-ticks");
    this.caption = $(".heat-caption");
    this.none = $(".heat-none");
    this.total = $(".heat-total");
    this.square = $(".heat-square");
    this.shown = new Shown();
    $("[data-action=hide-heat]").addEventListener("click", hide, { signal });
  }

  /** Shows the legend of `heat` (a HeatMap): `total` is its line about the whole board, as HTML. */
  show(heat, total) {
    const { rows, cols, closed } = heat;
    const alike = heat.high === heat.low;
    this.title.textContent = `${closed ? "Closed tours" : "Tours"} from each square of ${boardWords(rows, cols)}${closed ? ", each way round" : ""}`;
    // The same count everywhere (a closed tour passes through every square) is one colour, not a scale.
    this.bar.style.backgroundImage = alike ? "none" : GRADIENT;
    this.bar.style.backgroundColor = alike ? css(ramp(1)) : "";
    this.bar.setAttribute("aria-label", alike ? "One colour: the same count on every square" : RAMP_WORDS);
    this.caption.textContent = alike ? `as many from every square${heat.none ? " a tour starts from" : ""}` : "fewest to most, on a logarithmic scale";
    // The ends are counts of squares on the board, exact where the digits fit; the middle is the
    // scale's (a geometric mean), short.
    const tick = (value) => (Number.isInteger(value) && value < 1e7 ? grouped(value) : formatCount(Math.round(value)));
    this.ticks.innerHTML = heat.ticks()
      .map(({ value, t }) => `<span style="left: ${(t * 100).toFixed(2)}%">${tick(value)}</span>`).join("");
    this.ticks.dataset.scale = alike ? "one" : "log";
    this.none.hidden = !heat.none;
    this.total.innerHTML = total;
    this.hover(null);
    this.box.hidden = false;
  }

  hide() {
    this.box.hidden = true;
  }

  /**
   * The square pointed at (under the pointer, clicked or tapped, or the keyboard's cursor),
   * `{name, words, picked}` (its count grouped; whether a click or tap picked it, which a second
   * one starts from), or null.
   */
  hover(square) {
    const verb = press();
    const again = square?.picked ? ` (${verb} it again to start there)` : "";
    const ask = verb === "tap" ? "Tap a square for its count." : "Point at or click a square for its count.";
    this.shown.text(this.square, square ? `${square.name}: ${square.words} ${square.words === "1" ? "tour" : "tours"}${again}` : ask);
  }
}

/**
 * The board's total in words for the legend, as HTML: "1,728 tours in all, each direction counted
 * (OEIS A165134; OEIS A083386)."; closed: "9,862 closed tours (OEIS A001230), each through every
 * square: 19,724 from each, one for each way round."
 */
export function totalWords(answer, closed, links) {
  const sequences = links ? ` (${links})` : "";
  return closed
    ? `${grouped(answer.tours)} closed tours${sequences}, each through every square: ${grouped(answer.grid[0])} from each, one for each way round.`
    : `${grouped(answer.tours)} tours in all, each direction counted${sequences}.`;
}
