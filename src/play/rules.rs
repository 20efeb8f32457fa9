//! The rules that doom a position, as functions of what its free squares add up to. The judge
//! ([`judge`](mod@super::judge)) counts square by square and names the squares; the completion search
//! ([`super::bits`]) counts in bitboards at every node; both decide through these, so each rule
//! is written once.
//!
//! What is left of a tour is a sequence `s0, s1, …, sL`: the knight's square `s0`, then the `L`
//! free squares in the order the rest of the tour takes them (and, for a closed tour, the start
//! after `sL`). A free square's *links* are its free neighbours, plus the start for the start's
//! neighbours in a closed tour (see `prune.rs`, whose rules these are, made exact for any
//! position rather than kept up to date along one search). Every `si` but the last needs a link
//! to `s(i+1)`, and every one but `s1` a link to `s(i-1)`: `s1` is entered from the knight, which
//! is no link, being on the path.

/// Squares with no link: each could only be `s1` and the last square at once, so there may be
/// none unless a single square is left (of an open tour: a closed one's last square links to
/// the start). `near` and `far` count those next to the knight and the rest: a far one cannot
/// even be entered.
pub fn stranded(closed: bool, free: u32, near: u32, far: u32) -> bool {
    far > 0 || (near > 0 && (closed || free > 1))
}

/// Squares with exactly one link (ends): each must be `s1` (next to the knight) or `sL`. An open
/// tour has room for both, a closed one for `s1` only, as `sL` also links to the start.
pub fn too_many_ends(closed: bool, near: u32, far: u32) -> bool {
    if closed {
        far > 0 || near > 1
    } else {
        far > 1 || near + far > 2
    }
}

/// When the ends fill the room (two in an open tour, one in a closed), and one of them is next
/// to the knight, the knight must move onto one: the search's forced moves, as in `prune.rs`.
pub fn ends_force(closed: bool, near: u32, far: u32) -> bool {
    let room = if closed { 1 } else { 2 };
    near > 0 && near + far == room
}

/// A knight changes colour with every move, so `si` has the knight's colour exactly when `i` is
/// even, and the last square `sL` of an open tour has it exactly when `L` is even. An end (see
/// [`too_many_ends`]) of the other colour can only be `s1`, so there may be one at most, next to
/// the knight (`wrong_near`, `wrong_far`: ends of the wrong colour for `sL`).
///
/// Counting the colours of the free squares adds nothing after the start: the path alternates
/// colours, so what is left of each colour fits a path from the knight exactly when the whole
/// board fits a path from the start, which [`crate::board::existence`] settles before the first move
/// (on a board of odd area, a tour starts on the corners' colour).
pub fn last_colour_fits(wrong_near: u32, wrong_far: u32) -> bool {
    wrong_far == 0 && wrong_near <= 1
}

/// Flye Sainte-Marie's rule (1877), for what is left of a tour on a board 4 wide.
///
/// Call the squares of the two outer lines outer, the rest inner. A knight on an outer line
/// moves one or two lines across, so always onto an inner one: no two outer squares follow each
/// other in `s0 … sL` (or in `… sL, start` for a closed tour). So `s1` is inner if the knight
/// stands on an outer square, and `sL` if the tour is closed and the start is outer: the free
/// outer squares take positions in `lo..=hi`, with `lo` 1 or 2 and `hi` `L` or `L - 1`. By
/// colour (see [`last_colour_fits`]), the `same` free outer squares of the knight's colour take even
/// positions and the `other` ones odd positions. Two outer positions of the same parity are at
/// least 2 apart; of different parity at least 3, since 1 apart is a move between two outer
/// squares. Listed in order, the outer positions therefore end at least `2(a - 1)` after the
/// first (`a = same + other`), plus 1 for every change of parity along the list, of which
/// there is one at least when both kinds occur; and the first is the lowest position from `lo`
/// of its parity. Placing one kind entirely before the other reaches that bound with one
/// change, so the outer squares fit exactly when one of the two orders ends by `hi`. This is a
/// necessary condition only: fitting proves nothing, not fitting dooms the position.
///
/// The theorem itself is the first position of an open tour from an inner square of 4×n:
/// `L = 4n - 1`, `lo = 1`, `n` outer squares of each colour; the orders end at `4n` and
/// `4n + 1`, past `L`, so every tour starts (and, reversed, ends) on an outer line.
pub fn outer_squares_fit(free: u32, same: u32, other: u32, knight_outer: bool, closing_outer: bool) -> bool {
    if same + other == 0 {
        return true;
    }
    let lo = 1 + i64::from(knight_outer);
    let hi = i64::from(free) - i64::from(closing_outer);
    // The lowest position from `lo` with the parity of odd (`true`) or even positions.
    let first = |odd: bool| if (lo % 2 == 1) == odd { lo } else { lo + 1 };
    // Where the outer squares end, `n` of the parity `odd` first, then `m` of the other.
    let end = |odd: bool, n: u32, m: u32| -> i64 {
        let (n, m) = (i64::from(n), i64::from(m));
        match (n, m) {
            (_, 0) => first(odd) + 2 * (n - 1),
            (0, _) => first(!odd) + 2 * (m - 1),
            _ => first(odd) + 2 * (n - 1) + 3 + 2 * (m - 1),
        }
    };
    // Odd positions hold the other colour, even ones the knight's.
    end(true, other, same).min(end(false, same, other)) <= hi
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule against a brute force: every way of putting `same` and `other` outer squares
    /// at positions of their parity within `lo..=hi`, none adjacent.
    fn fit_by_brute_force(free: u32, same: u32, other: u32, knight_outer: bool, closing_outer: bool) -> bool {
        let lo = 1 + u32::from(knight_outer);
        let hi = free.saturating_sub(u32::from(closing_outer));
        let positions: Vec<u32> = (lo..=hi).collect();
        (0u32..1 << positions.len()).any(|set| {
            let chosen: Vec<u32> =
                positions.iter().enumerate().filter(|(i, _)| set & 1 << i != 0).map(|(_, &p)| p).collect();
            let even = chosen.iter().filter(|&&p| p % 2 == 0).count() as u32;
            let odd = chosen.len() as u32 - even;
            even == same && odd == other && chosen.windows(2).all(|w| w[1] - w[0] >= 2)
        })
    }

    #[test]
    fn outer_squares_fit_exactly_when_a_brute_force_finds_room() {
        for free in 0..=12 {
            for same in 0..=7 {
                for other in 0..=7 {
                    for (knight_outer, closing_outer) in
                        [(false, false), (true, false), (false, true), (true, true)]
                    {
                        assert_eq!(
                            outer_squares_fit(free, same, other, knight_outer, closing_outer),
                            fit_by_brute_force(free, same, other, knight_outer, closing_outer),
                            "free {free}, same {same}, other {other}, {knight_outer}, {closing_outer}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn flye_sainte_marie_on_4xn_from_the_first_square() {
        for n in 4..40 {
            // From an inner square: n outer squares of each colour left, none may come first.
            assert!(!outer_squares_fit(4 * n - 1, n, n, false, false), "4x{n}, inner start");
            // From an outer square: one of its colour is taken.
            assert!(outer_squares_fit(4 * n - 1, n - 1, n, true, false), "4x{n}, outer start");
            // Closed, from an outer square: the last square must be inner too.
            assert!(!outer_squares_fit(4 * n - 1, n - 1, n, true, true), "4x{n}, closed");
        }
    }
}
