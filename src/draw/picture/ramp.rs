//! The colour ramp: a palette, and the pixel of every square of the picture by its place on the
//! path, worked out once a style and read off a table for each square.

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

/// A square's pixel worked out exactly: the path's colour at its move by integer division, washed
/// over the square's colour by a table of every gradient value. [`Ramp`] reads these pixels off a
/// table, for the squares one by one; this is what it is made from (a few thousand moves a style).
pub(super) struct Shades {
    board: [Rgb; 2],
    from: Rgb,
    to: Rgb,
    last: u32,
    /// `washed[light][channel][g]`: the board's channel washed by the gradient's value `g`.
    washed: [[[u8; 256]; 3]; 2],
}

impl Shades {
    pub(super) fn new(palette: Palette, last: u32) -> Shades {
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
pub(super) struct Ramp {
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
    pub(super) fn new(shades: &Shades) -> Ramp {
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
    pub(super) fn colour(&self, light: bool, order: u32) -> [u8; 4] {
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
pub(super) mod tests {
    use super::*;
    /// A square's pixel worked out plainly, as [`Shades`] must match it: `order` is one more than
    /// its place on the path, 0 for an empty square.
    pub(super) fn colour(palette: Palette, last: u32, light: bool, order: u32) -> [u8; 4] {
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

    pub(in crate::draw::picture) const PALETTE: Palette = Palette {
        light: [200, 200, 200],
        dark: [100, 100, 100],
        from: [0, 0, 255],
        to: [255, 0, 0],
        wash: 255,
    };

    #[test]
    fn a_palette_is_read_from_thirteen_bytes_and_nothing_else() {
        let bytes = [200, 200, 200, 100, 100, 100, 0, 0, 255, 255, 0, 0, 255];
        assert_eq!(Palette::from_bytes(&bytes), Some(PALETTE));
        assert_eq!(Palette::from_bytes(&bytes[..12]), None);
    }
}
