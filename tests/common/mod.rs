//! Helpers shared by the integration tests: the checks that define a tour.

#![allow(dead_code)] // each test file uses its own subset

use knights_tour::{Board, Event, Options, Outcome, Solver, Square};

/// Panics unless `path` visits every square of `board` exactly once, starting at `start`, each
/// step a knight's move, and (if `closed`) ending a knight's move from the start.
pub fn assert_tour(board: Board, start: Square, path: &[Square], closed: bool) {
    assert_eq!(path.len(), board.len() as usize, "a tour visits every square");
    assert_eq!(path[0], start, "a tour begins at its start");
    let mut seen = vec![false; board.len() as usize];
    for &square in path {
        assert!(!seen[square.index()], "square {} visited twice", board.name(square));
        seen[square.index()] = true;
    }
    for pair in path.windows(2) {
        assert!(
            board.is_knight_move(pair[0], pair[1]),
            "{} to {} is not a knight's move",
            board.name(pair[0]),
            board.name(pair[1])
        );
    }
    if closed {
        assert!(
            board.is_knight_move(path[path.len() - 1], start),
            "a closed tour ends a knight's move from its start"
        );
    }
}

/// Runs a search to its end and returns the outcome and the final path.
pub fn solve(board: Board, start: Square, options: Options) -> (Outcome, Vec<Square>, Solver) {
    let mut solver = Solver::new(board, start, options).expect("valid options");
    let outcome = finish(&mut solver);
    let path = solver.path().collect();
    (outcome, path, solver)
}

pub fn finish(solver: &mut Solver) -> Outcome {
    solver
        .by_ref()
        .find_map(|event| match event {
            Event::Finished(outcome) => Some(outcome),
            _ => None,
        })
        .expect("a solver always finishes")
}

/// Counts tours by driving the solver directly, with whatever options the test wants.
pub fn count_by_search(board: Board, start: Square, options: Options) -> u64 {
    tours_by_search(board, start, options).len() as u64
}

/// Every tour the search finds, in the order it finds them, each checked to be a tour.
pub fn tours_by_search(board: Board, start: Square, options: Options) -> Vec<Vec<Square>> {
    let mut solver = Solver::new(board, start, options).expect("valid options");
    let mut tours = Vec::new();
    loop {
        match finish(&mut solver) {
            outcome if outcome.is_tour() => {
                let tour: Vec<Square> = solver.path().collect();
                assert_tour(board, start, &tour, options.closed);
                tours.push(tour);
                solver.resume();
            }
            Outcome::NoTour => return tours,
            other => panic!("a count ended with {other:?}"),
        }
    }
}

pub fn board(rows: u32, cols: u32) -> Board {
    Board::new(rows, cols).unwrap()
}
