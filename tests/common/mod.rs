//! Helpers shared by the integration tests: the checks that define a tour.

#![allow(dead_code)] // each test file uses its own subset

use knights_tour::{Board, Coord, Event, Heuristic, Options, Outcome, Solver, Square};

/// Panics unless `path` visits every square of `board` exactly once, starting at `start`, each
/// step a knight's move, and (if `closed`) ending a knight's move from the start.
pub fn assert_tour(board: Board, start: Square, path: &[Square], closed: bool) {
    assert_eq!(path.len(), board.len() as usize, "a tour visits every square");
    assert_eq!(path[0], start, "a tour begins at its start");
    let mut seen = vec![false; board.len() as usize];
    for &square in path {
        assert!(!seen[square.index()], "square {} visited twice", board.name(square));
        seen[square.index()] = true;
    }
    for pair in path.windows(2) {
        assert!(
            board.is_knight_move(pair[0], pair[1]),
            "{} to {} is not a knight's move",
            board.name(pair[0]),
            board.name(pair[1])
        );
    }
    if closed {
        assert!(
            board.is_knight_move(path[path.len() - 1], start),
            "a closed tour ends a knight's move from its start"
        );
    }
}

/// Runs a search to its end and returns the outcome and the final path.
pub fn solve(board: Board, start: Square, options: Options) -> (Outcome, Vec<Square>, Solver) {
    let mut solver = Solver::new(board, start, options).expect("valid options");
    let outcome = finish(&mut solver);
    let path = solver.path().collect();
    (outcome, path, solver)
}

pub fn finish(solver: &mut Solver) -> Outcome {
    solver
        .by_ref()
        .find_map(|event| match event {
            Event::Finished(outcome) => Some(outcome),
            _ => None,
        })
        .expect("a solver always finishes")
}

/// Counts tours by driving the solver directly, with whatever options the test wants.
pub fn count_by_search(board: Board, start: Square, options: Options) -> u64 {
    tours_by_search(board, start, options).len() as u64
}

/// Every tour the search finds, in the order it finds them, each checked to be a tour.
pub fn tours_by_search(board: Board, start: Square, options: Options) -> Vec<Vec<Square>> {
    let mut solver = Solver::new(board, start, options).expect("valid options");
    let tours: Vec<Vec<Square>> = solver.tours().collect();
    for tour in &tours {
        assert_tour(board, start, tour, options.closed);
    }
    assert_eq!(solver.outcome(), Some(Outcome::NoTour), "a count ends when the search has tried everything");
    tours
}

pub fn board(rows: u32, cols: u32) -> Board {
    Board::new(rows, cols).unwrap()
}

/// Looks for a tour where one is known to exist, within a bounded effort; `None` if it found
/// none. First Roth's rule with pruning, which tours most boards straight away and, searching in
/// order, also the small ones that have few tours; then Warnsdorff with random ties, restarted
/// with a fresh seed after a few placements per square. A search that goes wrong early spends
/// its whole budget below that mistake, and short randomized restarts escape such heavy tails
/// (Gomes, Selman and Kautz 1998, "Boosting combinatorial search through randomization").
pub fn find_tour(board: Board, start: Square, closed: bool) -> Option<Vec<Square>> {
    let options = Options { prune: true, closed, theorems: false, ..Options::default() };
    let roth = Options { heuristic: Heuristic::Roth, budget: Some(10_000), ..options };
    let restarts = (0..2_000).map(|seed| Options {
        heuristic: Heuristic::Random,
        seed,
        budget: Some(20 * u64::from(board.len())),
        ..options
    });
    std::iter::once(roth).chain(restarts).find_map(|options| {
        let (outcome, path, _) = solve(board, start, options);
        outcome.is_tour().then_some(path)
    })
}

/// The images of `square` under the symmetries of its board: the mirrors across the middle row
/// and the middle column and the half turn, and on a square board the diagonal mirrors and the
/// quarter turns too. Each carries knight's moves to knight's moves, and so tours to tours.
pub fn images(board: Board, square: Square) -> Vec<Square> {
    let Coord { row, col } = board.coord(square);
    let (last_row, last_col) = (board.rows() - 1, board.cols() - 1);
    let mut images: Vec<Square> =
        [(row, col), (last_row - row, col), (row, last_col - col), (last_row - row, last_col - col)]
            .into_iter()
            .map(|(row, col)| board.square(row, col))
            .collect();
    if board.rows() == board.cols() {
        let diagonal: Vec<Square> = images.iter().map(|&image| transpose(board, image).1).collect();
        images.extend(diagonal);
    }
    images
}

