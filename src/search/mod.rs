//! The stepwise search: a depth-first search with an explicit stack that stops after any event
//! and resumes ([`solver`]), the board as it indexes it (`mailbox`), the orders it tries moves
//! in ([`heuristic`]), the branches it cuts (`prune`), when a random search starts over
//! (`restarts`), how a run is set up ([`options`]) and what it says ([`event`]). It also holds
//! the two things it reads that higher layers make: the tour divide builds, which a solver walks
//! ([`construction`]), and the clock that long work is sliced by ([`clock`]).

pub mod clock;
pub mod construction;
pub mod event;
pub mod heuristic;
pub(crate) mod mailbox;
pub mod options;
pub(crate) mod prune;
pub(crate) mod restarts;
pub mod solver;
