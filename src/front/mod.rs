//! What front ends ask of the core, said once for all of them: settings as people write them
//! ([`config`]), what a page learns once before it shows anything ([`catalogue`]), and the ways
//! a tour is written down ([`format`](mod@format)). The command line and the browser binding are thin
//! layers over it.

pub mod catalogue;
pub mod config;
pub mod format;
