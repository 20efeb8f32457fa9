//! Going back in a search. A step back undoes the last event in place (see `rewind.rs`), so a
//! teacher's steps back cost the same at event ten and at event ten billion. Further jumps
//! replay: the search is deterministic, so any earlier event can be reached again from the
//! start, and checkpoints taken on the way bound how far a replay has to go. A long replay can
//! be made in slices ([`Timeline::seek_toward`]), so that a page stays responsive during it.

use crate::search::event::Event;
pub use crate::search::solver::Run;
use crate::search::solver::{Checkpoint, Solver};
use crate::watch::stall::{SearchProgress, Stall};

/// Checkpoints may use this much memory in all; their spacing doubles whenever they would not fit.
const CHECKPOINT_BUDGET_BYTES: usize = 64 << 20;

/// The first spacing between checkpoints, in events: a replay of this many is a fraction of a
/// millisecond. (Under Miri, which interprets every step, the tests' runs are a few thousand
/// events: spacings and reaches shrink with them, so that they still pass many checkpoints.)
const FIRST_SPACING: u64 = if cfg!(miri) { 1 << 6 } else { 1 << 16 };

/// A seek back by at most this many events undoes them one by one rather than replaying: each
/// undo costs about what a step forward does, a replay from a checkpoint up to a whole spacing.
const UNDO_REACH: u64 = if cfg!(miri) { 1 << 2 } else { 1 << 12 };

/// A solver with a past: it can be advanced like the solver, and sent back to any event it has
/// reached, or forward to any event at all.
pub struct Timeline {
    solver: Solver,
    /// `checkpoints[i]` is the search as it was after `i * spacing` events.
    checkpoints: Vec<Checkpoint>,
    spacing: u64,
    limit: usize,
    horizon: u64,
    stall: Stall,
}

impl Timeline {
    pub fn new(solver: Solver) -> Timeline {
        let limit = (CHECKPOINT_BUDGET_BYTES / solver.footprint()).max(2);
        Timeline {
            checkpoints: vec![solver.set_aside()],
            stall: Stall::new(&solver),
            solver,
            spacing: FIRST_SPACING,
            limit,
            horizon: 0,
        }
    }

    pub fn solver(&self) -> &Solver {
        &self.solver
    }

    /// What the pruning rules said of the knight's square (see [`Solver::outlook`]).
    pub fn outlook(&mut self) -> Option<crate::Outlook> {
        self.solver.outlook()
    }

    /// The search as it was before its first event: what Knuth's estimate samples.
    pub fn initial(&self) -> Solver {
        let mut initial = self.solver.clone();
        initial.restore(&self.checkpoints[0]);
        initial
    }

    /// Events so far: where on the timeline the search stands.
    pub fn position(&self) -> u64 {
        self.solver.events_so_far()
    }

    /// Whether the search is getting anywhere (see [`Stall`]).
    pub fn progress(&self) -> SearchProgress {
        self.stall.progress(&self.solver)
    }

    /// The furthest event reached so far.
    pub fn horizon(&self) -> u64 {
        self.horizon
    }

    /// Runs up to `max_events` events, handing each to `each`, and returns how many ran (fewer
    /// when the search finishes). Takes checkpoints as it passes their marks.
    #[inline]
    pub fn advance(&mut self, max_events: u64, mut each: impl FnMut(Event)) -> u64 {
        let mut done = 0;
        while done < max_events {
            let position = self.position();
            let mark = (position / self.spacing + 1) * self.spacing;
            let piece = (max_events - done).min(mark - position);
            let mut ran = 0;
            let mut finished = false;
            let stall = &mut self.stall;
            for event in self.solver.events().take(usize::try_from(piece).unwrap_or(usize::MAX)) {
                ran += 1;
                stall.observe(event, position + ran);
                each(event);
                if let Event::Finished(_) = event {
                    finished = true;
                    break;
                }
            }
            done += ran;
            if self.position() == mark {
                self.checkpoint(mark);
            }
            if finished || ran < piece {
                break;
            }
        }
        self.horizon = self.horizon.max(self.position());
        done
    }

