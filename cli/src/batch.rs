//! The batch driver shared by `lookup` and `punycode`: one answer line per
//! input, from the command line's arguments or from standard input's lines
//! (all of them when there are no arguments, or where an argument is `-`).
//!
//! A UTF-8 byte order mark at the very start of standard input is dropped.
//! Lines are answered in blocks: the complete lines of a buffer of input,
//! checked for UTF-8 in one go and answered in place
//! ([`Processor::answer_lines`]), so a line costs no copy and no allocation
//! here (only a line cut by the end of a buffer is carried over to the
//! next). Lines longer than [`MAX_LINE`] are answered with an error line.
//!
//! With one thread ([`run`]), standard input is read through a 64 KiB
//! buffer and the answers are written straight into a 64 KiB output
//! buffer, flushed whenever the input has nothing more buffered (before a
//! read that may block), so an interactive or streaming session sees each
//! answer at once while a file is still written in large blocks.
//!
//! With more ([`run_threads`]), a reader thread cuts standard input into
//! blocks of whole lines as they come (whatever one read gives, up to
//! 256 KiB: a stalled pipe's last lines form a block of their own at once),
//! worker threads answer blocks into buffers of their own, and the calling
//! thread writes the answers in the order of the input, flushing whenever
//! no answer is ready. At most a few blocks per worker are in flight, so
//! memory stays bounded however large the input.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt::Display;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::Failure;

/// The size of the input and output buffers, and of a block of lines.
const BUFFER: usize = 1 << 16;

/// The largest block of lines the reader hands to a worker.
const BLOCK: usize = 1 << 18;

/// Longest input line kept: longer lines are answered with an error line
/// (no host or Punycode string is anywhere near this long), so a huge input
/// without newlines cannot exhaust memory.
pub const MAX_LINE: usize = 1 << 16;

/// Lines between two looks at the clock for the progress display.
const PROGRESS_EVERY: u64 = 1 << 13;

/// Blocks in flight per worker thread.
const BLOCKS_PER_WORKER: usize = 4;

/// The UTF-8 byte order mark.
const BOM: &[u8; 3] = b"\xEF\xBB\xBF";

/// The message for an input that is not UTF-8.
pub struct InvalidUtf8(pub std::str::Utf8Error);

impl Display for InvalidUtf8 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid UTF-8 at byte {}", self.0.valid_up_to())
    }
}

/// Something that answers one input with one output line.
pub trait Processor {
    /// Writes the answer line for `input` (a line without its `\n` or
    /// `\r\n`, or one argument), newline included.
    fn answer_str<W: Write>(&mut self, input: &str, out: &mut W) -> io::Result<()>;

    /// Writes the answer line for an input that may not be UTF-8: an error
    /// line if it is not.
    fn answer<W: Write>(&mut self, input: &[u8], out: &mut W) -> io::Result<()> {
        match std::str::from_utf8(input) {
            Ok(text) => self.answer_str(text, out),
            Err(e) => self.refuse(input, &InvalidUtf8(e), out),
        }
    }

    /// Writes the answer lines for the lines of `text`, complete lines
    /// each ending with `\n`, none longer than [`MAX_LINE`] bytes, in
    /// order (see [`lines_of`]); returns how many lines it answered.
    fn answer_lines<W: Write>(&mut self, text: &str, out: &mut W) -> io::Result<u64> {
        let mut n = 0;
        for line in lines_of(text) {
            self.answer_str(line, out)?;
            n += 1;
        }
        Ok(n)
    }

    /// Writes an error line for `input` with the given message, newline
    /// included.
    fn refuse<W: Write>(
        &mut self,
        input: &[u8],
        message: &dyn Display,
        out: &mut W,
    ) -> io::Result<()>;
}

