//! The stepwise search: an explicit-stack depth-first search that yields one event per call.

use std::fmt;

use crate::board::{Board, Square};
use crate::existence::{self, Impossibility, Verdict};
use crate::heuristic::{mix, Heuristic, Key, Position};
use crate::mailbox::{Cell, Mailbox};

/// How the search runs. `Default` is what a person wants from "find me a tour": Roth's rule,
/// with backtracking, any tour, no budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub heuristic: Heuristic,
    /// Off: the greedy walk of Warnsdorff's algorithm, which stops at its first dead end.
    pub backtracking: bool,
    /// Only a tour whose last square is a knight's move from the first counts.
    pub closed: bool,
    /// Cut a branch as soon as some unvisited square can no longer be reached.
    pub prune: bool,
    /// Drives the `random` heuristic's tie-breaks; other heuristics ignore it.
    pub seed: u64,
    /// Greedy walks only: after a dead end, start over this many times with fresh random ties.
    pub restarts: u32,
    /// Stop after this many placements.
    pub budget: Option<u64>,
    /// Settle by theorem, before any search, what mathematics already knows to be impossible.
    /// Off, the search has to find it out, which is how the theorems are tested and how a class
    /// can watch a search exhaust 4x4.
    pub theorems: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            heuristic: Heuristic::Roth,
            backtracking: true,
            closed: false,
            prune: false,
            seed: 0,
            restarts: 0,
            budget: None,
            theorems: true,
        }
    }
}

/// Options that cannot mean anything together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionsError {
    RestartsNeedGreedy,
    RestartsNeedRandom,
    ZeroBudget,
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OptionsError::RestartsNeedGreedy => {
                "restarts apply to the greedy walk only: turn backtracking off to use them"
            }
            OptionsError::RestartsNeedRandom => {
                "restarts need the random heuristic: every other heuristic breaks ties the same \
                 way each time, so a restart would repeat the same walk"
            }
            OptionsError::ZeroBudget => "a budget must allow at least one placement",
        })
    }
}

impl std::error::Error for OptionsError {}

impl Options {
    pub fn validate(&self) -> Result<(), OptionsError> {
        if self.restarts > 0 && self.backtracking {
            return Err(OptionsError::RestartsNeedGreedy);
        }
        if self.restarts > 0 && self.heuristic != Heuristic::Random {
            return Err(OptionsError::RestartsNeedRandom);
        }
        if self.budget == Some(0) {
            return Err(OptionsError::ZeroBudget);
        }
        Ok(())
    }
}

/// One step of the search. `index` is the move number: the start is move 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Placed { square: Square, index: u32 },
    /// A backtrack: the square is taken back and the search tries its predecessor's next move.
    Removed { square: Square, index: u32 },
    /// A greedy walk hit a dead end and starts again from the start square (which stays placed)
    /// with fresh random ties; `attempt` counts from 1.
    Restarted { attempt: u32 },
    Finished(Outcome),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every square visited once; the last is not a knight's move from the first.
    Tour,
    /// Every square visited once, and the last is a knight's move from the first.
    ClosedTour,
    /// The search tried everything from this start: no tour (or no closed tour) begins here.
    NoTour,
    /// A theorem rules the tour out; no search was made.
    Impossible(Impossibility),
    /// The greedy walk (and every restart) reached a square with no way on.
    DeadEnd,
    /// The placement budget ran out first.
    Budget,
}

impl Outcome {
    /// The outcome's name in the command line's JSON and the page's `data-status`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Tour => "tour",
            Outcome::ClosedTour => "closed-tour",
            Outcome::NoTour => "no-tour",
            Outcome::Impossible(_) => "impossible",
            Outcome::DeadEnd => "dead-end",
            Outcome::Budget => "budget",
        }
    }

    pub fn is_tour(self) -> bool {
        matches!(self, Outcome::Tour | Outcome::ClosedTour)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Tour => f.write_str("found an open tour"),
            Outcome::ClosedTour => f.write_str("found a closed tour: the last square is a knight's move from the first"),
            Outcome::NoTour => f.write_str(
                "no tour from this square: the search tried every move from every square and exhausted them",
            ),
            Outcome::Impossible(reason) => write!(f, "{reason}"),
            Outcome::DeadEnd => f.write_str(
                "dead end: the greedy walk reached a square with no unvisited square a knight's move away",
            ),
            Outcome::Budget => f.write_str("stopped: the placement budget ran out before a tour was found"),
        }
    }
}