    /// Runs up to `max_events` events like [`Timeline::advance`], without handing them out: what
    /// they did comes back summed up, and the batch's hot loop has nothing else to do. Stops
    /// early only when the search finishes.
    pub fn run(&mut self, max_events: u64) -> Run {
        let mut total = Run::NONE;
        while total.events < max_events {
            let position = self.position();
            let mark = (position / self.spacing + 1) * self.spacing;
            let piece = (max_events - total.events).min(mark - position);
            let run = self.solver.run(piece);
            self.stall.absorb(&run);
            total = total.then(run);
            if self.position() == mark {
                self.checkpoint(mark);
            }
            if run.events == 0 || matches!(run.last, Some(Event::Finished(_))) {
                break;
            }
        }
        self.horizon = self.horizon.max(self.position());
        total
    }

    /// Puts the search at event `target`: back by undoing the events, or by a replay from the
    /// nearest checkpoint before it, or on from where it stands if that is nearer. Past the end,
    /// it stops at the end.
    pub fn seek(&mut self, target: u64) {
        self.seek_toward(target, u64::MAX);
    }

    /// Moves the search towards event `target`, as [`Timeline::seek`] does, replaying at most
    /// `max_events` events; returns whether it got there (or to the end, if the search ends
    /// first). Called again with the same target, it goes on where it left off: a page can make
    /// a long jump a slice a frame. Short jumps back never replay.
    pub fn seek_toward(&mut self, target: u64, max_events: u64) -> bool {
        let position = self.position();
        if target < position && position - target <= UNDO_REACH && self.undo_to(target) {
            return true;
        }
        let position = self.position();
        let index = ((target / self.spacing) as usize).min(self.checkpoints.len() - 1);
        let from = index as u64 * self.spacing;
        if position > target || position < from {
            self.solver.restore(&self.checkpoints[index]);
            // The stall knows when the deepest was reached, not how far back the search went since.
            self.stall = Stall::new(&self.solver);
        }
        let wanted = target - self.position();
        let run = self.run(wanted.min(max_events));
        run.events == wanted || self.solver.outcome().is_some()
    }

    /// The event the next step will make, without making it: the search takes it and undoes
    /// it (or, after a restart or the start's placement, which only a replay undoes, comes back
    /// from a checkpoint), and stands where it stood, its furthest event and its stall as they
    /// were. `None` once it has finished.
    pub fn peek(&mut self) -> Option<Event> {
        if self.solver.outcome().is_some() {
            return None;
        }
        let (position, horizon, stall) = (self.position(), self.horizon, self.stall);
        let mut next = None;
        self.advance(1, |event| next = Some(event));
        self.seek(position);
        (self.horizon, self.stall) = (horizon, stall);
        next
    }

    /// One event back; nothing before the first.
    pub fn step_back(&mut self) {
        if let Some(previous) = self.position().checked_sub(1) {
            self.seek(previous);
        }
    }

    /// Undoes events until the search is at `target`; false if it met one only a replay can
    /// undo (a restart, or the start's placement), where it stops.
    fn undo_to(&mut self, target: u64) -> bool {
        while self.position() > target {
            let position = self.position();
            match self.solver.undo() {
                Some(event) => self.stall.undone(event, position, &self.solver),
                None => return false,
            }
        }
        true
    }

