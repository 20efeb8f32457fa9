//! The stepwise search: an explicit-stack depth-first search that yields one event per step.
//!
//! [`Solver`] owns the search's state and answers questions about it; the moves themselves are
//! made by [`Events`] (`cursor.rs`), which borrows the solver and keeps the hot part of its
//! state in locals while a batch of events runs. A step back is undone in place (`rewind.rs`),
//! and a [`Checkpoint`] keeps what a replay starts from (`checkpoint.rs`).
//!
//! A solver either searches, ordering the free moves by a heuristic ([`Solver::search`]), or
//! walks a tour built beforehand, one move a square ([`Solver::walk`]); which one a run gets is
//! decided above it, by [`Solver::new`] (see `method.rs`).

mod checkpoint;
mod cursor;
mod pinned;
mod rewind;
mod walk;

use std::fmt;
use std::sync::Arc;

use crate::board::existence::{self, Verdict};
use crate::board::{Board, Coord, Square, KNIGHT_MOVES};
use crate::search::construction::Construction;
use crate::search::event::{Event, Outcome, Stats};
use crate::search::heuristic::{mix, Heuristic, Key, Position};
use crate::search::mailbox::{Cell, Mailbox};
use crate::search::options::{Options, OptionsError};
use crate::search::prune::{Outlook, Pruning, Surroundings, ON_PATH};
use crate::search::restarts;

pub(crate) use checkpoint::Checkpoint;
pub use cursor::{Events, Run};

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

/// One square of the path and the moves left to try from it.
///
/// The order packs, a byte each, the slots (indices into the textbook move order) in the order
/// they are tried; the mask has bit `i` set while the move at position `i` of the order is still
/// to be tried, and the initial mask remembers which were there at first. The set of moves is
/// decided when the square is placed, among the squares free at that time; it cannot go stale,
/// because whenever the search is back at this frame the path is what it was then.
///
/// Two machine words, `order` and `head` (cell, mask and initial mask), so the hot loop can hold a
/// frame in two registers and move it with two plain stores: a struct with padding gets copied
/// through memory, piecewise writes then whole reads, and stalls on store forwarding. Sixteen
/// bytes: the stack of a 1024×1024 board fits in 16 MB.
#[derive(Clone, Copy, Debug)]
struct Frame {
    order: u64,
    head: u64,
}

/// The order of frames in textbook order, where position and slot coincide.
const TEXTBOOK_ORDER: u64 = 0x0706_0504_0302_0100;

impl Frame {
    #[inline(always)]
    pub fn new(cell: Cell, mask: u8, order: u64) -> Frame {
        Frame::with_initial(cell, mask, mask, order)
    }

    #[inline(always)]
    pub fn with_initial(cell: Cell, mask: u8, initial: u8, order: u64) -> Frame {
        Frame { order, head: u64::from(cell.0) | u64::from(mask) << 32 | u64::from(initial) << 40 }
    }

    /// A frame from its two words, as [`Frame::order`] and [`Frame::head`] give them.
    #[inline(always)]
    pub fn from_words(order: u64, head: u64) -> Frame {
        Frame { order, head }
    }

    #[inline(always)]
    pub fn initial(&self) -> u8 {
        Frame::head_initial(self.head)
    }

    #[inline(always)]
    pub fn cell(&self) -> Cell {
        Frame::head_cell(self.head)
    }

    #[inline(always)]
    pub fn mask(&self) -> u8 {
        Frame::head_mask(self.head)
    }

    /// The word that holds the cell and the masks: what the search changes.
    #[inline(always)]
    pub fn head(&self) -> u64 {
        self.head
    }

    #[inline(always)]
    pub fn head_cell(head: u64) -> Cell {
        Cell(head as u32)
    }

    #[inline(always)]
    pub fn head_mask(head: u64) -> u8 {
        (head >> 32) as u8
    }

    #[inline(always)]
    pub fn head_initial(head: u64) -> u8 {
        (head >> 40) as u8
    }

    /// What to toggle in a head to take the move at `position` of the order out of the mask.
    #[inline(always)]
    pub fn head_move(position: u32) -> u64 {
        1 << (32 + position)
    }

    /// The slot (index into the textbook move order) of the move at `position` of the order.
    /// Textbook frames, of a search that does not rank (`ranked` false), keep the order implied.
    #[inline(always)]
    pub fn slot(&self, position: u32, ranked: bool) -> u8 {
        if ranked {
            (self.order >> (8 * position)) as u8
        } else {
            position as u8
        }
    }

    /// Sets the moves left to try.
    pub fn set_mask(&mut self, mask: u8) {
        self.head = self.head & !(0xFF << 32) | u64::from(mask) << 32;
    }

    /// The position in the order of the move tried last: moves are tried lowest position first,
    /// so it is the highest that is no longer left. Only for a frame that has tried one.
    pub fn last_tried(&self) -> u32 {
        7 - (self.initial() & !self.mask()).leading_zeros()
    }

