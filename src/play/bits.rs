//! The completion search on boards of up to 128 squares: the free squares as one word (`u64`, or
//! `u128`), so that every rule of [`super::rules`] is judged at every node in a few dozen word
//! operations, and a table of positions found dead, so that no position is searched twice. It
//! tries everything, so it is exact; it is an explicit stack that runs a given amount of work
//! and can be resumed, allocated once per game.

use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

use crate::board::{Board, Colour, Coord, Square, KNIGHT_MOVES};
use crate::heuristic::mix;

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

fn bit<M: Mask>(square: u32) -> M {
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
    /// Per square, its distance from the centre, for breaking ties: farther first (Roth).
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

/// A square of the search's path and the moves from it still to try, best first.
#[derive(Clone, Copy, Default)]
struct Frame {
    square: u8,
    next: u8,
    len: u8,
    order: [u8; 8],
}

/// A position found dead: its free squares and the knight's square; [`EMPTY`] marks a free slot.
#[derive(Clone, Copy)]
struct Dead<M> {
    free: M,
    knight: u8,
}

const EMPTY: u8 = u8::MAX;

/// The table of dead positions has 2^16 slots: 1 or 2 MB.
const TABLE_BITS: u32 = 16;

/// Where a search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Progress {
    /// A completion is on the stack: see [`Search::completion`].
    Found,
    /// Every way on has been tried: none finishes the tour.
    Exhausted,
    Thinking,
}

/// The completion search, stepwise; see the module's comment.
pub(crate) struct Search<M> {
    geometry: Geometry<M>,
    /// Free squares, with the stack's path placed.
    free: M,
    /// The knight's square first, then the path the search has made from it.
    stack: Box<[Frame]>,
    depth: usize,
    progress: Progress,
    /// Positions found dead, for every position of the same game. Lossy: one takes the slot of
    /// another, which costs at most a search repeated.
    dead: Box<[Dead<M>]>,
}

impl<M: Mask> Search<M> {
    /// A search for ways to finish a (closed) tour from `start` on `board`.
    pub fn new(board: Board, start: Square, closed: bool) -> Search<M> {
        Search {
            geometry: Geometry::new(board, start, closed),
            free: M::ZERO,
            stack: vec![Frame::default(); board.len() as usize].into_boxed_slice(),
            depth: 0,
            progress: Progress::Exhausted,
            dead: vec![Dead { free: M::ZERO, knight: EMPTY }; 1 << TABLE_BITS].into_boxed_slice(),
        }
    }

    /// Starts over from the knight on `knight` with the squares of `free` left (at least one),
    /// a position no rule dooms. The table of dead positions stays: it holds for every position
    /// of the same game.
    pub fn begin(&mut self, free: impl Iterator<Item = Square>, knight: Square) {
        self.free = free.fold(M::ZERO, |set, square| set | bit(square.0));
        self.depth = 0;
        self.progress = match self.geometry.judge(self.free, knight.0, self.free) {
            Some(moves) => {
                self.push(knight.0, moves);
                Progress::Thinking
            }
            None => Progress::Exhausted,
        };
    }

    /// The squares after the knight's, once [`Progress::Found`].
    pub fn completion(&self) -> impl Iterator<Item = Square> + '_ {
        self.stack[1..self.depth].iter().map(|frame| Square(frame.square.into()))
    }

    /// Searches on for up to `budget` steps (a move tried or taken back), and says where it stands.
    pub fn think(&mut self, budget: u64) -> Progress {
        let mut left = budget;
        while self.progress == Progress::Thinking && left > 0 {
            left -= 1;
            let frame = &mut self.stack[self.depth - 1];
            if frame.next == frame.len {
                self.retreat();
                continue;
            }
            let to = u32::from(frame.order[usize::from(frame.next)]);
            frame.next += 1;
            let free = self.free & !bit::<M>(to);
            if free == M::ZERO {
                if !self.geometry.closed || self.geometry.back & bit(to) != M::ZERO {
                    self.free = free;
                    self.push(to, M::ZERO);
                    self.progress = Progress::Found;
                }
                continue;
            }
            if self.is_dead(free, to) {
                continue;
            }
            let seeds = self.geometry.moves[to as usize] & free;
            if let Some(moves) = self.geometry.judge(free, to, seeds) {
                self.free = free;
                self.push(to, moves);
            }
        }
        self.progress
    }

    /// Every way on from the top square failed: remember it, and take it back.
    fn retreat(&mut self) {
        let square = self.stack[self.depth - 1].square;
        if self.depth == 1 {
            self.progress = Progress::Exhausted;
            return;
        }
        let slot = self.slot(self.free, square.into());
        self.dead[slot] = Dead { free: self.free, knight: square };
        self.free = self.free | bit(square.into());
        self.depth -= 1;
    }

    /// Places `square`, its moves `moves` ordered by Warnsdorff's rule, ties to the rim.
    fn push(&mut self, square: u32, moves: M) {
        let geometry = &self.geometry;
        let mut frame = Frame { square: square as u8, ..Frame::default() };
        let mut keys = [(0u32, 0u32); 8];
        let mut rest = moves;
        while rest != M::ZERO {
            let to = rest.lowest();
            rest = rest & !bit::<M>(to);
            let key = ((geometry.moves[to as usize] & self.free).count(), geometry.rank[to as usize]);
            // Insertion into the sorted prefix: at most eight.
            let mut at = usize::from(frame.len);
            while at > 0 && keys[at - 1] > key {
                keys[at] = keys[at - 1];
                frame.order[at] = frame.order[at - 1];
                at -= 1;
            }
            keys[at] = key;
            frame.order[at] = to as u8;
            frame.len += 1;
        }
        self.stack[self.depth] = frame;
        self.depth += 1;
    }

    fn slot(&self, free: M, knight: u32) -> usize {
        (mix(free.fold() ^ u64::from(knight) << 56) >> (64 - TABLE_BITS)) as usize
    }

    fn is_dead(&self, free: M, knight: u32) -> bool {
        let dead = self.dead[self.slot(free, knight)];
        dead.knight == knight as u8 && dead.free == free
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::judge::{judge, Position};
    use crate::play::FREE;

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
