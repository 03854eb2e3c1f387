//! Why UTS 46 processing refused a name.

use std::fmt;

pub use super::bidi::BidiRule;

/// Why a name failed UTS 46 processing: which step or validity criterion,
/// and where.
///
/// `offset` is a byte offset into the name as given: the offending code
/// point itself where there is one in the input, else the start of the
/// label (an `xn--` label's contents exist only once decoded). For a code
/// point that normalisation produced, it is the input code point the
/// composed one came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// A disallowed code point (processing step 1, the mapping).
    Disallowed {
        /// Byte offset of the code point.
        offset: usize,
        /// The code point.
        code_point: char,
    },
    /// An `xn--` label holds a non-ASCII code point once mapped (processing
    /// step 4.1).
    ALabelNotAscii {
        /// Byte offset of the label.
        offset: usize,
    },
    /// An `xn--` label is not valid Punycode (processing step 4.2):
    /// [`etld_punycode::decode`] of it says what is wrong. (The error is
    /// kept small, a host's error being part of every lookup's result.)
    Punycode {
        /// Byte offset of the input code point where the decoder stopped
        /// (the one that maps to the offending digit), or of the label.
        offset: usize,
    },
    /// An `xn--` label is longer than the Punycode decoder takes
    /// ([`etld_punycode::Limits::DEFAULT`]: 2000 bytes), a cap that keeps
    /// the decoder's work, which grows with the square of the length,
    /// cheap; a DNS label holds at most 63 octets.
    ALabelTooLong {
        /// Byte offset of the label.
        offset: usize,
    },
    /// An `xn--` label decodes to nothing or to ASCII only (processing
    /// step 4.3).
    ALabelAsciiOnly {
        /// Byte offset of the label.
        offset: usize,
    },
    /// A decoded `xn--` label is not in NFC (validity criterion 1).
    NotNfc {
        /// Byte offset of the label.
        offset: usize,
    },
    /// A decoded `xn--` label starts with `xn--` itself (validity criterion 4,
    /// CheckHyphens off).
    ALabelPrefix {
        /// Byte offset of the label.
        offset: usize,
    },
    /// A label starts with a combining mark (validity criterion 5).
    LeadingCombiningMark {
        /// Byte offset of the mark, or of its `xn--` label.
        offset: usize,
        /// The mark.
        code_point: char,
    },
    /// A label holds a code point that is not valid: mapped, ignored or
    /// disallowed, made by normalisation (validity criterion 6; in a
    /// decoded `xn--` label, [`Error::ALabelNotValid`]).
    NotValid {
        /// Byte offset of the code point (of the input's code point that
        /// normalisation composed it from).
        offset: usize,
        /// The code point.
        code_point: char,
    },
    /// A ZERO WIDTH JOINER or NON-JOINER out of the context that RFC 5892
    /// appendix A allows (validity criterion 7, CheckJoiners; in a decoded
    /// `xn--` label, [`Error::ALabelContextJ`]).
    ContextJ {
        /// Byte offset of the joiner.
        offset: usize,
        /// The joiner.
        code_point: char,
    },
    /// An `xn--` label decodes to a code point that is not valid in a
    /// label (validity criterion 6): [`Error::NotValid`] of a code point
    /// the input does not hold.
    ALabelNotValid {
        /// Byte offset of the label.
        offset: usize,
        /// The code point it decodes to.
        code_point: char,
    },
    /// An `xn--` label decodes to a ZERO WIDTH JOINER or NON-JOINER out of
    /// the context RFC 5892 allows (validity criterion 7):
    /// [`Error::ContextJ`] of a joiner the input does not hold.
    ALabelContextJ {
        /// Byte offset of the label.
        offset: usize,
        /// The joiner.
        code_point: char,
    },
    /// A label of a name holding right-to-left characters breaks the Bidi
    /// rule of RFC 5893 (validity criterion 8, CheckBidi).
    Bidi {
        /// Byte offset of the character that breaks the rule, or of its
        /// `xn--` label.
        offset: usize,
        /// The condition broken.
        rule: BidiRule,
    },
    /// ToASCII: a label is too long to be encoded as Punycode (over
    /// [`etld_punycode::Limits::DEFAULT`]'s cap).
    Encode {
        /// Byte offset of the label.
        offset: usize,
    },
}

impl Error {
    /// The error of Punycode's decoder `e` on the digits of an `xn--` label
    /// that starts at byte `label`: at the offending digit, else at the
    /// label. `input` turns the digit's index in the label as mapped
    /// (`xn--` counted) into its byte offset in the name as given, which
    /// differs where mapping changed the label (`xn--aﬁ:b` maps to
    /// `xn--afi:b`).
    pub(crate) fn punycode(
        label: usize,
        e: &etld_punycode::Error,
        input: impl FnOnce(usize) -> usize,
    ) -> Error {
        if let etld_punycode::Error::InputTooLong { .. } = e {
            return Error::ALabelTooLong { offset: label };
        }
        Error::Punycode {
            offset: e.position().map_or(label, |p| input(p + 4)),
        }
    }

    /// The same error for a name that starts `by` bytes further on (a
    /// label checked alone, placed in its host).
    pub(crate) fn shifted(mut self, by: usize) -> Error {
        *self.offset_mut() += by;
        self
    }

    /// Byte offset in the name as given (see [`Error`]).
    pub fn offset(&self) -> usize {
        let mut e = *self;
        *e.offset_mut()
    }

