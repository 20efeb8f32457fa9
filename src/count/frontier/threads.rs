//! Natively, a step of one sweep read by several threads at once: each takes the next run of
//! slots of the table being read, works out the states they lead to, and writes those of its
//! own part of the next table ([`Level::part_of`]); the others' it sends them in parcels. No
//! slot is ever shared, so no lock or atomic add is needed, and each part is as large as a
//! table the thread alone would fill. WebAssembly never compiles this.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread;
use std::time::Duration;

use super::{FrontierCounter, Refusal, StepMoves, SweepStatus, BATCH};
use crate::count::degrees::LiveDegrees;
use crate::count::level::Level;
use crate::count::table::Table;
use crate::count::transition::{Moves, Rules};
use crate::count::word::Word;

/// Slots a thread takes at a time from the table being read.
const RUN: usize = 1 << 12;
/// States sent to another thread at once.
const PARCEL: usize = 1 << 12;
/// Steps with fewer states left to read than this are read on one thread: threads would cost
/// more than they save.
const THREADS_FROM: usize = 1 << 15;
/// How often the calling thread looks whether to stop.
const LOOK: Duration = Duration::from_millis(2);

/// What one thread sends another.
enum Parcel {
    /// States of the receiver's part, with their counts, already let through by the degrees.
    States(Vec<(u64, u128)>),
    /// The sender has read its last slot of this pass.
    Done,
}

impl FrontierCounter {
    /// Counts until `keep_on` says to stop (it is asked every few milliseconds) or the count is
    /// done, large steps read by [`FrontierCounter::on_threads`]'s threads at once, small ones
    /// here `work` states at a time.
    pub fn run_threads(
        &mut self,
        work: usize,
        mut keep_on: impl FnMut() -> bool,
    ) -> Result<SweepStatus, Refusal> {
        let squares = self.plan.board.len();
        while self.step < squares && !self.stopped() {
            if self.threads == 1 || self.states.capacity() - self.cursor < THREADS_FROM {
                self.run(work)?;
            } else {
                let moves = self.moves.take().unwrap_or_else(|| self.step_moves());
                match &moves {
                    StepMoves::Narrow(moves) => self.read_on_threads(moves, &mut keep_on),
                    StepMoves::Wide(moves) => self.read_on_threads(moves, &mut keep_on),
                }
                self.moves = Some(moves);
                self.check()?;
                if self.cursor == self.states.capacity() {
                    self.finish_step();
                }
            }
            if !keep_on() || (self.pause_at_columns && self.at_column_start()) {
                break;
            }
        }
        Ok(self.status())
    }

    /// Reads the step's slots left on a thread per part of the next table, until they are all
    /// read or `keep_on` says to stop.
    fn read_on_threads<W: Word>(&mut self, moves: &Moves<W>, keep_on: &mut impl FnMut() -> bool) {
        let rules = self.rules(self.step);
        let step = self.step + 1;
        let FrontierCounter { states, next, live, cursor, .. } = self;
        let slots = states.capacity();
        let shared =
            Shared { states, live: live.as_ref(), rules, step, slots, next_slot: AtomicUsize::new(*cursor) };
        let stop = AtomicBool::new(false);
        let parts = next.parts_mut();
        let threads = parts.len();
        let (senders, inboxes): (Vec<Sender<Parcel>>, Vec<Receiver<Parcel>>) =
            (0..threads).map(|_| channel()).unzip();
        thread::scope(|scope| {
            let running: Vec<_> = parts
                .iter_mut()
                .zip(inboxes)
                .enumerate()
                .map(|(me, (part, inbox))| {
                    let others =
                        senders.iter().enumerate().map(|(to, sender)| (to != me).then(|| sender.clone()));
                    let reader = Reader { me, part, inbox, others: others.collect(), heard_done: 0 };
                    let (shared, stop) = (&shared, &stop);
                    scope.spawn(move || reader.read(shared, moves, stop))
                })
                .collect();
            drop(senders);
            while running.iter().any(|thread| !thread.is_finished()) {
                if !keep_on() {
                    stop.store(true, Ordering::Relaxed);
                }
                thread::sleep(LOOK);
            }
            for thread in running {
                thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            }
        });
        // Every run of slots taken was read to its end.
        *cursor = shared.next_slot.into_inner().min(slots);
    }
}

