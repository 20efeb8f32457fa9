//! The run as an animated GIF, for a blog post: the board as the page paints it, a frame every
//! so many events from the start to the event the page stands at, the last frame held, encoded
//! with the `gif` crate a frame at a time so that a page can make one in slices (in a worker)
//! and show how far it has got. A game played by hand is animated the same way, a move an event
//! ([`Animation::played`]).
//!
//! What a frame shows is what the page draws, in the page's own colours (its theme): the squares
//! as the board's picture colours them (empty ones checkered, visited ones in the path's
//! gradient), and where squares are big enough for the page to draw moves, the same moves between
//! square centres over squares only tinted, a dot on each, the ring on the start and the knight's
//! marker. Squares taken back since the previous frame are washed in the backtrack red, as the
//! page flashes them, so that a search's backtracking shows even when many events pass between
//! two frames. Where squares are big enough for the page's words, so are the GIF's: the move
//! numbers on their plates and the knight's glyph, drawn as shapes (`glyphs.rs`), a GIF having
//! no fonts.
//!
//! What keeps the file small, whatever the board and the run:
//! - the picture fits [`MAX_SIDE`] pixels where squares can be at least a pixel, a square at most
//!   [`MAX_CELL`] pixels; a board too big for that gets a pixel a square (at most 1,024 a side,
//!   the largest board), folded as the page folds it, and no checkering below two pixels a
//!   square (it would only alias), so its empty squares are one flat colour;
//! - at most [`MAX_FRAMES`] frames, fewer on big pictures ([`PIXEL_BUDGET`]); a run with more
//!   events than that is sampled evenly by events, as a replay at a constant speed would show
//!   it, so a search's sawtooth of backtracking is there in the frames' rising and falling path;
//! - each frame after the first holds only the rectangle that changed, the unchanged pixels in
//!   it transparent, which LZW codes in a few bits; a frame that changes nothing lengthens the
//!   one before instead.
//!
//! It knows nothing of the browser: the binding hands the bytes to a worker that hands them to
//! the page.

use std::borrow::Cow;
use std::fmt;

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use serde::Deserialize;

use crate::board::{Board, Square};
use crate::draw::glyphs::{self, KNIGHT, KNIGHT_WIDTH, STROKE};
use crate::draw::picture::{mix, Bands, Rgb};
use crate::search::options::Setup;
use crate::{Outcome, Solver, SolverError};

mod raster;
use raster::Raster;

/// The picture's long side is at most this many pixels, unless a square would be under a pixel.
pub const MAX_SIDE: u32 = 480;
/// A square is at most this many pixels: a 6x6 board is 360 pixels across.
pub const MAX_CELL: u32 = 60;
/// Frames at most, the held last one included.
pub const MAX_FRAMES: u32 = 150;
/// Frames at least where the run has events enough, however big the picture.
pub const MIN_FRAMES: u32 = 24;
/// The pixels of all frames together, at most, before the changed rectangles are cut out:
/// about 45 frames of a 1000x1000 board.
pub const PIXEL_BUDGET: u64 = 48_000_000;
/// Where the page starts drawing moves, dots and the knight's full marker over the squares: a
/// square of at least this many pixels (the page reads it from the catalogue).
pub const MOVES_FROM_CELL: u32 = 10;
/// Where the page writes the move numbers, and the GIF draws them: a square of at least this many
/// pixels, where a number of [`NUMBER_MIN_PX`] fits (the page reads it from the catalogue).
pub const NUMBERS_FROM_CELL: u32 = 34;
/// The move numbers are never smaller than this many pixels, nor larger than
/// [`NUMBER_MAX_PX`] (times the page's text scale), about a quarter of a square between.
pub const NUMBER_MIN_PX: u32 = 12;
pub const NUMBER_MAX_PX: u32 = 20;
/// Where the knight is its glyph, ♞, rather than a disc: a square of at least this many pixels.
pub const KNIGHT_FROM_CELL: u32 = 14;
/// Below this many pixels a square, the empty board is one flat colour: a checkering of single
/// pixels aliases into a pattern that is not there when a viewer scales it down.
pub const CHECKER_FROM_CELL: u32 = 2;
/// Shades of the path's gradient, on the page's board (a stroke a shade) and in the GIF alike:
/// the gradient reads as smooth, and the palette holds each shade three ways within 256.
pub const SHADES: u32 = 48;
/// The animation lasts about this long, in hundredths of a second (a GIF's unit of time)...
const RUN_CS: u32 = 600;
/// ...with each frame shown at least this long (browsers slow shorter delays down to 10 cs)...
const FASTEST_CS: u32 = 4;
/// ...and at most this long, so that a short run is not a slide show.
const SLOWEST_CS: u32 = 20;
/// The first frame, the knight on its start, shows this long...
const FIRST_CS: u16 = 60;
/// ...and the last, the run's end, this long before the loop starts again.
pub const HOLD_CS: u16 = 300;
/// How much of the path's colour tints a square under drawn moves, of 255: the page's too.
pub const TINT: u32 = 51;
/// How much of the backtrack red washes a square taken back, of 255: where the page's fade begins.
pub const BACKTRACK_WASH: u32 = 140;
/// How much of the surface a move number's plate lays over its square, of 255: the page's 0.85.
pub const PLATE_ALPHA: u32 = 217;
/// Events the search runs between two returns of [`Animation::step`]: well under a millisecond,
/// so that a slice of a worker keeps to its budget.
const EVENTS_PER_STEP: u64 = 1 << 16;

