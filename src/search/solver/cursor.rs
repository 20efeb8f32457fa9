//! The search's hot loop, as a batch of steps that borrows the solver.
//!
//! An iterator that keeps all its state behind `&mut self` must store and reload it between
//! events, and every event then waits on a chain of loads of what the last one stored. A batch
//! instead copies the current frame, the depth and the counters into locals ([`Hot`]), which
//! the compiler keeps in registers, and writes them back when it is dropped. On the 8×8
//! fixed-order search (16.5 million events) this, with frames that carry a mask of the moves
//! left, took the drained iterator from 0.81 to 0.63 times the C reference's time
//! (`bench/speed.py` measures it). The state must reach out-of-line calls as plain values: once
//! the batch's address escapes, the compiler keeps it in memory and the gain is gone.

use super::pinned::{Pinned, PINNED};
use super::{
    textbook_frame, textbook_taken, textbook_taken_from, Frame, Phase, Solver, SUMMED_FRAMES, TEXTBOOK_ORDER,
};
use crate::search::event::{Event, Outcome};
use crate::search::mailbox::{Cell, NARROW, NARROW_STEPS};

/// Steps of a [`Solver`], one event each; see [`Solver::events`]. Dropping it leaves the solver
/// exactly where the last event left it.
pub struct Events<'a> {
    solver: &'a mut Solver,
    hot: Hot,
    /// Copies of `solver.phase == Searching` and `solver.tracks_degree`, tested on every step:
    /// a register is cheaper than a load, and the phase changes only where this file says so.
    searching: bool,
    tracked: bool,
}

/// What a run of events did, told without the events themselves: see [`Events::run`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// How many events ran.
    pub events: u64,
    /// The last of them.
    pub last: Option<Event>,
    /// The most squares the path held after a placement of the run; 0 if none was made.
    pub high: u32,
    /// The fewest squares the path held after a take-back of the run; `u32::MAX` if none was.
    pub low: u32,
    /// The last placement that made the path deeper than it had ever been, if the run made
    /// one: the solver's event count after it ([`Solver::events_so_far`]), and the path's length.
    pub deepened: Option<(u64, u32)>,
    /// The fewest squares after a take-back since that placement (or since the run began);
    /// `u32::MAX` if none.
    pub low_since_deepened: u32,
    /// Whether the search started over since that placement (or since the run began).
    pub restarted: bool,
}

/// The state every step touches; `solver`'s copies of it are stale while a batch runs.
#[derive(Clone, Copy)]
struct Hot {
    /// The current square's frame (see [`Frame`]): its head whole, so that a push or a pop
    /// moves one word with no packing (V8 kept the parts in registers poorly: 15% slower in
    /// Chromium), and a copy of its mask of moves left, which the next step waits on (read out
    /// of the head, the native search was 20% slower).
    head: u64,
    mask: u32,
    order: u64,
    /// Squares on the path.
    depth: u32,
    placements: u64,
    backtracks: u64,
}

impl Hot {
    fn load(solver: &Solver) -> Hot {
        let top = solver.stack[..solver.depth as usize].last().copied();
        let frame = top.unwrap_or(Frame::new(solver.start_cell, 0, TEXTBOOK_ORDER));
        Hot::from_parts(frame, solver.depth, solver.stats.placements, solver.stats.backtracks)
    }

    #[inline(always)]
    fn from_parts(frame: Frame, depth: u32, placements: u64, backtracks: u64) -> Hot {
        Hot {
            head: frame.head(),
            mask: frame.mask().into(),
            order: frame.order(),
            depth,
            placements,
            backtracks,
        }
    }

    #[inline(always)]
    fn parts(&self) -> (Frame, u32, u64, u64) {
        (self.frame(), self.depth, self.placements, self.backtracks)
    }

    #[inline(always)]
    fn frame(&self) -> Frame {
        Frame::from_words(self.order, self.head)
    }

    #[inline(always)]
    fn set_frame(&mut self, frame: Frame) {
        (self.head, self.mask, self.order) = (frame.head(), frame.mask().into(), frame.order());
    }

    /// Makes a frame of the same order current, by its head: a textbook frame, in a search
    /// whose frames are all textbook ones.
    #[inline(always)]
    fn set_head(&mut self, head: u64) {
        (self.head, self.mask) = (head, Frame::head_mask(head).into());
    }

    #[inline(always)]
    fn cell(&self) -> Cell {
        Frame::head_cell(self.head)
    }

    /// The moves left, as [`Frame::mask`].
    #[inline(always)]
    fn mask(&self) -> u32 {
        self.mask
    }

    /// Takes the current frame's next move (there is one) out of its mask; returns its
    /// position in the frame's order.
    #[inline(always)]
    fn take_move(&mut self) -> u32 {
        let mask = self.mask;
        let position = mask.trailing_zeros();
        self.mask = mask & (mask - 1);
        self.head ^= Frame::head_move(position);
        position
    }

