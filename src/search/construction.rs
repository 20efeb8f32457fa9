//! What divide and conquer builds (see [`crate::divide`]): a tour, with the tiles it was
//! made of and the seams that joined them, which the page shows being put together. Plain data:
//! a solver walks it, and the builder, which tours its tiles with a solver, makes it.

use std::fmt;

use crate::board::{size_words, Board, Square, KNIGHT_MOVES};

/// A tour built by divide and conquer, with the steps that built it.
#[derive(Clone, Debug)]
pub struct Construction {
    /// The tiles, in the order they were joined: the first holds the start.
    pub pieces: Vec<Piece>,
    /// How each tile after the first was joined, in the same order (`seams[i]` joins
    /// `pieces[i + 1]`).
    pub seams: Vec<Seam>,
    /// The tour, from the start.
    pub path: Vec<Square>,
}

/// A tile and its own tour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub top: u32,
    pub left: u32,
    pub rows: u32,
    pub cols: u32,
    /// The tile's own tour as it was joined in: one path, or two for the columns added to a
    /// four-wide board. Empty in a construction read from numbers, which has its plan alone
    /// ([`Construction::to_words`]).
    pub walks: Vec<Vec<Square>>,
    /// Whether the tile's tour was a cycle: its last square a knight's move from its first.
    pub cycle: bool,
}

/// The moves swapped to join a tile: those cut (the tour's move the tile went in between, and
/// the move that closed the tile's own cycle) and those added across the seam. A construction
/// read from numbers has a seam for each piece after the first, with no moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seam {
    pub cut: Vec<[Square; 2]>,
    pub added: Vec<[Square; 2]>,
}

/// Why numbers handed in as a construction are not one of this board from this start (see
/// [`Construction::from_words`]), in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAConstruction(String);

impl fmt::Display for NotAConstruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a tour built for this board: {}", self.0)
    }
}

impl std::error::Error for NotAConstruction {}

/// A construction as one run of numbers, and back: how a tour built in one instance of the
/// module (the page builds large boards' tours in a worker, off its own thread) reaches another
/// as a single transferred buffer, with no object per square. In order: the path's length and
/// squares; the pieces' count and, for each, its box (`top`, `left`, `rows`, `cols`) and `cycle`
/// (0 or 1). Not the assembly's moves (the pieces' walks, the seams' cut and added moves): a page
/// draws those only on boards small enough to be built on its own thread, and on 1000x1000 they
/// were as many numbers again, copied out of one instance and into the other and read there. The
/// construction read back has the plan alone: each piece without its walks, a seam without its
/// moves joining each piece after the first ([`Construction::has_moves`]).
impl Construction {
    pub fn to_words(&self) -> Vec<u32> {
        let mut words = Vec::with_capacity(2 + self.path.len() + 5 * self.pieces.len());
        words.push(self.path.len() as u32);
        words.extend(self.path.iter().map(|square| square.0));
        words.push(self.pieces.len() as u32);
        for piece in &self.pieces {
            words.extend([piece.top, piece.left, piece.rows, piece.cols, u32::from(piece.cycle)]);
        }
        words
    }

    /// Whether the assembly's moves are here: not in a construction read from numbers (see
    /// [`Construction::to_words`]), whose pieces have no walks. Every piece of one built here
    /// has its own tour.
    pub fn has_moves(&self) -> bool {
        self.pieces.iter().all(|piece| !piece.walks.is_empty())
    }

    /// Reads [`Construction::to_words`]'s numbers back as a construction of `board` from
    /// `start`. They cross from another instance of the module, so they are checked, not
    /// trusted: the path must be a tour of the board from `start` (every square once, each step
    /// a knight's move), every other square on the board, every piece inside it, and nothing
    /// left over.
    pub fn from_words(board: Board, start: Square, words: &[u32]) -> Result<Construction, NotAConstruction> {
        let mut reader = Words { board, words };
        let path = reader.squares()?;
        check_tour(board, start, &path)?;
        let pieces: Vec<Piece> = (0..reader.count()?)
            .map(|_| {
                let [top, left, rows, cols, cycle] = [(); 5].map(|()| reader.word());
                let (top, left, rows, cols, cycle) = (top?, left?, rows?, cols?, cycle?);
                if u64::from(top) + u64::from(rows) > u64::from(board.rows())
                    || u64::from(left) + u64::from(cols) > u64::from(board.cols())
                {
                    return Err(NotAConstruction(format!(
                        "a piece of {} at {top},{left} does not fit on {}",
                        size_words(rows, cols),
                        board.words()
                    )));
                }
                let cycle = match cycle {
                    0 | 1 => cycle == 1,
                    other => return Err(NotAConstruction(format!("a piece's cycle is {other}, not 0 or 1"))),
                };
                Ok(Piece { top, left, rows, cols, walks: Vec::new(), cycle })
            })
            .collect::<Result<_, _>>()?;
        if pieces.is_empty() {
            return Err(NotAConstruction("it has no pieces".into()));
        }
        let seams = vec![Seam::default(); pieces.len() - 1];
        match reader.words.len() {
            0 => Ok(Construction { pieces, seams, path }),
            left => Err(NotAConstruction(format!("{left} numbers are left over at the end"))),
        }
    }
}