/// The colours of the page's theme, as RGB: the board's squares, the path's gradient from its
/// first square to a tour's last, the ring on the start, the knight and its halo, the backtrack
/// red, the surface around the board (the gaps between the bands of a folded board, and the move
/// numbers' plates) and the ink of the move numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct AnimationColours {
    pub light: Rgb,
    pub dark: Rgb,
    pub from: Rgb,
    pub to: Rgb,
    pub accent: Rgb,
    pub knight: Rgb,
    pub halo: Rgb,
    pub backtrack: Rgb,
    pub surface: Rgb,
    pub ink: Rgb,
}

/// Why there is no animation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnimationError {
    /// The settings make no run.
    Solver(SolverError),
    /// The run has not placed a square by the event asked for.
    Nothing,
    /// A game's squares that are no path of the knight on its board: which, and why.
    NotAPath(String),
    /// The encoder refused a frame (a bug, not the visitor's doing).
    Encoding(String),
}

impl fmt::Display for AnimationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnimationError::Solver(error) => error.fmt(f),
            AnimationError::Nothing => {
                f.write_str("there is nothing to animate yet: the run has not placed a square")
            }
            AnimationError::NotAPath(why) => write!(f, "the game's squares are no knight's path: {why}"),
            AnimationError::Encoding(message) => write!(f, "the GIF could not be encoded: {message}"),
        }
    }
}

impl std::error::Error for AnimationError {}

impl From<SolverError> for AnimationError {
    fn from(error: SolverError) -> AnimationError {
        AnimationError::Solver(error)
    }
}

impl From<gif::EncodingError> for AnimationError {
    fn from(error: gif::EncodingError) -> AnimationError {
        AnimationError::Encoding(error.to_string())
    }
}

/// Which events of a run become frames, and how long each shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    events: u64,
    frames: u32,
}

impl Plan {
    /// Frames for a run of `events` events on a picture of `pixels` pixels: one an event where
    /// there are few, else as many as the caps allow, evenly spaced.
    pub fn new(events: u64, pixels: u64) -> Plan {
        let cap = (PIXEL_BUDGET / pixels.max(1)).clamp(u64::from(MIN_FRAMES), u64::from(MAX_FRAMES));
        Plan { events, frames: events.min(cap) as u32 }
    }

    pub fn frames(&self) -> u32 {
        self.frames
    }

    /// The event after which frame `k` (from 0) is taken: the last frame at the last event.
    pub fn event(&self, k: u32) -> u64 {
        (u64::from(k + 1) * self.events).div_ceil(u64::from(self.frames))
    }

    /// How long frame `k` shows, in hundredths of a second: the first and the last longer.
    pub fn delay(&self, k: u32) -> u16 {
        let each = (RUN_CS / self.frames.max(1)).clamp(FASTEST_CS, SLOWEST_CS) as u16;
        if k + 1 == self.frames {
            HOLD_CS
        } else if k == 0 {
            FIRST_CS.max(each)
        } else {
            each
        }
    }
}

