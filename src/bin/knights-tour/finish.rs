//! `knights-tour finish`: can a tour still be finished from this path? The completed tour, or
//! the reason none can be.

use std::process::ExitCode;
use std::time::Instant;

use knights_tour::front::format::{self, FinishReport, Format};
use knights_tour::play::{parse_path, Game, Verdict};

use crate::args::{self, Flag};
use crate::progress::ProgressLine;
use crate::{emit, flags, setup, Usage, FORMAT};

/// The settings `finish` takes (see `knights_tour::front::config::SETTINGS`).
pub const FINISH_SETTINGS: &[&str] = &["board", "closed"];

pub const PATH: Flag = Flag {
    name: "--path",
    value: Some("SQUARES"),
    help: "the squares visited so far, from the start: a1,b3,c5 (or 0,0 2,1 4,2 in ROW,COL)",
};

/// Steps of the completion search between two looks at the clock.
const SLICE: u64 = 100_000;

pub fn finish(args: &[String]) -> Result<ExitCode, Usage> {
    let given = args::parse("finish", args, &flags(FINISH_SETTINGS, &[PATH, FORMAT]))?;
    let format: Format = given.text("--format").unwrap_or("grid").parse()?;
    let setup = setup(&given)?;
    let (board, closed) = (setup.board, setup.options.closed);
    let text = given.text("--path").ok_or_else(|| {
        Usage("finish needs the path so far: --path SQUARES, such as --path a1,b3,c5".to_string())
    })?;
    let path = parse_path(board, text)?;
    if path.is_empty() {
        return Err(Usage("the path is empty: give at least the start, such as --path a1".to_string()));
    }
    let clock = Instant::now();
    let mut game = Game::from_path(board, &path, closed)
        .map_err(|(index, error)| Usage(format!("move {index} of the path: {error}")))?;
    let mut progress = ProgressLine::new();
    while game.think(SLICE) == Verdict::Thinking {
        progress.report(|seconds| format!("{} ({seconds:.0} s)", game.explain()));
    }
    progress.done();
    let elapsed_ms = clock.elapsed().as_secs_f64() * 1e3;

    let report = FinishReport::new(&game, elapsed_ms).expect("decided");
    if format == Format::Json {
        emit(&report.to_json());
    } else if let Verdict::Possible { witness } = game.verdict() {
        emit(&match format {
            Format::Cses => format::cses(board, witness),
            Format::Leetcode => format::leetcode(board, witness),
            Format::Moves => format::moves(board, witness),
            Format::Grid | Format::Json => format::grid(board, witness),
        });
        let finishing = match witness.len() - path.len() {
            0 => String::new(),
            1 => format!(": move {} finishes it", path.len()),
            _ => format!(": moves {} to {} finish it", path.len(), witness.len() - 1),
        };
        eprintln!("{}{finishing}; {elapsed_ms:.1} ms", game.explain());
    } else {
        emit(&format!("{}\n", game.explain()));
    }
    Ok(match game.verdict() {
        Verdict::Possible { .. } => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    })
}
