// Handing a file to the visitor: the board as an image, and whatever the core wrote (the tour as
// SVG, the move list, the command line's JSON: `Tour.svg()`, `Tour.moves()`, `Tour.report()`).

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