/// How a board is drawn: its layout in bands (as the page folds it in a square box), pixels a
/// square, and what is drawn over the squares at that size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub bands: Bands,
    pub cell: u32,
    pub width: u32,
    pub height: u32,
}

impl Geometry {
    pub fn new(board: Board) -> Geometry {
        let bands = Bands::fit(board, 1.0, 1.0);
        let (w, h) = bands.size();
        let cell = (MAX_SIDE / w.max(h)).clamp(1, MAX_CELL);
        Geometry { bands, cell, width: w * cell, height: h * cell }
    }

    /// Whether the moves, dots and the knight's full marker are drawn, as on the page.
    pub fn moves(&self) -> bool {
        self.cell >= MOVES_FROM_CELL
    }

    /// Whether the move numbers are drawn, as on the page.
    pub fn numbers(&self) -> bool {
        self.cell >= NUMBERS_FROM_CELL
    }

    /// Whether the knight is its glyph rather than a disc.
    pub fn glyph(&self) -> bool {
        self.cell >= KNIGHT_FROM_CELL
    }

    /// Whether the empty squares are checkered.
    pub fn checkered(&self) -> bool {
        self.cell >= CHECKER_FROM_CELL
    }

    /// A square's centre, in pixels.
    fn centre(&self, square: u32) -> (f32, f32) {
        let (x, y) = self.bands.pixel(Square(square));
        let half = self.cell as f32 / 2.0;
        ((x * self.cell) as f32 + half, (y * self.cell) as f32 + half)
    }
}

/// The palette's entries: fixed colours first, then the path's shades at full strength, tinted
/// over a light square and over a dark one.
mod entry {
    /// Never drawn: the unchanged pixels of a frame after the first.
    pub const CLEAR: u8 = 0;
    pub const SURFACE: u8 = 1;
    pub const LIGHT: u8 = 2;
    pub const DARK: u8 = 3;
    /// Empty squares where they are too small to checker.
    pub const FLAT: u8 = 4;
    pub const ACCENT: u8 = 5;
    pub const KNIGHT: u8 = 6;
    pub const HALO: u8 = 7;
    pub const TAKEN_LIGHT: u8 = 8;
    pub const TAKEN_DARK: u8 = 9;
    pub const INK: u8 = 10;
    /// The move numbers' plates: the surface laid over a light square, and over a dark one.
    pub const PLATE_LIGHT: u8 = 11;
    pub const PLATE_DARK: u8 = 12;
    pub const SHADES: u8 = 13;
}

/// The palette as RGB triples, in `entry`'s order: at most 256 colours, as a GIF takes them.
pub fn palette(colours: &AnimationColours) -> Vec<u8> {
    let AnimationColours { light, dark, from, to, accent, knight, halo, backtrack, surface, ink } = *colours;
    let shade = |k: u32| mix(from, to, 2 * k + 1, 2 * SHADES);
    let mut rgb = vec![
        surface,
        surface,
        light,
        dark,
        mix(light, dark, 1, 2),
        accent,
        knight,
        halo,
        mix(light, backtrack, BACKTRACK_WASH, 255),
        mix(dark, backtrack, BACKTRACK_WASH, 255),
        ink,
        mix(light, surface, PLATE_ALPHA, 255),
        mix(dark, surface, PLATE_ALPHA, 255),
    ];
    rgb.extend((0..SHADES).map(shade));
    rgb.extend((0..SHADES).map(|k| mix(light, shade(k), TINT, 255)));
    rgb.extend((0..SHADES).map(|k| mix(dark, shade(k), TINT, 255)));
    rgb.concat()
}

/// The shade of move `index` (from 0) on a board whose last move is `last`: the page's gradient.
fn shade(index: u32, last: u32) -> u8 {
    let k = (u64::from(index) * u64::from(SHADES) / u64::from(last.max(1))).min(u64::from(SHADES - 1));
    entry::SHADES + k as u8
}

/// What a GIF shows: a search run again from its settings, or a game's path replayed a move an
/// event.
enum Source {
    Search(Box<Solver>),
    Played { path: Vec<Square>, shown: usize },
}

