//! `etld lookup`: the public suffix and registrable domain of each host.
//!
//! Plain output is `REGISTRABLE<TAB>SUFFIX` (either may be empty) or
//! `error: MESSAGE`; `--json` writes one object per line. A valid lower-case
//! ASCII host is answered with slices of the input line itself, written
//! straight into the output buffer: no allocation per host.

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
    batch::run(&args.hosts, &mut lookup, "hosts")
}

/// Answers hosts from one list with one set of options.
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

impl Processor for Lookup<'_> {
    fn answer_str<W: Write>(&mut self, host: &str, out: &mut W) -> io::Result<()> {
        match self.list.lookup_with(host, &self.options) {
            Ok(d) if self.json => write_json(
                out,
                &mut self.scratch,
                &Answer {
                    input: host,
                    suffix: d.suffix(),
                    registrable: d.registrable(),
                    section: d.section().map(|s| s.as_str()),
                    known: d.is_known(),
                    error: None,
                },
            ),
            Ok(d) => {
                if let Some(r) = d.registrable() {
                    out.write_all(r.as_bytes())?;
                }
                out.write_all(b"\t")?;
                if let Some(s) = d.suffix() {
                    out.write_all(s.as_bytes())?;
                }
                out.write_all(b"\n")
            }
            Err(e) => self.refuse(host.as_bytes(), &e, out),
        }
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
