// Play mode's controller: the visitor moves the knight, and the core says after every move
// whether a tour can still be finished. No DOM here: the element tells it what the visitor did,
// the frame loop tells it the time, and the views read it.
//
// Two of the core's objects take part. The board's own (a `PlayBoard`, on this thread) judges a
// click at once, in the core's words, and holds the path, the squares in reach and the picture
// the painter draws. The game (a `Play`) lives in a Web Worker (play-worker.js), which is told of
// every move and undo and answers with its ruling, at once where the core knows it, or after
// thinking a slice at a time: so a verdict that takes seconds, or a game of a million squares
// that takes a tenth of a second to make, holds up no frame. Every change of the path has a
// version, and a ruling is taken only for the version it answers.

import { boardSetting, newPlayBoard, squareName, startWorker } from "../core.js";

/** A move the visitor makes slides this long (none where reduced motion is asked for). */
const MOVE_MS = 180;
/**
 * "Checking…" is said only once a verdict has taken this long: one that comes sooner (nearly
 * all of them: median microseconds on boards up to 8×8) would only make the words flicker.
 */
export const CHECKING_DELAY_MS = 150;
/** The celebration: a light runs along the finished tour in this long. */
export const WAVE_MS = 1400;
/**
 * Past this many characters (8,192 moves) the moves stay out of the link: an address bar holds
 * them, but copying and sharing a link of a megabyte is no use to anyone.
 */
const MOVES_IN_LINK_UP_TO = 4096;
/** How many traps of the referee's core a game is played on after (each time told the game again). */
const REFEREE_TRAPS_UP_TO = 3;

export class PlayController {
  /**
   * `workerUrl`: play-worker.js. `on.settings()`: the element's settings in force;
   * `on.changed()`: something to show, paint and render at the next frame; `on.moved(moves)`: the
   * path changed, its moves as a link writes them (null: none, or too many for a link);
   * `on.speed()`: moves a second for the page's moves (Show me, a replay), the speed chosen or,
   * where none is (auto), the core's pace for the board, as the panel says.
   */
  constructor(workerUrl, on) {
    this.workerUrl = workerUrl;
    this.on = on;
    this.board = null; // the core's PlayBoard, once the knight is on its start
    this.worker = null;
    this.version = 0; // the board's changes so far: a ruling answers one
    this.reset();
  }

  reset() {
    Object.assign(this, {
      ruling: null, // the core's ruling on the current position, null while it thinks
      reachable: [], // the squares the knight can move to, read from the core after each change
      movedAt: 0, // when the path last changed
      motion: null, // the last move sliding: {start, duration}
      refused: null, // a click that was no move, marked and said until the next: {square, words}
      showing: null, // moves played by the page: {kind: "show" | "replay", squares, next, credit}
      lastTick: 0,
      hints: 0,
      undos: 0,
      startedAt: 0,
      finishedAt: null,
      celebration: null, // {start, by, waved}: the tour was finished by "you", "show" or "replay"
      shownFrom: null, // the move from which Show me played the rest
      error: null, // what went wrong, in words
      problem: null, // a link's moves that could not be read or played, in words
      linkMoves: null, // the moves the game was made with (the link's), as text
      refereeTraps: 0, // how many times the referee's core trapped in this game
    });
  }

  /** The element's settings, in force. */
  get settings() {
    return this.on.settings();
  }