/// The lines of `text` (complete lines, each ending with `\n`), without
/// their `\n` or `\r\n`.
pub fn lines_of(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    memchr::memchr_iter(b'\n', text.as_bytes()).map(move |end| {
        let line = text.get(start..end).unwrap_or_default();
        start = end + 1;
        line.strip_suffix('\r').unwrap_or(line)
    })
}

/// Answers each argument, or each line of standard input where an argument
/// is `-` or when there are no arguments, on the calling thread. `noun`
/// names the inputs in the progress display ("hosts").
pub fn run<P: Processor>(args: &[OsString], processor: &mut P, noun: &str) -> Result<(), Failure> {
    drive(args, processor, noun, |processor, out, input, progress| {
        lines(
            BufReader::with_capacity(BUFFER, input),
            out,
            processor,
            progress,
        )
    })
}

/// [`run`] with standard input answered by `threads` worker threads (each
/// with its own clone of `processor`), the answers written in input order.
/// One thread is [`run`].
pub fn run_threads<P: Processor + Clone + Send>(
    args: &[OsString],
    processor: &mut P,
    noun: &str,
    threads: usize,
) -> Result<(), Failure> {
    if threads <= 1 {
        return run(args, processor, noun);
    }
    drive(args, processor, noun, |processor, out, input, progress| {
        parallel(input, out, processor, progress, threads)
    })
}

/// Answers every line of `input` into `out` as standard input is answered
/// (a byte order mark at its start dropped, one answer line per input
/// line, in order), on `threads` threads (0 or 1: the calling thread),
/// without a progress display: for tests and the batch reader's fuzz
/// target (`fuzz/fuzz_targets/cli_batch.rs`, which includes this module).
#[cfg_attr(not(test), allow(dead_code))]
pub fn answer_reader<R, W, P>(
    input: R,
    out: &mut W,
    processor: &mut P,
    threads: usize,
) -> Result<(), Failure>
where
    R: Read + Send + 'static,
    W: Write,
    P: Processor + Clone + Send,
{
    let input = SkipBom::new(input, true);
    let progress = Progress::new(false, "lines");
    match threads {
        0 | 1 => lines(
            BufReader::with_capacity(BUFFER, input),
            out,
            processor,
            progress,
        ),
        n => parallel(input, out, processor, progress, n),
    }
}

/// The standard output of a batch.
type Out<'a> = BufWriter<io::StdoutLock<'a>>;

/// The arguments' answers, and standard input's through `stdin` (given
/// standard input, its byte order mark dropped the first time).
fn drive<P: Processor>(
    args: &[OsString],
    processor: &mut P,
    noun: &str,
    mut stdin: impl FnMut(&mut P, &mut Out<'_>, SkipBom<io::Stdin>, Progress) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(BUFFER, stdout.lock());
    let mut first = true;
    let mut read_stdin = |processor: &mut P, out: &mut Out<'_>| {
        let input = io::stdin();
        if input.is_terminal() && io::stderr().is_terminal() {
            let _ = writeln!(
                io::stderr().lock(),
                "etld: reading {noun} from the terminal, one per line (end with Ctrl-D; --help for usage)"
            );
        }
        let progress = Progress::new(io::stderr().is_terminal() && !input.is_terminal(), noun);
        let input = SkipBom::new(input, first);
        first = false;
        stdin(processor, out, input, progress)
    };
    if args.is_empty() {
        read_stdin(processor, &mut out)?;
    }
    for arg in args {
        if arg == "-" {
            read_stdin(processor, &mut out)?;
        } else {
            processor
                .answer(arg.as_encoded_bytes(), &mut out)
                .map_err(Failure::stdout)?;
        }
    }
    out.flush().map_err(Failure::stdout)
}

/// A reader that drops a UTF-8 byte order mark at the very start of its
/// input (when told to).
pub struct SkipBom<R> {
    inner: R,
    /// The first bytes, read ahead to tell whether they are a mark.
    head: [u8; 3],
    /// How many first bytes were read, and how many of them served (or
    /// dropped, for a mark).
    len: usize,
    served: usize,
    state: Head,
}

