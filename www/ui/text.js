// Small helpers for the words the page writes.

/** Whether the page is used by touch (its main pointer a finger), asked once first needed. */
let touch = null;

/** The verb for pressing a square: "tap" on a touch screen (its main pointer a finger), else "click". */
export function press() {
  touch ??= matchMedia("(pointer: coarse)");
  return touch.matches ? "tap" : "click";
}

/** The core's words (or any) at the start of a sentence: "A 0×8 board…". */
export const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A count, short: 5422 → "5,422", 12345 → "12.3 k", 2.5e6 → "2.50 M" (a no-break space before
 * the unit, so a line never breaks inside a number). It rounds down, as a counter must: a path
 * of 249,999 squares is "249.9 k", never the "250.0 k" of the whole board.
 */
export function formatCount(n) {
  // Dividing by the last digit's place first keeps the rounding exact: 0.29 * 100 is not 29.
  const down = (place, unit) => (Math.floor(n / place) * (place / unit)).toFixed(Math.round(Math.log10(unit / place)));
  if (n >= 1e12) return `${down(1e10, 1e12)}\u00a0T`;
  if (n >= 1e9) return `${down(1e7, 1e9)}\u00a0B`;
  if (n >= 1e6) return `${down(1e4, 1e6)}\u00a0M`;
  if (n >= 1e4) return `${down(1e2, 1e3)}\u00a0k`;
  return grouped(Math.floor(n));
}

/**
 * A count and its noun, the noun singular for one: "1 placement", "12.3 k placements"; short by
 * `formatCount`, or by `format` (`grouped` for every digit).
 */
export function counted(n, word, format = formatCount) {
  return `${format(n)} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * A count with every digit, grouped: 1048575 → "1,048,575". Counts past 2^53 come from the core
 * as decimal text (or BigInt) and are grouped exactly: "13267364410532" → "13,267,364,410,532".
 * Not by `toLocaleString`: its first call in a page loads the locale's data, tens of milliseconds
 * of the page's thread (11 to 26 ms measured in Chromium on the shared development machine),
 * which fell on the first report of a count.
 */
export function grouped(n) {
  if (typeof n === "number" && !Number.isFinite(n)) return n.toLocaleString("en"); // "∞": no digits
  const digits = String(typeof n === "number" ? BigInt(Math.floor(n)) : BigInt(n));
  return digits.replace(/\B(?=(\d{3})+$)/g, ",");
}

/** Ten to the power `exponent`, with superscript digits: 10²⁷. */
export function powerOfTen(exponent) {
  return `10${[...String(exponent)].map((digit) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[digit]).join("")}`;
}

/**
 * A number of events that may be astronomically large: short up to a trillion, then as a power
 * of ten (10²⁷); infinite estimates are "more than 10³⁰⁸".
 */
export function formatHuge(n) {
  if (!Number.isFinite(n)) return `more than ${powerOfTen(308)}`;
  if (n < 1e12) return formatCount(n);
  return powerOfTen(Math.round(Math.log10(n)));
}

/** The age of the universe, in seconds (13.8 billion years). */
const UNIVERSE_SECONDS = 13.8e9 * 365.25 * 86400;

/** A length of time, roughly: "about 3 minutes", "about 10⁵ years". */
export function formatDuration(seconds) {
  if (!Number.isFinite(seconds) || seconds > UNIVERSE_SECONDS) return "longer than the age of the universe";
  if (seconds < 1) return "under a second";
  const units = [["year", 365.25 * 86400], ["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
  const [unit, size] = units.find(([, size]) => seconds >= size);
  const value = Math.round(seconds / size);
  if (value >= 10_000) return `about ${powerOfTen(Math.round(Math.log10(value)))} ${unit}s`;
  return `about ${grouped(value)} ${unit}${value === 1 ? "" : "s"}`;
}

/** A board's size as people read it: "6×8", 6 rows of 8 columns (the core reads "6x8": `boardSetting`). */
export const boardWords = (rows, cols) => `${rows}×${cols}`;

/** Text made safe to put into HTML, an attribute's value too. */
export function escape(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/** The core's words with the page's figures in their braces: `fill("after {depth} squares", {depth: 60})`. */
export function fill(words, figures) {
  return words.replace(/\{(\w+)\}/g, (slot, name) => (name in figures ? String(figures[name]) : slot));
}