    /// Takes the current frame's next move (there is one) out of its mask; returns its target,
    /// with the knight's moves as [`crate::search::mailbox::Mailbox::steps`] gives them.
    #[inline(always)]
    fn next_target<const TRACKED: bool>(&mut self, steps: &[u32; 8]) -> Cell {
        let position = self.take_move();
        let slot = if TRACKED { (self.order >> (8 * position)) as usize } else { position as usize };
        Cell(self.cell().0.wrapping_add(steps[slot & 7]))
    }

    /// Marks `cell` visited and puts the current frame on the stack below it, one deeper; the
    /// caller sets the new frame. Ranked frames (`TRACKED`) go whole, textbook ones by the word
    /// that differs.
    #[inline(always)]
    fn push<const TRACKED: bool>(&mut self, tables: &Tables, cell: Cell) {
        let index = self.depth;
        debug_assert!(!tables.is_visited(cell), "cell {} is placed twice", cell.0);
        tables.visit(cell, true);
        if index > 0 {
            // SAFETY: a square is placed only where it is unvisited, so the path never holds one
            // twice: with `cell` it has at most a square per frame of the stack, and below it
            // `index` frames, the top one `index - 1`.
            let below = unsafe { &mut *tables.frame(index - 1) };
            if TRACKED {
                *below = self.frame();
            } else {
                below.copy_head(self.frame());
            }
        }
        self.depth = index + 1;
    }

    /// Takes the current square back (there is a square below it), not counted, and makes the
    /// frame below current; returns the square.
    #[inline(always)]
    fn pop<const TRACKED: bool>(&mut self, tables: &Tables) -> Cell {
        let cell = self.cell();
        debug_assert!(tables.is_visited(cell), "cell {} is not on the path", cell.0);
        tables.visit(cell, false);
        self.depth -= 1;
        debug_assert!(self.depth >= 1, "a search that is not stuck has two squares on the path");
        // SAFETY: a search that is not stuck has at least two squares on the path, and the path
        // fits the stack (see `push`), so a frame of the path lies below the one taken back.
        let below = unsafe { *tables.frame(self.depth - 1) };
        if TRACKED {
            self.set_frame(below);
        } else {
            // Textbook frames all share one order, already the current one's: only the other
            // word is loaded and kept.
            self.set_head(below.head());
        }
        cell
    }

    /// Puts the state back into the solver, for code that reads or changes all of it. Inlined,
    /// so that `Drop` does not hand the batch's address to a call.
    #[inline(always)]
    fn store(&self, solver: &mut Solver) {
        solver.depth = self.depth;
        if let Some(top) = self.depth.checked_sub(1) {
            solver.stack[top as usize] = self.frame();
        }
        solver.stats.placements = self.placements;
        solver.stats.backtracks = self.backtracks;
    }
}

/// The solver's tables as the hot loop reaches them: pointers and sizes read out of the solver
/// once for a run of steps, not at every step. A store through `visited` or `stack` might, as far
/// as the compiler knows, change the solver's own fields, so read through the solver they were
/// loaded again after every placement, and with them the board's width.
/// Taken anew after anything that may move or rewrite a table through the solver (only the steps
/// made out of line do, and they hand back a fresh batch state).
#[derive(Clone, Copy)]
struct Tables {
    visited: *mut bool,
    cells: usize,
    stack: *mut Frame,
    frames: usize,
    width: u32,
    /// `2 * width + 1`, read from the mailbox's table of moves: never from the width, which the
    /// narrow loop is known to have (see [`textbook_frame`]).
    reach: usize,
}

impl Tables {
    #[inline(always)]
    fn of(solver: &mut Solver) -> Tables {
        Tables {
            visited: solver.visited.as_mut_ptr(),
            cells: solver.visited.len(),
            stack: solver.stack.as_mut_ptr(),
            frames: solver.stack.len(),
            width: solver.mailbox.width(),
            // Move 4, (-2, -1), is the lowest: its offset is `-(2 * width + 1)`.
            reach: solver.mailbox.steps()[4].wrapping_neg() as usize,
        }
    }

    /// Marks `cell` visited or not.
    #[inline(always)]
    fn visit(&self, cell: Cell, visited: bool) {
        debug_assert!(cell.index() < self.cells, "cell {} is not in the mailbox", cell.0);
        // SAFETY: `cell` is a square of the board, or a knight's move from one, which the moat,
        // two cells wide, keeps inside the mailbox; `visited` has an entry per cell of it (the
        // solver is made so, and a checkpoint of another board is never restored).
        unsafe { *self.visited.add(cell.index()) = visited };
    }

    /// Marks `cell` visited or not, as [`Tables::visit`], in a mailbox `WIDTH` cells wide unless
    /// 0: then in the copy at a fixed address where there is one ([`PINNED`]), else through the
    /// pointer the loop's loads are made from (`visited - reach`, see [`textbook_frame`]), so
    /// that it keeps one pointer to the table, not two.
    #[inline(always)]
    fn visit_at<const WIDTH: u32>(&self, cell: Cell, visited: bool) {
        if WIDTH == 0 {
            return self.visit(cell, visited);
        }
        debug_assert!(cell.index() < self.cells, "cell {} is not in the mailbox", cell.0);
        if PINNED {
            // SAFETY: the narrow loop runs on the copy (see `Events::quietly_textbook`), and
            // `cell` is in the mailbox, as in `visit`.
            return unsafe { *Pinned::entry(cell) = visited };
        }
        debug_assert_eq!(self.reach, 2 * WIDTH as usize + 1, "a mailbox {} cells wide", self.width);
        let at = self.visited.wrapping_sub(self.reach).wrapping_add(cell.index() + 2 * WIDTH as usize + 1);
        // SAFETY: `at` is `visited + cell`, as in `visit`.
        unsafe { *at = visited };
    }

