//! What a run of events did, told without the events themselves: how many, the last, and the
//! span of depths the page's chart and stall watch need.

use crate::search::event::Event;

/// What a run of events did, told without the events themselves: see [`Solver::run`](crate::Solver::run).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// How many events ran.
    pub events: u64,
    /// The last of them.
    pub last: Option<Event>,
    /// The most squares the path held after a placement of the run; 0 if none was made.
    pub high: u32,
    /// The fewest squares the path held after a take-back of the run; `u32::MAX` if none was.
    pub low: u32,
    /// The last placement that made the path deeper than it had ever been, if the run made
    /// one: the solver's event count after it ([`Solver::events_so_far`](crate::Solver::events_so_far)), and the path's length.
    pub deepened: Option<(u64, u32)>,
    /// The fewest squares after a take-back since that placement (or since the run began);
    /// `u32::MAX` if none.
    pub low_since_deepened: u32,
    /// Whether the search started over since that placement (or since the run began).
    pub restarted: bool,
}

impl Run {
    /// Nothing run yet.
    pub const NONE: Run = Run {
        events: 0,
        last: None,
        high: 0,
        low: u32::MAX,
        deepened: None,
        low_since_deepened: u32::MAX,
        restarted: false,
    };

    /// A placement made the path `depth` squares long, deeper than ever before, as event `at`.
    #[inline(always)]
    pub(super) fn deepen(&mut self, at: u64, depth: u32) {
        // `low` keeps what came before; `run` adds the rest at the end.
        self.low = self.low.min(self.low_since_deepened);
        self.low_since_deepened = u32::MAX;
        self.restarted = false;
        self.deepened = Some((at, depth));
    }

    /// This run and then `later`, as one.
    pub fn then(self, later: Run) -> Run {
        let (low_since_deepened, restarted) = if later.deepened.is_some() {
            (later.low_since_deepened, later.restarted)
        } else {
            (self.low_since_deepened.min(later.low_since_deepened), self.restarted || later.restarted)
        };
        Run {
            events: self.events + later.events,
            last: later.last.or(self.last),
            high: self.high.max(later.high),
            low: self.low.min(later.low),
            deepened: later.deepened.or(self.deepened),
            low_since_deepened,
            restarted,
        }
    }
}
