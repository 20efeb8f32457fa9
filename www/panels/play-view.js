// Play mode around the board: the status line in the core's words (the verdict after every
// move, why no tour can be finished, why a click was no move), the buttons (Undo, Hint, Show me,
// Restart), the counts, and the celebration of a finished tour with a link that replays it; and
// the host's data-mode, data-status, data-placed, data-verdict and data-hints. The host's
// attributes and the status line are shared with the status view (status-view.js), through its
// `Shown`, so that either view writes what the other left behind when the mode changes.

import { isTour } from "../core.js";
import { boardWords, counted, escape, grouped, press } from "../ui/text.js";
import { titled } from "../ui/keymap.js";
import { Shown } from "../ui/shown.js";

/**
 * The buttons, the counts and the celebration, shown in play mode only: at the top of the full
 * layout's panel, beside the board (a laptop's screen has no room for them under it), or between
 * a compact board and its bar.
 */
const PLAY_CONTROLS = `
  <div class="play-controls" hidden>
    <h2 class="play-title">Your tour</h2>
    <div class="play-buttons" role="group" aria-label="Play">
      <button type="button" data-play="undo" part="button" title="${titled("Take the last move back", "undo", "play")}">Undo</button>
      <button type="button" data-play="hint" part="button" title="${titled("Make the next move of a tour the core found", "hint", "play")}">Hint</button>
      <button type="button" data-play="show" part="button" title="${titled("Play the rest of a tour from here at the speed setting", "showMe", "play")}">Show me</button>
      <button type="button" data-play="restart" part="button" title="${titled("Take every move back; at the start, pick another", "restartGame", "play")}">Restart</button>
    </div>
    <dl class="play-counts">
      <div><dt>Squares</dt><dd data-count="squares">0</dd></div>
      <div><dt>Hints</dt><dd data-count="hints">0</dd></div>
      <div><dt>Undos</dt><dd data-count="undos">0</dd></div>
    </dl>
    <section class="celebration" aria-labelledby="play-cheer" hidden>
      <h2 id="play-cheer"><span class="cheer-mark" aria-hidden="true">♞</span> <span class="cheer-words"></span></h2>
      <p class="cheer-figures"></p>
      <p class="cheer-link"><a class="replay-link" target="_blank" rel="noopener">Replay this tour</a>
        <button type="button" data-play="copy">Copy link</button> <span class="cheer-copied" role="status"></span></p>
    </section>
  </div>`;

/** The game's board in words: 6×6. */
const shape = ({ rows, cols }) => boardWords(rows, cols);

const plural = (n, word) => `${grouped(n)} ${word}${n === 1 ? "" : "s"}`;

