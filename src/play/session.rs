//! Play mode as a page shows it. The game ([`Game`]) decides, and a page keeps it off its own
//! thread (in a Web Worker, where a verdict that takes a second, or making a game of a million
//! squares, holds up no frame); what the page's thread needs it gets from here, at once:
//!
//! - [`PlayBoard`]: the path as the board shows it. A click is judged here, the move refused in
//!   the core's words or taken, the squares the knight can go to are listed, the board's
//!   picture is kept up to date, and the path is written as a link's moves. The game is told of
//!   each move after, and its verdict follows.
//! - [`Ruling`]: what the game says of the position after its last move, as plain data: the
//!   verdict, the reason's name, rule and words, the squares (and pieces) it is about, the hint.
//!
//! Both are plain Rust; the browser binding (`src/wasm/play.rs`) only translates them.

use serde::Serialize;

use crate::board::{Board, Square};
use crate::draw::picture::{Bands, Palette, Picture, Rect};
use crate::play::{self, check_move, covered, Game, MovesError, NotAMove, Reason, Verdict};
use crate::search::clock::{within, Clock};
use crate::search::event::Outcome;

/// Steps of the completion search between two looks at the clock: about 0.5 ms natively on
/// boards of up to 128 squares (see [`Game::think`]).
pub const THINK_STEPS: u64 = 4096;

/// The path as a page shows it; see the module's comment.
pub struct PlayBoard {
    board: Board,
    /// The path, each square's move number and the board's picture.
    picture: Picture,
    /// The changed part of the picture, copied out for a canvas.
    scratch: Vec<u8>,
}

impl PlayBoard {
    /// The knight on `start`.
    pub fn new(board: Board, start: Square) -> Result<PlayBoard, NotAMove> {
        if !board.contains(start) {
            return Err(NotAMove::OffBoard { square: start, board });
        }
        let mut picture = Picture::new(board);
        picture.extend([start]);
        Ok(PlayBoard { board, picture, scratch: Vec::new() })
    }

    pub fn board(&self) -> Board {
        self.board
    }

    /// The squares visited, from the start to the knight's square, as row-major indices.
    pub fn path(&self) -> &[u32] {
        self.picture.path()
    }

    /// Per square, one more than its place on the path, 0 off it.
    pub fn order(&self) -> &[u32] {
        self.picture.order()
    }

    pub fn start(&self) -> Square {
        Square(self.path()[0])
    }

    pub fn knight(&self) -> Square {
        Square(self.path()[self.path().len() - 1])
    }

    /// The move number of `square` on the path (the start is move 1), if it is on it.
    pub fn move_number(&self, square: Square) -> Option<usize> {
        let order = *self.order().get(square.index())?;
        (order > 0).then_some(order as usize)
    }

    /// Moves the knight to `to`, or says why that is no move, as the game would.
    pub fn try_move(&mut self, to: Square) -> Result<(), NotAMove> {
        check_move(self.board, self.knight(), to, |square| self.move_number(square))?;
        self.picture.extend([to]);
        Ok(())
    }

    /// Takes the last move back and returns its square; `None` with the knight on its start.
    pub fn undo(&mut self) -> Option<Square> {
        let len = self.path().len();
        if len == 1 {
            return None;
        }
        let square = self.knight();
        self.picture.truncate(len - 1);
        Some(square)
    }

    /// The squares the knight can move to.
    pub fn reachable(&self) -> Vec<u32> {
        let order = self.order();
        self.board
            .knight_moves(self.knight())
            .filter(|square| order[square.index()] == 0)
            .map(|s| s.0)
            .collect()
    }

    /// Once the path covers the board: a tour, or a closed one.
    pub fn outcome(&self) -> Option<Outcome> {
        covered(self.board, &self.squares())
    }

    /// The path's moves as a link writes them ([`play::write_moves`]).
    pub fn moves(&self) -> String {
        play::write_moves(self.board, &self.squares())
    }

    /// The path a link's `moves` make from this board's start: the start, then a square a move.
    pub fn read_moves(&self, text: &str) -> Result<Vec<Square>, MovesError> {
        play::read_moves(self.board, self.start(), text)
    }