    /// Puts the move at `position` of the order back among the moves left to try.
    pub fn give_back(&mut self, position: u32) {
        self.head |= Frame::head_move(position);
    }

    /// How many moves the frame had when its square was placed.
    pub fn len(&self) -> u32 {
        self.initial().count_ones()
    }

    pub fn order(&self) -> u64 {
        self.order
    }

    /// Copies the word the search changes (cell and masks) from `other`, for frames whose
    /// order is known to be the same: textbook frames.
    #[inline(always)]
    pub fn copy_head(&mut self, other: Frame) {
        self.head = other.head;
    }

    fn tried(&self) -> u32 {
        self.len() - self.mask().count_ones()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Nothing placed yet; the first step places the start square.
    Start,
    Searching,
    /// The search has decided; the next step reports it.
    Deciding(Outcome),
    Finished(Outcome),
}

impl Phase {
    /// A test of the variant only: the derived `==` compares outcomes too, and the WebAssembly
    /// build called it out of line after every placement at a new depth.
    #[inline(always)]
    pub fn is_searching(self) -> bool {
        matches!(self, Phase::Searching)
    }
}

/// How a solver chooses the moves from a square it has just placed.
#[derive(Clone, Debug)]
enum Moves {
    /// The free moves, cut by the pruning rules if the search prunes, in the heuristic's order.
    Search { ordering: Heuristic },
    /// The one move to the tour's next square: every frame holds one move. Shared by clones.
    Walk { tour: Arc<Construction> },
}

/// The knight's tour search. Each step makes one move of the depth-first search and says what
/// it did; it can be left at any event and resumed, and the same board, start and options always
/// give the same events.
///
/// As an [`Iterator`] it makes one step per call. To run many steps at once, as a frame loop or
/// a command line does, borrow a batch with [`Solver::events`]: the same steps, with the hot
/// state kept in registers for the length of the batch.
///
/// ```
/// use knights_tour::{Board, Event, Options, Outcome, Solver};
/// let board = Board::new(5, 5).unwrap();
/// let mut solver = Solver::new(board, board.square(0, 0), Options::default()).unwrap();
/// let last = solver.events().last();
/// assert_eq!(last, Some(Event::Finished(Outcome::Tour)));
/// assert_eq!(solver.path().count(), 25);
/// ```
///
/// Cloning a solver takes a copy that goes on from the same point, independently.
#[derive(Clone)]
pub struct Solver {
    mailbox: Mailbox,
    start: Square,
    start_cell: Cell,
    options: Options,
    /// Per cell of the mailbox; moat cells are permanently visited, so the search needs no
    /// bounds checks.
    visited: Vec<bool>,
    /// Unvisited neighbours of every square (moat cells hold junk), a byte per cell of the
    /// mailbox, kept up to date (by [`Solver::unlink`] and [`Solver::relink`] alone) for a
    /// search that ranks its moves or prunes, and empty otherwise: the fixed order without
    /// pruning never looks at it, and the upkeep would double its cost; a walk of a built tour
    /// has one move a square to rank and nothing to prune, and its keys count a square's free
    /// moves when asked. When pruning, squares on the path carry [`ON_PATH`] on top.
    degree: Vec<u8>,
    /// Whether frames come from [`Solver::ranked_frame`], each with its own order (a search
    /// that keeps degrees, or a walk); otherwise every frame is a textbook one.
    tracks_degree: bool,
    /// The pruning rules' state, when the search prunes.
    pruning: Option<Pruning>,
    /// A frame per square, allocated once; the path's frames are the first `depth`. As the
    /// path never holds a square twice, it always has room for the next.
    stack: Box<[Frame]>,
    depth: u32,
    phase: Phase,
    stats: Stats,
    /// The path length at which a placement needs a closer look: one more than the deepest
    /// so far, or the whole board once that has been reached.
    watermark: u32,
    budget: u64,
    /// Seeds the random heuristic's draws for the current attempt.
    salt: u64,
    /// The count of backtracks at which the current attempt of a backtracking search with
    /// restarts gives up and starts over; `u64::MAX` when it runs to the end.
    restart_at: u64,
    moves: Moves,
    /// `deepened_at[d - 1]` is the event (see [`Solver::events_so_far`]) whose placement first
    /// made the path `d` squares long, for every `d` up to the deepest: what a step back needs
    /// to know whether it undoes a new deepest. A fact of the run, the same on every replay, so
    /// checkpoints leave it out and the solver they are restored into keeps its own.
    deepened_at: Vec<u64>,
}

/// The moves from a square onto unvisited squares, as [`Solver::free_moves`] finds them.
struct FreeMoves {
    order: [u8; 8],
    len: usize,
    forced: [u8; 8],
    forced_len: usize,
    stranded: bool,
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
    /// Whether a search of `board` from `start` with `options` can be made: the error if not.
    pub(crate) fn check(board: Board, start: Square, options: &Options) -> Result<(), SolverError> {
        options.validate()?;
        if !board.contains(start) {
            return Err(SolverError::StartOffBoard { start, board });
        }
        Ok(())
    }

