//! The reader thread ([`read_blocks`]): standard input cut into blocks of
//! whole lines as they come, in buffers that come back from the writer,
//! so that a slow output holds back the reading.

use std::io::{self, Read};
use std::sync::mpsc::{Receiver, Sender};

use super::parallel::Event;
use super::MAX_LINE;

/// The largest block of lines the reader hands to a worker.
const BLOCK: usize = 1 << 18;

/// The reader: cuts `input` into blocks of whole lines, in buffers from
/// `pool` (so that a slow output holds back the reading), until the input
/// ends or the writer is gone.
///
/// A block is whatever one read gives, up to the last newline in it (a
/// line cut by the end of the buffer goes on in the next block), so lines
/// that come slowly are answered as they come. A line longer than
/// [`MAX_LINE`] is cut to its first `MAX_LINE + 1` bytes (which its worker
/// refuses) and the rest skipped.
pub(super) fn read_blocks<R: Read>(mut input: R, pool: &Receiver<Vec<u8>>, events: &Sender<Event>) {
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
