//! The command line's arguments, fuzzed: every command's flags read from arguments as people
//! mistype them (unknown flags, missing and doubled values, `=` forms, any text, huge numbers),
//! each read into a setup or refused with one line, never a panic. `FUZZ_CASES` sets the cases
//! (100,000 by default); what is read then runs as a process in `tests/cli.rs`.

use proptest::prelude::*;

use crate::finish::{FINISH_SETTINGS, PATH};
use crate::{args, count, flags, setup, COUNT_SETTINGS, FORMAT, SOLVE_SETTINGS};
use knights_tour::front::format::Format;
use knights_tour::play::parse_path;

fn cases() -> u32 {
    std::env::var("FUZZ_CASES").ok().and_then(|cases| cases.parse().ok()).unwrap_or(100_000)
}

/// One argument: a flag of any command, spelled right or nearly, with or without `=value`, or a
/// value of the kinds the flags take, right or wrong.
fn argument() -> impl Strategy<Value = String> {
    let flags = proptest::sample::select(vec![
        "--board",
        "--start",
        "--heuristic",
        "--no-backtrack",
        "--closed",
        "--prune",
        "--seed",
        "--restarts",
        "--budget",
        "--no-theorems",
        "--format",
        "--end",
        "--every-start",
        "--method",
        "--max-memory",
        "--path",
        "--path=a1,b3",
        "--Board",
        "-board",
        "--",
        "-",
        "--board=",
        "--start=a1",
        "--heuristic=roth",
        "--closed=1",
        "--seed=18446744073709551616",
        "--format=json",
        "--budget=0",
        "--method=frontier",
        "--max-memory=1K",
    ]);
    let values = proptest::sample::select(vec![
        "8x8",
        "5x5",
        "3x10",
        "1x1",
        "0x0",
        "2000x2000",
        "1024x1024",
        "a1",
        "e3",
        "0,0",
        "4,6",
        "-1,0",
        "z9",
        "a1,b3,c5",
        "0,0 2,1",
        "0,0,2",
        "a1,,;c2",
        "divide",
        "fixed",
        "warnsdorff",
        "roth",
        "pohl",
        "random",
        "knight",
        "grid",
        "cses",
        "leetcode",
        "moves",
        "json",
        "xml",
        "frontier",
        "enumerate",
        "16G",
        "0",
        "1",
        "7",
        "-5",
        "1.5",
        "4294967296",
        "18446744073709551615",
        "NaN",
        "",
        "💥",
    ]);
    prop_oneof![
        4 => flags.prop_map(str::to_string),
        4 => values.prop_map(str::to_string),
        1 => "\\PC{0,10}",
        1 => "--[a-z-]{1,12}(=\\PC{0,6})?",
    ]
}

/// Reads `arguments` as `command` does before it runs anything; the error, if any, as words.
fn read(command: &str, arguments: &[String]) -> Result<(), String> {
    let flags = match command {
        "solve" => flags(SOLVE_SETTINGS, &[FORMAT]),
        "count" => flags(COUNT_SETTINGS, &count::FLAGS),
        "exists" => flags(COUNT_SETTINGS, &[]),
        "finish" => flags(FINISH_SETTINGS, &[PATH, FORMAT]),
        _ => Vec::new(),
    };
    let given = args::parse(command, arguments, &flags)?;
    if command == "solve" || command == "finish" {
        given.text("--format").unwrap_or("grid").parse::<Format>().map_err(|error| error.to_string())?;
    }
    if command == "count" {
        let request = count::request(&given).map_err(|usage| usage.0)?;
        assert!(request.memory > 0, "a memory limit read allows something");
    } else if command != "cses" {
        let knights_tour::front::config::Setup { board, start, options } =
            setup(&given).map_err(|usage| usage.0)?;
        assert!(board.contains(start), "a start read is on its board");
        assert!(options.validate().is_ok(), "options read are consistent");
        if let Some(path) = given.text("--path") {
            let path = parse_path(board, path).map_err(|error| error.to_string())?;
            assert!(path.iter().all(|&square| board.contains(square)), "squares read are on the board");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn any_arguments_are_read_or_refused_in_one_line(
        command in proptest::sample::select(vec!["solve", "count", "exists", "finish", "cses"]),
        arguments in proptest::collection::vec(argument(), 0..7),
    ) {
        if let Err(message) = read(command, &arguments) {
            prop_assert!(!message.trim().is_empty());
            prop_assert!(!message.contains('\n'), "{message:?}");
        }
    }
}
