// The controls: the full layout's panel or the compact bar, their listeners, and what they show
// of the settings and of the run. What a control does is the element's to say (`actions`); here
// it is only wired and kept up to date.

import { boardSetting, builder, heuristic, limits } from "../core.js";
import { heuristicOptions } from "./markup.js";
import { Menu } from "./menu.js";
import { Shown } from "./shown.js";
import { eventsWords, formatCount, formatPair } from "./text.js";
import { drawSeed, readSetting, seeded, speedText, withSeed } from "./settings.js";

/** Moves a second for the slider position: logarithmic from 1 to a million, then "max". */
const sliderSpeed = (value) => (value >= 100 ? Infinity : 10 ** ((value / 99) * 6));
const speedSlider = (speed) => (speed === Infinity ? 100 : Math.max(0, Math.min(99, Math.round((Math.log10(speed) / 6) * 99))));

/** The speed in words: "max", "300 moves/s", or where none was chosen "auto: 50.0 k moves/s". */
function speedWords(speed, auto) {
  if (speed === null) return "";
  const words = speed === Infinity ? "max" : `${speed < 10 ? speedText(speed) : formatCount(Math.round(speed))} moves/s`;
  return auto ? `auto: ${words}` : words;
}

/** The search's switches the panel has a checkbox for. */
const SWITCHES = ["backtracking", "closed", "prune", "theorems"];

export class Controls {
  /**
   * `root` is the shadow root; `actions` what the controls ask for (ui/actions.js): `togglePlay()`,
   * `step()`, `reset()`, `back()`, `seek(event)`, `change(patch, restart)`, `resize(rows, cols)`,
   * `race()`, `switchToBuilder()`, `help()`, `closeHelp()`, `share(kind)`, `export(kind)`, `dismiss()`.
   * Listeners end with `signal`. (The count's buttons are the count's: see counting.js.)
   */
  constructor(root, actions, signal) {
    const $ = (selector) => root.querySelector(selector);
    this.root = root;
    this.ui = {
      play: $("[data-action=play]"), step: $("[data-action=step]"), reset: $("[data-action=reset]"),
      back: $("[data-action=back]"), speed: $("#speed"), speedOut: $(".speed output"),
      rows: $("#rows"), cols: $("#cols"), heuristic: $("#heuristic"),
      backtracking: $("#backtracking"), closed: $("#closed"), prune: $("#prune"), theorems: $("#theorems"),
      seedRow: $(".seed"), seed: $("#seed"), restarts: $("#restarts"),
      timeline: $("#timeline"), position: $(".position"), teach: $("#teach"), projector: $("#projector"),
      theme: $("#theme"), sizeError: $(".size-error"),
      playSwitch: $("#play"), fullApp: $(".full-app"), switch: $("[data-action=switch]"),
      counters: Object.fromEntries([...root.querySelectorAll("[data-counter]")].map((el) => [el.dataset.counter, el])),
      presets: [...root.querySelectorAll("[data-board]")],
      exports: [...root.querySelectorAll("[data-export]")],
      copied: $(".copied"),
    };
    this.copiedTimer = 0;
    signal.addEventListener("abort", () => clearTimeout(this.copiedTimer));
    this.shown = new Shown();
    this.seed = null; // the seed in force, kept for a switch to random ties
    const { ui } = this;
    const on = (element, type, listener) => element?.addEventListener(type, listener, { signal });
    const click = (selector, listener) => on($(selector), "click", listener);
    click("[data-action=play]", () => actions.togglePlay());
    click("[data-action=step]", () => actions.step());
    click("[data-action=reset]", () => actions.reset());
    click("[data-action=back]", () => actions.back());
    click("[data-action=race]", () => actions.race());
    click("[data-action=switch]", () => actions.switchToBuilder());
    click("[data-action=new-seed]", () => actions.change({ seed: drawSeed() }));
    click("[data-action=help]", () => actions.help());
    click("[data-action=close-help]", () => actions.closeHelp());
    click("[data-action=dismiss]", () => actions.dismiss());
    on(ui.timeline, "input", () => actions.seek(Number(ui.timeline.value)));
    on(ui.teach, "change", () => actions.change({ teach: ui.teach.checked }, false));
    on(ui.projector, "change", () => actions.change({ projector: ui.projector.checked }, false));
    on(ui.playSwitch, "change", () => actions.playYourself(ui.playSwitch.checked));
    on(ui.theme, "change", () => actions.change({ theme: ui.theme.value }, false));
    on(ui.speed, "input", () => actions.change({ speed: sliderSpeed(Number(ui.speed.value)) }, false));
    // Random ties always run from a seed, shown and in the link: one is drawn if none is set.
    // Restarts draw fresh ties: only a seeded heuristic has them.
    on(ui.heuristic, "change", () => {
      const name = ui.heuristic.value;
      actions.change(withSeed({ heuristic: name, seed: this.seed, ...(seeded(name) ? {} : { restarts: 0 }) }));
    });
    // A number field is read by the core, as the address bar is, and refused in its words.
    const field = (name, beside = () => ({})) => on(ui[name], "change", () => {
      const { value, problem } = readSetting(name, ui[name].value, beside());
      ui[name].setCustomValidity(problem ?? "");
      if (problem) ui[name].reportValidity();
      else actions.change({ [name]: value });
    });
    field("restarts", () => ({ heuristic: ui.heuristic.value }));
    field("seed");
    for (const key of SWITCHES) {
      on(ui[key], "change", () => actions.change({ [key]: ui[key].checked }));
    }
    // The fields' text goes to the core as typed (a number field gives "" for what is no number).
    for (const input of [ui.rows, ui.cols]) {
      on(input, "change", () => actions.resize(ui.rows.value, ui.cols.value));
    }
    for (const preset of ui.presets) {
      on(preset, "click", () => actions.resize(...preset.dataset.board.split("x")));
    }
    for (const button of root.querySelectorAll("[data-share]")) on(button, "click", () => actions.share(button.dataset.share));
    for (const button of ui.exports) on(button, "click", () => actions.export(button.dataset.export));
    const save = $("[data-action=save]"); // the compact bar's menu of exports
    if (save) new Menu(save, $(".save-menu"), signal);
  }

