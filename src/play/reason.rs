//! Why no tour can be finished from a position: the rule, the squares it is about, and the
//! words for the person playing.

use std::fmt;

use crate::board::existence::Impossibility;
use crate::board::{Board, Square};
use crate::search::prune::Cut;

/// Why a position is doomed, cheapest rule first (the order the judge tries them in),
/// with the squares each is about. Every one is a proof: none is ever given for a position
/// from which a tour can be finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The first square: no tour starts there (see [`crate::board::existence`]).
    Theorem(Impossibility),
    /// The knight has no free square to move to, and `free` squares are left.
    Stuck { knight: Square, free: u32 },
    /// Free squares with no free neighbour, not next to the knight: nothing leads to them.
    Unreachable { squares: Vec<Square> },
    /// A free square next to the knight with no other free neighbour: the knight could go there
    /// and no further, with other squares left (`free` in all).
    DeadEnd { square: Square, free: u32 },
    /// Closed tours: the start has no free neighbour left to come back from.
    NoWayBack { start: Square },
    /// Free squares with one way left in or out, more than a path has ends for: each would have
    /// to be the square after the knight or, in an open tour, the last one.
    LastSquares { squares: Vec<Square>, closed: bool },
    /// The free squares have fallen apart into these pieces, largest first.
    Pieces { pieces: Vec<Vec<Square>> },
    /// Free squares with one way left in or out, of the wrong colour to end an open tour (a
    /// path through `free` squares from the knight ends on the knight's colour exactly when
    /// `free` is even): each would have to come right after the knight, and it is not next to
    /// it, or there are two.
    LastColour { squares: Vec<Square>, free: u32 },
    /// A board 4 wide: the free outer squares cannot be spaced out among the `free` squares
    /// (Flye Sainte-Marie's rule, see `rules.rs`); `same` of them have
    /// the knight's colour.
    FourWide { outer: Vec<Square>, free: u32, same: u32 },
    /// The completion search tried every way on and none finishes the tour.
    Exhausted,
}

impl Reason {
    /// A short name, for scripts and the page.
    pub fn name(&self) -> &'static str {
        match self {
            Reason::Theorem(_) => "theorem",
            Reason::Stuck { .. } => "stuck",
            Reason::Unreachable { .. } => "unreachable",
            Reason::DeadEnd { .. } => "dead-end",
            Reason::NoWayBack { .. } => "no-way-back",
            Reason::LastSquares { .. } => "last-squares",
            Reason::Pieces { .. } => "pieces",
            Reason::LastColour { .. } => "last-colour",
            Reason::FourWide { .. } => "four-wide",
            Reason::Exhausted => "exhausted",
        }
    }

    /// The pruning rule of the search that is this reason (see `prune.rs`), where there is one:
    /// what the teaching view lights up.
    pub fn cut(&self) -> Option<Cut> {
        match self {
            Reason::Unreachable { .. } | Reason::DeadEnd { .. } => Some(Cut::Stranded),
            Reason::NoWayBack { .. } => Some(Cut::NoWayBack),
            Reason::LastSquares { .. } => Some(Cut::Ends),
            Reason::Pieces { .. } => Some(Cut::Split),
            _ => None,
        }
    }

    /// The squares the reason is about, to mark on the board (the pieces one after the other).
    pub fn squares(&self) -> Vec<Square> {
        match self {
            Reason::Theorem(_) | Reason::Exhausted => Vec::new(),
            Reason::Stuck { knight: square, .. }
            | Reason::DeadEnd { square, .. }
            | Reason::NoWayBack { start: square } => vec![*square],
            Reason::Unreachable { squares }
            | Reason::LastSquares { squares, .. }
            | Reason::LastColour { squares, .. } => squares.clone(),
            Reason::FourWide { outer, .. } => outer.clone(),
            Reason::Pieces { pieces } => pieces.concat(),
        }
    }

    /// The reason in words, with the squares named as `board` names them.
    pub fn describe(&self, board: Board) -> Description<'_> {
        Description { reason: self, board }
    }
}

/// A [`Reason`] in words; see [`Reason::describe`].
pub struct Description<'a> {
    reason: &'a Reason,
    board: Board,
}

impl fmt::Display for Description<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board;
        let name = |square: Square| board.name(square);
        match self.reason {
            Reason::Theorem(impossibility) => write!(f, "{impossibility}"),
            Reason::Stuck { knight, free } => write!(
                f,
                "the knight on {} has no free square to move to, with {}",
                name(*knight),
                squares(*free)
            ),
            Reason::Unreachable { squares } => {
                write!(f, "{} can no longer be reached: {}", names(board, squares), Cut::Stranded)
            }
            Reason::DeadEnd { square, free } => write!(
                f,
                "{} is a dead end: only the knight can get there, and no move would lead on, with \
                 {} left",
                name(*square),
                squares(free - 1)
            ),
            Reason::NoWayBack { start } => write!(f, "{}: {}", name(*start), Cut::NoWayBack),
            Reason::LastSquares { squares, closed: false } => {
                write!(f, "{}: {}", names(board, squares), Cut::Ends)
            }
            Reason::LastSquares { squares, closed: true } => write!(
                f,
                "{}: with one way left in or out, a square can only come straight after the knight \
                 in a closed tour (its last square needs a way back to the start as well), and only \
                 one square next to the knight can",
                names(board, squares)
            ),
            Reason::Pieces { pieces } => {
                let sizes: Vec<String> = pieces.iter().map(|piece| piece.len().to_string()).collect();
                write!(f, "{}: {} pieces, of {} squares", Cut::Split, pieces.len(), and(&sizes))
            }
            Reason::LastColour { squares: ends, free } => write!(
                f,
                "{}: with one way left in or out, {} only begin or end the rest of the tour, but a \
                 knight changes colour with every move, so a path from the knight through the {} \
                 ends on {}; {} the other, so {} have to come right after the knight",
                names(board, ends),
                if ends.len() == 1 { "it can" } else { "each can" },
                squares(*free),
                if free % 2 == 0 { "the knight's colour" } else { "the other colour" },
                if ends.len() == 1 { "it has" } else { "they have" },
                if ends.len() == 1 { "it would" } else { "each would" },
            ),
            Reason::FourWide { outer, free, same } => write!(
                f,
                "on a board 4 wide every move from an outer line lands on an inner one, so no two \
                 outer squares can follow each other; a knight also changes colour with every move, \
                 so of the {} free outer squares the {} of the knight's colour must come an even \
                 number of moves after it and the {} others an odd number: the {} leave no room \
                 for that (Flye Sainte-Marie 1877)",
                outer.len(),
                same,
                outer.len() as u32 - same,
                squares(*free)
            ),
            Reason::Exhausted => {
                f.write_str("no completion exists: an exhaustive search tried every way on from here")
            }
        }
    }
}

/// `n` squares, in words: "1 free square", "12 free squares".
fn squares(n: u32) -> String {
    format!("{n} free square{}", if n == 1 { "" } else { "s" })
}

/// The squares' names as a list in words; a long list is cut short with a count of the rest.
fn names(board: Board, squares: &[Square]) -> String {
    const SHOWN: usize = 6;
    let mut words: Vec<String> = squares.iter().take(SHOWN).map(|&square| board.name(square)).collect();
    if squares.len() > SHOWN {
        words.push(format!("{} more", squares.len() - SHOWN));
    }
    and(&words)
}

/// "a", "a and b", "a, b and c".
fn and(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
