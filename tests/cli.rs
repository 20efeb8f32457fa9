//! The command line as a process: what it prints, in which format, and how it refuses bad input.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use common::{assert_tour, board};
use knights_tour::Square;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_knights-tour")).args(args).output().expect("the binary runs")
}

fn run_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_knights-tour"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that does not read its input may have exited already: nothing to write to.
    if let Err(error) = child.stdin.take().unwrap().write_all(input.as_bytes()) {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
    }
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn solve_prints_the_fixed_order_tour_as_a_grid() {
    let output = run(&["solve", "--board", "5x5", "--start", "0,0", "--heuristic", "fixed"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let grid = stdout(&output);
    assert_eq!(grid.lines().count(), 5);
    assert_eq!(grid.lines().next().unwrap().split_whitespace().next(), Some("0"));
    assert!(stderr(&output).contains("8840 placements"), "{}", stderr(&output));
}

#[test]
fn json_has_exactly_the_documented_shape_and_a_valid_tour() {
    let output =
        run(&["solve", "--board", "6x7", "--start", "c2", "--format", "json", "--closed", "--prune"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let expected = ["rows", "cols", "start", "heuristic", "closed", "outcome", "reason", "tour", "stats"];
    assert_eq!(json.as_object().unwrap().len(), expected.len());
    let positions: Vec<usize> =
        expected.iter().map(|key| text.find(&format!("\"{key}\":")).unwrap()).collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "keys in the documented order");
    let stats: Vec<&str> = json["stats"].as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(stats.len(), 3);
    for key in ["placements", "backtracks", "elapsed_ms"] {
        assert!(json["stats"][key].is_number(), "stats.{key}");
    }
    assert_eq!((json["rows"].as_u64(), json["cols"].as_u64()), (Some(6), Some(7)));
    assert_eq!(json["start"], serde_json::json!([4, 2]));
    assert_eq!(json["heuristic"], "divide");
    assert_eq!(json["closed"], true);
    assert_eq!(json["outcome"], "closed-tour");
    let b = board(6, 7);
    let path: Vec<Square> = json["tour"]
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| b.square(pair[0].as_u64().unwrap() as u32, pair[1].as_u64().unwrap() as u32))
        .collect();
    assert_tour(b, b.square(4, 2), &path, true);
}

#[test]
fn json_reports_impossible_boards_with_the_theorem() {
    let output = run(&["solve", "--board", "4x4", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["outcome"], "impossible");
    assert!(json["reason"].as_str().unwrap().contains("4×4"));
    assert_eq!(json["tour"], serde_json::json!([]));
}

#[test]
fn json_names_the_start_given_even_when_no_search_ran() {
    // b1 is the minority colour of 5x5: the theorems settle it and no square is placed.
    let output = run(&["solve", "--board", "5x5", "--start", "b1", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["outcome"], "impossible");
    assert_eq!(json["start"], serde_json::json!([4, 1]));
}

#[test]
fn chess_names_and_row_col_name_the_same_square() {
    let by_name = run(&["solve", "--board", "8x8", "--start", "a1", "--format", "moves"]);
    let by_coord = run(&["solve", "--board", "8x8", "--start", "7,0", "--format", "moves"]);
    assert_eq!(stdout(&by_name), stdout(&by_coord));
    let moves = stdout(&by_name);
    assert_eq!(moves.lines().count(), 64);
    assert_eq!(moves.lines().next(), Some("a1"));
}

#[test]
fn cses_and_leetcode_formats_number_as_their_judges_expect() {
    // The judges' grids start at the top-left: 0,0 (the command line's default is a1).
    let cses = stdout(&run(&["solve", "--board", "5x5", "--start", "0,0", "--format", "cses"]));
    let numbers: Vec<u32> = cses.split_whitespace().map(|n| n.parse().unwrap()).collect();
    assert_eq!(numbers[0], 1);
    assert_eq!(numbers.iter().max(), Some(&25));
    let leetcode = stdout(&run(&[
        "solve",
        "--board",
        "3x3",
        "--start",
        "0,0",
        "--format",
        "leetcode",
        "--no-theorems",
        "--heuristic",
        "fixed",
    ]));
    let grid: Vec<Vec<i64>> = serde_json::from_str(&leetcode).unwrap();
    assert_eq!(grid.len(), 3);
    assert_eq!(grid[0][0], 0);
    assert_eq!(grid[1][1], -1, "the centre of 3x3 is never reached");
}

#[test]
fn the_start_defaults_to_a1_the_bottom_left_square_as_on_the_page() {
    let moves = stdout(&run(&["solve", "--board", "5x5", "--format", "moves"]));
    assert_eq!(moves.lines().next(), Some("a1"));
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&run(&["solve", "--board", "30x30", "--format", "json"]))).unwrap();
    assert_eq!(json["start"], serde_json::json!([29, 0]), "bottom-left, past z too");
    assert!(stdout(&run(&["help"])).contains("The start defaults to a1, as on the page."));
}

#[test]
fn squares_past_z_are_named_as_a_spreadsheet_names_columns_and_row_col_still_reads() {
    let by_name = stdout(&run(&["solve", "--board", "30x30", "--start", "ad30", "--format", "moves"]));
    let by_row_col = stdout(&run(&["solve", "--board", "30x30", "--start", "0,29", "--format", "moves"]));
    assert_eq!(by_name.lines().next(), Some("ad30"), "the top-right square of 30x30");
    assert_eq!(by_name, by_row_col);
}

#[test]
fn help_for_solve_lists_the_heuristics_from_the_core() {
    let help = stdout(&run(&["help", "solve"]));
    let listed: Vec<&str> = help
        .lines()
        .skip_while(|line| !line.starts_with("heuristics"))
        .skip(1)
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert_eq!(listed, ["divide", "fixed", "warnsdorff", "roth", "pohl", "random"]);
}

#[test]
fn count_prints_the_number_of_tours() {
    let output = run(&["count", "--board", "5x5", "--start", "a1"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "304\n");
    assert_eq!(stdout(&run(&["count", "--board", "5x5", "--start", "b1"])), "0\n");
    assert_eq!(stdout(&run(&["count", "--board", "5x6", "--start", "a1", "--closed"])), "16\n");
}

// 5x5: 1,728 open tours (OEIS A165134), 6x6: 9,862 closed ones (A001230).
#[test]
fn count_without_a_start_counts_every_tour_of_the_board() {
    for method in ["enumerate", "frontier"] {
        assert_eq!(stdout(&run(&["count", "--board", "5x5", "--method", method])), "1728\n", "{method}");
        assert_eq!(
            stdout(&run(&["count", "--board", "5x6", "--start", "a1", "--end", "f5", "--method", method])),
            "1064\n",
            "{method}"
        );
    }
    assert_eq!(stdout(&run(&["count", "--board", "6x6", "--closed"])), "9862\n");
}

#[test]
fn count_every_start_prints_the_board_of_counts_and_nothing_else() {
    let grid = "304 0 56 0 304\n0 56 0 56 0\n56 0 64 0 56\n0 56 0 56 0\n304 0 56 0 304\n";
    for method in ["enumerate", "frontier"] {
        let output = run(&["count", "--board", "5x5", "--every-start", "--method", method]);
        assert!(output.status.success());
        assert_eq!(stdout(&output), grid, "{method}");
    }
    // 5x6 has 8 closed tours (A175881), each through every square in two directions.
    let closed = stdout(&run(&["count", "--board", "6x5", "--every-start", "--closed"]));
    assert_eq!(closed, "16 16 16 16 16\n".repeat(6));
}

/// Where a whole sweep's tables do not fit (5x8 within 24 MiB), the classes of squares are
/// counted one by one, several at once on a machine of several cores: the same grid, and a line
/// of progress that says each count under way.
#[test]
fn count_every_start_by_class_on_every_core_prints_the_same_grid() {
    let swept = run(&["count", "--board", "5x8", "--every-start"]);
    let by_class = run(&["count", "--board", "5x8", "--every-start", "--max-memory", "24M"]);
    assert!(by_class.status.success(), "{}", stderr(&by_class));
    assert_eq!(stdout(&by_class), stdout(&swept));
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let progress = stderr(&by_class);
    if cores > 1 {
        // "counting 5x8 open tours from every square by frontier: 2 of 12 sweeps done; shared
        // sweep column 6 of 8, 80685 states; from e1 column 5 of 8, 44435 states (7.0 MiB), 0.1 s"
        assert!(progress.lines().any(|line| line.matches(" column ").count() >= 2), "{progress}");
    }
}

#[test]
fn count_refuses_in_one_line_what_it_cannot_count() {
    let cases: [(&[&str], &str); 6] = [
        (&["count", "--board", "8x8"], "short side is 8"),
        (&["count", "--board", "7x7", "--max-memory", "1M"], "the limit is 1.0 MiB"),
        (&["count", "--board", "5x5", "--method", "fast"], "method 'fast' is not frontier or enumerate"),
        (&["count", "--board", "5x5", "--end", "a1"], "--end needs --start"),
        (&["count", "--board", "5x5", "--every-start", "--start", "a1"], "without --start"),
        (&["count", "--board", "5x5", "--start", "a1", "--end", "c3", "--closed"], "drop --closed"),
    ];
    for (args, words) in cases {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = stderr(&output);
        assert!(message.contains(words), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
    }
}

#[test]
fn exists_answers_yes_or_no_with_a_reason() {
    let no = stdout(&run(&["exists", "--board", "5x5", "--start", "b1"]));
    assert!(no.starts_with("no: ") && no.contains("colour"), "{no}");
    let yes = stdout(&run(&["exists", "--board", "8x8", "--start", "d4"]));
    assert!(yes.starts_with("yes: ") && yes.contains("Schwenk"), "{yes}");
    let computed = stdout(&run(&["exists", "--board", "5x5", "--start", "a1"]));
    assert!(computed.starts_with("yes: ") && computed.contains("computation"), "{computed}");
    let inner = stdout(&run(&["exists", "--board", "6x4", "--start", "2,1"]));
    assert!(inner.starts_with("no: ") && inner.contains("Flye Sainte-Marie"), "{inner}");
    let closed = stdout(&run(&["exists", "--board", "3x8", "--closed"]));
    assert!(closed.starts_with("no: "), "{closed}");
}

#[test]
fn finish_prints_the_tour_through_the_path_or_why_there_is_none() {
    let b = board(6, 6);
    let output = run(&["finish", "--board", "6x6", "--path", "c5,d3", "--format", "moves"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let tour: Vec<Square> = stdout(&output).lines().map(|name| b.parse_square(name).unwrap()).collect();
    assert_eq!(&tour[..2], [b.parse_square("c5").unwrap(), b.parse_square("d3").unwrap()]);
    assert_tour(b, tour[0], &tour, false);
    assert!(
        stderr(&output).contains("a tour can still be finished: moves 2 to 35 finish it"),
        "{}",
        stderr(&output)
    );
    let grid = stdout(&run(&["finish", "--board", "6x6", "--path", "1,2 3,3"]));
    assert_eq!(grid.lines().count(), 6, "{grid}");

    let doomed = run(&["finish", "--board", "6x6", "--path", "c5,d3,b4"]);
    assert_eq!(doomed.status.code(), Some(1));
    let words = stdout(&doomed);
    assert_eq!(words.lines().count(), 1);
    assert!(
        words.starts_with("no tour can be finished from here: a6 can now be entered only from b4"),
        "{words}"
    );

    let closed = run(&["finish", "--board", "6x6", "--path", "a1,b3", "--closed", "--format", "moves"]);
    assert!(closed.status.success(), "{}", stderr(&closed));
    let tour: Vec<Square> = stdout(&closed).lines().map(|name| b.parse_square(name).unwrap()).collect();
    assert_tour(b, tour[0], &tour, true);
}

#[test]
fn finish_in_json_says_the_verdict_the_rule_and_its_squares() {
    let output = run(&["finish", "--board", "5x6", "--path", "c4,e3", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let expected = [
        "rows",
        "cols",
        "closed",
        "path",
        "verdict",
        "rule",
        "reason",
        "squares",
        "since",
        "tour",
        "elapsed_ms",
    ];
    let positions: Vec<usize> =
        expected.iter().map(|key| text.find(&format!("\"{key}\":")).unwrap()).collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "keys in the documented order");
    assert_eq!(json.as_object().unwrap().len(), expected.len());
    assert_eq!(json["verdict"], "impossible");
    assert_eq!(json["rule"], "last-squares");
    // a5, f1, f5: in the order of their names.
    assert_eq!(json["squares"], serde_json::json!([[0, 0], [4, 5], [0, 5]]));
    assert_eq!(json["since"], 1);
    assert_eq!(json["tour"], serde_json::json!([]));

    let possible = run(&["finish", "--board", "5x6", "--path", "a1", "--format", "json"]);
    assert!(possible.status.success());
    let json: serde_json::Value = serde_json::from_str(&stdout(&possible)).unwrap();
    assert_eq!((json["verdict"].as_str(), json["rule"].is_null()), (Some("possible"), true));
    assert_eq!(json["tour"].as_array().unwrap().len(), 30);
}

#[test]
fn cses_solves_task_1689_from_every_square() {
    let b = board(8, 8);
    for x in 1..=8 {
        for y in 1..=8 {
            let output = run_with_input(&["cses"], &format!("{x} {y}\n"));
            assert!(output.status.success(), "{x} {y}: {}", stderr(&output));
            let numbers: Vec<u32> = stdout(&output).split_whitespace().map(|n| n.parse().unwrap()).collect();
            assert_eq!(numbers.len(), 64);
            assert_eq!(numbers[((y - 1) * 8 + (x - 1)) as usize], 1, "the tour starts at column x, row y");
            let mut path = vec![Square(0); 64];
            for (index, &number) in numbers.iter().enumerate() {
                path[number as usize - 1] = Square(index as u32);
            }
            assert_tour(b, b.square(y - 1, x - 1), &path, false);
        }
    }
}

#[test]
fn bad_input_gets_one_line_on_stderr_and_exit_status_2() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "no command"),
        (&["fly"], "unknown command 'fly'"),
        (&["solve", "--board", "0x0"], "at least 1"),
        (&["solve", "--board", "99999x99999"], "limit is 1,048,576"),
        (&["solve", "--board", "eight"], "ROWSxCOLS"),
        (&["solve", "--start", "zz99"], "'zz99'"),
        (&["solve", "--board", "8x8", "--start", "9,9"], "off the 8×8 board"),
        (
            &["solve", "--heuristic", "<script>"],
            "expected one of divide, fixed, warnsdorff, roth, pohl, random",
        ),
        (&["solve", "--seed", "-1"], "seed '-1' is not a whole number"),
        (&["solve", "--budget", "0"], "at least one placement"),
        (&["solve", "--budget", "lots"], "budget 'lots' is not a whole number"),
        (&["solve", "--restarts", "3"], "random heuristic"),
        (&["solve", "--no-backtrack", "--restarts", "3"], "random heuristic"),
        (&["solve", "--format", "xml"], "unknown format 'xml'"),
        (&["solve", "--colour", "blue"], "unknown option '--colour'"),
        (&["solve", "--board"], "--board needs a value"),
        (&["solve", "--closed", "--closed"], "given twice"),
        (&["solve", "--closed=yes"], "takes no value"),
        (&["count", "--heuristic", "fixed"], "unknown option '--heuristic' for count"),
        (&["exists", "8x8"], "unexpected argument '8x8'"),
        (&["finish", "--board", "6x6"], "finish needs the path so far"),
        (&["finish", "--path", ""], "the path is empty"),
        (&["finish", "--path", "a1,z9"], "'z9'"),
        (&["finish", "--path", "a1,c2,e3,e4"], "move 3 of the path: e4 is not a knight's move from e3"),
        (&["finish", "--path", "a1,c2,a1"], "move 2 of the path: a1 is already on the path"),
        (&["finish", "--path", "a1", "--start", "a1"], "unknown option '--start' for finish"),
    ];
    for (args, needle) in cases {
        let output = run(args);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert!(message.starts_with("knights-tour: ") && message.contains(needle), "{args:?}: {message}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn bad_cses_input_is_refused_too() {
    for input in ["", "0 9\n", "a b\n", "1\n", "1 2 3\n"] {
        let output = run_with_input(&["cses"], input);
        assert_eq!(output.status.code(), Some(2), "{input:?}");
        assert_eq!(stderr(&output).lines().count(), 1, "{input:?}");
    }
}

#[test]
fn a_search_without_a_tour_exits_1_and_says_why() {
    let output = run(&["solve", "--board", "8x8", "--heuristic", "fixed", "--no-backtrack"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("dead end"), "{}", stderr(&output));
    // Warnsdorff's walk for a closed tour of 8x8 from b1 covers the board without closing.
    let output = run(&[
        "solve",
        "--board",
        "8x8",
        "--start",
        "b1",
        "--heuristic",
        "warnsdorff",
        "--closed",
        "--no-backtrack",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("every square is visited, but the last is not a knight's move"),
        "{}",
        stderr(&output)
    );
    let output = run(&["solve", "--board", "4x4", "--no-theorems"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("no tour from this square"), "{}", stderr(&output));
}

/// The binary run on arguments as people mistype them, a few hundred times: exit status 0, 1 or
/// 2, and a refusal is one line on stderr, never a panic. (The readers behind it are fuzzed by
/// the hundred thousand in the binary's own tests and in `tests/fuzz.rs`.)
#[test]
fn mangled_command_lines_get_an_answer_or_one_line_never_a_panic() {
    let words = [
        "--board",
        "--start",
        "--heuristic",
        "--no-backtrack",
        "--closed",
        "--prune",
        "--seed",
        "--restarts",
        "--format",
        "--no-theorems",
        "--path",
        "a1,b3,c5",
        "a1,c2",
        "--board=",
        "--",
        "-",
        "5x5",
        "8x8",
        "3x10",
        "4x4",
        "0x3",
        "2000x2000",
        "1024x1024",
        "a1",
        "c3",
        "0,0",
        "9,9",
        "-1,2",
        "z1",
        "fixed",
        "warnsdorff",
        "roth",
        "random",
        "divide",
        "bogus",
        "json",
        "moves",
        "cses",
        "xml",
        "7",
        "-3",
        "1e9",
        "18446744073709551616",
        "",
        "💥",
        "８x８",
    ];
    let commands = ["solve", "exists", "count", "finish", "cses", "help", "frobnicate", ""];
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for case in 0..300 {
        let command = commands[next(commands.len())];
        let mut args = vec![command.to_string()];
        args.extend((0..next(6)).map(|_| words[next(words.len())].to_string()));
        // Keep every run short: searches get a budget, counts a board too small to take long.
        match command {
            "solve" => args.extend(["--budget".to_string(), "20000".to_string()]),
            "count" | "finish" => args.extend(["--board".to_string(), "5x5".to_string()]),
            _ => {}
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = run_with_input(&args, ["1 1", "9 9", "x", "", "4 4 4"][case % 5]);
        let err = stderr(&output);
        let code = output.status.code();
        assert!(matches!(code, Some(0..=2)), "{args:?}: exit {code:?}, {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        if code == Some(2) {
            assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        }
    }
}
