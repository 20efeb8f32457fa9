//! Counting tours by dynamic programming over the board's frontier (a transfer matrix), not by
//! listing them: Knuth, TAOCP pre-fascicle 8A "Hamiltonian paths and cycles", Algorithm E; the
//! frontier-based search of Minato's ZDDs (TdZdd, Graphillion).
//!
//! The sweep adds the squares one at a time, column by column along the long side (see
//! `Plan`), choosing for each new square which of its edges back to earlier squares the tour
//! uses. Partial tours that look the same from the squares still to come (the same frontier:
//! degrees, which path ends are joined, how many ends of the tour are settled) have the same
//! futures, so the table keeps one count per state instead of the partial tours themselves:
//! hundreds of states per step on boards 4 high, a million on boards 6 high, 5 million at most
//! on 7x8 and hundreds of millions on 8x8, where enumeration would list trillions of tours.

#[cfg(not(target_arch = "wasm32"))]
mod threads;

use std::ops::Range;
use std::path::Path;

use super::checkpoint::{self, CheckpointError, Identity};
use super::degrees::LiveDegrees;
use super::level::Level;
use super::plan::Plan;
use super::state::Frontier;
use super::table::Table;
use super::transition::{Moves, Rules};
use super::word::Word;
use super::Tours;
use crate::board::{Board, Square};

pub use super::memory::{
    default_memory, estimate, estimate_keeping_tables, estimate_seconds, states_to_read, DEFAULT_MEMORY,
};
pub use super::refusal::{max_height, Refusal, MAX_HEIGHT_CLOSED, MAX_HEIGHT_OPEN};

/// Where a sweep has got to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepStatus {
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
    tours: Tours,
    /// Tours are cycles: a path may close on itself, at the last square.
    closed: bool,
    /// How many ends the tour may have besides the squares it must end on.
    free_ends: u8,
    /// Each tour the sweep finds stands for this many directed tours.
    directions: u128,
    /// Windows are worked on in a `u128` (boards 8 high), not a `u64`.
    wide: bool,
    /// The patterns of degrees that can still be finished: states of other patterns are dropped.
    live: Option<LiveDegrees>,
    limit: usize,
    /// The states reached after `step` squares, and their counts.
    states: Level,
    /// Every step's table before `step`, kept for a pass back (see [`super::every_start`]).
    history: Option<Vec<Table>>,
    /// How many states there are after `step` squares.
    states_now: usize,
    /// The next slot of `states` to read.
    cursor: usize,
    next: Level,
    step: u32,
    /// The current step's choices, made when it starts.
    moves: Option<StepMoves>,
    /// States reached, waiting to go into `next` together (see [`super::table::Table::add_all`]).
    batch: Vec<(u64, u128)>,
    peak_states: usize,
    peak_bytes: usize,
    /// How many states each step reached so far, to size the next step's table.
    reached: Vec<usize>,
    /// The threads that read a step at once natively ([`FrontierCounter::run_threads`]), each
    /// writing the next step's states into a part of its own.
    threads: usize,
    /// Slices end where a column starts, for the states there to be saved.
    pause_at_columns: bool,
    /// The sweep goes no further than the states after this many squares, until told.
    stop_at: Option<u32>,
}

/// A step's choices, for the word its windows are worked on in.
enum StepMoves {
    Narrow(Moves<u64>),
    Wide(Moves<u128>),
}

/// Windows wider than this are worked on in a `u128`: a `u64` holds 16 codes, the window's and
/// the square a step adds.
const NARROW_WINDOW: usize = 15;

impl FrontierCounter {
    /// Refuses a board whose table would need more than `limit` bytes, by the estimate of
    /// [`estimate`], or that is taller than [`max_height`].
    pub fn new(board: Board, tours: Tours, limit: usize) -> Result<FrontierCounter, Refusal> {
        let plan = Plan::new(board, tours);
        FrontierCounter::with_words(plan, tours, limit, plan_is_wide(board))
    }

