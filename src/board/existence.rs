//! What is known about whether a tour exists, decided before any search: a theorem, a counting
//! argument, or a computation that settled the question for good, each stated in words.

use std::fmt;

use crate::board::{Board, Colour, Coord, Square};

/// Whether a tour exists, and why: every board and start has an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Yes(Proof),
    No(Impossibility),
}

/// A reason a tour exists: a theorem, or a computation where no published proof covers the case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// A 1×1 board is toured by standing still.
    SingleSquare,
    /// Schwenk's theorem gives a closed tour, and a closed tour can be started anywhere.
    ClosedTourExists { rows: u32, cols: u32 },
    /// An odd square board from 7×7 on, from a square of the corners' colour.
    OddSquareBoard { side: u32 },
    /// Any other board with both sides at least 5 and an odd area, from the corners' colour.
    CornersColour { rows: u32, cols: u32 },
    /// A board 4 wide and at least 5 long, from one of its two outer lines.
    FourWideOuterLine { rows: u32, cols: u32 },
    /// A board 3 wide without a closed tour, from one of the squares that start an open one.
    ThreeWide { rows: u32, cols: u32 },
}

/// A reason no tour can exist: a theorem, a counting argument, or an exhaustive search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Impossibility {
    /// A closed tour alternates colours, so it needs an even number of squares.
    ClosedBothSidesOdd { rows: u32, cols: u32 },
    /// Boards 1, 2 or 4 wide have no closed tour (Schwenk 1991).
    ClosedNarrow { rows: u32, cols: u32, side: u32 },
    /// 3×4, 3×6 and 3×8 have no closed tour (Schwenk 1991).
    ClosedThreeRows { rows: u32, cols: u32 },
    /// On a board one square wide the knight cannot move.
    OneWide { rows: u32, cols: u32 },
    /// On a board two squares wide the moves form separate chains.
    TwoWide { rows: u32, cols: u32 },
    /// The centre of 3×3 has no move.
    ThreeByThree,
    /// 3×5 and 3×6 have no tour from any square, by exhaustive search.
    SmallBoard { rows: u32, cols: u32 },
    /// 4×4 has no tour from any square: its corners and its four centre squares leave too few
    /// ways in and out for the rest (see [`Impossibility::grounds`]).
    FourByFour,
    /// On a board with an odd number of squares a tour starts on the corners' colour.
    MinorityColour { rows: u32, cols: u32 },
    /// On a board 4 wide a tour starts on an outer line (Flye Sainte-Marie 1877).
    FourWideInnerLine { rows: u32, cols: u32 },
    /// One of the few squares of 3×4, 3×7 and 3×8 that start no tour although others do, by
    /// exhaustive search.
    ThreeWideSquare { rows: u32, cols: u32 },
}

/// What might give a tour where a theorem rules one out: the page words it, the core decides it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Remedy {
    /// Ask for an open tour instead of a closed one.
    OpenTour,
    /// Start on one of the two outer lines of a board 4 wide.
    OuterLine,
    /// Start on a square of the corners' colour.
    CornersColour,
    /// Start on another square of the same board.
    OtherSquare,
    /// No square of this board will do.
    OtherBoard,
}

impl Remedy {
    /// What to do, in words that follow "try …" or stand as a sentence; `None` for a closed tour
    /// that cannot be had, where what to do depends on whether an open tour can (the page asks
    /// again).
    pub fn advice(self) -> Option<&'static str> {
        match self {
            Remedy::OpenTour => None,
            Remedy::OuterLine => Some("start on one of the two outer lines"),
            Remedy::CornersColour => Some("start on a square of the corners' colour"),
            Remedy::OtherSquare => Some("try another square"),
            Remedy::OtherBoard => Some("try another board"),
        }
    }

    /// The remedy's name, as the binding hands it to the page.
    pub fn name(self) -> &'static str {
        match self {
            Remedy::OpenTour => "open-tour",
            Remedy::OuterLine => "outer-line",
            Remedy::CornersColour => "corners-colour",
            Remedy::OtherSquare => "other-square",
            Remedy::OtherBoard => "other-board",
        }
    }
}

