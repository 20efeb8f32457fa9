//! Why no tour can be finished from a position: the rule, the squares it is about, and the
//! words for the person playing.

use std::fmt;

use crate::board::existence::Impossibility;
use crate::board::{Board, Square};
use crate::search::prune::Cut;

/// Why a position is doomed, cheapest rule first (the order the judge tries them in),
/// with the squares each is about, in the order of their names ([`Board::sort_by_name`]). Every
/// one is a proof: none is ever given for a position from which a tour can be finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The first square: no tour starts there (see [`crate::board::existence`]).
    Theorem(Impossibility),
    /// The knight has no free square to move to, and `free` squares are left.
    Stuck { knight: Square, free: u32 },
    /// Free squares with no free neighbour, not next to the knight: nothing leads to them.
    Unreachable { squares: Vec<Square> },
    /// A free square next to the knight with no other free neighbour (nor, for a closed tour, the
    /// start): the knight could go there and no further, with other squares left (`free` in all),
    /// or, the last square of a closed tour, not back to the start.
    DeadEnd { square: Square, knight: Square, free: u32, closed: bool, start: Square },
    /// Closed tours: the start has no free neighbour left to come back from.
    NoWayBack { start: Square },
    /// Free squares with one way left in or out (see `End`), more than the path has room for:
    /// a square in the middle of a path needs a way in and a way out, so each of them can only
    /// be the square the knight steps onto next or, in an open tour, the last one.
    LastSquares { ends: Vec<End>, closed: bool },
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

/// A free square with one way left in or out: `way`, its one free neighbour, or for a closed
/// tour the start, its way back (`back`). `near`: the knight could step onto it next (which is
/// no way of its own: the knight's square is on the path).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    pub square: Square,
    pub way: Square,
    pub back: bool,
    pub near: bool,
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
            Reason::Unreachable { squares } | Reason::LastColour { squares, .. } => squares.clone(),
            Reason::LastSquares { ends, .. } => ends.iter().map(|end| end.square).collect(),
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
            Reason::Unreachable { squares } => write!(
                f,
                "{} can no longer be reached: no free square is a knight's move from {}, and neither \
                 is the knight",
                names(board, squares),
                if squares.len() == 1 { "it" } else { "any of them" }
            ),
            Reason::DeadEnd { square, knight, free, closed, start } => {
                write!(
                    f,
                    "{} can now be entered only from {}, where the knight stands, ",
                    name(*square),
                    name(*knight)
                )?;
                match (*free, *closed) {
                    (1, true) => write!(
                        f,
                        "and it is the last free square, not a knight's move from the start, {}: the \
                         tour could not close",
                        name(*start)
                    ),
                    (free, _) => write!(
                        f,
                        "and it has no way out: the knight would stop there with {} left",
                        squares(free - 1)
                    ),
                }
            }
            Reason::NoWayBack { start } => write!(f, "{}: {}", name(*start), Cut::NoWayBack),
            Reason::LastSquares { ends, closed } => last_squares(f, board, ends, *closed),
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

/// [`Reason::LastSquares`] in words: the squares with the one way each has left, and why they
/// are too many, in terms a student can check on the board.
fn last_squares(f: &mut fmt::Formatter<'_>, board: Board, ends: &[End], closed: bool) -> fmt::Result {
    let each: Vec<String> = ends
        .iter()
        .map(|end| {
            let back = if end.back { ", the way back to the start" } else { "" };
            format!("{} (only {}{back})", board.name(end.square), board.name(end.way))
        })
        .collect();
    let one = ends.len() == 1;
    let near: Vec<Square> = ends.iter().filter(|end| end.near).map(|end| end.square).collect();
    write!(
        f,
        "{} {} just one {}",
        listed(each),
        if one { "has" } else { "each have" },
        if closed { "way in or out left" } else { "free square a knight's move away" },
    )?;
    if closed {
        f.write_str(
            ". In a closed tour every square needs a way in and a way out, the last one too (its way \
             out leads back to the start), so a square with one way left can only be the square the \
             knight steps onto next",
        )?;
        return if near.len() == ends.len() {
            f.write_str(", and the knight can step onto only one of them")
        } else {
            write!(f, ", and the knight is not a knight's move from {}", if one { "it" } else { "them" })
        };
    }
    f.write_str(
        ". A square in the middle of a path needs one square before it and one after, so each must be \
         the square the knight steps onto next or the last square",
    )?;
    if near.is_empty() {
        return write!(
            f,
            ", and the knight is not a knight's move from {}: each could only be the last square, and \
             a path has one",
            if one { "it" } else { "any of them" }
        );
    }
    let beside = if near.len() == ends.len() {
        "all are a knight's move from it".to_string()
    } else {
        format!(
            "{} {} a knight's move from it",
            names(board, &near),
            if near.len() == 1 { "is" } else { "are" }
        )
    };
    let others = ends.len() - 1;
    write!(
        f,
        ". The knight can step onto only one of them ({beside}), so the other {} would {} have to be \
         the last square",
        count_word(others),
        if others == 2 { "both" } else { "all" }
    )
}

/// A small count in words: "two", "three"; figures from ten on.
fn count_word(n: usize) -> String {
    const WORDS: [&str; 10] = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
    WORDS.get(n).map_or_else(|| n.to_string(), |word| word.to_string())
}

/// `n` squares, in words: "1 free square", "12 free squares".
fn squares(n: u32) -> String {
    format!("{n} free square{}", if n == 1 { "" } else { "s" })
}

/// The squares' names as a list in words; a long list is cut short with a count of the rest.
fn names(board: Board, squares: &[Square]) -> String {
    listed(squares.iter().map(|&square| board.name(square)).collect())
}

/// Words for squares as a list in words; a long list is cut short with a count of the rest.
fn listed(mut words: Vec<String>) -> String {
    const SHOWN: usize = 6;
    if words.len() > SHOWN {
        let more = words.len() - SHOWN;
        words.truncate(SHOWN);
        words.push(format!("{more} more"));
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
