//! How a long command says it is getting on: a line on stderr at most once a second, rewritten
//! in place on a terminal, one line after another when stderr is a file or a pipe.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

pub struct Progress {
    began: Instant,
    last: Instant,
    terminal: bool,
}

impl Progress {
    pub fn new() -> Progress {
        let began = Instant::now();
        Progress { began, last: began, terminal: io::stderr().is_terminal() }
    }

    /// Says `line` (given the seconds since the command began) if a second has passed since the
    /// last time.
    pub fn report(&mut self, line: impl FnOnce(f64) -> String) {
        if self.last.elapsed() < Duration::from_secs(1) {
            return;
        }
        self.last = Instant::now();
        let line = line(self.began.elapsed().as_secs_f64());
        if self.terminal {
            eprint!("\r{line}\x1b[K");
        } else {
            eprintln!("{line}");
        }
    }

    /// Ends the line rewritten in place, if one was written.
    pub fn done(self) {
        if self.terminal && self.last != self.began {
            eprintln!();
        }
    }
}
