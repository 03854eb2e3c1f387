//! Canonical labels: how a label of a rule or of a host is compared.
//!
//! A label is canonical when it is in the ASCII form of UTS 46 processing
//! ([`crate::uts46`]): a name that is ASCII without `xn--` labels is only
//! lower-cased; any other goes through UTS 46 (mapping, NFC, the separators
//! U+3002, U+FF0E and U+FF61, `xn--` labels decoded and checked, the validity
//! criteria) and its Unicode labels are encoded as `xn--` A-labels by
//! [`etld_punycode`]. An ASCII label that starts with `xn--` (in any case)
//! must be an A-label that UTS 46 accepts.
//!
//! This file holds what a label is to every other: its limits, the class
//! of each of its bytes, and the checks of one ASCII label. Its two
//! modules build on it: [`canonicalize`] writes a host, or a rule's label,
//! in canonical form, and [`unicode`] tells which Unicode labels are
//! canonical but for the encoding, so that a lookup can walk them as they
//! are.

mod canonicalize;
mod unicode;

use crate::error::LabelError;
use crate::host::uts46;

pub(crate) use canonicalize::{canonical_label, canonicalize_host, AsciiName};
pub(crate) use unicode::{is_walkable_unicode, to_unicode_name, unicode_form};

/// The longest canonical label, in octets.
pub(crate) const MAX_LABEL: usize = 63;
/// The longest canonical name, in octets, without a trailing dot.
pub(crate) const MAX_NAME: usize = 253;

/// Whether `c` separates labels: `.` and its UTS 46 equivalents.
#[inline]
pub(crate) fn is_separator(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// What an ASCII byte is to the fast path of a lookup.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ByteClass {
    /// Already canonical: `a-z`, `0-9`, `-` and other allowed ASCII.
    Plain,
    /// The label separator `.`.
    Dot,
    /// `A-Z`: the host needs lower-casing.
    Upper,
    /// A forbidden code point.
    Forbidden,
    /// The first byte of a non-ASCII character.
    NonAscii,
}

/// The class of every byte, for a table lookup on the hot path.
pub(crate) static BYTE_CLASS: [ByteClass; 256] = {
    let mut table = [ByteClass::Plain; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = if b >= 0x80 {
            ByteClass::NonAscii
        } else if b == b'.' as usize {
            ByteClass::Dot
        } else if b >= b'A' as usize && b <= b'Z' as usize {
            ByteClass::Upper
        } else if b <= 0x20 || b == 0x7f {
            ByteClass::Forbidden
        } else {
            match b as u8 {
                b'#' | b'%' | b'/' | b':' | b'<' | b'>' | b'?' | b'@' | b'[' | b'\\' | b']'
                | b'^' | b'|' => ByteClass::Forbidden,
                _ => ByteClass::Plain,
            }
        };
        b += 1;
    }
    table
};

/// Checks an ASCII label: length and, for `xn--` labels (in any case),
/// A-label validity as UTS 46 sees it (the Bidi rule aside: it is the
/// name's, see [`uts46::check_ascii_bidi`]).
#[inline]
pub(crate) fn check_ascii_label(label: &[u8]) -> Result<(), LabelError> {
    check_label_length(label)?;
    if etld_punycode::has_ace_prefix(label) {
        uts46::check_a_label(label).map_err(LabelError::Uts46)?;
    }
    Ok(())
}

/// [`check_ascii_label`] for a label starting with `xn--`, saying whether
/// it decodes to right-to-left characters.
pub(crate) fn check_a_label_rtl(label: &[u8]) -> Result<bool, LabelError> {
    check_label_length(label)?;
    uts46::check_a_label(label).map_err(LabelError::Uts46)
}

/// Checks that a label holds 1 to 63 octets.
#[inline]
pub(crate) fn check_label_length(label: &[u8]) -> Result<(), LabelError> {
    if label.is_empty() {
        return Err(LabelError::Empty);
    }
    if label.len() > MAX_LABEL {
        return Err(LabelError::TooLong(label.len()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `c` is a forbidden domain code point (WHATWG URL standard): C0
    /// controls, space, DEL and `# % / : < > ? @ [ \ ] ^ |`.
    #[inline]
    fn is_forbidden(c: char) -> bool {
        matches!(
            c,
            '\0'..=' '
                | '\u{7f}'
                | '#'
                | '%'
                | '/'
                | ':'
                | '<'
                | '>'
                | '?'
                | '@'
                | '['
                | '\\'
                | ']'
                | '^'
                | '|'
        )
    }
    #[test]
    fn byte_classes_agree_with_chars() {
        for b in 0u8..0x80 {
            let c = b as char;
            let class = BYTE_CLASS[b as usize];
            assert_eq!(class == ByteClass::Forbidden, is_forbidden(c), "{b}");
            assert_eq!(class == ByteClass::Upper, c.is_ascii_uppercase(), "{b}");
        }
    }
}
