//! The existence rules as a specification: what they answer on boards 3 and 4 wide, that the
//! answer does not depend on how the board is turned or mirrored, and tours found on long narrow
//! boards wherever the rules promise one.

mod common;

use std::mem::{discriminant, Discriminant};

use common::{assert_tour, board, find_tour, images, representatives, transpose};
use knights_tour::board::existence::{open_tour, tour};
use knights_tour::{Colour, Impossibility, Proof, Verdict, MAX_SQUARES};

/// Which squares (i, j) of 3×n start an open tour: found exactly for n ≤ 40 by a count of tours
/// column by column (made once, outside this repository; its totals match OEIS A118067), and
/// checked here against search. "Corners" is the corners' colour, i + j even.
fn three_wide_starts(n: u32, i: u32, j: u32) -> bool {
    let corners = (i + j) % 2 == 0;
    match n {
        3 | 5 | 6 => false,
        4 => j == 0 || j == 3,
        7 => corners && (i, j) != (1, 3),
        8 => !(i == 1 && (j == 2 || j == 5)),
        _ if n % 2 == 1 => corners,
        _ => true,
    }
}

/// Which squares (i, j) of 4×n start an open tour: none up to 4×4, then exactly the outer lines
/// (Flye Sainte-Marie 1877 for "no other"; found exactly for n ≤ 30 by a count of tours column
/// by column, made once outside this repository, and checked here against search).
fn four_wide_starts(n: u32, i: u32) -> bool {
    n >= 5 && (i == 0 || i == 3)
}

/// Lengths checked square by square: every one from the width (shorter boards are narrower the
/// other way) up to 60, and the longest boards allowed.
fn lengths(width: u32) -> impl Iterator<Item = u32> {
    (width..=60).chain([MAX_SQUARES / width - 1, MAX_SQUARES / width])
}

/// Checks `starts` against the open tour verdicts of width×n and its transpose, and the closed
/// tour verdict against `closed`, square by square.
fn check_narrow(width: u32, starts: impl Fn(u32, u32, u32) -> bool, closed: impl Fn(u32) -> bool) {
    for n in lengths(width) {
        for (rows, cols) in [(width, n), (n, width)] {
            let b = board(rows, cols);
            assert_eq!(matches!(tour(b, b.square(0, 0), true), Verdict::Yes(_)), closed(n), "{b} closed");
            for start in b.squares() {
                let coord = b.coord(start);
                let (i, j) = if rows == width { (coord.row, coord.col) } else { (coord.col, coord.row) };
                let verdict = open_tour(b, start);
                assert_eq!(
                    matches!(verdict, Verdict::Yes(_)),
                    starts(n, i, j),
                    "{b} from {i},{j}: {verdict}"
                );
            }
        }
    }
}

// Closed tours on 3xn exist exactly for even n ≥ 10, on 4xn never (Schwenk 1991).
#[test]
fn three_wide_boards_follow_the_stated_rule_in_both_orientations() {
    check_narrow(3, three_wide_starts, |n| n % 2 == 0 && n >= 10);
}

#[test]
fn four_wide_boards_follow_the_stated_rule_in_both_orientations() {
    check_narrow(4, |n, i, _| four_wide_starts(n, i), |_| false);
}

/// The answer and the kind of reason, without the board's size that transposing swaps.
#[derive(Debug, PartialEq)]
enum Kind {
    Yes(Discriminant<Proof>),
    No(Discriminant<Impossibility>),
}

fn kind(verdict: Verdict) -> Kind {
    match verdict {
        Verdict::Yes(proof) => Kind::Yes(discriminant(&proof)),
        Verdict::No(reason) => Kind::No(discriminant(&reason)),
    }
}

