//! The browser's handle on a search: made from a settings object, advanced by the page a batch at
//! a time, read back as typed arrays. It only translates; everything it says comes from the core.

use js_sys::Uint32Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::Clamped;
use web_sys::{ImageData, OffscreenCanvasRenderingContext2d};

use serde::Serialize;

use crate::config::{Setup, Value};
use crate::construct::Construction;
use crate::count::TourCounter;
use crate::existence::{self, Verdict};
use crate::format::Report;
use crate::picture::{Bands, Palette, Picture};
use crate::tree::{self, SearchTree};
use crate::{Board, Event, Heuristic, Outcome, Outlook, Solver, Square, Timeline};

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`, which windows and workers both have.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn now_ms() -> f64;
}

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// How many events run between two looks at the clock: about 20 µs of search, so a frame's
/// budget is kept to within a fraction of a millisecond, and each call into the batch is long
/// enough for the engine to run optimised code.
const CHUNK: u32 = 4096;

/// How far past the furthest event reached a seek may search: about 2 million events. Natively
/// that is 10 ms of the fixed-order search and about 0.1 s of a pruned one (some 50 ns an event
/// on 12x12 and 4x15); in the browser 1.1 to 1.6 times as long.
const SEEK_AHEAD: u64 = 1 << 21;

/// Event kinds in [`Tour::events_view`].
const PLACED: u32 = 0;
const REMOVED: u32 = 1;
const RESTARTED: u32 = 2;
const FINISHED: u32 = 3;

#[wasm_bindgen]
pub struct Tour {
    timeline: Timeline,
    /// The last `advance`'s events, three numbers each: see [`Tour::events_view`].
    events: Vec<u32>,
    /// The last event of the last `advance`, recorded or not, for the pseudocode's highlight.
    last: [u32; 3],
    /// The shallowest and deepest the path was during the last `advance`: the chart draws the
    /// span, so a frame's worth of sawtooth is not lost between two samples.
    low: u32,
    high: u32,
    /// The tree of tried moves, kept from the events once the page asks for it (see
    /// [`Tour::track_tree`]); the search then runs event by event, not in its bare loop.
    tree: Option<SearchTree>,
    /// The path as the page sees it, and its picture: brought up to the search's path only when
    /// the page looks, at the cost of the squares that changed since it last did.
    picture: Picture,
    /// The path's first `unchanged` squares are the ones the picture shows; `u32::MAX` when the
    /// picture is up to date.
    unchanged: u32,
    /// The changed part of the picture, copied out for the canvas; kept to spare an allocation
    /// a frame.
    scratch: Vec<u8>,
}

#[wasm_bindgen]
impl Tour {
    /// Settings: `{board, start, heuristic, backtracking, closed, prune, seed, restarts, budget,
    /// theorems}`, each optional, named and written as on the command line and in the page's
    /// address (`board` is `"8x8"`; `start` is `"a1"`, `"2,3"` or `[row, col]`; switches are
    /// booleans or `"1"`/`"0"`). Throws an `Error` with the same message the command line gives.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue) -> Result<Tour, JsError> {
        let Setup { board, start, options } = settings_from(settings)?;
        let solver = Solver::new(board, start, options).map_err(|error| JsError::new(&error.to_string()))?;
        Ok(Tour {
            timeline: Timeline::new(solver),
            events: Vec::new(),
            last: [FINISHED, 0, 0],
            low: 0,
            high: 0,
            tree: None,
            picture: Picture::new(board),
            unchanged: 0,
            scratch: Vec::new(),
        })
    }

    /// Runs the search until `max_events` events have happened, `budget_ms` milliseconds have
    /// passed, or it finishes; returns how many events ran. With `record`, they are kept for
    /// [`Tour::events_view`]; without, the search runs at full speed and the page reads the state.
    pub fn advance(&mut self, max_events: u32, budget_ms: f64, record: bool) -> u32 {
        self.events.clear();
        let deadline = now_ms() + budget_ms;
        let (mut low, mut high) = (self.depth(), self.depth());
        let mut restarted = false;
        let mut last = None;
        let mut done = 0;
        if let Some(tree) = &mut self.tree {
            tree.catch_up(&self.timeline);
        }
        while done < max_events {
            let chunk = CHUNK.min(max_events - done);
            let ran = if record || self.tree.is_some() {
                let (events, tree) = (&mut self.events, &mut self.tree);
                let mut at = self.timeline.position();
                self.timeline.advance(u64::from(chunk), |event| {
                    if record {
                        events.extend_from_slice(&encode(event));
                    }
                    if let Some(tree) = tree.as_mut() {
                        tree.observe(event, at);
                        at += 1;
                    }
                    match event {
                        Event::Placed { index, .. } => high = high.max(index + 1),
                        Event::Removed { index, .. } => low = low.min(index),
                        // A restart takes the path back to its start with no events of its own.
                        Event::Restarted { .. } => restarted = true,
                        _ => {}
                    }
                    last = Some(event);
                }) as u32
            } else {
                // Nothing to hand out event by event: the search's hot loop runs bare.
                let run = self.timeline.run(u64::from(chunk));
                (low, high) = (low.min(run.low), high.max(run.high));
                last = run.last.or(last);
                restarted |= run.restarted; // a run stops at a restart: nothing deepens after it
                run.events as u32
            };
            done += ran;
            if ran < chunk || now_ms() >= deadline {
                break;
            }
        }
        (self.low, self.high) = (low, high);
        self.unchanged = self.unchanged.min(if restarted { 1 } else { low });
        if let Some(event) = last {
            self.last = encode(event);
        }
        done
    }

    /// Puts the search at event `event` of its run (0 is before the start is placed): back by
    /// undoing events or by a replay from a checkpoint, or forward by searching. A forward seek
    /// goes at most [`SEEK_AHEAD`] events past the horizon, so that one jump stays bounded
    /// whatever it is given. With `budget_ms`, it stops after about that long and returns
    /// false; called again with the same event it goes on (a long replay a slice a frame).
    /// Returns true once there; `position` says where it stands. Throws an `Error` for a
    /// negative or non-finite event.
    pub fn seek(&mut self, event: f64, budget_ms: Option<f64>) -> Result<bool, JsError> {
        if !event.is_finite() || event < 0.0 {
            return Err(JsError::new(&format!(
                "cannot seek to event {event}: expected a whole number of events from 0"
            )));
        }
        // `as` saturates, so a huge value lands on the bound like any other far-future one.
        let target = (event as u64).min(self.timeline.horizon().saturating_add(SEEK_AHEAD));
        let deadline = budget_ms.map_or(f64::INFINITY, |budget| now_ms() + budget);
        self.events.clear();
        let arrived = loop {
            if self.timeline.seek_toward(target, u64::from(CHUNK) * 16) {
                break true;
            }
            if now_ms() >= deadline {
                break false;
            }
        };
        self.stand_still();
        // What a jump kept of the old path is not known.
        self.unchanged = 0;
        Ok(arrived)
    }

    /// One event back: undone in place, whatever the run's length (a restart or the start's
    /// placement is replayed from a checkpoint).
    #[wasm_bindgen(js_name = stepBack)]
    pub fn step_back(&mut self) {
        let before = self.depth();
        self.events.clear();
        self.timeline.step_back();
        self.stand_still();
        // One event changes the path only above the shorter of the two paths.
        self.unchanged = self.unchanged.min(before.min(self.depth()));
    }

    /// Events so far: the search's position on its timeline.
    #[wasm_bindgen(getter)]
    pub fn position(&self) -> f64 {
        self.timeline.position() as f64
    }

    /// The furthest event reached.
    #[wasm_bindgen(getter)]
    pub fn horizon(&self) -> f64 {
        self.timeline.horizon() as f64
    }

    /// The shallowest path during the last `advance`.
    #[wasm_bindgen(getter, js_name = depthLow)]
    pub fn depth_low(&self) -> u32 {
        self.low
    }

    /// The deepest path during the last `advance`.
    #[wasm_bindgen(getter, js_name = depthHigh)]
    pub fn depth_high(&self) -> u32 {
        self.high
    }

    /// The event that led to the current state, as a triple like [`Tour::events_view`]'s (`[3, 0, 0]`
    /// before the first).
    #[wasm_bindgen(js_name = lastEvent)]
    pub fn last_event(&self) -> Vec<u32> {
        self.last.to_vec()
    }

    /// The last `advance`'s events, if recorded, as triples: placed `[0, square, move]`, taken
    /// back `[1, square, move]`, restarted `[2, attempt, 0]`, finished `[3, 0, 0]`. Squares are
    /// row-major indices, `row * cols + col`.
    ///
    /// A view into the module's memory, not a copy: see [`Tour::path_view`] for how long it lasts.
    #[wasm_bindgen(js_name = eventsView)]
    pub fn events_view(&self) -> Uint32Array {
        // SAFETY: nothing is allocated between taking the slice and making the view; the page
        // is told to use the view before its next call into the module.
        unsafe { Uint32Array::view(&self.events) }
    }

    /// The squares of the current path, from the start, as row-major indices.
    ///
    /// A view into the module's memory, not a copy: a million squares cost nothing to hand
    /// over. The view is only valid until the next call into the module that may allocate
    /// (which can move the path or grow the memory under it, leaving the view stale or
    /// detached): the page must read it at once and keep no reference to it.
    #[wasm_bindgen(js_name = pathView)]
    pub fn path_view(&mut self) -> Uint32Array {
        self.path_tail(0)
    }

    /// The path from move `from` on, as a view like [`Tour::path_view`]'s: what a caller that
    /// has the path up to `from` needs to catch up.
    #[wasm_bindgen(js_name = pathTail)]
    pub fn path_tail(&mut self, from: u32) -> Uint32Array {
        self.catch_up();
        let path = self.picture.path();
        let tail = &path[(from as usize).min(path.len())..];
        // SAFETY: `catch_up` did its allocating before the slice was taken; see above for the
        // page's side of the bargain.
        unsafe { Uint32Array::view(tail) }
    }

    /// Per square (row-major), one more than its place on the path, or 0 if it is not on it: a
    /// view like [`Tour::path_view`]'s. The page draws the moves of the squares in sight from
    /// it, without walking the path.
    #[wasm_bindgen(js_name = orderView)]
    pub fn order_view(&mut self) -> Uint32Array {
        self.catch_up();
        // SAFETY: as for `path_tail`.
        unsafe { Uint32Array::view(self.picture.order()) }
    }

    /// Sets how the board's picture is laid out and coloured: the long side folded in bands of
    /// `band` squares (0 for none; see `picture::Bands`) and the 13 bytes of its palette (light,
    /// dark, path from and path to as RGB, then how much of the path colour covers a visited
    /// square, out of 255). Repaints it whole if either changed. Throws for a palette of another
    /// length.
    #[wasm_bindgen(js_name = paintWith)]
    pub fn paint_with(&mut self, band: u32, palette: &[u8]) -> Result<(), JsError> {
        let palette = Palette::from_bytes(palette).ok_or_else(|| {
            JsError::new(&format!(
                "a palette is 13 bytes (light, dark, from and to as RGB, then the wash), not {}",
                palette.len()
            ))
        })?;
        self.picture.style(Bands::new(self.timeline.solver().board(), band), palette);
        Ok(())
    }

    /// The picture's width in pixels: one a square, bands and their gaps included.
    #[wasm_bindgen(getter, js_name = pictureWidth)]
    pub fn picture_width(&self) -> u32 {
        self.picture.width()
    }

    #[wasm_bindgen(getter, js_name = pictureHeight)]
    pub fn picture_height(&self) -> u32 {
        self.picture.height()
    }

    /// Brings the picture up to the path and puts the rectangle that changed on `context` (a
    /// canvas of the picture's size), in one call; returns whether anything changed. Draws
    /// nothing before [`Tour::paint_with`] has styled the picture.
    #[wasm_bindgen(js_name = drawPicture)]
    pub fn draw_picture(&mut self, context: &OffscreenCanvasRenderingContext2d) -> Result<bool, JsValue> {
        self.catch_up();
        let Some(rect) = self.picture.take_changed() else { return Ok(false) };
        self.picture.copy_rect(&rect, &mut self.scratch);
        let image = ImageData::new_with_u8_clamped_array_and_sh(
            Clamped(&self.scratch),
            rect.x.len() as u32,
            rect.y.len() as u32,
        )?;
        context.put_image_data(&image, f64::from(rect.x.start), f64::from(rect.y.start))?;
        Ok(true)
    }

    /// The moves from the current square in the order the search takes them, as quadruples
    /// `[square, onward degree, state, tie-break or -1]` with state 0 tried, 1 next, 2 later.
    pub fn candidates(&self) -> Vec<f64> {
        self.timeline
            .solver()
            .candidates()
            .flat_map(|candidate| {
                let state = candidate.state as u8;
                let tiebreak = candidate.key.tiebreak.map_or(-1.0, |value| value as f64);
                [f64::from(candidate.square.0), f64::from(candidate.key.degree), f64::from(state), tiebreak]
            })
            .collect()
    }

    /// `"searching"` until the search ends, then the outcome: `tour`, `closed-tour`, `no-tour`,
    /// `impossible`, `dead-end` or `budget`.
    pub fn status(&self) -> String {
        self.timeline.solver().outcome().map_or("searching", Outcome::name).to_string()
    }

    /// Why the search ended, in words, once it has.
    pub fn reason(&self) -> Option<String> {
        self.timeline.solver().outcome().map(|outcome| outcome.to_string())
    }

    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> u32 {
        self.timeline.solver().board().rows()
    }

    #[wasm_bindgen(getter)]
    pub fn cols(&self) -> u32 {
        self.timeline.solver().board().cols()
    }

    #[wasm_bindgen(getter)]
    pub fn start(&self) -> u32 {
        self.timeline.solver().start().0
    }

    /// Placements so far, the start included (a double: counts pass 2^32 on long searches).
    #[wasm_bindgen(getter)]
    pub fn placements(&self) -> f64 {
        self.timeline.solver().stats().placements as f64
    }

    #[wasm_bindgen(getter)]
    pub fn backtracks(&self) -> f64 {
        self.timeline.solver().stats().backtracks as f64
    }

    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.timeline.solver().depth()
    }

    #[wasm_bindgen(getter)]
    pub fn deepest(&self) -> u32 {
        self.timeline.solver().stats().deepest
    }

    /// The finished run in the command line's `--format json` shape, with the page's own
    /// measure of the time it took; `undefined` until the search has ended.
    pub fn report(&self, elapsed_ms: f64) -> Option<String> {
        Report::new(self.timeline.solver(), elapsed_ms).map(|report| report.to_json())
    }

    /// Whether the search is getting anywhere: `{stuck, deepest, eventsSinceDeepest,
    /// shallowestSince, explored, eventsLeft}` (see the core's `stall::Progress`).
    pub fn progress(&self) -> JsValue {
        serde_wasm_bindgen::to_value(&self.timeline.progress()).unwrap_or(JsValue::UNDEFINED)
    }

    /// What the pruning rules said when the knight's square was placed: `{verdict, rule,
    /// reason}`, where `verdict` is `open` (any move may lead to a tour), `forced` (only the
    /// moves onto squares with one way left can) or `cut` (none can: the square is taken back
    /// next), `rule` names the rule that cut (`stranded`, `ends`, `no-way-back`, `split`) and
    /// `reason` says it in words. `undefined` when the search does not prune.
    pub fn outlook(&mut self) -> JsValue {
        #[derive(Serialize)]
        struct Said {
            verdict: &'static str,
            rule: Option<&'static str>,
            reason: Option<String>,
        }
        let Some(outlook) = self.timeline.outlook() else { return JsValue::UNDEFINED };
        let said = match outlook {
            Outlook::Open => Said { verdict: "open", rule: None, reason: None },
            Outlook::Forced => Said { verdict: "forced", rule: None, reason: None },
            Outlook::Dead(cut) => {
                Said { verdict: "cut", rule: Some(cut.name()), reason: Some(cut.to_string()) }
            }
        };
        serde_wasm_bindgen::to_value(&said).unwrap_or(JsValue::UNDEFINED)
    }

    /// Starts keeping the tree of tried moves, `levels` moves deep and at most `capacity` nodes
    /// (it gives up its deepest level rather than grow past them). From a search under way, the
    /// tree starts at the current event, with the path as it stands.
    #[wasm_bindgen(js_name = trackTree)]
    pub fn track_tree(&mut self, levels: u32, capacity: u32) {
        let solver = self.timeline.solver();
        self.tree =
            Some(SearchTree::from_path(levels, capacity as usize, solver.path(), self.timeline.position()));
    }

    /// The tree's nodes, five numbers each: parent (its index, -1 for the start), square,
    /// depth, the event that placed it and the event count after its take-back (-1 while on
    /// the path). Its subtree at event `p` spans the events from its placement to `p` or its
    /// take-back, whichever is first. Empty unless [`Tour::track_tree`] was called.
    #[wasm_bindgen(js_name = treeNodes)]
    pub fn tree_nodes(&self) -> Vec<f64> {
        let Some(tree) = &self.tree else { return Vec::new() };
        let number = |value: u64, none: u64| if value == none { -1.0 } else { value as f64 };
        tree.nodes()
            .iter()
            .flat_map(|node| {
                [
                    number(u64::from(node.parent), u64::from(tree::NONE)),
                    f64::from(node.square.0),
                    f64::from(node.depth),
                    node.placed as f64,
                    number(node.removed, tree::OPEN),
                ]
            })
            .collect()
    }

    /// How many levels the tree keeps (fewer than asked once it filled up), and the event it
    /// began at (0 unless it was asked for mid-run): `[levels, since]`.
    #[wasm_bindgen(js_name = treeShape)]
    pub fn tree_shape(&self) -> Vec<f64> {
        self.tree.as_ref().map_or_else(Vec::new, |tree| vec![f64::from(tree.levels()), tree.since() as f64])
    }

    /// Knuth's estimate of the whole search tree (see `estimate.rs`): `{placements, events,
    /// probes}` from up to `probes` random paths of `max_steps` placements in all; `undefined`
    /// for a search that does not backtrack or builds its tour.
    #[wasm_bindgen(js_name = estimateTree)]
    pub fn estimate_tree(&self, probes: u32, max_steps: f64) -> JsValue {
        #[derive(Serialize)]
        struct Estimate {
            placements: f64,
            events: f64,
            probes: u32,
        }
        let initial = self.timeline.initial();
        let seed = initial.options().seed;
        let Some(size) = initial.estimate_tree(probes, seed, max_steps as u64) else {
            return JsValue::UNDEFINED;
        };
        let estimate = Estimate { placements: size.placements, events: size.events(), probes: size.probes };
        estimate.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap_or(JsValue::UNDEFINED)
    }

    /// How `divide` built its tour, its pieces in the order they were joined: for each,
    /// `top, left, rows, cols, cycle (0 or 1), number of walks`, then each walk as its length
    /// and its squares. Empty for the other heuristics.
    pub fn pieces(&self) -> Vec<u32> {
        self.timeline.solver().construction().map_or_else(Vec::new, encode_pieces)
    }

    /// The seams `divide` rewired, one per piece after the first, in order: for each, the
    /// number of moves cut and their squares in pairs, then the number added and theirs.
    pub fn seams(&self) -> Vec<u32> {
        self.timeline.solver().construction().map_or_else(Vec::new, encode_seams)
    }

    /// The chess name of a square (or `row,col` on boards wider than 26); throws an `Error` for
    /// an index off the board.
    #[wasm_bindgen(js_name = squareName)]
    pub fn square_name(&self, square: u32) -> Result<String, JsError> {
        name_on(self.timeline.solver().board(), square)
    }

    /// What might give a tour where a theorem rules this one out (`open-tour`, `outer-line`,
    /// `corners-colour`, `other-square` or `other-board`); `undefined` unless the status is
    /// `impossible`.
    pub fn remedy(&self) -> Option<String> {
        match self.timeline.solver().outcome() {
            Some(Outcome::Impossible(reason)) => Some(reason.remedy().name().to_string()),
            _ => None,
        }
    }
}

