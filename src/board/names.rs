//! What squares are called: one system on every board, the one its edges show. Files are
//! lettered from the left as a chess board's are and, past `z`, as a spreadsheet's columns are
//! (`z`, `aa`, `ab`, …, `zz`, `aaa`), ranks numbered from 1 at the bottom, so `a1` is the
//! bottom-left square of every board and the top-right of 1000×1000 is `all1000`. A square may
//! also be written `ROW,COL`, zero-based from the top-left, as the grids and the JSON have it.

use super::{decimal, Board, BoardError, Coord, NotDecimal, Square};

/// The letters of the alphabet, `a` to `z`: the digits of a file's name.
const LETTERS: u32 = 26;

impl Board {
    /// The square's name: its file's letters and its rank, `a1` the bottom-left square.
    pub fn name(self, square: Square) -> String {
        let Coord { row, col } = self.coord(square);
        let mut name = file(col);
        name.push_str(&self.rank_label(row));
        name
    }

    /// Puts `squares` in the order of their names, the one order a list of squares is said in:
    /// by file, then by rank (`a1`, `a2`, `a10`, `b1`), as an index of squares reads.
    pub fn sort_by_name(self, squares: &mut [Square]) {
        squares.sort_by_key(|&square| self.name_order(square));
    }

    /// Where `square` comes in the order of names (see [`Board::sort_by_name`]).
    pub fn name_order(self, square: Square) -> (u32, u32) {
        let Coord { row, col } = self.coord(square);
        (col, self.rows() - row)
    }

    /// What the edge of the board says for column `col`: its file's letters.
    pub fn file_label(self, col: u32) -> String {
        file(col)
    }

    /// What the edge of the board says for row `row` (from the top): its rank, counted from 1
    /// at the bottom.
    pub fn rank_label(self, row: u32) -> String {
        (self.rows() - row).to_string()
    }

    /// The labels along the edges, as the squares' names read them: one per column, left to
    /// right, and one per row, top to bottom.
    pub fn axis_labels(self) -> AxisLabels {
        AxisLabels {
            files: (0..self.cols()).map(file).collect(),
            ranks: (0..self.rows()).map(|row| self.rank_label(row)).collect(),
        }
    }

    /// Reads a square written as its name (`a1`, `ab12`, in either case) or as `ROW,COL`
    /// (zero-based from the top-left), spaces around it allowed.
    pub fn parse_square(self, text: &str) -> Result<Square, BoardError> {
        let trimmed = text.trim();
        let bad = || BoardError::BadSquare { text: text.to_string(), board: self };
        if let Some((row, col)) = trimmed.split_once(',') {
            let row = coordinate(row).ok_or_else(bad)?;
            let col = coordinate(col).ok_or_else(bad)?;
            return self.square_at(Coord { row, col });
        }
        // Split where the letters end: at an ASCII byte, so always a character boundary; the
        // checked split says so without the panic's message, and its code, in the first module.
        let letters = trimmed.bytes().take_while(u8::is_ascii_alphabetic).count();
        let (letters, rank) = trimmed.split_at_checked(letters).ok_or_else(bad)?;
        let col = column(letters).ok_or_else(bad)?;
        let rank = coordinate(rank).ok_or_else(bad)?;
        if rank == 0 || rank > self.rows() || col >= self.cols() {
            return Err(bad());
        }
        Ok(self.square(self.rows() - rank, col))
    }
}

/// A board's edge labels: see [`Board::axis_labels`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct AxisLabels {
    pub files: Vec<String>,
    pub ranks: Vec<String>,
}

/// The letters of column `col` (zero-based): the column's number from 1 in bijective base 26,
/// a numeral with no zero, so that `z` is followed by `aa` rather than by `ba`.
fn file(col: u32) -> String {
    let mut letters = Vec::new();
    let mut n = col + 1;
    while n > 0 {
        n -= 1;
        letters.push(b'a' + (n % LETTERS) as u8);
        n /= LETTERS;
    }
    // As chars, not `String::from_utf8`: its error's `Debug`, for a failure that cannot happen,
    // would be in the page's first module.
    letters.iter().rev().map(|&letter| char::from(letter)).collect()
}

/// The column (zero-based) that `letters` name, in either case; `None` for no letters, and the
/// largest column for more letters than any board has columns (off every board).
fn column(letters: &str) -> Option<u32> {
    if letters.is_empty() {
        return None;
    }
    let number = letters.bytes().try_fold(0u32, |number, letter| {
        number.checked_mul(LETTERS)?.checked_add(u32::from(letter.to_ascii_lowercase() - b'a') + 1)
    });
    Some(number.map_or(u32::MAX, |number| number - 1))
}

