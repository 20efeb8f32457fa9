//! A position judged from scratch, square by square, on a board of any size: the rules of
//! [`super::rules`], cheapest first, each naming the squares it is about. It costs a pass over
//! the board, so it runs once a move; the completion search judges its nodes in bitboards.

use crate::board::existence::{self, Verdict};
use crate::board::{Board, Coord, Square};

use super::reason::{End, Reason};
use super::{rules, FREE};

/// A position of a game: the path so far (the start first, the knight last) and, per square,
/// its move number on the path or [`FREE`].
#[derive(Clone, Copy)]
pub(crate) struct Position<'a> {
    pub board: Board,
    pub closed: bool,
    pub path: &'a [Square],
    pub placed: &'a [u32],
}

impl Position<'_> {
    fn is_free(&self, square: Square) -> bool {
        self.placed[square.index()] == FREE
    }

    /// The free squares a knight on `square` could move to.
    fn free_moves(&self, square: Square) -> impl Iterator<Item = Square> + '_ {
        self.board.knight_moves(square).filter(|&to| self.is_free(to))
    }
}

/// Why no tour can be finished from `position`, if a rule shows it.
pub(crate) fn judge(position: Position) -> Option<Reason> {
    let Position { board, closed, path, .. } = position;
    let (start, knight) = (path[0], path[path.len() - 1]);
    if path.len() == 1 {
        if let Verdict::No(impossibility) = existence::tour(board, start, closed) {
            return Some(Reason::Theorem(impossibility));
        }
    }
    let free = board.len() - path.len() as u32;
    if free == 0 {
        let open = !closed || board.is_knight_move(knight, start);
        return (!open).then_some(Reason::NoWayBack { start });
    }
    if position.free_moves(knight).next().is_none() {
        return Some(Reason::Stuck { knight, free });
    }
    let tally = Tally::of(position);
    if rules::stranded(closed, free, tally.zero_near.len() as u32, tally.zero_far.len() as u32) {
        return Some(match tally.zero_far.is_empty() {
            true => Reason::DeadEnd { square: tally.zero_near[0], knight, free, closed, start },
            false => Reason::Unreachable { squares: by_name(board, tally.zero_far) },
        });
    }
    if closed && position.free_moves(start).next().is_none() {
        return Some(Reason::NoWayBack { start });
    }
    let (near, far) = (tally.ends_near.len() as u32, tally.ends_far.len() as u32);
    if rules::too_many_ends(closed, near, far) {
        // Name the ends that cannot come after the knight, if they alone are too many.
        let mut ends = match (closed, far) {
            (true, 1..) | (false, 2..) => tally.ends_far,
            _ => [tally.ends_near, tally.ends_far].concat(),
        };
        ends.sort_by_key(|end| board.name_order(end.square));
        return Some(Reason::LastSquares { ends, closed });
    }
    if let Some(pieces) = pieces(position, free) {
        return Some(Reason::Pieces { pieces });
    }
    if !closed {
        let last = if free % 2 == 0 { board.colour(knight) } else { board.colour(knight).other() };
        let wrong = |ends: &[End]| -> Vec<Square> {
            ends.iter().map(|end| end.square).filter(|&end| board.colour(end) != last).collect()
        };
        let (wrong_near, wrong_far) = (wrong(&tally.ends_near), wrong(&tally.ends_far));
        if !rules::last_colour_fits(wrong_near.len() as u32, wrong_far.len() as u32) {
            let squares = if wrong_far.is_empty() { wrong_near } else { wrong_far };
            return Some(Reason::LastColour { squares: by_name(board, squares), free });
        }
    }
    for lines in OuterLines::of(board) {
        let outer: Vec<Square> =
            board.squares().filter(|&s| position.is_free(s) && lines.holds(board, s)).collect();
        let colour = board.colour(knight);
        let same = outer.iter().filter(|&&s| board.colour(s) == colour).count() as u32;
        let closing = closed && lines.holds(board, start);
        if !rules::outer_squares_fit(
            free,
            same,
            outer.len() as u32 - same,
            lines.holds(board, knight),
            closing,
        ) {
            return Some(Reason::FourWide { outer: by_name(board, outer), free, same });
        }
    }
    None
}

/// `squares` in the order of their names, the order a reason lists them in.
fn by_name(board: Board, mut squares: Vec<Square>) -> Vec<Square> {
    board.sort_by_name(&mut squares);
    squares
}

/// The free squares with no link or one (see [`super::rules`]), next to the knight or not.
struct Tally {
    zero_near: Vec<Square>,
    zero_far: Vec<Square>,
    ends_near: Vec<End>,
    ends_far: Vec<End>,
}

impl Tally {
    fn of(position: Position) -> Tally {
        let Position { board, closed, path, .. } = position;
        let (start, knight) = (path[0], path[path.len() - 1]);
        let mut tally = Tally {
            zero_near: Vec::new(),
            zero_far: Vec::new(),
            ends_near: Vec::new(),
            ends_far: Vec::new(),
        };
        for square in board.squares().filter(|&square| position.is_free(square)) {
            let back = closed && board.is_knight_move(square, start);
            let mut ways = position.free_moves(square).chain(back.then_some(start));
            let (first, second) = (ways.next(), ways.next());
            let near = board.is_knight_move(knight, square);
            match (first, second) {
                (None, _) if near => tally.zero_near.push(square),
                (None, _) => tally.zero_far.push(square),
                (Some(way), None) => {
                    let end = End { square, way, back: way == start && back, near };
                    if near { &mut tally.ends_near } else { &mut tally.ends_far }.push(end);
                }
                _ => {}
            }
        }
        tally
    }
}

/// The free squares in the pieces that knight's moves through free squares join, largest
/// first, if there is more than one. One pass over the board when they hang together.
fn pieces(position: Position, free: u32) -> Option<Vec<Vec<Square>>> {
    let board = position.board;
    let mut seen = vec![false; board.len() as usize];
    let piece_from = |first: Square, seen: &mut [bool]| {
        seen[first.index()] = true;
        let mut piece = vec![first];
        let mut next = 0;
        while next < piece.len() {
            for to in position.free_moves(piece[next]) {
                if !seen[to.index()] {
                    seen[to.index()] = true;
                    piece.push(to);
                }
            }
            next += 1;
        }
        piece
    };
    let first = board.squares().find(|&square| position.is_free(square))?;
    let whole = piece_from(first, &mut seen);
    if whole.len() == free as usize {
        return None;
    }
    let mut pieces = vec![whole];
    for square in board.squares() {
        if position.is_free(square) && !seen[square.index()] {
            pieces.push(piece_from(square, &mut seen));
        }
    }
    for piece in &mut pieces {
        board.sort_by_name(piece);
    }
    pieces.sort_by_key(|piece| std::cmp::Reverse(piece.len()));
    Some(pieces)
}

/// The two outer lines of a board 4 wide, across its width: rows 0 and 3 of a board 4 rows
/// high, columns 0 and 3 of one 4 columns wide (4×4 has both).
#[derive(Clone, Copy)]
pub(crate) enum OuterLines {
    Rows,
    Cols,
}

impl OuterLines {
    pub fn of(board: Board) -> impl Iterator<Item = OuterLines> {
        let rows = (board.rows() == 4).then_some(OuterLines::Rows);
        let cols = (board.cols() == 4).then_some(OuterLines::Cols);
        rows.into_iter().chain(cols)
    }

    pub fn holds(self, board: Board, square: Square) -> bool {
        let Coord { row, col } = board.coord(square);
        let line = match self {
            OuterLines::Rows => row,
            OuterLines::Cols => col,
        };
        line == 0 || line == 3
    }
}
