//! Cutting bytes into lines: a block of complete lines answered in one go
//! ([`block`]), lines longer than [`MAX_LINE`] refused, and a line cut by
//! the end of a buffer gathered ([`gather`]) and answered on its own
//! ([`line`](fn@line)).

use std::io::{self, Write};

use super::Processor;

/// Longest input line kept: longer lines are answered with an error line
/// (no host or Punycode string is anywhere near this long), so a huge input
/// without newlines cannot exhaust memory.
pub const MAX_LINE: usize = 1 << 16;

/// Answers the lines of `bytes`: lines that end with `\n`, and a last one
/// without (the end of the input) if there is one. Returns how many.
///
/// The complete lines are checked for UTF-8 in one go and answered
/// together ([`Processor::answer_lines`]); lines longer than [`MAX_LINE`]
/// are refused, and if some line is not UTF-8 every line of the block is
/// answered on its own.
pub(super) fn block<W: Write, P: Processor>(
    bytes: &[u8],
    processor: &mut P,
    out: &mut W,
) -> io::Result<u64> {
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
pub(super) fn may_hold_long_line(bytes: &[u8]) -> bool {
    const STRETCH: usize = MAX_LINE / 2;
    bytes.len() > MAX_LINE
        && bytes
            .chunks_exact(STRETCH)
            .any(|stretch| memchr::memchr(b'\n', stretch).is_none())
}

/// Appends `text` to `carry` up to [`MAX_LINE`] bytes; true if some was cut.
pub(super) fn gather(carry: &mut Vec<u8>, text: &[u8]) -> bool {
    let room = MAX_LINE.saturating_sub(carry.len());
    carry.extend_from_slice(&text[..text.len().min(room)]);
    text.len() > room
}

/// Answers one line (without its `\n`) that may not be UTF-8: drops a
/// trailing `\r`, and refuses a line that was cut short.
pub(super) fn line<W: Write, P: Processor>(
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
