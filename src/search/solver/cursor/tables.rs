//! The solver's tables as the hot loop reaches them: raw pointers read out once a run.

use super::pinned::{Pinned, PINNED};
use crate::search::mailbox::Cell;
use crate::search::solver::frame::Frame;
use crate::search::solver::textbook::{textbook_taken, textbook_taken_from, SUMMED_FRAMES};
use crate::search::solver::Solver;

/// The solver's tables as the hot loop reaches them: pointers and sizes read out of the solver
/// once for a run of steps, not at every step. A store through `visited` or `stack` might, as far
/// as the compiler knows, change the solver's own fields, so read through the solver they were
/// loaded again after every placement, and with them the board's width.
/// Taken anew after anything that may move or rewrite a table through the solver (only the steps
/// made out of line do, and they hand back a fresh batch state).
///
/// Its pointers are good only while the solver they were read from is neither dropped nor has a
/// table replaced: every method that goes through them is `unsafe` and asks its caller for that,
/// and for the cell or frame it is given to lie in the table.
#[derive(Clone, Copy)]
pub(super) struct Tables {
    visited: *mut bool,
    cells: usize,
    stack: *mut Frame,
    frames: usize,
    width: u32,
    /// `2 * width + 1`, read from the mailbox's table of moves: never from the width, which the
    /// narrow loop is known to have (see [`textbook_taken`]).
    reach: usize,
}

impl Tables {
    #[inline(always)]
    pub(super) fn of(solver: &mut Solver) -> Tables {
        Tables {
            visited: solver.visited.as_mut_ptr(),
            cells: solver.visited.len(),
            stack: solver.stack.as_mut_ptr(),
            frames: solver.stack.len(),
            width: solver.mailbox.width(),
            // Move 4, (-2, -1), is the lowest: its offset is `-(2 * width + 1)`.
            reach: solver.mailbox.steps()[4].wrapping_neg() as usize,
        }
    }

    /// Marks `cell` visited or not.
    ///
    /// # Safety
    ///
    /// The tables are live (see [`Tables`]), and `cell` is a cell of the solver's mailbox: a
    /// square of the board, or a knight's move from one, which the moat, two cells wide, keeps
    /// inside it.
    #[inline(always)]
    pub(super) unsafe fn visit(&self, cell: Cell, visited: bool) {
        debug_assert!(cell.index() < self.cells, "cell {} is not in the mailbox", cell.0);
        // SAFETY: `visited` has an entry per cell of the mailbox (the solver is made so, and a
        // checkpoint of another board is never restored), and `cell` is one (the caller's word).
        unsafe { *self.visited.add(cell.index()) = visited };
    }

    /// Marks `cell` visited or not, as [`Tables::visit`], in a mailbox `WIDTH` cells wide unless
    /// 0: then in the copy at a fixed address where there is one ([`PINNED`]), else through the
    /// pointer the loop's loads are made from (`visited - reach`, see [`textbook_taken`]), so
    /// that it keeps one pointer to the table, not two.
    ///
    /// # Safety
    ///
    /// As [`Tables::visit`]; unless `WIDTH` is 0, the mailbox is `WIDTH` cells wide and, where
    /// [`PINNED`], its table is in the copy ([`Pinned::fill`]).
    #[inline(always)]
    pub(super) unsafe fn visit_at<const WIDTH: u32>(&self, cell: Cell, visited: bool) {
        if WIDTH == 0 {
            // SAFETY: the caller's word.
            return unsafe { self.visit(cell, visited) };
        }
        debug_assert!(cell.index() < self.cells, "cell {} is not in the mailbox", cell.0);
        if PINNED {
            // SAFETY: the table is in the copy, and `cell` is in the mailbox (the caller's word).
            return unsafe { *Pinned::entry(cell) = visited };
        }
        debug_assert_eq!(self.reach, 2 * WIDTH as usize + 1, "a mailbox {} cells wide", self.width);
        let at = self.visited.wrapping_sub(self.reach).wrapping_add(cell.index() + 2 * WIDTH as usize + 1);
        // SAFETY: `at` is `visited + cell`, as in `visit`.
        unsafe { *at = visited };
    }

    /// Whether `cell` is visited, for the debug checks.
    ///
    /// # Safety
    ///
    /// The tables are live (see [`Tables`]); the cell is checked.
    pub(super) unsafe fn is_visited(&self, cell: Cell) -> bool {
        assert!(cell.index() < self.cells, "cell {} is not in the mailbox", cell.0);
        // SAFETY: `visited` has `cells` entries, and is live (the caller's word).
        unsafe { *self.visited.add(cell.index()) }
    }

    /// The stack's frame `index`.
    ///
    /// # Safety
    ///
    /// The tables are live (see [`Tables`]), and `index` is below the board's number of squares,
    /// the stack's length: a frame of a path, which never holds a square twice.
    #[inline(always)]
    pub(super) unsafe fn frame(&self, index: u32) -> *mut Frame {
        debug_assert!((index as usize) < self.frames, "frame {index} of {}", self.frames);
        // SAFETY: the stack has a frame per square of the board, and `index` is one (the
        // caller's word).
        unsafe { self.stack.add(index as usize) }
    }

    /// The taken moves of `cell`, just placed, as [`textbook_taken`] gives them; in a mailbox
    /// `WIDTH` cells wide, unless 0 (then from the copy at a fixed address where there is one, as
    /// [`Tables::visit_at`]).
    ///
    /// # Safety
    ///
    /// The tables are live (see [`Tables`]), `cell` is a square of the board, and unless `WIDTH`
    /// is 0 the mailbox is `WIDTH` cells wide and, where [`PINNED`], its table is in the copy.
    #[inline(always)]
    pub(super) unsafe fn textbook_taken<const WIDTH: u32>(&self, cell: Cell) -> u32 {
        debug_assert!(WIDTH == 0 || WIDTH == self.width, "a mailbox {} cells wide", self.width);
        if WIDTH != 0 && PINNED {
            // SAFETY: the copy holds this mailbox's table, and `cell` is a square of its board
            // (the caller's word).
            return unsafe { textbook_taken_from::<SUMMED_FRAMES>(Pinned::lowest(cell), WIDTH) };
        }
        let width = if WIDTH == 0 { self.width } else { WIDTH };
        // SAFETY: `visited` has `cells` entries, one per cell of the mailbox `width` wide, and
        // `cell`, a square of the board (the caller's word), lies `reach` or more from either end.
        unsafe { textbook_taken::<SUMMED_FRAMES>(self.visited, self.cells, width, self.reach, cell) }
    }
}
