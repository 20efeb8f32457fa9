//! Boards three or four squares wide, grown a few columns at a time from a block around the
//! start.
//!
//! Tiles that narrow do not join like the wide ones. On a board four wide every move from an
//! outer line lands on an inner one, and the lines hold equally many squares, so an open tour
//! alternates outer and inner squares but for exactly one move between two inner squares; a
//! second tile's own tour would bring a second such move. Three-wide tiles have few cycles, and
//! the one a search finds rarely meets its neighbour's.
//!
//! Instead a tour grows at an edge whose two corners are not its ends. A corner has just two
//! moves, so such a tour contains both. On a board four wide two paths covering three new
//! columns go into the two corners' moves (IBM Ponder This, December 2001); on a board three
//! wide one path covering four new columns goes into a move of the top corner. Each of these is
//! the only way to do it (the tests re-derive them by exhaustive search), and each leaves the new
//! corners inside its paths, so the step repeats to any length: what is proven here is the
//! growth. What is searched is one block of a few columns around the start, whose corners on the
//! sides still to grow must not be its ends (for closed tours every square is inside).

use std::ops::RangeInclusive;

use crate::board::{Board, Square};

use super::{tours, Construction, Piece, Seam};

/// A square beside the left edge of a strip: (line, column), columns counted from the edge's
/// column, so new columns are negative.
type Spot = (u32, i32);

/// How a strip of a given width grows.
struct Growth {
    /// Columns added at a time.
    columns: u32,
    /// The paths that add them on the left, each with the tour's move it goes into, `[from, to]`:
    /// the path starts a knight's move from `from` and ends a knight's move from `to`.
    paths: &'static [(&'static [Spot], [Spot; 2])],
    /// Widths of the block searched around the start: enough of them in a row to cover every
    /// remainder of the length modulo the growth.
    blocks: RangeInclusive<u32>,
}

const FOUR_WIDE: Growth = Growth {
    columns: 3,
    paths: &[
        (&[(1, -2), (3, -3), (2, -1), (0, -2), (2, -3), (3, -1)], [(0, 0), (2, 1)]),
        (&[(2, -2), (0, -3), (1, -1), (3, -2), (1, -3), (0, -1)], [(3, 0), (1, 1)]),
    ],
    // From 5, the shortest four-wide board with a tour.
    blocks: 5..=10,
};

const THREE_WIDE: Growth = Growth {
    columns: 4,
    paths: &[(
        &[
            (1, -1),
            (0, -3),
            (2, -4),
            (1, -2),
            (0, -4),
            (2, -3),
            (0, -2),
            (1, -4),
            (2, -2),
            (0, -1),
            (1, -3),
            (2, -1),
        ],
        [(2, 1), (0, 0)],
    )],
    // 3×5 and 3×6 have no tour; 3×4 is only ever the whole board.
    blocks: 7..=14,
};

/// Search effort allowed for one block: blocks are at most 4×10 or 3×14.
const BLOCK_BUDGET: u64 = 5_000_000;

/// Builds a tour of a board three or four squares wide (either way round) from `start`.
pub(super) fn construct(board: Board, start: Square, closed: bool) -> Option<Construction> {
    let strip = Strip::new(board);
    let growth = if strip.lines == 3 { &THREE_WIDE } else { &FOUR_WIDE };
    let (line, at) = strip.split(start);
    let len = strip.len;
    let widths = growth.blocks.clone().filter(|&width| width < len).chain([len]);
    // The blocks that hold the start, each width's from the left (not every block of the strip:
    // on 4×262144 looking at the others took longer than the rest of the construction).
    let holding =
        move |width: u32| (at.saturating_sub(width - 1)..=at.min(len - width)).map(move |left| (left, width));
    widths
        .flat_map(holding)
        .filter(|&(left, width)| {
            let right = len - left - width;
            // The start is an end of an open tour, so it may not be a corner the tour grows from.
            let at_growing_corner =
                !closed && ((left > 0 && at == left) || (right > 0 && at == left + width - 1));
            left % growth.columns == 0 && right % growth.columns == 0 && !at_growing_corner
        })
        .find_map(|(left, width)| {
            let block =
                Block { lines: strip.lines, width, grows_left: left > 0, grows_right: left + width < len };
            let walk = block.walk((line, at - left), closed)?;
            Some(strip.grow(start, growth, left, width, &walk, closed))
        })
}

