// The full layout's panel of controls, besides those every board has (controls.js): step back and
// the timeline, the teaching view, large text and the theme, the board's size and its presets,
// the heuristic with its seed, restarts and switches, the race, the search's counters, the share
// buttons with what they copied, and the keyboard help's. Wired to the element's actions and kept
// up to date, as the others are. (The count's buttons are the count's: see counting.js.)

import { boardSetting, limits, readSettings } from "../core.js";
import told from "../wasm/catalogue-parts.js";
import { Controls, hasEvents, listener } from "./controls.js";
import { heuristicOptions } from "./full-markup.js";
import { drawSeed, seeded, withSeed } from "./settings.js";
import { formatCount, grouped } from "./text.js";

/** The search's switches the panel has a checkbox for. */
const SWITCHES = ["backtracking", "closed", "prune", "theorems"];

export class PanelControls extends Controls {
  /**
   * As `Controls`, with the panel's `actions` besides: `back()`, `seek(event)`, `resize(rows,
   * cols)`, `race()`, `help()`, `closeHelp()`, `share(kind)`.
   */
  constructor(root, actions, signal) {
    super(root, actions, signal);
    const $ = (selector) => root.querySelector(selector);
    const ui = Object.assign(this.ui, {
      back: $("[data-action=back]"), rows: $("#rows"), cols: $("#cols"), heuristic: $("#heuristic"),
      backtracking: $("#backtracking"), closed: $("#closed"), prune: $("#prune"), theorems: $("#theorems"),
      seedRow: $(".seed"), seed: $("#seed"), restarts: $("#restarts"),
      timeline: $("#timeline"), position: $(".position"), teach: $("#teach"), projector: $("#projector"),
      theme: $("#theme"), sizeError: $(".size-error"),
      counters: Object.fromEntries([...root.querySelectorAll("[data-counter]")].map((el) => [el.dataset.counter, el])),
      presets: [...root.querySelectorAll("[data-board]")],
      copied: $(".copied"),
    });
    this.copiedTimer = 0;
    signal.addEventListener("abort", () => clearTimeout(this.copiedTimer));
    this.seed = null; // the seed in force, kept for a switch to random ties
    const on = listener(signal);
    const click = (selector, listener) => on($(selector), "click", listener);
    click("[data-action=back]", () => actions.back());
    click("[data-action=race]", () => actions.race());
    click("[data-action=new-seed]", () => actions.change({ seed: drawSeed() }));
    click("[data-action=help]", () => actions.help());
    click("[data-action=close-help]", () => actions.closeHelp());
    on(ui.timeline, "input", () => actions.seek(Number(ui.timeline.value)));
    on(ui.teach, "change", () => actions.change({ teach: ui.teach.checked }, false));
    on(ui.projector, "change", () => actions.change({ projector: ui.projector.checked }, false));
    on(ui.theme, "change", () => actions.change({ theme: ui.theme.value }, false));
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
  }

  ready() {
    super.ready();
    const { ui } = this;
    ui.heuristic.innerHTML = heuristicOptions();
    for (const side of [ui.rows, ui.cols]) side.max = String(limits().maxSquares);
  }

  showSettings(settings, appLink) {
    super.showSettings(settings, appLink);
    const { ui } = this;
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
    const { unused } = told.heuristics[settings.heuristic];
    for (const key of SWITCHES) {
      ui[key].disabled = key in unused;
      const label = ui[key].parentElement;
      label.title = unused[key] ?? label.dataset.title ?? "";
    }
    for (const preset of ui.presets) {
      preset.setAttribute("aria-pressed", String(preset.dataset.board === boardSetting(settings.rows, settings.cols)));
    }
    ui.theme.value = settings.theme;
    ui.teach.checked = settings.teach;
    ui.projector.checked = settings.projector;
  }

  /**
   * A size the core refused, in its words beside the fields, the fields marked; or (null) none:
   * the words go and the fields show the board's size.
   */
  refuseSize(message) {
    const { ui } = this;
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
    const what = { link: "the link", iframe: "the iframe snippet", element: "the element snippet" }[kind];
    copied.textContent = ok ? `Copied ${what}.` : `Select ${what} below and copy it: this page may not use the clipboard.`;
    clearTimeout(this.copiedTimer);
    this.copiedTimer = setTimeout(() => { copied.textContent = ""; }, 5000);
  }

  /** As `Controls`, with the search's counters, the timeline and step back. */
  render(controller, exportable, exporting = false) {
    super.render(controller, exportable, exporting);
    const { ui, shown } = this;
    const { run, mode } = controller;
    const live = hasEvents(controller);
    const c = ui.counters;
    const time = controller.runningTime();
    shown.text(c.placed, formatCount(run ? run.placements : 0));
    shown.text(c.backtracks, formatCount(run ? run.backtracks : 0));
    shown.text(c.depth, formatPair(run ? run.depth : 0, controller.squares));
    shown.text(c.deepest, formatCount(run ? run.deepest : 0));
    shown.text(c.elapsed, `${(time / 1000).toFixed(time < 10_000 ? 2 : 1)} s`);
    shown.text(c.rate, controller.meter.rate === null || mode !== "running" ? "—" : formatCount(controller.meter.rate));
    shown.attribute(ui.timeline, "max", String(run ? run.horizon : 0));
    if (shown.changed(ui.timeline, "value", run ? run.position : 0)) ui.timeline.value = String(run ? run.position : 0);
    shown.attribute(ui.timeline, "disabled", live ? null : "");
    const position = run ? eventsWords(run.position, run.horizon) : eventsWords(0, 0);
    shown.text(ui.position, position);
    shown.attribute(ui.timeline, "aria-valuetext", position);
    shown.attribute(ui.back, "disabled", live && run.position > 0 ? null : "");
  }
}

/**
 * One of the core's settings as typed (`restarts`, `seed`…), read by the core: `{ value }`, as
 * `readSettings` gives it back (a seed as text without leading zeros: seeds go past what a
 * JavaScript number holds), or `{ problem }`, the core's message. `with` are settings it is
 * read beside (restarts need the random heuristic).
 */
function readSetting(name, text, beside = {}) {
  const read = readSettings({ ...beside, [name]: text.trim() });
  const problem = read.problems.find(({ setting }) => setting === name) ?? read.problems[0];
  return problem ? { problem: problem.message } : { value: read[name] };
}

/**
 * "part / whole", short, but with every digit where the short forms would look equal while the
 * numbers are not (1,048,575 of 1,048,576 is not "1.04 M / 1.04 M").
 */
function formatPair(part, whole) {
  const [a, b] = [formatCount(part), formatCount(whole)];
  return a === b && part !== whole ? `${grouped(part)} / ${grouped(whole)}` : `${a} / ${b}`;
}

/**
 * Where the timeline stands, in words that say what it counts: "65 events" at its end, "20 of
 * 65 events" before it (short where the numbers are long, as `formatPair` writes them).
 */
function eventsWords(position, horizon) {
  const [part, whole] = formatPair(position, horizon).split(" / ");
  const noun = `event${horizon === 1 ? "" : "s"}`;
  return position === horizon ? `${whole} ${noun}` : `${part} of ${whole} ${noun}`;
}
