//! The time slices long work runs in (a search a page watches, a count, a GIF): a clock given
//! from outside, so that the core stays pure and a test can drive time by hand. It sits below
//! everything that slices its work, which is why it is not in `watch/`, the layer of the session.

/// Milliseconds from some fixed moment: `performance.now()` in a browser, a counter in a test.
pub trait Clock {
    fn now_ms(&mut self) -> f64;
}

impl<F: FnMut() -> f64> Clock for F {
    fn now_ms(&mut self) -> f64 {
        self()
    }
}

/// A moment `budget_ms` after another on a clock. A budget that is not a number (NaN) is no time
/// at all, so a slice given one ends after its first step rather than never.
#[derive(Clone, Copy, Debug)]
pub struct Deadline(f64);

impl Deadline {
    pub fn after(now_ms: f64, budget_ms: f64) -> Deadline {
        Deadline(now_ms + if budget_ms.is_nan() { 0.0 } else { budget_ms })
    }

    pub fn passed(self, clock: &mut impl Clock) -> bool {
        clock.now_ms() >= self.0
    }
}

/// Calls `step` until it says it is done or `budget_ms` milliseconds of `clock` have passed,
/// looking at the clock after each call; returns whether it is done. How work that a page asks
/// for goes a slice at a time: each `step` should take well under the budget.
pub fn within(budget_ms: f64, clock: &mut impl Clock, mut step: impl FnMut() -> bool) -> bool {
    let deadline = Deadline::after(clock.now_ms(), budget_ms);
    loop {
        if step() {
            return true;
        }
        if deadline.passed(clock) {
            return false;
        }
    }
}

/// How many events run between two looks at the clock: about 20 µs of search, so a slice's
/// budget is kept to within a fraction of a millisecond, and each call into the batch is long
/// enough for the engine to run optimised code.
pub const CHUNK: u64 = 4096;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slice_ends_when_its_budget_is_spent() {
        let mut now = 0.0;
        let mut clock = || {
            now += 1.0;
            now
        };
        let mut steps = 0;
        assert!(!within(5.0, &mut clock, || {
            steps += 1;
            false
        }));
        assert_eq!(steps, 5);
    }

    #[test]
    fn a_nan_budget_ends_after_one_step_rather_than_never() {
        let mut clock = || 0.0;
        let mut steps = 0;
        assert!(!within(f64::NAN, &mut clock, || {
            steps += 1;
            false
        }));
        assert_eq!(steps, 1);
    }

    #[test]
    fn work_that_finishes_says_so() {
        let mut clock = || 0.0;
        assert!(within(1.0, &mut clock, || true));
    }
}
