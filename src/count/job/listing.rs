//! Counting by listing, as a count runs it: one search after another, each from a square (to
//! another, if asked), its count standing for every square of its class.

use super::super::symmetry::classes;
use super::super::{TourCounter, Tours};
use super::report::ListingProgress;
use super::Question;
use crate::board::{Board, Square};
use crate::search::clock::CHUNK;
use crate::search::solver::SolverError;

/// Counting by listing: one search after another, each from a square (to another, if asked),
/// its count standing for every square of its class (the squares the board's symmetries
/// exchange start as many tours).
pub(super) struct Listing {
    board: Board,
    /// The searches still to make, the next last.
    to_make: Vec<Search>,
    searches: usize,
    current: Option<(Search, TourCounter)>,
    /// The tours from each square, once its search is made, by square index.
    grid: Vec<u128>,
    /// Tours listed and squares placed by the searches made.
    listed: u128,
    placements: u64,
}

struct Search {
    start: Square,
    end: Option<Square>,
    closed: bool,
    /// The squares whose count it makes.
    squares: Vec<Square>,
}

impl Listing {
    pub(super) fn new(board: Board, question: Question) -> Result<Listing, SolverError> {
        let one = |start: Square, end: Option<Square>, closed: bool| {
            vec![Search { start, end, closed, squares: vec![start] }]
        };
        let by_class = |closed: bool| -> Vec<Search> {
            classes(board)
                .into_iter()
                .filter(|class| !class.no_open_tour)
                .map(|class| Search {
                    start: class.representative(),
                    end: None,
                    closed,
                    squares: class.squares,
                })
                .collect()
        };
        let mut to_make = match question {
            Question::Tours(Tours::OpenFrom(start)) => one(start, None, false),
            Question::Tours(Tours::ClosedFrom(start)) => one(start, None, true),
            Question::Tours(Tours::OpenBetween(start, end)) => one(start, Some(end), false),
            // One search for all: every closed tour passes through every square.
            Question::Tours(Tours::Closed) | Question::EveryStart { closed: true } => {
                vec![Search { start: Square(0), end: None, closed: true, squares: board.squares().collect() }]
            }
            Question::Tours(Tours::Open) | Question::EveryStart { closed: false } => by_class(false),
        };
        to_make.reverse();
        let searches = to_make.len();
        let mut listing = Listing {
            board,
            to_make,
            searches,
            current: None,
            grid: vec![0; board.len() as usize],
            listed: 0,
            placements: 0,
        };
        listing.start_next()?;
        Ok(listing)
    }

    /// Starts the next search, if there is one.
    fn start_next(&mut self) -> Result<(), SolverError> {
        let board = self.board;
        self.current = match self.to_make.pop() {
            Some(search) => {
                let counter = match search.end {
                    Some(end) => TourCounter::between(board, search.start, end)?,
                    None => TourCounter::new(board, search.start, search.closed)?,
                };
                Some((search, counter))
            }
            None => None,
        };
        Ok(())
    }

    pub(super) fn done(&self) -> bool {
        self.current.is_none()
    }

    /// Searches in all, and made.
    pub(super) fn searches(&self) -> usize {
        self.searches
    }

    pub(super) fn made(&self) -> usize {
        self.searches - self.to_make.len() - usize::from(self.current.is_some())
    }

    /// The share done, from 0 to 1 (within a search, estimated from its tree's shape).
    pub(super) fn fraction(&self) -> f64 {
        if self.done() {
            return 1.0;
        }
        let within = self.current.as_ref().map_or(0.0, |(_, counter)| counter.status().fraction);
        (self.made() as f64 + within) / self.searches as f64
    }

    /// The tours from each square, by square index, once every search is made.
    pub(super) fn grid(&self) -> Option<&[u128]> {
        self.done().then_some(&self.grid[..])
    }

    /// Runs the search under way a little; true once every search is made.
    pub(super) fn run(&mut self) -> Result<bool, SolverError> {
        let Some((search, counter)) = &mut self.current else { return Ok(true) };
        if counter.run(CHUNK as usize * 16) {
            let found = counter.status();
            for square in &search.squares {
                self.grid[square.index()] = u128::from(found.tours);
            }
            self.listed += u128::from(found.tours);
            self.placements += found.placements;
            self.start_next()?;
        }
        Ok(self.done())
    }

    pub(super) fn progress(&self) -> ListingProgress {
        let current = self.current.as_ref().map(|(_, counter)| counter.status());
        ListingProgress {
            listed: (self.listed + current.map_or(0, |found| u128::from(found.tours))).to_string(),
            placements: self.placements + current.map_or(0, |found| found.placements),
        }
    }
}
