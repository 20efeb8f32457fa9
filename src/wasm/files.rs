//! The run as a drawing, in the `export` part: the board and its path as SVG. A run's path and
//! outcome come from the first module's [`Tour`](super::Tour) (`pathView`, `status`); the
//! drawing is made here, so that no board fetches its code before someone saves one.

use wasm_bindgen::prelude::*;

use super::{from_js, on, setup};
use crate::front::config::Setup;
use crate::front::format::{self, SvgColours};
use crate::{Outcome, Square};

/// The board of `settings` and `path` (square indices, the start first) as SVG, in `colours`
/// (`{light, dark, from, to, accent, ink}`, each `[r, g, b]`); drawn closed where `outcome` (the
/// run's `status()`) is a closed tour. Throws for a square off the board.
#[wasm_bindgen]
pub fn svg(settings: JsValue, path: &[u32], outcome: &str, colours: JsValue) -> Result<String, JsError> {
    let Setup { board, .. } = setup(settings)?;
    let colours: SvgColours = from_js(&colours)?;
    let path = path.iter().map(|&square| on(board, square)).collect::<Result<Vec<Square>, _>>()?;
    Ok(format::svg(board, &path, outcome == Outcome::ClosedTour.name(), &colours))
}