impl Tour {
    /// Brings the page's copy of the path (and its picture) up to the search's.
    fn catch_up(&mut self) {
        let kept = self.picture.truncate(self.unchanged as usize);
        self.picture.extend(self.timeline.solver().path_from(kept));
        self.unchanged = u32::MAX;
    }

    /// After a jump: the event that led here, read off the search, and no depth span.
    fn stand_still(&mut self) {
        self.last = self.timeline.solver().previous_event().map_or([FINISHED, 0, 0], encode);
        self.low = self.depth();
        self.high = self.depth();
    }
}

/// Checks settings without starting a search; throws what [`Tour`]'s constructor would. The page
/// uses it to vet a board size before sizing its canvas.
#[wasm_bindgen(js_name = checkSettings)]
pub fn check_settings(settings: JsValue) -> Result<(), JsError> {
    settings_from(settings).map(drop)
}

/// A heuristic as the page shows it.
#[derive(Serialize)]
struct HeuristicInfo {
    name: &'static str,
    label: &'static str,
    summary: &'static str,
    /// What its tie-break value measures, if it has one.
    tiebreak: Option<&'static str>,
    /// Whether it searches (and can get stuck), as opposed to building.
    searches: bool,
    /// Whether its runs depend on the seed.
    seeded: bool,
}

