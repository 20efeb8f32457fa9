//! Every claim of the existence theorems, checked against search on boards small enough for an
//! exhaustive one: a "no" must survive a search that tries everything, a "yes" must be backed by
//! a tour the search actually finds.

mod common;

use common::{assert_tour, board, solve};
use knights_tour::existence::{closed_tour, open_tour};
use knights_tour::{Board, Heuristic, Options, Outcome, Square, Verdict};

/// Boards up to this many squares are searched exhaustively; the slowest, 4x8 for a closed
/// tour, takes about 0.1 s.
const EXHAUSTIVE_SQUARES: u32 = 32;

fn boards(max_squares: u32) -> impl Iterator<Item = Board> {
    (1..=max_squares).flat_map(move |rows| (1..=max_squares / rows).map(move |cols| board(rows, cols)))
}

/// Tries everything: no theorems, no move ordering, only pruning (which is checked to keep
/// every tour in tests/counts.rs).
fn exhaustive(closed: bool) -> Options {
    Options { heuristic: Heuristic::Fixed, prune: true, closed, theorems: false, ..Options::default() }
}

/// Finds a tour fast where one is known to exist.
fn finder(closed: bool) -> Options {
    Options {
        heuristic: Heuristic::Roth,
        prune: true,
        closed,
        theorems: false,
        budget: Some(5_000_000),
        ..Options::default()
    }
}

fn check(b: Board, start: Square, verdict: Verdict, closed: bool) {
    let what = format!("{b} from {}, closed {closed}: {verdict}", b.name(start));
    match verdict {
        Verdict::No(_) => {
            let (outcome, _, _) = solve(b, start, exhaustive(closed));
            assert_eq!(outcome, Outcome::NoTour, "{what}");
        }
        Verdict::Yes(_) => {
            let (outcome, path, _) = solve(b, start, finder(closed));
            assert!(outcome.is_tour(), "{what}, but the search ended with {outcome:?}");
            assert_tour(b, start, &path, closed);
        }
        Verdict::Unknown => {}
    }
}

#[test]
fn every_open_tour_verdict_on_small_boards_agrees_with_exhaustive_search() {
    for b in boards(EXHAUSTIVE_SQUARES) {
        for start in b.squares() {
            check(b, start, open_tour(b, start), false);
        }
    }
}

#[test]
fn every_closed_tour_verdict_on_small_boards_agrees_with_exhaustive_search() {
    for b in boards(EXHAUSTIVE_SQUARES) {
        check(b, b.square(0, 0), closed_tour(b), true);
    }
}

#[test]
fn schwenks_closed_tours_are_found_on_every_board_up_to_twelve_by_twelve() {
    for rows in 1..=12 {
        for cols in 1..=12 {
            let b = board(rows, cols);
            if let verdict @ Verdict::Yes(_) = closed_tour(b) {
                check(b, b.square(rows / 2, cols / 3), verdict, true);
            }
        }
    }
}

#[test]
fn the_theorems_decide_before_any_search() {
    let b = board(4, 4);
    let (outcome, path, solver) = solve(b, b.square(0, 0), Options::default());
    assert!(matches!(outcome, Outcome::Impossible(_)));
    assert!(path.is_empty());
    assert_eq!(solver.stats().placements, 0);
    let b = board(5, 5);
    assert!(matches!(solve(b, b.square(0, 1), Options::default()).0, Outcome::Impossible(_)));
}

#[test]
fn reasons_name_the_board_and_the_argument() {
    let b = board(5, 5);
    let Verdict::No(reason) = open_tour(b, b.square(4, 1)) else { panic!("b1 on 5x5 has no tour") };
    let text = reason.to_string();
    assert!(text.contains("5x5") && text.contains("colour"), "{text}");
    let Verdict::No(reason) = closed_tour(board(3, 8)) else { panic!("3x8 has no closed tour") };
    assert!(reason.to_string().contains("Schwenk"));
    assert_eq!(open_tour(board(5, 5), Square(0)), Verdict::Unknown);
    assert!(matches!(open_tour(board(8, 8), Square(9)), Verdict::Yes(_)));
}
