//! Play mode: how right and how fast the verdict is after every move of a person touring the
//! board by hand.
//!
//!     cargo bench --bench play
//!
//! 1. Every board of up to 36 squares (each shape once, rows ≤ columns), open and closed tours:
//!    every partial path of the boards up to 16 squares, walked with moves and undos, and on the
//!    larger ones 200 random games (starts and moves drawn at random among the legal ones, to
//!    the end; in half of them the player takes the hint every other move, which keeps the game
//!    longer where a tour can still be finished, or only just not). Every verdict is checked
//!    against a plain exhaustive search (the oracle of `tests/common`) and every witness is
//!    checked to be a tour through the path.
//! 2. 1,000 random games on 8×8, open: how many verdicts are still "thinking" after 0.1 s and
//!    after 2 s (a verdict is given up on at 2 s, its path printed, and the game goes on), and
//!    how long the others took; every witness checked.
//! 3. Hints: from every position of those games that can be finished, hints followed to the
//!    end must make a tour.
//! 4. Larger boards, random moves: 200 games on 10×10, 10 games of 100 moves on 100×100 and 3
//!    of 20 moves on 1000×1000; every witness checked.
//!
//! Times are from the move (or the click that starts the game) to the verdict, in the deciding
//! thread's processor time: the machine is shared, and the time on the wall would count the
//! waits for a processor too.
//!
//! Every draw comes from a seeded SplitMix64, so each run plays the same games. A benchmark, not
//! a test: the times depend on the machine; only a wrong verdict panics.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Duration;

use common::{Oracle, SplitMix};
use knights_tour::play::{Game, Verdict};
use knights_tour::{Board, Square};

const SEED: u64 = 0x706c_6179;
/// Steps of the completion search between two looks at the clock: about 0.1 ms.
const SLICE: u64 = 1_000;
/// What a page would call quick, and where the benchmark gives a verdict up.
const SHORT: Duration = Duration::from_millis(100);
const LONG: Duration = Duration::from_secs(2);

/// The time this thread has spent on the processor: what a verdict costs, without the waits for
/// the processor that a shared machine adds to the time on the wall.
fn cpu_time() -> Duration {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes the timespec it is given, and nothing else.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "the thread's processor time is readable");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// Decides the verdict after the last move, within `limit` of processor time: the time it took
/// since `began`, and whether it needed the completion search (a position no rule dooms and no
/// completion already found finishes).
fn decide(game: &mut Game, began: Duration, limit: Duration) -> (Duration, bool) {
    let searched = game.verdict() == Verdict::Thinking;
    while game.think(SLICE) == Verdict::Thinking && cpu_time() - began < limit {}
    (cpu_time() - began, searched)
}

/// A game from `start`, made and its first verdict decided within `limit`, and the time from
/// the click to the verdict.
fn begin(board: Board, start: Square, closed: bool, limit: Duration) -> (Game, (Duration, bool)) {
    let began = cpu_time();
    let mut game = Game::new(board, start, closed).unwrap();
    let time = decide(&mut game, began, limit);
    (game, time)
}

/// The knight moved to `to` and the verdict decided within `limit`: the time from the move to
/// the verdict, and whether it was searched.
fn step(game: &mut Game, to: Square, limit: Duration) -> (Duration, bool) {
    let began = cpu_time();
    game.try_move(to).unwrap();
    decide(game, began, limit)
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
            "{} verdicts: median {}, 90% {}, 99% {}, worst {}",
            times.len(),
            duration(at(0.5)),
            duration(at(0.9)),
            duration(at(0.99)),
            duration(at(1.0))
        )
    }

    /// How many took at most each of `limits` (in µs), and more, as a row of counts.
    fn histogram(&self, limits: &[f64]) -> String {
        let mut below = 0;
        let mut cells: Vec<String> = limits
            .iter()
            .map(|&limit| {
                let count = self.0.iter().filter(|&&t| t <= limit).count();
                let cell = format!("≤ {}: {}", duration(limit), count - below);
                below = count;
                cell
            })
            .collect();
        cells.push(format!("more: {}", self.0.len() - below));
        cells.join(", ")
    }
}

