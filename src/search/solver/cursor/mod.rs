//! The search's hot loop, as a batch of steps that borrows the solver.
//!
//! An iterator that keeps all its state behind `&mut self` must store and reload it between
//! events, and every event then waits on a chain of loads of what the last one stored. A batch
//! instead copies the current frame, the depth and the counters into locals ([`Hot`]), which
//! the compiler keeps in registers, and writes them back when it is dropped. On the 8×8
//! fixed-order search (16.5 million events) this, with frames that carry a mask of the moves
//! left, took the drained iterator from 0.81 to 0.63 times the C reference's time
//! (`bench/speed.py` measures it). The state must reach out-of-line calls as plain values: once
//! the batch's address escapes, the compiler keeps it in memory and the gain is gone.

mod hot;
mod pinned;
mod quiet;
mod run;
mod tables;

use super::frame::Frame;
use super::textbook::textbook_frame;
use super::{Phase, Solver};
use crate::search::event::{Event, Outcome};
use crate::search::mailbox::Cell;
use hot::Hot;
pub use run::Run;
use tables::Tables;

/// Steps of a [`Solver`], one event each; see [`Solver::events`]. Dropping it leaves the solver
/// exactly where the last event left it.
///
/// While it lives, `hot` is the solver's path as it stands and the solver's own copies are stale;
/// with the solver's invariants (see [`Solver`]), that is what its unchecked steps rely on.
pub struct Events<'a> {
    solver: &'a mut Solver,
    hot: Hot,
    /// Copies of `solver.phase == Searching` and `solver.tracks_degree`, tested on every step:
    /// a register is cheaper than a load, and the phase changes only where this file says so.
    searching: bool,
    tracked: bool,
}

/// Runs a step the hot loop does not make, with the solver's state synchronised around it.
/// The hot state goes in and out as scalars: were the batch, or its state as one struct, to
/// reach an out-of-line call by address, the compiler would keep it in memory, not registers.
#[cold]
#[inline(never)]
fn synchronised(
    solver: &mut Solver,
    (frame, depth, placements, backtracks): (Frame, u32, u64, u64),
    step: fn(&mut Solver) -> Option<Event>,
) -> (Option<Event>, (Frame, u32, u64, u64)) {
    Hot::from_parts(frame, depth, placements, backtracks).store(solver);
    let event = step(solver);
    (event, Hot::load(solver).parts())
}

/// Placing the start goes through a batch of its own, off the hot path, so that the hot path's
/// copy of `place` is the only one and its state stays in registers.
fn place_start(solver: &mut Solver) -> Option<Event> {
    solver.phase = Phase::Searching;
    let start = solver.start_cell;
    let mut batch = Events::new(solver);
    // SAFETY: nothing is placed yet, and the start is a square of the board.
    Some(unsafe {
        if batch.tracked {
            batch.place::<true>(start)
        } else {
            batch.place::<false>(start)
        }
    })
}

