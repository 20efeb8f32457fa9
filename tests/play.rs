//! Play mode: the verdict after every move of a person touring the board, the reasons it gives
//! and the squares they name, moves refused in words, undo and hints.

mod common;

use common::{assert_tour, board, Oracle};
use knights_tour::play::{parse_path, Game, NotAMove, Reason, Verdict};
use knights_tour::{Board, Impossibility, Outcome, Square};

/// The game after the moves of `path` (chess names), each verdict decided before the next
/// move, as a page would.
fn play(board: Board, path: &str, closed: bool) -> Game {
    let path = parse_path(board, path).unwrap();
    let mut game = Game::new(board, path[0], closed).unwrap();
    decide(&mut game);
    for &square in &path[1..] {
        game.try_move(square).unwrap();
        decide(&mut game);
    }
    game
}

fn decide(game: &mut Game) {
    while game.think(10_000) == Verdict::Thinking {}
}

fn names(board: Board, squares: &[Square]) -> Vec<String> {
    squares.iter().map(|&square| board.name(square)).collect()
}

/// The reason the game's position is doomed, its squares by name, and since which move.
fn doom(game: &Game) -> (Reason, Vec<String>, usize) {
    match game.verdict() {
        Verdict::Impossible { reason, since } => {
            (reason.clone(), names(game.board(), &reason.squares()), since)
        }
        other => panic!("expected a doomed position, got {}", other.name()),
    }
}

/// Asserts the doom's reason by name, its squares and when it began, and that its words name
/// the squares where there are few.
fn assert_doom(game: &Game, name: &str, squares: &[&str], since: usize) {
    let (reason, named, at) = doom(game);
    let words = reason.describe(game.board()).to_string();
    assert_eq!((reason.name(), at), (name, since), "{words}");
    assert_eq!(named, squares, "{words}");
    if squares.len() <= 3 {
        for square in squares {
            assert!(words.contains(square), "{words:?} names {square}");
        }
    }
}

#[test]
fn before_the_first_move_the_theorems_speak() {
    let b = board(5, 5);
    let game = play(b, "b1", false);
    let (reason, squares, since) = doom(&game);
    assert_eq!(reason, Reason::Theorem(Impossibility::MinorityColour { rows: 5, cols: 5 }));
    assert_eq!((squares.len(), since), (0, 0));
    assert!(reason.describe(b).to_string().contains("corners' colour"));
    let closed = play(board(3, 4), "a3", true);
    assert_eq!(doom(&closed).0, Reason::Theorem(Impossibility::ClosedThreeRows { rows: 3, cols: 4 }));
}

#[test]
fn a_square_only_the_knight_can_reach_and_not_leave_is_a_dead_end() {
    // a6's moves are b4 and c5, both on the path now; the knight on b4 could step there only.
    let game = play(board(6, 6), "c5,d3,b4", false);
    assert_doom(&game, "dead-end", &["a6"], 2);
    assert_eq!(doom(&game).0.cut(), Some(knights_tour::Cut::Stranded));
    assert_eq!(
        doom(&game).0.describe(game.board()).to_string(),
        "a6 can now be entered only from b4, where the knight stands, and it has no way out: the \
         knight would stop there with 32 free squares left"
    );
    // The words say which square the knight stands on, and nothing only the knight could do.
    let eight = play(board(8, 8), "b3,d4,c2", false);
    let (reason, _, _) = doom(&eight);
    assert_eq!(
        reason.describe(eight.board()).to_string(),
        "a1 can now be entered only from c2, where the knight stands, and it has no way out: the \
         knight would stop there with 60 free squares left"
    );
}

#[test]
fn a_square_with_no_way_in_can_no_longer_be_reached() {
    // The knight leaves the dead end behind: a6 can no longer be reached at all, since b4 was
    // placed, as move 3 (the number drawn on it).
    let game = play(board(6, 6), "c5,d3,b4,d5", false);
    assert_doom(&game, "unreachable", &["a6"], 2);
    assert!(game
        .explain()
        .starts_with("no tour can be finished from here, and none could since move 3: a6 "));
    // a1's moves are b3 and c2: with b3 taken it could only end the tour (since move 2), and
    // a closed tour cannot end there; the knight then takes c2 and leaves.
    let closed = play(board(5, 6), "a5,b3,d4,c2,a3", true);
    assert_doom(&closed, "unreachable", &["a1"], 2);
}

