//! The quiet loops: runs of events with nothing to do per event but keep the depth span, the
//! textbook loop with no call in it and the ranked one that calls out only to rank a new
//! square's moves. They leave every event that calls out or changes the phase to the cursor.

use super::pinned::{Pinned, PINNED};
use super::tables::Tables;
use super::{Events, Hot, Run};
use crate::search::event::Event;
use crate::search::mailbox::{Cell, NARROW, NARROW_STEPS};
use crate::search::solver::frame::{Frame, TEXTBOOK_ORDER};
use crate::search::solver::textbook::textbook_frame;

/// The stack's ends as [`TextbookLoop`] sees them.
struct Bounds {
    /// The start's frame: a take-back from it is stuck.
    bottom: *mut Frame,
    /// The first frame from which a placement is at the watermark (see [`Solver::reached`](crate::Solver::reached)).
    limit: *mut Frame,
}

impl Bounds {
    /// How many squares the path holds when `top` is its top frame.
    ///
    /// # Safety
    ///
    /// `top` points into the stack `bottom` begins, not below `bottom`.
    #[inline(always)]
    unsafe fn depth(&self, top: *const Frame) -> u32 {
        // SAFETY: both point into the stack, `top` not below `bottom` (the caller's word).
        (unsafe { top.offset_from(self.bottom) } + 1) as u32
    }
}

/// The state of [`Events::quietly_textbook`]'s loop: the current frame's head and mask (as in
/// [`Hot`]), its place on the stack in the depth's stead, the events left, and the depth span
/// (as in [`Run`]). A place is what a push stores through and a take-back loads from, and it
/// is compared with the stack's [`Bounds`] as it is: a depth would be a register more, scaled
/// at every push and pop. Only the span is worked out from places, once a run of steps.
///
/// Its `top` is a frame of the stack of the tables it runs on, at `bounds.bottom` or above and
/// below `bounds.limit`, and the frames below it are the path's: what its methods ask their
/// callers for.
struct TextbookLoop {
    head: u64,
    mask: u32,
    top: *mut Frame,
    left: u64,
    high: u32,
    low: u32,
}

