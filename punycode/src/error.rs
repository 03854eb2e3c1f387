//! The error type.

use core::fmt;

/// Everything that can go wrong while encoding, decoding or checking a label.
///
/// Positions are byte offsets into the input being decoded, or code point
/// indices into the input being encoded. The label helpers give byte
/// offsets into the label they were given, prefix included, whether they
/// decode it or encode it.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// A byte after the last delimiter is not a digit symbol of the base
    /// (`td_`, `ls8h=`, or a non-ASCII byte); from the label helpers, also
    /// the first code point of a Unicode label that starts with `xn--`
    /// (in any case or width) that is not ASCII, which an A-label cannot
    /// hold.
    InvalidDigit {
        /// Byte offset of the offending byte.
        position: usize,
        /// The offending byte.
        byte: u8,
    },
    /// A non-basic (non-ASCII) byte before the last delimiter.
    NonBasicBeforeDelimiter {
        /// Byte offset of the offending byte.
        position: usize,
    },
    /// The last delimiter is the first byte, so no basic code point precedes
    /// it (`-tda`, `-`). RFC 3492 only consumes a delimiter after at least one
    /// basic code point; lax decoders skip it and accept these.
    LeadingDelimiter {
        /// Byte offset of the delimiter.
        position: usize,
    },
    /// The input ended inside a variable-length integer.
    TruncatedDelta {
        /// Byte offset of the first digit of the unfinished integer.
        position: usize,
    },
    /// An integer, a weight or the code point left the 32-bit range
    /// (`99999999`); never a panic.
    Overflow {
        /// Decode: byte offset of the digit being read. Encode: index of the
        /// code point being counted.
        position: usize,
    },
    /// A decoded code point is a surrogate or above U+10FFFF (`ib9b`,
    /// `r49b`), or (with custom parameters) an input code point is neither
    /// basic nor at least `initial_n`.
    InvalidCodePoint {
        /// Decode: byte offset of the first digit of the integer that produced
        /// it. Encode: index of the code point.
        position: usize,
        /// The code point value.
        value: u32,
    },
    /// The output buffer is too small; `needed` is the exact size that
    /// would have sufficed.
    BufferTooSmall {
        /// Elements (bytes or chars) needed.
        needed: usize,
    },
    /// The input is longer than the configured cap ([`Limits`](crate::Limits)),
    /// refused before any work.
    InputTooLong {
        /// Input length: bytes for decoding, code points for encoding (for an
        /// iterator input, counting stops at `max + 1`).
        len: usize,
        /// The cap.
        max: usize,
    },
    /// The case flags given to the encoder are not one per input code point.
    CaseFlagsLength {
        /// Number of input code points.
        expected: usize,
        /// Number of flags given.
        actual: usize,
    },
    /// The `core::fmt::Write` given to the encoder failed.
    Fmt,
    /// A label given as an A-label does not start with `xn--` (any case).
    MissingPrefix,
    /// An A-label is `xn--` with nothing after it.
    EmptyPayload,
    /// An A-label's payload decodes to ASCII only, so the label should not
    /// have been encoded (`xn--abc-`).
    AsciiPayload,
    /// An A-label decodes to a label that itself starts with `xn--`
    /// (`xn--xn--…`): a Unicode label may not, so its Unicode form would
    /// not look up to itself.
    NestedPrefix,
    /// An A-label's payload decodes, but encoding the result does not give
    /// the payload back (ignoring ASCII case): not the canonical form.
    NotCanonical {
        /// Byte offset in the label of the first differing byte.
        position: usize,
    },
    /// An A-label decodes to a code point that a canonical Unicode label
    /// cannot hold: one that lower-casing changes, fullwidth ASCII
    /// (U+FF01 to U+FF5E, which UTS 46 maps to ASCII), or a label separator
    /// (U+3002, U+FF0E, U+FF61). Such a label does not look up to itself in
    /// Unicode form (`xn--bfa` is `İ`, `xn--ab-r13a` is `a。b`).
    /// From [`to_ascii_label`](crate::to_ascii_label) and its `_into`
    /// form, a label separator in the Unicode label given.
    NonCanonicalCodePoint {
        /// Byte offset in the label: of the first digit of the integer that
        /// produced it, or of the separator in a Unicode label.
        position: usize,
        /// The code point.
        value: u32,
    },
    /// The encoder's output would be longer than the decoder's cap
    /// ([`Limits::max_decode_len`](crate::Limits)), so that what encodes
    /// always decodes under the same limits.
    OutputTooLong {
        /// Bytes the output needs.
        len: usize,
        /// The cap.
        max: usize,
    },
    /// A label checked without allocation is longer than 63 octets.
    LabelTooLong {
        /// The label's length in bytes.
        len: usize,
        /// The cap (63, the DNS limit).
        max: usize,
    },
}

