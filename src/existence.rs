//! What mathematics already knows about whether a tour exists, decided before any search.

use std::fmt;

use crate::board::{Board, Colour, Square};

/// The answer of the theorems: a tour certainly exists, certainly does not, or they do not say
/// and only a search can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Yes(Proof),
    No(Impossibility),
    Unknown,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// A 1×1 board is toured by standing still.
    SingleSquare,
    /// Schwenk's theorem gives a closed tour, and a closed tour can be started anywhere.
    ClosedTourExists { rows: u32, cols: u32 },
}

/// A reason no tour can exist, each a theorem or a counting argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Impossibility {
    ClosedBothSidesOdd { rows: u32, cols: u32 },
    ClosedNarrow { rows: u32, cols: u32, side: u32 },
    ClosedThreeRows { rows: u32, cols: u32 },
    OneWide { rows: u32, cols: u32 },
    TwoWide { rows: u32, cols: u32 },
    ThreeByThree,
    SmallBoard { rows: u32, cols: u32 },
    MinorityColour { rows: u32, cols: u32 },
}

/// Closed tours, by Schwenk (1991): an m×n board with m ≤ n has none exactly when m and n are
/// both odd, or m is 1, 2 or 4, or m is 3 and n is 4, 6 or 8.
pub fn closed_tour(board: Board) -> Verdict {
    let (rows, cols) = (board.rows(), board.cols());
    let (m, n) = (rows.min(cols), rows.max(cols));
    if m % 2 == 1 && n % 2 == 1 {
        Verdict::No(Impossibility::ClosedBothSidesOdd { rows, cols })
    } else if matches!(m, 1 | 2 | 4) {
        Verdict::No(Impossibility::ClosedNarrow { rows, cols, side: m })
    } else if m == 3 && matches!(n, 4 | 6 | 8) {
        Verdict::No(Impossibility::ClosedThreeRows { rows, cols })
    } else {
        Verdict::Yes(Proof::ClosedTourExists { rows, cols })
    }
}

/// Open tours from `start`. None exist on 1×n (n > 1), 2×n, 3×3, 3×5, 3×6 and 4×4 (Cull and
/// De Curtins 1978; Conrad et al. 1994); on a board with an odd number of squares a tour
/// alternates colours and so has one more square of its first colour than of the other, which
/// must therefore be the majority colour, the corners'. Where a closed tour exists, every start
/// has a tour. Everything else is left to the search.
pub fn open_tour(board: Board, start: Square) -> Verdict {
    let (rows, cols) = (board.rows(), board.cols());
    let (m, n) = (rows.min(cols), rows.max(cols));
    match (m, n) {
        (1, 1) => return Verdict::Yes(Proof::SingleSquare),
        (1, _) => return Verdict::No(Impossibility::OneWide { rows, cols }),
        (2, _) => return Verdict::No(Impossibility::TwoWide { rows, cols }),
        (3, 3) => return Verdict::No(Impossibility::ThreeByThree),
        (3, 5) | (3, 6) | (4, 4) => return Verdict::No(Impossibility::SmallBoard { rows, cols }),
        _ => {}
    }
    if board.len() % 2 == 1 && board.colour(start) == Colour::Other {
        return Verdict::No(Impossibility::MinorityColour { rows, cols });
    }
    match closed_tour(board) {
        yes @ Verdict::Yes(_) => yes,
        _ => Verdict::Unknown,
    }
}

/// The verdict for the tour a search with these settings looks for.
pub fn tour(board: Board, start: Square, closed: bool) -> Verdict {
    if closed {
        closed_tour(board)
    } else {
        open_tour(board, start)
    }
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Proof::SingleSquare => f.write_str("a 1x1 board is toured by the start square alone"),
            Proof::ClosedTourExists { rows, cols } => write!(
                f,
                "a closed tour exists on {rows}x{cols} (Schwenk 1991), and a closed tour can be \
                 started from any square"
            ),
        }
    }
}

impl fmt::Display for Impossibility {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Impossibility::ClosedBothSidesOdd { rows, cols } => write!(
                f,
                "no closed tour on {rows}x{cols}: a knight changes colour with every move, so a \
                 closed tour needs an even number of squares, and {rows}x{cols} has {} (Schwenk 1991)",
                rows * cols
            ),
            Impossibility::ClosedNarrow { rows, cols, side: 4 } => write!(
                f,
                "no closed tour on {rows}x{cols}: on a board 4 wide every move from an outer line \
                 lands on an inner one, and the lines hold equally many squares, so a closed tour \
                 must alternate outer and inner; as it also alternates colours, it would only \
                 ever visit outer squares of one colour (Schwenk 1991)"
            ),
            Impossibility::ClosedNarrow { rows, cols, side } => write!(
                f,
                "no closed tour on {rows}x{cols}: on a board {side} square{} wide a corner square \
                 has fewer than two moves, so no cycle can pass through it (Schwenk 1991)",
                if side == 1 { "" } else { "s" }
            ),
            Impossibility::ClosedThreeRows { rows, cols } => write!(
                f,
                "no closed tour on {rows}x{cols}: 3x4, 3x6 and 3x8 are the exceptions among 3-wide \
                 boards of even length (Schwenk 1991); closed tours exist from 3x10 on"
            ),
            Impossibility::OneWide { rows, cols } => {
                write!(f, "no tour on {rows}x{cols}: on a board one square wide a knight cannot move at all")
            }
            Impossibility::TwoWide { rows, cols } => write!(
                f,
                "no tour on {rows}x{cols}: on a board two squares wide each square has at most two \
                 moves and the squares split into separate chains, so no path covers them all"
            ),
            Impossibility::ThreeByThree => {
                f.write_str("no tour on 3x3: a knight on the centre square has no move, and none leads to it")
            }
            Impossibility::SmallBoard { rows, cols } => write!(
                f,
                "no tour on {rows}x{cols}, from any square: shown by exhaustive search; 3x3, 3x5, \
                 3x6 and 4x4 are the only boards at least 3 wide without one (Conrad et al. 1994)"
            ),
            Impossibility::MinorityColour { rows, cols } => write!(
                f,
                "no tour from this square: {rows}x{cols} has an odd number of squares, one more of \
                 the corners' colour than of the other, and a knight alternates colours, so a tour \
                 must start (and end) on the corners' colour"
            ),
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Yes(proof) => write!(f, "yes: {proof}"),
            Verdict::No(reason) => write!(f, "no: {reason}"),
            Verdict::Unknown => {
                f.write_str("unknown: no theorem settles this board and start; `knights-tour solve` searches")
            }
        }
    }
}
