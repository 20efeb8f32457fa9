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

impl Events<'_> {
    /// Runs up to `max` events and says what they did, without handing them out one by one:
    /// the hot loop with nothing to do per event but keep the depth span. Stops early after the
    /// search finishes or restarts, and after nothing else. See [`Solver::run`].
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
}
