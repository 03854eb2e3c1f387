//! The batch driver shared by `lookup` and `punycode`: one answer line per
//! input, from the command line's arguments or from standard input's lines.
//!
//! Standard input and output are locked once and buffered; the one line
//! buffer is reused, so a line costs no allocation here. Output is flushed
//! whenever the input has nothing more buffered (before a read that may
//! block), so an interactive or streaming session sees each answer at once
//! while a file is still written in large blocks.

use std::ffi::OsString;
use std::fmt::Display;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Read, Write};
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::Failure;

/// The size of the input and output buffers.
const BUFFER: usize = 1 << 16;

/// Longest input line kept: longer lines are answered with an error line
/// (no host or Punycode string is anywhere near this long), so a huge input
/// without newlines cannot exhaust memory.
pub const MAX_LINE: usize = 1 << 16;

/// Lines between two looks at the clock for the progress display.
const PROGRESS_EVERY: u64 = 1 << 13;

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
    fn answer<W: Write>(&mut self, input: &[u8], out: &mut W) -> io::Result<()>;

    /// Writes an error line for `input` with the given message, newline
    /// included.
    fn refuse<W: Write>(
        &mut self,
        input: &[u8],
        message: &dyn Display,
        out: &mut W,
    ) -> io::Result<()>;
}

/// Answers each argument, or each line of standard input when there are no
/// arguments. `noun` names the inputs in the progress display ("hosts").
pub fn run<P: Processor>(args: &[OsString], processor: &mut P, noun: &str) -> Result<(), Failure> {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(BUFFER, stdout.lock());
    if args.is_empty() {
        let stdin = io::stdin();
        let progress = Progress::new(io::stderr().is_terminal() && !stdin.is_terminal(), noun);
        let reader = BufReader::with_capacity(BUFFER, stdin.lock());
        lines(reader, &mut out, processor, progress)?;
    } else {
        for arg in args {
            processor
                .answer(arg.as_encoded_bytes(), &mut out)
                .map_err(Failure::stdout)?;
        }
    }
    out.flush().map_err(Failure::stdout)
}

/// Answers each line of `reader` into `out`.
fn lines<R: Read, W: Write, P: Processor>(
    mut reader: BufReader<R>,
    out: &mut W,
    processor: &mut P,
    mut progress: Progress,
) -> Result<(), Failure> {
    let mut line = Vec::with_capacity(256);
    loop {
        if reader.buffer().is_empty() {
            // The next read may block (or the input is at its end): let
            // whoever reads the output see what is ready.
            out.flush().map_err(Failure::stdout)?;
        }
        line.clear();
        let Some(full) = read_line(&mut reader, &mut line).map_err(Failure::ReadInput)? else {
            break;
        };
        let mut input = &line[..];
        input = input.strip_suffix(b"\n").unwrap_or(input);
        input = input.strip_suffix(b"\r").unwrap_or(input);
        if full {
            processor.answer(input, out)
        } else {
            let message = format!("line is longer than {MAX_LINE} bytes");
            processor.refuse(input, &message, out)
        }
        .map_err(Failure::stdout)?;
        progress.tick();
    }
    progress.finish();
    Ok(())
}

/// Reads one line, newline included, into `line` (which the caller has
/// cleared), keeping at most [`MAX_LINE`] bytes and skipping the rest of a
/// longer line. Returns `None` at the end of the input, `Some(true)` for a
/// whole line, `Some(false)` for one cut short.
fn read_line<R: BufRead>(reader: &mut R, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
    let mut read_any = false;
    let mut whole = true;
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(read_any.then_some(whole));
        }
        read_any = true;
        let (content, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], true),
            None => (buf, false),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        if content.len() > room {
            whole = false;
        }
        line.extend_from_slice(&content[..content.len().min(room)]);
        let used = content.len() + usize::from(done);
        reader.consume(used);
        if done {
            line.push(b'\n');
            return Ok(Some(whole));
        }
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
    fn tick(&mut self) {
        self.count += 1;
        if self.enabled && self.count % PROGRESS_EVERY == 0 {
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
    struct Echo;

    impl Processor for Echo {
        fn answer<W: Write>(&mut self, input: &[u8], out: &mut W) -> io::Result<()> {
            write!(out, "{}:", input.len())?;
            out.write_all(input)?;
            out.write_all(b"\n")
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
    fn lines_across_buffer_refills() {
        let text: String = (0..10_000).map(|i| format!("host{i}.example\n")).collect();
        let reader = BufReader::with_capacity(7, text.as_bytes());
        let mut out = Vec::new();
        lines(reader, &mut out, &mut Echo, Progress::new(false, "lines")).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.lines().count(), 10_000);
        assert_eq!(out.lines().nth(1234), Some("16:host1234.example"));
    }
}