    /// A search that tries the free moves from each square in the order of `ordering`, cut by
    /// the pruning rules if `prune`. `options` say the rest (backtracking, closed, seed,
    /// restarts, budget, theorems); their heuristic and pruning are what was asked of the run,
    /// which may be other than this (see `method.rs`).
    pub(crate) fn search(
        board: Board,
        start: Square,
        options: Options,
        ordering: Heuristic,
        prune: bool,
    ) -> Result<Solver, SolverError> {
        Solver::make(board, start, options, Moves::Search { ordering }, prune)
    }

    /// A solver that walks `tour`, a tour of `board` built beforehand, from its first square:
    /// each square's frame holds one move, to the tour's next square, so the walk places the
    /// tour square by square, never backtracks, and is read, stepped back and replayed as any
    /// search is. It honours the options' budget; it has nothing to prune.
    pub(crate) fn walk(board: Board, tour: Construction, options: Options) -> Result<Solver, SolverError> {
        let start = tour.path[0];
        Solver::make(board, start, options, Moves::Walk { tour: Arc::new(tour) }, false)
    }

    fn make(
        board: Board,
        start: Square,
        options: Options,
        moves: Moves,
        prune: bool,
    ) -> Result<Solver, SolverError> {
        Solver::check(board, start, &options)?;
        let mailbox = Mailbox::new(board);
        let cells = mailbox.len() as u32;
        let visited = (0..cells).map(|cell| !mailbox.is_on_board(Cell(cell))).collect();
        let phase = match existence::tour(board, start, options.closed) {
            Verdict::No(reason) if options.theorems => Phase::Deciding(Outcome::Impossible(reason)),
            _ => Phase::Start,
        };
        let tracks_degree = prune
            || match moves {
                Moves::Search { ordering } => ordering.ranks(),
                Moves::Walk { .. } => true,
            };
        let keeps_degree = prune || matches!(moves, Moves::Search { ordering } if ordering.ranks());
        let degree = if keeps_degree { mailbox.degrees() } else { Vec::new() };
        let pruning = prune.then(|| Pruning::new(&mailbox, &degree, options.closed));
        Ok(Solver {
            start_cell: mailbox.cell(start),
            mailbox,
            start,
            options,
            visited,
            degree,
            tracks_degree,
            pruning,
            // Textbook frames are all in the same order, so it is written here once and the hot
            // loop moves only their other word.
            stack: vec![Frame::new(Cell(0), 0, TEXTBOOK_ORDER); board.len() as usize].into_boxed_slice(),
            depth: 0,
            phase,
            stats: Stats::default(),
            watermark: 1,
            budget: options.budget.unwrap_or(u64::MAX),
            salt: mix(options.seed),
            restart_at: restart_at(&options, Stats::default()),
            moves,
            deepened_at: Vec::new(),
        })
    }

    /// Places `path` (a knight's path shorter than the board, starting on the start square) as
    /// if the search had placed those squares itself with no other move to try on the way: from
    /// here it ends with a tour that begins with `path`, or with [`Outcome::NoTour`] once every
    /// way on has been tried. For a search made a moment ago (see [`Solver::continuing`]).
    pub(crate) fn place_path(&mut self, path: &[Square]) {
        debug_assert!(
            self.depth == 0 && path.first() == Some(&self.start) && path.len() < self.board().len() as usize
        );
        for (index, &square) in path.iter().enumerate() {
            let cell = self.mailbox.cell(square);
            self.visited[cell.index()] = true;
            if self.tracks_degree {
                self.unlink(cell, index as u32);
            }
            self.stack[index] = Frame::new(cell, 0, TEXTBOOK_ORDER);
        }
        let depth = path.len() as u32;
        let cell = self.mailbox.cell(path[path.len() - 1]);
        self.stack[path.len() - 1] =
            if self.tracks_degree { self.ranked_frame(cell, depth - 1) } else { self.textbook_frame(cell) };
        self.depth = depth;
        self.phase = Phase::Searching;
        self.stats = Stats { placements: depth.into(), deepest: depth, ..Stats::default() };
        self.watermark = (depth + 1).min(self.board().len());
        self.deepened_at = vec![0; path.len()];
    }

    /// A batch of steps that keeps the search's hot state in locals until it is dropped.
    pub fn events(&mut self) -> Events<'_> {
        Events::new(self)
    }

