//! The tiles' own tours, and the joints by which a tile's tour takes in its neighbours'.
//!
//! A tile is toured by the stepwise search itself, on a board of the tile's size: tiles are small
//! (at most 11×11), so this takes microseconds, and one construction asks for each shape only
//! once. A tile with a closed tour (Schwenk's theorem) keeps one fixed cycle; the one without,
//! the odd-by-odd tile holding the start, is walked anew until its walk leaves room for its
//! neighbours.
//!
//! Everything here is a function of a few small values (shapes, squares, which neighbours a
//! tile has), and a large board asks the same questions over and over: a million squares are
//! ten thousand tiles of a handful of kinds. So every answer is kept, down to the joins of a
//! whole tile ([`Tiles::joins`]), and a construction pays for each kind of tile once.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Deref;
use std::rc::Rc;

use super::tours;
use crate::board::existence::{self, Verdict};
use crate::board::{Board, KNIGHT_MOVES};
use crate::Square;

/// A tile's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Shape {
    pub rows: u32,
    pub cols: u32,
}

impl Shape {
    fn board(self) -> Board {
        Board::new(self.rows, self.cols)
            // Not `expect`: the error's `Debug` (its texts escaped) would be in the page's first module.
            .unwrap_or_else(|_| unreachable!("tiles are small and not empty"))
    }

    fn coord(self, local: u16) -> (i32, i32) {
        let local = u32::from(local);
        ((local / self.cols) as i32, (local % self.cols) as i32)
    }

    fn local(self, (row, col): (i32, i32)) -> Option<u16> {
        let inside = (0..self.rows as i32).contains(&row) && (0..self.cols as i32).contains(&col);
        inside.then(|| (row as u32 * self.cols + col as u32) as u16)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Side {
    Up,
    Down,
    Left,
    Right,
}

/// A tile next to another, on one of its sides. Tiles of a row of tiles share their rows and
/// tiles of a column share their columns, so the side and the shape say exactly where it lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Neighbour {
    pub side: Side,
    pub shape: Shape,
}

impl Neighbour {
    /// Where the neighbour's top-left square lies, in the coordinates of the tile of `shape`.
    fn origin(self, shape: Shape) -> (i32, i32) {
        match self.side {
            Side::Up => (-(self.shape.rows as i32), 0),
            Side::Down => (shape.rows as i32, 0),
            Side::Left => (0, -(self.shape.cols as i32)),
            Side::Right => (0, shape.cols as i32),
        }
    }
}

/// The tiles a tile must take in once it is part of the tour, at most one a side.
pub(super) type Needs = [Option<Neighbour>; 4];

/// A tile's tour as local square indices (`row * cols + col` within the tile), in the order the
/// knight takes them; shared, and named by a number unique within its [`Tiles`], so that a
/// question about a walk is asked by its number rather than its squares.
#[derive(Clone, Debug)]
pub(super) struct Walk {
    id: u32,
    squares: Rc<[u16]>,
}

impl Walk {
    pub fn id(&self) -> u32 {
        self.id
    }
}

impl Deref for Walk {
    type Target = [u16];

    fn deref(&self) -> &[u16] {
        &self.squares
    }
}

/// What in a tour a neighbour is joined to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Resource {
    /// The move from `walk[i]` to the next square: cut, and the neighbour's tour put in between.
    Move(usize),
    /// The tour's last square: the neighbour's tour follows it.
    End,
}

/// A way to join a neighbour: the resource it uses, and the neighbour's squares (local to the
/// neighbour) its tour must start on and, unless it follows the end, finish on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Joint {
    pub resource: Resource,
    pub entry: u16,
    pub exit: Option<u16>,
}

/// A tour as a neighbour can be joined to it: its squares in order, whether it is a cycle
/// (its last move returns to the first square) and whether its last square ends the whole tour.
#[derive(Clone, Copy)]
pub(super) struct Joinable<'a> {
    pub shape: Shape,
    pub walk: &'a [u16],
    pub cycle: bool,
    pub open_end: bool,
}