/// The board seen as a few lines across and `len` columns along, whichever way it lies.
#[derive(Clone, Copy)]
struct Strip {
    board: Board,
    lines: u32,
    len: u32,
    transposed: bool,
}

impl Strip {
    fn new(board: Board) -> Strip {
        let transposed = board.rows() > board.cols();
        let (lines, len) =
            if transposed { (board.cols(), board.rows()) } else { (board.rows(), board.cols()) };
        Strip { board, lines, len, transposed }
    }

    fn square(self, line: u32, column: u32) -> Square {
        if self.transposed {
            self.board.square(column, line)
        } else {
            self.board.square(line, column)
        }
    }

    fn split(self, square: Square) -> (u32, u32) {
        let coord = self.board.coord(square);
        if self.transposed {
            (coord.col, coord.row)
        } else {
            (coord.row, coord.col)
        }
    }

    /// The columns `left..left + width` as a piece, in the board's own orientation.
    fn piece(self, left: u32, width: u32, walks: Vec<Vec<Square>>, cycle: bool) -> Piece {
        let (top, left, rows, cols) =
            if self.transposed { (left, 0, width, self.lines) } else { (0, left, self.lines, width) };
        Piece { top, left, rows, cols, walks, cycle }
    }

    /// Lays the block's tour on the board and grows it to both ends.
    fn grow(
        self,
        start: Square,
        growth: &Growth,
        left: u32,
        width: u32,
        block: &[(u32, u32)],
        closed: bool,
    ) -> Construction {
        let squares: Vec<Square> =
            block.iter().map(|&(line, column)| self.square(line, left + column)).collect();
        let mut chain = Chain { next: vec![u32::MAX; self.board.len() as usize], end: None };
        chain.run(&squares);
        if closed {
            chain.link(squares[squares.len() - 1], squares[0]);
        } else {
            chain.end = Some(squares[squares.len() - 1].0);
        }
        let mut pieces = vec![self.piece(left, width, vec![squares], closed)];
        let mut seams = Vec::new();
        let (mut low, mut high) = (left, left + width - 1);
        while low > 0 || high + 1 < self.len {
            // The side with more to go first, so the pieces spread out from the start evenly.
            let (piece, seam) = if low >= self.len - 1 - high {
                low -= growth.columns;
                self.extend(&mut chain, growth, low + growth.columns, -1)
            } else {
                high += growth.columns;
                self.extend(&mut chain, growth, high - growth.columns, 1)
            };
            pieces.push(piece);
            seams.push(seam);
        }
        Construction { pieces, seams, path: chain.walk(start, self.board.len()) }
    }

    /// Adds columns beyond the edge column `edge`, on the side `outward` (-1 left, 1 right): the
    /// left growth as it is, or mirrored.
    fn extend(self, chain: &mut Chain, growth: &Growth, edge: u32, outward: i32) -> (Piece, Seam) {
        let at = |(line, offset): Spot| self.square(line, (edge as i32 - outward * offset) as u32);
        let mut seam = Seam { cut: Vec::new(), added: Vec::new() };
        let mut walks = Vec::new();
        for &(path, [from, to]) in growth.paths {
            let (mut from, mut to) = (at(from), at(to));
            let mut walk: Vec<Square> = path.iter().map(|&spot| at(spot)).collect();
            // The tour may run the move either way; the path goes in the same way.
            if chain.next[from.index()] != to.0 {
                walk.reverse();
                (from, to) = (to, from);
            }
            debug_assert_eq!(chain.next[from.index()], to.0, "the tour holds the corner's move");
            chain.insert(from, &walk);
            seam.cut.push([from, to]);
            seam.added.extend([[from, walk[0]], [walk[walk.len() - 1], to]]);
            walks.push(walk);
        }
        let near = if outward < 0 { edge - growth.columns } else { edge + 1 };
        (self.piece(near, growth.columns, walks, false), seam)
    }
}