#[test]
fn a_knight_with_no_move_left_is_stuck() {
    let game = play(board(4, 5), "b3,d4,c2,a1", false);
    assert_doom(&game, "stuck", &["a1"], 0);
    assert_eq!(game.reachable().count(), 0);
}

#[test]
fn a_closed_tour_needs_a_way_back_to_the_start() {
    let game = play(board(6, 6), "a6,c5,d3,b4", true);
    assert_doom(&game, "no-way-back", &["a6"], 3);
}

#[test]
fn more_squares_that_could_only_be_last_than_a_path_has_ends() {
    // a5, f1 and f5 each have one free square a knight's move away: the path has room for two
    // such squares (the one the knight steps onto next, and the last), and the knight on e3 can
    // step onto f1 or f5 only.
    let game = play(board(5, 6), "c4,e3", false);
    assert_doom(&game, "last-squares", &["a5", "f1", "f5"], 1);
    // A closed tour's last square needs a way back to the start too: room for one end only.
    let closed = play(board(5, 6), "c5,b3", true);
    assert_doom(&closed, "last-squares", &["a1", "a5"], 1);
}

#[test]
fn the_squares_that_could_only_be_last_are_said_with_the_way_each_has_left() {
    // The lesson's case: after a1, c2, e3, c4 on 5x5, a5 and e5 can still be entered from the
    // knight on c4 or from one free square each (b3, d3); e1 only from d3. Only one of them
    // can come next, so two would both have to be the last square.
    let b = board(5, 5);
    let game = play(b, "a1,c2,e3,c4", false);
    assert_doom(&game, "last-squares", &["a5", "e1", "e5"], 3);
    assert_eq!(
        doom(&game).0.describe(b).to_string(),
        "a5 (only b3), e1 (only d3) and e5 (only d3) each have just one free square a knight's move \
         away. A square in the middle of a path needs one square before it and one after, so each \
         must be the square the knight steps onto next or the last square. The knight can step onto \
         only one of them (a5 and e5 are a knight's move from it), so the other two would both have \
         to be the last square"
    );
    // Each named way is the one free square a knight's move from its end, and the squares the
    // words call next to the knight are.
    let Reason::LastSquares { ends, .. } = doom(&game).0 else { unreachable!() };
    for end in ends {
        let free: Vec<Square> =
            b.knight_moves(end.square).filter(|&s| game.move_number(s).is_none()).collect();
        assert_eq!(free, [end.way], "{}", b.name(end.square));
        assert_eq!(end.near, b.is_knight_move(end.square, game.knight()));
    }
    assert!(game.explain().starts_with("no tour can be finished from here: a5 (only b3)"));
}

#[test]
fn free_squares_fallen_apart_are_named_piece_by_piece() {
    let game = play(board(5, 6), "a5,c4,e5,d3,c5,e4,f2,d1,c3", false);
    let (reason, squares, since) = doom(&game);
    let Reason::Pieces { pieces } = &reason else { panic!("{reason:?}") };
    assert_eq!(pieces.iter().map(Vec::len).collect::<Vec<_>>(), [19, 2]);
    assert_eq!(names(game.board(), &pieces[1]), ["a4", "b2"]);
    assert_eq!((squares.len(), since), (21, 8));
    assert!(reason.describe(game.board()).to_string().contains("2 pieces, of 19 and 2 squares"));
}

#[test]
fn the_last_square_of_an_open_tour_has_the_colour_the_count_of_free_squares_gives() {
    // 18 squares left after the knight: the last is of the knight's colour, and a1 and e1, each
    // with one way left, are not, so both would have to come straight after the knight.
    let game = play(board(4, 5), "b4,c2", false);
    assert_doom(&game, "last-colour", &["a1", "e1"], 1);
}

#[test]
fn flye_sainte_marie_on_what_is_left_of_a_board_4_wide() {
    // 17 squares left after d3, 9 of them on the outer lines, no two of which may follow each
    // other: 4 of d3's colour at even places, 5 of the other at odd places; even places first
    // (2 to 8), the others must start at 11 and end at 19; odd first (1 to 9), the others
    // from 12 to 18 at least, 4 of them: 12, 14, 16, 18, past 17.
    let game = play(board(4, 5), "a4,b2,d3", false);
    assert_doom(&game, "four-wide", &["a1", "b1", "b4", "c1", "c4", "d1", "d4", "e1", "e4"], 2);
}

