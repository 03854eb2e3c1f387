//! Canonical labels: how a label of a rule or of a host is compared.
//!
//! A label is canonical when it is lower-cased and in ASCII: a Unicode label
//! is lower-cased with `char::to_lowercase` and encoded as an `xn--` A-label
//! by [`etld_punycode`]; an ASCII label that starts with `xn--` (in any case)
//! must be a valid A-label. The separators U+3002, U+FF0E and U+FF61 split
//! labels like `.` does (UTS 46). No Unicode normalisation is applied.

use std::borrow::Cow;

use crate::error::{HostError, LabelError};

/// The longest canonical label, in octets.
pub(crate) const MAX_LABEL: usize = 63;
/// The longest canonical name, in octets, without a trailing dot.
pub(crate) const MAX_NAME: usize = 253;

/// Whether `c` separates labels: `.` and its UTS 46 equivalents.
#[inline]
pub(crate) fn is_separator(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// Whether `c` is a forbidden domain code point (WHATWG URL standard): C0
/// controls, space, DEL and `# % / : < > ? @ [ \ ] ^ |`.
#[inline]
pub(crate) fn is_forbidden(c: char) -> bool {
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

/// Whether an ASCII label starts with the A-label prefix `xn--` in any case.
#[inline]
pub(crate) fn has_ace_prefix(label: &[u8]) -> bool {
    label.len() >= 4 && label[..4].eq_ignore_ascii_case(b"xn--")
}

/// Checks an already lower-case ASCII label: length and, for `xn--`
/// labels, A-label validity.
#[inline]
pub(crate) fn check_ascii_label(label: &[u8]) -> Result<(), LabelError> {
    if label.is_empty() {
        return Err(LabelError::Empty);
    }
    if label.len() > MAX_LABEL {
        return Err(LabelError::TooLong(label.len()));
    }
    if has_ace_prefix(label) {
        etld_punycode::check_a_label(label).map_err(LabelError::Punycode)?;
    }
    Ok(())
}

/// The canonical ASCII form of one label (no separators in it).
///
/// Returns the label borrowed when it is canonical already.
pub(crate) fn canonical_label(label: &str) -> Result<Cow<'_, str>, LabelError> {
    if let Some(c) = label.chars().find(|&c| is_forbidden(c)) {
        return Err(LabelError::ForbiddenCodePoint(c));
    }
    let lower: Cow<'_, str> = if label.bytes().any(|b| b.is_ascii_uppercase() || b >= 0x80) {
        Cow::Owned(label.chars().flat_map(char::to_lowercase).collect())
    } else {
        Cow::Borrowed(label)
    };
    let ascii: Cow<'_, str> = if lower.is_ascii() {
        lower
    } else {
        Cow::Owned(etld_punycode::to_ascii_label(&lower).map_err(LabelError::Punycode)?)
    };
    check_ascii_label(ascii.as_bytes())?;
    Ok(ascii)
}

/// A host split into canonical labels, for inputs off the fast path (upper
/// case, non-ASCII, ideographic full stops).
pub(crate) struct CanonicalHost {
    /// The canonical ASCII name, with a trailing dot if the input had one.
    pub(crate) ascii: String,
    /// The input's own form, lower-cased, with `.` as the only separator.
    pub(crate) input: String,
}

/// Canonicalises a whole host. `host` is not empty.
pub(crate) fn canonicalize_host(host: &str) -> Result<CanonicalHost, HostError> {
    let mut ascii = String::with_capacity(host.len() + 8);
    let mut input = String::with_capacity(host.len());
    let mut rest = host;
    let mut offset = 0;
    loop {
        let (label, next) = match rest.char_indices().find(|&(_, c)| is_separator(c)) {
            Some((i, c)) => (&rest[..i], Some(&rest[i + c.len_utf8()..])),
            None => (rest, None),
        };
        let last = next.is_none();
        // One trailing dot marks an FQDN: the empty label after it is fine.
        let fqdn_end = last && label.is_empty() && offset > 0;
        if !fqdn_end {
            let canonical =
                canonical_label(label).map_err(|error| HostError::Label { offset, error })?;
            ascii.push_str(&canonical);
            if canonical.len() == label.len() && label.is_ascii() {
                input.push_str(&canonical);
            } else {
                input.extend(label.chars().flat_map(char::to_lowercase));
            }
        }
        match next {
            Some(n) => {
                ascii.push('.');
                input.push('.');
                offset = host.len() - n.len();
                rest = n;
            }
            None => break,
        }
    }
    Ok(CanonicalHost { ascii, input })
}

/// Writes a canonical ASCII name in Unicode form: each valid `xn--` label
/// decoded.
pub(crate) fn to_unicode_name(ascii: &str) -> String {
    let mut out = String::with_capacity(ascii.len());
    for (i, label) in ascii.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        match has_ace_prefix(label.as_bytes()) {
            true => match etld_punycode::to_unicode_label(label) {
                Ok(u) => out.push_str(&u),
                Err(_) => out.push_str(label),
            },
            false => out.push_str(label),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_labels() {
        assert_eq!(canonical_label("example").unwrap(), "example");
        assert_eq!(canonical_label("ExAmple").unwrap(), "example");
        assert_eq!(canonical_label("Øyer").unwrap(), "xn--yer-zna");
        assert_eq!(canonical_label("XN--55QX5D").unwrap(), "xn--55qx5d");
        assert_eq!(canonical_label("公司").unwrap(), "xn--55qx5d");
        assert_eq!(canonical_label(""), Err(LabelError::Empty));
        assert_eq!(
            canonical_label("a b"),
            Err(LabelError::ForbiddenCodePoint(' '))
        );
        assert_eq!(
            canonical_label(&"a".repeat(64)),
            Err(LabelError::TooLong(64))
        );
        assert!(matches!(
            canonical_label("xn--abc-"),
            Err(LabelError::Punycode(_))
        ));
    }

    #[test]
    fn hosts() {
        let h = canonicalize_host("WWW.食狮。公司.cn.").unwrap();
        assert_eq!(h.ascii, "www.xn--85x722f.xn--55qx5d.cn.");
        assert_eq!(h.input, "www.食狮.公司.cn.");
        assert_eq!(to_unicode_name(&h.ascii), "www.食狮.公司.cn.");
        assert_eq!(
            canonicalize_host("a..b").err(),
            Some(HostError::Label {
                offset: 2,
                error: LabelError::Empty
            })
        );
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
