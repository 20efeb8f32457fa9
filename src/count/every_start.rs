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

#[cfg(not(target_arch = "wasm32"))]
mod threads;

use super::frontier::{estimate, estimate_keeping_tables, FrontierCounter, Refusal, SweepStatus};
use super::plan::Plan;
use super::symmetry::{classes, Class};
use super::table::{Table, VACANT};
use super::transition::{Moves, Rules, NEW_SQUARE};
use super::Tours;
use crate::board::{Board, Square};

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

/// One count per class of squares, up to `lanes` of them under way at once.
struct ByClass {
    board: Board,
    closed: bool,
    /// The classes still to count, the next last.
    to_count: Vec<Class>,
    classes: usize,
    /// The counts under way, at most `lanes`.
    running: Vec<Lane>,
    lanes: usize,
    /// The memory each count may take: an equal share of the limit, so that all of them
    /// together stay within it.
    share: usize,
    tours: Vec<u128>,
    /// The most states after each step of the counts done.
    most_per_step: Vec<usize>,
}

/// A count from one class's square.
struct Lane {
    class: Class,
    /// The square of the class counted from.
    start: Square,
    counter: FrontierCounter,
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
            Phase::ByClass(by_class) if by_class.running.is_empty() => {
                self.most_per_step = std::mem::take(&mut by_class.most_per_step);
                Some((std::mem::take(&mut by_class.tours), by_class.classes))
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
                let running: Vec<_> =
                    by_class.running.iter().map(|lane| (Some(lane.start), lane.counter.status())).collect();
                (by_class.classes - by_class.to_count.len() - running.len(), by_class.classes, running)
            }
            &Phase::Done { sweeps } => (sweeps, sweeps, Vec::new()),
        };
        let within: f64 = running.iter().map(|(_, progress)| progress.fraction).sum();
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
        for lane in &by_class.running {
            most(&mut steps, lane.counter.states_per_step());
        }
        steps
    }

    /// How many counts run at once (one but where classes are counted at once).
    pub fn lanes(&self) -> usize {
        match &self.phase {
            Phase::ByClass(by_class) => by_class.lanes,
            _ => 1,
        }
    }

    /// The memory the count may take by its estimates: the tables of a whole sweep, or those of
    /// as many counts as run at once.
    pub fn estimate(&self) -> usize {
        let kind = |closed: bool| if closed { Tours::Closed } else { Tours::Open };
        match &self.phase {
            Phase::ByClass(by_class) => {
                estimate(self.board, kind(by_class.closed)).saturating_mul(by_class.lanes)
            }
            _ => estimate_keeping_tables(self.board, Tours::Open),
        }
    }
}

impl ByClass {
    /// Counts from `to_count`'s classes, up to `lanes` at once, as many as fit in `limit` by
    /// the estimate of one count (at least one). Refuses now, before any work, what the first
    /// counts would refuse.
    fn new(
        board: Board,
        closed: bool,
        limit: usize,
        lanes: usize,
        mut to_count: Vec<Class>,
    ) -> Result<ByClass, Refusal> {
        to_count.reverse();
        let one = estimate(board, if closed { Tours::Closed } else { Tours::Open });
        let lanes = lanes.min(limit / one.max(1)).min(to_count.len()).max(1);
        let mut by_class = ByClass {
            board,
            closed,
            classes: to_count.len(),
            to_count,
            running: Vec::with_capacity(lanes),
            lanes,
            share: limit / lanes,
            tours: vec![0; board.len() as usize],
            most_per_step: vec![0; board.len() as usize + 1],
        };
        by_class.fill()?;
        Ok(by_class)
    }

    /// Takes the answers of the counts done, and starts counts of the classes left while fewer
    /// than `lanes` run.
    fn fill(&mut self) -> Result<(), Refusal> {
        loop {
            // A count may be done as it starts (a one-square board's).
            if let Some(done) = self.running.iter().position(|lane| lane.counter.status().done) {
                let lane = self.running.remove(done);
                self.take(lane)?;
            } else if self.running.len() < self.lanes && !self.to_count.is_empty() {
                let lane = self.next()?;
                self.running.push(lane);
            } else {
                return Ok(());
            }
        }
    }

    /// Starts counting the next class (there is one).
    fn next(&mut self) -> Result<Lane, Refusal> {
        let class = self.to_count.pop().expect("a class left to count");
        Lane::new(self.board, self.closed, class, self.share)
    }

    /// The answer of a count done, for each square of its class.
    fn take(&mut self, lane: Lane) -> Result<(), Refusal> {
        let count = lane.counter.tours().ok_or(Refusal::Overflow { board: self.board })?;
        for square in &lane.class.squares {
            self.tours[square.index()] = count;
        }
        most(&mut self.most_per_step, lane.counter.states_per_step());
        Ok(())
    }
}

impl Lane {
    fn new(board: Board, closed: bool, class: Class, limit: usize) -> Result<Lane, Refusal> {
        let start = cheapest_start(board, &class);
        let tours = if closed { Tours::ClosedFrom(start) } else { Tours::OpenFrom(start) };
        Ok(Lane { counter: FrontierCounter::new(board, tours, limit)?, class, start })
    }
}