/// The heuristics, default first: `[{name, label, summary, tiebreak, searches, seeded}]`.
#[wasm_bindgen]
pub fn heuristics() -> JsValue {
    let list: Vec<HeuristicInfo> = Heuristic::ALL
        .into_iter()
        .map(|heuristic| HeuristicInfo {
            name: heuristic.name(),
            label: heuristic.label(),
            summary: heuristic.summary(),
            tiebreak: heuristic.tiebreak_meaning(),
            searches: Heuristic::SEARCHES.contains(&heuristic),
            seeded: heuristic.is_seeded(),
        })
        .collect();
    serde_wasm_bindgen::to_value(&list).unwrap_or(JsValue::UNDEFINED)
}

/// The settings a run has when nothing is said: `{rows, cols, heuristic, backtracking, closed,
/// prune}` (`rows` and `cols` of the default board).
#[wasm_bindgen]
pub fn defaults() -> JsValue {
    #[derive(Serialize)]
    struct Defaults {
        rows: u32,
        cols: u32,
        heuristic: &'static str,
        backtracking: bool,
        closed: bool,
        prune: bool,
    }
    let Setup { board, options, .. } = Setup::default();
    let defaults = Defaults {
        rows: board.rows(),
        cols: board.cols(),
        heuristic: options.heuristic.name(),
        backtracking: options.backtracking,
        closed: options.closed,
        prune: options.prune,
    };
    serde_wasm_bindgen::to_value(&defaults).unwrap_or(JsValue::UNDEFINED)
}

