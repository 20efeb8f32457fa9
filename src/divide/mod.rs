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
//! `narrow.rs`).
//!
//! Tiles are toured by the search itself (see `tiles.rs`). What is proven is that a joint, once
//! found, makes one tour of two; what is checked is that one is always found: the tests build
//! every board up to 20×20 from every start (30×30 with `--ignored`), and larger boards repeat
//! the same tiles and the same seams.

pub mod assembly;
mod method;
mod narrow;
mod split;
mod tiles;

use crate::board::existence::{self, Verdict};
use crate::board::{Board, Coord, Square};
pub use crate::search::construction::{Construction, Piece, Seam};
use crate::search::heuristic::Heuristic;
use crate::search::options::Options;
use crate::search::solver::Solver;
use split::{around, Fillers};
use std::collections::HashMap;
use tiles::{FxBuild, Needs, Neighbour, Resource, Shape, Side, Tiles, Walk};

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
    // A few of each side's best ways, tried in order of their combined rank (of one rank, the
    // rows' better first).
    let (rows_tried, cols_tried) = (rows.len().min(4), cols.len().min(4));
    let pairs = (0..rows_tried + cols_tried).flat_map(|rank| {
        (0..rows_tried).filter_map(move |r| rank.checked_sub(r).filter(|&c| c < cols_tried).map(|c| (r, c)))
    });
    pairs
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
        // Where each row and column of tiles begins, summed once.
        let offsets = |sides: &[u32]| -> Vec<u32> {
            sides.iter().scan(0, |sum, &side| Some(std::mem::replace(sum, *sum + side))).collect()
        };
        let (tops, lefts) = (offsets(&self.rows), offsets(&self.cols));
        let origin = |(row, col): (usize, usize)| (tops[row], lefts[col]);
        let mut laying = Laying::new(board);
        let first = self.start;
        let shape = self.shape(first);
        let (top, left) = origin(first);
        let coord = board.coord(start);
        let local = ((coord.row - top) * shape.cols + coord.col - left) as u16;
        // A tile with a closed tour starts the tour as a cycle, rotated to the start; otherwise
        // the start's tile is walked from the start.
        let (walk, cycle) = match tiles.cycle(shape) {
            Some(cycle) => (tiles.cycle_from(&cycle, local)?, true),
            None => (tiles.walk(shape, local, None, self.needs(first))?, false),
        };
        let squares = laying.lay(&walk, shape, (top, left));
        let count = self.rows.len() * self.cols.len();
        let mut pieces = Vec::with_capacity(count);
        pieces.push(Piece { top, left, rows: shape.rows, cols: shape.cols, walks: vec![squares], cycle });
        let mut seams = Vec::with_capacity(count - 1);
        let mut tree = Tree::with_capacity(count);

        // Breadth first from the start's tile; each entry is a tile already in the tour, with
        // its walk and whether the tour's last square is its own. Tiles are numbered as they are
        // joined, the same numbers as their pieces.
        let mut queue = std::collections::VecDeque::from([(first, walk, cycle, !cycle)]);
        let mut number = 0;
        while let Some((at, walk, cycle, open_end)) = queue.pop_front() {
            let needs = self.needs(at);
            let further =
                needs.map(|need| need.map_or([None; 4], |need| self.needs(Self::beyond(at, need.side))));
            let joins = tiles.joins(self.shape(at), (&walk, cycle, open_end), &needs, &further)?;
            let children = pieces.len();
            for (neighbour, join) in needs.iter().flatten().zip(joins.iter()) {
                let next = Self::beyond(at, neighbour.side);
                let (top, left) = origin(next);
                let squares = laying.lay(&join.walk, neighbour.shape, (top, left));
                let (entry, exit) = (squares[0], squares[squares.len() - 1]);
                let here = &pieces[number].walks[0];
                // The neighbour's tour goes in after square `after` of this tile's walk: into
                // the move from it, or after the last square, which ends the tour.
                let after = match join.joint.resource {
                    Resource::Move(i) => i,
                    Resource::End => here.len() - 1,
                };
                let from = here[after];
                // At most two of each: allocated once, not grown.
                let mut seam = Seam { cut: Vec::with_capacity(2), added: Vec::with_capacity(2) };
                match join.joint.resource {
                    Resource::Move(_) => {
                        // Of this tile's moves only its own joins cut any, each another one, so
                        // the move from `from` is still the walk's.
                        let to = here[(after + 1) % here.len()];
                        seam.cut.push([from, to]);
                        seam.added.extend([[from, entry], [exit, to]]);
                    }
                    Resource::End => seam.added.push([from, entry]),
                }
                if join.opened {
                    seam.cut.push([exit, entry]);
                }
                tree.joined(after);
                pieces.push(Piece {
                    top,
                    left,
                    rows: neighbour.shape.rows,
                    cols: neighbour.shape.cols,
                    walks: vec![squares],
                    cycle: join.opened,
                });
                seams.push(seam);
                let open_end = matches!(join.joint.resource, Resource::End);
                queue.push_back((next, join.walk.clone(), false, open_end));
            }
            tree.close(number, children);
            number += 1;
        }

        let path = tree.path(&pieces, board.len());
        Some(Construction { pieces, seams, path })
    }
}

