//! Playing it yourself, the part that decides (see `play/session.rs`): [`Play`], the game and
//! its verdicts, for a Web Worker; and `canFinish`, the verdict on a path in one call. What the
//! board shows of a game is the first module's (`play_board.rs`).

use wasm_bindgen::prelude::*;

use super::{clock, error, from_js, on, setup, to_js};
use crate::front::config::Setup;
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
            let indices: Vec<u32> = from_js(&path).map_err(|_| {
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
