//! Divide and conquer: every board and start the existence rules say yes to gets a tour, built
//! without search, and the tour is real.
//!
//! The joining of tiles is checked, not proven (see `src/divide/mod.rs`), so these tests are
//! what stands behind it: every start of every board up to 20×20 by default, up to 30×30 and
//! 3×n, 4×n up to n = 120 with `cargo test -- --ignored` (a few minutes).

mod common;

use common::{assert_tour, board, solve};
use knights_tour::board::existence::tour;
use knights_tour::divide::construct;
use knights_tour::{Board, Options, Outcome, Square, Verdict};

/// Builds every tour the rules promise on `b`: open from every start, and closed.
fn build_everything(b: Board) {
    for start in b.squares() {
        check(b, start, false);
    }
    check(b, Square(0), true);
}

fn check(b: Board, start: Square, closed: bool) {
    let exists = matches!(tour(b, start, closed), Verdict::Yes(_));
    let built = construct(b, start, closed);
    assert_eq!(built.is_some(), exists, "{b} from {} (closed {closed})", b.name(start));
    if let Some(built) = built {
        assert_tour(b, start, &built.path, closed);
        assert_pieces_cover(b, &built);
    }
}

/// The pieces are disjoint, cover the board, and each piece's own walks cover the piece.
fn assert_pieces_cover(b: Board, built: &knights_tour::divide::Construction) {
    let mut owner = vec![usize::MAX; b.len() as usize];
    for (index, piece) in built.pieces.iter().enumerate() {
        let mut squares = 0;
        for walk in &piece.walks {
            for &square in walk {
                let coord = b.coord(square);
                assert!(
                    (piece.top..piece.top + piece.rows).contains(&coord.row)
                        && (piece.left..piece.left + piece.cols).contains(&coord.col),
                    "{b}: piece {index} walks outside itself"
                );
                assert_eq!(owner[square.index()], usize::MAX, "{b}: {} in two pieces", b.name(square));
                owner[square.index()] = index;
                squares += 1;
            }
            assert!(walk.windows(2).all(|pair| b.is_knight_move(pair[0], pair[1])), "{b}: piece {index}");
        }
        assert_eq!(squares, piece.rows * piece.cols, "{b}: piece {index} is not covered by its walks");
    }
    assert_eq!(built.seams.len() + 1, built.pieces.len());
}

fn boards(sides: std::ops::RangeInclusive<u32>) -> impl Iterator<Item = Board> {
    sides.clone().flat_map(move |rows| sides.clone().map(move |cols| board(rows, cols)))
}

// What a person gets from `knights-tour solve` or the page without choosing anything: a tour
// from every start that has one, open or closed, and the reason from every other.
#[test]
fn the_default_finishes_every_start_of_every_board_up_to_twelve_by_twelve() {
    for b in boards(1..=12) {
        for start in b.squares() {
            for closed in [false, true] {
                let (outcome, path, solver) = solve(b, start, Options { closed, ..Options::default() });
                match tour(b, start, closed) {
                    Verdict::Yes(_) => {
                        assert!(outcome.is_tour(), "{b} from {}: {outcome:?}", b.name(start));
                        assert_tour(b, start, &path, closed);
                        assert_eq!(solver.stats().backtracks, 0);
                    }
                    Verdict::No(reason) => assert_eq!(outcome, Outcome::Impossible(reason)),
                }
            }
        }
    }
}

#[test]
fn every_start_of_every_board_up_to_twenty_by_twenty_has_its_tour() {
    for b in boards(1..=20) {
        build_everything(b);
    }
}

#[test]
#[ignore = "a few minutes: every start of every board up to 30x30"]
fn every_start_of_every_board_up_to_thirty_by_thirty_has_its_tour() {
    for b in boards(1..=30).filter(|b| b.rows().max(b.cols()) > 20) {
        build_everything(b);
    }
}

#[test]
fn narrow_boards_are_built_from_every_start_up_to_forty_long() {
    for width in [3, 4] {
        for len in 1..=40 {
            build_everything(board(width, len));
            build_everything(board(len, width));
        }
    }
}

#[test]
#[ignore = "a minute: narrow boards up to 120 long"]
fn narrow_boards_are_built_from_every_start_up_to_a_hundred_and_twenty_long() {
    for width in [3, 4] {
        for len in 41..=120 {
            build_everything(board(width, len));
            build_everything(board(len, width));
        }
    }
}

// Schwenk (1991): a closed tour exists unless both sides are odd, or the narrower side is 1, 2
// or 4, or the board is 3x4, 3x6 or 3x8.
#[test]
fn every_board_schwenk_allows_up_to_sixty_by_sixty_has_a_closed_tour() {
    for b in boards(1..=60) {
        let start = b.square(b.rows() / 2, b.cols() / 3);
        check(b, start, true);
    }
}

/// A small deterministic generator, so the "random" boards are the same on every run.
fn draws(mut state: u64) -> impl FnMut(u32) -> u32 {
    move |below| {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % u64::from(below)) as u32
    }
}

#[test]
fn large_boards_of_every_kind_are_built_from_random_starts() {
    let mut draw = draws(2026);
    let mut sizes = vec![(1000, 1000), (1024, 1024), (999, 1001), (1001, 1001), (3, 349_525), (262_144, 4)];
    sizes.extend((0..12).map(|_| (5 + draw(300), 5 + draw(300))));
    for (rows, cols) in sizes {
        let b = board(rows, cols);
        for closed in [false, true] {
            // From a random square, the first the rules allow (none for a closed tour of an
            // odd board, which must then not be built).
            let first = draw(b.len());
            let allowed = (0..b.len()).map(|i| Square((first + i) % b.len()));
            let start = allowed.clone().find(|&s| matches!(tour(b, s, closed), Verdict::Yes(_)));
            check(b, start.unwrap_or(Square(first)), closed);
            // And the same through the solver's default, which walks what was built.
            if let Some(start) = start {
                let (outcome, path, _) = solve(b, start, Options { closed, ..Options::default() });
                assert!(outcome.is_tour(), "{b}: {outcome:?}");
                assert_tour(b, start, &path, closed);
            }
        }
    }
}

#[test]
fn a_board_with_no_tour_from_the_start_is_not_built() {
    let b = board(5, 5);
    assert!(construct(b, b.square(0, 1), false).is_none(), "the minority colour");
    assert!(construct(board(4, 8), Square(0), true).is_none(), "no closed tour 4 wide");
    assert!(construct(board(4, 8), board(4, 8).square(1, 3), false).is_none(), "an inner line");
}
