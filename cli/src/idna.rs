//! `etld idna to-ascii|to-unicode`: UTS 46 processing of domain names with
//! the flags of the WHATWG URL standard ([`etld::uts46`]).

use std::fmt::Display;
use std::io::{self, Write};

use serde::Serialize;

use crate::batch::{self, Processor};
use crate::cli::{IdnaArgs, IdnaOp, IdnaOpArgs};
use crate::lookup::{write_json, write_refusal, Message};
use crate::Failure;

/// Runs `etld idna to-ascii|to-unicode`.
pub fn run(args: &IdnaArgs) -> Result<(), Failure> {
    let (ascii, op) = match &args.op {
        IdnaOp::ToAscii(op) => (true, op),
        IdnaOp::ToUnicode(op) => (false, op),
    };
    let mut converter = Converter::new(ascii, op);
    batch::run(&op.names, &mut converter, "names")
}

/// Processes names one way.
pub struct Converter {
    ascii: bool,
    json: bool,
    scratch: Vec<u8>,
}

impl Converter {
    /// A converter for `etld idna to-ascii` (`ascii`) or `to-unicode`.
    pub fn new(ascii: bool, args: &IdnaOpArgs) -> Converter {
        Converter {
            ascii,
            json: args.json,
            scratch: Vec::new(),
        }
    }

    fn convert<'a>(&self, name: &'a str) -> Result<std::borrow::Cow<'a, str>, etld::uts46::Error> {
        match self.ascii {
            true => etld::uts46::to_ascii(name),
            false => etld::uts46::to_unicode(name),
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

impl Processor for Converter {
    fn answer_str<W: Write>(&mut self, text: &str, out: &mut W) -> io::Result<()> {
        match self.convert(text) {
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
                out.write_all(output.as_bytes())?;
                out.write_all(b"\n")
            }
            Err(e) => self.refuse(text.as_bytes(), &e, out),
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
                output: None,
                error: Some(Message(message)),
            };
            write_json(out, scratch, &answer)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn convert(ascii: bool, input: &str) -> Result<String, String> {
        let c = Converter {
            ascii,
            json: false,
            scratch: Vec::new(),
        };
        c.convert(input)
            .map(|s| s.into_owned())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn both_ways() {
        assert_eq!(convert(true, "Faß.DE").as_deref(), Ok("xn--fa-hia.de"));
        assert_eq!(convert(false, "xn--fa-hia.de").as_deref(), Ok("faß.de"));
        assert_eq!(
            convert(true, "goo\u{AD}gle.com").as_deref(),
            Ok("google.com")
        );
        assert!(convert(true, "xn--31m-dda.com").is_err());
    }
}
