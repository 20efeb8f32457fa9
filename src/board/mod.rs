//! The ground floor: board geometry (sizes, squares, their names, the knight's moves between
//! them), the whole numbers people type and read, and what is known about which boards and
//! starts have a tour. Everything else stands on it.

pub mod existence;
mod names;
pub mod numbers;

pub use names::AxisLabels;

use std::fmt;

use numbers::{article, grouped};

/// The most squares a board may have. Everything the solver keeps is linear in the number of
/// squares (about 50 bytes each, so 50 MB at the limit), and this bound keeps a typo such as
/// `100000x100000` from asking for gigabytes. It allows 1024×1024 and long strips like 3×349525.
pub const MAX_SQUARES: u32 = 1 << 20;

/// The knight's eight moves as (row, col) steps, in the textbook order every fixed-order search
/// in the literature uses; the exact placement counts of the fixed heuristic depend on it.
pub const KNIGHT_MOVES: [(i32, i32); 8] =
    [(2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)];

/// A square of a particular board, as its row-major index. Cheap to copy and compare; turn it
/// into coordinates or a name with [`Board::coord`] and [`Board::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u32);

impl Square {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Zero-based (row, col), row 0 at the top as drawn on screen and in the CSES/LeetCode grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coord {
    pub row: u32,
    pub col: u32,
}

/// The two colours of a chequered board; a knight always moves to the other one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// The colour of the corners (row + col even).
    Corner,
    Other,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::Corner => Colour::Other,
            Colour::Other => Colour::Corner,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u32,
    cols: u32,
}

/// What was wrong with a board size or a square, worded for the person who typed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    Malformed(String),
    /// One side of a board, typed on its own (a page's Rows or Columns), that is no whole number.
    Side {
        side: Side,
        text: String,
    },
    Empty {
        rows: u32,
        cols: u32,
    },
    TooLarge {
        rows: u64,
        cols: u64,
    },
    /// A board of more squares than 64 bits count (or a side of more digits than they hold), its
    /// sides as typed.
    Huge {
        rows: String,
        cols: String,
    },
    BadSquare {
        text: String,
        board: Board,
    },
    OffBoard {
        coord: Coord,
        board: Board,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Malformed(text) => write!(
                f,
                "board size '{text}' is not ROWSxCOLS: expected two whole numbers such as 8x8 or 5x6"
            ),
            BoardError::Side { side, text } if text.trim().is_empty() => {
                write!(f, "{side} must be a whole number from 1 up")
            }
            BoardError::Side { side, text } => {
                write!(f, "{side} must be a whole number from 1 up, not '{text}'")
            }
            BoardError::Empty { rows, cols } => write!(
                f,
                "{} {} board has no squares: each side must be at least 1",
                article(rows),
                size_words(*rows, *cols)
            ),
            BoardError::TooLarge { rows, cols } => write!(
                f,
                "{} {} board has {} squares; the limit is {} ({})",
                article(rows),
                size_words(*rows, *cols),
                grouped(rows * cols),
                grouped(MAX_SQUARES),
                size_words(MAX_SIDE, MAX_SIDE)
            ),
            BoardError::Huge { rows, cols } => write!(
                f,
                "{} {rows}×{cols} board is far past the limit of {} squares ({})",
                article(rows),
                grouped(MAX_SQUARES),
                size_words(MAX_SIDE, MAX_SIDE)
            ),
            BoardError::BadSquare { text, board } => {
                let last = board.name(board.square(0, board.cols - 1));
                write!(
                    f,
                    "square '{text}' is neither a square's name on {} (a1 to {last}) nor ROW,COL \
                     (zero-based from the top-left, such as 0,0)",
                    board.words()
                )
            }
            BoardError::OffBoard { coord, board } => write!(
                f,
                "square {},{} is off the {} board: rows go from 0 to {}, columns from 0 to {}",
                coord.row,
                coord.col,
                board.words(),
                board.rows - 1,
                board.cols - 1
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// A side of a board typed on its own, named as a person reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Rows,
    Columns,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Rows => "rows",
            Side::Columns => "columns",
        })
    }
}