/// The square on the board with rows and columns swapped: the same tours, transposed.
pub fn transpose(board: Board, square: Square) -> (Board, Square) {
    let Coord { row, col } = board.coord(square);
    let transposed = Board::new(board.cols(), board.rows()).unwrap();
    (transposed, transposed.square(col, row))
}

/// One square from each class of squares the board's symmetries carry into each other: the
/// first of its images.
pub fn representatives(board: Board) -> impl Iterator<Item = Square> {
    board.squares().filter(move |&square| images(board, square).into_iter().all(|image| square <= image))
}

/// The oracle that play mode's verdicts are checked against: a plain exhaustive search for a
/// way to finish a path into a tour (closed if asked), which remembers the positions it found
/// dead (for the same board, start and kind of tour, so one oracle serves a whole game) and
/// knows two rules, written plainly here: the free squares must hang together (the rest of the
/// tour passes through them all), and a free square not next to the knight with at most one
/// free neighbour can only be the last, so there can be one such square at most. Boards of up
/// to 64 squares; quick up to about 36.
pub struct Oracle {
    moves: Vec<u64>,
    start: u32,
    closed: bool,
    dead: std::collections::HashSet<(u64, u32)>,
}

impl Oracle {
    pub fn new(board: Board, start: Square, closed: bool) -> Oracle {
        assert!(board.len() <= 64, "the oracle keeps the free squares in a u64");
        let moves =
            board.squares().map(|s| board.knight_moves(s).fold(0, |set, to| set | 1 << to.0)).collect();
        Oracle { moves, start: start.0, closed, dead: std::collections::HashSet::new() }
    }

    /// A tour through `path` (which begins at the oracle's start), or `None` if there is none.
    pub fn completion(&mut self, path: &[Square]) -> Option<Vec<Square>> {
        assert_eq!(path[0].0, self.start, "the oracle's start");
        let all = if self.moves.len() == 64 { u64::MAX } else { (1 << self.moves.len()) - 1 };
        let free = path.iter().fold(all, |set, s| set & !(1 << s.0));
        let mut tail = Vec::new();
        self.finish(free, path[path.len() - 1].0, &mut tail).then(|| {
            tail.reverse();
            path.iter().copied().chain(tail).collect()
        })
    }
}

impl Oracle {
    /// Whether the knight on `knight` can cover `free` (and step back to the start if closed);
    /// if so, `tail` holds the squares it covers them in, last first.
    fn finish(&mut self, free: u64, knight: u32, tail: &mut Vec<Square>) -> bool {
        if free == 0 {
            return !self.closed || self.moves[knight as usize] & 1 << self.start != 0;
        }
        if self.dead.contains(&(free, knight)) || !self.may_finish(free, knight) {
            return false;
        }
        // Fewest onward moves first (Warnsdorff), which finds tours quickly; the order changes
        // nothing else.
        let mut next: Vec<u32> = bits(self.moves[knight as usize] & free).collect();
        next.sort_by_key(|&to| (self.moves[to as usize] & free).count_ones());
        for to in next {
            if self.finish(free & !(1 << to), to, tail) {
                tail.push(Square(to));
                return true;
            }
        }
        self.dead.insert((free, knight));
        false
    }

    fn may_finish(&self, free: u64, knight: u32) -> bool {
        let near = self.moves[knight as usize];
        let last_only =
            bits(free & !near).filter(|&s| (self.moves[s as usize] & free).count_ones() <= 1).count();
        last_only <= 1 && self.hangs_together(free)
    }

    fn hangs_together(&self, free: u64) -> bool {
        let mut reached = free & free.wrapping_neg();
        loop {
            let grown = bits(reached).fold(reached, |grown, s| grown | self.moves[s as usize] & free);
            if grown == reached {
                return reached == free;
            }
            reached = grown;
        }
    }
}

/// The squares of a set.
fn bits(mut set: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        let square = (set != 0).then(|| set.trailing_zeros())?;
        set &= set - 1;
        Some(square)
    })
}

/// SplitMix64 (Steele, Lea and Flood 2014): small, seeded, and plenty for drawing boards, starts and moves in the benchmarks.
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A draw from `low..=high`; the modulo's bias is far below anything measured here.
    pub fn between(&mut self, low: u32, high: u32) -> u32 {
        low + (self.next() % u64::from(high - low + 1)) as u32
    }
}
