//! Pruning: cutting a branch as soon as the unvisited squares can no longer be covered by one
//! path that starts next to the knight (and, for a closed tour, ends next to the start).
//!
//! What remains of a tour runs from the knight's square through every unvisited square once.
//! Each unvisited square therefore needs two links in it, to the squares before and after it,
//! except the last square of an open tour, which needs one. A square's degree counts the links
//! it has left: its unvisited neighbours, plus the start for the start's neighbours in a closed
//! tour (the tour steps back onto the start at the end). The knight's square is a further link,
//! but only for the one square entered from it. Three conditions follow, cheapest first:
//!
//! - A square with no link left can be nothing but the last square, entered from the knight: it
//!   is *stranded* unless it is the only square left of an open tour.
//! - A square with one link left is an *end*: the square entered from the knight, or the last
//!   square. An open tour has room for two ends, one of them next to the knight; a closed tour
//!   for one, next to the knight (its other end is the start's link, already counted). Ends next
//!   to the knight are *forced* moves: when the ends fill the room, the knight must take one.
//! - The unvisited squares must hang together: a path through all of them keeps them connected
//!   (and a closed tour, with the start's link, reaches back to the start).
//!
//! Degree 0 arises only next to the square just placed, so the first condition looks there. An
//! end may arise anywhere the knight has been, so the number of ends is kept up to date as
//! degrees change, and the second condition is O(1). For the third, only the square just placed
//! can have cut the unvisited squares apart: its neighbours are checked to join up again, most
//! often through a single square between two of them, else by a search that stops as soon as
//! they have met or one of them has run out of room.

use crate::board::KNIGHT_MOVES;
use crate::search::mailbox::{Cell, Mailbox};

/// Added to the degree of a square while it is on the path, so that a degree of 1 is always an
/// unvisited square's: squares on the path read 128 or more, and the moat's junk degrees (0, less
/// one for each neighbour on the path: 248 to 255) never read 1 either.
pub(crate) const ON_PATH: u8 = 0x80;

/// How many squares the connectivity search may look at after a placement before it gives up
/// and keeps the branch: enough to find any pocket of a few hundred squares cut off.
const SEARCH_BOUND: usize = 1024;

/// The stamp of squares the connectivity search must not enter: the path and the moat.
const BLOCKED: u32 = u32::MAX;

/// What the pruning rules say about the square just placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outlook {
    /// No tour can continue this path, for the reason given: take the square back.
    Dead(Cut),
    /// Only the moves onto the forced squares (ends next to the knight) can lead to a tour.
    Forced,
    /// Any move may still lead to a tour.
    Open,
}

/// Which rule cut a branch: the three conditions of the module's comment, and for a closed tour
/// the way back to the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cut {
    /// An unvisited square has no link left, and is not the last square.
    Stranded,
    /// More unvisited squares have one link left than a path has room for ends.
    Ends,
    /// Closed tours: the start has no unvisited neighbour left to come back from.
    NoWayBack,
    /// The unvisited squares have fallen apart.
    Split,
}

impl Cut {
    /// A short name, for scripts and the page: `stranded`, `ends`, `no-way-back`, `split`.
    pub fn name(self) -> &'static str {
        match self {
            Cut::Stranded => "stranded",
            Cut::Ends => "ends",
            Cut::NoWayBack => "no-way-back",
            Cut::Split => "split",
        }
    }
}

impl std::fmt::Display for Cut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Cut::Stranded => {
                "a free square has no way on left: a path could at most step onto it from the knight \
                 and stop there, with other squares still free or, in a closed tour, no way back to \
                 the start"
            }
            Cut::Ends => {
                "more free squares have only one way left than a path has ends for: each would have to \
                 be the square the knight steps onto next or, in an open tour, the last square"
            }
            Cut::NoWayBack => {
                "the start has no free neighbour left, so a closed tour could not come back to it"
            }
            Cut::Split => "the free squares have fallen apart, so no single path can cover them",
        })
    }
}

/// The knight's surroundings just after a placement, as the frame builder has seen them.
pub(crate) struct Surroundings<'a> {
    /// The square just placed.
    pub cell: Cell,
    /// The moves (slots in textbook order) from it onto unvisited squares.
    pub free: &'a [u8],
    /// How many of them are ends.
    pub forced: u32,
    /// Whether one of them has no link left.
    pub stranded: bool,
    /// Unvisited squares left on the board.
    pub unvisited: u32,
    /// For closed tours: whether the start still has an unvisited neighbour to come back from.
    pub way_back: bool,
}