    /// Whether `cell` is visited, for the debug checks.
    fn is_visited(&self, cell: Cell) -> bool {
        assert!(cell.index() < self.cells, "cell {} is not in the mailbox", cell.0);
        // SAFETY: `visited` has `cells` entries.
        unsafe { *self.visited.add(cell.index()) }
    }

    /// The stack's frame `index`, which must be below the board's number of squares.
    #[inline(always)]
    fn frame(&self, index: u32) -> *mut Frame {
        debug_assert!((index as usize) < self.frames, "frame {index} of {}", self.frames);
        // SAFETY: the stack has a frame per square of the board, and the callers ask only for
        // frames of a path, which never holds a square twice.
        unsafe { self.stack.add(index as usize) }
    }

    /// The taken moves of `cell`, just placed, as [`textbook_taken`] gives them; in a mailbox
    /// `WIDTH` cells wide, unless 0 (then from the copy at a fixed address where there is one, as
    /// [`Tables::visit_at`]).
    #[inline(always)]
    fn textbook_taken<const WIDTH: u32>(&self, cell: Cell) -> u32 {
        debug_assert!(WIDTH == 0 || WIDTH == self.width, "a mailbox {} cells wide", self.width);
        if WIDTH != 0 && PINNED {
            // SAFETY: the copy holds this mailbox's table, and the cursor places only squares
            // of the board.
            return unsafe { textbook_taken_from::<SUMMED_FRAMES>(Pinned::lowest(cell), WIDTH) };
        }
        let width = if WIDTH == 0 { self.width } else { WIDTH };
        // SAFETY: `visited` has `cells` entries, one per cell of the mailbox `width` wide, and
        // the cursor places only squares of the board.
        unsafe { textbook_taken::<SUMMED_FRAMES>(self.visited, self.cells, width, self.reach, cell) }
    }
}

/// The stack's ends as [`Walk`] sees them.
struct Bounds {
    /// The start's frame: a take-back from it is stuck.
    bottom: *mut Frame,
    /// The first frame from which a placement is at the watermark (see [`Solver::reached`]).
    limit: *mut Frame,
}

impl Bounds {
    /// How many squares the path holds when `top` is its top frame.
    #[inline(always)]
    fn depth(&self, top: *const Frame) -> u32 {
        // SAFETY: both point into the stack, `top` not below `bottom`, its first frame.
        (unsafe { top.offset_from(self.bottom) } + 1) as u32
    }
}

/// The state of [`Events::quietly_textbook`]'s loop: the current frame's head and mask (as in
/// [`Hot`]), its place on the stack in the depth's stead, the events left, and the depth span
/// (as in [`Run`]). A place is what a push stores through and a take-back loads from, and it
/// is compared with the stack's [`Bounds`] as it is: a depth would be a register more, scaled
/// at every push and pop. Only the span is worked out from places, once a run of steps.
struct Walk {
    head: u64,
    mask: u32,
    top: *mut Frame,
    left: u64,
    high: u32,
    low: u32,
}