/// Where a [`SkipBom`] stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Head {
    /// The first bytes are still to be read.
    Unread,
    /// The first bytes are read and being served; the input ended within
    /// them if `true`.
    Read(bool),
    /// Past the first bytes: reads go straight to the input.
    Past,
}

impl<R: Read> SkipBom<R> {
    /// Reads `inner`, dropping a byte order mark at its start if `skip`.
    pub fn new(inner: R, skip: bool) -> SkipBom<R> {
        SkipBom {
            inner,
            head: [0; 3],
            len: 0,
            served: 0,
            state: if skip { Head::Unread } else { Head::Past },
        }
    }

    /// Reads the first bytes: until there are three, or one that is not
    /// the mark's, or the input ends (so a stalled input is not waited for
    /// beyond what the mark needs); drops them if they are the mark.
    fn read_head(&mut self) -> io::Result<()> {
        let mut ended = false;
        while self.len < 3 && BOM.starts_with(&self.head[..self.len]) {
            match self.inner.read(&mut self.head[self.len..]) {
                Ok(0) => {
                    ended = true;
                    break;
                }
                Ok(n) => self.len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        if &self.head[..self.len] == BOM {
            self.served = 3;
        }
        self.state = Head::Read(ended);
        Ok(())
    }
}

impl<R: Read> Read for SkipBom<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.state == Head::Unread {
            self.read_head()?;
        }
        if let Head::Read(ended) = self.state {
            if self.served < self.len {
                let n = (self.len - self.served).min(buf.len());
                buf[..n].copy_from_slice(&self.head[self.served..self.served + n]);
                self.served += n;
                return Ok(n);
            }
            self.state = Head::Past;
            if ended {
                return Ok(0);
            }
        }
        self.inner.read(buf)
    }
}

/// Answers each line of `reader` into `out`.
///
/// The complete lines in the reader's buffer are answered as a block
/// ([`block`]); only a line cut by the end of the buffer is gathered in
/// `carry` (at most [`MAX_LINE`] bytes of it; the rest of a longer line is
/// skipped).
fn lines<R: Read, W: Write, P: Processor>(
    mut reader: BufReader<R>,
    out: &mut W,
    processor: &mut P,
    mut progress: Progress,
) -> Result<(), Failure> {
    let mut carry: Vec<u8> = Vec::new();
    let mut carry_cut = false;
    loop {
        // The buffer is used up: the next read may block (or the input is at
        // its end), so let whoever reads the output see what is ready.
        out.flush().map_err(Failure::stdout)?;
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Failure::ReadInput(e)),
        };
        if buf.is_empty() {
            // The end of the input: a last line without a newline.
            if !carry.is_empty() || carry_cut {
                line(&carry, !carry_cut, processor, out).map_err(Failure::stdout)?;
                progress.tick(1);
            }
            break;
        }
        let mut rest = buf;
        if !carry.is_empty() || carry_cut {
            // Finish the line begun in the previous buffer.
            let Some(i) = memchr::memchr(b'\n', rest) else {
                carry_cut |= gather(&mut carry, rest);
                let used = buf.len();
                reader.consume(used);
                continue;
            };
            carry_cut |= gather(&mut carry, &rest[..i]);
            line(&carry, !carry_cut, processor, out).map_err(Failure::stdout)?;
            progress.tick(1);
            carry.clear();
            carry_cut = false;
            rest = &rest[i + 1..];
        }
        // The complete lines, then the start of a line to carry over.
        let complete = memchr::memrchr(b'\n', rest).map_or(0, |i| i + 1);
        let (body, tail) = rest.split_at(complete);
        let answered = block(body, processor, out).map_err(Failure::stdout)?;
        progress.tick(answered);
        carry_cut |= gather(&mut carry, tail);
        let used = buf.len();
        reader.consume(used);
    }
    progress.finish();
    Ok(())
}

