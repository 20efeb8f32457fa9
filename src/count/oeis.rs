//! The OEIS sequences a count matches: which boards each covers, what it counts (directed or
//! not, open or closed), and how a count of the counter's relates to its term, so that a figure
//! can be said with its source ("9,862 closed tours: OEIS A001230").
//!
//! What each sequence counts was read off its OEIS entry and checked against the counter (the
//! tests below): "directed" counts a tour and its reverse apart, as the counter counts open
//! tours; "undirected" counts them once; a closed tour is counted once whatever its start and
//! direction, as [`Tours::Closed`] counts it.

use serde::Serialize;

use super::Tours;
use crate::board::numbers::grouped;
use crate::Board;

/// The boards a sequence runs over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Boards {
    /// n×n.
    Square,
    /// 2n×2n.
    EvenSquare,
    /// k×n, either way round.
    Rows(u32),
    /// k×2n, either way round.
    RowsByEven(u32),
}

impl Boards {
    fn contain(self, board: Board) -> bool {
        let (rows, cols) = (board.rows(), board.cols());
        match self {
            Boards::Square => rows == cols,
            Boards::EvenSquare => rows == cols && rows % 2 == 0,
            Boards::Rows(k) => rows == k || cols == k,
            Boards::RowsByEven(k) => (rows == k && cols % 2 == 0) || (cols == k && rows % 2 == 0),
        }
    }
}

/// Which tours a sequence counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Counted {
    /// Open tours, a tour and its reverse counted apart (as [`Tours::Open`] counts them).
    DirectedOpen,
    /// Open tours, a tour and its reverse counted once.
    UndirectedOpen,
    /// Closed tours, each once whatever its start and direction (as [`Tours::Closed`]).
    Closed,
}

/// A sequence of the OEIS that counts knight's tours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sequence {
    /// Its A-number.
    pub id: &'static str,
    /// What it counts, in words.
    pub counts: &'static str,
    boards: Boards,
    counted: Counted,
}

/// The sequences the counts are said with. Others count the same tours differently (A169696,
/// undirected 3×n; A308131, A306281, A306283, undirected n×n, 6×n, 7×n) and are left out: one
/// source a figure is enough.
pub const SEQUENCES: [Sequence; 9] = [
    Sequence {
        id: "A165134",
        counts: "open tours of n×n boards, a tour and its reverse counted apart",
        boards: Boards::Square,
        counted: Counted::DirectedOpen,
    },
    Sequence {
        id: "A118067",
        counts: "open tours of 3×n boards, a tour and its reverse counted apart",
        boards: Boards::Rows(3),
        counted: Counted::DirectedOpen,
    },
    Sequence {
        id: "A079137",
        counts: "open tours of 4×n boards, a tour and its reverse counted once",
        boards: Boards::Rows(4),
        counted: Counted::UndirectedOpen,
    },
    Sequence {
        id: "A083386",
        counts: "open tours of 5×n boards, a tour and its reverse counted once",
        boards: Boards::Rows(5),
        counted: Counted::UndirectedOpen,
    },
    Sequence {
        id: "A001230",
        counts: "closed tours of 2n×2n boards, each once whatever its start and direction",
        boards: Boards::EvenSquare,
        counted: Counted::Closed,
    },
    Sequence {
        id: "A070030",
        counts: "closed tours of 3×2n boards, each once whatever its start and direction",
        boards: Boards::RowsByEven(3),
        counted: Counted::Closed,
    },
    Sequence {
        id: "A175881",
        counts: "closed tours of 6×n boards, each once whatever its start and direction",
        boards: Boards::Rows(6),
        counted: Counted::Closed,
    },
    Sequence {
        id: "A193054",
        counts: "closed tours of 7×2n boards, each once whatever its start and direction",
        boards: Boards::RowsByEven(7),
        counted: Counted::Closed,
    },
    Sequence {
        id: "A193055",
        counts: "closed tours of 8×n boards, each once whatever its start and direction",
        boards: Boards::Rows(8),
        counted: Counted::Closed,
    },
];

