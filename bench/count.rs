//! Counting: how long the frontier counter takes on the headline boards, how many states its
//! table holds per column, and how much memory at its peak.
//!
//!     cargo bench --bench count               # the counts under ~10 s each, 3 runs each
//!     cargo bench --bench count -- --long     # 6x10 and 7x8 closed, 7x7 open and its grid, once each
//!
//! Grids are counted as the command line counts them, several counts at once on threads where
//! it counts class by class (7x7 within the default memory).
//!
//! Each figure is the median of the runs of one invocation (the machine is shared: compare
//! figures from one run, not across runs), in wall-clock time and in the CPU time the process
//! got (from /proc/self/stat), which a busy machine inflates less; the load average at the start
//! is printed with them. Every answer is checked against the literature's
//! (OEIS, with the sequence named) or, for grids, against the total the grid must add up to.
//! The last lines give the states per column (the most any step of the column held) and the
//! boards the counter refuses, with its estimate. A benchmark, not a test: nothing asserts a time.

use std::time::Instant;

use knights_tour::count::frontier::{size, FrontierCounter, SweepStatus, DEFAULT_MEMORY};
use knights_tour::count::{EveryStart, Tours};
use knights_tour::Board;

/// What one count measured.
struct Run {
    answer: String,
    seconds: f64,
    cpu_seconds: f64,
    peak_states: usize,
    peak_bytes: usize,
    per_column: Vec<usize>,
}

/// The CPU time this process has had, user and system, in seconds (Linux; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat.rsplit_once(')').map_or("", |(_, rest)| rest).split_whitespace().collect();
    let ticks: f64 =
        fields.get(11..13).map_or(0.0, |times| times.iter().filter_map(|t| t.parse::<f64>().ok()).sum());
    // Linux reports in clock ticks of 1/100 s (USER_HZ).
    ticks / 100.0
}

/// Times `count`, in wall-clock and CPU seconds.
fn timed(count: impl FnOnce() -> Run) -> Run {
    let (clock, cpu) = (Instant::now(), cpu_seconds());
    let run = count();
    Run { seconds: clock.elapsed().as_secs_f64(), cpu_seconds: cpu_seconds() - cpu, ..run }
}

fn board(text: &str) -> Board {
    text.parse().expect("a board")
}

/// One count to the end, step by step so that each step's states are seen.
fn count(board: Board, tours: Tours) -> Run {
    let mut counter =
        FrontierCounter::new(board, tours, DEFAULT_MEMORY).unwrap_or_else(|refusal| panic!("{refusal}"));
    let mut progress = counter.status();
    let mut per_column = vec![0; progress.columns as usize];
    while !progress.done {
        // A slice of exactly the states of one step finishes that step.
        progress = counter.run(progress.states.max(1)).unwrap();
        let column = &mut per_column[progress.column as usize];
        *column = (*column).max(progress.states);
    }
    let SweepStatus { peak_states, peak_bytes, .. } = progress;
    let answer = counter.tours().expect("counted").to_string();
    Run { answer, seconds: 0.0, cpu_seconds: 0.0, peak_states, peak_bytes, per_column }
}

/// The tours from every square: the grid's sum, which is twice the open tours' number (each has
/// two ends) or the number of squares times the directed closed tours from one. Counted as the
/// command line counts it: one count per class of squares where a whole sweep's tables would not
/// fit, as many at once as the machine has cores (the CPU time is every thread's).
fn every_start(board: Board, closed: bool) -> Run {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut every = EveryStart::with_lanes(board, closed, DEFAULT_MEMORY, threads)
        .unwrap_or_else(|refusal| panic!("{refusal}"));
    let (mut peak_states, mut peak_bytes) = (0, 0);
    let tours = loop {
        // Counts on threads are looked at every 50 ms, between which they count on; a count on
        // this thread every 2^16 states, as often as its peak needs to be seen.
        let slice = Instant::now();
        let progress = match every.lanes() {
            1 => every.run(1 << 16),
            _ => every.run_threads(1 << 12, || slice.elapsed().as_millis() < 50),
        }
        .unwrap();
        peak_states =
            peak_states.max(progress.running.iter().map(|(_, sweep)| sweep.states).max().unwrap_or(0));
        peak_bytes = peak_bytes.max(progress.running.iter().map(|(_, sweep)| sweep.bytes).sum());
        if let Some(tours) = every.tours() {
            break tours.to_vec();
        }
    };
    let answer = format!("sum {}", tours.iter().sum::<u128>());
    Run { answer, seconds: 0.0, cpu_seconds: 0.0, peak_states, peak_bytes, per_column: Vec::new() }
}

