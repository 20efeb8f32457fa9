//! Divide and conquer's tour as a page plays its making: every move drawn while the tour is
//! assembled, with the piece or seam that adds it and the seam that cuts it, if one does. The
//! page only times them (the pieces appear in join order, then the seams are rewired); which
//! move is which is decided here, once, from the [`Construction`].

use std::collections::HashMap;

use crate::divide::Construction;

/// The assembly's moves as columns, one entry a move. The moves of a piece, then those a seam
/// adds, are contiguous, pieces first in join order, then the seams in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moves {
    pub from: Vec<u32>,
    pub to: Vec<u32>,
    /// The piece whose own tour the move is, or -1 for a move a seam adds.
    pub piece: Vec<i32>,
    /// The seam that adds the move, or -1 for a piece's.
    pub seam: Vec<i32>,
    /// The seam that cuts it again, or -1 if it stays: a move added by one seam may be cut by a
    /// later one.
    pub cut: Vec<i32>,
}

impl Moves {
    pub fn len(&self) -> usize {
        self.from.len()
    }

    pub fn is_empty(&self) -> bool {
        self.from.is_empty()
    }

    fn push(&mut self, [from, to]: [u32; 2], piece: i32, seam: i32) -> usize {
        self.from.push(from);
        self.to.push(to);
        self.piece.push(piece);
        self.seam.push(seam);
        self.cut.push(-1);
        self.len() - 1
    }
}

/// An undirected move, as the key it is found by.
fn key(a: u32, b: u32) -> (u32, u32) {
    (a.min(b), a.max(b))
}

/// Every move of `construction`'s assembly; see the module's comment. Once every seam is
/// rewired, the moves never cut are exactly the tour's. `None` for a construction that has its
/// plan alone, read from numbers ([`Construction::has_moves`]).
pub fn moves(construction: &Construction) -> Option<Moves> {
    if !construction.has_moves() {
        return None;
    }
    let mut moves = Moves::default();
    let mut index = HashMap::new();
    for (p, piece) in construction.pieces.iter().enumerate() {
        for walk in &piece.walks {
            for pair in walk.windows(2) {
                let at = moves.push([pair[0].0, pair[1].0], p as i32, -1);
                index.insert(key(pair[0].0, pair[1].0), at);
            }
        }
        // A tile's cycle closes with the move from its last square back to its first: the move
        // a seam cuts to open it.
        if let ([walk], true) = (&piece.walks[..], piece.cycle) {
            if let (Some(first), Some(last)) = (walk.first(), walk.last()) {
                if first != last {
                    let at = moves.push([last.0, first.0], p as i32, -1);
                    index.insert(key(last.0, first.0), at);
                }
            }
        }
    }
    for (k, seam) in construction.seams.iter().enumerate() {
        let k = k as i32;
        for &[from, to] in &seam.cut {
            let at = index.get(&key(from.0, to.0)).copied().unwrap_or_else(|| {
                // Not a move drawn before (it should always be one): it still flashes out where
                // the seam cuts it.
                moves.push([from.0, to.0], -1, k)
            });
            moves.cut[at] = k;
        }
        for &[from, to] in &seam.added {
            let at = moves.push([from.0, to.0], -1, k);
            index.insert(key(from.0, to.0), at);
        }
    }
    Some(moves)
}