impl<'a> Joinable<'a> {
    /// Every joint by which `neighbour` can be joined to this tour, in a fixed order.
    pub fn joints(self, neighbour: Neighbour) -> impl Iterator<Item = Joint> + 'a {
        let len = self.walk.len();
        let moves = if self.cycle { len } else { len.saturating_sub(1) };
        let inserts = (0..moves).flat_map(move |i| {
            let (from, to) = (self.walk[i], self.walk[(i + 1) % len]);
            let entries = self.reach(neighbour, from);
            let exits = self.reach(neighbour, to);
            entries.flat_map(move |entry| {
                exits.filter(move |&exit| exit != entry).map(move |exit| Joint {
                    resource: Resource::Move(i),
                    entry,
                    exit: Some(exit),
                })
            })
        });
        let end = self.walk.last().copied().filter(|_| self.open_end);
        let appends = end.into_iter().flat_map(move |end| {
            self.reach(neighbour, end).map(|entry| Joint { resource: Resource::End, entry, exit: None })
        });
        inserts.chain(appends)
    }

    /// The neighbour's squares a knight's move from `square` of this tile, as the neighbour's
    /// local indices.
    fn reach(self, neighbour: Neighbour, square: u16) -> Reach {
        let (row, col) = self.shape.coord(square);
        let (top, left) = neighbour.origin(self.shape);
        let mut squares = [0u16; 8];
        let mut len = 0;
        for (dr, dc) in KNIGHT_MOVES {
            if let Some(local) = neighbour.shape.local((row + dr - top, col + dc - left)) {
                squares[len] = local;
                len += 1;
            }
        }
        Reach { squares, len, next: 0 }
    }
}

/// A few squares, by value, so the joint iterators borrow nothing but the tour.
#[derive(Clone, Copy)]
struct Reach {
    squares: [u16; 8],
    len: usize,
    next: usize,
}

impl Iterator for Reach {
    type Item = u16;

    fn next(&mut self) -> Option<u16> {
        let square = self.squares[..self.len].get(self.next).copied();
        self.next += 1;
        square
    }
}

/// Search effort allowed for one tile's walk: tiles are tiny, and a walk that needs more than
/// this is better looked for from another joint.
const WALK_BUDGET: u64 = 2_000_000;

/// A neighbour as it is joined to a tour: the joint, the neighbour's walk from it, and whether
/// that walk is the neighbour's cycle opened, its last square a knight's move from its first.
#[derive(Clone, Debug)]
pub(super) struct Join {
    pub joint: Joint,
    pub walk: Walk,
    pub opened: bool,
}

