//! The board as a picture, one pixel per square: the empty squares in the board's two colours,
//! the visited ones in the colour of their place on the path (the same gradient the page draws
//! its moves in). The page scales it up without smoothing, so on a board of a million squares a
//! frame costs one image, not a million rectangles.
//!
//! The picture keeps its own copy of the path it shows and a move number for every square, and
//! is brought up to date by what changed: the squares taken back since the last look are painted
//! empty again and the new ones in their colours, so a frame's cost follows the search's work,
//! not the board's size. It has no pixels until it is given a layout and colours ([`Picture::style`]):
//! the path and the move numbers are of use without them. It knows nothing of the browser; the
//! binding puts its pixels on a canvas.

use std::mem::MaybeUninit;
use std::ops::Range;

use crate::board::{Board, Square};

/// An RGB colour.
pub type Rgb = [u8; 3];

/// The picture's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub light: Rgb,
    pub dark: Rgb,
    /// The path's colour at its first square, and at the last square of a tour.
    pub from: Rgb,
    pub to: Rgb,
    /// How much of its path colour covers a visited square, out of 255: all of it where a square
    /// is a pixel or two, a tint where the page draws the moves over the squares.
    pub wash: u8,
}

impl Palette {
    /// Reads the page's 13 bytes: light, dark, from and to as RGB, then the wash.
    pub fn from_bytes(bytes: &[u8]) -> Option<Palette> {
        let &[lr, lg, lb, dr, dg, db, fr, fg, fb, tr, tg, tb, wash] = bytes else { return None };
        Some(Palette { light: [lr, lg, lb], dark: [dr, dg, db], from: [fr, fg, fb], to: [tr, tg, tb], wash })
    }
}

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
    fn pixel_at(&self, row: u32, col: u32) -> (u32, u32) {
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
    fn pixel(x: u32, y: u32) -> Rect {
        Rect { x: x..x + 1, y: y..y + 1 }
    }

    fn union(self, other: Rect) -> Rect {
        Rect {
            x: self.x.start.min(other.x.start)..self.x.end.max(other.x.end),
            y: self.y.start.min(other.y.start)..self.y.end.max(other.y.end),
        }
    }
}

/// A path brought up by at least a `REPAINT_FROM`th of the board's squares at once has the whole
/// picture repainted, row by row: a square painted in the path's order is a scattered write and a
/// division for its row, about three times what a square of the repaint costs (natively, 18 ms
/// against 5 ms for the million squares of 1000x1000, measured before [`Ramp`] made both
/// cheaper), so from about a third of the board on the repaint is the cheaper; a quarter leaves
/// room for the longer rows of a folded picture.
const REPAINT_FROM: u32 = 4;

/// The picture of a board and a path on it; see the module's comment.
pub struct Picture {
    board: Board,
    /// The layout and the colours, once given.
    style: Option<(Bands, Palette)>,
    /// The colours worked out for the style, once.
    ramp: Option<Box<Ramp>>,
    /// The path shown, square by square.
    path: Vec<u32>,
    /// Per square, one more than its place on the path; 0 off the path.
    order: Vec<u32>,
    /// RGBA, row by row, `width` pixels a row; the gaps between bands are transparent. Empty
    /// until the picture has a style.
    pixels: Vec<u8>,
    /// The pixels changed since the last [`Picture::take_changed`].
    changed: Option<Rect>,
}

impl Picture {
    /// An empty path on `board`, with no pixels yet.
    pub fn new(board: Board) -> Picture {
        Picture {
            board,
            style: None,
            ramp: None,
            path: Vec::new(),
            order: vec![0; board.len() as usize],
            pixels: Vec::new(),
            changed: None,
        }
    }

    /// Lays the picture out and colours it; paints every square if either changed (then the
    /// whole picture counts as changed).
    pub fn style(&mut self, bands: Bands, palette: Palette) {
        if self.style == Some((bands, palette)) {
            return;
        }
        self.style = Some((bands, palette));
        let (width, height) = bands.size();
        self.pixels.clear();
        if bands.count() > 1 {
            // The gaps between bands stay transparent; an unfolded picture is painted whole as it
            // is filled, its 4 MB on 1000x1000 written once, not zeroed first.
            self.pixels.resize(4 * width as usize * height as usize, 0);
        }
        self.ramp = Some(Box::new(Ramp::new(&Shades::new(palette, self.last()))));
        self.repaint();
    }

