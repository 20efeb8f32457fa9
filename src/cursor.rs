//! The search's hot loop, as a batch of steps that borrows the solver.
//!
//! An iterator that keeps all its state behind `&mut self` must store and reload it between
//! events, and every event then waits on a chain of loads of what the last one stored. A batch
//! instead copies the current frame, the depth and the counters into a local struct, which the
//! compiler keeps in registers, and writes them back when it is dropped. Measured on the 8×8
//! fixed-order search (16.5 million events), this and the mask frames took the drained iterator
//! from 1.2 to about 0.6 times the C reference's time (see `bench/`).

use crate::event::{Event, Outcome};
use crate::mailbox::Cell;
use crate::solver::{Frame, Phase, Solver, TEXTBOOK_ORDER};

/// Steps of a [`Solver`], one event each; see [`Solver::events`]. Dropping it (or finishing)
/// leaves the solver exactly where the last event left it.
pub struct Events<'a> {
    solver: &'a mut Solver,
    /// The current square's frame; `solver.stack`'s copy of it is stale until the flush.
    top: Frame,
    /// Squares on the path; `solver.stack`'s length is stale until the flush.
    depth: u32,
    placements: u64,
    backtracks: u64,
}

impl<'a> Events<'a> {
    pub(crate) fn new(solver: &'a mut Solver) -> Events<'a> {
        let (top, depth) = Self::load(solver);
        let (placements, backtracks) = (solver.stats.placements, solver.stats.backtracks);
        Events { solver, top, depth, placements, backtracks }
    }

    fn load(solver: &Solver) -> (Frame, u32) {
        let top = solver.stack.last().copied();
        let empty = Frame::new(solver.start_cell, 0, TEXTBOOK_ORDER);
        (top.unwrap_or(empty), solver.stack.len() as u32)
    }

    /// Hands a step the hot loop does not make to the solver, with the state synchronised.
    /// Everything goes in and out by value: were the batch's address to reach an out-of-line
    /// call, the compiler would have to keep its fields in memory instead of registers.
    #[inline(always)]
    fn off_the_hot_path(&mut self, step: fn(&mut Solver) -> Option<Event>) -> Option<Event> {
        let event;
        (event, self.top, self.depth) =
            sync_and_step(self.solver, self.top, self.depth, self.placements, self.backtracks, step);
        event
    }

    #[inline(always)]
    fn step<const TRACKED: bool>(&mut self) -> Option<Event> {
        let Some(position) = self.top.take_next() else {
            return self.retreat::<TRACKED>();
        };
        let slot = if TRACKED { self.top.slot(position) } else { position as u8 };
        let to = self.solver.mailbox.target(self.top.cell(), slot);
        Some(self.place::<TRACKED>(to))
    }

    /// Places `cell` after the current path. `TRACKED` (degrees kept up to date) is a constant,
    /// so the fixed-order loop compiles without any of that upkeep.
    #[inline(always)]
    fn place<const TRACKED: bool>(&mut self, cell: Cell) -> Event {
        let solver = &mut *self.solver;
        // SAFETY: `cell` is the start or a knight's move from the board: inside the mailbox.
        unsafe { *solver.visited.get_unchecked_mut(cell.index()) = true };
        let index = self.depth;
        if index > 0 {
            // SAFETY: the stack has room for one frame per square and the path holds each square
            // at most once, so slot `index - 1` is inside the allocation.
            unsafe { solver.stack.as_mut_ptr().add(index as usize - 1).write(self.top) };
        }
        self.top = if TRACKED {
            // A closed tour ends by stepping back onto the start, so for its neighbours the
            // start stays a way on: `degree` then counts the links a square has left in the cycle.
            if !(index == 0 && solver.options.closed) {
                solver.adjust_neighbours(cell, u8::wrapping_sub);
            }
            solver.ranked_frame(cell, index)
        } else {
            solver.textbook_frame(cell)
        };
        self.depth = index + 1;
        self.placements += 1;
        if index + 1 >= solver.watermark {
            solver.reached(cell, index + 1, self.placements);
        } else if self.placements == solver.budget {
            solver.phase = Phase::Deciding(Outcome::Budget);
        }
        Event::Placed { square: solver.mailbox.square(cell), index }
    }

    #[inline(always)]
    fn retreat<const TRACKED: bool>(&mut self) -> Option<Event> {
        if self.depth == 1 || !self.solver.options.backtracking {
            return self.off_the_hot_path(|solver| Some(solver.stuck()));
        }
        let cell = self.top.cell();
        let solver = &mut *self.solver;
        // SAFETY: frames hold cells of the board, and `visited` has one entry per cell.
        unsafe { *solver.visited.get_unchecked_mut(cell.index()) = false };
        if TRACKED {
            solver.adjust_neighbours(cell, u8::wrapping_add);
        }
        self.depth -= 1;
        // SAFETY: the depth was at least two, so a written frame lies below the top.
        self.top = unsafe { solver.stack.as_ptr().add(self.depth as usize - 1).read() };
        self.backtracks += 1;
        Some(Event::Removed { square: solver.mailbox.square(cell), index: self.depth })
    }

}

/// Puts a batch's locals back into the solver, for code that reads or changes the whole state.
fn flush(solver: &mut Solver, top: Frame, depth: u32, placements: u64, backtracks: u64) {
    // SAFETY: every frame below `depth` was written by a push (or was there at the start), and
    // `depth` never exceeds the capacity, one frame per square.
    unsafe { solver.stack.set_len(depth as usize) };
    if let Some(last) = solver.stack.last_mut() {
        *last = top;
    }
    solver.stats.placements = placements;
    solver.stats.backtracks = backtracks;
}

fn place_start(solver: &mut Solver) -> Option<Event> {
    solver.phase = Phase::Searching;
    let start = solver.start_cell;
    let mut batch = Events::new(solver);
    Some(if batch.solver.tracks_degree { batch.place::<true>(start) } else { batch.place::<false>(start) })
}

#[cold]
#[inline(never)]
fn sync_and_step(
    solver: &mut Solver,
    top: Frame,
    depth: u32,
    placements: u64,
    backtracks: u64,
    step: fn(&mut Solver) -> Option<Event>,
) -> (Option<Event>, Frame, u32) {
    flush(solver, top, depth, placements, backtracks);
    let event = step(solver);
    let (top, depth) = Events::load(solver);
    (event, top, depth)
}

impl Iterator for Events<'_> {
    type Item = Event;

    /// Inlined into whatever drains the batch: a call per event returning `Option<Event>`
    /// through memory halves the speed in wasm (see PERFORMANCE.md).
    #[inline(always)]
    fn next(&mut self) -> Option<Event> {
        match self.solver.phase {
            Phase::Searching => {}
            // Placing the start goes through a batch of its own, off the hot path, so that the
            // hot path's copy of `place` is the only one and its state stays in registers.
            Phase::Start => return self.off_the_hot_path(place_start),
            Phase::Deciding(_) | Phase::Finished(_) => return self.off_the_hot_path(Solver::announce),
        }
        if self.solver.tracks_degree {
            self.step::<true>()
        } else {
            self.step::<false>()
        }
    }
}

impl std::iter::FusedIterator for Events<'_> {}

impl Drop for Events<'_> {
    fn drop(&mut self) {
        flush(self.solver, self.top, self.depth, self.placements, self.backtracks);
    }
}
