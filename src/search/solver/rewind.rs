//! Stepping a search back one event without replaying it: every event of the depth-first search
//! can be read off the stack it left and undone in place.
//!
//! Moves are tried in the order of a frame's mask, lowest position first, and a frame's mask
//! loses a move when the move is made. So the frame on top of the path tells what happened last:
//! if it has tried nothing yet, it was just placed; otherwise its last-tried move was just taken
//! back (there is no other way to get back to a frame that has tried a move). A take-back is
//! undone by placing that square again: its frame is recomputed from the board, which is exactly
//! as it was when the square was first placed (the path below it is the same), and marked as
//! having tried every move, as it had when it was taken back. Only a restart, which drops the
//! whole path, and placing the start cannot be undone this way; the timeline replays for those.

use super::{Frame, Phase, Solver};
use crate::search::event::{Event, Outcome};
use crate::search::mailbox::Cell;

impl Solver {
    /// The event that brought the search where it stands, as it was yielded; `None` before the
    /// first. Read off the path, not remembered: it holds after a step back too.
    pub fn previous_event(&self) -> Option<Event> {
        match self.phase {
            Phase::Finished(outcome) => return Some(Event::Finished(outcome)),
            Phase::Start => return None,
            Phase::Searching | Phase::Deciding(_) => {}
        }
        let top = *self.stack[..self.depth as usize].last()?;
        let index = self.depth - 1;
        if top.mask() == top.initial() {
            // The start is placed once; a fresh first frame after that is a new attempt's.
            return Some(if index == 0 && self.stats.restarts > 0 {
                Event::Restarted { attempt: self.stats.restarts }
            } else {
                Event::Placed { square: self.mailbox.square(top.cell()), index }
            });
        }
        let child = self.mailbox.target(top.cell(), top.slot(top.last_tried(), self.tracks_degree));
        Some(Event::Removed { square: self.mailbox.square(child), index: self.depth })
    }

    /// Undoes the last event and returns it: the search stands where it stood before it, as if
    /// it had never happened (path, frames, counters, deepest, phase). `None`, with nothing
    /// changed, before the first event, after a restart and after placing the start, which only
    /// a replay can undo.
    pub fn undo(&mut self) -> Option<Event> {
        let event = self.previous_event()?;
        match event {
            Event::Finished(outcome) => {
                // Ends found on the way wait a step in `Deciding`; a search that runs out of
                // moves or attempts finishes straight from `Searching`.
                self.phase = match outcome {
                    Outcome::NoTour | Outcome::DeadEnd | Outcome::Unclosed => Phase::Searching,
                    _ => Phase::Deciding(outcome),
                };
            }
            Event::Placed { index: 0, .. } | Event::Restarted { .. } => return None,
            Event::Placed { index, .. } => self.unplace(index),
            Event::Removed { square, index } => self.replace(self.mailbox.cell(square), index),
        }
        Some(event)
    }

    /// How many moves the knight's square has left to try.
    pub(crate) fn moves_left(&self) -> u32 {
        self.stack[..self.depth as usize].last().map_or(0, |top| top.mask().count_ones())
    }

    /// Places the `nth` of the moves left from the knight's square (0 is the one next in turn)
    /// out of turn: the moves before it stay to be tried, so that an undo finds the frame as it
    /// was. For sampling paths (see `estimate.rs`); the knight's square has that many moves.
    pub(crate) fn place_out_of_turn(&mut self, nth: u32) {
        let top = self.depth as usize - 1;
        let mask = self.stack[top].mask();
        let mut rest = mask;
        for _ in 0..nth {
            rest &= rest - 1;
        }
        let chosen = rest & rest.wrapping_neg();
        self.stack[top].set_mask(chosen);
        let placed = self.next();
        debug_assert!(matches!(placed, Some(Event::Placed { .. })), "{placed:?}");
        // As if the moves were tried in order and `chosen` came first.
        self.stack[top].set_mask(mask & !chosen);
    }

