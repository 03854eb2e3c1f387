//! `etld punycode encode|decode`: RFC 3492 Punycode, of strings or (with
//! `--domain`) of whole domain names label by label.

use std::borrow::Cow;
use std::fmt::{self, Display};

use crate::batch;
use crate::cli::{PunycodeArgs, PunycodeOp};
use crate::convert::{Conversion, Converter};
use crate::Failure;

/// Runs `etld punycode encode|decode`.
pub fn run(args: &PunycodeArgs) -> Result<(), Failure> {
    let (encode, op) = match &args.op {
        PunycodeOp::Encode(op) => (true, op),
        PunycodeOp::Decode(op) => (false, op),
    };
    let punycode = Punycode {
        encode,
        domain: op.domain,
    };
    let mut converter = Converter::new(punycode, op.json);
    batch::run(&op.strings, &mut converter, "strings")
}

/// RFC 3492 Punycode one way (`encode`, or decode), of a string or (with
/// `domain`) of a domain name label by label.
pub struct Punycode {
    encode: bool,
    domain: bool,
}

impl Conversion for Punycode {
    type Error = ConvertError;

    fn convert<'a>(&self, input: &'a str) -> Result<Cow<'a, str>, ConvertError> {
        self.convert_owned(input).map(Cow::Owned)
    }
}

impl Punycode {
    /// Converts one string.
    fn convert_owned(&self, input: &str) -> Result<String, ConvertError> {
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
pub struct ConvertError {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn convert(encode: bool, domain: bool, input: &str) -> Result<String, String> {
        Punycode { encode, domain }
            .convert_owned(input)
            .map_err(|e| e.to_string())
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