    /// Runs up to `max` events at once and says what they did (see [`Run`]), for a caller that
    /// needs no event one by one: the same steps as [`Solver::events`], with nothing to do per
    /// event but keep the depth span. Stops early after the search finishes or restarts.
    ///
    /// Out of line on purpose: a call per run lets a WebAssembly engine swap its first-tier
    /// copy of the loop for an optimised one between two runs: measured in V8 (node 20), one
    /// very long call stayed in the first tier, 1.5 to 2.5 times slower, while calls of 1,000
    /// to 100,000 events each got the optimised code from the first run.
    ///
    /// A walk of a built tour lays its squares in bulk (see `walk.rs`) and leaves only its
    /// last steps to the cursor.
    #[inline(never)]
    pub fn run(&mut self, max: u64) -> Run {
        let walked = self.walk_ahead(max);
        walked.then(self.events().run(max - walked.events))
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

    /// How the tour this solver walks was built: its pieces and seams. `None` for a search.
    pub fn construction(&self) -> Option<&Construction> {
        match &self.moves {
            Moves::Walk { tour } => Some(tour),
            Moves::Search { .. } => None,
        }
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
        self.path_frames().iter().map(|frame| self.mailbox.square(frame.cell()))
    }

    /// The path's squares from move `from` on (none past its end): what a caller that keeps a
    /// copy of the path reads after a take-back to `from`, without walking the moves before it.
    pub fn path_from(&self, from: usize) -> impl ExactSizeIterator<Item = Square> + '_ {
        let frames = self.path_frames();
        frames[from.min(frames.len())..].iter().map(|frame| self.mailbox.square(frame.cell()))
    }

    /// How many events the search has yielded: every placement, backtrack and restart, and the
    /// finish. The position of the search on its timeline.
    pub fn events_so_far(&self) -> u64 {
        let Stats { placements, backtracks, restarts, .. } = self.stats;
        placements + backtracks + u64::from(restarts) + u64::from(matches!(self.phase, Phase::Finished(_)))
    }

    /// The event whose placement first made the path `depth` squares long (0 for none), for a
    /// depth reached since this solver was made.
    pub fn deepened_at(&self, depth: u32) -> u64 {
        depth.checked_sub(1).and_then(|d| self.deepened_at.get(d as usize)).copied().unwrap_or(0)
    }

