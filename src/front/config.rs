//! A run's settings as people write them, on the command line, in a page's settings object or in
//! its address bar, read into a board, a start and options.
//!
//! Every setting is declared once, in [`SETTINGS`]: its name, how its value is written and what
//! it does. The command line's flags and their help, the browser binding's keys and the page's
//! URL parameters are those names, and a bad value gets the same message wherever it was typed.

use std::fmt;

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use crate::board::{decimal, Board, BoardError, Coord, Square};
use crate::search::heuristic::{Heuristic, UnknownHeuristic};
use crate::search::options::OptionsError;
pub use crate::search::options::{default_start, Setup};

/// A setting: its name, the kind of value it takes and what it does.
#[derive(Clone, Copy, Debug)]
pub struct Setting {
    pub name: &'static str,
    /// The command line's spelling: `--name`, or for a switch on by default, how to turn it off.
    pub flag: &'static str,
    pub kind: Kind,
    pub help: &'static str,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text such as `8x8` or `a1`; the placeholder names it in help.
    Text(&'static str),
    /// A whole number.
    Number(&'static str),
    /// On or off, with its default; the command line's flag turns it the other way.
    Switch(bool),
}

/// Every setting, in the order help lists them.
pub const SETTINGS: [Setting; 10] = [
    Setting {
        name: "board",
        flag: "--board",
        kind: Kind::Text("RxC"),
        help: "rows x columns, e.g. 8x8 (default)",
    },
    Setting {
        name: "start",
        flag: "--start",
        kind: Kind::Text("SQUARE"),
        help: "a1 (bottom-left, the default; files past z are aa, ab, …), or ROW,COL from the top-left",
    },
    Setting {
        name: "heuristic",
        flag: "--heuristic",
        kind: Kind::Text("H"),
        help: "how the tour is found: one of the heuristics (default divide, which always finishes)",
    },
    Setting {
        name: "backtracking",
        flag: "--no-backtrack",
        kind: Kind::Switch(true),
        help: "greedy walk: stop at the first dead end",
    },
    Setting { name: "closed", flag: "--closed", kind: Kind::Switch(false), help: "require a closed tour" },
    Setting {
        name: "prune",
        flag: "--prune",
        kind: Kind::Switch(false),
        help: "cut branches where no path can cover the unvisited squares",
    },
    Setting {
        name: "seed",
        flag: "--seed",
        kind: Kind::Number("N"),
        help: "seed for the random heuristic's ties (default 0)",
    },
    Setting {
        name: "restarts",
        flag: "--restarts",
        kind: Kind::Number("N"),
        help: "random heuristic: start over up to N times, at dead ends or backtrack cutoffs",
    },
    Setting { name: "budget", flag: "--budget", kind: Kind::Number("N"), help: "stop after N placements" },
    Setting {
        name: "theorems",
        flag: "--no-theorems",
        kind: Kind::Switch(true),
        help: "search even where a tour is known to be impossible",
    },
];

/// A value as it was given: text from a command line or an address bar, or a value of a
/// settings object. A page's number is whole (one its engine holds exactly): any other it gives
/// as text, as it writes it (the binding's `values`), so that the core quotes it as given
/// without float formatting's code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Text(String),
    Switch(bool),
    Whole(i64),
    /// A square as `[row, col]`.
    Pair([i64; 2]),
}

/// How a switch is written on and off, in any case (an empty value, a bare `?closed` in an
/// address bar, is on). The page reads its own switches with the same words.
pub const ON: [&str; 5] = ["", "1", "true", "on", "yes"];
pub const OFF: [&str; 4] = ["0", "false", "off", "no"];
/// What a switch takes, as a message says it.
pub const SWITCH_WORDS: &str = "on or off (1/0, true/false, on/off, yes/no)";

/// Settings as a page reads them back, named as they are given: `rows` and `cols` of the board,
/// the start by name, the heuristic by name, and the seed and the budget as decimal text, since
/// both go past what a JavaScript number holds exactly.
impl Serialize for Setup {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Setup { board, start, options } = *self;
        let mut out = serializer.serialize_struct("Setup", 11)?;
        out.serialize_field("rows", &board.rows())?;
        out.serialize_field("cols", &board.cols())?;
        out.serialize_field("start", &board.name(start))?;
        out.serialize_field("heuristic", options.heuristic.name())?;
        out.serialize_field("backtracking", &options.backtracking)?;
        out.serialize_field("closed", &options.closed)?;
        out.serialize_field("prune", &options.prune)?;
        out.serialize_field("seed", &options.seed.to_string())?;
        out.serialize_field("restarts", &options.restarts)?;
        out.serialize_field("budget", &options.budget.map(|budget| budget.to_string()))?;
        out.serialize_field("theorems", &options.theorems)?;
        out.end()
    }
}