/// Whether the tour these settings ask for exists, decided without a search (see
/// `existence.rs`): `{tour, reason, remedy, closedTour}`, where `tour` says whether an open (or,
/// with `closed`, a closed) tour starts on `start`, `reason` says why in words, `remedy` is what
/// to try instead when there is none (as [`Tour::remedy`]), and `closedTour` whether the board
/// has a closed tour at all. The page's hints ask here, so that they are true for the board shown.
#[wasm_bindgen]
pub fn exists(settings: JsValue) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Answer {
        tour: bool,
        reason: String,
        remedy: Option<&'static str>,
        closed_tour: bool,
    }
    let Setup { board, start, options } = settings_from(settings)?;
    let verdict = existence::tour(board, start, options.closed);
    let answer = Answer {
        tour: matches!(verdict, Verdict::Yes(_)),
        reason: verdict.to_string(),
        remedy: match verdict {
            Verdict::No(impossibility) => Some(impossibility.remedy().name()),
            Verdict::Yes(_) => None,
        },
        closed_tour: matches!(existence::closed_tour(board), Verdict::Yes(_)),
    };
    serde_wasm_bindgen::to_value(&answer).map_err(|error| JsError::new(&error.to_string()))
}

/// The labels along the edges of a `rows` × `cols` board, as its square names read them:
/// `{files, ranks}`, one per column (left to right) and one per row (top to bottom): file
/// letters and ranks counted from the bottom up to 26 columns, zero-based indices past that.
#[wasm_bindgen(js_name = axisLabels)]
pub fn axis_labels(rows: u32, cols: u32) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Labels {
        files: Vec<String>,
        ranks: Vec<String>,
    }
    let board = Board::new(rows, cols).map_err(|error| JsError::new(&error.to_string()))?;
    let labels = Labels {
        files: (0..cols).map(|col| board.file_label(col)).collect(),
        ranks: (0..rows).map(|row| board.rank_label(row)).collect(),
    };
    serde_wasm_bindgen::to_value(&labels).map_err(|error| JsError::new(&error.to_string()))
}

