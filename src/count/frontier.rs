//! Counting tours by dynamic programming over the board's frontier (a transfer matrix), not by
//! listing them: Knuth, TAOCP pre-fascicle 8A "Hamiltonian paths and cycles", Algorithm E; the
//! frontier-based search of Minato's ZDDs (TdZdd, Graphillion).
//!
//! The sweep adds the squares one at a time, column by column along the long side (see
//! `Plan`), choosing for each new square which of its edges back to earlier squares the tour
//! uses. Partial tours that look the same from the squares still to come (the same frontier:
//! degrees, which path ends are joined, how many ends of the tour are settled) have the same
//! futures, so the table keeps one count per state instead of the partial tours themselves:
//! hundreds of states per step on boards 4 high, a million on boards 6 high, 18 million at most
//! on 7x8, where enumeration would list tens of billions of tours.

use std::fmt;

use super::degrees::LiveDegrees;
use super::plan::Plan;
use super::state::Frontier;
use super::table::{Table, BYTES_PER_SLOT};
use super::transition::{Moves, Rules};
use super::Tours;
use crate::board::Board;

/// The tallest board (short side) the counter takes: a wider window does not fit its 64-bit
/// states.
pub const MAX_HEIGHT: u32 = 7;

/// The most memory a count may use unless told otherwise: 3 of the 4 GiB a WebAssembly module
/// can address (the page's worker keeps the rest for the module and the table's growth: the 7x7
/// grid, estimated at 2.4 GiB, took 2.0 GB in Chromium's worker), 8 GiB natively.
pub const DEFAULT_MEMORY: usize = if cfg!(target_arch = "wasm32") { 3 << 30 } else { 8 << 30 };

/// Why a count cannot be made, or was stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The short side is taller than the counter's states allow.
    TooTall { board: Board },
    /// The table would outgrow the memory allowed: the estimate made before starting, or what
    /// it reached when it was stopped.
    Memory { board: Board, bytes: usize, limit: usize, at_column: Option<u32> },
    /// Some count passed 2^128.
    Overflow { board: Board },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::TooTall { board } => write!(
                f,
                "{board} is too large to count by frontier: its short side is {} and the counter takes \
                 up to {MAX_HEIGHT}",
                board.rows().min(board.cols())
            ),
            Refusal::Memory { board, bytes, limit, at_column: None } => write!(
                f,
                "counting {board} would need about {} of memory for its table of states; the limit is {}",
                size(*bytes),
                size(*limit)
            ),
            Refusal::Memory { board, bytes, limit, at_column: Some(column) } => write!(
                f,
                "counting {board} stopped at column {}: its table of states needed {}, past the limit of {}",
                column + 1,
                size(*bytes),
                size(*limit)
            ),
            Refusal::Overflow { board } => {
                write!(
                    f,
                    "counting {board} stopped: a count passed 2^128, the most the counter holds exactly"
                )
            }
        }
    }
}

impl std::error::Error for Refusal {}

/// Bytes as a person reads them.
pub fn size(bytes: usize) -> String {
    let bytes = bytes as f64;
    match bytes {
        b if b >= (1u64 << 30) as f64 => format!("{:.1} GiB", b / (1u64 << 30) as f64),
        b if b >= (1u64 << 20) as f64 => format!("{:.1} MiB", b / (1u64 << 20) as f64),
        b => format!("{:.0} KiB", (b / 1024.0).ceil()),
    }
}

/// Where a count has got to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Squares added so far, of `squares`.
    pub step: u32,
    pub squares: u32,
    /// The column being swept (along the long side), of `columns`.
    pub column: u32,
    pub columns: u32,
    /// The share of the sweep done, from 0 to 1, by squares added.
    pub fraction: f64,
    /// States of the table being read (those reached after `step` squares).
    pub states: usize,
    pub peak_states: usize,
    /// The table's memory now and at most so far.
    pub bytes: usize,
    pub peak_bytes: usize,
    pub done: bool,
}

