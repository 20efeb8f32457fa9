//! Every verdict of the existence rules, checked against search on every board small enough for
//! an exhaustive one: a "no" must survive a search that tries everything, a "yes" must be backed
//! by a tour the search actually finds.

mod common;

use common::{assert_tour, board, find_tour, representatives, solve};
use knights_tour::board::existence::{closed_tour, open_tour, tour};
use knights_tour::{Board, Colour, Heuristic, Options, Outcome, Proof, Square, Verdict};

/// Every board up to this many squares is checked from every start. The slowest checks are the
/// exhaustive searches from the inner lines of 4x9 and 4x10, a few seconds together with the
/// pruning of src/search/prune.rs.
const EXHAUSTIVE_SQUARES: u32 = 40;

/// The boards up to `max_squares`, one of each shape: a board and its transpose have the same
/// tours, transposed, and tests/existence.rs checks that they get the same verdicts.
fn boards(max_squares: u32) -> impl Iterator<Item = Board> {
    (1..=max_squares).flat_map(move |rows| (rows..=max_squares / rows).map(move |cols| board(rows, cols)))
}

/// Tries everything: no theorems, no move ordering, only pruning (which is checked to keep
/// every tour in tests/counts.rs).
fn exhaustive(closed: bool) -> Options {
    Options { heuristic: Heuristic::Fixed, prune: true, closed, theorems: false, ..Options::default() }
}

/// A start of the minority colour on a board with an odd number of squares. A tour alternates
/// colours, so on an odd board its first and last squares share the colour it visits once more
/// than the other, which is the majority: the corners'. That is a proof by counting, and
/// searching 5x7 or 3x13 exhaustively from such squares (about 20 s and 10 s) adds nothing.
fn ruled_out_by_counting(b: Board, start: Square) -> bool {
    b.len() % 2 == 1 && b.colour(start) == Colour::Other
}

fn check(b: Board, start: Square, closed: bool) {
    let verdict = tour(b, start, closed);
    let what = format!("{b} from {}, closed {closed}: {verdict}", b.name(start));
    match verdict {
        Verdict::No(_) if !closed && ruled_out_by_counting(b, start) => {}
        Verdict::No(_) => {
            let (outcome, _, _) = solve(b, start, exhaustive(closed));
            assert_eq!(outcome, Outcome::NoTour, "{what}");
        }
        Verdict::Yes(_) => {
            let path = find_tour(b, start, closed).unwrap_or_else(|| panic!("{what}, but no tour was found"));
            assert_tour(b, start, &path, closed);
        }
    }
}

// Each board is checked from one start of each class its symmetries carry into each other: a
// symmetry carries tours to tours, and tests/existence.rs checks that it keeps the verdicts too.
#[test]
fn every_open_tour_verdict_on_small_boards_agrees_with_search() {
    for b in boards(EXHAUSTIVE_SQUARES) {
        for start in representatives(b) {
            check(b, start, false);
        }
    }
}

#[test]
fn every_closed_tour_verdict_on_small_boards_agrees_with_search() {
    for b in boards(EXHAUSTIVE_SQUARES) {
        for start in representatives(b) {
            check(b, start, true);
        }
    }
}

#[test]
fn schwenks_closed_tours_are_found_on_every_board_up_to_twelve_by_twelve() {
    for rows in 1..=12 {
        for cols in 1..=12 {
            let b = board(rows, cols);
            if let Verdict::Yes(_) = closed_tour(b) {
                check(b, b.square(rows / 2, cols / 3), true);
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
    for (rows, cols, row, col) in [(5, 5, 0, 1), (4, 9, 1, 4), (9, 4, 4, 2), (3, 7, 1, 3), (3, 8, 1, 5)] {
        let b = board(rows, cols);
        let (outcome, _, _) = solve(b, b.square(row, col), Options::default());
        assert!(matches!(outcome, Outcome::Impossible(_)), "{b} from {row},{col}: {outcome:?}");
    }
}

#[test]
fn reasons_name_the_board_and_the_argument() {
    let reason =
        |rows, cols, row, col| open_tour(board(rows, cols), board(rows, cols).square(row, col)).to_string();
    let no_colour = reason(5, 5, 4, 1);
    assert!(no_colour.starts_with("no: ") && no_colour.contains("5×5") && no_colour.contains("colour"));
    let inner = reason(4, 7, 2, 3);
    assert!(inner.starts_with("no: ") && inner.contains("4×7") && inner.contains("Flye Sainte-Marie"));
    for (rows, cols, row, col) in [(3, 4, 1, 1), (7, 3, 3, 1), (3, 8, 1, 2)] {
        let text = reason(rows, cols, row, col);
        assert!(text.starts_with("no: ") && text.contains("exhaustive search"), "{text}");
    }
    let closed = closed_tour(board(3, 8)).to_string();
    assert!(closed.starts_with("no: ") && closed.contains("Schwenk"), "{closed}");

    assert!(reason(8, 8, 1, 1).starts_with("yes: ") && reason(8, 8, 1, 1).contains("Schwenk"));
    assert!(reason(9, 9, 4, 4).contains("Conrad, Hindrichs, Morsy and Wegener 1994"));
    // Where a "yes" rests on computation or on this project's construction rather than a
    // published proof, it says so.
    for (rows, cols, row, col) in [(5, 5, 0, 0), (7, 5, 2, 2), (4, 11, 3, 5), (3, 9, 1, 1), (3, 7, 0, 0)] {
        let text = reason(rows, cols, row, col);
        let says = text.contains("shown by computation") || text.contains("shown by construction");
        assert!(text.starts_with("yes: ") && says, "{text}");
    }
    assert_eq!(open_tour(board(1, 1), Square(0)), Verdict::Yes(Proof::SingleSquare));
}
