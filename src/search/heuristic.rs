//! Move ordering: which of the current square's moves the search tries first.

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, Coord};
use crate::search::mailbox::{Cell, Mailbox};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// The textbook order of [`crate::board::KNIGHT_MOVES`], whatever the board looks like.
    Fixed,
    /// Warnsdorff (1823): fewest onward moves first, ties in textbook order.
    Warnsdorff,
    /// Warnsdorff, ties to the square farthest from the centre (Arnd Roth): it keeps the knight
    /// on the rim, where squares are easiest to strand, and tours very large boards without
    /// backtracking.
    Roth,
    /// Warnsdorff, ties to the candidate whose own onward squares have the smallest total onward
    /// degree (Pohl 1967), then textbook order.
    Pohl,
    /// Warnsdorff, ties broken by a random draw from the seed, reproducibly.
    Random,
    /// No search: the tour is built by divide and conquer ([`crate::divide`]) and walked, so
    /// it always finishes, in time linear in the board. Where no tour exists and the theorems
    /// are off, it has nothing to build and searches instead, as Roth's rule with pruning (see
    /// `method.rs`).
    Divide,
}

impl Heuristic {
    pub const ALL: [Heuristic; 6] = [
        Heuristic::Divide,
        Heuristic::Fixed,
        Heuristic::Warnsdorff,
        Heuristic::Roth,
        Heuristic::Pohl,
        Heuristic::Random,
    ];

    /// Their names, in the same order: what a message listing them says.
    pub const NAMES: [&'static str; 6] = {
        let mut names = [""; 6];
        let mut i = 0;
        while i < names.len() {
            names[i] = Heuristic::ALL[i].name();
            i += 1;
        }
        names
    };

    /// The heuristics that search (all but `divide`): what a class watches succeed and fail.
    pub const SEARCHES: [Heuristic; 5] =
        [Heuristic::Fixed, Heuristic::Warnsdorff, Heuristic::Roth, Heuristic::Pohl, Heuristic::Random];

    /// Whether its runs depend on the seed: random ties are drawn from it.
    pub fn is_seeded(self) -> bool {
        self == Heuristic::Random
    }