/// The pruning rules' own state: the number of ends, and scratch space for the connectivity
/// search, allocated once so that no step allocates.
#[derive(Clone)]
pub(crate) struct Pruning {
    closed: bool,
    /// Unvisited squares with exactly one link left.
    ends: u32,
    /// Per cell: the search that last reached it (see [`Pruning::holds_together`]), or
    /// [`BLOCKED`] for the path and the moat. The search's only load per square it looks at.
    stamps: Box<[u32]>,
    stamp: u32,
    /// The connectivity search's queue, as long as the board: each square enters it once.
    queue: Box<[Cell]>,
}

impl Pruning {
    /// For a search that has placed nothing yet, with `degree` as the solver counts it.
    pub fn new(mailbox: &Mailbox, degree: &[u8], closed: bool) -> Pruning {
        let on_board = |cell: usize| mailbox.is_on_board(Cell(cell as u32));
        let ends = (0..mailbox.len()).filter(|&cell| on_board(cell) && degree[cell] == 1).count();
        Pruning {
            closed,
            ends: ends as u32,
            stamps: (0..mailbox.len())
                .map(|cell| if mailbox.is_on_board(Cell(cell as u32)) { 0 } else { BLOCKED })
                .collect(),
            stamp: 0,
            queue: vec![Cell(0); mailbox.board().len() as usize].into_boxed_slice(),
        }
    }

    /// Bytes of memory a copy of this state takes.
    pub fn footprint(&self) -> usize {
        4 * (self.stamps.len() + self.queue.len())
    }

    /// `cell` has just been placed: its neighbours lose it as a link (unless `linked` is false,
    /// for the start of a closed tour, whose neighbours keep it), and it leaves the count of ends.
    /// Out of line, as is [`Pruning::take_back`]: inlined into the search's loop, the upkeep
    /// crowded the fixed order's state out of registers (1.44 times the instructions).
    #[inline(never)]
    pub fn place(&mut self, mailbox: &Mailbox, degree: &mut [u8], cell: Cell, linked: bool) {
        self.ends -= u32::from(degree[cell.index()] == 1);
        degree[cell.index()] += ON_PATH;
        self.stamps[cell.index()] = BLOCKED;
        if linked {
            self.adjust(mailbox, degree, cell, u8::wrapping_sub);
        }
    }

    /// `cell` has just been taken back: the reverse of [`Pruning::place`] (the start is never
    /// taken back, so its link need not be told apart).
    #[inline(never)]
    pub fn take_back(&mut self, mailbox: &Mailbox, degree: &mut [u8], cell: Cell) {
        self.adjust(mailbox, degree, cell, u8::wrapping_add);
        degree[cell.index()] -= ON_PATH;
        self.ends += u32::from(degree[cell.index()] == 1);
        self.stamps[cell.index()] = 0;
    }

    /// Applies `change(degree, 1)` to all eight cells a knight's move away (see
    /// [`Mailbox::adjust_neighbours`]), and counts the ends made and lost. Thanks to
    /// [`ON_PATH`], a degree of 1 is always an unvisited square's, so this needs no other load.
    #[inline(always)]
    fn adjust(&mut self, mailbox: &Mailbox, degree: &mut [u8], cell: Cell, change: fn(u8, u8) -> u8) {
        let mut ends = self.ends;
        mailbox.adjust_neighbours(degree, cell, change, |old, new| {
            // A table, not two comparisons: those the compiler packs into vector registers,
            // which for eight scattered bytes cost more than the loads themselves.
            ends = ends
                .wrapping_add(IS_END[usize::from(new)] as u32)
                .wrapping_sub(IS_END[usize::from(old)] as u32);
        });
        self.ends = ends;
    }

