//! What a front end learns from the core once, before it shows anything: the heuristics, the
//! settings with their defaults, limits and words, how events are numbered, how outcomes are
//! told, the restart schedule, the facts its hints rest on and what the board and its GIF draw
//! alike. The page reads it when the module loads and derives nothing of it by itself.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::board::existence::{CLOSED_TOUR_BOARDS, TOURED_FROM};
use crate::count::frontier::DEFAULT_MEMORY;
use crate::count::oeis::SEQUENCES;
use crate::count::Method;
use crate::draw::animation::{
    BACKTRACK_WASH, CHECKER_FROM_CELL, KNIGHT_FROM_CELL, MOVES_FROM_CELL, NUMBERS_FROM_CELL, NUMBER_MAX_PX,
    NUMBER_MIN_PX, PLATE_ALPHA, SHADES, TINT,
};
use crate::front::config::{self, Setting, Setup, SETTINGS};
use crate::search::event::{EventKind, Told, TOLD};
use crate::search::restarts;
use crate::watch::session::TREE_SQUARES;
use crate::{Heuristic, MAX_SQUARES};

/// See the module's comment; every field is what its name says, as the page reads it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    /// The heuristics, the default first.
    pub heuristics: Vec<HeuristicInfo>,
    /// Every setting of a run, in the order links and help list them.
    pub settings: &'static [Setting],
    /// The settings when nothing is said (a [`Setup`] as it serialises).
    pub defaults: Setup,
    /// How a switch is written on and off.
    pub switches: Switches,
    pub limits: Limits,
    pub events: Events,
    /// Every outcome as the page tells it.
    pub outcomes: &'static [Told],
    pub restarts: Restarts,
    pub existence: Existence,
    pub counting: Counting,
    pub drawing: Drawing,
}

/// A heuristic as the page shows it.
#[derive(Debug, Serialize)]
pub struct HeuristicInfo {
    pub name: &'static str,
    pub label: &'static str,
    pub summary: &'static str,
    /// What its tie-break value measures, if it has one.
    pub tiebreak: Option<&'static str>,
    /// Whether it searches (and can get stuck), as opposed to building.
    pub searches: bool,
    /// Whether its runs depend on the seed.
    pub seeded: bool,
    /// The search's settings it has no use for, each with why.
    pub unused: BTreeMap<&'static str, &'static str>,
}

#[derive(Debug, Serialize)]
pub struct Switches {
    pub on: &'static [&'static str],
    pub off: &'static [&'static str],
    /// What a switch takes, as a message says it.
    pub expected: &'static str,
}

/// How events are written in the page's typed arrays: `size` numbers each, the first the kind's
/// number in `kinds` (see [`crate::Event::encode`]).
#[derive(Debug, Serialize)]
pub struct Events {
    pub kinds: BTreeMap<&'static str, u32>,
    pub size: usize,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// The most squares a board may have.
    pub max_squares: u32,
    /// The most squares a board may have for its tree of tried moves to be shown.
    pub tree_squares: u32,
}

/// When an attempt of the random heuristic gives up: after `base` backtracks times the next
/// term of Luby's sequence, whose first terms are `luby`.
#[derive(Debug, Serialize)]
pub struct Restarts {
    pub base: u64,
    pub luby: Vec<u64>,
}

/// How tours are counted.
#[derive(Debug, Serialize)]
pub struct Counting {
    /// The methods, the one that lists tours (which a class can watch) marked.
    pub methods: Vec<MethodInfo>,
    /// The most memory a count's tables may take (in a browser's worker, half the module's).
    pub memory: usize,
    /// The OEIS sequences counts are said with.
    pub sequences: Vec<SequenceInfo>,
}

#[derive(Debug, Serialize)]
pub struct MethodInfo {
    pub name: &'static str,
    /// Words that follow "by".
    pub label: &'static str,
    pub lists: bool,
}

#[derive(Debug, Serialize)]
pub struct SequenceInfo {
    pub id: &'static str,
    pub counts: &'static str,
}

/// What the page's board and the core's GIF of it draw alike (`draw::animation`), so that a GIF
/// looks like the board it was made from.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Drawing {
    /// The path's gradient in this many shades: a stroke each on the board, a palette entry in the GIF.
    pub shades: u32,
    /// Moves, dots and the knight's full marker are drawn on squares at least this many pixels wide.
    pub moves_from_cell: u32,
    /// Squares under this many (device) pixels wide are not checkered: it would only alias.
    pub checker_from_cell: u32,
    /// The move numbers are written on squares at least this many pixels wide, `numberPx` pixels
    /// high (`[least, most]`, the most times the page's text scale), each on a plate of the
    /// surface laid over its square at `plate` of 255.
    pub numbers_from_cell: u32,
    pub number_px: [u32; 2],
    pub plate: u32,
    /// The knight is its glyph, ♞, on squares at least this many pixels wide; a disc below.
    pub knight_from_cell: u32,
    /// How much of the path's colour tints a square under drawn moves, of 255.
    pub tint: u32,
    /// How much of the backtrack red washes a square just taken back, of 255.
    pub backtrack_wash: u32,
}