/// The tour under construction, as each square's successor.
struct Chain {
    next: Vec<u32>,
    /// The last square, for a path; a cycle has none.
    end: Option<u32>,
}

impl Chain {
    fn link(&mut self, from: Square, to: Square) {
        self.next[from.index()] = to.0;
    }

    fn run(&mut self, squares: &[Square]) {
        for pair in squares.windows(2) {
            self.link(pair[0], pair[1]);
        }
    }

    /// Puts `squares` between `from` and the square after it.
    fn insert(&mut self, from: Square, squares: &[Square]) {
        let to = Square(self.next[from.index()]);
        self.link(from, squares[0]);
        self.run(squares);
        self.link(squares[squares.len() - 1], to);
    }

    /// The tour from `start`, `len` squares.
    fn walk(&self, start: Square, len: u32) -> Vec<Square> {
        let mut path = Vec::with_capacity(len as usize);
        let mut square = start;
        for _ in 0..len {
            path.push(square);
            square = Square(self.next[square.index()]);
        }
        path
    }
}

/// The block around the start, in its own coordinates.
struct Block {
    lines: u32,
    width: u32,
    grows_left: bool,
    grows_right: bool,
}

impl Block {
    /// A tour of the block from `start` (line, column), closed or with its last square on no
    /// corner the tour grows from, as (line, column) pairs.
    fn walk(&self, start: (u32, u32), closed: bool) -> Option<Vec<(u32, u32)>> {
        let board = Board::new(self.lines, self.width).ok()?;
        let coords = |tour: Vec<Square>| -> Vec<(u32, u32)> {
            tour.iter().map(|square| (square.0 / self.width, square.0 % self.width)).collect()
        };
        let mut walks = tours(board, board.square(start.0, start.1), closed, BLOCK_BUDGET).map(coords);
        walks.find(|walk| closed || !self.is_growing_corner(walk[walk.len() - 1]))
    }

