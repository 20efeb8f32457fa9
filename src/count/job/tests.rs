//! The count as a front end runs it: both methods alike, its outline, progress and answer.

use super::*;
use crate::count::frontier::{estimate_keeping_tables, DEFAULT_MEMORY};

/// A clock that moves a millisecond each time it is read: a slice is a few steps.
fn ticks() -> impl FnMut() -> f64 {
    let mut now = 0.0;
    move || {
        now += 1.0;
        now
    }
}

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

fn finish(count: &mut Count) -> Vec<CountProgress> {
    let mut seen = vec![count.progress()];
    let mut clock = ticks();
    while !count.run(5.0, &mut clock).unwrap() {
        seen.push(count.progress());
    }
    seen.push(count.progress());
    seen
}

#[test]
fn both_methods_answer_every_question_alike() {
    let b = board("5x5");
    let a1 = b.parse_square("a1").unwrap();
    let c3 = b.parse_square("c3").unwrap();
    let questions = [
        (Question::Tours(Tours::OpenFrom(a1)), "304"),
        (Question::Tours(Tours::Open), "1728"),
        (Question::Tours(Tours::OpenBetween(a1, c3)), "16"),
        (Question::Tours(Tours::Closed), "0"),
        (Question::EveryStart { closed: false }, "1728"),
    ];
    for (question, tours) in questions {
        let answers: Vec<Answer> = [Method::Frontier, Method::Enumerate]
            .into_iter()
            .map(|method| {
                let mut count = Count::new(b, question, method, DEFAULT_MEMORY).unwrap();
                finish(&mut count);
                count.answer().expect("done")
            })
            .collect();
        assert_eq!(answers[0], answers[1], "{question:?}");
        assert_eq!(answers[0].tours, tours, "{question:?}");
    }
    let six = board("6x5");
    for method in [Method::Frontier, Method::Enumerate] {
        let mut count =
            Count::new(six, Question::EveryStart { closed: true }, method, DEFAULT_MEMORY).unwrap();
        finish(&mut count);
        let grid = count.grid().unwrap();
        assert!(
            grid.iter().all(|&tours| tours == 16),
            "{method:?}: 8 closed tours, through each square both ways"
        );
        assert_eq!(count.tours(), Some(8));
    }
}

#[test]
fn a_grid_is_the_tours_from_each_square_with_the_board_total() {
    let b = board("5x5");
    let mut count =
        Count::new(b, Question::EveryStart { closed: false }, Method::Frontier, DEFAULT_MEMORY).unwrap();
    finish(&mut count);
    let answer = count.answer().unwrap();
    let grid = answer.grid.unwrap();
    let at = |name: &str| grid[b.parse_square(name).unwrap().index()].as_str();
    // TOURS.md: 304 from a corner, 56 from (0,2) and (1,1), 64 from the centre, none from the
    // other colour; 1,728 in all (OEIS A165134).
    assert_eq!((at("a1"), at("c5"), at("b4"), at("c3"), at("b1")), ("304", "56", "56", "64", "0"));
    assert_eq!(answer.tours, "1728");
    // 5x5 is n×n and 5×n: directed, and twice the undirected 864.
    assert_eq!(answer.citations.iter().map(|c| c.id).collect::<Vec<_>>(), ["A165134", "A083386"]);
}

