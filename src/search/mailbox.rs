//! The board as the search sees it: a "mailbox", the chess-engine layout that surrounds the board
//! with a moat two squares wide so that a knight's move is one addition and falls either on the
//! board or in the moat, never outside the array.

use std::sync::Arc;

use crate::board::{Board, Square, KNIGHT_MOVES};

/// A position in the mailbox: a square of the board or a moat cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cell(pub u32);

impl Cell {
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

const MOAT: u32 = 2;

/// The width of the mailbox of every board up to `NARROW - 2 * MOAT` (12) columns: one width for
/// all of them, so that the fixed-order search, which only boards that small leave time for,
/// compiles its hot loop with the knight's moves as constant offsets (see
/// `Events::quietly_textbook`). Natively that freed the four registers the loop kept the
/// offsets in, and ended its spills: 9% of the 8×8 search's instructions.
pub(crate) const NARROW: u32 = 16;

/// [`Mailbox::packed_steps`] of a mailbox [`NARROW`] cells wide.
pub(crate) const NARROW_STEPS: u64 = match packed_steps(NARROW) {
    Some(packed) => packed,
    None => panic!("the moves of a narrow mailbox fit a byte each"),
};

/// The knight's moves as offsets in a mailbox `width` cells wide, a byte each (`(packed >> 8 *
/// slot) as i8` is move `slot`'s), if each fits in one: a mailbox up to 63 cells wide.
const fn packed_steps(width: u32) -> Option<u64> {
    let mut packed = 0;
    let mut slot = 0;
    while slot < 8 {
        let (dr, dc) = KNIGHT_MOVES[slot];
        let step = dr * width as i32 + dc;
        if step < i8::MIN as i32 || step > i8::MAX as i32 {
            return None;
        }
        packed |= (step as u8 as u64) << (8 * slot);
        slot += 1;
    }
    Some(packed)
}

/// Marks moat cells in [`Mailbox::square`]'s table.
const OFF_BOARD: Square = Square(u32::MAX);

/// Cheap to clone: the per-cell table is shared, so a solver's checkpoints do not copy it.
#[derive(Clone)]
pub(crate) struct Mailbox {
    board: Board,
    width: u32,
    /// The knight's moves as cell offsets, in textbook order; wrapping adds stand for negatives.
    steps: [u32; 8],
    /// The square of each cell, or `OFF_BOARD`: the way back from cells without a division.
    squares: Arc<[Square]>,
}

impl Mailbox {
    pub fn new(board: Board) -> Mailbox {
        let width = (board.cols() + 2 * MOAT).max(NARROW);
        let height = board.rows() + 2 * MOAT;
        let steps = KNIGHT_MOVES.map(|(dr, dc)| (dr * width as i32 + dc) as u32);
        let mut squares = vec![OFF_BOARD; (width * height) as usize];
        // Row by row, with no division for each square's row: a million squares on 1000x1000.
        let cols = board.cols() as usize;
        for row in 0..board.rows() {
            let first = ((row + MOAT) * width + MOAT) as usize;
            let squares_of_row = (row * board.cols()..(row + 1) * board.cols()).map(Square);
            for (cell, square) in squares[first..first + cols].iter_mut().zip(squares_of_row) {
                *cell = square;
            }
        }
        Mailbox { board, width, steps, squares: squares.into() }
    }

    fn cell_of(board: Board, width: u32, square: Square) -> Cell {
        let coord = board.coord(square);
        Cell((coord.row + MOAT) * width + coord.col + MOAT)
    }

    pub fn board(&self) -> Board {
        self.board
    }

    /// How many cells, moat included: the length of every per-cell table.
    pub fn len(&self) -> usize {
        self.squares.len()
    }

    pub fn cell(&self, square: Square) -> Cell {
        Self::cell_of(self.board, self.width, square)
    }

    /// The square of `cell`, or [`OFF_BOARD`] off the board: in the moat, or past the mailbox
    /// (which no cell of a search is, and no panic's code in every caller pays for).
    #[inline(always)]
    pub fn square(&self, cell: Cell) -> Square {
        self.squares.get(cell.index()).copied().unwrap_or(OFF_BOARD)
    }

    pub fn is_on_board(&self, cell: Cell) -> bool {
        self.square(cell) != OFF_BOARD
    }

    /// The cell a knight on `cell` reaches with move `slot` (0..8, textbook order): on the board
    /// or in the moat.
    #[inline(always)]
    pub fn target(&self, cell: Cell, slot: u8) -> Cell {
        Cell(cell.0.wrapping_add(self.steps[usize::from(slot & 7)]))
    }

    /// The knight's moves as cell offsets, in textbook order, for [`Mailbox::target`]'s sum
    /// made elsewhere: wrapping adds stand for negatives.
    #[inline(always)]
    pub fn steps(&self) -> &[u32; 8] {
        &self.steps
    }

    /// The knight's moves as cell offsets a byte each, in textbook order, where each fits in a
    /// byte (a mailbox up to 63 cells wide): `(packed >> 8 * slot) as i8` is move `slot`'s.
    pub fn packed_steps(&self) -> Option<u64> {
        packed_steps(self.width)
    }