impl Error {
    /// The position carried by this error, if any (see the variants).
    ///
    /// ```
    /// let e = etld_punycode::decode_into(b"-tda", &mut ['\0'; 4]).unwrap_err();
    /// assert_eq!(e.position(), Some(0));
    /// ```
    pub const fn position(&self) -> Option<usize> {
        match *self {
            Error::InvalidDigit { position, .. }
            | Error::NonBasicBeforeDelimiter { position }
            | Error::LeadingDelimiter { position }
            | Error::TruncatedDelta { position }
            | Error::Overflow { position }
            | Error::InvalidCodePoint { position, .. }
            | Error::NonCanonicalCodePoint { position, .. }
            | Error::NotCanonical { position } => Some(position),
            _ => None,
        }
    }

    /// The same error with its byte position moved by `by`: for a label
    /// decoded out of a larger text (a payload out of its label, a label out
    /// of its host), positions in the text's coordinates.
    ///
    /// ```
    /// use etld_punycode::{check_a_label, Error};
    /// let e = check_a_label(b"xn--ab-_").unwrap_err();
    /// assert_eq!(e.shifted(10).position(), e.position().map(|p| p + 10));
    /// ```
    pub const fn shifted(self, by: usize) -> Error {
        match self {
            Error::InvalidDigit { position, byte } => Error::InvalidDigit {
                position: position + by,
                byte,
            },
            Error::NonBasicBeforeDelimiter { position } => Error::NonBasicBeforeDelimiter {
                position: position + by,
            },
            Error::LeadingDelimiter { position } => Error::LeadingDelimiter {
                position: position + by,
            },
            Error::TruncatedDelta { position } => Error::TruncatedDelta {
                position: position + by,
            },
            Error::Overflow { position } => Error::Overflow {
                position: position + by,
            },
            Error::InvalidCodePoint { position, value } => Error::InvalidCodePoint {
                position: position + by,
                value,
            },
            Error::NotCanonical { position } => Error::NotCanonical {
                position: position + by,
            },
            Error::NonCanonicalCodePoint { position, value } => Error::NonCanonicalCodePoint {
                position: position + by,
                value,
            },
            other => other,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Error::InvalidDigit { position, byte } if byte.is_ascii() => {
                write!(f, "invalid Punycode digit {:?} at byte {position}", char::from(byte))
            }
            Error::InvalidDigit { position, byte } => {
                write!(f, "non-ASCII byte {byte:#04X} where a Punycode digit belongs, at byte {position}")
            }
            Error::NonBasicBeforeDelimiter { position } => write!(
                f,
                "non-ASCII byte before the last delimiter at byte {position}"
            ),
            Error::LeadingDelimiter { position } => write!(
                f,
                "delimiter at byte {position} is not preceded by any basic code point"
            ),
            Error::TruncatedDelta { position } => write!(
                f,
                "input ends inside the integer starting at byte {position}"
            ),
            Error::Overflow { position } => {
                write!(f, "integer overflow at position {position}")
            }
            Error::InvalidCodePoint { position, value } => write!(
                f,
                "invalid code point {value:#X} (surrogate, above U+10FFFF or not encodable) at position {position}"
            ),
            Error::BufferTooSmall { needed } => {
                write!(f, "output buffer too small: {needed} needed")
            }
            Error::InputTooLong { len, max } => {
                write!(f, "input too long: {len} exceeds the limit of {max}")
            }
            Error::CaseFlagsLength { expected, actual } => write!(
                f,
                "{actual} case flags given for {expected} code points"
            ),
            Error::Fmt => f.write_str("the formatter returned an error"),
            Error::MissingPrefix => f.write_str("label does not start with \"xn--\""),
            Error::EmptyPayload => f.write_str("A-label has an empty payload"),
            Error::AsciiPayload => {
                f.write_str("A-label payload decodes to ASCII only")
            }
            Error::NestedPrefix => f.write_str("A-label decodes to a label that starts with \"xn--\""),
            Error::NotCanonical { position } => write!(
                f,
                "A-label is not canonical: re-encoding differs at byte {position}"
            ),
            Error::NonCanonicalCodePoint { position, value } => write!(
                f,
                "the integer at byte {position} decodes to U+{value:04X}, which a canonical label cannot hold (upper case, fullwidth or a separator)"
            ),
            Error::OutputTooLong { len, max } => write!(
                f,
                "output of {len} bytes exceeds the decoding limit of {max}"
            ),
            Error::LabelTooLong { len, max } => {
                write!(f, "label of {len} bytes exceeds {max}")
            }
        }
    }
}

impl core::error::Error for Error {}
