//! The frontier counter's table: how many partial tours reach each state.
//!
//! An open-addressing hash table with linear probing, keys and counts in separate arrays (a key
//! is 8 bytes, a count 16: together they would be padded to 32). It is written for this one use:
//! keys are never removed, the whole table is read once in order and then dropped, and its
//! memory is what the counter reports and limits.

/// No state packs to this: a state uses at most 62 bits.
const VACANT: u64 = u64::MAX;

/// Grow past 3/4 full: linear probing stays short below that.
const LOAD_NUMERATOR: usize = 3;
const LOAD_DENOMINATOR: usize = 4;

pub const BYTES_PER_SLOT: usize = std::mem::size_of::<u64>() + std::mem::size_of::<u128>();

pub struct Table {
    keys: Vec<u64>,
    counts: Vec<u128>,
    len: usize,
    /// log2 of the capacity.
    bits: u32,
    /// Some sum passed `u128::MAX`; what was counted is then wrong.
    overflowed: bool,
}

impl Table {
    /// A table that holds `expected` states without growing.
    pub fn with_room_for(expected: usize) -> Table {
        let capacity = (expected * LOAD_DENOMINATOR / LOAD_NUMERATOR + 1).next_power_of_two().max(16);
        Table {
            keys: vec![VACANT; capacity],
            counts: vec![0; capacity],
            len: 0,
            bits: capacity.trailing_zeros(),
            overflowed: false,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn bytes(&self) -> usize {
        self.keys.len() * BYTES_PER_SLOT
    }

    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    fn home(&self, key: u64) -> usize {
        // Fibonacci hashing: the multiply spreads the packed codes over the high bits.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
    }

    /// Adds `count` partial tours reaching `key`.
    #[inline]
    pub fn add(&mut self, key: u64, count: u128) {
        debug_assert_ne!(key, VACANT);
        let mask = self.keys.len() - 1;
        let mut slot = self.home(key);
        loop {
            let found = self.keys[slot];
            if found == key {
                let (sum, overflowed) = self.counts[slot].overflowing_add(count);
                self.counts[slot] = sum;
                self.overflowed |= overflowed;
                return;
            }
            if found == VACANT {
                self.keys[slot] = key;
                self.counts[slot] = count;
                self.len += 1;
                if self.len * LOAD_DENOMINATOR > self.keys.len() * LOAD_NUMERATOR {
                    self.grow();
                }
                return;
            }
            slot = (slot + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let mut bigger = Table::with_room_for(2 * self.len);
        bigger.overflowed = self.overflowed;
        for (key, count) in self.entries() {
            bigger.add(key, count);
        }
        *self = bigger;
    }

    /// The states and their counts, in no particular order.
    pub fn entries(&self) -> impl Iterator<Item = (u64, u128)> + '_ {
        self.keys
            .iter()
            .zip(&self.counts)
            .filter(|(&key, _)| key != VACANT)
            .map(|(&key, &count)| (key, count))
    }

    /// The table packed into parallel arrays of its states and counts, for the next step to
    /// read in order (and resume anywhere) in the least memory.
    pub fn into_dense(mut self) -> (Vec<u64>, Vec<u128>) {
        let mut kept = 0;
        for slot in 0..self.keys.len() {
            if self.keys[slot] != VACANT {
                self.keys[kept] = self.keys[slot];
                self.counts[kept] = self.counts[slot];
                kept += 1;
            }
        }
        self.keys.truncate(kept);
        self.counts.truncate(kept);
        self.keys.shrink_to_fit();
        self.counts.shrink_to_fit();
        (self.keys, self.counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_up_per_key_through_growth() {
        let mut table = Table::with_room_for(4);
        for round in 0..3u128 {
            for key in 0..1000u64 {
                table.add(key * 7, u128::from(key) + round);
            }
        }
        assert_eq!(table.len(), 1000);
        let (keys, counts) = table.into_dense();
        assert_eq!(keys.len(), 1000);
        for (key, count) in keys.iter().zip(&counts) {
            assert_eq!(*count, 3 * u128::from(key / 7) + 3);
        }
    }

    #[test]
    fn overflow_is_noticed() {
        let mut table = Table::with_room_for(1);
        table.add(1, u128::MAX);
        assert!(!table.overflowed());
        table.add(1, 1);
        assert!(table.overflowed());
    }
}