/// Rustc's FxHash, for the keys of the tables here: a few small integers, looked up ten thousand
/// times in a large construction, where SipHash's defence against chosen keys buys nothing and
/// cost a fifth of the construction's time.
#[derive(Default)]
pub(super) struct FxHasher(u64);

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.add(byte.into());
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.add(value.into());
    }

    fn write_u16(&mut self, value: u16) {
        self.add(value.into());
    }

    fn write_u32(&mut self, value: u32) {
        self.add(value.into());
    }

    fn write_u64(&mut self, value: u64) {
        self.add(value);
    }

    fn write_usize(&mut self, value: usize) {
        self.add(value as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

pub(super) type FxBuild = BuildHasherDefault<FxHasher>;

/// What one construction has learnt about tiles: each shape's cycle, the walks already found,
/// and how each kind of tile already joined took in its neighbours.
#[derive(Default)]
pub(super) struct Tiles {
    cycles: HashMap<Shape, Option<Cycle>, FxBuild>,
    walks: HashMap<Query, Option<Walk>, FxBuild>,
    joins: HashMap<JoinQuery, Option<Rc<[Join]>>, FxBuild>,
    /// The number the next walk is given.
    walks_made: u32,
}

/// A fixed closed tour of a tile, with each square's place on it.
#[derive(Clone)]
pub(super) struct Cycle {
    pub order: Walk,
    place: Rc<[u16]>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Query {
    shape: Shape,
    entry: u16,
    exit: Option<u16>,
    needs: Needs,
}

/// A tile's tour, by its walk's number, and the tiles it must take in, each with the tiles that
/// one must take in in turn: all that [`Tiles::joins`] depends on, packed in six words. It is
/// looked up once a tile, ten thousand times on 1000×1000: hashed and compared field by field,
/// its twenty-one neighbours cost more than the rest of the tile's joining.
#[derive(Clone, Copy, PartialEq, Eq)]
struct JoinQuery([u64; 6]);

impl JoinQuery {
    fn new(
        shape: Shape,
        (walk, cycle, open_end): (u32, bool, bool),
        needs: &Needs,
        further: &[Needs; 4],
    ) -> JoinQuery {
        let tour = u64::from(walk)
            | u64::from(packed_shape(shape)) << 32
            | u64::from(cycle) << 48
            | u64::from(open_end) << 49;
        let [a, b, c, d] = further.map(|needs| packed_needs(&needs));
        JoinQuery([tour, packed_needs(needs), a, b, c, d])
    }
}

impl std::hash::Hash for JoinQuery {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for word in self.0 {
            state.write_u64(word);
        }
    }
}

/// A tile's shape in twelve bits: tiles are at most 11 squares a side.
fn packed_shape(shape: Shape) -> u16 {
    debug_assert!(shape.rows < 64 && shape.cols < 64, "a tile of {}x{}", shape.rows, shape.cols);
    (shape.rows << 6 | shape.cols) as u16
}

/// The neighbours a tile must take in, sixteen bits each: whether there is one, its side and
/// its shape.
fn packed_needs(needs: &Needs) -> u64 {
    needs.iter().enumerate().fold(0, |word, (i, need)| {
        let packed = need.map_or(0, |need| 1 << 14 | (need.side as u16) << 12 | packed_shape(need.shape));
        word | u64::from(packed) << (16 * i)
    })
}

impl Tiles {
    /// The tile's closed tour, if it has one (Schwenk 1991); always the same one for a shape.
    pub fn cycle(&mut self, shape: Shape) -> Option<Cycle> {
        self.cycles
            .entry(shape)
            .or_insert_with(|| {
                let board = shape.board();
                if !matches!(existence::closed_tour(board), Verdict::Yes(_)) {
                    return None;
                }
                let tour = tours(board, Square(0), true, WALK_BUDGET).next()?;
                let order = Walk {
                    id: self.walks_made,
                    squares: tour.iter().map(|square| square.0 as u16).collect(),
                };
                self.walks_made += 1;
                let mut place = vec![0u16; order.len()];
                for (index, &square) in order.iter().enumerate() {
                    place[usize::from(square)] = index as u16;
                }
                Some(Cycle { order, place: place.into() })
            })
            .clone()
    }

    /// A new walk with its own number.
    fn walk_of(&mut self, squares: Rc<[u16]>) -> Walk {
        self.walks_made += 1;
        Walk { id: self.walks_made - 1, squares }
    }

    /// The tile's cycle (it has one) around from `square`, or `None` if `square` is not the
    /// tile's.
    pub fn cycle_from(&mut self, cycle: &Cycle, square: u16) -> Option<Walk> {
        let at = usize::from(*cycle.place.get(usize::from(square))?);
        let len = cycle.order.len();
        Some(self.walk_of((0..len).map(|i| cycle.order[(at + i) % len]).collect()))
    }

    /// A tour of the tile from `entry` to `exit` (or to anywhere), after which every tile of
    /// `needs` can still be joined to it; `None` if there is none.
    pub fn walk(&mut self, shape: Shape, entry: u16, exit: Option<u16>, needs: Needs) -> Option<Walk> {
        let query = Query { shape, entry, exit, needs };
        if let Some(known) = self.walks.get(&query) {
            return known.clone();
        }
        let found = match self.cycle(shape) {
            Some(cycle) => self.walk_cycle(shape, &cycle, entry, exit, &needs),
            None => self.walk_path(shape, entry, exit, &needs),
        };
        self.walks.insert(query, found.clone());
        found
    }

    /// Around the tile's cycle from `entry`: towards `exit`'s far side, so the walk ends on it,
    /// or, with no exit, either way round.
    fn walk_cycle(
        &mut self,
        shape: Shape,
        cycle: &Cycle,
        entry: u16,
        exit: Option<u16>,
        needs: &Needs,
    ) -> Option<Walk> {
        let len = cycle.order.len();
        let at = usize::from(cycle.place[usize::from(entry)]);
        let around =
            |step: usize| -> Rc<[u16]> { (0..len).map(|i| cycle.order[(at + i * step) % len]).collect() };
        let forwards = around(1);
        let backwards = around(len - 1);
        let candidates = match exit {
            Some(exit) if forwards[len - 1] == exit => vec![forwards],
            Some(exit) if backwards[len - 1] == exit => vec![backwards],
            Some(_) => vec![],
            None => vec![forwards, backwards],
        };
        let walk = candidates.into_iter().find(|walk| {
            let joinable = Joinable { shape, walk, cycle: false, open_end: exit.is_none() };
            self.join(joinable, needs, false).is_some()
        })?;
        Some(self.walk_of(walk))
    }

    /// Every tour of the tile from `entry`, in the search's order, until one ends where it must
    /// and leaves room for the tile's own neighbours.
    fn walk_path(&mut self, shape: Shape, entry: u16, exit: Option<u16>, needs: &Needs) -> Option<Walk> {
        let locals = |tour: Vec<Square>| -> Vec<u16> { tour.iter().map(|square| square.0 as u16).collect() };
        let mut walks = tours(shape.board(), Square(entry.into()), false, WALK_BUDGET).map(locals);
        let walk = walks.find(|walk| {
            let ends_right = exit.map_or(true, |exit| walk.last() == Some(&exit));
            let joinable = Joinable { shape, walk, cycle: false, open_end: exit.is_none() };
            ends_right && self.join(joinable, needs, false).is_some()
        })?;
        Some(self.walk_of(walk.into()))
    }

    /// How the tiles of `needs` are joined to the tour `walk` of a tile of `shape` (see
    /// [`Tiles::join_with`]), each of them leaving room for the tiles `further` says it must take
    /// in (`further[i]` for the tile `needs[i]`): the same answer for every tile of a kind, so
    /// found once for each.
    pub fn joins(
        &mut self,
        shape: Shape,
        (walk, cycle, open_end): (&Walk, bool, bool),
        needs: &Needs,
        further: &[Needs; 4],
    ) -> Option<Rc<[Join]>> {
        let query = JoinQuery::new(shape, (walk.id, cycle, open_end), needs, further);
        if let Some(known) = self.joins.get(&query) {
            return known.clone();
        }
        let tour = Joinable { shape, walk, cycle, open_end };
        let mut further_of = |side| {
            let at = needs.iter().position(|need| need.is_some_and(|need| need.side == side));
            at.map_or([None; 4], |at| further[at])
        };
        let found = self.join_with(tour, needs, &mut further_of, true).map(|chosen| {
            let wanted = needs.iter().flatten();
            let joins = wanted.zip(chosen).map(|(neighbour, (joint, walk))| {
                let (first, last) =
                    (neighbour.shape.coord(walk[0]), neighbour.shape.coord(walk[walk.len() - 1]));
                let (rows, cols) = (first.0.abs_diff(last.0), first.1.abs_diff(last.1));
                let closes = (rows, cols) == (1, 2) || (rows, cols) == (2, 1);
                let opened = closes && self.cycle(neighbour.shape).is_some();
                Join { joint, walk, opened }
            });
            joins.collect::<Vec<_>>().into()
        });
        self.joins.insert(query, found.clone());
        found
    }

    /// Chooses for each tile of `needs` its own joint (no two on the same resource) and a walk
    /// of it from that joint. With `ahead`, each walk also leaves room for the neighbours of that
    /// tile further out, as given by `needs_of`; without, any walk will do, which is how a walk
    /// is checked before it is chosen.
    pub fn join(&mut self, tour: Joinable<'_>, needs: &Needs, ahead: bool) -> Option<Vec<(Joint, Walk)>> {
        self.join_with(tour, needs, &mut |_| [None; 4], ahead)
    }

    pub fn join_with(
        &mut self,
        tour: Joinable<'_>,
        needs: &Needs,
        needs_of: &mut dyn FnMut(Side) -> Needs,
        ahead: bool,
    ) -> Option<Vec<(Joint, Walk)>> {
        let wanted: Vec<Neighbour> = needs.iter().flatten().copied().collect();
        let mut chosen = Vec::with_capacity(wanted.len());
        self.choose(tour, &wanted, needs_of, ahead, &mut chosen).then_some(chosen)
    }

    /// Backtracking over the neighbours, in order: at most four, each with a handful of joints.
    fn choose(
        &mut self,
        tour: Joinable<'_>,
        wanted: &[Neighbour],
        needs_of: &mut dyn FnMut(Side) -> Needs,
        ahead: bool,
        chosen: &mut Vec<(Joint, Walk)>,
    ) -> bool {
        let Some((&neighbour, rest)) = wanted.split_first() else { return true };
        let further = if ahead { needs_of(neighbour.side) } else { [None; 4] };
        for joint in tour.joints(neighbour) {
            if chosen.iter().any(|(taken, _)| taken.resource == joint.resource) {
                continue;
            }
            let Some(walk) = self.walk(neighbour.shape, joint.entry, joint.exit, further) else { continue };
            chosen.push((joint, walk));
            if self.choose(tour, rest, needs_of, ahead, chosen) {
                return true;
            }
            chosen.pop();
        }
        false
    }
}
