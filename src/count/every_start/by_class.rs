//! The tours from every square, one count per class of squares the board's symmetries exchange,
//! from the square of each the sweep reaches last, up to `lanes` counts under way at once.
//!
//! Up to a count's start, its sweep is one with no end of the tour given yet, the same for every
//! class but for what each drops as dead (see [`FrontierCounter::before_the_starts`]). Where
//! there is room for it, one such sweep, the trunk, serves them all: at each class's start a
//! count from there takes over a copy of its states, and the trunk goes on to the next start.
//! The starts are late in the sweep, past the columns that hold the most states, so most of the
//! work is the trunk's, made once instead of once a class (7x7: six classes; the corners' count,
//! a quarter of the work counted apart, starts at the last square and is the trunk's last step).

use super::super::degrees::LiveDegrees;
use super::super::frontier::{estimate, FrontierCounter, Refusal, SweepStatus};
use super::super::plan::Plan;
use super::super::symmetry::Class;
use super::super::Tours;
use super::most;
use crate::board::{Board, Square};

/// One count per class of squares, up to `lanes` of them under way at once.
pub(super) struct ByClass {
    pub(super) board: Board,
    pub(super) closed: bool,
    /// What waits for a lane, the next last: classes not started, or counts a trunk has handed
    /// over (and the trunk itself, while they run).
    pub(super) waiting: Vec<Waiting>,
    /// Counts in all, one per class (a trunk is a part of each of them, not one of its own).
    pub(super) sweeps: usize,
    pub(super) trunk: bool,
    /// Counts done.
    pub(super) swept: usize,
    /// The counts under way, at most `lanes`.
    pub(super) running: Vec<Lane>,
    pub(super) lanes: usize,
    /// The memory each count may take: an equal share of the limit, so that all of them
    /// together stay within it.
    pub(super) share: usize,
    pub(super) tours: Vec<u128>,
    /// The most states after each step of the counts done.
    pub(super) most_per_step: Vec<usize>,
}

/// What waits for a lane.
pub(super) enum Waiting {
    /// A class whose count has not started.
    Class(Class),
    /// A count under way.
    Lane(Box<Lane>),
}

/// A count under way on a lane.
pub(super) struct Lane {
    pub(super) counter: FrontierCounter,
    pub(super) job: Job,
}

pub(super) enum Job {
    /// The count of the tours from `start`, the square of `class` it counts from.
    Class { class: Class, start: Square },
    /// The sweep the counts of `forks` take over at their starts: each class with its start,
    /// the step visiting it and its count's patterns of degrees from there, the next last.
    Trunk { forks: Vec<(u32, Class, Square, LiveDegrees)> },
}

impl ByClass {
    /// Counts from `classes`, up to `lanes` at once, as many as fit in `limit` by the estimate
    /// of one count (at least one); open tours from a trunk where `limit` holds a count more
    /// than run at once. Refuses now, before any work, what the first counts would refuse.
    pub(super) fn new(
        board: Board,
        closed: bool,
        limit: usize,
        lanes: usize,
        classes: Vec<Class>,
    ) -> Result<ByClass, Refusal> {
        let one = estimate(board, if closed { Tours::Closed } else { Tours::Open }).max(1);
        let lanes = lanes.min(limit / one).min(classes.len()).max(1);
        let trunk = !closed && classes.len() > 1 && limit / one > lanes;
        let count = classes.len();
        let mut by_class = ByClass {
            board,
            closed,
            waiting: Vec::new(),
            sweeps: count,
            trunk,
            swept: 0,
            running: Vec::with_capacity(lanes),
            lanes,
            share: limit / (lanes + usize::from(trunk)),
            tours: vec![0; board.len() as usize],
            most_per_step: vec![0; board.len() as usize + 1],
        };
        if trunk {
            let plan = Plan::new(board, Tours::Open);
            let mut starts: Vec<(u32, Class, Square)> = classes
                .into_iter()
                .map(|class| {
                    let start = cheapest_start(board, &class);
                    (plan.step_of(start), class, start)
                })
                .collect();
            starts.sort_by_key(|&(step, ..)| std::cmp::Reverse(step));
            let steps: Vec<(Square, u32)> = starts.iter().map(|&(step, _, start)| (start, step)).collect();
            let (counter, live) = FrontierCounter::before_the_starts(board, &steps, by_class.share, lanes)?;
            let forks =
                starts.into_iter().zip(live).map(|((step, class, start), live)| (step, class, start, live));
            let trunk = Lane { counter, job: Job::Trunk { forks: forks.collect() } };
            by_class.waiting.push(Waiting::Lane(Box::new(trunk)));
        } else {
            by_class.waiting = classes.into_iter().rev().map(Waiting::Class).collect();
        }
        by_class.fill()?;
        Ok(by_class)
    }

    /// Takes the answers of the counts done, hands a trunk's states over at a start, and starts
    /// what waits while fewer than `lanes` run. A trunk gives way to a count it handed over, so
    /// that no more than one waits with its states.
    pub(super) fn fill(&mut self) -> Result<(), Refusal> {
        loop {
            // A count may be done as it starts (a one-square board's).
            if let Some(done) = self.running.iter().position(Lane::done) {
                let lane = self.running.remove(done);
                self.take(lane)?;
            } else if let Some(at) = self.running.iter().position(Lane::at_fork) {
                let fork = self.running[at].fork(self.share)?;
                self.waiting.push(Waiting::Lane(Box::new(fork)));
            } else if self.running.len() < self.lanes && !self.waiting.is_empty() {
                let next = self.waiting.pop().expect("something waits");
                let lane = start(next, self.board, self.closed, self.share)?;
                self.running.push(lane);
            } else if let Some(trunk) = self.yielding_trunk() {
                let trunk = self.running.remove(trunk);
                self.waiting.insert(0, Waiting::Lane(Box::new(trunk)));
            } else {
                return Ok(());
            }
        }
    }

