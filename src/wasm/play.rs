//! Playing it yourself, translated (see `play/session.rs`): [`Play`], the game that decides,
//! for a Web Worker; [`PlayBoard`], the path as the page's board shows it, with typed-array
//! views out and the picture onto a canvas as a [`Tour`](super::Tour) has them; and `canFinish`,
//! the verdict on a path in one call.

use js_sys::Uint32Array;
use wasm_bindgen::prelude::*;
use web_sys::OffscreenCanvasRenderingContext2d;

use super::{clock, error, on, put_pixels, read_palette, setup, to_js};
use crate::front::config::Setup;
use crate::front::format::SvgColours;
use crate::play::session::{self, Ruling};
use crate::play::{parse_path, Game};
use crate::Square;

/// A game: the path and the verdict on it, which a worker thinks about a slice at a time.
#[wasm_bindgen]
pub struct Play {
    game: Game,
}

#[wasm_bindgen]
impl Play {
    /// A game of `settings` (as for a `Tour`: the board, the start, and `closed` for a closed
    /// tour; the search's other settings play no part), the knight on the start. Making it
    /// judges the start, and on boards past 128 squares builds a tour from it: 0.1 s and more on
    /// a million squares, which is why it belongs in a worker.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue) -> Result<Play, JsError> {
        let Setup { board, start, options } = setup(settings)?;
        Ok(Play { game: Game::new(board, start, options.closed).map_err(error)? })
    }

    /// Moves the knight to `square`, or throws why that is no move ("c5 is not a knight's move
    /// from a2"). Moves stay allowed once no tour can be finished.
    #[wasm_bindgen(js_name = tryMove)]
    pub fn try_move(&mut self, square: u32) -> Result<(), JsError> {
        self.game.try_move(Square(square)).map_err(error)
    }

    /// Takes the last move back; returns its square, or `undefined` with the knight on its start.
    pub fn undo(&mut self) -> Option<u32> {
        self.game.undo().map(|square| square.0)
    }

    /// Thinks about the verdict for up to `budget_ms` milliseconds; returns whether it is in.
    pub fn think(&mut self, budget_ms: f64) -> bool {
        session::think(&mut self.game, budget_ms, &mut clock())
    }

    /// The verdict on the position after the last move: `{placed, verdict, rule, cut, reason,
    /// words, squares, pieces, since, hint, outcome}` (see `session::Ruling`).
    pub fn ruling(&self) -> Result<JsValue, JsError> {
        to_js(&Ruling::new(&self.game, false))
    }

    /// The completion found, from its square `from` on (a copy); `undefined` unless a tour can
    /// still be finished.
    pub fn witness(&self, from: u32) -> Option<Vec<u32>> {
        match self.game.verdict() {
            crate::play::Verdict::Possible { witness } => {
                Some(witness.iter().skip(from as usize).map(|square| square.0).collect())
            }
            _ => None,
        }
    }

    /// The squares on the path.
    #[wasm_bindgen(getter)]
    pub fn placed(&self) -> u32 {
        self.game.path().len() as u32
    }
}

/// The path as the page's board shows it: clicks judged at once in the core's words, the
/// squares in reach, the picture. The painter reads it as it reads a `Tour`.
#[wasm_bindgen]
pub struct PlayBoard {
    shown: session::PlayBoard,
}

