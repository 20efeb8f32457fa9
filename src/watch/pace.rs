//! How fast a page plays a run when nobody chose a speed: slow enough on a small board to follow
//! move by move, fast enough on any board for the whole walk to show within about
//! [`WHOLE_WITHIN_S`] seconds. 8x8 walks at 10 moves a second (6.4 s), 100x100 at 500 and
//! 1000x1000 at 50,000: each about 20 s. At the old fixed 10 moves a second, 1000x1000 took 28
//! hours, and nothing on the page said so.
//!
//! The walk is what the pace is measured on: a tour places every square once, so a run that
//! builds its tour (divide) makes exactly one event a square, and a search makes at least that
//! many (more where it backtracks, which is what a visitor who picks one wants to watch). A
//! budget smaller than the board ends the run sooner, and the pace follows it.

use crate::board::Board;
use crate::search::options::Options;

/// The slowest default, moves a second: a move every tenth of a second, which an eye follows.
pub const FOLLOW: f64 = 10.0;

/// The longest the whole walk should take at the default pace, in seconds.
pub const WHOLE_WITHIN_S: f64 = 20.0;

/// Moves a second a page plays a run of `options` on `board` at, when no speed is chosen; see the
/// module's comment. Rounded up to two significant digits, so that the walk never takes longer
/// than [`WHOLE_WITHIN_S`] and the number reads well: 52,428.8 is 53,000.
pub fn pace(board: Board, options: &Options) -> f64 {
    let squares = u64::from(board.len());
    let walk = options.budget.map_or(squares, |budget| budget.min(squares));
    round_up(FOLLOW.max(walk as f64 / WHOLE_WITHIN_S))
}

/// `x` rounded up to two significant digits.
fn round_up(x: f64) -> f64 {
    let place = 10f64.powi(x.log10().floor() as i32 - 1).max(1.0);
    (x / place).ceil() * place
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Heuristic;

    fn pace_of(rows: u32, cols: u32, options: Options) -> f64 {
        pace(Board::new(rows, cols).unwrap(), &options)
    }

    #[test]
    fn small_boards_go_at_a_pace_to_follow_and_large_ones_walk_in_twenty_seconds() {
        let divide = Options::default();
        assert_eq!(pace_of(8, 8, divide), FOLLOW, "64 squares: 6.4 s");
        assert_eq!(pace_of(5, 5, divide), FOLLOW);
        assert_eq!(pace_of(20, 20, divide), 20.0);
        assert_eq!(pace_of(100, 100, divide), 500.0);
        assert_eq!(pace_of(1000, 1000, divide), 50_000.0);
        assert_eq!(pace_of(50, 50, divide), 130.0, "125 rounded up: 19.2 s");
        assert_eq!(pace_of(1024, 1024, divide), 53_000.0);
        assert_eq!(pace_of(3, 349_525, divide), 53_000.0);
        for (rows, cols) in [(8, 8), (13, 17), (100, 100), (1000, 1000), (1, 1), (3, 349_525)] {
            let squares = f64::from(rows * cols);
            let pace = pace_of(rows, cols, divide);
            assert!(squares / pace <= WHOLE_WITHIN_S && pace >= FOLLOW, "{rows}x{cols}: {pace}");
        }
    }

    #[test]
    fn a_search_walks_at_the_pace_of_its_tour_and_a_budget_shortens_the_walk() {
        let warnsdorff = Options { heuristic: Heuristic::Warnsdorff, ..Options::default() };
        assert_eq!(pace_of(100, 100, warnsdorff), 500.0);
        let budget = Options { budget: Some(2_000), ..warnsdorff };
        assert_eq!(pace_of(100, 100, budget), 100.0);
        assert_eq!(pace_of(8, 8, Options { budget: Some(1_000_000), ..warnsdorff }), FOLLOW);
    }
}