/// A row, column or rank number written in a square's name (spaces around it allowed); too
/// large for any board reads as the largest, which is off every board.
fn coordinate(text: &str) -> Option<u32> {
    match decimal(text.trim()) {
        Ok(n) => Some(u32::try_from(n).unwrap_or(u32::MAX)),
        Err(NotDecimal::TooLarge) => Some(u32::MAX),
        Err(NotDecimal::NotDigits) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: u32, cols: u32) -> Board {
        Board::new(rows, cols).unwrap()
    }

    #[test]
    fn chess_names_count_ranks_from_the_bottom() {
        let b = board(8, 8);
        assert_eq!(b.parse_square("a1"), Ok(b.square(7, 0)));
        assert_eq!(b.parse_square("h8"), Ok(b.square(0, 7)));
        assert_eq!(b.parse_square("A8"), Ok(b.square(0, 0)));
        assert_eq!(b.name(b.square(7, 0)), "a1");
        assert_eq!(board(5, 6).name(board(5, 6).square(0, 5)), "f5");
    }

    #[test]
    fn lists_of_squares_go_by_file_then_rank() {
        let b = board(12, 3);
        let mut squares: Vec<Square> =
            ["b1", "a10", "c12", "a2", "a1"].iter().map(|name| b.parse_square(name).unwrap()).collect();
        b.sort_by_name(&mut squares);
        let names: Vec<String> = squares.iter().map(|&square| b.name(square)).collect();
        assert_eq!(names, ["a1", "a2", "a10", "b1", "c12"]);
    }

    #[test]
    fn files_past_z_are_lettered_as_a_spreadsheet_letters_its_columns() {
        let files = board(1, 1024).axis_labels().files;
        assert_eq!(files[..3], ["a", "b", "c"]);
        assert_eq!(files[25..29], ["z", "aa", "ab", "ac"]);
        assert_eq!(files[51..53], ["az", "ba"]);
        assert_eq!(files[701..704], ["zz", "aaa", "aab"]);
        assert_eq!(files[999], "all");
        let big = board(1000, 1000);
        assert_eq!(big.name(big.square(999, 0)), "a1");
        assert_eq!(big.name(big.square(0, 999)), "all1000");
    }

    #[test]
    fn every_name_reads_back_as_its_square() {
        for b in [board(8, 8), board(3, 30), board(2, 703), board(1000, 1000), board(1, 1024)] {
            for square in b.squares().step_by(97).chain([Square(b.len() - 1)]) {
                let name = b.name(square);
                assert_eq!(b.parse_square(&name), Ok(square), "{name} on {b}");
                assert_eq!(b.parse_square(&name.to_uppercase()), Ok(square), "{name} on {b}");
            }
        }
    }

    #[test]
    fn edge_labels_read_as_the_square_names_do() {
        let b = board(8, 8);
        assert_eq!((b.file_label(0), b.rank_label(7)), ("a".to_string(), "1".to_string()));
        assert_eq!((b.file_label(7), b.rank_label(0)), ("h".to_string(), "8".to_string()));
        let wide = board(3, 30);
        assert_eq!(wide.name(wide.square(2, 29)), format!("{}{}", wide.file_label(29), wide.rank_label(2)));
        assert_eq!(wide.name(wide.square(2, 29)), "ad1");
    }

    #[test]
    fn row_col_squares_are_zero_based_from_the_top() {
        let b = board(5, 7);
        assert_eq!(b.parse_square("0,0"), Ok(Square(0)));
        assert_eq!(b.parse_square(" 4, 6 "), Ok(Square(34)));
        assert!(matches!(b.parse_square("5,0"), Err(BoardError::OffBoard { .. })));
        let wide = board(30, 30);
        assert_eq!(wide.parse_square("1,1"), wide.parse_square("b29"));
    }

    #[test]
    fn junk_squares_are_rejected() {
        let b = board(8, 8);
        for junk in ["", "zz99", "i1", "a0", "a9", "a", "1", "-1,0", "1,", "a1x", "é1", "1a", "a1,"] {
            assert!(b.parse_square(junk).is_err(), "{junk:?} was accepted");
        }
        let long = "z".repeat(40) + "1";
        assert!(board(30, 30).parse_square(&long).is_err(), "more letters than any board has columns");
        assert_eq!(board(30, 30).parse_square("ad30"), Ok(Square(29)));
        assert!(board(30, 30).parse_square("ae1").is_err(), "the 31st file, on a board of 30");
    }

    #[test]
    fn a_bad_square_is_told_with_the_boards_names() {
        let message = board(1000, 1000).parse_square("zzz1").unwrap_err().to_string();
        assert!(message.contains("a1 to all1000"), "{message}");
        assert!(message.contains("ROW,COL"), "{message}");
    }
}