/// A count by frontier, run a slice at a time: [`FrontierCounter::run`] reads at most a given
/// number of states and returns, so a Web Worker can answer messages between slices, and
/// dropping the counter cancels it.
pub struct FrontierCounter {
    plan: Plan,
    /// Tours are cycles: a path may close on itself, at the last square.
    closed: bool,
    /// How many ends the tour may have besides the squares it must end on.
    free_ends: u8,
    /// Each tour the sweep finds stands for this many directed tours.
    directions: u128,
    /// The patterns of degrees that can still be finished: states of other patterns are dropped.
    live: Option<LiveDegrees>,
    limit: usize,
    /// The states reached after `step` squares, and their counts.
    states: Table,
    /// Every step's table, kept for a pass back (see [`super::every_start`]); the last one holds
    /// the states, in place of `states`.
    history: Option<Vec<Table>>,
    /// How many states there are after `step` squares.
    states_now: usize,
    /// The next state to read.
    cursor: usize,
    next: Table,
    step: u32,
    /// The current step's choices, made when it starts.
    moves: Option<Moves>,
    /// States reached, waiting to go into `next` together (see [`Table::add_all`]).
    batch: Vec<(u64, u128)>,
    peak_states: usize,
    peak_bytes: usize,
    /// How many states each step reached so far, to size the next step's table.
    reached: Vec<usize>,
}

impl FrontierCounter {
    /// Refuses a board whose table would need more than `limit` bytes, by the estimate of
    /// [`estimate`], or that is taller than [`MAX_HEIGHT`].
    pub fn new(board: Board, tours: Tours, limit: usize) -> Result<FrontierCounter, Refusal> {
        let plan = Plan::new(board, tours);
        if plan.height > MAX_HEIGHT {
            return Err(Refusal::TooTall { board });
        }
        let needed = estimate(board, tours);
        if needed > limit {
            return Err(Refusal::Memory { board, bytes: needed, limit, at_column: None });
        }
        let start = Frontier::before_the_board(plan.window()).0;
        let mut counter = FrontierCounter {
            closed: tours.closed(),
            free_ends: if tours.closed() { 0 } else { 2 - tours.ends().len() as u8 },
            directions: tours.directions(),
            live: None,
            limit,
            states: Table::single(start, 1),
            history: None,
            states_now: 1,
            cursor: 0,
            next: Table::with_room_for(1),
            step: 0,
            moves: None,
            batch: Vec::with_capacity(BATCH + 16),
            peak_states: 1,
            peak_bytes: 0,
            reached: vec![1],
            plan,
        };
        if board.len() == 1 {
            // The one square is a tour alone, open, with no move to close it: too small for the
            // sweep, where every square of a tour has an edge.
            counter.step = 1;
            counter.states = Table::single(start, u128::from(!counter.closed));
            counter.directions = 1;
        } else {
            let live = LiveDegrees::new(&counter.plan, |step| counter.rules(step));
            counter.live = Some(live);
        }
        counter.peak_bytes = counter.bytes();
        Ok(counter)
    }

    /// A count that keeps every step's table, for [`super::every_start`]'s pass back.
    pub(super) fn keeping_tables(
        board: Board,
        tours: Tours,
        limit: usize,
    ) -> Result<FrontierCounter, Refusal> {
        let mut counter = FrontierCounter::new(board, tours, limit)?;
        // The sweep back looks states up in every table: the first too must be one to search.
        let mut first = Table::with_room_for(1);
        for (_, state, count) in counter.states.states(0..counter.states.capacity()) {
            first.add(state, count);
        }
        counter.states = Table::with_room_for(0).into_dense();
        counter.history = Some(vec![first]);
        counter.peak_bytes = counter.bytes();
        Ok(counter)
    }

    /// The tables kept, one per step from the start, once the count is done, with the sweep
    /// and its rules.
    pub(super) fn into_tables(self) -> (Plan, Vec<Table>, Rules) {
        let rules = self.rules(0);
        (self.plan, self.history.unwrap_or_default(), rules)
    }

    /// The states reached after `step` squares (and, kept in a table, vacant slots).
    fn current(&self) -> &Table {
        match &self.history {
            Some(tables) => tables.last().expect("the first table is kept from the start"),
            None => &self.states,
        }
    }

    fn bytes(&self) -> usize {
        let kept: usize = self.history.iter().flatten().map(Table::bytes).sum();
        let live = self.live.as_ref().map_or(0, LiveDegrees::bytes);
        self.states.bytes() + kept + self.next.bytes() + live
    }

    /// The rules of step `step`.
    pub(super) fn rules(&self, step: u32) -> Rules {
        Rules {
            closed: self.closed,
            free_ends: self.free_ends,
            height: self.plan.height as usize,
            window: self.plan.window(),
            last: step + 1 == self.plan.board.len(),
        }
    }

