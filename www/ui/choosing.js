// Choosing a start square by keyboard (Enter on the focused board), in play mode the knight's
// moves too: a cursor the arrows move, and a caption that says what Enter and Escape do, placed
// where it covers neither the cursor's square nor a square the words under the board are about.
// Part of the keyboard's part (keyboard.js, which makes it for a board): a board no key ever
// reaches fetches none of it. The board (board-view.js) holds the cursor, paints it, and ends
// choosing when focus leaves it or the board changes.

import { coord, defaultStart, parseSquare, squareAt } from "../core.js";
import { adopt } from "./component-style.js";

const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/** The caption, put in before the words across the board (markup.js, `board`), over the board and its edges' labels: its words are `WORDS`'. */
const CAPTION = `<p class="board-caption" aria-live="polite" hidden><span data-caption="what"></span>: <strong></strong>. Arrows move, <kbd>Enter</kbd> <span data-caption="enter"></span>, <kbd>Esc</kbd> <span data-caption="escape"></span>.</p>`;

/** The caption's words, by what the cursor picks (its `data-caption` spans). */
const WORDS = {
  start: { what: "Choosing a start square", enter: "starts there", escape: "cancels" },
  move: { what: "Moving the knight", enter: "moves there", escape: "stops" },
};

const sheet = new CSSStyleSheet();

sheet.replaceSync(String.raw`
/* Choosing a start square by keyboard: the mode in words, on the half of the board the cursor is not on. */
.board-caption {
  position: absolute;
  inset: 10px 10px auto;
  width: fit-content;
  margin: 0 auto;
  padding: 6px 14px;
  border: 1px solid var(--kt-accent);
  border-radius: 999px;
  background: color-mix(in srgb, var(--kt-surface) 94%, transparent);
  box-shadow: var(--kt-shadow);
  font-size: calc(0.88rem * var(--kt-scale));
  pointer-events: none;
}
.board-caption[data-side="bottom"] { inset: auto 10px 10px; }
/* Where the top and the bottom would both cover a square in question, the caption goes under the board. */
.board-caption[data-side="under"] { inset: calc(100% + 4px) 10px auto; z-index: 2; }

/* A key, as the caption and the full layout's keyboard help write it. */
kbd { font: calc(0.875rem * var(--kt-scale)) ui-monospace, monospace; border: 1px solid var(--kt-line); border-bottom-width: 2px; border-radius: 5px; padding: 1px 6px; background: var(--kt-bg); }
`);

export class Chooser {
  /** Choosing on `board` (a BoardView): its caption is put in, with this module's sheet. */
  constructor(board) {
    this.board = board;
    this.placedFor = null; // what the caption was last placed for (see `place`)
    adopt(board.canvas.getRootNode(), sheet);
    board.message.insertAdjacentHTML("beforebegin", CAPTION);
    this.caption = board.message.previousElementSibling;
    this.words();
  }

  /** Enter on the focused board: choosing begins, the cursor on the start (or the core's default, a1). */
  choose() {
    const { board } = this;
    if (!board.shape || board.choosing) return;
    const { rows, cols, start } = board.shape;
    this.move(start >= 0 ? start : parseSquare(rows, cols, defaultStart(rows, cols)));
    this.caption.hidden = false;
  }

  /** Choosing ended (the board's `stopChoosing`): the caption goes, and the room it took under the board. */
  hide() {
    this.caption.hidden = true;
    this.board.frame.style.marginBottom = "";
  }

  /**
   * A key while choosing: the arrows move the cursor, Enter or Space starts the knight on its
   * square (`on.pick`; in play mode, moves it there, and choosing goes on), Escape stops
   * choosing. Returns whether the key was one of these.
   */
  key(event) {
    const { board } = this;
    const { key } = event;
    if (key === "Escape") {
      board.stopChoosing();
    } else if (key === "Enter" || key === " ") {
      const square = board.cursor;
      if (!board.moves) board.stopChoosing();
      board.on.pick(square);
    } else if (key in STEPS) {
      const { rows, cols } = board.shape;
      const [dr, dc] = STEPS[key];
      const [row, col] = coord(rows, cols, board.cursor);
      this.move(squareAt(rows, cols, Math.min(rows - 1, Math.max(0, row + dr)), Math.min(cols - 1, Math.max(0, col + dc))));
    } else {
      return false;
    }
    return true;
  }

  move(square) {
    const { board } = this;
    board.cursor = square;
    this.caption.querySelector("strong").textContent = board.cursorName;
    const { painter } = board;
    // A zoomed board follows the cursor; the caption sits on the half of the board it is not on.
    painter.view.reveal(...painter.centre(square));
    this.placedFor = null; // placed at the next paint, clear of the cursor and the marked squares
    board.on.change();
  }

  /** The caption says what the cursor picks: a start square, or (play mode, the knight on the board) its move. */
  words() {
    const words = WORDS[this.board.moving ? "move" : "start"];
    for (const span of this.caption.querySelectorAll("[data-caption]")) span.textContent = words[span.dataset.caption];
  }

  /**
   * Puts the caption where it covers neither the cursor's square nor a square of `marked`: over
   * the top of the board, over its bottom, or, where both would cover one, under the board.
   */
  place(marked) {
    const { board, caption } = this;
    const { painter, frame } = board;
    const keep = [board.cursor, ...marked];
    const key = `${keep.join(",")}|${painter.cell}|${painter.cssHeight}|${frame.clientWidth}`;
    if (key === this.placedFor) return;
    this.placedFor = key;
    const box = board.canvas.getBoundingClientRect();
    const scale = box.height / painter.cssHeight;
    const half = (painter.cell / 2) * scale;
    const squares = keep.map((square) => {
      const [x, y] = painter.centre(square);
      return { left: box.left + x * scale - half, right: box.left + x * scale + half, top: box.top + y * scale - half, bottom: box.top + y * scale + half };
    });
    const covers = () => {
      const at = caption.getBoundingClientRect();
      return squares.some((s) => s.left < at.right && at.left < s.right && s.top < at.bottom && at.top < s.bottom);
    };
    // The half the cursor is not on first, as the eye expects.
    const [, y] = painter.centre(board.cursor);
    const sides = y < painter.cssHeight / 2 ? ["bottom", "top"] : ["top", "bottom"];
    frame.style.marginBottom = "";
    for (const side of sides) {
      caption.dataset.side = side;
      if (!covers()) return;
    }
    // Under the board, the words below it make room rather than be covered.
    caption.dataset.side = "under";
    frame.style.marginBottom = `${caption.offsetHeight + 8}px`;
  }
}