/// The chess name of a square of a `rows` × `cols` board (or `row,col` on boards wider than 26),
/// as [`Tour::square_name`] gives it; throws an `Error` for a board or square that does not exist.
#[wasm_bindgen(js_name = squareName)]
pub fn square_name(rows: u32, cols: u32, square: u32) -> Result<String, JsError> {
    name_on(board_of(rows, cols)?, square)
}

/// The row-major index of the square written `text` (`a1`, or `row,col` from the top-left) on a
/// `rows` × `cols` board, read as the settings read a start; throws an `Error` that says what is
/// wrong.
#[wasm_bindgen(js_name = parseSquare)]
pub fn parse_square(rows: u32, cols: u32, text: &str) -> Result<u32, JsError> {
    let board = board_of(rows, cols)?;
    board.parse_square(text).map(|square| square.0).map_err(|error| JsError::new(&error.to_string()))
}

/// What the core accepts: `{maxSquares}`, the most squares a board may have.
#[wasm_bindgen]
pub fn limits() -> JsValue {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Limits {
        max_squares: u32,
    }
    serde_wasm_bindgen::to_value(&Limits { max_squares: crate::MAX_SQUARES }).unwrap_or(JsValue::UNDEFINED)
}

fn board_of(rows: u32, cols: u32) -> Result<Board, JsError> {
    Board::new(rows, cols).map_err(|error| JsError::new(&error.to_string()))
}