/// Answers the lines of `bytes`: lines that end with `\n`, and a last one
/// without (the end of the input) if there is one. Returns how many.
///
/// The complete lines are checked for UTF-8 in one go and answered
/// together ([`Processor::answer_lines`]); lines longer than [`MAX_LINE`]
/// are refused, and if some line is not UTF-8 every line of the block is
/// answered on its own.
fn block<W: Write, P: Processor>(bytes: &[u8], processor: &mut P, out: &mut W) -> io::Result<u64> {
    let complete = memchr::memrchr(b'\n', bytes).map_or(0, |i| i + 1);
    let (body, last) = bytes.split_at(complete);
    let mut answered = 0;
    match std::str::from_utf8(body) {
        Ok(text) if !may_hold_long_line(text.as_bytes()) => {
            answered += processor.answer_lines(text, out)?;
        }
        Ok(text) => {
            // Runs of lines, and between them the lines that are too long.
            let (mut run, mut start) = (0, 0);
            for end in memchr::memchr_iter(b'\n', text.as_bytes()) {
                if end - start > MAX_LINE {
                    let lines = text.get(run..start).unwrap_or_default();
                    answered += processor.answer_lines(lines, out)?;
                    line(&body[start..start + MAX_LINE], false, processor, out)?;
                    answered += 1;
                    run = end + 1;
                }
                start = end + 1;
            }
            answered += processor.answer_lines(text.get(run..).unwrap_or_default(), out)?;
        }
        // Some line is not UTF-8 (so `body` is not empty): line by line.
        Err(_) => {
            for text in body[..body.len() - 1].split(|&b| b == b'\n') {
                let whole = text.len() <= MAX_LINE;
                line(&text[..text.len().min(MAX_LINE)], whole, processor, out)?;
                answered += 1;
            }
        }
    }
    if !last.is_empty() {
        let whole = last.len() <= MAX_LINE;
        line(&last[..last.len().min(MAX_LINE)], whole, processor, out)?;
        answered += 1;
    }
    Ok(answered)
}

/// Whether some line of `bytes` may be longer than [`MAX_LINE`]: false
/// when `bytes` is no longer than that, or when every aligned stretch of
/// `MAX_LINE / 2` bytes holds a newline (a longer line would hold one such
/// stretch whole). A few searches that stop at the first newline, instead
/// of a pass over every line.
fn may_hold_long_line(bytes: &[u8]) -> bool {
    const STRETCH: usize = MAX_LINE / 2;
    bytes.len() > MAX_LINE
        && bytes
            .chunks_exact(STRETCH)
            .any(|stretch| memchr::memchr(b'\n', stretch).is_none())
}

/// Appends `text` to `carry` up to [`MAX_LINE`] bytes; true if some was cut.
fn gather(carry: &mut Vec<u8>, text: &[u8]) -> bool {
    let room = MAX_LINE.saturating_sub(carry.len());
    carry.extend_from_slice(&text[..text.len().min(room)]);
    text.len() > room
}

/// Answers one line (without its `\n`) that may not be UTF-8: drops a
/// trailing `\r`, and refuses a line that was cut short.
fn line<W: Write, P: Processor>(
    text: &[u8],
    whole: bool,
    processor: &mut P,
    out: &mut W,
) -> io::Result<()> {
    let input = text.strip_suffix(b"\r").unwrap_or(text);
    if whole {
        processor.answer(input, out)
    } else {
        let message = format!("line is longer than {MAX_LINE} bytes");
        processor.refuse(input, &message, out)
    }
}

/// A block of input lines for a worker (see [`block`]): the first `len`
/// bytes of `input`; its place in the input, and a buffer for its answers.
struct Work {
    seq: u64,
    input: Vec<u8>,
    len: usize,
    output: Vec<u8>,
}

