//! A count as a front end runs it: the question (the tours of a kind, or the tours from every
//! square), answered by either method a slice of time at a time, with what a person watching
//! wants to know on the way (how far it has got, the states each column of a frontier sweep
//! holds, the tours a listing has found) and at the end (the number, the grid, the sequences of
//! the OEIS it matches). The command line and the page's worker both drive this.

use std::path::{Path, PathBuf};

use super::checkpoint;
use super::every_start::{EveryStart, Share};
use super::frontier::{estimate, max_height, FrontierCounter, Refusal, SweepStatus};
use super::plan::Plan;
use super::{Method, TourCounter, Tours};
use crate::board::{Board, Square};
use crate::search::clock::{within, Clock};

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
    /// Where a count of one sweep is saved as it goes (see [`Count::keep_checkpoint`]).
    checkpoint: Option<Saving>,
}

/// A count saved as it goes: where, and the step of its states saved last.
struct Saving {
    path: PathBuf,
    step: u32,
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
        if share.lane >= share.lanes {
            return Err(CountError::NoSuchShare { lane: share.lane, lanes: share.lanes });
        }
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
        // wider than its words overflow (a panic in a debug build).
        let closed = match question {
            Question::Tours(tours) => tours.closed(),
            Question::EveryStart { closed } => closed,
        };
        if method == Method::Frontier && board.rows().min(board.cols()) > max_height(closed) {
            return Err(Refusal::TooTall { board, closed }.into());
        }
        let (engine, estimate) = match (question, method) {
            (Question::Tours(tours), Method::Frontier) => {
                let threads = match lanes {
                    Lanes::Threads(threads) => threads,
                    Lanes::Share(_) => 1,
                };
                let counter = FrontierCounter::new(board, tours, limit)?.on_threads(threads);
                (Engine::Sweep(counter), Some(estimate(board, tours)))
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
            checkpoint: None,
        })
    }

    /// Saves the count at `path` at the start of each column, and resumes it from there if a
    /// checkpoint of it is there already (see [`super::checkpoint`]): where it resumed, if it
    /// did. Only a count of one sweep is saved: of tours of a kind, by frontier.
    pub fn keep_checkpoint(&mut self, path: PathBuf) -> Result<Option<SweepStatus>, CountError> {
        let Engine::Sweep(counter) = &mut self.engine else {
            let every_start = matches!(self.question, Question::EveryStart { .. });
            return Err(CountError::NotSaved { method: self.method.label(), every_start });
        };
        counter.pause_at_columns();
        let resumed = counter.resume(&path)?.then(|| counter.status());
        if let Some(status) = resumed {
            let height = self.board.rows().min(self.board.cols()) as usize;
            Count::note_steps(&mut self.per_column, height, counter.states_per_step());
            self.last_sweep = Some(status);
        }
        self.checkpoint = Some(Saving { path, step: counter.status().step });
        Ok(resumed)
    }

    /// Saves the count now, if it is saved as it goes (a step under way is counted again when
    /// it resumes): where, and the sweep saved.
    pub fn save_checkpoint(&mut self) -> Result<Option<(&Path, SweepStatus)>, CountError> {
        let (Engine::Sweep(counter), Some(saving)) = (&self.engine, &mut self.checkpoint) else {
            return Ok(None);
        };
        counter.save(&saving.path)?;
        saving.step = counter.status().step;
        Ok(Some((&saving.path, counter.status())))
    }

    /// Saves the sweep where a column starts, once; removes the checkpoint once the count is
    /// done.
    fn save_at_column(&mut self) -> Result<(), CountError> {
        let (Engine::Sweep(counter), Some(saving)) = (&self.engine, &mut self.checkpoint) else {
            return Ok(());
        };
        let status = counter.status();
        if status.done {
            checkpoint::remove(&saving.path)?;
            self.checkpoint = None;
        } else if counter.at_column_start() && status.step > saving.step {
            counter.save(&saving.path)?;
            saving.step = status.step;
        }
        Ok(())
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
        {
            let deadline = clock.now_ms() + budget_ms;
            match &mut self.engine {
                Engine::Grid(every) if every.lanes() > 1 => {
                    let progress = every.run_threads(STATES_PER_LOOK, || clock.now_ms() < deadline)?;
                    self.note_lanes(&progress);
                    return Ok(progress.done);
                }
                Engine::Sweep(counter) if counter.threads() > 1 => {
                    let status = counter.run_threads(STATES_PER_LOOK, || clock.now_ms() < deadline)?;
                    let height = self.board.rows().min(self.board.cols()) as usize;
                    Count::note_steps(&mut self.per_column, height, counter.states_per_step());
                    self.peak_bytes = self.peak_bytes.max(status.peak_bytes);
                    self.last_sweep = Some(status);
                    self.save_at_column()?;
                    return Ok(status.done);
                }
                _ => {}
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
        self.save_at_column()?;
        Ok(done)
    }

    /// Keeps in `per_column` the most states of each column's steps, from the states after each
    /// step (those after `step` squares are read in the step's column: see [`SweepStatus`]).
    fn note_steps(per_column: &mut [usize], height: usize, states_per_step: &[usize]) {
        for (step, &states) in states_per_step.iter().enumerate() {
            let column = (step / height).min(per_column.len() - 1);
            per_column[column] = per_column[column].max(states);
        }
    }

    /// Takes in what the counts by class run on threads held: the most states of each column
    /// from their steps (exact, though their slices were not watched one by one), the memory
    /// of all of them together.
    #[cfg(not(target_arch = "wasm32"))]
    fn note_lanes(&mut self, progress: &super::GridProgress) {
        let Engine::Grid(every) = &self.engine else { return };
        let height = self.board.rows().min(self.board.cols()) as usize;
        Count::note_steps(&mut self.per_column, height, &every.states_per_step());
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
            work_done: match &self.engine {
                Engine::Sweep(counter) => Some(counter.work_done()),
                _ => None,
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
