//! The solver's behaviour, option by option.

mod common;

use common::{assert_tour, board, solve};
use knights_tour::{CandidateState, Event, Heuristic, Options, OptionsError, Outcome, Solver, SolverError};

#[test]
fn the_first_event_places_the_start_as_move_zero() {
    let b = board(6, 6);
    let mut solver = Solver::new(b, b.square(2, 3), Options::default()).unwrap();
    assert_eq!(solver.next(), Some(Event::Placed { square: b.square(2, 3), index: 0 }));
    assert_eq!(solver.depth(), 1);
}

#[test]
fn a_single_square_is_a_tour() {
    let b = board(1, 1);
    let events: Vec<Event> = Solver::new(b, b.square(0, 0), Options::default()).unwrap().collect();
    assert_eq!(events, [Event::Placed { square: b.square(0, 0), index: 0 }, Event::Finished(Outcome::Tour)]);
}

#[test]
fn after_the_finish_the_solver_stays_finished() {
    let b = board(5, 5);
    let mut solver = Solver::new(b, b.square(0, 0), Options::default()).unwrap();
    assert!(common::finish(&mut solver).is_tour());
    assert_eq!(solver.next(), None);
    assert_eq!(solver.next(), None);
}

#[test]
fn warnsdorff_tours_eight_by_eight_without_backtracking() {
    let b = board(8, 8);
    for heuristic in [Heuristic::Warnsdorff, Heuristic::Roth, Heuristic::Pohl] {
        let options = Options { heuristic, backtracking: false, ..Options::default() };
        let (outcome, path, solver) = solve(b, b.square(7, 0), options);
        assert!(outcome.is_tour(), "{heuristic}");
        assert_tour(b, b.square(7, 0), &path, false);
        assert_eq!(solver.stats().placements, 64);
    }
}

#[test]
fn a_greedy_walk_stops_at_its_first_dead_end() {
    let b = board(8, 8);
    let options = Options { heuristic: Heuristic::Fixed, backtracking: false, ..Options::default() };
    let (outcome, path, solver) = solve(b, b.square(0, 0), options);
    assert_eq!(outcome, Outcome::DeadEnd);
    assert_eq!(solver.stats().backtracks, 0);
    assert_eq!(solver.stats().placements as usize, path.len());
    let last = *path.last().unwrap();
    assert!(b.knight_moves(last).all(|to| solver.is_visited(to)), "a dead end has no free move");
}

#[test]
fn a_greedy_walk_for_a_closed_tour_that_covers_the_board_and_does_not_close_says_so() {
    // Warnsdorff's rule covers 8x8 from b1 without closing: every square visited, the ends not a
    // knight's move apart. That is no dead end: the walk had nowhere left to go, not nowhere on.
    let b = board(8, 8);
    let options =
        Options { heuristic: Heuristic::Warnsdorff, backtracking: false, closed: true, ..Options::default() };
    let (outcome, path, _) = solve(b, b.parse_square("b1").unwrap(), options);
    assert_eq!(outcome, Outcome::Unclosed);
    assert_eq!(path.len(), 64);
    assert!(!b.is_knight_move(path[63], path[0]));
    assert_tour(b, path[0], &path, false);
    assert!(!outcome.is_tour(), "not the closed tour asked for");
    // Without Closed tour the same walk is an open tour.
    let open = Options { closed: false, ..options };
    assert_eq!(solve(b, b.parse_square("b1").unwrap(), open).0, Outcome::Tour);
}

#[test]
fn restarts_draw_fresh_ties_until_a_greedy_walk_closes() {
    // Warnsdorff's greedy search rarely closes by luck; random restarts are the classic remedy.
    let b = board(8, 8);
    let options = Options {
        heuristic: Heuristic::Random,
        backtracking: false,
        closed: true,
        restarts: 1_000,
        seed: 7,
        ..Options::default()
    };
    let mut solver = Solver::new(b, b.square(0, 0), options).unwrap();
    let restarts = solver.by_ref().filter(|e| matches!(e, Event::Restarted { .. })).count();
    assert_eq!(solver.outcome(), Some(Outcome::ClosedTour));
    assert!(restarts > 0, "seed 7 needs at least one restart");
    assert_eq!(solver.stats().restarts as usize, restarts);
    assert_tour(b, b.square(0, 0), &solver.path().collect::<Vec<_>>(), true);
}

// Random ties make backtracking heavy-tailed: from 0,7 of 4x15, seed 2 is still searching after 5
// million placements, while fresh ties after a cutoff find a tour in about a thousand.
#[test]
fn restarts_rescue_a_backtracking_search_lost_in_a_dead_region() {
    let b = board(4, 15);
    let options = Options {
        heuristic: Heuristic::Random,
        prune: true,
        seed: 2,
        budget: Some(5_000_000),
        ..Options::default()
    };
    let (outcome, _, solver) = solve(b, b.square(0, 7), options);
    assert_eq!(outcome, Outcome::Budget);
    assert_eq!(solver.stats().restarts, 0);

    let mut solver = Solver::new(b, b.square(0, 7), Options { restarts: 20, ..options }).unwrap();
    let restarts: Vec<Event> = solver.by_ref().filter(|e| matches!(e, Event::Restarted { .. })).collect();
    assert!(solver.outcome().is_some_and(Outcome::is_tour), "{:?}", solver.outcome());
    assert_tour(b, b.square(0, 7), &solver.path().collect::<Vec<_>>(), false);
    assert!(!restarts.is_empty() && solver.stats().placements < 10_000, "{:?}", solver.stats());
    let attempts: Vec<u32> = (1..=restarts.len() as u32).collect();
    assert_eq!(restarts, attempts.iter().map(|&attempt| Event::Restarted { attempt }).collect::<Vec<_>>());
}

