//! The batch driver shared by `lookup` and `punycode`: one answer line per
//! input, from the command line's arguments or from standard input's lines.
//!
//! Standard input and output are locked once and buffered (64 KiB each).
//! Lines are answered in place in the input buffer, after one UTF-8 check
//! of all its complete lines, so a line costs no copy and no allocation here
//! (only a line cut by the end of the buffer is gathered in a reused
//! buffer). Answers are written straight into the output buffer, which is
//! flushed whenever the input has nothing more buffered (before a read
//! that may block), so an interactive or streaming session sees each answer
//! at once while a file is still written in large blocks.

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
    fn answer_str<W: Write>(&mut self, input: &str, out: &mut W) -> io::Result<()>;

    /// Writes the answer line for an input that may not be UTF-8: an error
    /// line if it is not.
    fn answer<W: Write>(&mut self, input: &[u8], out: &mut W) -> io::Result<()> {
        match std::str::from_utf8(input) {
            Ok(text) => self.answer_str(text, out),
            Err(e) => self.refuse(input, &InvalidUtf8(e), out),
        }
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

/// Answers each argument, or each line of standard input when there are no
/// arguments. `noun` names the inputs in the progress display ("hosts").
pub fn run<P: Processor>(args: &[OsString], processor: &mut P, noun: &str) -> Result<(), Failure> {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(BUFFER, stdout.lock());
    if args.is_empty() {
        let stdin = io::stdin();
        if stdin.is_terminal() && io::stderr().is_terminal() {
            let _ = writeln!(
                io::stderr().lock(),
                "etld: reading {noun} from the terminal, one per line (end with Ctrl-D; --help for usage)"
            );
        }
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
///
/// The complete lines in the reader's buffer are checked for UTF-8 in one
/// go and answered in place; only a line cut by the end of the buffer is
/// gathered in `carry` (at most [`MAX_LINE`] bytes of it; the rest of a
/// longer line is skipped).
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
                line(&carry, !carry_cut, processor, out, &mut progress)?;
            }
            break;
        }
        let mut rest = buf;
        if !carry.is_empty() || carry_cut {
            // Finish the line begun in the previous buffer.
            let Some(i) = rest.iter().position(|&b| b == b'\n') else {
                carry_cut |= gather(&mut carry, rest);
                let used = buf.len();
                reader.consume(used);
                continue;
            };
            carry_cut |= gather(&mut carry, &rest[..i]);
            line(&carry, !carry_cut, processor, out, &mut progress)?;
            carry.clear();
            carry_cut = false;
            rest = &rest[i + 1..];
        }
        // The complete lines, then the start of a line to carry over.
        let complete = rest.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let (body, tail) = rest.split_at(complete);
        match std::str::from_utf8(body) {
            Ok(body) => {
                // One `memchr` pass over the buffer finds every line's end.
                let mut start = 0;
                for end in memchr::memchr_iter(b'\n', body.as_bytes()) {
                    let text = body.get(start..end).unwrap_or_default();
                    start = end + 1;
                    if text.len() <= MAX_LINE {
                        let text = text.strip_suffix('\r').unwrap_or(text);
                        processor.answer_str(text, out).map_err(Failure::stdout)?;
                        progress.tick();
                    } else {
                        line(
                            &text.as_bytes()[..MAX_LINE],
                            false,
                            processor,
                            out,
                            &mut progress,
                        )?;
                    }
                }
            }
            // Some line is not UTF-8 (so `body` is not empty): line by line.
            Err(_) => {
                for text in body[..body.len().saturating_sub(1)].split(|&b| b == b'\n') {
                    let whole = text.len() <= MAX_LINE;
                    line(
                        &text[..text.len().min(MAX_LINE)],
                        whole,
                        processor,
                        out,
                        &mut progress,
                    )?;
                }
            }
        }
        carry_cut |= gather(&mut carry, tail);
        let used = buf.len();
        reader.consume(used);
    }
    progress.finish();
    Ok(())
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
    progress: &mut Progress,
) -> Result<(), Failure> {
    let input = text.strip_suffix(b"\r").unwrap_or(text);
    if whole {
        processor.answer(input, out)
    } else {
        let message = format!("line is longer than {MAX_LINE} bytes");
        processor.refuse(input, &message, out)
    }
    .map_err(Failure::stdout)?;
    progress.tick();
    Ok(())
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