impl Impossibility {
    /// What would get round it: another kind of tour, another start, or another board.
    pub fn remedy(self) -> Remedy {
        match self {
            Impossibility::ClosedBothSidesOdd { .. }
            | Impossibility::ClosedNarrow { .. }
            | Impossibility::ClosedThreeRows { .. } => Remedy::OpenTour,
            Impossibility::FourWideInnerLine { .. } => Remedy::OuterLine,
            Impossibility::MinorityColour { .. } => Remedy::CornersColour,
            Impossibility::ThreeWideSquare { .. } => Remedy::OtherSquare,
            Impossibility::OneWide { .. }
            | Impossibility::TwoWide { .. }
            | Impossibility::ThreeByThree
            | Impossibility::SmallBoard { .. }
            | Impossibility::FourByFour => Remedy::OtherBoard,
        }
    }
}

/// Boards to suggest for a closed tour from any square: the smallest square ones with a closed
/// tour (Schwenk 1991), which can be started anywhere.
pub const CLOSED_TOUR_BOARDS: [(u32, u32); 2] = [(6, 6), (8, 8)];

/// Every board at least this many squares each way has a tour (Conrad, Hindrichs, Morsy and
/// Wegener 1994; 3x3, 3x5, 3x6 and 4x4 are the boards at least 3 wide without one).
pub const TOURED_FROM: u32 = 5;

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

/// Open tours from `start`, stated for the board turned to m×n with m ≤ n (a tour of the
/// transposed board is the same tour, transposed), with (i, j) the start's row and column there:
///
/// - 1×1: yes; other 1×n and every 2×n: no.
/// - 3×n: none for n = 3, 5, 6; on 3×4 only the end columns j = 0 and 3; on 3×7 the corners'
///   colour except the centre (1, 3); on 3×8 every square but (1, 2) and (1, 5); from n = 9 on,
///   the corners' colour for odd n and every square for even n. The "no"s that colour does not
///   explain are found by exhaustive search, the "yes"s without a closed tour by computation.
/// - 4×n: none for n ≤ 4; for n ≥ 5 exactly the outer lines i = 0 and 3. Flye Sainte-Marie
///   (1877) proves that both ends of a tour lie on the outer lines; that every outer square
///   starts one is computed.
/// - Both sides at least 5: every square when the area is even (Schwenk 1991 gives a closed
///   tour); the corners' colour when it is odd. No other colour can work (a tour alternates
///   colours, and the corners' colour has one square more); that each such square does is
///   proved for square boards from 7×7 on (Conrad, Hindrichs, Morsy and Wegener 1994) and
///   computed for the rest.
///
/// A board with a closed tour has one from every start (Schwenk 1991); that covers even areas
/// from 3×10 and 5×6 on.
pub fn open_tour(board: Board, start: Square) -> Verdict {
    match impossibility(board, start) {
        Some(reason) => Verdict::No(reason),
        None => Verdict::Yes(proof(board)),
    }
}

/// Why no open tour starts at `start`, if none does.
fn impossibility(board: Board, start: Square) -> Option<Impossibility> {
    let (rows, cols) = (board.rows(), board.cols());
    let Upright { m, n, i, j } = Upright::of(board, start);
    let exception = Impossibility::ThreeWideSquare { rows, cols };
    match (m, n) {
        (1, 1) => None,
        (1, _) => Some(Impossibility::OneWide { rows, cols }),
        (2, _) => Some(Impossibility::TwoWide { rows, cols }),
        (3, 3) => Some(Impossibility::ThreeByThree),
        (3, 5) | (3, 6) => Some(Impossibility::SmallBoard { rows, cols }),
        (4, 4) => Some(Impossibility::FourByFour),
        (3, 4) if j == 1 || j == 2 => Some(exception),
        (3, 7) if (i, j) == (1, 3) => Some(exception),
        (3, 8) if i == 1 && (j == 2 || j == 5) => Some(exception),
        (4, _) if i == 1 || i == 2 => Some(Impossibility::FourWideInnerLine { rows, cols }),
        _ if board.len() % 2 == 1 && board.colour(start) == Colour::Other => {
            Some(Impossibility::MinorityColour { rows, cols })
        }
        _ => None,
    }
}