/// A path as the command line takes it: `knights-tour finish --path ...`.
fn names(board: Board, path: &[Square]) -> String {
    path.iter().map(|&square| board.name(square)).collect::<Vec<_>>().join(",")
}

fn duration(micros: f64) -> String {
    match micros {
        m if m < 1e3 => format!("{m:.0} µs"),
        m if m < 1e6 => format!("{:.1} ms", m / 1e3),
        m => format!("{:.2} s", m / 1e6),
    }
}

/// Every verdict of a sweep: all of them, and those that needed the completion search.
#[derive(Default)]
struct Sweep {
    all: Times,
    searched: Times,
    possible: u64,
}

impl Sweep {
    fn add(&mut self, (time, searched): (Duration, bool), possible: bool) {
        self.all.add(time);
        if searched {
            self.searched.add(time);
        }
        self.possible += u64::from(possible);
    }

    fn report(&mut self, name: &str) {
        let positions = self.all.0.len();
        println!("{name}: {positions} positions, {} possible", self.possible);
        println!("  every verdict: {}", self.all.summary());
        println!("  those searched: {}", self.searched.summary());
    }
}

/// Every partial path from every start, walked depth first by moves and undos: each verdict
/// checked and timed, and each undo checked to give back the verdict before the move at once.
fn every_path(board: Board, closed: bool, sweep: &mut Sweep) {
    for start in board.squares() {
        let mut oracle = Oracle::new(board, start, closed);
        let (mut game, time) = begin(board, start, closed, Duration::MAX);
        sweep.add(time, check(&game, &mut oracle));
        let mut tried: Vec<Vec<Square>> = vec![game.reachable().collect()];
        while let Some(moves) = tried.last_mut() {
            match moves.pop() {
                Some(to) => {
                    let time = step(&mut game, to, Duration::MAX);
                    sweep.add(time, check(&game, &mut oracle));
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
}

/// A game from a random start, at most `moves` random legal moves long, each verdict decided
/// (or given up on after `limit`) and handed to `each` with the time it took from the move (or
/// from making the game) and whether it was searched.
///
/// A player who `takes_hints` takes the hint, where there is one, every other move on average:
/// such games stay longer where a tour can still be finished, or only just not.
fn random_game(
    board: Board,
    closed: bool,
    moves: usize,
    takes_hints: bool,
    random: &mut SplitMix,
    limit: Duration,
    mut each: impl FnMut(&mut Game, (Duration, bool)),
) {
    let start = Square(random.between(0, board.len() - 1));
    let (mut game, time) = begin(board, start, closed, limit);
    each(&mut game, time);
    for _ in 0..moves {
        let reachable: Vec<Square> = game.reachable().collect();
        if reachable.is_empty() {
            return;
        }
        let hint = game.hint().filter(|_| takes_hints && random.between(0, 1) == 0);
        let to = hint.unwrap_or_else(|| reachable[random.between(0, reachable.len() as u32 - 1) as usize]);
        let time = step(&mut game, to, limit);
        each(&mut game, time);
    }
}

fn small_boards(random: &mut SplitMix) {
    println!("1. Every board of up to 36 squares, every verdict checked against exhaustive search\n");
    for closed in [false, true] {
        let mut sweep = Sweep::default();
        for rows in 1..=6 {
            for cols in rows..=36 / rows {
                let board = Board::new(rows, cols).unwrap();
                if board.len() <= 16 {
                    every_path(board, closed, &mut sweep);
                    continue;
                }
                for game in 0..200 {
                    let mut oracle = None;
                    let takes_hints = game % 2 == 1;
                    random_game(
                        board,
                        closed,
                        usize::MAX,
                        takes_hints,
                        random,
                        Duration::MAX,
                        |game, time| {
                            let oracle =
                                oracle.get_or_insert_with(|| Oracle::new(board, game.path()[0], closed));
                            sweep.add(time, check(game, oracle));
                        },
                    );
                }
            }
        }
        sweep.report(if closed { "closed tours" } else { "open tours" });
    }
    println!();
}

/// Follows hints from a position that can be finished to the end of the tour, checking each
/// step, then undoes them all; how many hints it took.
fn follow_hints(game: &mut Game) -> usize {
    let from = game.path().len();
    while let Some(next) = game.hint() {
        game.try_move(next).unwrap();
        assert!(matches!(game.verdict(), Verdict::Possible { .. }), "a hint keeps the tour possible");
    }
    assert!(game.outcome().is_some_and(|outcome| outcome.is_tour()), "hints finish the tour");
    common::assert_tour(game.board(), game.path()[0], game.path(), game.closed());
    let hints = game.path().len() - from;
    while game.path().len() > from {
        game.undo();
    }
    assert!(matches!(game.verdict(), Verdict::Possible { .. }), "undone, possible again at once");
    hints
}

fn eight_by_eight(random: &mut SplitMix) {
    println!("2. 1,000 random games on 8x8, open tours; verdicts given up on after 2 s\n");
    let board = Board::new(8, 8).unwrap();
    let mut sweep = Sweep::default();
    let (mut after_short, mut after_long, mut hinted, mut hints) = (0, 0, 0, 0);
    for _ in 0..1_000 {
        random_game(board, false, usize::MAX, false, random, LONG, |game, time| {
            let possible = match game.verdict() {
                Verdict::Possible { witness } => {
                    common::assert_tour(board, witness[0], witness, false);
                    hints += follow_hints(game);
                    hinted += 1;
                    true
                }
                Verdict::Impossible { .. } | Verdict::Thinking => false,
            };
            after_short += u32::from(time.0 > SHORT);
            after_long += u32::from(time.0 >= LONG);
            if time.0 >= LONG {
                println!("  undecided after 2 s: {}", names(board, game.path()));
            }
            sweep.add(time, possible);
        });
    }
    sweep.report("8x8");
    let positions = sweep.all.0.len() as f64;
    let searched = sweep.searched.0.len() as f64;
    println!(
        "  still thinking after 0.1 s: {after_short} ({:.2}% of all verdicts, {:.2}% of those searched)",
        100.0 * f64::from(after_short) / positions,
        100.0 * f64::from(after_short) / searched
    );
    println!(
        "  still thinking after 2 s: {after_long} ({:.2}% of all verdicts, {:.2}% of those searched)",
        100.0 * f64::from(after_long) / positions,
        100.0 * f64::from(after_long) / searched
    );
    println!("  times of those searched: {}", sweep.searched.histogram(&[1e2, 1e3, 1e4, 1e5, 1e6]));
    println!("\n3. Hints: {hinted} positions that can be finished, each finished by following hints ({hints} hints)\n");
}

fn larger_boards(random: &mut SplitMix) {
    println!("4. Larger boards: random moves, open tours; verdicts given up on after 2 s\n");
    for (side, games, moves) in [(10, 200, usize::MAX), (100, 10, 100), (1000, 3, 20)] {
        let board = Board::new(side, side).unwrap();
        let mut sweep = Sweep::default();
        let mut thinking = 0;
        for _ in 0..games {
            random_game(board, false, moves, false, random, LONG, |game, time| {
                let possible = match game.verdict() {
                    Verdict::Possible { witness } => {
                        common::assert_tour(board, witness[0], witness, false);
                        true
                    }
                    Verdict::Impossible { .. } | Verdict::Thinking => false,
                };
                thinking += u32::from(time.0 >= LONG);
                if time.0 >= LONG && board.len() <= 128 {
                    println!("  undecided after 2 s: {}", names(board, game.path()));
                }
                sweep.add(time, possible);
            });
        }
        sweep.report(&format!("{side}x{side}"));
        println!("  still thinking after 2 s: {thinking}");
    }
}

fn main() {
    let mut random = SplitMix(SEED);
    small_boards(&mut random);
    eight_by_eight(&mut random);
    larger_boards(&mut random);
}
