//! How a long, thin board is folded into bands to fit a screen, and where each square is drawn
//! then: the picture's layout, which the GIF and the page read too.

use std::ops::Range;

use crate::board::{Board, Square};

/// A square's width of empty picture between two bands, so the fold reads as a fold.
pub const GAP: u32 = 1;

/// How a long, thin board is folded to fit a screen: its long side cut into bands of `band`
/// squares, laid one under the next (a wide board) or side by side (a tall one), `GAP` apart.
/// A board no longer than one band is laid out as it is. 3x100000 unfolded is a strip a third of
/// a pixel high on any screen; in bands of 730 it is a block of about 730x550 squares. Only a
/// board that could not otherwise be seen is folded ([`Bands::fit`]): a fold cuts the path, and
/// a board of two blocks side by side reads as two boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bands {
    rows: u32,
    cols: u32,
    /// Squares along the long side per band, from 1 to the long side.
    band: u32,
}

/// Folding is worth its seams only when the squares come out this much bigger…
const FOLD_GAIN: f64 = 1.25;

/// …and only where the board laid out as it is would have squares under this many pixels: too
/// small to see a square, let alone a move. 10x3 in a box of 535 pixels has squares of 53 and
/// stays one board; 8x1000 has squares of half a pixel and is folded.
pub const FOLD_BELOW_PX: f64 = 4.0;

/// The most bands a fit tries: the best count is near the square root of the long side times the
/// short one and the box's aspect, far below this on any board.
const MOST_BANDS: u32 = 4096;

impl Bands {
    /// `band` is clamped to the board's long side: 0 or anything longer means no folding.
    pub fn new(board: Board, band: u32) -> Bands {
        let long = board.rows().max(board.cols());
        let band = if band == 0 { long } else { band.min(long) };
        Bands { rows: board.rows(), cols: board.cols(), band }
    }

    /// The layout of `board` in a box `width` by `height` pixels: as it is where its squares
    /// are [`FOLD_BELOW_PX`] or more, else folded to give the biggest squares, if folding makes
    /// them clearly bigger. Bands have the parity that keeps the checkering of the picture
    /// (x + y even is light) the board's own, so an empty board is one pattern across every band.
    pub fn fit(board: Board, width: f64, height: f64) -> Bands {
        let cell = |bands: &Bands| {
            let (w, h) = bands.size();
            (width / f64::from(w)).min(height / f64::from(h))
        };
        let flat = Bands::new(board, 0);
        if cell(&flat) >= FOLD_BELOW_PX {
            return flat;
        }
        let long = board.rows().max(board.cols());
        let short = board.rows().min(board.cols());
        let mut best = flat;
        for count in 2..=long.min(MOST_BANDS) {
            let mut band = long.div_ceil(count);
            if (i64::from(band) - i64::from(short) - i64::from(GAP)) % 2 != 0 {
                band += 1;
            }
            if band >= long {
                continue;
            }
            let bands = Bands::new(board, band);
            if cell(&bands) > cell(&best) {
                best = bands;
            }
        }
        if cell(&best) > FOLD_GAIN * cell(&flat) {
            best
        } else {
            flat
        }
    }

    /// Squares along the long side per band.
    pub fn band(&self) -> u32 {
        self.band
    }

    /// Whether the long side runs across, so bands lie one under the next.
    pub fn wide(&self) -> bool {
        self.cols >= self.rows
    }

    /// How many bands the long side makes.
    pub fn count(&self) -> u32 {
        self.rows.max(self.cols).div_ceil(self.band)
    }

    /// The picture's width and height in pixels (squares).
    pub fn size(&self) -> (u32, u32) {
        let short = self.rows.min(self.cols);
        let across = self.count() * (short + GAP) - GAP;
        if self.wide() {
            (self.band, across)
        } else {
            (across, self.band)
        }
    }

    /// Calls `f(square, light, x, y)` for every square, row by row: what [`Bands::pixel`] gives
    /// square by square, without its divisions (a million squares are repainted at once).
    pub(crate) fn each_square(&self, mut f: impl FnMut(u32, bool, u32, u32)) {
        let (rows, cols, band) = (self.rows, self.cols, self.band);
        // Wide: the band, and so the pixel's offset down, changes along a row; tall, down the board.
        let (mut x_from, mut y) = (0, 0);
        for row in 0..rows {
            if !self.wide() && row > 0 {
                y += 1;
                if y == band {
                    (x_from, y) = (x_from + cols + GAP, 0);
                }
            }
            let (mut x, mut y_from) = (0, 0);
            for col in 0..cols {
                let square = row * cols + col;
                let light = (row + col) % 2 == 0;
                if self.wide() {
                    f(square, light, x, y_from + row);
                    x += 1;
                    if x == band {
                        (x, y_from) = (0, y_from + rows + GAP);
                    }
                } else {
                    f(square, light, x_from + col, y);
                }
            }
        }
    }

