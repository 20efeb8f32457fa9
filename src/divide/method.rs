//! What a run's heuristic means for its solver, decided here once. Every heuristic but divide
//! searches, ordering the moves its own way. Divide builds a tour by divide and conquer
//! ([`crate::divide`]) and walks it; where it has nothing to build (a board and start
//! without a tour, with the theorems off) it searches instead, by Roth's rule with pruning, so
//! that the search still ends soon: pruning exhausts the small boards that have no tour.
//!
//! The builder tours its tiles with the search, so it stands above the solver, and this choice
//! above both.

use crate::board::{Board, Square};
use crate::divide::{construct, Construction};
use crate::search::heuristic::Heuristic;
use crate::search::options::Options;
use crate::search::solver::{Solver, SolverError};

/// How divide searches where it has no tour to build.
const DIVIDE_SEARCHES_BY: Heuristic = Heuristic::Roth;

impl Solver {
    /// The solver for a run of `options` on `board` from `start`: a search, or for
    /// [`Heuristic::Divide`] the walk of a built tour where there is one to build. Refuses
    /// options that cannot go together and a start off the board.
    pub fn new(board: Board, start: Square, options: Options) -> Result<Solver, SolverError> {
        Solver::check(board, start, &options)?;
        if options.heuristic != Heuristic::Divide {
            return Solver::search(board, start, options, options.heuristic, options.prune);
        }
        Solver::from_built(board, start, options, construct(board, start, options.closed))
    }

    /// Divide's solver from `built`, what [`construct`] gave for this board, start and options
    /// (made elsewhere: the page builds large boards' tours in a worker, in another instance of
    /// the module, and walks them on its own thread): the walk of the tour, or where none was
    /// built the search divide makes instead.
    pub fn from_built(
        board: Board,
        start: Square,
        options: Options,
        built: Option<Construction>,
    ) -> Result<Solver, SolverError> {
        debug_assert_eq!(options.heuristic, Heuristic::Divide, "only divide builds its tour");
        Solver::check(board, start, &options)?;
        match built {
            Some(tour) => Solver::walk(board, tour, options),
            None => Solver::search(board, start, options, DIVIDE_SEARCHES_BY, true),
        }
    }

    /// A search that goes on from `path`, a knight's path shorter than the board (the start
    /// first), as if it had placed those squares itself: it ends with a tour that begins with
    /// `path`, or with [`crate::Outcome::NoTour`] once every way on has been tried. How play mode
    /// finishes a player's tour on a large board. The theorems are not consulted (they speak of
    /// tours from the start, not of this path), and divide searches as it does where it has
    /// nothing to build: there is no building around a path.
    pub fn continuing(board: Board, path: &[Square], options: Options) -> Result<Solver, SolverError> {
        let start = *path.first().expect("a path");
        let options = Options { theorems: false, ..options };
        Solver::check(board, start, &options)?;
        let mut solver = if options.heuristic == Heuristic::Divide {
            Solver::search(board, start, options, DIVIDE_SEARCHES_BY, true)?
        } else {
            Solver::search(board, start, options, options.heuristic, options.prune)?
        };
        solver.place_path(path);
        Ok(solver)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_walks_a_built_tour_and_searches_only_where_there_is_none() {
        let board = Board::new(6, 6).unwrap();
        let mut walked = Solver::new(board, board.square(0, 0), Options::default()).unwrap();
        assert!(walked.construction().is_some());
        walked.next();
        assert_eq!(walked.outlook(), None, "a walk prunes nothing");
        // 4x4 has no tour: with the theorems off there is nothing to build, and a pruned search
        // finds that out.
        let board = Board::new(4, 4).unwrap();
        let options = Options { theorems: false, ..Options::default() };
        let mut searched = Solver::new(board, board.square(0, 0), options).unwrap();
        assert!(searched.construction().is_none());
        assert_eq!(searched.tours().count(), 0);
        assert_eq!(searched.outcome(), Some(crate::Outcome::NoTour));
        assert_eq!(searched.options().heuristic, Heuristic::Divide, "the run says what was asked");
    }

    #[test]
    fn a_tour_built_elsewhere_is_walked_as_one_built_here() {
        let board = Board::new(12, 10).unwrap();
        let start = board.square(3, 4);
        let options = Options::default();
        let mut elsewhere =
            Solver::from_built(board, start, options, construct(board, start, false)).unwrap();
        let mut here = Solver::new(board, start, options).unwrap();
        let events = |solver: &mut Solver| solver.events().take(1000).collect::<Vec<_>>();
        assert_eq!(events(&mut elsewhere), events(&mut here));
        assert!(elsewhere.outcome().is_some_and(|outcome| outcome.is_tour()), "{:?}", elsewhere.outcome());
    }
}
