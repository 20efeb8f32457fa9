//! The moves a freshly placed square gets, in the order they are tried: all eight in textbook
//! order (`textbook.rs`), the free ones ranked by a heuristic and cut by the pruning rules, or a
//! built tour's one move on; and the degrees that ranking and pruning read, kept up to date.

use std::sync::Arc;

use super::frame::Frame;
use super::Solver;
use crate::board::{Coord, Square, KNIGHT_MOVES};
use crate::search::construction::Construction;
use crate::search::heuristic::{Heuristic, Position};
use crate::search::mailbox::{Cell, Mailbox};
use crate::search::prune::{Outlook, Surroundings, ON_PATH};

/// How a solver chooses the moves from a square it has just placed.
#[derive(Clone, Debug)]
pub(super) enum Moves {
    /// The free moves, cut by the pruning rules if the search prunes, in the heuristic's order.
    Search { ordering: Heuristic },
    /// The one move to the tour's next square: every frame holds one move. Shared by clones.
    Walk { tour: Arc<Construction> },
}

/// The moves from a square onto unvisited squares, as [`Solver::free_moves`] finds them.
pub(super) struct FreeMoves {
    pub(super) order: [u8; 8],
    pub(super) len: usize,
    pub(super) forced: [u8; 8],
    pub(super) forced_len: usize,
    pub(super) stranded: bool,
}

impl Solver {
    /// The frame for a freshly placed square: a textbook one, or when degrees are kept one made
    /// by [`Solver::ranked_frame`], after the square's upkeep.
    pub(super) fn fresh_frame(&mut self, cell: Cell, index: u32) -> Frame {
        if self.tracks_degree {
            self.ranked_frame(cell, index)
        } else {
            self.textbook_frame(cell)
        }
    }

    /// The frame for a square of a walked tour: its one move is to the tour's next square (none
    /// after the last).
    pub(super) fn walked_frame(&self, cell: Cell, next: Option<Square>) -> Frame {
        let next = next.map(|square| self.mailbox.cell(square)).filter(|next| !self.visited[next.index()]);
        let slot = next.and_then(|next| (0..8).find(|&slot| self.mailbox.target(cell, slot) == next));
        match slot {
            Some(slot) => Frame::new(cell, 1, u64::from(slot)),
            None => Frame::new(cell, 0, 0),
        }
    }

    /// The frame for a freshly placed square when degrees matter: unvisited moves only, cut by
    /// the pruning rules, sorted by the heuristic's key.
    #[inline(never)]
    pub(super) fn ranked_frame(&mut self, cell: Cell, index: u32) -> Frame {
        let ordering = match &self.moves {
            Moves::Search { ordering } => *ordering,
            Moves::Walk { tour } => {
                return self.walked_frame(cell, tour.path.get(index as usize + 1).copied())
            }
        };
        let FreeMoves { mut order, mut len, forced, forced_len, stranded } = self.free_moves(cell);
        match self.judge(cell, index, &order[..len], forced_len, stranded) {
            Some(Outlook::Dead(_)) => len = 0,
            Some(Outlook::Forced) => {
                order[..forced_len].copy_from_slice(&forced[..forced_len]);
                len = forced_len;
            }
            Some(Outlook::Open) | None => {}
        }
        if ordering.ranks() {
            let mut ranks = [(0u32, 0u64); 8];
            let from = self.board().coord(self.mailbox.square(cell));
            for position in 0..len {
                let slot = order[position];
                let to = self.mailbox.target(cell, slot);
                // A free move lands on the board, so neither sum wraps.
                let (dr, dc) = KNIGHT_MOVES[usize::from(slot)];
                let at =
                    Coord { row: from.row.wrapping_add_signed(dr), col: from.col.wrapping_add_signed(dc) };
                ranks[position] = ordering.rank(ordering.key_at(self, cell, (to, at), self.salt));
            }
            // Insertion sort: at most eight items, and stable, so equal ranks keep textbook order.
            for i in 1..len {
                let mut j = i;
                while j > 0 && ranks[j - 1] > ranks[j] {
                    ranks.swap(j - 1, j);
                    order.swap(j - 1, j);
                    j -= 1;
                }
            }
        }
        Frame::new(cell, ((1u16 << len) - 1) as u8, u64::from_le_bytes(order))
    }

