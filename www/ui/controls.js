// The controls every board has: Play, Step and Reset, the speed, the switch to play it yourself,
// the exports, a stuck search's way out and the notice's Dismiss; on a compact board, the link to
// the full app and the Save menu. Their listeners, and what they show of the settings and of the
// run. What a control does is the element's to say (`actions`); here it is only wired and kept up
// to date. The full layout's panel adds its own (panel-controls.js).

import { builder } from "../core.js";
import { Shown } from "./shown.js";
import { formatCount } from "./text.js";
import { speedText } from "./settings.js";

/** Moves a second for the slider position: logarithmic from 1 to a million, then "max". */
const sliderSpeed = (value) => (value >= 100 ? Infinity : 10 ** ((value / 99) * 6));
const speedSlider = (speed) => (speed === Infinity ? 100 : Math.max(0, Math.min(99, Math.round((Math.log10(speed) / 6) * 99))));

/** The speed in words: "max", "300 moves/s", or where none was chosen "auto: 50.0 k moves/s". */
function speedWords(speed, auto) {
  if (speed === null) return "";
  const words = speed === Infinity ? "max" : `${speed < 10 ? speedText(speed) : formatCount(Math.round(speed))} moves/s`;
  return auto ? `auto: ${words}` : words;
}

/**
 * Whether the run of `controller` has events to play, step and go back through: not before it
 * has one, nor after a failure, nor for a run decided before any move (a theorem's "no tour from
 * here"), which has only its verdict, the one event on its timeline.
 */
export const hasEvents = ({ run, mode }) => run !== null && mode !== "failed" && !verdictOnly({ run, mode });

const verdictOnly = ({ run, mode }) => mode === "finished" && run !== null && run.placements === 0;

/** Adds listeners until `signal` aborts: `on(element, type, listener)`, where there is such an element. */
export const listener = (signal) => (element, type, listener) => element?.addEventListener(type, listener, { signal });

/**
 * The compact bar's Save menu (menu.js: `button` opens `list`), a module of its own: fetched and
 * made when the reader first reaches for the `bar` (a pointer over it, focus in it), and opened
 * by a press on the button (or an arrow key on it) that came before it was in, once it is.
 * Listeners end with `signal`.
 */
function saveMenu(bar, button, list, signal) {
  let menu = null;
  let making = null;
  const make = () => (making ??= import("./menu.js").then(({ Menu }) => (menu = new Menu(button, list, signal)), (error) => {
    making = null; // asked for again at the next reach
    throw error;
  }));
  const on = listener(signal);
  for (const type of ["pointerover", "focusin"]) on(bar, type, () => make().catch(() => {}));
  // Once it is made, the menu answers these itself.
  on(button, "click", () => menu ?? make().then((made) => made.show()));
  on(button, "keydown", (event) => {
    if (menu || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) return;
    event.preventDefault();
    make().then((made) => made.show(event.key === "ArrowUp" ? -1 : 0));
  });
}

export class Controls {
  /**
   * `root` is the shadow root; `actions` what the controls ask for (ui/actions.js): `togglePlay()`,
   * `step()`, `reset()`, `change(patch, restart)`, `playYourself(on)`, `switchToBuilder()`,
   * `export(kind)`, `dismiss()`. Listeners end with `signal`.
   */
  constructor(root, actions, signal) {
    const $ = (selector) => root.querySelector(selector);
    this.ui = {
      play: $("[data-action=play]"), step: $("[data-action=step]"), reset: $("[data-action=reset]"),
      speed: $("#speed"), speedOut: $(".speed output"),
      playSwitch: $("#play"), fullApp: $(".full-app"), switch: $("[data-action=switch]"),
      exports: [...root.querySelectorAll("[data-export]")],
    };
    this.shown = new Shown();
    const { ui } = this;
    const on = listener(signal);
    const click = (selector, listener) => on($(selector), "click", listener);
    click("[data-action=play]", () => actions.togglePlay());
    click("[data-action=step]", () => actions.step());
    click("[data-action=reset]", () => actions.reset());
    click("[data-action=switch]", () => actions.switchToBuilder());
    click("[data-action=dismiss]", () => actions.dismiss());
    on(ui.playSwitch, "change", () => actions.playYourself(ui.playSwitch.checked));
    on(ui.speed, "input", () => actions.change({ speed: sliderSpeed(Number(ui.speed.value)) }, false));
    for (const button of ui.exports) on(button, "click", () => actions.export(button.dataset.export));
    const save = $("[data-action=save]"); // the compact bar's menu of exports
    if (save) saveMenu($(".bar"), save, $(".save-menu"), signal);
  }

  /** The core is in: the choices it offers. */
  ready() {
    this.ui.switch.textContent = `Switch to ${builder().label.toLowerCase()}`;
  }

  /** Puts the settings into the controls; `appLink` is the full app with these settings. */
  showSettings(settings, appLink) {
    const { ui } = this;
    ui.playSwitch.checked = settings.play;
    if (ui.fullApp) ui.fullApp.href = appLink;
  }

  /**
   * The buttons and the speed, from the run; the exports by what the element's mode can export
   * (`exportable(kind)`: a search's run, a game's path), the animated ones not while one is under
   * way (`exporting`).
   */
  render(controller, exportable, exporting = false) {
    const { ui, shown } = this;
    const { run, mode, speed } = controller;
    const live = hasEvents(controller);
    // The speed as it is: chosen, or the core's pace for the board (the slider stands there too).
    const words = speedWords(speed, controller.settings.speed === null);
    shown.text(ui.speedOut, words);
    shown.attribute(ui.speed, "aria-valuetext", words || null);
    if (speed !== null && shown.changed(ui.speed, "value", speedSlider(speed))) ui.speed.value = String(speedSlider(speed));
    // After the end, Play plays the same run again from its start: it says so.
    shown.text(ui.play, mode === "running" ? "Pause" : mode === "finished" && !verdictOnly(controller) ? "Replay" : "Play");
    // Play and Pause work while a tour is being built, too: the walk starts when it is in, or waits.
    shown.attribute(ui.play, "disabled", live || controller.building ? null : "");
    shown.attribute(ui.step, "disabled", live && mode !== "finished" ? null : "");
    shown.attribute(ui.reset, "disabled", run ? null : "");
    for (const button of ui.exports) {
      const kind = button.dataset.export;
      const ready = exportable(kind) && !(exporting && (kind === "gif" || kind === "webm"));
      shown.attribute(button, "disabled", ready ? null : "");
    }
  }
}