    fn is_growing_corner(&self, (line, column): (u32, u32)) -> bool {
        let outer = line == 0 || line == self.lines - 1;
        outer && ((self.grows_left && column == 0) || (self.grows_right && column == self.width - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way to add `columns` columns on the left of a strip `lines` wide by paths put into
    /// moves at the left corners, leaving the new corners inside the paths, found by trying
    /// everything. The moves a tour must hold are those of its corners, both of whose moves it
    /// uses when they are not its ends.
    fn growths(lines: u32, columns: i32) -> Vec<Vec<(Vec<Spot>, [Spot; 2])>> {
        let knight = |a: Spot, b: Spot| {
            let (dr, dc) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
            (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
        };
        let last = lines - 1;
        let corner_moves: Vec<[Spot; 2]> = [(0, 0), (last, 0)]
            .into_iter()
            .flat_map(|corner| {
                let near: Vec<Spot> = (0..lines)
                    .flat_map(|line| [(line, 1), (line, 2)])
                    .filter(|&s| knight(corner, s))
                    .collect();
                near.into_iter().flat_map(move |s| [[corner, s], [s, corner]])
            })
            .collect();
        let new: Vec<Spot> = (-columns..0).flat_map(|col| (0..lines).map(move |line| (line, col))).collect();
        let mut found = Vec::new();
        // Up to two paths, into distinct moves (a move and its reverse are the same move).
        for first in 0..corner_moves.len() {
            for second in (first..corner_moves.len()).map(Some).chain([None]) {
                let moves: Vec<[Spot; 2]> = std::iter::once(corner_moves[first])
                    .chain(second.map(|second| corner_moves[second]))
                    .collect();
                let same = |a: [Spot; 2], b: [Spot; 2]| a == b || a == [b[1], b[0]];
                if moves.len() == 2 && (same(moves[0], moves[1]) || second.is_some_and(|s| s < first)) {
                    continue;
                }
                let mut paths = Vec::new();
                cover(&new, &moves, &mut vec![false; new.len()], &mut paths, &knight, &mut |paths| {
                    let ends: Vec<Spot> =
                        paths.iter().flat_map(|p: &Vec<Spot>| [p[0], p[p.len() - 1]]).collect();
                    if !ends.contains(&(0, -columns)) && !ends.contains(&(last, -columns)) {
                        found.push(paths.iter().cloned().zip(moves.iter().copied()).collect());
                    }
                });
            }
        }
        found
    }

    /// Calls `done` with every way to cover `squares` by one path per move of `moves`, each from
    /// a knight's move of the move's first square to a knight's move of its second.
    fn cover(
        squares: &[Spot],
        moves: &[[Spot; 2]],
        used: &mut Vec<bool>,
        paths: &mut Vec<Vec<Spot>>,
        knight: &impl Fn(Spot, Spot) -> bool,
        done: &mut impl FnMut(&[Vec<Spot>]),
    ) {
        let Some(&[from, to]) = moves.get(paths.len()) else {
            if used.iter().all(|&u| u) {
                done(paths);
            }
            return;
        };
        for first in 0..squares.len() {
            if !used[first] && knight(from, squares[first]) {
                used[first] = true;
                paths.push(vec![squares[first]]);
                extend(squares, moves, to, used, paths, knight, done);
                paths.pop();
                used[first] = false;
            }
        }
    }

    fn extend(
        squares: &[Spot],
        moves: &[[Spot; 2]],
        to: Spot,
        used: &mut Vec<bool>,
        paths: &mut Vec<Vec<Spot>>,
        knight: &impl Fn(Spot, Spot) -> bool,
        done: &mut impl FnMut(&[Vec<Spot>]),
    ) {
        let last = *paths.last().unwrap().last().unwrap();
        if knight(last, to) {
            cover(squares, moves, used, paths, knight, done);
        }
        for next in 0..squares.len() {
            if !used[next] && knight(last, squares[next]) {
                used[next] = true;
                paths.last_mut().unwrap().push(squares[next]);
                extend(squares, moves, to, used, paths, knight, done);
                paths.last_mut().unwrap().pop();
                used[next] = false;
            }
        }
    }

    fn as_data(growth: &Growth) -> Vec<(Vec<Spot>, [Spot; 2])> {
        growth.paths.iter().map(|&(path, moves)| (path.to_vec(), moves)).collect()
    }

    /// A path and its move reversed are the same growth.
    fn normalised(mut growth: Vec<(Vec<Spot>, [Spot; 2])>) -> Vec<(Vec<Spot>, [Spot; 2])> {
        for (path, moves) in &mut growth {
            if moves[0] > moves[1] {
                path.reverse();
                moves.swap(0, 1);
            }
        }
        growth.sort();
        growth
    }

    /// Each growth once, whichever way its paths were found running.
    fn distinct(growths: Vec<Vec<(Vec<Spot>, [Spot; 2])>>) -> Vec<Vec<(Vec<Spot>, [Spot; 2])>> {
        let mut growths: Vec<_> = growths.into_iter().map(normalised).collect();
        growths.sort();
        growths.dedup();
        growths
    }

    #[test]
    fn four_wide_boards_grow_three_columns_at_a_time_in_exactly_one_way() {
        for columns in 1..=2 {
            assert!(growths(4, columns).is_empty(), "{columns} columns");
        }
        let found = distinct(growths(4, 3));
        assert_eq!(found, vec![normalised(as_data(&FOUR_WIDE))]);
    }

    #[test]
    fn three_wide_boards_grow_four_columns_at_a_time_and_no_fewer() {
        for columns in 1..=3 {
            assert!(growths(3, columns).is_empty(), "{columns} columns");
        }
        let found = distinct(growths(3, 4));
        // The top corner's move and, by the mirror across the middle line, the bottom one's.
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found.contains(&normalised(as_data(&THREE_WIDE))), "{found:?}");
        assert!(found.iter().all(|growth| growth.len() == 1));
    }
}
