//! The catalogue, in a module of its own that the build runs once (`scripts/build.mjs`), not in
//! any the page loads: what it says is the same on every call, so the build writes it into the
//! page's scripts (`www/wasm/catalogue.js`, read by `www/core.js`), and no board fetches its code
//! and words (8 KB of the first module, gzipped). It is the wasm32 build's, not the native one's:
//! a count's memory limit is the browser's.

use wasm_bindgen::prelude::*;

use super::to_js;
use crate::front::catalogue::Catalogue;

/// Everything the page learns from the core before it shows anything (see `catalogue.rs`):
/// `{heuristics, settings, defaults, switches, limits, events, outcomes, restarts, existence,
/// counting, drawing}`.
#[wasm_bindgen]
pub fn catalogue() -> Result<JsValue, JsError> {
    to_js(&Catalogue::new())
}