    /// Where a square is drawn: its pixel's column and row.
    pub fn pixel(&self, square: Square) -> (u32, u32) {
        self.pixel_at(square.0 / self.cols, square.0 % self.cols)
    }

    /// Where the square at `row`, `col` is drawn. In the first band (all of an unfolded board)
    /// without a division: a picture brought up to a million new squares at once does this for
    /// each.
    pub(super) fn pixel_at(&self, row: u32, col: u32) -> (u32, u32) {
        if self.wide() && col < self.band || !self.wide() && row < self.band {
            return (col, row);
        }
        if self.wide() {
            (col % self.band, (col / self.band) * (self.rows + GAP) + row)
        } else {
            ((row / self.band) * (self.cols + GAP) + col, row % self.band)
        }
    }

    /// Where every square is drawn, and which square every pixel shows: a page that draws a
    /// thousand squares a frame looks them up rather than asking square by square.
    pub fn map(&self) -> Map {
        let (width, height) = self.size();
        let squares = (self.rows * self.cols) as usize;
        let mut map = Map {
            x: vec![0; squares],
            y: vec![0; squares],
            square: vec![-1; width as usize * height as usize],
        };
        self.each_square(|square, _, x, y| {
            (map.x[square as usize], map.y[square as usize]) = (x, y);
            map.square[(y * width + x) as usize] = square as i32;
        });
        map
    }

    /// Whether a move between two squares stays in one band: one drawn across a fold would
    /// cross the picture.
    pub fn same_band(&self, a: Square, b: Square) -> bool {
        let along = |square: Square| if self.wide() { square.0 % self.cols } else { square.0 / self.cols };
        along(a) / self.band == along(b) / self.band
    }
}

/// How a board is laid out in bands, as a page reads it once: the board's rows and columns,
/// squares a band along the long side, how many bands, whether they lie one under the next
/// (`wide`), and the picture's width and height in squares, gaps included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Layout {
    pub rows: u32,
    pub cols: u32,
    pub band: u32,
    pub count: u32,
    pub wide: bool,
    pub width: u32,
    pub height: u32,
}

impl Bands {
    /// The rectangle each band takes, in pixels (squares), in order: what an empty board's
    /// checkering fills.
    pub fn boxes(&self) -> impl Iterator<Item = Rect> + '_ {
        let (long, short) = (self.rows.max(self.cols), self.rows.min(self.cols));
        (0..self.count()).map(move |b| {
            let along = 0..self.band.min(long - b * self.band);
            let across = b * (short + GAP)..b * (short + GAP) + short;
            match self.wide() {
                true => Rect { x: along, y: across },
                false => Rect { x: across, y: along },
            }
        })
    }

    pub fn layout(&self) -> Layout {
        let (width, height) = self.size();
        let (rows, cols, band) = (self.rows, self.cols, self.band);
        Layout { rows, cols, band, count: self.count(), wide: self.wide(), width, height }
    }
}

/// See [`Bands::map`]: per square, its pixel's column `x` and row `y`; per pixel, row by row,
/// the square it shows, or -1 in a gap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    pub x: Vec<u32>,
    pub y: Vec<u32>,
    pub square: Vec<i32>,
}

/// A rectangle of pixels: columns `x`, rows `y`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rect {
    pub x: Range<u32>,
    pub y: Range<u32>,
}

impl Rect {
    pub(super) fn pixel(x: u32, y: u32) -> Rect {
        Rect { x: x..x + 1, y: y..y + 1 }
    }

