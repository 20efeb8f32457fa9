//! What a solver answers about the search as it stands, for the page, the command line and the
//! layers above: the path, the counts, the outcome, the moves in view and how much of the tree
//! is behind it. Read off the state, never remembered beside it.

use super::frame::{Frame, TEXTBOOK_ORDER};
use super::moves::{FreeMoves, Moves};
use super::{Phase, Solver};
use crate::board::{Board, Square};
use crate::search::construction::Construction;
use crate::search::event::{Event, Outcome, Stats};
use crate::search::heuristic::{Heuristic, Key};
use crate::search::mailbox::Cell;
use crate::search::options::Options;
use crate::search::prune::Outlook;

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

impl Solver {
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
    /// copy of the path reads after a take-back to `from`, without reading the squares before it.
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

    pub(super) fn path_frames(&self) -> &[Frame] {
        &self.stack[..self.depth as usize]
    }

    pub fn is_visited(&self, square: Square) -> bool {
        self.visited[self.mailbox.cell(square).index()]
    }

    /// After a tour has been reported, go on searching for the next one; this is how tours are
    /// counted (without restarts: a later attempt may find a tour again). Returns false when
    /// there is nothing to resume: after any other end, after a greedy search's tour, and after
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

    pub(super) fn key(&self, from: Cell, to: Cell) -> Key {
        let keyed_by = match self.moves {
            Moves::Search { ordering } => ordering,
            Moves::Walk { .. } => Heuristic::Divide,
        };
        keyed_by.key(self, from, to, self.salt)
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