/// Work done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Squares placed, the start included.
    pub placements: u64,
    pub backtracks: u64,
    pub restarts: u32,
    /// The most squares the path has held at once.
    pub deepest: u32,
}

/// A move the search will try, or has tried, from the knight's current square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub square: Square,
    pub key: Key,
    pub state: CandidateState,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CandidateState {
    /// Explored and taken back.
    Tried,
    /// The move the next step makes.
    Next,
    /// Waiting its turn after the next.
    Later,
}

/// One square of the path and the moves left to try from it: `order` holds move slots (indices
/// into the textbook order) in the order they are tried, `len` of them live. Untracked frames
/// try all eight slots in textbook order, moat cells included (they count as visited).
/// Sixteen bytes, so the stack of a 1024×1024 board fits in 16 MB.
#[derive(Clone, Copy, Debug)]
struct Frame {
    cell: Cell,
    next: u8,
    len: u8,
    order: [u8; 8],
}

const TEXTBOOK_ORDER: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Nothing placed yet; the first step places the start square.
    Start,
    Searching,
    /// The search has decided; the next step reports it.
    Deciding(Outcome),
    Finished(Outcome),
}

/// The knight's tour search. Each call to `next` makes one move of the depth-first search and
/// says what it did; it can be left at any event and resumed, and the same board, start and
/// options always give the same events.
///
/// ```
/// use knights_tour::{Board, Event, Options, Outcome, Solver};
/// let board = Board::new(5, 5).unwrap();
/// let mut solver = Solver::new(board, board.square(0, 0), Options::default()).unwrap();
/// let last = solver.by_ref().last();
/// assert_eq!(last, Some(Event::Finished(Outcome::Tour)));
/// assert_eq!(solver.path().count(), 25);
/// ```
pub struct Solver {
    mailbox: Mailbox,
    start: Square,
    start_cell: Cell,
    options: Options,
    /// Per cell; moat cells are permanently visited, so the search needs no bounds checks.
    visited: Vec<bool>,
    /// Unvisited neighbours of every square (moat cells hold junk), kept up to date only when
    /// `tracks_degree`: the fixed order without pruning never looks at it, and the upkeep would
    /// double its cost.
    degree: Vec<u8>,
    tracks_degree: bool,
    /// The board's number of squares, kept at hand for the hot loop.
    squares: u32,
    /// The path length at which a placement needs a closer look: one more than the deepest
    /// so far, or the whole board once that has been reached.
    watermark: u32,
    stack: Vec<Frame>,
    phase: Phase,
    stats: Stats,
    budget: u64,
    /// Seeds the random heuristic's draws for the current attempt.
    salt: u64,
}

/// What the solver was asked for that it cannot do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverError {
    Options(OptionsError),
    StartOffBoard { start: Square, board: Board },
}

impl fmt::Display for SolverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolverError::Options(error) => error.fmt(f),
            SolverError::StartOffBoard { start, board } => {
                write!(f, "start square index {} is off the {board} board", start.0)
            }
        }
    }
}

impl std::error::Error for SolverError {}

impl From<OptionsError> for SolverError {
    fn from(error: OptionsError) -> SolverError {
        SolverError::Options(error)
    }
}

impl Solver {
    pub fn new(board: Board, start: Square, options: Options) -> Result<Solver, SolverError> {
        options.validate()?;
        if start.0 >= board.len() {
            return Err(SolverError::StartOffBoard { start, board });
        }
        let mailbox = Mailbox::new(board);
        let cells = mailbox.len();
        let visited = (0..cells as u32).map(|cell| !mailbox.is_on_board(Cell(cell))).collect();
        let tracks_degree = options.heuristic.ranks() || options.prune;
        let degree = if tracks_degree {
            (0..cells as u32).map(|cell| mailbox.moves(Cell(cell)).count() as u8).collect()
        } else {
            Vec::new()
        };
        let phase = match existence::tour(board, start, options.closed) {
            Verdict::No(reason) if options.theorems => Phase::Deciding(Outcome::Impossible(reason)),
            _ => Phase::Start,
        };
        Ok(Solver {
            start_cell: mailbox.cell(start),
            mailbox,
            start,
            options,
            visited,
            degree,
            tracks_degree,
            squares: board.len(),
            watermark: 1,
            stack: Vec::with_capacity(board.len() as usize),
            phase,
            stats: Stats::default(),
            budget: options.budget.unwrap_or(u64::MAX),
            salt: mix(options.seed),
        })
    }

