//! The browser binding. It only translates: settings objects in, the hot data out as typed-array
//! views into the module's memory (the path, the move numbers, a slice's events), everything else
//! as plain objects the core describes (through JSON), errors as exceptions with the core's
//! messages. What it says comes from the core: [`Session`](crate::Session) for a run,
//! [`Catalogue`](crate::front::catalogue::Catalogue) for what the page learns once.
//!
//! The page loads it as several modules, each built from this crate with its own Cargo features
//! (`scripts/build.mjs`), so that a board fetches only what it uses: `tour`, the first module
//! (what a board needs to run and say what it does); `play`, `count`, `teach` and `export`, each
//! loaded when first used (`www/core.js`). Every module has the translation below and the
//! settings' reader; each part's own files say what they hold:
//!
//! - `queries.rs` (tour): the free functions: settings, names, existence, the pace;
//! - `tour.rs` (tour): [`Tour`], a run as the page drives it;
//! - `fold.rs` (tour): [`Fold`], where a square of a (folded) board is drawn;
//! - `teach.rs` (teach, which is `tour` with more): the tree of tried moves, Knuth's estimate,
//!   the candidates, the pruning's outlook and the next step told, for the teaching view, and
//!   the command line's report, for the full layout's JSON export;
//! - `play_board.rs` and `play.rs` (play): [`PlayBoard`], the path as the board shows it, and
//!   [`Play`], the game that decides (for a Web Worker), and `canFinish`;
//! - `counter.rs` (count): [`Counter`], a count of every tour, for a Web Worker, how a count is
//!   shared between workers, and its sizes in words;
//! - `animation.rs` and `files.rs` (export): [`Gif`], a run made into an animated GIF, for a Web
//!   Worker, a WebM recording given its length, and the SVG drawing;
//! - `catalogue.rs` (catalogue): what the page learns once, which the build writes into the
//!   page's scripts rather than ship its code;
//! - `allocation.rs`: the allocator (talc, or dlmalloc where counting is), which the e2e build
//!   (count-allocations) counts over; `trap.rs` (trap): that build's export that traps.

// A module built with some of the parts (scripts/build.mjs) leaves some of the translation they
// share, below, unused: only the build with every part uses all of it (the tests, clippy).
#![cfg_attr(
    not(all(feature = "tour", feature = "play", feature = "count", feature = "teach", feature = "export")),
    allow(dead_code, unused_imports)
)]

mod allocation;
#[cfg(feature = "export")]
mod animation;
#[cfg(feature = "catalogue")]
mod catalogue;
#[cfg(feature = "count")]
mod counter;
#[cfg(feature = "export")]
mod files;
#[cfg(feature = "tour")]
mod fold;
#[cfg(feature = "play")]
mod play;
#[cfg(feature = "play")]
mod play_board;
#[cfg(feature = "tour")]
mod queries;
#[cfg(feature = "teach")]
mod teach;
#[cfg(feature = "tour")]
mod tour;
#[cfg(feature = "trap")]
mod trap;

#[cfg(feature = "export")]
pub use animation::{webm_with_duration, Gif};
#[cfg(feature = "catalogue")]
pub use catalogue::catalogue;
#[cfg(feature = "count")]
pub use counter::{answer_of_shares, bytes_words, count_shares, progress_of_shares, Counter};
#[cfg(feature = "export")]
pub use files::svg;
#[cfg(feature = "tour")]
pub use fold::Fold;
#[cfg(feature = "play")]
pub use play::{can_finish, Play};
#[cfg(feature = "play")]
pub use play_board::PlayBoard;
#[cfg(feature = "tour")]
pub use queries::*;
#[cfg(feature = "tour")]
pub use tour::Tour;
#[cfg(feature = "trap")]
pub use trap::trap;

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::Clamped;
use web_sys::{ImageData, OffscreenCanvasRenderingContext2d};

