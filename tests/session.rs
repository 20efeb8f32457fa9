//! A run as the page watches it ([`Session`]): time slices, the views of the path that follow
//! take-backs, restarts and jumps, the span of depths a slice went through, the envelope of the
//! depth for the chart, when a search is called stuck, the tree of tried moves and the estimate,
//! natively, with a clock the test turns by hand.

use knights_tour::draw::picture::Palette;
use knights_tour::front::config::{Setup, Value};
use knights_tour::search::clock::CHUNK;
use knights_tour::watch::envelope::COLUMNS;
use knights_tour::watch::session::{NoTree, Span, SEEK_AHEAD, STUCK_WATCHED_MS, TREE_SQUARES};
use knights_tour::{Event, EventKind, Session, Square};

fn session(settings: &[(&'static str, &str)]) -> Session {
    let values = settings.iter().map(|&(name, value)| (name, Value::Text(value.to_string())));
    Session::new(Setup::read(values).expect("valid settings")).expect("a run")
}

/// A clock that never moves: slices end by their count of events alone.
fn frozen() -> impl FnMut() -> f64 {
    || 0.0
}

/// A clock that moves a millisecond each time it is read.
fn ticking() -> impl FnMut() -> f64 {
    let mut now = 0.0;
    move || {
        now += 1.0;
        now
    }
}

/// The path the events lead to, from the path before them: what the views must agree with.
fn replay(mut path: Vec<u32>, events: &[u32]) -> Vec<u32> {
    for event in events.chunks(3) {
        match event[0] {
            k if k == EventKind::Placed as u32 => {
                assert_eq!(event[2] as usize, path.len(), "a placement adds the next move");
                path.push(event[1]);
            }
            k if k == EventKind::Removed as u32 => assert_eq!(path.pop(), Some(event[1])),
            k if k == EventKind::Restarted as u32 => path.truncate(1),
            _ => {}
        }
    }
    path
}

/// The search's own path, as indices.
fn solver_path(run: &Session) -> Vec<u32> {
    run.solver().path().map(|square| square.0).collect()
}

/// Checks the path and order views against the search's path.
fn assert_views_follow(run: &mut Session) {
    let expected = solver_path(run);
    assert_eq!(run.path(), expected);
    let order = run.order().to_vec();
    for (square, &number) in order.iter().enumerate() {
        let place = expected.iter().position(|&s| s as usize == square);
        assert_eq!(number, place.map_or(0, |i| i as u32 + 1), "square {square}");
    }
}

#[test]
fn events_encode_as_kind_square_and_move() {
    let placed = Event::Placed { square: Square(17), index: 4 };
    assert_eq!(placed.encode(), [0, 17, 4]);
    assert_eq!(Event::Removed { square: Square(9), index: 3 }.encode(), [1, 9, 3]);
    assert_eq!(Event::Restarted { attempt: 2 }.encode(), [2, 2, 0]);
    let names: Vec<_> = EventKind::ALL.iter().map(|kind| (kind.name(), *kind as u32)).collect();
    assert_eq!(names, [("placed", 0), ("removed", 1), ("restarted", 2), ("finished", 3)]);
}

#[test]
fn recorded_slices_replay_to_the_path_whatever_their_size() {
    let settings = [("board", "6x6"), ("heuristic", "fixed"), ("budget", "5000")];
    let mut whole = session(&settings);
    whole.advance(u64::MAX, 1e9, true, &mut frozen());
    let all = whole.events().to_vec();
    let mut sliced = session(&settings);
    let mut pieces = Vec::new();
    while sliced.solver().outcome().is_none() {
        let before = sliced.path().to_vec();
        let ran = sliced.advance(37, 1e9, true, &mut frozen());
        assert_eq!(sliced.events().len() as u64, 3 * ran);
        assert_eq!(replay(before, sliced.events()), sliced.path());
        pieces.extend_from_slice(sliced.events());
    }
    assert_eq!(all, pieces, "the slice's size does not change the events");
    assert_eq!(sliced.last_event(), whole.last_event());
}

#[test]
fn a_slice_ends_when_its_time_is_up() {
    // 8x8 in the fixed order is 16.5 million events; a clock read every CHUNK events that moves
    // a millisecond a read stops a 3 ms slice after a few chunks.
    let mut run = session(&[("start", "0,0"), ("heuristic", "fixed")]);
    let ran = run.advance(u64::MAX, 3.0, false, &mut ticking());
    assert_eq!(ran, 3 * CHUNK);
    assert!(run.events().is_empty(), "an unrecorded slice keeps no events");
    assert_eq!(run.advance(10, 3.0, true, &mut ticking()), 10, "a count smaller than a chunk is kept");
}

#[test]
fn recorded_and_bare_slices_agree_on_the_state_and_the_span_of_depths() {
    let settings = [("board", "6x6"), ("start", "0,0"), ("heuristic", "fixed")];
    let (mut recorded, mut bare) = (session(&settings), session(&settings));
    for slice in [1, 7, 100, 5000, 3, 20_000, 999] {
        recorded.advance(slice, 1e9, true, &mut frozen());
        bare.advance(slice, 1e9, false, &mut frozen());
        assert_eq!(recorded.position(), bare.position());
        assert_eq!(recorded.span(), bare.span(), "after a slice of {slice}");
        assert_eq!(recorded.last_event(), bare.last_event());
        assert_eq!(recorded.path(), bare.path());
    }
    let Span { low, high } = bare.span();
    assert!(low < high && high <= 36, "999 events of backtracking go up and down: {low}..{high}");
}

#[test]
fn the_depth_envelope_is_the_same_whatever_the_slices_and_a_walk_without_take_backs_stays_a_line() {
    // 8x8 Warnsdorff from a1 tours without a take-back in 64 events: at full speed one slice.
    let mut walk = session(&[("board", "8x8"), ("start", "a1"), ("heuristic", "warnsdorff")]);
    walk.advance(u64::MAX, 1e9, false, &mut frozen());
    let envelope = walk.envelope();
    assert_eq!((envelope.width(), envelope.low().len()), (1, 65), "an event a column, the end's too");
    for (column, (&low, &high)) in envelope.low().iter().zip(envelope.high()).enumerate() {
        let depth = column as u32;
        assert_eq!((low, high), (depth, (depth + 1).min(64)), "a rising line, not a block");
    }
    // A search that backtracks and restarts, past the point where the columns widen: the same
    // envelope from one slice, from slices of every size, recorded or not.
    let settings = [
        ("board", "6x6"),
        ("start", "0,0"),
        ("heuristic", "random"),
        ("closed", "1"),
        ("restarts", "20"),
        ("seed", "7"),
        ("budget", "20000"),
    ];
    let mut whole = session(&settings);
    whole.advance(u64::MAX, 1e9, false, &mut frozen());
    assert!(whole.envelope().width() > 1 && whole.solver().stats().restarts > 0);
    assert!(whole.envelope().low().len() > COLUMNS / 2);
    for (record, slice) in [(true, u64::MAX), (false, 1), (true, 3), (false, 1000), (false, 5000)] {
        let mut sliced = session(&settings);
        while sliced.solver().outcome().is_none() {
            sliced.advance(slice, 1e9, record, &mut frozen());
        }
        assert_eq!(sliced.envelope(), whole.envelope(), "slices of {slice}, recorded: {record}");
    }
    let (low, high) = (whole.envelope().low(), whole.envelope().high());
    assert!(low.iter().zip(high).all(|(low, high)| low <= high && *high <= 36));
    assert!(low.iter().zip(high).any(|(low, high)| high - low > 3), "a sawtooth, kept column by column");
}

#[test]
fn a_search_is_stuck_only_once_the_page_has_watched_it_long_without_getting_deeper() {
    // The case: a closed tour of 50x50 by Warnsdorff's rule reaches every square at
    // once and then cannot close; the core's count of events calls it stuck within a second of
    // the page's full speed.
    let settings = [("board", "50x50"), ("start", "0,0"), ("heuristic", "warnsdorff"), ("closed", "1")];
    let frame = 1000.0 / 60.0;
    let mut now = 0.0;
    let mut run = session(&settings);
    let mut frames = 0;
    while !run.progress().stuck {
        now += frame;
        frames += 1;
        run.advance(1 << 14, 1e9, false, &mut || now);
        assert!(frames < 1000, "stuck in the end");
    }
    let progress = run.progress();
    assert_eq!(progress.deepest, 2500, "every square reached, and no closing move");
    assert!(f64::from(frames) * frame >= STUCK_WATCHED_MS, "after {frames} frames");
    assert!(progress.events_since_deepest >= 1 << 20);
    // Paused a minute: a pause is not watching, and one slice after it does not make it stuck.
    let mut run = session(&settings);
    run.advance(1 << 21, 1e9, false, &mut || 0.0);
    run.advance(1 << 10, 1e9, false, &mut || 60_000.0);
    assert!(!run.progress().stuck, "{:?}", run.progress());
    // A jump starts the wait over.
    for _ in 0..300 {
        now += frame;
        run.advance(1 << 14, 1e9, false, &mut || now);
    }
    assert!(run.progress().stuck);
    run.step_back();
    assert!(!run.progress().stuck);
}

#[test]
fn the_views_follow_restarts_even_when_the_walk_then_goes_deeper_than_ever() {
    // Warnsdorff's walk with random ties, seed 4, dead-ends once on 10x10 and then tours it (183
    // placements for 100 squares, by the command line): the second attempt goes deeper than the
    // first within the same slice, and a restart drops squares with no events of its own.
    let settings = [
        ("board", "10x10"),
        ("start", "0,0"),
        ("heuristic", "random"),
        ("backtracking", "0"),
        ("restarts", "50"),
        ("seed", "4"),
    ];
    for (record, slice) in [(false, u64::MAX), (true, u64::MAX), (false, 23), (true, 23)] {
        let mut run = session(&settings);
        while run.solver().outcome().is_none() {
            run.advance(slice, 1e9, record, &mut frozen());
            assert_views_follow(&mut run);
        }
        assert_eq!(run.solver().stats().placements, 183);
        assert_eq!(run.path().len(), 100);
    }
}

#[test]
fn going_back_and_forth_keeps_the_views_and_the_last_event() {
    let mut run = session(&[("board", "6x6"), ("start", "0,0"), ("heuristic", "fixed")]);
    run.advance(5_000, 1e9, false, &mut frozen());
    let (path, last) = (run.path().to_vec(), run.last_event());
    run.advance(10, 1e9, false, &mut frozen());
    for _ in 0..10 {
        run.step_back();
        assert_views_follow(&mut run);
        assert_eq!(run.span(), Span { low: run.depth(), high: run.depth() }, "standing still");
    }
    assert_eq!((run.path().to_vec(), run.last_event()), (path, last));
    assert_eq!((run.position(), run.horizon()), (5_000, 5_010));
    assert!(run.seek(0, None, &mut frozen()));
    assert!(run.path().is_empty());
    assert_eq!(run.last_event(), None);
    assert!(run.seek(1, None, &mut frozen()));
    assert_eq!(run.last_event(), Some(Event::Placed { square: Square(0), index: 0 }));
    assert!(run.seek(3_000, None, &mut frozen()));
    assert_views_follow(&mut run);
}

#[test]
fn a_seek_goes_at_most_a_bounded_way_past_the_horizon_and_in_slices_when_given_a_budget() {
    let mut run = session(&[("start", "0,0"), ("heuristic", "fixed")]);
    assert!(run.seek(u64::MAX, None, &mut frozen()));
    assert_eq!(run.position(), SEEK_AHEAD);
    run.seek(u64::MAX, None, &mut frozen());
    assert_eq!(run.position(), 2 * SEEK_AHEAD, "the bound counts from the new horizon");
    // A fresh run searched forward by a seek, with a clock that is always late: a slice a call.
    let mut run = session(&[("start", "0,0"), ("heuristic", "fixed")]);
    let mut calls = 1;
    while !run.seek(1_000_000, Some(0.0), &mut ticking()) {
        calls += 1;
        assert!(run.position() < 1_000_000);
    }
    assert_eq!(run.position(), 1_000_000);
    assert!(calls > 1, "a replay of up to a million events goes a slice at a time: {calls}");
    assert_views_follow(&mut run);
}

#[test]
fn the_picture_hands_out_only_what_changed() {
    let mut run = session(&[("board", "3x10"), ("start", "0,0"), ("heuristic", "warnsdorff")]);
    assert!(run.changed_pixels().is_none(), "no pixels before a style");
    let palette = Palette::from_bytes(&[200, 200, 200, 100, 100, 100, 0, 0, 255, 255, 0, 0, 255]).unwrap();
    run.paint_with(4, palette);
    assert_eq!(run.picture_size(), (4, 11), "three bands of 3 rows a row apart");
    let (rect, pixels) = run.changed_pixels().expect("a new picture is drawn whole");
    assert_eq!((rect.x, rect.y, pixels.len()), (0..4, 0..11, 4 * 4 * 11));
    assert!(run.changed_pixels().is_none(), "then nothing until the path changes");
    run.advance(1, 1e9, false, &mut frozen());
    let (rect, pixels) = run.changed_pixels().expect("the start was placed");
    assert_eq!((rect.x, rect.y, pixels), (0..1, 0..1, &[0, 0, 255, 255][..]));
}

#[test]
fn a_tree_is_kept_for_small_backtracking_searches_and_otherwise_the_reason_is_given() {
    let no_tree = |settings: &[(&'static str, &str)]| {
        let mut run = session(settings);
        run.advance(1, 1e9, false, &mut frozen());
        run.no_tree()
    };
    assert_eq!(no_tree(&[("board", "5x5")]).map(|why| matches!(why, NoTree::Builds(_))), Some(true));
    assert_eq!(
        no_tree(&[("board", "5x5"), ("heuristic", "fixed"), ("backtracking", "0")]),
        Some(NoTree::Greedy)
    );
    assert_eq!(no_tree(&[("board", "4x4"), ("heuristic", "fixed")]), Some(NoTree::Impossible));
    assert_eq!(
        no_tree(&[("board", "11x10"), ("heuristic", "fixed")]),
        Some(NoTree::TooLarge { squares: 110 })
    );
    assert_eq!(no_tree(&[("board", "10x10"), ("heuristic", "fixed")]), None);
    assert_eq!(
        NoTree::TooLarge { squares: 1_048_576 }.to_string(),
        format!("The tree is drawn for boards of up to {TREE_SQUARES} squares; this one has 1,048,576.")
    );
    assert!(NoTree::Builds(knights_tour::Heuristic::Divide)
        .to_string()
        .starts_with("Divide and conquer builds"));

    let mut run = session(&[("board", "5x5"), ("start", "a5"), ("heuristic", "fixed")]);
    run.track_tree();
    run.advance(500, 1e9, false, &mut frozen());
    let tree = run.tree().expect("kept from the start");
    assert_eq!(tree.since(), 0);
    assert!(tree.nodes().len() > 25, "500 events of backtracking tried more than one path");
    let mut divide = session(&[("board", "5x5"), ("start", "a5")]);
    divide.track_tree();
    assert!(divide.tree().is_none());
}

#[test]
fn the_estimate_is_made_once_and_only_for_searches_that_backtrack() {
    let mut run = session(&[("board", "5x5"), ("start", "a5"), ("heuristic", "fixed")]);
    let first = run.estimate().expect("a backtracking search has a tree");
    run.advance(1000, 1e9, false, &mut frozen());
    assert_eq!(run.estimate(), Some(first), "made once, from the search before its first event");
    assert_eq!(session(&[("board", "5x5")]).estimate(), None);
    assert_eq!(session(&[("heuristic", "warnsdorff"), ("backtracking", "0")]).estimate(), None);
}

#[test]
fn the_pieces_tours_with_each_seams_moves_cut_and_added_make_exactly_the_tour_walked() {
    use std::collections::HashSet;
    let key = |a: u32, b: u32| (a.min(b), a.max(b));
    let boards = [
        ("20x24", "19,0", "0"),
        ("3x10", "2,0", "0"),
        ("4x8", "3,0", "0"),
        ("4x13", "0,5", "0"),
        ("7x9", "0,0", "0"),
        ("10x12", "3,3", "1"),
        ("3x40", "1,7", "0"),
        ("4x30", "0,29", "0"),
        ("50x37", "10,10", "0"),
    ];
    for (board, start, closed) in boards {
        let mut run = session(&[("board", board), ("start", start), ("closed", closed)]);
        let construction = run.solver().construction().expect("divide builds these").clone();
        let moves = knights_tour::divide::assembly::moves(&construction).expect("built here, with its moves");
        run.advance(u64::MAX, 1e9, false, &mut frozen());
        let path = run.path().to_vec();
        let mut walked: HashSet<_> = path.windows(2).map(|pair| key(pair[0], pair[1])).collect();
        if run.solver().outcome() == Some(knights_tour::Outcome::ClosedTour) {
            walked.insert(key(path[path.len() - 1], path[0]));
        }
        let kept: HashSet<_> =
            (0..moves.len()).filter(|&i| moves.cut[i] < 0).map(|i| key(moves.from[i], moves.to[i])).collect();
        assert_eq!(kept, walked, "{board} from {start}");
        // Each piece's moves, then each seam's, contiguous and in order.
        let group = |i: usize| if moves.piece[i] >= 0 { moves.piece[i] } else { -1 - moves.seam[i] };
        let groups: Vec<i32> = (0..moves.len()).map(group).collect();
        let mut order = groups.clone();
        order.dedup();
        let expected: Vec<i32> = (0..construction.pieces.len() as i32)
            .chain((0..construction.seams.len() as i32).map(|k| -1 - k))
            .filter(|g| groups.contains(g))
            .collect();
        assert_eq!(order, expected, "{board}: groups contiguous, pieces then seams");
        assert!(moves.cut.iter().all(|&k| k < construction.seams.len() as i32));
    }
}
