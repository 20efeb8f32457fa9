//! Tour counts from the literature.

mod common;

use common::{board, count_by_search, tours_by_search};
use knights_tour::count::count_tours;
use knights_tour::{Board, Colour, Heuristic, Options};

fn count(b: Board, row: u32, col: u32, closed: bool) -> u64 {
    count_tours(b, b.square(row, col), closed, |_| {}).unwrap()
}

// 5x5: 1,728 directed open tours in all, 304 from a corner and 64 from the centre (Jelliss,
// "Knight's tour notes"; OEIS A165134 for the total).
#[test]
fn five_by_five_has_304_tours_from_a_corner_and_64_from_the_centre() {
    let b = board(5, 5);
    assert_eq!(count(b, 0, 0, false), 304);
    assert_eq!(count(b, 4, 4, false), 304);
    assert_eq!(count(b, 2, 2, false), 64);
}

#[test]
fn five_by_five_has_1_728_tours_from_all_starts_together_and_none_from_the_minority_colour() {
    let b = board(5, 5);
    let mut total = 0;
    for start in b.squares() {
        let tours = count_tours(b, start, false, |_| {}).unwrap();
        if b.colour(start) == Colour::Other {
            assert_eq!(tours, 0, "a tour from {}", b.name(start));
        }
        total += tours;
    }
    assert_eq!(total, 1_728);
}

// 6x6 has 9,862 closed tours (Duby 1964; OEIS A001230), each passing through every square in
// two directions.
#[test]
fn six_by_six_has_9_862_closed_tours() {
    assert_eq!(count(board(6, 6), 0, 0, true), 2 * 9_862);
}

// The pruning rules claim to cut only branches without tours: checked against the plain search
// from every start of boards small enough to search exhaustively, those without tours too, and
// the narrow ones where squares with one way in and out, and cut boards, are commonest.
#[test]
fn pruning_never_changes_a_count() {
    let boards = [(1, 5), (2, 6), (3, 3), (3, 4), (4, 4), (4, 5), (3, 7), (3, 8), (5, 5), (4, 6), (3, 9)];
    for (rows, cols) in boards {
        let b = board(rows, cols);
        for start in b.squares() {
            for closed in [false, true] {
                let plain =
                    Options { heuristic: Heuristic::Fixed, closed, theorems: false, ..Options::default() };
                let pruned = Options { prune: true, ..plain };
                assert_eq!(
                    count_by_search(b, start, plain),
                    count_by_search(b, start, pruned),
                    "{rows}x{cols} from {}, closed {closed}",
                    b.name(start)
                );
            }
        }
    }
}

// Pruning only skips subtrees without tours and keeps the order of the moves it keeps, so every
// heuristic lists exactly the same tours in the same order with it as without.
#[test]
fn pruning_keeps_every_tour_in_order_whatever_the_heuristic() {
    for (rows, cols) in [(3, 4), (4, 5), (3, 7), (4, 4)] {
        let b = board(rows, cols);
        for start in b.squares() {
            for closed in [false, true] {
                for heuristic in Heuristic::SEARCHES {
                    let plain = Options { heuristic, closed, theorems: false, seed: 3, ..Options::default() };
                    let pruned = Options { prune: true, ..plain };
                    assert_eq!(
                        tours_by_search(b, start, plain),
                        tours_by_search(b, start, pruned),
                        "{rows}x{cols} from {}, closed {closed}, {heuristic}",
                        b.name(start)
                    );
                }
            }
        }
    }
}

#[test]
fn every_searching_heuristic_counts_the_same_tours() {
    let b = board(5, 5);
    for heuristic in Heuristic::SEARCHES {
        let options = Options { heuristic, prune: true, ..Options::default() };
        assert_eq!(count_by_search(b, b.square(0, 0), options), 304, "{heuristic}");
    }
}

#[test]
fn divide_builds_one_tour_and_has_no_next_one() {
    let b = board(5, 5);
    let mut solver = knights_tour::Solver::new(b, b.square(0, 0), Options::default()).unwrap();
    assert!(common::finish(&mut solver).is_tour());
    assert!(!solver.resume());
}

// 6x6: 6,637,920 directed open tours from all 36 starts together (OEIS A165134), 524,486 of them
// from a corner. The board's eight symmetries carry tours to tours, so six classes of squares
// stand for all 36: the multiplicity of each class times its count adds up to the total.
#[test]
fn six_by_six_has_6_637_920_open_tours_from_all_starts_together() {
    let b = board(6, 6);
    let classes = [((0, 0), 4), ((0, 1), 8), ((0, 2), 8), ((1, 1), 4), ((1, 2), 8), ((2, 2), 4)];
    let counts: Vec<u64> = classes.iter().map(|&((row, col), _)| count(b, row, col, false)).collect();
    assert_eq!(counts[0], 524_486);
    let total: u64 = counts.iter().zip(classes).map(|(count, (_, copies))| count * copies).sum();
    assert_eq!(total, 6_637_920);
}