/// The side of the largest square board, `MAX_SQUARES` being its square.
const MAX_SIDE: u64 = 1024;
const _: () = assert!(MAX_SIDE * MAX_SIDE == MAX_SQUARES as u64);

/// A board's size for people: `8×8`, `2,000,000×100` (a side of five digits or more grouped);
/// `8x8` is how it is typed and written for programs (`Board`'s `Display`).
pub fn size_words(rows: impl Into<u64>, cols: impl Into<u64>) -> String {
    let side = |n: u64| if n < 10_000 { n.to_string() } else { grouped(n) };
    format!("{}×{}", side(rows.into()), side(cols.into()))
}

impl Board {
    pub fn new(rows: u32, cols: u32) -> Result<Board, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::Empty { rows, cols });
        }
        if u64::from(rows) * u64::from(cols) > u64::from(MAX_SQUARES) {
            return Err(BoardError::TooLarge { rows: rows.into(), cols: cols.into() });
        }
        Ok(Board { rows, cols })
    }

    /// The board of `rows` and `cols` as typed each on its own (a page's two number fields),
    /// refused in words that name the side that is no whole number.
    pub fn from_sides(rows: &str, cols: &str) -> Result<Board, BoardError> {
        Board::of_sides(rows, cols, |side, text| BoardError::Side { side, text: text.to_string() })
    }

    /// The board of two sides as typed; `not_digits` says why a side that is no number is none.
    fn of_sides(
        rows: &str,
        cols: &str,
        not_digits: impl Fn(Side, &str) -> BoardError,
    ) -> Result<Board, BoardError> {
        // Digits beyond `u64::MAX` are still a number, just an absurd one: a board too large.
        let side = |side: Side, text: &str| match decimal(text.trim()) {
            Ok(n) => Ok(Some(n)),
            Err(NotDecimal::TooLarge) => Ok(None),
            Err(NotDecimal::NotDigits) => Err(not_digits(side, text.trim())),
        };
        match (side(Side::Rows, rows)?, side(Side::Columns, cols)?) {
            (Some(r), Some(c)) if r.checked_mul(c).is_some() => match (u32::try_from(r), u32::try_from(c)) {
                (Ok(r), Ok(c)) => Board::new(r, c),
                _ => Err(BoardError::TooLarge { rows: r, cols: c }),
            },
            _ => Err(BoardError::Huge { rows: rows.trim().to_string(), cols: cols.trim().to_string() }),
        }
    }

    /// The board's size for people: `8×8` (see [`size_words`]).
    pub fn words(self) -> String {
        size_words(self.rows, self.cols)
    }

    pub fn rows(self) -> u32 {
        self.rows
    }

    pub fn cols(self) -> u32 {
        self.cols
    }

    pub fn len(self) -> u32 {
        self.rows * self.cols
    }

    /// A board always has at least one square; this exists for clippy's `len` convention.
    pub fn is_empty(self) -> bool {
        false
    }

    /// The square at `(row, col)`, which must be on the board: coordinates from a person go
    /// through [`Board::square_at`] or [`Board::parse_square`], which say what is wrong. Off the
    /// board this panics, in release builds too, rather than name some other square.
    pub fn square(self, row: u32, col: u32) -> Square {
        assert!(
            row < self.rows && col < self.cols,
            "square {row},{col} is off the {self} board (a caller's bug: check with square_at)"
        );
        Square(row * self.cols + col)
    }

    pub fn contains(self, square: Square) -> bool {
        square.0 < self.len()
    }

    pub fn square_at(self, coord: Coord) -> Result<Square, BoardError> {
        if coord.row < self.rows && coord.col < self.cols {
            Ok(self.square(coord.row, coord.col))
        } else {
            Err(BoardError::OffBoard { coord, board: self })
        }
    }

    pub fn coord(self, square: Square) -> Coord {
        Coord { row: square.0 / self.cols, col: square.0 % self.cols }
    }

    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.len()).map(Square)
    }

    pub fn colour(self, square: Square) -> Colour {
        let Coord { row, col } = self.coord(square);
        if (row + col) % 2 == 0 {
            Colour::Corner
        } else {
            Colour::Other
        }
    }

    /// The squares a knight on `square` can move to, in [`KNIGHT_MOVES`] order.
    pub fn knight_moves(self, square: Square) -> impl Iterator<Item = Square> {
        let Coord { row, col } = self.coord(square);
        KNIGHT_MOVES.iter().filter_map(move |&(dr, dc)| {
            let r = row.checked_add_signed(dr).filter(|&r| r < self.rows)?;
            let c = col.checked_add_signed(dc).filter(|&c| c < self.cols)?;
            Some(self.square(r, c))
        })
    }

    pub fn is_knight_move(self, from: Square, to: Square) -> bool {
        let (a, b) = (self.coord(from), self.coord(to));
        let (dr, dc) = (a.row.abs_diff(b.row), a.col.abs_diff(b.col));
        (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl std::str::FromStr for Board {
    type Err = BoardError;

    /// `ROWSxCOLS` (`x`, `X` or `×`), or a single number for a square board.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let malformed = || BoardError::Malformed(text.to_string());
        let trimmed = text.trim();
        let (rows, cols) = match trimmed.split_once(['x', 'X', '×']) {
            Some((rows, cols)) => (rows, cols),
            None => (trimmed, trimmed),
        };
        Board::of_sides(rows, cols, |_, _| malformed())
    }
}

/// A whole number as people write one, in plain decimal digits and nothing else: no sign, no
/// space, no digit of another script, so that `+8`, `8 ` or `８` is never quietly read as 8.
/// Every reader of numbers in settings goes through it; each decides what to make of a
/// number too large for 64 bits.
pub(crate) fn decimal(text: &str) -> Result<u64, NotDecimal> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NotDecimal::NotDigits);
    }
    text.parse().map_err(|_| NotDecimal::TooLarge)
}

