//! The frontier counter: against the tours listed one by one on every board of up to 30 squares,
//! and against the counts of the literature beyond.
//!
//! Counts that take minutes run only with `SLOW_COUNTS=1` (`SLOW_COUNTS=1 cargo test --release
//! --test frontier`: a few minutes, and about 10 more for 8x8 closed); the benchmark (`cargo
//! bench --bench count`) times them.

mod common;

use common::{board, tours_by_search};
use knights_tour::count::frontier::{
    default_memory, estimate, estimate_keeping_tables, FrontierCounter, Refusal, DEFAULT_MEMORY,
};
use knights_tour::count::{EveryStart, Tours};
use knights_tour::{Board, Heuristic, Options, Square};
use std::path::{Path, PathBuf};

fn frontier(board: Board, tours: Tours) -> u128 {
    FrontierCounter::new(board, tours, DEFAULT_MEMORY).unwrap().finish(|_| {}).unwrap()
}

fn every_start(board: Board, closed: bool) -> Vec<u128> {
    let mut every = EveryStart::new(board, closed, DEFAULT_MEMORY).unwrap();
    while every.tours().is_none() {
        every.run(1000).unwrap();
    }
    every.tours().unwrap().to_vec()
}

fn slow() -> bool {
    std::env::var_os("SLOW_COUNTS").is_some()
}

/// Every tour from `start`, listed by the plain search (fixed move order; pruning only skips
/// subtrees without tours, which `tests/counts.rs` checks): how many end on each square.
fn listed_by_end(board: Board, start: Square, closed: bool) -> Vec<u128> {
    let options =
        Options { heuristic: Heuristic::Fixed, prune: true, closed, theorems: false, ..Options::default() };
    let mut ends = vec![0; board.len() as usize];
    for tour in tours_by_search(board, start, options) {
        ends[tour.last().unwrap().index()] += 1;
    }
    ends
}

/// Every board of up to 30 squares, and some turned on their side (the sweep then runs down
/// the rows): from every start, between every two squares, closed from every start and in all,
/// each count equal to the listing's.
#[test]
fn the_frontier_counts_what_the_search_lists_on_every_board_up_to_30_squares() {
    let mut boards: Vec<(u32, u32)> =
        (1..=5).flat_map(|rows| (rows..=30 / rows).map(move |cols| (rows, cols))).collect();
    boards.extend([(4, 3), (7, 4), (6, 5), (10, 3), (5, 1), (6, 2)]);
    for (rows, cols) in boards {
        let b = board(rows, cols);
        let mut open_from = Vec::new();
        for start in b.squares() {
            let ends = listed_by_end(b, start, false);
            open_from.push(ends.iter().sum::<u128>());
            for end in b.squares() {
                let between = frontier(b, Tours::OpenBetween(start, end));
                assert_eq!(between, ends[end.index()], "{b} from {} to {}", b.name(start), b.name(end));
            }
            assert_eq!(
                frontier(b, Tours::OpenFrom(start)),
                open_from[start.index()],
                "{b} from {}",
                b.name(start)
            );
        }
        assert_eq!(every_start(b, false), open_from, "{b} every start");
        assert_eq!(frontier(b, Tours::Open), open_from.iter().sum::<u128>(), "{b} in all");

        let closed_from: Vec<u128> =
            b.squares().map(|start| listed_by_end(b, start, true).iter().sum()).collect();
        for start in b.squares() {
            assert_eq!(
                frontier(b, Tours::ClosedFrom(start)),
                closed_from[start.index()],
                "{b} closed from {start:?}"
            );
        }
        assert_eq!(every_start(b, true), closed_from, "{b} closed, every start");
        assert_eq!(frontier(b, Tours::Closed), closed_from[0] / 2, "{b} closed in all");
    }
}

// Directed open tours on n×n, OEIS A165134: 1, 0, 0, 0, 1728, 6637920, 165575218320
// (Stertenbrink); 7x7 takes a minute or more of CPU, so only with SLOW_COUNTS.
#[test]
fn open_tours_on_square_boards_are_a165134() {
    let expected: [u128; 7] = [1, 0, 0, 0, 1_728, 6_637_920, 165_575_218_320];
    let quick = if slow() { 7 } else { 6 };
    for (n, tours) in (1..).zip(expected).take(quick) {
        assert_eq!(frontier(board(n, n), Tours::Open), tours, "{n}x{n}");
    }
}

