//! A stepwise knight's tour solver.
//!
//! The search is an [`Iterator`] of [`Event`]s ([`Solver`]): it places squares, takes them back
//! and finally reports an [`Outcome`], one event per call, so a caller can stop anywhere, draw
//! what happened and carry on. Everything here is plain Rust; the browser and the command line
//! are thin layers over it.

pub mod animation;
pub mod assembly;
pub mod board;
pub mod catalogue;
pub mod config;
pub mod construct;
pub mod construction;
pub mod count;
pub mod envelope;
pub mod estimate;
pub mod event;
pub mod existence;
pub mod format;
pub mod heuristic;
mod mailbox;
mod method;
pub mod numbers;
pub mod options;
pub mod pace;
pub mod picture;
pub mod play;
pub mod play_session;
mod prune;
mod restarts;
pub mod session;
pub mod solver;
pub mod stall;
pub mod timeline;
pub mod tree;
pub mod webm;

pub use board::{Board, BoardError, Colour, Coord, Square, MAX_SQUARES};
pub use event::{Event, EventKind, Outcome, Stats};
pub use existence::{Impossibility, Proof, Verdict};
pub use heuristic::{Heuristic, Key, UnknownHeuristic};
pub use options::{Options, OptionsError};
pub use prune::{Cut, Outlook};
pub use session::{Clock, Session};
pub use solver::{Candidate, CandidateState, Events, Solver, SolverError};
pub use timeline::Timeline;

#[cfg(all(target_arch = "wasm32", feature = "count-allocations"))]
mod allocation;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
