//! `etld lookup`: the public suffix and registrable domain of each host.
//!
//! Plain output is `REGISTRABLE<TAB>SUFFIX` (either may be empty) or
//! `error: MESSAGE`; `--json` writes one object per line. A valid lower-case
//! ASCII host is answered with slices of the input line itself, written
//! straight into the output buffer: no allocation per host.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt::Display;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Serialize, Serializer};

use crate::batch::{self, Processor};
use crate::cli::{Field, LookupArgs};
use crate::commands::load_layered;
use crate::Failure;

/// Runs `etld lookup`.
pub fn run(args: &LookupArgs) -> Result<(), Failure> {
    let (list, _) = load_layered(&args.list.files)?;
    let url_like = AtomicU64::new(0);
    let mut lookup = Lookup {
        list: &list,
        options: args.list.lookup.options(),
        json: args.json,
        fields: args.fields.clone(),
        url: args.url,
        scratch: Vec::new(),
        url_like: &url_like,
    };
    let result = batch::run_threads(&args.hosts, &mut lookup, "hosts", args.threads());
    // Once, after the answers, on stderr: stdout keeps one line an input.
    let _ = match url_like.load(Ordering::Relaxed) {
        0 => Ok(()),
        1 => writeln!(
            io::stderr().lock(),
            "etld: 1 invalid host looks like a URL (or host:port, or an e-mail address); \
             --url looks up its host"
        ),
        n => writeln!(
            io::stderr().lock(),
            "etld: {n} invalid hosts look like URLs (or host:port, or e-mail addresses); \
             --url looks up their hosts"
        ),
    };
    result
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
    /// The columns of `--fields`; `None`: `REGISTRABLE<TAB>SUFFIX`.
    pub fields: Option<Vec<Field>>,
    /// Whether each input is a URL whose host is looked up.
    pub url: bool,
    /// The reused buffer of a JSON line or of an error message.
    pub scratch: Vec<u8>,
    /// How many invalid hosts looked like URLs (without `--url`), counted
    /// across the batch's threads for one note on stderr at the end.
    pub url_like: &'l AtomicU64,
}

