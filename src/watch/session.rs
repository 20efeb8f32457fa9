//! A run as a page watches it: the search on its timeline, advanced a time slice at a time, with
//! what a frame reads besides the search's own state kept beside it: the events of the last
//! slice, the envelope of the path's depth against events (the depth chart draws it, so a slice
//! of millions of events keeps its sawtooth), the path and the board's picture as the page last
//! saw them, how long the page has watched the search without it getting deeper, the tree of
//! tried moves and Knuth's estimate once asked for.
//!
//! It knows nothing of the browser: time comes in through a [`Clock`], and everything it hands
//! out is plain data. The browser binding (`src/wasm/`) only translates it.

use std::fmt;

use serde::Serialize;

use crate::board::numbers::grouped;
use crate::draw::picture::{Bands, Palette, Picture, Rect};
use crate::search::clock::{within, Clock, Deadline, CHUNK};
use crate::search::construction::Construction;
use crate::search::event::{Event, Outcome};
use crate::search::options::Setup;
use crate::watch::envelope::Envelope;
use crate::watch::estimate::TreeSize;
use crate::watch::stall::SearchProgress;
use crate::watch::step::NextStep;
use crate::watch::tree::SearchTree;
use crate::{CandidateState, Heuristic, Outlook, Solver, SolverError, Timeline};

/// How far past the furthest event reached a seek may search: about 2 million events. Natively
/// that is 10 ms of the fixed-order search and about 0.1 s of a pruned one (some 50 ns an event
/// on 12x12 and 4x15); in the browser 1.1 to 1.6 times as long.
pub const SEEK_AHEAD: u64 = 1 << 21;

/// The tree of tried moves is kept for boards up to this many squares: a tree a class can read
/// row by row. Larger boards have trees, but no screen shows them.
pub const TREE_SQUARES: u32 = 100;

/// The tree keeps at most this many nodes, giving up its deepest level rather than grow past it:
/// enough for every row a chart shows, and a few hundred kilobytes at most.
pub const TREE_NODES: usize = 6000;

/// Knuth's estimate averages this many random paths down the tree, of this many placements in
/// all at most: milliseconds on any board.
pub(crate) const ESTIMATE_PROBES: u32 = 2000;
pub(crate) const ESTIMATE_STEPS: u64 = 200_000;

/// A search is called stuck only once the page has watched it this long, in milliseconds,
/// without it getting any deeper, besides the core's count of events ([`crate::watch::stall`]): a
/// pruned search for a closed tour goes through a million events in well under a second, too
/// soon to call it anything.
pub const STUCK_WATCHED_MS: f64 = 4000.0;

/// The longest gap between two slices that counts as watching: a longer one was a pause, a
/// hidden tab or a hand stepping, and counts as this much.
const WATCH_GAP_MS: f64 = 250.0;

/// How long the page has watched the search, by the slices it asked for, and when (on that
/// count) the search last got deeper.
#[derive(Clone, Copy, Debug, Default)]
struct Watch {
    /// Milliseconds watched: the gaps between slices, each at most [`WATCH_GAP_MS`].
    ms: f64,
    /// When the last slice began, on the page's clock.
    last: Option<f64>,
    /// The deepest the path had been at the end of the last slice, and when it got there.
    deepest: u32,
    deepened_ms: f64,
}

impl Watch {
    /// A slice begins at `now`.
    fn slice(&mut self, now: f64) {
        if let Some(last) = self.last {
            self.ms += (now - last).clamp(0.0, WATCH_GAP_MS);
        }
        self.last = Some(now);
    }

    /// The path has been at most `deepest` squares long; a jump (`moved`) starts the wait over.
    fn deepest(&mut self, deepest: u32, moved: bool) {
        if deepest != self.deepest || moved {
            self.deepest = deepest;
            self.deepened_ms = self.ms;
        }
    }
}

/// The shallowest and deepest the path was during a slice, in squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub low: u32,
    pub high: u32,
}

impl Span {
    /// The path standing still at `depth`.
    fn at(depth: u32) -> Span {
        Span { low: depth, high: depth }
    }