    /// As [`FrontierCounter::new`], windows worked on in a `u128` if `wide` (closed tours only).
    fn with_words(plan: Plan, tours: Tours, limit: usize, wide: bool) -> Result<FrontierCounter, Refusal> {
        let mut counter = FrontierCounter::without_degrees(plan, tours, limit, wide)?;
        if counter.plan.board.len() > 1 {
            let rules = |step| counter.rules(step);
            counter.live = Some(if wide {
                LiveDegrees::new::<u128>(&counter.plan, rules)
            } else {
                LiveDegrees::new::<u64>(&counter.plan, rules)
            });
        }
        counter.peak_bytes = counter.bytes();
        Ok(counter)
    }

    /// As [`FrontierCounter::with_words`], the patterns of degrees not worked out yet.
    fn without_degrees(
        plan: Plan,
        tours: Tours,
        limit: usize,
        wide: bool,
    ) -> Result<FrontierCounter, Refusal> {
        let board = plan.board;
        if plan.height > max_height(tours.closed()) {
            return Err(Refusal::TooTall { board, closed: tours.closed() });
        }
        assert!(!wide || tours.closed(), "wide keys are of closed tours");
        let needed = estimate(board, tours);
        if needed > limit {
            return Err(Refusal::Memory { board, bytes: needed, limit, at_column: None });
        }
        let window = plan.window();
        let start = if wide {
            Frontier::<u128>::before_the_board(window).pack(window, 0)
        } else {
            Frontier::<u64>::before_the_board(window).pack(window, 0)
        };
        let mut counter = FrontierCounter {
            closed: tours.closed(),
            free_ends: if tours.closed() { 0 } else { 2 - tours.ends().len() as u8 },
            directions: tours.directions(),
            wide,
            live: None,
            limit,
            states: Level::single(start, 1),
            history: None,
            states_now: 1,
            cursor: 0,
            next: Level::with_room_for(1, 1),
            step: 0,
            moves: None,
            batch: Vec::with_capacity(BATCH + 16),
            peak_states: 1,
            peak_bytes: 0,
            reached: vec![1],
            threads: 1,
            pause_at_columns: false,
            stop_at: None,
            tours,
            plan,
        };
        if board.len() == 1 {
            // The one square is a tour alone, open, with no move to close it: too small for the
            // sweep, where every square of a tour has an edge.
            counter.step = 1;
            counter.states = Level::single(start, u128::from(!counter.closed));
            counter.directions = 1;
        }
        Ok(counter)
    }

    /// The sweep of open tours from squares not reached yet, `starts` (each with the step
    /// visiting it), up to the last of them: up to a start its states are those of the count
    /// from it and states it would drop as dead, which count nothing, so at each start a count
    /// from there takes over its table ([`FrontierCounter::fork`]) and the sweep goes on for the
    /// others. It drops what the patterns of degrees of every count still to take over rule
    /// out; it never counts a state and its mirror image as one. Each count's memory is `limit`.
    /// With it, the patterns of degrees of each start's count from its start on, in order.
    /// The counts' patterns are worked out on up to `threads` threads natively (on 7x7, 1.2 to
    /// 2.0 s each, before the trunk can start).
    pub(super) fn before_the_starts(
        board: Board,
        starts: &[(Square, u32)],
        limit: usize,
        threads: usize,
    ) -> Result<(FrontierCounter, Vec<LiveDegrees>), Refusal> {
        let plan = Plan::before_the_starts(board);
        let mut counter = FrontierCounter::without_degrees(plan, Tours::Open, limit, false)?;
        counter.free_ends = 1;
        let (mut before, mut after) = (Vec::new(), Vec::new());
        let counts =
            each(starts, threads, |&(start, _)| FrontierCounter::new(board, Tours::OpenFrom(start), limit));
        for (count, &(_, step)) in counts.into_iter().zip(starts) {
            let (up_to, from_there) = count?.live.expect("a board of more than one square").split_at(step);
            before.push((up_to, step));
            after.push(from_there);
        }
        counter.live = LiveDegrees::union(before);
        counter.stop_at = starts.iter().map(|&(_, step)| step).min();
        counter.peak_bytes = counter.bytes();
        Ok((counter, after))
    }

