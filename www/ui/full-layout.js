// The full layout (the app page's), a part of the element of its own: the board with its panel of
// controls beside it, the heat map's legend, the status and the teaching view under it, and the
// keyboard help, with their styles, their controls and the share buttons. The element imports it
// on first use (parts.js, `fullLayout`), and builds the board once it is in (the app page
// preloads it); a compact board never fetches it. The compact layout is the element's own
// (knights-tour.js, `COMPACT`), and this is its shape: the sheet added to the element's own
// (null: none), the shadow root's markup, and the makers of the controls, of sharing and of the
// keyboard help (null where there is none).

import sheet from "./full-style.js";
import { skeleton } from "./full-markup.js";
import { PanelControls } from "./panel-controls.js";
import { HelpDialog } from "../panels/help-dialog.js";
import { PanelSharing } from "../panels/share-panel.js";

export default {
  sheet,
  skeleton,
  Controls: PanelControls,
  Sharing: PanelSharing,
  help: (root, signal) => new HelpDialog(root.querySelector(".help"), signal),
};