impl Walk {
    /// Places squares, and takes dead ends back, until the current frame has no move left
    /// (true) or a stop (false): the next placement is at the watermark, or fewer than two
    /// events are left. `FIRST` for the call's first run, whose dead ends may make the span's
    /// low; without `BACKTRACKS` dead ends stay placed (a greedy walk stops at one).
    #[inline(always)]
    fn forward<const FIRST: bool, const BACKTRACKS: bool, const PACKED: bool, const WIDTH: u32>(
        &mut self,
        tables: &Tables,
        bounds: &Bounds,
        steps: &[u32; 8],
        packed: u64,
    ) -> bool {
        // Read only at a stop: a frame's head changes with every move it tries.
        let first = self.head;
        // On the pinned tables, the step of the current frame's next move, worked out as soon
        // as the frame is: from a new frame's taken moves, not its mask, which is one more
        // instruction on the path from one placement's loads to the next's.
        let pinned = WIDTH != 0 && PINNED;
        let mut next = if pinned { Pinned::step(self.mask) } else { 0 };
        while self.mask != 0 {
            if self.top >= bounds.limit || self.left < 2 {
                // A stop midway: the run's placements made the path as long as it is, and one
                // longer if the current frame took a dead end back since. A frame placed in the
                // run (on a square that was not on the path) has taken back nothing but dead
                // ends; the one the run began with, in the run, dead ends alone.
                let pushed = Frame::head_cell(self.head) != Frame::head_cell(first);
                let tried = Frame::head_initial(self.head) != Frame::head_mask(self.head);
                let dead = if pushed { tried } else { self.head != first };
                if pushed || dead {
                    self.high = self.high.max(bounds.depth(self.top) + u32::from(dead));
                }
                return false;
            }
            let position = self.mask.trailing_zeros();
            // The move's bit taken out of the head as the mask's lowest, not as `1 << position`:
            // a shift by a register takes x86's `cl`, which the step's shift needs too.
            let bit = self.mask & self.mask.wrapping_neg();
            self.mask ^= bit;
            self.head ^= u64::from(bit) << 32;
            let step = if pinned {
                next
            } else if PACKED {
                (packed >> (8 * position)) as i8 as u32
            } else {
                steps[position as usize & 7]
            };
            let to = Cell(Frame::head_cell(self.head).0.wrapping_add(step));
            // A knight's move from `to` never lands on it: its frame can be made first.
            let taken = tables.textbook_taken::<WIDTH>(to);
            let frame = textbook_frame(to, taken);
            if BACKTRACKS && frame.mask() == 0 {
                // A dead end, taken back at once: two events that leave the path as it was, so
                // neither `visited` nor the stack need hear of them. More than a third of the
                // placements of the 8×8 search.
                if FIRST {
                    self.low = self.low.min(bounds.depth(self.top));
                }
                self.left -= 2;
                if pinned {
                    next = Pinned::step(self.mask);
                }
                continue;
            }
            tables.visit_at::<WIDTH>(to, true);
            // SAFETY: `top` is the current frame, below the limit, which is below the stack's
            // last frame: its slot and the one above are frames of the stack.
            unsafe {
                (*self.top).copy_head(Frame::from_words(TEXTBOOK_ORDER, self.head));
                self.top = self.top.add(1);
            }
            (self.head, self.mask) = (frame.head(), frame.mask().into());
            if pinned {
                next = Pinned::step_after(taken);
            }
            self.left -= 1;
        }
        // With backtracking, a placement always has a move onward (one without is a dead end,
        // taken back), so the run ended on a dead end one deeper.
        if BACKTRACKS {
            self.high = self.high.max(bounds.depth(self.top) + 1);
        } else if Frame::head_cell(self.head) != Frame::head_cell(first) {
            self.high = self.high.max(bounds.depth(self.top));
        }
        true
    }

    /// Takes squares back until the current frame has a move left (true) or a stop (false):
    /// the start's frame is out of moves, the search does not backtrack, or no event is left.
    #[inline(always)]
    fn backward<const BACKTRACKS: bool, const WIDTH: u32>(
        &mut self,
        tables: &Tables,
        bounds: &Bounds,
    ) -> bool {
        let top = self.top;
        while self.mask == 0 {
            if self.top <= bounds.bottom || !BACKTRACKS || self.left == 0 {
                if self.top < top {
                    self.low = self.low.min(bounds.depth(self.top));
                }
                return false;
            }
            tables.visit_at::<WIDTH>(Frame::head_cell(self.head), false);
            // SAFETY: `top` is above the stack's first frame: the one below it is the stack's.
            self.head = unsafe {
                self.top = self.top.sub(1);
                (*self.top).head()
            };
            self.mask = Frame::head_mask(self.head).into();
            self.left -= 1;
        }
        self.low = self.low.min(bounds.depth(self.top));
        true
    }
}

/// Runs a step the hot loop does not make, with the solver's state synchronised around it.
/// The hot state goes in and out as scalars: were the batch, or its state as one struct, to
/// reach an out-of-line call by address, the compiler would keep it in memory, not registers.
#[cold]
#[inline(never)]
fn synchronised(
    solver: &mut Solver,
    (frame, depth, placements, backtracks): (Frame, u32, u64, u64),
    step: fn(&mut Solver) -> Option<Event>,
) -> (Option<Event>, (Frame, u32, u64, u64)) {
    Hot::from_parts(frame, depth, placements, backtracks).store(solver);
    let event = step(solver);
    (event, Hot::load(solver).parts())
}

/// Placing the start goes through a batch of its own, off the hot path, so that the hot path's
/// copy of `place` is the only one and its state stays in registers.
fn place_start(solver: &mut Solver) -> Option<Event> {
    solver.phase = Phase::Searching;
    let start = solver.start_cell;
    let mut batch = Events::new(solver);
    Some(if batch.tracked { batch.place::<true>(start) } else { batch.place::<false>(start) })
}

impl Run {
    /// Nothing run yet.
    pub const NONE: Run = Run {
        events: 0,
        last: None,
        high: 0,
        low: u32::MAX,
        deepened: None,
        low_since_deepened: u32::MAX,
        restarted: false,
    };

    /// A placement made the path `depth` squares long, deeper than ever before, as event `at`.
    #[inline(always)]
    fn deepen(&mut self, at: u64, depth: u32) {
        // `low` keeps what came before; `run` adds the rest at the end.
        self.low = self.low.min(self.low_since_deepened);
        self.low_since_deepened = u32::MAX;
        self.restarted = false;
        self.deepened = Some((at, depth));
    }

