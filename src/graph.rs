//! The knight's-move graph of a board, built once so the search never recomputes geometry.

use crate::board::{Board, Square};

/// Each square's knight moves in textbook order, packed at the front of an eight-slot row.
/// Eight slots per square cost some memory on large boards but let the search find a move with
/// one multiply and one load, which is most of what the fixed-order hot loop does.
pub struct KnightGraph {
    board: Board,
    targets: Vec<[Square; 8]>,
    counts: Vec<u8>,
}

impl KnightGraph {
    pub fn new(board: Board) -> KnightGraph {
        let len = board.len() as usize;
        let mut targets = Vec::with_capacity(len);
        let mut counts = Vec::with_capacity(len);
        for square in board.squares() {
            let mut row = [Square(0); 8];
            let mut count = 0;
            for to in board.knight_moves(square) {
                row[count] = to;
                count += 1;
            }
            targets.push(row);
            counts.push(count as u8);
        }
        KnightGraph { board, targets, counts }
    }

    pub fn board(&self) -> Board {
        self.board
    }

    /// The squares a knight on `square` reaches, in textbook order.
    pub fn moves(&self, square: Square) -> &[Square] {
        &self.targets[square.index()][..self.move_count(square)]
    }

    pub fn move_count(&self, square: Square) -> usize {
        usize::from(self.counts[square.index()])
    }

    /// The `slot`-th move from `square`, where `slot < move_count(square)`.
    #[inline(always)]
    pub fn target(&self, square: Square, slot: u8) -> Square {
        debug_assert!(usize::from(slot) < self.move_count(square));
        // SAFETY: squares come from this graph's board, whose every square has a row, and slots
        // are below the row's move count, itself at most 8; checked in debug builds above.
        unsafe { *self.targets.get_unchecked(square.index()).get_unchecked(usize::from(slot)) }
    }
}
