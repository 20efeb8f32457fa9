//! Counting: how long the frontier counter takes on the headline boards, how many states its
//! table holds per column, and how much memory at its peak.
//!
//!     cargo bench --bench count                 # the counts under ~10 s each, 3 runs each
//!     cargo bench --bench count -- --long       # 6x10 and 7x8 closed, 7x7 open and its grid, once each
//!     cargo bench --bench count -- --chessboard # 8x8 closed, once: about 10 minutes of CPU, 9 GB
//!
//! Counts are made as the command line makes them: a sweep's large steps read on every core,
//! a grid's counts by class several at once (7x7 within the default memory), without saving.
//!
//! Each figure is the median of the runs of one invocation (the machine is shared: compare
//! figures from one run, not across runs), in wall-clock time and in the CPU time the process
//! got (from /proc/self/stat), which a busy machine inflates less; the load average at the start
//! is printed with them. Every answer is checked against the literature's
//! (OEIS, with the sequence named) or, for grids, against the total the grid must add up to.
//! The last lines give the states per column (the most any step of the column held) and the
//! boards the counter refuses, with its estimate. A benchmark, not a test: nothing asserts a time.

use std::time::Instant;

use knights_tour::board::numbers;
use knights_tour::count::frontier::{default_memory, FrontierCounter, SweepStatus};
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
    /// The states after each step, for counts of one sweep.
    per_step: Vec<usize>,
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

/// The threads the command line counts on.
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// One count to the end, on every core, with the most states of each column's steps.
fn count(board: Board, tours: Tours) -> Run {
    let counter = FrontierCounter::new(board, tours, default_memory());
    let mut counter = counter.unwrap_or_else(|refusal| panic!("{refusal}")).on_threads(threads());
    let mut status = counter.status();
    while !status.done {
        status = counter.run_threads(1 << 12, || true).unwrap();
    }
    let height = board.rows().min(board.cols()) as usize;
    let columns = status.columns as usize;
    let mut per_column = vec![0; columns];
    // The states after `step` squares are read in the step's column (see `SweepStatus`).
    for (step, &states) in counter.states_per_step().iter().enumerate() {
        let column = &mut per_column[(step / height).min(columns - 1)];
        *column = (*column).max(states);
    }
    let SweepStatus { peak_states, peak_bytes, .. } = status;
    let answer = counter.tours().expect("counted").to_string();
    let per_step = counter.states_per_step().to_vec();
    Run { answer, seconds: 0.0, cpu_seconds: 0.0, peak_states, peak_bytes, per_column, per_step }
}

/// The tours from every square: the grid's sum, which is twice the open tours' number (each has
/// two ends) or the number of squares times the directed closed tours from one. Counted as the
/// command line counts it: one count per class of squares where a whole sweep's tables would not
/// fit, as many at once as the machine has cores (the CPU time is every thread's).
fn every_start(board: Board, closed: bool) -> Run {
    let mut every = EveryStart::with_lanes(board, closed, default_memory(), threads())
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
    Run {
        answer,
        seconds: 0.0,
        cpu_seconds: 0.0,
        peak_states,
        peak_bytes,
        per_column: Vec::new(),
        per_step: Vec::new(),
    }
}

fn median(mut runs: Vec<Run>) -> Run {
    runs.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    let middle = runs.len() / 2;
    runs.swap_remove(middle)
}

fn main() {
    let long = std::env::args().any(|arg| arg == "--long");
    let chessboard = std::env::args().any(|arg| arg == "--chessboard");
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
                    per_step: Vec::new(),
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

    if chessboard {
        cases = vec![(
            "8x8 closed",
            "13267364410532 (A001230, A193055; McKay 1997)",
            Box::new(|| count(board("8x8"), Tours::Closed)),
            1,
        )];
    }

    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "load average at the start: {}\n",
        load.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
    );
    println!("| count | answer | expected | states at peak | memory at peak | time | CPU time |");
    println!("|---|---|---|---|---|---|---|");
    let (mut columns, mut steps) = (Vec::new(), Vec::new());
    for (what, expected, run, runs) in &cases {
        let run = median((0..*runs).map(|_| timed(run)).collect());
        println!(
            "| {what} | {} | {expected} | {} | {} | {:.2} s{} | {:.2} s |",
            run.answer,
            run.peak_states,
            numbers::bytes(run.peak_bytes as u64),
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
        if chessboard {
            steps.push(format!("{what}: {:?}", run.per_step));
        }
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("\nload average at the end: {}", load.split_whitespace().take(3).collect::<Vec<_>>().join(" "));
    // The process's own peak, tables and all, as `time -v` would say it.
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    if let Some(peak) = status.lines().find(|line| line.starts_with("VmHWM:")) {
        println!("the process's peak memory (VmHWM): {}", peak["VmHWM:".len()..].trim());
    }
    if !steps.is_empty() {
        println!("\nstates after each step:");
        for line in steps {
            println!("- {line}");
        }
    }
    println!("\nstates per column (the most of any step in it):");
    for line in columns {
        println!("- {line}");
    }
    println!("\nrefused:");
    for (text, tours) in [("7x8", Tours::Open), ("8x8", Tours::Open), ("9x9", Tours::Closed)] {
        if let Err(refusal) = FrontierCounter::new(board(text), tours, default_memory()) {
            println!("- {text} {tours:?}: {refusal}");
        }
    }
}