impl Source {
    /// Events so far: a search's, or a game's squares shown.
    fn events(&self) -> u64 {
        match self {
            Source::Search(solver) => solver.events_so_far(),
            Source::Played { shown, .. } => *shown as u64,
        }
    }

    /// Runs on by up to `events`; returns how many it ran (none once it has ended).
    fn run(&mut self, events: u64) -> u64 {
        match self {
            Source::Search(solver) => solver.run(events).events,
            Source::Played { path, shown } => {
                let ran = (path.len() - *shown).min(events as usize);
                *shown += ran;
                ran as u64
            }
        }
    }

    fn ended(&self) -> bool {
        match self {
            Source::Search(solver) => solver.outcome().is_some(),
            Source::Played { path, shown } => *shown == path.len(),
        }
    }

    /// Whether it ended a closed tour: its last square a knight's move from its first.
    fn closed(&self, board: Board) -> bool {
        match self {
            Source::Search(solver) => solver.outcome() == Some(Outcome::ClosedTour),
            Source::Played { path, shown } => {
                *shown == path.len()
                    && path.len() == board.len() as usize
                    && board.is_knight_move(path[path.len() - 1], path[0])
            }
        }
    }

    /// The squares of its path so far, from move `from` on.
    fn path_from(&self, from: usize) -> Box<dyn Iterator<Item = Square> + '_> {
        match self {
            Source::Search(solver) => Box::new(solver.path_from(from)),
            Source::Played { path, shown } => Box::new(path[from.min(*shown)..*shown].iter().copied()),
        }
    }

    fn start(&self) -> Square {
        match self {
            Source::Search(solver) => solver.start(),
            Source::Played { path, .. } => path[0],
        }
    }
}

/// A run being made into a GIF; see the module's comment. [`Animation::step`] does a bounded
/// piece of the work; once it says done, [`Animation::finish`] hands out the file.
pub struct Animation {
    source: Source,
    board: Board,
    plan: Plan,
    geometry: Geometry,
    /// The next frame to make.
    next: u32,
    /// The path of the last frame, and per square one more than its place on it (0 off it).
    path: Vec<u32>,
    order: Vec<u32>,
    /// Squares on the last frame's path and off this one's.
    taken: Vec<u32>,
    raster: Raster,
    /// What the viewer's canvas shows after the frames written so far.
    shown: Vec<u8>,
    /// The last frame made, held back until the next changes something (else it is lengthened).
    pending: Option<Frame<'static>>,
    encoder: Option<Encoder<Vec<u8>>>,
}

impl Animation {
    /// A GIF of the run of `setup` from its start to event `events` (or its end, if sooner),
    /// in `colours`.
    pub fn new(setup: Setup, events: u64, colours: &AnimationColours) -> Result<Animation, AnimationError> {
        if events == 0 {
            return Err(AnimationError::Nothing);
        }
        let Setup { board, start, options } = setup;
        let solver = Solver::new(board, start, options)?;
        Animation::of(Source::Search(Box::new(solver)), board, events, colours)
    }

    /// A GIF of a game played on `board`: `path`, its squares from the start, a move an event,
    /// in `colours`. Refuses squares that are no path of the knight, in words.
    pub fn played(
        board: Board,
        path: Vec<Square>,
        colours: &AnimationColours,
    ) -> Result<Animation, AnimationError> {
        if path.is_empty() {
            return Err(AnimationError::Nothing);
        }
        let mut seen = vec![false; board.len() as usize];
        let mut previous: Option<Square> = None;
        for (i, &square) in path.iter().enumerate() {
            let why = if !board.contains(square) {
                Some(format!("square index {} is off the {} board", square.0, board.words()))
            } else if seen[square.index()] {
                Some(format!("{} comes twice, at move {}", board.name(square), i + 1))
            } else {
                previous.filter(|&from| !board.is_knight_move(from, square)).map(|from| {
                    format!(
                        "{} to {} is no knight's move (move {})",
                        board.name(from),
                        board.name(square),
                        i + 1
                    )
                })
            };
            if let Some(why) = why {
                return Err(AnimationError::NotAPath(why));
            }
            seen[square.index()] = true;
            previous = Some(square);
        }
        let events = path.len() as u64;
        Animation::of(Source::Played { path, shown: 0 }, board, events, colours)
    }