    /// Its name in settings, on the command line and in reports: the only place it is spelt.
    pub const fn name(self) -> &'static str {
        match self {
            Heuristic::Fixed => "fixed",
            Heuristic::Warnsdorff => "warnsdorff",
            Heuristic::Roth => "roth",
            Heuristic::Pohl => "pohl",
            Heuristic::Random => "random",
            Heuristic::Divide => "divide",
        }
    }

    /// How the page names it.
    pub fn label(self) -> &'static str {
        match self {
            Heuristic::Divide => "Divide and conquer",
            Heuristic::Fixed => "Fixed order (textbook)",
            Heuristic::Warnsdorff => "Warnsdorff",
            Heuristic::Roth => "Warnsdorff + Roth",
            Heuristic::Pohl => "Warnsdorff + Pohl",
            Heuristic::Random => "Warnsdorff, random ties",
        }
    }

    /// What it does, in one sentence.
    pub fn summary(self) -> &'static str {
        match self {
            Heuristic::Divide => {
                "cuts the board into small tiles, tours each, joins them at the seams and walks the \
                 result: always a tour where one exists, without a single backtrack"
            }
            Heuristic::Fixed => "tries the eight moves in the same textbook order from every square",
            Heuristic::Warnsdorff => "moves to the square with the fewest onward moves (Warnsdorff 1823)",
            Heuristic::Roth => "Warnsdorff's rule, ties to the square farthest from the centre (Roth)",
            Heuristic::Pohl => {
                "Warnsdorff's rule, ties to the square whose onward squares have fewest moves (Pohl 1967)"
            }
            Heuristic::Random => "Warnsdorff's rule, ties broken by a random draw from the seed",
        }
    }

    /// The search's settings this heuristic has no use for, each with why: a page greys them out.
    pub fn unused(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Heuristic::Divide => &[
                (
                    "backtracking",
                    "Divide and conquer walks a tour it has already built: it never needs to take a move back.",
                ),
                ("prune", "Divide and conquer walks a tour it has already built: there is no search to prune."),
            ],
            _ => &[],
        }
    }

    /// What the tie-break value of a [`Key`] measures, for heuristics that have one.
    pub fn tiebreak_meaning(self) -> Option<&'static str> {
        match self {
            Heuristic::Fixed | Heuristic::Warnsdorff | Heuristic::Divide => None,
            Heuristic::Roth => Some("squared distance from the centre, in half-squares (larger first)"),
            Heuristic::Pohl => Some("total onward degree of its onward squares (smaller first)"),
            Heuristic::Random => Some("random draw (smaller first)"),
        }
    }

    /// Whether candidates are ranked by a key; the fixed order needs no ranking at all, which is
    /// what lets its search run as a bare loop.
    pub(crate) fn ranks(self) -> bool {
        self != Heuristic::Fixed
    }

    pub(crate) fn key(self, position: &impl Position, from: Cell, to: Cell, salt: u64) -> Key {
        let mailbox = position.mailbox();
        self.key_at(position, from, (to, mailbox.board().coord(mailbox.square(to))), salt)
    }

    /// [`Heuristic::key`] of the move to `to`, whose row and column the caller knows: a search
    /// ranking the moves from one square finds them from that square's, rather than by a
    /// division for each (a fifth of Roth's rule's time on 1000×1000).
    #[inline(always)]
    pub(crate) fn key_at(
        self,
        position: &impl Position,
        from: Cell,
        (to, at): (Cell, Coord),
        salt: u64,
    ) -> Key {
        let mailbox = position.mailbox();
        let degree = position.onward_degree(to);
        let tiebreak = match self {
            // A built tour is walked, not ranked: its one move is keyed by its onward degree.
            Heuristic::Fixed | Heuristic::Warnsdorff | Heuristic::Divide => None,
            Heuristic::Roth => Some(centre_distance(mailbox.board(), at)),
            Heuristic::Pohl => Some(
                mailbox
                    .moves(to)
                    .filter(|&next| !position.is_visited(next))
                    // Once the knight stands on `to`, each of its onward squares loses `to`.
                    .map(|next| u64::from(position.onward_degree(next).saturating_sub(1)))
                    .sum(),
            ),
            Heuristic::Random => {
                let (from, to) = (mailbox.square(from), mailbox.square(to));
                Some(mix(salt ^ mix(u64::from(from.0) << 32 | u64::from(to.0))))
            }
        };
        Key { degree, tiebreak }
    }

    /// The value candidates are sorted by, ascending; equal values keep textbook order.
    pub(crate) fn rank(self, key: Key) -> (u32, u64) {
        match self {
            Heuristic::Fixed => (0, 0),
            // A built tour is walked, not ranked: its one move is the next square of the tour.
            Heuristic::Warnsdorff | Heuristic::Divide => (key.degree, 0),
            Heuristic::Roth => (key.degree, u64::MAX - key.tiebreak.unwrap_or(0)),
            Heuristic::Pohl | Heuristic::Random => (key.degree, key.tiebreak.unwrap_or(0)),
        }
    }
}

/// Why a candidate sits where it does in the order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// Onward degree: how many unvisited squares the knight could move to from the candidate.
    pub degree: u32,
    /// The heuristic's tie-break value (see [`Heuristic::tiebreak_meaning`]).
    pub tiebreak: Option<u64>,
}

/// What a heuristic may look at: the board and which squares are still free.
pub(crate) trait Position {
    fn mailbox(&self) -> &Mailbox;
    fn is_visited(&self, cell: Cell) -> bool;
    fn onward_degree(&self, cell: Cell) -> u32;
}

/// Squared distance to the board's centre, doubled on each axis so that it stays an integer on
/// boards with an even side.
fn centre_distance(board: Board, Coord { row, col }: Coord) -> u64 {
    let dr = i64::from(2 * row) - i64::from(board.rows() - 1);
    let dc = i64::from(2 * col) - i64::from(board.cols() - 1);
    (dr * dr + dc * dc) as u64
}

/// SplitMix64's finaliser: a stateless draw, so a random order is a function of the seed and the
/// move alone and any point of a run can be rebuilt without replaying a generator.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl fmt::Display for Heuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownHeuristic(pub String);

impl fmt::Display for UnknownHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown heuristic '{}': expected one of {}", self.0, Heuristic::NAMES.join(", "))
    }
}

impl std::error::Error for UnknownHeuristic {}

impl FromStr for Heuristic {
    type Err = UnknownHeuristic;

    fn from_str(text: &str) -> Result<Heuristic, UnknownHeuristic> {
        Heuristic::ALL
            .into_iter()
            .find(|h| h.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownHeuristic(text.to_string()))
    }
}