    /// Judges the position just after a placement, cheapest rule first.
    pub fn judge(&mut self, mailbox: &Mailbox, around: &Surroundings) -> Outlook {
        let ends_elsewhere = self.ends - around.forced;
        let cut = if self.closed {
            if around.unvisited > 0 && !around.way_back {
                Some(Cut::NoWayBack)
            } else if around.stranded {
                Some(Cut::Stranded)
            } else if ends_elsewhere > 0 || around.forced > 1 {
                Some(Cut::Ends)
            } else {
                None
            }
        } else if around.stranded && around.unvisited > 1 {
            Some(Cut::Stranded)
        } else if ends_elsewhere > 1 || self.ends > 2 {
            Some(Cut::Ends)
        } else {
            None
        };
        if let Some(cut) = cut {
            return Outlook::Dead(cut);
        }
        if !self.holds_together(mailbox, around) {
            return Outlook::Dead(Cut::Split);
        }
        // The room for ends is full, so the square entered from the knight must be one.
        let room = if self.closed { 1 } else { 2 };
        if self.ends == room && around.forced > 0 {
            Outlook::Forced
        } else {
            Outlook::Open
        }
    }

    /// Whether the unvisited squares still form one piece. They did before the placement (each
    /// placement on the way here was checked, the start's with a flood of the whole board), so
    /// they do now unless the square placed was the only way between two of its unvisited
    /// neighbours. Most placements are settled by the squares that bridge those neighbours
    /// pairwise; the rest by a search that grows a piece from each neighbour at once, breadth
    /// first through unvisited squares, merging pieces that touch. It stops as soon as all have
    /// merged (usually a few squares out), or as soon as one piece has nowhere left to grow: the
    /// board is cut off. Pieces that meet only far away, around the end of a long wall of the
    /// path, would make it flood much of a large board at every step (90 µs a placement on
    /// 511x889), so after [`SEARCH_BOUND`] squares it stops and lets the branch be: pruning less
    /// is always sound, and the pockets a knight cuts off are small and found well within it.
    fn holds_together(&mut self, mailbox: &Mailbox, around: &Surroundings) -> bool {
        // The start's placement is checked once, against every square; see `whole_board`.
        let whole_board = around.unvisited as usize + 1 == self.queue.len();
        if around.free.len() < 2 && !whole_board {
            return true;
        }
        if !whole_board && self.bridged(mailbox, around) {
            return true;
        }
        let base = self.fresh_stamps();
        let mut pieces = Pieces::default();
        for (position, &slot) in around.free.iter().enumerate() {
            let cell = mailbox.target(around.cell, slot);
            self.stamps[cell.index()] = base + position as u32;
            self.queue[position] = cell;
            pieces.add(position);
        }
        let (mut head, mut tail) = (0, around.free.len());
        while head < tail {
            if head == SEARCH_BOUND && !whole_board {
                return true;
            }
            let from = self.queue[head];
            head += 1;
            let piece = pieces.find(self.stamps[from.index()] - base);
            let mut grown = 0;
            for slot in 0..8 {
                let to = mailbox.target(from, slot);
                let stamp = self.stamps[to.index()];
                let label = stamp.wrapping_sub(base);
                // Mostly branch-free: whether a square is new depends on the board, and a
                // mispredicted branch per square cost more than the rest of the search.
                let new = (label >= 8) & (stamp != BLOCKED);
                self.stamps[to.index()] = if new { base + piece as u32 } else { stamp };
                self.queue[tail] = to;
                tail += usize::from(new);
                grown += u32::from(new);
                if (label < 8) & (label != piece as u32) {
                    let other = pieces.find(label);
                    if other != piece {
                        pieces.merge(other, piece);
                        if pieces.count == 1 && !whole_board {
                            return true;
                        }
                    }
                }
            }
            pieces.growing[piece] += grown;
            pieces.growing[piece] -= 1;
            if pieces.growing[piece] == 0 && pieces.count > 1 {
                return false;
            }
        }
        // Only the start's flood gets here: every square must have been reached.
        tail == around.unvisited as usize
    }

    /// Whether the unvisited neighbours of the square just placed join up through their bridges
    /// alone (see [`BRIDGES`]): a few loads, which settle most placements without a search.
    fn bridged(&self, mailbox: &Mailbox, around: &Surroundings) -> bool {
        let free = around.free;
        let mut links = [0u8; 8];
        for i in 0..free.len() {
            let from = mailbox.target(around.cell, free[i]);
            for j in i + 1..free.len() {
                let bridge = BRIDGES[usize::from(free[i])][usize::from(free[j])];
                // The bridge is a knight's move from an unvisited square: inside the mailbox.
                if bridge != NO_BRIDGE && self.stamps[mailbox.target(from, bridge).index()] != BLOCKED {
                    links[i] |= 1 << j;
                    links[j] |= 1 << i;
                }
            }
        }
        let mut joined = 1u8;
        loop {
            let reached =
                (0..free.len()).filter(|&i| joined & 1 << i != 0).fold(joined, |set, i| set | links[i]);
            if reached == joined {
                return joined.count_ones() as usize == free.len();
            }
            joined = reached;
        }
    }

