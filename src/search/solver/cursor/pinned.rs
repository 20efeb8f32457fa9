//! In WebAssembly, the narrow loop's tables at addresses fixed when the module is linked: a copy
//! of the visited cells, and the step of each mask's first move.
//!
//! V8 makes a wasm load of `visited[cell + k]` from a table reached through a pointer into an
//! addition and a load: the memory's base takes the x86 addressing mode's base register, so the
//! table's address and the cell are added first (`lea`), before each of the eight loads that
//! every placement waits on, and the table's address takes a register of its own, which
//! Turboshaft (Chromium 156) spilled and loaded back at the head of every iteration. A `static`'s
//! address is a constant that LLVM writes into each load's offset (`i32.load8_u offset=ADDR+k`
//! of the cell alone), which V8 makes `movzbl disp(%mem,%cell,1)`: no register, no addition.
//!
//! The same holds for a table of the knight's steps indexed by the moves mask (256 bytes): one
//! load, `movsbl disp(%mem,%mask,1)`, where the step taken out of the packed moves by the mask's
//! trailing zeros was six instructions in V8's code (the shift's count masked to 6 bits and moved
//! to `cl`, the shifted word cut to 32 bits, then sign-extended), on the path from one
//! placement's loads to the next's. A second table has the same steps by the moves taken (the
//! mask's complement), which a new frame's loads give without the two instructions that make
//! its mask.
//!
//! Natively there is nothing to gain (LLVM keeps the table's address in a register, and x86 adds
//! it in the load), and the tests run solvers on several threads at once: the native build never
//! touches the copy, and Miri checks the pointer path.

use std::cell::UnsafeCell;

use crate::search::mailbox::{Cell, NARROW, NARROW_STEPS};

/// Whether the narrow loop runs on [`Pinned`]: in WebAssembly without threads, whose memory no
/// other thread can see (the page's workers each have an instance and a memory of their own).
pub(super) const PINNED: bool = cfg!(all(target_arch = "wasm32", not(target_feature = "atomics")));

/// The most cells of a mailbox the copy holds: 12 columns by 252 rows. A call of the loop copies
/// the table in and out, once each, for up to 4,096 events (`Session`'s chunk), so the copies
/// grow with the board and the events do not: 8×8 copies 192 bytes; on 200×12 (3,264 cells)
/// 8 million events still took 30.3 ms in Chromium on the copy against 35.2 through the pointer.
/// A larger mailbox takes the loop for any width (300×12: 53.3 ms against the narrow loop's 52.0).
const CELLS: usize = 4096;

/// `2 * NARROW + 1`, how far a cell's lowest neighbour lies before it: entry `REACH + cell` of
/// the copy is cell `cell`'s, so that a cell's neighbours are at non-negative offsets from the
/// entry `cell`, and the loads' offsets are the copy's address plus constants.
const REACH: usize = 2 * NARROW as usize + 1;

/// The copy of the visited cells; see the module's comment.
pub(super) struct Pinned(UnsafeCell<[bool; REACH + CELLS]>);

// SAFETY: reached only through `Pinned`'s unsafe functions, whose callers keep to one thread
// (`PINNED` is true only where there is one) and use the copy only between a `fill` and the
// `drain` that follows it, with nothing in between that could reach them again.
unsafe impl Sync for Pinned {}

static PINNED_VISITED: Pinned = Pinned(UnsafeCell::new([false; REACH + CELLS]));

/// The step, in a mailbox [`NARROW`] cells wide, of each moves mask's first move (its lowest
/// bit's, as [`crate::search::mailbox::Mailbox::steps`] gives them); 0 for the empty mask.
static FIRST_STEPS: [i8; 256] = first_steps(0);

/// [`FIRST_STEPS`] by the moves taken, the mask's complement: 0 for a square whose eight moves
/// are taken.
static FIRST_STEPS_AFTER: [i8; 256] = first_steps(0xff);

/// The steps of [`FIRST_STEPS`], by the mask `xor` `flip`.
const fn first_steps(flip: usize) -> [i8; 256] {
    let mut steps = [0; 256];
    let mut index = 0;
    while index < 256 {
        let mask = index ^ flip;
        if mask != 0 {
            steps[index] = (NARROW_STEPS >> (8 * (mask as u32).trailing_zeros())) as i8;
        }
        index += 1;
    }
    steps
}

