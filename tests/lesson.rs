//! What the teaching view says, against the textbook search written out plainly here: a depth
//! first search in the textbook order, the path a list, a square's moves tried one after the
//! other. At every event, forward and back on the timeline, the tree of tried moves the core
//! keeps is exactly the moves that search has tried, each under the move it was tried from, and
//! the next step the core tells is the event that search makes next.

use std::collections::BTreeMap;

use knights_tour::board::KNIGHT_MOVES;
use knights_tour::front::config::{Setup, Value};
use knights_tour::watch::tree::{SearchTree, NONE, OPEN};
use knights_tour::{Board, Event, Session, Square};

fn session(settings: &[(&'static str, &str)]) -> Session {
    let values = settings.iter().map(|&(name, value)| (name, Value::Text(value.to_string())));
    Session::new(Setup::read(values).expect("valid settings")).expect("a run")
}

/// The textbook search's first `limit` events from `start` (an open tour: it stops at the first
/// path of every square), each a placement or a take-back of the path's last square, then the
/// end if it comes within them.
fn textbook(board: Board, start: Square, limit: usize) -> Vec<Event> {
    let (rows, cols) = (board.rows() as i32, board.cols() as i32);
    let moves = |square: Square| -> Vec<Square> {
        let (row, col) = ((square.0 / board.cols()) as i32, (square.0 % board.cols()) as i32);
        KNIGHT_MOVES
            .iter()
            .map(|&(dr, dc)| (row + dr, col + dc))
            .filter(|&(r, c)| r >= 0 && r < rows && c >= 0 && c < cols)
            .map(|(r, c)| Square((r * cols + c) as u32))
            .collect()
    };
    let mut events = vec![Event::Placed { square: start, index: 0 }];
    let mut path = vec![start];
    // Per square on the path, the moves from it not tried yet.
    let mut untried = vec![moves(start)];
    while events.len() < limit {
        if path.len() == board.len() as usize {
            events.push(Event::Finished(knights_tour::Outcome::Tour));
            break;
        }
        let next = untried.last_mut().unwrap();
        match (0..next.len()).find(|&i| !path.contains(&next[i])) {
            Some(i) => {
                let square = next[i];
                next.drain(..=i);
                events.push(Event::Placed { square, index: path.len() as u32 });
                path.push(square);
                untried.push(moves(square));
            }
            None if path.len() == 1 => {
                events.push(Event::Finished(knights_tour::Outcome::NoTour));
                break;
            }
            None => {
                let square = path.pop().unwrap();
                untried.pop();
                events.push(Event::Removed { square, index: path.len() as u32 });
            }
        }
    }
    events
}

/// A move as the tree shows it: the squares from the start to it.
type Line = Vec<Square>;

/// The moves tried after `position` events of `events`, each as its line, with whether it is on
/// the path then.
fn tried(events: &[Event], position: usize) -> BTreeMap<Line, bool> {
    let mut path: Line = Vec::new();
    let mut lines = BTreeMap::new();
    for event in &events[..position] {
        match *event {
            Event::Placed { square, .. } => {
                path.push(square);
                lines.insert(path.clone(), true);
            }
            Event::Removed { .. } => {
                lines.insert(path.clone(), false);
                path.pop();
            }
            _ => {}
        }
    }
    lines
}

/// The tree's moves shown at event `position`, each as its line, with whether it is on the path.
fn shown(tree: &SearchTree, position: u64) -> BTreeMap<Line, bool> {
    let nodes = tree.nodes();
    let line = |mut index: u32| {
        let mut line = Vec::new();
        while index != NONE {
            line.push(nodes[index as usize].square);
            index = nodes[index as usize].parent;
        }
        line.reverse();
        line
    };
    (0..nodes.len() as u32)
        .filter(|&index| nodes[index as usize].placed < position)
        .map(|index| {
            (line(index), nodes[index as usize].removed == OPEN || nodes[index as usize].removed > position)
        })
        .collect()
}

/// The trunk the textbook search's tried moves make at a position: from the start down, the
/// only move tried from the square before, on the path, with moves tried from it.
fn trunk(lines: &BTreeMap<Line, bool>) -> Line {
    let mut trunk: Line = Vec::new();
    loop {
        let mut next =
            lines.iter().filter(|(line, _)| line.len() == trunk.len() + 1 && line.starts_with(&trunk));
        let (Some((only, &on_path)), None) = (next.next(), next.next()) else { break };
        let deeper = lines.keys().any(|line| line.len() == only.len() + 1 && line.starts_with(only));
        if !on_path || !deeper {
            break;
        }
        trunk = only.clone();
    }
    trunk
}

/// Checks the tree, its trunk and the next step at the session's event against the textbook
/// search's `events`.
fn check(run: &mut Session, events: &[Event]) {
    let board = run.solver().board();
    let position = run.position();
    let at = position as usize;
    let tree = run.tree().expect("kept");
    let expected = tried(events, at);
    assert_eq!(shown(tree, position), expected, "the moves tried by event {position}");
    let trunk: Line = tree.trunk(position).iter().map(|&index| tree.nodes()[index as usize].square).collect();
    assert_eq!(trunk, self::trunk(&expected), "the trunk at event {position}");
    assert_eq!(tree.left_out(position, run.solver().stats().placements), 0);
    let step = run.next_step();
    let name = |square: Square| board.name(square);
    match (events.get(at), step) {
        (Some(&Event::Placed { square, index }), Some(step)) => {
            assert_eq!((step.kind, step.square, step.number), ("placed", Some(square.0), Some(index + 1)));
            let goes = if index == 0 { "is placed on" } else { "goes to" };
            assert!(
                step.words.ends_with(&format!(
                    "Next step: the knight {goes} {}, move {}.",
                    name(square),
                    index + 1
                )),
                "{}",
                step.words
            );
        }
        (Some(&Event::Removed { square, index }), Some(step)) => {
            assert_eq!((step.kind, step.square, step.number), ("removed", Some(square.0), Some(index + 1)));
            assert!(
                step.words.contains(&format!("taken back from {}, move {}", name(square), index + 1)),
                "{}",
                step.words
            );
        }
        (Some(&Event::Finished(outcome)), Some(step)) => {
            assert_eq!((step.kind, step.outcome), ("finished", Some(outcome.name())));
            assert!(step.words.contains("Next step: the search ends"), "{}", step.words);
        }
        (None, step) if matches!(events.last(), Some(Event::Finished(_))) => {
            assert_eq!(step, None, "nothing after the end")
        }
        (None, _) => {} // the model stopped short of the end
        (expected, step) => panic!("event {position}: the model makes {expected:?}, the core tells {step:?}"),
    }
}

/// Steps a session event by event through `events`, then back to the start and forward again,
/// checking every event each way.
fn lockstep(settings: &[(&'static str, &str)], events: &[Event]) {
    let mut run = session(settings);
    run.track_tree();
    let clock = &mut || 0.0;
    check(&mut run, events);
    let last = events.len() as u64;
    while run.position() < last {
        run.advance(1, 1e9, false, clock);
        check(&mut run, events);
    }
    while run.position() > 0 {
        run.step_back();
        check(&mut run, events);
    }
    // Jumps back and forth over events the tree has seen.
    for target in [last / 2, 3, last - 1, 1, last] {
        run.seek(target, None, clock);
        check(&mut run, events);
    }
}

#[test]
fn the_tree_and_the_next_step_follow_the_textbook_search_of_5x5_from_a1_forward_and_back() {
    let board = Board::new(5, 5).unwrap();
    let start = board.parse_square("a1").unwrap();
    let events = textbook(board, start, usize::MAX);
    // The lesson's figures: the first tour after 41 placements and 16 backtracks, then the end.
    assert_eq!(events.len(), 41 + 16 + 1);
    lockstep(&[("board", "5x5"), ("start", "a1"), ("heuristic", "fixed")], &events);
}

#[test]
fn the_tree_and_the_next_step_follow_the_textbook_search_of_6x6_from_a_corner() {
    let board = Board::new(6, 6).unwrap();
    let events = textbook(board, board.parse_square("a1").unwrap(), 2000);
    lockstep(&[("board", "6x6"), ("start", "a1"), ("heuristic", "fixed")], &events);
}

#[test]
fn a_branch_used_up_stays_under_the_move_it_was_tried_from() {
    // 5x5 from a1: at event 38 the knight is taken back from d4 to e2, and at event 39 goes on to
    // c3. d4 and the moves tried under it stay in the top row, taken back, beside c3.
    let board = Board::new(5, 5).unwrap();
    let mut run = session(&[("board", "5x5"), ("start", "a1"), ("heuristic", "fixed")]);
    run.track_tree();
    run.advance(39, 1e9, false, &mut || 0.0);
    let tree = run.tree().unwrap();
    let trunk = tree.trunk(39);
    let e2 = *trunk.last().unwrap();
    assert_eq!(board.name(tree.nodes()[e2 as usize].square), "e2");
    let top: Vec<(String, bool)> = tree
        .nodes()
        .iter()
        .filter(|node| node.parent == e2)
        .map(|node| (board.name(node.square), node.removed == OPEN))
        .collect();
    assert_eq!(top, [("d4".to_string(), false), ("c3".to_string(), true)]);
}

#[test]
fn where_the_tree_gives_up_its_deepest_levels_it_counts_what_it_leaves_out() {
    // The whole search from a5 (8,840 placements) is more than the tree keeps.
    let board = Board::new(5, 5).unwrap();
    let events = textbook(board, board.parse_square("a5").unwrap(), usize::MAX);
    let mut run = session(&[("board", "5x5"), ("start", "a5"), ("heuristic", "fixed")]);
    run.track_tree();
    run.advance(u64::MAX, 1e9, false, &mut || 0.0);
    assert_eq!(run.position(), events.len() as u64);
    let tree = run.tree().unwrap();
    let levels = tree.levels() as usize;
    assert!(levels < 25, "the tree kept {levels} levels");
    for position in [events.len(), events.len() / 3, 1000, 1] {
        let kept: BTreeMap<Line, bool> =
            tried(&events, position).into_iter().filter(|(line, _)| line.len() <= levels).collect();
        assert_eq!(shown(tree, position as u64), kept, "event {position}");
        let deeper = events[..position]
            .iter()
            .filter(|event| matches!(event, Event::Placed { index, .. } if *index as usize >= levels))
            .count() as u64;
        let placements =
            events[..position].iter().filter(|event| matches!(event, Event::Placed { .. })).count() as u64;
        assert_eq!(tree.left_out(position as u64, placements), deeper, "event {position}");
    }
}

#[test]
fn at_a_path_of_every_square_the_next_step_says_what_the_check_finds() {
    let clock = &mut || 0.0;
    // The lesson's case: 5x5 from a1, event 57, all 25 squares numbered.
    let mut run = session(&[("board", "5x5"), ("start", "a1"), ("heuristic", "fixed")]);
    run.advance(57, 1e9, false, clock);
    let step = run.next_step().unwrap();
    assert!(step.covered);
    assert_eq!(
        step.words,
        "Every square is visited: the tour is complete. Next step: the search ends: it has found an open tour."
    );
    // 8x8 from b1 without backtracking, at move 64 of 64.
    let mut walk =
        session(&[("board", "8x8"), ("start", "b1"), ("heuristic", "warnsdorff"), ("backtracking", "0")]);
    walk.advance(64, 1e9, false, clock);
    assert_eq!(walk.depth(), 64);
    let step = walk.next_step().unwrap();
    assert!(
        step.covered && step.words.starts_with("Every square is visited: the tour is complete."),
        "{}",
        step.words
    );
    // A closed tour sought: the ends are named, and the walk that cannot go back says so.
    let mut closed = session(&[
        ("board", "8x8"),
        ("start", "b1"),
        ("heuristic", "warnsdorff"),
        ("backtracking", "0"),
        ("closed", "1"),
    ]);
    closed.advance(64, 1e9, false, clock);
    let last = closed.solver().path().last().unwrap();
    let step = closed.next_step().unwrap();
    assert_eq!(
        step.words,
        format!(
            "Every square is visited, but the last, {}, is not a knight's move from the first, b1: an \
             open tour, not a closed one. Next step: the walk ends there: it never goes back to look \
             for a path that closes.",
            closed.solver().board().name(last)
        )
    );
    closed.advance(1, 1e9, false, clock);
    let ending = closed.ending().unwrap();
    assert_eq!(ending.name, "unclosed");
    assert!(ending.reason.starts_with("the last square, "), "{}", ending.reason);
    assert!(ending
        .reason
        .ends_with(", is not a knight's move from the first, b1: an open tour, not a closed one"));
    // Backtracking, the full path that does not close is taken back.
    let mut search =
        session(&[("board", "6x6"), ("start", "a1"), ("heuristic", "warnsdorff"), ("closed", "1")]);
    while !(search.depth() == 36 && search.next_step().is_some_and(|step| step.kind == "removed")) {
        search.advance(1, 1e9, false, clock);
        assert!(search.solver().outcome().is_none(), "a full path that does not close comes before the tour");
    }
    let step = search.next_step().unwrap();
    assert!(step.words.contains("is not a knight's move from the first, a1: an open tour, not a closed one. Next step: the knight is taken back from"), "{}", step.words);
}