/// What the thread that writes the answers hears of.
enum Event {
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
fn parallel<R: Read + Send + 'static, P: Processor + Clone + Send, W: Write>(
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

/// The reader: cuts `input` into blocks of whole lines, in buffers from
/// `pool` (so that a slow output holds back the reading), until the input
/// ends or the writer is gone.
///
/// A block is whatever one read gives, up to the last newline in it (a
/// line cut by the end of the buffer goes on in the next block), so lines
/// that come slowly are answered as they come. A line longer than
/// [`MAX_LINE`] is cut to its first `MAX_LINE + 1` bytes (which its worker
/// refuses) and the rest skipped.
fn read_blocks<R: Read>(mut input: R, pool: &Receiver<Vec<u8>>, events: &Sender<Event>) {
    let mut carry: Vec<u8> = Vec::new();
    // Within a line too long, whose rest is skipped.
    let mut skipping = false;
    loop {
        // A buffer keeps its bytes from block to block (only `filled` of
        // them are the block's), so that it is zeroed once, not per read.
        let Ok(mut buf) = pool.recv() else {
            return;
        };
        let mut filled = carry.len();
        if buf.len() < filled + BLOCK / 4 {
            buf.resize((filled + BLOCK / 4).max(BLOCK), 0);
        }
        buf[..filled].copy_from_slice(&carry);
        carry.clear();
        // Read until the buffer holds a newline, or the input ends.
        loop {
            if buf.len() - filled < BLOCK / 4 {
                buf.resize(filled + BLOCK / 4, 0);
            }
            let start = filled;
            match input.read(&mut buf[start..]) {
                Ok(0) => {
                    // The end: the last line, without a newline.
                    if filled > 0 && events.send(Event::Read(buf, filled)).is_err() {
                        return;
                    }
                    let _ = events.send(Event::End(Ok(())));
                    return;
                }
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    let _ = events.send(Event::End(Err(e)));
                    return;
                }
            }
            if skipping {
                // Drop the rest of the line too long, up to its newline.
                match memchr::memchr(b'\n', &buf[start..filled]) {
                    Some(i) => {
                        buf.copy_within(start + i..filled, start);
                        filled -= i;
                        skipping = false;
                    }
                    None => {
                        filled = start;
                        continue;
                    }
                }
            }
            match memchr::memrchr(b'\n', &buf[start..filled]) {
                Some(i) => {
                    carry.extend_from_slice(&buf[start + i + 1..filled]);
                    filled = start + i + 1;
                    break;
                }
                // No newline yet: the buffer holds one line so far.
                None if filled > MAX_LINE + 1 => {
                    filled = MAX_LINE + 1;
                    skipping = true;
                }
                None => {}
            }
        }
        if events.send(Event::Read(buf, filled)).is_err() {
            return;
        }
    }
}

/// The writer, on the calling thread: hands the blocks read to the
/// workers and writes their answers in input order, flushing whenever no
/// answer is ready. Returns once every block of the input is written, or
/// at the first error (dropping `work`, which ends the workers).
fn write_in_order<W: Write>(
    events: &Receiver<Event>,
    work: Sender<Work>,
    pool: &Sender<Vec<u8>>,
    out: &mut W,
    mut progress: Progress,
) -> Result<(), Failure> {
    let (mut handed, mut written) = (0u64, 0u64);
    let mut ready: BTreeMap<u64, (io::Result<u64>, Vec<u8>)> = BTreeMap::new();
    let mut spare: Vec<Vec<u8>> = Vec::new();
    let mut ended = None;
    loop {
        if ended.is_some() && written == handed {
            break;
        }
        let event = match events.try_recv() {
            Ok(event) => event,
            Err(TryRecvError::Empty) => {
                // Nothing ready: let whoever reads the output see it all.
                out.flush().map_err(Failure::stdout)?;
                match events.recv() {
                    Ok(event) => event,
                    Err(_) => break,
                }
            }
            Err(TryRecvError::Disconnected) => break,
        };
        match event {
            Event::Read(input, len) => {
                let output = spare.pop().unwrap_or_default();
                let seq = handed;
                if work
                    .send(Work {
                        seq,
                        input,
                        len,
                        output,
                    })
                    .is_err()
                {
                    break;
                }
                handed += 1;
            }
            Event::End(result) => ended = Some(result),
            Event::Done {
                seq,
                answered,
                input,
                output,
            } => {
                let _ = pool.send(input);
                ready.insert(seq, (answered, output));
                while let Some((answered, output)) = ready.remove(&written) {
                    let answered = answered.map_err(Failure::stdout)?;
                    out.write_all(&output).map_err(Failure::stdout)?;
                    progress.tick(answered);
                    spare.push(output);
                    written += 1;
                }
            }
        }
    }
    progress.finish();
    match ended {
        Some(Err(e)) => Err(Failure::ReadInput(e)),
        _ => Ok(()),
    }
}