impl Pinned {
    /// Whether the visited table of a mailbox of `cells` cells fits the copy.
    pub(super) fn holds(cells: usize) -> bool {
        cells <= CELLS
    }

    #[inline(always)]
    fn base() -> *mut bool {
        PINNED_VISITED.0.get().cast()
    }

    /// Copies `visited`, the table of a mailbox [`NARROW`] cells wide, in.
    ///
    /// # Safety
    ///
    /// [`PINNED`]; `visited` fits ([`Pinned::holds`]); no other `fill` is in use (one call of the
    /// loop uses the copy at a time, and nothing the loop does calls out).
    #[inline(always)]
    pub(super) unsafe fn fill(visited: &[bool]) {
        debug_assert!(PINNED && Pinned::holds(visited.len()));
        // SAFETY: the copy has `REACH + CELLS` entries, and `visited` at most `CELLS`.
        unsafe { Pinned::base().add(REACH).copy_from_nonoverlapping(visited.as_ptr(), visited.len()) };
    }

    /// Copies the table back into `visited`, the table [`Pinned::fill`] was given.
    ///
    /// # Safety
    ///
    /// As [`Pinned::fill`], which the copy was last filled by, with a table of `visited.len()`
    /// cells.
    #[inline(always)]
    pub(super) unsafe fn drain(visited: &mut [bool]) {
        // SAFETY: as in `fill`.
        unsafe { visited.as_mut_ptr().copy_from_nonoverlapping(Pinned::base().add(REACH), visited.len()) };
    }

    /// The step of the first move of `mask`, a frame's moves, as [`Frame::mask`] gives them, in a
    /// mailbox [`NARROW`] cells wide; 0 if there is none.
    ///
    /// # Safety
    ///
    /// `mask` is below 256, as a frame's moves are: a byte's bits.
    ///
    /// [`Frame::mask`]: crate::search::solver::frame::Frame::mask
    #[inline(always)]
    pub(super) unsafe fn step(mask: u32) -> u32 {
        debug_assert!(mask < 256, "a frame's moves, mask {mask}");
        // SAFETY: the caller's word.
        unsafe { *FIRST_STEPS.get_unchecked(mask as usize) as u32 }
    }

    /// [`Pinned::step`] of a new frame's moves, by those taken (as
    /// [`textbook_taken`](crate::search::solver::textbook::textbook_taken) gives them, from the
    /// copy).
    ///
    /// # Safety
    ///
    /// `taken` is below 256, as taken moves are: the weighted sum of eight visited entries,
    /// `bool`s, each 0 or 1.
    #[inline(always)]
    pub(super) unsafe fn step_after(taken: u32) -> u32 {
        debug_assert!(taken < 256, "a square's taken moves, {taken}");
        // SAFETY: the caller's word.
        unsafe { *FIRST_STEPS_AFTER.get_unchecked(taken as usize) as u32 }
    }

    /// Cell `cell`'s entry.
    ///
    /// # Safety
    ///
    /// `cell` is a cell of the mailbox whose table the copy holds.
    #[inline(always)]
    pub(super) unsafe fn entry(cell: Cell) -> *mut bool {
        // SAFETY: entry `REACH + cell` of `REACH + CELLS`. Two in-bounds additions, not one of
        // `cell + REACH`, so that LLVM knows the address does not wrap and puts the copy's
        // address and `REACH`, a constant, into the store's offset.
        unsafe { Pinned::base().add(REACH).add(cell.index()) }
    }

    /// The entry of `cell`'s lowest neighbour, `cell - REACH`, from which
    /// [`textbook_taken_from`](crate::search::solver::textbook::textbook_taken_from) reads the
    /// eight, in a mailbox [`NARROW`] cells wide.
    ///
    /// # Safety
    ///
    /// `cell` is a square of the board whose mailbox's table the copy holds.
    #[inline(always)]
    pub(super) unsafe fn lowest(cell: Cell) -> *const bool {
        // SAFETY: entry `cell` of the copy; the knight's moves from a square stay in the
        // mailbox, so its neighbours' entries, up to `2 * REACH` after it, are the copy's too.
        // An in-bounds addition, as in `entry`, so that each load's offset is the copy's
        // address and a constant.
        unsafe { Pinned::base().add(cell.index()) }
    }
}
