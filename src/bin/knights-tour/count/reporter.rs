//! A count's progress on stderr: on a terminal one line rewritten in place a few times a
//! second (the column, the states, the memory, the time so far and an estimate of the time
//! left); into a file or a pipe, a line per column (and one a minute), which a log keeps.

use std::io::{self, IsTerminal};
use std::path::Path;
use std::time::{Duration, Instant};

use crate::progress::ProgressLine;
use knights_tour::board::numbers;
use knights_tour::count::frontier::SweepStatus;
use knights_tour::count::{CountProgress, Method, Question};
use knights_tour::Board;

/// How often the line is rewritten on a terminal, and written at the least into a log.
const ON_A_TERMINAL: Duration = Duration::from_millis(250);
const INTO_A_LOG: Duration = Duration::from_secs(60);

pub struct Reporter {
    /// "counting 8x8 closed tours by frontier".
    what: String,
    /// None with `--quiet`.
    progress: Option<ProgressLine>,
    terminal: bool,
    shown: Option<Instant>,
    /// The sweep and column last shown, or the columns of the sweeps under way at once.
    column: Option<(usize, u32)>,
    columns: Vec<(Option<String>, u32)>,
}

impl Reporter {
    pub fn new(board: Board, question: Question, method: Method, quiet: bool) -> Reporter {
        let tours = match question {
            Question::Tours(tours) => tours.describe(board),
            Question::EveryStart { closed: true } => "closed tours from every square".into(),
            Question::EveryStart { closed: false } => "open tours from every square".into(),
        };
        Reporter {
            what: format!("counting {board} {tours} by {}", method.name()),
            progress: (!quiet).then(ProgressLine::new),
            terminal: io::stderr().is_terminal(),
            shown: None,
            column: None,
            columns: Vec::new(),
        }
    }

    /// Says `line` now, on a line of its own.
    pub fn say(&mut self, line: &str) {
        if let Some(progress) = &mut self.progress {
            progress.say(line);
            if self.terminal {
                eprintln!();
            }
        }
    }

    /// Says where the count is saved, and where it resumed if it did.
    pub fn saving(&mut self, file: &Path, resumed: Option<SweepStatus>) {
        let line = match resumed {
            Some(status) => format!(
                "{}: resuming from {} at column {} of {} ({} states); saved there at each column, \
                 Ctrl-C saves and stops",
                self.what,
                file.display(),
                status.column + 1,
                status.columns,
                status.states
            ),
            None => format!(
                "{}: saving to {} at each column; Ctrl-C saves and stops, the same command resumes",
                self.what,
                file.display()
            ),
        };
        self.say(&line);
    }

    /// Says that the count stopped, and where it was saved.
    pub fn stopped(mut self, saved: Option<(&Path, SweepStatus)>) {
        self.end_line();
        // Said even with --quiet: the count ended without its answer.
        match saved {
            Some((file, status)) => eprintln!(
                "knights-tour: stopped at column {} of {}; saved to {}: the same command resumes",
                status.column + 1,
                status.columns,
                file.display()
            ),
            None => eprintln!("knights-tour: stopped"),
        }
    }

    pub fn show(&mut self, counting: &CountProgress) {
        let Some(progress) = &self.progress else { return };
        let seconds = progress.seconds();
        let (line, new_column) = match (&counting.sweep, &counting.listing) {
            (Some(sweep), _) if !counting.at_once.is_empty() => {
                // Several counts at once: each count's column.
                let columns: Vec<_> =
                    counting.at_once.iter().map(|lane| (lane.start.clone(), lane.column)).collect();
                let new_column = columns != self.columns;
                self.columns = columns;
                let lanes: Vec<String> = counting
                    .at_once
                    .iter()
                    .map(|lane| {
                        // A count from no square is the sweep the counts by class share up to
                        // their starts.
                        let from = lane
                            .start
                            .as_deref()
                            .map_or("shared sweep ".into(), |start| format!("from {start} "));
                        format!(
                            "{from}column {} of {}, {} states",
                            lane.column + 1,
                            sweep.columns,
                            lane.states
                        )
                    })
                    .collect();
                let bytes: usize = counting.at_once.iter().map(|lane| lane.bytes).sum();
                let line = format!(
                    "{}: {} of {} sweeps done; {} ({}), {}",
                    self.what,
                    counting.part,
                    counting.parts,
                    lanes.join("; "),
                    numbers::bytes(bytes as u64),
                    duration(seconds)
                );
                (line, new_column)
            }
            (Some(sweep), _) => {
                let new_column = self.column != Some((counting.part, sweep.column));
                self.column = Some((counting.part, sweep.column));
                let of = match counting.parts {
                    1 => String::new(),
                    parts => format!("sweep {} of {parts}, ", counting.part + 1),
                };
                // Said once there is something to go by: a hundredth of the work and a second.
                let left = counting.work_done.filter(|&done| done >= 0.01 && seconds >= 1.0);
                let left = left.map_or(String::new(), |done| {
                    format!(", about {} left", duration(seconds * (1.0 - done) / done))
                });
                let line = format!(
                    "{}: {of}column {} of {}, {} states ({}), {}{left}",
                    self.what,
                    sweep.column + 1,
                    sweep.columns,
                    sweep.states,
                    numbers::bytes(sweep.bytes as u64),
                    duration(seconds)
                );
                (line, new_column)
            }
            (None, Some(listing)) => {
                let line = format!(
                    "{}: about {:.1}% of the search done, {} tours so far, {} placements, {}",
                    self.what,
                    counting.fraction * 100.0,
                    listing.listed,
                    listing.placements,
                    duration(seconds)
                );
                (line, false)
            }
            (None, None) => return,
        };
        let since = self.shown.map(|shown| shown.elapsed());
        let due = if self.terminal {
            since.map_or(true, |since| since >= ON_A_TERMINAL)
        } else {
            new_column || since.map_or(true, |since| since >= INTO_A_LOG)
        };
        if due {
            if let Some(progress) = &mut self.progress {
                progress.say(&line);
            }
            self.shown = Some(Instant::now());
        }
    }

    /// Ends the line rewritten in place, if one was written.
    fn end_line(&mut self) {
        if let Some(progress) = self.progress.take() {
            progress.done();
        }
    }

    pub fn finish(mut self) {
        self.end_line();
    }
}

/// Seconds as a person reads them: "12.3 s", "5 min 12 s", "1 h 05 min".
fn duration(seconds: f64) -> String {
    let whole = seconds.round() as u64;
    match seconds {
        s if s < 60.0 => format!("{s:.1} s"),
        s if s < 3600.0 => format!("{} min {:02} s", whole / 60, whole % 60),
        _ => format!("{} h {:02} min", whole / 3600, whole / 60 % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_in_the_largest_units_that_fit() {
        assert_eq!(duration(12.34), "12.3 s");
        assert_eq!(duration(312.4), "5 min 12 s");
        assert_eq!(duration(3_900.0), "1 h 05 min");
    }
}
