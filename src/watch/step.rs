//! The next step of a search, told before it is made: what a teacher's Step will do, in words,
//! from the event the search will really make next (see [`crate::Timeline::peek`]), so that what
//! the page says of a step is always the step that comes.

use serde::Serialize;

use crate::search::event::{Event, Outcome};
use crate::Solver;

/// The next step as the teaching view tells it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NextStep {
    /// The event's kind: `placed`, `removed`, `restarted` or `finished`.
    pub kind: &'static str,
    /// The square placed or taken back, if it is one, and its move number (the start is 1).
    pub square: Option<u32>,
    pub number: Option<u32>,
    /// How the search ends, if the step ends it.
    pub outcome: Option<&'static str>,
    /// Whether the path holds every square: the step is the check "every square visited?", and
    /// what it found.
    pub covered: bool,
    /// All of it in words: for a path of every square what the check finds, then "Next step: …".
    pub words: String,
}

impl NextStep {
    /// The step `next` makes from where `solver` stands.
    pub fn new(solver: &Solver, next: Event) -> NextStep {
        let board = solver.board();
        let name = |square: crate::Square| board.name(square);
        let path: Vec<_> = solver.path().collect();
        let covered = path.len() == board.len() as usize && solver.construction().is_none();
        let mut words = String::new();
        if covered {
            let (first, last) = (path[0], path[path.len() - 1]);
            let (first, last, closes) = (name(first), name(last), board.is_knight_move(path[0], last));
            words = match (closes, solver.options().closed) {
                (true, _) => format!(
                    "Every square is visited, and the last, {last}, is a knight's move from the \
                     first, {first}: a closed tour. "
                ),
                (false, false) => "Every square is visited: the tour is complete. ".to_string(),
                (false, true) => format!(
                    "Every square is visited, but the last, {last}, is not a knight's move from the \
                     first, {first}: an open tour, not a closed one. "
                ),
            };
        }
        let (square, index) = match next {
            Event::Placed { square, index } | Event::Removed { square, index } => (Some(square), Some(index)),
            _ => (None, None),
        };
        words.push_str("Next step: ");
        words.push_str(&match next {
            Event::Placed { square, index: 0 } => {
                format!("the knight is placed on {}, move 1.", name(square))
            }
            Event::Placed { square, index } => {
                format!("the knight goes to {}, move {}.", name(square), index + 1)
            }
            Event::Removed { square, index } => format!(
                "the knight is taken back from {}, move {}, to {}.",
                name(square),
                index + 1,
                name(path[index as usize - 1])
            ),
            Event::Restarted { attempt } => format!(
                "the search starts over from {} with fresh random ties (restart {attempt}).",
                name(solver.start())
            ),
            Event::Finished(outcome) => finish(solver, outcome),
        });
        NextStep {
            kind: next.kind().name(),
            square: square.map(|square| square.0),
            number: index.map(|index| index + 1),
            outcome: match next {
                Event::Finished(outcome) => Some(outcome.name()),
                _ => None,
            },
            covered,
            words,
        }
    }
}

/// A step that ends the search, in words.
fn finish(solver: &Solver, outcome: Outcome) -> String {
    match outcome {
        Outcome::Tour => "the search ends: it has found an open tour.".to_string(),
        Outcome::ClosedTour => "the search ends: it has found a closed tour.".to_string(),
        Outcome::NoTour => format!(
            "the search ends: every move from the start has been tried, and there is no tour from {}.",
            solver.board().name(solver.start())
        ),
        Outcome::Impossible(reason) => format!("the search ends before it begins: {reason}."),
        Outcome::DeadEnd => "the walk ends here, a dead end: it never goes back.".to_string(),
        Outcome::Unclosed => {
            "the walk ends there: it never goes back to look for a path that closes.".to_string()
        }
        Outcome::Budget => format!(
            "the search stops: its budget of {} placements is spent.",
            crate::board::numbers::grouped(solver.stats().placements)
        ),
    }
}