/// A sequence a count matches, and how.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Citation {
    pub id: &'static str,
    pub counts: &'static str,
    /// Where to read it.
    pub url: String,
    /// The sequence's term for the board, in decimal.
    pub term: String,
    /// The count is `factor` times the term.
    pub factor: u8,
    /// The count's relation to the sequence in words, `{sequence}` where the sequence's name
    /// goes (the page makes it a link): "twice the 9,862 tours of {sequence} (…)".
    pub words: String,
}

/// The sequences that `count` tours of `tours`' kind on `board` match, each with how.
pub fn cite(board: Board, tours: Tours, count: u128) -> Vec<Citation> {
    // A count twice the terms of two sequences says so once: "twice the 9,862 closed tours of
    // {sequence} (…); and of {sequence} (…)".
    let mut twice_said = false;
    SEQUENCES
        .iter()
        .filter(|sequence| sequence.boards.contain(board))
        .filter_map(|sequence| {
            let factor = match (sequence.counted, tours) {
                (Counted::DirectedOpen, Tours::Open) | (Counted::Closed, Tours::Closed) => 1,
                // Every closed tour passes through every square, once each way round.
                (Counted::UndirectedOpen, Tours::Open) | (Counted::Closed, Tours::ClosedFrom(_)) => 2,
                _ => return None,
            };
            let term = count / factor;
            let words = match (factor, tours) {
                (1, _) => format!("{{sequence}} ({})", sequence.counts),
                _ if twice_said => format!("and of {{sequence}} ({})", sequence.counts),
                (_, Tours::ClosedFrom(_)) => {
                    format!("twice the {} closed tours of {{sequence}} ({})", grouped(term), sequence.counts)
                }
                _ => format!("twice the {} of {{sequence}} ({})", grouped(term), sequence.counts),
            };
            twice_said |= factor == 2;
            Some(Citation {
                id: sequence.id,
                counts: sequence.counts,
                url: format!("https://oeis.org/{}", sequence.id),
                term: term.to_string(),
                factor: factor as u8,
                words,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::frontier::{FrontierCounter, DEFAULT_MEMORY};
    use crate::Square;

    fn board(rows: u32, cols: u32) -> Board {
        Board::new(rows, cols).unwrap()
    }

    fn count(board: Board, tours: Tours) -> u128 {
        FrontierCounter::new(board, tours, DEFAULT_MEMORY).unwrap().finish(|_| {}).unwrap()
    }

    fn kind(sequence: &Sequence) -> Tours {
        if sequence.counted == Counted::Closed {
            Tours::Closed
        } else {
            Tours::Open
        }
    }

    /// Terms of each sequence, read off the OEIS (and /work/shared/TOURS.md), as (rows, cols,
    /// term): each must be what the counter counts divided by the factor the citation gives, so
    /// a sequence read as directed that counts undirected tours (or the other way) fails here.
    #[test]
    fn each_sequence_matches_the_counter_on_its_known_terms() {
        type Terms = &'static [(u32, u32, u128)];
        let known: [(&str, Terms); 9] = [
            // "Number of directed Hamiltonian paths in the n X n knight graph."
            ("A165134", &[(1, 1, 1), (4, 4, 0), (5, 5, 1_728)]),
            // "Number of (directed) Hamiltonian paths in the 3 X n knight graph."
            ("A118067", &[(3, 4, 16), (3, 7, 104), (3, 8, 792), (3, 9, 1_120), (3, 10, 6_096)]),
            // "Number of (undirected) Hamiltonian paths on the 4 X n knight graph."
            ("A079137", &[(4, 3, 8), (4, 5, 82), (4, 6, 744), (4, 7, 6_378), (4, 8, 31_088)]),
            // Undirected 5×n (A165134's cross-references; A389755: a(5n) = A083386(n)).
            ("A083386", &[(5, 5, 864), (5, 6, 18_784), (5, 7, 622_868)]),
            ("A001230", &[(4, 4, 0), (6, 6, 9_862)]),
            ("A070030", &[(3, 10, 16), (3, 12, 176), (3, 14, 1_536)]),
            // "Number of closed Knight's tours on a 6 X n board."
            ("A175881", &[(6, 5, 8), (6, 6, 9_862), (6, 7, 1_067_638)]),
            ("A193054", &[(7, 6, 1_067_638)]),
            ("A193055", &[(8, 5, 44_202)]),
        ];
        for (id, terms) in known {
            let sequence = SEQUENCES.iter().find(|sequence| sequence.id == id).unwrap();
            for &(rows, cols, term) in terms {
                for b in [board(rows, cols), board(cols, rows)] {
                    let tours = kind(sequence);
                    let counted = count(b, tours);
                    let citation = cite(b, tours, counted).into_iter().find(|citation| citation.id == id);
                    let citation = citation.unwrap_or_else(|| panic!("{id} is not cited for {b}"));
                    assert_eq!(citation.term, term.to_string(), "{id} on {b}: the counter counts {counted}");
                    assert_eq!(u128::from(citation.factor) * term, counted, "{id} on {b}");
                }
            }
        }
    }

    #[test]
    fn a_count_is_said_with_every_sequence_that_has_its_board_and_kind() {
        let ids = |b: Board, tours: Tours| -> Vec<&str> {
            cite(b, tours, 0).into_iter().map(|citation| citation.id).collect()
        };
        assert_eq!(ids(board(6, 6), Tours::Closed), ["A001230", "A175881"]);
        assert_eq!(ids(board(8, 7), Tours::Closed), ["A193054", "A193055"]);
        assert_eq!(ids(board(6, 8), Tours::Closed), ["A175881", "A193055"]);
        assert_eq!(ids(board(3, 3), Tours::Open), ["A165134", "A118067"]);
        assert_eq!(ids(board(6, 6), Tours::Open), ["A165134"]);
        assert!(ids(board(5, 5), Tours::Closed).is_empty(), "no sequence of 5×2n closed tours here");
        assert!(ids(board(7, 9), Tours::Closed).is_empty());
        let a1 = board(6, 6).square(5, 0);
        assert!(ids(board(5, 5), Tours::OpenFrom(a1)).is_empty(), "tours from a square are no sequence's");
        assert!(ids(board(6, 6), Tours::OpenBetween(a1, Square(0))).is_empty());
    }

    #[test]
    fn the_words_say_how_the_figure_relates_to_the_term() {
        let six = board(6, 6);
        let [first, ..] = &cite(six, Tours::Closed, 9_862)[..] else { panic!("cited") };
        assert_eq!(first.url, "https://oeis.org/A001230");
        assert_eq!(
            first.words,
            "{sequence} (closed tours of 2n×2n boards, each once whatever its start and direction)"
        );
        let [from, ..] = &cite(six, Tours::ClosedFrom(Square(0)), 19_724)[..] else { panic!("cited") };
        assert_eq!((from.term.as_str(), from.factor), ("9862", 2));
        assert!(from.words.starts_with("twice the 9,862 closed tours of {sequence} (closed tours of 2n×2n"));
        // 6x6 is 2n×2n and 6×n: the relation is said once, with the first.
        let [_, also] = &cite(six, Tours::ClosedFrom(Square(0)), 19_724)[..] else { panic!("cited twice") };
        assert_eq!(also.id, "A175881");
        assert!(also.words.starts_with("and of {sequence} (closed tours of 6×n boards"), "{}", also.words);
        // 4x5 is 4×n and 5×n: both count undirected open tours, 82 of them.
        let [four, five] = &cite(board(4, 5), Tours::Open, 164)[..] else { panic!("cited twice") };
        assert_eq!(
            (four.id, five.id, four.term.as_str(), five.term.as_str()),
            ("A079137", "A083386", "82", "82")
        );
        assert!(four.words.starts_with("twice the 82 of {sequence}"), "{}", four.words);
        assert!(five.words.starts_with("and of {sequence} (open tours of 5×n"), "{}", five.words);
    }
}
