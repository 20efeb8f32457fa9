//! The completion search on boards of up to 128 squares: depth-first walks through the free
//! squares as bitboards, every node judged by every rule ([`Geometry::judge`]), on explicit
//! stacks allocated once per game, run a given number of steps at a time.
//!
//! Two walks take turns. The *prover* tries the moves in Warnsdorff's order (fewest onward moves
//! first), ties to the rim, to the end: once it has tried everything, no completion exists. The
//! *hunter* tries them in Warnsdorff's order with ties drawn at random, and starts over with
//! fresh draws after a number of steps that grows along Luby's sequence (see `restarts.rs`): one
//! order can be lost for minutes in a dead region that another never enters, and starting over
//! turns that heavy tail into a geometric one (Gomes, Selman and Kautz 1998). A square whose
//! every move either walk has tried is a dead position, remembered in a table both read for the
//! whole game: no position is found dead twice.

use crate::board::{Board, Square};
use crate::search::heuristic::mix;
use crate::search::restarts;

use super::bits::{bit, Geometry, Mask};

/// Steps each walk makes in its turn.
const TURN: u64 = 64;

/// Where the completion search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CompletionState {
    /// A completion is found: see [`Search::completion`].
    Found,
    /// Every way on has been tried: none finishes the tour.
    Exhausted,
    Thinking,
}

/// The completion search; see the module's comment.
pub(crate) struct Search<M> {
    geometry: Geometry<M>,
    dead: Table<M>,
    prover: Walk<M>,
    hunter: Walk<M>,
    /// The position searched: its free squares, the knight's square and the moves from it.
    root: (M, u32, M),
    /// The hunter's attempt, from 1, and the steps it has left.
    attempt: u32,
    left: u64,
    state: CompletionState,
    /// Whether the completion found is the hunter's.
    hunted: bool,
}

impl<M: Mask> Search<M> {
    /// A search for ways to finish a (closed) tour from `start` on `board`.
    pub fn new(board: Board, start: Square, closed: bool) -> Search<M> {
        Search {
            geometry: Geometry::new(board, start, closed),
            dead: Table::new(),
            prover: Walk::new(board),
            hunter: Walk::new(board),
            root: (M::ZERO, 0, M::ZERO),
            attempt: 1,
            left: 0,
            state: CompletionState::Exhausted,
            hunted: false,
        }
    }

    /// Starts over from the knight on `knight` with the squares of `free` left (at least one),
    /// a position no rule dooms. The table of dead positions stays: it holds for every position
    /// of the same game.
    pub fn begin(&mut self, free: impl Iterator<Item = Square>, knight: Square) {
        let free = free.fold(M::ZERO, |set, square| set | bit(square.0));
        let Some(moves) = self.geometry.judge(free, knight.0, free) else {
            self.state = CompletionState::Exhausted;
            return;
        };
        self.root = (free, knight.0, moves);
        self.prover.begin(&self.geometry, self.root, Order::Rim);
        (self.attempt, self.left) = (1, restarts::cutoff(1));
        self.hunter.begin(&self.geometry, self.root, Order::Drawn(mix(1)));
        (self.state, self.hunted) = (CompletionState::Thinking, false);
    }

    /// The squares after the knight's, once [`CompletionState::Found`].
    pub fn completion(&self) -> impl Iterator<Item = Square> + '_ {
        if self.hunted { &self.hunter } else { &self.prover }.completion()
    }

    /// Searches on for up to `budget` steps (a move tried or taken back, by either walk), and
    /// says where it stands.
    pub fn think(&mut self, budget: u64) -> CompletionState {
        let mut budget = budget;
        while self.state == CompletionState::Thinking && budget > 0 {
            let turn = budget.min(2 * TURN);
            budget -= turn;
            self.state = self.prover.run(&self.geometry, &mut self.dead, turn.div_ceil(2), Order::Rim);
            if self.state != CompletionState::Thinking {
                break;
            }
            let steps = (turn / 2).min(self.left);
            let order = Order::Drawn(mix(u64::from(self.attempt)));
            self.state = self.hunter.run(&self.geometry, &mut self.dead, steps, order);
            self.hunted = self.state == CompletionState::Found;
            self.left -= steps;
            if self.left == 0 && self.state == CompletionState::Thinking {
                self.attempt += 1;
                self.left = restarts::cutoff(self.attempt);
                self.hunter.begin(&self.geometry, self.root, Order::Drawn(mix(u64::from(self.attempt))));
            }
        }
        self.state
    }
}