    /// This run and then `later`, as one.
    pub fn then(self, later: Run) -> Run {
        let (low_since_deepened, restarted) = if later.deepened.is_some() {
            (later.low_since_deepened, later.restarted)
        } else {
            (self.low_since_deepened.min(later.low_since_deepened), self.restarted || later.restarted)
        };
        Run {
            events: self.events + later.events,
            last: later.last.or(self.last),
            high: self.high.max(later.high),
            low: self.low.min(later.low),
            deepened: later.deepened.or(self.deepened),
            low_since_deepened,
            restarted,
        }
    }
}

impl<'a> Events<'a> {
    pub(super) fn new(solver: &'a mut Solver) -> Events<'a> {
        let hot = Hot::load(solver);
        let (searching, tracked) = (solver.phase.is_searching(), solver.tracks_degree);
        Events { solver, hot, searching, tracked }
    }

    /// Runs up to `max` events and says what they did, without handing them out one by one:
    /// the hot loop with nothing to do per event but keep the depth span. Stops early after the
    /// search finishes or restarts, and after nothing else. See [`Solver::run`].
    #[inline(always)]
    pub(super) fn run(&mut self, max: u64) -> Run {
        let mut run = Run::NONE;
        let mut deepest = self.solver.stats.deepest;
        while run.events < max {
            // All but the last event in the quiet loop, as far as it goes; the last, and those it
            // leaves, through `next`, which tells them.
            if self.searching && run.events + 1 < max {
                let rest = max - 1 - run.events;
                if self.tracked {
                    self.quietly_ranked(rest, &mut run, &mut deepest);
                } else {
                    // Where the narrow loop runs on the copy at a fixed address, a mailbox too
                    // large for it takes the loop for any width.
                    let narrow = self.solver.mailbox.width() == NARROW
                        && (!PINNED || Pinned::holds(self.solver.visited.len()));
                    let packed = self.solver.mailbox.packed_steps();
                    match (self.solver.options.backtracking, narrow, packed) {
                        (true, true, _) => {
                            self.quietly_textbook::<true, true, NARROW>(rest, &mut run, NARROW_STEPS)
                        }
                        (true, false, Some(packed)) => {
                            self.quietly_textbook::<true, true, 0>(rest, &mut run, packed)
                        }
                        (true, false, None) => self.quietly_textbook::<true, false, 0>(rest, &mut run, 0),
                        (false, _, Some(packed)) => {
                            self.quietly_textbook::<false, true, 0>(rest, &mut run, packed)
                        }
                        (false, _, None) => self.quietly_textbook::<false, false, 0>(rest, &mut run, 0),
                    }
                }
            }
            let Some(event) = self.next() else { break };
            run.events += 1;
            run.last = Some(event);
            if self.note(event, &mut run, &mut deepest) {
                break;
            }
        }
        // Until here `low` left out the take-backs since the last new depth.
        run.low = run.low.min(run.low_since_deepened);
        run
    }

    /// Up to `max` steps of the hot loop, keeping only the depth span. It leaves to `next`
    /// every step that calls out or changes the phase: a placement at the watermark (deeper
    /// than ever, or the whole board), the one that spends the budget, and a step back that is
    /// stuck. With no call in it, nothing the loop keeps in registers has to be saved around
    /// one (V8 saved it on every step); and it works on a copy of the batch's state, which the
    /// compiler keeps in registers, where through `self` it stored it at every step.
    ///
    /// In textbook order, for frames that rank nothing and keep no degrees.
    /// `BACKTRACKS` says whether the search backtracks (a greedy walk does not), a constant so
    /// that the loop need not test it; with `PACKED`, `packed` holds the knight's moves as
    /// [`crate::search::mailbox::Mailbox::packed_steps`] gives them, a shift of a register away rather than a load,
    /// which every placement waits on. `WIDTH`, unless 0, is the mailbox's width
    /// ([`crate::search::mailbox::NARROW`]): the offsets of a square's eight neighbours are then constants
    /// in the loads, not registers, which the loop lacked (its state was spilled to the stack and
    /// loaded back at every step). In WebAssembly that loop runs on tables at fixed addresses
    /// ([`Pinned`]): a copy of the visited cells, copied in here and back at the end, and the
    /// steps by mask in the stead of `packed`.
    #[inline(always)]
    fn quietly_textbook<const BACKTRACKS: bool, const PACKED: bool, const WIDTH: u32>(
        &mut self,
        max: u64,
        run: &mut Run,
        packed: u64,
    ) {
        let tables = Tables::of(self.solver);
        let pinned = WIDTH != 0 && PINNED;
        if pinned {
            // SAFETY: `run` takes this loop only for a table that fits, and the copy is drained
            // below, before anything else could fill it: the loop calls nothing out of line.
            unsafe { Pinned::fill(&self.solver.visited) };
        }
        let solver = &*self.solver;
        let steps = *solver.mailbox.steps();
        let hot = self.hot;
        // Searching, so the budget is not spent: at least one placement is left.
        let left = max.min(solver.budget - hot.placements - 1);
        // Searching, so the path holds the start: its top frame is frame `depth - 1`.
        let top = tables.frame(hot.depth - 1);
        let mut walk =
            Walk { head: hot.head, mask: hot.mask, top, left, high: run.high, low: run.low_since_deepened };
        // A placement is at the watermark when it makes the path `watermark` long, that is
        // from the frame `watermark - 2` on (from the start's frame on a board of one square).
        let bounds =
            Bounds { bottom: tables.frame(0), limit: tables.frame(solver.watermark.saturating_sub(2)) };
        // Runs of placements and runs of take-backs in turn: the path is deepest at the end of
        // the one and shallowest at the end of the other, so the span is kept once a run, not
        // once a step. Only the first run of placements may take a dead end back to a path
        // shorter than any the run has had: every later one starts where a take-back left it.
        let going = walk.mask == 0
            || walk.forward::<true, BACKTRACKS, PACKED, WIDTH>(&tables, &bounds, &steps, packed);
        if going {
            while walk.backward::<BACKTRACKS, WIDTH>(&tables, &bounds) {
                if !walk.forward::<false, BACKTRACKS, PACKED, WIDTH>(&tables, &bounds, &steps, packed) {
                    break;
                }
            }
        }
        if pinned {
            // SAFETY: filled from this table above.
            unsafe { Pinned::drain(&mut self.solver.visited) };
        }
        (run.high, run.low_since_deepened) = (walk.high, walk.low);
        let events = left - walk.left;
        let depth = bounds.depth(walk.top);
        // Every step here placed a square, one deeper, or took one back, one shallower: the
        // counts follow from the steps and the change in depth, and the loop keeps neither.
        let deeper = i64::from(depth) - i64::from(hot.depth);
        let placements = ((events as i64 + deeper) / 2) as u64;
        self.hot = Hot {
            head: walk.head,
            mask: walk.mask,
            depth,
            placements: hot.placements + placements,
            backtracks: hot.backtracks + events - placements,
            ..hot
        };
        run.events += events;
    }

    /// Up to `max` steps as [`Events::quietly_textbook`] makes them, for frames that rank their
    /// moves and keep degrees. It calls out on every placement anyway, to rank the new square's
    /// moves, and a walk that never backtracks is at the watermark at every one: it makes those
    /// placements here, and stops at the phase's changes alone.
    #[inline(always)]
    fn quietly_ranked(&mut self, max: u64, run: &mut Run, deepest: &mut u32) {
        let mut tables = Tables::of(self.solver);
        let solver = &*self.solver;
        let steps = *solver.mailbox.steps();
        let mut watermark = solver.watermark;
        // Searching, so the budget is not spent: at least one placement is left.
        let mut left = max.min(solver.budget - self.hot.placements - 1);
        let floor = if solver.options.backtracking { 1 } else { u32::MAX };
        let start = left;
        while left > 0 {
            if self.hot.mask() != 0 {
                let depth = self.hot.depth + 1;
                let to = self.hot.next_target::<true>(&steps);
                if depth < watermark {
                    run.high = run.high.max(depth);
                    self.put::<true>(&tables, to);
                    self.hot.placements += 1;
                } else {
                    left -= 1;
                    self.place_checked::<true>(&tables, to);
                    self.note_placed(depth - 1, run, deepest);
                    if !self.searching {
                        break;
                    }
                    watermark = self.solver.watermark;
                    tables = Tables::of(self.solver);
                    continue;
                }
            } else {
                let gives_up = self.hot.backtracks == self.solver.restart_at;
                if self.hot.depth <= floor || gives_up {
                    break;
                }
                self.back::<true>(&tables);
                self.hot.backtracks += 1;
                run.low_since_deepened = run.low_since_deepened.min(self.hot.depth);
            }
            left -= 1;
        }
        run.events += start - left;
    }

    /// Takes a placement as move `index` into `run`. `deepest` is the deepest path so far, as
    /// in [`crate::watch::stall::Stall`].
    #[inline(always)]
    fn note_placed(&self, index: u32, run: &mut Run, deepest: &mut u32) {
        run.high = run.high.max(index + 1);
        if index >= *deepest {
            *deepest = index + 1;
            // Not finished: the position counts placements, backtracks and restarts.
            let at = self.hot.placements + self.hot.backtracks + u64::from(self.solver.stats.restarts);
            run.deepen(at, index + 1);
        }
    }

    /// Takes `event`, just made, into `run`; true if it ends the run (a restart or the finish).
    /// `deepest` is the deepest path so far, as in [`crate::watch::stall::Stall`].
    #[inline(always)]
    fn note(&self, event: Event, run: &mut Run, deepest: &mut u32) -> bool {
        match event {
            Event::Placed { index, .. } => {
                self.note_placed(index, run, deepest);
                false
            }
            Event::Removed { index, .. } => {
                run.low_since_deepened = run.low_since_deepened.min(index);
                false
            }
            Event::Restarted { .. } => {
                run.restarted = true;
                true
            }
            Event::Finished(_) => true,
        }
    }

    #[inline(always)]
    fn off_the_hot_path(&mut self, step: fn(&mut Solver) -> Option<Event>) -> Option<Event> {
        let (event, parts) = synchronised(self.solver, self.hot.parts(), step);
        self.hot = Hot::from_parts(parts.0, parts.1, parts.2, parts.3);
        self.searching = self.solver.phase.is_searching();
        event
    }

    #[inline(always)]
    fn step<const TRACKED: bool>(&mut self) -> Option<Event> {
        if self.hot.mask() == 0 {
            return self.retreat::<TRACKED>();
        }
        let index = self.hot.depth;
        let cell = self.forward::<TRACKED>();
        Some(Event::Placed { square: self.solver.mailbox.square(cell), index })
    }

    /// Makes the current frame's next move (there is one); returns the square placed.
    #[inline(always)]
    fn forward<const TRACKED: bool>(&mut self) -> Cell {
        let tables = Tables::of(self.solver);
        let to = self.hot.next_target::<TRACKED>(self.solver.mailbox.steps());
        self.place_checked::<TRACKED>(&tables, to);
        to
    }

    /// Places `cell` after the current path, as an event.
    #[inline(always)]
    fn place<const TRACKED: bool>(&mut self, cell: Cell) -> Event {
        let index = self.hot.depth;
        let tables = Tables::of(self.solver);
        self.place_checked::<TRACKED>(&tables, cell);
        Event::Placed { square: self.solver.mailbox.square(cell), index }
    }

    /// Places `cell` after the current path, counts it, and sees to what the placement
    /// decides: a new depth, the whole board, the budget spent.
    #[inline(always)]
    fn place_checked<const TRACKED: bool>(&mut self, tables: &Tables, cell: Cell) {
        self.put::<TRACKED>(tables, cell);
        self.hot.placements += 1;
        let (depth, placements) = (self.hot.depth, self.hot.placements);
        let solver = &mut *self.solver;
        if depth >= solver.watermark {
            solver.reached(cell, depth, placements, self.hot.backtracks);
            self.searching = solver.phase.is_searching();
        } else if placements == solver.budget {
            solver.phase = Phase::Deciding(Outcome::Budget);
            self.searching = false;
        }
    }

    /// Places `cell` after the current path, nothing more, not even counted. `TRACKED`
    /// (degrees kept up to date) is a constant, so the fixed-order loop compiles without any of
    /// that upkeep.
    #[inline(always)]
    fn put<const TRACKED: bool>(&mut self, tables: &Tables, cell: Cell) {
        if TRACKED {
            let index = self.hot.depth;
            self.hot.push::<TRACKED>(tables, cell);
            let solver = &mut *self.solver;
            solver.unlink(cell, index);
            self.hot.set_frame(solver.ranked_frame(cell, index));
        } else {
            // A knight's move from `cell` never lands on it: its frame can be made first.
            let frame = textbook_frame(cell, tables.textbook_taken::<0>(cell));
            self.hot.push::<TRACKED>(tables, cell);
            self.hot.set_head(frame.head());
        }
    }

    /// Whether the search cannot simply take the current square back: it has nothing left to
    /// take back, or does not backtrack, or this attempt has used up its backtracks.
    #[inline(always)]
    fn stuck<const TRACKED: bool>(&self) -> bool {
        // Only the random heuristic restarts, and it ranks: the fixed order's loop has no test.
        let gives_up = TRACKED && self.hot.backtracks == self.solver.restart_at;
        self.hot.depth == 1 || !self.solver.options.backtracking || gives_up
    }

    #[inline(always)]
    fn retreat<const TRACKED: bool>(&mut self) -> Option<Event> {
        if self.stuck::<TRACKED>() {
            return self.off_the_hot_path(|solver| Some(solver.stuck()));
        }
        let tables = Tables::of(self.solver);
        let cell = self.back::<TRACKED>(&tables);
        self.hot.backtracks += 1;
        Some(Event::Removed { square: self.solver.mailbox.square(cell), index: self.hot.depth })
    }

    /// Takes the current square back (the search is not [`Events::stuck`]), not counted;
    /// returns it.
    #[inline(always)]
    fn back<const TRACKED: bool>(&mut self, tables: &Tables) -> Cell {
        let cell = self.hot.pop::<TRACKED>(tables);
        if TRACKED {
            self.solver.relink(cell);
        }
        cell
    }
}

impl Iterator for Events<'_> {
    type Item = Event;