    /// The count of `tours` (of the open tours from a square the sweep reaches next) taking
    /// over this sweep's states, within `limit` bytes, dropping what `live` (its patterns of
    /// degrees from there) rules out: see [`FrontierCounter::before_the_starts`].
    pub(super) fn fork(
        &self,
        tours: Tours,
        limit: usize,
        live: LiveDegrees,
    ) -> Result<FrontierCounter, Refusal> {
        let plan = Plan::new(self.plan.board, tours);
        let mut fork = FrontierCounter::without_degrees(plan, tours, limit, false)?;
        fork.live = Some(live);
        fork.step = self.step;
        fork.reached = self.reached.clone();
        fork.states = self.states.copy();
        fork.states_now = self.states_now;
        fork.peak_states = self.peak_states;
        fork.next = fork.next_level();
        fork.peak_bytes = fork.bytes();
        Ok(fork)
    }

    /// Goes no further than the states after `step` squares, until told otherwise (none: to the
    /// end).
    pub(super) fn stop_at(&mut self, step: Option<u32>) {
        self.stop_at = step;
    }

    /// Whether the sweep is where it was told to stop.
    pub(super) fn stopped(&self) -> bool {
        self.cursor == 0 && self.stop_at == Some(self.step)
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
        for (state, count) in counter.states.states(0..counter.states.capacity()) {
            first.add(state, count);
        }
        counter.states = Level::of(first);
        counter.history = Some(Vec::new());
        counter.peak_bytes = counter.bytes();
        Ok(counter)
    }

    /// Reads each step on up to `threads` threads at once natively (see
    /// [`FrontierCounter::run_threads`]); a count that keeps its tables reads on one.
    pub fn on_threads(mut self, threads: usize) -> FrontierCounter {
        self.threads = if self.history.is_some() { 1 } else { threads.max(1) };
        self
    }

