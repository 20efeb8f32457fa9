//! Properties of every run, on random boards, starts and options: whatever the solver reports is
//! true, its events tell the same story as its state, and it never does the same thing twice
//! differently.

// proptest needs an entropy source that wasm32-unknown-unknown lacks.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{assert_tour, board};
use knights_tour::board::existence;
use knights_tour::{
    Board, CandidateState, Event, Heuristic, Options, Outcome, Solver, Square, Timeline, Verdict,
};
use proptest::prelude::*;

fn options() -> impl Strategy<Value = Options> {
    (
        proptest::sample::select(Heuristic::ALL.to_vec()),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<u64>(),
        0u32..4,
        1u64..20_000,
        any::<bool>(),
    )
        .prop_map(|(heuristic, backtracking, closed, prune, seed, restarts, budget, theorems)| Options {
            heuristic,
            backtracking,
            closed,
            prune,
            seed,
            restarts: if heuristic == Heuristic::Random { restarts } else { 0 },
            budget: Some(budget),
            theorems,
        })
}

/// A run: board size, start (as an index to reduce modulo the board) and options.
fn runs(max_side: u32) -> impl Strategy<Value = (u32, u32, u32, Options)> {
    (1..=max_side, 1..=max_side, any::<u32>(), options())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_reported_tour_is_a_real_tour_and_the_events_replay_to_the_state(
        (rows, cols, start, options) in runs(9)
    ) {
        let b = board(rows, cols);
        let start = Square(start % b.len());
        let mut solver = Solver::new(b, start, options).unwrap();
        let mut path: Vec<Square> = Vec::new();
        let (mut placed, mut removed, mut restarts) = (0u64, 0u64, 0u32);
        let mut outcome = None;
        for event in solver.by_ref() {
            match event {
                Event::Placed { square, index } => {
                    prop_assert_eq!(index as usize, path.len());
                    prop_assert!(!path.contains(&square));
                    if let Some(&last) = path.last() {
                        prop_assert!(b.is_knight_move(last, square));
                    } else {
                        prop_assert_eq!(square, start);
                    }
                    path.push(square);
                    placed += 1;
                }
                Event::Removed { square, index } => {
                    prop_assert_eq!(path.pop(), Some(square));
                    prop_assert_eq!(index as usize, path.len());
                    prop_assert!(!path.is_empty(), "the start is never taken back");
                    removed += 1;
                }
                Event::Restarted { attempt } => {
                    restarts += 1;
                    prop_assert_eq!(attempt, restarts, "attempts count up from 1");
                    prop_assert!(restarts <= options.restarts);
                    path.truncate(1);
                }
                Event::Finished(end) => outcome = Some(end),
            }
        }
        let outcome = outcome.expect("every run finishes");
        prop_assert_eq!(solver.outcome(), Some(outcome));
        prop_assert_eq!(&path, &solver.path().collect::<Vec<_>>());
        let stats = solver.stats();
        prop_assert_eq!((stats.placements, stats.backtracks, stats.restarts), (placed, removed, restarts));
        prop_assert!(stats.placements <= options.budget.unwrap());

        let verdict = existence::tour(b, start, options.closed);
        match outcome {
            Outcome::Tour | Outcome::ClosedTour => {
                assert_tour(b, start, &path, outcome == Outcome::ClosedTour);
                prop_assert!(!options.closed || outcome == Outcome::ClosedTour);
                prop_assert!(matches!(verdict, Verdict::Yes(_)), "found a tour the rules forbid");
            }
            Outcome::Impossible(reason) => {
                prop_assert!(options.theorems);
                prop_assert_eq!(verdict, Verdict::No(reason));
            }
            Outcome::NoTour => {
                prop_assert!(options.backtracking);
                prop_assert!(matches!(verdict, Verdict::No(_)), "exhausted a board the rules tour");
            }
            Outcome::DeadEnd => {
                prop_assert!(!options.backtracking);
                prop_assert!(path.len() < b.len() as usize, "a dead end with every square visited");
            }
            Outcome::Unclosed => {
                prop_assert!(!options.backtracking && options.closed);
                prop_assert_eq!(path.len(), b.len() as usize);
                prop_assert!(!b.is_knight_move(path[path.len() - 1], start));
                assert_tour(b, start, &path, false);
            }
            Outcome::Budget => prop_assert_eq!(stats.placements, options.budget.unwrap()),
        }
        if let (Verdict::No(_), true) = (verdict, options.theorems) {
            prop_assert!(matches!(outcome, Outcome::Impossible(_)));
        }
    }

    #[test]
    fn the_same_options_give_the_same_events_however_the_run_is_driven(
        (rows, cols, start, options) in runs(8),
        pause in 0u64..2_000,
    ) {
        let b = board(rows, cols);
        let start = Square(start % b.len());
        let fresh = || Solver::new(b, start, options).unwrap();
        let whole: Vec<Event> = fresh().collect();
        // With another search stepped between each two of its events: nothing is shared.
        let mut other = Solver::new(b, Square(0), Options { seed: !options.seed, ..options }).unwrap();
        let mut solver = fresh();
        let interleaved: Vec<Event> = std::iter::from_fn(|| {
            other.next();
            solver.next()
        })
        .collect();
        prop_assert_eq!(&interleaved, &whole);
        // Run to the end, sent back to the pause (steps undone, or a replay from a checkpoint)
        // and run again: the same events from there.
        let mut timeline = Timeline::new(fresh());
        timeline.run(u64::MAX);
        let pause = pause.min(timeline.position());
        timeline.seek(pause);
        prop_assert_eq!(timeline.position(), pause);
        let mut again = Vec::new();
        timeline.advance(u64::MAX, |event| again.push(event));
        prop_assert_eq!(&again[..], &whole[pause as usize..]);
    }

    #[test]
    fn batches_of_any_size_make_the_same_steps_as_single_steps(
        (rows, cols, start, options) in runs(8),
        sizes in proptest::collection::vec(1usize..300, 1..20),
    ) {
        let b = board(rows, cols);
        let start = Square(start % b.len());
        let single: Vec<Event> = Solver::new(b, start, options).unwrap().collect();
        let mut solver = Solver::new(b, start, options).unwrap();
        let mut batched = Vec::new();
        for size in sizes.iter().cycle() {
            let before = batched.len();
            batched.extend(solver.events().take(*size));
            // Between batches the solver's own view must be current.
            prop_assert_eq!(solver.depth() as usize, solver.path().count());
            if batched.len() == before {
                break;
            }
        }
        prop_assert_eq!(&single, &batched);
        let tour_like = single.iter().filter(|e| matches!(e, Event::Placed { .. })).count() as u64;
        prop_assert_eq!(solver.stats().placements, tour_like);
    }

    #[test]
    fn the_next_candidate_is_the_next_move_and_candidates_come_in_key_order(
        (rows, cols, start, options) in runs(8),
        pause in 0usize..400,
    ) {
        let b = board(rows, cols);
        let start = Square(start % b.len());
        let mut solver = Solver::new(b, start, options).unwrap();
        for _ in solver.by_ref().take(pause) {}
        let Some(current) = solver.path().last() else { return Ok(()) };
        let candidates: Vec<_> = solver.candidates().collect();
        for candidate in &candidates {
            prop_assert!(b.is_knight_move(current, candidate.square));
            prop_assert!(!solver.is_visited(candidate.square));
        }
        let mut states = candidates.iter().map(|c| c.state);
        prop_assert!(states.by_ref().skip_while(|s| *s == CandidateState::Tried).all(|s| s != CandidateState::Tried));
        if options.heuristic != Heuristic::Fixed {
            let degrees: Vec<u32> = candidates.iter().map(|c| c.key.degree).collect();
            prop_assert!(degrees.windows(2).all(|w| w[0] <= w[1]), "degrees out of order: {:?}", degrees);
        }
        let next = candidates.iter().find(|c| c.state == CandidateState::Next).map(|c| c.square);
        if let (Some(next), Some(Event::Placed { square, .. })) = (next, solver.next()) {
            prop_assert_eq!(square, next);
        }
    }
}

