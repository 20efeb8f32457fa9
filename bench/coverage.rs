//! Coverage: how often each method tours a board within a placement budget.
//!
//!     cargo bench --bench coverage               # quick (also `-- --quick`): 3 to 4 minutes
//!     cargo bench --bench coverage -- --full     # full: larger sweeps, 8 to 9 minutes
//!
//! Every method runs on the same (board, start) pairs, each one that the existence rules
//! (`knights_tour::board::existence::tour`) say has a tour, with a budget of 2,000,000 placements, which
//! the page gets through in a few seconds on most searches:
//!
//! 1. every start of every board m×n, 5 ≤ m ≤ n ≤ 12 (2,302 pairs); full: 5 ≤ m ≤ n ≤ 16 (7,614);
//! 2. random boards 40 to 120 a side, a random start with a tour (30; full 100);
//! 3. random boards 500 to 1000 a side, likewise (6; full 20);
//! 4. closed tours on random boards 12 to 60 a side that have one (Schwenk 1991), a random start
//!    (30; full 100).
//!
//! The methods are `divide`, each search with and without pruning, and the random one with
//! pruning and restarts. The boards and starts come from a seeded SplitMix64, so every run draws
//! the same ones; the random heuristic's seed is fixed too. A cell reads `toured/runs (stuck)`.
//! Two limits keep the whole within minutes on a shared machine, and both are printed where they
//! bite: a run stops after 10 s (pruning on a million squares can take minutes to spend the
//! budget) and counts as stuck, timed out; and a cell starts no run after 15 s (full: 30 s), its
//! cases running in a seeded random order so that the runs it made are a fair sample. The fixed
//! order with pruning is skipped on sweep 3, where it tours nothing and each run takes seconds.
//!
//! Every tour is checked (each square once, knight's moves, closed when asked) and a failed
//! check panics, as does a search that ends without a tour where the rules say one exists.
//!
//! How long the default method, `divide`, takes on the largest boards is `bench/construct.rs`'s
//! business.
//!
//! A benchmark, not a test: the figures depend on the machine, and nothing here asserts a time.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::SplitMix;
use knights_tour::board::existence::{self, Verdict};
use knights_tour::{Board, Coord, Event, Heuristic, Options, Outcome, Solver, Square};

const BUDGET: u64 = 2_000_000;
/// The seed of every random draw here: the sweeps' boards and starts, the random heuristic's ties.
const SEED: u64 = 0x6b6e_6967_6874;
/// Restarts of the random heuristic in its last row: more than the budget can use, as the first
/// thousand of Luby's cutoffs add up to 4.2 million backtracks.
const RESTARTS: u32 = 1_000;
/// A run that has not ended after this long counts as stuck, timed out: the page gets through
/// the budget in a few seconds, and pruning on a million squares can take minutes.
const RUN_LIMIT: Duration = Duration::from_secs(10);

/// How much to run: quick by default, `--full` for the larger sweeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Quick,
    Full,
}

impl Mode {
    fn from_args() -> Mode {
        let mut mode = Mode::Quick;
        // `cargo bench` passes `--bench` to every bench target.
        for arg in std::env::args().skip(1).filter(|arg| arg != "--bench") {
            match arg.as_str() {
                "--quick" => mode = Mode::Quick,
                "--full" => mode = Mode::Full,
                other => {
                    eprintln!(
                        "unknown argument '{other}': expected --quick (the default) or --full, as in \
                         `cargo bench --bench coverage -- --full`"
                    );
                    std::process::exit(2);
                }
            }
        }
        mode
    }

    fn pick<T>(self, quick: T, full: T) -> T {
        match self {
            Mode::Quick => quick,
            Mode::Full => full,
        }
    }
}

#[derive(Clone, Copy)]
struct Case {
    board: Board,
    start: Square,
    closed: bool,
}

impl Case {
    fn has_tour(self) -> bool {
        matches!(existence::tour(self.board, self.start, self.closed), Verdict::Yes(_))
    }
}

struct Sweep {
    name: String,
    /// In a seeded random order, so that the runs a cell gets through before its time cap are a
    /// fair sample of the sweep.
    cases: Vec<Case>,
    /// Whether the fixed order with pruning runs here (see `main`).
    fixed_prune: bool,
}

impl Sweep {
    fn new(name: String, mut cases: Vec<Case>, fixed_prune: bool, random: &mut SplitMix) -> Sweep {
        // Fisher and Yates.
        for i in (1..cases.len()).rev() {
            cases.swap(i, random.between(0, i as u32) as usize);
        }
        Sweep { name, cases, fixed_prune }
    }
}