/// A setting as a page lists it: `{name, kind, default}`, where `kind` is `text`, `number` or
/// `switch` and `default` is a switch's (else `null`). The command line's placeholders and help
/// stay with the command line: no page shows them, and each post's first load would carry them.
impl Serialize for Setting {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (kind, default) = match self.kind {
            Kind::Text(_) => ("text", None),
            Kind::Number(_) => ("number", None),
            Kind::Switch(default) => ("switch", Some(default)),
        };
        let mut out = serializer.serialize_struct("Setting", 3)?;
        out.serialize_field("name", self.name)?;
        out.serialize_field("kind", kind)?;
        out.serialize_field("default", &default)?;
        out.end()
    }
}

/// What was wrong with a setting, worded for the person who wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    Unknown(String),
    /// A value of the wrong kind: what was given and what is accepted.
    Value {
        name: &'static str,
        given: String,
        expected: &'static str,
    },
    Board(BoardError),
    Heuristic(UnknownHeuristic),
    Options(OptionsError),
}

impl ConfigError {
    /// The setting it is about, if it is about one.
    pub fn setting(&self) -> Option<&str> {
        match self {
            ConfigError::Unknown(name) => Some(name),
            ConfigError::Value { name, .. } => Some(name),
            ConfigError::Board(BoardError::BadSquare { .. } | BoardError::OffBoard { .. }) => Some("start"),
            ConfigError::Board(_) => Some("board"),
            ConfigError::Heuristic(_) => Some("heuristic"),
            ConfigError::Options(error) => Some(error.setting()),
        }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Unknown(name) => {
                let names: Vec<&str> = SETTINGS.iter().map(|setting| setting.name).collect();
                write!(f, "unknown setting '{name}': expected one of {}", names.join(", "))
            }
            ConfigError::Value { name, given, expected } => write!(f, "{name} '{given}' is not {expected}"),
            ConfigError::Board(error) => error.fmt(f),
            ConfigError::Heuristic(error) => error.fmt(f),
            ConfigError::Options(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ConfigError {}

impl From<BoardError> for ConfigError {
    fn from(error: BoardError) -> ConfigError {
        ConfigError::Board(error)
    }
}

impl Setup {
    /// Reads settings given by name, each at most once; what is not given keeps its default.
    /// The first mistake is the error.
    pub fn read<'a>(given: impl IntoIterator<Item = (&'a str, Value)>) -> Result<Setup, ConfigError> {
        let (setup, mut errors) = Setup::read_leniently(given);
        match errors.is_empty() {
            true => Ok(setup),
            false => Err(errors.swap_remove(0)),
        }
    }

    /// Reads settings as [`Setup::read`] does, but a setting that cannot be read keeps its
    /// default and its error is listed, in the order given: how a page treats its address bar.
    pub fn read_leniently<'a>(
        given: impl IntoIterator<Item = (&'a str, Value)>,
    ) -> (Setup, Vec<ConfigError>) {
        let mut errors = Vec::new();
        let mut values: [Option<Value>; SETTINGS.len()] = Default::default();
        for (name, value) in given {
            match SETTINGS.iter().position(|setting| setting.name == name) {
                Some(index) => values[index] = Some(value),
                None => errors.push(ConfigError::Unknown(name.to_string())),
            }
        }
        Setup::read_values(values, errors)
    }

    /// The settings of `values`, one a setting in [`SETTINGS`]' order, read as
    /// [`Setup::read_leniently`] says, with `errors` (those found so far) and their own. Apart
    /// from the generic loop over what was given: every caller's iterator is a type of its own,
    /// and each would have its own copy of the whole reading (the page's first module has two).
    fn read_values(
        values: [Option<Value>; SETTINGS.len()],
        mut errors: Vec<ConfigError>,
    ) -> (Setup, Vec<ConfigError>) {
        let mut setup = Setup::default();
        let [board, start, heuristic, backtracking, closed, prune, seed, restarts, budget, theorems] = values;
        let mut read = |result: Result<(), ConfigError>| {
            if let Err(error) = result {
                errors.push(error);
            }
        };
        if let Some(value) = board {
            read(board_of(&value).map(|board| setup.board = board));
        }
        setup.start = default_start(setup.board);
        if let Some(value) = start {
            read(square_of(setup.board, &value).map(|start| setup.start = start));
        }
        let options = &mut setup.options;
        if let Some(value) = heuristic {
            read(heuristic_of(&value).map(|heuristic| options.heuristic = heuristic));
        }
        for (value, name, field) in [
            (backtracking, "backtracking", &mut options.backtracking),
            (closed, "closed", &mut options.closed),
            (prune, "prune", &mut options.prune),
            (theorems, "theorems", &mut options.theorems),
        ] {
            if let Some(value) = value {
                read(switch(name, &value).map(|on| *field = on));
            }
        }
        if let Some(value) = seed {
            read(number("seed", &value).map(|seed| options.seed = seed));
        }
        if let Some(value) = restarts {
            let restarts = number("restarts", &value).and_then(|n| {
                u32::try_from(n)
                    .map_err(|_| wrong("restarts", &value, "a number of restarts up to 4294967295"))
            });
            read(restarts.map(|restarts| options.restarts = restarts));
        }
        if let Some(value) = budget {
            read(number("budget", &value).map(|budget| options.budget = Some(budget)));
        }
        while let Err(error) = setup.options.validate() {
            // Each setting that makes the options inconsistent keeps its default, as any other
            // setting that cannot be read: the setup handed back always makes a run.
            match error {
                OptionsError::RestartsNeedRandom => setup.options.restarts = 0,
                OptionsError::ZeroBudget => setup.options.budget = None,
            }
            errors.push(ConfigError::Options(error));
        }
        (setup, errors)
    }
}

/// Settings read as a page reads its address bar ([`Setup::read_leniently`]): what could be
/// read, whether a start was given (and could be read: a page without one waits for a click),
/// and a problem for each value that could not be, in the order given.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Reading {
    #[serde(flatten)]
    pub setup: Setup,
    pub start_given: bool,
    pub problems: Vec<Problem>,
}

