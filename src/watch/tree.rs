//! The tree of moves a search has tried, down to a few levels: what a teacher draws on the board
//! when explaining backtracking, kept from the search's own events.
//!
//! A node is a square placed as move `depth + 1` under its parent (the start is move 1, at depth
//! 0), with the events at which it was placed and taken back. That is all a drawing needs at any
//! point of the run: at event `p` the tree is the nodes placed before `p`, those not taken back by
//! then on the path; the subtree under a node spans the events from its placement to `p` or to
//! its take-back, whichever comes first. So stepping back or jumping on the timeline shows the
//! tree as it was then without changing it. The search is deterministic, so events already seen
//! are not taken in twice when the run passes them again.
//!
//! What a page draws starts below the *trunk* ([`SearchTree::trunk`]): the moves never taken
//! back, each the only one tried from the square before, down to the first square from which a
//! second move was tried; the moves tried from there are the tree's top row.

use crate::board::Square;
use crate::search::event::Event;
use crate::search::solver::Solver;

/// The parent of the first node, and a node not kept.
pub const NONE: u32 = u32::MAX;

/// Still on the path: not taken back.
pub const OPEN: u64 = u64::MAX;

/// A move of the search: a square placed as move `depth` under its parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The node this move was made from, by index; [`NONE`] for the start.
    pub parent: u32,
    pub square: Square,
    pub depth: u32,
    /// The event that placed it, counted from 0 (the start's placement is event 0).
    pub placed: u64,
    /// The event count after its take-back (the subtree spans `placed..removed`), or [`OPEN`].
    pub removed: u64,
}

/// The tree of tried moves down to `levels` moves deep, at most `capacity` nodes: when it would
/// hold more, it gives up its deepest level, so a long search keeps a drawable tree.
#[derive(Clone, Debug)]
pub struct SearchTree {
    levels: u32,
    capacity: usize,
    nodes: Vec<Node>,
    /// The nodes on the current path, by index, one per level; [`NONE`] for a placement that
    /// was not kept (the tree was full).
    path: Vec<u32>,
    /// Events taken in so far.
    seen: u64,
    /// Events before this one were not seen: the tree began mid-run (see [`SearchTree::since`]).
    since: u64,
    /// The placements made before `since`, and how many of the first nodes stand for the path
    /// at `since` rather than for placements seen: what [`SearchTree::left_out`] counts from.
    placements_before: u64,
    seeded: usize,
}

impl SearchTree {
    /// An empty tree for a run that has not begun.
    pub fn new(levels: u32, capacity: usize) -> SearchTree {
        SearchTree {
            levels,
            capacity: capacity.max(1),
            nodes: Vec::new(),
            path: Vec::new(),
            seen: 0,
            since: 0,
            placements_before: 0,
            seeded: 0,
        }
    }

    /// A tree that starts where `solver` stands, a run maybe under way: the squares of its path
    /// are the tree's first nodes, as if placed there and then.
    pub fn from_solver(levels: u32, capacity: usize, solver: &Solver) -> SearchTree {
        let position = solver.events_so_far();
        let mut tree = SearchTree::new(levels, capacity);
        for (depth, square) in solver.path().take(levels as usize).enumerate() {
            tree.open(square, depth as u32, position);
        }
        (tree.seen, tree.since) = (position, position);
        (tree.placements_before, tree.seeded) = (solver.stats().placements, tree.nodes.len());
        tree
    }

    /// Takes in `event`, the run's event number `at` (from 0); events already seen are skipped.
    #[inline]
    pub fn observe(&mut self, event: Event, at: u64) {
        if at < self.seen {
            return;
        }
        self.seen = at + 1;
        match event {
            Event::Placed { square, index } if index < self.levels => self.open(square, index, at),
            Event::Removed { index, .. } if index < self.levels => self.close(index, at + 1),
            // A restart takes the path back to the start.
            Event::Restarted { .. } => {
                while self.path.len() > 1 {
                    self.close(self.path.len() as u32 - 1, at + 1);
                }
            }
            _ => {}
        }
    }

