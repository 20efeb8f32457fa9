//! The order the frontier counter visits the squares in, and what each step of it must know:
//! which earlier squares the new one can join, and which squares it leaves settled.

use super::Tours;
use crate::board::{Board, Colour, Coord, Square};

/// The knight's moves back to squares visited earlier, as (row, column) steps when the sweep
/// goes column by column, top to bottom within a column.
const BACK: [(i32, i32); 4] = [(-2, -1), (2, -1), (-1, -2), (1, -2)];

/// Whether a tour may end on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A given start or end: degree exactly 1.
    End,
    /// One of the tour's free ends may be here.
    MayEnd,
    /// Passed through: degree 2. Every square of a closed tour; on a board of odd area, every
    /// square of the minority colour (a path alternates colours, so both its ends are of the
    /// corners' colour).
    Through,
}

impl Role {
    /// The most edges the square takes.
    pub fn capacity(self) -> u8 {
        if self == Role::End {
            1
        } else {
            2
        }
    }
}

/// An earlier square the new square can join.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Neighbour {
    /// Its slot in the window once the new square is slot 0: how many squares back it is.
    pub slot: u8,
    /// How many of its edges to later squares are still undecided after this step: at 0 it
    /// leaves the frontier and its degree is final.
    pub left: u8,
    pub role: Role,
}

/// What one step (one square added) needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub neighbours: Vec<Neighbour>,
    /// The new square's edges to later squares.
    pub forward: u8,
    pub role: Role,
    /// The window's squares (a bit at the bottom of each one's 4-bit code, as [`super::word`]
    /// lays them out) that have one edge left to decide after this step and may end the tour:
    /// those still without an edge must.
    pub thin: u128,
    /// The step ends a column, and what is left of the board is the same upside down (a tour
    /// must end on no square still to come but on the middle row): a state and its mirror image
    /// have as many ways to finish, so the two can be counted as one.
    pub mirror: bool,
    /// On a board of even area, for open tours: what the colour rule needs (see
    /// [`ColourRule`]).
    pub colours: Option<ColourRule>,
}

/// On a board of even area a path through every square alternates colours through as many
/// squares of each, so its ends are of different colours. The colours of the ends already
/// settled follow from the state: the squares visited so far are covered by paths, each with one
/// more square of its ends' colour if they share one and as many of each if not, so the corners'
/// colour's surplus among the visited squares, less what the paths with both ends on the frontier
/// and the bare squares account for, is what the settled ends' paths account for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColourRule {
    /// The window's squares of the corners' colour (the lowest bit of each one's code).
    pub corner: u128,
    /// Squares visited so far of the corners' colour, less those of the other.
    pub surplus: i32,
    /// Given ends of the tour still to settle, of the corners' colour and of the other.
    pub ends_to_come: [u8; 2],
}

/// The sweep of a board: along its long side, the short side (`height` squares) across.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub board: Board,
    pub height: u32,
    pub length: u32,
    pub steps: Vec<Step>,
}

impl Plan {
    /// The sweep of `board` for counting `tours`.
    pub fn new(board: Board, tours: Tours) -> Plan {
        Plan::with_ends(board, &tours.ends(), tours.closed(), true)
    }

    /// The sweep of `board` for counting open tours from a square the sweep has not reached
    /// yet, one of several: up to there each count's sweep is this one's but for what it may
    /// drop as dead, so one sweep serves them all (see [`super::every_start`]). A state and its
    /// mirror image are never one: the starts to come make the board lopsided.
    pub fn before_the_starts(board: Board) -> Plan {
        Plan::with_ends(board, &[], false, false)
    }

