//! A path in a link: its moves from the start, written compactly enough for an address bar.
//!
//! Each move is one of the knight's eight directions (their order in [`KNIGHT_MOVES`]), three
//! bits, so two moves make one character of base64url (RFC 4648 §5: `A`–`Z`, `a`–`z`, `0`–`9`,
//! `-`, `_`, none of which a URL escapes): the first move times eight plus the second. A tour of
//! 8×8 is 32 characters, of 100×100 five thousand.
//!
//! An odd number of moves leaves one over. A knight never goes straight back to the square it
//! came from (that square is on the path), so a pair whose second move undoes the first names no
//! path: those eight characters stand for a single last move, and nothing may follow one.
//! Every path has exactly one spelling, and every text either reads as one or is refused in
//! words.

use std::fmt;

use crate::board::{Board, Coord, Square, KNIGHT_MOVES};

/// The 64 characters, each standing for its index.
const LETTERS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The direction that undoes direction `d`: [`KNIGHT_MOVES`] lists each move four before its
/// opposite.
const fn back(d: u8) -> u8 {
    (d + 4) % 8
}

/// Why a text is not the moves of a path from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MovesError {
    /// Character `at` (from 1) is not one of the 64.
    Letter { at: usize, letter: char },
    /// A character that holds a single last move (see the module's comment) is not the last.
    Early { at: usize },
    /// Move `index` (from 1) would leave the board from `from`.
    OffBoard { index: usize, from: Square, board: Board },
}

impl fmt::Display for MovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MovesError::Letter { at, letter } => write!(
                f,
                "character {at} ({letter:?}) is not a letter of moves: they are A-Z, a-z, 0-9, - and _"
            ),
            MovesError::Early { at } => {
                write!(f, "character {at} holds the last move, but more characters follow it")
            }
            MovesError::OffBoard { index, from, board } => {
                write!(f, "move {index} would leave the {} board from {}", board.words(), board.name(from))
            }
        }
    }
}

impl std::error::Error for MovesError {}

/// The moves of `path` after its start, as the link writes them.
///
/// # Panics
/// If two squares in a row of `path` are not a knight's move apart: a path's are.
pub fn write_moves(board: Board, path: &[Square]) -> String {
    let directions: Vec<u8> = path.windows(2).map(|pair| direction(board, pair[0], pair[1])).collect();
    directions
        .chunks(2)
        .map(|pair| {
            let second = pair.get(1).copied().unwrap_or(back(pair[0]));
            char::from(LETTERS[usize::from(pair[0] * 8 + second)])
        })
        .collect()
}

/// The path the moves of `text` make from `start`: the start, then a square a move. Whether
/// each square is free is the game's to say ([`super::Game::from_path`]): here only the
/// spelling and the board's edges are checked. An empty text is the start alone.
pub fn read_moves(board: Board, start: Square, text: &str) -> Result<Vec<Square>, MovesError> {
    let mut path = vec![start];
    let mut chars = text.chars().enumerate().peekable();
    while let Some((i, letter)) = chars.next() {
        let value = LETTERS
            .iter()
            .position(|&l| char::from(l) == letter)
            .ok_or(MovesError::Letter { at: i + 1, letter })? as u8;
        let (first, second) = (value / 8, value % 8);
        step(board, &mut path, first)?;
        if second == back(first) {
            if chars.peek().is_some() {
                return Err(MovesError::Early { at: i + 1 });
            }
        } else {
            step(board, &mut path, second)?;
        }
    }
    Ok(path)
}

/// The knight on the path's last square goes in direction `d`.
fn step(board: Board, path: &mut Vec<Square>, d: u8) -> Result<(), MovesError> {
    let from = path[path.len() - 1];
    let Coord { row, col } = board.coord(from);
    let (dr, dc) = KNIGHT_MOVES[usize::from(d)];
    let to = row
        .checked_add_signed(dr)
        .zip(col.checked_add_signed(dc))
        .and_then(|(row, col)| board.square_at(Coord { row, col }).ok())
        .ok_or(MovesError::OffBoard { index: path.len(), from, board })?;
    path.push(to);
    Ok(())
}

