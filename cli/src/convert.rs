//! Commands that convert each input string into another (`etld punycode`,
//! `etld idna`): one line out per line in, the converted string (escaped
//! as a column of `etld lookup --fields`) or an error line, or with
//! `--json` one object `{"input","output","error"}` a line.
//!
//! A command supplies its [`Conversion`]; a [`Converter`] answers the batch
//! with it, as `etld lookup` answers hosts.

use std::borrow::Cow;
use std::fmt::Display;
use std::io::{self, Write};

use serde::Serialize;

use crate::batch::Processor;
use crate::lookup::{write_column, write_json, write_refusal, Message};

/// What a command does to one string.
pub trait Conversion {
    /// Why a string could not be converted: the error line's message.
    type Error: Display;

    /// Converts one string.
    fn convert<'a>(&self, input: &'a str) -> Result<Cow<'a, str>, Self::Error>;
}

/// Answers a batch of strings with a [`Conversion`].
pub struct Converter<C> {
    conversion: C,
    json: bool,
    scratch: Vec<u8>,
}

impl<C: Conversion> Converter<C> {
    /// A converter that writes lines, or JSON objects with `json`.
    pub fn new(conversion: C, json: bool) -> Converter<C> {
        Converter {
            conversion,
            json,
            scratch: Vec::new(),
        }
    }
}

/// One `--json` answer. The keys are written in this order.
#[derive(Serialize)]
struct Answer<'a> {
    input: &'a str,
    output: Option<&'a str>,
    error: Option<Message<'a>>,
}

impl<C: Conversion> Processor for Converter<C> {
    fn answer_str<W: Write>(&mut self, text: &str, out: &mut W) -> io::Result<()> {
        match self.conversion.convert(text) {
            Ok(output) if self.json => write_json(
                out,
                &mut self.scratch,
                &Answer {
                    input: text,
                    output: Some(&output),
                    error: None,
                },
            ),
            Ok(output) => {
                // Escaped as `--fields` escapes a column: a string with a
                // line break or another control character in it (an
                // argument, or a code point Punycode decodes to) is still
                // one line.
                write_column(out, output.as_bytes())?;
                out.write_all(b"\n")
            }
            Err(e) => self.refuse(text.as_bytes(), &e, out),
        }
    }

    fn refuse<W: Write>(&mut self, input: &[u8], why: &dyn Display, out: &mut W) -> io::Result<()> {
        let scratch = &mut self.scratch;
        write_refusal(out, self.json, input, why, |out, input| {
            let answer = Answer {
                input,
                output: None,
                error: Some(Message(why)),
            };
            write_json(out, scratch, &answer)
        })
    }
}
