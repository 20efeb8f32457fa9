//! Counting tours by listing them: every tour from a start square, found one by one by the
//! search a class can watch. Exponential in the board's size; the frontier counter
//! ([`super::frontier`]) counts what this never could.

use crate::board::{Board, Square};
use crate::search::event::Event;
use crate::search::heuristic::Heuristic;
use crate::search::options::Options;
use crate::search::solver::{Solver, SolverError};
use crate::watch::estimate::TreeSize;
use crate::watch::session::{ESTIMATE_PROBES, ESTIMATE_STEPS};

/// Where a count has got to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ListingStatus {
    pub tours: u64,
    pub placements: u64,
    /// Estimated share of the search tree covered, from 0 to 1.
    pub fraction: f64,
    pub done: bool,
}

/// A count that can be run a slice at a time, as a Web Worker does between messages.
pub struct TourCounter {
    solver: Solver,
    /// Only tours ending here count.
    end: Option<Square>,
    tours: u64,
    done: bool,
}

impl TourCounter {
    /// Counts the tours from `start` (closed tours only, if `closed`), each direction of travel
    /// counted separately, as the literature's "directed tours from a square".
    pub fn new(board: Board, start: Square, closed: bool) -> Result<TourCounter, SolverError> {
        Ok(TourCounter { solver: search(board, start, closed)?, end: None, tours: 0, done: false })
    }

    /// Counts the open tours from `start` that end on `end`.
    pub fn between(board: Board, start: Square, end: Square) -> Result<TourCounter, SolverError> {
        Ok(TourCounter { end: Some(end), ..TourCounter::new(board, start, false)? })
    }

    /// Runs up to `max_events` events of the search; returns true once the count is complete.
    pub fn run(&mut self, max_events: usize) -> bool {
        let mut left = max_events;
        while !self.done && left > 0 {
            let mut ran = 0;
            let finished = self.solver.events().take(left).find_map(|event| {
                ran += 1;
                match event {
                    Event::Finished(outcome) => Some(outcome),
                    _ => None,
                }
            });
            left -= ran;
            match finished {
                Some(outcome) if outcome.is_tour() => {
                    let last = self.solver.path_from(self.solver.path().len() - 1).next();
                    if self.end.is_none() || last == self.end {
                        self.tours += 1;
                    }
                    self.solver.resume();
                }
                Some(_) => self.done = true,
                None => break,
            }
        }
        self.done
    }

    /// Knuth's estimate of the placements the count of the tours from `start` makes in all (as
    /// the teaching view estimates a run's tree): how long listing them would take.
    pub fn size(board: Board, start: Square, closed: bool) -> Option<TreeSize> {
        search(board, start, closed).ok()?.estimate_tree(ESTIMATE_PROBES, 0, ESTIMATE_STEPS)
    }

    pub fn status(&self) -> ListingStatus {
        ListingStatus {
            tours: self.tours,
            placements: self.solver.stats().placements,
            fraction: if self.done { 1.0 } else { self.solver.explored_fraction() },
            done: self.done,
        }
    }
}

/// The search that lists the tours from `start`. Move order cannot change a count, and pruning
/// only skips subtrees without tours.
fn search(board: Board, start: Square, closed: bool) -> Result<Solver, SolverError> {
    Solver::new(
        board,
        start,
        Options { heuristic: Heuristic::Fixed, prune: true, closed, ..Options::default() },
    )
}

/// How many events pass between two progress reports: rare enough to cost nothing, frequent
/// enough (a few per second) for a progress line.
const REPORT_EVERY: usize = 1 << 24;

/// Counts the tours from `start`; `on_progress` is called now and then during long counts.
pub fn count_tours(
    board: Board,
    start: Square,
    closed: bool,
    mut on_progress: impl FnMut(ListingStatus),
) -> Result<u64, SolverError> {
    let mut counter = TourCounter::new(board, start, closed)?;
    while !counter.run(REPORT_EVERY) {
        on_progress(counter.status());
    }
    Ok(counter.status().tours)
}