// Directed open tours on 3×n, OEIS A118067 (Rose; a(14)-a(28) by Manyama and Howroyd), n = 1..28.
#[test]
fn open_tours_on_three_rows_are_a118067() {
    let expected: [u128; 28] = [
        0,
        0,
        0,
        16,
        0,
        0,
        104,
        792,
        1_120,
        6_096,
        21_344,
        114_496,
        257_728,
        1_292_544,
        3_677_568,
        17_273_760,
        46_801_984,
        211_731_376,
        611_507_360,
        2_645_699_504,
        7_725_948_608,
        32_451_640_000,
        97_488_160_384,
        397_346_625_760,
        1_214_082_434_112,
        4_835_168_968_464,
        15_039_729_265_856,
        58_641_619_298_000,
    ];
    for (cols, tours) in (1..).zip(expected) {
        assert_eq!(frontier(board(3, cols), Tours::Open), tours, "3x{cols}");
    }
}

// Undirected open tours on 5×n, OEIS A083386, n = 1..9: 0, 0, 0, 82, 864, 18,784, 622,868,
// 18,061,054, 264,895,640 (the terms a(5n) of Knuth's A389755, which says a(5n) = A083386(n));
// the frontier counts each direction, twice as many.
#[test]
fn open_tours_on_five_rows_are_twice_a083386() {
    let expected: [u128; 9] = [0, 0, 0, 82, 864, 18_784, 622_868, 18_061_054, 264_895_640];
    for (cols, tours) in (1..).zip(expected) {
        assert_eq!(frontier(board(5, cols), Tours::Open), 2 * tours, "5x{cols}");
    }
}

// Undirected closed tours on 2n×2n, OEIS A001230: 6x6 9,862 (Duby 1964).
#[test]
fn closed_tours_on_6x6_are_a001230() {
    assert_eq!(frontier(board(6, 6), Tours::Closed), 9_862);
}

// Undirected closed tours on 3×2n, OEIS A070030: 3x10 16, 3x12 176, ..., 3x20 1,448,416.
#[test]
fn closed_tours_on_three_rows_are_a070030() {
    let expected: [u128; 6] = [16, 176, 1_536, 15_424, 147_728, 1_448_416];
    for (cols, tours) in (10..).step_by(2).zip(expected) {
        assert_eq!(frontier(board(3, cols), Tours::Closed), tours, "3x{cols}");
    }
}

// Undirected open tours on 4×n, OEIS A079137: 4x5 82, 4x6 744, 4x7 6,378, 4x8 31,088; the
// frontier counts each direction, twice as many.
#[test]
fn open_tours_on_four_rows_are_twice_a079137() {
    let expected: [u128; 4] = [82, 744, 6_378, 31_088];
    for (cols, tours) in (5..).zip(expected) {
        assert_eq!(frontier(board(4, cols), Tours::Open), 2 * tours, "4x{cols}");
    }
}

// Undirected closed tours on 5×2n (the table of closed tours on rectangles in
// shared/TOURS.md, from OEIS): 5x6 8, 5x8 44,202, 5x10 13,311,268, 5x12 4,557,702,762.
#[test]
fn closed_tours_on_five_rows() {
    let expected: [u128; 4] = [8, 44_202, 13_311_268, 4_557_702_762];
    for (cols, tours) in (6..).step_by(2).zip(expected) {
        assert_eq!(frontier(board(5, cols), Tours::Closed), tours, "5x{cols}");
    }
}

// Undirected closed tours on 6×n, OEIS A175881: 6x5 8, 6x6 9,862, 6x7 1,067,638,
// 6x8 55,488,142, 6x9 3,374,967,940, 6x10 239,187,240,144; and on 8×n, OEIS A193055, whose
// 8x5 and 8x6 are 5x8's and 6x8's turned on their side.
#[test]
fn closed_tours_on_six_rows_are_a175881() {
    let expected: [u128; 6] = [8, 9_862, 1_067_638, 55_488_142, 3_374_967_940, 239_187_240_144];
    let quick = if slow() { 6 } else { 3 };
    for (cols, tours) in (5..).zip(expected).take(quick) {
        assert_eq!(frontier(board(6, cols), Tours::Closed), tours, "6x{cols}");
    }
    assert_eq!(frontier(board(8, 5), Tours::Closed), 44_202);
    if slow() {
        assert_eq!(frontier(board(8, 6), Tours::Closed), 55_488_142);
    }
}