/// Why an open tour exists on `board` from any start that [`impossibility`] lets through.
fn proof(board: Board) -> Proof {
    let (rows, cols) = (board.rows(), board.cols());
    let (m, n) = (rows.min(cols), rows.max(cols));
    if let Verdict::Yes(proof) = closed_tour(board) {
        return proof;
    }
    match m {
        1 => Proof::SingleSquare,
        3 => Proof::ThreeWide { rows, cols },
        4 => Proof::FourWideOuterLine { rows, cols },
        _ if m == n && m >= 7 => Proof::OddSquareBoard { side: m },
        _ => Proof::CornersColour { rows, cols },
    }
}

/// A square in the coordinates of the board turned so that it has no more rows than columns.
struct Upright {
    m: u32,
    n: u32,
    i: u32,
    j: u32,
}

impl Upright {
    fn of(board: Board, square: Square) -> Upright {
        let Coord { row, col } = board.coord(square);
        if board.rows() <= board.cols() {
            Upright { m: board.rows(), n: board.cols(), i: row, j: col }
        } else {
            Upright { m: board.cols(), n: board.rows(), i: col, j: row }
        }
    }
}

/// What a page is told of the tour it asks for, decided without a search: whether an open
/// (or, with `closed`, a closed) tour starts on the start, why in words, what to try instead
/// where none does, and whether the board has a closed tour at all.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    pub tour: bool,
    pub reason: String,
    /// The [`Remedy`]'s name, and its advice in words, where there is no tour.
    pub remedy: Option<&'static str>,
    pub advice: Option<&'static str>,
    pub closed_tour: bool,
}

pub fn answer(board: Board, start: Square, closed: bool) -> Answer {
    let verdict = tour(board, start, closed);
    let remedy = match verdict {
        Verdict::No(impossibility) => Some(impossibility.remedy()),
        Verdict::Yes(_) => None,
    };
    Answer {
        tour: remedy.is_none(),
        reason: verdict.to_string(),
        remedy: remedy.map(Remedy::name),
        advice: remedy.and_then(Remedy::advice),
        closed_tour: matches!(closed_tour(board), Verdict::Yes(_)),
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
        match *self {
            Proof::SingleSquare => f.write_str("a 1×1 board is toured by the start square alone"),
            Proof::ClosedTourExists { rows, cols } => write!(
                f,
                "a closed tour exists on {rows}×{cols} (Schwenk 1991), and a closed tour can be \
                 started from any square"
            ),
            Proof::OddSquareBoard { side } => write!(
                f,
                "on a square board from 6×6 on, a path through every square joins any two squares \
                 the colours allow (Conrad, Hindrichs, Morsy and Wegener 1994); on {side}×{side} \
                 those are the squares of the corners' colour, such as this one"
            ),
            Proof::CornersColour { rows, cols } => write!(
                f,
                "{rows}×{cols} has an odd number of squares, so a tour must start on the corners' \
                 colour, as this square does; that every such square starts one is shown by \
                 computation: divide and conquer builds it around an odd tile of at most 11×11 \
                 that holds the start, checked from every start of every board up to 30×30 (a \
                 published proof covers only the square boards from 7×7 on, Conrad et al. 1994)"
            ),
            Proof::FourWideOuterLine { rows, cols } => write!(
                f,
                "on {rows}×{cols} a tour must start on one of the two outer lines (Flye \
                 Sainte-Marie 1877), as this square does; that every such square starts one is \
                 shown by construction: a tour of a block of 5 to 10 columns around the start, \
                 found by search for every such block and start, grows three columns at a time to \
                 any length (IBM Ponder This, December 2001)"
            ),
            Proof::ThreeWide { rows, cols } => write!(
                f,
                "a tour starts from this square of {rows}×{cols}: shown by construction, a tour of \
                 a block of 7 to 14 columns around the start, found by search for every such block \
                 and start, growing four columns at a time to any length"
            ),
        }
    }
}