    /// Paints every square from `order`, row by row, if the picture has a style; then the whole
    /// picture counts as changed.
    fn repaint(&mut self) {
        let (Some((bands, _)), Some(ramp)) = (self.style, &self.ramp) else { return };
        let (width, height) = bands.size();
        let (pixels, order) = (&mut self.pixels, &self.order);
        if bands.count() == 1 {
            // Unfolded, the pixels are the squares in their order: one pass over both, no
            // position worked out (most boards, and every large square one).
            let (cols, len) = (self.board.cols() as usize, 4 * order.len());
            pixels.clear();
            pixels.reserve_exact(len);
            let rows =
                pixels.spare_capacity_mut()[..len].chunks_exact_mut(4 * cols).zip(order.chunks_exact(cols));
            for (row, (pixels, order)) in rows.enumerate() {
                let mut light = row % 2 == 0;
                for (pixel, &order) in pixels.chunks_exact_mut(4).zip(order) {
                    pixel.copy_from_slice(&ramp.colour(light, order).map(MaybeUninit::new));
                    light = !light;
                }
            }
            // SAFETY: the loop wrote each of the first `len` bytes: a pixel of four for each
            // square, row by row, `order` having a square for each pixel of an unfolded picture.
            unsafe { pixels.set_len(len) };
        } else {
            bands.each_square(|square, light, x, y| {
                let at = 4 * (y as usize * width as usize + x as usize);
                pixels[at..at + 4].copy_from_slice(&ramp.colour(light, order[square as usize]));
            });
        }
        self.changed = Some(Rect { x: 0..width, y: 0..height });
    }

    pub fn width(&self) -> u32 {
        self.style.map_or(0, |(bands, _)| bands.size().0)
    }

    pub fn height(&self) -> u32 {
        self.style.map_or(0, |(bands, _)| bands.size().1)
    }

    /// The path shown, as row-major square indices.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// Per square, one more than its place on the path, 0 if it is not on it.
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    /// RGBA, `width` pixels a row.
    pub fn pixels(&self) -> &[u8] {
        &self.pixels
    }

    /// The pixels of `rect`, row by row, into `out` (cleared first): what a canvas takes to
    /// update that rectangle alone.
    pub fn copy_rect(&self, rect: &Rect, out: &mut Vec<u8>) {
        out.clear();
        let stride = 4 * self.width() as usize;
        let (from, to) = (4 * rect.x.start as usize, 4 * rect.x.end as usize);
        for y in rect.y.clone() {
            let row = y as usize * stride;
            out.extend_from_slice(&self.pixels[row + from..row + to]);
        }
    }

    /// Takes the path shown back to its first `len` squares, painting the others empty again;
    /// returns the length kept (the path may be shorter already). With [`Picture::extend`], this
    /// brings the picture up to a new path at the cost of the squares that changed.
    pub fn truncate(&mut self, len: usize) -> usize {
        while self.path.len() > len {
            let square = Square(self.path.pop().expect("the path is longer than `len`"));
            self.order[square.index()] = 0;
            self.paint(square, 0);
        }
        self.path.len()
    }

    /// Adds squares to the end of the path shown. From [`REPAINT_FROM`] of the board's squares
    /// at once, the whole picture is repainted row by row instead of square by square.
    pub fn extend(&mut self, squares: impl IntoIterator<Item = Square>) {
        let from = self.path.len();
        self.path.extend(squares.into_iter().map(|square| square.0));
        for (order, &square) in (from as u32 + 1..).zip(&self.path[from..]) {
            self.order[square as usize] = order;
        }
        if self.path.len() - from >= self.board.len().div_ceil(REPAINT_FROM) as usize {
            self.repaint();
        } else {
            for index in from..self.path.len() {
                self.paint(Square(self.path[index]), index as u32 + 1);
            }
        }
    }

    /// The pixels changed since the last call (a newly styled picture is all changed), if any.
    pub fn take_changed(&mut self) -> Option<Rect> {
        self.changed.take()
    }