    /// Cells per row of the mailbox, moat included.
    #[inline(always)]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Applies `change(entry, 1)` to the entries of `table`, a byte per cell of this mailbox,
    /// of the eight cells a knight's move from `cell`, a square of the board, and hands `each`
    /// every entry's old and new value. Moat cells included: their entries are never read, and
    /// skipping them would cost a test each. How the solver's degrees are kept (see
    /// `Solver::unlink`). Panics if a neighbour would fall outside `table`, which for a square
    /// of the board and a table with an entry per cell none does.
    #[inline(always)]
    pub fn adjust_neighbours(
        &self,
        table: &mut [u8],
        cell: Cell,
        change: fn(u8, u8) -> u8,
        mut each: impl FnMut(u8, u8),
    ) {
        debug_assert_eq!(table.len(), self.len(), "a table with an entry per cell");
        debug_assert!(self.is_on_board(cell), "cell {} is not a square of the board", cell.0);
        // One test for the eight: every knight's move is `reach` cells or fewer either way.
        let reach = 2 * self.width as usize + 1;
        assert!(cell.index() >= reach && cell.index() + reach < table.len(), "a neighbour outside the table");
        for slot in 0..8 {
            let neighbour = self.target(cell, slot).index();
            // SAFETY: `neighbour` is within `reach` of `cell`, which lies `reach` or more from
            // either end of `table` (checked above).
            let entry = unsafe { table.get_unchecked_mut(neighbour) };
            let old = *entry;
            *entry = change(old, 1);
            each(old, *entry);
        }
    }

    /// Per cell, how many squares of the board a knight there reaches; 0 in the moat. A knight's
    /// move is two rows and one column, or one row and two columns, either way each, so a
    /// square's count is the rows two away on the board times the columns one away, plus the
    /// rows one away times the columns two away: a product per square where counting its moves
    /// one by one took eight tests (a million squares are counted for each run of 1000x1000).
    pub fn degrees(&self) -> Vec<u8> {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        // How many of `i - d` and `i + d` lie in `0..len`.
        let within = |i: u32, d: u32, len: u32| u8::from(i >= d) + u8::from(i + d < len);
        let across: Vec<[u8; 2]> =
            (0..cols).map(|col| [within(col, 1, cols), within(col, 2, cols)]).collect();
        let mut degrees = vec![0; self.len()];
        for row in 0..rows {
            let [one, two] = [within(row, 1, rows), within(row, 2, rows)];
            let first = ((row + MOAT) * self.width + MOAT) as usize;
            for (degree, [one_across, two_across]) in
                degrees[first..first + cols as usize].iter_mut().zip(&across)
            {
                *degree = two * one_across + one * two_across;
            }
        }
        degrees
    }

    /// The on-board cells a knight on `cell` reaches, in textbook order.
    pub fn moves(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        (0..8).map(move |slot| self.target(cell, slot)).filter(|&to| self.is_on_board(to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_steps_are_the_steps_a_byte_each() {
        for cols in [1, 8, 12, 13, 59, 60] {
            let mailbox = Mailbox::new(Board::new(5, cols).unwrap());
            let packed = mailbox.packed_steps();
            assert_eq!(packed.is_some(), mailbox.width() <= 63, "{cols} columns");
            assert_eq!(mailbox.width() == NARROW, cols <= 12, "{cols} columns");
            for (slot, &step) in mailbox.steps().iter().enumerate() {
                if let Some(packed) = packed {
                    assert_eq!((packed >> (8 * slot)) as i8 as u32, step, "{cols} columns, slot {slot}");
                }
            }
        }
    }

    #[test]
    fn every_knight_move_from_the_board_lands_inside_the_mailbox() {
        for (rows, cols) in [(1, 1), (1, 7), (3, 4), (8, 8)] {
            let board = Board::new(rows, cols).unwrap();
            let mailbox = Mailbox::new(board);
            for square in board.squares() {
                let cell = mailbox.cell(square);
                assert_eq!(mailbox.square(cell), square);
                for slot in 0..8 {
                    assert!(mailbox.target(cell, slot).index() < mailbox.len());
                }
                let moves: Vec<Square> = mailbox.moves(cell).map(|to| mailbox.square(to)).collect();
                assert_eq!(moves, board.knight_moves(square).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn a_squares_degree_is_the_count_of_its_moves_and_the_moats_is_zero() {
        for (rows, cols) in [(1, 1), (1, 7), (2, 2), (3, 4), (5, 3), (8, 8), (13, 21)] {
            let board = Board::new(rows, cols).unwrap();
            let mailbox = Mailbox::new(board);
            let counted: Vec<u8> = (0..mailbox.len() as u32)
                .map(|cell| {
                    if mailbox.is_on_board(Cell(cell)) {
                        mailbox.moves(Cell(cell)).count() as u8
                    } else {
                        0
                    }
                })
                .collect();
            assert_eq!(mailbox.degrees(), counted, "{board}");
        }
    }
}
