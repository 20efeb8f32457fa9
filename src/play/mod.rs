//! Playing it yourself: a person moves the knight, and after every move the core says whether a
//! tour can still be finished, with a completion to show for it, or why not, with the squares
//! the reason is about.
//!
//! A [`Game`] holds the path and the verdict of every position on it, and settles each new one
//! in three ways, cheapest first:
//!
//! - a completion already found finishes it, when the move is the completion's next: the
//!   witness stays, nothing is computed; or next to nothing, when a few turns of the witness
//!   make it take the move (`repair.rs`);
//! - a rule dooms it (`judge.rs`, the rules of `rules.rs`, which name their squares): a square
//!   that can no longer be reached, squares that could only be the last, the free squares
//!   fallen apart, the colour of the last square, Flye Sainte-Marie's rule on boards 4 wide;
//! - otherwise the completion search decides, stepwise ([`Game::think`]): on boards of up to
//!   128 squares an exhaustive search in bitboards with every rule at every node (`search.rs`,
//!   `bits.rs`), exact; beyond, the solver with Roth's rule and pruning (`large.rs`), which finds a
//!   completion at once where there is one but may take for ever to prove there is none.
//!
//! A doomed position stays doomed whatever follows (a completion of a longer path would finish
//! the shorter one too), so the moves after it are doomed at once: by a rule that sees it where
//! one does (the dead end the knight has left is a square that can no longer be reached, and at
//! the end the knight is stuck), else by the reason the first doomed position had. A completion
//! of a position finishes every position before it, so undoing a move needs nothing searched
//! unless the position was left before it was decided.

mod bits;
mod judge;
mod large;
mod link;
mod reason;
mod repair;
mod rules;
mod search;
pub mod session;

use std::fmt;

use crate::board::{Board, BoardError, Square};
use crate::search::event::Outcome;

use judge::{judge, Position};
use large::Large;
use repair::repair;
use search::{CompletionState, Search};

pub use link::{read_moves, write_moves, MovesError};
pub use reason::{Description, Reason};

/// Marks a square off the path in [`Game`]'s table of move numbers.
const FREE: u32 = u32::MAX;

/// What the core says of the position after the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict<'a> {
    /// A tour can be finished: `witness` is one, the whole tour from the start, through the
    /// path so far (and a knight's move from its last square to the start, for a closed tour).
    Possible { witness: &'a [Square] },
    /// No tour can be finished, for `reason`, which has held since the path was `since + 1`
    /// squares long: since move `since + 1`, the start being move 1 (`since` is 0 for the start
    /// alone).
    Impossible { reason: &'a Reason, since: usize },
    /// The completion search has not decided yet: see [`Game::think`].
    Thinking,
}

impl Verdict<'_> {
    /// `possible`, `impossible` or `thinking`: the page's `data-verdict`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Possible { .. } => "possible",
            Verdict::Impossible { .. } => "impossible",
            Verdict::Thinking => "thinking",
        }
    }
}

/// Why a square is not a move, worded for the person who clicked it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotAMove {
    OffBoard {
        square: Square,
        board: Board,
    },
    /// The square is on the path already, as move `number` (the start is move 1).
    OnPath {
        square: Square,
        number: usize,
        board: Board,
    },
    NotAKnightsMove {
        from: Square,
        to: Square,
        board: Board,
    },
}

impl fmt::Display for NotAMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NotAMove::OffBoard { square, board } => {
                write!(f, "square index {} is off the {} board", square.0, board.words())
            }
            NotAMove::OnPath { square, number: 1, board } => {
                write!(f, "{} is already on the path: the knight started there", board.name(square))
            }
            NotAMove::OnPath { square, number, board } => {
                write!(f, "{} is already on the path, move {number}", board.name(square))
            }
            NotAMove::NotAKnightsMove { from, to, board } => {
                write!(f, "{} is not a knight's move from {}", board.name(to), board.name(from))
            }
        }
    }
}

