// A game played again for a video of it (animated-export.js's WebM): its path replayed a move at
// a time on a board of its own (the core's `PlayBoard`), at the pace that fits the video's length,
// while the game itself stays as the visitor left it: its counts, its verdict, its celebration.
// Play mode paints this board instead of the game's while it runs.

import { newPlayBoard } from "../core.js";

export class Film {
  /**
   * The game of `settings` (the core's: its board, start and `closed`) along `path`, its squares
   * from the start, played in about `seconds`.
   */
  constructor(settings, path, seconds) {
    this.board = newPlayBoard(settings); // the knight on the start
    this.squares = Array.from(path).slice(1);
    this.speed = Math.max(1, this.squares.length) / seconds; // moves a second
    this.next = 0;
    this.credit = 0;
    this.lastTick = performance.now();
  }

  /** Whether moves are still to play. */
  get playing() {
    return this.next < this.squares.length;
  }

  /** How far it has played, from 0 to 1. */
  get fraction() {
    return this.squares.length ? this.next / this.squares.length : 1;
  }

  /** In sight again after frames without it: the moves go on from where they stood. */
  resume(now) {
    this.lastTick = now;
  }

  /** One frame: the moves the pace allows since the last. */
  tick(now) {
    const dt = Math.min(250, now - this.lastTick);
    this.lastTick = now;
    this.credit += (this.speed * dt) / 1000;
    const due = Math.min(this.squares.length - this.next, Math.floor(this.credit));
    this.credit -= due;
    for (let i = 0; i < due; i++) this.board.tryMove(this.squares[this.next++]);
  }

  /** The painter's view of it (see `Painter.paint`): the path so far, closed once a closed tour is made. */
  view() {
    const { board } = this;
    return {
      tour: board, start: board.start, hover: -1, closed: board.outcome() === "closed-tour",
      motion: null, fades: [], candidates: null, beneath: null,
    };
  }

  dispose() {
    this.board.free();
  }
}
