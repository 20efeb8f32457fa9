//! A count as a front end runs it: the question (the tours of a kind, or the tours from every
//! square), answered by either method a slice of time at a time, with what a person watching
//! wants to know on the way (how far it has got, the states each column of a frontier sweep
//! holds, the tours a listing has found) and at the end (the number, the grid, the sequences of
//! the OEIS it matches). The command line and the page's worker both drive this.

use super::every_start::{EveryStart, Share};
use super::frontier::{estimate, max_height, FrontierCounter, Refusal, SweepStatus};
use super::plan::Plan;
use super::{Method, TourCounter, Tours};
use crate::board::{Board, Square};
use crate::session::{within, Clock};

mod listing;
mod question;
mod report;
#[cfg(test)]
mod tests;
mod wire;

pub use question::{CountError, Question};
pub use report::{
    Answer, CountProgress, GridWay, ListingSize, Memory, Outline, SweepOutline, SweepProgress, SweepUnderWay,
};

use listing::Listing;

/// A count under way. Dropping it cancels it.
pub struct Count {
    board: Board,
    question: Question,
    method: Method,
    /// The memory a frontier count may take, and its estimate of what it will.
    limit: usize,
    estimate: Option<usize>,
    engine: Engine,
    /// How a count from every square by frontier goes, decided before it starts.
    grid_way: Option<GridWay>,
    /// The most states any step of each column held, over every sweep so far.
    per_column: Vec<usize>,
    /// Where the last sweep got to: the sweep a count from every square reports once it is done.
    last_sweep: Option<SweepStatus>,
    peak_bytes: usize,
}

enum Engine {
    Sweep(FrontierCounter),
    Grid(EveryStart),
    Listing(Listing),
}

/// How a count from every square by class spreads its classes: over threads at once, or to
/// this count only those of a share.
#[derive(Clone, Copy)]
enum Lanes {
    Threads(usize),
    Share(Share),
}

/// States a frontier count reads between two looks at the clock: well under a millisecond.
const STATES_PER_LOOK: usize = 1 << 12;

impl Count {
    /// A count of `question` on `board` by `method`, the frontier's tables kept within `limit`
    /// bytes. Refuses, before any work, what the method refuses: a frontier count whose
    /// estimate is over the limit or whose board is too tall, a listing from a start the
    /// search refuses.
    pub fn new(board: Board, question: Question, method: Method, limit: usize) -> Result<Count, CountError> {
        Count::with_lanes(board, question, method, limit, Lanes::Threads(1))
    }

    /// As [`Count::new`], but a count from every square made one count per class of squares
    /// runs up to `threads` of them at once, natively a thread each, the memory limit shared
    /// between them (see [`Count::run`]; WebAssembly has one thread: the page's worker counts
    /// with [`Count::new`], or on several cores several workers a [`Count::share`] each).
    pub fn on_threads(
        board: Board,
        question: Question,
        method: Method,
        limit: usize,
        threads: usize,
    ) -> Result<Count, CountError> {
        Count::with_lanes(board, question, method, limit, Lanes::Threads(threads))
    }

    /// `share`'s part of a count of the open tours from every square by frontier, one class
    /// after another within `limit`: its grid has the tours from the squares of its classes,
    /// none from the others', and the parts' grids make the answer ([`Answer::of_parts`]).
    pub fn share(board: Board, limit: usize, share: Share) -> Result<Count, CountError> {
        Count::with_lanes(
            board,
            Question::EveryStart { closed: false },
            Method::Frontier,
            limit,
            Lanes::Share(share),
        )
    }

