//! The textbook frame of a freshly placed square, its moves in the textbook order less those
//! onto visited cells, found with eight unchecked loads and no branch: the kernel of the
//! fixed-order search, which every placement of its hot loop waits on.

use super::frame::{Frame, TEXTBOOK_ORDER};
use super::Solver;
use crate::board::KNIGHT_MOVES;
use crate::search::mailbox::Cell;

/// Whether [`textbook_frame`] sums the visited bytes with weights (in WebAssembly) or `or`s them
/// into place (natively): see there.
pub(super) const SUMMED_FRAMES: bool = cfg!(target_arch = "wasm32");

/// The moves from a freshly placed square in textbook order that are taken (onto visited
/// cells), as a byte's bits, bit `s` move `s`'s (the frame's moves are the others), branch-free:
/// found with eight loads and no data-dependent jump. The loads are addressed from the cell by
/// the board's width and the moves' constants, not through [`Mailbox::target`](crate::search::mailbox::Mailbox::target)'s table, which
/// would be eight loads more; and from the lowest of the eight cells, `reach` (`2 * width + 1`)
/// before `cell`, so that every offset is non-negative: the 8×8 search took 12% less CPU time in
/// V8 (node 20) than with offsets from `cell` itself, natively the same. A width known at compile
/// time makes the offsets constants; `reach` is then best left to a value the compiler does not
/// know, or it folds it into them and makes them negative again. (Four wider
/// reads and a multiplication that gathers the eight bytes made fewer instructions, but a longer
/// wait for the next step: slower natively, no faster in wasm.)
///
/// # Safety
///
/// `visited` points at `cells` entries, one per cell of a mailbox `width` cells wide, `reach` is
/// `2 * width + 1`, and `cell` lies `reach` cells or more from either end of the table, as every
/// square of the board does (the moat is two rows deep), and only then its eight neighbours.
#[inline(always)]
pub(super) unsafe fn textbook_taken<const SUMMED: bool>(
    visited: *const bool,
    cells: usize,
    width: u32,
    reach: usize,
    cell: Cell,
) -> u32 {
    debug_assert_eq!(
        reach,
        2 * width as usize + 1,
        "the knight's move (-2, -1), the lowest cell of the eight"
    );
    debug_assert!(
        cell.index() >= reach && cell.index() + reach < cells,
        "a knight's move from cell {} leaves the mailbox",
        cell.0
    );
    // From `visited - reach`, which the compiler keeps in a register for the loop: reached as
    // `visited.add(cell - reach)`, the subtraction was left between each placement and its
    // loads (natively 538 million instructions instead of 511 for the 8×8 search). Wrapping, for
    // that pointer lies before the table; `lowest` lies in it.
    let lowest = visited.wrapping_sub(reach).wrapping_add(cell.index());
    // SAFETY: `lowest` is the entry of `cell`'s lowest neighbour, `cell - reach`, in the table,
    // and the highest, `cell + reach`, is too.
    unsafe { textbook_taken_from::<SUMMED>(lowest, width) }
}

/// [`textbook_taken`] from the visited entry of a square's lowest neighbour, `lowest`, on.
///
/// # Safety
///
/// `lowest` and the `2 * (2 * width + 1)` entries after it are readable, and they are the visited
/// entries of the cells of a mailbox `width` cells wide from the square's `- (2 * width + 1)` on.
#[inline(always)]
pub(super) unsafe fn textbook_taken_from<const SUMMED: bool>(lowest: *const bool, width: u32) -> u32 {
    let width = width as usize;
    let offsets = KNIGHT_MOVES
        .map(|(dr, dc)| ((2 * width + 1) as isize + dr as isize * width as isize + dc as isize) as usize);
    // SAFETY (both loads): these are the offsets of `Mailbox::target`, from the lowest of them,
    // within the `2 * (2 * width + 1)` entries after `lowest`.
    if SUMMED {
        // In V8 the eight bytes are summed with weights, not `or`ed into place: `a + 2 * b` is
        // one `lea`, where `a | b << 1` is two instructions. They are read as bytes, not
        // `bool`s, or the compiler, knowing them 0 or 1, turns the additions back into `or`s;
        // so read, V8's loads also carry their constant offsets, with no `lea` each (Node 20's
        // code for the loop). 8×8 fixed in Chromium: 72.5 to 64.8 ms. Natively the same sum
        // was 8% slower than the chain below.
        let v = offsets.map(|offset| u32::from(unsafe { *(lowest as *const u8).add(offset) }));
        let low = (v[0] + 2 * v[1]) + 4 * (v[2] + 2 * v[3]);
        let high = (v[4] + 2 * v[5]) + 4 * (v[6] + 2 * v[7]);
        low + (high << 4)
    } else {
        // A chain, the last slot first (natively 54 to 51 ms against a tree of `or`s).
        offsets
            .iter()
            .rev()
            .fold(0u32, |taken, &offset| taken << 1 | u32::from(unsafe { *lowest.add(offset) }))
    }
}