    /// Eight stamps no cell carries yet, one for each piece a search may grow.
    fn fresh_stamps(&mut self) -> u32 {
        if self.stamp >= BLOCKED - 16 {
            for stamp in self.stamps.iter_mut().filter(|stamp| **stamp != BLOCKED) {
                *stamp = 0;
            }
            self.stamp = 0;
        }
        self.stamp += 8;
        self.stamp
    }
}

/// The pieces a connectivity search grows from the neighbours of the square just placed: at
/// most eight, merged by union-find.
#[derive(Default)]
struct Pieces {
    parent: [u8; 8],
    /// Per piece (its root): squares queued and not yet expanded. None left: it cannot grow.
    growing: [u32; 8],
    count: u32,
}

impl Pieces {
    fn add(&mut self, piece: usize) {
        self.parent[piece] = piece as u8;
        self.growing[piece] = 1;
        self.count += 1;
    }

    fn find(&self, piece: u32) -> usize {
        let mut piece = piece as usize;
        while usize::from(self.parent[piece]) != piece {
            piece = usize::from(self.parent[piece]);
        }
        piece
    }

    fn merge(&mut self, from: usize, into: usize) {
        self.parent[from] = into as u8;
        self.growing[into] += self.growing[from];
        self.count -= 1;
    }
}

/// No slot: the two moves are opposite, and the square between them is the only one both reach.
const NO_BRIDGE: u8 = u8::MAX;

/// `BRIDGES[i][j]`, for two moves `i` and `j` from a square, is the move from the first
/// landing square to the one other square a knight's move from both landing squares (on an
/// unbounded board there is exactly one, except for opposite moves).
const BRIDGES: [[u8; 8]; 8] = {
    let mut table = [[NO_BRIDGE; 8]; 8];
    let mut i = 0;
    while i < 8 {
        let mut j = 0;
        while j < 8 {
            let mut x = 0;
            while x < 8 && i != j {
                let mut y = 0;
                while y < 8 {
                    let (mi, mj, mx, my) =
                        (KNIGHT_MOVES[i], KNIGHT_MOVES[j], KNIGHT_MOVES[x], KNIGHT_MOVES[y]);
                    let (row, col) = (mi.0 + mx.0, mi.1 + mx.1);
                    if row == mj.0 + my.0 && col == mj.1 + my.1 && (row != 0 || col != 0) {
                        table[i][j] = x as u8;
                    }
                    y += 1;
                }
                x += 1;
            }
            j += 1;
        }
        i += 1;
    }
    table
};