impl TextbookLoop {
    /// Places squares, and takes dead ends back, until the current frame has no move left
    /// (true) or a stop (false): the next placement is at the watermark, or fewer than two
    /// events are left. `FIRST` for the call's first run, whose dead ends may make the span's
    /// low; without `BACKTRACKS` dead ends stay placed (a greedy search stops at one).
    ///
    /// # Safety
    ///
    /// `tables` are live and of a search under way whose path this loop holds (see
    /// [`TextbookLoop`]), with textbook frames alone; `bounds` are its stack's; unless `WIDTH` is
    /// 0 the mailbox is `WIDTH` cells wide and, where [`PINNED`], its table is in the copy;
    /// `steps` are its knight's moves, and with `PACKED` so is `packed`.
    #[inline(always)]
    unsafe fn forward<const FIRST: bool, const BACKTRACKS: bool, const PACKED: bool, const WIDTH: u32>(
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
        // SAFETY (every `Pinned::step`): a frame's moves are a byte's bits.
        let mut next = if pinned { unsafe { Pinned::step(self.mask) } } else { 0 };
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
                    // SAFETY: `top` is a frame of the stack, not below its first.
                    self.high = self.high.max(unsafe { bounds.depth(self.top) } + u32::from(dead));
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
            // SAFETY: a move left in a frame of the path leads to an unvisited square of the
            // board (the solver's invariant), and the tables are as the caller says.
            let taken = unsafe { tables.textbook_taken::<WIDTH>(to) };
            let frame = textbook_frame(to, taken);
            if BACKTRACKS && frame.mask() == 0 {
                // A dead end, taken back at once: two events that leave the path as it was, so
                // neither `visited` nor the stack need hear of them. More than a third of the
                // placements of the 8×8 search.
                if FIRST {
                    // SAFETY: as above.
                    self.low = self.low.min(unsafe { bounds.depth(self.top) });
                }
                self.left -= 2;
                if pinned {
                    next = unsafe { Pinned::step(self.mask) };
                }
                continue;
            }
            // SAFETY: `to` is a square of the board, and the tables are as the caller says.
            unsafe { tables.visit_at::<WIDTH>(to, true) };
            // SAFETY: `top` is the current frame, below the limit, which is below the stack's
            // last frame: its slot and the one above are frames of the stack.
            unsafe {
                (*self.top).copy_head(Frame::from_words(TEXTBOOK_ORDER, self.head));
                self.top = self.top.add(1);
            }
            (self.head, self.mask) = (frame.head(), frame.mask().into());
            if pinned {
                // SAFETY: `taken` is eight bits, one a move.
                next = unsafe { Pinned::step_after(taken) };
            }
            self.left -= 1;
        }
        // With backtracking, a placement always has a move onward (one without is a dead end,
        // taken back), so the run ended on a dead end one deeper.
        // SAFETY (both): `top` is a frame of the stack, not below its first.
        if BACKTRACKS {
            self.high = self.high.max(unsafe { bounds.depth(self.top) } + 1);
        } else if Frame::head_cell(self.head) != Frame::head_cell(first) {
            self.high = self.high.max(unsafe { bounds.depth(self.top) });
        }
        true
    }

    /// Takes squares back until the current frame has a move left (true) or a stop (false):
    /// the start's frame is out of moves, the search does not backtrack, or no event is left.
    ///
    /// # Safety
    ///
    /// As [`TextbookLoop::forward`].
    #[inline(always)]
    unsafe fn backward<const BACKTRACKS: bool, const WIDTH: u32>(
        &mut self,
        tables: &Tables,
        bounds: &Bounds,
    ) -> bool {
        let top = self.top;
        while self.mask == 0 {
            if self.top <= bounds.bottom || !BACKTRACKS || self.left == 0 {
                if self.top < top {
                    // SAFETY: `top` is a frame of the stack, not below its first.
                    self.low = self.low.min(unsafe { bounds.depth(self.top) });
                }
                return false;
            }
            // SAFETY: the current square is the path's top, a square of the board, and the
            // tables are as the caller says.
            unsafe { tables.visit_at::<WIDTH>(Frame::head_cell(self.head), false) };
            // SAFETY: `top` is above the stack's first frame: the one below it is the stack's.
            self.head = unsafe {
                self.top = self.top.sub(1);
                (*self.top).head()
            };
            self.mask = Frame::head_mask(self.head).into();
            self.left -= 1;
        }
        // SAFETY: `top` is a frame of the stack, not below its first.
        self.low = self.low.min(unsafe { bounds.depth(self.top) });
        true
    }
}

