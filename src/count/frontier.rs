//! Counting tours by dynamic programming over the board's frontier (a transfer matrix), not by
//! listing them: Knuth, TAOCP pre-fascicle 8A "Hamiltonian paths and cycles", Algorithm E; the
//! frontier-based search of Minato's ZDDs (TdZdd, Graphillion).
//!
//! The sweep adds the squares one at a time, column by column along the long side (see
//! [`Plan`]), choosing for each new square which of its edges back to earlier squares the tour
//! uses. Partial tours that look the same from the squares still to come (the same [`Frontier`]:
//! degrees, which path ends are joined, how many ends of the tour are settled) have the same
//! futures, so the table keeps one count per state instead of the partial tours themselves. A
//! board `h` squares high has at most a few million states per step for `h` up to 7 where
//! enumeration would list billions of tours.

use std::fmt;

use super::plan::{Plan, Role, Step};
use super::state::{Frontier, Joined, FULL};
use super::table::{Table, BYTES_PER_SLOT};
use super::Tours;
use crate::board::Board;

/// Where the count of settled tour ends sits in a key: above the 15 codes of the widest window.
const ENDS_SHIFT: u32 = 60;
const WINDOW_BITS: u64 = (1 << ENDS_SHIFT) - 1;

/// The tallest board (short side) the counter takes: a wider window does not fit its 64-bit
/// states.
pub const MAX_HEIGHT: u32 = 7;

