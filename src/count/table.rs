//! The frontier counter's table: how many partial tours reach each state.
//!
//! An open-addressing hash table with linear probing, written for this one use: keys are never
//! removed, the whole table is read once in order and then dropped, and its memory is what the
//! counter reports and limits. A state and the low 64 bits of its count sit together in 16
//! bytes, four to a cache line, so an insertion touches one line; the high 64 bits live in a
//! second array made only when some count first passes 2^64 (no count of the literature's
//! boards up to 8x8 does: 8x8's open tours are 1.96 x 10^16), so the table takes two thirds of
//! the memory that 128-bit counts beside their keys would.

/// No state packs to this: a state uses at most 62 bits.
pub const VACANT: u64 = u64::MAX;

/// A slot holds its key's complement, so that a vacant one is all zeros: a new table's memory
/// comes zeroed from the system (untouched until a slot is written) and needs no pass to mark it
/// vacant, which took a tenth of a 7x7 grid's time with the system's own zeroing.
const STORED_VACANT: u64 = !VACANT;

/// The multiplier of Fibonacci hashing: 2^64 over the golden ratio, odd, so that a hash is a
/// key's one-to-one image.
pub const HASH: u64 = 0x9E37_79B9_7F4A_7C15;

/// Grow past 3/4 full: linear probing stays short below that.
const LOAD_NUMERATOR: usize = 3;
const LOAD_DENOMINATOR: usize = 4;

/// A state and the low half of its count.
type Slot = [u64; 2];

/// The bytes of a slot, without the high halves of the counts (see [`Table::bytes`]).
pub const BYTES_PER_SLOT: usize = std::mem::size_of::<Slot>();

