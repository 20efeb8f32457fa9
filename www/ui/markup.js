// The markup of a compact <knights-tour>'s shadow root (a post's, a frame's): the board and the
// bar under it, all there, styled, before the core is in. The full layout (the app page's) is a
// part of its own, whose markup (full-markup.js) has the board and the notices of this one. Play
// mode's controls are its own view's (panels/play-view.js), put in when it first plays.

/** The shadow root of a compact board: a stuck search's notice lies over the board, rather than push the page down. */
export const skeleton = () => `
    <div class="layout loading">
      <div class="stage">
        ${board(STUCK)}
        ${COMPACT_BAR}${NOTICE}
      </div>
    </div>`;

/** The board: a canvas in a frame whose box is reserved from the start, words across it, and
 *  `over` it (a notice); the caption of choosing a square by keyboard comes with the keys (ui/choosing.js). */
export const board = (over) => `
  <div class="board-frame" part="board">
    <canvas id="board" tabindex="0" role="img" aria-label="Chess board"></canvas>
    <p class="board-message" role="alert" hidden></p>
    ${over}
  </div>`;

/** The settings not understood, and a way to dismiss them. */
export const NOTICE = `
  <p class="notice" role="status" hidden><span></span><button type="button" data-action="dismiss" aria-label="Dismiss">×</button></p>`;

/** The speed: the slider and its words. */
export const SPEED_FIELD = `
  <div class="field speed">
    <label for="speed">Speed</label>
    <input type="range" id="speed" min="0" max="100" step="1" />
    <output for="speed"></output>
  </div>`;

/** An export's progress, with its Cancel, or what it saved: under the share buttons, or the compact bar. */
export const EXPORT_PROGRESS = `
      <div class="export-progress" hidden>
        <progress max="1" value="0" aria-label="Export progress"></progress>
        <p aria-live="polite"></p>
        <button type="button" data-action="cancel-export">Cancel</button>
      </div>`;

/** A stuck search: the words, and the way out. The element fills both in. */
export const STUCK = `
  <div class="stuck" hidden>
    <p class="stuck-words"></p>
    <button type="button" data-action="switch"></button>
  </div>`;

/** The compact board's Save menu (ui/menu.js): the board as a picture, or its run as an animation. */
const SAVE_MENU = `
    <div class="save">
      <button type="button" data-action="save" part="button" aria-haspopup="menu" aria-expanded="false" aria-controls="save-menu" title="Save the board as a picture or an animation">Save <span aria-hidden="true">▾</span></button>
      <div class="save-menu" id="save-menu" role="menu" aria-label="Save" hidden>
        <button type="button" role="menuitem" data-export="png" title="The board as it is now">PNG image</button>
        <button type="button" role="menuitem" data-export="gif" title="The run so far as an animated GIF">GIF animation</button>
      </div>
    </div>`;

/** The bar under an embedded board: the link to the full app shares the buttons' row, and Save
 *  the switch's, so that a small frame gives the board what a row of its own would take. */
const COMPACT_BAR = `
  <div class="bar" part="bar" aria-label="Controls">
    <div class="buttons" part="buttons">
      <button type="button" data-action="play" class="primary" part="button primary" disabled>Play</button>
      <button type="button" data-action="step" part="button" disabled>Step</button>
      <button type="button" data-action="reset" part="button" disabled>Reset</button>
    </div>
    <a class="full-app" target="_blank" rel="noopener" title="Open the full app in a new tab">Full app ↗</a>
    ${SPEED_FIELD}
    <p class="status" part="status" aria-live="polite"></p>
    <label class="check"><input type="checkbox" id="play" /> <span>Play it yourself</span></label>
    ${SAVE_MENU}
    ${EXPORT_PROGRESS}
  </div>`;
