// The lesson on counting, beside the count ("How is this counted?", open from the start where the
// teaching view is on): why dynamic programming over the frontier counts what listing never could. What the sweep remembers per column (for the squares a knight reaches
// back to: their degrees so far and which path ends are joined), how many such states this
// board's count held column by column (a chart, from the worker's reports), and beside it
// Knuth's estimate of the search that would list the tours one by one, with how long that would
// take at the speed this machine lists them.

import { bytesWords } from "../core.js";
import { Shown } from "../ui/shown.js";
import { freshCanvas, themeColours } from "../ui/chart.js";
import { formatCount, formatDuration, formatHuge, grouped } from "../ui/text.js";

/** The size of the chart's axis labels, in CSS pixels, at the page's usual text size. */
const AXIS_FONT_PX = 12;

export class CountLesson {
  /**
   * `root` holds the count's `.count-lesson` (a `<details>`); `themed` the palette's CSS
   * variables and the text's scale. Listeners end with `signal`.
   */
  constructor(root, themed, signal) {
    const $ = (selector) => root.querySelector(selector);
    this.box = $(".count-lesson");
    this.how = $(".lesson-how");
    this.chart = $(".states-chart");
    this.states = $(".lesson-states");
    this.listing = $(".lesson-listing");
    this.themed = themed;
    this.shown = new Shown();
    this.state = null; // the count's last words (see TourCount)
    this.rate = null; // placements a second of the last listing
    this.teach = false;
    // Opened, its chart is drawn: it needs the room it is given.
    this.box.addEventListener("toggle", () => this.render(), { signal });
  }

  /** The teaching view is on (`on`): the lesson is open, as the class is there to learn. */
  show(on) {
    if (on && !this.teach) this.box.open = true;
    this.teach = on;
    this.render();
  }

  /** What the count said; `rate`: how fast this machine listed tours last, or null. */
  update(state, rate) {
    this.state = state;
    this.rate = rate;
    this.render();
  }

  render() {
    const { state, rate } = this;
    this.shown.hidden(this.box, !state?.outline);
    if (!state?.outline) return;
    const { listing, progress, answer } = state;
    // The count's sweeps or searches: of a count made by several workers, all of theirs (the
    // core's sum in the progress), where each one's outline tells its own.
    const outline = { ...state.outline, parts: progress?.parts ?? state.outline.parts };
    const sweep = progress?.sweep ?? null;
    this.shown.html(this.how, how(outline));
    this.shown.hidden(this.chart, !sweep);
    this.shown.html(this.states, sweep ? held(outline, sweep, answer) : "");
    this.shown.hidden(this.states, !sweep);
    this.shown.html(this.listing, listed(listing, progress, rate));
    this.shown.hidden(this.listing, !listing);
    if (sweep && this.box.open) this.paint(sweep.statesPerColumn); // folded, the chart has no room to draw in
  }

