//! Counting every tour from a start square.

use crate::board::{Board, Square};
use crate::event::Event;
use crate::heuristic::Heuristic;
use crate::options::Options;
use crate::solver::{Solver, SolverError};

/// Where a long count has got to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    pub tours: u64,
    pub placements: u64,
    /// Estimated share of the search tree covered, from 0 to 1.
    pub fraction: f64,
}

/// How many events pass between two progress reports: rare enough to cost nothing, frequent
/// enough (a few per second) for a progress line.
const REPORT_EVERY: usize = 1 << 24;

/// Counts the tours from `start` (closed tours only, if `closed`), each direction of travel
/// counted separately, as the literature's "directed tours from a square". `on_progress` is
/// called now and then during long counts.
pub fn count_tours(
    board: Board,
    start: Square,
    closed: bool,
    mut on_progress: impl FnMut(Progress),
) -> Result<u64, SolverError> {
    // Move order cannot change a count, and pruning only skips subtrees without tours.
    let options = Options { heuristic: Heuristic::Fixed, prune: true, closed, ..Options::default() };
    let mut solver = Solver::new(board, start, options)?;
    let mut tours = 0;
    loop {
        let finished = solver.events().take(REPORT_EVERY).find_map(|event| match event {
            Event::Finished(outcome) => Some(outcome),
            _ => None,
        });
        match finished {
            Some(outcome) if outcome.is_tour() => {
                tours += 1;
                solver.resume();
            }
            Some(_) => return Ok(tours),
            None => on_progress(Progress {
                tours,
                placements: solver.stats().placements,
                fraction: solver.explored_fraction(),
            }),
        }
    }
}
