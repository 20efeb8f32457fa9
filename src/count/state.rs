//! What the frontier counter remembers about the squares on its frontier: a window of 4-bit
//! codes, worked on in a machine word ([`Word`]) and stored in the table as a `u64` key.
//!
//! The sweep visits squares column by column; the frontier is the window of the last `2h + 1`
//! squares visited (a knight reaches back two columns, so a square's last neighbour comes that
//! many squares after it). Each square of the window holds a 4-bit code, the newest in the low
//! bits:
//!
//! - [`EMPTY`]: no edge chosen yet (degree 0);
//! - [`FULL`]: takes no more edges: degree 2, or settled (left the frontier), or not a square;
//! - [`TERM`]: degree 1, and the path it ends runs to an end of the whole tour already settled;
//! - a label from [`LABEL`]: degree 1, and the path it ends runs to the other window square
//!   with the same label.
//!
//! Knight's paths cross, so the pairs are not nested like parentheses: they are stored
//! explicitly, and relabelled canonically (labels in order of first appearance from the newest
//! square) so that two partial tours that can be finished in the same ways meet in one state.
//!
//! A key holds a window worked on in a `u64` whole (up to 15 squares, boards up to 7 high), with
//! the tour's ends already settled in its top 4 bits. A board 8 high has 17 squares, 68 bits,
//! worked on in a `u128`, and is counted for closed tours only, where every path has both ends
//! on the frontier: every label is on two squares, so the oldest square's code follows from the
//! others (a path's end, with the label the others hold once, or full; never bare, since it has
//! at most one edge left and a square of a closed tour needs two: [`Frontier::keyable`]), and
//! the key keeps only the 16 others.

use super::word::Word;

/// Degree 0.
pub const EMPTY: u8 = 0;
/// Degree 2, or no longer on the frontier.
pub const FULL: u8 = 1;
/// Degree 1, joined to a settled end of the tour.
pub const TERM: u8 = 2;
/// The first label of a pair of path ends.
pub const LABEL: u8 = 3;
/// A label for a pair made in the middle of a step, renumbered by [`Frontier::canonical`].
/// Never in a canonical state: canonical labels stay below it since a window of at most 18
/// squares (the `2h + 1` of the frontier and the square being added, `h` up to 8) holds at
/// most 9 pairs.
const FRESH: u8 = 15;

/// Where the count of settled tour ends sits in a key: above the 15 codes of the widest window
/// a key holds whole.
pub const ENDS_SHIFT: u32 = 60;
const WINDOW_BITS: u64 = (1 << ENDS_SHIFT) - 1;

/// How a new edge left the paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// Two paths became one (or a path grew).
    Extended,
    /// The two ends of one path met: a cycle.
    Cycle,
    /// Both ends of the path are settled ends of the tour: the path is complete.
    Complete,
}

/// The codes of a window, slot 0 the newest square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frontier<W>(pub W);

impl<W: Word> Frontier<W> {
    /// A window of `slots` squares that are not squares of the board yet (settled before they
    /// exist, so nothing can join them).
    pub fn before_the_board(slots: usize) -> Frontier<W> {
        Frontier(W::NIBBLES & low_nibbles(slots))
    }

    /// The window of `slots` squares a table's key stands for, with the ends of the tour
    /// settled.
    #[inline]
    pub fn unpack(key: u64, slots: usize) -> (Frontier<W>, u8) {
        if W::BITS == 64 {
            return (Frontier(W::from_u64(key & WINDOW_BITS)), (key >> ENDS_SHIFT) as u8);
        }
        // The newest squares, and the oldest one's code: the label held once among them.
        let newest = W::from_u64(key);
        let labels = label_nibbles(newest);
        let oldest = if labels.count_ones() % 2 == 1 {
            let mut codes = (newest & (labels * W::from(15))).low_u64();
            for shift in [32, 16, 8, 4] {
                codes ^= codes >> shift;
            }
            (codes & 15) as u8
        } else {
            FULL
        };
        (Frontier(newest | W::from(oldest) << (4 * (slots - 1))), 0)
    }

