//! How a search runs: the heuristic and the switches around it.

use std::fmt;

use crate::board::{Board, Square};
use crate::search::heuristic::Heuristic;

/// How the search runs. `Default` is what a person wants from "find me a tour": a tour built by
/// divide and conquer, which always finishes; any tour, no budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub heuristic: Heuristic,
    /// Off: the greedy search of Warnsdorff's algorithm, which stops at its first dead end.
    pub backtracking: bool,
    /// Only a tour whose last square is a knight's move from the first counts.
    pub closed: bool,
    /// Cut a branch as soon as no single path can cover the unvisited squares any more: a square
    /// is stranded, too many have one way left in or out, or they have fallen apart (see
    /// `src/prune.rs`). Never loses a tour.
    pub prune: bool,
    /// Drives the `random` heuristic's tie-breaks; other heuristics ignore it.
    pub seed: u64,
    /// The `random` heuristic only: start over from the start square with fresh random ties up
    /// to this many times. A greedy search starts over after a dead end; a backtracking search
    /// after a number of backtracks that grows from attempt to attempt (see `src/restarts.rs`),
    /// the last attempt running to the end.
    pub restarts: u32,
    /// Stop after this many placements.
    pub budget: Option<u64>,
    /// Settle before any search what is already known to be impossible (by a theorem, a counting
    /// argument or an exhaustive search done once: [`crate::board::existence`]). Off, the search has to
    /// find it out, which is how those answers are tested and how a class can watch a search
    /// exhaust 4x4.
    pub theorems: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            heuristic: Heuristic::Divide,
            backtracking: true,
            closed: false,
            prune: false,
            seed: 0,
            restarts: 0,
            budget: None,
            theorems: true,
        }
    }
}

/// Options that cannot mean anything together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionsError {
    RestartsNeedRandom,
    ZeroBudget,
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OptionsError::RestartsNeedRandom => {
                "restarts need the random heuristic: every other heuristic breaks ties the same \
                 way each time, so a restart would repeat the same walk or search"
            }
            OptionsError::ZeroBudget => "a budget must allow at least one placement",
        })
    }
}

impl std::error::Error for OptionsError {}

impl OptionsError {
    /// The setting that cannot be what it was given as, beside the others: the one a lenient
    /// reader leaves at its default.
    pub fn setting(self) -> &'static str {
        match self {
            OptionsError::RestartsNeedRandom => "restarts",
            OptionsError::ZeroBudget => "budget",
        }
    }
}

impl Options {
    pub fn validate(&self) -> Result<(), OptionsError> {
        if self.restarts > 0 && self.heuristic != Heuristic::Random {
            return Err(OptionsError::RestartsNeedRandom);
        }
        if self.budget == Some(0) {
            return Err(OptionsError::ZeroBudget);
        }
        Ok(())
    }
}

/// A checked configuration, ready for [`crate::Solver::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: Board,
    pub start: Square,
    pub options: Options,
}

impl Default for Setup {
    /// 8x8 from a1, with the default options.
    fn default() -> Setup {
        let board = Board::new(8, 8).expect("8x8 is a board");
        Setup { board, start: default_start(board), options: Options::default() }
    }
}

/// Where a run starts when no start is given: the bottom-left square, a1 on a chessboard, where
/// a person expects a board to begin. The command line, the page's autoplay and a race start
/// there alike.
pub fn default_start(board: Board) -> Square {
    board.square(board.rows() - 1, 0)
}
