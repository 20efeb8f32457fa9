//! The browser binding. It only translates: settings objects in (serde-wasm-bindgen), the hot
//! data out as typed-array views into the module's memory (the path, the move numbers, a slice's
//! events), everything else as plain objects the core describes, errors as exceptions with the
//! core's messages. What it says comes from the core: [`Session`](crate::Session) for a run,
//! [`Catalogue`] for what the page learns once.
//!
//! - `tour.rs`: [`Tour`], a run as the page drives it;
//! - `fold.rs`: [`Fold`], where a square of a (folded) board is drawn;
//! - `counter.rs`: [`Counter`], a count of every tour, for a Web Worker;
//! - `animation.rs`: [`Gif`], a run made into an animated GIF, for a Web Worker, and a WebM
//!   recording given its length;
//! - `play.rs`: playing it yourself: [`Play`], the game that decides (for a Web Worker),
//!   [`PlayBoard`], the path as the board shows it, and `canFinish`;
//! - here: the free functions, and the translation they share.

#[cfg(feature = "count-allocations")]
mod allocation;
mod animation;
mod counter;
mod fold;
mod play;
mod tour;

pub use animation::{webm_with_duration, Gif};
pub use counter::{answer_of_shares, count_shares, progress_of_shares, Counter};
pub use fold::Fold;
pub use play::{can_finish, Play, PlayBoard};
pub use tour::Tour;

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::Clamped;
use web_sys::{ImageData, OffscreenCanvasRenderingContext2d};

use crate::board::existence;
use crate::divide::construct;
use crate::draw::picture::{Palette, Rect};
use crate::front::catalogue::Catalogue;
use crate::front::config::{json_values, Reading, Setup};
use crate::{Board, Coord, Heuristic, Square};

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`, which windows and workers both have.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn now_ms() -> f64;
}

/// The page's clock, for the core's time slices.
fn clock() -> impl FnMut() -> f64 {
    now_ms
}

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// Any error of the core, as the exception the page catches: its message is the core's.
fn error(error: impl std::fmt::Display) -> JsError {
    JsError::new(&error.to_string())
}

/// A value of the core as a plain JavaScript object (maps as objects, `None` as `null`).
fn to_js(value: &impl Serialize) -> Result<JsValue, JsError> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(error)
}

/// A table of numbers as an object of typed arrays, a column a field (copies): how thousands
/// of nodes or moves cross at the cost of one call a column, not one a number.
struct Columns(js_sys::Object);

impl Columns {
    fn new() -> Columns {
        Columns(js_sys::Object::new())
    }

    fn set(self, name: &str, value: &JsValue) -> Columns {
        // Setting a field of a plain object cannot fail.
        let _ = js_sys::Reflect::set(&self.0, &name.into(), value);
        self
    }

    fn number(self, name: &str, value: f64) -> Columns {
        self.set(name, &value.into())
    }

    fn u32s(self, name: &str, values: impl Iterator<Item = u32>) -> Columns {
        self.set(name, &js_sys::Uint32Array::from(&values.collect::<Vec<_>>()[..]))
    }

    fn i32s(self, name: &str, values: impl Iterator<Item = i32>) -> Columns {
        self.set(name, &js_sys::Int32Array::from(&values.collect::<Vec<_>>()[..]))
    }

    fn f64s(self, name: &str, values: impl Iterator<Item = f64>) -> Columns {
        self.set(name, &js_sys::Float64Array::from(&values.collect::<Vec<_>>()[..]))
    }
}

/// The 13 bytes of a page's palette (light, dark, from and to as RGB, then the wash out of 255),
/// or an exception that says what a palette is.
fn read_palette(bytes: &[u8]) -> Result<Palette, JsError> {
    Palette::from_bytes(bytes).ok_or_else(|| {
        JsError::new(&format!(
            "a palette is 13 bytes (light, dark, from and to as RGB, then the wash), not {}",
            bytes.len()
        ))
    })
}

/// Puts the part of a board's picture that `changed` on `context` (a canvas of the picture's
/// size) in one call; returns whether anything had.
fn put_pixels(
    context: &OffscreenCanvasRenderingContext2d,
    changed: Option<(Rect, &[u8])>,
) -> Result<bool, JsValue> {
    let Some((rect, pixels)) = changed else { return Ok(false) };
    let (width, height) = (rect.x.len() as u32, rect.y.len() as u32);
    let image = ImageData::new_with_u8_clamped_array_and_sh(Clamped(pixels), width, height)?;
    context.put_image_data(&image, f64::from(rect.x.start), f64::from(rect.y.start))?;
    Ok(true)
}

impl From<Columns> for JsValue {
    fn from(columns: Columns) -> JsValue {
        columns.0.into()
    }
}

/// Everything the page learns from the core before it shows anything (see `catalogue.rs`):
/// `{heuristics, settings, defaults, switches, limits, events, outcomes, restarts, existence,
/// counting, drawing}`.
#[wasm_bindgen]
pub fn catalogue() -> Result<JsValue, JsError> {
    to_js(&Catalogue::new())
}

/// A settings object (`{board, start, heuristic, ...}`, named and written as on the command line;
/// `undefined` for none) as JSON, for the core's reader.
fn object(settings: JsValue) -> Result<serde_json::Map<String, serde_json::Value>, JsError> {
    if settings.is_undefined() || settings.is_null() {
        return Ok(serde_json::Map::new());
    }
    serde_wasm_bindgen::from_value(settings)
        .map_err(|error| JsError::new(&format!("settings must be an object of named values: {error}")))
}

/// Checked settings, or the first mistake in the command line's words.
fn setup(settings: JsValue) -> Result<Setup, JsError> {
    Setup::read(json_values(&object(settings)?)).map_err(error)
}

/// Moves a second to play a run of these settings at when no speed is chosen (see `pace.rs`):
/// 10 on small boards, the whole walk within about 20 s on large ones.
#[wasm_bindgen]
pub fn pace(settings: JsValue) -> Result<f64, JsError> {
    let Setup { board, options, .. } = setup(settings)?;
    Ok(crate::watch::pace::pace(board, &options))
}

/// Checked settings of a divide run; throws for any other.
fn divide_setup(settings: JsValue) -> Result<Setup, JsError> {
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
    to_js(&Reading::new(json_values(&object(settings)?)))
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

fn board(rows: u32, cols: u32) -> Result<Board, JsError> {
    Board::new(rows, cols).map_err(error)
}

/// `square` on `board`, or an exception that says it is not on it.
fn on(board: Board, square: u32) -> Result<Square, JsError> {
    match board.contains(Square(square)) {
        true => Ok(Square(square)),
        false => Err(JsError::new(&format!(
            "square {square} is off the {} board: squares are numbered 0 to {}, row by row",
            board.words(),
            board.len() - 1
        ))),
    }
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

/// `n` bytes as a person reads them: "512 KiB", "48.2 MiB", "2.0 GiB" (see `numbers::bytes`).
#[wasm_bindgen(js_name = bytesWords)]
pub fn bytes_words(n: f64) -> String {
    // A count's sizes come from the page as numbers: whole, and far below 2^53.
    crate::board::numbers::bytes(n as u64)
}

/// The labels along the edges of a `rows` × `cols` board as its squares' names read them:
/// `{files, ranks}`, one per column (left to right) and one per row (top to bottom).
#[wasm_bindgen(js_name = axisLabels)]
pub fn axis_labels(rows: u32, cols: u32) -> Result<JsValue, JsError> {
    to_js(&board(rows, cols)?.axis_labels())
}