    /// The lane of a trunk that is to give way to a count it handed over, waiting.
    pub(super) fn yielding_trunk(&self) -> Option<usize> {
        self.running.iter().position(|lane| self.trunk_yields(lane))
    }

    /// Whether `lane`, if a trunk, gives way to the counts it handed over: once as many wait
    /// with their states as there are lanes. On one lane (the page's worker) each count runs as
    /// soon as it is handed over, so one waits at most; on more the trunk goes on while a lane is
    /// busy with a count, since the whole count waits on it, and the states waiting stay within
    /// a table a lane.
    pub(super) fn trunk_yields(&self, lane: &Lane) -> bool {
        let handed_over = self.waiting.iter().filter(|waiting| matches!(waiting, Waiting::Lane(_))).count();
        matches!(lane.job, Job::Trunk { .. }) && handed_over >= self.lanes
    }

    /// The answer of a count done, for each square of its class.
    pub(super) fn take(&mut self, lane: Lane) -> Result<(), Refusal> {
        if let Job::Class { class, .. } = &lane.job {
            let count = lane.counter.tours().ok_or(Refusal::Overflow { board: self.board })?;
            for square in &class.squares {
                self.tours[square.index()] = count;
            }
            self.swept += 1;
        }
        most(&mut self.most_per_step, lane.counter.states_per_step());
        Ok(())
    }

    /// Every count under way or waiting with its states, with the square it counts from (none
    /// for a trunk), the running first.
    pub(super) fn lanes(&self) -> impl Iterator<Item = &Lane> {
        let waiting = self.waiting.iter().filter_map(|waiting| match waiting {
            Waiting::Lane(lane) => Some(&**lane),
            Waiting::Class(_) => None,
        });
        self.running.iter().chain(waiting)
    }
}

/// Starts what waited: a class's count from its square, or a count already under way.
pub(super) fn start(waiting: Waiting, board: Board, closed: bool, limit: usize) -> Result<Lane, Refusal> {
    match waiting {
        Waiting::Lane(lane) => Ok(*lane),
        Waiting::Class(class) => {
            let start = cheapest_start(board, &class);
            let tours = if closed { Tours::ClosedFrom(start) } else { Tours::OpenFrom(start) };
            Ok(Lane { counter: FrontierCounter::new(board, tours, limit)?, job: Job::Class { class, start } })
        }
    }
}

impl Lane {
    /// Whether its work is done: a count's sweep, or a trunk's handing over.
    pub(super) fn done(&self) -> bool {
        match &self.job {
            Job::Class { .. } => self.counter.status().done,
            Job::Trunk { forks } => forks.is_empty(),
        }
    }

    /// Whether it is a trunk at the start of a class's count.
    pub(super) fn at_fork(&self) -> bool {
        matches!(self.job, Job::Trunk { .. }) && self.counter.stopped()
    }

    /// The square it counts from, if it is a class's count.
    pub(super) fn start(&self) -> Option<Square> {
        match self.job {
            Job::Class { start, .. } => Some(start),
            Job::Trunk { .. } => None,
        }
    }

    /// The count of the class whose start the trunk is at, taking over its states within
    /// `limit`; the trunk goes on to the next start.
    pub(super) fn fork(&mut self, limit: usize) -> Result<Lane, Refusal> {
        let Job::Trunk { forks } = &mut self.job else { unreachable!("only a trunk forks") };
        let (_, class, start, live) = forks.pop().expect("a trunk stops at a start");
        let counter = self.counter.fork(Tours::OpenFrom(start), limit, live)?;
        self.counter.stop_at(forks.last().map(|&(step, ..)| step));
        Ok(Lane { counter, job: Job::Class { class, start } })
    }

    pub(super) fn status(&self) -> SweepStatus {
        self.counter.status()
    }

    /// The share done of the counts it stands for, from 0 to the counts: its own, or the part
    /// of each count still to take over that a trunk has swept.
    pub(super) fn counts_done(&self) -> f64 {
        let fraction = self.status().fraction;
        match &self.job {
            Job::Class { .. } => fraction,
            Job::Trunk { forks } => fraction * forks.len() as f64,
        }
    }
}

/// The square of a class to count from: the one the sweep reaches last. Its squares start as
/// many tours, but not as cheaply: until the sweep reaches the start, at most one end of the
/// tour can have left the frontier, after it two, and the states are fewer the longer the sweep
/// goes with one (7×7 from the corners, one run each: 51 s of CPU from a7, in the first column,
/// 45 s from g7, in the last; of d6's class, 25 s from b4, 19 s from d6, 12 s from f4); and a
/// trunk serves the classes up to their starts.
fn cheapest_start(board: Board, class: &Class) -> Square {
    let plan = Plan::new(board, Tours::Open);
    class.squares.iter().copied().max_by_key(|&square| plan.step_of(square)).expect("a class has squares")
}
