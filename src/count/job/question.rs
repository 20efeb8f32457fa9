//! What a count is asked, and why it may not be made.

use std::fmt;

use super::super::checkpoint::CheckpointError;
use super::super::frontier::Refusal;
use super::super::{Method, Tours};
use crate::board::Square;
use crate::search::solver::SolverError;

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
    /// A checkpoint could not be saved, or is not this count's to resume.
    Checkpoint(CheckpointError),
    /// Only a count of one kind of tours by frontier (one sweep) is saved as it goes.
    NotSaved { method: &'static str, every_start: bool },
    /// A share of a count in parts that is not one: `lane` counts from 0 to below `lanes`.
    NoSuchShare { lane: usize, lanes: usize },
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Refused(refusal) => refusal.fmt(f),
            CountError::Search(error) => error.fmt(f),
            CountError::Checkpoint(error) => error.fmt(f),
            CountError::NotSaved { every_start: true, .. } => {
                f.write_str("a count from every square is not saved as it goes: drop --checkpoint")
            }
            CountError::NotSaved { method, .. } => write!(
                f,
                "a count by {method} is not saved as it goes, only one by {}: drop --checkpoint",
                Method::Frontier.label()
            ),
            CountError::NoSuchShare { lane, lanes } => write!(
                f,
                "there is no share {lane} of a count in {lanes} parts: parts are numbered from 0 to one \
                 less than their number, which is at least 1"
            ),
        }
    }
}

impl std::error::Error for CountError {}

impl From<Refusal> for CountError {
    fn from(refusal: Refusal) -> CountError {
        CountError::Refused(refusal)
    }
}

impl From<CheckpointError> for CountError {
    fn from(error: CheckpointError) -> CountError {
        CountError::Checkpoint(error)
    }
}

impl From<SolverError> for CountError {
    fn from(error: SolverError) -> CountError {
        CountError::Search(error)
    }
}
