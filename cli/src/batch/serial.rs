//! Standard input answered on the calling thread ([`lines`]): the
//! complete lines of each buffer answered as a block, the output flushed
//! before every read that may block.

use std::io::{self, BufRead, BufReader, Read, Write};

use super::progress::Progress;
use super::split::{block, gather, line};
use super::Processor;
use crate::Failure;

/// Answers each line of `reader` into `out`.
///
/// The complete lines in the reader's buffer are answered as a block
/// ([`block`]); only a line cut by the end of the buffer is gathered in
/// `carry` (at most [`MAX_LINE`](super::MAX_LINE) bytes of it; the rest of a longer line is
/// skipped).
pub(super) fn lines<R: Read, W: Write, P: Processor>(
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