    /// Paints a square, if the picture has a style: `order` is one more than its place on the
    /// path, 0 for an empty square.
    fn paint(&mut self, square: Square, order: u32) {
        let (Some((bands, _)), Some(ramp)) = (self.style, &self.ramp) else { return };
        let coord = self.board.coord(square);
        let (x, y) = bands.pixel_at(coord.row, coord.col);
        let light = (coord.row + coord.col) % 2 == 0;
        let at = 4 * (y as usize * bands.size().0 as usize + x as usize);
        self.pixels[at..at + 4].copy_from_slice(&ramp.colour(light, order));
        self.changed = Some(match self.changed.take() {
            Some(rect) => rect.union(Rect::pixel(x, y)),
            None => Rect::pixel(x, y),
        });
    }

    /// The board's last move number, where the path's colour reaches `to`.
    fn last(&self) -> u32 {
        self.board.len().saturating_sub(1).max(1)
    }
}

/// A square's pixel worked out exactly: the path's colour at its move by integer division, washed
/// over the square's colour by a table of every gradient value. [`Ramp`] reads these pixels off a
/// table, for the squares one by one; this is what it is made from (a few thousand moves a style).
struct Shades {
    board: [Rgb; 2],
    from: Rgb,
    to: Rgb,
    last: u32,
    /// `washed[light][channel][g]`: the board's channel washed by the gradient's value `g`.
    washed: [[[u8; 256]; 3]; 2],
}

impl Shades {
    fn new(palette: Palette, last: u32) -> Shades {
        let board = [palette.dark, palette.light];
        let washed = [0, 1].map(|light| {
            [0, 1, 2].map(|channel| {
                let base = board[light][channel];
                std::array::from_fn(|g| mix([base; 3], [g as u8; 3], u32::from(palette.wash), 255)[0])
            })
        });
        Shades { board, from: palette.from, to: palette.to, last, washed }
    }

    /// The path's colour at move `num` (from 0 to `last`), before the wash.
    fn gradient(&self, num: u32) -> Rgb {
        mix(self.from, self.to, num, self.last)
    }

    /// A square's pixel: empty (`gradient` none) or washed by the path's colour there.
    fn pixel(&self, light: bool, gradient: Option<Rgb>) -> [u8; 4] {
        let board = self.board[usize::from(light)];
        let Some(gradient) = gradient else { return [board[0], board[1], board[2], 255] };
        let washed = &self.washed[usize::from(light)];
        [
            washed[0][usize::from(gradient[0])],
            washed[1][usize::from(gradient[1])],
            washed[2][usize::from(gradient[2])],
            255,
        ]
    }
}

/// The squares' pixels as [`Shades`] works them out, read off a table: a million squares are
/// repainted at once, and the arithmetic (then three products by a reciprocal and three
/// conversions a square) took 81 instructions a square natively, the table 40. The moves from 0
/// to `last` are cut into buckets of `2^shift`, no more than `max(1, last / 255)` long: each
/// channel of the gradient changes at most 255 times, at least `last / 255` moves apart, so at
/// most once in a bucket, and a bucket holds at most four runs of one colour. It keeps where its runs begin and their pixels on either colour
/// of square, so a square's pixel is three comparisons and two loads.
struct Ramp {
    shift: u32,
    last: u32,
    buckets: Vec<Bucket>,
    /// The empty squares' pixels, dark and light.
    empty: [[u8; 4]; 2],
}

/// A bucket of [`Ramp`]: the moves where its second, third and fourth runs begin (`u32::MAX`
/// for runs it does not have), and each run's pixel on a dark and on a light square.
#[derive(Clone, Copy)]
struct Bucket {
    bounds: [u32; 3],
    pixels: [[[u8; 4]; 4]; 2],
}

