//! Canonical labels: how a label of a rule or of a host is compared.
//!
//! A label is canonical when it is lower-cased and in ASCII: a Unicode label
//! is lower-cased with `char::to_lowercase` and encoded as an `xn--` A-label
//! by [`etld_punycode`]; an ASCII label that starts with `xn--` (in any case)
//! must be a valid A-label. The separators U+3002, U+FF0E and U+FF61 split
//! labels like `.` does (UTS 46). No Unicode normalisation is applied.

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
pub(crate) fn canonical_label(label: &str) -> Result<String, LabelError> {
    let mut buf = [0u8; MAX_LABEL];
    let n = canonical_label_into(label, &mut buf)?;
    Ok(String::from_utf8_lossy(&buf[..n]).into_owned())
}

/// A host's canonical ASCII name, built on the stack.
pub(crate) struct AsciiName {
    buf: [u8; AsciiName::CAPACITY],
    len: usize,
}

impl AsciiName {
    /// A name of 253 octets, a trailing dot, and room to spare.
    const CAPACITY: usize = 256;

    /// The name's bytes, a trailing dot included.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// The name as a string.
    pub(crate) fn to_string_lossless(&self) -> String {
        // Only ASCII bytes are ever written.
        String::from_utf8_lossy(self.as_bytes()).into_owned()
    }
}

/// A host split into canonical labels, for inputs off the fast path (upper
/// case, non-ASCII, ideographic full stops).
pub(crate) struct CanonicalHost {
    /// The canonical ASCII name, with a trailing dot if the input had one.
    pub(crate) ascii: AsciiName,
    /// The input's own form, lower-cased, with `.` as the only separator,
    /// when asked for.
    pub(crate) input: Option<String>,
}

/// Canonicalises a whole host; `host` is not empty. Errors name the leftmost
/// bad label. A name that does not fit is cut short here and refused by the
/// walk as too long.
pub(crate) fn canonicalize_host(host: &str, want_input: bool) -> Result<CanonicalHost, HostError> {
    let mut ascii = AsciiName {
        buf: [0; AsciiName::CAPACITY],
        len: 0,
    };
    let mut input = want_input.then(|| String::with_capacity(host.len()));
    let mut overflow = false;
    let mut rest = host;
    let mut offset = 0;
    loop {
        let (label, next) = match rest.char_indices().find(|&(_, c)| is_separator(c)) {
            Some((i, c)) => (&rest[..i], Some(&rest[i + c.len_utf8()..])),
            None => (rest, None),
        };
        // One trailing dot marks an FQDN: the empty label after it is fine.
        if !(next.is_none() && label.is_empty() && offset > 0) {
            let mut canonical = [0u8; MAX_LABEL];
            let n = canonical_label_into(label, &mut canonical)
                .map_err(|error| HostError::Label { offset, error })?;
            match ascii.buf.get_mut(ascii.len..ascii.len + n) {
                Some(dst) if !overflow => {
                    dst.copy_from_slice(&canonical[..n]);
                    ascii.len += n;
                }
                _ => overflow = true,
            }
            if let Some(input) = &mut input {
                if label.is_ascii() {
                    input.extend(label.bytes().map(|b| char::from(b.to_ascii_lowercase())));
                } else {
                    input.extend(label.chars().flat_map(char::to_lowercase));
                }
            }
        }
        match next {
            Some(n) => {
                match ascii.buf.get_mut(ascii.len) {
                    Some(dst) if !overflow => {
                        *dst = b'.';
                        ascii.len += 1;
                    }
                    _ => overflow = true,
                }
                if let Some(input) = &mut input {
                    input.push('.');
                }
                offset = host.len() - n.len();
                rest = n;
            }
            None => break,
        }
    }
    if overflow {
        // Longer than any valid name: keep a too-long marker for the walk.
        ascii.len = AsciiName::CAPACITY;
    }
    Ok(CanonicalHost { ascii, input })
}

/// Writes the canonical ASCII form of one label (no separators in it) into
/// `out`, returning its length.
pub(crate) fn canonical_label_into(
    label: &str,
    out: &mut [u8; MAX_LABEL],
) -> Result<usize, LabelError> {
    if label.is_empty() {
        return Err(LabelError::Empty);
    }
    if let Some(&b) = label
        .as_bytes()
        .iter()
        .find(|&&b| BYTE_CLASS[b as usize] == ByteClass::Forbidden)
    {
        return Err(LabelError::ForbiddenCodePoint(char::from(b)));
    }
    etld_punycode::to_ascii_label_into(label, out).map_err(|e| match e {
        etld_punycode::Error::BufferTooSmall { needed } => LabelError::TooLong(needed),
        etld_punycode::Error::LabelTooLong { len, .. } => LabelError::TooLong(len),
        e => LabelError::Punycode(e),
    })
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
        let h = canonicalize_host("WWW.食狮。公司.cn.", true).unwrap();
        assert_eq!(h.ascii.as_bytes(), b"www.xn--85x722f.xn--55qx5d.cn.");
        assert_eq!(h.input.as_deref(), Some("www.食狮.公司.cn."));
        assert_eq!(
            to_unicode_name(&h.ascii.to_string_lossless()),
            "www.食狮.公司.cn."
        );
        assert_eq!(
            canonicalize_host("a..b", false).err(),
            Some(HostError::Label {
                offset: 2,
                error: LabelError::Empty
            })
        );
    }

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
