//! Natively, the counts of a count from every square by class run at once, a thread each: the
//! classes are independent, each count has its share of the memory, and a thread whose count
//! is done takes what waits next (a class, or a count a trunk handed over; a thread on a trunk
//! with as many counts waiting as lanes takes the last, the trunk waiting in its turn: see
//! [`ByClass::trunk_yields`]).
//! A page's worker has one thread and counts them one after another ([`EveryStart::run`]), the
//! page splitting them between several workers ([`EveryStart::share`]); WebAssembly never
//! compiles this.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::Duration;

use super::by_class::{start, ByClass, Lane, Waiting};
use super::{EveryStart, GridProgress, Phase};
use crate::count::frontier::Refusal;

/// How often the calling thread looks whether to stop the counts (between two looks the
/// threads count on).
const LOOK: Duration = Duration::from_millis(2);

impl EveryStart {
    /// Counts until `keep_on` says to stop (it is asked every few milliseconds) or the count is
    /// done, each count under way on a thread of its own, reading `work` states between two
    /// looks at whether to stop. Counts other than by class run here, on this thread.
    pub fn run_threads(
        &mut self,
        work: usize,
        mut keep_on: impl FnMut() -> bool,
    ) -> Result<GridProgress, Refusal> {
        match &mut self.phase {
            Phase::ByClass(by_class) if by_class.lanes > 1 => by_class.run_threads(work, keep_on)?,
            _ => loop {
                if self.run(work)?.done || !keep_on() {
                    break;
                }
            },
        }
        self.settle();
        Ok(self.progress())
    }
}

impl ByClass {
    fn run_threads(&mut self, work: usize, mut keep_on: impl FnMut() -> bool) -> Result<(), Refusal> {
        let stop = AtomicBool::new(false);
        let lanes = std::mem::take(&mut self.running);
        let shared = Mutex::new(&mut *self);
        let ended: Vec<Result<Option<Lane>, Refusal>> = thread::scope(|scope| {
            let threads: Vec<_> = lanes
                .into_iter()
                .map(|lane| {
                    let (stop, shared) = (&stop, &shared);
                    scope.spawn(move || {
                        let ended = count_on(lane, work, stop, shared);
                        if ended.is_err() {
                            stop.store(true, Ordering::Relaxed);
                        }
                        ended
                    })
                })
                .collect();
            while !stop.load(Ordering::Relaxed) && threads.iter().any(|t| !t.is_finished()) && keep_on() {
                thread::sleep(LOOK);
            }
            stop.store(true, Ordering::Relaxed);
            threads
                .into_iter()
                .map(|t| t.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .collect()
        });
        for lane in ended {
            if let Some(lane) = lane? {
                self.running.push(lane);
            }
        }
        // What waits that a lane left for the next call's threads.
        self.fill()
    }
}

/// Counts on `lane` until told to stop, taking what waits next each time a count is done;
/// returns the count under way, if any.
fn count_on(
    lane: Lane,
    work: usize,
    stop: &AtomicBool,
    shared: &Mutex<&mut ByClass>,
) -> Result<Option<Lane>, Refusal> {
    let (board, closed, share) = {
        let by_class = shared.lock().expect("no count panicked holding the classes");
        (by_class.board, by_class.closed, by_class.share)
    };
    let mut lane = lane;
    while !stop.load(Ordering::Relaxed) {
        lane.counter.run(work)?;
        // A count handed over is set up (its patterns of degrees worked out) without the lock.
        let fork = if lane.at_fork() { Some(lane.fork(share)?) } else { None };
        if fork.is_none() && !lane.done() {
            continue;
        }
        let mut by_class = shared.lock().expect("no count panicked holding the classes");
        by_class.waiting.extend(fork.map(|fork| Waiting::Lane(Box::new(fork))));
        let next = if lane.done() {
            by_class.take(lane)?;
            by_class.waiting.pop()
        } else if by_class.trunk_yields(&lane) {
            by_class.waiting.insert(0, Waiting::Lane(Box::new(lane)));
            by_class.waiting.pop()
        } else {
            continue;
        };
        drop(by_class);
        match next {
            Some(next) => lane = start(next, board, closed, share)?,
            None => return Ok(None),
        }
    }
    Ok(Some(lane))
}
