// Playing it yourself: the element's mode while the visitor moves the knight. The game (run/play.js,
// the core's verdicts from a worker) is held here; its words, buttons and celebration are the play
// view's (panels/play-view.js), its marks on the board the play layer's (board/play-layer.js), and
// its look a sheet of its own (ui/play-style.js). The mode has the shape run-mode.js describes.
//
// It is loaded on first use (parts.js): a board that only watches never evaluates any of it.

import { svg } from "../core.js";
import { appLink } from "../panels/share.js";
import { paintPlay } from "../board/play-layer.js";
import { Film } from "../run/film.js";
import { PlayController } from "../run/play.js";
import { PlayView, playLabel } from "../panels/play-view.js";
import playSheet from "../ui/play-style.js";

const here = (path) => new URL(path, import.meta.url).href;

export class PlayMode {
  /**
   * `host` is the element: its `settings`, `controller` (whose speed Show me plays at), `board`,
   * `status` (whose `shown` the play view shares), `teaching` view where it has one, `sharing`,
   * `act` (its actions), and what it does on a change (`changed`, `render`, `change`, `update`).
   * Listeners end with `signal`.
   */
  constructor(host, signal) {
    this.host = host;
    const root = host.shadowRoot;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, playSheet];
    this.game = new PlayController(here("../run/play-worker.js"), {
      settings: () => host.controller.settings,
      // A verdict is written at once (its words, data-verdict); the board is painted next frame.
      changed: () => {
        host.changed();
        host.render();
      },
      moved: (moves) => this.moved(moves),
      speed: () => host.controller.speed,
    });
    this.movesDue = undefined; // a game's moves waiting to go into the settings
    this.kept = null; // the game when the core trapped, to play again into the new one: see `halt`
    this.filming = null; // the game played again for a video (a Film), painted in its place
    this.finished = null; // the link of the finished game celebrated: {celebration, link}
    // Its buttons do what its keys do: the element's actions (ui/actions.js), which come here.
    this.view = new PlayView(host, root, host.status.shown, host.act, signal);
  }

  get name() {
    return "play";
  }

  /** The page playing moves: Show me, a link's replay, or the game again for a video. */
  get running() {
    return this.game.running || Boolean(this.filming?.playing);
  }

  get moving() {
    return this.game.moving || this.filming !== null;
  }

  get holding() {
    return false;
  }

  /** A copy of the game's path. */
  get path() {
    const { board } = this.game;
    return board ? Uint32Array.from(board.pathView()) : new Uint32Array(0);
  }

  get start() {
    return this.game.board ? this.game.board.start : -1;
  }

  tick(now, budget) {
    this.game.tick(now, budget);
    this.filming?.tick(now);
    return true;
  }

  resume(now) {
    this.game.resume(now);
    this.filming?.resume(now);
  }

  paint(now) {
    const { board } = this.host;
    board.paint(this.filming ? this.filming.view() : this.game.paintView(now, board.hover, paintPlay));
  }

  render() {
    const { game } = this;
    const { board, teaching } = this.host;
    this.view.render(game, this.replayLink());
    teaching?.renderPlay(game);
    board.playMode(true, game.board ? game.board.knight : -1);
    board.describe(playLabel(game, board.choosing, board.cursorName));
  }

  /**
   * A new game from the settings' start, after their moves (played at the speed setting where
   * `animate`: a link opened or an attribute set; at once where the visitor changed a setting).
   * Returns what was wrong with the link's moves, if anything.
   */
  restart(animate) {
    this.movesDue = undefined; // of the game before: they would be replayed from the new one's start
    this.game.restart(animate, this.kept);
    this.kept = null;
    return this.game.problem;
  }

  /**
   * The core trapped: the game is kept, to play again once the core is made again: its path, read
   * from the board where the board's instance lives on, else (its guard refuses) its moves as the
   * link writes them, the last not yet in the settings or theirs.
   */
  halt() {
    try {
      this.kept = this.game.board ? Uint32Array.from(this.game.board.pathView()) : null;
    } catch {
      this.kept = this.movesDue ?? null;
    }
    this.endFilm(); // its board may be of the dead instance too: the recording says it was interrupted
  }

  /** A square picked: the start, or once the knight is on the board, a move there. */
  pick(square) {
    const { game, host } = this;
    if (game.board) host.update(() => game.click(square));
    else host.change({ start: game.name(square) });
  }

  /** Every key of play mode does something, or says why not. */
  takes() {
    return true;
  }

  enter() {
    this.view.showMode(true);
  }

  /** The game ends: its worker stops and its board is freed, and its controls go. */
  leave() {
    this.dispose();
    this.view.showMode(false);
    this.movesDue = undefined;
  }

  dispose() {
    this.game.dispose();
    this.endFilm();
  }

  /** A played game exports as a searched run does, but for the command line's report of a search. */
  exportable(kind) {
    return kind !== "json" && this.game.placed > 0;
  }

  file(kind, colours) {
    const { board } = this.game;
    if (!board) return null;
    if (kind === "svg") {
      const drawing = svg(this.game.gameSettings(), board.pathView(), board.outcome(), colours);
      return { type: "svg", content: drawing, mime: "image/svg+xml" };
    }
    return kind === "moves" ? { type: "txt", content: board.moveList() } : null;
  }

  /** The game's path, a move a frame. */
  gifJob() {
    const { game } = this;
    return this.exportable("gif") ? { settings: game.gameSettings(), path: Uint32Array.from(game.board.pathView()) } : null;
  }

  /** The game played again on a board of its own (a Film), the game itself left as it is. */
  film() {
    const { game, host } = this;
    if (!this.exportable("webm")) return null;
    const [settings, path, board] = [game.gameSettings(), this.path, game.board];
    let film = null;
    return {
      start: (seconds) => {
        this.endFilm();
        film = this.filming = new Film(settings, path, seconds);
        host.changed();
      },
      playing: () => film?.playing ?? false,
      fraction: () => film?.fraction ?? 0,
      interrupted: () => (game.board !== board || this.filming !== film ? "the game was started over" : null),
      changed: () => host.changed(),
      end: () => this.filming === film && this.endFilm(),
    };
  }

  /** The video's game goes, and the board shows the game again. */
  endFilm() {
    if (!this.filming) return;
    this.filming.dispose();
    this.filming = null;
    this.host.changed();
  }

  undo() {
    this.host.update(() => this.game.undo());
  }

  hint() {
    this.host.update(() => this.game.hint());
  }

  showMe() {
    this.host.update(() => this.game.showMe());
  }

  /** Every move taken back; with none to take back, the start too, to pick another. */
  restartGame() {
    this.host.change(this.game.placed > 1 ? { moves: null } : { start: null });
  }

  /**
   * The link that replays the game: the app with its settings and its moves, read from the core
   * once it is finished; before, the moves the settings hold (written when the page is idle), so
   * that the page never has an anchor without an address.
   */
  replayLink() {
    const { board, celebration } = this.game;
    if (!celebration || !board) return appLink({ ...this.host.settings, race: null });
    // Read once a finished game, not every frame it is celebrated.
    if (this.finished?.celebration !== celebration) {
      this.finished = { celebration, link: appLink({ ...this.host.settings, race: null, moves: board.moves() }) };
    }
    return this.finished.link;
  }

  /** Copies the replay link, and says so beside its button. */
  async copyReplay() {
    this.view.copied(await this.host.sharing.copyLink(this.replayLink()));
  }

  /**
   * The game's moves changed: they go into the settings (the attribute, the address bar) when
   * the page is next idle, not in the way of the click's verdict (writing the address costs
   * milliseconds), and once however many moves came meanwhile.
   */
  moved(moves) {
    const first = this.movesDue === undefined;
    this.movesDue = moves;
    if (!first) return;
    const idle = window.requestIdleCallback ?? ((work) => setTimeout(work, 50));
    idle(() => {
      const due = this.movesDue;
      this.movesDue = undefined;
      const { host } = this;
      if (due !== undefined && host.mode === this && due !== host.settings.moves) host.change({ moves: due }, false);
    }, { timeout: 250 });
  }
}