impl Impossibility {
    /// What is ruled out: a tour from this start, or any tour (or closed tour) of the board.
    pub fn claim(self) -> String {
        match self {
            Impossibility::ClosedBothSidesOdd { rows, cols }
            | Impossibility::ClosedNarrow { rows, cols, .. }
            | Impossibility::ClosedThreeRows { rows, cols } => format!("no closed tour on {rows}×{cols}"),
            Impossibility::OneWide { rows, cols } | Impossibility::TwoWide { rows, cols } => {
                format!("no tour on {rows}×{cols}")
            }
            Impossibility::ThreeByThree => "no tour on 3×3".to_string(),
            Impossibility::SmallBoard { rows, cols } => format!("no tour on {rows}×{cols}, from any square"),
            Impossibility::FourByFour => "no tour on 4×4, from any square".to_string(),
            Impossibility::MinorityColour { .. }
            | Impossibility::FourWideInnerLine { .. }
            | Impossibility::ThreeWideSquare { .. } => "no tour from this square".to_string(),
        }
    }

    /// Whether the claim is about this start only: another square of the board may do.
    pub fn is_about_the_start(self) -> bool {
        matches!(
            self,
            Impossibility::MinorityColour { .. }
                | Impossibility::FourWideInnerLine { .. }
                | Impossibility::ThreeWideSquare { .. }
        )
    }

    /// The reason for a heading that says already that no tour starts here: the grounds alone
    /// where the claim is about this start, the whole reason where it is about the board.
    pub fn beyond_the_start(self) -> String {
        if self.is_about_the_start() {
            self.grounds()
        } else {
            self.to_string()
        }
    }

    /// Why the claim holds: the theorem, the count or the search.
    pub fn grounds(self) -> String {
        match self {
            Impossibility::ClosedBothSidesOdd { rows, cols } => format!(
                "a knight changes colour with every move, so a closed tour needs an even number of \
                 squares, and {rows}×{cols} has {} (Schwenk 1991)",
                rows * cols
            ),
            Impossibility::ClosedNarrow { side: 4, .. } => "on a board 4 wide every move from an outer \
                 line lands on an inner one, and the lines hold equally many squares, so a closed tour \
                 must alternate outer and inner; as it also alternates colours, it would only ever \
                 visit outer squares of one colour (Schwenk 1991)"
                .to_string(),
            Impossibility::ClosedNarrow { side, .. } => format!(
                "on a board {side} square{} wide a corner square has fewer than two moves, so no \
                 cycle can pass through it (Schwenk 1991)",
                if side == 1 { "" } else { "s" }
            ),
            Impossibility::ClosedThreeRows { .. } => "3×4, 3×6 and 3×8 are the exceptions among 3-wide \
                 boards of even length (Schwenk 1991); closed tours exist from 3×10 on"
                .to_string(),
            Impossibility::OneWide { .. } => {
                "on a board one square wide a knight cannot move at all".to_string()
            }
            Impossibility::TwoWide { .. } => "on a board two squares wide each square has at most two \
                 moves and the squares split into separate chains, so no path covers them all"
                .to_string(),
            Impossibility::ThreeByThree => {
                "a knight on the centre square has no move, and none leads to it".to_string()
            }
            Impossibility::SmallBoard { .. } => "an exhaustive search, made once and for all, finds \
                 none; 3×3, 3×5, 3×6 and 4×4 are the only boards at least 3 wide without one (Conrad \
                 et al. 1994)"
                .to_string(),
            Impossibility::FourByFour => FOUR_BY_FOUR.to_string(),
            Impossibility::MinorityColour { rows, cols } => format!(
                "{rows}×{cols} has an odd number of squares, one more of the corners' colour than of \
                 the other, and a knight alternates colours, so a tour must start (and end) on the \
                 corners' colour"
            ),
            Impossibility::FourWideInnerLine { rows, cols } => format!(
                "on {rows}×{cols} every move from an outer line lands on an inner one, and the outer \
                 lines hold as many squares as the inner ones; a tour from an inner square would have \
                 to alternate inner and outer all the way, and as it also alternates colours it would \
                 visit the outer squares of one colour only, so every tour starts and ends on an \
                 outer line (Flye Sainte-Marie 1877)"
            ),
            Impossibility::ThreeWideSquare { rows, cols } => {
                let which = match rows.max(cols) {
                    4 => "only the squares of the two short edges start one",
                    7 => "every square of the corners' colour but the centre starts one",
                    _ => "every square but this one and its mirror image starts one",
                };
                format!("shown by exhaustive search; on {rows}×{cols} {which}")
            }
        }
    }
}