    pub fn board(&self) -> Board {
        self.mailbox.board()
    }

    pub fn start(&self) -> Square {
        self.start
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The outcome, once the `Finished` event has been yielded.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Finished(outcome) => Some(outcome),
            _ => None,
        }
    }

    /// The squares of the current path, from the start; a tour once one is found.
    pub fn path(&self) -> impl ExactSizeIterator<Item = Square> + '_ {
        self.stack.iter().map(|frame| self.mailbox.square(frame.cell))
    }

    /// How many squares the path holds.
    pub fn depth(&self) -> u32 {
        self.stack.len() as u32
    }

    pub fn is_visited(&self, square: Square) -> bool {
        self.visited[self.mailbox.cell(square).index()]
    }

    /// After a tour has been reported, go on searching for the next one; this is how tours are
    /// counted. Returns false when there is nothing to resume.
    pub fn resume(&mut self) -> bool {
        match self.phase {
            Phase::Finished(outcome) if outcome.is_tour() && self.options.backtracking => {
                self.phase = Phase::Searching;
                true
            }
            _ => false,
        }
    }

    /// The moves from the knight's current square, in the order the search takes them, each with
    /// the key that put it there.
    pub fn candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
        let frame = self.stack.last().copied().unwrap_or(Frame {
            cell: self.start_cell,
            next: 0,
            len: 0,
            order: TEXTBOOK_ORDER,
        });
        let mut next_seen = false;
        (0..frame.len).filter_map(move |position| {
            let to = self.mailbox.target(frame.cell, frame.order[usize::from(position)]);
            if self.visited[to.index()] {
                return None;
            }
            let state = if position < frame.next {
                CandidateState::Tried
            } else if !next_seen {
                next_seen = true;
                CandidateState::Next
            } else {
                CandidateState::Later
            };
            Some(Candidate { square: self.mailbox.square(to), key: self.key(frame.cell, to), state })
        })
    }

    /// The share of the search tree already covered, from 0 to 1: each frame's finished moves,
    /// weighted by the chance of reaching that frame if every move were equally likely (Knuth's
    /// estimate of a backtrack tree). Rough early on, exact at the end.
    pub fn explored_fraction(&self) -> f64 {
        if let Phase::Finished(outcome) = self.phase {
            if !outcome.is_tour() {
                return 1.0;
            }
        }
        let mut weight = 1.0;
        let mut done = 0.0;
        let top = self.stack.len().saturating_sub(1);
        for (depth, frame) in self.stack.iter().enumerate() {
            if frame.len == 0 {
                break;
            }
            // Below the top, the move last taken is still being explored by the frames above.
            let finished = if depth == top { frame.next } else { frame.next - 1 };
            let width = f64::from(frame.len);
            done += weight * f64::from(finished) / width;
            weight /= width;
        }
        done
    }

    fn key(&self, from: Cell, to: Cell) -> Key {
        self.options.heuristic.key(self, from, to, self.salt)
    }

    /// Places `square` after the current path. `DEGREES` says whether degrees are tracked;
    /// it is a constant so the fixed-order loop compiles without any of that upkeep.
    #[inline(always)]
    fn place<const DEGREES: bool>(&mut self, cell: Cell) -> Event {
        // SAFETY: `cell` is a knight's move from the board, so inside the mailbox.
        unsafe { *self.visited.get_unchecked_mut(cell.index()) = true };
        let index = self.stack.len() as u32;
        // Each branch pushes its own frame: merging them through one temporary makes the fast
        // branch write the frame piecemeal and read it back whole, a store-forwarding stall
        // that cost a fifth of the fixed-order search's time.
        if DEGREES {
            // A closed tour ends by stepping back onto the start, so for its neighbours the
            // start stays a way on: `degree` then counts the links a square has left in the cycle.
            if !(index == 0 && self.options.closed) {
                self.adjust_neighbours(cell, u8::wrapping_sub);
            }
            let frame = self.ranked_frame(cell, index);
            self.push(frame);
        } else {
            self.push(Frame { cell, next: 0, len: 8, order: TEXTBOOK_ORDER });
        }
        self.stats.placements += 1;
        if index + 1 >= self.watermark {
            self.reached(cell, index + 1);
        } else if self.stats.placements == self.budget {
            self.phase = Phase::Deciding(Outcome::Budget);
        }
        Event::Placed { square: self.mailbox.square(cell), index }
    }

    /// The path is as long as it has ever been, or covers the board: one check in the hot loop
    /// for both, since a full path is always at least as deep as the deepest so far.
    #[cold]
    #[inline(never)]
    fn reached(&mut self, last: Cell, depth: u32) {
        self.stats.deepest = self.stats.deepest.max(depth);
        self.watermark = (self.stats.deepest + 1).min(self.squares);
        if depth == self.squares {
            self.complete(last);
        } else if self.stats.placements == self.budget {
            self.phase = Phase::Deciding(Outcome::Budget);
        }
    }

    /// The path covers the board. A closed tour must also end a knight's move from the start;
    /// otherwise the search goes on, since this square's frame has no moves and will be taken
    /// back.
    fn complete(&mut self, last: Cell) {
        let closes = self.board().is_knight_move(self.mailbox.square(last), self.start);
        if closes || !self.options.closed {
            let outcome = if closes { Outcome::ClosedTour } else { Outcome::Tour };
            self.phase = Phase::Deciding(outcome);
        } else if self.stats.placements == self.budget {
            self.phase = Phase::Deciding(Outcome::Budget);
        }
    }

    #[inline(always)]
    fn push(&mut self, frame: Frame) {
        debug_assert!(self.stack.len() < self.stack.capacity());
        // SAFETY: the stack was allocated with room for one frame per square, and a path
        // never holds a square twice, so there is always room for the next frame.
        unsafe {
            self.stack.as_mut_ptr().add(self.stack.len()).write(frame);
            self.stack.set_len(self.stack.len() + 1);
        }
    }

    /// Applies `change(degree, 1)` to all eight cells a knight's move away, moat cells
    /// included: their degrees are never read, and skipping them would cost a test each.
    #[inline(always)]
    fn adjust_neighbours(&mut self, cell: Cell, change: fn(u8, u8) -> u8) {
        for slot in 0..8 {
            let neighbour = self.mailbox.target(cell, slot).index();
            // SAFETY: a knight's move from the board stays inside the mailbox.
            let degree = unsafe { self.degree.get_unchecked_mut(neighbour) };
            *degree = change(*degree, 1);
        }
    }

    /// The frame for a freshly placed square when degrees matter: unvisited moves only, cut by
    /// the pruning rules, sorted by the heuristic's key.
    #[inline(never)]
    fn ranked_frame(&self, cell: Cell, index: u32) -> Frame {
        let mut frame = Frame { cell, next: 0, len: 0, order: [0; 8] };
        let mut ranks = [(0u32, 0u64); 8];
        let mut forced = [0u8; 8];
        let mut forced_len = 0;
        let mut stranded = false;
        for slot in 0..8 {
            let to = self.mailbox.target(cell, slot);
            if self.visited[to.index()] {
                continue;
            }
            let degree = self.degree[to.index()];
            stranded |= degree == 0;
            if degree == 1 {
                forced[forced_len] = slot;
                forced_len += 1;
            }
            frame.order[usize::from(frame.len)] = slot;
            frame.len += 1;
        }
        if self.options.prune {
            let unvisited = self.board().len() - (index + 1);
            // Every unvisited square needs two links in what remains of the tour, one of which
            // may be the knight's square; in an open tour the last square needs only one.
            // A neighbour with no other link can only be entered from here and then strands the
            // knight. A neighbour with one other link must be entered from here, or else (open
            // tours only) be the last square, of which there is one.
            let (dead, forced_limit) = if self.options.closed {
                let no_way_back = unvisited > 0 && self.degree[self.start_cell.index()] == 0;
                (no_way_back || stranded || forced_len > 1, 1)
            } else {
                ((stranded && unvisited > 1) || forced_len > 2, 2)
            };
            if dead {
                frame.len = 0;
            } else if forced_len == forced_limit {
                frame.order[..forced_len].copy_from_slice(&forced[..forced_len]);
                frame.len = forced_len as u8;
            }
        }
        if self.options.heuristic.ranks() {
            for position in 0..usize::from(frame.len) {
                let to = self.mailbox.target(cell, frame.order[position]);
                ranks[position] = self.options.heuristic.rank(self.key(cell, to));
            }
            // Insertion sort: at most eight items, and stable, so equal ranks keep textbook order.
            for i in 1..usize::from(frame.len) {
                let mut j = i;
                while j > 0 && ranks[j - 1] > ranks[j] {
                    ranks.swap(j - 1, j);
                    frame.order.swap(j - 1, j);
                    j -= 1;
                }
            }
        }
        frame
    }

    #[inline(always)]
    fn retreat<const DEGREES: bool>(&mut self) -> Option<Event> {
        if self.stack.len() == 1 || !self.options.backtracking {
            return self.stuck();
        }
        // SAFETY: the stack holds more than the start's frame, checked just above.
        let frame = unsafe { self.stack.pop().unwrap_unchecked() };
        // SAFETY: frames hold cells of the board, and `visited` has one entry per cell.
        unsafe { *self.visited.get_unchecked_mut(frame.cell.index()) = false };
        if DEGREES {
            self.adjust_neighbours(frame.cell, u8::wrapping_add);
        }
        self.stats.backtracks += 1;
        Some(Event::Removed { square: self.mailbox.square(frame.cell), index: self.stack.len() as u32 })
    }

    /// One move of the search: try the current square's next move, or take the square back.
    #[inline(always)]
    fn step<const DEGREES: bool>(&mut self) -> Option<Event> {
        loop {
            let top = self.stack.len() - 1;
            // SAFETY: while searching, the stack holds at least the start's frame.
            let frame = unsafe { self.stack.get_unchecked_mut(top) };
            if frame.next == frame.len {
                return self.retreat::<DEGREES>();
            }
            // Untracked frames are in textbook order; skipping the lookup shortens the chain of
            // dependent loads that every candidate waits on.
            let slot = if DEGREES { frame.order[usize::from(frame.next)] } else { frame.next };
            let to = self.mailbox.target(frame.cell, slot);
            frame.next += 1;
            // SAFETY: the graph only holds squares of the board, and `visited` has one entry each.
            if !unsafe { *self.visited.get_unchecked(to.index()) } {
                return Some(self.place::<DEGREES>(to));
            }
        }
    }

    /// No move is left to take back: the search is exhausted, or a greedy walk is stuck and
    /// starts over with fresh ties while restarts remain. Out of line, so that the hot loop
    /// has a single cold exit.
    #[cold]
    #[inline(never)]
    fn stuck(&mut self) -> Option<Event> {
        if self.options.backtracking {
            return Some(self.finish(Outcome::NoTour));
        }
        if self.stats.restarts >= self.options.restarts {
            return Some(self.finish(Outcome::DeadEnd));
        }
        while self.stack.len() > 1 {
            let frame = self.stack.pop().expect("more than the start's frame");
            self.visited[frame.cell.index()] = false;
            self.adjust_neighbours(frame.cell, u8::wrapping_add);
        }
        self.stats.restarts += 1;
        self.salt = mix(self.options.seed ^ mix(u64::from(self.stats.restarts)));
        self.stack[0] = self.ranked_frame(self.start_cell, 0);
        Some(Event::Restarted { attempt: self.stats.restarts })
    }

    fn finish(&mut self, outcome: Outcome) -> Event {
        self.phase = Phase::Finished(outcome);
        Event::Finished(outcome)
    }

    /// Every step that is not an ordinary move of the search.
    #[cold]
    #[inline(never)]
    fn step_phase(&mut self) -> Option<Event> {
        match self.phase {
            Phase::Start => {
                self.phase = Phase::Searching;
                let start = self.start_cell;
                Some(if self.tracks_degree { self.place::<true>(start) } else { self.place::<false>(start) })
            }
            Phase::Deciding(outcome) => Some(self.finish(outcome)),
            Phase::Finished(_) => None,
            Phase::Searching => unreachable!("the hot path handles searching"),
        }
    }
}

impl Iterator for Solver {
    type Item = Event;

    /// Inlined into whatever drains the solver: a call per event returning `Option<Event>`
    /// through memory halves the speed in wasm (see PERFORMANCE.md).
    #[inline(always)]
    fn next(&mut self) -> Option<Event> {
        if self.phase != Phase::Searching {
            return self.step_phase();
        }
        if self.tracks_degree {
            self.step::<true>()
        } else {
            self.step::<false>()
        }
    }
}

impl std::iter::FusedIterator for Solver {}

impl Position for Solver {
    fn mailbox(&self) -> &Mailbox {
        &self.mailbox
    }

    fn is_visited(&self, cell: Cell) -> bool {
        self.visited[cell.index()]
    }

    fn onward_degree(&self, cell: Cell) -> u32 {
        if self.tracks_degree {
            u32::from(self.degree[cell.index()])
        } else {
            let free = self.mailbox.moves(cell).filter(|to| !self.visited[to.index()]).count();
            let closes = self.options.closed && self.board().is_knight_move(self.mailbox.square(cell), self.start);
            (free + usize::from(closes)) as u32
        }
    }
}