    /// The threads that read a step at once natively.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The tables kept, one per step from the start, once the count is done, with the sweep
    /// and its rules.
    pub(super) fn into_tables(self) -> (Plan, Vec<Table>, Rules) {
        let rules = self.rules(0);
        let mut tables = self.history.unwrap_or_default();
        tables.push(self.states.into_table());
        (self.plan, tables, rules)
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

    /// The choices of the step under way.
    fn step_moves(&self) -> StepMoves {
        let (step, rules) = (&self.plan.steps[self.step as usize], self.rules(self.step));
        match self.wide {
            true => StepMoves::Wide(Moves::new(step, &rules)),
            false => StepMoves::Narrow(Moves::new(step, &rules)),
        }
    }

    /// Reads up to `work` states (at least one step's worth of bookkeeping, however small):
    /// a slice of bounded time.
    pub fn run(&mut self, work: usize) -> Result<SweepStatus, Refusal> {
        let squares = self.plan.board.len();
        let mut left = work.max(1);
        while self.step < squares && left > 0 && !self.stopped() {
            let moves = self.moves.take().unwrap_or_else(|| self.step_moves());
            let end = self.states.capacity().min(self.cursor + left);
            match &moves {
                StepMoves::Narrow(moves) => self.read(moves, self.cursor..end),
                StepMoves::Wide(moves) => self.read(moves, self.cursor..end),
            }
            self.moves = Some(moves);
            left -= end - self.cursor;
            self.cursor = end;
            self.check()?;
            if self.cursor == self.states.capacity() {
                self.finish_step();
                if self.pause_at_columns && self.at_column_start() {
                    break;
                }
            }
        }
        Ok(self.status())
    }

    /// Ends slices where a column starts (see [`FrontierCounter::save`]).
    pub fn pause_at_columns(&mut self) {
        self.pause_at_columns = true;
    }

    /// Whether the sweep is where a column starts, no state of its first step read.
    pub fn at_column_start(&self) -> bool {
        self.cursor == 0 && self.step % self.plan.height == 0
    }

    /// What a checkpoint of this count is of.
    pub fn identity(&self) -> Identity {
        // The plan, rules and words of the sweep, in a few bytes: a checkpoint of a counter
        // that would read its states otherwise has another.
        let described = format!("{:?} {:?} {}", self.plan, self.rules(0), self.wide);
        let sweep = described.bytes().fold(0xCBF2_9CE4_8422_2325u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01B3)
        });
        Identity {
            board: self.plan.board.to_string(),
            tours: self.tours.describe(self.plan.board),
            method: super::Method::Frontier.name().into(),
            sweep,
        }
    }

    /// Saves the states after the squares added so far at `path` (the step under way, if any,
    /// is counted again on resuming: the table it reads is whole).
    pub fn save(&self, path: &Path) -> Result<(), CheckpointError> {
        assert!(self.history.is_none(), "a count that keeps its tables is not saved");
        let reached = &self.reached[..=self.step as usize];
        checkpoint::save(path, &self.identity(), self.step, reached, &self.states)
    }

    /// Takes up the sweep saved at `path`, if there is a checkpoint there; refuses one of
    /// another count. True if it did.
    pub fn resume(&mut self, path: &Path) -> Result<bool, CheckpointError> {
        let Some(saved) = checkpoint::load(path, &self.identity())? else { return Ok(false) };
        self.step = saved.step;
        self.reached = saved.reached;
        self.states = saved.states;
        self.states_now = self.states.len();
        self.peak_states = self.reached.iter().copied().max().unwrap_or(1);
        self.cursor = 0;
        self.moves = None;
        if let Some(live) = &mut self.live {
            live.release(self.step);
        }
        self.next = self.next_level();
        self.peak_bytes = self.peak_bytes.max(self.bytes());
        Ok(true)
    }

    /// Reads the states of `slots`, adding what they lead to to the next step's.
    fn read<W: Word>(&mut self, moves: &Moves<W>, slots: Range<usize>) {
        let rules = self.rules(self.step);
        let step = self.step + 1;
        let FrontierCounter { states, next, batch, live, .. } = self;
        states.for_each(slots, |state, count| {
            moves.expand(&rules, state, |key, _| batch.push((key, count)));
            if batch.len() >= BATCH {
                add_live::<W>(next, live.as_ref(), step, batch);
            }
        });
        add_live::<W>(next, live.as_ref(), step, batch);
    }

    /// Stops a count whose tables outgrew the memory allowed, or whose counts overflowed.
    fn check(&mut self) -> Result<(), Refusal> {
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
        Ok(())
    }

    fn finish_step(&mut self) {
        let level = std::mem::replace(&mut self.next, Level::with_room_for(1, 1));
        let states = level.len();
        self.reached.push(states);
        match &mut self.history {
            Some(tables) => {
                let read = std::mem::replace(&mut self.states, Level::of(level.into_table()));
                tables.push(read.into_table());
            }
            // The table read is dropped before the next one is made.
            None => self.states = level.into_dense(),
        }
        self.cursor = 0;
        self.step += 1;
        self.moves = None;
        self.peak_states = self.peak_states.max(states);
        self.states_now = states;
        if let Some(live) = &mut self.live {
            live.release(self.step);
        }
        self.next = self.next_level();
    }

    /// The table for the next step's states: sized from this step's, grown as much as the same
    /// step of the column before grew (the counts per step change slowly from column to column),
    /// with a tenth to spare (a table grown past its room is copied whole), in a part per thread
    /// that will write it.
    fn next_level(&self) -> Level {
        let height = self.plan.height as usize;
        let growth = match self.reached.len().checked_sub(height + 1) {
            Some(before) if self.reached[before] > 0 => {
                (self.reached[before + 1] as f64 / self.reached[before] as f64).clamp(0.5, 4.0)
            }
            _ => 1.25,
        };
        let room = (self.states_now as f64 * growth * 1.1) as usize;
        let mut next = Level::with_room_for(room, self.threads);
        next.limit_to(self.limit.saturating_sub(self.bytes()));
        next
    }

    pub fn status(&self) -> SweepStatus {
        let squares = self.plan.board.len();
        let done = self.step == squares;
        let slots = self.states.capacity();
        let within = if slots == 0 { 0.0 } else { self.cursor as f64 / slots as f64 };
        SweepStatus {
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

    /// The share of the sweep's work done, from 0 to 1: the states read so far, against those
    /// the estimate says it will read in all (or, past that, those read so far and as many as
    /// the states now for each step left, halved, for they fall at the end of the board).
    pub fn work_done(&self) -> f64 {
        let squares = self.plan.board.len();
        if self.step == squares {
            return 1.0;
        }
        let slots = self.states.capacity().max(1);
        let now = self.states_now as f64;
        let read = self.reached[..self.step as usize].iter().sum::<usize>() as f64
            + now * self.cursor as f64 / slots as f64;
        let rest = now * f64::from(squares - self.step) / 2.0;
        read / states_to_read(self.plan.board, self.tours).max(read + rest)
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
        let mut states = self.states.states(0..self.states.capacity());
        let found = states.try_fold(0u128, |sum, (_, count)| sum.checked_add(count));
        found.and_then(|found| found.checked_mul(self.directions))
    }

    /// Counts to the end, calling `on_column` each time the sweep moves to a new column.
    pub fn finish(mut self, mut on_column: impl FnMut(SweepStatus)) -> Result<u128, Refusal> {
        let mut column = 0;
        loop {
            let status = self.run(SLICE)?;
            if status.done {
                return self.tours().ok_or(Refusal::Overflow { board: self.plan.board });
            }
            if status.column != column {
                column = status.column;
                on_column(status);
            }
        }
    }
}

/// `work` done on each of `items`, in order: natively on up to `threads` threads at once, a run
/// of items each; in WebAssembly, which has one thread, one after another.
fn each<T: Sync, R: Send>(items: &[T], threads: usize, work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    if cfg!(target_arch = "wasm32") || threads <= 1 || items.len() <= 1 {
        return items.iter().map(work).collect();
    }
    let run = items.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let work = &work;
        let runs: Vec<_> = items
            .chunks(run)
            .map(|run| scope.spawn(move || run.iter().map(work).collect::<Vec<R>>()))
            .collect();
        runs.into_iter()
            .flat_map(|run| run.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    })
}