    /// Takes back the square placed as move `index` (not the start), and gives its move back to
    /// the frame below.
    fn unplace(&mut self, index: u32) {
        let position = self.events_so_far();
        let cell = self.stack[index as usize].cell();
        self.visited[cell.index()] = false;
        self.relink(cell);
        self.depth = index;
        let below = &mut self.stack[index as usize - 1];
        below.give_back(below.last_tried());
        self.stats.placements -= 1;
        // A placement that filled the board or spent the budget left its end to announce.
        self.phase = Phase::Searching;
        let depth = index + 1;
        if self.stats.deepest == depth && self.deepened_at.get(index as usize) == Some(&position) {
            self.stats.deepest = index;
            self.watermark = depth.min(self.board().len());
        }
    }

    /// Puts back `cell`, taken back from move `index`, with every move of its frame tried.
    fn replace(&mut self, cell: Cell, index: u32) {
        self.visited[cell.index()] = true;
        self.unlink(cell, index);
        let frame = self.fresh_frame(cell, index);
        self.stack[index as usize] = Frame::with_initial(cell, 0, frame.initial(), frame.order());
        self.depth = index + 1;
        self.stats.backtracks -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Heuristic, Options, Square, Stats};

    type State = (Vec<Square>, Stats, Option<Outcome>, u64);

    fn state(solver: &Solver) -> State {
        (solver.path().collect(), solver.stats(), solver.outcome(), solver.events_so_far())
    }

    /// The most events a case runs: under Miri, which interprets every step, a few dozen.
    const MOST: Option<usize> = if cfg!(miri) { Some(20) } else { None };

    /// Runs `options` from `start` on `rows` × `cols`, keeping the state after each of the first
    /// `events` events (at most [`MOST`]); then undoes them one by one and checks each state on
    /// the way back, and that the search goes on from there exactly as it did. Returns how many
    /// were undone.
    fn undoes_every_event(rows: u32, cols: u32, start: (u32, u32), options: Options, events: usize) -> usize {
        let events = MOST.map_or(events, |most| events.min(most));
        let board = Board::new(rows, cols).unwrap();
        let mut solver = Solver::new(board, board.square(start.0, start.1), options).unwrap();
        // A copy of the fresh solver, to step through the events again: a built tour takes
        // seconds to build under Miri.
        let mut replay = solver.clone();
        let mut states = vec![state(&solver)];
        let mut yielded = Vec::new();
        for event in solver.events().take(events) {
            yielded.push(event);
        }
        // Event by event, for the states between.
        for (i, event) in yielded.iter().enumerate() {
            assert_eq!(replay.next(), Some(*event));
            assert_eq!(replay.previous_event(), Some(*event), "event {i} read back off the stack");
            states.push(state(&replay));
        }
        let mut undone = 0;
        while let Some(event) = solver.undo() {
            undone += 1;
            let at = yielded.len() - undone;
            assert_eq!(event, yielded[at], "{rows}x{cols} {options:?}: event {at}");
            assert_eq!(state(&solver), states[at], "{rows}x{cols} {options:?}: state before event {at}");
            // Every few steps back, check the search goes on from here as it did.
            if undone % 97 == 1 {
                let mut ahead = solver.clone();
                let known = &yielded[at..(at + 200).min(yielded.len())];
                let again: Vec<Event> = ahead.events().take(known.len()).collect();
                assert_eq!(again[..], known[..], "{options:?}: onwards from {at}");
            }
        }
        undone
    }

