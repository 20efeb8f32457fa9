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

use crate::event::{Event, Outcome};
use crate::mailbox::Cell;
use crate::solver::{Frame, Phase, Solver, TEXTBOOK_ORDER};

/// Steps of a [`Solver`], one event each; see [`Solver::events`]. Dropping it leaves the solver
/// exactly where the last event left it.
pub struct Events<'a> {
    solver: &'a mut Solver,
    hot: Hot,
    /// Copies of `solver.phase == Searching` and `solver.tracks_degree`, tested on every step:
    /// a register is cheaper than a load, and the phase changes only where this file says so.
    searching: bool,
    tracked: bool,
}

/// The state every step touches; `solver`'s copies of it are stale while a batch runs.
#[derive(Clone, Copy)]
struct Hot {
    /// The current square's frame, taken apart so that each part sits in a register (the masks
    /// widened: packed side by side as bytes, the compiler kept them in memory).
    cell: Cell,
    mask: u32,
    initial: u32,
    order: u64,
    /// Squares on the path.
    depth: u32,
    placements: u64,
    backtracks: u64,
}

impl Hot {
    fn load(solver: &Solver) -> Hot {
        let top = solver.stack[..solver.depth as usize].last().copied();
        let frame = top.unwrap_or(Frame::new(solver.start_cell, 0, TEXTBOOK_ORDER));
        Hot::from_parts(frame, solver.depth, solver.stats.placements, solver.stats.backtracks)
    }

    #[inline(always)]
    fn from_parts(frame: Frame, depth: u32, placements: u64, backtracks: u64) -> Hot {
        Hot {
            cell: frame.cell(),
            mask: frame.mask().into(),
            initial: frame.initial().into(),
            order: frame.order(),
            depth,
            placements,
            backtracks,
        }
    }

    #[inline(always)]
    fn parts(&self) -> (Frame, u32, u64, u64) {
        (self.frame(), self.depth, self.placements, self.backtracks)
    }

    #[inline(always)]
    fn frame(&self) -> Frame {
        Frame::with_initial(self.cell, self.mask as u8, self.initial as u8, self.order)
    }

    #[inline(always)]
    fn set_frame(&mut self, frame: Frame) {
        (self.cell, self.mask, self.initial, self.order) =
            (frame.cell(), frame.mask().into(), frame.initial().into(), frame.order());
    }

    /// Puts the state back into the solver, for code that reads or changes all of it. Inlined,
    /// so that `Drop` does not hand the batch's address to a call.
    #[inline(always)]
    fn store(&self, solver: &mut Solver) {
        solver.depth = self.depth;
        if let Some(top) = self.depth.checked_sub(1) {
            solver.stack[top as usize] = self.frame();
        }
        solver.stats.placements = self.placements;
        solver.stats.backtracks = self.backtracks;
    }
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
    Some(if batch.tracked { batch.place::<true>(start) } else { batch.place::<false>(start) })
}

impl<'a> Events<'a> {
    pub(crate) fn new(solver: &'a mut Solver) -> Events<'a> {
        let hot = Hot::load(solver);
        let (searching, tracked) = (solver.phase == Phase::Searching, solver.tracks_degree);
        Events { solver, hot, searching, tracked }
    }

    #[inline(always)]
    fn off_the_hot_path(&mut self, step: fn(&mut Solver) -> Option<Event>) -> Option<Event> {
        let (event, parts) = synchronised(self.solver, self.hot.parts(), step);
        self.hot = Hot::from_parts(parts.0, parts.1, parts.2, parts.3);
        self.searching = self.solver.phase == Phase::Searching;
        event
    }

    #[inline(always)]
    fn step<const TRACKED: bool>(&mut self) -> Option<Event> {
        let mask = self.hot.mask;
        if mask == 0 {
            return self.retreat::<TRACKED>();
        }
        let position = mask.trailing_zeros();
        self.hot.mask = mask & (mask - 1);
        let slot = if TRACKED { (self.hot.order >> (8 * position)) as u8 } else { position as u8 };
        let to = self.solver.mailbox.target(self.hot.cell, slot);
        Some(self.place::<TRACKED>(to))
    }

    /// Places `cell` after the current path. `TRACKED` (degrees kept up to date) is a constant,
    /// so the fixed-order loop compiles without any of that upkeep.
    #[inline(always)]
    fn place<const TRACKED: bool>(&mut self, cell: Cell) -> Event {
        let solver = &mut *self.solver;
        let hot = &mut self.hot;
        // SAFETY: `cell` is the start or a knight's move from the board: inside the mailbox.
        unsafe { *solver.visited.get_unchecked_mut(cell.index()) = true };
        let index = hot.depth;
        if index > 0 {
            // SAFETY: the stack has a frame per square and the path holds each square at most
            // once, so frame `index - 1` exists.
            let below = unsafe { solver.stack.get_unchecked_mut(index as usize - 1) };
            if TRACKED {
                *below = hot.frame();
            } else {
                below.copy_head(hot.frame());
            }
        }
        hot.set_frame(if TRACKED {
            solver.unlink(cell, index);
            solver.ranked_frame(cell, index)
        } else {
            solver.textbook_frame(cell)
        });
        hot.depth = index + 1;
        hot.placements += 1;
        if index + 1 >= solver.watermark {
            solver.reached(cell, index + 1, hot.placements);
            self.searching = solver.phase == Phase::Searching;
        } else if hot.placements == solver.budget {
            solver.phase = Phase::Deciding(Outcome::Budget);
            self.searching = false;
        }
        Event::Placed { square: solver.mailbox.square(cell), index }
    }

    #[inline(always)]
    fn retreat<const TRACKED: bool>(&mut self) -> Option<Event> {
        // Only the random heuristic restarts, and it ranks: the fixed order's loop has no test.
        let gives_up = TRACKED && self.hot.backtracks == self.solver.restart_at;
        if self.hot.depth == 1 || !self.solver.options.backtracking || gives_up {
            return self.off_the_hot_path(|solver| Some(solver.stuck()));
        }
        let solver = &mut *self.solver;
        let hot = &mut self.hot;
        let cell = hot.cell;
        // SAFETY: frames hold cells of the board, and `visited` has one entry per cell.
        unsafe { *solver.visited.get_unchecked_mut(cell.index()) = false };
        if TRACKED {
            solver.relink(cell);
        }
        hot.depth -= 1;
        // SAFETY: the depth was at least two, so a frame of the path lies below the top.
        let below = unsafe { *solver.stack.get_unchecked(hot.depth as usize - 1) };
        // Textbook frames all share one order; saying so spares the loop a load.
        hot.set_frame(if TRACKED {
            below
        } else {
            Frame::with_initial(below.cell(), below.mask(), below.initial(), TEXTBOOK_ORDER)
        });
        hot.backtracks += 1;
        Some(Event::Removed { square: solver.mailbox.square(cell), index: hot.depth })
    }
}

impl Iterator for Events<'_> {
    type Item = Event;

    /// Inlined into whatever drains the batch: a call per event returning `Option<Event>`
    /// through memory halves the speed in wasm (see PERFORMANCE.md).
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