/// Every tour a search lists, in order, or `None` if it ran out of budget first.
fn tours_within_budget(b: Board, start: Square, options: Options) -> Option<Vec<Vec<Square>>> {
    let mut solver = Solver::new(b, start, options).unwrap();
    let tours = solver.tours().collect();
    (solver.outcome() != Some(Outcome::Budget)).then_some(tours)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    // The pruning rules may only skip subtrees without tours, and keep the order of the moves
    // they keep: with any heuristic, on any board small enough to exhaust, the pruned search
    // lists exactly the tours the plain one does, in the same order.
    #[test]
    fn a_pruned_search_lists_exactly_the_tours_of_the_plain_one(
        rows in 1u32..=5,
        cols in 1u32..=7,
        start in any::<u32>(),
        heuristic in proptest::sample::select(Heuristic::SEARCHES.to_vec()),
        closed in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let b = board(rows, cols);
        let start = Square(start % b.len());
        let plain =
            Options { heuristic, closed, seed, theorems: false, budget: Some(300_000), ..Options::default() };
        let Some(tours) = tours_within_budget(b, start, plain) else { return Ok(()) };
        let pruned = Options { prune: true, budget: None, ..plain };
        prop_assert_eq!(Some(tours), tours_within_budget(b, start, pruned));
    }
}

#[test]
fn roth_tours_large_boards_without_a_single_backtrack() {
    for (rows, cols) in [(50, 50), (64, 100), (200, 200)] {
        let b = board(rows, cols);
        let options = Options { heuristic: Heuristic::Roth, ..Options::default() };
        let (outcome, path, solver) = common::solve(b, b.square(0, 0), options);
        assert!(outcome.is_tour(), "{rows}x{cols}: {outcome:?}");
        assert_tour(b, b.square(0, 0), &path, false);
        assert_eq!(solver.stats().backtracks, 0, "{rows}x{cols}");
    }
}
