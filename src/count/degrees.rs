//! Which patterns of degrees on the frontier can still become a tour: a coarse sweep, forward
//! then back, that lets the frontier counter drop most states that have no way to finish
//! before it stores them.
//!
//! A state of the counter says, for each square of its window, its degree so far and which
//! path ends are joined. Forget the joins and keep the degrees (0, 1 or 2, settled counting as
//! 2) and the number of ends settled: what is left is a pattern of at most 3^15 x 3 values on
//! boards 7 high (3^17 for the closed tours of boards 8 high), against billions of states. The same rules as the counter's (each square
//! within its capacity and still able to reach its degree, bare squares with one edge left no
//! more than the ends left) carry patterns from step to step; a sweep forward from the empty
//! board marks the patterns some partial tour reaches, and a sweep back keeps those from which
//! some choices lead to a finished board. A state whose pattern is not kept can never be
//! finished: every finished tour's pattern survives both sweeps. Near the end of the board most
//! states are like that (on 6x7, of the 8.8 million states at the peak 13% can be finished, and
//! nine in ten of the others are caught by their pattern), since the last columns cannot mend
//! what the frontier left undone.
//!
//! The patterns are bits in one bitmap per step, indexed by the degrees in base 3 and the ends.

use super::plan::Plan;
use super::state::{Frontier, EMPTY, FULL};
use super::transition::{Moves, Rules, ONE};
use super::word::Word;

/// Bytes of a window's codes that may hold a square: 17 squares, on boards 8 high.
const PLACES: usize = 9;

/// Each byte of a window (two codes) as two base-3 digits, a degree per code, in its place: the
/// `k`th byte's worth `9^k` each.
const DIGITS: [[u32; 256]; PLACES] = {
    let mut digits = [[0; 256]; PLACES];
    let mut place = 0;
    let mut worth = 1;
    while place < PLACES {
        let mut byte = 0;
        while byte < 256 {
            digits[place][byte] = (degree(byte & 15) + 3 * degree(byte >> 4)) * worth;
            byte += 1;
        }
        place += 1;
        worth *= 9;
    }
    digits
};

/// The degree a code stands for: 0 bare, 2 full, 1 for any path end.
const fn degree(code: usize) -> u32 {
    match code as u8 {
        EMPTY => 0,
        FULL => 2,
        _ => 1,
    }
}

/// The codes of the degrees 0, 1, 2 in a window of degrees.
const CODES: [u8; 3] = [EMPTY, ONE, FULL];

/// The live patterns of every step.
pub struct LiveDegrees {
    /// After `step` squares, a bit per pattern; emptied once the sweep is past it.
    live: Vec<Vec<u64>>,
    /// Squares in the window.
    window: usize,
    /// 3^window: the patterns of degrees alone.
    degrees: usize,
}

impl LiveDegrees {
    /// The patterns of `plan`'s sweep that can become a tour, `rules(step)` the rules of each
    /// step, windows worked on in `W`.
    pub fn new<W: Word>(plan: &Plan, rules: impl Fn(u32) -> Rules) -> LiveDegrees {
        let window = plan.window();
        let squares = plan.board.len();
        let free_ends = rules(0).free_ends;
        let degrees = 3usize.pow(window as u32);
        let words = (degrees * (usize::from(free_ends) + 1)).div_ceil(64);
        let mut sweep = LiveDegrees { live: Vec::with_capacity(squares as usize + 1), window, degrees };
        let mut first = vec![0; words];
        set(&mut first, sweep.index(Frontier::<W>::before_the_board(window), 0));
        sweep.live.push(first);
        let moves: Vec<Moves<W>> =
            (0..squares).map(|step| Moves::new(&plan.steps[step as usize], &rules(step))).collect();
        for step in 0..squares {
            let mut next = vec![0; words];
            let rules = rules(step);
            for (pattern, ends) in sweep.patterns::<W>(step) {
                moves[step as usize].expand_degrees(&rules, pattern, ends, |reached, ends| {
                    set(&mut next, sweep.index(reached, ends))
                });
            }
            sweep.live.push(next);
        }
        // A finished board has all its ends.
        let finished = sweep
            .patterns::<W>(squares)
            .filter(|&(_, ends)| ends != free_ends)
            .map(|(p, e)| sweep.index(p, e));
        let finished: Vec<usize> = finished.collect();
        sweep.clear(squares, finished);
        for step in (0..squares).rev() {
            let rules = rules(step);
            let dead: Vec<usize> = sweep
                .patterns::<W>(step)
                .filter(|&(pattern, ends)| {
                    let mut live = false;
                    moves[step as usize].expand_degrees(&rules, pattern, ends, |reached, ends| {
                        live |= sweep.allows(step + 1, sweep.index(reached, ends))
                    });
                    !live
                })
                .map(|(pattern, ends)| sweep.index(pattern, ends))
                .collect();
            sweep.clear(step, dead);
        }
        sweep
    }

    /// The patterns any of `sweeps` allows, each up to its step given: a sweep that serves
    /// several counts up to where each goes its own way keeps what any of them may finish
    /// there. None for no sweeps.
    pub fn union(sweeps: impl IntoIterator<Item = (LiveDegrees, u32)>) -> Option<LiveDegrees> {
        let mut union: Option<LiveDegrees> = None;
        for (sweep, until) in sweeps {
            let steps = until as usize + 1;
            let union = union.get_or_insert_with(|| LiveDegrees {
                live: Vec::new(),
                window: sweep.window,
                degrees: sweep.degrees,
            });
            assert_eq!((union.window, union.degrees), (sweep.window, sweep.degrees), "sweeps of one board");
            if union.live.len() < steps {
                union.live.resize(steps, Vec::new());
            }
            for (bits, more) in union.live.iter_mut().zip(sweep.live).take(steps) {
                if bits.is_empty() {
                    *bits = more;
                } else {
                    for (word, more) in bits.iter_mut().zip(more) {
                        *word |= more;
                    }
                }
            }
        }
        union
    }

