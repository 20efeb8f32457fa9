//! What the search says as it goes: events, outcomes and the work done.

use std::fmt;

use crate::board::existence::Impossibility;
use crate::board::Square;

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
    /// ties: a greedy search hit a dead end, or an attempt of a backtracking search used up its
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

    /// The path's length after the event, from `depth` before it: a placement of move `index`
    /// makes it `index + 1`, a take-back of it `index`, a restart leaves the start alone on it.
    pub fn depth_after(self, depth: u32) -> u32 {
        match self {
            Event::Placed { index, .. } => index + 1,
            Event::Removed { index, .. } => index,
            Event::Restarted { .. } => 1,
            Event::Finished(_) => depth,
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
    /// The greedy search (and every restart) reached a square with no way on.
    DeadEnd,
    /// A greedy search for a closed tour visited every square, but its last square is not a
    /// knight's move from the first: an open tour, not the closed one asked for.
    Unclosed,
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
            Outcome::Unclosed => "unclosed",
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
            Outcome::Unclosed => f.write_str(
                "every square is visited, but the last is not a knight's move from the first: an open \
                 tour, not the closed one asked for",
            ),
            Outcome::Budget => f.write_str("stopped: the placement budget ran out before a tour was found"),
        }
    }
}

/// How the page tells an outcome, in the lengths it needs, beside the command line's
/// [`Outcome`]'s `Display`: one place for what each ending means. Words in braces are filled in
/// by the page with its own figures: `{from}` the start's name, `{counts}` the placements and
/// backtracks, `{depth}` and `{placements}` a count with its noun ("1 placement", "64
/// squares"), `{reason}` the run's reason in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Told {
    /// The outcome's [`Outcome::name`].
    pub name: &'static str,
    /// The tour found, if one was: what a line about how it was built calls it.
    pub found: Option<&'static str>,
    /// The status line: its heading, then the rest.
    pub headline: &'static str,
    pub detail: &'static str,
    /// What the ending means, for the teaching view.
    pub meaning: &'static str,
    /// How a race tells one side's ending, after its name.
    pub standing: &'static str,
}

/// Every outcome, told; in the order of [`Outcome`]'s variants.
pub const TOLD: [Told; 7] = [
    Told {
        name: "tour",
        found: Some("an open tour"),
        headline: "Found an open tour from {from}",
        detail: "in {counts}.",
        meaning: "Every square is visited: the path is a tour.",
        standing: "a tour in {placements}",
    },
    Told {
        name: "closed-tour",
        found: Some("a closed tour"),
        headline: "Found a closed tour from {from}:",
        detail: "the last square is a knight's move from the first ({counts}).",
        meaning: "Every square is visited and the last is a knight's move from the first: a closed tour.",
        standing: "a closed tour in {placements}",
    },
    Told {
        name: "no-tour",
        found: None,
        headline: "No tour from {from}:",
        detail: "the search tried every possibility ({counts}).",
        meaning: "Every move from the start has been tried: there is no tour from here.",
        standing: "no tour: it tried every possibility",
    },
    Told {
        name: "impossible",
        found: None,
        headline: "No tour from here:",
        detail: "{reason}.",
        meaning: "This run needs no search: {reason}.",
        standing: "no tour from this square",
    },
    Told {
        name: "dead-end",
        found: None,
        headline: "Dead end after {depth}:",
        detail: "the greedy walk has no unvisited square a knight's move away.",
        meaning: "No free square is a knight's move away, and the walk never goes back: a dead end.",
        standing: "dead end after {depth}",
    },
    Told {
        name: "unclosed",
        found: None,
        headline: "Every square visited, but no closed tour:",
        detail: "{reason}.",
        meaning: "Every square is visited, but {reason}. The greedy walk never goes back, so it cannot look for a path that closes.",
        standing: "every square visited in {placements}, but not closed",
    },
    Told {
        name: "budget",
        found: None,
        headline: "Stopped:",
        detail: "the placement budget ran out before a tour was found ({counts}).",
        meaning: "The search stopped at its budget of placements.",
        standing: "stopped at its budget after {placements}",
    },
];

impl Outcome {
    /// How the page tells this outcome (see [`Told`]).
    pub fn told(self) -> &'static Told {
        TOLD.iter().find(|told| told.name == self.name()).expect("every outcome is told")
    }

    /// Why the search ended, for a heading that says already that there is no tour from this
    /// start: the reason without that claim. The same as `Display` for other outcomes.
    pub fn reason_beyond_the_start(self) -> String {
        match self {
            Outcome::Impossible(reason) => reason.beyond_the_start(),
            other => other.to_string(),
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
