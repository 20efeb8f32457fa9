// The full layout (the app page's), a part of the element of its own: the board with its panel of
// controls beside it, the heat map's legend, the status and the teaching view under it, and the
// keyboard help, with their styles, their controls and the share buttons. A compact board never
// fetches it. The element builds a board of the full layout once this module has run, which hands
// it over as it runs (parts.js, `fullLayout`): the app page imports it with the element, and its
// board is built before the page's first paint. The compact layout is the element's own (knights-tour.js, `COMPACT`),
// and this is its shape: the sheet added to the element's own (null: none), the shadow root's
// markup, the actions it adds to the element's, the classes of the controls and of sharing, the
// status's hints after an outcome, the maker of the keyboard help (null where there is none), and
// the maker of its keys: the app page answers them anywhere, an embedded board only with focus
// inside it (knights-tour.js, `COMPACT`).

import { fullLayout } from "../parts.js";
import { HelpDialog } from "../panels/help-dialog.js";
import { HINTS } from "../panels/hints.js";
import { PanelSharing } from "../panels/share-panel.js";
import sheet from "./full-style.js";
import { skeleton } from "./full-markup.js";
import { KeyRouter } from "./keyboard.js";
import { panelActions } from "./panel-actions.js";
import { PanelControls } from "./panel-controls.js";

export { heuristicOptions } from "./full-markup.js";

const layout = {
  sheet,
  skeleton,
  actions: panelActions,
  Controls: PanelControls,
  Sharing: PanelSharing,
  hints: HINTS,
  help: (root, signal) => new HelpDialog(root.querySelector(".help"), signal),
  keys: (host, signal) => new KeyRouter(host, document, signal),
};
fullLayout.layout = layout;
export default layout;
