//! Boards of up to 128 squares as bitboards: the free squares as one word (`u64`, or `u128`), so
//! that every rule of [`super::rules`] is judged in a few dozen word operations, at every node of
//! the completion search ([`super::search`]).

use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

use crate::board::{Board, Colour, Coord, Square, KNIGHT_MOVES};

use super::judge::OuterLines;
use super::rules;

/// A set of squares as the bits of a word, square `i` as bit `i`.
pub(crate) trait Mask:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// The most squares a set can hold.
    const BITS: u32;
    fn count(self) -> u32;
    fn lowest(self) -> u32;
    /// Sixty-four bits that tell sets apart, for hashing.
    fn fold(self) -> u64;
}

impl Mask for u64 {
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    const BITS: u32 = 64;
    fn count(self) -> u32 {
        self.count_ones()
    }
    fn lowest(self) -> u32 {
        self.trailing_zeros()
    }
    fn fold(self) -> u64 {
        self
    }
}

impl Mask for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    const BITS: u32 = 128;
    fn count(self) -> u32 {
        self.count_ones()
    }
    fn lowest(self) -> u32 {
        self.trailing_zeros()
    }
    fn fold(self) -> u64 {
        self as u64 ^ ((self >> 64) as u64).rotate_left(29)
    }
}

pub(crate) fn bit<M: Mask>(square: u32) -> M {
    M::ONE << square
}

/// The set moved `by` squares along the board's order, bits pushed off either end dropped.
fn shifted<M: Mask>(set: M, by: i32) -> M {
    if by >= 0 {
        set << by as u32
    } else {
        set >> by.unsigned_abs()
    }
}

/// The board as sets of squares: what the rules need to judge a position in word operations.
pub(crate) struct Geometry<M> {
    /// Whether the path must end a knight's move from the start, for a closed tour: the start is
    /// then one more link for its neighbours, the step back onto it after the last square.
    closed: bool,
    /// The start's neighbours for a closed tour, or none.
    back: M,
    /// Per move of [`KNIGHT_MOVES`]: what it adds to a square's index, and the squares it can
    /// be made from without leaving the board (the others would wrap round to another row).
    steps: [(i32, M); 8],
    /// Per square, the squares a knight's move away.
    moves: Box<[M]>,
    /// The squares of the corners' colour.
    corners: M,
    /// The outer lines of a board 4 wide (see [`OuterLines`]), each with whether a closed tour's
    /// start is on them (its last square then may not be).
    outer: Vec<(M, bool)>,
    /// Per square, its distance from the centre, reversed: smaller is farther out (Roth).
    rank: Box<[u32]>,
}

impl<M: Mask> Geometry<M> {
    /// For a board of at most `M::BITS` squares.
    pub fn new(board: Board, start: Square, closed: bool) -> Geometry<M> {
        assert!(board.len() <= M::BITS, "a {board} board does not fit in {} bits", M::BITS);
        let set = |squares: &mut dyn Iterator<Item = Square>| squares.fold(M::ZERO, |set, s| set | bit(s.0));
        let steps = KNIGHT_MOVES.map(|(dr, dc)| {
            let stays = |s: Square| {
                let Coord { row, col } = board.coord(s);
                let (row, col) = (row as i32 + dr, col as i32 + dc);
                (0..board.rows() as i32).contains(&row) && (0..board.cols() as i32).contains(&col)
            };
            let from = set(&mut board.squares().filter(|&s| stays(s)));
            // A move made from nowhere adds nothing, and may be longer than the word.
            (if from == M::ZERO { 0 } else { dr * board.cols() as i32 + dc }, from)
        });
        let centre = |square: Square| {
            let Coord { row, col } = board.coord(square);
            let dr = 2 * row as i64 - (board.rows() as i64 - 1);
            let dc = 2 * col as i64 - (board.cols() as i64 - 1);
            (dr * dr + dc * dc) as u32
        };
        let outer = OuterLines::of(board).map(|lines| {
            let mask = set(&mut board.squares().filter(|&s| lines.holds(board, s)));
            (mask, closed && lines.holds(board, start))
        });
        Geometry {
            closed,
            back: if closed { set(&mut board.knight_moves(start)) } else { M::ZERO },
            steps,
            moves: board.squares().map(|s| set(&mut board.knight_moves(s))).collect(),
            corners: set(&mut board.squares().filter(|&s| board.colour(s) == Colour::Corner)),
            outer: outer.collect(),
            rank: board.squares().map(|s| u32::MAX - centre(s)).collect(),
        }
    }

    /// How many free squares a knight on `square` could move to.
    pub fn onward(&self, square: u32, free: M) -> u32 {
        (self.moves[square as usize] & free).count()
    }

    /// The free squares a knight on `square` could move to: those a placement of `square` may
    /// have cut apart (see [`Geometry::judge`]).
    pub fn near(&self, square: u32, free: M) -> M {
        self.moves[square as usize] & free
    }

    /// How far `square` is from the rim: ties go to the square nearer it (Roth).
    pub fn rank(&self, square: u32) -> u32 {
        self.rank[square as usize]
    }

    /// Whether a path whose last square is `square` ends as it must: anywhere, or for a closed
    /// tour a knight's move from the start.
    pub fn ends_well(&self, square: u32) -> bool {
        !self.closed || self.back & bit(square) != M::ZERO
    }

    /// The free squares with at least one link and with at least two (see [`super::rules`]).
    fn links(&self, free: M) -> (M, M) {
        let (mut one, mut two) = (self.back, M::ZERO);
        for &(by, from) in &self.steps {
            let linked = shifted(free, -by) & from;
            two = two | (one & linked);
            one = one | linked;
        }
        (one, two)
    }