#[test]
fn verdicts_do_not_change_under_the_boards_symmetries_or_transposition() {
    for rows in 1..=12 {
        for cols in 1..=12 {
            let b = board(rows, cols);
            for start in b.squares() {
                for closed in [false, true] {
                    let verdict = tour(b, start, closed);
                    for image in images(b, start) {
                        assert_eq!(
                            tour(b, image, closed),
                            verdict,
                            "{b}: {} and {}",
                            b.name(start),
                            b.name(image)
                        );
                    }
                    let (transposed, moved) = transpose(b, start);
                    let other = tour(transposed, moved, closed);
                    assert_eq!(
                        kind(other),
                        kind(verdict),
                        "{b} from {}: {verdict}; transposed: {other}",
                        b.name(start)
                    );
                }
            }
        }
    }
}

/// Tours found, not just promised: on 3×n and 4×n up to 30 long, from one square of each class
/// the board's mirrors carry into each other (the test above checks that mirrors and transposes
/// get the same verdicts, and a mirror carries a tour to a tour).
#[test]
fn the_search_finds_a_tour_wherever_the_rules_promise_one_on_boards_3_and_4_wide_up_to_30_long() {
    for (width, n) in (3..=4).flat_map(|width| (width..=30).map(move |n| (width, n))) {
        let b = board(width, n);
        for (start, closed) in representatives(b).flat_map(|start| [(start, false), (start, true)]) {
            if let verdict @ Verdict::Yes(_) = tour(b, start, closed) {
                let path = find_tour(b, start, closed).unwrap_or_else(|| {
                    panic!("{b} from {}, closed {closed}: {verdict}, but no tour was found", b.name(start))
                });
                assert_tour(b, start, &path, closed);
            }
        }
    }
}

// Both sides at least 5: every square when the area is even (Schwenk 1991), the corners' colour
// when it is odd (colour counting; Conrad, Hindrichs, Morsy and Wegener 1994 for square boards).
// Checked up to 16x16 and on the largest boards, where counting or indexing could overflow.
#[test]
fn boards_with_both_sides_at_least_five_follow_the_colour_rule() {
    let small = (5..=16).flat_map(|rows| (5..=16).map(move |cols| (rows, cols)));
    let largest = [(1024, 1024), (5, MAX_SQUARES / 5), (MAX_SQUARES / 5, 5), (1023, 1025)];
    for (rows, cols) in small.chain(largest) {
        let b = board(rows, cols);
        for start in b.squares() {
            let verdict = open_tour(b, start);
            let expected = b.len() % 2 == 0 || b.colour(start) == Colour::Corner;
            assert_eq!(matches!(verdict, Verdict::Yes(_)), expected, "{b} from {}: {verdict}", b.name(start));
        }
    }
}

/// Each remedy the core offers for an impossibility does what it says, on every board up to
/// 10x10 from every start, open or closed: the page turns these into its hints.
#[test]
fn every_impossibility_names_a_remedy_that_works() {
    use knights_tour::board::existence::Remedy;
    let yes = |verdict: Verdict| matches!(verdict, Verdict::Yes(_));
    for rows in 1..=10 {
        for cols in 1..=10 {
            let b = board(rows, cols);
            let any_start = |closed: bool| b.squares().any(|start| yes(tour(b, start, closed)));
            for start in b.squares() {
                for closed in [false, true] {
                    let Verdict::No(reason) = tour(b, start, closed) else { continue };
                    let works = match reason.remedy() {
                        // The page adds "or another board": 1xn and 2xn have no open tour either.
                        Remedy::OpenTour => closed,
                        Remedy::OuterLine => {
                            let outer = if rows == 4 {
                                [b.square(0, 0), b.square(3, 0)]
                            } else {
                                [b.square(0, 0), b.square(0, 3)]
                            };
                            outer.into_iter().all(|square| yes(open_tour(b, square)))
                        }
                        Remedy::CornersColour => yes(open_tour(b, b.square(0, 0))),
                        Remedy::OtherSquare => !closed && any_start(false),
                        Remedy::OtherBoard => !any_start(false),
                    };
                    assert!(works, "{rows}x{cols} from {} (closed: {closed}): {reason:?}", b.name(start));
                }
            }
        }
    }
}
