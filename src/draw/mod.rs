//! Drawing a run: the board as a picture, one pixel a square ([`picture`]), the run as an
//! animated GIF ([`animation`], its words drawn as shapes by `glyphs`), and a browser's WebM
//! recording given its length ([`webm`]).

pub mod animation;
mod glyphs;
pub mod picture;
pub mod webm;
