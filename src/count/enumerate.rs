//! Counting tours by listing them: every tour from a start square, found one by one by the
//! search a class can watch. Exponential in the board's size; the frontier counter
//! ([`super::frontier`]) counts what this never could.

use super::symmetry::classes;
use super::Tours;
use crate::board::{Board, Square};
use crate::event::Event;
use crate::heuristic::Heuristic;
use crate::options::Options;
use crate::solver::{Solver, SolverError};

/// Where a count has got to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
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
        // Move order cannot change a count, and pruning only skips subtrees without tours.
        let options = Options { heuristic: Heuristic::Fixed, prune: true, closed, ..Options::default() };
        Ok(TourCounter { solver: Solver::new(board, start, options)?, end: None, tours: 0, done: false })
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

    pub fn progress(&self) -> Progress {
        Progress {
            tours: self.tours,
            placements: self.solver.stats().placements,
            fraction: if self.done { 1.0 } else { self.solver.explored_fraction() },
            done: self.done,
        }
    }
}

/// How many events pass between two progress reports: rare enough to cost nothing, frequent
/// enough (a few per second) for a progress line.
const REPORT_EVERY: usize = 1 << 24;

/// Counts the tours from `start`; `on_progress` is called now and then during long counts.
pub fn count_tours(
    board: Board,
    start: Square,
    closed: bool,
    mut on_progress: impl FnMut(Progress),
) -> Result<u64, SolverError> {
    finish(TourCounter::new(board, start, closed)?, &mut on_progress)
}

fn finish(mut counter: TourCounter, on_progress: &mut impl FnMut(Progress)) -> Result<u64, SolverError> {
    while !counter.run(REPORT_EVERY) {
        on_progress(counter.progress());
    }
    Ok(counter.progress().tours)
}

/// Counts `tours` by listing them: from a square as [`count_tours`] does, the others from
/// counts from squares (every closed tour passes through the first square; every open tour
/// starts on some square, and squares a symmetry of the board exchanges start as many).
pub fn count(board: Board, tours: Tours, mut on_progress: impl FnMut(Progress)) -> Result<u128, SolverError> {
    let mut from =
        |start: Square, closed: bool| count_tours(board, start, closed, &mut on_progress).map(u128::from);
    Ok(match tours {
        Tours::OpenFrom(start) => from(start, false)?,
        Tours::ClosedFrom(start) => from(start, true)?,
        Tours::Closed => from(Square(0), true)? / 2,
        Tours::Open => {
            let mut total = 0;
            for class in classes(board).into_iter().filter(|class| !class.no_open_tour) {
                total += from(class.representative(), false)? * class.squares.len() as u128;
            }
            total
        }
        Tours::OpenBetween(start, end) => {
            u128::from(finish(TourCounter::between(board, start, end)?, &mut on_progress)?)
        }
    })
}

/// The number of tours from each square, by square index, by listing them (once per class of
/// squares the board's symmetries exchange; closed tours once for all, since each passes
/// through every square).
pub fn every_start(
    board: Board,
    closed: bool,
    mut on_progress: impl FnMut(Progress),
) -> Result<Vec<u128>, SolverError> {
    let mut tours = vec![0; board.len() as usize];
    if closed {
        let count = u128::from(count_tours(board, Square(0), true, &mut on_progress)?);
        tours.fill(count);
        return Ok(tours);
    }
    for class in classes(board).into_iter().filter(|class| !class.no_open_tour) {
        let count = u128::from(count_tours(board, class.representative(), false, &mut on_progress)?);
        for square in class.squares {
            tours[square.index()] = count;
        }
    }
    Ok(tours)
}