    /// The key of the window of `slots` squares (canonical, the square that left dropped, and
    /// [`Frontier::keyable`] if worked on in a `u128`), with `ends` ends of the tour settled:
    /// [`Frontier::unpack`]'s inverse.
    #[inline]
    pub fn pack(self, slots: usize, ends: u8) -> u64 {
        if W::BITS == 64 {
            return self.0.low_u64() | u64::from(ends) << ENDS_SHIFT;
        }
        debug_assert!(slots <= 17 && ends == 0, "a key of a closed tour's window of {slots}");
        let key = (self.0 & low_nibbles(slots - 1)).low_u64();
        debug_assert_eq!(Frontier::<W>::unpack(key, slots).0, self, "the oldest code follows");
        key
    }

    /// Whether a window of `slots` squares of a closed tour's count, worked on in a `u128`, has
    /// a key: its oldest square is not bare. One that is can never be finished (the square has
    /// at most one edge left), and the key leaves that square out as never bare.
    #[inline]
    pub fn keyable(self, slots: usize) -> bool {
        W::BITS == 64 || self.code(slots - 1) != EMPTY
    }

    pub fn code(self, slot: usize) -> u8 {
        (self.0 >> (4 * slot)).low_byte() & 15
    }

    fn set(&mut self, slot: usize, code: u8) {
        self.0 = (self.0 & !(W::from(15) << (4 * slot))) | (W::from(code) << (4 * slot));
    }

    /// Its degree so far: 0, 1 or 2 (settled squares count as 2: they take no more edges).
    pub fn degree(self, slot: usize) -> u8 {
        match self.code(slot) {
            EMPTY => 0,
            FULL => 2,
            _ => 1,
        }
    }

    /// A window one square longer, the new square (slot 0) with no edges yet.
    #[inline]
    pub fn push_empty(self) -> Frontier<W> {
        Frontier(self.0 << 4)
    }

    /// The other square whose code is `label`, besides `slot`: a zero-nibble search (SWAR), the
    /// pairs being at most 18 nibbles apart.
    fn partner(self, slot: usize) -> usize {
        let code = self.code(slot);
        let equal = zero_nibbles(self.0 ^ (W::NIBBLES * W::from(code))) & !(W::from(1) << (4 * slot));
        debug_assert!(equal != W::ZERO, "label {code} at slot {slot} has no partner in {self:?}");
        equal.trailing_zeros() as usize / 4
    }

    /// Adds the edge between `a` and `b`, both of degree below 2.
    pub fn join(&mut self, a: usize, b: usize) -> Joined {
        let (code_a, code_b) = (self.code(a), self.code(b));
        debug_assert!(code_a != FULL && code_b != FULL, "joining a full square");
        if code_a == code_b && code_a != EMPTY {
            self.set(a, FULL);
            self.set(b, FULL);
            return if code_a == TERM { Joined::Complete } else { Joined::Cycle };
        }
        // The far end of each side's path: itself if it had no edge yet, none if settled.
        let far = |frontier: Frontier<W>, slot: usize, code: u8| match code {
            EMPTY => Some(slot),
            TERM => None,
            _ => Some(frontier.partner(slot)),
        };
        let (far_a, far_b) = (far(*self, a, code_a), far(*self, b, code_b));
        self.set(a, FULL);
        self.set(b, FULL);
        match (far_a, far_b) {
            (Some(x), Some(y)) => {
                // Keep a label that was in use rather than make a new one.
                let label = [code_a, code_b].into_iter().find(|&code| code >= LABEL).unwrap_or(FRESH);
                self.set(x, label);
                self.set(y, label);
            }
            (Some(x), None) | (None, Some(x)) => self.set(x, TERM),
            (None, None) => unreachable!("two settled ends are the same path: handled above"),
        }
        Joined::Extended
    }

    /// Settles a square of degree 1 as an end of the tour: its path's far end now runs to a
    /// settled end. Returns true if that far end was settled too (the path is complete).
    pub fn settle_end(&mut self, slot: usize) -> bool {
        let code = self.code(slot);
        debug_assert_eq!(self.degree(slot), 1, "only a path's end can end the tour");
        let complete = code == TERM;
        if !complete {
            let partner = self.partner(slot);
            self.set(partner, TERM);
        }
        self.set(slot, FULL);
        complete
    }