    /// Where every kind keeps its offset.
    fn offset_mut(&mut self) -> &mut usize {
        match self {
            Error::Disallowed { offset, .. }
            | Error::ALabelNotAscii { offset }
            | Error::Punycode { offset, .. }
            | Error::ALabelTooLong { offset }
            | Error::ALabelAsciiOnly { offset }
            | Error::NotNfc { offset }
            | Error::ALabelPrefix { offset }
            | Error::LeadingCombiningMark { offset, .. }
            | Error::NotValid { offset, .. }
            | Error::ContextJ { offset, .. }
            | Error::ALabelNotValid { offset, .. }
            | Error::ALabelContextJ { offset, .. }
            | Error::Bidi { offset, .. }
            | Error::Encode { offset, .. } => offset,
        }
    }

    /// The step or criterion of UTS 46 (or the RFC it cites) that failed,
    /// in the status codes of Unicode's `IdnaTestV2.txt`: `P1`, `P4`, `V1`,
    /// `V4`, `V5`, `V6`, `C1`, `C2`, `B1`..`B6`, `A3`.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Disallowed { .. } => "P1",
            Error::ALabelNotAscii { .. }
            | Error::Punycode { .. }
            | Error::ALabelTooLong { .. }
            | Error::ALabelAsciiOnly { .. } => "P4",
            Error::NotNfc { .. } => "V1",
            Error::ALabelPrefix { .. } => "V4",
            Error::LeadingCombiningMark { .. } => "V5",
            Error::NotValid { .. } | Error::ALabelNotValid { .. } => "V6",
            Error::ContextJ { code_point, .. } | Error::ALabelContextJ { code_point, .. } => {
                if *code_point == '\u{200C}' {
                    "C1"
                } else {
                    "C2"
                }
            }
            Error::Bidi { rule, .. } => match rule.number() {
                1 => "B1",
                2 => "B2",
                3 => "B3",
                4 => "B4",
                5 => "B5",
                _ => "B6",
            },
            Error::Encode { .. } => "A3",
        }
    }
}

fn u(c: char) -> String {
    format!("U+{:04X}", c as u32)
}

/// The name of a joiner of the ContextJ rules.
fn joiner(c: char) -> &'static str {
    if c == '\u{200C}' {
        "ZERO WIDTH NON-JOINER"
    } else {
        "ZERO WIDTH JOINER"
    }
}

impl Error {
    /// The message without the byte: for a caller that gives the byte
    /// itself (a list's error, `line 2, byte 10: ...`). Both forms end
    /// with the step or criterion that failed ([`Error::code`]).
    pub(crate) fn unplaced(&self) -> impl fmt::Display + '_ {
        Message {
            error: self,
            placed: false,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Message {
            error: self,
            placed: true,
        }
        .fmt(f)
    }
}

/// An [`Error`]'s message, with its byte (`placed`) or without.
struct Message<'a> {
    error: &'a Error,
    placed: bool,
}

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let offset = self.error.offset();
        let at = |before: &str| {
            if self.placed {
                format!("{before}at byte {offset}")
            } else {
                String::new()
            }
        };
        match self.error {
            Error::Disallowed { code_point, .. } => {
                write!(f, "disallowed code point {}{}", u(*code_point), at(" "))
            }
            Error::ALabelNotAscii { .. } => {
                write!(f, "the xn-- label{} holds non-ASCII code points", at(" "))
            }
            Error::Punycode { .. } => {
                write!(f, "invalid Punycode in an xn-- label{}", at(", "))
            }
            Error::ALabelTooLong { .. } => write!(
                f,
                "the xn-- label{} is over {} bytes, the most the Punycode decoder takes",
                at(" "),
                etld_punycode::Limits::DEFAULT.max_decode_len
            ),
            Error::ALabelAsciiOnly { .. } => {
                write!(f, "the xn-- label{} decodes to ASCII only", at(" "))
            }
            Error::NotNfc { .. } => write!(f, "the xn-- label{} is not in NFC", at(" ")),
            Error::ALabelPrefix { .. } => write!(
                f,
                "the xn-- label{} decodes to a label starting with xn--",
                at(" ")
            ),
            Error::LeadingCombiningMark { code_point, .. } => write!(
                f,
                "the label{} starts with the combining mark {}",
                at(" "),
                u(*code_point)
            ),
            Error::NotValid { code_point, .. } => write!(
                f,
                "code point {}{} is not valid in a label",
                u(*code_point),
                at(" ")
            ),
            Error::ContextJ { code_point, .. } => write!(
                f,
                "{}{} is out of the context RFC 5892 allows",
                joiner(*code_point),
                at(" ")
            ),
            Error::ALabelNotValid { code_point, .. } => write!(
                f,
                "the xn-- label{} decodes to {}, which is not valid in a label",
                at(" "),
                u(*code_point)
            ),
            Error::ALabelContextJ { code_point, .. } => write!(
                f,
                "the xn-- label{} decodes to a {} out of the context RFC 5892 allows",
                at(" "),
                joiner(*code_point)
            ),
            Error::Bidi { rule, .. } => write!(
                f,
                "the label breaks condition {} of the Bidi rule (RFC 5893){}",
                rule.number(),
                at(" ")
            ),
            Error::Encode { .. } => {
                write!(f, "the label{} is too long to encode as Punycode", at(" "))
            }
        }?;
        write!(f, " (UTS 46 {})", self.error.code())
    }
}

impl std::error::Error for Error {}
