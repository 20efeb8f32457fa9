//! The number of tours from every square at once: a heat map of where tours start.
//!
//! Closed tours pass through every square, so one count fills the board. Open tours are counted
//! once per class of squares the board's symmetries carry into one another (see
//! [`super::symmetry`]), with the squares the colour argument rules out left at 0.

use super::frontier::{FrontierCounter, Progress, Refusal};
use super::symmetry::{classes, Class};
use super::Tours;
use crate::board::Board;

/// A count from every square, by frontier, run a slice at a time like [`FrontierCounter`].
pub struct EveryStart {
    board: Board,
    closed: bool,
    limit: usize,
    /// The classes still to count, the next last.
    to_count: Vec<Class>,
    classes: usize,
    current: Option<(Class, FrontierCounter)>,
    tours: Vec<u128>,
}

/// Where a count from every square has got to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridProgress {
    /// Classes of squares counted, of `counts` in all.
    pub counted: usize,
    pub counts: usize,
    /// The count under way.
    pub current: Option<Progress>,
    /// The share done, from 0 to 1.
    pub fraction: f64,
    pub done: bool,
}

impl EveryStart {
    /// Refuses a board that one count from a square would refuse.
    pub fn new(board: Board, closed: bool, limit: usize) -> Result<EveryStart, Refusal> {
        let mut to_count = if closed {
            vec![Class { squares: board.squares().collect(), no_open_tour: false }]
        } else {
            classes(board).into_iter().filter(|class| !class.no_open_tour).collect()
        };
        to_count.reverse();
        let mut every = EveryStart {
            board,
            closed,
            limit,
            classes: to_count.len(),
            to_count,
            current: None,
            tours: vec![0; board.len() as usize],
        };
        // Refuse now, before any work, what the first count would refuse.
        every.start_next()?;
        Ok(every)
    }

    fn start_next(&mut self) -> Result<(), Refusal> {
        self.current = match self.to_count.pop() {
            Some(class) => {
                let start = class.representative();
                let tours = if self.closed { Tours::ClosedFrom(start) } else { Tours::OpenFrom(start) };
                Some((class, FrontierCounter::new(self.board, tours, self.limit)?))
            }
            None => None,
        };
        Ok(())
    }

    /// Reads up to `work` states, as [`FrontierCounter::run`].
    pub fn run(&mut self, work: usize) -> Result<GridProgress, Refusal> {
        if let Some((class, counter)) = &mut self.current {
            if counter.run(work)?.done {
                let tours = counter.tours().ok_or(Refusal::Overflow { board: self.board })?;
                for square in &class.squares {
                    self.tours[square.index()] = tours;
                }
                self.start_next()?;
            }
        }
        Ok(self.progress())
    }

    pub fn progress(&self) -> GridProgress {
        let counted = self.classes - self.to_count.len() - usize::from(self.current.is_some());
        let current = self.current.as_ref().map(|(_, counter)| counter.progress());
        let within = current.map_or(0.0, |progress| progress.fraction);
        let fraction = if self.classes == 0 { 1.0 } else { (counted as f64 + within) / self.classes as f64 };
        GridProgress { counted, counts: self.classes, current, fraction, done: self.current.is_none() }
    }

    /// The tours from each square, by square index, once done.
    pub fn tours(&self) -> Option<&[u128]> {
        self.current.is_none().then_some(&self.tours)
    }
}
