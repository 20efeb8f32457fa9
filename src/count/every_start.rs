//! The number of tours from every square at once: a heat map of where tours start.
//!
//! Closed tours pass through every square, so one count fills the board. Open tours are counted
//! by one sweep forward over the board keeping every step's table of states, then one sweep
//! back working out how many ways each state has to finish: the tours ending on a square are
//! the sum, over the moments that square leaves the frontier as an end, of the ways to get
//! there times the ways to finish from there. Where the tables of a whole sweep would not fit,
//! one count per class of squares the board's symmetries exchange does it in the memory of one.

use super::frontier::{estimate_keeping_tables, FrontierCounter, Progress, Refusal};
use super::plan::Plan;
use super::symmetry::{classes, Class};
use super::table::{Table, VACANT};
use super::transition::{Moves, Rules, NEW_SQUARE};
use super::Tours;
use crate::board::Board;

/// A count from every square, by frontier, run a slice at a time like [`FrontierCounter`].
pub struct EveryStart {
    board: Board,
    limit: usize,
    phase: Phase,
    /// Tours from each square, by square index, once done.
    tours: Option<Vec<u128>>,
}

enum Phase {
    Forward(FrontierCounter),
    Back(Back),
    /// The classes still to count (the next last), how many in all, and the one under way.
    ByClass {
        closed: bool,
        to_count: Vec<Class>,
        classes: usize,
        current: Option<(Class, FrontierCounter)>,
        tours: Vec<u128>,
    },
    Done,
}

/// Where a count from every square has got to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridProgress {
    /// Sweeps done, of `sweeps` in all: two (forward, back), or one per class of squares.
    pub swept: usize,
    pub sweeps: usize,
    /// The sweep under way.
    pub current: Option<Progress>,
    /// The share done, from 0 to 1.
    pub fraction: f64,
    pub done: bool,
}

impl EveryStart {
    /// Refuses a board that one count from a square would refuse.
    pub fn new(board: Board, closed: bool, limit: usize) -> Result<EveryStart, Refusal> {
        let phase = if !closed && board.len() > 1 && estimate_keeping_tables(board, Tours::Open) <= limit {
            Phase::Forward(FrontierCounter::keeping_tables(board, Tours::Open, limit)?)
        } else {
            let mut to_count = if closed {
                vec![Class { squares: board.squares().collect(), no_open_tour: false }]
            } else {
                classes(board).into_iter().filter(|class| !class.no_open_tour).collect()
            };
            to_count.reverse();
            let classes = to_count.len();
            let mut by_class = Phase::ByClass {
                closed,
                to_count,
                classes,
                current: None,
                tours: vec![0; board.len() as usize],
            };
            // Refuse now, before any work, what the first count would refuse.
            start_next(&mut by_class, board, limit)?;
            by_class
        };
        let mut every = EveryStart { board, limit, phase, tours: None };
        every.settle();
        Ok(every)
    }

    /// Reads up to `work` states, as [`FrontierCounter::run`].
    pub fn run(&mut self, work: usize) -> Result<GridProgress, Refusal> {
        match &mut self.phase {
            Phase::Forward(counter) => {
                if counter.run(work)?.done {
                    if let Phase::Forward(counter) = std::mem::replace(&mut self.phase, Phase::Done) {
                        self.phase = Phase::Back(Back::new(counter));
                    }
                }
            }
            Phase::Back(back) => back.run(work)?,
            Phase::ByClass { current: Some((class, counter)), tours, .. } => {
                if counter.run(work)?.done {
                    let count = counter.tours().ok_or(Refusal::Overflow { board: self.board })?;
                    for square in &class.squares {
                        tours[square.index()] = count;
                    }
                    start_next(&mut self.phase, self.board, self.limit)?;
                }
            }
            Phase::ByClass { current: None, .. } | Phase::Done => {}
        }
        self.settle();
        Ok(self.progress())
    }

    /// Takes the grid out of a phase that has finished.
    fn settle(&mut self) {
        let finished = match &mut self.phase {
            Phase::Back(back) => back.grid(),
            Phase::ByClass { current: None, tours, .. } => Some(std::mem::take(tours)),
            _ => None,
        };
        if let Some(tours) = finished {
            self.tours = Some(tours);
            self.phase = Phase::Done;
        }
    }

    pub fn progress(&self) -> GridProgress {
        let (swept, sweeps, current) = match &self.phase {
            Phase::Forward(counter) => (0, 2, Some(counter.progress())),
            Phase::Back(back) => (1, 2, Some(back.progress())),
            Phase::ByClass { to_count, classes, current, .. } => {
                let progress = current.as_ref().map(|(_, counter)| counter.progress());
                (classes - to_count.len() - usize::from(current.is_some()), *classes, progress)
            }
            Phase::Done => (1, 1, None),
        };
        let within = current.map_or(0.0, |progress| progress.fraction);
        let fraction = if self.tours.is_some() { 1.0 } else { (swept as f64 + within) / sweeps as f64 };
        GridProgress { swept, sweeps, current, fraction, done: self.tours.is_some() }
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
}

/// Starts counting the next class of squares.
fn start_next(phase: &mut Phase, board: Board, limit: usize) -> Result<(), Refusal> {
    if let Phase::ByClass { closed, to_count, current, .. } = phase {
        *current = match to_count.pop() {
            Some(class) => {
                let start = class.representative();
                let tours = if *closed { Tours::ClosedFrom(start) } else { Tours::OpenFrom(start) };
                Some((class, FrontierCounter::new(board, tours, limit)?))
            }
            None => None,
        };
    }
    Ok(())
}

/// The sweep back over the tables of a forward count of every open tour.
struct Back {
    plan: Plan,
    /// The tables of states after 0, 1, ... squares; the last is dropped as the sweep passes it.
    tables: Vec<Table>,
    rules: Rules,
    /// The step being undone: it added square `step`, leading from `tables[step]` to the last.
    step: usize,
    moves: Moves,
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

    fn progress(&self) -> Progress {
        let squares = self.plan.board.len();
        let slots = self.tables.get(self.step).map_or(1, Table::capacity);
        let done = squares as usize - self.step - 1;
        Progress {
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