/// Which of [`KNIGHT_MOVES`] goes from `from` to `to`.
fn direction(board: Board, from: Square, to: Square) -> u8 {
    let (a, b) = (board.coord(from), board.coord(to));
    let delta = (b.row as i32 - a.row as i32, b.col as i32 - a.col as i32);
    let d = KNIGHT_MOVES.iter().position(|&step| step == delta);
    d.unwrap_or_else(|| {
        panic!("{} to {} is not a knight's move: a path's squares are", board.name(from), board.name(to))
    }) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(board: Board, names: &str) -> Vec<Square> {
        names.split(',').map(|name| board.parse_square(name).unwrap()).collect()
    }

    #[test]
    fn two_moves_make_a_letter_and_an_odd_one_out_its_own() {
        let board = Board::new(5, 5).unwrap();
        // a1 to b3 is (-2, +1) from the top-left, direction 3; b3 to c5 the same; c5 to e4 is
        // (+1, +2), direction 1.
        let path = squares(board, "a1,b3,c5,e4");
        let text = write_moves(board, &path);
        assert_eq!(text, format!("{}{}", char::from(LETTERS[3 * 8 + 3]), char::from(LETTERS[8 + 5])));
        assert_eq!(read_moves(board, path[0], &text), Ok(path.clone()));
        assert_eq!(write_moves(board, &path[..1]), "");
        assert_eq!(read_moves(board, path[0], ""), Ok(path[..1].to_vec()));
    }

    #[test]
    fn a_whole_tour_is_half_as_many_letters_as_moves_and_reads_back() {
        let board = Board::new(8, 8).unwrap();
        let tour = crate::divide::construct(board, board.parse_square("a1").unwrap(), false)
            .expect("8x8 has a tour from a1")
            .path;
        let text = write_moves(board, &tour);
        assert_eq!(text.len(), 32);
        assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{text}");
        assert_eq!(read_moves(board, tour[0], &text).unwrap(), tour);
    }

    #[test]
    fn every_path_of_a_small_board_reads_back_as_written() {
        // Every path from every square of 3x4, walked depth first: each spelling reads back.
        let board = Board::new(3, 4).unwrap();
        fn walk(board: Board, path: &mut Vec<Square>, seen: &mut usize) {
            let text = write_moves(board, path);
            assert_eq!(text.len(), path.len() / 2);
            assert_eq!(read_moves(board, path[0], &text).as_ref(), Ok(&*path));
            *seen += 1;
            let knight = path[path.len() - 1];
            for next in board.knight_moves(knight).collect::<Vec<_>>() {
                if !path.contains(&next) {
                    path.push(next);
                    walk(board, path, seen);
                    path.pop();
                }
            }
        }
        let mut seen = 0;
        for start in board.squares() {
            walk(board, &mut vec![start], &mut seen);
        }
        assert_eq!(seen, 760, "every path of 3x4, the start alone included");
    }

    #[test]
    fn a_text_that_is_no_path_is_refused_in_words() {
        let board = Board::new(5, 5).unwrap();
        let a1 = board.parse_square("a1").unwrap();
        // `b` is directions 3 and 3: a1, b3, c5.
        let error = read_moves(board, a1, "b!").unwrap_err();
        assert_eq!(error, MovesError::Letter { at: 2, letter: '!' });
        assert_eq!(
            error.to_string(),
            "character 2 ('!') is not a letter of moves: they are A-Z, a-z, 0-9, - and _"
        );
        // Direction 0 is (+2, +1): down the board, off it from a1 on the bottom row.
        let down = char::from(LETTERS[0]).to_string();
        assert_eq!(
            read_moves(board, a1, &down).unwrap_err().to_string(),
            "move 1 would leave the 5×5 board from a1"
        );
        // A single last move, then more.
        let single = char::from(LETTERS[3 * 8 + back(3) as usize]);
        assert_eq!(read_moves(board, a1, &single.to_string()), Ok(squares(board, "a1,b3")));
        let early = format!("{single}A");
        assert_eq!(read_moves(board, a1, &early), Err(MovesError::Early { at: 1 }));
    }

    #[test]
    #[should_panic(expected = "a1 to a2 is not a knight's move")]
    fn writing_what_is_no_path_is_a_callers_bug() {
        let board = Board::new(5, 5).unwrap();
        write_moves(board, &squares(board, "a1,a2"));
    }
}