/// Why [`decimal`] refused some text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NotDecimal {
    NotDigits,
    /// Digits, too many for 64 bits.
    TooLarge,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: u32, cols: u32) -> Board {
        Board::new(rows, cols).unwrap()
    }

    #[test]
    fn numbers_are_plain_ascii_digits_and_nothing_else() {
        assert_eq!(decimal("0"), Ok(0));
        assert_eq!(decimal("007"), Ok(7));
        assert_eq!(decimal("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(decimal("18446744073709551616"), Err(NotDecimal::TooLarge));
        for junk in ["", "+8", "-8", " 8", "8 ", "８", "٣", "1e3", "0x10", "1_000", "1.0"] {
            assert_eq!(decimal(junk), Err(NotDecimal::NotDigits), "{junk:?}");
        }
    }

    #[test]
    fn board_sizes_parse_and_are_bounded() {
        assert_eq!("8x8".parse(), Ok(board(8, 8)));
        assert_eq!("3X4".parse(), Ok(board(3, 4)));
        assert_eq!("5×6".parse(), Ok(board(5, 6)));
        assert_eq!("7".parse(), Ok(board(7, 7)));
        assert_eq!("1024x1024".parse(), Ok(board(1024, 1024)));
        assert!(matches!("0x5".parse::<Board>(), Err(BoardError::Empty { .. })));
        assert!(matches!("1025x1024".parse::<Board>(), Err(BoardError::TooLarge { .. })));
        assert!(matches!("99999999999999999999999x2".parse::<Board>(), Err(BoardError::Huge { .. })));
        let past_64_bits = "9999999999x9999999999".parse::<Board>().unwrap_err();
        assert!(matches!(past_64_bits, BoardError::Huge { .. }), "{past_64_bits}");
        let squares = "4294967296x2".parse::<Board>().unwrap_err().to_string();
        assert!(squares.contains("8,589,934,592 squares"), "{squares}");
        for junk in ["", "x", "8x", "8x8x8", "-8x8", "eightxeight", "8.5x8", "+8x8"] {
            assert!(junk.parse::<Board>().is_err(), "{junk:?} was accepted");
        }
    }

    #[test]
    fn refusals_are_worded_for_people_with_digits_grouped_and_a_times_sign() {
        let words = |text: &str| text.parse::<Board>().unwrap_err().to_string();
        assert_eq!(
            words("2000000x100"),
            "a 2,000,000×100 board has 200,000,000 squares; the limit is 1,048,576 (1024×1024)"
        );
        assert_eq!(words("0x5"), "a 0×5 board has no squares: each side must be at least 1");
        assert_eq!(words("8x0"), "an 8×0 board has no squares: each side must be at least 1");
        assert_eq!(
            words("11000x1000"),
            "an 11,000×1000 board has 11,000,000 squares; the limit is 1,048,576 (1024×1024)"
        );
        assert_eq!(
            words("1100x1000"),
            "a 1100×1000 board has 1,100,000 squares; the limit is 1,048,576 (1024×1024)"
        );
        assert_eq!(
            words("1025x1024"),
            "a 1025×1024 board has 1,049,600 squares; the limit is 1,048,576 (1024×1024)"
        );
        assert_eq!(
            board(5, 5).parse_square("5,0").unwrap_err().to_string(),
            "square 5,0 is off the 5×5 board: rows go from 0 to 4, columns from 0 to 4"
        );
    }

    #[test]
    fn sides_typed_each_on_its_own_are_read_or_refused_naming_the_side() {
        assert_eq!(Board::from_sides("10", " 4 "), Ok(board(10, 4)));
        let words = |rows: &str, cols: &str| Board::from_sides(rows, cols).unwrap_err().to_string();
        assert_eq!(words("-3", "8"), "rows must be a whole number from 1 up, not '-3'");
        assert_eq!(words("8", "2.5"), "columns must be a whole number from 1 up, not '2.5'");
        assert_eq!(words("", "8"), "rows must be a whole number from 1 up");
        assert_eq!(words("0", "8"), "a 0×8 board has no squares: each side must be at least 1");
        assert_eq!(
            words("2000000", "100"),
            "a 2,000,000×100 board has 200,000,000 squares; the limit is 1,048,576 (1024×1024)"
        );
        assert_eq!(
            words("99999999999999999999999", "2"),
            "a 99999999999999999999999×2 board is far past the limit of 1,048,576 squares (1024×1024)"
        );
        assert_eq!(words("4000000000", "4000000000"), "a 4,000,000,000×4,000,000,000 board has 16,000,000,000,000,000,000 squares; the limit is 1,048,576 (1024×1024)");
    }

    #[test]
    fn knight_moves_follow_the_textbook_order_and_stay_on_the_board() {
        let b = board(8, 8);
        let from_corner: Vec<_> = b.knight_moves(b.square(0, 0)).collect();
        assert_eq!(from_corner, [b.square(2, 1), b.square(1, 2)]);
        assert_eq!(b.knight_moves(b.square(4, 4)).count(), 8);
        assert!(b.knight_moves(b.square(3, 3)).all(|to| b.is_knight_move(b.square(3, 3), to)));
        assert_eq!(board(1, 1).knight_moves(Square(0)).count(), 0);
    }

    #[test]
    #[should_panic(expected = "square 2,7 is off the 5x7 board")]
    fn a_square_off_the_board_panics_rather_than_naming_another() {
        // Row 2, column 7 would otherwise be row 3, column 0. The check is an `assert!`, not a
        // `debug_assert!`, so that release builds make it too.
        board(5, 7).square(2, 7);
    }

    #[test]
    fn contains_knows_the_last_square() {
        assert!(board(5, 7).contains(Square(34)));
        assert!(!board(5, 7).contains(Square(35)));
    }
}