/// Whether `path` is a tour of `board` from `start`: every square once, each step a knight's move.
/// A million squares are checked on the page's thread as a tour comes in from a worker, so a
/// step is checked without a division: it must be one of the eight moves' differences of
/// indices and keep the column, followed along the path, on the board (then the row follows).
fn check_tour(board: Board, start: Square, path: &[Square]) -> Result<(), NotAConstruction> {
    if path.len() != board.len() as usize {
        return Err(NotAConstruction(format!(
            "its path has {} squares, not the {}",
            path.len(),
            board.len()
        )));
    }
    if path[0] != start {
        return Err(NotAConstruction(format!(
            "it starts on {}, not on {}",
            board.name(path[0]),
            board.name(start)
        )));
    }
    let steps = Steps::new(board);
    let mut seen = vec![false; path.len()];
    seen[start.index()] = true;
    let mut col = i64::from(board.coord(start).col);
    for pair in path.windows(2) {
        let [from, to] = [pair[0], pair[1]];
        if std::mem::replace(&mut seen[to.index()], true) {
            return Err(NotAConstruction(format!("it visits {} twice", board.name(to))));
        }
        match steps.column_after(col, from, to) {
            Some(next) => col = next,
            None => {
                return Err(NotAConstruction(format!(
                    "{} to {} is not a knight's move",
                    board.name(from),
                    board.name(to)
                )))
            }
        }
    }
    Ok(())
}

/// The knight's moves as differences of square indices on one board, with the change of column
/// each makes.
struct Steps {
    cols: i64,
    moves: [(i64, i64); 8],
}

impl Steps {
    fn new(board: Board) -> Steps {
        let cols = i64::from(board.cols());
        Steps {
            cols,
            moves: KNIGHT_MOVES.map(|(dr, dc)| (i64::from(dr) * cols + i64::from(dc), i64::from(dc))),
        }
    }

    /// The column of `to` if it is a knight's move from `from`, a square in column `col`; both
    /// are squares of the board. A difference of indices alone could wrap round an edge (on
    /// 8x8, h1 to a4 is 17 on, as a move two up and one right would be): the column must stay
    /// on the board, and then the index fixes the row.
    fn column_after(&self, col: i64, from: Square, to: Square) -> Option<i64> {
        let difference = i64::from(to.0) - i64::from(from.0);
        let (_, dc) = self
            .moves
            .iter()
            .find(|&&(offset, dc)| offset == difference && (0..self.cols).contains(&(col + dc)))?;
        Some(col + dc)
    }
}

/// The numbers of [`Construction::from_words`], read in order.
struct Words<'a> {
    board: Board,
    words: &'a [u32],
}

impl Words<'_> {
    fn word(&mut self) -> Result<u32, NotAConstruction> {
        let (&word, rest) = self.words.split_first().ok_or_else(end_early)?;
        self.words = rest;
        Ok(word)
    }

    /// A count of things that follow, each of at least one number: never more than are left.
    fn count(&mut self) -> Result<usize, NotAConstruction> {
        let count = self.word()? as usize;
        match count <= self.words.len() {
            true => Ok(count),
            false => Err(end_early()),
        }
    }

    /// The next `count` numbers, each a square of the board.
    fn take_squares(&mut self, count: usize) -> Result<Vec<Square>, NotAConstruction> {
        let (squares, rest) = self.words.split_at_checked(count).ok_or_else(end_early)?;
        if let Some(&off) = squares.iter().find(|&&square| !self.board.contains(Square(square))) {
            return Err(NotAConstruction(format!("square {off} is off the {} board", self.board.words())));
        }
        self.words = rest;
        Ok(squares.iter().map(|&square| Square(square)).collect())
    }

    fn squares(&mut self) -> Result<Vec<Square>, NotAConstruction> {
        let count = self.count()?;
        self.take_squares(count)
    }
}