// Undirected closed tours on 8×n, OEIS A193055: 8x5 44,202, 8x6 55,488,142, 8x7 (= 7x8)
// 34,524,432,316, and the chessboard's 13,267,364,410,532 (A001230; McKay 1997), 8 high, keys
// leaving out the oldest square, read on every core: about 10 minutes of CPU and 9 GB, so only
// with SLOW_COUNTS.
#[test]
fn closed_tours_on_eight_rows_are_a193055() {
    assert_eq!(frontier(board(8, 5), Tours::Closed), 44_202);
    if slow() {
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        let chessboard = FrontierCounter::new(board(8, 8), Tours::Closed, default_memory()).unwrap();
        let mut chessboard = chessboard.on_threads(threads);
        while !chessboard.run_threads(1 << 12, || true).unwrap().done {}
        assert_eq!(chessboard.tours(), Some(13_267_364_410_532));
    }
}

// Undirected closed tours on 7×2n, OEIS A193054: 7x6 1,067,638, 7x8 34,524,432,316.
#[test]
fn closed_tours_on_seven_rows_are_a193054() {
    assert_eq!(frontier(board(7, 6), Tours::Closed), 1_067_638);
    if slow() {
        assert_eq!(frontier(board(7, 8), Tours::Closed), 34_524_432_316);
    }
}

// 5x5: 304 tours from a corner, 56 from (0,2) and (1,1), 64 from the centre, none from the
// other colour (Jelliss, "Knight's tour notes"); 6x6: 524,486 from a corner.
#[test]
fn every_start_grids_match_the_known_tours_from_a_square() {
    let b = board(5, 5);
    let grid = every_start(b, false);
    assert_eq!(grid[b.square(0, 0).index()], 304);
    assert_eq!(grid[b.square(0, 2).index()], 56);
    assert_eq!(grid[b.square(1, 1).index()], 56);
    assert_eq!(grid[b.square(2, 2).index()], 64);
    assert_eq!(grid[b.square(0, 1).index()], 0);
    assert_eq!(grid.iter().sum::<u128>(), 1_728);
    let six = board(6, 6);
    assert_eq!(frontier(six, Tours::OpenFrom(Square(0))), 524_486);
    assert!(every_start(six, true).iter().all(|&tours| tours == 2 * 9_862));
}

/// With the memory of a few counts but not of a whole sweep's tables, a grid is counted one
/// class of squares at a time, from the square of each the sweep reaches last: one after
/// another (the page's way) and several at once on threads (the command line's), each count
/// from the start or, with room for one count more, from a trunk that serves them all up to
/// their starts; each grid the one swept forward and back, which the test above checks against
/// the listing.
#[test]
fn grids_counted_class_by_class_alone_or_at_once_from_a_trunk_or_not_are_the_grids_swept_forward_and_back() {
    let mut boards: Vec<(u32, u32)> =
        (3..=5).flat_map(|rows| (rows..=30 / rows).map(move |cols| (rows, cols))).collect();
    boards.extend([(6, 5), (7, 4), (5, 7), (5, 8), (4, 9), (4, 10), (3, 12), (3, 14)]);
    let mut by_class = 0;
    for (rows, cols) in boards {
        let b = board(rows, cols);
        let (lanes, one) = (3, estimate(b, Tours::Open));
        if estimate_keeping_tables(b, Tours::Open) <= (lanes + 1) * one {
            continue;
        }
        by_class += 1;
        let swept = every_start(b, false);
        let mut per_step = Vec::new();
        // (lanes, memory: for as many counts as lanes, or one more for a trunk)
        for (lanes, counts) in [(1, 1), (lanes, lanes), (1, 2), (lanes, lanes + 1)] {
            let mut every = EveryStart::with_lanes(b, false, counts * one, lanes).unwrap();
            assert!(!every.sweeps_back(), "{b}");
            // As many at once as there are classes to count, up to `lanes`.
            assert_eq!(every.lanes() > 1, lanes > 1, "{b}");
            // A trunk where the memory holds a count more than run at once (up to the classes).
            let trunk = counts > every.lanes();
            assert_eq!(every.shares_a_trunk(), trunk, "{b}, {lanes} at once, memory of {counts}");
            assert_eq!(trunk, counts == 2 || counts > lanes || every.lanes() < lanes, "{b}");
            let mut looks = 0;
            let mut fraction = 0.0;
            while every.tours().is_none() {
                // Stopped every few looks, so that counts are left under way between runs.
                let progress = match lanes {
                    1 => every.run(1000).unwrap(),
                    _ => every
                        .run_threads(100, || {
                            looks += 1;
                            looks % 4 != 0
                        })
                        .unwrap(),
                };
                assert!(progress.fraction >= fraction, "{b}: the share done never goes back");
                fraction = progress.fraction;
            }
            assert_eq!(every.tours().unwrap(), swept, "{b}, {lanes} at once, trunk {trunk}");
            per_step.push(every.states_per_step());
        }
        // However many at once, the same sweeps.
        assert_eq!((&per_step[0], &per_step[2]), (&per_step[1], &per_step[3]), "{b}");
    }
    assert!(by_class >= 6, "only {by_class} boards counted by class");
}