  /**
   * The states per column as bars, the fullest column the chart's height, with its axes: the
   * states up the left (none, and the most, short) under the title "states", the columns along
   * the bottom (numbered from 1, as many as fit) over the title "column".
   */
  paint(perColumn) {
    const fresh = freshCanvas(this.chart);
    if (!fresh) return;
    const { ctx, width, height } = fresh;
    const colour = themeColours(this.themed);
    const most = Math.max(1, ...perColumn);
    // Large text makes the labels larger too (the element's --kt-scale).
    const px = Math.round(AXIS_FONT_PX * (Number(getComputedStyle(this.themed).getPropertyValue("--kt-scale")) || 1));
    ctx.font = `${px}px system-ui, sans-serif`;
    const line = px + 3;
    const [top, bottom] = [px / 2 + 1, height - 2 * line];
    const left = line + Math.ceil(ctx.measureText(formatCount(most)).width) + 6;
    const slot = (width - left) / perColumn.length;
    ctx.fillStyle = colour("muted");
    ctx.fillRect(left - 2, top, 1, bottom - top);
    ctx.fillRect(left - 2, bottom, width - left + 2, 1);
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    ctx.fillText(formatCount(most), left - 5, top);
    ctx.fillText("0", left - 5, bottom);
    ctx.textAlign = "center";
    ctx.textBaseline = "bottom";
    // Every column's number where they fit, else every second, fifth... and the last.
    const every = [1, 2, 5, 10, 20, 50].find((step) => step * slot >= ctx.measureText("99").width + 4) ?? 100;
    perColumn.forEach((_, column) => {
      if ((column + 1) % every === 0 || column === 0) ctx.fillText(String(column + 1), left + (column + 0.5) * slot, height - line);
    });
    ctx.fillText("column", left + (width - left) / 2, height);
    ctx.save();
    ctx.translate(0, (top + bottom) / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textBaseline = "top";
    ctx.fillText("states", 0, 0);
    ctx.restore();
    ctx.fillStyle = colour("path-from");
    perColumn.forEach((states, column) => {
      const bar = Math.max(states ? 1 : 0, (states / most) * (bottom - top));
      ctx.fillRect(left + column * slot + slot * 0.15, bottom - bar, slot * 0.7, bar);
    });
    this.shown.attribute(this.chart, "aria-label",
      `States held, column by column: ${perColumn.map((states) => grouped(states)).join(", ")}`);
  }

}

/** How a count from every square goes (the core's `GridWay`), in words, as HTML. */
const EVERY_START = {
  cycles: () => " From every square at once: a closed tour passes through every square, so one count of the board's closed tours is every square's, once for each way round.",
  forwardAndBack: () => " From every square at once: one sweep keeps every step's table, a second goes back over them; the tours from a square add up where it leaves the frontier as an end.",
  byClass: ({ parts, memory }) => ` From every square: one count from a square of each kind the board's symmetries exchange (${parts} counts; a square's mirror images start as many tours). Counting from every square at once would keep every step's table, more than the ${memory.limitWords} a count may take.`,
};

/** How the count counts, in words, as HTML. */
function how(outline) {
  if (!outline.sweep) {
    return "<strong>Listing</strong> finds the tours one by one with the search (fixed move order, dead ends pruned): " +
      "it takes as long as there are tours. The frontier method would count them without listing a single one.";
  }
  const { columns, height, window } = outline.sweep;
  const every = outline.everyStart ? EVERY_START[outline.everyStart](outline) : "";
  return `<strong>The frontier method</strong> never lists a tour. It sweeps the board a column at a time ` +
    `(${columns} columns of ${height} squares), and after each square it remembers, for the last ${window} squares ` +
    `(as far back as a knight reaches), how many of the tour's moves each has (0, 1 or 2) and which loose path ends ` +
    `are joined to which: a <em>state</em>, with how many partial tours look that way. Partial tours in the same ` +
    `state have the same futures, so they are counted together, however many there are.${every}`;
}

/** What the sweeps held, in words, as HTML. */
function held({ parts }, sweep, answer) {
  const most = Math.max(...sweep.statesPerColumn);
  const column = sweep.statesPerColumn.indexOf(most) + 1;
  const tours = answer ? ` for <strong>${grouped(answer.tours)}</strong> tours` : " so far";
  const each = parts > 1 ? `, over its ${parts} sweeps` : "";
  return `At most <strong>${grouped(most)}</strong> states at once (column ${column}, ${bytesWords(sweep.peakBytes)})${tours}: ` +
    `the chart shows the most each column held${each}.`;
}

/** Knuth's estimate of listing the tours, and how long that would take here, as HTML. */
function listed(listing, progress, rate) {
  if (!listing) return "";
  const placements = listing.placements;
  const by = progress?.listing ? "This count lists them" : "Listing them one by one instead";
  const speed = rate
    ? ` At the ${formatCount(rate)} placements a second this machine listed at, that is ${formatDuration(placements / rate)}.`
    : " Tick “List them one by one” and count to see how fast this machine lists them.";
  return `${by}: <strong>Knuth's estimate</strong> of that search is about ${formatHuge(placements)} placements ` +
    `(${grouped(listing.probes)} random paths down its tree).${speed}`;
}