/// What every thread reading a step reads.
struct Shared<'a> {
    states: &'a Level,
    live: Option<&'a LiveDegrees>,
    rules: Rules,
    /// The step whose states are written.
    step: u32,
    slots: usize,
    /// The first slot no thread has taken yet.
    next_slot: AtomicUsize,
}

/// One thread reading a step, writing its part of the next table.
struct Reader<'a> {
    me: usize,
    part: &'a mut Table,
    inbox: Receiver<Parcel>,
    /// A sender to each other thread, none to itself.
    others: Vec<Option<Sender<Parcel>>>,
    heard_done: usize,
}

impl Reader<'_> {
    fn read<W: Word>(mut self, shared: &Shared, moves: &Moves<W>, stop: &AtomicBool) {
        let parts = self.others.len();
        let mut outboxes: Vec<Vec<(u64, u128)>> = vec![Vec::new(); parts];
        let mut batch = Vec::with_capacity(BATCH + 16);
        let mut own = Vec::with_capacity(BATCH + 16);
        while !stop.load(Ordering::Relaxed) {
            let first = shared.next_slot.fetch_add(RUN, Ordering::Relaxed);
            if first >= shared.slots {
                break;
            }
            shared.states.for_each(first..(first + RUN).min(shared.slots), |state, count| {
                moves.expand(&shared.rules, state, |key, _| batch.push((key, count)));
                if batch.len() >= BATCH {
                    self.sort::<W>(shared, &mut batch, &mut own, &mut outboxes);
                }
            });
            self.sort::<W>(shared, &mut batch, &mut own, &mut outboxes);
            while let Ok(parcel) = self.inbox.try_recv() {
                self.open(parcel);
            }
        }
        for (to, outbox) in outboxes.into_iter().enumerate() {
            if let Some(sender) = &self.others[to] {
                // A thread that stopped (its panic is what the caller reports) takes nothing.
                let _ = sender.send(Parcel::States(outbox));
                let _ = sender.send(Parcel::Done);
            }
        }
        while self.heard_done + 1 < parts {
            match self.inbox.recv() {
                Ok(parcel) => self.open(parcel),
                Err(_) => break,
            }
        }
    }

    /// Keeps the states of `batch` the degrees let through, writing this thread's own and
    /// sending the others' once a parcel's worth is ready.
    fn sort<W: Word>(
        &mut self,
        shared: &Shared,
        batch: &mut Vec<(u64, u128)>,
        own: &mut Vec<(u64, u128)>,
        outboxes: &mut [Vec<(u64, u128)>],
    ) {
        let parts = outboxes.len();
        if let Some(live) = shared.live {
            live.retain::<W>(shared.step, batch);
        }
        for &(key, count) in batch.iter() {
            let to = Level::part_of(key, parts);
            if to == self.me {
                own.push((key, count));
            } else {
                outboxes[to].push((key, count));
                if outboxes[to].len() >= PARCEL {
                    let parcel = std::mem::replace(&mut outboxes[to], Vec::with_capacity(PARCEL));
                    if let Some(sender) = &self.others[to] {
                        let _ = sender.send(Parcel::States(parcel));
                    }
                }
            }
        }
        batch.clear();
        self.part.add_all(own);
        own.clear();
    }

    fn open(&mut self, parcel: Parcel) {
        match parcel {
            Parcel::States(states) => self.part.add_all(&states),
            Parcel::Done => self.heard_done += 1,
        }
    }
}
