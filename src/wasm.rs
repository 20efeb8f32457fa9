//! The browser's handle on a search: made from a settings object, advanced by the page a batch at
//! a time, read back as typed arrays. It only translates; everything it says comes from the core.

use wasm_bindgen::prelude::*;

use crate::config::{Config, Setup};
use crate::format::Report;
use crate::{Event, Outcome, Solver};

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`, which windows and workers both have.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn now_ms() -> f64;
}

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// How many events run between two looks at the clock: about 20 µs of search, so a frame's
/// budget is kept to within a fraction of a millisecond, and each call into the batch is long
/// enough for the engine to run optimised code.
const CHUNK: u32 = 4096;

/// Event kinds in [`Tour::events`].
const PLACED: u32 = 0;
const REMOVED: u32 = 1;
const RESTARTED: u32 = 2;
const FINISHED: u32 = 3;

#[wasm_bindgen]
pub struct Tour {
    solver: Solver,
    /// The last `advance`'s events, three numbers each: see [`Tour::events`].
    events: Vec<u32>,
}

#[wasm_bindgen]
impl Tour {
    /// Settings: `{rows, cols, start, heuristic, backtracking, closed, prune, seed, restarts,
    /// budget, theorems}`, each optional; `start` is `"a1"`, `"2,3"` or `[row, col]`. Throws an
    /// `Error` with the same message the command line gives.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue) -> Result<Tour, JsError> {
        let config: Config = if settings.is_undefined() || settings.is_null() {
            Config::default()
        } else {
            // Through a JSON value: reading a struct straight from a JS object only looks up the
            // known keys, and a misspelt one must be refused, not silently ignored.
            let settings_error = |error: &dyn std::fmt::Display| JsError::new(&format!("settings: {error}"));
            let value: serde_json::Value =
                serde_wasm_bindgen::from_value(settings).map_err(|error| settings_error(&error))?;
            serde_json::from_value(value).map_err(|error| settings_error(&error))?
        };
        let Setup { board, start, options } =
            config.resolve().map_err(|error| JsError::new(&error.to_string()))?;
        let solver = Solver::new(board, start, options).map_err(|error| JsError::new(&error.to_string()))?;
        Ok(Tour { solver, events: Vec::new() })
    }

    /// Runs the search until `max_events` events have happened, `budget_ms` milliseconds have
    /// passed, or it finishes; returns how many events ran. With `record`, they are kept for
    /// [`Tour::events`]; without, the search runs at full speed and the page reads the state.
    pub fn advance(&mut self, max_events: u32, budget_ms: f64, record: bool) -> u32 {
        self.events.clear();
        let deadline = now_ms() + budget_ms;
        let mut done = 0;
        while done < max_events {
            let chunk = CHUNK.min(max_events - done);
            let mut ran = 0;
            let mut finished = false;
            for event in self.solver.events().take(chunk as usize) {
                ran += 1;
                if record {
                    self.events.extend_from_slice(&encode(event));
                }
                if let Event::Finished(_) = event {
                    finished = true;
                    break;
                }
            }
            done += ran;
            if finished || ran < chunk || now_ms() >= deadline {
                break;
            }
        }
        done
    }

    /// The last `advance`'s events, if recorded, as triples: placed `[0, square, move]`, taken
    /// back `[1, square, move]`, restarted `[2, attempt, 0]`, finished `[3, 0, 0]`. Squares are
    /// row-major indices, `row * cols + col`.
    pub fn events(&self) -> Vec<u32> {
        self.events.clone()
    }

    /// The squares of the current path, from the start.
    pub fn path(&self) -> Vec<u32> {
        self.solver.path().map(|square| square.0).collect()
    }

    /// The moves from the current square in the order the search takes them, as quadruples
    /// `[square, onward degree, state, tie-break or -1]` with state 0 tried, 1 next, 2 later.
    pub fn candidates(&self) -> Vec<f64> {
        self.solver
            .candidates()
            .flat_map(|candidate| {
                let state = candidate.state as u8;
                let tiebreak = candidate.key.tiebreak.map_or(-1.0, |value| value as f64);
                [f64::from(candidate.square.0), f64::from(candidate.key.degree), f64::from(state), tiebreak]
            })
            .collect()
    }

    /// `"searching"` until the search ends, then the outcome: `tour`, `closed-tour`, `no-tour`,
    /// `impossible`, `dead-end` or `budget`.
    pub fn status(&self) -> String {
        self.solver.outcome().map_or("searching", Outcome::name).to_string()
    }

    /// Why the search ended, in words, once it has.
    pub fn reason(&self) -> Option<String> {
        self.solver.outcome().map(|outcome| outcome.to_string())
    }

    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> u32 {
        self.solver.board().rows()
    }

    #[wasm_bindgen(getter)]
    pub fn cols(&self) -> u32 {
        self.solver.board().cols()
    }

    #[wasm_bindgen(getter)]
    pub fn start(&self) -> u32 {
        self.solver.start().0
    }

    /// Placements so far, the start included (a double: counts pass 2^32 on long searches).
    #[wasm_bindgen(getter)]
    pub fn placements(&self) -> f64 {
        self.solver.stats().placements as f64
    }

    #[wasm_bindgen(getter)]
    pub fn backtracks(&self) -> f64 {
        self.solver.stats().backtracks as f64
    }

    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.solver.depth()
    }

    #[wasm_bindgen(getter)]
    pub fn deepest(&self) -> u32 {
        self.solver.stats().deepest
    }

    /// The finished run in the command line's `--format json` shape, with the page's own
    /// measure of the time it took; `undefined` until the search has ended.
    pub fn report(&self, elapsed_ms: f64) -> Option<String> {
        let outcome = self.solver.outcome()?;
        let path: Vec<_> = self.solver.path().collect();
        let board = self.solver.board();
        Some(
            Report::new(board, self.solver.options(), outcome, &path, self.solver.stats(), elapsed_ms)
                .to_json(),
        )
    }

    /// The chess name of a square (or `row,col` on boards wider than 26).
    #[wasm_bindgen(js_name = squareName)]
    pub fn square_name(&self, square: u32) -> String {
        self.solver.board().name(crate::Square(square))
    }
}

fn encode(event: Event) -> [u32; 3] {
    match event {
        Event::Placed { square, index } => [PLACED, square.0, index],
        Event::Removed { square, index } => [REMOVED, square.0, index],
        Event::Restarted { attempt } => [RESTARTED, attempt, 0],
        Event::Finished(_) => [FINISHED, 0, 0],
    }
}
