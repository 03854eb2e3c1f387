//! The command line's batch reader (`cli/src/batch/`, included as it is)
//! on arbitrary input: every input line gets exactly one answer line, in
//! order, on one thread or several, however the input arrives (in reads of
//! any size): lines end at `\n` (one `\r` before it dropped), a last line
//! without `\n` counts, a byte order mark at the very start is dropped, a
//! line that is not UTF-8 is refused.
//!
//! The first byte picks the thread count (1 to 4) and the read sizes; the
//! rest is the input. Run it with leak detection off, in libFuzzer and in the
//! sanitizer (`ASAN_OPTIONS=detect_leaks=0 cargo fuzz run -a cli_batch --
//! -detect_leaks=0`): a scope of threads ends once each worker has said it is
//! done, which can be before the worker has freed its handle and thread-local
//! state, and LeakSanitizer reports those as leaked.
#![no_main]

use std::fmt::Display;
use std::io::{self, Read, Write};

use libfuzzer_sys::fuzz_target;

#[allow(dead_code, unused_imports)]
#[path = "../../cli/src/batch/mod.rs"]
mod batch;

use batch::Processor;

/// What the batch module needs of the command line's crate root.
#[derive(Debug)]
pub enum Failure {
    /// Standard input could not be read.
    ReadInput(io::Error),
    /// The output could not be written.
    Write(io::Error),
}

impl Failure {
    /// A failure to write the output.
    pub fn stdout(error: io::Error) -> Failure {
        Failure::Write(error)
    }
}

/// What the batch module asks of the command line's streams: here the
/// input is never closed.
mod standard_streams {
    /// Standard input was open at the start.
    pub fn check_stdin() -> std::io::Result<()> {
        Ok(())
    }
}

/// Answers a line with its length, a refused line with `!`.
#[derive(Clone)]
struct Lengths;

impl Processor for Lengths {
    fn answer_str<W: Write>(&mut self, input: &str, out: &mut W) -> io::Result<()> {
        writeln!(out, "{}", input.len())
    }

    fn refuse<W: Write>(&mut self, _: &[u8], _: &dyn Display, out: &mut W) -> io::Result<()> {
        writeln!(out, "!")
    }
}

/// Gives its bytes in reads of the sizes it is told, in turn.
struct Chunks {
    bytes: Vec<u8>,
    at: usize,
    sizes: [usize; 4],
    turn: usize,
}

impl Read for Chunks {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let size = self.sizes[self.turn % 4];
        self.turn += 1;
        let rest = &self.bytes[self.at..];
        let n = size.min(buf.len()).min(rest.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.at += n;
        Ok(n)
    }
}

/// The answers the contract asks for.
fn model(input: &[u8]) -> String {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let mut out = String::new();
    for line in lines {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        match std::str::from_utf8(line) {
            Ok(text) => out.push_str(&format!("{}\n", text.len())),
            Err(_) => out.push_str("!\n"),
        }
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let Some((&knobs, input)) = data.split_first() else {
        return;
    };
    let threads = usize::from(knobs & 3) + 1;
    let sizes = [
        usize::from(knobs >> 2 & 3) + 1,
        usize::from(knobs >> 4 & 3) * 7 + 1,
        usize::from(knobs >> 6) * 100 + 1,
        1 << 16,
    ];
    let reader = Chunks {
        bytes: input.to_vec(),
        at: 0,
        sizes,
        turn: 0,
    };
    let mut out = Vec::new();
    batch::answer_reader(reader, &mut out, &mut Lengths, threads).expect("in-memory I/O");
    let out = String::from_utf8(out).expect("answers are UTF-8");
    assert_eq!(out, model(input), "{threads} threads, reads of {sizes:?}");
});
