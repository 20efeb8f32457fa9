//! A count as a front end runs it: the question (the tours of a kind, or the tours from every
//! square), answered by either method a slice of time at a time, with what a person watching
//! wants to know on the way (how far it has got, the states each column of a frontier sweep
//! holds, the tours a listing has found) and at the end (the number, the grid, the sequences of
//! the OEIS it matches). The command line and the page's worker both drive this.

use std::fmt;

use serde::Serialize;

use super::every_start::{most, EveryStart, Share};
use super::frontier::{estimate, max_height, size, FrontierCounter, Refusal, SweepStatus};
use super::oeis::{cite, Citation};
use super::plan::Plan;
use super::symmetry::classes;
use super::{Method, TourCounter, Tours};
use crate::board::{Board, Square};
use crate::session::{within, Clock, CHUNK};
use crate::solver::SolverError;

/// What a count answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// How many tours of a kind.
    Tours(Tours),
    /// How many tours start on each square (closed ones: pass through it, each direction once).
    EveryStart { closed: bool },
}

impl Question {
    /// What a run's settings ask: the tours from its start (closed ones, if `closed`), or with
    /// `every_start` the tours from every square.
    pub fn asked(start: Square, closed: bool, every_start: bool) -> Question {
        match (every_start, closed) {
            (true, _) => Question::EveryStart { closed },
            (false, true) => Question::Tours(Tours::ClosedFrom(start)),
            (false, false) => Question::Tours(Tours::OpenFrom(start)),
        }
    }
}