/// One `--json` answer. The keys are written in this order.
#[derive(Serialize)]
struct Answer<'a> {
    input: &'a str,
    /// With `--url` only: the host taken out of the input, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    host: Option<Option<&'a str>>,
    suffix: Option<&'a str>,
    registrable: Option<&'a str>,
    subdomain: Option<&'a str>,
    label: Option<&'a str>,
    section: Option<&'static str>,
    known: bool,
    /// The prevailing rule, canonical (`*` for the implicit rule).
    rule: Option<Cow<'a, str>>,
    /// The answer under ICANN-only sections.
    icann_suffix: Option<&'a str>,
    icann_registrable: Option<&'a str>,
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
    /// Writes the line for `input`, whose host (if it has one) is `host`:
    /// the lookup's answer, or why there is none. `raw` is the input's own
    /// bytes when they are not UTF-8 (`input` is then their lossy text),
    /// which `--fields` writes escaped, so that its escaping can be undone.
    fn write<W: Write>(
        &mut self,
        input: &str,
        raw: Option<&[u8]>,
        host: Option<&str>,
        outcome: Result<etld::Answer<'_>, &dyn Display>,
        out: &mut W,
    ) -> io::Result<()> {
        let host_error = outcome.as_ref().ok().and_then(etld::Answer::error);
        // Taken out of a URL, the host's error says it counts the host's
        // bytes, not the input's.
        let url_error = host_error
            .filter(|_| self.url)
            .map(etld::UrlLookupError::Host);
        let error: Option<&dyn Display> = match (&outcome, &url_error, &host_error) {
            (Err(message), _, _) => Some(*message),
            (Ok(_), Some(e), _) => Some(e),
            (Ok(_), None, Some(e)) => Some(e),
            (Ok(_), None, None) => None,
        };
        if host_error.is_some() && !self.url && etld::url::looks_like_url(input) {
            self.url_like.fetch_add(1, Ordering::Relaxed);
        }
        let a = outcome.ok();
        if self.json {
            let answer = Answer {
                input,
                host: self.url.then_some(host),
                suffix: a.as_ref().and_then(|a| a.suffix()),
                registrable: a.as_ref().and_then(|a| a.registrable()),
                subdomain: a.as_ref().and_then(|a| a.subdomain()),
                label: a.as_ref().and_then(|a| a.registrable_label()),
                section: a.as_ref().and_then(|a| a.section()).map(|s| s.as_str()),
                known: a.as_ref().is_some_and(|a| a.is_known()),
                rule: a.as_ref().and_then(|a| a.rule()),
                icann_suffix: a.as_ref().and_then(|a| a.icann_suffix()),
                icann_registrable: a.as_ref().and_then(|a| a.icann_registrable()),
                error: error.map(Message),
            };
            return write_json(out, &mut self.scratch, &answer);
        }
        let Some(fields) = &self.fields else {
            return match (error, &a) {
                (Some(e), _) => writeln!(out, "error: {e}"),
                (None, a) => {
                    let a = a.as_ref();
                    let registrable = a.and_then(|a| a.registrable()).unwrap_or("");
                    let suffix = a.and_then(|a| a.suffix()).unwrap_or("");
                    out.write_all(registrable.as_bytes())?;
                    out.write_all(b"\t")?;
                    out.write_all(suffix.as_bytes())?;
                    out.write_all(b"\n")
                }
            };
        };
        for (i, field) in fields.iter().enumerate() {
            if i > 0 {
                out.write_all(b"\t")?;
            }
            let a = a.as_ref();
            // Written only when asked: the rule and the site key are text
            // made for them.
            let (rule, site);
            let text = match field {
                Field::Input => match raw {
                    Some(raw) => {
                        write_column(out, raw)?;
                        None
                    }
                    None => Some(input),
                },
                Field::Host => host,
                Field::Subdomain => a.and_then(|a| a.subdomain()),
                Field::Label => a.and_then(|a| a.registrable_label()),
                Field::Registrable => a.and_then(|a| a.registrable()),
                Field::Suffix => a.and_then(|a| a.suffix()),
                Field::Section => a.and_then(|a| a.section()).map(|s| s.as_str()),
                Field::Rule => {
                    rule = a.and_then(|a| a.rule());
                    rule.as_deref()
                }
                Field::IcannSuffix => a.and_then(|a| a.icann_suffix()),
                Field::IcannRegistrable => a.and_then(|a| a.icann_registrable()),
                Field::Site => {
                    site = a.and_then(|a| self.site(host, a));
                    site.as_deref()
                }
                Field::Known => Some(match a.is_some_and(|a| a.is_known()) {
                    true => "true",
                    false => "false",
                }),
                Field::Error => {
                    if let Some(e) = error {
                        self.scratch.clear();
                        write!(self.scratch, "{e}")?;
                        write_column(out, &self.scratch)?;
                    }
                    None
                }
            };
            write_column(out, text.unwrap_or("").as_bytes())?;
        }
        out.write_all(b"\n")
    }

    /// The site key of `host`, whose answer is `a`: the registrable domain
    /// in ASCII without a trailing dot. An answer in ASCII is in the ASCII
    /// form already (a Unicode form of an A-label is never ASCII); a host
    /// answered in Unicode is looked up again for its ASCII form.
    fn site<'a>(&self, host: Option<&str>, a: &etld::Answer<'a>) -> Option<Cow<'a, str>> {
        let registrable = a.registrable()?;
        if registrable.is_ascii() {
            return Some(Cow::Borrowed(
                registrable.strip_suffix('.').unwrap_or(registrable),
            ));
        }
        let options = self.options.output(etld::Output::Ascii);
        let d = self.list.lookup_with(host?, &options).ok()?;
        let r = d.registrable()?;
        Some(Cow::Owned(r.strip_suffix('.').unwrap_or(r).to_string()))
    }

    /// Answers one input taken as a URL: the lookup of its host, or why it
    /// has none.
    fn answer_url<W: Write>(&mut self, input: &str, out: &mut W) -> io::Result<()> {
        let host = match etld::url::host(input) {
            Ok(host) => host,
            Err(e) => return self.write(input, None, None, Err(&e), out),
        };
        let (list, options) = (self.list, self.options);
        let mut result = Ok(());
        list.lookup_each_with(std::iter::once(&*host), &options, |_, a| {
            result = self.write(input, None, Some(&host), Ok(a), out);
        });
        result
    }
}