#[wasm_bindgen]
impl PlayBoard {
    /// The knight on the start of `settings` (as for a `Tour`; a1 without one).
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue) -> Result<PlayBoard, JsError> {
        let Setup { board, start, .. } = setup(settings)?;
        Ok(PlayBoard { shown: session::PlayBoard::new(board, start).map_err(error)? })
    }

    /// Moves the knight to `square`, or throws why that is no move, as the game would.
    #[wasm_bindgen(js_name = tryMove)]
    pub fn try_move(&mut self, square: u32) -> Result<(), JsError> {
        self.shown.try_move(Square(square)).map_err(error)
    }

    /// Takes the last move back; returns its square, or `undefined` with the knight on its start.
    pub fn undo(&mut self) -> Option<u32> {
        self.shown.undo().map(|square| square.0)
    }

    /// The squares the knight can move to (a copy).
    pub fn reachable(&self) -> Vec<u32> {
        self.shown.reachable()
    }

    /// The move number of `square` on the path (the start is 1, as drawn), `undefined` off it.
    #[wasm_bindgen(js_name = moveNumber)]
    pub fn move_number(&self, square: u32) -> Option<u32> {
        self.shown.move_number(Square(square)).map(|number| number as u32)
    }

    /// `tour` or `closed-tour` once the path covers the board, else `undefined`.
    pub fn outcome(&self) -> Option<String> {
        self.shown.outcome().map(|outcome| outcome.name().to_string())
    }

    /// The path's moves as a link's `moves` writes them: two moves a character.
    pub fn moves(&self) -> String {
        self.shown.moves()
    }

    /// The squares a link's `moves` lead through from the start (the start first, a copy);
    /// throws what is wrong with the text. Whether each square is free, a move judges.
    #[wasm_bindgen(js_name = readMoves)]
    pub fn read_moves(&self, text: &str) -> Result<Vec<u32>, JsError> {
        let path = self.shown.read_moves(text).map_err(error)?;
        Ok(path.into_iter().map(|square| square.0).collect())
    }

    /// The move list as the command line's `--format moves` writes it: a square's name a line.
    #[wasm_bindgen(js_name = moveList)]
    pub fn move_list(&self) -> String {
        let path: Vec<Square> = self.shown.path().iter().map(|&square| Square(square)).collect();
        crate::front::format::moves(self.shown.board(), &path)
    }

    /// The board and the path as SVG, as `Tour.svg` draws a run's, in `colours`; a closed tour
    /// is drawn closed.
    pub fn svg(&self, colours: JsValue) -> Result<String, JsError> {
        let colours: SvgColours = serde_wasm_bindgen::from_value(colours).map_err(error)?;
        let path: Vec<Square> = self.shown.path().iter().map(|&square| Square(square)).collect();
        let closed = self.shown.outcome() == Some(crate::Outcome::ClosedTour);
        Ok(crate::front::format::svg(self.shown.board(), &path, closed, &colours))
    }

    #[wasm_bindgen(getter)]
    pub fn start(&self) -> u32 {
        self.shown.start().0
    }

    #[wasm_bindgen(getter)]
    pub fn knight(&self) -> u32 {
        self.shown.knight().0
    }

    /// The squares on the path.
    #[wasm_bindgen(getter)]
    pub fn placed(&self) -> u32 {
        self.shown.path().len() as u32
    }

    /// The squares of the path, from the start: a view into the module's memory, valid until the
    /// next call into it (as `Tour.pathView`).
    #[wasm_bindgen(js_name = pathView)]
    pub fn path_view(&self) -> Uint32Array {
        // SAFETY: nothing is allocated between taking the slice and making the view; the page
        // reads it before its next call into the module.
        unsafe { Uint32Array::view(self.shown.path()) }
    }

    /// Per square, one more than its place on the path, 0 off it: a view.
    #[wasm_bindgen(js_name = orderView)]
    pub fn order_view(&self) -> Uint32Array {
        // SAFETY: as for `path_view`.
        unsafe { Uint32Array::view(self.shown.order()) }
    }

    /// Lays the board's picture out in bands of `band` squares (0: none) and colours it with the
    /// 13 bytes of `palette`, as `Tour.paintWith`.
    #[wasm_bindgen(js_name = paintWith)]
    pub fn paint_with(&mut self, band: u32, palette: &[u8]) -> Result<(), JsError> {
        self.shown.paint_with(band, read_palette(palette)?);
        Ok(())
    }

    #[wasm_bindgen(getter, js_name = pictureWidth)]
    pub fn picture_width(&self) -> u32 {
        self.shown.picture_size().0
    }

    #[wasm_bindgen(getter, js_name = pictureHeight)]
    pub fn picture_height(&self) -> u32 {
        self.shown.picture_size().1
    }

    /// Puts what changed of the picture on `context` in one call; returns whether anything did.
    #[wasm_bindgen(js_name = drawPicture)]
    pub fn draw_picture(&mut self, context: &OffscreenCanvasRenderingContext2d) -> Result<bool, JsValue> {
        put_pixels(context, self.shown.changed_pixels())
    }
}

/// Whether a tour can still be finished from `path` (square indices, or text as the command
/// line's `--path` takes it: `a1,b3,c5`) on the board of `settings` (closed with `closed`):
/// `{verdict, reason, rule, cut, squares, pieces, since, hint, witness, ...}`, the witness a
/// whole tour through the path. Decided for up to `budget_ms` milliseconds (without one, until
/// decided: seconds on some positions of 8×8 and hours on some of 10×10); past it the verdict is
/// `thinking`. Throws for a path that is no path: which move, and why.
#[wasm_bindgen(js_name = canFinish)]
pub fn can_finish(settings: JsValue, path: JsValue, budget_ms: Option<f64>) -> Result<JsValue, JsError> {
    let Setup { board, options, .. } = setup(settings)?;
    let squares: Vec<Square> = match path.as_string() {
        Some(text) => parse_path(board, &text).map_err(error)?,
        None => {
            let indices: Vec<u32> = serde_wasm_bindgen::from_value(path).map_err(|_| {
                JsError::new("a path is an array of square indices, or squares' names such as \"a1,b3,c5\"")
            })?;
            indices.into_iter().map(|square| on(board, square)).collect::<Result<_, _>>()?
        }
    };
    let budget = budget_ms.unwrap_or(f64::INFINITY);
    let ruling = session::can_finish(board, &squares, options.closed, budget, &mut clock())
        .map_err(|m| JsError::new(&m))?;
    to_js(&ruling)
}