#[test]
fn counts_that_would_not_fit_are_refused_before_they_start() {
    let refused = FrontierCounter::new(board(7, 7), Tours::Open, 1 << 20).err().unwrap();
    assert!(matches!(refused, Refusal::Memory { at_column: None, .. }), "{refused}");
    assert!(refused.to_string().contains("limit is 1.0 MiB"), "{refused}");
    // Open tours 8 high need a key wider than 64 bits; closed ones fit, the chessboard's in
    // memory a machine of 24 GiB has (its estimate: see docs/counting.md).
    let tall = FrontierCounter::new(board(8, 8), Tours::Open, DEFAULT_MEMORY).err().unwrap();
    assert!(matches!(tall, Refusal::TooTall { closed: false, .. }), "{tall}");
    let taller = FrontierCounter::new(board(9, 9), Tours::Closed, usize::MAX).err().unwrap();
    assert!(matches!(taller, Refusal::TooTall { closed: true, .. }), "{taller}");
    let chessboard = FrontierCounter::new(board(8, 8), Tours::Closed, 2 << 30).err().unwrap();
    assert!(matches!(chessboard, Refusal::Memory { at_column: None, .. }), "{chessboard}");
    assert!(estimate(board(8, 8), Tours::Closed) < 12 << 30, "within half of 24 GiB");
}

/// A file of its own for each test, in a folder on disk made for the tests.
fn checkpoint_file(name: &str) -> PathBuf {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("checkpoints");
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join(name);
    let _ = std::fs::remove_file(&file);
    file
}

/// Counts to the start of column `column`, on `threads` threads, and saves the count there.
fn count_to_column(b: Board, tours: Tours, threads: usize, column: u32, file: &Path) {
    let mut counter = FrontierCounter::new(b, tours, DEFAULT_MEMORY).unwrap().on_threads(threads);
    counter.pause_at_columns();
    let height = b.rows().min(b.cols());
    while counter.status().step < column * height {
        counter.run_threads(1 << 12, || true).unwrap();
    }
    assert!(counter.at_column_start() && counter.status().column == column);
    counter.save(file).unwrap();
}

fn resumed(b: Board, tours: Tours, threads: usize, file: &Path) -> u128 {
    let mut counter = FrontierCounter::new(b, tours, DEFAULT_MEMORY).unwrap().on_threads(threads);
    assert!(counter.resume(file).unwrap(), "there is a checkpoint to resume");
    counter.finish(|_| {}).unwrap()
}

/// The counts that take minutes are saved at the start of each column: one stopped there and
/// resumed, by as many threads or by others (the states of a step are written in a part per
/// thread, read back as one), counts what one run straight through does, from any column.
/// 6x8 closed has steps of up to 181,762 states, which threads share.
#[test]
fn a_count_stopped_after_a_column_and_resumed_counts_what_one_run_straight_through_does() {
    let file = checkpoint_file("resumed.frontier");
    let cases = [
        (board(6, 8), Tours::Closed, 55_488_142),
        (board(5, 6), Tours::Open, 2 * 18_784),
        (board(5, 5), Tours::OpenFrom(Square(0)), 304),
        (board(6, 6), Tours::ClosedFrom(Square(7)), 2 * 9_862),
    ];
    for (b, tours, expected) in cases {
        assert_eq!(frontier(b, tours), expected, "{b} {tours:?} straight through");
        let columns = b.rows().max(b.cols());
        let threads = [(2, 2), (1, 2), (2, 1)].into_iter().cycle();
        for (column, (before, after)) in (1..columns).zip(threads) {
            count_to_column(b, tours, before, column, &file);
            assert_eq!(resumed(b, tours, after, &file), expected, "{b} {tours:?} from column {column}");
        }
    }
}