fn name_on(board: Board, square: u32) -> Result<String, JsError> {
    if !board.contains(Square(square)) {
        return Err(JsError::new(&format!(
            "square {square} is off the {board} board: squares are numbered 0 to {}, row by row",
            board.len() - 1
        )));
    }
    Ok(board.name(Square(square)))
}

fn encode_pieces(construction: &Construction) -> Vec<u32> {
    let mut out = Vec::with_capacity(construction.path.len() + 8 * construction.pieces.len());
    for piece in &construction.pieces {
        out.extend([
            piece.top,
            piece.left,
            piece.rows,
            piece.cols,
            u32::from(piece.cycle),
            piece.walks.len() as u32,
        ]);
        for walk in &piece.walks {
            out.push(walk.len() as u32);
            out.extend(walk.iter().map(|square| square.0));
        }
    }
    out
}

fn encode_seams(construction: &Construction) -> Vec<u32> {
    let mut out = Vec::new();
    for seam in &construction.seams {
        for moves in [&seam.cut, &seam.added] {
            out.push(moves.len() as u32);
            out.extend(moves.iter().flat_map(|[from, to]| [from.0, to.0]));
        }
    }
    out
}

/// Reads a settings object (or `undefined`, for the defaults) into checked settings, through
/// the same reader as the command line's: the keys are the settings' names.
fn settings_from(settings: JsValue) -> Result<Setup, JsError> {
    if settings.is_undefined() || settings.is_null() {
        return Ok(Setup::default());
    }
    let object: serde_json::Map<String, serde_json::Value> = serde_wasm_bindgen::from_value(settings)
        .map_err(|error| JsError::new(&format!("settings must be an object of named values: {error}")))?;
    let values = object.iter().filter_map(|(name, value)| Some((name.as_str(), value_of(value)?)));
    Setup::read(values).map_err(|error| JsError::new(&error.to_string()))
}

