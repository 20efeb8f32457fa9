//! What the page writes on the board in a font, drawn as shapes for the GIF, which has none: the
//! move numbers as seven-segment digits (strokes between the corners and middles of a box) and the
//! knight as the silhouette of the chess glyph ♞ (a polygon, facing left as the glyph does). Both
//! are in a box of height 1, to scale to any square; a few hundred bytes of data where a bitmap
//! font would be kilobytes, and crisp at every size rather than at multiples of one.

/// A digit's width over its height, the stroke's width not counted.
pub const DIGIT_WIDTH: f32 = 0.5;
/// The room between two digits, and the stroke's width, as shares of a digit's height.
pub const DIGIT_GAP: f32 = 0.3;
pub const STROKE: f32 = 0.16;

/// The seven segments' ends, `(x, y)` in a box `DIGIT_WIDTH` wide and 1 high, y down: a to g as
/// a seven-segment display names them (a the top, clockwise, g the middle).
const SEGMENTS: [((f32, f32), (f32, f32)); 7] = [
    ((0.0, 0.0), (DIGIT_WIDTH, 0.0)),
    ((DIGIT_WIDTH, 0.0), (DIGIT_WIDTH, 0.5)),
    ((DIGIT_WIDTH, 0.5), (DIGIT_WIDTH, 1.0)),
    ((0.0, 1.0), (DIGIT_WIDTH, 1.0)),
    ((0.0, 0.5), (0.0, 1.0)),
    ((0.0, 0.0), (0.0, 0.5)),
    ((0.0, 0.5), (DIGIT_WIDTH, 0.5)),
];

/// Each digit's segments, a bit each, a the lowest.
const DIGITS: [u8; 10] = [
    0b011_1111, // 0: a b c d e f
    0b000_0110, // 1: b c
    0b101_1011, // 2: a b d e g
    0b100_1111, // 3: a b c d g
    0b110_0110, // 4: b c f g
    0b110_1101, // 5: a c d f g
    0b111_1101, // 6: a c d e f g
    0b000_0111, // 7: a b c
    0b111_1111, // 8: every one
    0b110_1111, // 9: a b c d f g
];

/// The strokes of `digit` (0 to 9), as line ends in its box (see `SEGMENTS`).
pub fn digit(digit: u8) -> impl Iterator<Item = ((f32, f32), (f32, f32))> {
    let lit = DIGITS[usize::from(digit % 10)];
    (0..7).filter(move |segment| lit & (1 << segment) != 0).map(|segment| SEGMENTS[segment])
}

/// The width of `n` written in digits of height 1, gaps between them included.
pub fn number_width(n: u32) -> f32 {
    let digits = n.to_string().len() as f32;
    digits * DIGIT_WIDTH + (digits - 1.0) * DIGIT_GAP
}

/// The knight's silhouette, ♞, in a box about 0.8 wide and 1 high, y down: its outline, then its
/// eye, a hole in it (the shapes are filled even-odd).
pub const KNIGHT: [&[(f32, f32)]; 2] = [
    &[
        // the base, left to right
        (0.06, 1.00),
        (0.78, 1.00),
        (0.78, 0.88),
        (0.70, 0.84),
        // the back of the neck and the mane, up to the ear
        (0.72, 0.68),
        (0.76, 0.50),
        (0.74, 0.34),
        (0.66, 0.18),
        (0.54, 0.08),
        (0.50, 0.00),
        (0.42, 0.09),
        // the forehead and the nose
        (0.32, 0.12),
        (0.20, 0.22),
        (0.08, 0.40),
        (0.00, 0.52),
        (0.02, 0.60),
        (0.10, 0.64),
        // the mouth and the jaw
        (0.20, 0.60),
        (0.28, 0.56),
        (0.38, 0.55),
        // the throat, down to the base
        (0.32, 0.66),
        (0.22, 0.76),
        (0.16, 0.84),
        (0.06, 0.88),
    ],
    &[(0.28, 0.27), (0.36, 0.23), (0.38, 0.31), (0.30, 0.34)],
];

/// The knight's silhouette's width over its height.
pub const KNIGHT_WIDTH: f32 = 0.78;

/// Whether `(x, y)` is inside `contours`, filled even-odd: inside an odd number of them.
pub fn inside(contours: &[&[(f32, f32)]], (x, y): (f32, f32)) -> bool {
    let mut odd = false;
    for contour in contours {
        let mut previous = contour[contour.len() - 1];
        for &point in contour.iter() {
            let ((x0, y0), (x1, y1)) = (previous, point);
            if (y0 > y) != (y1 > y) && x < x0 + (y - y0) * (x1 - x0) / (y1 - y0) {
                odd = !odd;
            }
            previous = point;
        }
    }
    odd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_digit_lights_the_segments_a_calculator_does() {
        let lit = |d: u8| digit(d).count();
        assert_eq!((0..10).map(lit).collect::<Vec<_>>(), [6, 2, 5, 5, 4, 5, 6, 3, 7, 6]);
        // 1 is the right-hand side alone; 7 adds the top.
        assert!(digit(1).all(|((x0, _), (x1, _))| x0 == DIGIT_WIDTH && x1 == DIGIT_WIDTH));
    }

    #[test]
    fn a_number_is_as_wide_as_its_digits_and_the_gaps_between() {
        assert_eq!(number_width(7), DIGIT_WIDTH);
        assert_eq!(number_width(64), 2.0 * DIGIT_WIDTH + DIGIT_GAP);
    }

    #[test]
    fn the_knight_is_solid_but_for_its_eye_and_faces_left() {
        assert!(inside(&KNIGHT, (0.4, 0.9)), "the base");
        assert!(inside(&KNIGHT, (0.55, 0.5)), "the neck");
        assert!(inside(&KNIGHT, (0.1, 0.5)), "the nose, on the left");
        assert!(!inside(&KNIGHT, (0.33, 0.28)), "the eye is a hole");
        assert!(!inside(&KNIGHT, (0.1, 0.75)), "under the chin, in front of the neck");
        assert!(!inside(&KNIGHT, (0.9, 0.2)), "behind the mane");
        assert!(KNIGHT[0]
            .iter()
            .all(|&(x, y)| (0.0..=KNIGHT_WIDTH).contains(&x) && (0.0..=1.0).contains(&y)));
    }
}