    /// The sweep of `board` for counting tours ending on `ends` (closed ones, if `closed`), a
    /// state and its mirror image counted as one where the rest of the board allows it and
    /// `mirrors` does.
    fn with_ends(board: Board, ends: &[Square], closed: bool, mirrors: bool) -> Plan {
        let height = board.rows().min(board.cols());
        let length = board.rows().max(board.cols());
        let mut plan = Plan { board, height, length, steps: Vec::new() };
        let odd = board.len() % 2 == 1;
        let roles: Vec<Role> = (0..board.len())
            .map(|index| {
                let square = plan.square(index);
                if ends.contains(&square) {
                    Role::End
                } else if closed || ends.len() == 2 || (odd && board.colour(square) == Colour::Other) {
                    Role::Through
                } else {
                    Role::MayEnd
                }
            })
            .collect();
        let left =
            |square: u32, after: u32| plan.forward(square).filter(|&later| later > after).count() as u8;
        // The step after which no square the tour must end on, off the middle row, is unsettled.
        let asymmetric_until = (0..board.len())
            .filter(|&square| roles[square as usize] == Role::End && 2 * (square % height) != height - 1)
            .map(|square| plan.forward(square).fold(square, u32::max))
            .max()
            .unwrap_or(0);
        plan.steps = (0..board.len())
            .map(|index| {
                let neighbours = plan
                    .back(index)
                    .map(|earlier| Neighbour {
                        slot: (index - earlier) as u8,
                        left: left(earlier, index),
                        role: roles[earlier as usize],
                    })
                    .collect();
                let thin = (0..=index.min(2 * height))
                    .filter(|&slot| {
                        roles[(index - slot) as usize] == Role::MayEnd && left(index - slot, index) == 1
                    })
                    .fold(0, |mask, slot| mask | 1u128 << (4 * slot));
                let mirror = mirrors && index % height == height - 1 && index >= asymmetric_until;
                let colours = (!closed && board.len() % 2 == 0).then(|| {
                    let corner = |index: u32| board.colour(plan.square(index)) == Colour::Corner;
                    let to_come = |colour: bool| {
                        (0..board.len())
                            .filter(|&square| roles[square as usize] == Role::End && corner(square) == colour)
                            .filter(|&square| square > index || left(square, index) > 0)
                            .count() as u8
                    };
                    ColourRule {
                        corner: (0..=index.min(2 * height))
                            .filter(|&slot| corner(index - slot))
                            .fold(0, |mask, slot| mask | 1u128 << (4 * slot)),
                        surplus: (0..=index).map(|square| if corner(square) { 1 } else { -1 }).sum(),
                        ends_to_come: [to_come(true), to_come(false)],
                    }
                });
                Step {
                    neighbours,
                    forward: left(index, index),
                    role: roles[index as usize],
                    thin,
                    mirror,
                    colours,
                }
            })
            .collect();
        plan
    }

    /// How many squares the frontier keeps between steps.
    pub fn window(&self) -> usize {
        2 * self.height as usize + 1
    }

    /// The board's square visited at step `index`.
    pub fn square(&self, index: u32) -> Square {
        let (line, across) = (index / self.height, index % self.height);
        if self.board.rows() <= self.board.cols() {
            self.board.square(across, line)
        } else {
            self.board.square(line, across)
        }
    }

    /// The step visiting `square`: the inverse of [`Plan::square`].
    pub fn step_of(&self, square: Square) -> u32 {
        let Coord { row, col } = self.board.coord(square);
        let (line, across) = if self.board.rows() <= self.board.cols() { (col, row) } else { (row, col) };
        line * self.height + across
    }

    /// The step visiting the mirror image of the square visited at step `index`, upside down
    /// across the sweep.
    pub fn mirror(&self, index: u32) -> u32 {
        let (line, across) = (index / self.height, index % self.height);
        line * self.height + (self.height - 1 - across)
    }

    fn at(&self, index: u32, (dr, dc): (i32, i32)) -> Option<u32> {
        let (line, across) = (index / self.height, index % self.height);
        let across = across.checked_add_signed(dr).filter(|&r| r < self.height)?;
        let line = line.checked_add_signed(dc).filter(|&c| c < self.length)?;
        Some(line * self.height + across)
    }

    /// The squares before `index` a knight's move away.
    fn back(&self, index: u32) -> impl Iterator<Item = u32> + '_ {
        BACK.iter().filter_map(move |&step| self.at(index, step))
    }

    /// The squares after `index` a knight's move away.
    fn forward(&self, index: u32) -> impl Iterator<Item = u32> + '_ {
        BACK.iter().filter_map(move |&(dr, dc)| self.at(index, (-dr, -dc)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sweep_runs_along_the_long_side() {
        let tall = Plan::new(Board::new(7, 3).unwrap(), Tours::Open);
        assert_eq!((tall.height, tall.length), (3, 7));
        assert_eq!(tall.square(1), tall.board.square(0, 1));
        let wide = Plan::new(Board::new(3, 7).unwrap(), Tours::Open);
        assert_eq!(wide.square(1), wide.board.square(1, 0));
        for plan in [tall, wide] {
            for index in 0..plan.board.len() {
                assert_eq!(plan.step_of(plan.square(index)), index);
            }
            let mut visited: Vec<Square> = (0..plan.board.len()).map(|index| plan.square(index)).collect();
            visited.sort();
            assert!(visited.into_iter().eq(plan.board.squares()), "each square once");
        }
    }

    #[test]
    fn every_edge_is_decided_once_and_every_square_settles() {
        let plan = Plan::new(Board::new(5, 6).unwrap(), Tours::Open);
        let edges: usize = plan.steps.iter().map(|step| step.neighbours.len()).sum();
        let degrees: usize = plan.board.squares().map(|square| plan.board.knight_moves(square).count()).sum();
        assert_eq!(2 * edges, degrees);
        for (index, step) in plan.steps.iter().enumerate() {
            for neighbour in &step.neighbours {
                assert!(usize::from(neighbour.slot) <= plan.window(), "step {index}: {neighbour:?}");
            }
        }
    }
}