/// Writes a column of `--fields`, escaped as PostgreSQL's COPY text format
/// escapes a value, so that each input gives one line whatever its bytes and
/// the escaping can be undone: a backslash as `\\`; tab, LF, CR, backspace,
/// form feed and vertical tab as `\t`, `\n`, `\r`, `\b`, `\f`, `\v`; every
/// other control character (C0, DEL, C1) as its UTF-8 bytes in `\xHH` form,
/// and so every byte that is not part of UTF-8.
pub fn write_column<W: Write>(out: &mut W, bytes: &[u8]) -> io::Result<()> {
    for chunk in bytes.utf8_chunks() {
        write_text_column(out, chunk.valid().as_bytes())?;
        for byte in chunk.invalid() {
            write!(out, "\\x{byte:02X}")?;
        }
    }
    Ok(())
}

/// [`write_column`] for UTF-8.
fn write_text_column<W: Write>(out: &mut W, bytes: &[u8]) -> io::Result<()> {
    let mut clean = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        // A C1 control is U+0080..=U+009F: 0xC2 then 0x80..=0x9F in UTF-8.
        let width = match b {
            b'\\' | 0x00..=0x1f | 0x7f => 1,
            0xc2 if matches!(bytes.get(i + 1), Some(0x80..=0x9f)) => 2,
            _ => {
                i += 1;
                continue;
            }
        };
        out.write_all(&bytes[clean..i])?;
        match b {
            b'\\' => out.write_all(b"\\\\")?,
            b'\t' => out.write_all(b"\\t")?,
            b'\n' => out.write_all(b"\\n")?,
            b'\r' => out.write_all(b"\\r")?,
            0x08 => out.write_all(b"\\b")?,
            0x0c => out.write_all(b"\\f")?,
            0x0b => out.write_all(b"\\v")?,
            _ => {
                for byte in &bytes[i..i + width] {
                    write!(out, "\\x{byte:02X}")?;
                }
            }
        }
        i += width;
        clean = i;
    }
    out.write_all(&bytes[clean..])
}

impl Processor for Lookup<'_> {
    fn answer_str<W: Write>(&mut self, host: &str, out: &mut W) -> io::Result<()> {
        self.answer_lines_of(std::iter::once(host), out).map(drop)
    }

    fn answer_lines<W: Write>(&mut self, text: &str, out: &mut W) -> io::Result<u64> {
        self.answer_lines_of(batch::lines_of(text), out)
    }

    fn refuse<W: Write>(&mut self, input: &[u8], why: &dyn Display, out: &mut W) -> io::Result<()> {
        let text = String::from_utf8_lossy(input);
        let raw = matches!(text, Cow::Owned(_)).then_some(input);
        self.write(&text, raw, None, Err(why), out)
    }
}

impl Lookup<'_> {
    /// Answers `hosts` in one batch (`List::lookup_each_with`): no
    /// allocation for a lower-case host, whose answer is a slice of it.
    /// With `--url`, each input's host is taken out of it first.
    fn answer_lines_of<'h, W: Write>(
        &mut self,
        hosts: impl Iterator<Item = &'h str>,
        out: &mut W,
    ) -> io::Result<u64> {
        if self.url {
            let mut answered = 0;
            for input in hosts {
                self.answer_url(input, out)?;
                answered += 1;
            }
            return Ok(answered);
        }
        // The batch takes each host from the iterator just before it
        // answers it: the host of each answer, for `--json`.
        let host = Cell::new("");
        let hosts = hosts.inspect(|h| host.set(h));
        let (mut answered, mut result) = (0, Ok(()));
        let list = self.list;
        let options = self.options;
        list.lookup_each_with(hosts, &options, |_, a| {
            if result.is_ok() {
                result = self.write(host.get(), None, Some(host.get()), Ok(a), out);
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
            fields: None,
            url: false,
            scratch: Vec::new(),
            url_like: &AtomicU64::new(0),
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
            r#"{"input":"me.github.io","suffix":"github.io","registrable":"me.github.io","subdomain":null,"label":"me","section":"private","known":true,"rule":"github.io","icann_suffix":"io","icann_registrable":"github.io","error":null}"#.to_string() + "\n"
        );
        assert_eq!(
            answer(o, true, b"a\xff"),
            "{\"input\":\"a\u{fffd}\",\"suffix\":null,\"registrable\":null,\"subdomain\":null,\"label\":null,\"section\":null,\"known\":false,\"rule\":null,\"icann_suffix\":null,\"icann_registrable\":null,\"error\":\"invalid UTF-8 at byte 1\"}\n"
        );
    }
}