/// Why a count cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountError {
    /// The frontier counter refused it, or stopped.
    Refused(Refusal),
    /// The search that lists tours refused its start.
    Search(SolverError),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Refused(refusal) => refusal.fmt(f),
            CountError::Search(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for CountError {}

impl From<Refusal> for CountError {
    fn from(refusal: Refusal) -> CountError {
        CountError::Refused(refusal)
    }
}

impl From<SolverError> for CountError {
    fn from(error: SolverError) -> CountError {
        CountError::Search(error)
    }
}

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

/// Counting by listing: one search after another, each from a square (to another, if asked),
/// its count standing for every square of its class (the squares the board's symmetries
/// exchange start as many tours).
struct Listing {
    board: Board,
    /// The searches still to make, the next last.
    to_make: Vec<Search>,
    searches: usize,
    current: Option<(Search, TourCounter)>,
    /// The tours from each square, once its search is made, by square index.
    grid: Vec<u128>,
    /// Tours listed and squares placed by the searches made.
    listed: u128,
    placements: u64,
}

struct Search {
    start: Square,
    end: Option<Square>,
    closed: bool,
    /// The squares whose count it makes.
    squares: Vec<Square>,
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
            Engine::Listing(listing) => listing.searches,
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
            Engine::Listing(listing) => {
                let within = listing.current.as_ref().map_or(0.0, |(_, counter)| counter.status().fraction);
                let made = listing.searches - listing.to_make.len() - usize::from(listing.current.is_some());
                let done = listing.current.is_none();
                let fraction = if done { 1.0 } else { (made as f64 + within) / listing.searches as f64 };
                (made, fraction, done, None)
            }
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
            Engine::Listing(listing) => listing.done().then(|| listing.grid.clone()),
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
            Engine::Listing(listing) => listing.done().then_some(&listing.grid[..])?,
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

impl Answer {
    fn new(board: Board, kind: Tours, tours: u128, grid: Option<Vec<u128>>) -> Answer {
        Answer {
            tours: tours.to_string(),
            grid: grid.map(|grid| grid.iter().map(u128::to_string).collect()),
            citations: cite(board, kind, tours),
        }
    }

    /// The answer of a count of the open tours from every square of `board` made in parts
    /// ([`Count::share`]), from their grids: each square's tours are in one part's grid, and
    /// the board's are their sum.
    pub fn of_parts(board: Board, parts: &[Vec<u128>]) -> Answer {
        let mut grid = vec![0u128; board.len() as usize];
        for part in parts {
            for (tours, &more) in grid.iter_mut().zip(part) {
                *tours += more;
            }
        }
        let tours = grid.iter().sum();
        Answer::new(board, Tours::Open, tours, Some(grid))
    }
}

impl Listing {
    fn new(board: Board, question: Question) -> Result<Listing, SolverError> {
        let one = |start: Square, end: Option<Square>, closed: bool| {
            vec![Search { start, end, closed, squares: vec![start] }]
        };
        let by_class = |closed: bool| -> Vec<Search> {
            classes(board)
                .into_iter()
                .filter(|class| !class.no_open_tour)
                .map(|class| Search {
                    start: class.representative(),
                    end: None,
                    closed,
                    squares: class.squares,
                })
                .collect()
        };
        let mut to_make = match question {
            Question::Tours(Tours::OpenFrom(start)) => one(start, None, false),
            Question::Tours(Tours::ClosedFrom(start)) => one(start, None, true),
            Question::Tours(Tours::OpenBetween(start, end)) => one(start, Some(end), false),
            // One search for all: every closed tour passes through every square.
            Question::Tours(Tours::Closed) | Question::EveryStart { closed: true } => {
                vec![Search { start: Square(0), end: None, closed: true, squares: board.squares().collect() }]
            }
            Question::Tours(Tours::Open) | Question::EveryStart { closed: false } => by_class(false),
        };
        to_make.reverse();
        let searches = to_make.len();
        let mut listing = Listing {
            board,
            to_make,
            searches,
            current: None,
            grid: vec![0; board.len() as usize],
            listed: 0,
            placements: 0,
        };
        listing.start_next()?;
        Ok(listing)
    }

    /// Starts the next search, if there is one.
    fn start_next(&mut self) -> Result<(), SolverError> {
        let board = self.board;
        self.current = match self.to_make.pop() {
            Some(search) => {
                let counter = match search.end {
                    Some(end) => TourCounter::between(board, search.start, end)?,
                    None => TourCounter::new(board, search.start, search.closed)?,
                };
                Some((search, counter))
            }
            None => None,
        };
        Ok(())
    }

    fn done(&self) -> bool {
        self.current.is_none()
    }

    /// Runs the search under way a little; true once every search is made.
    fn run(&mut self) -> Result<bool, SolverError> {
        let Some((search, counter)) = &mut self.current else { return Ok(true) };
        if counter.run(CHUNK as usize * 16) {
            let found = counter.status();
            for square in &search.squares {
                self.grid[square.index()] = u128::from(found.tours);
            }
            self.listed += u128::from(found.tours);
            self.placements += found.placements;
            self.start_next()?;
        }
        Ok(self.done())
    }

    fn progress(&self) -> ListingProgress {
        let current = self.current.as_ref().map(|(_, counter)| counter.status());
        ListingProgress {
            listed: (self.listed + current.map_or(0, |found| u128::from(found.tours))).to_string(),
            placements: self.placements + current.map_or(0, |found| found.placements),
        }
    }
}

/// What a count will do, said before it starts.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outline {
    /// `frontier` or `enumerate`.
    pub method: &'static str,
    /// The frontier's sweep.
    pub sweep: Option<SweepOutline>,
    /// The frontier's estimate of the memory its tables may take.
    pub memory: Option<Memory>,
    /// Sweeps (forward and back, or one per class of squares) or searches to make.
    pub parts: usize,
    /// How a count from every square by frontier goes.
    pub every_start: Option<GridWay>,
}

/// How a count from every square by frontier goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum GridWay {
    /// One count of the board's closed tours: each passes through every square, once each way
    /// round.
    Cycles,
    /// A sweep forward keeping every step's table, then one back over them: the tours from a
    /// square add up where it leaves the frontier as an end.
    ForwardAndBack,
    /// One count from a square of each class the board's symmetries exchange, where the tables
    /// of a whole sweep would not fit in the memory allowed.
    ByClass,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SweepOutline {
    /// Columns along the long side, swept one after another, of `height` squares each.
    pub columns: u32,
    pub height: u32,
    /// The squares whose state the sweep remembers: as far back as a knight reaches.
    pub window: u32,
}

/// Knuth's estimate of a listing's search tree.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ListingSize {
    /// Placements in all (infinite past what a float holds).
    pub placements: f64,
    /// The random paths it averages.
    pub probes: u32,
}

/// Bytes of memory as the count reports them: how many, of how many allowed, in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Memory {
    pub bytes: usize,
    pub limit: usize,
    /// "109.5 MiB", "2.0 GiB".
    pub words: String,
    pub limit_words: String,
}

