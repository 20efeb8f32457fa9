//! A frame: one square of the path and the moves left to try from it, packed in two machine
//! words for the hot loop.

use crate::search::mailbox::Cell;

/// One square of the path and the moves left to try from it.
///
/// The order packs, a byte each, the slots (indices into the textbook move order) in the order
/// they are tried; the mask has bit `i` set while the move at position `i` of the order is still
/// to be tried, and the initial mask remembers which were there at first. The set of moves is
/// decided when the square is placed, among the squares free at that time; it cannot go stale,
/// because whenever the search is back at this frame the path is what it was then.
///
/// Two machine words, `order` and `head` (cell, mask and initial mask), so the hot loop can hold a
/// frame in two registers and move it with two plain stores: a struct with padding gets copied
/// through memory, piecewise writes then whole reads, and stalls on store forwarding. Sixteen
/// bytes: the stack of a 1024×1024 board fits in 16 MB.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    order: u64,
    head: u64,
}

/// The order of frames in textbook order, where position and slot coincide.
pub(super) const TEXTBOOK_ORDER: u64 = 0x0706_0504_0302_0100;

impl Frame {
    #[inline(always)]
    pub fn new(cell: Cell, mask: u8, order: u64) -> Frame {
        Frame::with_initial(cell, mask, mask, order)
    }

    #[inline(always)]
    pub fn with_initial(cell: Cell, mask: u8, initial: u8, order: u64) -> Frame {
        Frame { order, head: u64::from(cell.0) | u64::from(mask) << 32 | u64::from(initial) << 40 }
    }

    /// A frame from its two words, as [`Frame::order`] and [`Frame::head`] give them.
    #[inline(always)]
    pub fn from_words(order: u64, head: u64) -> Frame {
        Frame { order, head }
    }

    #[inline(always)]
    pub fn initial(&self) -> u8 {
        Frame::head_initial(self.head)
    }

    #[inline(always)]
    pub fn cell(&self) -> Cell {
        Frame::head_cell(self.head)
    }

    #[inline(always)]
    pub fn mask(&self) -> u8 {
        Frame::head_mask(self.head)
    }

    /// The word that holds the cell and the masks: what the search changes.
    #[inline(always)]
    pub fn head(&self) -> u64 {
        self.head
    }

    #[inline(always)]
    pub fn head_cell(head: u64) -> Cell {
        Cell(head as u32)
    }

    #[inline(always)]
    pub fn head_mask(head: u64) -> u8 {
        (head >> 32) as u8
    }

    #[inline(always)]
    pub fn head_initial(head: u64) -> u8 {
        (head >> 40) as u8
    }

    /// What to toggle in a head to take the move at `position` of the order out of the mask.
    #[inline(always)]
    pub fn head_move(position: u32) -> u64 {
        1 << (32 + position)
    }

    /// The slot (index into the textbook move order) of the move at `position` of the order.
    /// Textbook frames, of a search that does not rank (`ranked` false), keep the order implied.
    #[inline(always)]
    pub fn slot(&self, position: u32, ranked: bool) -> u8 {
        if ranked {
            (self.order >> (8 * position)) as u8
        } else {
            position as u8
        }
    }

    /// Sets the moves left to try.
    pub fn set_mask(&mut self, mask: u8) {
        self.head = self.head & !(0xFF << 32) | u64::from(mask) << 32;
    }

    /// The position in the order of the move tried last: moves are tried lowest position first,
    /// so it is the highest that is no longer left. Only for a frame that has tried one.
    pub fn last_tried(&self) -> u32 {
        7 - (self.initial() & !self.mask()).leading_zeros()
    }

    /// Puts the move at `position` of the order back among the moves left to try.
    pub fn give_back(&mut self, position: u32) {
        self.head |= Frame::head_move(position);
    }

    /// How many moves the frame had when its square was placed.
    pub fn len(&self) -> u32 {
        self.initial().count_ones()
    }

    pub fn order(&self) -> u64 {
        self.order
    }

    /// Copies the word the search changes (cell and masks) from `other`, for frames whose
    /// order is known to be the same: textbook frames.
    #[inline(always)]
    pub fn copy_head(&mut self, other: Frame) {
        self.head = other.head;
    }

    pub fn tried(&self) -> u32 {
        self.len() - self.mask().count_ones()
    }
}