    /// How many squares the path holds.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    fn path_frames(&self) -> &[Frame] {
        &self.stack[..self.depth as usize]
    }

    pub fn is_visited(&self, square: Square) -> bool {
        self.visited[self.mailbox.cell(square).index()]
    }

    /// After a tour has been reported, go on searching for the next one; this is how tours are
    /// counted (without restarts: a later attempt may find a tour again). Returns false when
    /// there is nothing to resume: after any other end, after a greedy walk's tour, and after
    /// walking a built tour, which is one tour and no more.
    pub fn resume(&mut self) -> bool {
        let searches = matches!(self.moves, Moves::Search { .. });
        match self.phase {
            Phase::Finished(outcome) if outcome.is_tour() && self.options.backtracking && searches => {
                self.phase = Phase::Searching;
                true
            }
            _ => false,
        }
    }

    /// The tours the search finds, in its order, each as its squares from the start. Each step
    /// runs the search to its next end, and the next resumes after the tour it found (see
    /// [`Solver::resume`]); it ends with the search, which then tells how it ended: a search
    /// that tried everything finishes with [`Outcome::NoTour`], one that ran out of budget with
    /// [`Outcome::Budget`].
    ///
    /// ```
    /// use knights_tour::{Board, Heuristic, Options, Outcome, Solver};
    /// let board = Board::new(5, 5).unwrap();
    /// let fixed = Options { heuristic: Heuristic::Fixed, ..Options::default() };
    /// let mut solver = Solver::new(board, board.square(0, 0), fixed).unwrap();
    /// // 304 directed tours start in a corner of 5x5.
    /// assert_eq!(solver.tours().count(), 304);
    /// assert_eq!(solver.outcome(), Some(Outcome::NoTour));
    /// ```
    pub fn tours(&mut self) -> Tours<'_> {
        Tours { solver: self }
    }

    /// The moves from the knight's current square, in the order the search takes them, each with
    /// the key that put it there.
    pub fn candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
        let frame = self.path_frames().last().copied();
        let (cell, mask, positions) = match frame {
            // Textbook frames keep every slot in the order and mark the free ones in the mask
            // when placed; the free ones then are exactly the unvisited ones now.
            Some(frame) if !self.tracks_degree => (frame.cell(), frame.mask(), 0..8),
            Some(frame) => (frame.cell(), frame.mask(), 0..frame.len()),
            None => (self.start_cell, 0, 0..0),
        };
        let order = frame.map_or(TEXTBOOK_ORDER, |frame| frame.order());
        positions.filter_map(move |position| {
            let to = self.mailbox.target(cell, (order >> (8 * position)) as u8);
            if self.visited[to.index()] {
                return None;
            }
            let state = if mask & (1 << position) == 0 {
                CandidateState::Tried
            } else if mask.trailing_zeros() == position {
                CandidateState::Next
            } else {
                CandidateState::Later
            };
            Some(Candidate { square: self.mailbox.square(to), key: self.key(cell, to), state })
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
        let top = self.path_frames().len().saturating_sub(1);
        for (depth, frame) in self.path_frames().iter().enumerate() {
            if frame.len() == 0 {
                break;
            }
            // Below the top, the move last taken is still being explored by the frames above.
            let finished = if depth == top { frame.tried() } else { frame.tried() - 1 };
            let width = f64::from(frame.len());
            done += weight * f64::from(finished) / width;
            weight /= width;
        }
        done
    }

    fn key(&self, from: Cell, to: Cell) -> Key {
        let keyed_by = match self.moves {
            Moves::Search { ordering } => ordering,
            Moves::Walk { .. } => Heuristic::Divide,
        };
        keyed_by.key(self, from, to, self.salt)
    }

    /// The frame for a freshly placed square in textbook order (see [`textbook_taken`]).
    #[inline(always)]
    fn textbook_frame(&self, cell: Cell) -> Frame {
        debug_assert!(self.mailbox.is_on_board(cell), "cell {} is not a square of the board", cell.0);
        // SAFETY: `visited` has an entry per cell of the mailbox, and `cell` is a square of its
        // board.
        let width = self.mailbox.width();
        let taken = unsafe {
            textbook_taken::<SUMMED_FRAMES>(
                self.visited.as_ptr(),
                self.visited.len(),
                width,
                2 * width as usize + 1,
                cell,
            )
        };
        textbook_frame(cell, taken)
    }

    /// The frame for a freshly placed square: a textbook one, or when degrees are kept one made
    /// by [`Solver::ranked_frame`], after the square's upkeep.
    fn fresh_frame(&mut self, cell: Cell, index: u32) -> Frame {
        if self.tracks_degree {
            self.ranked_frame(cell, index)
        } else {
            self.textbook_frame(cell)
        }
    }

    /// The frame for a square of a walked tour: its one move is to the tour's next square (none
    /// after the last).
    fn walked_frame(&self, cell: Cell, next: Option<Square>) -> Frame {
        let next = next.map(|square| self.mailbox.cell(square)).filter(|next| !self.visited[next.index()]);
        let slot = next.and_then(|next| (0..8).find(|&slot| self.mailbox.target(cell, slot) == next));
        match slot {
            Some(slot) => Frame::new(cell, 1, u64::from(slot)),
            None => Frame::new(cell, 0, 0),
        }
    }

    /// The frame for a freshly placed square when degrees matter: unvisited moves only, cut by
    /// the pruning rules, sorted by the heuristic's key.
    #[inline(never)]
    fn ranked_frame(&mut self, cell: Cell, index: u32) -> Frame {
        let ordering = match &self.moves {
            Moves::Search { ordering } => *ordering,
            Moves::Walk { tour } => {
                return self.walked_frame(cell, tour.path.get(index as usize + 1).copied())
            }
        };
        let FreeMoves { mut order, mut len, forced, forced_len, stranded } = self.free_moves(cell);
        match self.judge(cell, index, &order[..len], forced_len, stranded) {
            Some(Outlook::Dead(_)) => len = 0,
            Some(Outlook::Forced) => {
                order[..forced_len].copy_from_slice(&forced[..forced_len]);
                len = forced_len;
            }
            Some(Outlook::Open) | None => {}
        }
        if ordering.ranks() {
            let mut ranks = [(0u32, 0u64); 8];
            let from = self.board().coord(self.mailbox.square(cell));
            for position in 0..len {
                let slot = order[position];
                let to = self.mailbox.target(cell, slot);
                // A free move lands on the board, so neither sum wraps.
                let (dr, dc) = KNIGHT_MOVES[usize::from(slot)];
                let at =
                    Coord { row: from.row.wrapping_add_signed(dr), col: from.col.wrapping_add_signed(dc) };
                ranks[position] = ordering.rank(ordering.key_at(self, cell, (to, at), self.salt));
            }
            // Insertion sort: at most eight items, and stable, so equal ranks keep textbook order.
            for i in 1..len {
                let mut j = i;
                while j > 0 && ranks[j - 1] > ranks[j] {
                    ranks.swap(j - 1, j);
                    order.swap(j - 1, j);
                    j -= 1;
                }
            }
        }
        Frame::new(cell, ((1u16 << len) - 1) as u8, u64::from_le_bytes(order))
    }

    /// The moves from `cell` onto unvisited squares (slots in textbook order), those of them onto
    /// ends, and whether one of them is stranded (see `prune.rs`).
    ///
    /// Inlined by hand, as [`Position::onward_degree`] is: natively the compiler inlined this one
    /// itself, but the WebAssembly build kept both out of line, a call per placement returning this
    /// struct through memory and a call per candidate; inlined, Roth's rule on 1000×1000 took
    /// 14% less CPU time in V8 (node 20).
    #[inline(always)]
    fn free_moves(&self, cell: Cell) -> FreeMoves {
        let mut moves = FreeMoves { order: [0; 8], len: 0, forced: [0; 8], forced_len: 0, stranded: false };
        for slot in 0..8 {
            let to = self.mailbox.target(cell, slot);
            if self.visited[to.index()] {
                continue;
            }
            let degree = self.degree[to.index()];
            moves.stranded |= degree == 0;
            if degree == 1 {
                moves.forced[moves.forced_len] = slot;
                moves.forced_len += 1;
            }
            moves.order[moves.len] = slot;
            moves.len += 1;
        }
        moves
    }

    /// What the pruning rules say about `cell`, just placed as move `index` with these free
    /// moves; `None` when the search does not prune.
    fn judge(
        &mut self,
        cell: Cell,
        index: u32,
        free: &[u8],
        forced: usize,
        stranded: bool,
    ) -> Option<Outlook> {
        let pruning = self.pruning.as_mut()?;
        let around = Surroundings {
            cell,
            free,
            forced: forced as u32,
            stranded,
            unvisited: self.mailbox.board().len() - (index + 1),
            way_back: self.degree[self.start_cell.index()] & !ON_PATH > 0,
        };
        Some(pruning.judge(&self.mailbox, &around))
    }

    /// What the pruning rules said when the knight's current square was placed: whether the
    /// branch was cut there, and by which rule, or the moves narrowed to the forced ones. `None`
    /// when the solver does not prune (a walk never does), or nothing is placed. Asked again,
    /// not remembered: the board around the knight is as it was when its square was placed.
    pub fn outlook(&mut self) -> Option<Outlook> {
        let top = *self.path_frames().last()?;
        self.pruning.as_ref()?;
        let FreeMoves { order, len, forced_len, stranded, .. } = self.free_moves(top.cell());
        self.judge(top.cell(), self.depth - 1, &order[..len], forced_len, stranded)
    }

    /// The links `cell`, just marked visited as move `index`, took from its neighbours. A closed
    /// tour ends by stepping back onto the start, so for its neighbours the start stays a link:
    /// `degree` then counts the links a square has left in the cycle.
    ///
    /// Degrees are kept here and in [`Solver::relink`], and nowhere else; both do nothing for
    /// a solver that does not keep them, whoever calls.
    #[inline(always)]
    fn unlink(&mut self, cell: Cell, index: u32) {
        if self.degree.is_empty() {
            return;
        }
        let linked = !(index == 0 && self.options.closed);
        match &mut self.pruning {
            Some(pruning) => pruning.place(&self.mailbox, &mut self.degree, cell, linked),
            None if linked => {
                self.mailbox.adjust_neighbours(&mut self.degree, cell, u8::wrapping_sub, |_, _| {})
            }
            None => {}
        }
    }

    /// Gives back the links of `cell`, just marked unvisited again (never the start: see
    /// [`Pruning::take_back`]).
    #[inline(always)]
    fn relink(&mut self, cell: Cell) {
        if self.degree.is_empty() {
            return;
        }
        match &mut self.pruning {
            Some(pruning) => pruning.take_back(&self.mailbox, &mut self.degree, cell),
            None => self.mailbox.adjust_neighbours(&mut self.degree, cell, u8::wrapping_add, |_, _| {}),
        }
    }

    /// The path is as long as it has ever been, or covers the board: one check in the hot loop
    /// for both, since a full path is always at least as deep as the deepest so far. Called
    /// with the stack as it stands and `placements` counted so far.
    #[cold]
    #[inline(never)]
    fn reached(&mut self, last: Cell, depth: u32, placements: u64, backtracks: u64) {
        if depth > self.stats.deepest {
            // Each depth is first reached once, one deeper than the last: a push, or on a
            // replay the same value written again.
            let at = placements + backtracks + u64::from(self.stats.restarts);
            match self.deepened_at.get_mut(depth as usize - 1) {
                Some(slot) => *slot = at,
                None => self.deepened_at.push(at),
            }
        }
        self.stats.deepest = self.stats.deepest.max(depth);
        self.watermark = (self.stats.deepest + 1).min(self.board().len());
        if depth == self.board().len() {
            let closes = self.board().is_knight_move(self.mailbox.square(last), self.start);
            if closes || !self.options.closed {
                let outcome = if closes { Outcome::ClosedTour } else { Outcome::Tour };
                self.phase = Phase::Deciding(outcome);
                return;
            }
            // A full path that does not close: its frame has no moves and will be taken back.
        }
        if placements == self.budget {
            self.phase = Phase::Deciding(Outcome::Budget);
        }
    }

    /// No move is left to take back, a greedy walk is stuck, or an attempt of a backtracking
    /// search has used up its backtracks: the search ends, or starts over from the start with
    /// fresh random ties while restarts remain.
    #[cold]
    #[inline(never)]
    fn stuck(&mut self) -> Event {
        if self.options.backtracking && self.depth == 1 {
            // Every move from the start was explored to the end: no tour, whatever the ties.
            return self.finish(Outcome::NoTour);
        }
        if self.stats.restarts >= self.options.restarts {
            return self.finish(Outcome::DeadEnd);
        }
        while self.depth > 1 {
            self.depth -= 1;
            let cell = self.stack[self.depth as usize].cell();
            self.visited[cell.index()] = false;
            self.relink(cell);
        }
        self.stats.restarts += 1;
        self.salt = mix(self.options.seed ^ mix(u64::from(self.stats.restarts)));
        self.stack[0] = self.fresh_frame(self.start_cell, 0);
        self.restart_at = restart_at(&self.options, self.stats);
        Event::Restarted { attempt: self.stats.restarts }
    }

    fn finish(&mut self, outcome: Outcome) -> Event {
        self.phase = Phase::Finished(outcome);
        Event::Finished(outcome)
    }

    /// Every step that is not an ordinary move of the search, bar placing the start (which the
    /// cursor does, being the one that places squares). `None` once finished.
    #[cold]
    #[inline(never)]
    fn announce(&mut self) -> Option<Event> {
        match self.phase {
            Phase::Deciding(outcome) => Some(self.finish(outcome)),
            Phase::Finished(_) => None,
            Phase::Start | Phase::Searching => unreachable!("the cursor steps these"),
        }
    }
}