use crate::draw::picture::{Palette, Rect};
use crate::front::config::{Setup, Value};
use crate::{Board, Square};

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`, which windows and workers both have.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn now_ms() -> f64;

    /// `console.error`, where a panic's message goes.
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// The page's clock, for the core's time slices.
fn clock() -> impl FnMut() -> f64 {
    now_ms
}

/// A panic's message and place, written to the console before the instance traps: the page sees
/// the trap (`RuntimeError: unreachable`, with the stack of the module's functions) and starts
/// the instance again (www/wasm/recovery.js); the console says what went wrong. The whole hook
/// is these lines: `console_error_panic_hook`'s own, which adds a JavaScript stack the trap has
/// anyway, was a kilobyte of the first module, gzipped.
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|panic| console_error(&panic.to_string())));
}

/// Any error of the core, as the exception the page catches: its message is the core's.
fn error(error: impl std::fmt::Display) -> JsError {
    JsError::new(&error.to_string())
}

/// A value of the core as a plain JavaScript object (maps as objects, `None` as `null`): written
/// as JSON by the core, whose writer every module has already (the command line's formats, a
/// setting's value in an error), and read by the engine's `JSON.parse`, rather than built a field
/// at a time by a serializer into JavaScript values, whose code for every type it serializes made
/// the first module 5 KB larger. These objects are small and asked for seldom (never a frame's
/// hot data, which crosses as typed-array views).
fn to_js(value: &impl Serialize) -> Result<JsValue, JsError> {
    // The core's values have no maps with keys other than text, the one way serde_json can fail
    // to write one; its error's words (every error it has, parsing included) would be a tenth of
    // the first module's data.
    let text =
        serde_json::to_string(value).map_err(|_| JsError::new("the core has a value that is not JSON"))?;
    js_sys::JSON::parse(&text).map_err(|_| JsError::new("the core wrote a value that is not JSON"))
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

/// A settings object (`{board, start, heuristic, ...}`, named and written as on the command line;
/// `undefined` for none) as the values the core's reader takes, by name: a value is read as what
/// it is in JavaScript (a switch, a number, text, a `[row, col]` pair), and any other is kept as
/// its JSON text, for the message that says it is no setting's value; `null` and `undefined` are
/// no value at all. Read here, not through a JSON value and the core's reader of those: the page
/// passes one on every run, and that route was a sixth of the first module's binding.
fn values(settings: &JsValue) -> Result<Vec<(String, Value)>, JsError> {
    if settings.is_undefined() || settings.is_null() {
        return Ok(Vec::new());
    }
    if !settings.is_object() || settings.is_function() || js_sys::Array::is_array(settings) {
        let kind = match js_sys::Array::is_array(settings) {
            true => "an array".to_string(),
            false => settings.js_typeof().as_string().unwrap_or_default(),
        };
        return Err(JsError::new(&format!("settings must be an object of named values, not {kind}")));
    }
    let mut read = Vec::new();
    for entry in js_sys::Object::entries(settings.unchecked_ref()).iter() {
        let pair = js_sys::Array::from(&entry);
        let Some(name) = pair.get(0).as_string() else { continue };
        if let Some(value) = value(&pair.get(1)) {
            read.push((name, value));
        }
    }
    Ok(read)
}

/// The values [`values`] read, as the core's readers take them: by name.
fn named(values: &[(String, Value)]) -> impl Iterator<Item = (&str, Value)> {
    values.iter().map(|(name, value)| (name.as_str(), value.clone()))
}

/// One value of a settings object, as [`values`] reads it: a number JavaScript holds exactly as a
/// whole number is one, any other is handed over as JavaScript writes it (`2.5`, `1e+300`,
/// `NaN`), which is how a message quotes it.
fn value(value: &JsValue) -> Option<Value> {
    if value.is_undefined() || value.is_null() {
        return None;
    }
    if let Some(on) = value.as_bool() {
        return Some(Value::Switch(on));
    }
    if let Some(number) = value.as_f64() {
        return Some(whole(number).map_or_else(|| Value::Text(javascript_writes(value)), Value::Whole));
    }
    if let Some(text) = value.as_string() {
        return Some(Value::Text(text));
    }
    if js_sys::Array::is_array(value) || js_sys::ArrayBuffer::is_view(value) {
        let items = js_sys::Array::from(value);
        let whole = |item: JsValue| item.as_f64().and_then(whole);
        if let (2, Some(row), Some(col)) = (items.length(), whole(items.get(0)), whole(items.get(1))) {
            return Some(Value::Pair([row, col]));
        }
    }
    // JSON's text where it has one (an object, an array), else how JavaScript writes the value
    // (a function, a symbol, a BigInt).
    let text = js_sys::JSON::stringify(value).ok().and_then(|text| text.as_string());
    Some(Value::Text(text.unwrap_or_else(|| javascript_writes(value))))
}

/// `number` as an integer, if it is a whole number JavaScript holds exactly.
fn whole(number: f64) -> Option<i64> {
    const SAFE: f64 = 9_007_199_254_740_991.0; // Number.MAX_SAFE_INTEGER
    (number.fract() == 0.0 && number.abs() <= SAFE).then_some(number as i64)
}

/// `value` as JavaScript writes it (`String(value)`): a message quotes a page's value so.
fn javascript_writes(value: &JsValue) -> String {
    String::from(&value.unchecked_ref::<js_sys::Object>().to_string())
}

/// A JavaScript value read as a `T` of the core (through [`json`]), or an exception that says what
/// is wrong with it, in serde's words.
fn from_js<T: DeserializeOwned>(value: &JsValue) -> Result<T, JsError> {
    let value = json(value)
        .ok_or_else(|| JsError::new("a function, a symbol or a BigInt is no value the core reads"))?;
    serde_json::from_value(value).map_err(error)
}

/// A JavaScript value as JSON (`undefined` as `null`, like `NaN`; a typed array as an array; a
/// whole number as an integer), or `None` for one JSON has no writing for (a function, a symbol, a
/// BigInt).
fn json(value: &JsValue) -> Option<serde_json::Value> {
    use serde_json::Value as Json;
    Some(if value.is_undefined() || value.is_null() {
        Json::Null
    } else if let Some(on) = value.as_bool() {
        Json::Bool(on)
    } else if let Some(number) = value.as_f64() {
        // A whole number a JavaScript number holds exactly is an integer, as the core's integers
        // read it; any other is a float.
        const SAFE: f64 = 9_007_199_254_740_991.0;
        match number.fract() == 0.0 && number.abs() <= SAFE {
            true => Json::Number((number as i64).into()),
            false => serde_json::Number::from_f64(number).map_or(Json::Null, Json::Number),
        }
    } else if let Some(text) = value.as_string() {
        Json::String(text)
    } else if js_sys::Array::is_array(value) || js_sys::ArrayBuffer::is_view(value) {
        Json::Array(js_sys::Array::from(value).iter().map(|item| json(&item)).collect::<Option<_>>()?)
    } else if value.is_object() && !value.is_function() {
        // Inserted one at a time: collecting into the map would sort the entries first, with a
        // stable sort's code of its own in the first module.
        let mut object = serde_json::Map::new();
        for entry in js_sys::Object::entries(value.unchecked_ref()).iter() {
            let pair = js_sys::Array::from(&entry);
            object.insert(pair.get(0).as_string()?, json(&pair.get(1))?);
        }
        Json::Object(object)
    } else {
        return None;
    })
}

/// Checked settings, or the first mistake in the command line's words.
fn setup(settings: JsValue) -> Result<Setup, JsError> {
    let values = values(&settings)?;
    Setup::read(named(&values)).map_err(error)
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