/// The progress display on stderr: shown only when stderr is a terminal
/// (and stdin is not), and only once a batch has run for a second.
struct Progress {
    enabled: bool,
    noun: String,
    start: Instant,
    count: u64,
    bar: Option<ProgressBar>,
}

impl Progress {
    fn new(enabled: bool, noun: &str) -> Progress {
        Progress {
            enabled,
            noun: noun.to_string(),
            start: Instant::now(),
            count: 0,
            bar: None,
        }
    }

    #[inline]
    fn tick(&mut self, lines: u64) {
        let before = self.count;
        self.count += lines;
        if self.enabled && before / PROGRESS_EVERY != self.count / PROGRESS_EVERY {
            self.update();
        }
    }

    #[cold]
    fn update(&mut self) {
        if self.bar.is_none() && self.start.elapsed() >= Duration::from_secs(1) {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template("{spinner} {msg}") {
                bar.set_style(style);
            }
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_message(self.summary());
            bar.tick();
        }
    }

    /// "N hosts done, R hosts/s", rates since the start of the batch.
    fn summary(&self) -> String {
        let secs = self.start.elapsed().as_secs_f64().max(1e-9);
        format!(
            "{} {} done, {} {}/s",
            HumanCount(self.count),
            self.noun,
            HumanCount((self.count as f64 / secs) as u64),
            self.noun
        )
    }