impl Ramp {
    fn new(shades: &Shades) -> Ramp {
        let last = shades.last;
        let shift = (last / 255).max(1).ilog2();
        let buckets = (0..=last >> shift)
            .map(|bucket| {
                let (first, end) = (bucket << shift, ((bucket + 1) << shift).min(last + 1));
                let mut starts = [first, u32::MAX, u32::MAX, u32::MAX];
                for run in 1..4 {
                    // The run's colour holds to the first move with another (each channel changes
                    // once in a bucket at most, so it does not come back): found by halving.
                    let colour = shades.gradient(starts[run - 1]);
                    let (mut low, mut high) = (starts[run - 1], end);
                    while high - low > 1 {
                        let middle = low + (high - low) / 2;
                        if shades.gradient(middle) == colour {
                            low = middle;
                        } else {
                            high = middle;
                        }
                    }
                    if high == end {
                        break;
                    }
                    starts[run] = high;
                }
                debug_assert!(
                    starts[3] == u32::MAX || shades.gradient(starts[3]) == shades.gradient(end - 1)
                );
                let pixels = [false, true].map(|light| {
                    starts.map(|start| shades.pixel(light, Some(shades.gradient(start.min(end - 1)))))
                });
                Bucket { bounds: [starts[1], starts[2], starts[3]], pixels }
            })
            .collect();
        Ramp { shift, last, buckets, empty: [false, true].map(|light| shades.pixel(light, None)) }
    }

    /// A square's pixel: `order` is one more than its place on the path, 0 for an empty square.
    #[inline(always)]
    fn colour(&self, light: bool, order: u32) -> [u8; 4] {
        let Some(num) = order.checked_sub(1) else { return self.empty[usize::from(light)] };
        let num = num.min(self.last);
        let bucket = &self.buckets[(num >> self.shift) as usize];
        let run = usize::from(num >= bucket.bounds[0])
            + usize::from(num >= bucket.bounds[1])
            + usize::from(num >= bucket.bounds[2]);
        bucket.pixels[usize::from(light)][run]
    }
}

