//! How a long command says it is getting on: a line on stderr, rewritten in place on a terminal,
//! one line after another when stderr is a file or a pipe (which a log keeps).

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

pub struct ProgressLine {
    began: Instant,
    last: Instant,
    terminal: bool,
    shown: bool,
}

impl ProgressLine {
    pub fn new() -> ProgressLine {
        let began = Instant::now();
        ProgressLine { began, last: began, terminal: io::stderr().is_terminal(), shown: false }
    }

    /// Seconds since the command began.
    pub fn seconds(&self) -> f64 {
        self.began.elapsed().as_secs_f64()
    }

    /// Says `line` now: for events worth a line each, such as a column of a count done.
    pub fn say(&mut self, line: &str) {
        if self.terminal {
            eprint!("\r{line}\x1b[K");
        } else {
            eprintln!("{line}");
        }
        self.shown = true;
        self.last = Instant::now();
    }

    /// Says `line` (given the seconds since the command began) if a second has passed since the
    /// last line: for what changes all the time, such as a search's progress.
    pub fn report(&mut self, line: impl FnOnce(f64) -> String) {
        if self.last.elapsed() < Duration::from_secs(1) {
            return;
        }
        let line = line(self.seconds());
        self.say(&line);
    }

    /// Ends the line rewritten in place, if one was written.
    pub fn done(self) {
        if self.terminal && self.shown {
            eprintln!();
        }
    }
}