/// How a walk breaks ties between moves with as many onward moves: towards the rim, or by draws
/// from a seed.
#[derive(Clone, Copy)]
enum Order {
    Rim,
    Drawn(u64),
}

/// A square of a walk's path and the moves from it still to try, best first.
#[derive(Clone, Copy, Default)]
struct Frame {
    square: u8,
    next: u8,
    len: u8,
    order: [u8; 8],
}

/// A depth-first walk from the knight: the free squares left, and the stack of squares placed.
struct Walk<M> {
    free: M,
    /// The knight's square first, then the path the walk has made from it.
    stack: Box<[Frame]>,
    depth: usize,
}

impl<M: Mask> Walk<M> {
    fn new(board: Board) -> Walk<M> {
        Walk {
            free: M::ZERO,
            stack: vec![Frame::default(); board.len() as usize].into_boxed_slice(),
            depth: 0,
        }
    }

    /// Back to the knight on `knight` with `free` squares left and `moves` to try.
    fn begin(&mut self, geometry: &Geometry<M>, (free, knight, moves): (M, u32, M), order: Order) {
        self.free = free;
        self.depth = 0;
        self.push(geometry, knight, moves, order);
    }

    fn completion(&self) -> impl Iterator<Item = Square> + '_ {
        self.stack[1..self.depth].iter().map(|frame| Square(frame.square.into()))
    }

    /// Walks on for up to `steps` steps (a move tried or taken back).
    fn run(
        &mut self,
        geometry: &Geometry<M>,
        dead: &mut Table<M>,
        steps: u64,
        order: Order,
    ) -> CompletionState {
        for _ in 0..steps {
            let frame = &mut self.stack[self.depth - 1];
            if frame.next == frame.len {
                // Every way on from the top square failed: a dead position.
                if self.depth == 1 {
                    return CompletionState::Exhausted;
                }
                dead.remember(self.free, frame.square.into());
                self.free = self.free | bit(frame.square.into());
                self.depth -= 1;
                continue;
            }
            let to = u32::from(frame.order[usize::from(frame.next)]);
            frame.next += 1;
            let free = self.free & !bit::<M>(to);
            if free == M::ZERO {
                if geometry.ends_well(to) {
                    self.free = free;
                    self.push(geometry, to, M::ZERO, order);
                    return CompletionState::Found;
                }
                continue;
            }
            if dead.knows(free, to) {
                continue;
            }
            if let Some(moves) = geometry.judge(free, to, geometry.near(to, free)) {
                self.free = free;
                self.push(geometry, to, moves, order);
            }
        }
        CompletionState::Thinking
    }

    /// Places `square`, its moves `moves` in Warnsdorff's order, ties broken by `order`.
    fn push(&mut self, geometry: &Geometry<M>, square: u32, moves: M, order: Order) {
        let mut frame = Frame { square: square as u8, ..Frame::default() };
        let mut keys = [(0u32, 0u32); 8];
        let mut rest = moves;
        while rest != M::ZERO {
            let to = rest.lowest();
            rest = rest & !bit::<M>(to);
            let tie = match order {
                Order::Rim => geometry.rank(to),
                Order::Drawn(seed) => mix(seed ^ u64::from(to)) as u32,
            };
            let key = (geometry.onward(to, self.free), tie);
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
}

/// The table of dead positions: a position's free squares and the knight's square. Lossy: one
/// takes the slot of another, which costs at most a search repeated.
struct Table<M> {
    slots: Box<[(M, u8)]>,
}

/// Marks a slot that holds no position (no square of a board in a word is numbered 255).
const EMPTY: u8 = u8::MAX;

/// 2^16 slots: 1 or 2 MB.
const TABLE_BITS: u32 = 16;

impl<M: Mask> Table<M> {
    fn new() -> Table<M> {
        Table { slots: vec![(M::ZERO, EMPTY); 1 << TABLE_BITS].into_boxed_slice() }
    }

    fn slot(free: M, knight: u32) -> usize {
        (mix(free.fold() ^ u64::from(knight) << 56) >> (64 - TABLE_BITS)) as usize
    }

    fn remember(&mut self, free: M, knight: u32) {
        self.slots[Self::slot(free, knight)] = (free, knight as u8);
    }

    fn knows(&self, free: M, knight: u32) -> bool {
        self.slots[Self::slot(free, knight)] == (free, knight as u8)
    }
}