/// Reads a settings object as a page reads its address bar: every setting that can be read is
/// kept, every other keeps its default and is reported. Returns `{board: {rows, cols}, start,
/// heuristic, backtracking, closed, prune, seed, restarts, budget, theorems, problems}`, where
/// `start` is the square's name (`null` if none was given, or it could not be read), `seed`
/// and `budget` are decimal text, and
/// `problems` is `[{setting, message}]`, one for each value not understood.
#[wasm_bindgen(js_name = readSettings)]
pub fn read_settings(settings: JsValue) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Problem {
        setting: Option<String>,
        message: String,
    }
    #[derive(Serialize)]
    struct Read {
        rows: u32,
        cols: u32,
        start: Option<String>,
        heuristic: &'static str,
        backtracking: bool,
        closed: bool,
        prune: bool,
        /// Decimal text, as is `budget`: both go past what a JavaScript number holds exactly.
        seed: String,
        restarts: u32,
        budget: Option<String>,
        theorems: bool,
        problems: Vec<Problem>,
    }
    let object: serde_json::Map<String, serde_json::Value> = serde_wasm_bindgen::from_value(settings)
        .map_err(|error| JsError::new(&format!("settings must be an object of named values: {error}")))?;
    let values = object.iter().filter_map(|(name, value)| Some((name.as_str(), value_of(value)?)));
    let (setup, errors) = Setup::read_leniently(values);
    let start_given = object.get("start").is_some_and(|value| !value.is_null());
    let start_bad = errors.iter().any(|error| error.setting() == Some("start"));
    let Setup { board, start, options } = setup;
    let read = Read {
        rows: board.rows(),
        cols: board.cols(),
        start: (start_given && !start_bad).then(|| board.name(start)),
        heuristic: options.heuristic.name(),
        backtracking: options.backtracking,
        closed: options.closed,
        prune: options.prune,
        seed: options.seed.to_string(),
        restarts: options.restarts,
        budget: options.budget.map(|budget| budget.to_string()),
        theorems: options.theorems,
        problems: errors
            .iter()
            .map(|error| Problem { setting: error.setting().map(str::to_string), message: error.to_string() })
            .collect(),
    };
    read.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|error| JsError::new(&error.to_string()))
}

