//! Ways to write a path down: a board of move numbers, the CSES and LeetCode answer formats, a
//! list of squares, and a JSON report.

use std::fmt::Write as _;
use std::str::FromStr;

use serde::Serialize;

use crate::board::{Board, Square};
use crate::play::{Game, Verdict};
use crate::search::solver::Solver;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The board of move numbers from 0, aligned; `.` marks unvisited squares.
    Grid,
    /// Move numbers from 1, as CSES problem 1689 prints them.
    Cses,
    /// The 0-based board with -1 for unvisited squares, as LeetCode 2664 returns it.
    Leetcode,
    /// One square per line, in the order visited.
    Moves,
    /// A [`Report`].
    Json,
}

impl Format {
    pub const NAMES: &'static str = "grid, cses, leetcode, moves, json";
}

impl FromStr for Format {
    type Err = String;

    fn from_str(text: &str) -> Result<Format, String> {
        match text {
            "grid" => Ok(Format::Grid),
            "cses" => Ok(Format::Cses),
            "leetcode" => Ok(Format::Leetcode),
            "moves" => Ok(Format::Moves),
            "json" => Ok(Format::Json),
            _ => Err(format!("unknown format '{text}': expected one of {}", Format::NAMES)),
        }
    }
}

/// Each square's move number along `path`, or `None` where the path has not been.
pub fn move_numbers(board: Board, path: &[Square]) -> Vec<Option<u32>> {
    let mut numbers = vec![None; board.len() as usize];
    for (index, square) in path.iter().enumerate() {
        numbers[square.index()] = Some(index as u32);
    }
    numbers
}

/// Writes the board row by row, each cell produced by `cell` and right-aligned to the widest.
fn table(board: Board, path: &[Square], cell: impl Fn(Option<u32>) -> String) -> String {
    let cells: Vec<String> = move_numbers(board, path).into_iter().map(cell).collect();
    let width = cells.iter().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    for row in cells.chunks(board.cols() as usize) {
        let line: Vec<String> = row.iter().map(|cell| format!("{cell:>width$}")).collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}

pub fn grid(board: Board, path: &[Square]) -> String {
    table(board, path, |number| number.map_or_else(|| ".".to_string(), |n| n.to_string()))
}

/// CSES separates numbers by single spaces, without alignment.
pub fn cses(board: Board, path: &[Square]) -> String {
    let numbers = move_numbers(board, path);
    let mut out = String::new();
    for row in numbers.chunks(board.cols() as usize) {
        let line: Vec<String> = row.iter().map(|n| n.map_or(0, |n| n + 1).to_string()).collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}

pub fn leetcode(board: Board, path: &[Square]) -> String {
    let numbers = move_numbers(board, path);
    let rows: Vec<Vec<i64>> = numbers
        .chunks(board.cols() as usize)
        .map(|row| row.iter().map(|n| n.map_or(-1, i64::from)).collect())
        .collect();
    // Not `expect`: serde_json's error's `Debug` (its message escaped) would be in the page's first module.
    let mut out = serde_json::to_string(&rows).unwrap_or_else(|_| unreachable!("integers always serialise"));
    out.push('\n');
    out
}

pub fn moves(board: Board, path: &[Square]) -> String {
    let mut out = String::new();
    for &square in path {
        writeln!(out, "{}", board.name(square)).expect("writing to a String cannot fail");
    }
    out
}

/// The colours of an SVG drawing (see [`svg`]), as RGB.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct SvgColours {
    pub light: [u8; 3],
    pub dark: [u8; 3],
    /// The path's colour at its start and at its end.
    pub from: [u8; 3],
    pub to: [u8; 3],
    /// The ring on the start.
    pub accent: [u8; 3],
    /// The move numbers.
    pub ink: [u8; 3],
}

/// The board and the path as SVG, in square units (the board is `cols` by `rows` user units),
/// sharp at any size: the checkered board, one polyline with a vertex per square of the path
/// (a polygon for a closed tour), a ring on the start, and the move numbers.
pub fn svg(board: Board, path: &[Square], closed: bool, colours: &SvgColours) -> String {
    let hex = |[r, g, b]: [u8; 3]| format!("#{r:02x}{g:02x}{b:02x}");
    let (rows, cols) = (board.rows(), board.cols());
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let title = match path.first() {
        Some(&start) => format!("Knight's tour of {board} from {}", board.name(start)),
        None => format!("Knight's tour of {board}"),
    };
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {cols} {rows}\" width=\"{}\" height=\"{}\">\
         <title>{title}</title><rect width=\"{cols}\" height=\"{rows}\" fill=\"{}\"/>",
        cols * 60,
        rows * 60,
        hex(colours.light)
    );
    let dark: Vec<String> = board
        .squares()
        .map(|square| board.coord(square))
        .filter(|coord| (coord.row + coord.col) % 2 == 1)
        .map(|coord| format!("M{} {}h1v1h-1z", coord.col, coord.row))
        .collect();
    if !dark.is_empty() {
        let _ = write!(out, "<path d=\"{}\" fill=\"{}\"/>", dark.concat(), hex(colours.dark));
    }
    if let Some(&start) = path.first() {
        let centre = |square: Square| {
            let coord = board.coord(square);
            (f64::from(coord.col) + 0.5, f64::from(coord.row) + 0.5)
        };
        let points: Vec<String> =
            path.iter().map(|&square| centre(square)).map(|(x, y)| format!("{x},{y}")).collect();
        let _ = write!(
            out,
            "<defs><linearGradient id=\"progress\" gradientUnits=\"userSpaceOnUse\" x1=\"0\" y1=\"0\" \
             x2=\"{cols}\" y2=\"{rows}\"><stop offset=\"0\" stop-color=\"{}\"/><stop offset=\"1\" \
             stop-color=\"{}\"/></linearGradient></defs><{shape} points=\"{}\" fill=\"none\" \
             stroke=\"url(#progress)\" stroke-width=\"0.07\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>",
            hex(colours.from),
            hex(colours.to),
            points.join(" "),
            shape = if closed { "polygon" } else { "polyline" },
        );
        let (x, y) = centre(start);
        let _ = write!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"0.4\" fill=\"none\" stroke=\"{}\" stroke-width=\"0.06\"/>\
             <g font-family=\"system-ui, sans-serif\" font-size=\"0.22\" fill=\"{}\" fill-opacity=\"0.7\">",
            hex(colours.accent),
            hex(colours.ink)
        );
        for (i, &square) in path.iter().enumerate() {
            let coord = board.coord(square);
            let (x, y) = (f64::from(coord.col) + 0.08, f64::from(coord.row) + 0.27);
            let _ = write!(out, "<text x=\"{x}\" y=\"{y}\">{}</text>", i + 1);
        }
        out.push_str("</g>");
    }
    out.push_str("</svg>\n");
    out
}