impl std::error::Error for NotAMove {}

/// Whether the knight on `knight` may go to `to`, where `number` gives a square's move number on
/// the path (the start is move 1; `None` off it): the one judge of a move, for a [`Game`] and for whatever shows one.
pub fn check_move(
    board: Board,
    knight: Square,
    to: Square,
    number: impl Fn(Square) -> Option<usize>,
) -> Result<(), NotAMove> {
    if !board.contains(to) {
        return Err(NotAMove::OffBoard { square: to, board });
    }
    if let Some(number) = number(to) {
        return Err(NotAMove::OnPath { square: to, number, board });
    }
    if !board.is_knight_move(knight, to) {
        return Err(NotAMove::NotAKnightsMove { from: knight, to, board });
    }
    Ok(())
}

/// What `path` is once it covers the board: a tour, closed if its last square is a knight's
/// move from the first (whether or not a closed one was asked for); `None` before.
pub fn covered(board: Board, path: &[Square]) -> Option<Outcome> {
    let (&first, &last) = (path.first()?, path.last()?);
    (path.len() == board.len() as usize).then(|| match board.is_knight_move(last, first) {
        true => Outcome::ClosedTour,
        false => Outcome::Tour,
    })
}

/// A game of a person touring the board by hand; see the module's comment.
///
/// ```
/// use knights_tour::play::{Game, Verdict};
/// use knights_tour::Board;
/// let board = Board::new(5, 5).unwrap();
/// let mut game = Game::new(board, board.parse_square("a1").unwrap(), false).unwrap();
/// game.try_move(board.parse_square("b3").unwrap()).unwrap();
/// while game.think(10_000) == Verdict::Thinking {}
/// let next = game.hint().expect("a tour can be finished from a1, b3");
/// assert!(game.try_move(next).is_ok());
/// ```
pub struct Game {
    board: Board,
    closed: bool,
    path: Vec<Square>,
    /// Per square, its move number on the path, or [`FREE`].
    placed: Vec<u32>,
    /// The positions after moves `0..known` can be finished, by `witness`.
    known: usize,
    witness: Vec<Square>,
    /// Per square, its place in `witness`.
    at: Vec<u32>,
    /// The first doomed position on the path, and why; every later one is doomed too.
    doom: Option<(usize, Reason)>,
    /// Why the position after the last move is doomed, if it is not the first doomed one and a
    /// rule sees it.
    now: Option<Reason>,
    engine: Engine,
}

impl Game {
    /// A game with the knight on `start`; `closed` asks for a closed tour.
    pub fn new(board: Board, start: Square, closed: bool) -> Result<Game, NotAMove> {
        if !board.contains(start) {
            return Err(NotAMove::OffBoard { square: start, board });
        }
        let len = board.len() as usize;
        let mut game = Game {
            board,
            closed,
            path: Vec::with_capacity(len),
            placed: vec![FREE; len],
            known: 0,
            witness: Vec::with_capacity(len),
            at: vec![0; len],
            doom: None,
            now: None,
            engine: Engine::new(board, start, closed),
        };
        game.place(start);
        game.settle();
        Ok(game)
    }

    /// A game that has made the moves of `path`, or the first of them that is not a move, with
    /// its index in `path`.
    pub fn from_path(board: Board, path: &[Square], closed: bool) -> Result<Game, (usize, NotAMove)> {
        let (&start, moves) = path.split_first().expect("a path has a start");
        let mut game = Game::new(board, start, closed).map_err(|error| (0, error))?;
        for (index, &square) in moves.iter().enumerate() {
            game.try_move(square).map_err(|error| (index + 1, error))?;
        }
        Ok(game)
    }

    pub fn board(&self) -> Board {
        self.board
    }

    pub fn closed(&self) -> bool {
        self.closed
    }

    /// The squares visited, from the start to the knight's square.
    pub fn path(&self) -> &[Square] {
        &self.path
    }