/** A length of play: "42.3 s", "3:05", "1:02:09". */
export function clock(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.floor(seconds);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

export class PlayView {
  /**
   * `host` carries the data attributes; `root` holds `.status`, and this view puts its controls
   * at the top of the full layout's `.panel`, or above the compact `.bar`; `shown` is the status view's;
   * `actions` are the element's (`undo`, `hint`, `showMe`, `restartGame`, `copyReplay`).
   * Listeners end with `signal`.
   */
  constructor(host, root, shown, actions, signal) {
    const $ = (selector) => root.querySelector(selector);
    this.host = host;
    this.line = $(".status");
    const bar = $(".bar");
    if (bar) bar.insertAdjacentHTML("beforebegin", PLAY_CONTROLS);
    else $(".panel").insertAdjacentHTML("afterbegin", PLAY_CONTROLS);
    this.controls = $(".play-controls");
    this.shown = shown;
    this.own = new Shown(); // what only this view writes
    this.ui = {
      undo: $("[data-play=undo]"), hint: $("[data-play=hint]"), show: $("[data-play=show]"),
      restart: $("[data-play=restart]"), copy: $("[data-play=copy]"),
      counts: Object.fromEntries([...root.querySelectorAll("[data-count]")].map((el) => [el.dataset.count, el])),
      celebration: $(".celebration"), cheer: $(".cheer-words"), figures: $(".cheer-figures"), link: $(".replay-link"),
      copied: $(".cheer-copied"),
    };
    this.copiedTimer = 0;
    signal.addEventListener("abort", () => clearTimeout(this.copiedTimer));
    const click = (element, action) => element.addEventListener("click", action, { signal });
    click(this.ui.undo, () => actions.undo());
    click(this.ui.hint, () => actions.hint());
    click(this.ui.show, () => actions.showMe());
    click(this.ui.restart, () => actions.restartGame());
    click(this.ui.copy, () => actions.copyReplay());
  }

  /** Play mode on or off: the controls, and the host's mode. */
  showMode(on) {
    this.own.hidden(this.controls, !on);
    this.shown.attribute(this.host, "data-mode", on ? "play" : null);
    if (on) return;
    this.shown.attribute(this.host, "data-verdict", null);
    this.shown.attribute(this.host, "data-hints", null);
  }

  /**
   * Says beside Copy link that the replay link is on the clipboard (`ok`), or that it is to be
   * copied from its link; the words go after a while.
   */
  copied(ok) {
    const { copied } = this.ui;
    copied.textContent = ok ? "Copied the link." : "This page may not use the clipboard: copy the Replay this tour link.";
    clearTimeout(this.copiedTimer);
    this.copiedTimer = setTimeout(() => { copied.textContent = ""; }, 5000);
  }

  /** Everything shown, from the game (a PlayController); `link` is the link that replays it. */
  render(game, link) {
    const { shown, host, ui, own } = this;
    const status = game.status();
    const verdict = game.verdict;
    shown.attribute(host, "data-status", status);
    shown.attribute(host, "data-placed", String(game.placed));
    shown.attribute(host, "data-verdict", verdict);
    shown.attribute(host, "data-hints", String(game.hints));
    for (const name of ["data-backtracks", "data-phase", "data-stuck"]) shown.attribute(host, name, null);
    shown.attribute(this.line, "aria-busy", String(game.running));
    shown.html(this.line, words(game, status));

    const playing = status === "playing";
    own.attribute(ui.undo, "disabled", game.placed > 1 ? null : "");
    own.attribute(ui.hint, "disabled", playing && game.hintSquare !== null ? null : "");
    own.attribute(ui.show, "disabled", playing && game.canShow ? null : "");
    own.text(ui.show, game.showing ? "Stop" : "Show me");
    own.attribute(ui.restart, "disabled", game.placed > 0 ? null : "");
    own.text(ui.counts.squares, `${grouped(game.placed)} / ${grouped(game.squares)}`);
    own.text(ui.counts.hints, grouped(game.hints));
    own.text(ui.counts.undos, grouped(game.undos));

    const finished = game.celebration !== null;
    own.hidden(ui.celebration, !finished);
    own.attribute(ui.link, "href", link);
    if (!finished) return;
    own.text(ui.cheer, cheer(game, status));
    own.text(ui.figures, figures(game));
  }
}

/** The status line in play mode, as HTML. */
function words(game, status) {
  const { settings } = game;
  const tour = settings.closed ? "closed tour" : "tour";
  if (status === "failed" || game.error) return `<strong>Play stopped:</strong> ${escape(game.error)}.`;
  if (status === "idle") {
    return `<strong>Play it yourself:</strong> ${press()} the square the knight starts on. <span class="hint">Then move it a ` +
      `knight's move at a time, onto each square once. After every move the core says whether a ${tour} can still be finished, and if not, why.</span>`;
  }
  if (isTour(status)) {
    const kind = status === "closed-tour" ? "a closed tour" : "a tour";
    return `<strong>Every square visited: ${kind} of ${shape(settings)}.</strong> <span class="hint">Undo to take moves back, or Restart.</span>`;
  }
  const refused = game.refused ? `<strong>Not a move:</strong> ${escape(game.refused.words)}. ` : "";
  // The number is the one drawn on the knight's square: the start is move 1.
  const at = `Move ${grouped(game.placed)}${game.placed === 1 ? ", the start" : ""}, knight on ${escape(game.name(game.board.knight))}`;
  if (game.showing) {
    const { next, squares } = game.showing;
    const what = game.showing.kind === "replay" ? "Replaying the link's moves" : "Showing the rest of a tour";
    return `${refused}<strong>${what}:</strong> ${squares ? `${grouped(next)} of ${grouped(squares.length)}` : "asking the core"}… <span class="hint">${at}.</span>`;
  }
  const { ruling } = game;
  if (!ruling || ruling.verdict === "thinking") {
    return game.checking()
      ? `${refused}<strong>${at}:</strong> checking whether a ${tour} can still be finished… <span class="hint">The board is yours meanwhile.</span>`
      : `${refused}<strong>${at}.</strong>`;
  }
  if (ruling.verdict === "possible") {
    return `${refused}<strong>${at}: ${escape(ruling.words)}.</strong> <span class="hint">The dots mark the squares a knight's move away.</span>`;
  }
  // The core says "no tour can be finished from here[, and none could since move n]: why".
  const colon = ruling.words.indexOf(": ");
  const [head, reason] = colon < 0 ? [ruling.words, ""] : [ruling.words.slice(0, colon), ruling.words.slice(colon + 2)];
  return `${refused}<strong>${at}: ${escape(head)}:</strong> ${escape(reason)}. <span class="hint">${escape(way(game, ruling))}</span>`;
}

/** What a player can do once no tour can be finished. */
function way(game, ruling) {
  if (ruling.since === 0) return "No tour starts on this square: Restart, and pick another.";
  const back = game.placed - ruling.since;
  return `Undo ${plural(back, "move")} to where a tour could still be finished, or play on to see where it ends.`;
}

/** The celebration's heading. */
function cheer(game, status) {
  const { by } = game.celebration ?? {};
  const kind = status === "closed-tour" ? "closed tour" : "tour";
  if (by === "replay") return `A ${kind} of ${shape(game.settings)}, replayed`;
  if (by === "show") return `A ${kind} of ${shape(game.settings)}, finished for you`;
  return `A ${kind} of ${shape(game.settings)}: well done!`;
}

/** The celebration's figures: moves, time, hints, undos; and a closed tour asked for but not made. */
function figures(game) {
  const moves = game.placed - 1;
  const { by } = game.celebration ?? {};
  let text;
  if (by === "replay") {
    text = `${plural(moves, "move")}, played from the link.`;
  } else {
    const yours = game.shownFrom - 1;
    const whose = by !== "show" ? "" : yours ? `: ${grouped(yours)} yours, ${grouped(moves - yours)} by Show me` : ", all by Show me";
    text = `${plural(moves, "move")}${whose}. Time ${clock(game.elapsed())}, ${plural(game.hints, "hint")}, ${plural(game.undos, "undo")}.`;
  }
  if (game.settings.closed && game.status() === "tour") {
    text += " Open, though: a closed tour ends a knight's move from its first square.";
  }
  return text;
}

/** The board's accessible name in play mode. */
export function playLabel(game, choosing, cursorName) {
  const { rows, cols } = game.settings;
  const board = `${rows} by ${cols} board, playing it yourself`;
  if (!game.board) {
    return `${board}; ${choosing ? `choosing a start square, cursor on ${cursorName}: arrows move it, Enter starts the knight there, Escape cancels` : `${press()} a square or press Enter to choose the start`}`;
  }
  const reach = game.reachable.map((square) => game.name(square));
  const where = `knight on ${game.name(game.board.knight)}, move ${grouped(game.placed)}, ${counted(game.placed, "square", grouped)} visited`;
  const moves = reach.length ? `moves to ${reach.join(", ")}` : "no move left";
  const keys = choosing
    ? `moving the knight, cursor on ${cursorName}: arrows move it, Enter moves there, Escape stops`
    : "Enter to move the knight by keyboard";
  return `${board}, ${where}; ${moves}; ${keys}`;
}