    /// Inlined into whatever drains the batch: a call per event returning `Option<Event>`
    /// through memory halved the speed in wasm, measured in V8 (node 20); natively it made no
    /// difference.
    #[inline(always)]
    fn next(&mut self) -> Option<Event> {
        if self.searching {
            return if self.tracked { self.step::<true>() } else { self.step::<false>() };
        }
        match self.solver.phase {
            Phase::Start => self.off_the_hot_path(place_start),
            Phase::Deciding(_) | Phase::Finished(_) => self.off_the_hot_path(Solver::announce),
            Phase::Searching => unreachable!("`searching` mirrors the phase"),
        }
    }
}

impl std::iter::FusedIterator for Events<'_> {}

impl Drop for Events<'_> {
    fn drop(&mut self) {
        self.hot.store(self.solver);
    }
}

#[cfg(test)]
mod tests {
    use super::Run;
    use crate::{Board, Event, Heuristic, Options, Solver};

    /// Events of a test run; under Miri, which interprets every step, a few dozen.
    const EVENTS: usize = if cfg!(miri) { 60 } else { 20_000 };

    /// Every kind of run the hot loop makes: textbook frames, ranked and pruned ones, a built
    /// tour walked, a greedy walk and a backtracking search that restart, a budget, a search
    /// that exhausts its board.
    fn kinds() -> Vec<(u32, u32, Options)> {
        let fixed = Options { heuristic: Heuristic::Fixed, ..Options::default() };
        let random = Options { heuristic: Heuristic::Random, restarts: 20, seed: 3, ..Options::default() };
        vec![
            (6, 6, fixed),
            (6, 6, Options { prune: true, closed: true, ..fixed }),
            (7, 7, Options { heuristic: Heuristic::Warnsdorff, ..Options::default() }),
            (6, 7, Options { heuristic: Heuristic::Pohl, prune: true, ..Options::default() }),
            (5, 6, Options::default()),
            (8, 8, Options { backtracking: false, ..random }),
            (6, 6, Options { closed: true, ..random }),
            (8, 8, Options { budget: Some(150), ..fixed }),
            (4, 4, Options { theorems: false, ..fixed }),
            // The textbook loop's other forms: a greedy walk, a board wider than the narrow
            // mailbox, and one too wide for the moves' offsets to fit a byte each.
            (8, 8, Options { backtracking: false, ..fixed }),
            (5, 20, fixed),
            (5, 70, fixed),
        ]
    }