    fn finish(self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
            let secs = self.start.elapsed().as_secs_f64();
            let _ = writeln!(
                io::stderr().lock(),
                "etld: {} in {secs:.2} s",
                self.summary()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Echoes each input with its length, or the error message.
    #[derive(Clone)]
    struct Echo;

    impl Processor for Echo {
        fn answer_str<W: Write>(&mut self, input: &str, out: &mut W) -> io::Result<()> {
            writeln!(out, "{}:{input}", input.len())
        }

        fn refuse<W: Write>(
            &mut self,
            input: &[u8],
            message: &dyn Display,
            out: &mut W,
        ) -> io::Result<()> {
            writeln!(out, "{}:error: {message}", input.len())
        }
    }

    fn run_on(input: &[u8]) -> String {
        let mut out = Vec::new();
        let reader = BufReader::new(input);
        lines(reader, &mut out, &mut Echo, Progress::new(false, "lines")).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn block_of(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        block(bytes, &mut Echo, &mut out).unwrap();
        out
    }

    #[test]
    fn one_answer_per_line() {
        assert_eq!(run_on(b""), "");
        assert_eq!(run_on(b"a\n"), "1:a\n");
        assert_eq!(run_on(b"a"), "1:a\n");
        assert_eq!(run_on(b"a\r\nbb\n\n\r\nc"), "1:a\n2:bb\n0:\n0:\n1:c\n");
        // Only one `\r` is the line ending's.
        assert_eq!(run_on(b"a\r\r\n"), "2:a\r\n");
    }

    #[test]
    fn long_lines_are_refused_and_skipped() {
        let mut input = vec![b'x'; MAX_LINE + 10];
        input.extend_from_slice(b"\nab\n");
        let out = run_on(&input);
        assert_eq!(
            out,
            format!("{MAX_LINE}:error: line is longer than {MAX_LINE} bytes\n2:ab\n")
        );
        // Exactly MAX_LINE bytes plus the newline is still whole.
        let mut input = vec![b'x'; MAX_LINE];
        input.push(b'\n');
        assert!(run_on(&input).starts_with(&format!("{MAX_LINE}:x")));
    }

    #[test]
    fn a_long_line_anywhere_in_a_large_block_is_found() {
        let short = b"ab\n".repeat(MAX_LINE);
        assert!(!may_hold_long_line(&short));
        for at in [0, 1, MAX_LINE / 2 - 1, MAX_LINE / 2, 3 * MAX_LINE / 2 + 7] {
            for len in [MAX_LINE + 1, MAX_LINE + 2, 2 * MAX_LINE] {
                let mut bytes = short.clone();
                bytes.splice(at..at, std::iter::repeat_n(b'x', len));
                bytes.insert(at + len, b'\n');
                assert!(may_hold_long_line(&bytes), "{len} bytes at {at}");
                let out = String::from_utf8(block_of(&bytes)).unwrap();
                let want = format!("{MAX_LINE}:error: line is longer than {MAX_LINE} bytes\n");
                assert!(out.contains(&want), "{len} bytes at {at}");
            }
        }
    }

    #[test]
    fn any_buffer_size_gives_the_same_lines() {
        let input = b"a\r\nbb\n\n\r\nccc\r\r\nx\xffy\r\n\xc3\xbc\nxn--85x722f.cn\r\nlast";
        let want = run_on(input);
        assert_eq!(
            want,
            "1:a\n2:bb\n0:\n0:\n4:ccc\r\n3:error: invalid UTF-8 at byte 1\n2:\u{fc}\n14:xn--85x722f.cn\n4:last\n"
        );
        for capacity in 1..=input.len() + 1 {
            let mut out = Vec::new();
            let reader = BufReader::with_capacity(capacity, &input[..]);
            lines(reader, &mut out, &mut Echo, Progress::new(false, "lines")).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), want, "capacity {capacity}");
        }
    }

    #[test]
    fn any_thread_count_gives_the_same_lines() {
        let text: Vec<u8> = (0..5_000)
            .flat_map(|i| match i % 5 {
                0 => format!("host{i}.example\r\n").into_bytes(),
                1 => b"\n".to_vec(),
                2 => b"x\xffy\n".to_vec(),
                _ => format!("h{i}\n").into_bytes(),
            })
            .chain(*b"\xef\xbb\xbflast")
            .collect();
        let mut bom = BOM.to_vec();
        bom.extend_from_slice(&text);
        let want = run_on(&text);
        assert_eq!(want.lines().count(), 5_001);
        for threads in [0, 1, 2, 5] {
            let mut out = Vec::new();
            answer_reader(
                std::io::Cursor::new(bom.clone()),
                &mut out,
                &mut Echo,
                threads,
            )
            .unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), want, "{threads} threads");
        }
    }

    #[test]
    fn lines_across_buffer_refills() {
        let text: String = (0..10_000).map(|i| format!("host{i}.example\n")).collect();
        let reader = BufReader::with_capacity(7, text.as_bytes());
        let mut out = Vec::new();
        lines(reader, &mut out, &mut Echo, Progress::new(false, "lines")).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.lines().count(), 10_000);
        assert_eq!(out.lines().nth(1234), Some("16:host1234.example"));
    }

    /// Gives its bytes a few at a time (1 to 7 bytes a read, in turn), as
    /// a slow pipe does.
    struct Trickle<'a> {
        bytes: &'a [u8],
        turn: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.turn += 1;
            let n = (self.turn % 7 + 1).min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    fn skip_bom(input: &[u8], skip: bool) -> Vec<u8> {
        let mut out = Vec::new();
        let reader = SkipBom::new(
            Trickle {
                bytes: input,
                turn: 0,
            },
            skip,
        );
        BufReader::with_capacity(2, reader)
            .read_to_end(&mut out)
            .unwrap();
        out
    }

    #[test]
    fn a_byte_order_mark_is_dropped_at_the_start_only() {
        assert_eq!(skip_bom(b"\xef\xbb\xbfa\n", true), b"a\n");
        assert_eq!(skip_bom(b"\xef\xbb\xbf", true), b"");
        assert_eq!(skip_bom(b"\xef\xbb\xbf\xef\xbb\xbf", true), b"\xef\xbb\xbf");
        assert_eq!(skip_bom(b"\xef\xbb\xbfa\n", false), b"\xef\xbb\xbfa\n");
        for kept in [
            &b""[..],
            b"a",
            b"\xef",
            b"\xef\xbb",
            b"\xef\xbbx",
            b"\xefabc",
            b"ab\n",
        ] {
            assert_eq!(skip_bom(kept, true), kept, "{kept:?}");
        }
    }

    /// What the threaded pipeline writes for `input` given as `Trickle`
    /// gives it.
    fn parallel_on(input: &[u8], threads: usize) -> String {
        let reader = SkipBom::new(
            Trickle {
                bytes: Vec::leak(input.to_vec()),
                turn: 0,
            },
            true,
        );
        let mut out = Vec::new();
        parallel(
            reader,
            &mut out,
            &mut Echo,
            Progress::new(false, "lines"),
            threads,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn threads_answer_as_one_thread_does() {
        let mut input = b"\xef\xbb\xbfa\r\nbb\n\n\r\nccc\r\r\nx\xffy\r\n\xc3\xbc\n".to_vec();
        for i in 0..3000 {
            input.extend_from_slice(format!("host{i}.example\n").as_bytes());
        }
        input.extend_from_slice(&vec![b'z'; MAX_LINE + 3]);
        input.extend_from_slice(b"\r\nafter\n");
        input.extend_from_slice(&vec![b'w'; MAX_LINE]);
        input.extend_from_slice(b"\nlast");
        let want = run_on(&input[3..]);
        for threads in [2, 3, 8] {
            assert_eq!(parallel_on(&input, threads), want, "{threads} threads");
        }
        assert!(want.starts_with("1:a\n2:bb\n0:\n0:\n4:ccc\r\n3:error: invalid UTF-8 at byte 1\n"));
        assert!(want.contains(&format!(
            "{MAX_LINE}:error: line is longer than {MAX_LINE} bytes\n5:after\n{MAX_LINE}:www"
        )));
        assert!(want.ends_with("4:last\n"));
        // A long line at the very end, cut.
        let mut input = b"a\n".to_vec();
        input.extend_from_slice(&vec![b'q'; MAX_LINE + 100]);
        assert_eq!(parallel_on(&input, 2), run_on(&input));
        assert_eq!(parallel_on(b"", 2), "");
        assert_eq!(parallel_on(b"\n", 2), "0:\n");
    }

    #[test]
    fn blocks_answer_every_line() {
        let mut out = Vec::new();
        let n = block(b"a\nbb\r\n\nlast", &mut Echo, &mut out).unwrap();
        assert_eq!(
            (n, String::from_utf8(out).unwrap().as_str()),
            (4, "1:a\n2:bb\n0:\n4:last\n")
        );
        // Lines too long among others, in a block over MAX_LINE bytes.
        let mut input = b"a\n".to_vec();
        input.extend_from_slice(&vec![b'x'; MAX_LINE + 1]);
        input.extend_from_slice(b"\nb\n");
        let mut out = Vec::new();
        let n = block(&input, &mut Echo, &mut out).unwrap();
        assert_eq!(n, 3);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("1:a\n{MAX_LINE}:error: line is longer than {MAX_LINE} bytes\n1:b\n")
        );
    }
}
