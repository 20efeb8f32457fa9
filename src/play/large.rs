//! The completion search on boards too large for a word: the solver itself, started from the
//! player's path with Roth's rule and pruning, which tours the largest boards without a
//! backtrack; and before the first move, the tour divide and conquer builds at once.

use crate::board::{Board, Square};
use crate::divide::construct;
use crate::search::event::Outcome;
use crate::search::heuristic::Heuristic;
use crate::search::options::Options;
use crate::search::solver::Solver;

use super::search::CompletionState;

pub(crate) struct Large {
    board: Board,
    closed: bool,
    search: Option<Solver>,
    /// A tour built before the first move, from the start.
    built: Option<Vec<Square>>,
    /// The path the search began from: its completion follows.
    from: usize,
}

impl Large {
    pub fn new(board: Board, closed: bool) -> Large {
        Large { board, closed, search: None, built: None, from: 0 }
    }

    /// Starts over from `path`, which no rule dooms and which leaves a square free.
    pub fn begin(&mut self, path: &[Square]) {
        self.from = path.len();
        self.built = None;
        if path.len() == 1 {
            self.built = construct(self.board, path[0], self.closed).map(|tour| tour.path);
            if self.built.is_some() {
                self.search = None;
                return;
            }
        }
        let options =
            Options { heuristic: Heuristic::Roth, prune: true, closed: self.closed, ..Options::default() };
        self.search = Some(Solver::continuing(self.board, path, options).expect("the options are valid"));
    }

    pub fn think(&mut self, budget: u64) -> CompletionState {
        let Some(search) = &mut self.search else {
            return if self.built.is_some() { CompletionState::Found } else { CompletionState::Exhausted };
        };
        if search.outcome().is_none() {
            search.run(budget);
        }
        match search.outcome() {
            None => CompletionState::Thinking,
            Some(outcome) if outcome.is_tour() => CompletionState::Found,
            Some(Outcome::NoTour) => CompletionState::Exhausted,
            Some(other) => unreachable!("a backtracking search without a budget ended with {other:?}"),
        }
    }

    /// The squares after the path begun from, once [`CompletionState::Found`].
    pub fn completion(&self) -> Vec<Square> {
        match (&self.built, &self.search) {
            (Some(tour), _) => tour[self.from..].to_vec(),
            (None, Some(search)) => search.path_from(self.from).collect(),
            (None, None) => Vec::new(),
        }
    }
}