    fn of(
        source: Source,
        board: Board,
        events: u64,
        colours: &AnimationColours,
    ) -> Result<Animation, AnimationError> {
        let geometry = Geometry::new(board);
        let (width, height) = (geometry.width, geometry.height);
        let plan = Plan::new(events, u64::from(width) * u64::from(height));
        // The picture is at most 1,024 squares a side, or its fold is about square: far within a
        // GIF's 65,535 pixels.
        let mut encoder = Encoder::new(Vec::new(), width as u16, height as u16, &palette(colours))?;
        encoder.set_repeat(Repeat::Infinite)?;
        Ok(Animation {
            source,
            board,
            plan,
            geometry,
            next: 0,
            path: Vec::new(),
            order: vec![0; board.len() as usize],
            taken: Vec::new(),
            raster: Raster::new(width, height),
            shown: Vec::new(),
            pending: None,
            encoder: Some(encoder),
        })
    }

    pub fn plan(&self) -> Plan {
        self.plan
    }

    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The share of the work done, from 0 to 1: frames made, and the search's way to the next.
    pub fn fraction(&self) -> f64 {
        if self.done() {
            return 1.0;
        }
        let from = if self.next == 0 { 0 } else { self.plan.event(self.next - 1) };
        let to = self.plan.event(self.next);
        let partial = (self.source.events().saturating_sub(from)) as f64 / (to - from).max(1) as f64;
        (f64::from(self.next) + partial.min(1.0)) / f64::from(self.plan.frames())
    }

    /// Whether every frame is made.
    pub fn done(&self) -> bool {
        self.next >= self.plan.frames()
    }

    /// Runs the search on towards the next frame, at most `EVENTS_PER_STEP` events, or makes
    /// that frame; returns whether every frame is made.
    pub fn step(&mut self) -> Result<bool, AnimationError> {
        if self.done() {
            return Ok(true);
        }
        let target = self.plan.event(self.next);
        let behind = target.saturating_sub(self.source.events());
        if behind > 0 && !self.source.ended() && self.source.run(behind.min(EVENTS_PER_STEP)) > 0 {
            return Ok(false);
        }
        // There, or the run ended before: then this frame is its last.
        let last = self.next + 1 == self.plan.frames() || self.source.ended();
        self.catch_up();
        if last && self.path.is_empty() {
            return Err(AnimationError::Nothing);
        }
        self.draw(last);
        let delay = if last { HOLD_CS } else { self.plan.delay(self.next) };
        self.emit(delay)?;
        self.next = if last { self.plan.frames() } else { self.next + 1 };
        if last {
            self.flush()?;
        }
        Ok(self.done())
    }

    /// The GIF, once [`Animation::step`] has said done (`None` before, and after it is taken).
    pub fn finish(&mut self) -> Result<Option<Vec<u8>>, AnimationError> {
        if !self.done() {
            return Ok(None);
        }
        Ok(match self.encoder.take() {
            Some(encoder) => Some(encoder.into_inner()?),
            None => None,
        })
    }

    /// Brings the path and the move numbers up to the source's, noting the squares taken back.
    fn catch_up(&mut self) {
        let kept = self
            .path
            .iter()
            .zip(self.source.path_from(0))
            .take_while(|(&shown, square)| shown == square.0)
            .count();
        self.taken.clear();
        for &square in &self.path[kept..] {
            self.order[square as usize] = 0;
            self.taken.push(square);
        }
        self.path.truncate(kept);
        for square in self.source.path_from(kept) {
            self.path.push(square.0);
            self.order[square.index()] = self.path.len() as u32;
        }
        let order = &self.order;
        self.taken.retain(|&square| order[square as usize] == 0);
    }

