//! A frame of the GIF as an image of palette indices, and the shapes the page draws on its canvas
//! drawn into it: squares, discs, rings, plates, lines, the knight's outline and the move numbers'
//! digits (`glyphs.rs`).

use super::entry;
use crate::draw::glyphs::{self, DIGIT_GAP, DIGIT_WIDTH, STROKE};

/// An image of palette indices, and the shapes the page draws, filled where a pixel's centre is
/// inside (no anti-aliasing: a palette has no room for the blends).
pub(super) struct Raster {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) pixels: Vec<u8>,
}

impl Raster {
    pub(super) fn new(width: u32, height: u32) -> Raster {
        Raster { width, height, pixels: vec![entry::SURFACE; width as usize * height as usize] }
    }

    pub(super) fn rect(&mut self, x: u32, y: u32, size: u32, colour: u8) {
        for row in y..(y + size).min(self.height) {
            let at = (row * self.width) as usize;
            self.pixels[at + x as usize..at + (x + size).min(self.width) as usize].fill(colour);
        }
    }

    /// Fills the pixels within `reach` of `(cx, cy)` whose centres `inside` takes.
    pub(super) fn shape(
        &mut self,
        (cx, cy): (f32, f32),
        reach: (f32, f32),
        colour: u8,
        inside: impl Fn(f32, f32) -> bool,
    ) {
        let x0 = (cx - reach.0).floor().max(0.0) as u32;
        let y0 = (cy - reach.1).floor().max(0.0) as u32;
        let x1 = ((cx + reach.0).ceil().max(0.0) as u32).min(self.width);
        let y1 = ((cy + reach.1).ceil().max(0.0) as u32).min(self.height);
        for y in y0..y1 {
            for x in x0..x1 {
                if inside(x as f32 + 0.5, y as f32 + 0.5) {
                    self.pixels[(y * self.width + x) as usize] = colour;
                }
            }
        }
    }

    pub(super) fn disc(&mut self, centre: (f32, f32), radius: f32, colour: u8) {
        let r2 = radius * radius;
        let (cx, cy) = centre;
        self.shape(centre, (radius, radius), colour, |x, y| (x - cx).powi(2) + (y - cy).powi(2) <= r2);
    }

    pub(super) fn ring(&mut self, centre: (f32, f32), radius: f32, width: f32, colour: u8) {
        let (cx, cy) = centre;
        let reach = radius + width / 2.0;
        self.shape(centre, (reach, reach), colour, |x, y| {
            ((x - cx).hypot(y - cy) - radius).abs() <= width / 2.0
        });
    }

    /// A rectangle `w` × `h` from `(x, y)` with corners rounded by `r`, as the page's plates.
    pub(super) fn rounded(&mut self, (x, y): (f32, f32), (w, h): (f32, f32), r: f32, colour: u8) {
        let centre = (x + w / 2.0, y + h / 2.0);
        let (half_w, half_h) = (w / 2.0 - r, h / 2.0 - r);
        self.shape(centre, (w / 2.0, h / 2.0), colour, |px, py| {
            let dx = ((px - centre.0).abs() - half_w).max(0.0);
            let dy = ((py - centre.1).abs() - half_h).max(0.0);
            dx.hypot(dy) <= r
        });
    }

    /// The even-odd fill of `contours` (a box 1 high) at `scale` pixels from `origin`.
    pub(super) fn polygon(&mut self, contours: &[&[(f32, f32)]], origin: (f32, f32), scale: f32, colour: u8) {
        let reach = (scale, scale);
        let centre = (origin.0 + scale / 2.0, origin.1 + scale / 2.0);
        self.shape(centre, reach, colour, |x, y| {
            glyphs::inside(contours, ((x - origin.0) / scale, (y - origin.1) / scale))
        });
    }

    /// `n` in seven-segment digits `height` pixels high, from its top-left corner.
    pub(super) fn number(&mut self, n: u32, (x, y): (f32, f32), height: f32, colour: u8) {
        let width = (height * STROKE).max(1.5);
        let advance = (DIGIT_WIDTH + DIGIT_GAP) * height;
        for (i, digit) in n.to_string().bytes().enumerate() {
            let left = x + i as f32 * advance;
            for ((x0, y0), (x1, y1)) in glyphs::digit(digit - b'0') {
                let at = |(u, v): (f32, f32)| (left + u * height, y + v * height);
                self.line(at((x0, y0)), at((x1, y1)), width, colour);
            }
        }
    }

    /// A line from `a` to `b`, `width` wide with round ends, as the page strokes a move.
    pub(super) fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32, colour: u8) {
        let half = width / 2.0;
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length2 = (dx * dx + dy * dy).max(f32::EPSILON);
        let middle = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let reach = (dx.abs() / 2.0 + half, dy.abs() / 2.0 + half);
        self.shape(middle, reach, colour, |x, y| {
            let t = (((x - a.0) * dx + (y - a.1) * dy) / length2).clamp(0.0, 1.0);
            (x - a.0 - t * dx).hypot(y - a.1 - t * dy) <= half
        });
    }
}
