//! Cutting one side of the board into the lengths of the tiles.
//!
//! A side is cut into *fillers*, lengths from a range (even only, where the tiles must keep the
//! board's colouring and have a closed tour), and at most one *special* piece holding a given
//! line: the start's row or column, where the tile that holds the start needs a length of its own
//! (odd, on odd boards). Pieces come out as lengths, first to last.

/// The lengths a run of filler pieces may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Fillers {
    pub shortest: u32,
    pub longest: u32,
    /// Even lengths only: every piece then starts on a line of the same parity as the board's
    /// first, so tiles and board agree on which squares have the corners' colour.
    pub even: bool,
}

impl Fillers {
    /// Cuts `len` into as few fillers as possible, as equal as possible (longer ones first);
    /// `None` if no cut exists. Zero is cut into no pieces.
    pub fn cut(self, len: u32) -> Option<Vec<u32>> {
        if len == 0 {
            return Some(Vec::new());
        }
        let step = if self.even { 2 } else { 1 };
        if len % step != 0 {
            return None;
        }
        let count = len.div_ceil(self.longest);
        // In units of `step`: spread `len` over `count` pieces, the first `extra` one unit longer.
        let units = len / step;
        let (base, extra) = (units / count, units % count);
        let pieces: Vec<u32> = (0..count).map(|i| (base + u32::from(i < extra)) * step).collect();
        pieces.iter().all(|&piece| (self.shortest..=self.longest).contains(&piece)).then_some(pieces)
    }
}

/// The ways to cut `len` into fillers around one special piece that holds line `line`, its
/// length one of `special`, best first: shorter special pieces first (in the order given), then
/// those that centre the line. Each way is the pieces and the index of the special one. The
/// special piece starts where the fillers before it end, so with even fillers on an even line.
pub(super) fn around(len: u32, line: u32, special: &[u32], fillers: Fillers) -> Vec<(Vec<u32>, usize)> {
    debug_assert!(line < len, "line {line} of a side {len} long");
    let mut ways = Vec::new();
    for &size in special.iter().filter(|&&size| size <= len) {
        let first = line.saturating_sub(size - 1);
        let last = line.min(len - size);
        let centred = line.saturating_sub(size / 2).clamp(first, last);
        // From the centred offset outward, of two as near the lower first.
        let outward = (0..=last - first).flat_map(|distance| {
            [centred.checked_sub(distance), (distance > 0).then_some(centred + distance)]
        });
        for offset in outward.flatten().filter(|offset| (first..=last).contains(offset)) {
            if let (Some(before), Some(after)) = (fillers.cut(offset), fillers.cut(len - offset - size)) {
                let index = before.len();
                ways.push((before.into_iter().chain([size]).chain(after).collect(), index));
            }
        }
    }
    ways
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVEN: Fillers = Fillers { shortest: 6, longest: 10, even: true };
    const ODD_SPECIAL: [u32; 4] = [5, 7, 9, 11];

    #[test]
    fn even_sides_cut_into_even_pieces_of_six_to_ten() {
        for len in (6..=2_000).step_by(2) {
            let pieces = EVEN.cut(len).unwrap_or_else(|| panic!("{len}"));
            assert_eq!(pieces.iter().sum::<u32>(), len);
            assert!(pieces.iter().all(|p| p % 2 == 0 && (6..=10).contains(p)), "{len}: {pieces:?}");
        }
        assert_eq!(EVEN.cut(4), None);
        assert_eq!(EVEN.cut(7), None);
        assert_eq!(EVEN.cut(0), Some(vec![]));
    }

    #[test]
    fn any_length_from_five_cuts_into_pieces_of_five_to_eight() {
        let any = Fillers { shortest: 5, longest: 8, even: false };
        for len in (5..=8).chain(10..=2_000) {
            let pieces = any.cut(len).unwrap_or_else(|| panic!("{len}"));
            assert_eq!(pieces.iter().sum::<u32>(), len);
        }
        assert_eq!(any.cut(9), None, "9 is neither one piece nor two");
    }

    #[test]
    fn an_odd_side_has_one_odd_piece_holding_any_given_line() {
        for len in (5..=501).step_by(2) {
            for line in 0..len {
                let ways = around(len, line, &ODD_SPECIAL, EVEN);
                let (pieces, index) = ways.first().unwrap_or_else(|| panic!("{len} {line}"));
                let index = *index;
                let start: u32 = pieces[..index].iter().sum();
                assert!(start <= line && line < start + pieces[index], "{len} {line}: {pieces:?}");
                assert_eq!(start % 2, 0);
                assert_eq!(pieces.iter().sum::<u32>(), len);
                assert_eq!(pieces.iter().filter(|p| *p % 2 == 1).count(), 1);
            }
        }
    }
}