    /// Draws the frame: the squares, then what the page draws over them at this size.
    fn draw(&mut self, last: bool) {
        let Geometry { bands, cell, .. } = self.geometry;
        let (moves, checkered) = (self.geometry.moves(), self.geometry.checkered());
        let end = self.board.len().saturating_sub(1);
        let (raster, order) = (&mut self.raster, &self.order);
        bands.each_square(|square, light, x, y| {
            let at = order[square as usize];
            let colour = match (at, light) {
                (0, _) if !checkered => entry::FLAT,
                (0, true) => entry::LIGHT,
                (0, false) => entry::DARK,
                (_, _) if !moves => shade(at - 1, end),
                (_, true) => shade(at - 1, end) + SHADES as u8,
                (_, false) => shade(at - 1, end) + 2 * SHADES as u8,
            };
            raster.rect(x * cell, y * cell, cell, colour);
        });
        for &square in &self.taken {
            let (x, y) = bands.pixel(Square(square));
            let coord = self.board.coord(Square(square));
            let colour =
                if (coord.row + coord.col) % 2 == 0 { entry::TAKEN_LIGHT } else { entry::TAKEN_DARK };
            self.raster.rect(x * cell, y * cell, cell, colour);
        }
        let geometry = self.geometry;
        let centre = |square: u32| geometry.centre(square);
        let cell = cell as f32;
        if moves {
            let width = (cell * 0.065).clamp(1.5, 5.0);
            for (index, pair) in (1..).zip(self.path.windows(2)) {
                if bands.same_band(Square(pair[0]), Square(pair[1])) {
                    self.raster.line(centre(pair[0]), centre(pair[1]), width, shade(index, end));
                }
            }
            let closed = last && self.source.closed(self.board);
            if let (true, Some(&first), Some(&knight)) = (closed, self.path.first(), self.path.last()) {
                if bands.same_band(Square(first), Square(knight)) {
                    self.dashes(centre(knight), centre(first), width, shade(end, end));
                }
            }
            let radius = (cell * 0.085).max(1.5);
            for (index, &square) in (0..).zip(&self.path) {
                self.raster.disc(centre(square), radius, shade(index, end));
            }
        }
        // The start's ring and the knight, at any size: where squares are a pixel, the knight's
        // marker is what the eye follows.
        let size = cell.max(if moves { 6.0 } else { 10.0 });
        self.raster.ring(
            centre(self.source.start().0),
            (cell * 0.42).max(3.0),
            (cell * 0.06).max(1.5),
            entry::ACCENT,
        );
        if let Some(&knight) = self.path.last() {
            let at = centre(knight);
            let index = self.path.len() as u32 - 1;
            self.raster.disc(at, size * 0.36, entry::HALO);
            self.raster.ring(at, size * 0.36, (size * 0.05).max(1.5), shade(index, end));
            if self.geometry.glyph() {
                // The glyph's ink, about half the square high, in the middle of its halo.
                let height = size * 0.46;
                let origin = (at.0 - height * KNIGHT_WIDTH / 2.0, at.1 - height / 2.0);
                self.raster.polygon(&KNIGHT, origin, height, entry::KNIGHT);
            } else {
                self.raster.disc(at, size * 0.25, entry::KNIGHT);
            }
        }
        if self.geometry.numbers() {
            self.numbers();
        }
    }

    /// The move numbers, over everything else, as the page writes them: in each square's top-left
    /// corner on a plate of the surface, the knight's square left to the knight.
    fn numbers(&mut self) {
        let geometry = self.geometry;
        let cell = geometry.cell as f32;
        let size = number_px(geometry.cell) as f32;
        let pad = (size * 0.22).max(2.0);
        let inset = (cell * 0.04).max(1.0);
        let height = (size * 0.7).round(); // the digits' height: a system font's, at this size
        let Some((_, before)) = self.path.split_last() else { return };
        for (index, &square) in (0..).zip(before) {
            let number = index + 1;
            let (cx, cy) = geometry.centre(square);
            let corner = (cx - cell / 2.0 + inset, cy - cell / 2.0 + inset);
            let stroke = (height * STROKE).max(1.5);
            let plate = (glyphs::number_width(number) * height + stroke + 2.0 * pad, size + pad);
            let coord = self.board.coord(Square(square));
            let colour =
                if (coord.row + coord.col) % 2 == 0 { entry::PLATE_LIGHT } else { entry::PLATE_DARK };
            self.raster.rounded(corner, plate, pad, colour);
            let top = corner.1 + (plate.1 - height) / 2.0;
            self.raster.number(number, (corner.0 + pad + stroke / 2.0, top), height, entry::INK);
        }
    }

