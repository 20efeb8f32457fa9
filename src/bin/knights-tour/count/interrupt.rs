//! Ctrl-C during a count that is saved as it goes: the count saves where it is and exits,
//! rather than die with the column under way lost. A second Ctrl-C ends the process at once
//! (the checkpoint saved last is left whole: a new one is renamed over it only once written).

use std::sync::atomic::{AtomicBool, Ordering};

static CAUGHT: AtomicBool = AtomicBool::new(false);

/// From now on Ctrl-C (SIGINT) is caught once instead of ending the process.
pub fn catch() {
    #[cfg(unix)]
    // SAFETY: the handler only stores to an atomic and calls `signal`, both safe in a signal
    // handler (POSIX lists `signal` among the async-signal-safe functions).
    unsafe {
        signal(SIGINT, on_interrupt as *const () as usize);
    }
}

/// Whether Ctrl-C was pressed since [`catch`].
pub fn caught() -> bool {
    CAUGHT.load(Ordering::Relaxed)
}

#[cfg(unix)]
const SIGINT: i32 = 2;
/// The default action: the next Ctrl-C ends the process.
#[cfg(unix)]
const SIG_DFL: usize = 0;

#[cfg(unix)]
extern "C" {
    fn signal(signum: i32, handler: usize) -> usize;
}

#[cfg(unix)]
extern "C" fn on_interrupt(_: i32) {
    CAUGHT.store(true, Ordering::Relaxed);
    // SAFETY: as in `catch`.
    unsafe {
        signal(SIGINT, SIG_DFL);
    }
}
