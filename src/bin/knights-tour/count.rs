//! `knights-tour count`: how many tours, from a square, between two squares, in all, or from
//! every square, by the faster of the core's two methods.

use std::process::ExitCode;
use std::time::Instant;

use crate::args::{Flag, Given};
use crate::progress::ProgressLine;
use crate::{emit, setup, Usage};
use knights_tour::count::frontier::{self, DEFAULT_MEMORY};
use knights_tour::count::{Count, CountProgress, Method, Question, Tours};
use knights_tour::front::config::Setup;
use knights_tour::Board;

pub const END: Flag = Flag {
    name: "--end",
    value: Some("SQUARE"),
    help: "with --start: count the open tours from the start that end on this square",
};
pub const EVERY_START: Flag = Flag {
    name: "--every-start",
    value: None,
    help: "the tours from each square: a line a row, top to bottom as grid prints boards",
};
pub const METHOD: Flag = Flag {
    name: "--method",
    value: Some("M"),
    help: "frontier (dynamic programming) or enumerate (listing tours); default: the faster",
};
pub const MAX_MEMORY: Flag = Flag {
    name: "--max-memory",
    value: Some("SIZE"),
    help: "most memory a frontier count may use, such as 512M or 16G (default 8G)",
};

/// The count command's flags besides its settings.
pub const FLAGS: [Flag; 4] = [END, EVERY_START, METHOD, MAX_MEMORY];

/// A count as the command line asked for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    pub board: Board,
    pub question: Question,
    pub method: Method,
    pub memory: usize,
}

/// Reads the count command's flags: without `--start`, every tour of the board (open, or with
/// `--closed` each closed tour once); with it, the tours from that square (and to `--end`).
pub fn request(given: &Given) -> Result<Request, Usage> {
    let Setup { board, start, options } = setup(given)?;
    let closed = options.closed;
    let from_start = given.text("--start").is_some();
    let end = given.text(END.name).map(|text| board.parse_square(text)).transpose()?;
    let question = match (given.switch(EVERY_START.name), from_start, end) {
        (true, true, _) | (true, _, Some(_)) => {
            return Err(Usage(
                "--every-start counts from every square: give it without --start and --end".into(),
            ))
        }
        (true, false, None) => Question::EveryStart { closed },
        (false, _, Some(_)) if closed => {
            return Err(Usage(
                "--end is for open tours (a closed tour ends where it starts): drop --closed".into(),
            ))
        }
        (false, false, Some(_)) => {
            return Err(Usage(
                "--end needs --start: the open tours between two squares, such as --start a1 --end e5".into(),
            ))
        }
        (false, true, Some(end)) => Question::Tours(Tours::OpenBetween(start, end)),
        (false, true, None) => {
            Question::Tours(if closed { Tours::ClosedFrom(start) } else { Tours::OpenFrom(start) })
        }
        (false, false, None) => Question::Tours(if closed { Tours::Closed } else { Tours::Open }),
    };
    let method = match given.text(METHOD.name) {
        Some(name) => name.parse()?,
        None => Method::faster(board),
    };
    let memory = given.text(MAX_MEMORY.name).map(size).transpose()?.unwrap_or(DEFAULT_MEMORY);
    Ok(Request { board, question, method, memory })
}

/// A size in bytes: a whole number with an optional K, M, G or T (powers of 1024), such as 16G.
fn size(text: &str) -> Result<usize, Usage> {
    let wrong = || Usage(format!("--max-memory '{text}' is not a size such as 512M or 16G"));
    let trimmed = text.trim();
    let units = trimmed.trim_end_matches(['B', 'b', 'i']);
    let (digits, shift) = match units.chars().last().map(|unit| unit.to_ascii_uppercase()) {
        Some('K') => (&units[..units.len() - 1], 10),
        Some('M') => (&units[..units.len() - 1], 20),
        Some('G') => (&units[..units.len() - 1], 30),
        Some('T') => (&units[..units.len() - 1], 40),
        _ => (units, 0),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(wrong());
    }
    let number: usize = digits.parse().map_err(|_| wrong())?;
    number.checked_mul(1 << shift).filter(|&bytes| bytes > 0).ok_or_else(wrong)
}

/// How long the count runs between two looks at its progress.
const SLICE_MS: f64 = 100.0;