/// The JSON shape of a finished run, shared by the command line and the page's export.
#[derive(Debug, Serialize)]
pub struct Report {
    pub rows: u32,
    pub cols: u32,
    pub start: [u32; 2],
    pub heuristic: &'static str,
    pub closed: bool,
    pub outcome: &'static str,
    pub reason: String,
    /// The path as it stands: the whole tour when one was found, else how far the search got.
    pub tour: Vec<[u32; 2]>,
    pub stats: ReportStats,
}

#[derive(Debug, Serialize)]
pub struct ReportStats {
    pub placements: u64,
    pub backtracks: u64,
    pub elapsed_ms: f64,
}

impl Report {
    /// The report of a finished run, everything read from its solver (the start too: a run that
    /// a theorem settles has an empty path); `None` while the search is still going.
    pub fn new(solver: &Solver, elapsed_ms: f64) -> Option<Report> {
        let outcome = solver.outcome()?;
        let (board, options, stats) = (solver.board(), solver.options(), solver.stats());
        Some(Report {
            rows: board.rows(),
            cols: board.cols(),
            start: pair(board, solver.start()),
            heuristic: options.heuristic.name(),
            closed: options.closed,
            outcome: outcome.name(),
            reason: outcome.to_string(),
            tour: solver.path().map(|square| pair(board, square)).collect(),
            stats: ReportStats {
                placements: stats.placements,
                backtracks: stats.backtracks,
                elapsed_ms: (elapsed_ms * 1000.0).round() / 1000.0,
            },
        })
    }

    pub fn to_json(&self) -> String {
        json_line(self)
    }
}

/// A report as one line of JSON.
fn json_line(report: &impl Serialize) -> String {
    let mut out =
        serde_json::to_string(report).unwrap_or_else(|_| unreachable!("a report always serialises"));
    out.push('\n');
    out
}

/// A square as `[row, col]`, as the JSON shapes write squares.
fn pair(board: Board, square: Square) -> [u32; 2] {
    let coord = board.coord(square);
    [coord.row, coord.col]
}

