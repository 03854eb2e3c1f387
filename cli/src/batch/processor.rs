//! What answers a line: the [`Processor`] a batch drives, and the lines
//! of a block of text as it hands them over.

use std::fmt::Display;
use std::io::{self, Write};

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
    /// each ending with `\n`, none longer than [`MAX_LINE`](super::MAX_LINE) bytes, in
    /// order (see [`lines_of`]); returns how many lines it answered.
    fn answer_lines<W: Write>(&mut self, text: &str, out: &mut W) -> io::Result<u64> {
        let mut n = 0;
        for line in lines_of(text) {
            self.answer_str(line, out)?;
            n += 1;
        }
        Ok(n)
    }

    /// Writes an error line for `input` saying `why`, newline included.
    fn refuse<W: Write>(&mut self, input: &[u8], why: &dyn Display, out: &mut W) -> io::Result<()>;
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