    /// What a run of `events`, made after `before` events, says, worked out from the events
    /// one by one; `deepest` is the deepest path before them, and after.
    fn told(events: &[Event], before: u64, deepest: &mut u32) -> Run {
        let mut run = Run::NONE;
        for (at, &event) in (before + 1..).zip(events) {
            run.events += 1;
            run.last = Some(event);
            match event {
                Event::Placed { index, .. } => {
                    run.high = run.high.max(index + 1);
                    if index + 1 > *deepest {
                        *deepest = index + 1;
                        run.low = run.low.min(run.low_since_deepened);
                        run.low_since_deepened = u32::MAX;
                        run.restarted = false;
                        run.deepened = Some((at, index + 1));
                    }
                }
                Event::Removed { index, .. } => run.low_since_deepened = run.low_since_deepened.min(index),
                Event::Restarted { .. } => run.restarted = true,
                Event::Finished(_) => {}
            }
        }
        run.low = run.low.min(run.low_since_deepened);
        run
    }

    #[test]
    fn a_run_says_what_its_steps_did() {
        for (rows, cols, options) in kinds() {
            let board = Board::new(rows, cols).unwrap();
            let fresh = || Solver::new(board, board.square(0, 1), options).unwrap();
            let single: Vec<Event> = fresh().take(EVENTS).collect();
            let mut solver = fresh();
            let (mut at, mut deepest) = (0, 0);
            for size in [1, 2, 3, 50, 7, 300, 4096].into_iter().cycle() {
                if at == single.len() {
                    break;
                }
                let run = solver.run(size.min((single.len() - at) as u64));
                let events = &single[at..at + run.events as usize];
                assert_eq!(run, told(events, at as u64, &mut deepest), "{rows}x{cols} {options:?} at {at}");
                at += events.len();
            }
            assert_eq!(solver.events_so_far(), at as u64, "{rows}x{cols} {options:?}");
        }
    }