    pub fn knight(&self) -> Square {
        self.path[self.path.len() - 1]
    }

    /// The squares the knight can move to.
    pub fn reachable(&self) -> impl Iterator<Item = Square> + '_ {
        self.board.knight_moves(self.knight()).filter(|square| self.placed[square.index()] == FREE)
    }

    /// Moves the knight to `to`, if that is a move. Moves stay allowed after the position is
    /// doomed, so a player can see where it ends.
    pub fn try_move(&mut self, to: Square) -> Result<(), NotAMove> {
        let board = self.board;
        check_move(board, self.knight(), to, |square| self.move_number(square))?;
        let finishable = self.known == self.path.len();
        let follows_witness = finishable && self.witness.get(self.path.len()) == Some(&to);
        self.place(to);
        let head = self.path.len() - 1;
        if follows_witness || finishable && repair(board, &mut self.witness, &mut self.at, head, to) {
            self.known += 1;
        }
        self.settle();
        Ok(())
    }

    /// Takes the last move back and returns its square; `None` with the knight on its start.
    pub fn undo(&mut self) -> Option<Square> {
        if self.path.len() == 1 {
            return None;
        }
        let square = self.path.pop()?;
        self.placed[square.index()] = FREE;
        self.known = self.known.min(self.path.len());
        if self.doom.as_ref().is_some_and(|&(since, _)| since >= self.path.len()) {
            self.doom = None;
        }
        self.settle();
        Some(square)
    }

    /// The move number of `square` on the path (the start is move 1), if it is on it: the
    /// number the page draws on it.
    pub fn move_number(&self, square: Square) -> Option<usize> {
        let index = *self.placed.get(square.index())?;
        (index != FREE).then(|| index as usize + 1)
    }

    /// The verdict on the position after the last move.
    pub fn verdict(&self) -> Verdict<'_> {
        if self.known == self.path.len() {
            Verdict::Possible { witness: &self.witness }
        } else if let Some((since, first)) = &self.doom {
            Verdict::Impossible { reason: self.now.as_ref().unwrap_or(first), since: *since }
        } else {
            Verdict::Thinking
        }
    }

    /// Works on the verdict for up to `budget` steps of the completion search, and gives it.
    /// A step is a move tried or taken back, 0.1 to 0.2 µs natively on boards of up to 128
    /// squares, and an event of the solver on larger ones (see docs/play.md);
    /// the verdict of a position that needs no search is at hand before any step. A page calls
    /// it with a few thousand steps at a time, as often as its frame has room for.
    pub fn think(&mut self, budget: u64) -> Verdict<'_> {
        if self.verdict() == Verdict::Thinking {
            match self.engine.think(budget) {
                CompletionState::Found => {
                    self.witness.clear();
                    self.witness.extend_from_slice(&self.path);
                    self.engine.complete(&mut self.witness);
                    self.adopt_witness();
                }
                CompletionState::Exhausted => self.doom = Some((self.path.len() - 1, Reason::Exhausted)),
                CompletionState::Thinking => {}
            }
        }
        self.verdict()
    }

    /// The next square of the completion found, while a tour can be finished and the board is
    /// not yet covered: following hints finishes the tour.
    pub fn hint(&self) -> Option<Square> {
        match self.verdict() {
            Verdict::Possible { witness } => witness.get(self.path.len()).copied(),
            _ => None,
        }
    }

    /// The verdict in words, for the person playing: whether a (closed) tour can still be
    /// finished, and if not why, and since when.
    pub fn explain(&self) -> String {
        let tour = if self.closed { "closed tour" } else { "tour" };
        match self.verdict() {
            Verdict::Possible { .. } if self.path.len() == self.board.len() as usize => {
                format!("the {tour} is complete")
            }
            Verdict::Possible { .. } => format!("a {tour} can still be finished"),
            Verdict::Impossible { reason, since } if since + 1 < self.path.len() => format!(
                "no {tour} can be finished from here, and none could since move {}: {}",
                since + 1,
                reason.describe(self.board)
            ),
            Verdict::Impossible { reason, .. } => {
                format!("no {tour} can be finished from here: {}", reason.describe(self.board))
            }
            Verdict::Thinking => format!("still checking whether a {tour} can be finished from here"),
        }
    }

    /// Once the path covers the board: a tour, closed if its last square is a knight's move
    /// from the first (whether or not the game asked for one).
    pub fn outcome(&self) -> Option<Outcome> {
        covered(self.board, &self.path)
    }

    /// The witness, just found, finishes the position after the last move.
    fn adopt_witness(&mut self) {
        for (place, square) in self.witness.iter().enumerate() {
            self.at[square.index()] = place as u32;
        }
        self.known = self.path.len();
    }

    fn place(&mut self, square: Square) {
        self.placed[square.index()] = self.path.len() as u32;
        self.path.push(square);
    }

    /// Decides what can be decided of the position after the last move without searching, and
    /// sets the search going on the rest.
    fn settle(&mut self) {
        let position =
            Position { board: self.board, closed: self.closed, path: &self.path, placed: &self.placed };
        self.now = None;
        if self.known == self.path.len() {
            return;
        }
        if let Some((since, _)) = self.doom {
            if since + 1 < self.path.len() {
                self.now = judge(position);
            }
            return;
        }
        if let Some(reason) = judge(position) {
            self.doom = Some((self.path.len() - 1, reason));
        } else if self.path.len() == self.board.len() as usize {
            self.witness.clone_from(&self.path);
            self.adopt_witness();
        } else {
            let free = self.board.squares().filter(|square| self.placed[square.index()] == FREE);
            self.engine.begin(&self.path, free);
        }
    }
}

