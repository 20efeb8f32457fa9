//! What a count is asked, and why it may not be made.

use std::fmt;

use super::super::frontier::Refusal;
use super::super::Tours;
use crate::board::Square;
use crate::solver::SolverError;

/// What a count answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// How many tours of a kind.
    Tours(Tours),
    /// How many tours start on each square (closed ones: pass through it, each direction once).
    EveryStart { closed: bool },
}

impl Question {
    /// What a run's settings ask: the tours from its start (closed ones, if `closed`), or with
    /// `every_start` the tours from every square.
    pub fn asked(start: Square, closed: bool, every_start: bool) -> Question {
        match (every_start, closed) {
            (true, _) => Question::EveryStart { closed },
            (false, true) => Question::Tours(Tours::ClosedFrom(start)),
            (false, false) => Question::Tours(Tours::OpenFrom(start)),
        }
    }
}

/// Why a count cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountError {
    /// The frontier counter refused it, or stopped.
    Refused(Refusal),
    /// The search that lists tours refused its start.
    Search(SolverError),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Refused(refusal) => refusal.fmt(f),
            CountError::Search(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for CountError {}

impl From<Refusal> for CountError {
    fn from(refusal: Refusal) -> CountError {
        CountError::Refused(refusal)
    }
}

impl From<SolverError> for CountError {
    fn from(error: SolverError) -> CountError {
        CountError::Search(error)
    }
}
