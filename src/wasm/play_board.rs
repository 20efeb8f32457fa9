//! [`PlayBoard`]: play mode's path as the page's board shows it (see `play/session.rs`), clicks
//! judged at once in the core's words, with typed-array views out and the picture onto a canvas
//! as a `Tour` has them. On the page's thread; the game that decides whether a tour can still
//! be finished ([`Play`](super::Play)) is in a worker, with its own instance of the same part.

use js_sys::Uint32Array;
use wasm_bindgen::prelude::*;
use web_sys::OffscreenCanvasRenderingContext2d;

use super::{error, put_pixels, read_palette, setup};
use crate::front::config::Setup;
use crate::play::session;
use crate::Square;

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
