//! What only the teaching view and the full layout ask of a run, in the `teach` part: the tree of
//! tried moves, Knuth's estimate of the whole tree, the moves from the knight's square in order,
//! what the pruning rules say of it, the next step told before it is made, the depth chart's
//! envelope and the last event, and the command line's report (the full layout's JSON export: a
//! post's board never asks for it). A [`Tour`] of a module built with it has these besides its own.

use js_sys::Uint32Array;
use wasm_bindgen::prelude::*;

use super::{to_js, Columns, Tour};
use crate::front::format::{self, Report};
use crate::search::event::EventKind;
use crate::watch::tree;

#[wasm_bindgen]
impl Tour {
    /// What the next step will do, told before it is made: `{kind, square, number, outcome,
    /// covered, words}` (see `watch/step.rs`); `undefined` once the run has ended.
    #[wasm_bindgen(js_name = nextStep)]
    pub fn next_step(&mut self) -> Result<JsValue, JsError> {
        to_js(&self.session.next_step())
    }

    /// The moves from the knight's square in order: `[{square, order, degree, state, tiebreak}]`.
    pub fn candidates(&self) -> Result<JsValue, JsError> {
        to_js(&self.session.candidates())
    }

    /// What the pruning rules said of the knight's square, `{verdict, rule, reason}`; `undefined`
    /// without pruning.
    pub fn outlook(&mut self) -> Result<JsValue, JsError> {
        to_js(&self.session.outlook())
    }

    /// The finished run in the command line's `--format json`, with the page's measure of its
    /// time; `undefined` until it has ended.
    pub fn report(&self, elapsed_ms: f64) -> Option<String> {
        Report::new(self.session.solver(), elapsed_ms).map(|report| report.to_json())
    }

    /// The path's depth against events so far, for the teaching view's chart: `{width, low,
    /// high}`, the events a column covers and per column the fewest and the most squares on the
    /// path (`low` is 4294967295 and `high` 0 in a column no event fell in). `low` and `high`
    /// are views.
    pub fn envelope(&self) -> JsValue {
        let envelope = self.session.envelope();
        // SAFETY: as for `events_view`; making the object allocates nothing in the module.
        let (low, high) = unsafe { (Uint32Array::view(envelope.low()), Uint32Array::view(envelope.high())) };
        Columns::new().number("width", envelope.width() as f64).set("low", &low).set("high", &high).into()
    }

    /// The event that led here, as an `eventsView` triple (`finished` before the first).
    #[wasm_bindgen(js_name = lastEvent)]
    pub fn last_event(&self) -> Vec<u32> {
        let none = [EventKind::Finished as u32, 0, 0];
        self.session.last_event().map_or(none, |event| event.encode()).to_vec()
    }

    /// The path as the command line's `--format moves`: a square's name a line (the full
    /// layout's move list export).
    pub fn moves(&mut self) -> String {
        let board = self.session.solver().board();
        format::moves(board, &self.session.solver().path().collect::<Vec<_>>())
    }

    /// Why this run has no tree of tried moves to show, in words; `undefined` if it has one.
    #[wasm_bindgen(js_name = noTree)]
    pub fn no_tree(&self) -> Option<String> {
        self.session.no_tree().map(|why| why.to_string())
    }

    /// Starts keeping the tree of tried moves, if the run has one and does not keep it yet.
    #[wasm_bindgen(js_name = trackTree)]
    pub fn track_tree(&mut self) {
        self.session.track_tree();
    }

    /// The tree kept so far, `undefined` before `trackTree`: `{levels, since}`, at the current
    /// event its `trunk` (the nodes above the top row, by index) and how many placements it
    /// leaves out below its levels (`leftOut`), and a column a field of its nodes, `parent` (-1
    /// for the start), `square`, `depth`, `placed` (the event that placed it) and `removed` (the
    /// event count after its take-back, -1 while on the path).
    pub fn tree(&self) -> JsValue {
        let Some(tree) = self.session.tree() else { return JsValue::UNDEFINED };
        let nodes = tree.nodes();
        let event = |at: u64| if at == tree::OPEN { -1.0 } else { at as f64 };
        let position = self.session.position();
        let placements = self.session.solver().stats().placements;
        Columns::new()
            .number("levels", tree.levels().into())
            .number("since", tree.since() as f64)
            .number("leftOut", tree.left_out(position, placements) as f64)
            .u32s("trunk", tree.trunk(position).into_iter())
            .i32s("parent", nodes.iter().map(|node| node.parent as i32)) // `tree::NONE` is -1
            .u32s("square", nodes.iter().map(|node| node.square.0))
            .u32s("depth", nodes.iter().map(|node| node.depth))
            .f64s("placed", nodes.iter().map(|node| node.placed as f64))
            .f64s("removed", nodes.iter().map(|node| event(node.removed)))
            .into()
    }

    /// Knuth's estimate of the whole tree, `{placements, events, probes}`, made once; `undefined`
    /// for a run that does not backtrack or builds its tour.
    pub fn estimate(&mut self) -> Result<JsValue, JsError> {
        to_js(&self.session.estimate())
    }
}
