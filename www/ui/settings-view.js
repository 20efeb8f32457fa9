// The element's settings in, and shown: read from its attributes (attributes.js), put into the
// controls and the panels, the theme and large text applied, the board's frame given its
// proportions. The element holds one; what it shows is the element's parts'.

import { appLink } from "../panels/share.js";
import { guessAspect } from "./settings.js";

export class SettingsView {
  /** `host` is the element: its `sync`, `controller`, `board`, `controls`, `parts` and panels. */
  constructor(host) {
    this.host = host;
  }

  /** Reads the attributes into the run's settings and shows them, with any not understood. */
  read() {
    const { host } = this;
    const { settings, problems } = host.sync.read();
    host.controller.settings = settings;
    host.problems = problems;
    this.theme();
    this.show();
    host.showProblems();
  }

  /** The theme in force: the setting's, or with `auto` the page's or the system's (theme.js). */
  theme() {
    const { host } = this;
    if (!host.live) return;
    const { theme } = host.settings;
    const shown = theme === "auto" ? host.scheme.scheme : theme;
    if (host.dataset.theme === shown) return;
    host.dataset.theme = shown;
    host.board.readPalette();
    host.changed();
  }

  /** Puts the settings into the controls and the panels (the teaching view comes in when first on). */
  show() {
    const { host } = this;
    const { settings } = host;
    // Large text is the stylesheet's (`data-projector`); the board's words are drawn to its scale.
    if (host.hasAttribute("data-projector") !== settings.projector) {
      host.toggleAttribute("data-projector", settings.projector);
      host.board.restyle();
    }
    host.controls.showSettings(settings, appLink(settings));
    for (const part of host.parts.want(settings)) part.then(() => host.changed(), (error) => host.fail(error));
    host.teaching?.showSettings(settings);
    host.counts?.showLesson(settings.teach);
    this.shape(settings);
    host.changed();
  }

  /** The board frame's proportions (the skeleton's too, before the core is in; none before the full layout's is up). */
  shape(shape) {
    const { host } = this;
    if (!shape || !host.layoutBox) return;
    const style = host.layoutBox.style;
    const aspect = host.live ? host.board.aspect(shape.rows, shape.cols) : guessAspect(shape);
    style.setProperty("--kt-aspect", String(aspect));
    style.setProperty("--kt-rows", String(shape.rows));
    style.setProperty("--kt-cols", String(shape.cols));
  }
}