/// Every start with a tour of every board m×n with `low ≤ m ≤ n ≤ high`.
fn every_start(low: u32, high: u32) -> Vec<Case> {
    let mut cases = Vec::new();
    for m in low..=high {
        for n in m..=high {
            let board = Board::new(m, n).unwrap();
            cases.extend(
                board.squares().map(|start| Case { board, start, closed: false }).filter(|c| c.has_tour()),
            );
        }
    }
    cases
}

/// `count` random boards with sides from `low` to `high` that have a tour, each from a random
/// start that has one.
fn random_cases(random: &mut SplitMix, count: usize, low: u32, high: u32, closed: bool) -> Vec<Case> {
    let mut cases = Vec::new();
    while cases.len() < count {
        let board = Board::new(random.between(low, high), random.between(low, high)).unwrap();
        if closed && matches!(existence::closed_tour(board), Verdict::No(_)) {
            continue;
        }
        // Half the squares of an odd board start a tour, so a few draws always find one.
        let case = std::iter::repeat_with(|| Case {
            board,
            start: Square(random.between(0, board.len() - 1)),
            closed,
        })
        .find(|case| case.has_tour())
        .unwrap();
        cases.push(case);
    }
    cases
}

struct Method {
    name: String,
    options: Options,
}

fn methods() -> Vec<Method> {
    let base = Options { budget: Some(BUDGET), seed: SEED, ..Options::default() };
    let mut methods = vec![Method { name: "divide".into(), options: base }];
    for heuristic in Heuristic::SEARCHES {
        let options = Options { heuristic, ..base };
        methods.push(Method { name: heuristic.name().into(), options });
        methods.push(Method {
            name: format!("{heuristic} + prune"),
            options: Options { prune: true, ..options },
        });
    }
    methods.push(Method {
        name: format!("random + prune + restarts {RESTARTS}"),
        options: Options { heuristic: Heuristic::Random, prune: true, restarts: RESTARTS, ..base },
    });
    methods
}

/// How a run ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ending {
    Toured,
    /// The budget ran out first.
    Stuck,
    /// [`RUN_LIMIT`] ran out first: on the largest boards pruning can take minutes to spend the
    /// budget.
    TimedOut,
}

/// Runs to the end or `RUN_LIMIT`, checks any tour, and says how it ended. Panics on an invalid
/// tour, and on a search that proves there is none where the rules say there is.
fn run(case: Case, options: Options) -> Ending {
    let options = Options { closed: case.closed, ..options };
    let began = Instant::now();
    let mut solver = Solver::new(case.board, case.start, options).expect("valid options");
    let finished = |event| match event {
        Event::Finished(outcome) => Some(outcome),
        _ => None,
    };
    // Batches short enough to look at the clock often when a step costs microseconds.
    let outcome = loop {
        if let Some(outcome) = solver.events().take(4_096).find_map(finished) {
            break outcome;
        }
        if began.elapsed() >= RUN_LIMIT {
            return Ending::TimedOut;
        }
    };
    let at = || format!("{} {} from {:?} on {}", options.heuristic, outcome, case.start, case.board);
    match outcome {
        Outcome::Tour | Outcome::ClosedTour => {
            assert!(!case.closed || outcome == Outcome::ClosedTour, "{}: not closed", at());
            let path: Vec<Square> = solver.path().collect();
            common::assert_tour(case.board, case.start, &path, case.closed);
            Ending::Toured
        }
        Outcome::Budget | Outcome::DeadEnd | Outcome::Unclosed => Ending::Stuck,
        Outcome::NoTour | Outcome::Impossible(_) => {
            panic!("{}: the existence rules say there is a tour", at())
        }
    }
}

/// What a method did on a sweep.
#[derive(Clone, Copy, Default)]
struct Cell {
    toured: usize,
    /// Runs made: all the sweep's cases, unless the cell's time cap stopped it first.
    tried: usize,
    timed_out: usize,
    time: Duration,
}

impl Cell {
    fn text(cell: &Option<Cell>, total: usize) -> String {
        let Some(cell) = cell else { return "–".into() };
        let stuck = cell.tried - cell.toured;
        let timed_out =
            if cell.timed_out > 0 { format!(", {} timed out", cell.timed_out) } else { String::new() };
        let capped = if cell.tried < total { "*" } else { "" };
        format!("{}/{} ({stuck}{timed_out}){capped}", cell.toured, cell.tried)
    }
}