    fn with_lanes(
        board: Board,
        question: Question,
        method: Method,
        limit: usize,
        lanes: Lanes,
    ) -> Result<Count, CountError> {
        // Refused here before the frontier counter lays out its sweep, whose masks of a window
        // wider than its 64-bit states overflow (a panic in a debug build).
        let closed = match question {
            Question::Tours(tours) => tours.closed(),
            Question::EveryStart { closed } => closed,
        };
        if method == Method::Frontier && board.rows().min(board.cols()) > max_height(closed) {
            return Err(Refusal::TooTall { board, closed }.into());
        }
        let (engine, estimate) = match (question, method) {
            (Question::Tours(tours), Method::Frontier) => {
                (Engine::Sweep(FrontierCounter::new(board, tours, limit)?), Some(estimate(board, tours)))
            }
            (Question::EveryStart { closed }, Method::Frontier) => {
                let every = match lanes {
                    Lanes::Threads(threads) => EveryStart::with_lanes(board, closed, limit, threads)?,
                    Lanes::Share(share) => EveryStart::share(board, limit, share)?,
                };
                let estimate = every.estimate();
                (Engine::Grid(every), Some(estimate))
            }
            (question, Method::Enumerate) => (Engine::Listing(Listing::new(board, question)?), None),
        };
        let grid_way = match (&engine, question) {
            (Engine::Grid(_), Question::EveryStart { closed: true }) => Some(GridWay::Cycles),
            (Engine::Grid(every), _) if every.sweeps_back() => Some(GridWay::ForwardAndBack),
            (Engine::Grid(_), _) => Some(GridWay::ByClass),
            _ => None,
        };
        let columns = board.rows().max(board.cols()) as usize;
        let per_column = if method == Method::Frontier { vec![0; columns] } else { Vec::new() };
        Ok(Count {
            board,
            question,
            method,
            limit,
            estimate,
            engine,
            grid_way,
            per_column,
            last_sweep: None,
            peak_bytes: 0,
        })
    }

    pub fn board(&self) -> Board {
        self.board
    }

    pub fn question(&self) -> Question {
        self.question
    }

    pub fn method(&self) -> Method {
        self.method
    }

    /// Counts for about `budget_ms` milliseconds of `clock`; returns true once the count is done.
    /// Natively, the counts by class of a count made [`Count::on_threads`] run on threads of
    /// their own meanwhile, this one watching the clock.
    pub fn run(&mut self, budget_ms: f64, clock: &mut impl Clock) -> Result<bool, CountError> {
        #[cfg(not(target_arch = "wasm32"))]
        if let Engine::Grid(every) = &mut self.engine {
            if every.lanes() > 1 {
                let deadline = clock.now_ms() + budget_ms;
                let progress = every.run_threads(STATES_PER_LOOK, || clock.now_ms() < deadline)?;
                self.note_lanes(&progress);
                return Ok(progress.done);
            }
        }
        let mut failed = None;
        let done = within(budget_ms, clock, || match self.step() {
            Ok(done) => done,
            Err(error) => {
                failed = Some(error);
                true
            }
        });
        failed.map_or(Ok(done), Err)
    }

    /// A slice of work well under a millisecond; true once the count is done.
    fn step(&mut self) -> Result<bool, CountError> {
        // At most a step's states at a time, so that every step's table is seen between two
        // slices and the most states of each column are exact.
        let work = |states: usize| states.clamp(1, STATES_PER_LOOK);
        let (done, sweep) = match &mut self.engine {
            Engine::Sweep(counter) => {
                let progress = counter.run(work(counter.status().states))?;
                (progress.done, Some(progress))
            }
            Engine::Grid(every) => {
                let states = every.progress().current.map_or(1, |sweep| sweep.states);
                let progress = every.run(work(states))?;
                (progress.done, progress.current)
            }
            Engine::Listing(listing) => (listing.run()?, None),
        };
        if let Some(sweep) = sweep {
            let most = &mut self.per_column[sweep.column as usize];
            *most = (*most).max(sweep.states);
            self.peak_bytes = self.peak_bytes.max(sweep.bytes);
            self.last_sweep = Some(sweep);
        }
        Ok(done)
    }

    /// Takes in what the counts by class run on threads held: the most states of each column
    /// from their steps (exact, though their slices were not watched one by one), the memory
    /// of all of them together.
    #[cfg(not(target_arch = "wasm32"))]
    fn note_lanes(&mut self, progress: &super::GridProgress) {
        let Engine::Grid(every) = &self.engine else { return };
        let height = self.board.rows().min(self.board.cols()) as usize;
        for (step, states) in every.states_per_step().into_iter().enumerate() {
            // The states after `step` squares are read in the step's column (see `SweepStatus`).
            let column = (step / height).min(self.per_column.len() - 1);
            self.per_column[column] = self.per_column[column].max(states);
        }
        let bytes = progress.running.iter().map(|(_, sweep)| sweep.bytes).sum();
        self.peak_bytes = self.peak_bytes.max(bytes);
        if let Some(sweep) = progress.current {
            self.last_sweep = Some(sweep);
        }
    }