    fn checkpoint(&mut self, mark: u64) {
        if mark / self.spacing != self.checkpoints.len() as u64 {
            return; // already taken on an earlier pass, or a gap left by a forward seek
        }
        if self.solver.construction().is_some() {
            // A walk of a built tour replays from its start in bulk, a million squares in a few
            // milliseconds (see `Solver::run`): a checkpoint on the way, a copy of the path's
            // frames and the tables, would cost more than the replay it spares.
            return;
        }
        self.checkpoints.push(self.solver.set_aside());
        if self.checkpoints.len() > self.limit {
            // Twice the spacing, half the checkpoints: keep those on the new marks.
            self.spacing *= 2;
            let mut index = 0;
            self.checkpoints.retain(|_| {
                index += 1;
                (index - 1) % 2 == 0
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Heuristic, Options};

    fn fixed(rows: u32, cols: u32) -> Solver {
        solver(rows, cols, Options { heuristic: Heuristic::Fixed, ..Options::default() })
    }

    fn solver(rows: u32, cols: u32, options: Options) -> Solver {
        let board = Board::new(rows, cols).unwrap();
        Solver::new(board, board.square(0, 0), options).unwrap()
    }

    /// The state a fresh solver reaches after exactly `events` events.
    fn fresh(rows: u32, cols: u32, events: u64) -> (Vec<crate::Square>, crate::Stats) {
        fresh_with(fixed(rows, cols), events)
    }

    fn fresh_with(mut solver: Solver, events: u64) -> (Vec<crate::Square>, crate::Stats) {
        for _ in solver.events().take(events as usize) {}
        (solver.path().collect(), solver.stats())
    }

    fn state(timeline: &Timeline) -> (Vec<crate::Square>, crate::Stats) {
        (timeline.solver().path().collect(), timeline.solver().stats())
    }

    /// The spacing of checkpoints, in whose multiples the tests' runs are measured: 65,536
    /// events, or under Miri 64.
    const S: u64 = FIRST_SPACING;

    #[test]
    fn seeking_anywhere_gives_what_a_fresh_run_reaches() {
        let mut timeline = Timeline::new(fixed(6, 6));
        timeline.advance(5 * S, |_| {});
        for target in [0, 1, 17, S - 1, S, S + 1, 3 * S + 1, 5 * S - 1, 2 * S - 7, 5] {
            timeline.seek(target);
            assert_eq!(timeline.position(), target);
            assert_eq!(state(&timeline), fresh(6, 6, target), "event {target}");
        }
        // Forward, past anything reached before.
        timeline.seek(6 * S);
        assert_eq!(state(&timeline), fresh(6, 6, 6 * S));
        assert_eq!(timeline.horizon(), 6 * S);
    }

    #[test]
    fn a_search_that_restarts_replays_to_the_same_state() {
        let options = crate::search::restarts::restarting();
        let mut timeline = Timeline::new(solver(6, 6, options));
        let total = if cfg!(miri) { 6 * S } else { 200_000 };
        timeline.advance(total, |_| {});
        let restarts = timeline.solver().stats().restarts;
        assert!(restarts > if cfg!(miri) { 2 } else { 10 }, "{:?}", timeline.solver().stats());
        for target in [total * 3 / 4 + 1, total * 7 / 20, total - 1, total * 3 / 200, 2 * S] {
            timeline.seek(target);
            assert_eq!(state(&timeline), fresh_with(solver(6, 6, options), target), "event {target}");
        }
    }

    #[test]
    fn seeking_in_a_ranked_walk_gives_what_a_fresh_run_reaches() {
        // Roth's rule tours 300x300 (10x10 under Miri) without a backtrack: 90,000 placements
        // and more, so checkpoints are set aside with long paths and restored with the whole
        // stack.
        let side = if cfg!(miri) { 10 } else { 300 };
        let roth = Options { heuristic: Heuristic::Roth, ..Options::default() };
        let mut timeline = Timeline::new(solver(side, side, roth));
        timeline.run(u64::MAX);
        assert_eq!(timeline.solver().outcome(), Some(crate::Outcome::Tour));
        let squares = u64::from(side * side);
        for target in [squares * 7 / 9, 10, squares, S, 2 * S - 1] {
            timeline.seek(target);
            assert_eq!(state(&timeline), fresh_with(solver(side, side, roth), target), "event {target}");
        }
    }

    #[test]
    fn ten_steps_forward_and_ten_back_return_to_the_same_state() {
        let mut timeline = Timeline::new(fixed(5, 5));
        timeline.advance(if cfg!(miri) { 50 } else { 1_000 }, |_| {});
        let before = state(&timeline);
        timeline.advance(10, |_| {});
        for _ in 0..10 {
            timeline.step_back();
        }
        assert_eq!(state(&timeline), before);
    }

    #[test]
    fn a_step_back_deep_into_a_long_run_undoes_without_replaying() {
        let mut timeline = Timeline::new(fixed(8, 8));
        timeline.limit = 2; // checkpoints 8 spacings apart and more: a replay would be long
        let total = 12 * S;
        timeline.run(total);
        assert!(timeline.spacing >= 8 * S);
        let checkpoints = timeline.checkpoints.len();
        let steps = if cfg!(miri) { 3 * UNDO_REACH } else { 3_000 };
        for back in 1..=steps {
            timeline.step_back();
            assert_eq!(timeline.position(), total - back);
        }
        assert_eq!(state(&timeline), fresh(8, 8, total - steps));
        assert_eq!(timeline.checkpoints.len(), checkpoints);
        // Forward again from there, as the first time.
        timeline.run(2 * steps);
        assert_eq!(state(&timeline), fresh(8, 8, total + steps));
    }

    #[test]
    fn a_long_jump_can_be_made_in_slices() {
        let mut timeline = Timeline::new(fixed(8, 8));
        timeline.run(16 * S);
        let (target, slice) = (10 * S + S * 2 / 3, S / 6);
        let mut slices = 0;
        while !timeline.seek_toward(target, slice) {
            slices += 1;
            assert!(timeline.position() <= target);
        }
        assert!(slices > 2, "a replay of up to a spacing, a sixth of one a slice: {slices}");
        assert_eq!(state(&timeline), fresh(8, 8, target));
        // Past the end, a slice at a time, stops at the end: 113 events on 3x4.
        let mut small = Timeline::new(fixed(3, 4));
        while !small.seek_toward(u64::MAX, 10) {}
        assert_eq!(small.solver().outcome(), Some(crate::Outcome::Tour));
    }

    #[test]
    #[cfg_attr(miri, ignore = "the stall's thresholds are millions of events")]
    fn a_stuck_search_is_still_stuck_after_a_seek_back() {
        // 60x60 in the fixed order gets stuck early (see stall.rs).
        let mut timeline = Timeline::new(fixed(60, 60));
        timeline.run(3_000_000);
        let progress = timeline.progress();
        assert!(progress.stuck);
        timeline.seek(2_900_000);
        let after = timeline.progress();
        assert!(after.stuck, "{after:?}");
        assert_eq!(after.deepest, progress.deepest);
        assert_eq!(after.events_since_deepest, progress.events_since_deepest - 100_000);
    }

    #[test]
    fn checkpoints_thin_out_to_stay_within_their_budget() {
        let mut timeline = Timeline::new(fixed(8, 8));
        timeline.limit = 8;
        timeline.advance(20 * S, |_| {});
        assert!(timeline.checkpoints.len() <= 8);
        assert!(timeline.spacing > FIRST_SPACING);
        timeline.seek(7 * S + 3);
        assert_eq!(state(&timeline), fresh(8, 8, 7 * S + 3));
    }

    #[test]
    fn a_peek_tells_the_next_event_and_leaves_the_search_as_it_was() {
        // Restarts, whose undoing is a replay, among placements and take-backs.
        let options = crate::search::restarts::restarting();
        let mut timeline = Timeline::new(solver(6, 6, options));
        let mut twin = Timeline::new(solver(6, 6, options));
        let events = if cfg!(miri) { 200 } else { 30_000 };
        let mut restarts = 0;
        for _ in 0..events {
            let before = (state(&timeline), timeline.horizon(), timeline.progress());
            let next = timeline.peek();
            assert_eq!((state(&timeline), timeline.horizon(), timeline.progress()), before);
            let mut made = None;
            twin.advance(1, |event| made = Some(event));
            assert_eq!(next, made);
            restarts += usize::from(matches!(made, Some(Event::Restarted { .. })));
            timeline.advance(1, |_| {});
            if next.is_none() {
                break;
            }
        }
        assert!(cfg!(miri) || restarts > 0, "the peeks met a restart");
        // The first event, and none after the last.
        assert_eq!(
            Timeline::new(fixed(5, 5)).peek(),
            Some(Event::Placed { square: crate::Square(0), index: 0 })
        );
        let mut ended = Timeline::new(fixed(3, 4));
        ended.run(u64::MAX);
        assert_eq!(ended.peek(), None);
    }

    #[test]
    fn the_end_is_an_event_too() {
        // The whole search from the corner: of 5x5, 8,840 placements, 8,815 backtracks and the
        // finish; of 3x4 under Miri, 62, 50 and the finish.
        let (rows, cols, events) = if cfg!(miri) { (3, 4, 62 + 50 + 1) } else { (5, 5, 8_840 + 8_815 + 1) };
        let mut timeline = Timeline::new(fixed(rows, cols));
        let total = timeline.advance(u64::MAX, |_| {});
        assert_eq!(total, events);
        timeline.seek(total - 1);
        assert!(timeline.solver().outcome().is_none());
        timeline.seek(u64::MAX);
        assert_eq!(timeline.position(), total);
    }

    /// What the page keeps of a batch of events it did not record: how many, the last, the
    /// deepest path after a placement and the shallowest after a take-back.
    fn one_by_one(timeline: &mut Timeline, max: u64) -> (u64, Option<Event>, u32, u32) {
        let (mut last, mut high, mut low) = (None, 0, u32::MAX);
        let ran = timeline.advance(max, |event| {
            match event {
                Event::Placed { index, .. } => high = high.max(index + 1),
                Event::Removed { index, .. } => low = low.min(index),
                _ => {}
            }
            last = Some(event);
        });
        (ran, last, high, low)
    }

    /// The most events a case of [`runs_agree_with_events`] runs: under Miri, which interprets
    /// every step, a few dozen.
    const MOST: Option<u64> = if cfg!(miri) { Some(80) } else { None };

    /// Runs `options` on a board both ways, in batches of the sizes given in turn, and checks
    /// that after every batch the two timelines agree on everything they tell.
    fn runs_agree_with_events(rows: u32, cols: u32, options: Options, total: u64) {
        let total = MOST.map_or(total, |most| total.min(most));
        // Two copies of one solver: a built tour takes seconds to build under Miri.
        let made = solver(rows, cols, options);
        let mut by_event = Timeline::new(made.clone());
        let mut by_run = Timeline::new(made);
        let sizes = [1, 2, 3, 4_096, 17, 1, 100_000, 65_536, 5];
        let mut done = 0;
        for &size in sizes.iter().cycle() {
            let size = size.min(total - done);
            let expected = one_by_one(&mut by_event, size);
            let run = by_run.run(size);
            let what = format!("{rows}x{cols} {options:?}, {size} events from event {done}");
            assert_eq!((run.events, run.last, run.high, run.low), expected, "{what}");
            assert_eq!(state(&by_run), state(&by_event), "{what}");
            assert_eq!(by_run.progress(), by_event.progress(), "{what}");
            assert_eq!(by_run.horizon(), by_event.horizon(), "{what}");
            done += run.events;
            if run.events < size || done >= total {
                assert_eq!(by_run.solver().outcome(), by_event.solver().outcome());
                break;
            }
        }
    }

    #[test]
    fn a_run_tells_what_its_events_tell_one_by_one() {
        let fixed = Options { heuristic: Heuristic::Fixed, ..Options::default() };
        // Backtracks by the million, and gets stuck: the stall's depths move on every batch.
        runs_agree_with_events(8, 8, fixed, 2_000_000);
        if !cfg!(miri) {
            runs_agree_with_events(60, 60, fixed, 1_500_000);
        }
        // To the end: no tour from the corner of 4x4 (with the theorems off), a tour on 5x5.
        runs_agree_with_events(4, 4, Options { theorems: false, ..fixed }, u64::MAX);
        runs_agree_with_events(5, 5, fixed, u64::MAX);
        // A budget ends the search after a placement.
        runs_agree_with_events(8, 8, Options { budget: Some(123_456), ..fixed }, u64::MAX);
        // Ranked orders, pruning and a built tour walked.
        let side = if cfg!(miri) { 6 } else { 30 };
        for heuristic in [Heuristic::Warnsdorff, Heuristic::Roth, Heuristic::Pohl, Heuristic::Divide] {
            runs_agree_with_events(side, side, Options { heuristic, ..Options::default() }, u64::MAX);
        }
        runs_agree_with_events(
            6,
            6,
            Options { heuristic: Heuristic::Fixed, closed: true, prune: true, ..fixed },
            u64::MAX,
        );
        // Restarts, which end a run early: a greedy search, and a backtracking search.
        let random = Options { heuristic: Heuristic::Random, restarts: 50, seed: 5, ..Options::default() };
        runs_agree_with_events(8, 8, Options { backtracking: false, ..random }, u64::MAX);
        runs_agree_with_events(6, 6, Options { closed: true, ..random }, 400_000);
    }

    #[test]
    fn a_run_after_a_seek_goes_on_as_the_events_would() {
        let mut by_event = Timeline::new(fixed(8, 8));
        let mut by_run = Timeline::new(fixed(8, 8));
        by_event.advance(5 * S, |_| {});
        by_run.run(5 * S);
        for target in [3 * S + 1, 5, 4 * S - 3] {
            by_event.seek(target);
            by_run.seek(target);
            let expected = one_by_one(&mut by_event, S + 3);
            let run = by_run.run(S + 3);
            assert_eq!((run.events, run.last, run.high, run.low), expected);
            assert_eq!(state(&by_run), state(&by_event));
            assert_eq!(by_run.progress(), by_event.progress());
        }
    }
}