    /// Reads up to `work` states (at least one step's worth of bookkeeping, however small):
    /// a slice of bounded time.
    pub fn run(&mut self, work: usize) -> Result<Progress, Refusal> {
        let squares = self.plan.board.len();
        let mut left = work.max(1);
        while self.step < squares && left > 0 {
            let rules = self.rules(self.step);
            let moves = match self.moves.take() {
                Some(moves) => moves,
                None => Moves::new(&self.plan.steps[self.step as usize], &rules),
            };
            let states = match &self.history {
                Some(tables) => tables.last().expect("the first table is kept from the start"),
                None => &self.states,
            };
            let end = states.capacity().min(self.cursor + left);
            let (next, batch, live) = (&mut self.next, &mut self.batch, &self.live);
            let step = self.step + 1;
            for (_, state, count) in states.states(self.cursor..end) {
                moves.expand(&rules, state, |key, _| batch.push((key, count)));
                if batch.len() >= BATCH {
                    add_live(next, live.as_ref(), step, batch);
                }
            }
            add_live(next, live.as_ref(), step, batch);
            self.moves = Some(moves);
            left -= end - self.cursor;
            self.cursor = end;
            let mut bytes = self.bytes();
            self.peak_bytes = self.peak_bytes.max(bytes);
            if self.next.full() {
                // What the table would have taken had it grown.
                bytes += self.next.bytes();
            }
            if bytes > self.limit {
                let at_column = Some(self.step / self.plan.height);
                return Err(Refusal::Memory { board: self.plan.board, bytes, limit: self.limit, at_column });
            }
            if self.next.overflowed() {
                return Err(Refusal::Overflow { board: self.plan.board });
            }
            if self.cursor == self.current().capacity() {
                self.finish_step();
            }
        }
        Ok(self.progress())
    }

    fn finish_step(&mut self) {
        let table = std::mem::replace(&mut self.next, Table::with_room_for(1));
        let states = table.len();
        self.reached.push(states);
        // The next step's table is sized from this one's, grown as much as the same step of the
        // column before grew (the counts per step change slowly from column to column), with a
        // tenth to spare: a table grown past its room is copied whole.
        let height = self.plan.height as usize;
        let growth = match self.reached.len().checked_sub(height + 1) {
            Some(before) if self.reached[before] > 0 => {
                (self.reached[before + 1] as f64 / self.reached[before] as f64).clamp(0.5, 4.0)
            }
            _ => 1.25,
        };
        let room = (states as f64 * growth * 1.1) as usize;
        match &mut self.history {
            Some(tables) => tables.push(table),
            None => self.states = table.into_dense(),
        }
        self.next = Table::with_room_for(room);
        self.next.limit_to(self.limit.saturating_sub(self.bytes() - self.next.bytes()));
        self.cursor = 0;
        self.step += 1;
        self.moves = None;
        self.peak_states = self.peak_states.max(states);
        self.states_now = states;
    }

    pub fn progress(&self) -> Progress {
        let squares = self.plan.board.len();
        let done = self.step == squares;
        let slots = self.current().capacity();
        let within = if slots == 0 { 0.0 } else { self.cursor as f64 / slots as f64 };
        Progress {
            step: self.step,
            squares,
            column: (self.step / self.plan.height).min(self.plan.length - 1),
            columns: self.plan.length,
            fraction: if done { 1.0 } else { (f64::from(self.step) + within) / f64::from(squares) },
            states: self.states_now,
            peak_states: self.peak_states,
            bytes: self.bytes(),
            peak_bytes: self.peak_bytes,
            done,
        }
    }

    /// How many states there were after 0, 1, ... squares, for the steps done.
    pub fn states_per_step(&self) -> &[usize] {
        &self.reached
    }

    /// The number of tours, once the sweep is done: every state left has every square settled.
    pub fn tours(&self) -> Option<u128> {
        if self.step < self.plan.board.len() {
            return None;
        }
        let current = self.current();
        let mut states = current.states(0..current.capacity());
        let found = states.try_fold(0u128, |sum, (_, _, count)| sum.checked_add(count));
        found.and_then(|found| found.checked_mul(self.directions))
    }

    /// Counts to the end, calling `on_column` each time the sweep moves to a new column.
    pub fn finish(mut self, mut on_column: impl FnMut(Progress)) -> Result<u128, Refusal> {
        let mut column = 0;
        loop {
            let progress = self.run(SLICE)?;
            if progress.done {
                return self.tours().ok_or(Refusal::Overflow { board: self.plan.board });
            }
            if progress.column != column {
                column = progress.column;
                on_column(progress);
            }
        }
    }
}

