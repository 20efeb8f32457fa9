//! `knights-tour`: solve, count and reason about knight's tours from the command line.
//!
//! Exit status: 0 when the command did its job (a tour was found, a count or an answer printed),
//! 1 when a search ended without a tour, 2 when the input was wrong.

mod args;
mod count;
mod finish;
mod progress;

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use args::{Flag, Given};
use knights_tour::board::existence;
use knights_tour::front::config::{Kind, Setup, Value, SETTINGS};
use knights_tour::front::format::{self, Format, Report};
use knights_tour::{Board, Event, Heuristic, Options, Outcome, Solver};

const USAGE: &str = "\
knights-tour: find, count and reason about knight's tours on any board

usage:
  knights-tour solve  --board RxC --start SQUARE [options]   search for a tour
  knights-tour count  --board RxC [--start SQUARE [--end SQUARE]] [--closed] [--every-start]
                                                              how many tours: see 'help count'
  knights-tour exists --board RxC --start SQUARE [--closed]   is there a tour? yes or no, and why
  knights-tour finish --board RxC --path SQUARES [--closed]   can this path still become a tour?
  knights-tour cses                                           CSES 1689: read 'x y', print the tour
  knights-tour help [COMMAND]

Boards are ROWSxCOLS (8x8, 5x6). A square is its name, a1 the bottom-left square (files past z
go on aa, ab, ... as a spreadsheet's columns do: 1000x1000 runs from a1 to all1000), or ROW,COL
from the top-left (0,0). The start defaults to a1, as on the page.
Exit status: 0 done, 1 no tour found (or none can be finished), 2 bad input.
";

const COUNT_USAGE: &str = "\
knights-tour count: how many tours, exactly

  count --board RxC                      every open tour, each direction once (5x5: 1728)
  count --board RxC --closed             every closed tour, once whatever its start (6x6: 9862)
  count --board RxC --start SQUARE       the open tours from a square
  count --board RxC --start SQUARE --closed    the closed tours from a square, each direction
  count --board RxC --start A --end B    the open tours from A that end on B
  count --board RxC --every-start [--closed]   the tours from each square, a line a row

Boards up to 30 squares are counted by listing the tours, larger ones by dynamic programming over
the board's frontier (boards up to 7 squares across, 8 for closed tours; a count that would need
more memory than --max-memory is refused before it starts). Progress goes to stderr; a count of
over a minute is saved at each column (Ctrl-C saves and stops, exit status 130; the same command
resumes). 8x8 --closed: 13267364410532, about 10 minutes of CPU and 9 GB.
";

/// The settings each command takes, by name (see `knights_tour::front::config::SETTINGS`).
const SOLVE_SETTINGS: &[&str] = &[
    "board",
    "start",
    "heuristic",
    "backtracking",
    "closed",
    "prune",
    "seed",
    "restarts",
    "budget",
    "theorems",
];
const COUNT_SETTINGS: &[&str] = &["board", "start", "closed"];

const FORMAT: Flag =
    Flag { name: "--format", value: Some("F"), help: "grid (default), cses, leetcode, moves or json" };

/// The command line's flags for `settings`, as the core declares them.
fn flags(settings: &[&str], extra: &[Flag]) -> Vec<Flag> {
    let declared = SETTINGS.iter().filter(|setting| settings.contains(&setting.name));
    let flags = declared.map(|setting| Flag {
        name: setting.flag,
        value: match setting.kind {
            Kind::Text(placeholder) | Kind::Number(placeholder) => Some(placeholder),
            Kind::Switch(_) => None,
        },
        help: setting.help,
    });
    flags.chain(extra.iter().copied()).collect()
}

/// Reads the settings among `given`'s flags into a checked setup, through the same reader as
/// the browser's.
fn setup(given: &Given) -> Result<Setup, Usage> {
    let values = SETTINGS.iter().filter_map(|setting| {
        let value = match setting.kind {
            Kind::Switch(default) => given.switch(setting.flag).then_some(Value::Switch(!default)),
            Kind::Text(_) | Kind::Number(_) => {
                given.text(setting.flag).map(|text| Value::Text(text.to_string()))
            }
        };
        value.map(|value| (setting.name, value))
    });
    Ok(Setup::read(values)?)
}

/// A usage error: reported in one line, exit status 2.
struct Usage(String);

impl<E: std::fmt::Display> From<E> for Usage {
    fn from(error: E) -> Usage {
        Usage(error.to_string())
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("solve") => solve(&args[1..]),
        Some("count") => count(&args[1..]),
        Some("exists") => exists(&args[1..]),
        Some("finish") => finish::finish(&args[1..]),
        Some("cses") => cses(&args[1..]),
        Some("help" | "--help" | "-h") => help(args.get(1).map(String::as_str)),
        Some("--version" | "-V") => {
            emit(&format!("knights-tour {}\n", env!("CARGO_PKG_VERSION")));
            Ok(ExitCode::SUCCESS)
        }
        Some(other) => Err(Usage(format!(
            "unknown command '{other}': expected solve, count, exists, finish, cses or help"
        ))),
        None => Err(Usage(
            "no command given: expected solve, count, exists, finish, cses or help (try 'knights-tour help')"
                .to_string(),
        )),
    };
    result.unwrap_or_else(|Usage(message)| {
        eprintln!("knights-tour: {message}");
        ExitCode::from(2)
    })
}