/// A value that could not be read: the setting it was given for, if it is one, and why.
#[derive(Debug, Serialize)]
pub struct Problem {
    pub setting: Option<String>,
    pub message: String,
}

impl Reading {
    pub fn new<'a>(given: impl IntoIterator<Item = (&'a str, Value)>) -> Reading {
        let mut start = false;
        let given = given.into_iter().inspect(|(name, _)| start |= *name == "start");
        let (setup, errors) = Setup::read_leniently(given);
        Reading {
            setup,
            start_given: start && !errors.iter().any(|error| error.setting() == Some("start")),
            problems: errors
                .iter()
                .map(|error| Problem {
                    setting: error.setting().map(str::to_string),
                    message: error.to_string(),
                })
                .collect(),
        }
    }
}

fn wrong(name: &'static str, value: &Value, expected: &'static str) -> ConfigError {
    let given = match value {
        Value::Text(text) => text.clone(),
        Value::Switch(on) => on.to_string(),
        Value::Whole(n) => n.to_string(),
        Value::Pair([a, b]) => format!("[{a}, {b}]"),
    };
    ConfigError::Value { name, given, expected }
}

fn board_of(value: &Value) -> Result<Board, ConfigError> {
    match value {
        Value::Text(text) => Ok(text.parse()?),
        other => Err(wrong("board", other, "ROWSxCOLS, such as 8x8")),
    }
}

