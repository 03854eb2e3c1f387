//! The batch driver's tests: lines, blocks, byte order marks and threads.

use std::fmt::Display;
use std::io::{self, BufReader, Read, Write};

use super::bom::{SkipBom, BOM};
use super::parallel::parallel;
use super::progress::Progress;
use super::serial::lines;
use super::split::{block, may_hold_long_line};
use super::{answer_reader, Processor, MAX_LINE};

/// Echoes each input with its length, or the error message.
#[derive(Clone)]
struct Echo;

impl Processor for Echo {
    fn answer_str<W: Write>(&mut self, input: &str, out: &mut W) -> io::Result<()> {
        writeln!(out, "{}:{input}", input.len())
    }

    fn refuse<W: Write>(&mut self, input: &[u8], why: &dyn Display, out: &mut W) -> io::Result<()> {
        writeln!(out, "{}:error: {why}", input.len())
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
