//! Tours by divide and conquer: the board is cut into small tiles, each tile is toured on its
//! own, and the tiles' tours are joined at the seams into one tour, in time linear in the number
//! of squares.
//!
//! The idea is Parberry's (1997): tiles with closed tours, joined by swapping moves where they
//! meet. Two tours are joined by cutting a move `p → q` of the tour so far and a move of the
//! neighbour's cycle, `b → a`, where `a` is a knight's move from `p` and `b` from `q`: the
//! neighbour's cycle, opened at `a`…`b`, goes in between, `p → a … b → q`. Rather than fixing in
//! advance which moves every tile must contain, as Parberry does, each seam is chosen among the
//! moves the tiles happen to have, and a tile is only taken if the tiles beyond it can still be
//! joined to it.
//!
//! Boards of odd area have no closed tour, and neither has the tile holding the start: it is the
//! one odd-by-odd tile, walked from the start by the search, and the other tiles are joined to
//! that walk. A walk joins like a cycle, cut open at one of its moves, or by following its last
//! square. Boards three and four wide are grown instead, a few columns at a time (see
//! [`narrow`]).
//!
//! Tiles are toured by the search itself (see [`tiles`]). What is proven is that a joint, once
//! found, makes one tour of two; what is checked is that one is always found: the tests build
//! every board up to 20×20 from every start (30×30 with `--ignored`), and larger boards repeat
//! the same tiles and the same seams.

mod narrow;
mod split;
mod tiles;

use crate::board::{Board, Coord, Square};
pub use crate::construction::{Construction, Piece, Seam};
use crate::existence::{self, Verdict};
use crate::heuristic::Heuristic;
use crate::options::Options;
use crate::solver::Solver;
use split::{around, Fillers};
use tiles::{Joinable, Needs, Neighbour, Resource, Shape, Side, Tiles, Walk};

/// Builds a tour of `board` from `start` (a closed one if `closed`), or `None` where none exists.
pub fn construct(board: Board, start: Square, closed: bool) -> Option<Construction> {
    if let Verdict::No(_) = existence::tour(board, start, closed) {
        return None;
    }
    if board.len() == 1 {
        let piece = Piece { top: 0, left: 0, rows: 1, cols: 1, walks: vec![vec![start]], cycle: false };
        return Some(Construction { pieces: vec![piece], seams: Vec::new(), path: vec![start] });
    }
    if board.rows().min(board.cols()) <= 4 {
        return narrow::construct(board, start, closed);
    }
    let mut tiles = Tiles::default();
    layouts(board, board.coord(start)).into_iter().find_map(|layout| layout.build(board, start, &mut tiles))
}

/// Odd tiles that may hold the start on boards of odd area, smallest first.
const ODD_TILES: [u32; 4] = [5, 7, 9, 11];
/// Tiles with an even side: every tile from 5×6 to 11×10 has a closed tour.
const EVEN_FILLERS: Fillers = Fillers { shortest: 6, longest: 10, even: true };

/// How the board is cut: the lengths of the rows of tiles and of the columns of tiles, and which
/// tile holds the start.
struct Layout {
    rows: Vec<u32>,
    cols: Vec<u32>,
    start: (usize, usize),
}

/// The ways to cut the board, best first: each side on its own (see [`split`]), then combined.
fn layouts(board: Board, start: Coord) -> Vec<Layout> {
    let odd_area = board.len() % 2 == 1;
    let side = |len: u32, line: u32| {
        if len % 2 == 0 && !odd_area {
            single(EVEN_FILLERS, len, line)
        } else {
            around(len, line, &ODD_TILES, EVEN_FILLERS)
        }
    };
    let rows = side(board.rows(), start.row);
    let cols = side(board.cols(), start.col);
    // A few of each side's best ways, tried in order of their combined rank.
    let mut pairs: Vec<(usize, usize)> =
        (0..rows.len().min(4)).flat_map(|r| (0..cols.len().min(4)).map(move |c| (r, c))).collect();
    pairs.sort_by_key(|&(r, c)| r + c);
    pairs
        .into_iter()
        .map(|(r, c)| Layout {
            rows: rows[r].0.clone(),
            cols: cols[c].0.clone(),
            start: (rows[r].1, cols[c].1),
        })
        .collect()
}

/// A side cut into fillers only, with the index of the piece holding `line`.
fn single(fillers: Fillers, len: u32, line: u32) -> Vec<(Vec<u32>, usize)> {
    let Some(pieces) = fillers.cut(len) else { return Vec::new() };
    let mut end = 0;
    let index = pieces.iter().position(|&piece| {
        end += piece;
        line < end
    });
    index.map(|index| (pieces, index)).into_iter().collect()
}