    /// The squares among the first `slots` that end a path, one bit each as [`Frontier::bare`]:
    /// those paired with another (a label) and those whose path runs to a settled end.
    pub fn path_ends(self, slots: usize) -> (W, W) {
        let window = self.0 & low_nibbles(slots);
        let term = zero_nibbles(window ^ (W::NIBBLES * W::from(TERM))) & low_nibbles(slots);
        (label_nibbles(window), term)
    }

    /// The window of a frontier `height` squares high at the end of a column, upside down: the
    /// codes of the last column and of the one before each in reverse order (the square after
    /// them is settled, so it stays).
    pub fn mirrored(self, height: usize) -> Frontier<W> {
        let column = low_nibbles::<W>(height);
        let flip = |codes: W| reverse_nibbles(codes) >> (W::BITS - 4 * height);
        let last = flip(self.0 & column);
        let before = flip((self.0 >> (4 * height)) & column);
        Frontier((self.0 & !low_nibbles::<W>(2 * height)) | (before << (4 * height)) | last)
    }

    /// The squares among the first `slots` with no edge yet: the lowest bit of each one's code.
    pub fn bare(self, slots: usize) -> W {
        zero_nibbles(self.0) & low_nibbles(slots)
    }

    /// The first `slots` codes (the window without the square that just left it), labels
    /// renumbered in order of first appearance from slot 0, so equal states have equal bits.
    pub fn canonical(self, slots: usize) -> Frontier<W> {
        let window = self.0 & low_nibbles(slots);
        // Squares holding a label: codes 3 and up have a bit set above the lowest two, or are 3.
        let labelled = label_nibbles(window);
        if labelled == W::ZERO {
            return Frontier(window);
        }
        // A pair at a time: the newest labelled square names its pair, both ends at once.
        let mut out = window & !(labelled * W::from(15));
        let mut next = W::from(LABEL);
        let mut rest = labelled;
        while rest != W::ZERO {
            let code = (window >> rest.trailing_zeros() as usize) & W::from(15);
            let pair = zero_nibbles(window ^ (W::NIBBLES * code)) & rest;
            out = out | (pair * next);
            rest = rest & !pair;
            next = next + W::from(1);
        }
        Frontier(out)
    }
}

/// One bit (the lowest of the nibble) for each nibble of `x` that is zero.
#[inline]
fn zero_nibbles<W: Word>(x: W) -> W {
    !(x | (x >> 1) | (x >> 2) | (x >> 3)) & W::NIBBLES
}

/// The nibbles of `x` in reverse order.
fn reverse_nibbles<W: Word>(x: W) -> W {
    let bytes = x.swap_bytes();
    let evens = W::truncate(0x0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F);
    ((bytes >> 4) & evens) | ((bytes & evens) << 4)
}

pub fn low_nibbles<W: Word>(count: usize) -> W {
    if 4 * count >= W::BITS {
        !W::ZERO
    } else {
        (W::from(1) << (4 * count)) - W::from(1)
    }
}

