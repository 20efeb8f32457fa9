//! A trap on demand, as a bug in the core would make one: the instance stops in WebAssembly's
//! `unreachable`, and the call throws a `WebAssembly.RuntimeError` into the page. For the page's
//! test of what it does then (`tests/e2e/trap.test.js`, see `www/wasm/guard.js`); only in a build
//! with the `trap` feature: the e2e build's modules (`scripts/build.mjs --features count-allocations`).

use wasm_bindgen::prelude::*;

/// Traps: never returns, and leaves the instance as a trap leaves it, its state undefined.
#[wasm_bindgen]
pub fn trap() {
    core::arch::wasm32::unreachable()
}