/// Adds the states of `batch` that may still be finished after `step` squares to `next`, and
/// empties `batch`. Each asks the memory for its pattern's bit and then its slot before any
/// waits on them (see [`Table::add_all`]).
fn add_live(next: &mut Table, live: Option<&LiveDegrees>, step: u32, batch: &mut Vec<(u64, u128)>) {
    if let Some(live) = live {
        live.retain(step, batch);
    }
    next.add_all(batch);
    batch.clear();
}

/// States reached that go into the next table together: enough for their memory waits to
/// overlap, few enough to stay in the first-level cache.
const BATCH: usize = 64;

/// States read between two looks at the clock or the column when counting to the end.
const SLICE: usize = 1 << 16;

/// The bytes a count of `tours` on `board` may need at its peak: the most states a step holds
/// on long boards of the same height (measured by `bench/count.rs` and the runs noted at
/// `PEAK_STATES`), times the share of that a board this long reaches, times the bytes of a
/// state in the table being read and in the one being written (sized half as large again as
/// its states, twice that if it had to grow), plus the patterns of degrees (see
/// `super::degrees`).
pub fn estimate(board: Board, tours: Tours) -> usize {
    (peak_states(board, tours) as usize)
        .saturating_mul(3 * BYTES_PER_SLOT)
        .saturating_add(patterns(board, tours))
}

/// The most states a step of a count of `tours` on `board` may hold, by [`PEAK_STATES`].
fn peak_states(board: Board, tours: Tours) -> f64 {
    let (height, length) = (board.rows().min(board.cols()), board.rows().max(board.cols()));
    let (closed, open) = PEAK_STATES.get(height as usize).copied().unwrap_or((f64::MAX, f64::MAX));
    // The states per step grow column by column until the tenth or so, then stay level, much
    // alike for 5 and 6 rows: 5.5% of the level on boards 7 long (6x7 closed, 5x7 open), 18%
    // and 20% 8 long, 60% and 39% 9 long, 81% and 75% 10 long (the states the degrees let
    // through: most of the last columns' states have no way to finish and are never kept).
    let share = 3.4f64.powf(f64::from(length) - 9.37).min(1.0);
    (if tours.closed() { closed } else { open } * share).max(1024.0)
}

/// The level the states per step reach on long boards of each height, (closed, open): measured
/// on 3x24, 4x24, 5x24 and 6x14 (closed); 6 rows open and 7 rows from the peaks of 6x6 and 6x7
/// open (380 thousand, 2.0 million), 7x8 closed (5.2 million) and 7x7 open (46 million) by the
/// shares of [`peak_states`], rounded up.
const PEAK_STATES: [(f64, f64); 8] = [
    (1.0, 1.0),
    (1.0, 1.0),
    (1.0, 1.0),
    (105.0, 898.0),
    (409.0, 3_185.0),
    (40_714.0, 530_884.0),
    (1_025_673.0, 40e6),
    (30e6, 900e6),
];

/// The bytes of the patterns of degrees: a bit for each of 3^(2h + 1) patterns, times the ends
/// a tour may have settled, for every step.
fn patterns(board: Board, tours: Tours) -> usize {
    let window = 2 * board.rows().min(board.cols()) + 1;
    let ends = if tours.closed() { 1 } else { 3 - tours.ends().len() };
    (3usize.saturating_pow(window).saturating_mul(ends) / 8).saturating_mul(board.len() as usize + 1)
}

/// The bytes a count of `tours` on `board` may need keeping every step's table: the states of
/// all steps are about ten times the peak's on boards up to 8 long (7.6 on 6x7 and 7x7 open,
/// 10.6 on 7x8 closed), and a level's worth per step past the ninth column, at 24 bytes a
/// state (tables half as large again as their states).
pub fn estimate_keeping_tables(board: Board, tours: Tours) -> usize {
    let (height, length) = (board.rows().min(board.cols()), board.rows().max(board.cols()));
    let steps = (height * length.saturating_sub(7)).max(10);
    // Saturating: on a 32-bit target (wasm) the bytes of a large count pass usize::MAX.
    ((peak_states(board, tours) * f64::from(steps) * 24.0) as usize).saturating_add(patterns(board, tours))
}
