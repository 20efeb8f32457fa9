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

mod bands;
mod ramp;

use std::mem::MaybeUninit;

use crate::board::{Board, Square};
pub use bands::{Bands, Layout, Map, Rect, FOLD_BELOW_PX, GAP};
pub(crate) use ramp::mix;
pub use ramp::{Palette, Rgb};
use ramp::{Ramp, Shades};

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

    /// Adds squares to the end of the path shown. From a `REPAINT_FROM`th of the board's squares
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

#[cfg(test)]
mod tests {
    use super::ramp::tests::PALETTE;
    use super::*;
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
}