    /// Takes in `event`, as the search's bare loop does ([`crate::watch::timeline::Run`]'s `low` and
    /// `high`, and a restart's count: see [`Session::advance`]).
    fn observe(&mut self, event: Event) {
        match event {
            Event::Placed { index, .. } => self.high = self.high.max(index + 1),
            Event::Removed { index, .. } => self.low = self.low.min(index),
            Event::Restarted { .. } => self.low = self.low.min(1),
            Event::Finished(_) => {}
        }
    }
}

/// Why a run has no tree of tried moves to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoTree {
    /// The tour is built, not searched for.
    Builds(Heuristic),
    /// The greedy search never tries a second move.
    Greedy,
    /// A theorem settled the question before any search.
    Impossible,
    /// The tree exists but is too large to read ([`TREE_SQUARES`]).
    TooLarge { squares: u32 },
}

impl fmt::Display for NoTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoTree::Builds(heuristic) => {
                write!(
                    f,
                    "{} builds its tour without a search: there is no tree of tries.",
                    heuristic.label()
                )
            }
            NoTree::Greedy => f.write_str(
                "Without backtracking the search never tries a second move: its tree is one path.",
            ),
            NoTree::Impossible => f.write_str("This run needs no search: a theorem rules the tour out."),
            NoTree::TooLarge { squares } => write!(
                f,
                "The tree is drawn for boards of up to {TREE_SQUARES} squares; this one has {}.",
                grouped(*squares)
            ),
        }
    }
}

/// A move from the knight's square as a page lists it: its place in the order (from 1), the
/// onward degree and tie-break that put it there, and whether it was `tried`, is `next` or comes
/// `later`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MoveView {
    pub square: u32,
    pub order: u32,
    pub degree: u32,
    pub state: &'static str,
    /// A float: random draws go past what a JavaScript number holds exactly, and only their
    /// order matters.
    pub tiebreak: Option<f64>,
}

/// What the pruning rules said of the knight's square: `verdict` is `open` (any move may lead to
/// a tour), `forced` (only the moves onto squares with one way left can) or `cut` (none can: the
/// square is taken back next), with the rule that cut it and why in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutlookView {
    pub verdict: &'static str,
    pub rule: Option<&'static str>,
    pub reason: Option<String>,
}

/// How a run ended: the outcome's name, why in words, the same reason for a heading that says
/// already there is no tour from this start (`detail`), and where a theorem ruled the tour out,
/// what it ruled out of the whole board without the grounds (`claim`, for a line with no room
/// for a theorem; none where it is this start, which the heading says) and what might give one
/// instead (see [`crate::board::existence::Remedy`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ending {
    pub name: &'static str,
    pub reason: String,
    pub detail: String,
    pub claim: Option<String>,
    pub remedy: Option<&'static str>,
}

/// Knuth's estimate as a page tells it: the placements and the events of a search that tries
/// everything, from how many random paths.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    pub placements: f64,
    pub events: f64,
    pub probes: u32,
}

/// A run and what the page last saw of it; see the module's comment.
pub struct Session {
    timeline: Timeline,
    /// The last slice's events, if it recorded them, three numbers each ([`Event::encode`]).
    events: Vec<u32>,
    /// The event that led to the current state, recorded or not (`None` before the first).
    last: Option<Event>,
    span: Span,
    /// The tree of tried moves, once asked for; the search then runs event by event, not in its
    /// bare loop.
    tree: Option<SearchTree>,
    /// Knuth's estimate, once asked for: `None` until then, `Some(None)` where there is none.
    estimate: Option<Option<TreeSize>>,
    /// The depth against events, for the chart.
    envelope: Envelope,
    watch: Watch,
    /// The path as the page last saw it, and its picture: brought up to the search's path only
    /// when the page looks, at the cost of the squares that changed since it last did.
    picture: Picture,
    /// The path's first `unchanged` squares are still the ones the picture shows; `usize::MAX`
    /// when the picture is up to date.
    unchanged: usize,
    /// The changed part of the picture, copied out for a canvas; kept to spare an allocation a
    /// frame.
    scratch: Vec<u8>,
}

impl Session {
    /// A run of `setup` that has not begun; the error says why there can be none.
    pub fn new(Setup { board, start, options }: Setup) -> Result<Session, SolverError> {
        Ok(Session::of(Solver::new(board, start, options)?))
    }

