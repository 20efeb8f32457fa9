// Handing a file to the visitor: the board as an image, and whatever the core wrote (the tour as
// SVG, the move list, the command line's JSON: `Tour.svg()`, `Tour.moves()`, `Tour.report()`);
// and the line under the share buttons that says what an export did.

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

/**
 * The share panel's `.export-progress`: a file saved, in words, or an animation being made, with
 * its progress bar and Cancel.
 */
export class ExportLine {
  /** `root` holds `.export-progress` (a progress bar, a line of words and Cancel). */
  constructor(root) {
    this.box = root.querySelector(".export-progress");
    this.bar = root.querySelector(".export-progress progress");
    this.words = root.querySelector(".export-progress p");
    this.cancel = root.querySelector("[data-action=cancel-export]");
  }

  /** An export under way: `words`, the bar at `fraction` of the way, and Cancel. */
  progress(words, fraction = 0) {
    const { box, bar, cancel } = this;
    box.hidden = false;
    bar.hidden = false;
    bar.value = fraction;
    cancel.hidden = false;
    if (this.words.textContent !== words) this.words.textContent = words;
  }

  /** `words` in the line, with no progress bar or Cancel. */
  tell(words) {
    const { box, bar, cancel } = this;
    box.hidden = false;
    bar.hidden = true;
    cancel.hidden = true;
    this.words.textContent = words;
  }
}
