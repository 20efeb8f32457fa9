//! The frontier counter's table: how many partial tours reach each state.
//!
//! An open-addressing hash table with linear probing, written for this one use: keys are never
//! removed, the whole table is read once in order and then dropped, and its memory is what the
//! counter reports and limits. A state and its count sit together in 24 bytes (a `u128` beside
//! a `u64` would be padded to 32), so an insertion touches one cache line, not two.

/// No state packs to this: a state uses at most 62 bits.
pub const VACANT: u64 = u64::MAX;

/// Grow past 3/4 full: linear probing stays short below that.
const LOAD_NUMERATOR: usize = 3;
const LOAD_DENOMINATOR: usize = 4;

/// A state and its count, the count's low and high halves.
pub type Entry = [u64; 3];

pub const BYTES_PER_SLOT: usize = std::mem::size_of::<Entry>();

pub fn count_of(entry: &Entry) -> u128 {
    u128::from(entry[1]) | u128::from(entry[2]) << 64
}

pub struct Table {
    entries: Vec<Entry>,
    len: usize,
    /// log2 of the capacity.
    bits: u32,
    /// Some sum passed `u128::MAX`; what was counted is then wrong.
    overflowed: bool,
    /// The most memory the table may take: it grows no further.
    max_bytes: usize,
    /// It needed to grow past `max_bytes`, and takes no new states since: what it holds is then
    /// wrong.
    full: bool,
}

impl Table {
    /// A table that holds `expected` states without growing.
    pub fn with_room_for(expected: usize) -> Table {
        let capacity = (expected * LOAD_DENOMINATOR / LOAD_NUMERATOR + 1).next_power_of_two().max(16);
        Table {
            entries: vec![[VACANT, 0, 0]; capacity],
            len: 0,
            bits: capacity.trailing_zeros(),
            overflowed: false,
            max_bytes: usize::MAX,
            full: false,
        }
    }

    /// Keeps the table within `bytes`.
    pub fn limit_to(&mut self, bytes: usize) {
        self.max_bytes = bytes;
    }

    pub fn full(&self) -> bool {
        self.full
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn bytes(&self) -> usize {
        self.entries.capacity() * BYTES_PER_SLOT
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
        let mask = self.entries.len() - 1;
        let mut slot = self.home(key);
        loop {
            let entry = &mut self.entries[slot];
            if entry[0] == key {
                let (sum, overflowed) = count_of(entry).overflowing_add(count);
                *entry = [key, sum as u64, (sum >> 64) as u64];
                self.overflowed |= overflowed;
                return;
            }
            if entry[0] == VACANT {
                if self.full {
                    return;
                }
                *entry = [key, count as u64, (count >> 64) as u64];
                self.len += 1;
                if self.len * LOAD_DENOMINATOR > self.entries.len() * LOAD_NUMERATOR {
                    if 2 * self.bytes() <= self.max_bytes {
                        self.grow();
                    } else {
                        // Probing stays short to 7/8 full; past that the count stops anyway.
                        self.full = self.len * 8 > self.entries.len() * 7;
                    }
                }
                return;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Adds each of `batch`'s counts to its state, asking the memory for all their slots before
    /// touching any: in a table larger than the cache each insertion waits on memory, and
    /// waiting for a batch at once overlaps the waits.
    pub fn add_all(&mut self, batch: &[(u64, u128)]) {
        for &(key, _) in batch {
            self.prefetch(key);
        }
        for &(key, count) in batch {
            self.add(key, count);
        }
    }

    /// Asks the memory for the slot where `key` would be, without waiting for it.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot: *const Entry = &self.entries[self.home(key)];
            // SAFETY: a prefetch is a hint; the pointer is to an element of the table.
            unsafe { std::arch::x86_64::_mm_prefetch(slot.cast(), std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Where `key` is, if it is there.
    pub fn find(&self, key: u64) -> Option<usize> {
        let mask = self.entries.len() - 1;
        let mut slot = self.home(key);
        loop {
            match self.entries[slot][0] {
                found if found == key => return Some(slot),
                VACANT => return None,
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Every slot, the vacant ones with the key [`VACANT`].
    pub fn slots(&self) -> &[Entry] {
        &self.entries
    }

    fn grow(&mut self) {
        let mut bigger = Table::with_room_for(2 * self.len);
        bigger.overflowed = self.overflowed;
        bigger.max_bytes = self.max_bytes;
        for entry in self.entries.iter().filter(|entry| entry[0] != VACANT) {
            bigger.add(entry[0], count_of(entry));
        }
        *self = bigger;
    }

    /// The states and their counts packed together, in no particular order, for the next step
    /// to read in order (and resume anywhere) in the least memory.
    pub fn into_dense(mut self) -> Vec<Entry> {
        self.entries.retain(|entry| entry[0] != VACANT);
        self.entries.shrink_to_fit();
        self.entries
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
        let entries = table.into_dense();
        assert_eq!(entries.len(), 1000);
        for entry in &entries {
            assert_eq!(count_of(entry), 3 * u128::from(entry[0] / 7) + 3);
        }
    }

    #[test]
    fn a_limited_table_stops_growing_and_says_so() {
        let mut table = Table::with_room_for(10);
        table.limit_to(table.bytes());
        for key in 0..100 {
            table.add(key, 1);
        }
        assert!(table.full());
        assert_eq!(table.bytes(), 16 * BYTES_PER_SLOT, "it never grew");
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