  /** The core is in: the choices it offers. */
  ready() {
    const { ui } = this;
    if (ui.heuristic) ui.heuristic.innerHTML = heuristicOptions();
    for (const side of [ui.rows, ui.cols]) if (side) side.max = String(limits().maxSquares);
    ui.switch.textContent = `Switch to ${builder().label.toLowerCase()}`;
  }

  /** Puts the settings into the controls; `appLink` is the full app with these settings. */
  showSettings(settings, appLink) {
    const { ui } = this;
    if (ui.rows) {
      ui.rows.value = String(settings.rows);
      ui.cols.value = String(settings.cols);
      ui.heuristic.value = settings.heuristic;
      for (const key of SWITCHES) ui[key].checked = settings[key];
      this.seed = settings.seed;
      ui.seedRow.hidden = !seeded(settings.heuristic);
      ui.seed.value = settings.seed ?? "";
      ui.restarts.value = String(settings.restarts);
      ui.seed.setCustomValidity("");
      // What the heuristic has no use for is greyed out, saying why (the core's words).
      const { unused } = heuristic(settings.heuristic);
      for (const key of SWITCHES) {
        ui[key].disabled = key in unused;
        const label = ui[key].parentElement;
        label.title = unused[key] ?? label.dataset.title ?? "";
      }
      for (const preset of ui.presets) {
        preset.setAttribute("aria-pressed", String(preset.dataset.board === boardSetting(settings.rows, settings.cols)));
      }
    }
    if (ui.theme) ui.theme.value = settings.theme;
    if (ui.teach) ui.teach.checked = settings.teach;
    if (ui.projector) ui.projector.checked = settings.projector;
    ui.playSwitch.checked = settings.play;
    if (ui.fullApp) ui.fullApp.href = appLink;
  }