/// Whether a count from every square goes one class of squares at a time: closed tours (one
/// count fills the board), or open ones whose tables of a whole sweep would not fit in `limit`.
fn by_class(board: Board, closed: bool, limit: usize) -> bool {
    closed || board.len() <= 1 || estimate_keeping_tables(board, Tours::Open) > limit
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

/// The square of a class to count from: the one the sweep reaches last. Its squares start as
/// many tours, but not as cheaply: until the sweep reaches the start, at most one end of the
/// tour can have left the frontier, after it two, and the states are fewer the longer the sweep
/// goes with one (7×7 from the corners, one run each: 51 s of CPU from a7, in the first column,
/// 45 s from g7, in the last; of d6's class, 25 s from b4, 19 s from d6, 12 s from f4).
fn cheapest_start(board: Board, class: &Class) -> Square {
    let plan = Plan::new(board, Tours::Open);
    class.squares.iter().copied().max_by_key(|&square| plan.step_of(square)).expect("a class has squares")
}

/// The sweep back over the tables of a forward count of every open tour.
struct Back {
    plan: Plan,
    /// The tables of states after 0, 1, ... squares; the last is dropped as the sweep passes it.
    tables: Vec<Table>,
    rules: Rules,
    /// The step being undone: it added square `step`, leading from `tables[step]` to the last.
    step: usize,
    moves: Moves<u64>,
    cursor: usize,
    /// Ways to finish from each slot of the last table, and of the one before (being filled).
    after: Vec<u128>,
    before: Vec<u128>,
    /// Tours with an end on each square, by the sweep's order.
    ends: Vec<u128>,
    /// States reached from the states being read: from which slot, the state, its new ends.
    reached: Vec<(usize, u64, u8)>,
    overflowed: bool,
}

/// States read together, their successors' slots prefetched as a batch.
const BATCH: usize = 16;

impl Back {
    fn new(counter: FrontierCounter) -> Back {
        let (plan, tables, rules) = counter.into_tables();
        let last = tables.last().expect("a sweep keeps its first table");
        // Every state left at the end is a whole tour, with one way to finish: as it is.
        let after = (0..last.capacity()).map(|slot| u128::from(last.key(slot) != VACANT)).collect();
        let step = tables.len() - 2;
        let mut back = Back {
            moves: Moves::new(&plan.steps[step], &rules),
            before: vec![0; tables[step].capacity()],
            ends: vec![0; plan.board.len() as usize],
            plan,
            tables,
            rules,
            step,
            cursor: 0,
            after,
            reached: Vec::new(),
            overflowed: false,
        };
        back.rules.last = true;
        back
    }

    /// Reads up to `work` states.
    fn run(&mut self, work: usize) -> Result<(), Refusal> {
        let mut left = work.max(1);
        while left > 0 && !self.tables.is_empty() {
            let [.., table, next] = &self.tables[..] else { break };
            let end = table.capacity().min(self.cursor + left);
            // The states reached from a few states at a time, their slots in the next table
            // asked for together (see `Table::add_all`).
            for first in (self.cursor..end).step_by(BATCH) {
                self.reached.clear();
                for (slot, state, _) in table.states(first..end.min(first + BATCH)) {
                    let reached = &mut self.reached;
                    self.moves.expand(&self.rules, state, |key, free_here| {
                        next.prefetch(key);
                        reached.push((slot, key, free_here));
                    });
                }
                for &(slot, key, free_here) in &self.reached {
                    // A state the sweep forward dropped (see `super::degrees`) has no way on.
                    let ways_on = next.find(key).map_or(0, |slot| self.after[slot]);
                    self.before[slot] = self.before[slot].wrapping_add(ways_on);
                    let ways_here = table.count(slot);
                    let mut free_here = free_here;
                    while free_here != 0 && ways_on != 0 {
                        let bit = free_here.trailing_zeros() as usize;
                        free_here &= free_here - 1;
                        let square = if 1 << bit == NEW_SQUARE {
                            self.step
                        } else {
                            self.step - self.moves.slots[bit]
                        };
                        let tours = ways_here.checked_mul(ways_on);
                        self.overflowed |= tours.is_none();
                        self.ends[square] = self.ends[square].wrapping_add(tours.unwrap_or(0));
                    }
                }
            }
            left -= end - self.cursor;
            self.cursor = end;
            if self.cursor == table.capacity() {
                self.tables.pop();
                self.after = std::mem::take(&mut self.before);
                self.cursor = 0;
                if self.step == 0 {
                    self.tables.clear();
                } else {
                    self.step -= 1;
                    self.rules.last = false;
                    self.moves = Moves::new(&self.plan.steps[self.step], &self.rules);
                    self.before = vec![0; self.tables[self.step].capacity()];
                }
            }
        }
        match self.overflowed {
            true => Err(Refusal::Overflow { board: self.plan.board }),
            false => Ok(()),
        }
    }

    /// The tours from each square, by square index, once the sweep back is done. A state and
    /// its mirror image were counted as one, so an end counted on a square may have been on its
    /// mirror image: the board is symmetric, so each square gets half of the two together.
    fn grid(&self) -> Option<Vec<u128>> {
        if !self.tables.is_empty() {
            return None;
        }
        let mut tours = vec![0; self.ends.len()];
        for (index, &ends) in self.ends.iter().enumerate() {
            let mirror = self.plan.mirror(index as u32) as usize;
            tours[self.plan.square(index as u32).index()] = (ends + self.ends[mirror]) / 2;
        }
        Some(tours)
    }

    fn progress(&self) -> SweepStatus {
        let squares = self.plan.board.len();
        let slots = self.tables.get(self.step).map_or(1, Table::capacity);
        let done = squares as usize - self.step - 1;
        SweepStatus {
            step: done as u32,
            squares,
            column: (self.step as u32 / self.plan.height).min(self.plan.length - 1),
            columns: self.plan.length,
            fraction: (done as f64 + self.cursor as f64 / slots as f64) / f64::from(squares),
            states: self.tables.get(self.step).map_or(0, Table::len),
            peak_states: 0,
            bytes: self.tables.iter().map(Table::bytes).sum(),
            peak_bytes: 0,
            done: self.tables.is_empty(),
        }
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