// Without pruning, every search of 4x4 from a corner takes back 2,222 squares before it knows
// there is no tour, whatever the order: more than the first two attempts' 1,024 each.
#[test]
fn after_its_restarts_a_backtracking_search_runs_to_the_end() {
    let b = board(4, 4);
    let options =
        Options { heuristic: Heuristic::Random, restarts: 2, theorems: false, ..Options::default() };
    let mut solver = Solver::new(b, b.square(0, 0), options).unwrap();
    let events: Vec<Event> =
        solver.by_ref().filter(|e| !matches!(e, Event::Placed { .. } | Event::Removed { .. })).collect();
    assert_eq!(
        events,
        [Event::Restarted { attempt: 1 }, Event::Restarted { attempt: 2 }, Event::Finished(Outcome::NoTour)]
    );
    assert_eq!(solver.stats().backtracks, 1_024 + 1_024 + 2_222);
    assert_eq!(solver.path().collect::<Vec<_>>(), [b.square(0, 0)], "the start stays placed");
}

#[test]
fn different_seeds_give_different_random_walks() {
    let b = board(12, 12);
    let walk = |seed| {
        let options = Options { heuristic: Heuristic::Random, seed, ..Options::default() };
        solve(b, b.square(0, 0), options).1
    };
    assert_eq!(walk(1), walk(1));
    assert_ne!(walk(1), walk(2));
}

#[test]
fn a_budget_stops_the_search_at_exactly_that_many_placements() {
    let b = board(8, 8);
    let options = Options { heuristic: Heuristic::Fixed, budget: Some(1_000), ..Options::default() };
    let (outcome, _, solver) = solve(b, b.square(0, 0), options);
    assert_eq!(outcome, Outcome::Budget);
    assert_eq!(solver.stats().placements, 1_000);
}

#[test]
fn a_closed_search_only_accepts_closed_tours() {
    for (rows, cols) in [(6, 6), (8, 8), (5, 6), (3, 10)] {
        let b = board(rows, cols);
        let options = Options { heuristic: Heuristic::Roth, closed: true, prune: true, ..Options::default() };
        let (outcome, path, _) = solve(b, b.square(0, 0), options);
        assert_eq!(outcome, Outcome::ClosedTour, "{b}");
        assert_tour(b, b.square(0, 0), &path, true);
    }
}

#[test]
fn pruning_cuts_the_fixed_order_search_without_changing_its_tour() {
    let b = board(6, 6);
    let plain = Options { heuristic: Heuristic::Fixed, ..Options::default() };
    let pruned = Options { prune: true, ..plain };
    let (_, plain_path, plain_solver) = solve(b, b.square(0, 0), plain);
    let (_, pruned_path, pruned_solver) = solve(b, b.square(0, 0), pruned);
    // Pruning only skips subtrees without tours, so the first tour in textbook order is the same.
    assert_eq!(plain_path, pruned_path);
    assert!(pruned_solver.stats().placements * 10 < plain_solver.stats().placements);
}

// Squares with one way in and out that the knight has left behind, and boards cut in two, are
// what make these searches long: rules that only looked next to the knight took 80,247,150
// placements on the first and the plain fixed order takes 8,250,733 on the second.
#[test]
fn pruning_settles_searches_that_otherwise_take_millions_of_placements() {
    let cases =
        [(board(5, 8), (1, 1), Heuristic::Roth, 1_000_000), (board(8, 8), (0, 0), Heuristic::Fixed, 1_000)];
    for (b, (row, col), heuristic, most) in cases {
        let options = Options { heuristic, prune: true, ..Options::default() };
        let (outcome, path, solver) = solve(b, b.square(row, col), options);
        assert!(outcome.is_tour(), "{b}: {outcome:?}");
        assert_tour(b, b.square(row, col), &path, false);
        assert!(solver.stats().placements < most, "{b}: {} placements", solver.stats().placements);
    }
}

#[test]
fn an_exhausted_search_leaves_the_start_and_says_no_tour() {
    let b = board(4, 4);
    let options = Options { heuristic: Heuristic::Roth, theorems: false, ..Options::default() };
    let (outcome, path, solver) = solve(b, b.square(0, 0), options);
    assert_eq!(outcome, Outcome::NoTour);
    assert_eq!(path, [b.square(0, 0)]);
    assert_eq!(solver.explored_fraction(), 1.0);
    assert_eq!(solver.stats().backtracks + 1, solver.stats().placements);
}

