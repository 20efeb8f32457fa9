//! [`Fold`]: where each square of a board is drawn, in square units, folded into bands where the
//! board is long and thin: the core's [`Bands`], the same layout as the board's picture, so its
//! pixels and the page's drawing agree.

use wasm_bindgen::prelude::*;

use super::{board, to_js, Columns};
use crate::picture::Bands;
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

    /// The layout that gives a `rows` × `cols` board the biggest squares in a `width` ×
    /// `height` box: folded only where that makes the squares clearly bigger.
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

    /// Where `square`'s top-left corner is drawn, across and down.
    pub fn x(&self, square: u32) -> u32 {
        self.bands.pixel(Square(square)).0
    }

    pub fn y(&self, square: u32) -> u32 {
        self.bands.pixel(Square(square)).1
    }

    /// The square drawn at (`x`, `y`), or -1 in a gap or off the board.
    #[wasm_bindgen(js_name = squareAt)]
    pub fn square_at(&self, x: f64, y: f64) -> i32 {
        // `as` saturates: a point far off the board is off it.
        self.bands.square_at(x.floor() as i64, y.floor() as i64).map_or(-1, |square| square.0 as i32)
    }

    /// Whether a move between two squares stays in one band.
    #[wasm_bindgen(js_name = sameBand)]
    pub fn same_band(&self, a: u32, b: u32) -> bool {
        self.bands.same_band(Square(a), Square(b))
    }
}