  /** The worker, ready for a new game. */
  ensureWorker() {
    if (this.worker) return;
    this.worker = startWorker(this.workerUrl);
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.error = `the referee (a Web Worker) stopped: ${event.message ?? "it could not be started"}`;
      this.on.changed();
    };
  }

  /** Frees the core's board and stops the worker: the element leaves play mode or goes away. */
  dispose() {
    this.board?.free();
    this.board = null;
    this.worker?.terminate();
    this.worker = null;
  }

  /**
   * A new game from the settings' start, if there is one, after the moves of their `moves`, or
   * of `kept` (a game played again after a trap: its path, the start first, or its moves as a
   * link writes them): played at the speed setting where `animate` (a link opened), or at once.
   */
  restart(animate = false, kept = null) {
    this.board?.free();
    this.board = null;
    this.reset();
    this.ensureWorker();
    const { settings } = this;
    if (settings.start === null) return;
    try {
      this.board = newPlayBoard(this.gameSettings());
    } catch (error) {
      this.error = error.message;
      return;
    }
    this.startedAt = performance.now();
    const text = typeof kept === "string" ? kept : settings.moves;
    this.linkMoves = text;
    let moves = [];
    if (kept instanceof Uint32Array) {
      moves = Array.from(kept).slice(1);
    } else if (text) {
      try {
        moves = Array.from(this.board.readMoves(text)).slice(1);
      } catch (error) {
        this.refuseLink(error.message);
      }
    }
    if (!animate) this.playAtOnce(moves);
    this.post({ type: "new", settings: this.gameSettings(), path: Uint32Array.from(this.board.pathView()) }, true);
    if (animate && moves.length) this.play("replay", moves);
    this.after();
  }

  /** The page plays `squares` at the speed setting, as `kind` (`show`, `replay`). */
  play(kind, squares) {
    this.showing = { kind, squares, next: 0, credit: 0 };
    this.lastTick = performance.now();
  }

  /** The core's settings of a game: the board, the start and whether the tour is closed. */
  gameSettings() {
    const { rows, cols, start, closed } = this.settings;
    return { board: boardSetting(rows, cols), start, closed };
  }

  /** Plays `moves` on the board now, up to one that is refused (which is said). */
  playAtOnce(moves) {
    for (const square of moves) {
      try {
        this.board.tryMove(square);
      } catch (error) {
        this.refuseLink(`move ${this.board.placed + 1}: ${error.message}`); // the number it would have had
        return;
      }
    }
    if (moves.length && this.board.outcome()) this.finish("replay");
  }

  /** The link's moves cannot be played (`why`): the game goes on from where they stopped. */
  refuseLink(why) {
    this.problem = `moves=${shorten(this.linkMoves)}: ${why}`;
  }

  /** Tells the worker of a change of the board (`fresh`: a new game, not a new version of one). */
  post(message, fresh = false) {
    this.version += 1;
    this.ruling = null;
    this.movedAt = performance.now();
    this.worker.postMessage({ ...message, version: this.version });
    if (fresh) this.motion = null;
  }

  /** After the path changed: what is in reach, and the moves for the link. */
  after() {
    this.reachable = this.board ? Array.from(this.board.reachable()) : [];
    if (!this.board) return;
    // Written only where they fit in a link: two moves a character.
    const fits = this.board.placed - 1 <= 2 * MOVES_IN_LINK_UP_TO;
    this.on.moved(fits && this.board.placed > 1 ? this.board.moves() : null);
    // "Checking…" is said if the verdict has not come by then.
    const version = this.version;
    setTimeout(() => this.version === version && !this.ruling && this.on.changed(), CHECKING_DELAY_MS);
  }

  /** The worker's answers. */
  receive(data) {
    if (data.type === "trapped") {
      this.refereeAgain();
    } else if (data.type === "error") {
      this.error = data.message;
    } else if (data.version !== this.version) {
      return; // about a position the board has left
    } else if (data.type === "ruling") {
      this.ruling = data.ruling;
    } else if (data.type === "witness" && this.showing?.kind === "show" && !this.showing.squares) {
      this.showing = null;
      if (data.squares) {
        this.shownFrom = this.board.placed;
        this.play("show", Array.from(data.squares));
      }
    }
    this.on.changed();
  }

  /**
   * The referee's core trapped, and is made again without the game: told the game as it stands,
   * it rules again. A trap that keeps coming back is a bug the game cannot get past: said.
   */
  refereeAgain() {
    this.refereeTraps += 1;
    if (this.showing && !this.showing.squares) this.showing = null; // its witness will not come
    if (this.refereeTraps > REFEREE_TRAPS_UP_TO) {
      this.error = "the referee (the core, in a Web Worker) stopped unexpectedly, again and again";
    } else if (this.board) {
      this.post({ type: "new", settings: this.gameSettings(), path: Uint32Array.from(this.board.pathView()) }, true);
    }
  }

  /** A click on `square` with the knight on the board: a move, or why it is none. */
  click(square) {
    if (!this.board) return;
    this.showing = null;
    this.move([square], "you");
  }

  /**
   * Moves the knight along `squares`, as the visitor (`you`) or the page (`hint`, `show`,
   * `replay`) does. Returns whether every move was one; a refused move is said in the core's
   * words and marked.
   */
  move(squares, by) {
    let moved = 0;
    for (const square of squares) {
      try {
        this.board.tryMove(square);
        moved += 1;
      } catch (error) {
        this.refused = { square, words: error.message };
        if (by === "replay") this.refuseLink(`move ${this.board.placed + 1}: ${error.message}`); // the number it would have had
        break;
      }
    }
    if (moved === 0) {
      this.on.changed();
      return false;
    }
    this.refused = null;
    this.post({ type: "move", squares: Uint32Array.from(squares.slice(0, moved)) });
    this.motion = moved === 1 ? { start: performance.now(), duration: MOVE_MS } : null;
    if (this.board.outcome()) this.finish(by);
    this.after();
    this.on.changed();
    return moved === squares.length;
  }

  /** Takes the last move back (the verdict before it comes back at once). */
  undo() {
    if (!this.board) return;
    this.showing = null;
    if (this.board.undo() === undefined) return;
    this.undos += 1;
    Object.assign(this, { finishedAt: null, celebration: null, refused: null, motion: null, shownFrom: null });
    this.post({ type: "undo" });
    this.after();
    this.on.changed();
  }

  /** The next move of the completion the core found; repeated, they finish the tour. */
  hint() {
    const square = this.hintSquare;
    if (square === null) return;
    this.showing = null;
    this.hints += 1;
    this.move([square], "hint");
  }

  /** The square a hint would move to, or null (no tour can be finished, or the core is thinking). */
  get hintSquare() {
    return this.ruling?.verdict === "possible" && !this.finishedAt ? this.ruling.hint ?? null : null;
  }

  /** Show me: the rest of the tour played from here at the speed setting; again, it stops. */
  showMe() {
    if (this.showing) {
      this.showing = null;
    } else if (this.hintSquare !== null) {
      this.showing = { kind: "show", squares: null, next: 0, credit: 0 };
      this.worker.postMessage({ type: "witness", version: this.version, from: this.board.placed });
    }
    this.on.changed();
  }

  /** Whether Show me can start, or is under way. */
  get canShow() {
    return Boolean(this.showing) || this.hintSquare !== null;
  }

  finish(by) {
    const now = performance.now();
    this.finishedAt = now;
    this.showing = null;
    this.celebration = { start: now, by: this.shownFrom !== null ? "show" : by, waved: false };
  }

  /** In sight again after frames without it: the page's moves go on from where they stood. */
  resume(now) {
    this.lastTick = now;
  }

  /** One frame: the page's moves (Show me, a replay) go on as the speed allows. */
  tick(now, budget) {
    const dt = Math.min(250, now - this.lastTick);
    this.lastTick = now;
    const { showing } = this;
    if (!showing?.squares) return;
    const speed = this.on.speed();
    const began = performance.now();
    showing.credit += speed === Infinity ? Infinity : (speed * dt) / 1000;
    // At full speed, as many as a slice of the frame holds: a million moves go in a few frames.
    let due = Math.min(showing.squares.length - showing.next, Math.floor(showing.credit));
    if (speed === Infinity) due = Math.min(due, Math.max(1, Math.floor(budget * 2000)));
    if (due <= 0) return;
    showing.credit -= due;
    const squares = showing.squares.slice(showing.next, showing.next + due);
    showing.next += due;
    const done = showing.next >= showing.squares.length;
    if (!this.move(squares, showing.kind) || done) this.showing = null;
    if (this.showing && performance.now() - began > budget) this.showing.credit = 0;
  }

  /** Whether the page is playing moves (the frame loop gives it time). */
  get running() {
    return Boolean(this.showing?.squares);
  }

  /**
   * Whether anything on the board moves: moves played, a slide, or the celebration's light until
   * a frame has been painted past its end (one painted just before would leave it on the board).
   */
  get moving() {
    return this.running || this.motion !== null || (this.celebration !== null && !this.celebration.waved);
  }

  /** `idle` before a start, `playing`, then the core's `tour` or `closed-tour` once covered. */
  status() {
    if (this.error && !this.board) return "failed";
    if (!this.board) return "idle";
    return this.board.outcome() ?? "playing";
  }

  /** `possible`, `impossible` or `thinking` (null before a start). */
  get verdict() {
    if (!this.board) return null;
    return this.ruling?.verdict ?? "thinking";
  }

  /** Whether "checking…" is due: the core has thought past the delay. */
  checking(now = performance.now()) {
    return this.verdict === "thinking" && now - this.movedAt >= CHECKING_DELAY_MS;
  }

  get placed() {
    return this.board?.placed ?? 0;
  }

  get squares() {
    return this.settings.rows * this.settings.cols;
  }

  /** Milliseconds from the start to the last square, or to now while playing. */
  elapsed(now = performance.now()) {
    return this.board ? (this.finishedAt ?? now) - this.startedAt : 0;
  }

  name(square) {
    return squareName(this.settings.rows, this.settings.cols, square);
  }

  /** The painter's view (see `Painter.paint`), with play mode's marks beneath the path. */
  paintView(now, hover, paintMarks) {
    let motion = null;
    if (this.motion) {
      const t = (now - this.motion.start) / this.motion.duration;
      if (t >= 1) this.motion = null;
      else motion = { t };
    }
    const { board, celebration } = this;
    const wave = celebration ? (now - celebration.start) / WAVE_MS : null;
    if (wave !== null && wave >= 1) celebration.waved = true;
    const marks = board && {
      reachable: this.finishedAt ? [] : this.reachable,
      ruling: this.ruling,
      refused: this.refused?.square ?? -1,
      wave,
    };
    return {
      tour: board,
      start: board ? board.start : -1,
      hover: this.running ? -1 : hover,
      closed: this.status() === "closed-tour",
      motion,
      fades: [],
      candidates: null,
      beneath: marks ? (painter) => paintMarks(painter, board, marks) : null,
      // The squares the verdict's words name: the keyboard's caption leaves them in sight.
      marked: this.ruling?.verdict === "impossible" ? this.ruling.squares : [],
    };
  }
}

/** A link's text in a message: the first few characters. */
function shorten(text) {
  return JSON.stringify(text.length > 16 ? `${text.slice(0, 13)}…` : text);
}
