//! [`Counter`]: a count of the tours from the start or from every square, by either method, a
//! slice of time at a time, for a Web Worker ([`Count`] translated); and, for a count from
//! every square split between workers, how many and their parts put together.

use serde::Deserialize;
use wasm_bindgen::prelude::*;

use super::{clock, error, from_js, setup, to_js};
use crate::count::frontier::DEFAULT_MEMORY;
use crate::count::{shares, Answer, Count, CountProgress, Method, Question, Share};
use crate::front::config::Setup;

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
    share: Option<AskedShare>,
}

/// `{lane, lanes}`: the part of a count from every square this worker counts.
#[derive(Deserialize)]
struct AskedShare {
    lane: usize,
    lanes: usize,
}

#[wasm_bindgen]
impl Counter {
    /// Counts what `settings` (as for a `Tour`: the board, the start and `closed` matter) and
    /// `ask` (`{everyStart, method, share}`, each optional: from every square; `frontier` or
    /// `enumerate`, by default the faster (of a share, the frontier); `{lane, lanes}`, the part
    /// of the open tours from every square to count, see `countShares`) say. Throws the core's
    /// words for a count it refuses before starting (too large, more memory than the worker may
    /// take).
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue, ask: JsValue) -> Result<Counter, JsError> {
        let Setup { board, start, options } = setup(settings)?;
        let ask: Ask = match ask.is_undefined() || ask.is_null() {
            true => Ask::default(),
            false => from_js(&ask)?,
        };
        let method = match ask.method {
            Some(name) => name.parse().map_err(error)?,
            // A share is a part of a count by class, which only the frontier makes.
            None if ask.share.is_some() => Method::Frontier,
            None => Method::faster(board),
        };
        let question = Question::asked(start, options.closed, ask.every_start);
        let count = match ask.share {
            Some(AskedShare { lane, lanes }) => {
                if question != (Question::EveryStart { closed: false }) || method != Method::Frontier {
                    return Err(JsError::new(
                        "a share is of a count of the open tours from every square by frontier",
                    ));
                }
                Count::share(board, DEFAULT_MEMORY, Share { lane, lanes })
            }
            None => Count::new(board, question, method, DEFAULT_MEMORY),
        };
        Ok(Counter { count: count.map_err(error)? })
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

    /// Where a share of a count (see `new`) has got to, as numbers for `progressOfShares` to
    /// put together with the other shares' (see `CountProgress::to_numbers`).
    #[wasm_bindgen(js_name = shareProgress)]
    pub fn share_progress(&self) -> Vec<f64> {
        self.count.progress().to_numbers()
    }

    /// `{tours, grid, citations}` once done, numbers in decimal; `null` before.
    pub fn answer(&self) -> Result<JsValue, JsError> {
        to_js(&self.count.answer())
    }
}

/// How many workers best count the tours from every square that `settings` ask for (the board
/// and `closed` matter) on `cores` cores, each of them a share (see `Counter`'s ask): one but
/// where the count goes by class, each worker within its own memory limit.
#[wasm_bindgen(js_name = countShares)]
pub fn count_shares(settings: JsValue, cores: usize) -> Result<usize, JsError> {
    let Setup { board, options, .. } = setup(settings)?;
    Ok(shares(board, options.closed, DEFAULT_MEMORY, cores))
}

/// `n` bytes as a person reads them: "512 KiB", "48.2 MiB", "2.0 GiB" (see `numbers::bytes`): a
/// count's tables and its progress say their sizes so.
#[wasm_bindgen(js_name = bytesWords)]
pub fn bytes_words(n: f64) -> String {
    // A count's sizes come from the page as numbers: whole, and far below 2^53.
    crate::board::numbers::bytes(n as u64)
}

/// `{tours, grid, citations}` of a count from every square made in shares, from the board's
/// `settings` and the shares' answers' grids one after another (numbers in decimal).
#[wasm_bindgen(js_name = answerOfShares)]
pub fn answer_of_shares(settings: JsValue, grids: Vec<String>) -> Result<JsValue, JsError> {
    let Setup { board, .. } = setup(settings)?;
    let squares = board.len() as usize;
    if grids.is_empty() || grids.len() % squares != 0 {
        return Err(JsError::new(&format!("the shares' grids are not of {squares} squares each")));
    }
    let grids = grids
        .chunks(squares)
        .map(|grid| grid.iter().map(|tours| tours.parse::<u128>().map_err(error)).collect())
        .collect::<Result<Vec<Vec<u128>>, JsError>>()?;
    to_js(&Answer::of_parts(board, &grids))
}

/// Where a count made in shares has got to, from each share's `Counter.shareProgress()`.
#[wasm_bindgen(js_name = progressOfShares)]
pub fn progress_of_shares(progresses: Vec<js_sys::Float64Array>) -> Result<JsValue, JsError> {
    let progresses = progresses
        .iter()
        .map(|numbers| CountProgress::from_numbers(&numbers.to_vec()))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| JsError::new("not a share's progress: see Counter.shareProgress"))?;
    to_js(&CountProgress::of_parts(&progresses))
}
