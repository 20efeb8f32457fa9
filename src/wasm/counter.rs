//! [`Counter`]: a count of the tours from the start or from every square, by either method, a
//! slice of time at a time, for a Web Worker ([`Count`] translated).

use serde::Deserialize;
use wasm_bindgen::prelude::*;

use super::{clock, error, setup, to_js};
use crate::config::Setup;
use crate::count::frontier::DEFAULT_MEMORY;
use crate::count::{Count, Method, Question};

#[wasm_bindgen]
pub struct Counter {
    count: Count,
}

/// What to count besides the run's settings.
#[derive(Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct Ask {
    every_start: bool,
    method: Option<String>,
}

#[wasm_bindgen]
impl Counter {
    /// Counts what `settings` (as for a `Tour`: the board, the start and `closed` matter) and
    /// `ask` (`{everyStart, method}`, each optional: from every square; `frontier` or
    /// `enumerate`, by default the faster) say. Throws the core's words for a count it refuses
    /// before starting (too large, more memory than the worker may take).
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue, ask: JsValue) -> Result<Counter, JsError> {
        let Setup { board, start, options } = setup(settings)?;
        let ask: Ask = match ask.is_undefined() || ask.is_null() {
            true => Ask::default(),
            false => serde_wasm_bindgen::from_value(ask).map_err(error)?,
        };
        let method = match ask.method {
            Some(name) => name.parse().map_err(error)?,
            None => Method::faster(board),
        };
        let question = Question::asked(start, options.closed, ask.every_start);
        Ok(Counter { count: Count::new(board, question, method, DEFAULT_MEMORY).map_err(error)? })
    }

    /// What the count will do, before it starts: `{method, sweep: {columns, height}, memory:
    /// {bytes, limit, words, limit_words}, parts}` (see `count::Outline`).
    pub fn outline(&self) -> Result<JsValue, JsError> {
        to_js(&self.count.outline())
    }

    /// Knuth's estimate of what listing the tours from the start would take, `{placements,
    /// probes}` (milliseconds to make), or `null` for a count from every square.
    #[wasm_bindgen(js_name = listingSize)]
    pub fn listing_size(&self) -> Result<JsValue, JsError> {
        to_js(&self.count.listing_size())
    }

    /// Counts for about `budget_ms` milliseconds; true once done. Throws the core's words if the
    /// count stops (its tables outgrew the memory allowed).
    pub fn run(&mut self, budget_ms: f64) -> Result<bool, JsError> {
        self.count.run(budget_ms, &mut clock()).map_err(error)
    }

    /// `{method, fraction, done, part, parts, sweep, listing}` (see `count::CountProgress`).
    pub fn progress(&self) -> Result<JsValue, JsError> {
        to_js(&self.count.progress())
    }

    /// `{tours, grid, citations}` once done, numbers in decimal; `null` before.
    pub fn answer(&self) -> Result<JsValue, JsError> {
        to_js(&self.count.answer())
    }
}
