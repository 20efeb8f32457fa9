//! The states after one step of the sweep, and their counts: a [`Table`] in parts, a state's
//! part chosen by its key, so that several threads can each fill one part of the next step's
//! states without sharing a slot (see [`super::sweep_threads`]). Read back, the parts are one
//! run of slots, numbered across them.

use super::table::Table;

/// The states of one step, in one part per thread that writes them.
pub struct Level {
    parts: Vec<Table>,
}

/// Spreads keys over the parts, apart from the table's own hash (which places a key within its
/// part): the high bits of a product with another odd constant.
const PART_HASH: u64 = 0xD6E8_FEB8_6659_FD93;

impl Level {
    /// A level holding `key` alone, reached `count` ways.
    pub fn single(key: u64, count: u128) -> Level {
        Level { parts: vec![Table::single(key, count)] }
    }

    /// A level in `parts` parts that holds `expected` states without growing.
    pub fn with_room_for(expected: usize, parts: usize) -> Level {
        let parts = parts.max(1);
        Level { parts: (0..parts).map(|_| Table::with_room_for(expected.div_ceil(parts))).collect() }
    }

    /// A level of the states of `table`, one part.
    pub fn of(table: Table) -> Level {
        Level { parts: vec![table] }
    }

    /// The part `key` goes in, of `parts`.
    #[inline]
    pub fn part_of(key: u64, parts: usize) -> usize {
        ((u128::from(key.wrapping_mul(PART_HASH)) * parts as u128) >> 64) as usize
    }

    pub fn parts(&self) -> &[Table] {
        &self.parts
    }

    pub fn parts_mut(&mut self) -> &mut [Table] {
        &mut self.parts
    }

    /// The level's only part, for a sweep that keeps every step's table.
    pub fn into_table(mut self) -> Table {
        assert_eq!(self.parts.len(), 1, "a level kept whole is written in one part");
        self.parts.pop().expect("one part")
    }

    /// How many states it holds.
    pub fn len(&self) -> usize {
        self.parts.iter().map(Table::len).sum()
    }

    /// How many slots it has, vacant or not, in all its parts.
    pub fn capacity(&self) -> usize {
        self.parts.iter().map(Table::capacity).sum()
    }

    pub fn bytes(&self) -> usize {
        self.parts.iter().map(Table::bytes).sum()
    }

    /// Keeps each part within its share of `bytes`.
    pub fn limit_to(&mut self, bytes: usize) {
        let parts = self.parts.len();
        for part in &mut self.parts {
            part.limit_to(bytes / parts);
        }
    }

    /// Some part needed to grow past its limit (see [`Table::full`]).
    pub fn full(&self) -> bool {
        self.parts.iter().any(Table::full)
    }

    /// Some count passed 2^128 (see [`Table::overflowed`]).
    pub fn overflowed(&self) -> bool {
        self.parts.iter().any(Table::overflowed)
    }

    /// Adds each of `batch`'s counts to its state, in its part (see [`Table::add_all`]).
    pub fn add_all(&mut self, batch: &[(u64, u128)]) {
        match &mut self.parts[..] {
            [table] => table.add_all(batch),
            parts => {
                let count = parts.len();
                for &(key, _) in batch {
                    parts[Level::part_of(key, count)].prefetch(key);
                }
                for &(key, tours) in batch {
                    parts[Level::part_of(key, count)].add(key, tours);
                }
            }
        }
    }

    /// The slots from `range`, numbered across the parts, as (key, count), vacant ones left out.
    pub fn states(&self, range: std::ops::Range<usize>) -> impl Iterator<Item = (u64, u128)> + '_ {
        let mut first = 0;
        self.parts.iter().flat_map(move |part| {
            let slots = first..first + part.capacity();
            first = slots.end;
            let within = range.start.clamp(slots.start, slots.end) - slots.start
                ..range.end.clamp(slots.start, slots.end) - slots.start;
            part.states(within).map(|(_, key, count)| (key, count))
        })
    }

    /// A copy of its states, for another count to take up.
    pub fn copy(&self) -> Level {
        Level { parts: self.parts.iter().map(Table::copy).collect() }
    }

    /// Hands `state` each state of the slots from `range`, numbered across the parts, with its
    /// count: [`Level::states`] for the sweep's inner loop.
    #[inline]
    pub fn for_each(&self, range: std::ops::Range<usize>, mut state: impl FnMut(u64, u128)) {
        let mut first = 0;
        for part in &self.parts {
            let slots = first..first + part.capacity();
            first = slots.end;
            if range.start < slots.end && slots.start < range.end {
                let within =
                    range.start.max(slots.start) - slots.start..range.end.min(slots.end) - slots.start;
                part.for_each(within, &mut state);
            }
        }
    }

    /// The same states packed together (see [`Table::into_dense`]).
    pub fn into_dense(self) -> Level {
        Level { parts: self.parts.into_iter().map(Table::into_dense).collect() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_split_the_keys_and_read_back_as_one_run() {
        let mut level = Level::with_room_for(1000, 3);
        let batch: Vec<(u64, u128)> = (0..1000u64).map(|key| (key * 0x9E37, u128::from(key))).collect();
        level.add_all(&batch);
        level.add_all(&batch);
        assert_eq!(level.len(), 1000);
        let sizes: Vec<usize> = level.parts().iter().map(Table::len).collect();
        assert!(sizes.iter().all(|&size| size > 250), "keys spread over the parts: {sizes:?}");
        let dense = level.into_dense();
        let mut read: Vec<(u64, u128)> = dense.states(0..dense.capacity()).collect();
        // Read in two pieces split inside a part, the same states.
        let split: Vec<(u64, u128)> =
            dense.states(0..500).chain(dense.states(500..dense.capacity())).collect();
        assert_eq!(read, split);
        read.sort();
        assert_eq!(read, batch.iter().map(|&(key, count)| (key, 2 * count)).collect::<Vec<_>>());
    }
}
