//! What the page asks of the core outside a run: settings read and checked, squares' names,
//! whether a tour exists, the pace, and the tour divide builds for a worker.

use wasm_bindgen::prelude::*;

use super::{board, error, named, on, setup, to_js, values};
use crate::board::existence;
use crate::divide::construct;
use crate::front::config::{Reading, Setup};
use crate::{Board, Coord, Heuristic};

/// Moves a second to play a run of these settings at when no speed is chosen (see `pace.rs`):
/// 10 on small boards, the whole walk within about 20 s on large ones.
#[wasm_bindgen]
pub fn pace(settings: JsValue) -> Result<f64, JsError> {
    let Setup { board, options, .. } = setup(settings)?;
    Ok(crate::watch::pace::pace(board, &options))
}

/// Checked settings of a divide run; throws for any other.
pub(super) fn divide_setup(settings: JsValue) -> Result<Setup, JsError> {
    let setup = setup(settings)?;
    match setup.options.heuristic {
        Heuristic::Divide => Ok(setup),
        other => Err(JsError::new(&format!("{} searches: only divide builds its tour", other.label()))),
    }
}

/// Builds the tour of a divide run of `settings`, for `Tour.built` in another instance of the
/// module: a worker builds it while the page's thread goes on. Its words (see
/// `Construction::to_words`), a copy the worker can transfer; `undefined` where there is none to
/// build (divide then searches). Throws for bad settings and for any but divide's.
#[wasm_bindgen(js_name = buildTour)]
pub fn build_tour(settings: JsValue) -> Result<Option<Vec<u32>>, JsError> {
    let Setup { board, start, options } = divide_setup(settings)?;
    Ok(construct(board, start, options.closed).map(|built| built.to_words()))
}

/// Throws what [`Tour`]'s constructor would for these settings, without making a run.
#[wasm_bindgen(js_name = checkSettings)]
pub fn check_settings(settings: JsValue) -> Result<(), JsError> {
    setup(settings).map(drop)
}

/// Reads a settings object as a page reads its address bar: every value that can be read is
/// kept, every other keeps its default and is reported. Returns the settings as `catalogue()`'s
/// `defaults`, with `startGiven` and `problems: [{setting, message}]`.
#[wasm_bindgen(js_name = readSettings)]
pub fn read_settings(settings: JsValue) -> Result<JsValue, JsError> {
    let values = values(&settings)?;
    to_js(&Reading::new(named(&values)))
}

/// Whether the tour these settings ask for exists, decided without a search:
/// `{tour, reason, remedy, advice, closedTour}` (see `existence::Answer`).
#[wasm_bindgen]
pub fn exists(settings: JsValue) -> Result<JsValue, JsError> {
    let Setup { board, start, options } = setup(settings)?;
    to_js(&existence::answer(board, start, options.closed))
}

/// The board of `rows` and `cols` as typed each in a field of its own: `[rows, cols]`, or an
/// exception in the core's words for the side that is no whole number or the board that cannot be.
#[wasm_bindgen(js_name = readBoard)]
pub fn read_board(rows: &str, cols: &str) -> Result<Vec<u32>, JsError> {
    let board = Board::from_sides(rows, cols).map_err(error)?;
    Ok(vec![board.rows(), board.cols()])
}

/// The name of a square of a `rows` × `cols` board (`a1` the bottom-left square, files past `z`
/// lettered `aa`, `ab`, …). Throws for a board or square that does not exist.
#[wasm_bindgen(js_name = squareName)]
pub fn square_name(rows: u32, cols: u32, square: u32) -> Result<String, JsError> {
    let board = board(rows, cols)?;
    Ok(board.name(on(board, square)?))
}

/// The name a `rows` × `cols` board gives the square it reads as `text`, or `undefined` where it
/// reads none: a start kept as the board changes size keeps its name (`c3` stays `c3`, `2,5` stays
/// `2,5`), or is dropped. Throws for a board that does not exist.
#[wasm_bindgen(js_name = sameSquare)]
pub fn same_square(rows: u32, cols: u32, text: &str) -> Result<Option<String>, JsError> {
    let board = board(rows, cols)?;
    Ok(board.parse_square(text).ok().map(|square| board.name(square)))
}

/// The square written `text` (`a1`, `ab12`, or `row,col` from the top-left) on a `rows` × `cols` board,
/// as a start is read; throws what is wrong.
#[wasm_bindgen(js_name = parseSquare)]
pub fn parse_square(rows: u32, cols: u32, text: &str) -> Result<u32, JsError> {
    Ok(board(rows, cols)?.parse_square(text).map_err(error)?.0)
}

/// Where a square of a `rows` × `cols` board is: `[row, col]` from the top-left.
#[wasm_bindgen]
pub fn coord(rows: u32, cols: u32, square: u32) -> Result<Vec<u32>, JsError> {
    let board = board(rows, cols)?;
    let Coord { row, col } = board.coord(on(board, square)?);
    Ok(vec![row, col])
}

/// The square at `row`, `col` from the top-left of a `rows` × `cols` board; throws off it.
#[wasm_bindgen(js_name = squareAt)]
pub fn square_at(rows: u32, cols: u32, row: u32, col: u32) -> Result<u32, JsError> {
    Ok(board(rows, cols)?.square_at(Coord { row, col }).map_err(error)?.0)
}

/// The labels along the edges of a `rows` × `cols` board as its squares' names read them:
/// `{files, ranks}`, one per column (left to right) and one per row (top to bottom).
#[wasm_bindgen(js_name = axisLabels)]
pub fn axis_labels(rows: u32, cols: u32) -> Result<JsValue, JsError> {
    to_js(&board(rows, cols)?.axis_labels())
}