/// Runs `method` on the sweep's cases in order, starting no run once `cap` has passed; `None`
/// where the method is skipped. Progress, with the slowest run, goes to stderr.
fn cell(sweep: &Sweep, method: &Method, cap: Duration) -> Option<Cell> {
    let options = method.options;
    if options.heuristic == Heuristic::Fixed && options.prune && !sweep.fixed_prune {
        return None;
    }
    let began = Instant::now();
    let mut cell = Cell::default();
    let mut slowest = (Duration::ZERO, sweep.cases[0]);
    for &case in &sweep.cases {
        if began.elapsed() >= cap {
            break;
        }
        let run_began = Instant::now();
        let ending = run(case, options);
        cell.tried += 1;
        cell.toured += usize::from(ending == Ending::Toured);
        cell.timed_out += usize::from(ending == Ending::TimedOut);
        if run_began.elapsed() > slowest.0 {
            slowest = (run_began.elapsed(), case);
        }
    }
    cell.time = began.elapsed();
    let (slowest, case) = slowest;
    let Coord { row, col } = case.board.coord(case.start);
    eprintln!(
        "  {} on sweep {}: {} in {:.1} s; slowest run {:.2} s, {} from {row},{col}",
        method.name,
        sweep.name,
        Cell::text(&Some(cell), sweep.cases.len()),
        cell.time.as_secs_f64(),
        slowest.as_secs_f64(),
        case.board,
    );
    Some(cell)
}

/// 2000000 as 2,000,000.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut text = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

fn main() {
    let mode = Mode::from_args();
    let began = Instant::now();
    let cap = Duration::from_secs(mode.pick(15, 30));
    let mut random = SplitMix(SEED);
    let high = mode.pick(12, 16);
    let cases = [
        every_start(5, high),
        random_cases(&mut random, mode.pick(30, 100), 40, 120, false),
        random_cases(&mut random, mode.pick(6, 20), 500, 1000, false),
        random_cases(&mut random, mode.pick(30, 100), 12, 60, true),
    ];
    let names =
        [format!("every start, 5..{high}"), "40..120".into(), "500..1000".into(), "closed, 12..60".into()];
    let sweeps: Vec<Sweep> = cases
        .into_iter()
        .zip(names)
        .enumerate()
        .map(|(i, (cases, name))| {
            let name = format!("{}: {name} ({})", i + 1, cases.len());
            // The fixed order with pruning on boards up to a million squares: it toured none of
            // the quick sweep's 6 (nor did it without pruning) at 2.5 s a run, the pruning's
            // connectivity searches being slow there.
            Sweep::new(name, cases, i != 2, &mut random)
        })
        .collect();
    println!(
        "coverage, {} mode: of the (board, start) pairs with a tour, those toured within {} \
         placements\n",
        mode.pick("quick", "full"),
        thousands(BUDGET),
    );
    let header: Vec<&str> = sweeps.iter().map(|sweep| sweep.name.as_str()).collect();
    let header = format!("| method | {} |\n|---|{}", header.join(" | "), "---|".repeat(sweeps.len()));
    let mut table = Vec::new();
    let mut times = Vec::new();
    for method in methods() {
        let cells: Vec<Option<Cell>> = sweeps.iter().map(|sweep| cell(sweep, &method, cap)).collect();
        let text: Vec<String> =
            cells.iter().zip(&sweeps).map(|(cell, sweep)| Cell::text(cell, sweep.cases.len())).collect();
        table.push(format!("| {} | {} |", method.name, text.join(" | ")));
        let seconds: Vec<String> = cells
            .iter()
            .map(|cell| {
                cell.as_ref().map_or("–".into(), |cell| format!("{:.1} s", cell.time.as_secs_f64()))
            })
            .collect();
        times.push(format!("| {} | {} |", method.name, seconds.join(" | ")));
    }
    println!("{header}\n{}\n", table.join("\n"));
    println!(
        "toured/runs (stuck): stuck runs spent the budget, or timed out: ran {} s without ending.",
        RUN_LIMIT.as_secs()
    );
    println!(
        "*: the cell's time cap stopped it: it starts no run after {} s. The cases run in a seeded \
         random order, so the runs it made are a fair sample of the sweep.",
        cap.as_secs()
    );
    println!(
        "–: skipped, hopeless and slow: the fixed order with pruning toured none of the quick sweep 3's \
         boards, at 2.5 s a run, nor does it without pruning."
    );
    println!("\nwall time per cell:\n\n{header}\n{}", times.join("\n"));
    println!("\ntotal {:.0} s", began.elapsed().as_secs_f64());
}