/// The completion search the board's size calls for.
enum Engine {
    Word(Search<u64>),
    Double(Search<u128>),
    Large(Large),
}

impl Engine {
    fn new(board: Board, start: Square, closed: bool) -> Engine {
        match board.len() {
            0..=64 => Engine::Word(Search::new(board, start, closed)),
            65..=128 => Engine::Double(Search::new(board, start, closed)),
            _ => Engine::Large(Large::new(board, closed)),
        }
    }

    fn begin(&mut self, path: &[Square], free: impl Iterator<Item = Square>) {
        let knight = path[path.len() - 1];
        match self {
            Engine::Word(search) => search.begin(free, knight),
            Engine::Double(search) => search.begin(free, knight),
            Engine::Large(search) => search.begin(path),
        }
    }

    fn think(&mut self, budget: u64) -> CompletionState {
        match self {
            Engine::Word(search) => search.think(budget),
            Engine::Double(search) => search.think(budget),
            Engine::Large(search) => search.think(budget),
        }
    }

    /// Appends the completion found to `path`.
    fn complete(&self, path: &mut Vec<Square>) {
        match self {
            Engine::Word(search) => path.extend(search.completion()),
            Engine::Double(search) => path.extend(search.completion()),
            Engine::Large(search) => path.extend(search.completion()),
        }
    }
}

/// Reads a path written as squares one after the other: chess names or `ROW,COL` pairs,
/// separated by commas, spaces or semicolons (`a1,b3,c5` or `0,0 2,1 4,2`).
pub fn parse_path(board: Board, text: &str) -> Result<Vec<Square>, BoardError> {
    let mut words = text.split([',', ';', ' ', '\t', '\n']).filter(|word| !word.is_empty());
    let mut path = Vec::new();
    while let Some(word) = words.next() {
        let square = if word.bytes().all(|b| b.is_ascii_digit()) {
            // A row: its column is the next word.
            let col = words.next().unwrap_or("");
            board.parse_square(&format!("{word},{col}"))?
        } else {
            board.parse_square(word)?
        };
        path.push(square);
    }
    Ok(path)
}
