//! A built tour walked many squares at a time. The walk's frames each hold one move, to the
//! tour's next square, so where it stands after any number of placements is known without
//! making them one by one: the next squares of the tour are laid on the path in a plain loop,
//! with the frames, the visited cells and the counters left exactly as the events would leave
//! them. The cursor, event by event, calls out on each placement of a walk (to find the one slot
//! that reaches the next square, and to note a new depth, which every placement of a walk is);
//! here the slot is found among the moves' differences of indices, and the depth is noted in
//! line. On 1000x1000 that is 91 million instructions for the whole walk against 175 million
//! event by event (callgrind), which lets a page at full speed lay the tour in a frame or two.

use std::sync::Arc;

use super::{Frame, Moves, Phase, Run, Solver};
use crate::board::{Square, KNIGHT_MOVES};
use crate::search::event::Event;
use crate::search::mailbox::Cell;

impl Solver {
    /// For a walk, the path as the tour's own squares: the same as [`Solver::path`], read
    /// straight from the tour rather than square by square off the frames. `None` for a search.
    pub fn walked_path(&self) -> Option<&[Square]> {
        match &self.moves {
            Moves::Walk { tour } => Some(&tour.path[..self.depth as usize]),
            Moves::Search { .. } => None,
        }
    }

    /// For a walk under way, places up to `max` of the tour's next squares at once, as that many
    /// events would, and says what they did; for anything else, or where the next event is not
    /// an ordinary placement, does nothing. It stops short of the last square and of the
    /// placement that spends the budget, which decide how the run ends: the cursor makes those.
    pub(super) fn walk_ahead(&mut self, max: u64) -> Run {
        let Moves::Walk { tour } = &self.moves else { return Run::NONE };
        if self.phase == Phase::Start && max > 0 {
            // The start is placed as the cursor places it; the squares after it, here.
            let start = self.events().run(1);
            return start.then(self.walk_ahead(max - 1));
        }
        if !self.phase.is_searching() || self.depth == 0 {
            return Run::NONE;
        }
        let squares = self.board().len();
        let to_last = u64::from(squares - 1 - self.depth);
        let to_budget = self.budget.saturating_sub(self.stats.placements + 1);
        let count = max.min(to_last).min(to_budget) as u32;
        if count == 0 {
            return Run::NONE;
        }
        let tour = Arc::clone(tour);
        let steps = *self.mailbox.steps();
        let cols = self.board().cols();
        let mut top = self.stack[self.depth as usize - 1];
        let (first, last) = (self.depth as usize, (self.depth + count) as usize);
        // The frames made, each but the last (the top, kept aside) below the next.
        let stack = &mut self.stack[first - 1..last - 1];
        let path = &tour.path[first..=last];
        for (frame, pair) in stack.iter_mut().zip(path.windows(2)) {
            let [square, next] = [pair[0], pair[1]];
            // The top frame's one move is to the tour's next square: made, it leaves the mask.
            debug_assert_eq!(top.mask(), 1, "a walk's frame holds one move, not yet made");
            let cell = Cell(top.cell().0.wrapping_add(steps[usize::from(top.slot(0, true))]));
            *frame = Frame::from_words(top.order(), top.head() ^ Frame::head_move(0));
            debug_assert_eq!(self.mailbox.square(cell), square, "the frame's move is the tour's");
            debug_assert!(!self.visited[cell.index()], "{} is placed twice", square.0);
            // A walk keeps no degrees (see `Solver::degree`): marking the square is all there is.
            self.visited[cell.index()] = true;
            // The next square is a knight's move on, unvisited: the walk stops before the last.
            let slot = match slot_by_difference(cols, i64::from(next.0) - i64::from(square.0)) {
                Some(slot) => slot,
                None => (0..8)
                    .find(|&slot| self.mailbox.square(Cell(cell.0.wrapping_add(steps[slot]))) == next)
                    .expect("a built tour steps by knight's moves"),
            };
            debug_assert_eq!(self.mailbox.square(Cell(cell.0.wrapping_add(steps[slot]))), next);
            top = Frame::new(cell, 1, slot as u64);
        }
        // Each placement from the deepest path on is one deeper than the last, first reached
        // here (see `reached`); events are placements alone since the walk's last take-back.
        let mut run = Run::NONE;
        let (before, reached) = (self.stats.deepest, self.depth + count);
        if reached > before {
            let events = self.stats.placements + self.stats.backtracks + u64::from(self.stats.restarts);
            // The placement that makes the path `depth` long is event `events + depth - depth0`.
            let at = |depth: u32| events + u64::from(depth - self.depth);
            let kept = (self.deepened_at.len() as u32).clamp(before, reached);
            for (slot, depth) in self.deepened_at[before as usize..kept as usize].iter_mut().zip(before + 1..)
            {
                *slot = at(depth);
            }
            self.deepened_at.extend((kept + 1..=reached).map(at));
            self.stats.deepest = reached;
            run.deepened = Some((at(reached), reached));
        }
        self.stats.placements += u64::from(count);
        self.depth += count;
        let index = self.depth - 1;
        run.last = Some(Event::Placed { square: tour.path[index as usize], index });
        self.stack[index as usize] = top;
        self.watermark = (self.stats.deepest + 1).min(squares);
        run.events = count.into();
        run.high = self.depth;
        run
    }
}

