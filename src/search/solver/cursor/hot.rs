//! The state every step of the cursor touches, kept in locals while a batch runs.

use super::tables::Tables;
use crate::search::mailbox::Cell;
use crate::search::solver::frame::{Frame, TEXTBOOK_ORDER};
use crate::search::solver::Solver;

/// The state every step touches; `solver`'s copies of it are stale while a batch runs.
#[derive(Clone, Copy)]
pub(super) struct Hot {
    /// The current square's frame (see [`Frame`]): its head whole, so that a push or a pop
    /// moves one word with no packing (V8 kept the parts in registers poorly: 15% slower in
    /// Chromium), and a copy of its mask of moves left, which the next step waits on (read out
    /// of the head, the native search was 20% slower).
    pub(super) head: u64,
    pub(super) mask: u32,
    pub(super) order: u64,
    /// Squares on the path.
    pub(super) depth: u32,
    pub(super) placements: u64,
    pub(super) backtracks: u64,
}

impl Hot {
    pub(super) fn load(solver: &Solver) -> Hot {
        let top = solver.stack[..solver.depth as usize].last().copied();
        let frame = top.unwrap_or(Frame::new(solver.start_cell, 0, TEXTBOOK_ORDER));
        Hot::from_parts(frame, solver.depth, solver.stats.placements, solver.stats.backtracks)
    }

    #[inline(always)]
    pub(super) fn from_parts(frame: Frame, depth: u32, placements: u64, backtracks: u64) -> Hot {
        Hot {
            head: frame.head(),
            mask: frame.mask().into(),
            order: frame.order(),
            depth,
            placements,
            backtracks,
        }
    }

    #[inline(always)]
    pub(super) fn parts(&self) -> (Frame, u32, u64, u64) {
        (self.frame(), self.depth, self.placements, self.backtracks)
    }

    #[inline(always)]
    pub(super) fn frame(&self) -> Frame {
        Frame::from_words(self.order, self.head)
    }

    #[inline(always)]
    pub(super) fn set_frame(&mut self, frame: Frame) {
        (self.head, self.mask, self.order) = (frame.head(), frame.mask().into(), frame.order());
    }

    /// Makes a frame of the same order current, by its head: a textbook frame, in a search
    /// whose frames are all textbook ones.
    #[inline(always)]
    pub(super) fn set_head(&mut self, head: u64) {
        (self.head, self.mask) = (head, Frame::head_mask(head).into());
    }

    #[inline(always)]
    pub(super) fn cell(&self) -> Cell {
        Frame::head_cell(self.head)
    }

    /// The moves left, as [`Frame::mask`].
    #[inline(always)]
    pub(super) fn mask(&self) -> u32 {
        self.mask
    }

    /// Takes the current frame's next move (there is one) out of its mask; returns its
    /// position in the frame's order.
    #[inline(always)]
    pub(super) fn take_move(&mut self) -> u32 {
        let mask = self.mask;
        let position = mask.trailing_zeros();
        self.mask = mask & (mask - 1);
        self.head ^= Frame::head_move(position);
        position
    }

    /// Takes the current frame's next move (there is one) out of its mask; returns its target,
    /// with the knight's moves as [`crate::search::mailbox::Mailbox::steps`] gives them.
    #[inline(always)]
    pub(super) fn next_target<const TRACKED: bool>(&mut self, steps: &[u32; 8]) -> Cell {
        let position = self.take_move();
        let slot = if TRACKED { (self.order >> (8 * position)) as usize } else { position as usize };
        Cell(self.cell().0.wrapping_add(steps[slot & 7]))
    }

    /// Marks `cell` visited and puts the current frame on the stack below it, one deeper; the
    /// caller sets the new frame. Ranked frames (`TRACKED`) go whole, textbook ones by the word
    /// that differs.
    ///
    /// # Safety
    ///
    /// `tables` are live and of the solver whose path this state is (as [`Hot::load`] takes it
    /// and every step keeps it), and `cell` is an unvisited square of its board.
    #[inline(always)]
    pub(super) unsafe fn push<const TRACKED: bool>(&mut self, tables: &Tables, cell: Cell) {
        let index = self.depth;
        // SAFETY: the tables are live (the caller's word).
        debug_assert!(unsafe { !tables.is_visited(cell) }, "cell {} is placed twice", cell.0);
        // SAFETY: `cell` is a square of the board, in the mailbox.
        unsafe { tables.visit(cell, true) };
        if index > 0 {
            // SAFETY: a square is placed only where it is unvisited, so the path never holds one
            // twice: with `cell` it has at most a square per frame of the stack, and below it
            // `index` frames, the top one `index - 1`.
            let below = unsafe { &mut *tables.frame(index - 1) };
            if TRACKED {
                *below = self.frame();
            } else {
                below.copy_head(self.frame());
            }
        }
        self.depth = index + 1;
    }

    /// Takes the current square back, not counted, and makes the frame below current; returns
    /// the square.
    ///
    /// # Safety
    ///
    /// `tables` are live and of the solver whose path this state is (as [`Hot::push`] asks), and
    /// the path holds two squares or more (a search that is not stuck).
    #[inline(always)]
    pub(super) unsafe fn pop<const TRACKED: bool>(&mut self, tables: &Tables) -> Cell {
        let cell = self.cell();
        // SAFETY: the tables are live (the caller's word).
        debug_assert!(unsafe { tables.is_visited(cell) }, "cell {} is not on the path", cell.0);
        // SAFETY: the current square is the path's top, a square of the board.
        unsafe { tables.visit(cell, false) };
        self.depth -= 1;
        debug_assert!(self.depth >= 1, "a search that is not stuck has two squares on the path");
        // SAFETY: the path held two squares or more, and fits the stack (see `push`), so a
        // frame of the path lies below the one taken back.
        let below = unsafe { *tables.frame(self.depth - 1) };
        if TRACKED {
            self.set_frame(below);
        } else {
            // Textbook frames all share one order, already the current one's: only the other
            // word is loaded and kept.
            self.set_head(below.head());
        }
        cell
    }

    /// Puts the state back into the solver, for code that reads or changes all of it. Inlined,
    /// so that `Drop` does not hand the batch's address to a call.
    #[inline(always)]
    pub(super) fn store(&self, solver: &mut Solver) {
        solver.depth = self.depth;
        if let Some(top) = self.depth.checked_sub(1) {
            solver.stack[top as usize] = self.frame();
        }
        solver.stats.placements = self.placements;
        solver.stats.backtracks = self.backtracks;
    }
}