    /// The patterns up to the step after `step` squares, and those after: the part a trunk
    /// keeps for a count (see [`LiveDegrees::union`]), and the count's own after it takes over.
    pub fn split_at(mut self, step: u32) -> (LiveDegrees, LiveDegrees) {
        let after: Vec<Vec<u64>> = self
            .live
            .iter_mut()
            .enumerate()
            .map(|(at, bits)| if at > step as usize { std::mem::take(bits) } else { Vec::new() })
            .collect();
        let after = LiveDegrees { live: after, window: self.window, degrees: self.degrees };
        (self, after)
    }

    /// Whether pattern `index` after `step` squares may still be finished.
    #[inline]
    fn allows(&self, step: u32, index: usize) -> bool {
        self.live[step as usize][index / 64] & (1 << (index % 64)) != 0
    }

    /// Keeps the states of `batch` reached after `step` squares that may still be finished, in
    /// their order, their keys' windows worked on in `W`. Their patterns' bits are asked of the
    /// memory a chunk at a time before any is read (the bitmaps of a step outgrow the cache on
    /// boards 7 high), and each pattern is worked out once for both.
    pub fn retain<W: Word>(&self, step: u32, batch: &mut Vec<(u64, u128)>) {
        const CHUNK: usize = 128;
        let bits = &self.live[step as usize];
        let mut kept = 0;
        for first in (0..batch.len()).step_by(CHUNK) {
            let end = batch.len().min(first + CHUNK);
            let mut indices = [0; CHUNK];
            for (index, &(key, _)) in indices.iter_mut().zip(&batch[first..end]) {
                let (window, ends) = Frontier::<W>::unpack(key, self.window);
                *index = self.index(window, ends);
                prefetch(&bits[*index / 64]);
            }
            for (at, index) in (first..end).zip(indices) {
                if bits[index / 64] & (1 << (index % 64)) != 0 {
                    batch[kept] = batch[at];
                    kept += 1;
                }
            }
        }
        batch.truncate(kept);
    }

    /// Gives back the memory of the patterns of the steps up to `step`, which the sweep is past.
    pub fn release(&mut self, step: u32) {
        for bits in &mut self.live[..=step as usize] {
            *bits = Vec::new();
        }
    }

    pub fn bytes(&self) -> usize {
        self.live.iter().map(|bits| bits.capacity() * 8).sum()
    }

    /// The pattern of `window` with `ends` settled: its degrees in base 3 (slot 0 the lowest
    /// digit), then its ends.
    #[inline]
    fn index<W: Word>(&self, window: Frontier<W>, ends: u8) -> usize {
        // Codes past the window are 0 and count for nothing.
        let index: u32 = DIGITS
            .iter()
            .take(W::BITS / 8)
            .enumerate()
            .map(|(place, digits)| digits[usize::from((window.0 >> (8 * place)).low_byte())])
            .sum();
        index as usize + usize::from(ends) * self.degrees
    }

    /// The window of degrees of pattern `index`, and its ends.
    fn pattern<W: Word>(&self, index: usize) -> (Frontier<W>, u8) {
        let mut window = W::ZERO;
        let mut rest = index % self.degrees;
        for slot in 0..self.window {
            window = window | W::from(CODES[rest % 3]) << (4 * slot);
            rest /= 3;
        }
        (Frontier(window), (index / self.degrees) as u8)
    }

    /// The patterns live after `step` squares.
    fn patterns<W: Word>(&self, step: u32) -> impl Iterator<Item = (Frontier<W>, u8)> + '_ {
        self.live[step as usize].iter().enumerate().flat_map(move |(word, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    self.pattern(64 * word + bit)
                })
            })
        })
    }

    fn clear(&mut self, step: u32, indices: Vec<usize>) {
        for index in indices {
            self.live[step as usize][index / 64] &= !(1 << (index % 64));
        }
    }
}

/// Asks the memory for `word` without waiting for it.
#[inline]
fn prefetch(word: &u64) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint; the pointer is to a word of a bitmap.
    unsafe {
        std::arch::x86_64::_mm_prefetch(std::ptr::from_ref(word).cast(), std::arch::x86_64::_MM_HINT_T0)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = word;
}

fn set(bits: &mut [u64], index: usize) {
    bits[index / 64] |= 1 << (index % 64);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::count::Tours;

    #[test]
    fn a_key_and_its_pattern_go_back_and_forth() {
        let plan = Plan::new(Board::new(5, 6).unwrap(), Tours::Open);
        let live = LiveDegrees::new::<u64>(&plan, |_| Rules {
            closed: false,
            free_ends: 2,
            height: 5,
            window: 11,
            last: false,
        });
        for index in [0, 1, 5, 177_146, 3usize.pow(11) + 17, 2 * 3usize.pow(11) + 3usize.pow(10)] {
            let (window, ends) = live.pattern::<u64>(index);
            assert_eq!(live.index(window, ends), index);
        }
        // A label counts as a path end, as the code of degree 1 does.
        assert_eq!(live.index(Frontier(0x3u64), 0), live.index(Frontier(u64::from(ONE)), 0));
    }
}
