//! Standard input answered by worker threads ([`parallel`]): the blocks
//! the reader cuts ([`super::read`]) handed to workers, each answering
//! into a buffer of its own, the answers written in order
//! ([`super::order`]).

use std::io::{self, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Mutex;
use std::thread;

use super::order::write_in_order;
use super::progress::Progress;
use super::read::read_blocks;
use super::serial::lines;
use super::split::block;
use super::{Processor, SkipBom, BUFFER};
use crate::Failure;

/// Blocks in flight per worker thread.
const BLOCKS_PER_WORKER: usize = 4;

/// A block of input lines for a worker (see [`block`]): the first `len`
/// bytes of `input`; its place in the input, and a buffer for its answers.
pub(super) struct Work {
    pub(super) seq: u64,
    pub(super) input: Vec<u8>,
    pub(super) len: usize,
    pub(super) output: Vec<u8>,
}

/// What the thread that writes the answers hears of.
pub(super) enum Event {
    /// A block of lines read, the first bytes of a buffer (complete
    /// lines, but for the last block of the input).
    Read(Vec<u8>, usize),
    /// The input ended, or could not be read further.
    End(io::Result<()>),
    /// A worker answered the block `seq` into `output` (how many lines, or
    /// why it could not); `input` is free again.
    Done {
        seq: u64,
        answered: io::Result<u64>,
        input: Vec<u8>,
        output: Vec<u8>,
    },
}

/// Answers standard input (`input`) with `threads` workers, each with a
/// clone of `processor`; the answers are written to `out` in input order.
///
/// The reader thread is not joined: it may be blocked reading an input
/// that never ends when the output is closed, and the process ends
/// without it. If no thread can be started, the calling thread does the
/// work ([`lines`]).
pub(super) fn parallel<R: Read + Send + 'static, P: Processor + Clone + Send, W: Write>(
    input: SkipBom<R>,
    out: &mut W,
    processor: &mut P,
    progress: Progress,
    threads: usize,
) -> Result<(), Failure> {
    let (events_tx, events) = mpsc::channel::<Event>();
    let (work_tx, work_rx) = mpsc::channel::<Work>();
    let work_rx = Mutex::new(work_rx);
    thread::scope(|scope| {
        let mut workers = 0;
        for _ in 0..threads {
            let (events, work_rx, mut processor) = (events_tx.clone(), &work_rx, processor.clone());
            let spawned = thread::Builder::new()
                .name("etld-worker".into())
                .spawn_scoped(scope, move || worker(work_rx, &events, &mut processor));
            workers += usize::from(spawned.is_ok());
        }
        let (pool_tx, pool_rx) = mpsc::channel::<Vec<u8>>();
        for _ in 0..BLOCKS_PER_WORKER * workers {
            let _ = pool_tx.send(Vec::new());
        }
        let reader_events = events_tx.clone();
        drop(events_tx);
        let input = match workers {
            0 => input,
            _ => match spawn_reader(input, pool_rx, reader_events) {
                Ok(()) => return write_in_order(&events, work_tx, &pool_tx, out, progress),
                Err(input) => input,
            },
        };
        drop(work_tx);
        lines(
            BufReader::with_capacity(BUFFER, input),
            out,
            processor,
            progress,
        )
    })
}

/// Starts the reader thread ([`read_blocks`]), or gives the input back if
/// it cannot.
fn spawn_reader<R: Read + Send + 'static>(
    input: SkipBom<R>,
    pool: Receiver<Vec<u8>>,
    events: Sender<Event>,
) -> Result<(), SkipBom<R>> {
    // The input is handed over once the thread runs, so that it comes back
    // if the thread cannot start.
    let (give, take) = mpsc::sync_channel::<SkipBom<R>>(1);
    let spawned = thread::Builder::new()
        .name("etld-reader".into())
        .spawn(move || {
            if let Ok(input) = take.recv() {
                read_blocks(input, &pool, &events);
            }
        });
    match spawned {
        Ok(_) => give.send(input).map_err(|mpsc::SendError(input)| input),
        Err(_) => Err(input),
    }
}

/// A worker: answers blocks until there are no more.
fn worker<P: Processor>(work: &Mutex<Receiver<Work>>, events: &Sender<Event>, processor: &mut P) {
    loop {
        let next = match work.lock() {
            Ok(work) => work.recv(),
            Err(_) => return,
        };
        let Ok(Work {
            seq,
            input,
            len,
            mut output,
        }) = next
        else {
            return;
        };
        output.clear();
        let answered = block(input.get(..len).unwrap_or_default(), processor, &mut output);
        let done = Event::Done {
            seq,
            answered,
            input,
            output,
        };
        if events.send(done).is_err() {
            return;
        }
    }
}
