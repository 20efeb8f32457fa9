//! A stepwise knight's tour solver.
//!
//! The search is an [`Iterator`] of [`Event`]s ([`Solver`]): it places squares, takes them back
//! and finally reports an [`Outcome`], one event per call, so a caller can stop anywhere, draw
//! what happened and carry on. Everything here is plain Rust; the browser and the command line
//! are thin layers over it.
//!
//! The folders are layers, each importing only from those listed before it:
//!
//! - [`board`]: geometry, square names, numbers as people write them, and which boards have a
//!   tour (the theorems);
//! - [`search`]: the stepwise solver, its move orders, pruning and options, the tour divide builds
//!   as the data a solver walks, and the clock long work is sliced by;
//! - [`divide`]: divide and conquer, the builder of tours, and what a heuristic means for a run;
//! - [`draw`]: the board as a picture, the run as a GIF, a recording's length;
//! - [`watch`]: a run as a page watches it: the session, going back, stalls, the depth chart, the
//!   tree of tried moves, Knuth's estimate, the pace;
//! - [`play`]: playing it yourself: the game, its verdicts and their reasons;
//! - [`count`]: counting tours, by listing them or over the frontier;
//! - [`front`]: what front ends ask: settings, the catalogue, output formats;
//! - `wasm`: the browser binding, for the wasm32 target only.

pub mod board;
pub mod count;
pub mod divide;
pub mod draw;
pub mod front;
pub mod play;
pub mod search;
pub mod watch;

pub use board::existence::{Impossibility, Proof, Verdict};
pub use board::{Board, BoardError, Colour, Coord, Square, MAX_SQUARES};
pub use search::clock::Clock;
pub use search::event::{Event, EventKind, Outcome, Stats};
pub use search::heuristic::{Heuristic, Key, UnknownHeuristic};
pub use search::options::{Options, OptionsError};
pub use search::prune::{Cut, Outlook};
pub use search::solver::{Candidate, CandidateState, Events, Solver, SolverError};
pub use watch::session::Session;
pub use watch::timeline::Timeline;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