impl Memory {
    fn new(bytes: usize, limit: usize) -> Memory {
        Memory { bytes, limit, words: size(bytes), limit_words: size(limit) }
    }
}

/// Where a count has got to.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CountProgress {
    pub method: String,
    /// The share done, from 0 to 1 (of a listing: estimated from the search tree's shape).
    pub fraction: f64,
    pub done: bool,
    /// Sweeps or searches made, of `parts`.
    pub part: usize,
    pub parts: usize,
    pub sweep: Option<SweepProgress>,
    pub listing: Option<ListingProgress>,
    /// The counts under way at once, natively, from a square of each of several classes (see
    /// [`Count::on_threads`]); empty where one sweep runs at a time.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub at_once: Vec<SweepUnderWay>,
}

impl CountProgress {
    /// Where a count made in parts ([`Count::share`]) has got to, from where each part has:
    /// the share of all their sweeps done, the sweep of the first part still counting, every
    /// part's sweep under way at once, their memory together.
    pub fn of_parts(parts: &[CountProgress]) -> CountProgress {
        let sweeps: usize = parts.iter().map(|part| part.parts).sum();
        let done = parts.iter().all(|part| part.done);
        let swept: f64 = parts.iter().map(|part| part.fraction * part.parts as f64).sum();
        let under_way = |part: &&CountProgress| !part.done && part.sweep.is_some();
        let every_sweep = || parts.iter().filter_map(|part| part.sweep.as_ref());
        let sweeps_under_way = || parts.iter().filter(under_way).filter_map(|part| part.sweep.as_ref());
        let first = parts.iter().find(under_way).or(parts.first());
        let sweep = first.and_then(|first| first.sweep.clone()).map(|mut sweep| {
            for other in every_sweep() {
                most(&mut sweep.states_per_column, &other.states_per_column);
            }
            // Saturating: on WebAssembly two workers' 3 GiB pass a 32-bit usize.
            sweep.bytes = sweeps_under_way().map(|s| s.bytes).fold(0, usize::saturating_add);
            sweep.peak_bytes = every_sweep().map(|s| s.peak_bytes).fold(0, usize::saturating_add);
            sweep
        });
        CountProgress {
            method: first.map_or_else(String::new, |first| first.method.clone()),
            fraction: if done { 1.0 } else { swept / sweeps.max(1) as f64 },
            done,
            part: parts.iter().map(|part| part.part).sum(),
            parts: sweeps,
            sweep,
            listing: None,
            at_once: sweeps_under_way()
                .map(|sweep| SweepUnderWay {
                    start: None,
                    column: sweep.column,
                    states: sweep.states,
                    bytes: sweep.bytes,
                })
                .collect(),
        }
    }

    /// What [`CountProgress::of_parts`] reads of a part, as numbers: the form in which the
    /// page's workers hand their shares' progress to the page, which hands them back to the
    /// core to put together. A typed array crosses into WebAssembly as one copy, where an
    /// object read field by field through serde made the module 11 KiB larger.
    ///
    /// `[method, fraction, done, part, parts]`, the method by its place in [`Method::NAMES`],
    /// then of a sweep under way `[column, columns, states, bytes, peak bytes]` and its
    /// `columns` states per column. Sizes are far below 2^53: every one is a whole `f64`.
    pub fn to_numbers(&self) -> Vec<f64> {
        let method =
            Method::NAMES.iter().position(|&name| name == self.method).unwrap_or(Method::NAMES.len());
        let mut numbers = vec![
            method as f64,
            self.fraction,
            f64::from(u8::from(self.done)),
            self.part as f64,
            self.parts as f64,
        ];
        if let Some(sweep) = &self.sweep {
            let head =
                [sweep.column as usize, sweep.columns as usize, sweep.states, sweep.bytes, sweep.peak_bytes];
            numbers.extend(head.iter().chain(&sweep.states_per_column).map(|&n| n as f64));
        }
        numbers
    }