/// Where the attempt after `stats` gives up (see [`crate::search::restarts`]): never for a greedy walk,
/// which gives up at its first dead end, nor for the last attempt.
fn restart_at(options: &Options, stats: Stats) -> u64 {
    if options.backtracking && stats.restarts < options.restarts {
        stats.backtracks.saturating_add(restarts::cutoff(stats.restarts + 1))
    } else {
        u64::MAX
    }
}

/// Whether [`textbook_frame`] sums the visited bytes with weights (in WebAssembly) or `or`s them
/// into place (natively): see there.
const SUMMED_FRAMES: bool = cfg!(target_arch = "wasm32");

/// The moves from a freshly placed square in textbook order that are taken (onto visited
/// cells), as a byte's bits, bit `s` move `s`'s (the frame's moves are the others), branch-free:
/// found with eight loads and no data-dependent jump. The loads are addressed from the cell by
/// the board's width and the moves' constants, not through [`Mailbox::target`]'s table, which
/// would be eight loads more; and from the lowest of the eight cells, `reach` (`2 * width + 1`)
/// before `cell`, so that every offset is non-negative: the 8×8 search took 12% less CPU time in
/// V8 (node 20) than with offsets from `cell` itself, natively the same. A width known at compile
/// time makes the offsets constants; `reach` is then best left to a value the compiler does not
/// know, or it folds it into them and makes them negative again. (Four wider
/// reads and a multiplication that gathers the eight bytes made fewer instructions, but a longer
/// wait for the next step: slower natively, no faster in wasm.)
///
/// # Safety
///
/// `visited` points at `cells` entries, one per cell of a mailbox `width` cells wide, `reach` is
/// `2 * width + 1`, and `cell` is a square of its board.
#[inline(always)]
unsafe fn textbook_taken<const SUMMED: bool>(
    visited: *const bool,
    cells: usize,
    width: u32,
    reach: usize,
    cell: Cell,
) -> u32 {
    debug_assert_eq!(
        reach,
        2 * width as usize + 1,
        "the knight's move (-2, -1), the lowest cell of the eight"
    );
    debug_assert!(
        cell.index() >= reach && cell.index() + reach < cells,
        "a knight's move from cell {} leaves the mailbox",
        cell.0
    );
    // From `visited - reach`, which the compiler keeps in a register for the loop: reached as
    // `visited.add(cell - reach)`, the subtraction was left between each placement and its
    // loads (natively 538 million instructions instead of 511 for the 8×8 search). Wrapping, for
    // that pointer lies before the table; `lowest` lies in it.
    let lowest = visited.wrapping_sub(reach).wrapping_add(cell.index());
    // SAFETY: `lowest` is the entry of `cell`'s lowest neighbour, `cell - reach`, which the moat
    // keeps in the mailbox, as it does the others.
    unsafe { textbook_taken_from::<SUMMED>(lowest, width) }
}