/// Why 4×4 has no tour, in words a class can check on the board (the facts it rests on are
/// checked in this module's tests). A square inside a path has two neighbours on it; an end, one.
const FOUR_BY_FOUR: &str = "each corner can be reached only from two centre squares, the same two \
     as the opposite corner: a1 and d4 only from b3 and c2, a4 and d1 only from b2 and c3. A corner \
     inside a path uses both, so if neither a1 nor d4 ended the path, b3, a1, c2 and d4 would close \
     a loop within it: one of them is an end, and so is one of a4 and d1. Then the centre squares, \
     none of them an end, have eight neighbours on the path in all, and the corners take six (two \
     for each corner inside the path, one for each end), leaving two for the other eight squares. \
     Those form two rings of four, b1 a3 c4 d2 and c1 a2 b4 d3, which reach the rest of the board \
     only through the centre squares; holding no end, each ring must be entered and left, which \
     takes four. 3×3, 3×5, 3×6 and 4×4 are the only boards at least 3 wide without a tour \
     (Conrad et al. 1994)";

impl fmt::Display for Impossibility {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.claim(), self.grounds())
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Yes(proof) => write!(f, "yes: {proof}"),
            Verdict::No(reason) => write!(f, "no: {reason}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The facts the words on 4×4 rest on, read off the board's own moves.
    #[test]
    fn the_four_by_four_argument_holds_on_the_board() {
        let board = Board::new(4, 4).unwrap();
        let squares = |names: &str| -> Vec<Square> {
            let mut list: Vec<Square> =
                names.split(' ').map(|name| board.parse_square(name).unwrap()).collect();
            list.sort();
            list
        };
        let moves = |square: Square| -> Vec<Square> {
            let mut list: Vec<Square> = board.knight_moves(square).collect();
            list.sort();
            list
        };
        let centre = squares("b2 b3 c2 c3");
        // Opposite corners share their two moves, both to centre squares.
        for (corners, centres) in [("a1 d4", "b3 c2"), ("a4 d1", "b2 c3")] {
            for corner in squares(corners) {
                assert_eq!(moves(corner), squares(centres), "{}", board.name(corner));
            }
        }
        // The other squares form two rings of four, each square with one move out of its ring,
        // onto a centre square.
        let rings = ["b1 a3 c4 d2", "c1 a2 b4 d3"];
        for ring in rings {
            let names: Vec<&str> = ring.split(' ').collect();
            for (i, name) in names.iter().enumerate() {
                let square = board.parse_square(name).unwrap();
                let next = board.parse_square(names[(i + 1) % 4]).unwrap();
                assert!(board.is_knight_move(square, next), "{name} to {}", names[(i + 1) % 4]);
                let out: Vec<Square> =
                    moves(square).into_iter().filter(|to| !squares(ring).contains(to)).collect();
                assert_eq!(out.len(), 1, "{name}");
                assert!(centre.contains(&out[0]), "{name}");
            }
        }
        // Corners, centre and rings are the whole board, and no centre square reaches another.
        assert_eq!(4 + centre.len() + 8, board.len() as usize);
        for &square in &centre {
            assert!(moves(square).iter().all(|to| !centre.contains(to)));
        }
        let words = Impossibility::FourByFour.to_string();
        assert!(words.starts_with("no tour on 4×4, from any square: each corner"), "{words}");
        assert!(words.ends_with("(Conrad et al. 1994)"), "{words}");
        for start in board.squares() {
            assert_eq!(open_tour(board, start), Verdict::No(Impossibility::FourByFour));
        }
    }
}