    /// The moves from `cell` onto unvisited squares (slots in textbook order), those of them onto
    /// ends, and whether one of them is stranded (see `prune.rs`).
    ///
    /// Inlined by hand, as [`Position::onward_degree`] is: natively the compiler inlined this one
    /// itself, but the WebAssembly build kept both out of line, a call per placement returning this
    /// struct through memory and a call per candidate; inlined, Roth's rule on 1000×1000 took
    /// 14% less CPU time in V8 (node 20).
    #[inline(always)]
    pub(super) fn free_moves(&self, cell: Cell) -> FreeMoves {
        let mut moves = FreeMoves { order: [0; 8], len: 0, forced: [0; 8], forced_len: 0, stranded: false };
        for slot in 0..8 {
            let to = self.mailbox.target(cell, slot);
            if self.visited[to.index()] {
                continue;
            }
            let degree = self.degree[to.index()];
            moves.stranded |= degree == 0;
            if degree == 1 {
                moves.forced[moves.forced_len] = slot;
                moves.forced_len += 1;
            }
            moves.order[moves.len] = slot;
            moves.len += 1;
        }
        moves
    }

    /// What the pruning rules say about `cell`, just placed as move `index` with these free
    /// moves; `None` when the search does not prune.
    pub(super) fn judge(
        &mut self,
        cell: Cell,
        index: u32,
        free: &[u8],
        forced: usize,
        stranded: bool,
    ) -> Option<Outlook> {
        let pruning = self.pruning.as_mut()?;
        let around = Surroundings {
            cell,
            free,
            forced: forced as u32,
            stranded,
            unvisited: self.mailbox.board().len() - (index + 1),
            way_back: self.degree[self.start_cell.index()] & !ON_PATH > 0,
        };
        Some(pruning.judge(&self.mailbox, &around))
    }

    /// The links `cell`, just marked visited as move `index`, took from its neighbours. A closed
    /// tour ends by stepping back onto the start, so for its neighbours the start stays a link:
    /// `degree` then counts the links a square has left in the cycle.
    ///
    /// Degrees are kept here and in [`Solver::relink`], and nowhere else; both do nothing for
    /// a solver that does not keep them, whoever calls.
    #[inline(always)]
    pub(super) fn unlink(&mut self, cell: Cell, index: u32) {
        if self.degree.is_empty() {
            return;
        }
        let linked = !(index == 0 && self.options.closed);
        match &mut self.pruning {
            Some(pruning) => pruning.place(&self.mailbox, &mut self.degree, cell, linked),
            None if linked => {
                self.mailbox.adjust_neighbours(&mut self.degree, cell, u8::wrapping_sub, |_, _| {})
            }
            None => {}
        }
    }

    /// Gives back the links of `cell`, just marked unvisited again (never the start: see
    /// [`Pruning::take_back`](crate::search::prune::Pruning::take_back)).
    #[inline(always)]
    pub(super) fn relink(&mut self, cell: Cell) {
        if self.degree.is_empty() {
            return;
        }
        match &mut self.pruning {
            Some(pruning) => pruning.take_back(&self.mailbox, &mut self.degree, cell),
            None => self.mailbox.adjust_neighbours(&mut self.degree, cell, u8::wrapping_add, |_, _| {}),
        }
    }
}

impl Position for Solver {
    #[inline]
    fn mailbox(&self) -> &Mailbox {
        &self.mailbox
    }

    #[inline]
    fn is_visited(&self, cell: Cell) -> bool {
        self.visited[cell.index()]
    }

    #[inline(always)]
    fn onward_degree(&self, cell: Cell) -> u32 {
        if !self.degree.is_empty() {
            u32::from(self.degree[cell.index()])
        } else {
            let free = self.mailbox.moves(cell).filter(|to| !self.visited[to.index()]).count();
            let closes =
                self.options.closed && self.board().is_knight_move(self.mailbox.square(cell), self.start);
            (free + usize::from(closes)) as u32
        }
    }
}
