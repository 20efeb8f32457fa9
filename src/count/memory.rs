//! How much memory and time a count by frontier will take, estimated before it starts from the
//! counter's own runs, and how much memory it may take.

use super::Tours;
use crate::board::Board;

use super::table::BYTES_PER_SLOT;

/// The most memory a count may use in the page's worker: 3 of the 4 GiB a WebAssembly module
/// can address (the worker keeps the rest for the module and the table's growth: the 7x7 grid,
/// estimated at 2.4 GiB, took 2.0 GB in Chromium's worker); natively, where the machine's
/// memory cannot be read, 8 GiB. Natively [`default_memory`] follows the machine.
pub const DEFAULT_MEMORY: usize = if cfg!(target_arch = "wasm32") { 3 << 30 } else { 8 << 30 };

/// The most memory a count may use unless told otherwise: natively, half the machine's memory
/// or what is available now, whichever is less (so that a count leaves the machine usable and
/// never drives it into swap); [`DEFAULT_MEMORY`] in the page or where the machine does not say.
pub fn default_memory() -> usize {
    machine_memory().map_or(DEFAULT_MEMORY, |(total, available)| (total / 2).min(available))
}

/// The machine's memory and what of it is available now, from Linux's `/proc/meminfo`.
fn machine_memory() -> Option<(usize, usize)> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let field = |name: &str| -> Option<usize> {
        let line = info.lines().find(|line| line.starts_with(name))?;
        let kib: usize = line[name.len()..].trim().trim_end_matches("kB").trim().parse().ok()?;
        kib.checked_mul(1024)
    };
    Some((field("MemTotal:")?, field("MemAvailable:")?))
}

/// The bytes a count of `tours` on `board` may need at its peak: the most states a step holds
/// on long boards of the same height (measured by `bench/count.rs` and the runs noted at
/// `PEAK_STATES`), times the share of that a board this long reaches, times the bytes of a
/// state in the table being read and in the one being written (sized half as large again as
/// its states, twice that if it had to grow), plus the patterns of degrees (see
/// `super::degrees`).
pub fn estimate(board: Board, tours: Tours) -> usize {
    (peak_states(board, tours) as usize)
        .saturating_mul(3 * BYTES_PER_SLOT)
        .saturating_add(patterns(board, tours))
}

/// The seconds of one core a count of `tours` on `board` may take at the least: the states it
/// reads over the whole sweep, about ten times its peak on boards up to 8 long (9.7 on 5x8 and
/// 6x8, 10.6 on 7x8 closed, 10.1 on 8x8) and a level's worth a step past that, at the rate
/// measured on 7x8 closed (55 million states read in 7 s, 130 ns a state; 8x8's larger tables
/// took 340 ns).
pub fn estimate_seconds(board: Board, tours: Tours) -> f64 {
    states_to_read(board, tours) * 130e-9
}

/// The states a count of `tours` on `board` reads over the whole sweep, by its estimate (see
/// [`estimate_seconds`]).
pub fn states_to_read(board: Board, tours: Tours) -> f64 {
    let (height, length) = (board.rows().min(board.cols()), board.rows().max(board.cols()));
    let steps = (height * length.saturating_sub(7)).max(10);
    peak_states(board, tours) * f64::from(steps)
}

/// The most states a step of a count of `tours` on `board` may hold, by [`PEAK_STATES`].
pub fn peak_states(board: Board, tours: Tours) -> f64 {
    let (height, length) = (board.rows().min(board.cols()), board.rows().max(board.cols()));
    let (closed, open) = PEAK_STATES.get(height as usize).copied().unwrap_or((f64::MAX, f64::MAX));
    // The states per step grow column by column until the tenth or so, then stay level, much
    // alike for 5 and 6 rows: 5.5% of the level on boards 7 long (6x7 closed, 5x7 open), 18%
    // and 20% 8 long, 60% and 39% 9 long, 81% and 75% 10 long (the states the degrees let
    // through: most of the last columns' states have no way to finish and are never kept).
    let share = 3.4f64.powf(f64::from(length) - 9.37).min(1.0);
    (if tours.closed() { closed } else { open } * share).max(1024.0)
}

/// The level the states per step reach on long boards of each height, (closed, open): measured
/// on 3x24, 4x24, 5x24 and 6x14 (closed); 6 rows open and 7 rows from the peaks of 6x6 and 6x7
/// open (380 thousand, 2.0 million), 7x8 closed (5.2 million) and 7x7 open (46 million) by the
/// shares of [`peak_states`], rounded up; 8 rows closed from 8x8's (180 million, see
/// `docs/counting.md`); 8 rows open beyond the counter.
const PEAK_STATES: [(f64, f64); 9] = [
    (1.0, 1.0),
    (1.0, 1.0),
    (1.0, 1.0),
    (105.0, 898.0),
    (409.0, 3_185.0),
    (40_714.0, 530_884.0),
    (1_025_673.0, 40e6),
    (30e6, 900e6),
    (1.0e9, f64::MAX),
];

/// The bytes of the patterns of degrees: a bit for each of 3^(2h + 1) patterns, times the ends
/// a tour may have settled, for every step.
fn patterns(board: Board, tours: Tours) -> usize {
    let window = 2 * board.rows().min(board.cols()) + 1;
    let ends = if tours.closed() { 1 } else { 3 - tours.ends().len() };
    (3usize.saturating_pow(window).saturating_mul(ends) / 8).saturating_mul(board.len() as usize + 1)
}

/// The bytes a count of `tours` on `board` may need keeping every step's table: the states of
/// all steps are about ten times the peak's on boards up to 8 long (7.6 on 6x7 and 7x7 open,
/// 10.6 on 7x8 closed), and a level's worth per step past the ninth column, at 24 bytes a
/// state (tables half as large again as their states).
pub fn estimate_keeping_tables(board: Board, tours: Tours) -> usize {
    let (height, length) = (board.rows().min(board.cols()), board.rows().max(board.cols()));
    let steps = (height * length.saturating_sub(7)).max(10);
    // Saturating: on a 32-bit target (wasm) the bytes of a large count pass usize::MAX.
    ((peak_states(board, tours) * f64::from(steps) * 24.0) as usize).saturating_add(patterns(board, tours))
}
