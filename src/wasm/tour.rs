//! [`Tour`]: a run as the page drives it, a [`Session`] translated. The page calls `advance`
//! from its frame loop and reads the hot state through typed-array views; everything it asks
//! less often comes back as an object.

use js_sys::Uint32Array;
use wasm_bindgen::prelude::*;
use web_sys::OffscreenCanvasRenderingContext2d;

use super::{clock, divide_setup, error, javascript_writes, put_pixels, read_palette, setup, to_js, Columns};
use crate::divide::assembly;
use crate::search::construction::Construction;
use crate::watch::stall::SearchProgress;
use crate::Session;

#[wasm_bindgen]
pub struct Tour {
    pub(super) session: Session,
}

#[wasm_bindgen]
impl Tour {
    /// A run of `settings` (`{board, start, heuristic, backtracking, closed, prune, seed,
    /// restarts, budget, theorems}`, each optional, written as on the command line or as values);
    /// throws the command line's message for a bad one.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue) -> Result<Tour, JsError> {
        Ok(Tour { session: Session::new(setup(settings)?).map_err(error)? })
    }

    /// The divide run of `settings` from `words`, the tour `buildTour` built for the same
    /// settings in another instance of the module (a worker), or `undefined` where it built
    /// none: the run `new Tour(settings)` would make, without building again, but for the
    /// assembly's moves, which the words do not carry (`planMoves` throws; `plan` is whole).
    /// Throws for settings that are not divide's and for words that are not a tour of their board.
    pub fn built(settings: JsValue, words: Option<Vec<u32>>) -> Result<Tour, JsError> {
        let setup = divide_setup(settings)?;
        let built = words
            .map(|words| Construction::from_words(setup.board, setup.start, &words))
            .transpose()
            .map_err(error)?;
        Ok(Tour { session: Session::built(setup, built).map_err(error)? })
    }

    /// Runs the search for up to `max_events` events or `budget_ms` milliseconds, until it ends;
    /// returns how many events ran. With `record`, they are kept for `eventsView`.
    pub fn advance(&mut self, max_events: u32, budget_ms: f64, record: bool) -> u32 {
        self.session.advance(max_events.into(), budget_ms, record, &mut clock()) as u32
    }

    /// Puts the search at event `event` (0 is before the start is placed); with `budget_ms`, a
    /// slice at a time, true once there. Throws for an event that is not a whole number from 0.
    pub fn seek(&mut self, event: f64, budget_ms: Option<f64>) -> Result<bool, JsError> {
        if !event.is_finite() || event < 0.0 {
            return Err(JsError::new(&format!(
                "cannot seek to event {}: expected a whole number of events from 0",
                javascript_writes(&event.into())
            )));
        }
        // `as` saturates: a huge event lands on the core's bound like any far one.
        Ok(self.session.seek(event as u64, budget_ms, &mut clock()))
    }

    /// One event back, undone in place.
    #[wasm_bindgen(js_name = stepBack)]
    pub fn step_back(&mut self) {
        self.session.step_back();
    }

    #[wasm_bindgen(getter)]
    pub fn position(&self) -> f64 {
        self.session.position() as f64
    }

    /// The furthest event reached.
    #[wasm_bindgen(getter)]
    pub fn horizon(&self) -> f64 {
        self.session.horizon() as f64
    }

    /// The last `advance`'s events, if recorded: three numbers each, `[kind, square, move]` or
    /// `[kind, attempt, 0]`, the kinds numbered as `catalogue().events` says.
    ///
    /// Like every view here, a view into the module's memory, not a copy: valid only until the
    /// next call into the module that may allocate. Read it at once; keep no reference.
    #[wasm_bindgen(js_name = eventsView)]
    pub fn events_view(&self) -> Uint32Array {
        // SAFETY: nothing is allocated between taking the slice and making the view; the page
        // reads it before its next call into the module.
        unsafe { Uint32Array::view(self.session.events()) }
    }

    /// The squares of the path, from the start, as row-major indices: a view.
    #[wasm_bindgen(js_name = pathView)]
    pub fn path_view(&mut self) -> Uint32Array {
        let path = self.session.path();
        // SAFETY: as for `events_view`; `path` caught up (and allocated) before the slice.
        unsafe { Uint32Array::view(path) }
    }

    /// Per square, one more than its place on the path, 0 off it: a view.
    #[wasm_bindgen(js_name = orderView)]
    pub fn order_view(&mut self) -> Uint32Array {
        // SAFETY: as for `path_view`.
        unsafe { Uint32Array::view(self.session.order()) }
    }

    /// Lays the board's picture out in bands of `band` squares (0: none) and colours it with the
    /// 13 bytes of `palette` (light, dark, path from and to as RGB, then the wash out of 255).
    #[wasm_bindgen(js_name = paintWith)]
    pub fn paint_with(&mut self, band: u32, palette: &[u8]) -> Result<(), JsError> {
        self.session.paint_with(band, read_palette(palette)?);
        Ok(())
    }

    #[wasm_bindgen(getter, js_name = pictureWidth)]
    pub fn picture_width(&self) -> u32 {
        self.session.picture_size().0
    }

    #[wasm_bindgen(getter, js_name = pictureHeight)]
    pub fn picture_height(&self) -> u32 {
        self.session.picture_size().1
    }

    /// Puts what changed of the picture on `context` (a canvas of its size) in one call;
    /// returns whether anything did.
    #[wasm_bindgen(js_name = drawPicture)]
    pub fn draw_picture(&mut self, context: &OffscreenCanvasRenderingContext2d) -> Result<bool, JsValue> {
        put_pixels(context, self.session.changed_pixels())
    }

    /// `"searching"` until the search ends, then the outcome's name.
    pub fn status(&self) -> String {
        self.session.solver().outcome().map_or("searching", |outcome| outcome.name()).to_string()
    }

    /// How the run ended, `{name, reason, detail, claim, remedy}`; `undefined` while it goes on.
    pub fn outcome(&self) -> Result<JsValue, JsError> {
        to_js(&self.session.ending())
    }

    #[wasm_bindgen(getter)]
    pub fn start(&self) -> u32 {
        self.session.solver().start().0
    }

    /// Placements so far, the start included (a double: long searches pass 2^32).
    #[wasm_bindgen(getter)]
    pub fn placements(&self) -> f64 {
        self.session.solver().stats().placements as f64
    }

    #[wasm_bindgen(getter)]
    pub fn backtracks(&self) -> f64 {
        self.session.solver().stats().backtracks as f64
    }

    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.session.depth()
    }

    #[wasm_bindgen(getter)]
    pub fn deepest(&self) -> u32 {
        self.session.solver().stats().deepest
    }

    /// Whether the search is getting anywhere: `{stuck, deepest, eventsSinceDeepest,
    /// shallowestSince, explored, eventsLeft}` (`eventsLeft` may be `Infinity`). Made a field at a
    /// time, not written as JSON: its two fractions would bring float writing into the first
    /// module, and JSON has no Infinity.
    pub fn progress(&self) -> JsValue {
        let SearchProgress { stuck, deepest, events_since_deepest, shallowest_since, explored, events_left } =
            self.session.progress();
        Columns::new()
            .set("stuck", &stuck.into())
            .number("deepest", deepest.into())
            .number("eventsSinceDeepest", events_since_deepest as f64)
            .number("shallowestSince", shallowest_since.into())
            .number("explored", explored)
            .number("eventsLeft", events_left)
            .into()
    }

    /// How divide built its tour, `undefined` for a search: `{moves, seams}`, whether
    /// `planMoves` has the assembly's moves (not for a run made from a worker's tour) and how
    /// many seams there were, and its pieces in join order, a column a field of their boxes,
    /// `top`, `left`, `rows`, `cols`.
    pub fn plan(&self) -> JsValue {
        let Some(construction) = self.session.solver().construction() else { return JsValue::UNDEFINED };
        let pieces = &construction.pieces;
        Columns::new()
            .set("moves", &JsValue::from_bool(construction.has_moves()))
            .number("seams", construction.seams.len() as f64)
            .u32s("top", pieces.iter().map(|piece| piece.top))
            .u32s("left", pieces.iter().map(|piece| piece.left))
            .u32s("rows", pieces.iter().map(|piece| piece.rows))
            .u32s("cols", pieces.iter().map(|piece| piece.cols))
            .into()
    }

    /// Every move of divide's assembly, `undefined` for a search: a column a field, `from`,
    /// `to`, and the `piece` or `seam` that adds it and the seam that `cut`s it, each -1 for none
    /// (see `divide/assembly.rs`). Throws for a run made from a worker's tour (`Tour.built`), whose
    /// words carry the plan alone: the page builds the boards it draws the moves of itself.
    #[wasm_bindgen(js_name = planMoves)]
    pub fn plan_moves(&self) -> Result<JsValue, JsError> {
        let Some(construction) = self.session.solver().construction() else { return Ok(JsValue::UNDEFINED) };
        let Some(moves) = assembly::moves(construction) else {
            return Err(JsError::new(
                "the moves of a tour built in a worker are not kept: a board whose assembly is drawn move by move is built on the page's thread",
            ));
        };
        Ok(Columns::new()
            .u32s("from", moves.from.into_iter())
            .u32s("to", moves.to.into_iter())
            .i32s("piece", moves.piece.into_iter())
            .i32s("seam", moves.seam.into_iter())
            .i32s("cut", moves.cut.into_iter())
            .into())
    }
}