impl Events<'_> {
    /// Runs up to `max` events and says what they did, without handing them out one by one:
    /// the hot loop with nothing to do per event but keep the depth span. Stops early after the
    /// search finishes or restarts, and after nothing else. See [`Solver::run`](crate::Solver::run).
    #[inline(always)]
    pub(in crate::search::solver) fn run(&mut self, max: u64) -> Run {
        let mut run = Run::NONE;
        let mut deepest = self.solver.stats.deepest;
        while run.events < max {
            // All but the last event in the quiet loop, as far as it goes; the last, and those it
            // leaves, through `next`, which tells them.
            if self.searching && run.events + 1 < max {
                let rest = max - 1 - run.events;
                if self.tracked {
                    // SAFETY: the search is under way.
                    unsafe { self.quietly_ranked(rest, &mut run, &mut deepest) };
                } else {
                    // Where the narrow loop runs on the copy at a fixed address, a mailbox too
                    // large for it takes the loop for any width.
                    let narrow = self.solver.mailbox.width() == NARROW
                        && (!PINNED || Pinned::holds(self.solver.visited.len()));
                    let packed = self.solver.mailbox.packed_steps();
                    // SAFETY (each): the search is under way, its frames textbook ones (not
                    // `tracked`); the narrow loop only for a mailbox `NARROW` wide whose table
                    // fits the copy where `PINNED`; `packed` the mailbox's own.
                    unsafe {
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
    /// `BACKTRACKS` says whether the search backtracks (a greedy search does not), a constant so
    /// that the loop need not test it; with `PACKED`, `packed` holds the knight's moves as
    /// [`crate::search::mailbox::Mailbox::packed_steps`] gives them, a shift of a register away rather than a load,
    /// which every placement waits on. `WIDTH`, unless 0, is the mailbox's width
    /// ([`crate::search::mailbox::NARROW`]): the offsets of a square's eight neighbours are then constants
    /// in the loads, not registers, which the loop lacked (its state was spilled to the stack and
    /// loaded back at every step). In WebAssembly that loop runs on tables at fixed addresses
    /// ([`Pinned`]): a copy of the visited cells, copied in here and back at the end, and the
    /// steps by mask in the stead of `packed`.
    ///
    /// # Safety
    ///
    /// The search is under way (`searching`) with textbook frames (not `tracked`); unless
    /// `WIDTH` is 0, the mailbox is `WIDTH` cells wide and, where [`PINNED`], its table fits the
    /// copy ([`Pinned::holds`]); with `PACKED`, `packed` is the mailbox's
    /// [`crate::search::mailbox::Mailbox::packed_steps`].
    #[inline(always)]
    unsafe fn quietly_textbook<const BACKTRACKS: bool, const PACKED: bool, const WIDTH: u32>(
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
        // SAFETY: searching, so the path holds the start: its top frame is frame `depth - 1`;
        // and `watermark` is at most the board's squares, the stack's frames.
        let (top, bottom, limit) = unsafe {
            (tables.frame(hot.depth - 1), tables.frame(0), tables.frame(solver.watermark.saturating_sub(2)))
        };
        let mut quiet = TextbookLoop {
            head: hot.head,
            mask: hot.mask,
            top,
            left,
            high: run.high,
            low: run.low_since_deepened,
        };
        // A placement is at the watermark when it makes the path `watermark` long, that is
        // from the frame `watermark - 2` on (from the start's frame on a board of one square).
        let bounds = Bounds { bottom, limit };
        // Runs of placements and runs of take-backs in turn: the path is deepest at the end of
        // the one and shallowest at the end of the other, so the span is kept once a run, not
        // once a step. Only the first run of placements may take a dead end back to a path
        // shorter than any the run has had: every later one starts where a take-back left it.
        // SAFETY: the loop holds the path as it stands, its top at or above the first frame and
        // below the limit (the search is not at the watermark), and the rest is the caller's word.
        unsafe {
            let going = quiet.mask == 0
                || quiet.forward::<true, BACKTRACKS, PACKED, WIDTH>(&tables, &bounds, &steps, packed);
            if going {
                while quiet.backward::<BACKTRACKS, WIDTH>(&tables, &bounds) {
                    if !quiet.forward::<false, BACKTRACKS, PACKED, WIDTH>(&tables, &bounds, &steps, packed) {
                        break;
                    }
                }
            }
        }
        if pinned {
            // SAFETY: filled from this table above.
            unsafe { Pinned::drain(&mut self.solver.visited) };
        }
        (run.high, run.low_since_deepened) = (quiet.high, quiet.low);
        let events = left - quiet.left;
        // SAFETY: `top` is a frame of the stack, not below its first.
        let depth = unsafe { bounds.depth(quiet.top) };
        // Every step here placed a square, one deeper, or took one back, one shallower: the
        // counts follow from the steps and the change in depth, and the loop keeps neither.
        let deeper = i64::from(depth) - i64::from(hot.depth);
        let placements = ((events as i64 + deeper) / 2) as u64;
        self.hot = Hot {
            head: quiet.head,
            mask: quiet.mask,
            depth,
            placements: hot.placements + placements,
            backtracks: hot.backtracks + events - placements,
            ..hot
        };
        run.events += events;
    }

    /// Up to `max` steps as [`Events::quietly_textbook`] makes them, for frames that rank their
    /// moves and keep degrees. It calls out on every placement anyway, to rank the new square's
    /// moves, and a walk of a built tour, which never backtracks, is at the watermark at every
    /// one: it makes those placements here, and stops at the phase's changes alone.
    ///
    /// # Safety
    ///
    /// The search is under way (`searching`), with ranked frames (`tracked`).
    #[inline(always)]
    unsafe fn quietly_ranked(&mut self, max: u64, run: &mut Run, deepest: &mut u32) {
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
                // SAFETY (both): a move left in a frame of the path leads to an unvisited square
                // of the board (the solver's invariant), and `tables` were taken since the last
                // step that could move a table.
                if depth < watermark {
                    run.high = run.high.max(depth);
                    unsafe { self.put::<true>(&tables, to) };
                    self.hot.placements += 1;
                } else {
                    left -= 1;
                    unsafe { self.place_checked::<true>(&tables, to) };
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
                // SAFETY: a backtracking search with two squares or more on the path.
                unsafe { self.back::<true>(&tables) };
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
}
