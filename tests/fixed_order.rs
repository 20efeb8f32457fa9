//! The textbook fixed-order search, reproduced to the placement. The figures are those of the
//! classic backtracking program (BlogsDope's knight's tour tutorial, which `bench/speed.py`
//! times against this solver), which counts the start as a placement.

mod common;

use common::{assert_tour, board, solve};
use knights_tour::front::format;
use knights_tour::{Heuristic, Options, Outcome};

fn fixed() -> Options {
    Options { heuristic: Heuristic::Fixed, ..Options::default() }
}

#[test]
fn eight_by_eight_from_the_corner_places_8_250_733_squares_and_finds_the_textbook_tour() {
    let b = board(8, 8);
    let (outcome, path, solver) = solve(b, b.square(0, 0), fixed());
    assert_eq!(outcome, Outcome::Tour);
    assert_eq!(solver.stats().placements, 8_250_733);
    assert_eq!(solver.stats().backtracks, 8_250_733 - 64);
    assert_tour(b, b.square(0, 0), &path, false);
    let expected = "
 0 59 38 33 30 17  8 63
37 34 31 60  9 62 29 16
58  1 36 39 32 27 18  7
35 48 41 26 61 10 15 28
42 57  2 49 40 23  6 19
47 50 45 54 25 20 11 14
56 43 52  3 22 13 24  5
51 46 55 44 53  4 21 12
";
    assert_eq!(format::grid(b, &path), expected.trim_start_matches('\n'));
}

#[test]
fn five_by_five_from_the_corner_places_8_840_squares() {
    let b = board(5, 5);
    let (outcome, _, solver) = solve(b, b.square(0, 0), fixed());
    assert_eq!(outcome, Outcome::Tour);
    assert_eq!(solver.stats().placements, 8_840);
}

#[test]
fn six_by_six_from_the_corner_places_248_169_squares() {
    let b = board(6, 6);
    let (outcome, _, solver) = solve(b, b.square(0, 0), fixed());
    assert!(outcome.is_tour());
    assert_eq!(solver.stats().placements, 248_169);
}

// Where the 8x8 search stands after exactly one million events; the page's timeline test jumps
// there and must show the same.
#[test]
fn after_a_million_events_the_eight_by_eight_search_stands_here() {
    let b = board(8, 8);
    let mut timeline =
        knights_tour::Timeline::new(knights_tour::Solver::new(b, b.square(0, 0), fixed()).unwrap());
    timeline.seek(1_000_000);
    let solver = timeline.solver();
    let stats = solver.stats();
    assert_eq!((stats.placements, stats.backtracks, solver.depth()), (500_025, 499_975, 50));
}