    /// A divide run of `setup` from `built`, the tour built for it elsewhere, or `None` where
    /// none could be (see [`Solver::from_built`]).
    pub fn built(
        Setup { board, start, options }: Setup,
        built: Option<Construction>,
    ) -> Result<Session, SolverError> {
        Ok(Session::of(Solver::from_built(board, start, options, built)?))
    }

    fn of(solver: Solver) -> Session {
        let board = solver.board();
        Session {
            timeline: Timeline::new(solver),
            events: Vec::new(),
            last: None,
            span: Span::default(),
            tree: None,
            estimate: None,
            envelope: Envelope::new(),
            watch: Watch::default(),
            picture: Picture::new(board),
            unchanged: 0,
            scratch: Vec::new(),
        }
    }

    pub fn solver(&self) -> &Solver {
        self.timeline.solver()
    }

    /// Runs the search until `max_events` events have happened, `budget_ms` milliseconds of
    /// `clock` have passed, or it finishes; returns how many events ran. With `record`, they
    /// are kept for [`Session::events`]; without, the search runs in its bare loop and the page
    /// reads the state.
    pub fn advance(&mut self, max_events: u64, budget_ms: f64, record: bool, clock: &mut impl Clock) -> u64 {
        self.events.clear();
        let began = clock.now_ms();
        self.watch.slice(began);
        let deadline = Deadline::after(began, budget_ms);
        let mut span = Span::at(self.depth());
        let mut done = 0;
        if let Some(tree) = &mut self.tree {
            tree.catch_up(&self.timeline);
        }
        // The clock is read every CHUNK events; the bare loop also stops at each column of the
        // envelope, which then takes the run whole.
        let mut unlooked = 0;
        while done < max_events {
            let at = self.timeline.position();
            let chunk = (CHUNK - unlooked).min(max_events - done);
            let ran = if record || self.tree.is_some() {
                let (events, tree, last, envelope) =
                    (&mut self.events, &mut self.tree, &mut self.last, &mut self.envelope);
                let (mut event_at, mut depth) = (at, self.timeline.solver().depth());
                self.timeline.advance(chunk, |event| {
                    if record {
                        events.extend_from_slice(&event.encode());
                    }
                    if let Some(tree) = tree {
                        tree.observe(event, event_at);
                    }
                    let before = depth;
                    depth = event.depth_after(depth);
                    envelope.take(event_at, before.min(depth), before.max(depth));
                    event_at += 1;
                    span.observe(event);
                    *last = Some(event);
                })
            } else {
                let (depth, restarts) = (self.depth(), self.solver().stats().restarts);
                let run = self.timeline.run(chunk.min(self.envelope.room(at)));
                // A restart takes the path back to its start with no events of its own: the
                // count of restarts tells, however many events came after it.
                let restarted = self.solver().stats().restarts != restarts;
                let low = run.low.min(depth).min(if restarted { 1 } else { u32::MAX });
                let high = run.high.max(depth);
                if run.events > 0 {
                    self.envelope.take(at, low, high);
                }
                span = Span { low: span.low.min(low), high: span.high.max(high) };
                self.last = run.last.or(self.last);
                run.events
            };
            done += ran;
            unlooked += ran;
            if self.solver().outcome().is_some() || ran == 0 {
                break;
            }
            if unlooked >= CHUNK {
                unlooked = 0;
                if deadline.passed(clock) {
                    break;
                }
            }
        }
        self.span = span;
        self.watch.deepest(self.solver().stats().deepest, false);
        // Nothing below the shallowest point changed.
        self.keep_shown(span.low);
        done
    }

    /// Puts the search at event `target` (0 is before the start is placed): back by undoing
    /// events or by a replay from a checkpoint, or forward by searching, at most [`SEEK_AHEAD`]
    /// events past the horizon, so that one jump stays bounded whatever it is given. With
    /// `budget_ms`, it stops after about that long and returns false; called again with the same
    /// event it goes on (a long replay a slice a frame). Returns true once there.
    pub fn seek(&mut self, target: u64, budget_ms: Option<f64>, clock: &mut impl Clock) -> bool {
        let target = target.min(self.timeline.horizon().saturating_add(SEEK_AHEAD));
        self.events.clear();
        let timeline = &mut self.timeline;
        let arrived =
            within(budget_ms.unwrap_or(f64::INFINITY), clock, || timeline.seek_toward(target, CHUNK * 16));
        self.stand_still();
        // What a jump kept of the old path is not known.
        self.unchanged = 0;
        arrived
    }

