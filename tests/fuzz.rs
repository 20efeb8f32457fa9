//! Every input the core reads from people, fuzzed: the settings object a page or a script hands
//! the binding (any names, any values: text of any script, numbers huge, negative, fractional,
//! not a number), and the board sizes and square names inside it. Each input is read, or refused
//! with one line of words; nothing panics, and whatever is read is a board and a start the solver
//! takes. What is read then runs: a bounded search on every small board that comes out.
//!
//! `FUZZ_CASES=N` sets the number of cases of the reading properties (100,000 by default, a few
//! seconds); `scripts/fuzz` runs them with ten times as many, with the page's fuzzing too.

// proptest needs an entropy source that wasm32-unknown-unknown lacks.
#![cfg(not(target_arch = "wasm32"))]

use knights_tour::front::config::{default_start, ConfigError, Setup, Value, SETTINGS};
use knights_tour::{Board, Event, Options, Solver};
use proptest::prelude::*;

/// The cases of a property: `FUZZ_CASES` if set, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("FUZZ_CASES").ok().and_then(|cases| cases.parse().ok()).unwrap_or(default)
}

/// Text as people and programs mangle it: near misses of every form the settings take, words of
/// other scripts, controls and long runs of digits.
fn text() -> impl Strategy<Value = String> {
    let near = proptest::sample::select(vec![
        "8x8",
        "5X5",
        "3×10",
        " 6 x 6 ",
        "1024x1024",
        "1025x1024",
        "0x5",
        "5x0",
        "-3x4",
        "3x",
        "x3",
        "3x4x5",
        "1e3x2",
        "99999999999999999999x2",
        "0x0",
        "a1",
        "A1",
        "h8",
        "z26",
        "a0",
        "a-1",
        "aa1",
        "4,6",
        " 4 , 6 ",
        "-1,0",
        "1,2,3",
        "1.5,2",
        ",",
        "[1,2]",
        "divide",
        "Fixed",
        "WARNSDORFF",
        "roth ",
        "pohl",
        "random",
        "knight",
        "1",
        "0",
        "true",
        "false",
        "on",
        "off",
        "yes",
        "no",
        "max",
        "NaN",
        "inf",
        "-inf",
        "1e309",
        "18446744073709551615",
        "18446744073709551616",
        "-1",
        "0.5",
        "",
        " ",
        "\t",
        "\u{0}",
        "💥",
        "８x８",
        "ａ１",
        "٣x٣",
        "e\u{301}1",
        "\u{202e}1x8",
    ]);
    prop_oneof![
        near.prop_map(str::to_string),
        "\\PC{0,12}",
        "[0-9]{1,30}",
        "[a-z]{1,3}[0-9]{1,4}",
        "[0-9]{1,7}[x×X][0-9]{1,7}",
        "-?[0-9]{1,5},-?[0-9]{1,5}",
    ]
}

fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        text().prop_map(Value::Text),
        any::<bool>().prop_map(Value::Switch),
        prop_oneof![any::<i64>(), Just(0), Just(-1), (0i64..2_000), Just(i64::from(u32::MAX) + 1)]
            .prop_map(Value::Whole),
        (any::<i64>(), -3i64..40).prop_map(|(row, col)| Value::Pair([row, col])),
        (0i64..30, 0i64..30).prop_map(|(row, col)| Value::Pair([row, col])),
    ]
}

/// A setting's name, or a near miss of one.
fn name() -> impl Strategy<Value = String> {
    let names: Vec<String> = SETTINGS.iter().map(|setting| setting.name.to_string()).collect();
    prop_oneof![
        4 => proptest::sample::select(names),
        1 => proptest::sample::select(vec!["Board".to_string(), "start ".to_string(), "speed".to_string(), "".to_string()]),
        1 => "\\PC{0,8}",
    ]
}

fn settings() -> impl Strategy<Value = Vec<(String, Value)>> {
    proptest::collection::vec((name(), value()), 0..8)
}