#[test]
fn a_frontier_count_says_its_sweep_and_memory_first_and_its_states_per_column_as_it_goes() {
    let b = board("6x8");
    let mut count = Count::new(b, Question::Tours(Tours::Closed), Method::Frontier, DEFAULT_MEMORY).unwrap();
    let outline = count.outline();
    assert_eq!(outline.sweep, Some(SweepOutline { columns: 8, height: 6, window: 13 }));
    let memory = outline.memory.unwrap();
    assert_eq!((memory.bytes, memory.limit), (estimate(b, Tours::Closed), DEFAULT_MEMORY));
    assert!(memory.words.ends_with("MiB"), "{}", memory.words);
    let seen = finish(&mut count);
    let fractions: Vec<f64> = seen.iter().map(|progress| progress.fraction).collect();
    assert!(fractions.windows(2).all(|pair| pair[0] <= pair[1]), "the share done only grows");
    let last = seen.last().unwrap();
    assert!(last.done && last.fraction == 1.0);
    let sweep = last.sweep.as_ref().unwrap();
    // 6x8 closed, the most states any step of each column held, the patterns of degrees that
    // can never be finished dropped (degrees.rs).
    assert_eq!(sweep.states_per_column, [1, 32, 906, 12_229, 162_742, 181_762, 84_806, 15_729]);
    assert_eq!(sweep.states_per_column.iter().max(), Some(&181_762));
    assert!(sweep.peak_bytes >= sweep.bytes);
    let answer = count.answer().unwrap();
    assert_eq!(answer.tours, "55488142");
    assert_eq!(answer.citations.iter().map(|c| c.id).collect::<Vec<_>>(), ["A175881", "A193055"]);
}

#[test]
fn a_listing_says_the_tours_found_so_far_search_by_search() {
    let b = board("5x5");
    let mut count = Count::new(b, Question::Tours(Tours::Open), Method::Enumerate, DEFAULT_MEMORY).unwrap();
    let outline = count.outline();
    assert_eq!((outline.method, outline.sweep, outline.memory), ("enumerate", None, None));
    // The classes of 5x5's corners' colour: the corners, (0,2), (1,1), the centre.
    assert_eq!(outline.parts, 4);
    let seen = finish(&mut count);
    let listed: Vec<u128> =
        seen.iter().map(|progress| progress.listing.as_ref().unwrap().listed.parse().unwrap()).collect();
    assert!(listed.windows(2).all(|pair| pair[0] <= pair[1]));
    // One tour listed per class's representative: 304 + 56 + 56 + 64.
    assert_eq!(listed.last(), Some(&480));
    assert_eq!(count.tours(), Some(1728));
}

#[test]
fn a_count_from_a_start_estimates_how_long_listing_would_take() {
    let b = board("5x5");
    let a1 = b.parse_square("a1").unwrap();
    let count =
        Count::new(b, Question::Tours(Tours::OpenFrom(a1)), Method::Frontier, DEFAULT_MEMORY).unwrap();
    let size = count.listing_size().expect("a tree to estimate");
    let mut listing = TourCounter::new(b, a1, false).unwrap();
    while !listing.run(1 << 16) {}
    let made = listing.status().placements as f64;
    assert!((size.placements / made - 1.0).abs() < 0.25, "Knuth's {} against {made} made", size.placements);
    let every =
        Count::new(b, Question::EveryStart { closed: false }, Method::Frontier, DEFAULT_MEMORY).unwrap();
    assert_eq!(every.listing_size(), None);
}

#[test]
fn refusals_come_before_any_work_in_the_counters_words() {
    let refused = |text: &str, question: Question, limit: usize| {
        Count::new(board(text), question, Method::Frontier, limit).err().expect("refused").to_string()
    };
    // Open tours 8 high need more than a 64-bit key; closed ones, up to 8 high, only memory.
    assert!(refused("8x8", Question::Tours(Tours::Open), DEFAULT_MEMORY)
        .ends_with("short side is 8 and the counter takes up to 7 for open tours"));
    let corner = board("9x8").parse_square("a1").unwrap();
    assert!(
        refused("9x8", Question::Tours(Tours::OpenFrom(corner)), DEFAULT_MEMORY).contains("short side is 8")
    );
    assert!(refused("9x9", Question::Tours(Tours::Closed), DEFAULT_MEMORY)
        .ends_with("short side is 9 and the counter takes up to 8 for closed tours"));
    let chessboard = refused("8x8", Question::Tours(Tours::Closed), 1 << 30);
    assert!(chessboard.starts_with("counting 8×8 would need about"), "{chessboard}");
    let open = refused("7x7", Question::Tours(Tours::Open), 2 << 30);
    assert!(
        open.starts_with("counting 7×7 would need about") && open.ends_with("the limit is 2.0 GiB"),
        "{open}"
    );
    let grid = refused("7x7", Question::EveryStart { closed: false }, 2 << 30);
    assert!(grid.contains("the limit is 2.0 GiB"), "{grid}");
}

