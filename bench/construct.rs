//! Divide and conquer on the largest boards: how long building the tour takes, and walking it.
//!
//!     cargo bench --bench construct [-- --runs 15] [-- --json] [-- --board 1000x1000]
//!
//! For each board, from the corner: `construct` alone; the solver made for the default method
//! (`Solver::new`: the tour built, then the walk set up); that solver's events drained to the
//! end, one by one (what the command line does after it); the same walk run to the end with
//! `Solver::run`, which lays a built tour's squares in bulk; and what the page's thread does
//! with a tour built in its worker, at full speed (the words read and checked, the run made,
//! walked to its end and its picture painted). Each figure is the median of the runs, which
//! alternate between the boards so that the shared machine's noise falls on all alike;
//! `--board` times one board only (under a profiler, say). With `--json`, one line of raw
//! samples in milliseconds per board, for a script that compares two builds. A benchmark, not
//! a test: nothing asserts a time, but every tour built is checked to be one.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Instant;

use knights_tour::divide::construct;
use knights_tour::draw::picture::Palette;
use knights_tour::front::config::Setup;
use knights_tour::search::construction::Construction;
use knights_tour::{Board, Event, Options, Session, Solver};

/// The boards timed: square, a power of two, and the two narrow kinds at a million squares.
const BOARDS: [(u32, u32); 5] = [(100, 100), (1000, 1000), (1024, 1024), (4, 262_144), (3, 349_525)];

#[derive(Default)]
struct Samples {
    construct: Vec<f64>,
    solver: Vec<f64>,
    walk: Vec<f64>,
    run: Vec<f64>,
    page: Vec<f64>,
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1e3
}

fn median(samples: &[f64]) -> f64 {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

/// One run of each measure on `board` from its corner.
fn measure(board: Board, samples: &mut Samples) {
    let start = board.square(0, 0);
    let began = Instant::now();
    let built = construct(board, start, false).expect("a board of this size has a tour");
    samples.construct.push(ms(began));
    common::assert_tour(board, start, &built.path, false);
    drop(built);

    let began = Instant::now();
    let mut solver = Solver::new(board, start, Options::default()).expect("valid options");
    samples.solver.push(ms(began));
    let began = Instant::now();
    let last = solver.events().last();
    samples.walk.push(ms(began));
    assert!(matches!(last, Some(Event::Finished(outcome)) if outcome.is_tour()), "{board}: {last:?}");

    let mut solver = Solver::new(board, start, Options::default()).expect("valid options");
    let began = Instant::now();
    let run = solver.run(u64::MAX);
    samples.run.push(ms(began));
    assert!(matches!(run.last, Some(Event::Finished(outcome)) if outcome.is_tour()), "{board}: {run:?}");
    drop(solver);

    let words = construct(board, start, false).expect("a tour").to_words();
    let palette = Palette {
        light: [240, 217, 181],
        dark: [181, 136, 99],
        from: [30, 90, 200],
        to: [230, 80, 40],
        wash: 255,
    };
    let began = Instant::now();
    let built = Construction::from_words(board, start, &words).expect("the words of a tour");
    let mut session =
        Session::built(Setup { board, start, options: Options::default() }, Some(built)).expect("a run");
    session.advance(u64::MAX, f64::INFINITY, false, &mut || 0.0);
    session.paint_with(0, palette);
    let pixels = session.changed_pixels().map_or(0, |(_, pixels)| pixels.len());
    samples.page.push(ms(began));
    assert_eq!(session.solver().outcome().map(|outcome| outcome.is_tour()), Some(true), "{board}");
    assert!(pixels > 0, "{board}: the picture painted");
}

fn main() {
    let mut runs = 15;
    let mut json = false;
    let mut only = None;
    let mut args = std::env::args().skip(1).filter(|arg| arg != "--bench");
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--json" => json = true,
            "--board" => match args.next().as_deref().map(str::parse::<Board>) {
                Some(Ok(board)) => only = Some(board),
                _ => {
                    eprintln!("--board takes a board, as in --board 1000x1000");
                    std::process::exit(2);
                }
            },
            "--runs" => runs = args.next().and_then(|n| n.parse().ok()).filter(|&n| n > 0).unwrap_or(0),
            other => {
                eprintln!("unknown argument '{other}': expected --runs N or --json");
                std::process::exit(2);
            }
        }
        if runs == 0 {
            eprintln!("--runs takes a whole number from 1");
            std::process::exit(2);
        }
    }
    let boards: Vec<Board> = match only {
        Some(board) => vec![board],
        None => BOARDS.iter().map(|&(rows, cols)| Board::new(rows, cols).unwrap()).collect(),
    };
    let mut samples: Vec<Samples> = boards.iter().map(|_| Samples::default()).collect();
    for _ in 0..runs {
        for (board, samples) in boards.iter().zip(&mut samples) {
            measure(*board, samples);
        }
    }
    if json {
        for (board, samples) in boards.iter().zip(&samples) {
            let list =
                |values: &[f64]| values.iter().map(|v| format!("{v:.3}")).collect::<Vec<_>>().join(",");
            println!(
                "{{\"board\":\"{board}\",\"construct\":[{}],\"solver\":[{}],\"walk\":[{}],\"run\":[{}],\"page\":[{}]}}",
                list(&samples.construct),
                list(&samples.solver),
                list(&samples.walk),
                list(&samples.run),
                list(&samples.page)
            );
        }
        return;
    }
    println!("divide from the corner, medians of {runs} runs\n");
    println!(
        "| board | construct alone | Solver::new (construct + set-up) | walk, by events | walk, by `run` | page's thread |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for (board, samples) in boards.iter().zip(&samples) {
        println!(
            "| {board} | {:.1} ms | {:.1} ms | {:.1} ms | {:.1} ms | {:.1} ms |",
            median(&samples.construct),
            median(&samples.solver),
            median(&samples.walk),
            median(&samples.run),
            median(&samples.page)
        );
    }
}
