//! What a count says, before it starts (its outline), on the way (its progress) and at the
//! end (its answer): plain data, serialized as the page reads it.

use serde::Serialize;

use super::super::every_start::most;
use super::super::oeis::{cite, Citation};
use super::super::Tours;
use crate::board::numbers;
use crate::board::Board;

/// What a count will do, said before it starts.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outline {
    /// `frontier` or `enumerate`.
    pub method: &'static str,
    /// The frontier's sweep.
    pub sweep: Option<SweepOutline>,
    /// The frontier's estimate of the memory its tables may take.
    pub memory: Option<Memory>,
    /// Sweeps (forward and back, or one per class of squares) or searches to make.
    pub parts: usize,
    /// How a count from every square by frontier goes.
    pub every_start: Option<GridWay>,
}

/// How a count from every square by frontier goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum GridWay {
    /// One count of the board's closed tours: each passes through every square, once each way
    /// round.
    Cycles,
    /// A sweep forward keeping every step's table, then one back over them: the tours from a
    /// square add up where it leaves the frontier as an end.
    ForwardAndBack,
    /// One count from a square of each class the board's symmetries exchange, where the tables
    /// of a whole sweep would not fit in the memory allowed.
    ByClass,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SweepOutline {
    /// Columns along the long side, swept one after another, of `height` squares each.
    pub columns: u32,
    pub height: u32,
    /// The squares whose state the sweep remembers: as far back as a knight reaches.
    pub window: u32,
}

/// Knuth's estimate of a listing's search tree.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ListingSize {
    /// Placements in all (infinite past what a float holds).
    pub placements: f64,
    /// The random paths it averages.
    pub probes: u32,
}

/// Bytes of memory as the count reports them: how many, of how many allowed, in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Memory {
    pub bytes: usize,
    pub limit: usize,
    /// "109.5 MiB", "2.0 GiB".
    pub words: String,
    pub limit_words: String,
}

impl Memory {
    pub(super) fn new(bytes: usize, limit: usize) -> Memory {
        Memory {
            bytes,
            limit,
            words: numbers::bytes(bytes as u64),
            limit_words: numbers::bytes(limit as u64),
        }
    }
}

/// Where a count has got to.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CountProgress {
    pub method: String,
    /// The share done, from 0 to 1 (of a listing: estimated from the search tree's shape).
    pub fraction: f64,
    pub done: bool,
    /// Sweeps or searches made, of `parts`.
    pub part: usize,
    pub parts: usize,
    pub sweep: Option<SweepProgress>,
    pub listing: Option<ListingProgress>,
    /// The counts under way at once, natively, from a square of each of several classes (see
    /// [`super::Count::on_threads`]); empty where one sweep runs at a time.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub at_once: Vec<SweepUnderWay>,
    /// Of a count of one sweep, the share of its work done, from 0 to 1, by the states read
    /// (see [`super::super::FrontierCounter::work_done`]): what the time left is estimated from.
    #[serde(skip)]
    pub work_done: Option<f64>,
}

impl CountProgress {
    /// Where a count made in parts ([`super::Count::share`]) has got to, from where each part has:
    /// the share of all their sweeps done, the sweep of the first part still counting, every
    /// part's sweep under way at once, their memory together.
    pub fn of_parts(parts: &[CountProgress]) -> CountProgress {
        let sweeps: usize = parts.iter().map(|part| part.parts).sum();
        let done = parts.iter().all(|part| part.done);
        let swept: f64 = parts.iter().map(|part| part.fraction * part.parts as f64).sum();
        let under_way = |part: &&CountProgress| !part.done && part.sweep.is_some();
        let every_sweep = || parts.iter().filter_map(|part| part.sweep.as_ref());
        let sweeps_under_way = || parts.iter().filter(under_way).filter_map(|part| part.sweep.as_ref());
        let first = parts.iter().find(under_way).or(parts.first());
        let sweep = first.and_then(|first| first.sweep.clone()).map(|mut sweep| {
            for other in every_sweep() {
                most(&mut sweep.states_per_column, &other.states_per_column);
            }
            // Saturating: on WebAssembly two workers' 3 GiB pass a 32-bit usize.
            sweep.bytes = sweeps_under_way().map(|s| s.bytes).fold(0, usize::saturating_add);
            sweep.peak_bytes = every_sweep().map(|s| s.peak_bytes).fold(0, usize::saturating_add);
            sweep
        });
        CountProgress {
            method: first.map_or_else(String::new, |first| first.method.clone()),
            fraction: if done { 1.0 } else { swept / sweeps.max(1) as f64 },
            done,
            part: parts.iter().map(|part| part.part).sum(),
            parts: sweeps,
            sweep,
            listing: None,
            at_once: sweeps_under_way()
                .map(|sweep| SweepUnderWay {
                    start: None,
                    column: sweep.column,
                    states: sweep.states,
                    bytes: sweep.bytes,
                })
                .collect(),
            work_done: None,
        }
    }
}

/// One of several sweeps under way at once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SweepUnderWay {
    /// The square it counts the tours from.
    pub start: Option<String>,
    /// The column being swept (from 0).
    pub column: u32,
    /// The states of the table being read, and the memory of its tables.
    pub states: usize,
    pub bytes: usize,
}

/// A frontier sweep under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SweepProgress {
    /// The column being swept (from 0), of `columns`.
    pub column: u32,
    pub columns: u32,
    /// The states of the table being read.
    pub states: usize,
    /// The most states any step of each column held so far (0 for columns not reached).
    pub states_per_column: Vec<usize>,
    /// The tables' memory now, and at most so far.
    pub bytes: usize,
    pub peak_bytes: usize,
}

/// A listing under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ListingProgress {
    /// Tours found so far, in decimal.
    pub listed: String,
    pub placements: u64,
}

/// A count's answer as a page shows it: numbers in decimal, since they pass 2^53.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The number of tours asked for; from every square, the board's (see [`super::Count::tours`]).
    pub tours: String,
    /// From every square: the tours from each, by square index.
    pub grid: Option<Vec<String>>,
    /// The sequences of the OEIS the number matches.
    pub citations: Vec<Citation>,
}

impl Answer {
    pub(super) fn new(board: Board, kind: Tours, tours: u128, grid: Option<Vec<u128>>) -> Answer {
        Answer {
            tours: tours.to_string(),
            grid: grid.map(|grid| grid.iter().map(u128::to_string).collect()),
            citations: cite(board, kind, tours),
        }
    }

    /// The answer of a count of the open tours from every square of `board` made in parts
    /// ([`super::Count::share`]), from their grids: each square's tours are in one part's grid, and
    /// the board's are their sum.
    pub fn of_parts(board: Board, parts: &[Vec<u128>]) -> Answer {
        let mut grid = vec![0u128; board.len() as usize];
        for part in parts {
            for (tours, &more) in grid.iter_mut().zip(part) {
                *tours += more;
            }
        }
        let tours = grid.iter().sum();
        Answer::new(board, Tours::Open, tours, Some(grid))
    }
}