    fn open(&mut self, square: Square, depth: u32, at: u64) {
        while self.nodes.len() >= self.capacity && self.levels > 1 {
            self.drop_deepest_level();
        }
        if depth >= self.levels {
            return;
        }
        let parent = self.path.last().copied().unwrap_or(NONE);
        let kept = self.nodes.len() < self.capacity && (depth == 0 || parent != NONE);
        self.path.push(if kept { self.nodes.len() as u32 } else { NONE });
        if kept {
            self.nodes.push(Node { parent, square, depth, placed: at, removed: OPEN });
        }
    }

    /// The path's node at `depth` was taken back; the events so far are `end`.
    fn close(&mut self, depth: u32, end: u64) {
        // The path holds one node a level; deeper levels were dropped, or never kept.
        if self.path.len() != depth as usize + 1 {
            return;
        }
        if let Some(node) = self.path.pop().filter(|&node| node != NONE) {
            self.nodes[node as usize].removed = end;
        }
    }

    /// Gives up the deepest level: its nodes go, and the others keep their order (a parent
    /// always comes before its children, so new indices are known before they are needed).
    fn drop_deepest_level(&mut self) {
        self.levels -= 1;
        let levels = self.levels;
        let mut index = vec![NONE; self.nodes.len()];
        let mut kept = 0;
        for (old, node) in self.nodes.iter().enumerate() {
            if node.depth < levels {
                index[old] = kept;
                kept += 1;
            }
        }
        self.nodes.retain(|node| node.depth < levels);
        for node in &mut self.nodes {
            if node.parent != NONE {
                node.parent = index[node.parent as usize];
            }
        }
        self.path.truncate(levels as usize);
        self.seeded = self.seeded.min(levels as usize);
        for node in &mut self.path {
            if *node != NONE {
                *node = index[*node as usize];
            }
        }
    }

    /// If the search has moved past what the tree has seen without telling it (a jump ahead),
    /// the tree starts again from the path as it stands: what happened in between is not known.
    pub fn catch_up(&mut self, timeline: &crate::Timeline) {
        let position = timeline.position();
        if position > self.seen {
            *self = SearchTree::from_solver(self.levels, self.capacity, timeline.solver());
        }
    }

    /// The trunk at event `position`, by index: the nodes from the start down to the last that is
    /// the only move tried from the square before and has had moves tried from it, none of them
    /// taken back. Before the search first tries a second move, that is every move but the last.
    pub fn trunk(&self, position: u64) -> Vec<u32> {
        let mut trunk = Vec::new();
        let mut parent = NONE;
        loop {
            let mut tried = self.children(parent, position);
            let (Some((index, only)), None) = (tried.next(), tried.next()) else { break };
            if only.removed <= position || self.children(index, position).next().is_none() {
                break; // taken back, or the deepest move tried: the top row
            }
            trunk.push(index);
            parent = index;
        }
        trunk
    }

    /// How many of the placements before event `position` the tree leaves out, being deeper
    /// than the levels it keeps (see [`SearchTree::levels`]): `placements` is the run's count of
    /// placements at `position`.
    pub fn left_out(&self, position: u64, placements: u64) -> u64 {
        if position <= self.since {
            return 0;
        }
        let kept = self.nodes.partition_point(|node| node.placed < position) - self.seeded;
        placements.saturating_sub(self.placements_before).saturating_sub(kept as u64)
    }