    #[test]
    fn every_event_of_a_search_can_be_undone_back_to_the_start() {
        let fixed = Options { heuristic: Heuristic::Fixed, ..Options::default() };
        // The whole 5x5 search from the corner: 8,840 placements and 8,815 take-backs.
        let undone = undoes_every_event(5, 5, (0, 0), fixed, usize::MAX);
        let events = 8_840 + 8_815 + 1;
        assert_eq!(undone, MOST.map_or(events, |most| events.min(most)) - 1, "all but the start's placement");
        undoes_every_event(6, 6, (0, 0), fixed, 50_000);
        for heuristic in [Heuristic::Warnsdorff, Heuristic::Roth, Heuristic::Pohl, Heuristic::Random] {
            let options = Options { heuristic, seed: 7, ..Options::default() };
            undoes_every_event(8, 8, (0, 0), options, 5_000);
            undoes_every_event(5, 5, (0, 1), options, 5_000);
        }
        // Pruning, open and closed; a greedy search to its dead end; a budget; a built tour walked.
        for closed in [false, true] {
            let options = Options { heuristic: Heuristic::Fixed, prune: true, closed, ..Options::default() };
            undoes_every_event(6, 6, (0, 0), options, 20_000);
            undoes_every_event(5, 6, (2, 3), Options { heuristic: Heuristic::Warnsdorff, ..options }, 20_000);
        }
        let greedy = Options { heuristic: Heuristic::Warnsdorff, backtracking: false, ..Options::default() };
        undoes_every_event(9, 9, (4, 5), greedy, usize::MAX);
        undoes_every_event(8, 8, (0, 0), Options { budget: Some(777), ..fixed }, usize::MAX);
        // Under Miri a small board: building a large one takes minutes there.
        let (rows, cols) = if cfg!(miri) { (5, 6) } else { (12, 14) };
        undoes_every_event(rows, cols, (3, 3), Options::default(), usize::MAX);
        // No tour: a search of 4x4 with the theorems off runs out of moves.
        undoes_every_event(4, 4, (0, 0), Options { theorems: false, ..fixed }, usize::MAX);
    }

    #[test]
    fn a_search_run_in_batches_undoes_as_one_run_event_by_event() {
        // `Solver::run` keeps its state in registers and writes it back at the end; the deepest
        // depths it passed are remembered all the same.
        let board = Board::new(8, 8).unwrap();
        // Under Miri, which interprets every step, fewer.
        let steps: u64 = if cfg!(miri) { 60 } else { 3_000 };
        for heuristic in [Heuristic::Fixed, Heuristic::Warnsdorff] {
            let options = Options { heuristic, ..Options::default() };
            let mut batched = Solver::new(board, board.square(0, 0), options).unwrap();
            let mut stepped = batched.clone();
            let mut states = vec![state(&stepped)];
            while states.len() as u64 <= steps && stepped.next().is_some() {
                states.push(state(&stepped));
            }
            for size in [steps / 3, 1, steps - steps / 3 - 1] {
                batched.run(size);
            }
            for at in (1..states.len() - 1).rev() {
                assert!(batched.undo().is_some());
                assert_eq!(state(&batched), states[at], "{heuristic:?}: before event {at}");
            }
        }
    }

    #[test]
    fn a_restart_and_the_start_are_left_to_a_replay() {
        let board = Board::new(6, 6).unwrap();
        let mut solver =
            Solver::new(board, board.square(0, 0), crate::search::restarts::restarting()).unwrap();
        assert_eq!(solver.undo(), None, "nothing to undo before the first event");
        solver.next();
        assert_eq!(solver.undo(), None, "the start's placement");
        let restarted = solver.events().find(|event| matches!(event, Event::Restarted { .. })).unwrap();
        assert_eq!(solver.previous_event(), Some(restarted));
        let before = state(&solver);
        assert_eq!(solver.undo(), None);
        assert_eq!(state(&solver), before);
    }

    #[test]
    fn an_impossible_start_undoes_its_verdict() {
        let board = Board::new(5, 5).unwrap();
        let mut solver = Solver::new(board, board.square(0, 1), Options::default()).unwrap();
        let finished = solver.next().unwrap();
        assert!(matches!(finished, Event::Finished(Outcome::Impossible(_))));
        assert_eq!(solver.undo(), Some(finished));
        assert_eq!(solver.events_so_far(), 0);
        assert_eq!(solver.next(), Some(finished));
    }
}