/// The slot of the knight's move between two squares `difference` apart (the later's index
/// less the earlier's) on a board `cols` wide, worked out from the difference alone where no two
/// moves share one: from five columns on. Narrower boards' moves are told apart by the mailbox.
#[inline(always)]
fn slot_by_difference(cols: u32, difference: i64) -> Option<usize> {
    if cols < 5 {
        return None;
    }
    let cols = i64::from(cols);
    // Two rows on is at least `2 * cols - 1` away, one row at most `cols + 2`.
    let rows = if difference.abs() > cols + 2 { 2 * difference.signum() } else { difference.signum() };
    let (dr, dc) = (rows, difference - rows * cols);
    Some(SLOT_OF[((dr + 2) * 5 + dc + 2) as usize & 31] as usize)
}

/// The slot of the move (dr, dc) at `(dr + 2) * 5 + dc + 2`, for [`slot_by_difference`].
const SLOT_OF: [u8; 32] = {
    let mut table = [0; 32];
    let mut slot = 0;
    while slot < 8 {
        let (dr, dc) = KNIGHT_MOVES[slot];
        table[((dr + 2) * 5 + dc + 2) as usize] = slot as u8;
        slot += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use crate::{Board, Event, Options, Solver};

    /// Everything a walk's state holds that the events change, for comparing two.
    fn state(solver: &Solver) -> impl PartialEq + std::fmt::Debug {
        let on_board = |cell: usize| solver.mailbox.is_on_board(crate::search::mailbox::Cell(cell as u32));
        let degrees: Vec<u8> =
            solver.degree.iter().enumerate().filter(|&(cell, _)| on_board(cell)).map(|(_, &d)| d).collect();
        let frames: Vec<(u64, u64)> =
            solver.stack[..solver.depth as usize].iter().map(|frame| (frame.order(), frame.head())).collect();
        (
            frames,
            solver.visited.clone(),
            degrees,
            solver.stats(),
            solver.outcome(),
            solver.events_so_far(),
            solver.watermark,
            (1..=solver.stats().deepest).map(|depth| solver.deepened_at(depth)).collect::<Vec<_>>(),
            solver.previous_event(),
        )
    }

    fn walk(rows: u32, cols: u32, start: (u32, u32), options: Options) -> Solver {
        let board = Board::new(rows, cols).unwrap();
        let solver = Solver::new(board, board.square(start.0, start.1), options).unwrap();
        assert!(solver.construction().is_some(), "{board} is built");
        solver
    }

    /// The walk of the tests that need one: 12x10 from c8, or under Miri, which takes seconds to
    /// build a tour of a hundred squares, 6x8 from b5.
    fn a_walk() -> Solver {
        if cfg!(miri) {
            walk(6, 8, (2, 1), Options::default())
        } else {
            walk(12, 10, (3, 4), Options::default())
        }
    }

    #[test]
    fn a_walk_run_in_bulk_leaves_what_its_events_leave() {
        let (open, closed) = (Options::default(), Options { closed: true, ..Options::default() });
        let budget = Options { budget: Some(if cfg!(miri) { 30 } else { 50 }), ..open };
        // Each case, and the same kind of walk under Miri on a board of half the squares or fewer.
        let case = |native, miri| if cfg!(miri) { miri } else { native };
        let cases = [
            case((8, 8, (0, 0), open), (6, 8, (2, 1), open)),
            case((12, 10, (3, 4), open), (6, 5, (0, 0), open)),
            case((10, 12, (5, 5), closed), (8, 6, (3, 2), closed)),
            case((4, 30, (0, 29), open), (4, 5, (0, 4), open)),
            // Under five columns, two moves may differ by as many squares: the mailbox tells.
            case((30, 4, (0, 0), open), (5, 4, (0, 0), open)),
            case((11, 3, (0, 0), open), (7, 3, (0, 0), open)),
            case((8, 8, (2, 1), budget), (6, 8, (2, 1), budget)),
        ];
        for (rows, cols, start, options) in cases {
            // Each a copy of one fresh walk: building the tour is the most of a case's work.
            let fresh = walk(rows, cols, start, options);
            let mut bulk = fresh.clone();
            let mut one_by_one = fresh.clone();
            let sizes = [1, 3, 2, 17, 1, 100, 5, 1000];
            // From the start in one go, as from anywhere.
            let (run, events) = (fresh.clone().run(u64::MAX), fresh.clone().events().count());
            assert_eq!(run.events, events as u64);
            for &size in sizes.iter().cycle() {
                let run = bulk.run(size);
                let events: Vec<Event> = one_by_one.events().take(size as usize).collect();
                let what =
                    format!("{rows}x{cols} {options:?}, {size} events to event {}", bulk.events_so_far());
                assert_eq!(run.events, events.len() as u64, "{what}");
                assert_eq!(run.last, events.last().copied(), "{what}");
                assert_eq!(state(&bulk), state(&one_by_one), "{what}");
                if bulk.outcome().is_some() {
                    break;
                }
            }
            assert!(bulk.outcome().is_some_and(|outcome| outcome.is_tour()) || options.budget.is_some());
        }
    }

    #[test]
    fn a_moves_slot_is_told_by_its_difference_from_five_columns_on() {
        for cols in 1..5 {
            assert_eq!(super::slot_by_difference(cols, 2 * i64::from(cols) + 1), None);
        }
        for cols in (5..40).chain([1000, 100_000, 1 << 20]) {
            for (slot, &(dr, dc)) in crate::board::KNIGHT_MOVES.iter().enumerate() {
                let difference = i64::from(dr) * i64::from(cols) + i64::from(dc);
                assert_eq!(
                    super::slot_by_difference(cols, difference),
                    Some(slot),
                    "{cols} columns, move {slot}"
                );
            }
        }
    }

    #[test]
    fn a_walks_path_is_its_tours_first_squares() {
        let mut solver = a_walk();
        for size in [0, 1, 1, 40, 500] {
            solver.run(size);
            assert_eq!(solver.walked_path(), Some(solver.path().collect::<Vec<_>>().as_slice()));
        }
        solver.undo();
        assert_eq!(solver.walked_path().map(<[_]>::len), Some(solver.path().len()));
        let board = Board::new(5, 5).unwrap();
        let fixed = Options { heuristic: crate::Heuristic::Fixed, ..Options::default() };
        assert_eq!(Solver::new(board, board.square(0, 0), fixed).unwrap().walked_path(), None);
    }

    #[test]
    fn a_walk_run_in_bulk_steps_back_and_replays_as_one_run_by_events() {
        let mut bulk = a_walk();
        let mut one_by_one = bulk.clone();
        bulk.run(u64::MAX);
        one_by_one.events().for_each(drop);
        // Seven twelfths of the way back: 70 events of 12x10.
        for _ in 0..bulk.board().len() * 7 / 12 {
            assert_eq!(bulk.undo(), one_by_one.undo());
        }
        assert_eq!(state(&bulk), state(&one_by_one));
        let checkpoint = bulk.set_aside();
        assert_eq!(bulk.run(30), one_by_one.run(30));
        assert_eq!(state(&bulk), state(&one_by_one));
        // Back to the checkpoint, and on to the end in bulk, as the other goes on by events.
        bulk.restore(&checkpoint);
        bulk.run(u64::MAX);
        one_by_one.events().for_each(drop);
        assert_eq!(state(&bulk), state(&one_by_one));
    }
}
