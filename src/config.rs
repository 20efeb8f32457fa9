//! A run's settings as people and pages write them, checked into a board, a start and options.
//!
//! The command line and the browser binding both go through here, so a bad value gets the same
//! message wherever it was typed.

use std::fmt;

use serde::Deserialize;

use crate::board::{Board, BoardError, Coord, Square};
use crate::heuristic::{Heuristic, UnknownHeuristic};
use crate::options::{Options, OptionsError};

/// Loose settings: every field has a default, and the start and heuristic are kept as text until
/// [`Config::resolve`] so their errors can say what is accepted.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct Config {
    pub rows: u32,
    pub cols: u32,
    pub start: StartSpec,
    pub heuristic: String,
    pub backtracking: bool,
    pub closed: bool,
    pub prune: bool,
    pub seed: u64,
    pub restarts: u32,
    pub budget: Option<u64>,
    pub theorems: bool,
}

/// A start square as a name (`"a1"`, `"2,3"`) or as `[row, col]`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum StartSpec {
    Name(String),
    Coord([u32; 2]),
}

impl Default for Config {
    fn default() -> Config {
        let options = Options::default();
        Config {
            rows: 8,
            cols: 8,
            start: StartSpec::Coord([0, 0]),
            heuristic: options.heuristic.name().to_string(),
            backtracking: options.backtracking,
            closed: options.closed,
            prune: options.prune,
            seed: options.seed,
            restarts: options.restarts,
            budget: options.budget,
            theorems: options.theorems,
        }
    }
}

/// A checked configuration, ready for [`crate::Solver::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: Board,
    pub start: Square,
    pub options: Options,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    Board(BoardError),
    Heuristic(UnknownHeuristic),
    Options(OptionsError),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
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

impl Config {
    pub fn resolve(&self) -> Result<Setup, ConfigError> {
        let board = Board::new(self.rows, self.cols)?;
        let start = match &self.start {
            StartSpec::Name(name) => board.parse_square(name)?,
            StartSpec::Coord([row, col]) => board.square_at(Coord { row: *row, col: *col })?,
        };
        let heuristic: Heuristic = self.heuristic.parse().map_err(ConfigError::Heuristic)?;
        let options = Options {
            heuristic,
            backtracking: self.backtracking,
            closed: self.closed,
            prune: self.prune,
            seed: self.seed,
            restarts: self.restarts,
            budget: self.budget,
            theorems: self.theorems,
        };
        options.validate().map_err(ConfigError::Options)?;
        Ok(Setup { board, start, options })
    }
}
