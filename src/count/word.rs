//! The machine word a frontier's window is worked on in, 4 bits a square: a `u64` holds the 16
//! squares of a step on boards up to 7 high (the window of 2h + 1 squares and the one being
//! added), a `u128` the 18 of a board 8 high. The counter is compiled once for each, so boards up
//! to 7 high keep the speed of 64-bit arithmetic.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Add, BitAnd, BitOr, BitXor, Mul, Not, Shl, Shr, Sub};

/// An unsigned word of 4-bit codes.
pub trait Word:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + From<u8>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Mul<Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
    + 'static
{
    const BITS: usize;
    const ZERO: Self;
    /// The lowest bit of every nibble.
    const NIBBLES: Self;

    /// The low 8 bits.
    fn low_byte(self) -> u8;
    fn trailing_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    fn swap_bytes(self) -> Self;
    /// The low 64 bits.
    fn low_u64(self) -> u64;
    fn from_u64(bits: u64) -> Self;
    /// The low `BITS` bits of `bits`.
    fn truncate(bits: u128) -> Self;
}

macro_rules! word {
    ($type:ty) => {
        impl Word for $type {
            const BITS: usize = <$type>::BITS as usize;
            const ZERO: Self = 0;
            const NIBBLES: Self = <$type>::MAX / 15;

            #[inline]
            fn low_byte(self) -> u8 {
                self as u8
            }

            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$type>::trailing_zeros(self)
            }

            #[inline]
            fn count_ones(self) -> u32 {
                <$type>::count_ones(self)
            }

            #[inline]
            fn swap_bytes(self) -> Self {
                <$type>::swap_bytes(self)
            }

            #[inline]
            fn low_u64(self) -> u64 {
                self as u64
            }

            #[inline]
            fn from_u64(bits: u64) -> Self {
                bits as $type
            }

            #[inline]
            fn truncate(bits: u128) -> Self {
                bits as $type
            }
        }
    };
}

word!(u64);
word!(u128);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nibbles_have_their_lowest_bit_set() {
        assert_eq!(<u64 as Word>::NIBBLES, 0x1111_1111_1111_1111);
        assert_eq!(<u128 as Word>::NIBBLES, 0x1111_1111_1111_1111_1111_1111_1111_1111);
    }
}