    /// Lays the picture out in `bands` and colours it with `palette`; repaints it whole if either
    /// changed.
    pub fn paint_with(&mut self, band: u32, palette: Palette) {
        self.picture.style(Bands::new(self.board, band), palette);
    }

    /// The picture's width and height in pixels (0 by 0 before [`PlayBoard::paint_with`]).
    pub fn picture_size(&self) -> (u32, u32) {
        (self.picture.width(), self.picture.height())
    }

    /// The rectangle of the picture that changed since the last call, with its pixels (RGBA, row
    /// by row); `None` if nothing did.
    pub fn changed_pixels(&mut self) -> Option<(Rect, &[u8])> {
        let rect = self.picture.take_changed()?;
        self.picture.copy_rect(&rect, &mut self.scratch);
        Some((rect, &self.scratch))
    }

    fn squares(&self) -> Vec<Square> {
        self.path().iter().map(|&square| Square(square)).collect()
    }
}

/// What a game says of the position after its last move, as a page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Ruling {
    /// The squares on the path it is about: which position this is the ruling of.
    pub placed: usize,
    /// `possible`, `impossible` or `thinking` ([`Verdict::name`]).
    pub verdict: &'static str,
    /// While no tour can be finished: the reason's name ([`Reason::name`]).
    pub rule: Option<&'static str>,
    /// The pruning rule of the search that the reason is, if it is one ([`Reason::cut`]).
    pub cut: Option<&'static str>,
    /// The reason in words, its squares named.
    pub reason: Option<String>,
    /// The verdict in a sentence ([`Game::explain`]).
    pub words: String,
    /// The squares the reason is about, the pieces one after the other.
    pub squares: Vec<u32>,
    /// For the pieces the free squares fell apart into: how many of `squares` each has.
    pub pieces: Vec<u32>,
    /// How many moves after the start no tour could be finished any more: since move
    /// `since + 1`, the start being move 1 (see [`Verdict::Impossible`]).
    pub since: Option<usize>,
    /// The next square of the completion found (see [`Game::hint`]).
    pub hint: Option<u32>,
    /// `tour` or `closed-tour` once the path covers the board.
    pub outcome: Option<&'static str>,
    /// The whole tour that finishes the path, where asked for ([`Ruling::new`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<Vec<u32>>,
}

impl Ruling {
    /// The ruling on `game`'s position; `witness` asks for the completion too (a tour of the
    /// board: a page asks after every move without it).
    pub fn new(game: &Game, witness: bool) -> Ruling {
        let verdict = game.verdict();
        let (reason, since) = match verdict {
            Verdict::Impossible { reason, since } => (Some(reason), Some(since)),
            _ => (None, None),
        };
        let pieces = match reason {
            Some(Reason::Pieces { pieces }) => pieces.iter().map(|piece| piece.len() as u32).collect(),
            _ => Vec::new(),
        };
        Ruling {
            placed: game.path().len(),
            verdict: verdict.name(),
            rule: reason.map(Reason::name),
            cut: reason.and_then(Reason::cut).map(|cut| cut.name()),
            reason: reason.map(|reason| reason.describe(game.board()).to_string()),
            words: game.explain(),
            squares: reason.map_or_else(Vec::new, |reason| reason.squares().iter().map(|s| s.0).collect()),
            pieces,
            since,
            hint: game.hint().map(|square| square.0),
            outcome: game.outcome().map(Outcome::name),
            witness: match verdict {
                Verdict::Possible { witness: tour } if witness => Some(tour.iter().map(|s| s.0).collect()),
                _ => None,
            },
        }
    }
}

/// Thinks about `game`'s position for up to `budget_ms` milliseconds of `clock`, a few thousand
/// steps at a time; returns whether the verdict is in.
pub fn think(game: &mut Game, budget_ms: f64, clock: &mut impl Clock) -> bool {
    within(budget_ms, clock, || game.think(THINK_STEPS) != Verdict::Thinking)
}

