//! The number of tours from every square at once: a heat map of where tours start.
//!
//! Closed tours pass through every square, so one count fills the board. Open tours are counted
//! by one sweep forward over the board keeping every step's table of states, then one sweep
//! back working out how many ways each state has to finish: the tours ending on a square are
//! the sum, over the moments that square leaves the frontier as an end, of the ways to get
//! there times the ways to finish from there. Where the tables of a whole sweep would not fit,
//! one count per class of squares the board's symmetries exchange does it in the memory of one;
//! the classes are independent, so natively several are counted at once, a thread each
//! ([`threads`]).

mod back;
mod by_class;
#[cfg(not(target_arch = "wasm32"))]
mod threads;

use super::frontier::{
    estimate, estimate_keeping_tables, FrontierCounter, Refusal, SweepStatus, DEFAULT_MEMORY,
};
use super::symmetry::{classes, Class};
use super::Tours;
use crate::board::{Board, Square};
use back::Back;
use by_class::ByClass;

/// A count from every square, by frontier, run a slice at a time like [`FrontierCounter`].
pub struct EveryStart {
    board: Board,
    phase: Phase,
    /// Tours from each square, by square index, once done.
    tours: Option<Vec<u128>>,
    /// The most states after each step of the counts by class, once done.
    most_per_step: Vec<usize>,
}

enum Phase {
    Forward(FrontierCounter),
    Back(Back),
    ByClass(ByClass),
    /// Finished, after this many sweeps: a page that shows where a count stands says so to the
    /// end, and puts shares' sweeps together by them.
    Done {
        sweeps: usize,
    },
}

/// Where a count from every square has got to.
#[derive(Clone, Debug, PartialEq)]
pub struct GridProgress {
    /// Sweeps done, of `sweeps` in all: two (forward, back), or one per class of squares.
    pub swept: usize,
    pub sweeps: usize,
    /// The sweep under way (the first, when several are).
    pub current: Option<SweepStatus>,
    /// Every sweep under way, with the square each counts from (none for a count of every tour):
    /// more than one where classes are counted at once.
    pub running: Vec<(Option<Square>, SweepStatus)>,
    /// The share done, from 0 to 1.
    pub fraction: f64,
    pub done: bool,
}

impl EveryStart {
    /// Refuses a board that one count from a square would refuse.
    pub fn new(board: Board, closed: bool, limit: usize) -> Result<EveryStart, Refusal> {
        EveryStart::with_lanes(board, closed, limit, 1)
    }

    /// As [`EveryStart::new`], counting up to `lanes` classes of squares at once where it counts
    /// by class, as many as fit in `limit` by the estimate of one count (at least one).
    pub fn with_lanes(board: Board, closed: bool, limit: usize, lanes: usize) -> Result<EveryStart, Refusal> {
        let phase = if !by_class(board, closed, limit) {
            Phase::Forward(FrontierCounter::keeping_tables(board, Tours::Open, limit)?)
        } else {
            let to_count = if closed {
                vec![Class { squares: board.squares().collect(), no_open_tour: false }]
            } else {
                open_classes(board)
            };
            Phase::ByClass(ByClass::new(board, closed, limit, lanes, to_count)?)
        };
        let mut every = EveryStart { board, phase, tours: None, most_per_step: Vec::new() };
        every.settle();
        Ok(every)
    }

    /// The open tours from the squares of `share`'s classes only (from the others none), one
    /// class after another, in the memory `limit`: a part of a count from every square by class
    /// made by several workers at once, each with a memory of its own (see [`shares`]).
    pub fn share(board: Board, limit: usize, share: Share) -> Result<EveryStart, Refusal> {
        // A part past the last has no class to count: its grid is all zeros.
        let to_count = split(board, share.lanes).into_iter().nth(share.lane).unwrap_or_default();
        let phase = Phase::ByClass(ByClass::new(board, false, limit, 1, to_count)?);
        let mut every = EveryStart { board, phase, tours: None, most_per_step: Vec::new() };
        every.settle();
        Ok(every)
    }