/// `a` moved `num / den` of the way to `b`.
pub(crate) fn mix(a: Rgb, b: Rgb, num: u32, den: u32) -> Rgb {
    let channel = |a: u8, b: u8| {
        let (a, b) = (i64::from(a), i64::from(b));
        (a + (b - a) * i64::from(num) / i64::from(den)) as u8
    };
    [channel(a[0], b[0]), channel(a[1], b[1]), channel(a[2], b[2])]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square's pixel worked out plainly, as [`Shades`] must match it: `order` is one more than
    /// its place on the path, 0 for an empty square.
    fn colour(palette: Palette, last: u32, light: bool, order: u32) -> [u8; 4] {
        let Palette { light: lit, dark, from, to, wash } = palette;
        let board = if light { lit } else { dark };
        let [r, g, b] = if order == 0 {
            board
        } else {
            mix(board, mix(from, to, (order - 1).min(last), last), u32::from(wash), 255)
        };
        [r, g, b, 255]
    }

    /// Palettes that try the wash (all, a tint, a trace) and channels that rise, fall and stand;
    /// the last's three channels change at three nearby moves, so some buckets hold four runs.
    const PALETTES: [Palette; 4] = [
        Palette {
            light: [240, 217, 181],
            dark: [181, 136, 99],
            from: [30, 90, 200],
            to: [230, 80, 40],
            wash: 255,
        },
        Palette {
            light: [10, 20, 30],
            dark: [250, 240, 230],
            from: [255, 0, 128],
            to: [0, 255, 7],
            wash: 51,
        },
        Palette { light: [0, 0, 0], dark: [255, 255, 255], from: [3, 3, 3], to: [4, 3, 2], wash: 1 },
        Palette { light: [9, 9, 9], dark: [90, 90, 90], from: [0, 1, 2], to: [255, 255, 255], wash: 255 },
    ];

    #[test]
    fn the_ramp_gives_every_move_the_colour_worked_out_for_it() {
        // Every order, 0 and past the last included, around the buckets' sizes changing (at 255
        // and 510 moves) and on the largest boards (not under Miri, which interprets each step).
        let lasts: &[u32] = match cfg!(miri) {
            true => &[1, 7, 255, 510],
            false => &[1, 2, 3, 7, 254, 255, 256, 509, 510, 511, 1023, 4099, 999_999, 1_048_575],
        };
        for palette in PALETTES {
            for &last in lasts {
                let ramp = Ramp::new(&Shades::new(palette, last));
                for order in 0..=last + 2 {
                    for light in [false, true] {
                        assert_eq!(
                            ramp.colour(light, order),
                            colour(palette, last, light, order),
                            "{palette:?} {last} {order}"
                        );
                    }
                }
            }
        }
    }

    fn board(rows: u32, cols: u32) -> Board {
        Board::new(rows, cols).expect("a valid board")
    }

    fn styled(board: Board, bands: Bands, palette: Palette) -> Picture {
        let mut picture = Picture::new(board);
        picture.style(bands, palette);
        picture
    }

    fn picture(rows: u32, cols: u32, palette: Palette) -> Picture {
        styled(board(rows, cols), Bands::new(board(rows, cols), 0), palette)
    }

    /// A square's pixel, on an unfolded picture.
    fn pixel(picture: &Picture, square: u32) -> [u8; 4] {
        let width = picture.width();
        let at = 4 * ((square / width) * width + square % width) as usize;
        picture.pixels()[at..at + 4].try_into().unwrap()
    }

    /// Brings the picture to `path`, of which the first `unchanged` squares are the ones shown.
    fn update(picture: &mut Picture, unchanged: usize, path: &[u32]) {
        let kept = picture.truncate(unchanged);
        picture.extend(path[kept..].iter().map(|&square| Square(square)));
    }

    const PALETTE: Palette = Palette {
        light: [200, 200, 200],
        dark: [100, 100, 100],
        from: [0, 0, 255],
        to: [255, 0, 0],
        wash: 255,
    };

    #[test]
    fn an_empty_board_is_checkered_with_the_top_left_square_light() {
        let picture = picture(3, 4, PALETTE);
        assert_eq!((picture.width(), picture.height()), (4, 3));
        assert_eq!(pixel(&picture, 0), [200, 200, 200, 255]);
        assert_eq!(pixel(&picture, 1), [100, 100, 100, 255]);
        assert_eq!(pixel(&picture, 4), [100, 100, 100, 255]);
        assert_eq!(pixel(&picture, 5), [200, 200, 200, 255]);
    }

    #[test]
    fn visited_squares_take_the_gradient_from_the_first_move_to_the_boards_last() {
        let mut picture = picture(3, 3, PALETTE);
        // 3x3 has squares 0 to 8: a full path's last move would be move 8.
        update(&mut picture, 0, &[0, 5, 6]);
        assert_eq!(pixel(&picture, 0), [0, 0, 255, 255]);
        assert_eq!(pixel(&picture, 5), [31, 0, 224, 255]); // 1/8 of the way
        assert_eq!(pixel(&picture, 6), [63, 0, 192, 255]); // 2/8
        assert_eq!(picture.order()[..7], [1, 0, 0, 0, 0, 2, 3]);
    }

    #[test]
    fn a_wash_blends_the_path_colour_over_the_square() {
        let mut picture = picture(3, 3, Palette { wash: 51, ..PALETTE }); // a fifth
        update(&mut picture, 0, &[0]);
        assert_eq!(pixel(&picture, 0), [160, 160, 211, 255]);
    }

    #[test]
    fn taking_squares_back_paints_them_empty_and_only_the_changed_rows_are_reported() {
        let mut picture = picture(5, 5, PALETTE);
        assert_eq!(picture.take_changed(), Some(Rect { x: 0..5, y: 0..5 }), "a new picture is all new");
        update(&mut picture, 0, &[0, 7, 14]);
        assert_eq!(picture.take_changed(), Some(Rect { x: 0..5, y: 0..3 }));
        // Back to the start and on another way: 7 and 14 are empty again, 11 is move 2.
        update(&mut picture, 1, &[0, 11]);
        assert_eq!(picture.path(), [0, 11]);
        assert_eq!(pixel(&picture, 7), [100, 100, 100, 255]);
        assert_eq!(pixel(&picture, 14), [200, 200, 200, 255]);
        assert_eq!((picture.order()[7], picture.order()[14], picture.order()[11]), (0, 0, 2));
        assert_eq!(picture.take_changed(), Some(Rect { x: 1..5, y: 1..3 }), "7, 14 and 11");
        assert_eq!(picture.take_changed(), None, "nothing changed since");
        let mut out = vec![9];
        picture.copy_rect(&Rect { x: 1..3, y: 2..3 }, &mut out);
        assert_eq!(out, [pixel(&picture, 11), pixel(&picture, 12)].concat(), "squares 11 and 12");
    }

    #[test]
    fn many_squares_at_once_are_painted_as_one_at_a_time_would_paint_them() {
        for (rows, cols, band) in [(8, 8, 0), (9, 4, 2), (3, 10, 4)] {
            let b = board(rows, cols);
            let squares = b.len();
            // Every square once, in a scattered order: 7 is prime to every board's size here.
            let path: Vec<u32> = (0..squares).map(|i| (i * 7 + 3) % squares).collect();
            let mut one_by_one = styled(b, Bands::new(b, band), PALETTE);
            let mut at_once = styled(b, Bands::new(b, band), PALETTE);
            for kept in [0, squares as usize / 3, 2] {
                one_by_one.truncate(kept);
                for &square in &path[kept..] {
                    one_by_one.extend([Square(square)]);
                }
                update(&mut at_once, kept, &path);
                assert_eq!(at_once.pixels(), one_by_one.pixels(), "{rows}x{cols} in bands of {band}");
                assert_eq!((at_once.path(), at_once.order()), (one_by_one.path(), one_by_one.order()));
                let whole = Rect { x: 0..at_once.width(), y: 0..at_once.height() };
                assert_eq!(at_once.take_changed(), Some(whole), "repainted whole");
            }
        }
    }

    #[test]
    fn an_unchanged_prefix_longer_than_the_path_shown_keeps_it_all() {
        let mut picture = picture(5, 5, PALETTE);
        update(&mut picture, 0, &[0, 7]);
        update(&mut picture, usize::MAX, &[0, 7, 14]);
        assert_eq!(picture.path(), [0, 7, 14]);
    }

    #[test]
    fn a_wide_board_folds_into_bands_one_under_the_next() {
        let b = board(3, 10);
        let bands = Bands::new(b, 4);
        assert_eq!(bands.count(), 3);
        // Three bands of 3 rows with a row of gap between: 4 wide, 3 + 1 + 3 + 1 + 3 high.
        assert_eq!(bands.size(), (4, 11));
        assert_eq!(bands.pixel(Square(0)), (0, 0));
        assert_eq!(bands.pixel(Square(5)), (1, 4)); // row 0, col 5: second band
        assert_eq!(bands.pixel(Square(2 * 10 + 9)), (1, 10)); // row 2, col 9: third band
        let picture = styled(b, bands, PALETTE);
        let transparent = |x: u32, y: u32| picture.pixels()[4 * (y * 4 + x) as usize + 3] == 0;
        assert!((0..4).all(|x| transparent(x, 3)), "the gap between bands is left empty");
        assert!(transparent(2, 8) && transparent(3, 10), "past the board's end, the last band is empty");
        assert!(!transparent(1, 10));
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

    #[test]
    fn a_path_is_kept_without_pixels_and_painted_when_the_picture_is_styled() {
        let b = board(3, 3);
        let mut picture = Picture::new(b);
        update(&mut picture, 0, &[0, 5]);
        assert_eq!((picture.width(), picture.pixels().len(), picture.take_changed()), (0, 0, None));
        assert_eq!(picture.order()[5], 2);
        picture.style(Bands::new(b, 0), PALETTE);
        assert_eq!(pixel(&picture, 5), [31, 0, 224, 255]);
        assert_eq!(picture.take_changed(), Some(Rect { x: 0..3, y: 0..3 }));
        picture.style(Bands::new(b, 0), PALETTE);
        assert_eq!(picture.take_changed(), None, "the same style again changes nothing");
    }

    #[test]
    fn a_palette_is_read_from_thirteen_bytes_and_nothing_else() {
        let bytes = [200, 200, 200, 100, 100, 100, 0, 0, 255, 255, 0, 0, 255];
        assert_eq!(Palette::from_bytes(&bytes), Some(PALETTE));
        assert_eq!(Palette::from_bytes(&bytes[..12]), None);
    }
}