fn median(mut runs: Vec<Run>) -> Run {
    runs.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    let middle = runs.len() / 2;
    runs.swap_remove(middle)
}

fn main() {
    let long = std::env::args().any(|arg| arg == "--long");
    // (what, expected answer and its source, how to count it, runs)
    type Case = (&'static str, &'static str, Box<dyn Fn() -> Run>, usize);
    let mut cases: Vec<Case> = vec![
        ("6x6 closed", "9862 (A001230)", Box::new(|| count(board("6x6"), Tours::Closed)), 3),
        ("6x6 open", "6637920 (A165134)", Box::new(|| count(board("6x6"), Tours::Open)), 3),
        ("5x12 closed", "4557702762 (5x2n, TOURS.md)", Box::new(|| count(board("5x12"), Tours::Closed)), 3),
        ("6x8 closed", "55488142 (A175881)", Box::new(|| count(board("6x8"), Tours::Closed)), 3),
        ("7x6 closed", "1067638 (A193054)", Box::new(|| count(board("7x6"), Tours::Closed)), 3),
        ("4x25 every start", "grid", Box::new(|| every_start(board("4x25"), false)), 3),
        ("5x12 every start", "grid", Box::new(|| every_start(board("5x12"), false)), 3),
        (
            "every start, 4xn n<=25 and 5xn n<=12",
            "grids",
            Box::new(|| {
                let boards = (1..=25).map(|n| (4, n)).chain((1..=12).map(|n| (5, n)));
                for (rows, cols) in boards {
                    every_start(Board::new(rows, cols).unwrap(), false);
                }
                Run {
                    answer: "37 grids".into(),
                    seconds: 0.0,
                    cpu_seconds: 0.0,
                    peak_states: 0,
                    peak_bytes: 0,
                    per_column: Vec::new(),
                }
            }),
            1,
        ),
    ];
    if long {
        cases = vec![
            ("6x10 closed", "239187240144 (A175881)", Box::new(|| count(board("6x10"), Tours::Closed)), 1),
            ("7x8 closed", "34524432316 (A193054)", Box::new(|| count(board("7x8"), Tours::Closed)), 1),
            ("7x7 open", "165575218320 (A165134)", Box::new(|| count(board("7x7"), Tours::Open)), 1),
            (
                "7x7 every start, by class on every core",
                "grid",
                Box::new(|| every_start(board("7x7"), false)),
                1,
            ),
        ];
    }

    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "load average at the start: {}\n",
        load.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
    );
    println!("| count | answer | expected | states at peak | memory at peak | time | CPU time |");
    println!("|---|---|---|---|---|---|---|");
    let mut columns = Vec::new();
    for (what, expected, run, runs) in &cases {
        let run = median((0..*runs).map(|_| timed(run)).collect());
        println!(
            "| {what} | {} | {expected} | {} | {} | {:.2} s{} | {:.2} s |",
            run.answer,
            run.peak_states,
            size(run.peak_bytes),
            run.seconds,
            if *runs > 1 { format!(" (median of {runs})") } else { String::new() },
            run.cpu_seconds
        );
        if let Some(number) =
            expected.split(' ').next().filter(|number| number.bytes().all(|b| b.is_ascii_digit()))
        {
            assert_eq!(run.answer, number, "{what}");
        }
        if !run.per_column.is_empty() {
            columns.push(format!("{what}: {:?}", run.per_column));
        }
    }
    println!("\nstates per column (the most of any step in it):");
    for line in columns {
        println!("- {line}");
    }
    println!("\nrefused:");
    for (text, tours) in [("7x8", Tours::Open), ("8x8", Tours::Closed)] {
        if let Err(refusal) = FrontierCounter::new(board(text), tours, DEFAULT_MEMORY) {
            println!("- {text} {tours:?}: {refusal}");
        }
    }
}