#[test]
fn a_count_from_every_square_estimates_what_every_start_will_keep() {
    let estimated = |closed: bool, limit: usize, threads: usize| {
        let question = Question::EveryStart { closed };
        let count = Count::on_threads(board("5x10"), question, Method::Frontier, limit, threads);
        count.unwrap().outline().memory.unwrap().bytes
    };
    // 5x10's tables for a whole sweep fit in the default memory: the estimate is theirs.
    let b = board("5x10");
    assert_eq!(estimated(false, DEFAULT_MEMORY, 1), estimate_keeping_tables(b, Tours::Open));
    // With less room, one count a class: one table's estimate, or as many as run at once,
    // each in its share of the limit.
    let one = estimate(b, Tours::Open);
    assert_eq!(estimated(false, one, 1), one);
    assert_eq!(estimated(false, one, 4), one, "room for one count only");
    assert_eq!(estimated(false, 3 * one, 4), 3 * one);
    assert_eq!(estimated(true, DEFAULT_MEMORY, 4), estimate(b, Tours::Closed), "one count of cycles");
}

#[test]
fn a_grid_counted_in_shares_is_the_grid_counted_at_once() {
    for text in ["5x5", "5x6", "3x8"] {
        let b = board(text);
        // Memory for one count from a square, not for a whole sweep's tables: by class.
        let limit = estimate(b, Tours::Open);
        assert!(estimate_keeping_tables(b, Tours::Open) > limit, "{text}");
        let question = Question::EveryStart { closed: false };
        let mut whole = Count::new(b, question, Method::Frontier, DEFAULT_MEMORY).unwrap();
        // To its end a count tells the sweeps it makes, as its outline does.
        let last = finish(&mut whole).pop().unwrap();
        assert_eq!((last.part, last.parts), (whole.outline().parts, whole.outline().parts), "{text}");
        assert_eq!(crate::count::shares(b, false, limit, 8), 2, "{text}");
        assert_eq!(crate::count::shares(b, false, DEFAULT_MEMORY, 8), 1, "{text} sweeps forward and back");
        assert_eq!(crate::count::shares(b, true, limit, 8), 1, "{text} closed: one count");
        let mut sweeps = 0;
        let parts: Vec<_> = (0..2)
            .map(|lane| {
                let mut part = Count::share(b, limit, Share { lane, lanes: 2 }).unwrap();
                assert_eq!(part.outline().every_start, Some(GridWay::ByClass));
                sweeps += part.outline().parts;
                (finish(&mut part), part.grid().unwrap())
            })
            .collect();
        let (seen, parts): (Vec<_>, Vec<_>) = parts.into_iter().unzip();
        // From the numbers the page's workers send, the same progress at every point; the
        // shares' sweeps all told from start to end, though one ends first, and the share
        // of them done never going back.
        let mut before = 0.0;
        for step in 0..seen[0].len().max(seen[1].len()) {
            let at: Vec<_> = seen.iter().map(|seen| seen[step.min(seen.len() - 1)].clone()).collect();
            let numbers = at.iter().map(|part| CountProgress::from_numbers(&part.to_numbers()).unwrap());
            let together = CountProgress::of_parts(&at);
            assert_eq!(CountProgress::of_parts(&numbers.collect::<Vec<_>>()), together);
            assert_eq!(together.parts, sweeps, "{text}, step {step}");
            assert!(together.fraction >= before, "{text}, step {step}: {} after {before}", together.fraction);
            before = together.fraction;
        }
        let [before, after] = [0, 1].map(|end| {
            let at: Vec<_> = seen.iter().map(|seen| seen[end * (seen.len() - 1)].clone()).collect();
            CountProgress::of_parts(&at)
        });
        assert_eq!((before.done, before.fraction, before.at_once.len()), (false, 0.0, 2), "{text}");
        assert_eq!((after.done, after.fraction, after.part), (true, 1.0, after.parts), "{text}");
        let halfway: Vec<_> =
            [&seen[0][seen[0].len() / 2], seen[1].last().unwrap()].map(Clone::clone).to_vec();
        let halfway = CountProgress::of_parts(&halfway);
        assert!(!halfway.done && halfway.fraction > 0.5 && halfway.fraction < 1.0, "{text}: {halfway:?}");
        assert!(parts.iter().all(|part| part.iter().any(|&tours| tours > 0)), "{text}: each part counts");
        assert_eq!(Some(Answer::of_parts(b, &parts)), whole.answer(), "{text}");
    }
}