/// Facts the page's hints rest on.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Existence {
    /// Boards with a closed tour from every square, as `ROWSxCOLS`.
    pub closed_boards: Vec<String>,
    /// Every board at least this many squares each way has a tour.
    pub toured_from: u32,
}

impl Catalogue {
    pub fn new() -> Catalogue {
        Catalogue {
            heuristics: Heuristic::ALL
                .into_iter()
                .map(|heuristic| HeuristicInfo {
                    name: heuristic.name(),
                    label: heuristic.label(),
                    summary: heuristic.summary(),
                    tiebreak: heuristic.tiebreak_meaning(),
                    searches: Heuristic::SEARCHES.contains(&heuristic),
                    seeded: heuristic.is_seeded(),
                    unused: heuristic.unused().iter().copied().collect(),
                })
                .collect(),
            settings: &SETTINGS,
            defaults: Setup::default(),
            switches: Switches { on: &config::ON, off: &config::OFF, expected: config::SWITCH_WORDS },
            limits: Limits { max_squares: MAX_SQUARES, tree_squares: TREE_SQUARES },
            events: Events {
                kinds: EventKind::ALL.into_iter().map(|kind| (kind.name(), kind as u32)).collect(),
                size: 3,
            },
            outcomes: &TOLD,
            restarts: Restarts { base: restarts::BASE, luby: (1..=7).map(restarts::luby).collect() },
            existence: Existence {
                closed_boards: CLOSED_TOUR_BOARDS
                    .iter()
                    .map(|(rows, cols)| format!("{rows}x{cols}"))
                    .collect(),
                toured_from: TOURED_FROM,
            },
            counting: Counting {
                methods: Method::ALL
                    .into_iter()
                    .map(|method| MethodInfo {
                        name: method.name(),
                        label: method.label(),
                        lists: method.lists(),
                    })
                    .collect(),
                memory: DEFAULT_MEMORY,
                sequences: SEQUENCES
                    .iter()
                    .map(|sequence| SequenceInfo { id: sequence.id, counts: sequence.counts })
                    .collect(),
            },
            drawing: Drawing {
                shades: SHADES,
                moves_from_cell: MOVES_FROM_CELL,
                checker_from_cell: CHECKER_FROM_CELL,
                numbers_from_cell: NUMBERS_FROM_CELL,
                number_px: [NUMBER_MIN_PX, NUMBER_MAX_PX],
                plate: PLATE_ALPHA,
                knight_from_cell: KNIGHT_FROM_CELL,
                tint: TINT,
                backtrack_wash: BACKTRACK_WASH,
            },
        }
    }
}

impl Default for Catalogue {
    fn default() -> Catalogue {
        Catalogue::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::existence::{self, Verdict};
    use crate::{Board, Outcome};

    #[test]
    fn the_hints_facts_hold() {
        for (rows, cols) in CLOSED_TOUR_BOARDS {
            let board = Board::new(rows, cols).unwrap();
            assert!(matches!(existence::closed_tour(board), Verdict::Yes(_)), "{board}");
        }
        for (rows, cols) in [(5, 5), (5, 6), (6, 5), (5, 40), (12, 7)] {
            assert!(rows.min(cols) >= TOURED_FROM);
            let board = Board::new(rows, cols).unwrap();
            let toured =
                board.squares().any(|start| matches!(existence::open_tour(board, start), Verdict::Yes(_)));
            assert!(toured, "{board} has a tour");
        }
        let four = Board::new(4, 4).unwrap();
        assert!(board_has_no_tour(four) && 4 < TOURED_FROM, "4x4 is why the bound is 5");
    }

    fn board_has_no_tour(board: Board) -> bool {
        board.squares().all(|start| matches!(existence::open_tour(board, start), Verdict::No(_)))
    }

    #[test]
    fn every_outcome_is_told_and_every_event_kind_numbered() {
        let impossible = Outcome::Impossible(crate::Impossibility::ThreeByThree);
        for outcome in [
            Outcome::Tour,
            Outcome::ClosedTour,
            Outcome::NoTour,
            impossible,
            Outcome::DeadEnd,
            Outcome::Unclosed,
            Outcome::Budget,
        ] {
            assert_eq!(outcome.told().name, outcome.name());
        }
        let catalogue = Catalogue::new();
        assert_eq!(catalogue.events.kinds.len(), 4);
        let finished = crate::Event::Finished(Outcome::Tour).encode();
        assert_eq!(
            (finished.len(), finished[0]),
            (catalogue.events.size, catalogue.events.kinds["finished"])
        );
        assert_eq!(catalogue.restarts.luby, [1, 1, 2, 1, 1, 2, 4]);
        assert_eq!(catalogue.heuristics[0].name, catalogue.defaults.options.heuristic.name());
        assert!(catalogue.heuristics[0].unused.contains_key("backtracking"));
    }
}
