//! The stepwise search: an explicit-stack depth-first search that yields one event per step.
//!
//! [`Solver`] owns the search's state (here: how it is made, and how it decides at a new depth,
//! at a dead end and at the end) and answers questions about it (`queries.rs`). Its path is a
//! stack of frames, each a square and the moves left from it in two words (`frame.rs`); a new
//! square's moves are all eight in textbook order, found by the unchecked kernel of
//! `textbook.rs`, or the free ones ranked and pruned, or a built tour's one move on
//! (`moves.rs`). The moves themselves are made by [`Events`] (`cursor/`), which borrows the
//! solver and keeps the hot part of its state in locals while a batch of events runs. A step
//! back is undone in place (`rewind.rs`), a checkpoint keeps what a replay starts from
//! (`checkpoint.rs`), and a built tour is walked many squares at a time (`walk.rs`).
//!
//! A solver either searches, ordering the free moves by a heuristic, or walks a tour built
//! beforehand, one move a square; which one a run gets is decided above it, by [`Solver::new`]
//! (see `method.rs`).

mod checkpoint;
mod cursor;
mod frame;
mod moves;
mod queries;
mod rewind;
mod textbook;
mod walk;

use std::fmt;
use std::sync::Arc;

use crate::board::existence::{self, Verdict};
use crate::board::{Board, Square};
use crate::search::construction::Construction;
use crate::search::event::{Event, Outcome, Stats};
use crate::search::heuristic::{mix, Heuristic};
use crate::search::mailbox::{Cell, Mailbox};
use crate::search::options::{Options, OptionsError};
use crate::search::prune::Pruning;
use crate::search::restarts;

pub(crate) use checkpoint::Checkpoint;
pub use cursor::{Events, Run};
use frame::{Frame, TEXTBOOK_ORDER};
use moves::Moves;
pub use queries::{Candidate, CandidateState, Tours};

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
    // What the cursor's unchecked steps rely on, kept by every method here and by nothing else
    // (the fields are private): `visited` has an entry per cell of the mailbox, every moat cell
    // visited; `stack` a frame per square of the board; the path's frames, the first `depth`,
    // hold distinct squares of the board, each visited, the first the start; and every move
    // left in one of them leads to a square of the board that is unvisited whenever the search
    // is back at that frame.
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
    /// moves when asked. When pruning, squares on the path carry [`ON_PATH`](crate::search::prune::ON_PATH) on top.
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
                write!(f, "start square index {} is off the {} board", start.0, board.words())
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

    /// No move is left to take back, a greedy search is stuck, or an attempt of a backtracking
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
            // A greedy search stuck with every square visited is one for a closed tour that did
            // not close (an open one is decided as it covers the board).
            let covered = self.depth == self.board().len();
            return self.finish(if covered { Outcome::Unclosed } else { Outcome::DeadEnd });
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

/// Where the attempt after `stats` gives up (see [`crate::search::restarts`]): never for a greedy search,
/// which gives up at its first dead end, nor for the last attempt.
fn restart_at(options: &Options, stats: Stats) -> u64 {
    if options.backtracking && stats.restarts < options.restarts {
        stats.backtracks.saturating_add(restarts::cutoff(stats.restarts + 1))
    } else {
        u64::MAX
    }
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