    /// Reads up to `work` states, as [`FrontierCounter::run`] (up to `work` in each count under
    /// way).
    pub fn run(&mut self, work: usize) -> Result<GridProgress, Refusal> {
        match &mut self.phase {
            Phase::Forward(counter) => {
                if counter.run(work)?.done {
                    if let Phase::Forward(counter) =
                        std::mem::replace(&mut self.phase, Phase::Done { sweeps: 2 })
                    {
                        self.phase = Phase::Back(Back::new(counter));
                    }
                }
            }
            Phase::Back(back) => back.run(work)?,
            Phase::ByClass(by_class) => {
                for lane in &mut by_class.running {
                    lane.counter.run(work)?;
                }
                by_class.fill()?;
            }
            Phase::Done { .. } => {}
        }
        self.settle();
        Ok(self.progress())
    }

    /// Takes the grid out of a phase that has finished.
    fn settle(&mut self) {
        let finished = match &mut self.phase {
            Phase::Back(back) => back.grid().map(|tours| (tours, 2)),
            Phase::ByClass(by_class) if by_class.running.is_empty() && by_class.waiting.is_empty() => {
                self.most_per_step = std::mem::take(&mut by_class.most_per_step);
                Some((std::mem::take(&mut by_class.tours), by_class.sweeps))
            }
            _ => None,
        };
        if let Some((tours, sweeps)) = finished {
            self.tours = Some(tours);
            self.phase = Phase::Done { sweeps };
        }
    }

    pub fn progress(&self) -> GridProgress {
        let (swept, sweeps, running) = match &self.phase {
            Phase::Forward(counter) => (0, 2, vec![(None, counter.status())]),
            Phase::Back(back) => (1, 2, vec![(None, back.progress())]),
            Phase::ByClass(by_class) => {
                let running = by_class.running.iter().map(|lane| (lane.start(), lane.status())).collect();
                (by_class.swept, by_class.sweeps, running)
            }
            &Phase::Done { sweeps } => (sweeps, sweeps, Vec::new()),
        };
        // The counts waiting with their states too: a trunk that gave way has not gone back.
        let within: f64 = match &self.phase {
            Phase::ByClass(by_class) => by_class.lanes().map(|lane| lane.counts_done()).sum(),
            _ => running.iter().map(|(_, progress): &(_, SweepStatus)| progress.fraction).sum(),
        };
        let fraction = if self.tours.is_some() { 1.0 } else { (swept as f64 + within) / sweeps as f64 };
        let current = running.first().map(|&(_, progress)| progress);
        GridProgress { swept, sweeps, current, running, fraction, done: self.tours.is_some() }
    }

    /// The tours from each square, by square index, once done.
    pub fn tours(&self) -> Option<&[u128]> {
        self.tours.as_deref()
    }

    /// Whether the count sweeps forward keeping its tables, then back over them (else it counts
    /// from a square of each class, or the closed tours once); known from the start.
    pub fn sweeps_back(&self) -> bool {
        matches!(self.phase, Phase::Forward(_) | Phase::Back(_))
    }

    /// The most states after each step (by squares added) of the counts by class so far, done
    /// or under way, however they were sliced or spread over threads (none for a count that
    /// sweeps forward and back).
    pub fn states_per_step(&self) -> Vec<usize> {
        let Phase::ByClass(by_class) = &self.phase else { return self.most_per_step.clone() };
        let mut steps = by_class.most_per_step.clone();
        for lane in by_class.lanes() {
            most(&mut steps, lane.counter.states_per_step());
        }
        steps
    }

    /// Whether one sweep serves the counts by class up to their starts (see
    /// `FrontierCounter::before_the_starts`).
    pub fn shares_a_trunk(&self) -> bool {
        matches!(&self.phase, Phase::ByClass(by_class) if by_class.trunk)
    }

    /// How many counts run at once (one but where classes are counted at once).
    pub fn lanes(&self) -> usize {
        match &self.phase {
            Phase::ByClass(by_class) => by_class.lanes,
            _ => 1,
        }
    }