    /// One event back: undone in place, whatever the run's length (a restart or the start's
    /// placement is replayed from a checkpoint).
    pub fn step_back(&mut self) {
        let before = self.depth();
        self.events.clear();
        self.timeline.step_back();
        self.stand_still();
        // One event changes the path only above the shorter of the two paths.
        self.keep_shown(before.min(self.depth()));
    }

    /// Events so far: the search's position on its timeline.
    pub fn position(&self) -> u64 {
        self.timeline.position()
    }

    /// The furthest event reached.
    pub fn horizon(&self) -> u64 {
        self.timeline.horizon()
    }

    pub fn depth(&self) -> u32 {
        self.solver().depth()
    }

    /// The shallowest and deepest the path was during the last slice.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The event that led to the current state (`None` before the first).
    pub fn last_event(&self) -> Option<Event> {
        self.last
    }

    /// The last slice's events, if it recorded them, three numbers each ([`Event::encode`]).
    pub fn events(&self) -> &[u32] {
        &self.events
    }

    /// The squares of the current path, from the start, as row-major indices.
    pub fn path(&mut self) -> &[u32] {
        self.catch_up();
        self.picture.path()
    }

    /// Per square (row-major), one more than its place on the path, or 0 if it is not on it.
    pub fn order(&mut self) -> &[u32] {
        self.catch_up();
        self.picture.order()
    }

    /// Lays the board's picture out in `bands` and colours it with `palette`; repaints it whole
    /// if either changed.
    pub fn paint_with(&mut self, band: u32, palette: Palette) {
        // Brought up to the path first, a new style paints the squares once: the first paint of
        // a run that went far before the page looked (a built tour at full speed) is one pass.
        self.catch_up();
        self.picture.style(Bands::new(self.solver().board(), band), palette);
    }

    /// The picture's width and height in pixels: one a square, bands and their gaps included
    /// (0 by 0 before [`Session::paint_with`]).
    pub fn picture_size(&self) -> (u32, u32) {
        (self.picture.width(), self.picture.height())
    }

    /// Brings the picture up to the path and hands out the rectangle that changed since the last
    /// call, with its pixels (RGBA, row by row); `None` if nothing changed.
    pub fn changed_pixels(&mut self) -> Option<(Rect, &[u8])> {
        self.catch_up();
        let rect = self.picture.take_changed()?;
        if rect.x.len() == self.picture.width() as usize && rect.y.len() == self.picture.height() as usize {
            return Some((rect, self.picture.pixels())); // all of it: no copy
        }
        self.picture.copy_rect(&rect, &mut self.scratch);
        Some((rect, &self.scratch))
    }

    /// Whether the search is getting anywhere (see [`crate::watch::stall`]): stuck only once the page
    /// has also watched it for [`STUCK_WATCHED_MS`] without it getting deeper.
    pub fn progress(&self) -> SearchProgress {
        let mut progress = self.timeline.progress();
        progress.stuck &= self.watch.ms - self.watch.deepened_ms >= STUCK_WATCHED_MS;
        progress
    }

    /// The path's depth against events so far, for a chart (see [`crate::watch::envelope`]).
    pub fn envelope(&self) -> &Envelope {
        &self.envelope
    }

    /// What the pruning rules said when the knight's square was placed; `None` without pruning.
    pub fn outlook(&mut self) -> Option<OutlookView> {
        Some(match self.timeline.outlook()? {
            Outlook::Open => OutlookView { verdict: "open", rule: None, reason: None },
            Outlook::Forced => OutlookView { verdict: "forced", rule: None, reason: None },
            Outlook::Dead(cut) => {
                OutlookView { verdict: "cut", rule: Some(cut.name()), reason: Some(cut.to_string()) }
            }
        })
    }

    /// What the next step will do, told before it is made; `None` once the run has ended.
    pub fn next_step(&mut self) -> Option<NextStep> {
        let next = self.timeline.peek()?;
        Some(NextStep::new(self.solver(), next))
    }

    /// The moves from the knight's square in the order the search takes them.
    pub fn candidates(&self) -> Vec<MoveView> {
        (1..)
            .zip(self.solver().candidates())
            .map(|(order, candidate)| MoveView {
                square: candidate.square.0,
                order,
                degree: candidate.key.degree,
                state: match candidate.state {
                    CandidateState::Tried => "tried",
                    CandidateState::Next => "next",
                    CandidateState::Later => "later",
                },
                tiebreak: candidate.key.tiebreak.map(|value| value as f64),
            })
            .collect()
    }