/// The JSON shape of play mode's answer for a path (`knights-tour finish`): whether a tour can
/// still be finished from it, with a tour that does or the reason none can.
#[derive(Debug, Serialize)]
pub struct FinishReport {
    pub rows: u32,
    pub cols: u32,
    pub closed: bool,
    pub path: Vec<[u32; 2]>,
    /// `possible` or `impossible`.
    pub verdict: &'static str,
    /// The rule that dooms the path (see `play::Reason::name`), if one does.
    pub rule: Option<&'static str>,
    pub reason: String,
    /// The squares the reason is about.
    pub squares: Vec<[u32; 2]>,
    /// The move after which no tour could be finished any more.
    pub since: Option<usize>,
    /// The tour through the path, if one can be finished.
    pub tour: Vec<[u32; 2]>,
    pub elapsed_ms: f64,
}

impl FinishReport {
    /// The report of a decided game; `None` while it is still thinking.
    pub fn new(game: &Game, elapsed_ms: f64) -> Option<FinishReport> {
        let board = game.board();
        let pairs = |squares: &[Square]| squares.iter().map(|&square| pair(board, square)).collect();
        let (rule, squares, since, tour) = match game.verdict() {
            Verdict::Possible { witness } => (None, Vec::new(), None, pairs(witness)),
            Verdict::Impossible { reason, since } => {
                (Some(reason.name()), pairs(&reason.squares()), Some(since), Vec::new())
            }
            Verdict::Thinking => return None,
        };
        Some(FinishReport {
            rows: board.rows(),
            cols: board.cols(),
            closed: game.closed(),
            path: pairs(game.path()),
            verdict: game.verdict().name(),
            rule,
            reason: game.explain(),
            squares,
            since,
            tour,
            elapsed_ms: (elapsed_ms * 1000.0).round() / 1000.0,
        })
    }

    pub fn to_json(&self) -> String {
        json_line(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> (Board, Vec<Square>) {
        let board = Board::new(3, 4).unwrap();
        let path = [(0, 0), (2, 1), (0, 2)].map(|(r, c)| board.square(r, c)).to_vec();
        (board, path)
    }

    #[test]
    fn grid_aligns_numbers_and_dots_unvisited_squares() {
        let (board, path) = small();
        assert_eq!(grid(board, &path), "0 . 2 .\n. . . .\n. 1 . .\n");
    }

    #[test]
    fn cses_numbers_from_one() {
        let (board, path) = small();
        assert_eq!(cses(board, &path), "1 0 3 0\n0 0 0 0\n0 2 0 0\n");
    }

    #[test]
    fn leetcode_marks_unvisited_with_minus_one() {
        let (board, path) = small();
        assert_eq!(leetcode(board, &path), "[[0,-1,2,-1],[-1,-1,-1,-1],[-1,1,-1,-1]]\n");
    }

    #[test]
    fn a_report_names_the_start_even_when_no_search_ran() {
        // 5x5 from b1 is settled by the colour argument: no square is ever placed.
        let board = Board::new(5, 5).unwrap();
        let start = board.parse_square("b1").unwrap();
        let mut solver = Solver::new(board, start, crate::Options::default()).unwrap();
        assert!(Report::new(&solver, 0.0).is_none(), "no report before the run ends");
        solver.by_ref().for_each(drop);
        let report = Report::new(&solver, 0.0).unwrap();
        assert_eq!((report.start, report.outcome), ([4, 1], "impossible"));
        assert!(report.tour.is_empty());
    }

    #[test]
    fn svg_draws_the_board_and_a_vertex_per_square() {
        let (board, path) = small();
        let colours = SvgColours {
            light: [255, 255, 255],
            dark: [0, 0, 0],
            from: [0, 0, 255],
            to: [255, 0, 0],
            accent: [0, 128, 0],
            ink: [16, 16, 16],
        };
        let drawing = svg(board, &path, false, &colours);
        assert!(drawing.starts_with("<?xml") && drawing.ends_with("</svg>\n"));
        assert!(
            drawing.contains("viewBox=\"0 0 4 3\"")
                && drawing.contains("<title>Knight's tour of 3x4 from a3</title>")
        );
        assert!(drawing.contains("<polyline points=\"0.5,0.5 1.5,2.5 2.5,0.5\""));
        assert_eq!(drawing.matches("<text").count(), 3);
        assert_eq!(drawing.matches("h1v1h-1z").count(), 6, "half of 3x4's squares are dark");
        assert!(drawing.contains("fill=\"#ffffff\"") && drawing.contains("stroke=\"#008000\""));
        assert!(svg(board, &path, true, &colours).contains("<polygon"));
        assert!(!svg(board, &[], false, &colours).contains("<polyline"));
    }

    #[test]
    fn moves_use_chess_names() {
        let (board, path) = small();
        assert_eq!(moves(board, &path), "a3\nb1\nc3\n");
    }
}
