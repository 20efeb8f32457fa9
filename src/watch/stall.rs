//! Whether a search is getting anywhere, in words a class can follow: how deep it got and when,
//! how far back it has gone since (the mistake lies at or above that depth: everything below was
//! undone and redone without getting deeper), and Knuth's estimate of the work left.

use serde::Serialize;

use crate::search::event::Event;
use crate::search::solver::Run;
use crate::search::solver::Solver;

/// A search that has gone this many events without getting deeper, and at least
/// [`STUCK_PER_SQUARE`] events a square of its board, is stuck: a good ordering on a board that
/// is toured reaches a new depth every few events, and a million is under a second in the page.
const STUCK_EVENTS: u64 = 1 << 20;
const STUCK_PER_SQUARE: u64 = 16;

/// What a search has done since its path was last at its deepest, kept up to date event by event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stall {
    deepest: u32,
    /// The event (position on the timeline) at which the path was first that deep.
    deepest_at: u64,
    /// The shortest the path has been since.
    shallowest: u32,
}

/// A search's progress as the page and the command line tell it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchProgress {
    /// Whether it has gone long without getting deeper.
    pub stuck: bool,
    /// The most squares the path has held.
    pub deepest: u32,
    pub events_since_deepest: u64,
    /// The shortest the path has been since it was deepest: the mistake that keeps it from going
    /// further was made at this move or before.
    pub shallowest_since: u32,
    /// Knuth's estimate of the share of the search tree explored, from 0 to 1.
    pub explored: f64,
    /// Knuth's estimate of the events still to come before the search is exhausted (the tour,
    /// if any, may come sooner); infinite when the estimate exceeds what a float holds.
    pub events_left: f64,
}

impl Stall {
    /// Starts from the solver as it stands (a fresh one, or one put back to a checkpoint). The
    /// solver remembers when its deepest path was reached; how far back it has gone since is
    /// not remembered, and the path as it stands stands for it.
    pub fn new(solver: &Solver) -> Stall {
        let deepest = solver.stats().deepest;
        let deepest_at = match solver.deepened_at(deepest) {
            0 => solver.events_so_far(),
            at => at,
        };
        Stall { deepest, deepest_at, shallowest: solver.depth() }
    }

    /// Takes in the event that brought the search to `position`.
    #[inline(always)]
    pub fn observe(&mut self, event: Event, position: u64) {
        match event {
            Event::Placed { index, .. } if index >= self.deepest => {
                *self = Stall { deepest: index + 1, deepest_at: position, shallowest: index + 1 }
            }
            Event::Removed { index, .. } => self.shallowest = self.shallowest.min(index),
            Event::Restarted { .. } => self.shallowest = 1,
            _ => {}
        }
    }

    /// Takes back `event`, which brought the search to event `at` and which `solver` has just
    /// undone. Exact, but that the shallowest path since the deepest is not remembered event by
    /// event: after undoing the take-back that made it, or the placement that made the deepest,
    /// it reads lower than it was, never higher (the path now stands for it in the second case).
    pub fn undone(&mut self, event: Event, at: u64, solver: &Solver) {
        if let Event::Placed { .. } = event {
            if at == self.deepest_at {
                let deepest = solver.stats().deepest;
                *self = Stall {
                    deepest,
                    deepest_at: solver.deepened_at(deepest),
                    shallowest: self.shallowest.min(solver.depth()),
                };
            }
        }
    }

    /// Takes in a run of events at once: the same as observing each of them in turn.
    pub fn absorb(&mut self, run: &Run) {
        if let Some((at, depth)) = run.deepened {
            *self = Stall { deepest: depth, deepest_at: at, shallowest: depth };
        }
        self.shallowest = self.shallowest.min(run.low_since_deepened);
        if run.restarted {
            self.shallowest = 1;
        }
    }

    pub fn progress(&self, solver: &Solver) -> SearchProgress {
        let position = solver.events_so_far();
        let since = position - self.deepest_at;
        let explored = solver.explored_fraction();
        let threshold = STUCK_EVENTS.max(STUCK_PER_SQUARE * u64::from(solver.board().len()));
        SearchProgress {
            stuck: solver.outcome().is_none() && since >= threshold,
            deepest: self.deepest,
            events_since_deepest: since,
            shallowest_since: self.shallowest,
            explored,
            events_left: if explored > 0.0 {
                position as f64 * (1.0 / explored - 1.0)
            } else {
                f64::INFINITY
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Heuristic, Options};

    #[test]
    fn a_stuck_search_says_how_deep_it_got_and_how_far_back_it_has_gone_since() {
        // The fixed order makes a mistake early on 60x60 that backtracking does not repair in
        // millions of events.
        let board = Board::new(60, 60).unwrap();
        let options = Options { heuristic: Heuristic::Fixed, ..Options::default() };
        let mut solver = Solver::new(board, board.square(0, 0), options).unwrap();
        let mut stall = Stall::new(&solver);
        let mut position = 0;
        for event in solver.events().take(3_000_000) {
            position += 1;
            stall.observe(event, position);
        }
        let progress = stall.progress(&solver);
        assert!(progress.stuck, "{progress:?}");
        assert!(progress.deepest < 3_600);
        assert!(progress.shallowest_since < progress.deepest);
        assert!(progress.shallowest_since <= solver.depth());
        assert!(progress.events_since_deepest >= STUCK_EVENTS);
        assert!(progress.explored < 1e-6 && progress.events_left > 1e12, "{progress:?}");
    }

    #[test]
    fn a_search_that_tours_is_never_stuck() {
        let board = Board::new(8, 8).unwrap();
        let options = Options { heuristic: Heuristic::Warnsdorff, ..Options::default() };
        let mut solver = Solver::new(board, board.square(0, 0), options).unwrap();
        let mut stall = Stall::new(&solver);
        let mut position = 0;
        for event in solver.events() {
            position += 1;
            stall.observe(event, position);
        }
        let progress = stall.progress(&solver);
        assert!(!progress.stuck);
        assert_eq!(progress.deepest, 64);
        assert_eq!(progress.shallowest_since, 64);
    }
}
