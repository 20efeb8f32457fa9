//! The run as an animated GIF ([`Animation`]): which events become frames, how big the picture
//! and the file get on small and huge boards, the palette, the held last frame, the move numbers
//! and the knight's glyph where squares are big enough, a game played by hand, and the file
//! decoded back with the `gif` crate, frame by frame, onto a canvas as a viewer shows it.

use knights_tour::draw::animation::{
    number_px, palette, Animation, AnimationColours, AnimationError, Geometry, Plan, HOLD_CS, MAX_CELL,
    MAX_FRAMES, MAX_SIDE, MIN_FRAMES, NUMBERS_FROM_CELL, NUMBER_MIN_PX, PIXEL_BUDGET,
};
use knights_tour::front::config::{Setup, Value};
use knights_tour::{Board, Solver, Square};

/// The page's light theme (www/ui/component-style.js).
const COLOURS: AnimationColours = AnimationColours {
    light: [0xee, 0xe6, 0xd8],
    dark: [0xb9, 0xa8, 0x8f],
    from: [0x1f, 0x8a, 0x70],
    to: [0x7b, 0x3f, 0xa0],
    accent: [0x2f, 0x6f, 0x62],
    knight: [0x1b, 0x1f, 0x22],
    halo: [0xff, 0xfd, 0xf9],
    backtrack: [0xd1, 0x45, 0x3b],
    surface: [0xff, 0xfd, 0xf9],
    ink: [0x1f, 0x2a, 0x2e],
};