/// Whether a tour (closed, with `closed`) can still be finished from `path` on `board`, decided
/// within `budget_ms` (for ever with `f64::INFINITY`): the ruling with its witness. A path that
/// is no path is refused as the command line refuses it: which move, and why.
pub fn can_finish(
    board: Board,
    path: &[Square],
    closed: bool,
    budget_ms: f64,
    clock: &mut impl Clock,
) -> Result<Ruling, String> {
    if path.is_empty() {
        return Err("the path is empty: give at least the start, such as a1".to_string());
    }
    let mut game = Game::from_path(board, path, closed)
        .map_err(|(index, error)| format!("move {index} of the path: {error}"))?;
    think(&mut game, budget_ms, clock);
    Ok(Ruling::new(&game, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(board: Board, names: &str) -> Vec<Square> {
        names.split(',').map(|name| board.parse_square(name).unwrap()).collect()
    }

    /// A clock that never moves: `within` then runs until the work is done.
    fn frozen() -> impl FnMut() -> f64 {
        || 0.0
    }

    #[test]
    fn the_board_refuses_what_the_game_refuses_in_the_same_words() {
        let board = Board::new(5, 5).unwrap();
        let mut shown = PlayBoard::new(board, board.parse_square("a1").unwrap()).unwrap();
        let mut game = Game::new(board, board.parse_square("a1").unwrap(), false).unwrap();
        for name in ["b3", "c5", "a1", "c4", "a4", "e4"] {
            let to = board.parse_square(name).unwrap();
            let (a, b) = (shown.try_move(to), game.try_move(to));
            assert_eq!(a, b, "{name}");
            assert_eq!(shown.path(), game.path().iter().map(|s| s.0).collect::<Vec<_>>());
        }
        assert_eq!(
            shown.try_move(board.parse_square("a1").unwrap()).unwrap_err().to_string(),
            "a1 is already on the path: the knight started there"
        );
        assert_eq!(
            shown.try_move(board.parse_square("a2").unwrap()).unwrap_err().to_string(),
            "a2 is not a knight's move from a4"
        );
        let mut reachable = shown.reachable();
        let mut expected: Vec<u32> = game.reachable().map(|s| s.0).collect();
        reachable.sort_unstable();
        expected.sort_unstable();
        assert_eq!(reachable, expected);
        assert_eq!(shown.undo(), game.undo());
        assert_eq!(shown.knight(), game.knight());
        assert_eq!(shown.move_number(board.parse_square("b3").unwrap()), Some(2));
        assert_eq!(shown.move_number(board.parse_square("e4").unwrap()), None);
    }

    #[test]
    fn the_start_alone_cannot_be_undone_and_a_start_off_the_board_is_refused() {
        let board = Board::new(3, 4).unwrap();
        let mut shown = PlayBoard::new(board, Square(0)).unwrap();
        assert_eq!(shown.undo(), None);
        assert_eq!(shown.path(), [0]);
        assert!(PlayBoard::new(board, Square(12)).is_err());
    }

    #[test]
    fn the_moves_of_the_board_read_back_into_its_path() {
        let board = Board::new(5, 5).unwrap();
        let path = squares(board, "c3,a4,b2,d1,e3,d5,b4");
        let mut shown = PlayBoard::new(board, path[0]).unwrap();
        for &square in &path[1..] {
            shown.try_move(square).unwrap();
        }
        let text = shown.moves();
        assert_eq!(text.len(), 3);
        assert_eq!(shown.read_moves(&text).unwrap(), path);
    }

    #[test]
    fn a_covered_board_is_a_tour_or_a_closed_tour() {
        let board = Board::new(5, 5).unwrap();
        let mut game = Game::new(board, board.parse_square("a1").unwrap(), false).unwrap();
        let mut shown = PlayBoard::new(board, game.knight()).unwrap();
        think(&mut game, 1.0, &mut frozen());
        while let Some(next) = game.hint() {
            game.try_move(next).unwrap();
            shown.try_move(next).unwrap();
            think(&mut game, 1.0, &mut frozen());
        }
        assert_eq!(shown.outcome(), Some(Outcome::Tour), "5x5 has no closed tour");
        let ruling = Ruling::new(&game, false);
        assert_eq!(
            (ruling.placed, ruling.verdict, ruling.outcome, ruling.hint),
            (25, "possible", Some("tour"), None)
        );
    }

    #[test]
    fn a_doomed_position_names_its_rule_its_cut_and_its_squares() {
        // docs/play.md's examples: 5x6 c4, e3 leaves a5, f1 and f5 each with one way left.
        let board = Board::new(5, 6).unwrap();
        let ruling =
            can_finish(board, &squares(board, "c4,e3"), false, f64::INFINITY, &mut frozen()).unwrap();
        assert_eq!(
            (ruling.verdict, ruling.rule, ruling.cut, ruling.since),
            ("impossible", Some("last-squares"), Some("ends"), Some(1))
        );
        assert_eq!(ruling.squares, squares(board, "a5,f1,f5").iter().map(|s| s.0).collect::<Vec<_>>());
        assert!(
            ruling.reason.as_deref().unwrap().starts_with("a5 (only b3), f1 (only d2) and f5 (only d4) each"),
            "{ruling:?}"
        );
        assert!(ruling.words.starts_with("no tour can be finished from here: a5"), "{}", ruling.words);
        assert_eq!((ruling.hint, ruling.witness), (None, None));
        assert!(ruling.pieces.is_empty());
    }

    #[test]
    fn pieces_are_listed_with_their_sizes() {
        // 5x6 a5, c4, e5, d3, c5, e4, f2, d1, c3: 19 and 2 squares (docs/play.md).
        let board = Board::new(5, 6).unwrap();
        let path = squares(board, "a5,c4,e5,d3,c5,e4,f2,d1,c3");
        let ruling = can_finish(board, &path, false, f64::INFINITY, &mut frozen()).unwrap();
        assert_eq!((ruling.rule, ruling.cut), (Some("pieces"), Some("split")));
        assert_eq!(ruling.pieces, [19, 2]);
        assert_eq!(ruling.squares.len(), 21);
    }

    #[test]
    fn a_finishable_path_comes_with_a_tour_through_it() {
        let board = Board::new(6, 6).unwrap();
        let path = squares(board, "c5,d3");
        let ruling = can_finish(board, &path, false, f64::INFINITY, &mut frozen()).unwrap();
        assert_eq!((ruling.verdict, ruling.rule, ruling.placed), ("possible", None, 2));
        let witness: Vec<Square> = ruling.witness.unwrap().into_iter().map(Square).collect();
        assert_eq!(&witness[..2], &path[..]);
        assert_eq!(ruling.hint, Some(witness[2].0));
        let mut game = Game::new(board, witness[0], false).unwrap();
        for &square in &witness[1..] {
            game.try_move(square).unwrap();
        }
        assert!(matches!(game.outcome(), Some(Outcome::Tour | Outcome::ClosedTour)));
    }

    #[test]
    fn a_path_that_is_no_path_is_refused_with_its_move() {
        let board = Board::new(5, 5).unwrap();
        let error = can_finish(board, &squares(board, "a1,b3,a1"), false, 1.0, &mut frozen()).unwrap_err();
        assert_eq!(error, "move 2 of the path: a1 is already on the path: the knight started there");
        assert!(can_finish(board, &[], false, 1.0, &mut frozen()).unwrap_err().contains("empty"));
    }

    #[test]
    fn a_budget_spent_leaves_the_verdict_thinking() {
        // h7, g5, e6, c5, d3, b2, c4, d2, e4 on 8x8 takes the search seconds (docs/play.md): a clock
        // that jumps past the budget at its first look stops it after one slice.
        let board = Board::new(8, 8).unwrap();
        let path = squares(board, "h7,g5,e6,c5,d3,b2,c4,d2,e4");
        let mut now = 0.0;
        let mut clock = move || {
            now += 10.0;
            now
        };
        let ruling = can_finish(board, &path, false, 5.0, &mut clock).unwrap();
        assert_eq!((ruling.verdict, ruling.hint, ruling.witness), ("thinking", None, None));
        assert!(ruling.words.starts_with("still checking"), "{}", ruling.words);
    }
}