/// The textbook frame of `cell`, whose taken moves are `taken` (as [`textbook_taken`] gives them).
#[inline(always)]
pub(super) fn textbook_frame(cell: Cell, taken: u32) -> Frame {
    Frame::new(cell, !(taken as u8), TEXTBOOK_ORDER)
}

impl Solver {
    /// The frame for a freshly placed square in textbook order (see [`textbook_taken`]).
    #[inline(always)]
    pub(super) fn textbook_frame(&self, cell: Cell) -> Frame {
        debug_assert!(self.mailbox.is_on_board(cell), "cell {} is not a square of the board", cell.0);
        let (width, cells) = (self.mailbox.width(), self.visited.len());
        let reach = 2 * width as usize + 1;
        // Out of the hot loop (a restart, a step back), so checked: a cell from anywhere reads
        // within the table or panics.
        assert!(cell.index() >= reach && cell.index() + reach < cells, "a cell off the board");
        // SAFETY: `visited` has an entry per cell of the mailbox, `width` wide, and `cell` is
        // `reach` or more from either end of it (just checked).
        let taken =
            unsafe { textbook_taken::<SUMMED_FRAMES>(self.visited.as_ptr(), cells, width, reach, cell) };
        textbook_frame(cell, taken)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::heuristic::mix;
    use crate::{Board, Heuristic, Options};

    /// The textbook frame as its definition says: bit `slot` set when move `slot` of
    /// [`KNIGHT_MOVES`] leads to an unvisited cell.
    fn plainly(solver: &Solver, cell: Cell) -> u8 {
        (0..8)
            .filter(|&slot| !solver.visited[solver.mailbox.target(cell, slot).index()])
            .fold(0, |mask, slot| mask | 1 << slot)
    }

    #[test]
    fn the_textbook_frame_has_the_moves_to_unvisited_squares() {
        for (rows, cols) in [(1, 1), (3, 4), (5, 5), (8, 8), (7, 13)] {
            let board = Board::new(rows, cols).unwrap();
            let options = Options { heuristic: Heuristic::Fixed, ..Options::default() };
            let mut solver = Solver::new(board, board.square(0, 0), options).unwrap();
            let mut seed = 1u64;
            // Under Miri, which interprets every load, one round: every square's eight loads.
            for _ in 0..if cfg!(miri) { 1 } else { 200 } {
                // Squares visited at random, the moat always.
                for square in board.squares() {
                    seed = mix(seed);
                    solver.visited[solver.mailbox.cell(square).index()] = seed % 3 == 0;
                }
                for square in board.squares() {
                    let cell = solver.mailbox.cell(square);
                    let frame = solver.textbook_frame(cell);
                    assert_eq!(frame.mask(), plainly(&solver, cell), "{rows}x{cols}, square {}", square.0);
                    assert_eq!((frame.initial(), frame.cell()), (frame.mask(), cell));
                    // The other target's way of gathering the bytes, here too.
                    let (visited, cells, width) =
                        (solver.visited.as_ptr(), solver.visited.len(), solver.mailbox.width());
                    // SAFETY: as in `Solver::textbook_frame`.
                    let other = unsafe {
                        textbook_taken::<{ !SUMMED_FRAMES }>(
                            visited,
                            cells,
                            width,
                            2 * width as usize + 1,
                            cell,
                        )
                    };
                    assert_eq!(
                        textbook_frame(cell, other).head(),
                        frame.head(),
                        "{rows}x{cols}, square {}",
                        square.0
                    );
                }
            }
        }
    }
}