/// The tours of a small board from `start` (closed ones only, if `closed`), in the search's
/// order, Roth's rule with pruning, for as long as `budget` placements last: how a tile or a
/// block gets its tour, and another if the first will not do.
fn tours(board: Board, start: Square, closed: bool, budget: u64) -> impl Iterator<Item = Vec<Square>> {
    let (ordering, prune) = (Heuristic::Roth, true);
    let options = Options { heuristic: ordering, prune, closed, budget: Some(budget), ..Options::default() };
    let mut solver = Solver::search(board, start, options, ordering, prune).ok();
    std::iter::from_fn(move || solver.as_mut()?.tours().next())
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

impl Layout {
    fn shape(&self, (row, col): (usize, usize)) -> Shape {
        Shape { rows: self.rows[row], cols: self.cols[col] }
    }

    /// The tiles a tile takes in: along the start's row of tiles outwards, and from every tile
    /// of that row up and down its column of tiles.
    fn needs(&self, (row, col): (usize, usize)) -> Needs {
        let (start_row, start_col) = self.start;
        let neighbour = |side, at| Some(Neighbour { side, shape: self.shape(at) });
        let mut needs = [None; 4];
        if row == start_row {
            if col <= start_col && col > 0 {
                needs[0] = neighbour(Side::Left, (row, col - 1));
            }
            if col >= start_col && col + 1 < self.cols.len() {
                needs[1] = neighbour(Side::Right, (row, col + 1));
            }
        }
        if row <= start_row && row > 0 {
            needs[2] = neighbour(Side::Up, (row - 1, col));
        }
        if row >= start_row && row + 1 < self.rows.len() {
            needs[3] = neighbour(Side::Down, (row + 1, col));
        }
        needs
    }

    fn beyond((row, col): (usize, usize), side: Side) -> (usize, usize) {
        match side {
            Side::Up => (row - 1, col),
            Side::Down => (row + 1, col),
            Side::Left => (row, col - 1),
            Side::Right => (row, col + 1),
        }
    }

    /// Joins every tile into one tour, from the tile holding the start outwards; `None` if some
    /// tile cannot be joined in this layout.
    fn build(&self, board: Board, start: Square, tiles: &mut Tiles) -> Option<Construction> {
        // Where each row and column of tiles begins, summed once: a tour of a million squares
        // maps every one of them from its tile to the board.
        let offsets = |sides: &[u32]| -> Vec<u32> {
            sides.iter().scan(0, |sum, &side| Some(std::mem::replace(sum, *sum + side))).collect()
        };
        let (tops, lefts) = (offsets(&self.rows), offsets(&self.cols));
        let piece = |(row, col): (usize, usize)| (tops[row], lefts[col]);
        let global = |at: (usize, usize), local: u16| {
            let (top, left) = piece(at);
            let cols = self.cols[at.1];
            board.square(top + u32::from(local) / cols, left + u32::from(local) % cols)
        };
        let first = self.start;
        let shape = self.shape(first);
        let (top, left) = piece(first);
        let coord = board.coord(start);
        let local = ((coord.row - top) * shape.cols + coord.col - left) as u16;
        // A tile with a closed tour starts the tour as a cycle, rotated to the start; otherwise
        // the start's tile is walked from the start.
        let (walk, cycle): (Walk, bool) = match tiles.cycle(shape) {
            Some(cycle) => {
                let at = cycle.order.iter().position(|&square| square == local)?;
                let len = cycle.order.len();
                ((0..len).map(|i| cycle.order[(at + i) % len]).collect(), true)
            }
            None => (tiles.walk(shape, local, None, self.needs(first))?, false),
        };

        let mut chain = Chain { next: vec![u32::MAX; board.len() as usize], end: None };
        let squares: Vec<Square> = walk.iter().map(|&local| global(first, local)).collect();
        chain.run(&squares);
        if cycle {
            chain.link(squares[squares.len() - 1], squares[0]);
        } else {
            chain.end = Some(squares[squares.len() - 1].0);
        }
        let mut pieces =
            vec![Piece { top, left, rows: shape.rows, cols: shape.cols, walks: vec![squares], cycle }];
        let mut seams = Vec::new();

        // Breadth first from the start's tile; each entry is a tile already in the tour, with
        // its walk and whether the tour's last square is its own.
        let mut queue = std::collections::VecDeque::from([(first, walk, cycle, !cycle)]);
        while let Some((at, walk, cycle, open_end)) = queue.pop_front() {
            let needs = self.needs(at);
            let tour = Joinable { shape: self.shape(at), walk: &walk, cycle, open_end };
            let joins =
                tiles.join_with(tour, &needs, &mut |side| self.needs(Self::beyond(at, side)), true)?;
            for (neighbour, (joint, joined)) in needs.iter().flatten().zip(joins) {
                let next = Self::beyond(at, neighbour.side);
                let squares: Vec<Square> = joined.iter().map(|&local| global(next, local)).collect();
                let (entry, exit) = (squares[0], squares[squares.len() - 1]);
                let mut seam = Seam { cut: Vec::new(), added: Vec::new() };
                match joint.resource {
                    Resource::Move(i) => {
                        let from = global(at, walk[i]);
                        let to = Square(chain.next[from.index()]);
                        chain.insert(from, &squares);
                        seam.cut.push([from, to]);
                        seam.added.extend([[from, entry], [exit, to]]);
                    }
                    Resource::End => {
                        let end = Square(chain.end?);
                        chain.link(end, entry);
                        chain.run(&squares);
                        chain.end = Some(exit.0);
                        seam.added.push([end, entry]);
                    }
                }
                let tile_cycle = board.is_knight_move(exit, entry) && tiles.cycle(neighbour.shape).is_some();
                if tile_cycle {
                    seam.cut.push([exit, entry]);
                }
                let (top, left) = piece(next);
                pieces.push(Piece {
                    top,
                    left,
                    rows: neighbour.shape.rows,
                    cols: neighbour.shape.cols,
                    walks: vec![squares],
                    cycle: tile_cycle,
                });
                seams.push(seam);
                let open_end = matches!(joint.resource, Resource::End);
                queue.push_back((next, joined, false, open_end));
            }
        }

        Some(Construction { pieces, seams, path: chain.walk(start, board.len()) })
    }
}