/// One bit (the lowest of the nibble) for each nibble holding a label (a code of 3 or more).
fn label_nibbles<W: Word>(x: W) -> W {
    let high = (x >> 2) | (x >> 3);
    let three = x & (x >> 1);
    (high | three) & W::NIBBLES
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A window from its codes, newest first.
    fn window<W: Word>(codes: &[u8]) -> Frontier<W> {
        Frontier(codes.iter().rev().fold(W::ZERO, |bits, &code| (bits << 4) | W::from(code)))
    }

    fn codes<W: Word>(frontier: Frontier<W>, slots: usize) -> Vec<u8> {
        (0..slots).map(|slot| frontier.code(slot)).collect()
    }

    #[test]
    fn canonical_labels_follow_first_appearance_from_the_newest_square() {
        let state = window::<u64>(&[5, 1, 3, 5, 0, 3, 2]);
        assert_eq!(codes(state.canonical(7), 7), [3, 1, 4, 3, 0, 4, 2]);
        assert_eq!(state.canonical(7).canonical(7), state.canonical(7));
    }

    #[test]
    fn canonical_drops_the_square_that_left() {
        let state = window::<u64>(&[1, 1, 1, 1]);
        assert_eq!(state.canonical(3), window(&[1, 1, 1]));
    }

    #[test]
    fn joining_two_bare_squares_makes_a_pair() {
        let mut state = window::<u64>(&[0, 1, 0]);
        assert_eq!(state.join(0, 2), Joined::Extended);
        assert_eq!(codes(state.canonical(3), 3), [3, 1, 3]);
    }

    #[test]
    fn joining_two_paths_pairs_their_far_ends() {
        // Paths 0..2 and 3..5: joining 2 to 3 leaves one path from 0 to 5.
        let mut state = window::<u64>(&[3, 1, 3, 4, 1, 4]);
        assert_eq!(state.join(2, 3), Joined::Extended);
        assert_eq!(codes(state.canonical(6), 6), [3, 1, 1, 1, 1, 3]);
    }

    #[test]
    fn joining_a_path_to_a_settled_end_marks_its_far_end() {
        let mut state = window::<u64>(&[0, 2, 1]);
        assert_eq!(state.join(0, 1), Joined::Extended);
        assert_eq!(codes(state, 3), [TERM, FULL, FULL]);
        let mut state = window::<u64>(&[3, 2, 1, 3]);
        assert_eq!(state.join(0, 1), Joined::Extended);
        assert_eq!(codes(state, 4), [FULL, FULL, FULL, TERM]);
    }

    #[test]
    fn the_two_ends_of_one_path_close_a_cycle() {
        let mut state = window::<u64>(&[3, 0, 3]);
        assert_eq!(state.join(0, 2), Joined::Cycle);
        assert_eq!(codes(state, 3), [1, 0, 1]);
        let mut state = window::<u64>(&[2, 2]);
        assert_eq!(state.join(0, 1), Joined::Complete);
    }

    #[test]
    fn settling_an_end_marks_its_partner() {
        let mut state = window::<u64>(&[3, 0, 3]);
        assert!(!state.settle_end(2));
        assert_eq!(codes(state, 3), [TERM, EMPTY, FULL]);
        assert!(state.settle_end(0));
        assert_eq!(codes(state, 3), [FULL, EMPTY, FULL]);
    }

    #[test]
    fn a_mirrored_window_turns_each_column_upside_down() {
        let state = window::<u64>(&[3, 0, 1, 4, 2, 3, 4, 1]);
        assert_eq!(codes(state.mirrored(3), 8), [1, 0, 3, 3, 2, 4, 4, 1]);
        assert_eq!(state.mirrored(3).mirrored(3), state);
        // A board 8 high: 17 squares, in a u128.
        let tall: Vec<u8> = (0..17).map(|slot| [0, 1, 3, 4, 5, 6, 7, 8][slot % 8]).collect();
        let state = window::<u128>(&tall);
        let flipped = codes(state.mirrored(8), 17);
        assert_eq!(flipped[..8], tall[..8].iter().rev().copied().collect::<Vec<_>>()[..]);
        assert_eq!(flipped[8..16], tall[8..16].iter().rev().copied().collect::<Vec<_>>()[..]);
        assert_eq!((flipped[16], state.mirrored(8).mirrored(8)), (tall[16], state));
    }

    /// A window of `kinds` (0 bare, 1 full, 2 settled end, 3 a path end), its path ends paired
    /// in the order `order` shuffles them (an odd one out ends at a settled end), the pairs
    /// labelled by `labels`, any distinct labels.
    fn random_window(kinds: &[u8], order: &[u64], labels: &[u8]) -> Vec<u8> {
        let mut codes: Vec<u8> = kinds.iter().map(|&kind| kind.min(TERM)).collect();
        let mut ends: Vec<usize> = (0..kinds.len()).filter(|&slot| kinds[slot] == 3).collect();
        ends.sort_by_key(|&slot| order[slot]);
        if ends.len() % 2 == 1 {
            codes[ends.pop().unwrap()] = TERM;
        }
        for (pair, ends) in ends.chunks(2).enumerate() {
            codes[ends[0]] = labels[pair];
            codes[ends[1]] = labels[pair];
        }
        codes
    }

    /// Two windows pairing the same squares with other labels, of up to 18 squares.
    fn windows() -> impl Strategy<Value = (Vec<u8>, Vec<u8>, usize)> {
        (3usize..=18)
            .prop_flat_map(|slots| {
                let kinds = proptest::collection::vec(0u8..4, slots);
                let order = proptest::collection::vec(any::<u64>(), slots);
                let labels = Just((LABEL..FRESH).collect::<Vec<u8>>()).prop_shuffle();
                let relabels = Just((LABEL..FRESH).collect::<Vec<u8>>()).prop_shuffle();
                (kinds, order, labels, relabels)
            })
            .prop_map(|(kinds, order, labels, relabels)| {
                let slots = kinds.len();
                (random_window(&kinds, &order, &labels), random_window(&kinds, &order, &relabels), slots)
            })
    }

    proptest! {
        /// Two windows that pair the same squares, whatever their labels, are one state, in a
        /// `u64` as in a `u128`.
        #[test]
        fn canonical_forgets_the_labels_and_keeps_the_pairs((state, relabelled, slots) in windows()) {
            let (state, relabelled) = (window::<u128>(&state), window::<u128>(&relabelled));
            let canonical = state.canonical(slots);
            prop_assert_eq!(canonical, relabelled.canonical(slots));
            prop_assert_eq!(canonical.canonical(slots), canonical);
            for a in 0..slots {
                prop_assert_eq!(canonical.degree(a), state.degree(a));
                for b in 0..slots {
                    let paired = |frontier: Frontier<u128>| frontier.code(a) >= LABEL && frontier.code(a) == frontier.code(b);
                    prop_assert_eq!(paired(canonical), paired(state));
                }
            }
            if slots <= 16 {
                let narrow = Frontier(state.0 as u64).canonical(slots);
                prop_assert_eq!(u128::from(narrow.0), canonical.0);
            }
        }

        /// Joining two squares gives the same state whatever the labels were, in either word.
        #[test]
        fn joining_commutes_with_relabelling((state, relabelled, slots) in windows(), a in 0usize..18, b in 0usize..18) {
            let (state, relabelled) = (window::<u128>(&state), window::<u128>(&relabelled));
            let (a, b) = (a % slots, b % slots);
            prop_assume!(a != b && state.degree(a) < 2 && state.degree(b) < 2);
            let (mut joined, mut joined_relabelled) = (state, relabelled);
            prop_assert_eq!(joined.join(a, b), joined_relabelled.join(a, b));
            prop_assert_eq!(joined.canonical(slots), joined_relabelled.canonical(slots));
            if slots <= 16 {
                let mut narrow = Frontier(state.0 as u64);
                narrow.join(a, b);
                prop_assert_eq!(u128::from(narrow.canonical(slots).0), joined.canonical(slots).0);
            }
        }

        /// A closed tour's window (no settled ends, the oldest square not bare) of up to 17
        /// squares, worked on in a `u128`, comes back whole from its 64-bit key.
        #[test]
        fn a_closed_tours_wide_window_comes_back_from_its_key((codes, _, slots) in windows()) {
            prop_assume!(slots <= 17);
            let mut codes: Vec<u8> = codes.iter().map(|&code| if code == TERM { FULL } else { code }).collect();
            if codes[slots - 1] == EMPTY {
                codes[slots - 1] = FULL;
            }
            let state = window::<u128>(&codes).canonical(slots);
            prop_assert!(state.keyable(slots));
            let key = state.pack(slots, 0);
            prop_assert_eq!(Frontier::<u128>::unpack(key, slots), (state, 0));
        }
    }

    #[test]
    fn label_nibbles_find_codes_of_three_and_more() {
        for code in 0..16u8 {
            let found = label_nibbles(u64::from(code) << 8) != 0;
            assert_eq!(found, code >= LABEL, "code {code}");
        }
    }
}