    /// How the run ended, once it has.
    pub fn ending(&self) -> Option<Ending> {
        let outcome = self.solver().outcome()?;
        // Where the page has the squares to name, it names them.
        let named = match outcome {
            Outcome::Unclosed => Some(self.unclosed()),
            _ => None,
        };
        Some(Ending {
            name: outcome.name(),
            reason: named.clone().unwrap_or_else(|| outcome.to_string()),
            detail: named.unwrap_or_else(|| outcome.reason_beyond_the_start()),
            claim: match outcome {
                Outcome::Impossible(reason) if !reason.is_about_the_start() => Some(reason.claim()),
                _ => None,
            },
            remedy: match outcome {
                Outcome::Impossible(reason) => Some(reason.remedy().name()),
                _ => None,
            },
        })
    }

    /// Why a path of every square is no closed tour, its ends named.
    fn unclosed(&self) -> String {
        let solver = self.solver();
        let board = solver.board();
        let last = solver.path().last().expect("a path of every square");
        format!(
            "the last square, {}, is not a knight's move from the first, {}: an open tour, not a \
             closed one",
            board.name(last),
            board.name(solver.start())
        )
    }

    /// Why this run has no tree of tried moves to show, or `None` if it has one.
    pub fn no_tree(&self) -> Option<NoTree> {
        let solver = self.solver();
        let options = solver.options();
        if solver.construction().is_some() {
            Some(NoTree::Builds(options.heuristic))
        } else if !options.backtracking {
            Some(NoTree::Greedy)
        } else if matches!(solver.outcome(), Some(Outcome::Impossible(_))) {
            Some(NoTree::Impossible)
        } else if solver.board().len() > TREE_SQUARES {
            Some(NoTree::TooLarge { squares: solver.board().len() })
        } else {
            None
        }
    }

    /// Starts keeping the tree of tried moves, if the run has one ([`Session::no_tree`]) and does
    /// not keep it yet. From a search under way, the tree starts at the current event, with the
    /// path as it stands.
    pub fn track_tree(&mut self) {
        if self.tree.is_some() || self.no_tree().is_some() {
            return;
        }
        let solver = self.solver();
        self.tree = Some(SearchTree::from_solver(solver.board().len(), TREE_NODES, solver));
    }

    /// The tree of tried moves, once [`Session::track_tree`] has started it.
    pub fn tree(&self) -> Option<&SearchTree> {
        self.tree.as_ref()
    }

    /// Knuth's estimate of the whole search tree, made the first time it is asked for; `None`
    /// for a run that does not backtrack or builds its tour.
    pub fn estimate(&mut self) -> Option<Estimate> {
        let size = *self.estimate.get_or_insert_with(|| {
            let initial = self.timeline.initial();
            let seed = initial.options().seed;
            initial.estimate_tree(ESTIMATE_PROBES, seed, ESTIMATE_STEPS)
        });
        size.map(|size| Estimate { placements: size.placements, events: size.events(), probes: size.probes })
    }

    /// After a jump: the event that led here, read off the search, and no span of depths; the
    /// wait for the search to get deeper starts over.
    fn stand_still(&mut self) {
        self.last = self.solver().previous_event();
        self.span = Span::at(self.depth());
        self.watch.deepest(self.solver().stats().deepest, true);
    }

    /// Notes that the path shown is still the search's for at most its first `len` squares.
    fn keep_shown(&mut self, len: u32) {
        self.unchanged = self.unchanged.min(len as usize);
    }

    /// Brings the page's copy of the path (and its picture) up to the search's.
    fn catch_up(&mut self) {
        let kept = self.picture.truncate(self.unchanged);
        let solver = self.timeline.solver();
        match solver.walked_path() {
            // A walk's path is its tour's first squares: a million of them in a row, not read
            // off the frames one by one (a built tour at full speed is caught up in one go).
            Some(path) => self.picture.extend(path[kept.min(path.len())..].iter().copied()),
            None => self.picture.extend(solver.path_from(kept)),
        }
        self.unchanged = usize::MAX;
    }
}
