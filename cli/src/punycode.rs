//! `etld punycode encode|decode`: RFC 3492 Punycode, of strings or (with
//! `--domain`) of whole domain names label by label.

use std::fmt::{self, Display};
use std::io::{self, Write};

use serde::Serialize;

use crate::batch::{self, Processor};
use crate::cli::{PunycodeArgs, PunycodeOp, PunycodeOpArgs};
use crate::lookup::{write_json, write_refusal, Message};
use crate::Failure;

/// Runs `etld punycode encode|decode`.
pub fn run(args: &PunycodeArgs) -> Result<(), Failure> {
    let (encode, op) = match &args.op {
        PunycodeOp::Encode(op) => (true, op),
        PunycodeOp::Decode(op) => (false, op),
    };
    let mut converter = Converter::new(encode, op);
    batch::run(&op.strings, &mut converter, "strings")
}

/// Converts strings one way.
pub struct Converter {
    encode: bool,
    domain: bool,
    json: bool,
    scratch: Vec<u8>,
}

impl Converter {
    /// A converter for `etld punycode encode` (`encode`) or `decode` with
    /// these arguments.
    pub fn new(encode: bool, args: &PunycodeOpArgs) -> Converter {
        Converter {
            encode,
            domain: args.domain,
            json: args.json,
            scratch: Vec::new(),
        }
    }

    /// Converts one string.
    fn convert(&self, input: &str) -> Result<String, ConvertError> {
        if !self.domain {
            let result = if self.encode {
                etld_punycode::encode(input)
            } else {
                etld_punycode::decode(input)
            };
            return result.map_err(|error| ConvertError { label: None, error });
        }
        let mut out = String::with_capacity(input.len() + 8);
        for (i, label) in input
            .split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
            .enumerate()
        {
            if i > 0 {
                out.push('.');
            }
            let converted = if self.encode {
                etld_punycode::to_ascii_label(label)
            } else {
                etld_punycode::to_unicode_label(label)
            };
            match converted {
                Ok(s) => out.push_str(&s),
                Err(error) => {
                    return Err(ConvertError {
                        label: Some(label.to_string()),
                        error,
                    })
                }
            }
        }
        Ok(out)
    }
}

/// Why a string could not be converted.
#[derive(Debug)]
struct ConvertError {
    /// With `--domain`: the label at fault.
    label: Option<String>,
    error: etld_punycode::Error,
}

impl Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.label {
            Some(label) => write!(f, "label {label:?}: {}", self.error),
            None => self.error.fmt(f),
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

    fn convert(encode: bool, domain: bool, input: &str) -> Result<String, String> {
        let c = Converter {
            encode,
            domain,
            json: false,
            scratch: Vec::new(),
        };
        c.convert(input).map_err(|e| e.to_string())
    }

    #[test]
    fn strings_and_domains() {
        assert_eq!(convert(true, false, "bücher").as_deref(), Ok("bcher-kva"));
        assert_eq!(convert(false, false, "bcher-kva").as_deref(), Ok("bücher"));
        assert_eq!(convert(true, false, "").as_deref(), Ok(""));
        assert_eq!(
            convert(true, true, "Bücher.DE").as_deref(),
            Ok("xn--bcher-kva.de")
        );
        assert_eq!(
            convert(false, true, "xn--85x722f.xn--55qx5d.cn").as_deref(),
            Ok("食狮.公司.cn")
        );
        assert_eq!(
            convert(true, true, "食狮。公司.cn").as_deref(),
            Ok("xn--85x722f.xn--55qx5d.cn")
        );
        assert!(convert(false, false, "-tda").is_err());
        let e = convert(false, true, "a.xn--abc-.de").unwrap_err();
        assert!(e.starts_with("label \"xn--abc-\": "), "{e}");
    }
}