/// A setup written back as a person would type it, every setting by name: the board as
/// `RxC`, the start by its name (every other row) or as `ROW,COL`,
/// switches in words. What it reads back to is what was read.
fn written(setup: &Setup) -> Vec<(&'static str, Value)> {
    let Setup { board, start, options } = *setup;
    let coord = board.coord(start);
    let start = if coord.row % 2 == 0 { board.name(start) } else { format!("{},{}", coord.row, coord.col) };
    let switch = |on: bool| if on { "on" } else { "off" }.to_string();
    let mut settings = vec![
        ("board", board.to_string()),
        ("start", start),
        ("heuristic", options.heuristic.name().to_string()),
        ("backtracking", switch(options.backtracking)),
        ("closed", switch(options.closed)),
        ("prune", switch(options.prune)),
        ("seed", options.seed.to_string()),
        ("restarts", options.restarts.to_string()),
        ("theorems", switch(options.theorems)),
    ];
    settings.extend(options.budget.map(|budget| ("budget", budget.to_string())));
    settings.into_iter().map(|(name, text)| (name, Value::Text(text))).collect()
}

/// Whether the setting `name` of `setup` has its default: what a setting that cannot be read
/// keeps.
fn has_default(setup: &Setup, name: &str) -> bool {
    let (given, default) = (setup.options, Options::default());
    match name {
        "board" => setup.board == Setup::default().board,
        "start" => setup.start == default_start(setup.board),
        "heuristic" => given.heuristic == default.heuristic,
        "backtracking" => given.backtracking == default.backtracking,
        "closed" => given.closed == default.closed,
        "prune" => given.prune == default.prune,
        "seed" => given.seed == default.seed,
        "restarts" => given.restarts == default.restarts,
        "budget" => given.budget == default.budget,
        "theorems" => given.theorems == default.theorems,
        _ => true,
    }
}

/// A message is one line of words.
fn one_line(message: &str) -> Result<(), TestCaseError> {
    prop_assert!(!message.trim().is_empty(), "an empty message");
    prop_assert!(!message.contains('\n'), "a message of more than one line: {message:?}");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(100_000), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn any_settings_object_is_read_or_refused_in_one_line(given in settings()) {
        let pairs = || given.iter().map(|(name, value)| (name.as_str(), value.clone()));
        let (setup, errors) = Setup::read_leniently(pairs());
        for error in &errors {
            one_line(&error.to_string())?;
        }
        // Whatever was read is a board and a start the solver takes.
        prop_assert!(setup.board.contains(setup.start));
        prop_assert!(setup.options.validate().is_ok());
        // A setting that cannot be read keeps its default, whatever was made of the rest.
        for error in &errors {
            if let Some(name) = error.setting() {
                prop_assert!(has_default(&setup, name), "{} kept what could not be read: {:?}", name, setup);
            }
        }
        // And what was read is what the words say: written back as a person would type it,
        // it reads back to the same, with nothing to refuse.
        prop_assert_eq!(Setup::read(written(&setup)), Ok::<Setup, ConfigError>(setup));
    }

    #[test]
    fn any_square_name_is_read_or_refused_in_one_line(rows in 1u32..40, cols in 1u32..40, written in text()) {
        let board = Board::new(rows, cols).unwrap();
        match board.parse_square(&written) {
            // A square read is on the board, and its own name reads back to it.
            Ok(square) => {
                prop_assert!(board.contains(square));
                prop_assert_eq!(board.parse_square(&board.name(square)), Ok(square));
            }
            Err(error) => one_line(&error.to_string())?,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(100_000) / 20, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn what_is_read_runs_without_a_panic(given in settings(), budget in 1u64..3_000) {
        let (setup, _) = Setup::read_leniently(given.iter().map(|(name, value)| (name.as_str(), value.clone())));
        // Large boards are the divide tests' and the benchmarks' business; here, many small runs.
        prop_assume!(setup.board.len() <= 400);
        let options = Options { budget: Some(budget), restarts: setup.options.restarts.min(3), ..setup.options };
        let mut solver = Solver::new(setup.board, setup.start, options).unwrap();
        let last = solver.events().take(10_000).last();
        if let Some(Event::Finished(outcome)) = last {
            prop_assert_eq!(solver.outcome(), Some(outcome));
            one_line(&outcome.to_string())?;
        }
    }
}