/// A settings object's value as the settings reader takes it; `null` is no value at all.
fn value_of(value: &serde_json::Value) -> Option<Value> {
    use serde_json::Value as Json;
    Some(match value {
        Json::Null => return None,
        Json::Bool(on) => Value::Switch(*on),
        Json::Number(n) => Value::Number(n.as_f64().unwrap_or(f64::NAN)),
        Json::String(text) => Value::Text(text.clone()),
        Json::Array(pair) => match pair[..] {
            [Json::Number(ref row), Json::Number(ref col)] => {
                Value::Pair([row.as_f64().unwrap_or(f64::NAN), col.as_f64().unwrap_or(f64::NAN)])
            }
            _ => Value::Text(value.to_string()),
        },
        Json::Object(_) => Value::Text(value.to_string()),
    })
}

fn encode(event: Event) -> [u32; 3] {
    match event {
        Event::Placed { square, index } => [PLACED, square.0, index],
        Event::Removed { square, index } => [REMOVED, square.0, index],
        Event::Restarted { attempt } => [RESTARTED, attempt, 0],
        Event::Finished(_) => [FINISHED, 0, 0],
    }
}

/// A count of every tour from a square, run a slice at a time (in a Web Worker, so the page stays
/// free while it goes).
#[wasm_bindgen]
pub struct Counter {
    counter: TourCounter,
}

#[wasm_bindgen]
impl Counter {
    /// Settings as for [`Tour`]; only the board, the start and `closed` matter.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue) -> Result<Counter, JsError> {
        let Setup { board, start, options } = settings_from(settings)?;
        let counter = TourCounter::new(board, start, options.closed)
            .map_err(|error| JsError::new(&error.to_string()))?;
        Ok(Counter { counter })
    }

    /// Counts for about `budget_ms` milliseconds; returns true once the count is complete.
    pub fn run(&mut self, budget_ms: f64) -> bool {
        let deadline = now_ms() + budget_ms;
        while !self.counter.run(CHUNK as usize * 16) {
            if now_ms() >= deadline {
                return false;
            }
        }
        true
    }

    #[wasm_bindgen(getter)]
    pub fn tours(&self) -> f64 {
        self.counter.progress().tours as f64
    }

    #[wasm_bindgen(getter)]
    pub fn placements(&self) -> f64 {
        self.counter.progress().placements as f64
    }

    /// The estimated share of the search done, from 0 to 1.
    #[wasm_bindgen(getter)]
    pub fn fraction(&self) -> f64 {
        self.counter.progress().fraction
    }
}
