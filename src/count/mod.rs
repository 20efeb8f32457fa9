//! Counting tours: by listing them one by one ([`enumerate`], which a class can watch), or by
//! dynamic programming over the board's frontier ([`frontier`], which counts boards whose tours
//! could never be listed).

pub mod checkpoint;
mod degrees;
pub mod enumerate;
mod every_start;
pub mod frontier;
mod job;
mod level;
mod memory;
pub mod oeis;
mod plan;
mod refusal;
mod state;
mod symmetry;
mod table;
mod transition;
mod word;

pub use enumerate::{count_tours, ListingStatus, TourCounter};
pub use every_start::{shares, EveryStart, GridProgress, Share, MOST_SHARES};
pub use frontier::{FrontierCounter, Refusal};
pub use job::{Answer, Count, CountError, CountProgress, ListingSize, Outline, Question, SweepUnderWay};

use std::fmt;

use crate::board::{Board, Square};

/// How to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Dynamic programming over the frontier: time and memory grow with the board's length,
    /// and exponentially only with its short side.
    Frontier,
    /// Listing the tours one by one: time grows with their number.
    Enumerate,
}

impl Method {
    pub const ALL: [Method; 2] = [Method::Frontier, Method::Enumerate];
    pub const NAMES: [&'static str; 2] = ["frontier", "enumerate"];

    /// The faster method for counting on `board`: listing wins only while tours are few and
    /// the frontier's tables cost more to set up than the search (up to 30 squares; 6x6 from a
    /// corner already has half a million tours).
    pub fn faster(board: Board) -> Method {
        if board.len() <= 30 {
            Method::Enumerate
        } else {
            Method::Frontier
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Method::Frontier => "frontier",
            Method::Enumerate => "enumerate",
        }
    }

    /// How it counts, in words that follow "by": "by dynamic programming over the frontier".
    pub fn label(self) -> &'static str {
        match self {
            Method::Frontier => "dynamic programming over the frontier",
            Method::Enumerate => "listing the tours one by one",
        }
    }

    /// Whether it finds the tours one by one, which a class can watch.
    pub fn lists(self) -> bool {
        self == Method::Enumerate
    }
}

/// A method's name that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMethod(pub String);

impl fmt::Display for UnknownMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "method '{}' is not {}", self.0, Method::NAMES.join(" or "))
    }
}

impl std::error::Error for UnknownMethod {}

impl std::str::FromStr for Method {
    type Err = UnknownMethod;

    fn from_str(text: &str) -> Result<Method, UnknownMethod> {
        match text.trim().to_ascii_lowercase().as_str() {
            "frontier" => Ok(Method::Frontier),
            "enumerate" => Ok(Method::Enumerate),
            _ => Err(UnknownMethod(text.to_string())),
        }
    }
}

/// Which tours to count, and how: open tours are counted in each direction (a tour and its
/// reverse are two, as the literature's "directed tours" and the enumeration from a start count
/// them), closed tours once per cycle as OEIS counts them, or per direction from a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tours {
    /// Distinct closed tours, each cycle once whatever its start and direction (A001230).
    Closed,
    /// Closed tours starting on a square, each direction once: twice [`Tours::Closed`], since
    /// every closed tour passes through every square.
    ClosedFrom(Square),
    /// Every open tour, each direction once (A165134).
    Open,
    /// Open tours starting on a square.
    OpenFrom(Square),
    /// Open tours from one square to another.
    OpenBetween(Square, Square),
}

impl Tours {
    pub fn closed(self) -> bool {
        matches!(self, Tours::Closed | Tours::ClosedFrom(_))
    }

    /// The squares the tour must end on.
    pub(crate) fn ends(self) -> Vec<Square> {
        match self {
            Tours::Closed | Tours::ClosedFrom(_) | Tours::Open => Vec::new(),
            Tours::OpenFrom(start) => vec![start],
            Tours::OpenBetween(start, end) => vec![start, end],
        }
    }

    /// The tours in words, such as "closed tours" or "open tours from a1 to e5".
    pub fn describe(self, board: Board) -> String {
        match self {
            Tours::Closed => "closed tours".into(),
            Tours::ClosedFrom(start) => format!("closed tours from {}", board.name(start)),
            Tours::Open => "open tours".into(),
            Tours::OpenFrom(start) => format!("open tours from {}", board.name(start)),
            Tours::OpenBetween(start, end) => {
                format!("open tours from {} to {}", board.name(start), board.name(end))
            }
        }
    }

    /// How many of the counted tours each undirected cycle or path found stands for.
    fn directions(self) -> u128 {
        match self {
            Tours::ClosedFrom(_) | Tours::Open => 2,
            Tours::Closed | Tours::OpenFrom(_) | Tours::OpenBetween(..) => 1,
        }
    }
}
