//! One step of the sweep: the states a state leads to when the next square is added.
//!
//! What the new square may do depends only on the degrees of the (at most four) earlier squares
//! it can join and on whether the tour may still end somewhere new, so the choices that can
//! succeed are worked out once per step for each of those patterns (at most 3^4 x 2), and each
//! state only looks its pattern up: the test of a state costs a few shifts, not a search.

use super::plan::{ColourRule, Role, Step};
use super::state::{low_nibbles, Frontier, Joined, EMPTY, FULL, TERM};
use super::word::Word;

/// Degree 1, in a window of degrees (see [`Moves::expand_degrees`]).
pub const ONE: u8 = TERM;

/// What a step needs to know besides the step itself.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Tours are cycles: a path may close on itself, at the last square.
    pub closed: bool,
    /// How many ends the tour may have besides the squares it must end on.
    pub free_ends: u8,
    pub height: usize,
    /// Squares in the window between steps.
    pub window: usize,
    /// The step adds the board's last square.
    pub last: bool,
}

/// A way for the new square to take edges back that can lead to a tour.
#[derive(Clone, Copy, Debug)]
struct Choice {
    /// The neighbours joined (bit `i` for the step's `i`th neighbour).
    joined: u8,
    /// The squares that leave the frontier with degree 1, as ends of the tour (bit `i` for a
    /// neighbour, [`NEW_SQUARE`] for the square added).
    ends_here: u8,
    /// How many of those are free ends (not a given start or end).
    free: u8,
    /// Which of those are free ends.
    free_here: u8,
}

pub const NEW_SQUARE: u8 = 1 << 4;

/// The choices of one step, for windows worked on in `W`.
pub struct Moves<W> {
    /// The neighbours' slots.
    pub slots: [usize; 4],
    neighbours: usize,
    /// Each pattern's choices, as a range of `choices`: by the neighbours' degrees in base 3,
    /// twice, the second time for when a free end is left.
    ranges: Vec<(u16, u16)>,
    choices: Vec<Choice>,
    thin: W,
    mirror: bool,
    colours: Option<ColourRule>,
    /// The window's squares of the corners' colour, as [`ColourRule::corner`].
    corner: W,
}

