//! A part's progress as numbers, for the page's workers to hand over: a typed array crosses
//! into WebAssembly as one copy, where an object read field by field through serde made the
//! module 11 KiB larger.

use super::super::Method;
use super::report::{CountProgress, SweepProgress};

impl CountProgress {
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
            work_done: None,
        })
    }
}