#[test]
fn what_no_rule_sees_the_exhaustive_search_settles() {
    assert_doom(&play(board(3, 4), "a3,b1", false), "exhausted", &[], 1);
    assert_doom(&play(board(5, 6), "b4,d3", true), "exhausted", &[], 1);
}

#[test]
fn a_move_that_is_not_one_says_why() {
    let b = board(8, 8);
    let mut game = play(b, "b1,c3,d5,b4,a2", false);
    let words = |result: Result<(), NotAMove>| result.unwrap_err().to_string();
    let square = |name: &str| b.parse_square(name).unwrap();
    assert_eq!(words(game.try_move(square("c5"))), "c5 is not a knight's move from a2");
    assert_eq!(words(game.try_move(square("c3"))), "c3 is already on the path, move 2");
    assert_eq!(words(game.try_move(square("b1"))), "b1 is already on the path: the knight started there");
    assert_eq!(words(game.try_move(Square(64))), "square index 64 is off the 8×8 board");
    assert_eq!(game.path().len(), 5, "nothing moved");
    assert_eq!(game.move_number(square("d5")), Some(3), "the number drawn on it: the start is 1");
}

#[test]
fn moves_stay_allowed_after_the_doom_and_the_doom_stays_until_undone() {
    let b = board(6, 6);
    let mut game = play(b, "c5,d3,b4", false);
    let before = doom(&game);
    while let Some(next) = game.reachable().min() {
        game.try_move(next).unwrap();
        assert_eq!(doom(&game).2, 2, "still doomed since move 2");
    }
    while game.path().len() > 3 {
        game.undo();
    }
    assert_eq!(doom(&game), before, "the dead end again, at once");
    game.undo();
    assert!(matches!(game.verdict(), Verdict::Possible { .. }), "before the fatal move, at once");
    // A position left undecided is searched again when it comes back.
    let path = parse_path(b, "c5,d3,b4").unwrap();
    let mut hasty = Game::from_path(b, &path, false).unwrap();
    hasty.undo();
    assert_eq!(hasty.verdict(), Verdict::Thinking);
    decide(&mut hasty);
    assert!(matches!(hasty.verdict(), Verdict::Possible { .. }));
}

#[test]
fn following_the_hints_finishes_the_tour_without_searching_again() {
    for (rows, cols, start, closed) in
        [(5, 5, "a1", false), (6, 6, "c3", true), (8, 8, "d4", false), (10, 10, "e5", true)]
    {
        let b = board(rows, cols);
        let mut game = play(b, start, closed);
        let Verdict::Possible { witness } = game.verdict() else { panic!("{rows}x{cols} from {start}") };
        let witness = witness.to_vec();
        while let Some(next) = game.hint() {
            game.try_move(next).unwrap();
            assert_eq!(game.verdict(), Verdict::Possible { witness: &witness }, "the witness stays");
        }
        assert_eq!(game.path(), witness);
        assert_tour(b, witness[0], game.path(), closed);
        let expected = if closed { Outcome::ClosedTour } else { Outcome::Tour };
        assert_eq!(game.outcome(), Some(expected));
    }
}

#[test]
fn on_large_boards_a_witness_comes_at_once_and_hints_finish_it() {
    let b = board(24, 24);
    let mut game = play(b, "a1,b3,c5,d7,e9,f11,g13", false);
    let Verdict::Possible { witness } = game.verdict() else { panic!("a 24x24 board from the rim") };
    assert_tour(b, game.path()[0], witness, false);
    for _ in 0..100 {
        let next = game.hint().unwrap();
        game.try_move(next).unwrap();
    }
    assert!(matches!(game.verdict(), Verdict::Possible { .. }));
}

#[test]
fn a_move_off_the_witness_is_mostly_taken_by_turning_the_witness_without_a_search() {
    let b = Board::new(100, 100).unwrap();
    let mut game = Game::new(b, b.square(50, 50), false).unwrap();
    decide(&mut game);
    let mut at_once = 0;
    for _ in 0..40 {
        let hint = game.hint();
        let off = game.reachable().filter(|&square| Some(square) != hint).min().unwrap();
        game.try_move(off).unwrap();
        if let Verdict::Possible { witness } = game.verdict() {
            assert_tour(b, witness[0], witness, false);
            assert_eq!(&witness[..game.path().len()], game.path());
            at_once += 1;
        }
        decide(&mut game);
    }
    assert!(at_once >= 30, "{at_once} of 40 moves off the witness settled at once");
}