    #[test]
    fn batches_of_any_size_and_runs_make_the_steps_single_steps_make() {
        for (rows, cols, options) in kinds() {
            let board = Board::new(rows, cols).unwrap();
            let fresh = || Solver::new(board, board.square(0, 1), options).unwrap();
            assert_eq!(fresh().construction().is_some(), options.heuristic == Heuristic::Divide, "a walk");
            let single: Vec<Event> = fresh().take(EVENTS).collect();
            let mut batched = fresh();
            let mut events = Vec::new();
            for size in [1, 2, 3, 50, 7, 300].into_iter().cycle() {
                let size = size.min(EVENTS - events.len());
                let before = events.len();
                events.extend(batched.events().take(size));
                if events.len() == before || events.len() == EVENTS {
                    break;
                }
            }
            assert_eq!(events, single, "{rows}x{cols} {options:?}");
            let mut run = fresh();
            let mut ran = 0;
            for size in [1, 2, 3, 50, 7, 300].into_iter().cycle() {
                let done = run.run(size.min(EVENTS as u64 - ran));
                ran += done.events;
                if ran == EVENTS as u64 || matches!(done.last, Some(Event::Finished(_))) {
                    break;
                }
            }
            assert_eq!(ran, events.len() as u64, "{rows}x{cols} {options:?}");
            assert_eq!(run.path().collect::<Vec<_>>(), batched.path().collect::<Vec<_>>());
            assert_eq!((run.stats(), run.outcome()), (batched.stats(), batched.outcome()));
        }
    }
}