fn square_of(board: Board, value: &Value) -> Result<Square, ConfigError> {
    match value {
        Value::Text(text) => Ok(board.parse_square(text)?),
        &Value::Pair([row, col]) if u32::try_from(row).is_ok() && u32::try_from(col).is_ok() => {
            Ok(board.square_at(Coord { row: row as u32, col: col as u32 })?)
        }
        other => Err(wrong("start", other, "a square such as a1, 2,3 or [2, 3]")),
    }
}

fn heuristic_of(value: &Value) -> Result<Heuristic, ConfigError> {
    match value {
        Value::Text(text) => text.parse().map_err(ConfigError::Heuristic),
        other => Err(wrong("heuristic", other, "the name of a heuristic, such as divide")),
    }
}

/// On or off: a boolean, or as text one of [`ON`] or [`OFF`].
fn switch(name: &'static str, value: &Value) -> Result<bool, ConfigError> {
    const EXPECTED: &str = SWITCH_WORDS;
    match value {
        Value::Switch(on) => Ok(*on),
        Value::Text(text) => {
            let word = text.trim().to_ascii_lowercase();
            match (ON.contains(&word.as_str()), OFF.contains(&word.as_str())) {
                (true, _) => Ok(true),
                (_, true) => Ok(false),
                _ => Err(wrong(name, value, EXPECTED)),
            }
        }
        _ => Err(wrong(name, value, EXPECTED)),
    }
}