fn setup(settings: &[(&'static str, &str)]) -> Setup {
    let values = settings.iter().map(|&(name, value)| (name, Value::Text(value.to_string())));
    Setup::read(values).expect("valid settings")
}

/// Every event of the run to its end, the finish included.
fn events_to_end(settings: &[(&'static str, &str)]) -> u64 {
    let Setup { board, start, options } = setup(settings);
    let mut solver = Solver::new(board, start, options).expect("a run");
    while solver.run(u64::MAX).events > 0 {}
    solver.events_so_far()
}

/// The path of the run of `settings` at its end: a tour, for settings that find one.
fn tour(settings: &[(&'static str, &str)]) -> (Board, Vec<Square>) {
    let Setup { board, start, options } = setup(settings);
    let mut solver = Solver::new(board, start, options).expect("a run");
    while solver.run(u64::MAX).events > 0 {}
    (board, solver.path().collect())
}

/// The GIF of the run to event `events` (to its end if `None`), and the animation that made it.
fn gif(settings: &[(&'static str, &str)], events: Option<u64>) -> (Vec<u8>, Animation) {
    let events = events.unwrap_or_else(|| events_to_end(settings));
    made(Animation::new(setup(settings), events, &COLOURS).expect("an animation"))
}

/// Every frame of `animation` made, checking its progress on the way; the file, and the animation.
fn made(mut animation: Animation) -> (Vec<u8>, Animation) {
    let mut fractions = vec![animation.fraction()];
    while !animation.step().expect("a frame") {
        fractions.push(animation.fraction());
    }
    assert!(fractions.windows(2).all(|pair| pair[0] <= pair[1]), "progress only goes forward");
    assert_eq!(animation.fraction(), 1.0);
    let bytes = animation.finish().expect("encoded").expect("the file");
    (bytes, animation)
}

/// A decoded GIF: its size, whether it loops, and each frame as a viewer shows it (RGBA, the
/// frame's rectangle drawn over what was there) with its delay.
struct Decoded {
    width: usize,
    height: usize,
    loops: bool,
    frames: Vec<(Vec<u8>, u16)>,
}

fn decode(bytes: &[u8]) -> Decoded {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let (width, height) = (usize::from(decoder.width()), usize::from(decoder.height()));
    let mut canvas = vec![0u8; 4 * width * height];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep, "each frame builds on the last");
        let (left, top, w) = (usize::from(frame.left), usize::from(frame.top), usize::from(frame.width));
        for (i, pixel) in frame.buffer.chunks_exact(4).enumerate() {
            if pixel[3] == 0 {
                continue; // transparent: what was there shows through
            }
            let at = 4 * ((top + i / w) * width + left + i % w);
            canvas[at..at + 4].copy_from_slice(pixel);
        }
        frames.push((canvas.clone(), frame.delay));
    }
    let loops = decoder.repeat() == gif::Repeat::Infinite;
    Decoded { width, height, loops, frames }
}

impl Decoded {
    fn pixel(&self, frame: usize, x: usize, y: usize) -> [u8; 3] {
        let at = 4 * (y * self.width + x);
        self.frames[frame].0[at..at + 3].try_into().unwrap()
    }

    /// How many pixels of `frame` are `colour`.
    fn count(&self, frame: usize, colour: [u8; 3]) -> usize {
        self.frames[frame].0.chunks_exact(4).filter(|pixel| pixel[..3] == colour).count()
    }

    /// How many pixels of `frame` are `colour` in the square of `cell` pixels at `row`, `col`.
    fn count_in(&self, frame: usize, (row, col): (usize, usize), cell: usize, colour: [u8; 3]) -> usize {
        let (x0, y0) = (col * cell, row * cell);
        (y0..y0 + cell)
            .flat_map(|y| (x0..x0 + cell).map(move |x| (x, y)))
            .filter(|&(x, y)| self.pixel(frame, x, y) == colour)
            .count()
    }
}

#[test]
fn a_run_with_few_events_gets_a_frame_an_event_and_a_long_one_is_sampled_evenly_to_its_end() {
    let few = Plan::new(36, 360 * 360);
    assert_eq!(few.frames(), 36);
    assert_eq!((0..36).map(|k| few.event(k)).collect::<Vec<_>>(), (1..=36).collect::<Vec<_>>());
    // The 8x8 fixed-order search from the corner: 16.5 million events.
    let long = Plan::new(16_500_000, 480 * 480);
    assert_eq!(long.frames(), MAX_FRAMES);
    let events: Vec<u64> = (0..long.frames()).map(|k| long.event(k)).collect();
    assert_eq!(*events.last().unwrap(), 16_500_000, "the last frame is the event the page stands at");
    assert!(events.windows(2).all(|pair| pair[1] > pair[0]));
    let gaps: Vec<u64> = events.windows(2).map(|pair| pair[1] - pair[0]).collect();
    assert!(gaps.iter().max().unwrap() - gaps.iter().min().unwrap() <= 1, "evenly spaced");
}

#[test]
fn a_big_picture_gets_fewer_frames_within_the_pixel_budget_but_never_too_few_to_move() {
    let huge = Plan::new(1_000_001, 1000 * 1000);
    assert_eq!(u64::from(huge.frames()), PIXEL_BUDGET / 1_000_000);
    assert!(u64::from(huge.frames()) * 1_000_000 <= PIXEL_BUDGET);
    assert_eq!(Plan::new(1_000_001, 1 << 30).frames(), MIN_FRAMES);
    assert_eq!(Plan::new(3, 1 << 30).frames(), 3, "never more frames than events");
}

#[test]
fn the_first_frame_lingers_on_the_start_and_the_last_is_held() {
    let plan = Plan::new(64, 480 * 480);
    assert!(plan.delay(0) > plan.delay(1));
    assert_eq!(plan.delay(63), HOLD_CS);
    assert!((1..63).all(|k| (4..=20).contains(&plan.delay(k))), "browsers slow delays under 2 cs down");
    let total: u32 = (0..64).map(|k| u32::from(plan.delay(k))).sum();
    assert!((600..1200).contains(&total), "about six seconds and the hold: {total} cs");
}

#[test]
fn the_picture_fits_a_box_on_small_boards_and_takes_a_pixel_a_square_on_huge_ones() {
    let geometry = |rows, cols| Geometry::new(Board::new(rows, cols).unwrap());
    let six = geometry(6, 6);
    assert_eq!((six.cell, six.width, six.height), (MAX_CELL, 360, 360));
    assert!(six.moves() && six.checkered());
    let eight = geometry(8, 8);
    assert_eq!((eight.cell, eight.width), (60, 480));
    let hundred = geometry(100, 100);
    assert_eq!((hundred.cell, hundred.width), (4, 400));
    assert!(!hundred.moves() && hundred.checkered(), "squares too small for moves, as on the page");
    let huge = geometry(1000, 1000);
    assert_eq!((huge.cell, huge.width, huge.height), (1, 1000, 1000));
    assert!(!huge.checkered(), "a pixel's checkering would alias");
    // A long strip is folded as the page folds it, into about a square.
    let strip = geometry(3, 349_525);
    assert!(strip.width <= 1300 && strip.height <= 1300, "{}x{}", strip.width, strip.height);
    for (rows, cols) in [(1, 1), (3, 4), (5, 5), (10, 3), (40, 40), (8, 1000)] {
        let g = geometry(rows, cols);
        assert!(g.width.max(g.height) <= MAX_SIDE, "{rows}x{cols}: {}x{}", g.width, g.height);
    }
}

#[test]
fn the_palette_is_the_themes_colours_within_the_256_a_gif_has() {
    let rgb = palette(&COLOURS);
    assert_eq!(rgb.len() % 3, 0);
    assert!(rgb.len() / 3 <= 256);
    let colours: Vec<[u8; 3]> = rgb.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
    for theme in [COLOURS.light, COLOURS.dark, COLOURS.accent, COLOURS.knight, COLOURS.halo, COLOURS.surface]
    {
        assert!(colours.contains(&theme), "{theme:?}");
    }
    // The path's gradient runs from its first colour to its last, a shade each end.
    let near = |a: [u8; 3], b: [u8; 3]| a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= 4);
    assert!(colours.iter().any(|&c| near(c, COLOURS.from)) && colours.iter().any(|&c| near(c, COLOURS.to)));
}

#[test]
fn a_6x6_walk_is_a_looping_gif_of_a_frame_a_square_its_last_held_and_small() {
    let settings = [("board", "6x6"), ("start", "a1")];
    let (bytes, animation) = gif(&settings, None);
    assert_eq!(&bytes[..6], b"GIF89a");
    assert!(bytes.windows(11).any(|w| w == b"NETSCAPE2.0"), "the loop extension");
    assert!(bytes.len() < 100_000, "{} bytes", bytes.len());
    let decoded = decode(&bytes);
    assert!(decoded.loops);
    assert_eq!((decoded.width, decoded.height), (360, 360));
    // 36 placements and the finish: divide's tour of 6x6 from a1 is closed, and its last frame
    // adds the closing move.
    assert_eq!(animation.plan().frames(), 37);
    assert_eq!(decoded.frames.len(), 37);
    assert_ne!(decoded.frames[35].0, decoded.frames[36].0, "the closing move is drawn");
    assert_eq!(decoded.frames.last().unwrap().1, HOLD_CS);
    // The first frame: the knight on a1 (bottom-left), its halo at the square's centre, the
    // board checkered with the top-left square light.
    assert_eq!(decoded.pixel(0, 30, 330), COLOURS.knight);
    assert_eq!(decoded.pixel(0, 2, 2), COLOURS.light);
    assert_eq!(decoded.pixel(0, 62, 2), COLOURS.dark);
    // The last: every square visited, so no empty square's colour shows at a square's corner.
    let last = decoded.frames.len() - 1;
    for (row, col) in (0..6).flat_map(|row| (0..6).map(move |col| (row, col))) {
        let corner = decoded.pixel(last, col * 60 + 2, row * 60 + 2);
        assert!(corner != COLOURS.light && corner != COLOURS.dark, "square {row},{col} is visited");
    }
}

#[test]
fn a_search_that_backtracks_shows_its_take_backs_in_red_and_its_path_rising_and_falling() {
    // 5x5 fixed order from the top-left corner: 8,840 placements and 8,815 take-backs.
    let settings = [("board", "5x5"), ("start", "0,0"), ("heuristic", "fixed")];
    let (bytes, animation) = gif(&settings, None);
    assert_eq!(animation.plan().frames(), MAX_FRAMES);
    let decoded = decode(&bytes);
    assert!(decoded.frames.len() > 100, "{} frames", decoded.frames.len());
    assert!(bytes.len() < 2_000_000, "{} bytes", bytes.len());
    let red = |light: [u8; 3]| -> [u8; 3] {
        std::array::from_fn(|i| {
            (i32::from(light[i]) + (i32::from(COLOURS.backtrack[i]) - i32::from(light[i])) * 140 / 255) as u8
        })
    };
    let taken = (0..decoded.frames.len())
        .filter(|&frame| {
            decoded.count(frame, red(COLOURS.light)) + decoded.count(frame, red(COLOURS.dark)) > 0
        })
        .count();
    assert!(taken > decoded.frames.len() / 2, "take-backs show in {taken} frames");
    // Empty squares come and go: the path is not only growing.
    let empty: Vec<usize> = (0..decoded.frames.len())
        .map(|f| decoded.count(f, COLOURS.light) + decoded.count(f, COLOURS.dark))
        .collect();
    assert!(empty.windows(2).filter(|pair| pair[1] > pair[0]).count() > 10, "the path shrinks in places");
}

#[test]
fn a_run_stopped_part_way_ends_where_the_page_stands() {
    let settings = [("board", "8x8"), ("start", "a1"), ("heuristic", "warnsdorff")];
    let (bytes, animation) = gif(&settings, Some(20));
    assert_eq!(animation.plan().frames(), 20);
    let decoded = decode(&bytes);
    // 20 squares visited of 64: 44 empty squares, their corners in the board's colours.
    let last = decoded.frames.len() - 1;
    let empty = (0..64).filter(|&s| {
        let corner = decoded.pixel(last, (s % 8) * 60 + 2, (s / 8) * 60 + 2);
        corner == COLOURS.light || corner == COLOURS.dark
    });
    assert_eq!(empty.count(), 44);
}

#[test]
fn a_1000x1000_walk_is_a_pixel_a_square_within_a_few_megabytes() {
    let settings = [("board", "1000x1000"), ("start", "999,0")];
    let (bytes, animation) = gif(&settings, None);
    let geometry = animation.geometry();
    assert_eq!((geometry.width, geometry.height), (1000, 1000));
    assert!(animation.plan().frames() <= 48);
    assert!(bytes.len() < 8_000_000, "{} bytes", bytes.len());
    let decoded = decode(&bytes);
    assert!(decoded.frames.len() > 20);
    assert_eq!(decoded.frames.last().unwrap().1, HOLD_CS);
}

#[test]
fn nothing_to_animate_is_said_in_words() {
    let error = Animation::new(setup(&[("board", "6x6")]), 0, &COLOURS).err().expect("refused");
    assert_eq!(error, AnimationError::Nothing);
    assert!(error.to_string().contains("nothing to animate"));
    // 3x3 has no tour: the run ends before its first placement.
    let mut impossible =
        Animation::new(setup(&[("board", "3x3"), ("start", "a1")]), 1, &COLOURS).expect("a run");
    let mut result = impossible.step();
    while result == Ok(false) {
        result = impossible.step();
    }
    assert_eq!(result, Err(AnimationError::Nothing));
}

/// The square of `board` at place `index` of `path`, as `(row, col)`.
fn at(board: Board, path: &[Square], index: usize) -> (usize, usize) {
    let coord = board.coord(path[index]);
    (coord.row as usize, coord.col as usize)
}

#[test]
fn where_squares_are_big_enough_the_moves_are_numbered_and_the_knight_is_its_glyph() {
    // 6x6 at 60 pixels a square: numbers of 15 pixels, as the page writes them on squares as big.
    let settings = [("board", "6x6"), ("start", "a1")];
    let (board, path) = tour(&settings);
    let (bytes, _) = gif(&settings, None);
    let decoded = decode(&bytes);
    let last = decoded.frames.len() - 1;
    let ink = |index: usize| decoded.count_in(last, at(board, &path, index), 60, COLOURS.ink);
    // Each square but the knight's has its number, from 1 on the start: ink on a plate in its
    // top-left corner. A "1" is two strokes, an "8" seven, "11" twice a "1".
    assert!((0..35).all(|index| ink(index) > 0), "every square but the knight's is numbered");
    assert_eq!(ink(35), 0, "the knight's square shows the knight, not its number");
    let (one, eight, eleven) = (ink(0), ink(7), ink(10));
    assert!(eight > 2 * one, "8 lights more than 1: {eight} against {one}");
    assert!(eleven.abs_diff(2 * one) <= 2, "11 is two 1s: {eleven} against {one}");
    let plate = |(row, col): (usize, usize)| decoded.pixel(last, col * 60 + 5, row * 60 + 4);
    assert!([0, 7, 20].iter().all(|&index| plate(at(board, &path, index)) != decoded.pixel(last, 0, 0)));
    // The knight: its glyph in the middle of its halo, the halo showing through its eye and
    // around it, and nothing of the plain disc it is on small squares.
    let knight = at(board, &path, 35);
    let glyph = decoded.count_in(last, knight, 60, COLOURS.knight);
    assert!((150..500).contains(&glyph), "{glyph} pixels of the knight");
    assert!(decoded.count_in(last, knight, 60, COLOURS.halo) > 200, "its halo around it");
    let (cx, cy) = (knight.1 * 60 + 30, knight.0 * 60 + 30);
    let row = |y: usize| (cx - 14..cx + 14).filter(|&x| decoded.pixel(last, x, y) == COLOURS.knight).count();
    assert!(row(cy + 12) > row(cy - 12), "the glyph is wider at its base than at its ears");
}

#[test]
fn where_squares_are_small_numbers_are_left_out_and_the_knight_is_a_disc() {
    let small = Geometry::new(Board::new(16, 16).unwrap());
    assert!(small.cell < NUMBERS_FROM_CELL && !small.numbers() && small.glyph());
    assert!(!Geometry::new(Board::new(40, 40).unwrap()).glyph(), "12 pixels a square: a disc");
    let (bytes, _) = gif(&[("board", "16x16"), ("start", "a1"), ("heuristic", "warnsdorff")], Some(40));
    let decoded = decode(&bytes);
    assert_eq!(decoded.count(decoded.frames.len() - 1, COLOURS.ink), 0, "no numbers");
    // The page's sizes: never under 12 pixels, about a quarter of the square, at most 20.
    assert_eq!(number_px(NUMBERS_FROM_CELL), NUMBER_MIN_PX);
    assert_eq!(number_px(60), 15);
    assert_eq!(number_px(200), 20);
}

#[test]
fn a_game_played_by_hand_is_animated_a_move_a_frame_from_its_start() {
    let (board, path) = tour(&[("board", "5x5"), ("start", "a1"), ("heuristic", "warnsdorff")]);
    assert_eq!(path.len(), 25);
    let (bytes, animation) = made(Animation::played(board, path.clone(), &COLOURS).expect("a game"));
    assert_eq!(animation.plan().frames(), 25, "a frame a square, the start the first");
    let decoded = decode(&bytes);
    assert_eq!(decoded.frames.len(), 25);
    assert_eq!(decoded.frames.last().unwrap().1, HOLD_CS);
    // The first frame: the knight alone, on a1 (bottom-left), no square numbered yet.
    assert!(decoded.count_in(0, (4, 0), 60, COLOURS.knight) > 100);
    assert_eq!(decoded.count(0, COLOURS.ink), 0);
    // Frame k has k squares numbered, the knight on the next.
    for k in [1, 12, 24] {
        let numbered =
            (0..25).filter(|&i| decoded.count_in(k, at(board, &path, i), 60, COLOURS.ink) > 0).count();
        assert_eq!(numbered, k, "frame {k}");
        assert!(
            decoded.count_in(k, at(board, &path, k), 60, COLOURS.knight) > 100,
            "frame {k}: the knight on move {}",
            k + 1
        );
    }
}

#[test]
fn a_game_that_is_no_knights_path_is_refused_in_words() {
    let board = Board::new(5, 5).unwrap();
    let refused = |path: &[u32]| {
        Animation::played(board, path.iter().map(|&s| Square(s)).collect(), &COLOURS)
            .err()
            .expect("refused")
            .to_string()
    };
    assert_eq!(refused(&[20, 11, 20]), "the game's squares are no knight's path: a1 comes twice, at move 3");
    assert_eq!(
        refused(&[20, 21]),
        "the game's squares are no knight's path: a1 to b1 is no knight's move (move 2)"
    );
    assert_eq!(
        refused(&[20, 99]),
        "the game's squares are no knight's path: square index 99 is off the 5×5 board"
    );
    assert_eq!(Animation::played(board, Vec::new(), &COLOURS).err(), Some(AnimationError::Nothing));
}