/// Whether a sweep of `board` works on its windows in a `u128`: boards 8 high.
fn plan_is_wide(board: Board) -> bool {
    2 * board.rows().min(board.cols()) as usize + 1 > NARROW_WINDOW
}

/// Adds the states of `batch` that may still be finished after `step` squares to `next`, and
/// empties `batch`. Each asks the memory for its pattern's bit and then its slot before any
/// waits on them (see [`Table::add_all`]).
fn add_live<W: Word>(next: &mut Level, live: Option<&LiveDegrees>, step: u32, batch: &mut Vec<(u64, u128)>) {
    if let Some(live) = live {
        live.retain::<W>(step, batch);
    }
    next.add_all(batch);
    batch.clear();
}

/// States reached that go into the next table together: enough for their memory waits to
/// overlap, few enough to stay in the first-level cache.
const BATCH: usize = 64;

/// States read between two looks at the clock or the column when counting to the end.
const SLICE: usize = 1 << 16;

#[cfg(test)]
mod tests {
    use super::*;

    /// A count with its windows worked on in a `u128` and keys that leave out the oldest square,
    /// as on boards 8 high.
    fn wide(board: Board, tours: Tours) -> u128 {
        let counter = FrontierCounter::with_words(Plan::new(board, tours), tours, DEFAULT_MEMORY, true);
        counter.unwrap().finish(|_| {}).unwrap()
    }

    #[test]
    fn wide_windows_count_the_closed_tours_as_narrow_ones_do() {
        for (rows, cols) in [(3, 10), (3, 12), (5, 6), (5, 8), (6, 5), (6, 6), (6, 7), (7, 6), (4, 5)] {
            let board = Board::new(rows, cols).unwrap();
            let narrow = FrontierCounter::new(board, Tours::Closed, DEFAULT_MEMORY).unwrap();
            assert_eq!(wide(board, Tours::Closed), narrow.finish(|_| {}).unwrap(), "{board}");
        }
        let board = Board::new(6, 6).unwrap();
        assert_eq!(wide(board, Tours::ClosedFrom(board.square(2, 3))), 2 * 9_862);
    }
}
