//! A completion for a move off the witness, found by turning the witness (Pósa's rotations).
//!
//! After the knight, the witness runs through every free square, from its *head* (the square it
//! takes next) to the end of the tour; the square the player moved to lies somewhere on it. A
//! path whose head is a knight's move from a square further along it can be turned about that
//! square: the move into the square is cut, the head linked to it instead, and the stretch
//! before it comes first, reversed. The turned path covers the same squares, ends where it
//! ended, and has a new head: the square that came before. If a few turns make the player's
//! square the head, the turned witness finishes the tour from the move (Pósa 1976 turns paths
//! so to find Hamiltonian cycles in random graphs; a knight's neighbours lie close by, so a few
//! turns reach most squares around the knight).
//!
//! Turns are tried breadth first, up to [`TURNS`] deep, each looked at in a few loads: turns
//! are kept as the list of stretches they reverse and only the one that works is carried out.
//! Most moves off the witness are settled so in microseconds, whatever the board's size, where
//! a new search would take a pass over the board; where none works, the game searches afresh.

use crate::board::{Board, Square};

/// How many turns deep the search for a new head goes; each new head is turned about at most
/// eight squares, and a head reached once is not tried again.
const TURNS: usize = 5;

/// Turns the witness so that it takes `moved` right after the knight's square: the path before
/// the move is `witness[..head]`, and `at` is the place of every square in the witness, kept up
/// to date. Says whether it could.
pub(crate) fn repair(
    board: Board,
    witness: &mut [Square],
    at: &mut [u32],
    head: usize,
    moved: Square,
) -> bool {
    let Some(turns) = turns_to(board, witness, at, head as u32, moved) else { return false };
    for &end in &turns {
        witness[head..end as usize].reverse();
        for (place, square) in witness.iter().enumerate().take(end as usize).skip(head) {
            at[square.index()] = place as u32;
        }
    }
    debug_assert_eq!(witness[head], moved);
    true
}

/// The turns (each the end of the stretch `witness[head..end]` it reverses) that make `moved`
/// the head, breadth first; `None` if none within [`TURNS`] do.
fn turns_to(board: Board, witness: &[Square], at: &[u32], head: u32, moved: Square) -> Option<Vec<u32>> {
    let mut level: Vec<Vec<u32>> = vec![Vec::new()];
    let mut heads = vec![witness[head as usize]];
    for _ in 0..TURNS {
        let mut next = Vec::new();
        for turns in &level {
            let turned = Turned { witness, at, head, turns };
            let first = turned.square(head);
            for neighbour in board.knight_moves(first) {
                let place = at[neighbour.index()];
                if place < head {
                    continue; // on the path
                }
                let place = turned.place(place);
                if place <= head + 1 {
                    continue; // the head itself, or already its next
                }
                let new_head = turned.square(place - 1);
                let mut longer = turns.clone();
                longer.push(place);
                if new_head == moved {
                    return Some(longer);
                }
                if !heads.contains(&new_head) {
                    heads.push(new_head);
                    next.push(longer);
                }
            }
        }
        level = next;
    }
    None
}

/// The witness with some turns made, without making them: places mapped through each reversal.
struct Turned<'a> {
    witness: &'a [Square],
    at: &'a [u32],
    head: u32,
    turns: &'a [u32],
}

impl Turned<'_> {
    /// Where a square at `place` in the witness is once the turns are made.
    fn place(&self, mut place: u32) -> u32 {
        for &end in self.turns {
            if (self.head..end).contains(&place) {
                place = self.head + end - 1 - place;
            }
        }
        place
    }

    /// The square at `place` once the turns are made: each reversal undone, last first.
    fn square(&self, mut place: u32) -> Square {
        for &end in self.turns.iter().rev() {
            if (self.head..end).contains(&place) {
                place = self.head + end - 1 - place;
            }
        }
        debug_assert!(self.at[self.witness[place as usize].index()] == place);
        self.witness[place as usize]
    }
}
