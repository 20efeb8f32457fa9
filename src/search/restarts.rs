//! When a backtracking attempt of the random heuristic gives up and starts over.
//!
//! Backtracking searches for tours are heavy-tailed: with one draw of random ties the first tour
//! comes after a few hundred placements, with another the search is still lost after millions,
//! because an early wrong move leaves a dead region that takes exponential time to exhaust. Starting over
//! with fresh ties after a cutoff turns that tail into a geometric one (Gomes, Selman and Kautz,
//! "Boosting combinatorial search through randomization", 1998).
//!
//! The cutoff of attempt `i` is `BASE` times the `i`-th term of Luby's sequence
//! (1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...). Without knowing how an instance's run times are
//! distributed, which a board and a start do not tell, this schedule is within a logarithmic
//! factor of the best fixed cutoff for every distribution (Luby, Sinclair and Zuckerman,
//! "Optimal speedup of Las Vegas algorithms", 1993); a geometric schedule is not, and a fixed
//! one needs the distribution. The cutoff counts backtracks, not placements: a walk that never
//! backtracks is making progress however long it is (Roth's rule tours 1000×1000 in a million
//! placements and none taken back), while backtracks measure the work thrown away.

/// Backtracks of Luby's unit. Measured with 20 seeds each on eight instances (4x15 from 0,7 and
/// 5x8 from 1,1 pruned; 8x8, 5x6 and 12x12 closed from the corner, 3x30, 3x40 and 20x20 from
/// the middle, unpruned), with 20 and with 200 restarts and a budget of 5 million placements:
/// 1,024 solved the most and was fastest overall. Smaller units (64, 256) win on the heavy
/// tails but fail the searches that need a few hundred thousand backtracks whatever the ties
/// (5x6 and 12x12 closed); 4,096 wastes more on the tails and, with 200 restarts, still failed
/// a fifth of the 5x6 ones.
/// Under Miri, which interprets every step, a tiny unit, so that the tests see restarts soon.
pub(crate) const BASE: u64 = if cfg!(miri) { 16 } else { 1_024 };

/// The `attempt`-th term of Luby's sequence, from 1: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8.
pub(crate) fn luby(attempt: u32) -> u64 {
    let mut i = u64::from(attempt.max(1));
    loop {
        // 2^(k-1) <= i < 2^k: the term closes a block of length 2^k - 1, or repeats the start.
        let k = 64 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// How many backtracks attempt `attempt` (from 1) may make before it gives up.
pub(crate) fn cutoff(attempt: u32) -> u64 {
    BASE * luby(attempt)
}

/// For tests: a search that restarts often. Closed tours of 6x6 without pruning give up an
/// attempt after 1,024 backtracks or more, and random ties seeded 5 start over up to 50 times.
#[cfg(test)]
pub(crate) fn restarting() -> crate::Options {
    crate::Options {
        heuristic: crate::Heuristic::Random,
        closed: true,
        restarts: 50,
        seed: 5,
        ..crate::Options::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_runs_in_doubling_blocks() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(u32::MAX), 1 << 31);
    }
}
