// What the share menu hands out: the tour as a vector drawing, as a move list, as the command
// line's JSON, and the board as an image.

/**
 * The board and the path as SVG, in square units (the board is `cols` × `rows` user units), so
 * it stays sharp at any size: the checkered board, one polyline with a vertex per square of the
 * path, a ring on the start, and the move numbers.
 */
export function svg({ rows, cols, path, closed, palette, names }) {
  const parts = [];
  const light = rgb(palette["light-square"]);
  const dark = rgb(palette["dark-square"]);
  parts.push(`<rect width="${cols}" height="${rows}" fill="${light}"/>`);
  const darkSquares = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      if ((row + col) % 2 === 1) darkSquares.push(`M${col} ${row}h1v1h-1z`);
    }
  }
  if (darkSquares.length) parts.push(`<path d="${darkSquares.join("")}" fill="${dark}"/>`);
  const points = Array.from(path, (square) => `${(square % cols) + 0.5},${Math.floor(square / cols) + 0.5}`);
  if (points.length) {
    const from = rgb(palette["path-from"]);
    const to = rgb(palette["path-to"]);
    parts.push(`<defs><linearGradient id="progress" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${cols}" y2="${rows}">` +
      `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`);
    const shape = closed ? "polygon" : "polyline";
    parts.push(`<${shape} points="${points.join(" ")}" fill="none" stroke="url(#progress)" stroke-width="0.07" ` +
      `stroke-linejoin="round" stroke-linecap="round"/>`);
    const [x, y] = points[0].split(",");
    parts.push(`<circle cx="${x}" cy="${y}" r="0.4" fill="none" stroke="${rgb(palette.accent)}" stroke-width="0.06"/>`);
    const numbers = Array.from(path, (square, i) =>
      `<text x="${(square % cols) + 0.08}" y="${Math.floor(square / cols) + 0.27}">${i + 1}</text>`);
    parts.push(`<g font-family="system-ui, sans-serif" font-size="0.22" fill="${rgb(palette.ink)}" fill-opacity="0.7">${numbers.join("")}</g>`);
  }
  const title = `Knight's tour of ${rows}x${cols}${path.length ? ` from ${names(path[0])}` : ""}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${cols} ${rows}" width="${cols * 60}" height="${rows * 60}">` +
    `<title>${title}</title>${parts.join("")}</svg>\n`;
}

/** One square per line, in the order visited, named as the command line names them. */
export function moveList(path, names) {
  return Array.from(path, names).join("\n") + (path.length ? "\n" : "");
}

/** Offers `content` (text or a Blob) to the visitor as a file called `filename`. */
export function download(filename, content, type = "text/plain") {
  const blob = content instanceof Blob ? content : new Blob([content], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function png(canvas) {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
}

function rgb([r, g, b]) {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
}