/// 1 for a degree of 1, else 0.
static IS_END: [u8; 256] = {
    let mut table = [0; 256];
    table[1] = 1;
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Event, Heuristic, Options, Solver};

    #[test]
    fn a_bridge_is_a_knights_move_from_both_landing_squares() {
        let square = |(row, col): (i32, i32)| (row, col);
        for i in 0..8 {
            for j in 0..8 {
                let (a, b) = (KNIGHT_MOVES[i], KNIGHT_MOVES[j]);
                let opposite = a.0 == -b.0 && a.1 == -b.1;
                let bridge = BRIDGES[i][j];
                assert_eq!(bridge == NO_BRIDGE, i == j || opposite, "moves {i} and {j}");
                if bridge != NO_BRIDGE {
                    let x = KNIGHT_MOVES[usize::from(bridge)];
                    let c = square((a.0 + x.0, a.1 + x.1));
                    let (dr, dc) = ((c.0 - b.0).abs(), (c.1 - b.1).abs());
                    assert!((dr, dc) == (1, 2) || (dr, dc) == (2, 1), "moves {i} and {j}");
                    assert_ne!(c, (0, 0), "the square between them is not a bridge");
                }
            }
        }
    }

    /// What the upkeep must equal at every step: the degrees and the ends counted afresh, and
    /// the connectivity search's view of which squares are free.
    fn assert_counts_hold(solver: &Solver) {
        let (mailbox, visited, degree, pruning) = solver.upkeep();
        let board = mailbox.board();
        // Once placed, the start of a closed tour stays a link of its neighbours.
        let closed_start = (solver.options().closed && solver.depth() > 0).then_some(solver.start());
        let mut ends = 0;
        for square in board.squares() {
            let cell = mailbox.cell(square);
            let free = mailbox.moves(cell).filter(|to| !visited[to.index()]).count();
            let back = closed_start.is_some_and(|start| board.is_knight_move(square, start));
            let links = (free + usize::from(back)) as u8;
            let on_path = visited[cell.index()];
            let expected = if on_path { links + ON_PATH } else { links };
            assert_eq!(degree[cell.index()], expected, "degree of {}", board.name(square));
            ends += u32::from(!on_path && links == 1);
        }
        let pruning = pruning.unwrap();
        assert_eq!(pruning.ends, ends);
        for (cell, &visited) in visited.iter().enumerate() {
            assert_eq!(pruning.stamps[cell] == BLOCKED, visited, "the search's view of cell {cell}");
        }
    }

    /// Under Miri, which interprets every step, the tests below take fewer boards, starts and
    /// events: `MIRI` is true there.
    const MIRI: bool = cfg!(miri);

    #[test]
    fn the_ends_and_degrees_stay_exact_through_placements_backtracks_and_restarts() {
        let backtracking =
            Options { heuristic: Heuristic::Fixed, prune: true, theorems: false, ..Options::default() };
        let greedy =
            Options { heuristic: Heuristic::Random, backtracking: false, restarts: 5, ..backtracking };
        let boards: &[(u32, u32)] =
            if MIRI { &[(3, 4), (5, 5)] } else { &[(3, 4), (4, 5), (5, 5), (6, 6), (2, 5), (1, 3)] };
        for &(rows, cols) in boards {
            let board = Board::new(rows, cols).unwrap();
            // Under Miri a corner and the square beside it.
            let starts = board.squares().filter(|start| !MIRI || start.0 < 2);
            for start in starts {
                for closed in [false, true] {
                    for options in [backtracking, greedy] {
                        let mut solver = Solver::new(board, start, Options { closed, ..options }).unwrap();
                        assert_counts_hold(&solver);
                        for _ in 0..if MIRI { 20 } else { 2_000 } {
                            match solver.next() {
                                Some(Event::Finished(outcome)) if outcome.is_tour() && solver.resume() => {}
                                Some(_) => {}
                                None => break,
                            }
                            assert_counts_hold(&solver);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_ends_and_degrees_stay_exact_through_steps_back() {
        let board = Board::new(6, 6).unwrap();
        for closed in [false, true] {
            for heuristic in [Heuristic::Fixed, Heuristic::Warnsdorff] {
                let options = Options { heuristic, prune: true, closed, ..Options::default() };
                let mut solver = Solver::new(board, board.square(0, 0), options).unwrap();
                for _ in solver.events().take(if MIRI { 20 } else { 5_000 }) {}
                while solver.undo().is_some() {
                    assert_counts_hold(&solver);
                }
                assert_eq!(solver.events_so_far(), 1, "back to the start's placement");
            }
        }
    }

    #[test]
    fn the_outlook_asked_again_is_what_the_search_did_with_the_square() {
        let board = Board::new(6, 6).unwrap();
        let mut seen = std::collections::HashSet::new();
        for closed in [false, true] {
            let options = Options { heuristic: Heuristic::Fixed, prune: true, closed, ..Options::default() };
            let mut solver = Solver::new(board, board.square(0, 0), options).unwrap();
            for _ in 0..if MIRI { 120 } else { 20_000 } {
                let Some(Event::Placed { square, index }) = solver.next() else { continue };
                let outlook = solver.outlook().expect("a pruning search");
                let moves = solver.candidates().filter(|c| c.state != crate::CandidateState::Tried).count();
                let free = board.knight_moves(square).filter(|&to| !solver.is_visited(to)).count();
                match outlook {
                    Outlook::Dead(cut) => {
                        seen.insert(cut);
                        assert_eq!(moves, 0, "a cut square has no move to try");
                        if index > 0 {
                            assert_eq!(solver.next(), Some(Event::Removed { square, index }), "{cut:?}");
                        }
                    }
                    Outlook::Forced => assert!(moves <= free, "forced: only moves onto ends"),
                    Outlook::Open => assert_eq!(moves, free, "open: every free square"),
                }
            }
        }
        assert!(MIRI || seen.contains(&Cut::Split) && seen.contains(&Cut::Ends), "{seen:?}");
    }
}