    /// The closing move of a closed tour, dashed as the page draws it.
    fn dashes(&mut self, a: (f32, f32), b: (f32, f32), width: f32, colour: u8) {
        let length = (b.0 - a.0).hypot(b.1 - a.1);
        let (dash, gap) = (width * 1.2, width * 1.8);
        let at = |t: f32| (a.0 + (b.0 - a.0) * t / length, a.1 + (b.1 - a.1) * t / length);
        let mut t = 0.0;
        while t < length {
            self.raster.line(at(t), at((t + dash).min(length)), width, colour);
            t += dash + gap;
        }
    }

    /// Makes a frame of what changed since the last, and writes the one held back before it; a
    /// frame that changes nothing lengthens the one held back instead.
    fn emit(&mut self, delay: u16) -> Result<(), AnimationError> {
        let (width, height) = (self.raster.width, self.raster.height);
        let frame = if self.shown.is_empty() {
            self.shown = self.raster.pixels.clone();
            Frame {
                width: width as u16,
                height: height as u16,
                buffer: Cow::Owned(self.raster.pixels.clone()),
                ..Frame::default()
            }
        } else {
            let Some((x0, y0, x1, y1)) = changed(&self.shown, &self.raster.pixels, width) else {
                if let Some(pending) = &mut self.pending {
                    pending.delay = pending.delay.saturating_add(delay);
                    if delay == HOLD_CS {
                        pending.delay = pending.delay.max(HOLD_CS);
                    }
                }
                return Ok(());
            };
            let mut buffer = Vec::with_capacity(((x1 - x0) * (y1 - y0)) as usize);
            for y in y0..y1 {
                let row = (y * width) as usize;
                for x in (row + x0 as usize)..(row + x1 as usize) {
                    let now = self.raster.pixels[x];
                    buffer.push(if now == self.shown[x] { entry::CLEAR } else { now });
                    self.shown[x] = now;
                }
            }
            Frame {
                left: x0 as u16,
                top: y0 as u16,
                width: (x1 - x0) as u16,
                height: (y1 - y0) as u16,
                transparent: Some(entry::CLEAR),
                buffer: Cow::Owned(buffer),
                ..Frame::default()
            }
        };
        self.flush()?;
        self.pending = Some(Frame { delay, dispose: DisposalMethod::Keep, ..frame });
        Ok(())
    }

    /// Writes the frame held back, if any.
    fn flush(&mut self) -> Result<(), AnimationError> {
        if let (Some(frame), Some(encoder)) = (self.pending.take(), &mut self.encoder) {
            encoder.write_frame(&frame)?;
        }
        Ok(())
    }
}

/// The move numbers' size in pixels on squares of `cell` pixels (from [`NUMBERS_FROM_CELL`]), as
/// the page's at its usual text size: about a quarter of the square, within [`NUMBER_MIN_PX`] and
/// [`NUMBER_MAX_PX`], and never more than a third of it.
pub fn number_px(cell: u32) -> u32 {
    (cell * 26 / 100).clamp(NUMBER_MIN_PX, NUMBER_MAX_PX).min(cell * 36 / 100)
}

/// The rectangle `(x0, y0, x1, y1)` (ends excluded) holding every pixel that differs.
fn changed(before: &[u8], after: &[u8], width: u32) -> Option<(u32, u32, u32, u32)> {
    let width = width as usize;
    let rows = before.chunks_exact(width).zip(after.chunks_exact(width));
    let mut found: Option<(usize, usize, usize, usize)> = None;
    for (y, (a, b)) in rows.enumerate() {
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, q)| p != q).expect("the rows differ");
        let last =
            width - a.iter().rev().zip(b.iter().rev()).position(|(p, q)| p != q).expect("the rows differ");
        found = Some(match found {
            None => (first, y, last, y + 1),
            Some((x0, y0, x1, _)) => (x0.min(first), y0, x1.max(last), y + 1),
        });
    }
    found.map(|(x0, y0, x1, y1)| (x0 as u32, y0 as u32, x1 as u32, y1 as u32))
}