#[test]
fn undo_goes_back_to_the_start_and_no_further() {
    let b = board(5, 5);
    let mut game = play(b, "a1,b3,c5", false);
    assert_eq!(game.undo(), Some(b.parse_square("c5").unwrap()));
    assert_eq!(game.undo(), Some(b.parse_square("b3").unwrap()));
    assert_eq!(game.undo(), None);
    assert_eq!(game.path(), [b.parse_square("a1").unwrap()]);
}

#[test]
fn paths_read_as_chess_names_or_row_col_pairs() {
    let b = board(8, 8);
    let chess = parse_path(b, "a1,b3, c5").unwrap();
    assert_eq!(parse_path(b, "7,0 5,1;3,2").unwrap(), chess);
    assert_eq!(parse_path(b, "7,0,5,1,3,2").unwrap(), chess);
    assert!(parse_path(b, "a1,z9").is_err());
    assert!(parse_path(b, "7,0,5").is_err(), "a row without its column");
}

/// Every verdict along random games on every small board, against the oracle.
mod against_exhaustive_search {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn every_impossible_is_right_and_every_possible_has_a_valid_witness(
            rows in 1u32..=6,
            cols in 1u32..=36,
            start in any::<u32>(),
            moves in proptest::collection::vec(any::<u32>(), 0..36),
            closed in any::<bool>(),
        ) {
            let cols = cols.min(36 / rows);
            let b = board(rows, cols);
            let start = Square(start % b.len());
            let mut game = Game::new(b, start, closed).unwrap();
            let mut oracle = Oracle::new(b, start, closed);
            for choice in moves {
                while game.think(10_000) == Verdict::Thinking {}
                let oracle = oracle.completion(game.path());
                match game.verdict() {
                    Verdict::Possible { witness } => {
                        assert_tour(b, start, witness, closed);
                        prop_assert_eq!(&witness[..game.path().len()], game.path());
                    }
                    Verdict::Impossible { reason, .. } => {
                        prop_assert!(oracle.is_none(), "{:?}: {}", names(b, game.path()), reason.describe(b));
                        // Named in one order, whatever the position: by name.
                        let lists = match reason {
                            Reason::Pieces { pieces } => pieces.clone(),
                            other => vec![other.squares()],
                        };
                        for list in lists {
                            let order: Vec<_> = list.iter().map(|&s| b.name_order(s)).collect();
                            prop_assert!(order.is_sorted(), "{:?}", names(b, &list));
                        }
                    }
                    Verdict::Thinking => unreachable!(),
                }
                let reachable: Vec<Square> = game.reachable().collect();
                if reachable.is_empty() {
                    break;
                }
                game.try_move(reachable[choice as usize % reachable.len()]).unwrap();
            }
        }
    }
}

#[test]
fn the_solver_goes_on_from_a_path_to_a_tour_through_it_or_to_no_tour() {
    use knights_tour::{Event, Heuristic, Options, Solver};
    let options = Options { heuristic: Heuristic::Roth, prune: true, ..Options::default() };
    let finish = |solver: &mut Solver| {
        solver.find_map(|event| match event {
            Event::Finished(outcome) => Some(outcome),
            _ => None,
        })
    };
    let b = board(5, 5);
    let path = parse_path(b, "a1,b3,c5").unwrap();
    let mut solver = Solver::continuing(b, &path, options).unwrap();
    assert_eq!(solver.depth(), 3);
    assert_eq!(finish(&mut solver), Some(Outcome::Tour));
    let tour: Vec<Square> = solver.path().collect();
    assert_eq!(&tour[..3], path);
    assert_tour(b, path[0], &tour, false);
    // a6 is a dead end: once every way on is tried, the path's squares, which have no other
    // move to try, are taken back one by one and the search ends.
    let b = board(6, 6);
    let doomed = parse_path(b, "c5,d3,b4").unwrap();
    let mut solver = Solver::continuing(b, &doomed, options).unwrap();
    assert_eq!(finish(&mut solver), Some(Outcome::NoTour));
    assert_eq!(solver.depth(), 1);
    let closed = Options { closed: true, ..options };
    let mut solver = Solver::continuing(b, &parse_path(b, "a1,b3").unwrap(), closed).unwrap();
    assert_eq!(finish(&mut solver), Some(Outcome::ClosedTour));
}
