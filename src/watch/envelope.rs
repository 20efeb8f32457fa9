//! The depth of the path against events, as a chart draws it: a fixed number of columns, each
//! the shallowest and the deepest the path was over its share of the events so far. A column
//! covers a power of two of events; when the run outgrows the columns, neighbours merge and each
//! covers twice as many. Whatever the speed, a column is only ever given what happened within
//! it (the session runs the search up to a column's end and no further, see
//! [`Envelope::room`]), so a slice of millions of events keeps its sawtooth and a walk that never
//! takes a square back stays a rising line: a chart that draws each column from its low to its
//! high draws the envelope of the depth, pixel column by pixel column.

/// Columns kept: as many as a wide chart has pixels across, at most a few kilobytes.
pub const COLUMNS: usize = 1024;

/// See the module's comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Envelope {
    /// Each column covers `1 << shift` events.
    shift: u32,
    /// Per column, the fewest and the most squares on the path; `u32::MAX` and 0 where no event
    /// has fallen yet.
    low: Vec<u32>,
    high: Vec<u32>,
    /// One past the last column an event fell in.
    used: usize,
}

impl Default for Envelope {
    fn default() -> Envelope {
        Envelope::new()
    }
}

impl Envelope {
    pub fn new() -> Envelope {
        Envelope { shift: 0, low: vec![u32::MAX; COLUMNS], high: vec![0; COLUMNS], used: 0 }
    }

    /// Events a column covers.
    pub fn width(&self) -> u64 {
        1 << self.shift
    }

    /// How many events, from event `event` (counted from 0) on, fall in the same column as it:
    /// a run of at most that many events can be taken in whole by [`Envelope::take`].
    pub fn room(&self, event: u64) -> u64 {
        self.width() - (event & (self.width() - 1))
    }

    /// Notes that between events `first` and `last` (counted from 0, both in the column of
    /// `first`: see [`Envelope::room`]) the path held from `low` to `high` squares.
    pub fn take(&mut self, first: u64, low: u32, high: u32) {
        while first >> self.shift >= COLUMNS as u64 {
            self.widen();
        }
        let column = (first >> self.shift) as usize;
        self.low[column] = self.low[column].min(low);
        self.high[column] = self.high[column].max(high);
        self.used = self.used.max(column + 1);
    }

    /// Per column from the first, the fewest squares on the path (`u32::MAX` in a column no
    /// event fell in: one a jump went past).
    pub fn low(&self) -> &[u32] {
        &self.low[..self.used]
    }

    /// Per column from the first, the most squares on the path (0 where no event fell).
    pub fn high(&self) -> &[u32] {
        &self.high[..self.used]
    }

    /// Each column takes in its right-hand neighbour: half as many columns, twice as wide.
    fn widen(&mut self) {
        let half = COLUMNS / 2;
        for i in 0..half {
            self.low[i] = self.low[2 * i].min(self.low[2 * i + 1]);
            self.high[i] = self.high[2 * i].max(self.high[2 * i + 1]);
        }
        self.low[half..].fill(u32::MAX);
        self.high[half..].fill(0);
        self.used = self.used.div_ceil(2);
        self.shift += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_event_has_its_own_column_until_the_columns_run_out_then_neighbours_merge() {
        let mut envelope = Envelope::new();
        for event in 0..COLUMNS as u64 {
            assert_eq!(envelope.room(event), 1);
            let depth = event as u32 + 1;
            envelope.take(event, depth, depth);
        }
        assert_eq!((envelope.width(), envelope.low().len()), (1, COLUMNS));
        envelope.take(COLUMNS as u64, 7, 9);
        assert_eq!(envelope.width(), 2);
        assert_eq!(envelope.low().len(), COLUMNS / 2 + 1);
        assert_eq!((envelope.low()[0], envelope.high()[0]), (1, 2));
        assert_eq!((envelope.low()[3], envelope.high()[3]), (7, 8));
        assert_eq!((envelope.low()[COLUMNS / 2], envelope.high()[COLUMNS / 2]), (7, 9));
        assert_eq!(envelope.room(COLUMNS as u64 + 1), 1);
        assert_eq!(envelope.room(COLUMNS as u64 + 2), 2);
    }

    #[test]
    fn a_far_event_widens_as_often_as_it_takes_and_leaves_the_columns_between_empty() {
        let mut envelope = Envelope::new();
        envelope.take(0, 1, 1);
        envelope.take(10 * COLUMNS as u64, 3, 5);
        assert_eq!(envelope.width(), 16);
        assert_eq!(envelope.low().len(), 10 * COLUMNS / 16 + 1);
        assert!(envelope.low()[1..envelope.low().len() - 1].iter().all(|&low| low == u32::MAX));
        assert!(envelope.high()[1..envelope.high().len() - 1].iter().all(|&high| high == 0));
    }
}