  /**
   * A size the core refused, in its words beside the fields, the fields marked; or (null) none:
   * the words go and the fields show the board's size.
   */
  refuseSize(message) {
    const { ui } = this;
    if (!ui.sizeError) return;
    ui.sizeError.hidden = message === null;
    ui.sizeError.textContent = message ?? "";
    for (const field of [ui.rows, ui.cols]) {
      if (message) field.setAttribute("aria-describedby", ui.sizeError.id);
      else field.removeAttribute("aria-describedby");
      field.setAttribute("aria-invalid", String(message !== null));
    }
  }

  /**
   * Says that the `kind` of text shared (`link`, `iframe`, `element`) is on the clipboard, or
   * (`ok` false) that it is selected below for the visitor to copy; the words go after a while.
   */
  copied(kind, ok) {
    const { copied } = this.ui;
    if (!copied) return;
    const what = { link: "the link", iframe: "the iframe snippet", element: "the element snippet" }[kind];
    copied.textContent = ok ? `Copied ${what}.` : `Select ${what} below and copy it: this page may not use the clipboard.`;
    clearTimeout(this.copiedTimer);
    this.copiedTimer = setTimeout(() => { copied.textContent = ""; }, 5000);
  }

  /**
   * The buttons, counters and timeline, from the run; the exports by what the element's mode can
   * export (`exportable(kind)`: a search's run, a game's path), the animated ones not while one is
   * under way (`exporting`).
   */
  render(controller, exportable, exporting = false) {
    const { ui, shown } = this;
    const { run, mode, speed } = controller;
    // A run decided before any move (a theorem's "no tour from here") has nothing to replay or
    // step back through: only its verdict, the one event on its timeline.
    const verdictOnly = mode === "finished" && run !== null && run.placements === 0;
    const live = run !== null && mode !== "failed" && !verdictOnly;
    // The speed as it is: chosen, or the core's pace for the board (the slider stands there too).
    const words = speedWords(speed, controller.settings.speed === null);
    shown.text(ui.speedOut, words);
    shown.attribute(ui.speed, "aria-valuetext", words || null);
    if (speed !== null && shown.changed(ui.speed, "value", speedSlider(speed))) ui.speed.value = String(speedSlider(speed));
    // After the end, Play plays the same run again from its start: it says so.
    shown.text(ui.play, mode === "running" ? "Pause" : mode === "finished" && !verdictOnly ? "Replay" : "Play");
    // Play and Pause work while a tour is being built, too: the walk starts when it is in, or waits.
    shown.attribute(ui.play, "disabled", live || controller.building ? null : "");
    shown.attribute(ui.step, "disabled", live && mode !== "finished" ? null : "");
    shown.attribute(ui.reset, "disabled", run ? null : "");
    const c = ui.counters;
    if (c.placed) {
      const time = controller.runningTime();
      shown.text(c.placed, formatCount(run ? run.placements : 0));
      shown.text(c.backtracks, formatCount(run ? run.backtracks : 0));
      shown.text(c.depth, formatPair(run ? run.depth : 0, controller.squares));
      shown.text(c.deepest, formatCount(run ? run.deepest : 0));
      shown.text(c.elapsed, `${(time / 1000).toFixed(time < 10_000 ? 2 : 1)} s`);
      shown.text(c.rate, controller.meter.rate === null || mode !== "running" ? "—" : formatCount(controller.meter.rate));
    }
    for (const button of ui.exports) {
      const kind = button.dataset.export;
      const ready = exportable(kind) && !(exporting && (kind === "gif" || kind === "webm"));
      shown.attribute(button, "disabled", ready ? null : "");
    }
    if (ui.timeline) {
      shown.attribute(ui.timeline, "max", String(run ? run.horizon : 0));
      if (shown.changed(ui.timeline, "value", run ? run.position : 0)) ui.timeline.value = String(run ? run.position : 0);
      shown.attribute(ui.timeline, "disabled", live ? null : "");
      const position = run ? eventsWords(run.position, run.horizon) : eventsWords(0, 0);
      shown.text(ui.position, position);
      shown.attribute(ui.timeline, "aria-valuetext", position);
      shown.attribute(ui.back, "disabled", live && run.position > 0 ? null : "");
    }
  }
}
