// A board's side of a trap of the core (wasm/recovery.js tells every board of one): the board
// calls into the core no more until it is made again, then starts again from its settings and
// says why. Kept across: whether the run was playing, and play mode's game, whose moves are
// played again (see the modes' `halt`); the rest starts over, as a new run of the same settings.

export class BoardRecovery {
  /** `host`: the element. */
  constructor(host) {
    this.host = host;
    this.halted = null; // while the core is made again: `{playing}`, whether the run was
    this.notice = null; // what the board says once started again, till dismissed
  }

  /** The core trapped: nothing of this board calls into it (the element is not `live`). */
  halt() {
    const { host } = this;
    if (!host.live) return;
    this.halted = { playing: host.controller.running };
    host.mode.halt();
    host.live = false;
  }

  /** The core is made again: the board starts again from its settings (a game where it was), and says so. */
  recover() {
    const { host } = this;
    if (!this.halted || !host.abort) return;
    const { playing } = this.halted;
    this.halted = null;
    host.live = true;
    const again = host.mode.name === "play" ? "the game was played again up to where it stood" : "this board started again from its settings";
    this.notice = `The solver stopped unexpectedly and was restarted; ${again}.`;
    host.board.renew();
    host.restart();
    if (playing || host.settings.autoplay) host.play();
    host.showProblems();
  }

  /** No new core will come: the board cannot run, and says so. */
  unavailable(error) {
    this.host.unavailable(error);
  }
}
