//! What the search says as it goes: events, outcomes and the work done.

use std::fmt;

use crate::board::Square;
use crate::existence::Impossibility;

/// One step of the search. `index` is the move number: the start is move 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Placed {
        square: Square,
        index: u32,
    },
    /// A backtrack: the square is taken back and the search tries its predecessor's next move.
    Removed {
        square: Square,
        index: u32,
    },
    /// The search starts again from the start square (which stays placed) with fresh random
    /// ties: a greedy walk hit a dead end, or an attempt of a backtracking search used up its
    /// backtracks. `attempt` counts from 1.
    Restarted {
        attempt: u32,
    },
    Finished(Outcome),
}

/// What kind of step an event is, numbered for the compact form a page reads events in
/// ([`Event::encode`]): the page learns the numbers from the core, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    Placed = 0,
    Removed = 1,
    Restarted = 2,
    Finished = 3,
}

impl EventKind {
    pub const ALL: [EventKind; 4] =
        [EventKind::Placed, EventKind::Removed, EventKind::Restarted, EventKind::Finished];

    pub fn name(self) -> &'static str {
        match self {
            EventKind::Placed => "placed",
            EventKind::Removed => "removed",
            EventKind::Restarted => "restarted",
            EventKind::Finished => "finished",
        }
    }
}

impl Event {
    pub fn kind(self) -> EventKind {
        match self {
            Event::Placed { .. } => EventKind::Placed,
            Event::Removed { .. } => EventKind::Removed,
            Event::Restarted { .. } => EventKind::Restarted,
            Event::Finished(_) => EventKind::Finished,
        }
    }

    /// The event as three numbers, how a typed array carries a batch of them to a page: its
    /// [`EventKind`], then the square and the move number of a placement or a take-back, the
    /// attempt of a restart, nothing (zeros) for the finish, whose outcome the solver keeps.
    pub fn encode(self) -> [u32; 3] {
        let kind = self.kind() as u32;
        match self {
            Event::Placed { square, index } | Event::Removed { square, index } => [kind, square.0, index],
            Event::Restarted { attempt } => [kind, attempt, 0],
            Event::Finished(_) => [kind, 0, 0],
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every square visited once; the last is not a knight's move from the first.
    Tour,
    /// Every square visited once, and the last is a knight's move from the first.
    ClosedTour,
    /// The search tried everything from this start: no tour (or no closed tour) begins here.
    NoTour,
    /// A theorem rules the tour out; no search was made.
    Impossible(Impossibility),
    /// The greedy walk (and every restart) reached a square with no way on.
    DeadEnd,
    /// The placement budget ran out first.
    Budget,
}

impl Outcome {
    /// The outcome's name in the command line's JSON and the page's `data-status`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Tour => "tour",
            Outcome::ClosedTour => "closed-tour",
            Outcome::NoTour => "no-tour",
            Outcome::Impossible(_) => "impossible",
            Outcome::DeadEnd => "dead-end",
            Outcome::Budget => "budget",
        }
    }

    pub fn is_tour(self) -> bool {
        matches!(self, Outcome::Tour | Outcome::ClosedTour)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Tour => f.write_str("found an open tour"),
            Outcome::ClosedTour => {
                f.write_str("found a closed tour: the last square is a knight's move from the first")
            }
            Outcome::NoTour => f.write_str(
                "no tour from this square: the search tried every move from every square and exhausted them",
            ),
            Outcome::Impossible(reason) => write!(f, "{reason}"),
            Outcome::DeadEnd => f.write_str(
                "dead end: the greedy walk reached a square with no unvisited square a knight's move away",
            ),
            Outcome::Budget => f.write_str("stopped: the placement budget ran out before a tour was found"),
        }
    }
}

/// Work done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Squares placed, the start included.
    pub placements: u64,
    pub backtracks: u64,
    pub restarts: u32,
    /// The most squares the path has held at once.
    pub deepest: u32,
}