    /// The squares a knight's move from `set`.
    fn reach(&self, set: M) -> M {
        self.steps.iter().fold(M::ZERO, |reach, &(by, from)| reach | shifted(set & from, by))
    }

    /// Whether the squares of `seeds` are joined by knight's moves through `free`.
    fn joined(&self, free: M, seeds: M) -> bool {
        let mut reached = bit::<M>(seeds.lowest());
        let mut frontier = reached;
        while reached & seeds != seeds {
            frontier = self.reach(frontier) & free & !reached;
            if frontier == M::ZERO {
                return false;
            }
            reached = reached | frontier;
        }
        true
    }

    /// The moves that may finish a tour from the knight on `knight` with `free` squares left
    /// (at least one), or `None` if a rule dooms the position. The free squares must hang
    /// together, which is checked for `seeds`: all of them, or, when the squares free before
    /// the knight's move did, the knight's free neighbours (only a path through the knight's
    /// square could have joined them).
    pub fn judge(&self, free: M, knight: u32, seeds: M) -> Option<M> {
        let left = free.count();
        let near = self.moves[knight as usize] & free;
        if near == M::ZERO {
            return None;
        }
        let (one, two) = self.links(free);
        let zero = free & !one;
        if rules::stranded(self.closed, left, (zero & near).count(), (zero & !near).count()) {
            return None;
        }
        if self.closed && self.back & free == M::ZERO {
            return None;
        }
        let ends = free & one & !two;
        let (ends_near, ends_far) = ((ends & near).count(), (ends & !near).count());
        if rules::too_many_ends(self.closed, ends_near, ends_far) {
            return None;
        }
        let same = if self.corners & bit(knight) == M::ZERO { !self.corners } else { self.corners };
        let mut moves = near;
        if !self.closed {
            let last = if left % 2 == 0 { same } else { !same };
            let wrong = ends & !last;
            if !rules::last_colour_fits((wrong & near).count(), (wrong & !near).count()) {
                return None;
            }
            if wrong != M::ZERO {
                moves = wrong;
            }
        }
        for &(outer, closing) in &self.outer {
            let (outside, knight_outer) = (free & outer, outer & bit(knight) != M::ZERO);
            let same_outer = (outside & same).count();
            if !rules::outer_squares_fit(
                left,
                same_outer,
                outside.count() - same_outer,
                knight_outer,
                closing,
            ) {
                return None;
            }
        }
        if !self.joined(free, seeds) {
            return None;
        }
        if rules::ends_force(self.closed, ends_near, ends_far) {
            moves = moves & ends;
        }
        Some(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::judge::{judge, Position};
    use crate::play::FREE;
    use crate::search::heuristic::mix;

    /// Positions drawn at random: the squares visited either anywhere, or along a random walk.
    fn positions(board: Board, count: usize, mut seed: u64) -> Vec<Vec<Square>> {
        let mut draw = |below: u32| {
            seed = mix(seed);
            (seed % u64::from(below)) as u32
        };
        (0..count)
            .map(|i| {
                let mut path = vec![Square(draw(board.len()))];
                if i % 2 == 0 {
                    let visited = draw(board.len());
                    let start = path[0];
                    path.extend(board.squares().filter(|&s| s != start && draw(board.len()) < visited));
                } else {
                    while let Some(next) = {
                        let moves: Vec<Square> =
                            board.knight_moves(path[path.len() - 1]).filter(|s| !path.contains(s)).collect();
                        (!moves.is_empty()).then(|| moves[draw(moves.len() as u32) as usize])
                    } {
                        path.push(next);
                    }
                    path.truncate(1 + draw(path.len() as u32) as usize);
                }
                path
            })
            .collect()
    }

    fn agree<M: Mask>(board: Board, closed: bool) {
        for path in positions(board, 3_000, u64::from(board.len()) << 1 | u64::from(closed)) {
            if path.len() < 2 || path.len() == board.len() as usize {
                continue; // the theorems and a full board are the game's, not the rules'
            }
            let mut placed = vec![FREE; board.len() as usize];
            for (index, square) in path.iter().enumerate() {
                placed[square.index()] = index as u32;
            }
            let position = Position { board, closed, path: &path, placed: &placed };
            let reason = judge(position);
            let geometry = Geometry::<M>::new(board, path[0], closed);
            let set =
                board.squares().filter(|s| placed[s.index()] == FREE).fold(M::ZERO, |set, s| set | bit(s.0));
            let moves = geometry.judge(set, path[path.len() - 1].0, set);
            assert_eq!(moves.is_none(), reason.is_some(), "{board} closed {closed}: {path:?}: {reason:?}");
        }
    }

    /// The search judges its nodes in bitboards, the game its positions square by square: on
    /// any position they agree on whether a rule dooms it.
    #[test]
    fn the_rules_in_bitboards_agree_with_the_judge() {
        for (rows, cols) in
            [(1, 64), (2, 30), (3, 4), (4, 4), (4, 5), (5, 5), (4, 7), (3, 10), (6, 6), (5, 8), (8, 8)]
        {
            for closed in [false, true] {
                agree::<u64>(Board::new(rows, cols).unwrap(), closed);
            }
        }
        for (rows, cols) in [(1, 128), (4, 20), (9, 9), (10, 12)] {
            for closed in [false, true] {
                agree::<u128>(Board::new(rows, cols).unwrap(), closed);
            }
        }
    }
}
