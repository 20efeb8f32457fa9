//! Watching a run: what a page (or a test) shows of a search besides the board. The session
//! drives the search a time slice at a time ([`session`]) on a timeline that can go back
//! ([`timeline`]), and keeps beside it whether it is stuck ([`stall`]), the depth against events
//! ([`envelope`]), the tree of tried moves ([`tree`]), Knuth's estimate of the whole search
//! ([`estimate`]), how fast to play it when nobody chose ([`pace`]) and what the next step will
//! do ([`step`]).

pub mod envelope;
pub mod estimate;
pub mod pace;
pub mod session;
pub mod stall;
pub mod step;
pub mod timeline;
pub mod tree;