pub fn run(request: Request) -> Result<ExitCode, Usage> {
    let Request { board, question, method, memory } = request;
    // A count from every square made class by class runs the classes on every core.
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut count = Count::on_threads(board, question, method, memory, threads)?;
    let mut progress = Reporter::new(board, method);
    let clock = Instant::now();
    let mut now = || clock.elapsed().as_secs_f64() * 1000.0;
    while !count.run(SLICE_MS, &mut now)? {
        progress.show(&count.progress());
    }
    progress.finish();
    match (count.grid(), count.tours()) {
        (Some(tours), _) => emit(&grid(board, &tours)),
        (None, Some(tours)) => emit(&format!("{tours}\n")),
        (None, None) => unreachable!("a count that is done has its answer"),
    }
    Ok(ExitCode::SUCCESS)
}

/// The counts by square index as rows of the board, top to bottom.
fn grid(board: Board, tours: &[u128]) -> String {
    let mut text = String::new();
    for row in 0..board.rows() {
        let line: Vec<String> =
            (0..board.cols()).map(|col| tours[board.square(row, col).index()].to_string()).collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text
}

/// A count's progress on stderr: a line per column of a frontier count, and one a second for a
/// listing.
struct Reporter {
    board: Board,
    method: Method,
    progress: ProgressLine,
    /// The sweep and column last shown, or the columns of the sweeps under way at once.
    column: Option<(usize, u32)>,
    columns: Vec<(Option<String>, u32)>,
}

impl Reporter {
    fn new(board: Board, method: Method) -> Reporter {
        Reporter { board, method, progress: ProgressLine::new(), column: None, columns: Vec::new() }
    }

    fn show(&mut self, counting: &CountProgress) {
        let (board, method) = (self.board, self.method.name());
        match (&counting.sweep, &counting.listing) {
            (Some(sweep), _) if !counting.at_once.is_empty() => {
                // Several counts at once: a line each time one of them moves to another column.
                let columns: Vec<_> =
                    counting.at_once.iter().map(|lane| (lane.start.clone(), lane.column)).collect();
                if columns == self.columns {
                    return;
                }
                self.columns = columns;
                let lanes: Vec<String> = counting
                    .at_once
                    .iter()
                    .map(|lane| {
                        let from = lane.start.as_deref().map_or(String::new(), |start| format!("from {start} "));
                        format!("{from}column {} of {}, {} states", lane.column + 1, sweep.columns, lane.states)
                    })
                    .collect();
                let bytes = counting.at_once.iter().map(|lane| lane.bytes).sum();
                let line = format!(
                    "counting {board} by {method}: {} of {} sweeps done; {} ({}), {:.1} s",
                    counting.part,
                    counting.parts,
                    lanes.join("; "),
                    frontier::size(bytes),
                    self.progress.seconds()
                );
                self.progress.say(&line);
            }
            (Some(sweep), _) => {
                if self.column == Some((counting.part, sweep.column)) {
                    return;
                }
                self.column = Some((counting.part, sweep.column));
                let of = match counting.parts {
                    1 => String::new(),
                    parts => format!("sweep {} of {parts}, ", counting.part + 1),
                };
                let line = format!(
                    "counting {board} by {method}: {of}column {} of {}, {} states ({}), {:.1} s",
                    sweep.column + 1,
                    sweep.columns,
                    sweep.states,
                    frontier::size(sweep.bytes),
                    self.progress.seconds()
                );
                self.progress.say(&line);
            }
            (None, Some(listing)) => self.progress.report(|seconds| {
                format!(
                    "counting {board} by {method}: about {:.1}% of the search done, {} tours so far, {} placements, {seconds:.0} s",
                    counting.fraction * 100.0,
                    listing.listed,
                    listing.placements,
                )
            }),
            (None, None) => {}
        }
    }

    fn finish(self) {
        self.progress.done();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_in_powers_of_1024() {
        assert_eq!(size("16G").ok(), Some(16 << 30));
        assert_eq!(size("512M").ok(), Some(512 << 20));
        assert_eq!(size("2GiB").ok(), Some(2 << 30));
        assert_eq!(size("4096").ok(), Some(4096));
        for junk in ["", "G", "-1G", "1.5G", "0", "99999999999999999999T", "8X"] {
            assert!(size(junk).is_err(), "{junk:?}");
        }
    }
}
