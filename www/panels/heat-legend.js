// The heat map's legend under the board: what the colours count, the scale from the fewest
// tours to the most (logarithmic: the ramp's colours at the fewest, the middle and the most),
// the plain colour of squares no tour starts from, the board's total with its OEIS sequence, the
// count of the square under the pointer, and Hide.

import { css, ramp } from "../ui/colour.js";
import { formatCount, grouped } from "../ui/text.js";
import { Shown } from "../ui/shown.js";

/** The ramp as a CSS gradient, in as many stops as the ramp has. */
const GRADIENT = `linear-gradient(to right, ${Array.from({ length: 9 }, (_, i) => css(ramp(i / 8))).join(", ")})`;

export class HeatLegend {
  /** `root` holds `.heat-legend`; `hide()` is asked for by its button. Listeners end with `signal`. */
  constructor(root, hide, signal) {
    const $ = (selector) => root.querySelector(selector);
    this.box = $(".heat-legend");
    this.title = $("#heat-title");
    this.bar = $(".heat-bar");
    this.ticks = $(".heat-ticks");
    this.none = $(".heat-none");
    this.total = $(".heat-total");
    this.square = $(".heat-square");
    this.bar.style.backgroundImage = GRADIENT;
    this.shown = new Shown();
    $("[data-action=hide-heat]").addEventListener("click", hide, { signal });
  }

  /** Shows the legend of `heat` (a HeatMap): `total` is its line about the whole board, as HTML. */
  show(heat, total) {
    const { rows, cols, closed } = heat;
    this.title.textContent = `${closed ? "Closed tours through" : "Tours from"} each square of ${rows}×${cols}`;
    this.ticks.innerHTML = heat.ticks()
      .map(({ value, t }) => `<span style="left: ${(t * 100).toFixed(2)}%">${formatCount(Math.round(value))}</span>`).join("");
    this.ticks.dataset.scale = heat.high === heat.low ? "one" : "log";
    this.none.hidden = !heat.none;
    this.total.innerHTML = total;
    this.hover(null);
    this.box.hidden = false;
  }

  hide() {
    this.box.hidden = true;
  }

  /** The square under the pointer, `{name, words}` (its count grouped), or null. */
  hover(square) {
    this.shown.text(this.square, square ? `${square.name}: ${square.words} ${square.words === "1" ? "tour" : "tours"}` : "Point at a square for its count.");
  }
}

/** The board's total in words for the legend, as HTML: "1,728 in all (OEIS A165134, A083386)". */
export function totalWords(answer, closed, links) {
  const what = closed ? "closed tours, each through every square" : "tours in all, each direction counted";
  return `${grouped(answer.tours)} ${what}${links ? ` (${links})` : ""}.`;
}
