//! Drawing a run: the board as a picture, one pixel a square ([`picture`]), the run as an
//! animated GIF ([`animation`]), and a browser's WebM recording given its length ([`webm`]).

pub mod animation;
pub mod picture;
pub mod webm;