/// The most memory a count may use unless told otherwise: half the 4 GiB a WebAssembly module
/// can address (the page's worker must keep room for the rest), 8 GiB natively.
pub const DEFAULT_MEMORY: usize = if cfg!(target_arch = "wasm32") { 2 << 30 } else { 8 << 30 };

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
    limit: usize,
    /// The states reached after `step` squares, and their counts.
    keys: Vec<u64>,
    counts: Vec<u128>,
    /// The next state to read.
    cursor: usize,
    next: Table,
    step: u32,
    peak_states: usize,
    peak_bytes: usize,
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
            limit,
            keys: vec![start],
            counts: vec![1],
            cursor: 0,
            next: Table::with_room_for(1),
            step: 0,
            peak_states: 1,
            peak_bytes: 0,
            plan,
        };
        if board.len() == 1 {
            // The one square is a tour alone, open, with no move to close it: too small for the
            // sweep, where every square of a tour has an edge.
            counter.step = 1;
            counter.counts = vec![u128::from(!counter.closed)];
            counter.directions = 1;
        }
        counter.peak_bytes = counter.bytes();
        Ok(counter)
    }

    fn bytes(&self) -> usize {
        self.keys.capacity() * 8 + self.counts.capacity() * 16 + self.next.bytes()
    }

    /// Reads up to `work` states (at least one step's worth of bookkeeping, however small):
    /// a slice of bounded time.
    pub fn run(&mut self, work: usize) -> Result<Progress, Refusal> {
        let squares = self.plan.board.len();
        let mut left = work.max(1);
        while self.step < squares && left > 0 {
            let end = self.keys.len().min(self.cursor + left);
            let step = &self.plan.steps[self.step as usize];
            let last = self.step + 1 == squares;
            let rules =
                Rules { closed: self.closed, free_ends: self.free_ends, window: self.plan.window(), last };
            for index in self.cursor..end {
                expand(step, rules, self.keys[index], self.counts[index], &mut self.next);
            }
            left -= end - self.cursor;
            self.cursor = end;
            let bytes = self.bytes();
            self.peak_bytes = self.peak_bytes.max(bytes);
            if bytes > self.limit {
                let at_column = Some(self.step / self.plan.height);
                return Err(Refusal::Memory { board: self.plan.board, bytes, limit: self.limit, at_column });
            }
            if self.next.overflowed() {
                return Err(Refusal::Overflow { board: self.plan.board });
            }
            if self.cursor == self.keys.len() {
                self.finish_step();
            }
        }
        Ok(self.progress())
    }

    fn finish_step(&mut self) {
        let room = self.next.len() + self.next.len() / 4;
        let table = std::mem::replace(&mut self.next, Table::with_room_for(1));
        (self.keys, self.counts) = table.into_dense();
        // The next step's table is sized from this one's: the counts per step change slowly.
        self.next = Table::with_room_for(room);
        self.cursor = 0;
        self.step += 1;
        self.peak_states = self.peak_states.max(self.keys.len());
    }

    pub fn progress(&self) -> Progress {
        let squares = self.plan.board.len();
        let done = self.step == squares;
        let within = if self.keys.is_empty() { 0.0 } else { self.cursor as f64 / self.keys.len() as f64 };
        Progress {
            step: self.step,
            squares,
            column: (self.step / self.plan.height).min(self.plan.length - 1),
            columns: self.plan.length,
            fraction: if done { 1.0 } else { (f64::from(self.step) + within) / f64::from(squares) },
            states: self.keys.len(),
            peak_states: self.peak_states,
            bytes: self.bytes(),
            peak_bytes: self.peak_bytes,
            done,
        }
    }

    /// The number of tours, once the sweep is done: every state left has every square settled.
    pub fn tours(&self) -> Option<u128> {
        if self.step < self.plan.board.len() {
            return None;
        }
        let found = self.counts.iter().try_fold(0u128, |sum, &count| sum.checked_add(count));
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

/// States read between two looks at the clock or the column when counting to the end.
const SLICE: usize = 1 << 16;

/// What a step needs besides the step itself.
#[derive(Clone, Copy)]
struct Rules {
    closed: bool,
    free_ends: u8,
    window: usize,
    last: bool,
}

/// Adds to `next` every state the new square can lead `key` to.
#[inline]
fn expand(step: &Step, rules: Rules, key: u64, count: u128, next: &mut Table) {
    let ends = (key >> ENDS_SHIFT) as u8;
    let before = Frontier(key & WINDOW_BITS).push_empty();
    // Which edges back the new square may take (the neighbour has room) and must take (the
    // neighbour could not reach its least degree without it), as far as can be told before any
    // is chosen. Ends only get used up, so this never rules out a choice that could succeed.
    let least = least_degree(ends < rules.free_ends);
    let (mut can, mut must) = (0u32, 0u32);
    for (bit, neighbour) in step.neighbours.iter().enumerate() {
        let degree = before.degree(usize::from(neighbour.slot));
        if degree < neighbour.role.capacity() {
            can |= 1 << bit;
        }
        let reach = degree + neighbour.left;
        if reach < least(neighbour.role) {
            if reach + 1 < least(neighbour.role) {
                return;
            }
            must |= 1 << bit;
        }
    }
    if must & !can != 0 {
        return;
    }
    let fewest = u32::from(least(step.role).saturating_sub(step.forward));
    let most = u32::from(step.role.capacity());
    let optional = can & !must;
    let mut extra = optional;
    loop {
        let chosen = must | extra;
        if (fewest..=most).contains(&chosen.count_ones()) {
            if let Some(key) = follow(step, rules, before, ends, chosen) {
                next.add(key, count);
            }
        }
        if extra == 0 {
            return;
        }
        extra = (extra - 1) & optional;
    }
}

/// The least degree a square must end with: 2, or 1 where the tour may end.
fn least_degree(free_end_left: bool) -> impl Fn(Role) -> u8 {
    move |role| match role {
        Role::End => 1,
        Role::MayEnd if free_end_left => 1,
        _ => 2,
    }
}

/// The state after the new square takes the edges back to the neighbours in `chosen`, or none
/// if no tour can come of it.
#[inline]
fn follow(step: &Step, rules: Rules, mut state: Frontier, mut ends: u8, chosen: u32) -> Option<u64> {
    for (bit, neighbour) in step.neighbours.iter().enumerate() {
        if chosen & (1 << bit) != 0 {
            match state.join(0, usize::from(neighbour.slot)) {
                Joined::Extended => {}
                // A cycle or a finished path is the whole tour only once every square is in.
                Joined::Cycle if rules.closed && rules.last => {}
                Joined::Complete if rules.last => {}
                Joined::Cycle | Joined::Complete => return None,
            }
        }
    }
    // Squares whose last edge was just decided leave the frontier: each must be passed through
    // (degree 2) or be an end of the tour.
    let settling = step.neighbours.iter().filter(|neighbour| neighbour.left == 0);
    let settling = settling.map(|neighbour| (usize::from(neighbour.slot), neighbour.role));
    let new_square = (step.forward == 0).then_some((0, step.role));
    for (slot, role) in settling.chain(new_square) {
        match state.degree(slot) {
            0 => return None,
            1 => {
                match role {
                    Role::End => {}
                    Role::MayEnd if ends < rules.free_ends => ends += 1,
                    _ => return None,
                }
                if state.settle_end(slot) && !rules.last {
                    return None;
                }
            }
            _ => {}
        }
    }
    // Squares with no edge yet and one left to decide must end the tour: no more of them than
    // there are ends left.
    if rules.free_ends > 0 {
        let bare = state.bare(rules.window) & step.thin;
        if bare.count_ones() + u32::from(ends) > u32::from(rules.free_ends) {
            return None;
        }
    }
    debug_assert_eq!(state.code(rules.window), FULL, "a square left the window unsettled");
    Some(state.canonical(rules.window).0 | (u64::from(ends) << ENDS_SHIFT))
}

/// The bytes a count of `tours` on `board` may need at its peak: the most states a step has
/// held on boards of the same height (measured, see `bench/count.rs`), times the bytes of a
/// state in the table being read and in the one being written, which may be up to 8/3 as large
/// as its states (3/4 full at most, and a power of two).
pub fn estimate(board: Board, tours: Tours) -> usize {
    let height = board.rows().min(board.cols());
    let (closed, open) = PEAK_STATES.get(height as usize).copied().unwrap_or((u64::MAX, u64::MAX));
    let states = if tours.closed() { closed } else { open };
    (states as usize).saturating_mul(BYTES_PER_SLOT * 11 / 3)
}

/// The most states of any step for boards of each height, (closed, open), measured on long
/// boards (the counts per step settle after a few columns).
const PEAK_STATES: [(u64, u64); 8] = [(1, 1), (1, 1), (1, 1), (1, 1), (1, 1), (1, 1), (1, 1), (1, 1)];
