//! `etld idna to-ascii|to-unicode`: UTS 46 processing of domain names with
//! the flags of the WHATWG URL standard ([`etld::uts46`]).

use std::borrow::Cow;

use crate::batch;
use crate::cli::{IdnaArgs, IdnaOp};
use crate::convert::{Conversion, Converter};
use crate::Failure;

/// Runs `etld idna to-ascii|to-unicode`.
pub fn run(args: &IdnaArgs) -> Result<(), Failure> {
    let (ascii, op) = match &args.op {
        IdnaOp::ToAscii(op) => (true, op),
        IdnaOp::ToUnicode(op) => (false, op),
    };
    let mut converter = Converter::new(Idna { ascii }, op.json);
    batch::run(&op.names, &mut converter, "names")
}

/// UTS 46 processing of a name, to its ASCII form (`ascii`) or its Unicode
/// form.
pub struct Idna {
    ascii: bool,
}

impl Conversion for Idna {
    type Error = etld::uts46::Error;

    fn convert<'a>(&self, name: &'a str) -> Result<Cow<'a, str>, etld::uts46::Error> {
        match self.ascii {
            true => etld::uts46::to_ascii(name),
            false => etld::uts46::to_unicode(name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn convert(ascii: bool, input: &str) -> Result<String, String> {
        Idna { ascii }
            .convert(input)
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
