//! Play mode: how right and how fast the verdict is after every move of a person touring the
//! board by hand.
//!
//!     cargo bench --bench play
//!
//! 1. Every board of up to 36 squares (each shape once, rows ≤ columns), open and closed tours:
//!    every partial path of the boards up to 16 squares, walked with moves and undos, and on the
//!    larger ones random games (starts and moves drawn at random among the legal ones, to the
//!    end). Every verdict is checked against a plain exhaustive search (the oracle of
//!    `tests/common`) and every witness is checked to be a tour through the path; the time from
//!    the move to the verdict is measured.
//! 2. 1,000 random games on 8×8, open: how many verdicts are still "thinking" after 0.1 s and
//!    after 2 s (a verdict is given up on at 2 s and the game goes on), and how long the others
//!    took; every witness checked.
//! 3. Hints: from every position of those games that can be finished, hints followed to the
//!    end must make a tour.
//! 4. Larger boards: random games of 30 moves on 10×10, 100×100 and 1000×1000, and the time of
//!    every verdict.
//!
//! Every draw comes from a seeded SplitMix64, so each run plays the same games. A benchmark, not
//! a test: the times depend on the machine; only a wrong verdict panics.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::{Oracle, SplitMix};
use knights_tour::play::{Game, Verdict};
use knights_tour::{Board, Square};

const SEED: u64 = 0x706c_6179;
/// Steps of the completion search between two looks at the clock: about 0.1 ms.
const SLICE: u64 = 1_000;

/// The verdict after the last move, decided (or not) within `limit`; the time it took.
fn decide(game: &mut Game, limit: Duration) -> Duration {
    let clock = Instant::now();
    while game.think(SLICE) == Verdict::Thinking && clock.elapsed() < limit {}
    clock.elapsed()
}

/// Checks a decided verdict against the oracle; true if it was `possible`.
fn check(game: &Game, oracle: &mut Oracle) -> bool {
    let (board, path, closed) = (game.board(), game.path(), game.closed());
    let oracle = oracle.completion(path);
    match game.verdict() {
        Verdict::Possible { witness } => {
            common::assert_tour(board, path[0], witness, closed);
            assert_eq!(&witness[..path.len()], path, "a witness goes through the path");
            assert!(oracle.is_some());
            true
        }
        Verdict::Impossible { reason, .. } => {
            assert!(
                oracle.is_none(),
                "{board} {}, {:?}: called impossible ({}) but the oracle finishes it: {:?}",
                if closed { "closed" } else { "open" },
                path.iter().map(|&s| board.name(s)).collect::<Vec<_>>(),
                reason.describe(board),
                oracle.unwrap().iter().map(|&s| board.name(s)).collect::<Vec<_>>()
            );
            false
        }
        Verdict::Thinking => panic!("undecided"),
    }
}

/// Times of verdicts, in microseconds.
#[derive(Default)]
struct Times(Vec<f64>);

impl Times {
    fn add(&mut self, time: Duration) {
        self.0.push(time.as_secs_f64() * 1e6);
    }

    fn summary(&mut self) -> String {
        let times = &mut self.0;
        if times.is_empty() {
            return "none".to_string();
        }
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        format!(
            "{} verdicts: median {:.0} µs, 90% {:.0} µs, 99% {:.0} µs, worst {:.1} ms",
            times.len(),
            at(0.5),
            at(0.9),
            at(0.99),
            at(1.0) / 1e3
        )
    }
}

/// Every partial path from every start, walked depth first by moves and undos: each verdict
/// checked and timed, and each undo checked to give back the verdict before the move at once.
fn every_path(board: Board, closed: bool, times: &mut Times) -> (u64, u64) {
    let (mut possible, mut positions) = (0, 0);
    for start in board.squares() {
        let mut oracle = Oracle::new(board, start, closed);
        let mut checked = |game: &Game, time: Duration| {
            times.add(time);
            positions += 1;
            possible += u64::from(check(game, &mut oracle));
        };
        let clock = Instant::now();
        let mut game = Game::new(board, start, closed).unwrap();
        let time = clock.elapsed() + decide(&mut game, Duration::MAX);
        checked(&game, time);
        let mut tried: Vec<Vec<Square>> = vec![game.reachable().collect()];
        while let Some(moves) = tried.last_mut() {
            match moves.pop() {
                Some(to) => {
                    let clock = Instant::now();
                    game.try_move(to).unwrap();
                    let time = clock.elapsed() + decide(&mut game, Duration::MAX);
                    checked(&game, time);
                    tried.push(game.reachable().collect());
                }
                None => {
                    tried.pop();
                    if game.undo().is_some() {
                        assert_ne!(game.verdict(), Verdict::Thinking, "an undo knows the verdict before");
                    }
                }
            }
        }
    }
    (possible, positions)
}

/// A game from `start` with random legal moves to the end, each verdict timed (given up on
/// after `limit`) and handed to `each` with its time; the game's path.
fn random_game(
    board: Board,
    start: Square,
    closed: bool,
    random: &mut SplitMix,
    limit: Duration,
    mut each: impl FnMut(&Game, Duration),
) -> Vec<Square> {
    let clock = Instant::now();
    let mut game = Game::new(board, start, closed).unwrap();
    let time = clock.elapsed() + decide(&mut game, limit);
    each(&game, time);
    loop {
        let moves: Vec<Square> = game.reachable().collect();
        if moves.is_empty() {
            return game.path().to_vec();
        }
        let to = moves[random.between(0, moves.len() as u32 - 1) as usize];
        let clock = Instant::now();
        game.try_move(to).unwrap();
        let time = clock.elapsed() + decide(&mut game, limit);
        each(&game, time);
    }
}

fn small_boards(random: &mut SplitMix) {
    println!("1. Every board of up to 36 squares, every verdict checked against exhaustive search\n");
    let mut all = Times::default();
    for closed in [false, true] {
        let mut times = Times::default();
        let (mut possible, mut positions) = (0, 0);
        for rows in 1..=6 {
            for cols in rows..=36 / rows {
                let board = Board::new(rows, cols).unwrap();
                eprintln!("{board} {closed} {positions}");
                if board.len() <= 16 {
                    let (p, n) = every_path(board, closed, &mut times);
                    possible += p;
                    positions += n;
                    continue;
                }
                for _ in 0..100 {
                    let start = Square(random.between(0, board.len() - 1));
                    let mut oracle = Oracle::new(board, start, closed);
                    random_game(board, start, closed, random, Duration::MAX, |game, time| {
                        times.add(time);
                        positions += 1;
                        possible += u64::from(check(game, &mut oracle));
                    });
                }
            }
        }
        let kind = if closed { "closed" } else { "open" };
        println!("{kind}: {positions} positions, {possible} possible; {}", times.summary());
        all.0.extend(times.0);
    }
    println!("all: {}\n", all.summary());
}

fn main() {
    let mut random = SplitMix(SEED);
    small_boards(&mut random);
}