    /// The memory the count may take by its estimates: the tables of a whole sweep, or those of
    /// as many counts as run at once (and one more, waiting, where a trunk serves them).
    pub fn estimate(&self) -> usize {
        let kind = |closed: bool| if closed { Tours::Closed } else { Tours::Open };
        match &self.phase {
            Phase::ByClass(by_class) => {
                let counts = by_class.lanes + usize::from(by_class.trunk);
                estimate(self.board, kind(by_class.closed)).saturating_mul(counts)
            }
            _ => estimate_keeping_tables(self.board, Tours::Open),
        }
    }
}

/// Whether a count from every square goes one class of squares at a time: closed tours (one
/// count fills the board), or open ones whose tables of a whole sweep would not fit in `limit`,
/// nor in [`DEFAULT_MEMORY`]: past a few GiB of tables, the counts by class from a trunk take
/// far less time (7x7: 319 s of CPU forward and back in 11.6 GiB; see docs/counting.md).
fn by_class(board: Board, closed: bool, limit: usize) -> bool {
    closed || board.len() <= 1 || estimate_keeping_tables(board, Tours::Open) > limit.min(DEFAULT_MEMORY)
}

/// The classes of squares some open tour starts on.
fn open_classes(board: Board) -> Vec<Class> {
    classes(board).into_iter().filter(|class| !class.no_open_tour).collect()
}

/// One of `lanes` parts of a count from every square by class, each counted apart (in a worker
/// of its own, with its own memory) and put together after ([`super::Answer::of_parts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    /// Which part, from 0.
    pub lane: usize,
    pub lanes: usize,
}

/// Counts apart at most, whatever the cores: each may take its whole memory limit (the page's
/// workers 3 GiB each), and two are what the machines this was measured on have.
pub const MOST_SHARES: usize = 2;

/// How many parts a count from every square of open tours is best split into on `cores` cores:
/// one where it does not go by class (with `limit` bytes), else one per core, up to the classes
/// and [`MOST_SHARES`].
pub fn shares(board: Board, closed: bool, limit: usize, cores: usize) -> usize {
    if closed || !by_class(board, closed, limit) {
        return 1;
    }
    cores.min(open_classes(board).len()).clamp(1, MOST_SHARES)
}

/// The open classes split into `lanes` parts of about the same work, heaviest first, each to
/// the part with the least so far. The class of the corners weighs two others: on 7×7 it took
/// 45 s of CPU against 12 to 25 s for d6's (see [`cheapest_start`]), the rest between.
fn split(board: Board, lanes: usize) -> Vec<Vec<Class>> {
    let heavy = |class: &Class| class.squares.contains(&Square(0));
    let weight = |class: &Class| if heavy(class) { 2 } else { 1 };
    // The heavy first; classes of one weight keep the order of the board.
    let (heavy, light): (Vec<Class>, Vec<Class>) = open_classes(board).into_iter().partition(heavy);
    let mut parts: Vec<(usize, Vec<Class>)> = vec![(0, Vec::new()); lanes.max(1)];
    for class in heavy.into_iter().chain(light) {
        let lightest = parts.iter_mut().min_by_key(|(work, _)| *work).expect("a part at least");
        lightest.0 += weight(&class);
        lightest.1.push(class);
    }
    parts.into_iter().map(|(_, classes)| classes).collect()
}

/// Keeps in `steps` the most of it and `more`, step by step.
pub(super) fn most(steps: &mut [usize], more: &[usize]) {
    for (most, &states) in steps.iter_mut().zip(more) {
        *most = (*most).max(states);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_split_the_open_classes_once_each_the_corners_weighing_two() {
        let board = Board::new(7, 7).unwrap();
        let parts = split(board, 2);
        let mut all: Vec<_> = parts.concat();
        all.sort_by_key(Class::representative);
        let mut open = open_classes(board);
        open.sort_by_key(Class::representative);
        assert_eq!(all, open);
        // Six classes start open tours on 7×7: the corners' and two others, against three.
        let corners =
            parts.iter().position(|part| part.iter().any(|c| c.squares.contains(&Square(0)))).unwrap();
        assert_eq!((parts[corners].len(), parts[1 - corners].len()), (3, 3));
        assert_eq!(split(board, 1), vec![open_classes(board)]);
    }
}