impl<'a> Events<'a> {
    pub(super) fn new(solver: &'a mut Solver) -> Events<'a> {
        let hot = Hot::load(solver);
        let (searching, tracked) = (solver.phase.is_searching(), solver.tracks_degree);
        Events { solver, hot, searching, tracked }
    }

    #[inline(always)]
    fn off_the_hot_path(&mut self, step: fn(&mut Solver) -> Option<Event>) -> Option<Event> {
        let (event, parts) = synchronised(self.solver, self.hot.parts(), step);
        self.hot = Hot::from_parts(parts.0, parts.1, parts.2, parts.3);
        self.searching = self.solver.phase.is_searching();
        event
    }

    #[inline(always)]
    fn step<const TRACKED: bool>(&mut self) -> Option<Event> {
        if self.hot.mask() == 0 {
            return self.retreat::<TRACKED>();
        }
        let index = self.hot.depth;
        // SAFETY: the current frame has a move left.
        let cell = unsafe { self.forward::<TRACKED>() };
        Some(Event::Placed { square: self.solver.mailbox.square(cell), index })
    }

    /// Makes the current frame's next move; returns the square placed.
    ///
    /// # Safety
    ///
    /// The search is under way and the current frame has a move left.
    #[inline(always)]
    unsafe fn forward<const TRACKED: bool>(&mut self) -> Cell {
        let tables = Tables::of(self.solver);
        let to = self.hot.next_target::<TRACKED>(self.solver.mailbox.steps());
        // SAFETY: a move left in a frame of the path leads to an unvisited square (the solver's
        // invariant), and `tables` were just taken.
        unsafe { self.place_checked::<TRACKED>(&tables, to) };
        to
    }

    /// Places `cell` after the current path, as an event.
    ///
    /// # Safety
    ///
    /// `cell` is an unvisited square of the board, a knight's move from the current one if the
    /// path holds one.
    #[inline(always)]
    unsafe fn place<const TRACKED: bool>(&mut self, cell: Cell) -> Event {
        let index = self.hot.depth;
        let tables = Tables::of(self.solver);
        // SAFETY: the caller's word, and `tables` were just taken.
        unsafe { self.place_checked::<TRACKED>(&tables, cell) };
        Event::Placed { square: self.solver.mailbox.square(cell), index }
    }

    /// Places `cell` after the current path, counts it, and sees to what the placement
    /// decides: a new depth, the whole board, the budget spent.
    ///
    /// # Safety
    ///
    /// As [`Events::put`].
    #[inline(always)]
    unsafe fn place_checked<const TRACKED: bool>(&mut self, tables: &Tables, cell: Cell) {
        // SAFETY: the caller's word.
        unsafe { self.put::<TRACKED>(tables, cell) };
        self.hot.placements += 1;
        let (depth, placements) = (self.hot.depth, self.hot.placements);
        let solver = &mut *self.solver;
        if depth >= solver.watermark {
            solver.reached(cell, depth, placements, self.hot.backtracks);
            self.searching = solver.phase.is_searching();
        } else if placements == solver.budget {
            solver.phase = Phase::Deciding(Outcome::Budget);
            self.searching = false;
        }
    }

    /// Places `cell` after the current path, nothing more, not even counted. `TRACKED`
    /// (degrees kept up to date) is a constant, so the fixed-order loop compiles without any of
    /// that upkeep.
    ///
    /// # Safety
    ///
    /// `tables` are the solver's, taken since anything last moved or rewrote a table through
    /// it, and `cell` is an unvisited square of the board, a knight's move from the current one
    /// if the path holds one.
    #[inline(always)]
    unsafe fn put<const TRACKED: bool>(&mut self, tables: &Tables, cell: Cell) {
        if TRACKED {
            let index = self.hot.depth;
            // SAFETY: the caller's word.
            unsafe { self.hot.push::<TRACKED>(tables, cell) };
            let solver = &mut *self.solver;
            solver.unlink(cell, index);
            self.hot.set_frame(solver.ranked_frame(cell, index));
        } else {
            // A knight's move from `cell` never lands on it: its frame can be made first.
            // SAFETY (both): the caller's word.
            let frame = textbook_frame(cell, unsafe { tables.textbook_taken::<0>(cell) });
            unsafe { self.hot.push::<TRACKED>(tables, cell) };
            self.hot.set_head(frame.head());
        }
    }

    /// Whether the search cannot simply take the current square back: it has nothing left to
    /// take back, or does not backtrack, or this attempt has used up its backtracks.
    #[inline(always)]
    fn stuck<const TRACKED: bool>(&self) -> bool {
        // Only the random heuristic restarts, and it ranks: the fixed order's loop has no test.
        let gives_up = TRACKED && self.hot.backtracks == self.solver.restart_at;
        self.hot.depth == 1 || !self.solver.options.backtracking || gives_up
    }

    #[inline(always)]
    fn retreat<const TRACKED: bool>(&mut self) -> Option<Event> {
        if self.stuck::<TRACKED>() {
            return self.off_the_hot_path(|solver| Some(solver.stuck()));
        }
        let tables = Tables::of(self.solver);
        // SAFETY: not stuck, so the path holds two squares or more; `tables` were just taken.
        let cell = unsafe { self.back::<TRACKED>(&tables) };
        self.hot.backtracks += 1;
        Some(Event::Removed { square: self.solver.mailbox.square(cell), index: self.hot.depth })
    }

    /// Takes the current square back, not counted; returns it.
    ///
    /// # Safety
    ///
    /// `tables` are as [`Events::put`] asks, and the path holds two squares or more: the search
    /// is not [`Events::stuck`].
    #[inline(always)]
    unsafe fn back<const TRACKED: bool>(&mut self, tables: &Tables) -> Cell {
        // SAFETY: the caller's word.
        let cell = unsafe { self.hot.pop::<TRACKED>(tables) };
        if TRACKED {
            self.solver.relink(cell);
        }
        cell
    }
}

impl Iterator for Events<'_> {
    type Item = Event;

    /// Inlined into whatever drains the batch: a call per event returning `Option<Event>`
    /// through memory halved the speed in wasm, measured in V8 (node 20); natively it made no
    /// difference.
    #[inline(always)]
    fn next(&mut self) -> Option<Event> {
        if self.searching {
            return if self.tracked { self.step::<true>() } else { self.step::<false>() };
        }
        match self.solver.phase {
            Phase::Start => self.off_the_hot_path(place_start),
            Phase::Deciding(_) | Phase::Finished(_) => self.off_the_hot_path(Solver::announce),
            Phase::Searching => unreachable!("`searching` mirrors the phase"),
        }
    }
}

impl std::iter::FusedIterator for Events<'_> {}

impl Drop for Events<'_> {
    fn drop(&mut self) {
        self.hot.store(self.solver);
    }
}

#[cfg(test)]
mod tests {
    use super::Run;
    use crate::{Board, Event, Heuristic, Options, Solver};

    /// Events of a test run; under Miri, which interprets every step, a few dozen.
    const EVENTS: usize = if cfg!(miri) { 60 } else { 20_000 };