/// Saving mid-step keeps the states the step reads (whole, since reading leaves them be): the
/// step is counted again on resuming. A count saved at its end resumes to its answer.
#[test]
fn a_count_saved_mid_step_or_done_resumes_to_the_same_number() {
    let file = checkpoint_file("mid-step.frontier");
    let b = board(6, 7);
    let mut counter = FrontierCounter::new(b, Tours::Closed, DEFAULT_MEMORY).unwrap();
    while counter.status().step < 20 {
        counter.run(1000).unwrap();
    }
    counter.save(&file).unwrap();
    assert_eq!(resumed(b, Tours::Closed, 1, &file), 1_067_638);
    let mut done = FrontierCounter::new(b, Tours::Closed, DEFAULT_MEMORY).unwrap();
    while !done.run(1 << 16).unwrap().done {}
    done.save(&file).unwrap();
    assert_eq!(resumed(b, Tours::Closed, 1, &file), 1_067_638);
}

/// A checkpoint is refused, with what it is, unless it is this count's, whole and unchanged:
/// never read as another's.
#[test]
fn a_foreign_damaged_or_cut_checkpoint_is_refused_and_none_is_no_checkpoint() {
    let file = checkpoint_file("foreign.frontier");
    let (b, tours) = (board(6, 6), Tours::Closed);
    let refusal = |b: Board, tours: Tours| {
        let mut counter = FrontierCounter::new(b, tours, DEFAULT_MEMORY).unwrap();
        counter.resume(&file).expect_err("refused").to_string()
    };
    let mut nothing = FrontierCounter::new(b, tours, DEFAULT_MEMORY).unwrap();
    assert_eq!(nothing.resume(&file), Ok(false), "no file, nothing to resume");
    count_to_column(b, tours, 1, 4, &file);
    let whole = std::fs::read(&file).unwrap();
    // Another board, other tours, from another square.
    assert!(
        refusal(board(6, 7), tours).contains("closed tours of 6x6 by frontier, not the closed tours of 6x7")
    );
    assert!(refusal(b, Tours::Open).contains("a checkpoint of counting the closed tours of 6x6"));
    let from = Tours::ClosedFrom(Square(3));
    assert!(refusal(b, from).contains(&format!("not the closed tours from {} of 6x6", b.name(Square(3)))));
    // Every byte changed in turn somewhere along the file, and the file cut short.
    for at in (0..whole.len()).step_by(whole.len() / 97 + 1).chain([whole.len() - 1]) {
        let mut damaged = whole.clone();
        damaged[at] ^= 0x10;
        std::fs::write(&file, &damaged).unwrap();
        let refused = refusal(b, tours);
        assert!(
            [
                "is damaged",
                "is not a checkpoint",
                "saved by knights-tour",
                "not the closed tours",
                "differently"
            ]
            .iter()
            .any(|words| refused.contains(words)),
            "byte {at}: {refused}"
        );
    }
    for length in [0, 5, 40, whole.len() / 2, whole.len() - 1] {
        std::fs::write(&file, &whole[..length]).unwrap();
        let refused = refusal(b, tours);
        assert!(
            refused.contains("is damaged") || refused.contains("is not a checkpoint"),
            "{length}: {refused}"
        );
    }
    std::fs::write(&file, [&whole[..], b"more"].concat()).unwrap();
    assert!(refusal(b, tours).contains("is damaged"));
    std::fs::write(&file, b"P6 not a checkpoint at all").unwrap();
    assert!(refusal(b, tours).ends_with("is not a checkpoint of knights-tour's counter: name another file"));
    // A save cut off by a killed process leaves its partial file beside the checkpoint before.
    std::fs::write(&file, &whole).unwrap();
    std::fs::write(file.with_extension("frontier.partial"), &whole[..100]).unwrap();
    assert_eq!(resumed(b, tours, 1, &file), 9_862);
}

#[test]
fn progress_goes_column_by_column_to_the_end() {
    let mut counter = FrontierCounter::new(board(5, 8), Tours::Closed, DEFAULT_MEMORY).unwrap();
    let mut columns = Vec::new();
    let mut fraction = 0.0;
    loop {
        let progress = counter.run(1).unwrap();
        assert!(progress.fraction >= fraction, "progress never goes back");
        fraction = progress.fraction;
        if columns.last() != Some(&progress.column) {
            columns.push(progress.column);
        }
        if progress.done {
            break;
        }
    }
    assert_eq!(columns, (0..8).collect::<Vec<_>>());
    assert_eq!(counter.tours(), Some(44_202));
}