/// Which tile went in after which square of which: the tour is each tile's walk with the tours
/// of the tiles joined to it inserted after their squares, or after its last square (the tour's
/// end, or a cycle's closing move), each in turn with its own inserted.
struct Tree {
    /// For each tile in order, the square of its parent's walk it goes in after.
    after: Vec<u32>,
    /// For each tile, the range of `after` (and of the pieces) that its children hold, sorted
    /// by the square they go in after.
    children: Vec<std::ops::Range<u32>>,
    /// For each child, sorted as above, the number of its tile.
    order: Vec<u32>,
}

impl Tree {
    fn with_capacity(tiles: usize) -> Tree {
        Tree {
            after: Vec::with_capacity(tiles),
            children: Vec::with_capacity(tiles),
            order: Vec::with_capacity(tiles),
        }
    }

    /// The next tile is joined after square `after` of its parent's walk.
    fn joined(&mut self, after: usize) {
        self.after.push(after as u32);
    }

    /// Tile `parent` was joined to its children, the tiles from `first` up to the last joined.
    fn close(&mut self, parent: usize, first: usize) {
        debug_assert_eq!(parent, self.children.len(), "tiles are closed in order");
        // The first tile has no parent: its entry in `after` is left out.
        let (from, to) = (first as u32, self.after.len() as u32 + 1);
        let start = self.order.len();
        self.order.extend(from..to);
        // By insertion: a tile has a handful of children, and the standard sorts' code would be
        // the first module's largest generic function (docs/speed.md).
        let (after, kids) = (&self.after, &mut self.order[start..]);
        let key = |kid: u32| after[kid as usize - 1];
        for placed in 1..kids.len() {
            let kid = kids[placed];
            let mut at = placed;
            while at > 0 && key(kids[at - 1]) > key(kid) {
                kids[at] = kids[at - 1];
                at -= 1;
            }
            kids[at] = kid;
        }
        self.children.push(start as u32..self.order.len() as u32);
    }

    /// The tour, from the first tile's first square: each tile's walk copied a run at a time
    /// between the squares its children go in after, with an explicit stack (a row of tiles
    /// 100,000 long nests 100,000 deep).
    fn path(&self, pieces: &[Piece], len: u32) -> Vec<Square> {
        let mut path = Vec::with_capacity(len as usize);
        // Each entry: a tile, the next square of its walk to copy, its next child.
        let mut stack = vec![(0usize, 0usize, self.children[0].start)];
        while let Some((tile, mut square, mut child)) = stack.pop() {
            let walk = &pieces[tile].walks[0];
            let children = &self.children[tile];
            if child < children.end {
                let kid = self.order[child as usize] as usize;
                let stop = self.after[kid - 1] as usize + 1;
                path.extend_from_slice(&walk[square..stop]);
                square = stop;
                child += 1;
                stack.push((tile, square, child));
                stack.push((kid, 0, self.children[kid].start));
            } else {
                path.extend_from_slice(&walk[square..]);
            }
        }
        debug_assert_eq!(path.len(), len as usize, "every tile's squares once");
        path
    }
}

/// Tiles' walks laid on the board: a walk's squares as offsets from its tile's top-left
/// square, worked out once a walk (a tile of each kind has the same), then one addition a
/// square.
struct Laying {
    cols: u32,
    offsets: HashMap<u32, Vec<u32>, FxBuild>,
}

impl Laying {
    fn new(board: Board) -> Laying {
        Laying { cols: board.cols(), offsets: HashMap::default() }
    }

    fn lay(&mut self, walk: &Walk, shape: Shape, (top, left): (u32, u32)) -> Vec<Square> {
        let cols = self.cols;
        let offsets = self.offsets.entry(walk.id()).or_insert_with(|| {
            walk.iter()
                .map(|&local| u32::from(local) / shape.cols * cols + u32::from(local) % shape.cols)
                .collect()
        });
        let origin = top * cols + left;
        offsets.iter().map(|&offset| Square(origin + offset)).collect()
    }
}