    pub(super) fn union(self, other: Rect) -> Rect {
        Rect {
            x: self.x.start.min(other.x.start)..self.x.end.max(other.x.end),
            y: self.y.start.min(other.y.start)..self.y.end.max(other.y.end),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    fn board(rows: u32, cols: u32) -> Board {
        Board::new(rows, cols).expect("a valid board")
    }

    #[test]
    fn a_whole_repaint_puts_every_square_where_one_square_at_a_time_would() {
        for (rows, cols, band) in [(3, 10, 4), (10, 3, 4), (5, 5, 0), (4, 9, 3), (9, 4, 2)] {
            let bands = Bands::new(board(rows, cols), band);
            let mut seen = Vec::new();
            bands.each_square(|square, light, x, y| seen.push((square, light, (x, y))));
            let expected: Vec<_> = (0..rows * cols)
                .map(|square| (square, (square / cols + square % cols) % 2 == 0, bands.pixel(Square(square))))
                .collect();
            assert_eq!(seen, expected, "{rows}x{cols} in bands of {band}");
        }
    }

    #[test]
    fn the_map_finds_every_squares_pixel_and_every_pixels_square() {
        let bands = Bands::new(board(3, 10), 4);
        let map = bands.map();
        let (width, _) = bands.size();
        for square in 0..30 {
            let (x, y) = bands.pixel(Square(square));
            assert_eq!((map.x[square as usize], map.y[square as usize]), (x, y));
            assert_eq!(map.square[(y * width + x) as usize], square as i32);
        }
        assert_eq!(map.square.iter().filter(|&&square| square < 0).count(), 4 * 11 - 30, "gaps and the end");
        assert!(bands.same_band(Square(0), Square(13)) && !bands.same_band(Square(3), Square(4)));
        let boxes: Vec<Rect> = bands.boxes().collect();
        assert_eq!(boxes, [Rect { x: 0..4, y: 0..3 }, Rect { x: 0..4, y: 4..7 }, Rect { x: 0..2, y: 8..11 }]);
        assert_eq!(Bands::new(board(10, 3), 4).boxes().nth(1), Some(Rect { x: 4..7, y: 0..4 }));
    }

    #[test]
    fn a_long_thin_board_is_folded_to_fit_a_box_and_a_square_one_is_not() {
        // 3x100000 in a square box: unfolded its squares would be a hundred-thousandth of the box.
        let bands = Bands::fit(board(3, 100_000), 600.0, 600.0);
        assert!(bands.count() > 100);
        let (width, height) = bands.size();
        assert!((f64::from(width) / f64::from(height) - 1.0).abs() < 0.1, "{width}x{height}");
        // The band keeps the checkering: one more than the short side and the gap, an even step.
        assert_eq!((i64::from(bands.band()) - 3 - i64::from(GAP)) % 2, 0);
        assert_eq!(Bands::fit(board(8, 8), 600.0, 600.0).count(), 1);
        assert_eq!(
            Bands::fit(board(8, 12), 3.0, 2.0).count(),
            1,
            "a gain under a quarter is not worth a fold"
        );
        assert!(!Bands::fit(board(1000, 3), 1200.0, 600.0).wide());
        assert!(Bands::fit(board(8, 1000), 535.0, 535.0).count() > 1, "squares of half a pixel");
    }

    #[test]
    fn a_board_whose_squares_can_be_seen_is_one_board() {
        // The 10x3: in bands it drew as two boards, the moves between them missing.
        for (rows, cols, box_px) in
            [(10, 3, 535.0), (3, 10, 535.0), (10, 3, 300.0), (8, 100, 535.0), (3, 60, 250.0)]
        {
            let bands = Bands::fit(board(rows, cols), box_px, box_px);
            assert_eq!(bands.count(), 1, "{rows}x{cols} in {box_px} px");
        }
        // Where the squares are just too small to see, the fold makes them bigger.
        let bands = Bands::fit(board(8, 200), 535.0, 535.0);
        let (w, h) = bands.size();
        assert!(bands.count() > 1 && 535.0 / f64::from(w.max(h)) > FOLD_BELOW_PX);
    }

    #[test]
    fn a_tall_board_folds_into_bands_side_by_side() {
        let bands = Bands::new(board(10, 3), 4);
        assert_eq!(bands.size(), (11, 4));
        assert_eq!(bands.pixel(Square(5 * 3 + 1)), (5, 1)); // row 5, col 1: second band
    }

    #[test]
    fn a_band_longer_than_the_board_or_zero_leaves_it_as_it_is() {
        let b = board(8, 1000);
        assert_eq!(Bands::new(b, 5000).size(), (1000, 8));
        assert_eq!(Bands::new(b, 0).size(), (1000, 8));
        assert_eq!(Bands::new(b, 0).count(), 1);
    }
}
