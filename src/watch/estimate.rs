//! How big is the whole search tree? Knuth's estimate (D. E. Knuth, "Estimating the efficiency of
//! backtrack programs", Mathematics of Computation 29, 1975): walk one random path down the tree,
//! choosing each move uniformly among the moves the search would try there; if the squares on it
//! offer d₁, d₂, … moves, then 1 + d₁ + d₁d₂ + d₁d₂d₃ + … is an unbiased estimate of the number of
//! placements an exhaustive search makes. The mean of many such probes is the estimate. It is
//! the lesson's number: why a plain backtracking search is hopeless on some boards, whatever the
//! speed of the machine, while the first tour may still come at once.

use crate::search::event::Event;
use crate::search::heuristic::mix;
use crate::search::solver::Solver;

/// Knuth's estimate of a search tree's size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TreeSize {
    /// The estimated number of placements of a search that tries everything (infinite if it
    /// exceeds what a float holds).
    pub placements: f64,
    /// How many random paths the estimate averages.
    pub probes: u32,
}

impl TreeSize {
    /// The events of such a search: each placement, its take-back, and the end.
    pub fn events(&self) -> f64 {
        2.0 * self.placements
    }
}

impl Solver {
    /// Knuth's estimate of the size of this search's tree, from up to `probes` random paths
    /// (reproducible from `seed`) of at most `max_steps` placements in all: a large board gets
    /// fewer, longer probes. Asked of a search that has not begun, which the probes walk (so it
    /// is taken, not copied: a large board's is megabytes); `None` for one that does not
    /// backtrack, or builds its tour (it has no tree), or is impossible from the start.
    pub fn estimate_tree(self, probes: u32, seed: u64, max_steps: u64) -> Option<TreeSize> {
        if !self.options().backtracking || self.construction().is_some() || self.events_so_far() > 0 {
            return None;
        }
        let mut probe = self;
        if !matches!(probe.next(), Some(Event::Placed { .. })) {
            return None;
        }
        let (mut sum, mut made, mut steps) = (0.0, 0, 0);
        while made < probes.max(1) && (made == 0 || steps < max_steps) {
            let mut draw = mix(seed ^ mix(u64::from(made)));
            let (mut nodes, mut product) = (1.0, 1.0);
            loop {
                let moves = probe.moves_left();
                if moves == 0 {
                    break;
                }
                product *= f64::from(moves);
                nodes += product;
                draw = mix(draw);
                probe.place_out_of_turn((draw % u64::from(moves)) as u32);
                steps += 1;
            }
            sum += nodes;
            made += 1;
            // Back to the start for the next probe, in place: no copy of the board.
            while probe.depth() > 1 {
                probe.undo();
            }
        }
        Some(TreeSize { placements: sum / f64::from(made), probes: made })
    }
}

#[cfg(test)]
mod tests {
    use crate::{Board, Heuristic, Options, Solver};

    fn fixed(rows: u32, cols: u32, start: (u32, u32), options: Options) -> Solver {
        let board = Board::new(rows, cols).unwrap();
        Solver::new(board, board.square(start.0, start.1), Options { heuristic: Heuristic::Fixed, ..options })
            .unwrap()
    }

    /// The placements of a search that tries everything: counted by running it, resuming past
    /// each tour.
    fn exhaustive(mut solver: Solver) -> u64 {
        solver.tours().for_each(drop);
        solver.stats().placements
    }

    #[test]
    fn the_mean_of_many_probes_comes_close_to_the_tree_counted_in_full() {
        for (rows, cols, start) in [(5, 5, (0, 0)), (5, 5, (2, 2)), (3, 8, (0, 0))] {
            let solver = fixed(rows, cols, start, Options::default());
            let counted = exhaustive(solver.clone()) as f64;
            let estimate = solver.estimate_tree(20_000, 1, u64::MAX).unwrap();
            assert_eq!(estimate.probes, 20_000);
            let ratio = estimate.placements / counted;
            assert!((0.9..1.1).contains(&ratio), "{rows}x{cols} from {start:?}: {estimate:?} for {counted}");
        }
    }

    #[test]
    fn pruning_makes_the_tree_smaller() {
        let plain = fixed(6, 6, (0, 0), Options::default()).estimate_tree(2_000, 3, u64::MAX).unwrap();
        let pruned = fixed(6, 6, (0, 0), Options { prune: true, ..Options::default() });
        let pruned = pruned.estimate_tree(2_000, 3, u64::MAX).unwrap();
        assert!(pruned.placements * 10.0 < plain.placements, "{pruned:?} against {plain:?}");
    }

    #[test]
    fn the_8x8_tree_is_astronomical_and_probes_stay_within_their_steps() {
        let solver = fixed(8, 8, (0, 0), Options::default());
        let estimate = solver.clone().estimate_tree(1_000, 7, u64::MAX).unwrap();
        assert!(estimate.placements > 1e12, "{estimate:?}");
        let few = solver.estimate_tree(1_000_000, 7, 5_000).unwrap();
        assert!(few.probes < 200, "5,000 placements of probes 64 deep at most: {few:?}");
    }

    #[test]
    fn a_search_without_a_tree_has_no_estimate() {
        let board = Board::new(8, 8).unwrap();
        let greedy = Options { heuristic: Heuristic::Warnsdorff, backtracking: false, ..Options::default() };
        assert!(Solver::new(board, board.square(0, 0), greedy).unwrap().estimate_tree(10, 0, 100).is_none());
        let divide = Solver::new(board, board.square(0, 0), Options::default()).unwrap();
        assert!(divide.estimate_tree(10, 0, 100).is_none());
        let mut begun = fixed(8, 8, (0, 0), Options::default());
        begun.next();
        assert!(begun.estimate_tree(10, 0, 100).is_none());
    }
}