fn help(command: Option<&str>) -> Result<ExitCode, Usage> {
    let flags = match command {
        None => {
            emit(USAGE);
            return Ok(ExitCode::SUCCESS);
        }
        Some("solve") => flags(SOLVE_SETTINGS, &[FORMAT]),
        Some("count") => {
            emit(COUNT_USAGE);
            flags(COUNT_SETTINGS, &count::FLAGS)
        }
        Some("exists") => flags(COUNT_SETTINGS, &[]),
        Some("finish") => flags(finish::FINISH_SETTINGS, &[finish::PATH, FORMAT]),
        Some("cses") => Vec::new(),
        Some(other) => {
            return Err(Usage(format!("no help for '{other}': try solve, count, exists, finish or cses")))
        }
    };
    let mut text = format!("knights-tour {}\n", command.unwrap_or_default());
    for flag in &flags {
        let name = format!("{} {}", flag.name, flag.value.unwrap_or(""));
        text.push_str(&format!("  {name:<20} {}\n", flag.help));
    }
    if command == Some("solve") {
        text.push_str("\nheuristics (--heuristic H), the default first:\n");
        for heuristic in Heuristic::ALL {
            text.push_str(&format!("  {:<20} {}\n", heuristic.name(), heuristic.summary()));
        }
    }
    emit(&text);
    Ok(ExitCode::SUCCESS)
}

fn solve(args: &[String]) -> Result<ExitCode, Usage> {
    let given = args::parse("solve", args, &flags(SOLVE_SETTINGS, &[FORMAT]))?;
    let format: Format = given.text("--format").unwrap_or("grid").parse()?;
    let Setup { board, start, options } = setup(&given)?;
    let clock = Instant::now();
    let mut solver = Solver::new(board, start, options)?;
    let outcome = run_to_end(&mut solver);
    let elapsed_ms = clock.elapsed().as_secs_f64() * 1e3;

    let path: Vec<_> = solver.path().collect();
    let stats = solver.stats();
    emit(&match format {
        Format::Grid => format::grid(board, &path),
        Format::Cses => format::cses(board, &path),
        Format::Leetcode => format::leetcode(board, &path),
        Format::Moves => format::moves(board, &path),
        Format::Json => Report::new(&solver, elapsed_ms).expect("the run has finished").to_json(),
    });
    if format != Format::Json {
        eprintln!(
            "{outcome}; {} placements, {} backtracks, {elapsed_ms:.1} ms",
            stats.placements, stats.backtracks
        );
    }
    Ok(if outcome.is_tour() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// Runs the solver to its end in runs (see [`Solver::run`]): nothing is wanted of the events
/// one by one, so the search runs in its bare loop, which is what the speed target measures.
fn run_to_end(solver: &mut Solver) -> Outcome {
    loop {
        if let Some(Event::Finished(outcome)) = solver.run(u64::MAX).last {
            return outcome;
        }
    }
}

fn count(args: &[String]) -> Result<ExitCode, Usage> {
    let given = args::parse("count", args, &flags(COUNT_SETTINGS, &count::FLAGS))?;
    count::run(count::request(&given)?)
}

fn exists(args: &[String]) -> Result<ExitCode, Usage> {
    let given = args::parse("exists", args, &flags(COUNT_SETTINGS, &[]))?;
    let Setup { board, start, options } = setup(&given)?;
    emit(&format!("{}\n", existence::tour(board, start, options.closed)));
    Ok(ExitCode::SUCCESS)
}

/// CSES 1689 "Knight's Tour": the input is the start as `x y`, column then row, counted from 1 at
/// the top-left of an 8x8 board; the answer is the board of move numbers from 1.
fn cses(args: &[String]) -> Result<ExitCode, Usage> {
    args::parse("cses", args, &[])?;
    let mut line = String::new();
    io::stdin().lock().read_line(&mut line)?;
    let numbers: Vec<u32> = line
        .split_whitespace()
        .map(|word| word.parse().map_err(|_| word))
        .collect::<Result<_, _>>()
        .map_err(|word| Usage(format!("cses input '{word}' is not a number: expected 'x y', each 1 to 8")))?;
    let [x, y] = numbers[..] else {
        return Err(Usage(format!(
            "cses input '{}' is not 'x y': expected two numbers, each 1 to 8",
            line.trim()
        )));
    };
    if !(1..=8).contains(&x) || !(1..=8).contains(&y) {
        return Err(Usage(format!("cses input '{x} {y}' is off the board: x and y go from 1 to 8")));
    }
    let board = Board::new(8, 8)?;
    let mut solver = Solver::new(board, board.square(y - 1, x - 1), Options::default())?;
    let outcome = run_to_end(&mut solver);
    debug_assert!(outcome.is_tour(), "every square of 8x8 starts a tour, and divide builds it");
    emit(&format::cses(board, &solver.path().collect::<Vec<_>>()));
    Ok(ExitCode::SUCCESS)
}

/// Writes to stdout; a reader that went away (`| head`) is not an error worth a panic.
fn emit(text: &str) {
    let mut out = io::stdout().lock();
    if out.write_all(text.as_bytes()).and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}

#[cfg(test)]
mod fuzz;
