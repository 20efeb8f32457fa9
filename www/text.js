// Small helpers for the words the page writes.

/** A count, short: 12345 → "12.3 k", 2.5e6 → "2.50 M". */
export function formatCount(n) {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} B`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(1)} k`;
  return String(Math.round(n));
}

/** Text made safe to put into HTML. */
export function escape(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}