    /// The progress [`CountProgress::to_numbers`] wrote (without what `of_parts` does not
    /// read: a listing, the sweeps under way at once); `None` for numbers it did not write.
    pub fn from_numbers(numbers: &[f64]) -> Option<CountProgress> {
        // A whole number a `usize` holds: NaN, negatives, fractions and the too large come back changed.
        let whole = |n: f64| (n as usize as f64 == n).then_some(n as usize);
        let (&[method, fraction, done, part, parts], rest) = numbers.split_first_chunk::<5>()?;
        let sweep = match rest.split_first_chunk::<5>() {
            None if rest.is_empty() => None,
            None => return None,
            Some((&[column, columns, states, bytes, peak_bytes], per_column)) => {
                let states_per_column = per_column.iter().map(|&n| whole(n)).collect::<Option<Vec<_>>>()?;
                (states_per_column.len() == whole(columns)?).then_some(())?;
                Some(SweepProgress {
                    column: u32::try_from(whole(column)?).ok()?,
                    columns: u32::try_from(whole(columns)?).ok()?,
                    states: whole(states)?,
                    states_per_column,
                    bytes: whole(bytes)?,
                    peak_bytes: whole(peak_bytes)?,
                })
            }
        };
        Some(CountProgress {
            method: Method::NAMES.get(whole(method)?)?.to_string(),
            fraction: (0.0..=1.0).contains(&fraction).then_some(fraction)?,
            done: [false, true].get(whole(done)?).copied()?,
            part: whole(part)?,
            parts: whole(parts)?,
            sweep,
            listing: None,
            at_once: Vec::new(),
        })
    }
}

/// One of several sweeps under way at once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SweepUnderWay {
    /// The square it counts the tours from.
    pub start: Option<String>,
    /// The column being swept (from 0).
    pub column: u32,
    /// The states of the table being read, and the memory of its tables.
    pub states: usize,
    pub bytes: usize,
}

/// A frontier sweep under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SweepProgress {
    /// The column being swept (from 0), of `columns`.
    pub column: u32,
    pub columns: u32,
    /// The states of the table being read.
    pub states: usize,
    /// The most states any step of each column held so far (0 for columns not reached).
    pub states_per_column: Vec<usize>,
    /// The tables' memory now, and at most so far.
    pub bytes: usize,
    pub peak_bytes: usize,
}

/// A listing under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ListingProgress {
    /// Tours found so far, in decimal.
    pub listed: String,
    pub placements: u64,
}

