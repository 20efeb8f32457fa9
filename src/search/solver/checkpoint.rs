//! Checkpoints: what a replay starts from. A timeline sets one aside every so many events and,
//! to go back further than it can undo, restores the nearest into its solver and replays.

use super::{Frame, Phase, Solver};
use crate::board::Board;
use crate::search::event::Stats;
use crate::search::prune::Pruning;

/// A search as it stood at one event, all of its state that changes as it runs, the path's
/// frames only: on a 1000×1000 board the whole stack is 16 MB, and a walk's path half of it on
/// average. It cannot be stepped, only restored into the solver it was taken from (see
/// [`Solver::restore`]), which keeps what never changes (the board, the options, the moves)
/// and the room above the path.
#[derive(Clone)]
pub(crate) struct Checkpoint {
    board: Board,
    visited: Vec<bool>,
    degree: Vec<u8>,
    pruning: Option<Pruning>,
    path: Box<[Frame]>,
    phase: Phase,
    stats: Stats,
    watermark: u32,
    salt: u64,
    restart_at: u64,
}

impl Solver {
    /// The search as it stands, to come back to with [`Solver::restore`].
    pub(crate) fn set_aside(&self) -> Checkpoint {
        Checkpoint {
            board: self.board(),
            visited: self.visited.clone(),
            degree: self.degree.clone(),
            pruning: self.pruning.clone(),
            path: self.path_frames().into(),
            phase: self.phase,
            stats: self.stats,
            watermark: self.watermark,
            salt: self.salt,
            restart_at: self.restart_at,
        }
    }

    /// Puts the search back where it stood when `checkpoint` was set aside, in place: no table
    /// is allocated anew. It keeps [`Solver::deepened_at`], a fact of the run that every replay
    /// finds again.
    ///
    /// Panics if `checkpoint` was taken from a search of another board, or one that keeps no
    /// degrees where this one does or the other way round: the hot loop's unchecked indexing
    /// relies on the path's cells being squares of this board and on every per-cell table
    /// having an entry per cell of its mailbox.
    pub(crate) fn restore(&mut self, checkpoint: &Checkpoint) {
        assert!(
            checkpoint.board == self.board() && checkpoint.degree.len() == self.degree.len(),
            "a checkpoint of another search"
        );
        self.visited.copy_from_slice(&checkpoint.visited);
        self.degree.copy_from_slice(&checkpoint.degree);
        self.pruning.clone_from(&checkpoint.pruning);
        // The frames above the path are written before they are read, bar the order word of
        // textbook frames, the same in every frame, which no restore changes.
        self.stack[..checkpoint.path.len()].copy_from_slice(&checkpoint.path);
        self.depth = checkpoint.path.len() as u32;
        self.phase = checkpoint.phase;
        self.stats = checkpoint.stats;
        self.watermark = checkpoint.watermark;
        self.salt = checkpoint.salt;
        self.restart_at = checkpoint.restart_at;
    }

    /// Roughly the most bytes a checkpoint of this search takes: the per-cell tables, a stack
    /// as deep as the board and the pruning rules' scratch space.
    pub(crate) fn footprint(&self) -> usize {
        let cells = self.visited.len();
        let squares = self.board().len() as usize;
        2 * cells + 16 * squares + self.pruning.as_ref().map_or(0, Pruning::footprint) + 256
    }
}

#[cfg(test)]
mod tests {
    use crate::{Board, Event, Heuristic, Options, Solver};

    fn state(solver: &Solver) -> impl PartialEq + std::fmt::Debug {
        (solver.path().collect::<Vec<_>>(), solver.stats(), solver.outcome(), solver.events_so_far())
    }

    /// Events before the checkpoint and after it; fewer under Miri, which interprets each.
    const BEFORE: usize = if cfg!(miri) { 40 } else { 700 };
    const AFTER: usize = if cfg!(miri) { 60 } else { 2_000 };

    #[test]
    fn a_restored_search_goes_on_as_it_did_from_the_checkpoint() {
        let board = Board::new(6, 6).unwrap();
        let random = Options { heuristic: Heuristic::Random, restarts: 3, seed: 11, ..Options::default() };
        for options in [
            Options { heuristic: Heuristic::Fixed, ..Options::default() },
            Options { heuristic: Heuristic::Warnsdorff, prune: true, closed: true, ..Options::default() },
            Options { backtracking: false, ..random },
            random,
            Options::default(),
        ] {
            let mut solver = Solver::new(board, board.square(0, 1), options).unwrap();
            for _ in solver.events().take(BEFORE) {}
            let checkpoint = solver.set_aside();
            let before = state(&solver);
            let onwards: Vec<Event> = solver.events().take(AFTER).collect();
            solver.restore(&checkpoint);
            assert_eq!(state(&solver), before, "{options:?}");
            let again: Vec<Event> = solver.events().take(AFTER).collect();
            assert_eq!(again, onwards, "{options:?}");
        }
    }

    #[test]
    #[should_panic(expected = "a checkpoint of another search")]
    fn a_checkpoint_of_another_board_is_refused() {
        let fixed = Options { heuristic: Heuristic::Fixed, ..Options::default() };
        let small = Board::new(5, 5).unwrap();
        let large = Board::new(8, 8).unwrap();
        let checkpoint = Solver::new(small, small.square(0, 0), fixed).unwrap().set_aside();
        Solver::new(large, large.square(0, 0), fixed).unwrap().restore(&checkpoint);
    }
}