#[test]
fn the_explored_fraction_grows_from_zero_to_one() {
    let b = board(5, 5);
    let options = Options { heuristic: Heuristic::Fixed, theorems: false, ..Options::default() };
    let mut solver = Solver::new(b, b.square(0, 1), options).unwrap();
    let mut last = 0.0;
    let mut step = 0u64;
    while let Some(event) = solver.next() {
        step += 1;
        if step % 97 == 0 || matches!(event, Event::Finished(_)) {
            let fraction = solver.explored_fraction();
            assert!((last..=1.0).contains(&fraction), "{last} then {fraction}");
            last = fraction;
        }
    }
    assert_eq!(last, 1.0);
}

#[test]
fn resuming_after_a_tour_finds_the_next_one() {
    let b = board(5, 5);
    let options = Options { heuristic: Heuristic::Roth, ..Options::default() };
    let mut solver = Solver::new(b, b.square(0, 0), options).unwrap();
    assert!(common::finish(&mut solver).is_tour());
    let first: Vec<_> = solver.path().collect();
    assert!(solver.resume());
    assert!(common::finish(&mut solver).is_tour());
    assert_ne!(first, solver.path().collect::<Vec<_>>());
}

#[test]
fn candidates_explain_the_order_with_their_keys() {
    let b = board(8, 8);
    let options = Options { heuristic: Heuristic::Roth, ..Options::default() };
    let mut solver = Solver::new(b, b.square(0, 0), options).unwrap();
    solver.next();
    let candidates: Vec<_> = solver.candidates().collect();
    // From a corner, b3 (2,1) and c2 (1,2) both have five onward moves; Roth sends the knight to
    // the one farther from the centre, which on a square board is a tie, so textbook order wins.
    assert_eq!(candidates.len(), 2);
    assert_eq!(candidates[0].square, b.square(2, 1));
    assert_eq!(candidates[0].state, CandidateState::Next);
    assert_eq!(candidates[1].state, CandidateState::Later);
    assert_eq!(candidates[0].key.degree, 5);
    assert_eq!(candidates[0].key.tiebreak, candidates[1].key.tiebreak);
    // The fixed order reports degrees too, though it does not use them.
    let mut fixed =
        Solver::new(b, b.square(0, 0), Options { heuristic: Heuristic::Fixed, ..options }).unwrap();
    fixed.next();
    assert!(fixed.candidates().all(|c| c.key.degree == 5 && c.key.tiebreak.is_none()));
}

#[test]
fn conflicting_options_are_refused_with_a_reason() {
    let b = board(8, 8);
    let refuse = |options: Options| Solver::new(b, b.square(0, 0), options).err();
    let greedy = Options { backtracking: false, heuristic: Heuristic::Random, ..Options::default() };
    for backtracking in [true, false] {
        assert_eq!(
            refuse(Options { restarts: 3, heuristic: Heuristic::Warnsdorff, backtracking, ..greedy }),
            Some(SolverError::Options(OptionsError::RestartsNeedRandom))
        );
        assert!(refuse(Options { restarts: 3, backtracking, ..greedy }).is_none());
    }
    assert_eq!(
        refuse(Options { budget: Some(0), ..Options::default() }),
        Some(SolverError::Options(OptionsError::ZeroBudget))
    );
    assert!(Solver::new(b, knights_tour::Square(64), Options::default()).is_err());
}

#[test]
fn divide_walks_its_built_tour_without_a_single_backtrack() {
    for (rows, cols, row, col, closed) in [
        (8, 8, 7, 0, false),
        (5, 8, 1, 1, false),
        (9, 9, 4, 4, false),
        (4, 15, 0, 7, false),
        (12, 14, 3, 5, true),
    ] {
        let b = board(rows, cols);
        let start = b.square(row, col);
        let options = Options { closed, ..Options::default() };
        let mut solver = Solver::new(b, start, options).unwrap();
        let built = solver.construction().expect("divide builds a tour").path.clone();
        let (mut events, mut path) = (0, Vec::new());
        while let Some(event) = solver.next() {
            events += 1;
            if let Event::Placed { square, index } = event {
                // Before each move, the one candidate is the tour's next square.
                let next: Vec<_> = solver.candidates().collect();
                assert!(next.len() <= 1 && next.iter().all(|c| c.state == CandidateState::Next), "{b}");
                assert_eq!(index as usize, path.len());
                path.push(square);
            }
        }
        assert!(solver.outcome().unwrap().is_tour(), "{b}");
        assert_eq!(path, built);
        assert_tour(b, start, &path, closed);
        assert_eq!(solver.stats().backtracks, 0);
        assert_eq!(events, b.len() + 1, "a placement a square, then the finish");
    }
}

#[test]
fn divide_without_the_theorems_searches_where_there_is_nothing_to_build() {
    let b = board(4, 4);
    let options = Options { theorems: false, ..Options::default() };
    let (outcome, _, solver) = solve(b, b.square(0, 0), options);
    assert_eq!(outcome, Outcome::NoTour);
    assert!(solver.construction().is_none());
    assert!(solver.stats().backtracks > 0);
}
