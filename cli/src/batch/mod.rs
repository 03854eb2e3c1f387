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
//!
//! The parts, one concept a file:
//!
//! - [`processor`]: what answers a line ([`Processor`]);
//! - [`bom`]: dropping a byte order mark at the start of the input;
//! - [`split`]: cutting bytes into lines and answering a block of them;
//! - [`serial`]: standard input answered on the calling thread;
//! - [`parallel`](mod@parallel): the worker threads, and how they are started;
//! - [`read`]: the reader thread, cutting the input into blocks;
//! - [`order`]: writing the workers' answers in input order;
//! - [`progress`]: the progress display on stderr.

mod bom;
mod order;
mod parallel;
mod processor;
mod progress;
mod read;
mod serial;
mod split;
#[cfg(test)]
mod tests;

use std::ffi::OsString;
use std::io::{self, BufReader, BufWriter, IsTerminal, Read, Write};

use crate::Failure;

pub use self::bom::SkipBom;
pub use self::processor::{lines_of, Processor};
pub use self::split::MAX_LINE;

use self::parallel::parallel;
use self::progress::Progress;
use self::serial::lines;

/// The size of the input and output buffers, and of a block of lines.
const BUFFER: usize = 1 << 16;

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
        // Closed at the start, it reads as an empty input: refused, as
        // input that cannot be read is.
        crate::standard_streams::check_stdin().map_err(Failure::ReadInput)?;
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