fn end_early() -> NotAConstruction {
    NotAConstruction("its numbers end early".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::divide::construct;

    fn built(rows: u32, cols: u32, start: (u32, u32), closed: bool) -> (Board, Square, Construction) {
        let board = Board::new(rows, cols).unwrap();
        let start = board.square(start.0, start.1);
        (board, start, construct(board, start, closed).expect("a tour"))
    }

    #[test]
    fn a_construction_crosses_as_numbers_with_its_plan_and_not_its_moves() {
        for (rows, cols, start, closed) in
            [(8, 8, (0, 0), false), (20, 24, (19, 0), false), (10, 12, (3, 3), true), (4, 30, (0, 29), false)]
        {
            let (board, start, construction) = built(rows, cols, start, closed);
            assert!(construction.has_moves());
            let back = Construction::from_words(board, start, &construction.to_words()).unwrap();
            assert_eq!(back.path, construction.path, "{board}");
            let plan = |pieces: &[Piece]| -> Vec<_> {
                pieces
                    .iter()
                    .map(|piece| (piece.top, piece.left, piece.rows, piece.cols, piece.cycle))
                    .collect()
            };
            assert_eq!(plan(&back.pieces), plan(&construction.pieces), "{board}");
            assert_eq!(back.seams.len(), construction.seams.len(), "{board}");
            assert!(!back.has_moves(), "{board}");
            assert!(
                crate::divide::assembly::moves(&back).is_none()
                    && crate::divide::assembly::moves(&construction).is_some()
            );
        }
    }

    #[test]
    fn a_step_is_a_knights_move_only_where_it_keeps_to_the_board() {
        for (rows, cols) in [(8, 8), (3, 4), (5, 3), (1000, 1000), (4, 30)] {
            let board = Board::new(rows, cols).unwrap();
            let steps = Steps::new(board);
            for from in board.squares() {
                let col = i64::from(board.coord(from).col);
                for to in board.squares() {
                    let expected = board.is_knight_move(from, to).then(|| i64::from(board.coord(to).col));
                    assert_eq!(
                        steps.column_after(col, from, to),
                        expected,
                        "{board}: {} to {}",
                        from.0,
                        to.0
                    );
                }
                if rows * cols > 1000 {
                    break; // one square's every step on the largest board, the others whole
                }
            }
        }
    }

    #[test]
    fn numbers_that_are_not_a_tour_of_the_board_are_refused_in_words() {
        let (board, start, construction) = built(8, 8, (0, 0), false);
        let words = construction.to_words();
        let refusal = |words: &[u32], on: Board, from: Square| {
            Construction::from_words(on, from, words).unwrap_err().to_string()
        };
        assert!(refusal(&words[..words.len() - 1], board, start).contains("end early"));
        assert!(refusal(&[words.as_slice(), &[0]].concat(), board, start).contains("1 numbers are left over"));
        assert!(refusal(&words, board, board.square(1, 1)).contains("starts on a8, not on b7"));
        let [smaller, larger] = [Board::new(6, 6).unwrap(), Board::new(10, 10).unwrap()];
        assert!(refusal(&words, smaller, smaller.square(0, 0)).contains("is off the 6×6 board"));
        assert!(refusal(&words, larger, larger.square(0, 0)).contains("64 squares, not the 100"));
        let mut swapped = words.clone();
        swapped.swap(2, 3); // two squares of the path in the wrong order
        assert!(refusal(&swapped, board, start).contains("is not a knight's move"));
        let mut twice = words.clone();
        twice[3] = twice[1];
        assert!(refusal(&twice, board, start).contains("twice"));
        let mut off = words.clone();
        off[66] = 64; // the first piece's top, after the path and the count of pieces
        let mut cycle = words.clone();
        cycle[70] = 2;
        assert!(refusal(&cycle, board, start).contains("cycle is 2"));
        assert!(refusal(&off, board, start).contains("does not fit"));
        let no_pieces = [&words[..65], &[0]].concat();
        assert!(refusal(&no_pieces, board, start).contains("no pieces"));
        assert!(
            refusal(&[u32::MAX], board, start).contains("end early"),
            "a count past the numbers allocates nothing"
        );
    }
}