/// Degree by code: 0 for [`super::state::EMPTY`], 2 for [`FULL`], 1 for the rest.
const DEGREE: [u8; 16] = [0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
const PATTERNS: usize = 81;

impl<W: Word> Moves<W> {
    pub fn new(step: &Step, rules: &Rules) -> Moves<W> {
        let neighbours = step.neighbours.len();
        let mut slots = [0; 4];
        for (slot, neighbour) in slots.iter_mut().zip(&step.neighbours) {
            *slot = usize::from(neighbour.slot);
        }
        let mut moves = Moves {
            slots,
            neighbours,
            ranges: Vec::new(),
            choices: Vec::new(),
            thin: W::truncate(step.thin),
            colours: step.colours,
            corner: W::truncate(step.colours.map_or(0, |colours| colours.corner)),
            mirror: step.mirror,
        };
        for may_end in [false, true] {
            for pattern in 0..PATTERNS {
                let degrees: Vec<u8> =
                    (0..neighbours).map(|i| (pattern / 3usize.pow(i as u32) % 3) as u8).collect();
                let first = moves.choices.len() as u16;
                if pattern < 3usize.pow(neighbours as u32) {
                    moves.choices.extend(choices(step, &degrees, may_end, rules.free_ends));
                }
                moves.ranges.push((first, moves.choices.len() as u16));
            }
        }
        moves
    }

    /// Hands `reach` every state that adding the step's square can lead `key` to, with the
    /// squares that became free ends of the tour on the way (bit `i` for the step's `i`th
    /// neighbour, [`NEW_SQUARE`] for the square added).
    #[inline]
    pub fn expand(&self, rules: &Rules, key: u64, mut reach: impl FnMut(u64, u8)) {
        let (window, ends) = Frontier::<W>::unpack(key, rules.window);
        let before = window.push_empty();
        for choice in self.choices_for(rules, before, ends) {
            let ends = ends + choice.free;
            if ends > rules.free_ends {
                continue;
            }
            if let Some(window) = self.follow(rules, before, *choice, ends) {
                reach(window.pack(rules.window, ends), choice.free_here);
            }
        }
    }

    /// The choices that can succeed for the window `before` (the new square pushed in) with
    /// `ends` ends of the tour settled.
    #[inline]
    fn choices_for(&self, rules: &Rules, before: Frontier<W>, ends: u8) -> &[Choice] {
        let mut pattern = 0;
        for &slot in self.slots[..self.neighbours].iter().rev() {
            pattern = 3 * pattern + usize::from(DEGREE[usize::from(before.code(slot))]);
        }
        let may_end = ends < rules.free_ends;
        let (first, last) = self.ranges[usize::from(may_end) * PATTERNS + pattern];
        &self.choices[usize::from(first)..usize::from(last)]
    }

    /// Hands `reach` the degrees (a window of [`super::degrees`]: codes [`EMPTY`], [`ONE`] and
    /// [`FULL`], with the ends settled) that adding the step's square can lead the degrees
    /// `window` with `ends` settled to, by the same rules as [`Moves::expand`] save those about
    /// which ends are joined.
    pub fn expand_degrees(
        &self,
        rules: &Rules,
        window: Frontier<W>,
        ends: u8,
        mut reach: impl FnMut(Frontier<W>, u8),
    ) {
        let before = window.push_empty();
        for choice in self.choices_for(rules, before, ends) {
            let ends = ends + choice.free;
            if ends > rules.free_ends {
                continue;
            }
            let mut state = before;
            let raise = |state: &mut Frontier<W>, slot: usize| {
                let code = if state.code(slot) == EMPTY { ONE } else { FULL };
                state.0 = (state.0 & !(W::from(15) << (4 * slot))) | (W::from(code) << (4 * slot));
            };
            for (bit, &slot) in self.slots[..self.neighbours].iter().enumerate() {
                if choice.joined & (1 << bit) != 0 {
                    raise(&mut state, 0);
                    raise(&mut state, slot);
                }
            }
            let mut ends_here = choice.ends_here;
            while ends_here != 0 {
                let bit = ends_here.trailing_zeros() as usize;
                ends_here &= ends_here - 1;
                let slot = if bit == 4 { 0 } else { self.slots[bit] };
                raise(&mut state, slot);
            }
            let bare_thin = (state.bare(rules.window) & self.thin).count_ones();
            if rules.free_ends > 0 && bare_thin > u32::from(rules.free_ends - ends) {
                continue;
            }
            debug_assert_eq!(state.code(rules.window), FULL, "a square left the window unsettled");
            let window = Frontier(state.0 & low_nibbles(rules.window));
            reach(window, ends);
            if self.mirror {
                reach(window.mirrored(rules.height), ends);
            }
        }
    }

    /// The canonical window after `choice`, or none if no tour can come of it.
    #[inline]
    fn follow(&self, rules: &Rules, mut state: Frontier<W>, choice: Choice, ends: u8) -> Option<Frontier<W>> {
        for (bit, &slot) in self.slots[..self.neighbours].iter().enumerate() {
            if choice.joined & (1 << bit) != 0 {
                match state.join(0, slot) {
                    Joined::Extended => {}
                    // A cycle or a finished path is the whole tour only once every square is in.
                    Joined::Cycle if rules.closed && rules.last => {}
                    Joined::Complete if rules.last => {}
                    Joined::Cycle | Joined::Complete => return None,
                }
            }
        }
        let mut ends_here = choice.ends_here;
        while ends_here != 0 {
            let bit = ends_here.trailing_zeros() as usize;
            ends_here &= ends_here - 1;
            let slot = if bit == 4 { 0 } else { self.slots[bit] };
            if state.settle_end(slot) && !rules.last {
                return None;
            }
        }
        // Squares with no edge yet and one left to decide must end the tour: no more of them
        // than there are ends left.
        let bare_thin = (state.bare(rules.window) & self.thin).count_ones();
        if rules.free_ends > 0 && bare_thin > u32::from(rules.free_ends - ends) {
            return None;
        }
        if let Some(colours) = self.colours.filter(|_| !rules.last) {
            if !colours_can_alternate(colours, self.corner, state, rules.window, self.thin) {
                return None;
            }
        }
        debug_assert_eq!(state.code(rules.window), FULL, "a square left the window unsettled");
        if !state.keyable(rules.window) {
            return None;
        }
        let window = state.canonical(rules.window);
        Some(if self.mirror {
            let mirrored = state.mirrored(rules.height).canonical(rules.window);
            if mirrored.0 < window.0 {
                mirrored
            } else {
                window
            }
        } else {
            window
        })
    }
}

/// Whether the tour's ends can still be of different colours: those settled (their colours
/// worked out as [`ColourRule`] says), the given ends still to come and the bare squares that
/// must be ends hold at most one of each colour.
fn colours_can_alternate<W: Word>(
    colours: ColourRule,
    corner: W,
    state: Frontier<W>,
    window: usize,
    thin: W,
) -> bool {
    let count = |mask: W| mask.count_ones() as i32;
    let (paired, settled) = state.path_ends(window);
    let bare = state.bare(window);
    let settled_corner = colours.surplus
        - (count(paired & corner) - count(paired) / 2)
        - (2 * count(bare & corner) - count(bare))
        - (count(settled & corner) - count(settled));
    debug_assert!((0..=count(settled)).contains(&settled_corner), "{state:?}: {settled_corner}");
    let settled_other = count(settled) - settled_corner;
    let [corner_to_come, other_to_come] = colours.ends_to_come.map(i32::from);
    let must_end = bare & thin;
    settled_corner + corner_to_come + count(must_end & corner) <= 1
        && settled_other + other_to_come + count(must_end & !corner) <= 1
}

/// The choices for the new square when its neighbours have `degrees`, `may_end` saying whether
/// a free end is left: each neighbour must keep within its capacity and still be able to reach
/// its least degree (2, or 1 where the tour may end) with the edges it has left; a square that
/// leaves the frontier with degree 1 is an end of the tour.
fn choices(step: &Step, degrees: &[u8], may_end: bool, free_ends: u8) -> Vec<Choice> {
    let least = |role: Role| match role {
        Role::End => 1,
        Role::MayEnd if may_end => 1,
        _ => 2,
    };
    let mut found = Vec::new();
    'choice: for joined in 0..1u8 << degrees.len() {
        let taken = joined.count_ones() as u8;
        if taken > step.role.capacity() || taken + step.forward < least(step.role) {
            continue;
        }
        let mut choice = Choice { joined, ends_here: 0, free: 0, free_here: 0 };
        let squares = step.neighbours.iter().enumerate().map(|(i, neighbour)| {
            let degree = degrees[i] + (joined >> i & 1);
            (1 << i, degree, neighbour.left, neighbour.role)
        });
        for (bit, degree, left, role) in squares.chain([(NEW_SQUARE, taken, step.forward, step.role)]) {
            if degree > role.capacity() || degree + left < least(role) {
                continue 'choice;
            }
            if left == 0 && degree == 1 {
                choice.ends_here |= bit;
                if role == Role::MayEnd {
                    choice.free += 1;
                    choice.free_here |= bit;
                }
            }
        }
        if choice.free <= free_ends {
            found.push(choice);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::count::plan::Plan;
    use crate::count::Tours;

    /// A corner has two moves, so every closed tour of a board at least 5 by 5 takes both of
    /// each corner's (Knuth's "forced edges"; eight in all): wherever a step decides a corner's
    /// edge, every choice it leaves for the degrees a sweep can reach (the corner's edges
    /// decided before all taken) takes it, and the sweep never carries a state that left one out.
    #[test]
    fn every_choice_of_a_closed_tour_takes_the_eight_corner_edges() {
        for (rows, cols) in [(5, 6), (6, 6), (7, 8), (8, 8), (8, 11)] {
            let board = Board::new(rows, cols).unwrap();
            let plan = Plan::new(board, Tours::Closed);
            let corners: Vec<u32> = [(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)]
                .map(|(row, col)| plan.step_of(board.square(row, col)))
                .to_vec();
            // The corners' edges decided so far, by step.
            let mut taken = vec![0; board.len() as usize];
            let mut forced = 0;
            for (index, step) in (0..).zip(&plan.steps) {
                let rules = Rules {
                    closed: true,
                    free_ends: 0,
                    height: plan.height as usize,
                    window: plan.window(),
                    last: index + 1 == board.len(),
                };
                let moves = Moves::<u128>::new(step, &rules);
                let patterns = 3usize.pow(step.neighbours.len() as u32);
                for (bit, neighbour) in step.neighbours.iter().enumerate() {
                    let earlier = index - u32::from(neighbour.slot);
                    if !corners.contains(&earlier) && !corners.contains(&index) {
                        continue;
                    }
                    forced += 1;
                    for pattern in 0..patterns {
                        let degree = pattern / 3usize.pow(bit as u32) % 3;
                        if corners.contains(&earlier) && degree != taken[earlier as usize] {
                            continue;
                        }
                        let (first, last) = moves.ranges[pattern];
                        let choices = &moves.choices[usize::from(first)..usize::from(last)];
                        assert!(
                            choices.iter().all(|choice| choice.joined & (1 << bit) != 0),
                            "{board}: step {index} may leave out the edge to step {earlier}"
                        );
                    }
                    taken[earlier as usize] += 1;
                }
            }
            assert_eq!(forced, 8, "{board}");
        }
    }
}
