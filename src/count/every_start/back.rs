//! The sweep back over the tables a sweep forward kept: how many ways each state has to
//! finish, and from them how many tours end on each square.

use super::super::frontier::{FrontierCounter, Refusal, SweepStatus};
use super::super::plan::Plan;
use super::super::table::{Table, VACANT};
use super::super::transition::{Moves, Rules, NEW_SQUARE};

/// The sweep back over the tables of a forward count of every open tour.
pub(super) struct Back {
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
    pub(super) fn new(counter: FrontierCounter) -> Back {
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
    pub(super) fn run(&mut self, work: usize) -> Result<(), Refusal> {
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
    pub(super) fn grid(&self) -> Option<Vec<u128>> {
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

    pub(super) fn progress(&self) -> SweepStatus {
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