    /// The nodes tried from `parent` ([`NONE`]: the start) before event `position`, by index, in
    /// the order they were tried.
    fn children(&self, parent: u32, position: u64) -> impl Iterator<Item = (u32, &Node)> + '_ {
        // Children come after their parent, in order of placement.
        let from = if parent == NONE { 0 } else { parent as usize + 1 };
        let tried = self.nodes.partition_point(|node| node.placed < position);
        (from..tried.max(from))
            .map(|index| (index as u32, &self.nodes[index]))
            .filter(move |(_, node)| node.parent == parent)
    }

    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// How many levels the tree keeps now (fewer than asked for once it has filled up).
    pub fn levels(&self) -> u32 {
        self.levels
    }

    /// The first event the tree saw: 0, or where it began mid-run.
    pub fn since(&self) -> u64 {
        self.since
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Heuristic, Options, Solver};

    fn search(rows: u32, cols: u32, events: usize) -> Vec<Event> {
        let board = Board::new(rows, cols).unwrap();
        let options = Options { heuristic: Heuristic::Fixed, ..Options::default() };
        Solver::new(board, board.square(0, 0), options).unwrap().events().take(events).collect()
    }

    fn grow(tree: &mut SearchTree, events: &[Event]) {
        for (at, event) in events.iter().enumerate() {
            tree.observe(*event, at as u64);
        }
    }

    #[test]
    fn each_node_spans_the_events_of_its_subtree() {
        let events = search(5, 5, usize::MAX);
        let mut tree = SearchTree::new(4, usize::MAX);
        grow(&mut tree, &events);
        let nodes = tree.nodes();
        assert_eq!(nodes[0].depth, 0);
        assert_eq!(nodes[0].removed, OPEN, "the start is on the tour");
        for node in nodes {
            // The event that placed it places its square at its depth.
            assert_eq!(
                events[node.placed as usize],
                Event::Placed { square: node.square, index: node.depth }
            );
            if node.removed != OPEN {
                let last = events[node.removed as usize - 1];
                assert_eq!(last, Event::Removed { square: node.square, index: node.depth });
                // Its subtree is placements and take-backs in pairs, at its depth and below.
                let inside = &events[node.placed as usize..node.removed as usize];
                let placed = inside.iter().filter(|e| matches!(e, Event::Placed { .. })).count();
                assert_eq!(placed * 2, inside.len());
            }
            if node.parent != NONE {
                let parent = nodes[node.parent as usize];
                assert_eq!(parent.depth + 1, node.depth);
                assert!(parent.placed < node.placed && node.removed <= parent.removed);
            }
        }
        // Every placement within four moves of the start is a node, once.
        let shallow =
            events.iter().filter(|e| matches!(e, Event::Placed { index, .. } if *index < 4)).count();
        assert_eq!(nodes.len(), shallow);
    }

    #[test]
    fn events_seen_twice_are_taken_in_once() {
        let events = search(6, 6, 20_000);
        let mut once = SearchTree::new(5, usize::MAX);
        grow(&mut once, &events);
        let mut twice = SearchTree::new(5, usize::MAX);
        grow(&mut twice, &events[..12_000]);
        grow(&mut twice, &events); // a step back and a replay pass the same events again
        assert_eq!(twice.nodes(), once.nodes());
    }

    #[test]
    fn a_full_tree_gives_up_its_deepest_level() {
        let events = search(6, 6, 200_000);
        let mut unbounded = SearchTree::new(8, usize::MAX);
        grow(&mut unbounded, &events);
        let capacity = unbounded.nodes().len() / 2;
        let mut bounded = SearchTree::new(8, capacity);
        grow(&mut bounded, &events);
        assert!(bounded.levels() < 8 && bounded.nodes().len() <= capacity, "{} levels", bounded.levels());
        // What it kept is the unbounded tree's top levels, in the same order.
        let top: Vec<(Square, u32, u64, u64)> = unbounded
            .nodes()
            .iter()
            .filter(|node| node.depth < bounded.levels())
            .map(|node| (node.square, node.depth, node.placed, node.removed))
            .collect();
        let kept: Vec<_> =
            bounded.nodes().iter().map(|node| (node.square, node.depth, node.placed, node.removed)).collect();
        assert_eq!(kept, top);
        for node in bounded.nodes().iter().filter(|node| node.parent != NONE) {
            assert_eq!(bounded.nodes()[node.parent as usize].depth + 1, node.depth);
        }
    }

    #[test]
    fn a_tree_begun_mid_run_starts_from_the_path() {
        let board = Board::new(6, 6).unwrap();
        let options = Options { heuristic: Heuristic::Fixed, ..Options::default() };
        let mut solver = Solver::new(board, board.square(0, 0), options).unwrap();
        for _ in solver.events().take(5_000) {}
        let depth = solver.depth();
        let mut tree = SearchTree::from_solver(36, usize::MAX, &solver);
        assert_eq!(tree.nodes().len(), depth as usize);
        assert_eq!(tree.since(), 5_000);
        for (at, event) in solver.events().take(50_000).enumerate() {
            tree.observe(event, 5_000 + at as u64);
        }
        assert!(tree.nodes().len() > 3);
        assert!(tree.nodes().iter().all(|node| node.placed >= 5_000));
    }
}
