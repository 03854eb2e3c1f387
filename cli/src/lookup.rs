//! `etld lookup`: the public suffix and registrable domain of each host.
//!
//! Plain output is `REGISTRABLE<TAB>SUFFIX` (either may be empty) or
//! `error: MESSAGE`; `--json` writes one object per line. A valid lower-case
//! ASCII host is answered with slices of the input line itself, written
//! straight into the output buffer: no allocation per host.

use std::cell::Cell;
use std::fmt::Display;
use std::io::{self, Write};

use serde::{Serialize, Serializer};

use crate::batch::{self, Processor};
use crate::cli::LookupArgs;
use crate::commands::load_list;
use crate::Failure;

/// Runs `etld lookup`.
pub fn run(args: &LookupArgs) -> Result<(), Failure> {
    let (list, _) = load_list(args.list.as_deref())?;
    let mut lookup = Lookup {
        list: &list,
        options: args.options(),
        json: args.json,
        scratch: Vec::new(),
    };
    batch::run_threads(&args.hosts, &mut lookup, "hosts", args.threads())
}

/// Answers hosts from one list with one set of options.
#[derive(Clone)]
pub struct Lookup<'l> {
    /// The list.
    pub list: &'l etld::List,
    /// The options of every lookup.
    pub options: etld::Options,
    /// Whether to write JSON objects instead of plain lines.
    pub json: bool,
    /// The reused buffer of a JSON line.
    pub scratch: Vec<u8>,
}

/// One `--json` answer. The keys are written in this order.
#[derive(Serialize)]
struct Answer<'a> {
    input: &'a str,
    suffix: Option<&'a str>,
    registrable: Option<&'a str>,
    section: Option<&'static str>,
    known: bool,
    error: Option<Message<'a>>,
}

/// An error message serialized straight from its `Display`.
pub struct Message<'a>(pub &'a dyn Display);

impl Serialize for Message<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self.0)
    }
}

impl Lookup<'_> {
    /// Writes the answer line for `host`.
    fn write<W: Write>(&mut self, host: &str, a: etld::Answer<'_>, out: &mut W) -> io::Result<()> {
        if self.json {
            let error = a.error();
            let answer = Answer {
                input: host,
                suffix: a.suffix(),
                registrable: a.registrable(),
                section: a.section().map(|s| s.as_str()),
                known: a.is_known(),
                error: error.as_ref().map(|e| Message(e)),
            };
            return write_json(out, &mut self.scratch, &answer);
        }
        match a.error() {
            None => {
                if let Some(r) = a.registrable() {
                    out.write_all(r.as_bytes())?;
                }
                out.write_all(b"\t")?;
                if let Some(s) = a.suffix() {
                    out.write_all(s.as_bytes())?;
                }
                out.write_all(b"\n")
            }
            Some(e) => writeln!(out, "error: {e}"),
        }
    }
}

impl Processor for Lookup<'_> {
    fn answer_str<W: Write>(&mut self, host: &str, out: &mut W) -> io::Result<()> {
        self.answer_lines_of(std::iter::once(host), out).map(drop)
    }

    fn answer_lines<W: Write>(&mut self, text: &str, out: &mut W) -> io::Result<u64> {
        self.answer_lines_of(batch::lines_of(text), out)
    }

    fn refuse<W: Write>(
        &mut self,
        input: &[u8],
        message: &dyn Display,
        out: &mut W,
    ) -> io::Result<()> {
        let scratch = &mut self.scratch;
        write_refusal(out, self.json, input, message, |out, input| {
            let answer = Answer {
                input,
                suffix: None,
                registrable: None,
                section: None,
                known: false,
                error: Some(Message(message)),
            };
            write_json(out, scratch, &answer)
        })
    }
}

impl Lookup<'_> {
    /// Answers `hosts` in one batch (`List::lookup_each_with`): no
    /// allocation for a lower-case host, whose answer is a slice of it.
    fn answer_lines_of<'h, W: Write>(
        &mut self,
        hosts: impl Iterator<Item = &'h str>,
        out: &mut W,
    ) -> io::Result<u64> {
        // The batch takes each host from the iterator just before it
        // answers it: the host of each answer, for `--json`.
        let host = Cell::new("");
        let hosts = hosts.inspect(|h| host.set(h));
        let (mut answered, mut result) = (0, Ok(()));
        let list = self.list;
        let options = self.options;
        list.lookup_each_with(hosts, &options, |_, a| {
            if result.is_ok() {
                result = self.write(host.get(), a, out);
            }
            answered += 1;
        });
        result.map(|()| answered)
    }
}

/// Writes the answer to an input that could not be handled: with `json`,
/// what `write_answer` writes for the input (lossy UTF-8); else
/// `error: MESSAGE`. Shared by every batch command.
pub fn write_refusal<W: Write>(
    out: &mut W,
    json: bool,
    input: &[u8],
    message: &dyn Display,
    write_answer: impl FnOnce(&mut W, &str) -> io::Result<()>,
) -> io::Result<()> {
    if json {
        write_answer(out, &String::from_utf8_lossy(input))
    } else {
        writeln!(out, "error: {message}")
    }
}

/// Writes one JSON object and a newline, serialized into `scratch` (a
/// buffer reused from line to line) and written out in one piece.
pub fn write_json<W: Write, T: Serialize>(
    out: &mut W,
    scratch: &mut Vec<u8>,
    value: &T,
) -> io::Result<()> {
    scratch.clear();
    serde_json::to_writer(&mut *scratch, value)?;
    scratch.push(b'\n');
    out.write_all(scratch)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(options: etld::Options, json: bool, input: &[u8]) -> String {
        let mut lookup = Lookup {
            list: etld::List::builtin(),
            options,
            json,
            scratch: Vec::new(),
        };
        let mut out = Vec::new();
        lookup.answer(input, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn plain_lines() {
        let o = etld::Options::new();
        assert_eq!(
            answer(o, false, b"www.example.co.uk"),
            "example.co.uk\tco.uk\n"
        );
        assert_eq!(answer(o, false, b"co.uk"), "\tco.uk\n");
        assert_eq!(answer(o, false, b""), "error: empty host\n");
        assert_eq!(
            answer(o, false, b"a\xffb.com"),
            "error: invalid UTF-8 at byte 1\n"
        );
        let strict = o.implicit_rule(false);
        assert_eq!(answer(strict, false, b"foo.unlisted-tld"), "\t\n");
    }

    #[test]
    fn json_lines() {
        let o = etld::Options::new();
        assert_eq!(
            answer(o, true, b"me.github.io"),
            r#"{"input":"me.github.io","suffix":"github.io","registrable":"me.github.io","section":"private","known":true,"error":null}"#.to_string() + "\n"
        );
        assert_eq!(
            answer(o, true, b"a\xff"),
            "{\"input\":\"a\u{fffd}\",\"suffix\":null,\"registrable\":null,\"section\":null,\"known\":false,\"error\":\"invalid UTF-8 at byte 1\"}\n"
        );
    }
}