/// [`textbook_taken`] from the visited entry of a square's lowest neighbour, `lowest`, on.
///
/// # Safety
///
/// `lowest` and the `2 * (2 * width + 1)` entries after it are readable, and they are the visited
/// entries of the cells of a mailbox `width` cells wide from the square's `- (2 * width + 1)` on.
#[inline(always)]
unsafe fn textbook_taken_from<const SUMMED: bool>(lowest: *const bool, width: u32) -> u32 {
    let width = width as usize;
    let offsets = KNIGHT_MOVES
        .map(|(dr, dc)| ((2 * width + 1) as isize + dr as isize * width as isize + dc as isize) as usize);
    // SAFETY (both loads): these are the offsets of `Mailbox::target`, from the lowest of them,
    // within the `2 * (2 * width + 1)` entries after `lowest`.
    if SUMMED {
        // In V8 the eight bytes are summed with weights, not `or`ed into place: `a + 2 * b` is
        // one `lea`, where `a | b << 1` is two instructions. They are read as bytes, not
        // `bool`s, or the compiler, knowing them 0 or 1, turns the additions back into `or`s;
        // so read, V8's loads also carry their constant offsets, with no `lea` each (Node 20's
        // code for the loop). 8×8 fixed in Chromium: 72.5 to 64.8 ms. Natively the same sum
        // was 8% slower than the chain below.
        let v = offsets.map(|offset| u32::from(unsafe { *(lowest as *const u8).add(offset) }));
        let low = (v[0] + 2 * v[1]) + 4 * (v[2] + 2 * v[3]);
        let high = (v[4] + 2 * v[5]) + 4 * (v[6] + 2 * v[7]);
        low + (high << 4)
    } else {
        // A chain, the last slot first (natively 54 to 51 ms against a tree of `or`s).
        offsets
            .iter()
            .rev()
            .fold(0u32, |taken, &offset| taken << 1 | u32::from(unsafe { *lowest.add(offset) }))
    }
}

