//! `knights-tour count`: how many tours, from a square, between two squares, in all, or from
//! every square, by the faster of the core's two methods.

mod checkpoints;
mod interrupt;
mod reporter;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use crate::args::{Flag, Given};
use crate::{emit, setup, Usage};
use knights_tour::count::frontier::{default_memory, estimate_seconds};
use knights_tour::count::{Count, Method, Question, Tours};
use knights_tour::front::config::Setup;
use knights_tour::Board;
use reporter::Reporter;

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
    help: "most memory a frontier count may use, such as 512M or 16G (default: half the machine's, \
           at most what is free)",
};
pub const CHECKPOINT: Flag = Flag {
    name: "--checkpoint",
    value: Some("FILE"),
    help: "save a frontier count to FILE at each column and resume from it if it is there (by \
           default counts of over a minute are saved in ~/.cache/knights-tour)",
};
pub const NO_CHECKPOINT: Flag =
    Flag { name: "--no-checkpoint", value: None, help: "never save the count as it goes, nor resume it" };
pub const QUIET: Flag = Flag { name: "--quiet", value: None, help: "no progress on stderr" };

/// The count command's flags besides its settings.
pub const FLAGS: [Flag; 7] = [END, EVERY_START, METHOD, MAX_MEMORY, CHECKPOINT, NO_CHECKPOINT, QUIET];

/// A count as the command line asked for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub board: Board,
    pub question: Question,
    pub method: Method,
    pub memory: usize,
    pub saving: Saving,
    pub quiet: bool,
}

/// Whether a count is saved as it goes, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saving {
    /// In the cache folder if it may take over a minute.
    Default,
    File(PathBuf),
    Never,
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
    let memory = given.text(MAX_MEMORY.name).map(size).transpose()?.unwrap_or_else(default_memory);
    let saving = match (given.text(CHECKPOINT.name), given.switch(NO_CHECKPOINT.name)) {
        (Some(_), true) => return Err(Usage("--checkpoint and --no-checkpoint: give one of them".into())),
        (Some(file), false) => Saving::File(PathBuf::from(file)),
        (None, true) => Saving::Never,
        (None, false) => Saving::Default,
    };
    Ok(Request { board, question, method, memory, saving, quiet: given.switch(QUIET.name) })
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

/// How long the count runs between two looks at its progress and at Ctrl-C.
const SLICE_MS: f64 = 100.0;

/// Counts estimated to take longer than this are saved as they go unless told otherwise.
const SAVED_FROM_SECONDS: f64 = 60.0;

/// The exit status of a count stopped by Ctrl-C (128 + SIGINT, as shells report it).
const INTERRUPTED: u8 = 130;

pub fn run(request: Request) -> Result<ExitCode, Usage> {
    let Request { board, question, method, memory, saving, quiet } = request;
    // A count from every square made class by class runs the classes on every core; a count of
    // one sweep reads each large step on every core.
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut count = Count::on_threads(board, question, method, memory, threads)?;
    let mut reporter = Reporter::new(board, question, method, quiet);
    let file = match (saving, question) {
        (Saving::File(file), _) => Some(Ok(file)),
        (Saving::Default, Question::Tours(tours))
            if method == Method::Frontier && estimate_seconds(board, tours) > SAVED_FROM_SECONDS =>
        {
            Some(checkpoints::default_file(board, tours))
        }
        _ => None,
    };
    match file {
        Some(Ok(file)) => {
            let resumed = count.keep_checkpoint(file.clone())?;
            // Caught before the count says it is: from then on Ctrl-C saves.
            interrupt::catch();
            reporter.saving(&file, resumed);
        }
        Some(Err(why)) => reporter.say(&why),
        None => {}
    }
    let clock = Instant::now();
    let mut now = || clock.elapsed().as_secs_f64() * 1000.0;
    while !count.run(SLICE_MS, &mut now)? {
        if interrupt::caught() {
            let saved = count.save_checkpoint()?;
            reporter.stopped(saved);
            return Ok(ExitCode::from(INTERRUPTED));
        }
        reporter.show(&count.progress());
    }
    reporter.finish();
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