/// A whole number from 0: as text, plain digits only (see [`decimal`]); one too large for 64
/// bits is refused, not saturated.
fn number(name: &'static str, value: &Value) -> Result<u64, ConfigError> {
    const EXPECTED: &str = "a whole number such as 1000";
    match value {
        Value::Text(text) => decimal(text).map_err(|_| wrong(name, value, EXPECTED)),
        &Value::Whole(n) => u64::try_from(n).map_err(|_| wrong(name, value, EXPECTED)),
        _ => Err(wrong(name, value, EXPECTED)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;

    #[test]
    fn a_refused_number_is_quoted_as_a_page_wrote_it() {
        let Err(ConfigError::Value { given, .. }) = number("seed", &Value::Text("2.5".into())) else {
            panic!()
        };
        assert_eq!(given, "2.5");
        let Err(ConfigError::Value { given, .. }) = number("seed", &Value::Whole(-3)) else { panic!() };
        assert_eq!(given, "-3");
        let Err(ConfigError::Value { given, .. }) =
            square_of(Board::new(8, 8).unwrap(), &Value::Pair([-1, 2]))
        else {
            panic!()
        };
        assert_eq!(given, "[-1, 2]");
    }

    fn text(pairs: &[(&'static str, &str)]) -> Vec<(&'static str, Value)> {
        pairs.iter().map(|&(name, value)| (name, Value::Text(value.to_string()))).collect()
    }

    #[test]
    fn settings_read_the_same_from_text_and_from_values() {
        let from_text =
            Setup::read(text(&[("board", "5x6"), ("start", "2,3"), ("closed", "1"), ("seed", "7")]));
        let from_values = Setup::read([
            ("board", Value::Text("5x6".into())),
            ("start", Value::Pair([2, 3])),
            ("closed", Value::Switch(true)),
            ("seed", Value::Whole(7)),
        ]);
        assert_eq!(from_text, from_values);
        let setup = from_text.unwrap();
        assert_eq!(setup.start, setup.board.square(2, 3));
        assert!(setup.options.closed);
        assert_eq!(setup.options.seed, 7);
    }

    #[test]
    fn a_reading_says_whether_a_start_was_given_and_is_written_as_the_page_reads_it() {
        let reading = Reading::new([
            ("board", Value::Text("5x6".into())),
            ("heuristic", Value::Text("[\"x\"]".into())),
            ("start", Value::Pair([2, 3])),
        ]);
        assert!(reading.start_given);
        assert_eq!(reading.problems[0].setting.as_deref(), Some("heuristic"));
        let refused = Reading::new([("start", Value::Text("z9".into()))]);
        assert!(!refused.start_given, "a start given and refused is none");
        let given = Reading::new([("start", Value::Text("b2".into()))]);
        assert!(given.start_given && given.problems.is_empty());
        let json = serde_json::to_value(&given).unwrap();
        assert_eq!(
            (json["start"].as_str(), json["seed"].as_str(), json["startGiven"].as_bool()),
            (Some("b2"), Some("0"), Some(true))
        );
        assert_eq!(serde_json::to_value(Setup::default()).unwrap()["start"], "a1");
    }

    #[test]
    fn nothing_given_is_the_default() {
        assert_eq!(Setup::read([]), Ok(Setup::default()));
        assert_eq!(Setup::default().options, Options::default());
    }

    #[test]
    fn each_mistake_names_its_setting_and_what_is_accepted() {
        let cases = [
            ("colour", "blue", "unknown setting 'colour'"),
            ("board", "8x8x8", "is not ROWSxCOLS"),
            ("start", "z9", "nor ROW,COL"),
            ("heuristic", "best", "expected one of divide"),
            ("closed", "maybe", "on or off"),
            ("budget", "-5", "a whole number"),
            ("restarts", "99999999999", "up to 4294967295"),
        ];
        for (setting, value, words) in cases {
            let error = Setup::read(text(&[(setting, value)])).unwrap_err();
            assert_eq!(error.setting(), Some(setting), "{error}");
            assert!(error.to_string().contains(words), "{error}");
        }
    }

    #[test]
    fn read_leniently_keeps_what_it_can_and_lists_the_rest() {
        let (setup, errors) =
            Setup::read_leniently(text(&[("board", "5x5"), ("start", "zz"), ("prune", "yes")]));
        assert_eq!(setup.board, Board::new(5, 5).unwrap());
        assert_eq!(setup.start, setup.board.square(4, 0), "the default start, a1");
        assert!(setup.options.prune);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].setting(), Some("start"));
        // Restarts of another heuristic than random ties: the setting that keeps its default is
        // named, for a page to say which one.
        let (setup, errors) = Setup::read_leniently(text(&[("restarts", "5"), ("heuristic", "fixed")]));
        assert_eq!(setup.options.restarts, 0);
        assert_eq!(errors.iter().map(ConfigError::setting).collect::<Vec<_>>(), [Some("restarts")]);
        let (_, errors) = Setup::read_leniently(text(&[("budget", "0")]));
        assert_eq!(errors[0].setting(), Some("budget"));
    }

    #[test]
    fn every_setting_is_read_under_its_own_name() {
        for setting in SETTINGS {
            let value = match setting.kind {
                Kind::Text(_) => continue,
                Kind::Number(_) => "3",
                Kind::Switch(_) => "0",
            };
            let given =
                [(setting.name, Value::Text(value.into())), ("heuristic", Value::Text("random".into()))];
            let (_, errors) = Setup::read_leniently(given);
            assert!(errors.is_empty(), "{}: {errors:?}", setting.name);
        }
    }
}