/// The textbook frame of `cell`, whose taken moves are `taken` (as [`textbook_taken`] gives them).
#[inline(always)]
fn textbook_frame(cell: Cell, taken: u32) -> Frame {
    Frame::new(cell, !(taken as u8), TEXTBOOK_ORDER)
}

impl Iterator for Solver {
    type Item = Event;

    /// One step. A batch from [`Solver::events`] makes the same steps faster.
    #[inline]
    fn next(&mut self) -> Option<Event> {
        self.events().next()
    }
}

impl std::iter::FusedIterator for Solver {}

#[cfg(test)]
impl Solver {
    /// What the degrees' upkeep keeps, for the pruning rules' tests: the mailbox, the visited
    /// cells, the degrees and the pruning rules' state.
    pub(crate) fn upkeep(&self) -> (&Mailbox, &[bool], &[u8], Option<&Pruning>) {
        (&self.mailbox, &self.visited, &self.degree, self.pruning.as_ref())
    }
}

/// The tours a search finds, one by one; see [`Solver::tours`].
pub struct Tours<'a> {
    solver: &'a mut Solver,
}

impl Iterator for Tours<'_> {
    type Item = Vec<Square>;

    fn next(&mut self) -> Option<Vec<Square>> {
        let solver = &mut *self.solver;
        if solver.outcome().is_some() && !solver.resume() {
            return None;
        }
        let outcome = solver.events().find_map(|event| match event {
            Event::Finished(outcome) => Some(outcome),
            _ => None,
        })?;
        outcome.is_tour().then(|| solver.path().collect())
    }
}

impl std::iter::FusedIterator for Tours<'_> {}

impl Position for Solver {
    #[inline]
    fn mailbox(&self) -> &Mailbox {
        &self.mailbox
    }

    #[inline]
    fn is_visited(&self, cell: Cell) -> bool {
        self.visited[cell.index()]
    }

    #[inline(always)]
    fn onward_degree(&self, cell: Cell) -> u32 {
        if !self.degree.is_empty() {
            u32::from(self.degree[cell.index()])
        } else {
            let free = self.mailbox.moves(cell).filter(|to| !self.visited[to.index()]).count();
            let closes =
                self.options.closed && self.board().is_knight_move(self.mailbox.square(cell), self.start);
            (free + usize::from(closes)) as u32
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The textbook frame as its definition says: bit `slot` set when move `slot` of
    /// [`KNIGHT_MOVES`] leads to an unvisited cell.
    fn plainly(solver: &Solver, cell: Cell) -> u8 {
        (0..8)
            .filter(|&slot| !solver.visited[solver.mailbox.target(cell, slot).index()])
            .fold(0, |mask, slot| mask | 1 << slot)
    }

    #[test]
    fn the_textbook_frame_has_the_moves_to_unvisited_squares() {
        for (rows, cols) in [(1, 1), (3, 4), (5, 5), (8, 8), (7, 13)] {
            let board = Board::new(rows, cols).unwrap();
            let options = Options { heuristic: Heuristic::Fixed, ..Options::default() };
            let mut solver = Solver::new(board, board.square(0, 0), options).unwrap();
            let mut seed = 1u64;
            // Under Miri, which interprets every load, a couple of rounds.
            for _ in 0..if cfg!(miri) { 2 } else { 200 } {
                // Squares visited at random, the moat always.
                for square in board.squares() {
                    seed = mix(seed);
                    solver.visited[solver.mailbox.cell(square).index()] = seed % 3 == 0;
                }
                for square in board.squares() {
                    let cell = solver.mailbox.cell(square);
                    let frame = solver.textbook_frame(cell);
                    assert_eq!(frame.mask(), plainly(&solver, cell), "{rows}x{cols}, square {}", square.0);
                    assert_eq!((frame.initial(), frame.cell()), (frame.mask(), cell));
                    // The other target's way of gathering the bytes, here too.
                    let (visited, cells, width) =
                        (solver.visited.as_ptr(), solver.visited.len(), solver.mailbox.width());
                    // SAFETY: as in `Solver::textbook_frame`.
                    let other = unsafe {
                        textbook_taken::<{ !SUMMED_FRAMES }>(
                            visited,
                            cells,
                            width,
                            2 * width as usize + 1,
                            cell,
                        )
                    };
                    assert_eq!(
                        textbook_frame(cell, other).head(),
                        frame.head(),
                        "{rows}x{cols}, square {}",
                        square.0
                    );
                }
            }
        }
    }
}