pub struct Table {
    slots: Vec<Slot>,
    /// The counts' high halves, slot by slot, once one is needed; empty until then.
    high: Vec<u64>,
    len: usize,
    /// Packed by [`Table::into_dense`]: only read.
    dense: bool,
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
        // Any capacity will do (see `home`): as few slots as keep it under 3/4 full.
        let capacity = (expected * LOAD_DENOMINATOR / LOAD_NUMERATOR + 1).max(16);
        Table {
            slots: vacant_slots(capacity),
            high: Vec::new(),
            len: 0,
            dense: false,
            overflowed: false,
            max_bytes: usize::MAX,
            full: false,
        }
    }

    /// A table holding `key` alone, reached `count` ways.
    pub fn single(key: u64, count: u128) -> Table {
        let mut table = Table::with_room_for(1);
        table.add(key, count);
        table.into_dense()
    }

    /// An empty packed table with room for `states` (see [`Table::into_dense`]), to be filled
    /// by [`Table::push`]: a table read back from a checkpoint.
    pub fn packed(states: usize) -> Table {
        let mut table = Table::with_room_for(0);
        table.slots = Vec::with_capacity(states);
        table.dense = true;
        table
    }

    /// Puts `key`, reached `count` ways, after the states of a packed table (each key once).
    pub fn push(&mut self, key: u64, count: u128) {
        debug_assert!(self.dense, "only a packed table is filled in order");
        let high = (count >> 64) as u64;
        if high != 0 && self.high.is_empty() {
            self.high = vec![0; self.slots.capacity()];
        }
        if !self.high.is_empty() {
            self.high[self.slots.len()] = high;
        }
        self.slots.push([!key, count as u64]);
        self.len += 1;
    }

    /// A copy, in as much memory as its states take.
    pub fn copy(&self) -> Table {
        Table {
            slots: self.slots.clone(),
            high: self.high.clone(),
            len: self.len,
            dense: self.dense,
            overflowed: self.overflowed,
            max_bytes: self.max_bytes,
            full: self.full,
        }
    }

    /// Keeps the table within `bytes`.
    pub fn limit_to(&mut self, bytes: usize) {
        self.max_bytes = bytes;
    }

    pub fn full(&self) -> bool {
        self.full
    }

    /// How many states it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// How many slots it has, vacant or not.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    pub fn bytes(&self) -> usize {
        self.slots.capacity() * BYTES_PER_SLOT + self.high.capacity() * std::mem::size_of::<u64>()
    }

    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// The state in slot `slot`, [`VACANT`] if none.
    #[inline]
    pub fn key(&self, slot: usize) -> u64 {
        !self.slots[slot][0]
    }

    /// How many ways lead to the state in slot `slot`.
    #[inline]
    pub fn count(&self, slot: usize) -> u128 {
        let high = self.high.get(slot).copied().unwrap_or(0);
        u128::from(self.slots[slot][1]) | u128::from(high) << 64
    }

    /// The slots from `range`, as (slot, key, count), vacant ones left out.
    pub fn states(&self, range: std::ops::Range<usize>) -> impl Iterator<Item = (usize, u64, u128)> + '_ {
        let first = range.start;
        let slots = self.slots[range].iter().enumerate();
        slots.filter(|(_, slot)| slot[0] != STORED_VACANT).map(move |(at, slot)| {
            let at = first + at;
            (at, !slot[0], u128::from(slot[1]) | u128::from(self.high.get(at).copied().unwrap_or(0)) << 64)
        })
    }

    /// Hands `state` each state of the slots from `range` with its count, vacant ones left out:
    /// [`Table::states`] for the sweep's inner loop, without the high halves where there are
    /// none.
    #[inline]
    pub fn for_each(&self, range: std::ops::Range<usize>, mut state: impl FnMut(u64, u128)) {
        if self.high.is_empty() {
            for slot in &self.slots[range] {
                if slot[0] != STORED_VACANT {
                    state(!slot[0], u128::from(slot[1]));
                }
            }
        } else {
            for (_, key, count) in self.states(range) {
                state(key, count);
            }
        }
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        debug_assert!(!self.dense, "a packed table is only read");
        // Fibonacci hashing spreads the packed codes over the high bits, and the high half of
        // the product with the capacity maps those onto the slots (Lemire's fast range).
        let hash = key.wrapping_mul(HASH);
        ((u128::from(hash) * self.slots.len() as u128) >> 64) as usize
    }

    /// Adds `count` partial tours reaching `key`.
    #[inline]
    pub fn add(&mut self, key: u64, count: u128) {
        debug_assert_ne!(key, VACANT);
        let stored = !key;
        let mut at = self.home(key);
        loop {
            let slot = &mut self.slots[at];
            if slot[0] == stored {
                let (low, carry) = slot[1].overflowing_add(count as u64);
                slot[1] = low;
                let high = (count >> 64) as u64 + u64::from(carry);
                if high != 0 {
                    self.add_high(at, high);
                }
                return;
            }
            if slot[0] == STORED_VACANT {
                if self.full {
                    return;
                }
                *slot = [stored, count as u64];
                let high = (count >> 64) as u64;
                if high != 0 {
                    self.add_high(at, high);
                }
                self.len += 1;
                if self.len * LOAD_DENOMINATOR > self.slots.len() * LOAD_NUMERATOR {
                    if 2 * self.bytes() <= self.max_bytes {
                        self.grow();
                    } else {
                        // Probing stays short to 7/8 full; past that the count stops anyway.
                        self.full = self.len * 8 > self.slots.len() * 7;
                    }
                }
                return;
            }
            at = if at + 1 == self.slots.len() { 0 } else { at + 1 };
        }
    }

    /// Adds `high` to the high half of slot `at`'s count, making the high halves if need be.
    #[cold]
    fn add_high(&mut self, at: usize, high: u64) {
        if self.high.is_empty() {
            self.high = vec![0; self.slots.len()];
        }
        let (sum, overflowed) = self.high[at].overflowing_add(high);
        self.high[at] = sum;
        self.overflowed |= overflowed;
    }

    /// Adds each of `batch`'s counts to its state, asking the memory for all their slots before
    /// touching any: in a table larger than the cache each insertion waits on memory, and
    /// waiting for a batch at once overlaps the waits.
    pub fn add_all(&mut self, batch: &[(u64, u128)]) {
        // As many at once as the memory serves together, few enough to stay in the cache.
        for batch in batch.chunks(64) {
            for &(key, _) in batch {
                self.prefetch(key);
            }
            for &(key, count) in batch {
                self.add(key, count);
            }
        }
    }

    /// Asks the memory for the slot where `key` would be, without waiting for it.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot: *const Slot = &self.slots[self.home(key)];
            // SAFETY: a prefetch is a hint; the pointer is to an element of the table.
            unsafe { std::arch::x86_64::_mm_prefetch(slot.cast(), std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Where `key` is, if it is there.
    pub fn find(&self, key: u64) -> Option<usize> {
        let mut at = self.home(key);
        loop {
            match !self.slots[at][0] {
                found if found == key => return Some(at),
                VACANT => return None,
                _ => at = if at + 1 == self.slots.len() { 0 } else { at + 1 },
            }
        }
    }

    fn grow(&mut self) {
        let mut bigger = Table::with_room_for(2 * self.len);
        bigger.overflowed = self.overflowed;
        bigger.max_bytes = self.max_bytes;
        for (_, key, count) in self.states(0..self.slots.len()) {
            bigger.add(key, count);
        }
        *self = bigger;
    }

    /// The same states and counts packed together, in no particular order, for the next step
    /// to read in order (and resume anywhere) in the least memory. It can no longer be added to
    /// or searched.
    pub fn into_dense(mut self) -> Table {
        let mut kept = 0;
        for at in 0..self.slots.len() {
            if self.slots[at][0] != STORED_VACANT {
                self.slots[kept] = self.slots[at];
                if !self.high.is_empty() {
                    self.high[kept] = self.high[at];
                }
                kept += 1;
            }
        }
        self.slots.truncate(kept);
        self.slots.shrink_to_fit();
        if !self.high.is_empty() {
            self.high.truncate(kept);
            self.high.shrink_to_fit();
        }
        self.dense = true;
        self
    }
}

/// `capacity` vacant slots, in memory the system gives zeroed (see [`STORED_VACANT`]).
/// Natively on Linux, a large table asks for huge pages before its memory is first touched: its
/// slots are read at random, and with 4 KiB pages nearly every insertion would also miss the
/// address translation cache.
fn vacant_slots(capacity: usize) -> Vec<Slot> {
    let slots: Vec<Slot> = vec![[STORED_VACANT, 0]; capacity];
    #[cfg(target_os = "linux")]
    huge_pages(slots.as_ptr().cast_mut().cast(), capacity * BYTES_PER_SLOT);
    slots
}

#[cfg(target_os = "linux")]
fn huge_pages(start: *mut u8, bytes: usize) {
    const HUGE: usize = 2 << 20;
    const MADV_HUGEPAGE: i32 = 14;
    extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    // The whole huge pages inside the allocation (madvise wants a page-aligned start).
    let first = (start as usize).next_multiple_of(HUGE);
    let last = (start as usize + bytes) / HUGE * HUGE;
    if last > first {
        // SAFETY: the range lies within an allocation this function's caller owns; the advice
        // only changes how the kernel backs it, never its contents. Failure is harmless.
        unsafe { madvise(first as *mut std::ffi::c_void, last - first, MADV_HUGEPAGE) };
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
        let dense = table.into_dense();
        assert_eq!(dense.capacity(), 1000);
        for (_, key, count) in dense.states(0..1000) {
            assert_eq!(count, 3 * u128::from(key / 7) + 3);
        }
    }

    #[test]
    fn counts_widen_past_64_bits_and_keep_them_through_growth_and_packing() {
        let mut table = Table::with_room_for(4);
        table.add(5, u128::from(u64::MAX));
        assert!(table.high.is_empty(), "narrow until a count needs more");
        table.add(5, 2);
        table.add(9, 3 << 64);
        for key in 100..200 {
            table.add(key, 1);
        }
        let find = |table: &Table, key| table.count(table.find(key).unwrap());
        assert_eq!(find(&table, 5), u128::from(u64::MAX) + 2);
        assert_eq!(find(&table, 9), 3 << 64);
        assert_eq!(find(&table, 150), 1);
        let dense = table.into_dense();
        let mut counts: Vec<u128> = dense.states(0..dense.capacity()).map(|(_, _, count)| count).collect();
        counts.sort();
        assert_eq!(counts[counts.len() - 2..], [u128::from(u64::MAX) + 2, 3 << 64]);
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