#[test]
fn numbers_that_are_not_a_parts_progress_are_refused() {
    let mut count = Count::share(board("5x5"), DEFAULT_MEMORY, Share { lane: 0, lanes: 2 }).unwrap();
    let numbers = finish(&mut count)[1].to_numbers();
    assert!(numbers.len() > 10, "a sweep under way: {numbers:?}");
    assert!(CountProgress::from_numbers(&numbers).is_some());
    let changed = |at: usize, to: f64| {
        let mut numbers = numbers.clone();
        numbers[at] = to;
        numbers
    };
    let wrong = [
        numbers[..4].to_vec(),
        numbers[..7].to_vec(),
        numbers[..numbers.len() - 1].to_vec(),
        changed(0, 2.0),
        changed(2, 0.5),
        changed(3, -1.0),
        changed(6, f64::NAN),
        changed(1, f64::INFINITY),
    ];
    for numbers in wrong {
        assert_eq!(CountProgress::from_numbers(&numbers), None, "{numbers:?}");
    }
}

#[test]
fn a_count_from_every_square_says_how_it_will_go() {
    let way = |text: &str, closed: bool, limit: usize| {
        let count = Count::new(board(text), Question::EveryStart { closed }, Method::Frontier, limit);
        count.unwrap().outline().every_start
    };
    assert_eq!(way("5x10", true, DEFAULT_MEMORY), Some(GridWay::Cycles));
    assert_eq!(way("5x10", false, DEFAULT_MEMORY), Some(GridWay::ForwardAndBack));
    let b = board("5x10");
    let one_table = estimate(b, Tours::Open);
    assert!(one_table < estimate_keeping_tables(b, Tours::Open));
    assert_eq!(way("5x10", false, one_table), Some(GridWay::ByClass));
    let from_a1 = Question::Tours(Tours::OpenFrom(Square(0)));
    assert_eq!(Count::new(b, from_a1, Method::Frontier, DEFAULT_MEMORY).unwrap().outline().every_start, None);
}

#[test]
fn a_count_from_every_square_done_still_says_what_its_sweeps_held() {
    let mut count =
        Count::new(board("5x6"), Question::EveryStart { closed: true }, Method::Frontier, DEFAULT_MEMORY)
            .unwrap();
    let last = finish(&mut count).pop().unwrap();
    assert!(last.done);
    let sweep = last.sweep.expect("the last sweep's");
    assert_eq!((sweep.column, sweep.columns), (5, 6));
    assert!(sweep.states_per_column.iter().all(|&states| states > 0), "{:?}", sweep.states_per_column);
}

/// A share of a count in parts names one of them: `lane` from 0 to one less than `lanes`, of at
/// least one part; the page's workers ask for theirs by number, and a wrong one is refused in
/// words rather than counted as nothing.
#[test]
fn a_share_that_is_not_one_of_the_parts_is_refused() {
    let b = board("5x6");
    for (lane, lanes) in [(0, 0), (2, 2), (5, 3), (usize::MAX, 1)] {
        let refused = Count::share(b, DEFAULT_MEMORY, Share { lane, lanes }).err().expect("refused");
        assert_eq!(refused, CountError::NoSuchShare { lane, lanes });
        assert!(refused
            .to_string()
            .starts_with(&format!("there is no share {lane} of a count in {lanes} parts")));
    }
    for (lane, lanes) in [(0, 1), (1, 2), (2, 3)] {
        assert!(Count::share(b, DEFAULT_MEMORY, Share { lane, lanes }).is_ok(), "{lane} of {lanes}");
    }
}
