//! What divide and conquer builds (see [`crate::construct`]): a tour, with the tiles it was
//! made of and the seams that joined them, which the page shows being put together. Plain data:
//! a solver walks it, and the builder, which tours its tiles with a solver, makes it.

use crate::board::Square;

/// A tour built by divide and conquer, with the steps that built it.
#[derive(Clone, Debug)]
pub struct Construction {
    /// The tiles, in the order they were joined: the first holds the start.
    pub pieces: Vec<Piece>,
    /// How each tile after the first was joined, in the same order (`seams[i]` joins
    /// `pieces[i + 1]`).
    pub seams: Vec<Seam>,
    /// The tour, from the start.
    pub path: Vec<Square>,
}

/// A tile and its own tour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub top: u32,
    pub left: u32,
    pub rows: u32,
    pub cols: u32,
    /// The tile's own tour as it was joined in: one path, or two for the columns added to a
    /// four-wide board.
    pub walks: Vec<Vec<Square>>,
    /// Whether the tile's tour was a cycle: its last square a knight's move from its first.
    pub cycle: bool,
}

/// The moves swapped to join a tile: those cut (the tour's move the tile went in between, and
/// the move that closed the tile's own cycle) and those added across the seam.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seam {
    pub cut: Vec<[Square; 2]>,
    pub added: Vec<[Square; 2]>,
}