/// A count's answer as a page shows it: numbers in decimal, since they pass 2^53.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The number of tours asked for; from every square, the board's (see [`Count::tours`]).
    pub tours: String,
    /// From every square: the tours from each, by square index.
    pub grid: Option<Vec<String>>,
    /// The sequences of the OEIS the number matches.
    pub citations: Vec<Citation>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::frontier::{estimate_keeping_tables, DEFAULT_MEMORY};

    /// A clock that moves a millisecond each time it is read: a slice is a few steps.
    fn ticks() -> impl FnMut() -> f64 {
        let mut now = 0.0;
        move || {
            now += 1.0;
            now
        }
    }

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    fn finish(count: &mut Count) -> Vec<CountProgress> {
        let mut seen = vec![count.progress()];
        let mut clock = ticks();
        while !count.run(5.0, &mut clock).unwrap() {
            seen.push(count.progress());
        }
        seen.push(count.progress());
        seen
    }

    #[test]
    fn both_methods_answer_every_question_alike() {
        let b = board("5x5");
        let a1 = b.parse_square("a1").unwrap();
        let c3 = b.parse_square("c3").unwrap();
        let questions = [
            (Question::Tours(Tours::OpenFrom(a1)), "304"),
            (Question::Tours(Tours::Open), "1728"),
            (Question::Tours(Tours::OpenBetween(a1, c3)), "16"),
            (Question::Tours(Tours::Closed), "0"),
            (Question::EveryStart { closed: false }, "1728"),
        ];
        for (question, tours) in questions {
            let answers: Vec<Answer> = [Method::Frontier, Method::Enumerate]
                .into_iter()
                .map(|method| {
                    let mut count = Count::new(b, question, method, DEFAULT_MEMORY).unwrap();
                    finish(&mut count);
                    count.answer().expect("done")
                })
                .collect();
            assert_eq!(answers[0], answers[1], "{question:?}");
            assert_eq!(answers[0].tours, tours, "{question:?}");
        }
        let six = board("6x5");
        for method in [Method::Frontier, Method::Enumerate] {
            let mut count =
                Count::new(six, Question::EveryStart { closed: true }, method, DEFAULT_MEMORY).unwrap();
            finish(&mut count);
            let grid = count.grid().unwrap();
            assert!(
                grid.iter().all(|&tours| tours == 16),
                "{method:?}: 8 closed tours, through each square both ways"
            );
            assert_eq!(count.tours(), Some(8));
        }
    }

    #[test]
    fn a_grid_is_the_tours_from_each_square_with_the_board_total() {
        let b = board("5x5");
        let mut count =
            Count::new(b, Question::EveryStart { closed: false }, Method::Frontier, DEFAULT_MEMORY).unwrap();
        finish(&mut count);
        let answer = count.answer().unwrap();
        let grid = answer.grid.unwrap();
        let at = |name: &str| grid[b.parse_square(name).unwrap().index()].as_str();
        // TOURS.md: 304 from a corner, 56 from (0,2) and (1,1), 64 from the centre, none from the
        // other colour; 1,728 in all (OEIS A165134).
        assert_eq!((at("a1"), at("c5"), at("b4"), at("c3"), at("b1")), ("304", "56", "56", "64", "0"));
        assert_eq!(answer.tours, "1728");
        // 5x5 is n×n and 5×n: directed, and twice the undirected 864.
        assert_eq!(answer.citations.iter().map(|c| c.id).collect::<Vec<_>>(), ["A165134", "A083386"]);
    }

    #[test]
    fn a_frontier_count_says_its_sweep_and_memory_first_and_its_states_per_column_as_it_goes() {
        let b = board("6x8");
        let mut count =
            Count::new(b, Question::Tours(Tours::Closed), Method::Frontier, DEFAULT_MEMORY).unwrap();
        let outline = count.outline();
        assert_eq!(outline.sweep, Some(SweepOutline { columns: 8, height: 6, window: 13 }));
        let memory = outline.memory.unwrap();
        assert_eq!((memory.bytes, memory.limit), (estimate(b, Tours::Closed), DEFAULT_MEMORY));
        assert!(memory.words.ends_with("MiB"), "{}", memory.words);
        let seen = finish(&mut count);
        let fractions: Vec<f64> = seen.iter().map(|progress| progress.fraction).collect();
        assert!(fractions.windows(2).all(|pair| pair[0] <= pair[1]), "the share done only grows");
        let last = seen.last().unwrap();
        assert!(last.done && last.fraction == 1.0);
        let sweep = last.sweep.as_ref().unwrap();
        // 6x8 closed, the most states any step of each column held, the patterns of degrees that
        // can never be finished dropped (degrees.rs).
        assert_eq!(sweep.states_per_column, [1, 32, 906, 12_229, 162_742, 181_762, 84_806, 15_729]);
        assert_eq!(sweep.states_per_column.iter().max(), Some(&181_762));
        assert!(sweep.peak_bytes >= sweep.bytes);
        let answer = count.answer().unwrap();
        assert_eq!(answer.tours, "55488142");
        assert_eq!(answer.citations.iter().map(|c| c.id).collect::<Vec<_>>(), ["A175881", "A193055"]);
    }

    #[test]
    fn a_listing_says_the_tours_found_so_far_search_by_search() {
        let b = board("5x5");
        let mut count =
            Count::new(b, Question::Tours(Tours::Open), Method::Enumerate, DEFAULT_MEMORY).unwrap();
        let outline = count.outline();
        assert_eq!((outline.method, outline.sweep, outline.memory), ("enumerate", None, None));
        // The classes of 5x5's corners' colour: the corners, (0,2), (1,1), the centre.
        assert_eq!(outline.parts, 4);
        let seen = finish(&mut count);
        let listed: Vec<u128> =
            seen.iter().map(|progress| progress.listing.as_ref().unwrap().listed.parse().unwrap()).collect();
        assert!(listed.windows(2).all(|pair| pair[0] <= pair[1]));
        // One tour listed per class's representative: 304 + 56 + 56 + 64.
        assert_eq!(listed.last(), Some(&480));
        assert_eq!(count.tours(), Some(1728));
    }

    #[test]
    fn a_count_from_a_start_estimates_how_long_listing_would_take() {
        let b = board("5x5");
        let a1 = b.parse_square("a1").unwrap();
        let count =
            Count::new(b, Question::Tours(Tours::OpenFrom(a1)), Method::Frontier, DEFAULT_MEMORY).unwrap();
        let size = count.listing_size().expect("a tree to estimate");
        let mut listing = TourCounter::new(b, a1, false).unwrap();
        while !listing.run(1 << 16) {}
        let made = listing.status().placements as f64;
        assert!(
            (size.placements / made - 1.0).abs() < 0.25,
            "Knuth's {} against {made} made",
            size.placements
        );
        let every =
            Count::new(b, Question::EveryStart { closed: false }, Method::Frontier, DEFAULT_MEMORY).unwrap();
        assert_eq!(every.listing_size(), None);
    }

    #[test]
    fn refusals_come_before_any_work_in_the_counters_words() {
        let refused = |text: &str, question: Question, limit: usize| {
            Count::new(board(text), question, Method::Frontier, limit).err().expect("refused").to_string()
        };
        assert!(refused("8x8", Question::Tours(Tours::Closed), DEFAULT_MEMORY).contains("short side is 8"));
        let corner = board("9x8").parse_square("a1").unwrap();
        assert!(refused("9x8", Question::Tours(Tours::OpenFrom(corner)), DEFAULT_MEMORY)
            .contains("short side is 8"));
        let open = refused("7x7", Question::Tours(Tours::Open), 2 << 30);
        assert!(
            open.starts_with("counting 7x7 would need about") && open.ends_with("the limit is 2.0 GiB"),
            "{open}"
        );
        let grid = refused("7x7", Question::EveryStart { closed: false }, 2 << 30);
        assert!(grid.contains("the limit is 2.0 GiB"), "{grid}");
    }

    #[test]
    fn a_count_from_every_square_estimates_what_every_start_will_keep() {
        let estimated = |closed: bool, limit: usize, threads: usize| {
            let question = Question::EveryStart { closed };
            let count = Count::on_threads(board("5x10"), question, Method::Frontier, limit, threads);
            count.unwrap().outline().memory.unwrap().bytes
        };
        // 5x10's tables for a whole sweep fit in the default memory: the estimate is theirs.
        let b = board("5x10");
        assert_eq!(estimated(false, DEFAULT_MEMORY, 1), estimate_keeping_tables(b, Tours::Open));
        // With less room, one count a class: one table's estimate, or as many as run at once,
        // each in its share of the limit.
        let one = estimate(b, Tours::Open);
        assert_eq!(estimated(false, one, 1), one);
        assert_eq!(estimated(false, one, 4), one, "room for one count only");
        assert_eq!(estimated(false, 3 * one, 4), 3 * one);
        assert_eq!(estimated(true, DEFAULT_MEMORY, 4), estimate(b, Tours::Closed), "one count of cycles");
    }

    #[test]
    fn a_grid_counted_in_shares_is_the_grid_counted_at_once() {
        for text in ["5x5", "5x6", "3x8"] {
            let b = board(text);
            // Memory for one count from a square, not for a whole sweep's tables: by class.
            let limit = estimate(b, Tours::Open);
            assert!(estimate_keeping_tables(b, Tours::Open) > limit, "{text}");
            let question = Question::EveryStart { closed: false };
            let mut whole = Count::new(b, question, Method::Frontier, DEFAULT_MEMORY).unwrap();
            // To its end a count tells the sweeps it makes, as its outline does.
            let last = finish(&mut whole).pop().unwrap();
            assert_eq!((last.part, last.parts), (whole.outline().parts, whole.outline().parts), "{text}");
            assert_eq!(crate::count::shares(b, false, limit, 8), 2, "{text}");
            assert_eq!(
                crate::count::shares(b, false, DEFAULT_MEMORY, 8),
                1,
                "{text} sweeps forward and back"
            );
            assert_eq!(crate::count::shares(b, true, limit, 8), 1, "{text} closed: one count");
            let mut sweeps = 0;
            let parts: Vec<_> = (0..2)
                .map(|lane| {
                    let mut part = Count::share(b, limit, Share { lane, lanes: 2 }).unwrap();
                    assert_eq!(part.outline().every_start, Some(GridWay::ByClass));
                    sweeps += part.outline().parts;
                    (finish(&mut part), part.grid().unwrap())
                })
                .collect();
            let (seen, parts): (Vec<_>, Vec<_>) = parts.into_iter().unzip();
            // From the numbers the page's workers send, the same progress at every point; the
            // shares' sweeps all told from start to end, though one ends first, and the share
            // of them done never going back.
            let mut before = 0.0;
            for step in 0..seen[0].len().max(seen[1].len()) {
                let at: Vec<_> = seen.iter().map(|seen| seen[step.min(seen.len() - 1)].clone()).collect();
                let numbers = at.iter().map(|part| CountProgress::from_numbers(&part.to_numbers()).unwrap());
                let together = CountProgress::of_parts(&at);
                assert_eq!(CountProgress::of_parts(&numbers.collect::<Vec<_>>()), together);
                assert_eq!(together.parts, sweeps, "{text}, step {step}");
                assert!(
                    together.fraction >= before,
                    "{text}, step {step}: {} after {before}",
                    together.fraction
                );
                before = together.fraction;
            }
            let [before, after] = [0, 1].map(|end| {
                let at: Vec<_> = seen.iter().map(|seen| seen[end * (seen.len() - 1)].clone()).collect();
                CountProgress::of_parts(&at)
            });
            assert_eq!((before.done, before.fraction, before.at_once.len()), (false, 0.0, 2), "{text}");
            assert_eq!((after.done, after.fraction, after.part), (true, 1.0, after.parts), "{text}");
            let halfway: Vec<_> =
                [&seen[0][seen[0].len() / 2], seen[1].last().unwrap()].map(Clone::clone).to_vec();
            let halfway = CountProgress::of_parts(&halfway);
            assert!(!halfway.done && halfway.fraction > 0.5 && halfway.fraction < 1.0, "{text}: {halfway:?}");
            assert!(parts.iter().all(|part| part.iter().any(|&tours| tours > 0)), "{text}: each part counts");
            assert_eq!(Some(Answer::of_parts(b, &parts)), whole.answer(), "{text}");
        }
    }

    #[test]
    fn numbers_that_are_not_a_parts_progress_are_refused() {
        let mut count = Count::share(board("5x5"), DEFAULT_MEMORY, Share { lane: 0, lanes: 2 }).unwrap();
        let numbers = finish(&mut count)[1].to_numbers();
        assert!(numbers.len() > 10, "a sweep under way: {numbers:?}");
        assert!(CountProgress::from_numbers(&numbers).is_some());
        let changed = |at: usize, to: f64| {
            let mut numbers = numbers.clone();
            numbers[at] = to;
            numbers
        };
        let wrong = [
            numbers[..4].to_vec(),
            numbers[..7].to_vec(),
            numbers[..numbers.len() - 1].to_vec(),
            changed(0, 2.0),
            changed(2, 0.5),
            changed(3, -1.0),
            changed(6, f64::NAN),
            changed(1, f64::INFINITY),
        ];
        for numbers in wrong {
            assert_eq!(CountProgress::from_numbers(&numbers), None, "{numbers:?}");
        }
    }

    #[test]
    fn a_count_from_every_square_says_how_it_will_go() {
        let way = |text: &str, closed: bool, limit: usize| {
            let count = Count::new(board(text), Question::EveryStart { closed }, Method::Frontier, limit);
            count.unwrap().outline().every_start
        };
        assert_eq!(way("5x10", true, DEFAULT_MEMORY), Some(GridWay::Cycles));
        assert_eq!(way("5x10", false, DEFAULT_MEMORY), Some(GridWay::ForwardAndBack));
        let b = board("5x10");
        let one_table = estimate(b, Tours::Open);
        assert!(one_table < estimate_keeping_tables(b, Tours::Open));
        assert_eq!(way("5x10", false, one_table), Some(GridWay::ByClass));
        let from_a1 = Question::Tours(Tours::OpenFrom(Square(0)));
        assert_eq!(
            Count::new(b, from_a1, Method::Frontier, DEFAULT_MEMORY).unwrap().outline().every_start,
            None
        );
    }

    #[test]
    fn a_count_from_every_square_done_still_says_what_its_sweeps_held() {
        let mut count =
            Count::new(board("5x6"), Question::EveryStart { closed: true }, Method::Frontier, DEFAULT_MEMORY)
                .unwrap();
        let last = finish(&mut count).pop().unwrap();
        assert!(last.done);
        let sweep = last.sweep.expect("the last sweep's");
        assert_eq!((sweep.column, sweep.columns), (5, 6));
        assert!(sweep.states_per_column.iter().all(|&states| states > 0), "{:?}", sweep.states_per_column);
    }
}