    /// What the count will do, said before it starts.
    pub fn outline(&self) -> Outline {
        let (height, columns) =
            (self.board.rows().min(self.board.cols()), self.board.rows().max(self.board.cols()));
        Outline {
            method: self.method.name(),
            sweep: (self.method == Method::Frontier).then(|| SweepOutline {
                columns,
                height,
                window: Plan::new(self.board, Tours::Closed).window() as u32,
            }),
            memory: self.estimate.map(|bytes| Memory::new(bytes, self.limit)),
            parts: self.parts(),
            every_start: self.grid_way,
        }
    }

    /// Knuth's estimate of the placements a listing of the tours from the start would make in
    /// all, for a count from a start (a few thousand random paths down its tree: a fraction of a
    /// second, so asked for apart from the count).
    pub fn listing_size(&self) -> Option<ListingSize> {
        let Question::Tours(tours @ (Tours::OpenFrom(start) | Tours::ClosedFrom(start))) = self.question
        else {
            return None;
        };
        let size = TourCounter::size(self.board, start, tours.closed())?;
        Some(ListingSize { placements: size.placements, probes: size.probes })
    }

    /// Sweeps or searches in all.
    fn parts(&self) -> usize {
        match &self.engine {
            Engine::Sweep(_) => 1,
            Engine::Grid(every) => every.progress().sweeps,
            Engine::Listing(listing) => listing.searches(),
        }
    }

    pub fn progress(&self) -> CountProgress {
        let (part, fraction, done, sweep) = match &self.engine {
            Engine::Sweep(counter) => {
                let progress = counter.status();
                (0, progress.fraction, progress.done, Some(progress))
            }
            Engine::Grid(every) => {
                let progress = every.progress();
                (progress.swept, progress.fraction, progress.done, progress.current.or(self.last_sweep))
            }
            Engine::Listing(listing) => (listing.made(), listing.fraction(), listing.done(), None),
        };
        CountProgress {
            method: self.method.name().to_string(),
            fraction,
            done,
            part,
            parts: self.parts(),
            sweep: sweep.map(|sweep| SweepProgress {
                column: sweep.column,
                columns: sweep.columns,
                states: sweep.states,
                states_per_column: self.per_column.clone(),
                bytes: sweep.bytes,
                peak_bytes: self.peak_bytes.max(sweep.peak_bytes),
            }),
            listing: match &self.engine {
                Engine::Listing(listing) => Some(listing.progress()),
                _ => None,
            },
            at_once: match &self.engine {
                Engine::Grid(every) if every.lanes() > 1 => every
                    .progress()
                    .running
                    .into_iter()
                    .map(|(start, sweep)| SweepUnderWay {
                        start: start.map(|start| self.board.name(start)),
                        column: sweep.column,
                        states: sweep.states,
                        bytes: sweep.bytes,
                    })
                    .collect(),
                _ => Vec::new(),
            },
        }
    }

    /// The tours from each square, by square index, once a count from every square is done.
    pub fn grid(&self) -> Option<Vec<u128>> {
        if !matches!(self.question, Question::EveryStart { .. }) {
            return None;
        }
        match &self.engine {
            Engine::Grid(every) => every.tours().map(<[u128]>::to_vec),
            Engine::Listing(listing) => listing.grid().map(<[u128]>::to_vec),
            Engine::Sweep(_) => None,
        }
    }

    /// The number of tours asked for, once done: from every square, the board's tours (open
    /// tours in each direction, which is the sum over the squares they start on; closed tours
    /// once each).
    pub fn tours(&self) -> Option<u128> {
        let grid = match &self.engine {
            Engine::Sweep(counter) => return counter.tours(),
            Engine::Grid(every) => every.tours()?,
            Engine::Listing(listing) => listing.grid()?,
        };
        let at = |square: Square| grid[square.index()];
        Some(match self.question {
            Question::Tours(
                Tours::OpenFrom(start) | Tours::ClosedFrom(start) | Tours::OpenBetween(start, _),
            ) => at(start),
            // Every closed tour passes through every square, once each way round.
            Question::Tours(Tours::Closed) | Question::EveryStart { closed: true } => at(Square(0)) / 2,
            // Every open tour starts on one square.
            Question::Tours(Tours::Open) | Question::EveryStart { closed: false } => grid.iter().sum(),
        })
    }

    /// The answer as a page shows it, once done.
    pub fn answer(&self) -> Option<Answer> {
        let tours = self.tours()?;
        let grid = self.grid();
        let kind = match self.question {
            Question::Tours(tours) => tours,
            Question::EveryStart { closed: true } => Tours::Closed,
            Question::EveryStart { closed: false } => Tours::Open,
        };
        Some(Answer::new(self.board, kind, tours, grid))
    }
}
