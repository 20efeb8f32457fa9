//! [`Fold`]: where each square of a board is drawn, in square units, folded into bands where the
//! board is long and thin: the core's [`Bands`], the same layout as the board's picture, so its
//! pixels and the page's drawing agree.

use wasm_bindgen::prelude::*;

use super::{board, to_js, Columns};
use crate::draw::picture::Bands;
use crate::Square;

#[wasm_bindgen]
pub struct Fold {
    bands: Bands,
}

#[wasm_bindgen]
impl Fold {
    /// A `rows` × `cols` board in bands of `band` squares along its long side (0: unfolded).
    #[wasm_bindgen(constructor)]
    pub fn new(rows: u32, cols: u32, band: u32) -> Result<Fold, JsError> {
        Ok(Fold { bands: Bands::new(board(rows, cols)?, band) })
    }

    /// The layout of a `rows` × `cols` board in a `width` × `height` box of CSS pixels: folded
    /// only where its squares would be too small to see (under a few pixels) and the fold makes
    /// them clearly bigger.
    pub fn fit(rows: u32, cols: u32, width: f64, height: f64) -> Result<Fold, JsError> {
        Ok(Fold { bands: Bands::fit(board(rows, cols)?, width, height) })
    }

    /// The layout, `{rows, cols, band, count, wide, width, height}`: squares a band along the
    /// long side, how many bands, whether they lie one under the next, and the drawing's size
    /// in squares, gaps between bands included.
    pub fn layout(&self) -> Result<JsValue, JsError> {
        to_js(&self.bands.layout())
    }

    /// The boxes the bands take, `{x, y, width, height}`, a column a field.
    pub fn boxes(&self) -> JsValue {
        let boxes: Vec<_> = self.bands.boxes().collect();
        Columns::new()
            .u32s("x", boxes.iter().map(|rect| rect.x.start))
            .u32s("y", boxes.iter().map(|rect| rect.y.start))
            .u32s("width", boxes.iter().map(|rect| rect.x.len() as u32))
            .u32s("height", boxes.iter().map(|rect| rect.y.len() as u32))
            .into()
    }

    /// Where every square is drawn and what every point shows, as columns (see `Bands::map`):
    /// `x` and `y` a square, `square` a point of the drawing, row by row (-1 in a gap).
    pub fn map(&self) -> JsValue {
        let map = self.bands.map();
        Columns::new()
            .u32s("x", map.x.into_iter())
            .u32s("y", map.y.into_iter())
            .i32s("square", map.square.into_iter())
            .into()
    }

    /// Whether a move between two squares stays in one band.
    #[wasm_bindgen(js_name = sameBand)]
    pub fn same_band(&self, a: u32, b: u32) -> bool {
        self.bands.same_band(Square(a), Square(b))
    }
}
