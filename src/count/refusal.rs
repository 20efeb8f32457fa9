//! Why the frontier counter will not make a count, or stopped one, in words a person reads.

use std::fmt;

use crate::board::numbers;
use crate::board::Board;

/// The tallest board (short side) the counter takes for open tours: a wider window does not fit
/// its 64-bit keys, where the ends of the tour settled take 4 bits.
pub const MAX_HEIGHT_OPEN: u32 = 7;
/// The tallest board the counter takes for closed tours, whose keys leave out a square that
/// follows from the others (see `super::state`).
pub const MAX_HEIGHT_CLOSED: u32 = 8;

/// The tallest board the counter takes for closed or open tours.
pub fn max_height(closed: bool) -> u32 {
    if closed {
        MAX_HEIGHT_CLOSED
    } else {
        MAX_HEIGHT_OPEN
    }
}

/// Why a count cannot be made, or was stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The short side is taller than the counter's states allow.
    TooTall { board: Board, closed: bool },
    /// The table would outgrow the memory allowed: the estimate made before starting, or what
    /// it reached when it was stopped.
    Memory { board: Board, bytes: usize, limit: usize, at_column: Option<u32> },
    /// Some count passed 2^128.
    Overflow { board: Board },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::TooTall { board, closed } => write!(
                f,
                "{} is too large to count by frontier: its short side is {} and the counter takes up \
                 to {} for {} tours",
                board.words(),
                board.rows().min(board.cols()),
                max_height(*closed),
                if *closed { "closed" } else { "open" }
            ),
            Refusal::Memory { board, bytes, limit, at_column: None } => write!(
                f,
                "counting {} would need about {} of memory for its table of states; the limit is {}",
                board.words(),
                numbers::bytes(*bytes as u64),
                numbers::bytes(*limit as u64)
            ),
            Refusal::Memory { board, bytes, limit, at_column: Some(column) } => write!(
                f,
                "counting {} stopped at column {}: its table of states needed {}, past the limit of {}",
                board.words(),
                column + 1,
                numbers::bytes(*bytes as u64),
                numbers::bytes(*limit as u64)
            ),
            Refusal::Overflow { board } => {
                write!(
                    f,
                    "counting {} stopped: a count passed 2^128, the most the counter holds exactly",
                    board.words()
                )
            }
        }
    }
}

impl std::error::Error for Refusal {}
