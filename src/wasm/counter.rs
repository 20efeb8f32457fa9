//! [`Counter`]: a count of every tour from a square, a slice at a time, for a Web Worker.

use wasm_bindgen::prelude::*;

use super::{clock, error, setup};
use crate::config::Setup;
use crate::count::TourCounter;
use crate::session::{within, CHUNK};

#[wasm_bindgen]
pub struct Counter {
    counter: TourCounter,
}

#[wasm_bindgen]
impl Counter {
    /// Settings as for a `Tour`; only the board, the start and `closed` matter.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue) -> Result<Counter, JsError> {
        let Setup { board, start, options } = setup(settings)?;
        Ok(Counter { counter: TourCounter::new(board, start, options.closed).map_err(error)? })
    }

    /// Counts for about `budget_ms` milliseconds; returns true once the count is complete.
    pub fn run(&mut self, budget_ms: f64) -> bool {
        within(budget_ms, &mut clock(), || self.counter.run(CHUNK as usize * 16))
    }

    #[wasm_bindgen(getter)]
    pub fn tours(&self) -> f64 {
        self.counter.progress().tours as f64
    }

    #[wasm_bindgen(getter)]
    pub fn placements(&self) -> f64 {
        self.counter.progress().placements as f64
    }

    /// The estimated share of the search done, from 0 to 1.
    #[wasm_bindgen(getter)]
    pub fn fraction(&self) -> f64 {
        self.counter.progress().fraction
    }
}
