//! What the frontier counter remembers about the squares on its frontier, packed in a `u64`.
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

/// Degree 0.
pub const EMPTY: u8 = 0;
/// Degree 2, or no longer on the frontier.
pub const FULL: u8 = 1;
/// Degree 1, joined to a settled end of the tour.
pub const TERM: u8 = 2;
/// The first label of a pair of path ends.
pub const LABEL: u8 = 3;
/// A label for a pair made in the middle of a step, renumbered by [`Frontier::canonical`].
/// Never in a canonical state: canonical labels stay below it since a window of at most 16
/// squares (the `2h + 1` of the frontier and the square being added, `h` up to 7) holds at
/// most 8 pairs.
const FRESH: u8 = 15;

const NIBBLES: u64 = 0x1111_1111_1111_1111;

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
pub struct Frontier(pub u64);

impl Frontier {
    /// A window of `slots` squares that are not squares of the board yet (settled before they
    /// exist, so nothing can join them).
    pub fn before_the_board(slots: usize) -> Frontier {
        Frontier(NIBBLES & low_nibbles(slots))
    }

    pub fn code(self, slot: usize) -> u8 {
        ((self.0 >> (4 * slot)) & 15) as u8
    }

    fn set(&mut self, slot: usize, code: u8) {
        self.0 = (self.0 & !(15 << (4 * slot))) | (u64::from(code) << (4 * slot));
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
    pub fn push_empty(self) -> Frontier {
        Frontier(self.0 << 4)
    }

    /// The other square whose code is `label`, besides `slot`: a zero-nibble search (SWAR), the
    /// pairs being at most 16 nibbles apart.
    fn partner(self, slot: usize) -> usize {
        let code = self.code(slot);
        let x = self.0 ^ (NIBBLES * u64::from(code));
        let nonzero = (x | (x >> 1) | (x >> 2) | (x >> 3)) & NIBBLES;
        let equal = !nonzero & NIBBLES & !(1 << (4 * slot));
        debug_assert!(equal != 0, "label {code} at slot {slot} has no partner in {self:?}");
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
        let far = |frontier: Frontier, slot: usize, code: u8| match code {
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
    pub fn path_ends(self, slots: usize) -> (u64, u64) {
        let window = self.0 & low_nibbles(slots);
        let x = window ^ (NIBBLES * u64::from(TERM));
        let term = !(x | (x >> 1) | (x >> 2) | (x >> 3)) & NIBBLES & low_nibbles(slots);
        (label_nibbles(window), term)
    }

    /// The window of a frontier `height` squares high at the end of a column, upside down: the
    /// codes of the last column and of the one before each in reverse order (the square after
    /// them is settled, so it stays).
    pub fn mirrored(self, height: usize) -> Frontier {
        let column = low_nibbles(height);
        let flip = |codes: u64| reverse_nibbles(codes) >> (64 - 4 * height);
        let last = flip(self.0 & column);
        let before = flip((self.0 >> (4 * height)) & column);
        Frontier((self.0 & !low_nibbles(2 * height)) | (before << (4 * height)) | last)
    }

    /// The squares among the first `slots` with no edge yet: the lowest bit of each one's code.
    pub fn bare(self, slots: usize) -> u64 {
        let x = self.0;
        !(x | (x >> 1) | (x >> 2) | (x >> 3)) & NIBBLES & low_nibbles(slots)
    }

    /// The first `slots` codes (the window without the square that just left it), labels
    /// renumbered in order of first appearance from slot 0, so equal states have equal bits.
    pub fn canonical(self, slots: usize) -> Frontier {
        let window = self.0 & low_nibbles(slots);
        // Squares holding a label: codes 3 and up have a bit set above the lowest two, or are 3.
        let labelled = label_nibbles(window);
        if labelled == 0 {
            return Frontier(window);
        }
        // A pair at a time: the newest labelled square names its pair, both ends at once.
        let mut out = window & !(labelled * 15);
        let mut next = u64::from(LABEL);
        let mut rest = labelled;
        while rest != 0 {
            let code = (window >> rest.trailing_zeros()) & 15;
            let x = window ^ (NIBBLES * code);
            let pair = !(x | (x >> 1) | (x >> 2) | (x >> 3)) & rest;
            out |= pair * next;
            rest &= !pair;
            next += 1;
        }
        Frontier(out)
    }
}

/// The 16 nibbles of `x` in reverse order.
fn reverse_nibbles(x: u64) -> u64 {
    let bytes = x.swap_bytes();
    ((bytes >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((bytes & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

pub fn low_nibbles(count: usize) -> u64 {
    if count >= 16 {
        u64::MAX
    } else {
        (1 << (4 * count)) - 1
    }
}

/// One bit (the lowest of the nibble) for each nibble holding a label (a code of 3 or more).
fn label_nibbles(x: u64) -> u64 {
    let high = (x >> 2) | (x >> 3);
    let three = x & (x >> 1);
    (high | three) & NIBBLES
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A window from its codes, newest first.
    fn window(codes: &[u8]) -> Frontier {
        Frontier(codes.iter().rev().fold(0, |bits, &code| (bits << 4) | u64::from(code)))
    }

    fn codes(frontier: Frontier, slots: usize) -> Vec<u8> {
        (0..slots).map(|slot| frontier.code(slot)).collect()
    }

    #[test]
    fn canonical_labels_follow_first_appearance_from_the_newest_square() {
        let state = window(&[5, 1, 3, 5, 0, 3, 2]);
        assert_eq!(codes(state.canonical(7), 7), [3, 1, 4, 3, 0, 4, 2]);
        assert_eq!(state.canonical(7).canonical(7), state.canonical(7));
    }

    #[test]
    fn canonical_drops_the_square_that_left() {
        let state = window(&[1, 1, 1, 1]);
        assert_eq!(state.canonical(3), window(&[1, 1, 1]));
    }

    #[test]
    fn joining_two_bare_squares_makes_a_pair() {
        let mut state = window(&[0, 1, 0]);
        assert_eq!(state.join(0, 2), Joined::Extended);
        assert_eq!(codes(state.canonical(3), 3), [3, 1, 3]);
    }

    #[test]
    fn joining_two_paths_pairs_their_far_ends() {
        // Paths 0..2 and 3..5: joining 2 to 3 leaves one path from 0 to 5.
        let mut state = window(&[3, 1, 3, 4, 1, 4]);
        assert_eq!(state.join(2, 3), Joined::Extended);
        assert_eq!(codes(state.canonical(6), 6), [3, 1, 1, 1, 1, 3]);
    }

    #[test]
    fn joining_a_path_to_a_settled_end_marks_its_far_end() {
        let mut state = window(&[0, 2, 1]);
        assert_eq!(state.join(0, 1), Joined::Extended);
        assert_eq!(codes(state, 3), [TERM, FULL, FULL]);
        let mut state = window(&[3, 2, 1, 3]);
        assert_eq!(state.join(0, 1), Joined::Extended);
        assert_eq!(codes(state, 4), [FULL, FULL, FULL, TERM]);
    }

    #[test]
    fn the_two_ends_of_one_path_close_a_cycle() {
        let mut state = window(&[3, 0, 3]);
        assert_eq!(state.join(0, 2), Joined::Cycle);
        assert_eq!(codes(state, 3), [1, 0, 1]);
        let mut state = window(&[2, 2]);
        assert_eq!(state.join(0, 1), Joined::Complete);
    }

    #[test]
    fn settling_an_end_marks_its_partner() {
        let mut state = window(&[3, 0, 3]);
        assert!(!state.settle_end(2));
        assert_eq!(codes(state, 3), [TERM, EMPTY, FULL]);
        assert!(state.settle_end(0));
        assert_eq!(codes(state, 3), [FULL, EMPTY, FULL]);
    }

    #[test]
    fn a_mirrored_window_turns_each_column_upside_down() {
        let state = window(&[3, 0, 1, 4, 2, 3, 4, 1]);
        assert_eq!(codes(state.mirrored(3), 8), [1, 0, 3, 3, 2, 4, 4, 1]);
        assert_eq!(state.mirrored(3).mirrored(3), state);
    }

    /// A window of `kinds` (0 bare, 1 full, 2 settled end, 3 a path end), its path ends paired
    /// in the order `order` shuffles them (an odd one out ends at a settled end), the pairs
    /// labelled by `labels`, any distinct labels.
    fn random_window(kinds: &[u8], order: &[u64], labels: &[u8]) -> Frontier {
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
        window(&codes)
    }

    fn windows() -> impl Strategy<Value = (Frontier, Frontier, usize)> {
        (3usize..=15)
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
        /// Two windows that pair the same squares, whatever their labels, are one state.
        #[test]
        fn canonical_forgets_the_labels_and_keeps_the_pairs((state, relabelled, slots) in windows()) {
            let canonical = state.canonical(slots);
            prop_assert_eq!(canonical, relabelled.canonical(slots));
            prop_assert_eq!(canonical.canonical(slots), canonical);
            for a in 0..slots {
                prop_assert_eq!(canonical.degree(a), state.degree(a));
                for b in 0..slots {
                    let paired = |frontier: Frontier| frontier.code(a) >= LABEL && frontier.code(a) == frontier.code(b);
                    prop_assert_eq!(paired(canonical), paired(state));
                }
            }
        }

        /// Joining two squares gives the same state whatever the labels were.
        #[test]
        fn joining_commutes_with_relabelling((state, relabelled, slots) in windows(), a in 0usize..15, b in 0usize..15) {
            let (a, b) = (a % slots, b % slots);
            prop_assume!(a != b && state.degree(a) < 2 && state.degree(b) < 2);
            let (mut joined, mut joined_relabelled) = (state, relabelled);
            prop_assert_eq!(joined.join(a, b), joined_relabelled.join(a, b));
            prop_assert_eq!(joined.canonical(slots), joined_relabelled.canonical(slots));
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