    /// Every kind of run the hot loop makes: textbook frames, ranked and pruned ones, a built
    /// tour walked, a greedy search and a backtracking search that restart, a budget, a search
    /// that exhausts its board. Each starts next to the top-left corner, a square no tour starts
    /// from on a board of odd area: those here have an even one, or the theorems off. Under Miri
    /// the budget and the board exhausted are small enough to be reached within [`EVENTS`].
    fn kinds() -> Vec<(u32, u32, Options)> {
        let fixed = Options { heuristic: Heuristic::Fixed, ..Options::default() };
        let random = Options { heuristic: Heuristic::Random, restarts: 20, seed: 3, ..Options::default() };
        let (budget, exhausted) = if cfg!(miri) { (40, 3) } else { (150, 4) };
        vec![
            (6, 6, fixed),
            (6, 6, Options { prune: true, closed: true, ..fixed }),
            (7, 8, Options { heuristic: Heuristic::Warnsdorff, ..Options::default() }),
            (6, 7, Options { heuristic: Heuristic::Pohl, prune: true, ..Options::default() }),
            (5, 6, Options::default()),
            (8, 8, Options { backtracking: false, ..random }),
            (6, 6, Options { closed: true, ..random }),
            (8, 8, Options { budget: Some(budget), ..fixed }),
            (exhausted, exhausted, Options { theorems: false, ..fixed }),
            // The textbook loop's other forms: a greedy search, a board wider than the narrow
            // mailbox, and one too wide for the moves' offsets to fit a byte each, searched and
            // greedy.
            (8, 8, Options { backtracking: false, ..fixed }),
            (5, 20, fixed),
            (5, 70, fixed),
            (5, 70, Options { backtracking: false, ..fixed }),
        ]
    }

    /// A fresh solver of each of the [`kinds`], made once: the tests copy it (a built tour takes
    /// seconds to build under Miri).
    fn fresh_solvers() -> impl Iterator<Item = Solver> {
        kinds().into_iter().map(|(rows, cols, options)| {
            let board = Board::new(rows, cols).unwrap();
            Solver::new(board, board.square(0, 1), options).unwrap()
        })
    }

    /// What a run of `events`, made after `before` events, says, worked out from the events
    /// one by one; `deepest` is the deepest path before them, and after.
    fn told(events: &[Event], before: u64, deepest: &mut u32) -> Run {
        let mut run = Run::NONE;
        for (at, &event) in (before + 1..).zip(events) {
            run.events += 1;
            run.last = Some(event);
            match event {
                Event::Placed { index, .. } => {
                    run.high = run.high.max(index + 1);
                    if index + 1 > *deepest {
                        *deepest = index + 1;
                        run.low = run.low.min(run.low_since_deepened);
                        run.low_since_deepened = u32::MAX;
                        run.restarted = false;
                        run.deepened = Some((at, index + 1));
                    }
                }
                Event::Removed { index, .. } => run.low_since_deepened = run.low_since_deepened.min(index),
                Event::Restarted { .. } => run.restarted = true,
                Event::Finished(_) => {}
            }
        }
        run.low = run.low.min(run.low_since_deepened);
        run
    }

    #[test]
    fn a_run_says_what_its_steps_did() {
        for made in fresh_solvers() {
            let (board, options) = (made.board(), *made.options());
            let fresh = || made.clone();
            let single: Vec<Event> = fresh().take(EVENTS).collect();
            let mut solver = fresh();
            let (mut at, mut deepest) = (0, 0);
            for size in [1, 2, 3, 50, 7, 300, 4096].into_iter().cycle() {
                if at == single.len() {
                    break;
                }
                let run = solver.run(size.min((single.len() - at) as u64));
                let events = &single[at..at + run.events as usize];
                assert_eq!(run, told(events, at as u64, &mut deepest), "{board} {options:?} at {at}");
                at += events.len();
            }
            assert_eq!(solver.events_so_far(), at as u64, "{board} {options:?}");
        }
    }

    #[test]
    fn batches_of_any_size_and_runs_make_the_steps_single_steps_make() {
        for made in fresh_solvers() {
            let (board, options) = (made.board(), *made.options());
            let fresh = || made.clone();
            assert_eq!(fresh().construction().is_some(), options.heuristic == Heuristic::Divide, "a walk");
            let single: Vec<Event> = fresh().take(EVENTS).collect();
            let mut batched = fresh();
            let mut events = Vec::new();
            for size in [1, 2, 3, 50, 7, 300].into_iter().cycle() {
                let size = size.min(EVENTS - events.len());
                let before = events.len();
                events.extend(batched.events().take(size));
                if events.len() == before || events.len() == EVENTS {
                    break;
                }
            }
            assert_eq!(events, single, "{board} {options:?}");
            let mut run = fresh();
            let mut ran = 0;
            for size in [1, 2, 3, 50, 7, 300].into_iter().cycle() {
                let done = run.run(size.min(EVENTS as u64 - ran));
                ran += done.events;
                if ran == EVENTS as u64 || matches!(done.last, Some(Event::Finished(_))) {
                    break;
                }
            }
            assert_eq!(ran, events.len() as u64, "{board} {options:?}");
            assert_eq!(run.path().collect::<Vec<_>>(), batched.path().collect::<Vec<_>>());
            assert_eq!((run.stats(), run.outcome()), (batched.stats(), batched.outcome()));
        }
    }
}
