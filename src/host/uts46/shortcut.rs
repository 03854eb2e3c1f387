//! The shorter ways to the answers of full processing, for the names that
//! allow them: an ASCII name whose only work is its `xn--` labels, each
//! decoded and checked on the stack ([`ascii_to_ascii`],
//! [`ascii_to_unicode`]), and a Unicode name whose labels need nothing
//! after the mapping, mapped label by label into a stack buffer and encoded
//! from there ([`simple_to_ascii`]). Each gives the same answer as
//! [`Processed`](super::Processed), and leaves any name it cannot answer so
//! to it.

use std::borrow::Cow;

use super::a_label::{check_a_label, check_ascii_bidi, decode_lowered, validate_decoded};
use super::mapping::{self, props, Status, Value};
use super::processed::with_processed;
use super::{has_ace_prefix, label_at, lower_ascii, nfc, Error, ZWJ, ZWNJ};

/// A label being mapped by [`simple_to_ascii`], on the stack.
struct SimpleLabel {
    chars: [char; SIMPLE_CHARS],
    len: usize,
    non_ascii: bool,
    nfc: bool,
}

impl SimpleLabel {
    /// Appends an ASCII code point.
    #[inline]
    fn push_ascii(&mut self, c: char) -> Option<()> {
        *self.chars.get_mut(self.len)? = c;
        self.len += 1;
        Some(())
    }

    /// Appends a valid non-ASCII code point of properties `p`: `None` if
    /// it asks for more than the simple path does (see [`simple_to_ascii`]).
    #[inline]
    fn push(&mut self, c: char, p: mapping::Props) -> Option<()> {
        if p.is_rtl() || c == ZWJ || c == ZWNJ || (self.len == 0 && p.is_mark()) {
            return None;
        }
        self.nfc |= p.may_change_under_nfc();
        self.non_ascii = true;
        self.push_ascii(c)
    }

    /// Appends a code point that the mapping table maps to.
    #[inline]
    fn push_mapped(&mut self, m: char) -> Option<()> {
        match m.is_ascii() {
            true => self.push_ascii(m),
            false => self.push(m, props(m)?),
        }
    }

    /// Writes the label, encoded if it is not ASCII, to `out`, and empties
    /// it.
    fn finish(&mut self, out: &mut String) -> Option<()> {
        let chars = self.chars.get(..self.len)?;
        if chars.starts_with(&['x', 'n', '-', '-']) {
            return None;
        }
        if self.non_ascii {
            if self.nfc && !nfc::is_nfc_quick(chars.iter().copied()) {
                return None;
            }
            out.push_str("xn--");
            etld_punycode::Codec::PUNYCODE
                .encode_chars_append(chars.iter().copied(), out)
                .ok()?;
        } else {
            out.extend(chars.iter());
        }
        self.len = 0;
        self.non_ascii = false;
        self.nfc = false;
        Some(())
    }
}

/// Code points of a label that [`simple_to_ascii`] maps on the stack: a
/// buffer small enough to clear with a few stores rather than a call to
/// `memset`, which would weigh on ToASCII of short Unicode names
/// (`benches/uts46.rs`, `unicode`). A longer label, seldom seen, is
/// processed in full.
const SIMPLE_CHARS: usize = 32;

/// [`to_ascii`](super::to_ascii) of a name whose labels need none of the steps after the
/// mapping: each label, once mapped, is at most 32 code points, in NFC by
/// the quick check, and holds no `xn--` prefix, leading combining mark,
/// joiner or right-to-left character (so that no validity criterion can
/// fail). Each label is mapped into a stack buffer and written out at
/// once, encoded if it is not ASCII. `None` for any other name (an error
/// included): full processing then answers.
pub(super) fn simple_to_ascii(name: &str) -> Option<String> {
    let bytes = name.as_bytes();
    let mut out = String::with_capacity(name.len() + 16);
    let mut label = SimpleLabel {
        chars: ['\0'; SIMPLE_CHARS],
        len: 0,
        non_ascii: false,
        nfc: false,
    };
    let mut i = 0;
    loop {
        match bytes.get(i) {
            None => {
                label.finish(&mut out)?;
                return Some(out);
            }
            Some(b'.') => {
                label.finish(&mut out)?;
                out.push('.');
                i += 1;
            }
            Some(&b) if b < 0x80 => {
                label.push_ascii(char::from(b.to_ascii_lowercase()))?;
                i += 1;
            }
            Some(_) => {
                let c = name.get(i..)?.chars().next()?;
                i += c.len_utf8();
                match Value::of(c).status(c) {
                    Status::Valid(p) => label.push(c, p)?,
                    Status::Ignored => {}
                    Status::MappedChar(m) => label.push_mapped(m)?,
                    Status::MappedStr(".") => {
                        label.finish(&mut out)?;
                        out.push('.');
                    }
                    Status::MappedStr(s) => {
                        for m in s.chars() {
                            label.push_mapped(m)?;
                        }
                    }
                    Status::Disallowed => return None,
                }
            }
        }
    }
}

/// [`to_ascii`](super::to_ascii) of an ASCII name whose first `xn--` label starts at byte
/// `from`: the name itself, lower-cased, once each `xn--` label passes
/// [`check_a_label`] (decoded on the stack) and, if one holds a
/// right-to-left character, every label the Bidi rule.
pub(super) fn ascii_to_ascii(name: &str, from: usize) -> Result<Cow<'_, str>, Error> {
    let bytes = name.as_bytes();
    let mut rtl = false;
    let mut start = from;
    while start <= bytes.len() {
        let label = label_at(bytes, start);
        if has_ace_prefix(label) {
            rtl |= check_a_label(label).map_err(|e| e.shifted(start))?;
        }
        start += label.len() + 1;
    }
    if rtl {
        check_ascii_bidi(bytes)?;
    }
    Ok(lower_ascii(name))
}

/// [`to_unicode`](super::to_unicode) of an ASCII name whose first `xn--` label starts at
/// byte `from`: each `xn--` label decoded and checked on the stack
/// ([`check_a_label`]), the others lower-cased, and the Bidi rule if a
/// label is right-to-left. A name with a label too long for the stack is
/// processed in full.
pub(super) fn ascii_to_unicode(name: &str, from: usize) -> Result<Cow<'_, str>, Error> {
    let bytes = name.as_bytes();
    let mut out = String::with_capacity(name.len());
    out.push_str(name.get(..from).unwrap_or_default());
    out.make_ascii_lowercase();
    let mut rtl = false;
    let mut start = from;
    let mut chars = ['\0'; 63];
    while start <= bytes.len() {
        let label = label_at(bytes, start);
        if start > from {
            out.push('.');
        }
        if has_ace_prefix(label) {
            let Some(room) = chars.get_mut(..label.len() - 4) else {
                return with_processed(|p| {
                    p.process(name)?;
                    Ok(Cow::Owned(String::from(p.as_str())))
                });
            };
            let n = decode_lowered(label, room).map_err(|e| e.shifted(start))?;
            let decoded = room.get(..n).unwrap_or_default();
            rtl |= validate_decoded(decoded, &mut Vec::new(), 0).map_err(|e| e.shifted(start))?;
            out.extend(decoded);
        } else {
            out.extend(label.iter().map(|&b| char::from(b.to_ascii_lowercase())));
        }
        start += label.len() + 1;
    }
    if rtl {
        check_ascii_bidi(bytes)?;
    }
    Ok(Cow::Owned(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::uts46::{process, to_ascii, to_unicode, Processed};

    /// ToASCII of `name` by full processing, label by label.
    fn processed_to_ascii(name: &str) -> Result<String, Error> {
        let mut p = Processed::new();
        p.process_to_ascii(name)?;
        Ok(p.written_ascii().to_string())
    }
    /// ASCII names with `xn--` labels take a path of their own in
    /// [`to_ascii`]: the same answers and errors as full processing, over
    /// every name of up to three labels drawn from valid, invalid,
    /// right-to-left and Bidi-breaking labels.
    #[test]
    fn ascii_names_with_a_labels_as_full_processing() {
        let labels = [
            "",
            "www",
            "WWW",
            "a1",
            "1a",
            "a-",
            "xn--bcher-kva",
            "XN--BCHER-KVA",
            "xn--Bcher-KVA",
            "xn--4dbrk0ce",
            "xn--mgbh0fb",
            "xn--mgbh0fb1",
            "xn--1-ykc",
            "xn--",
            "xn--abc-",
            "xn--ls8h",
            "xn--31m-dda",
            "xn--abc-4q0a",
            "xn--a-ecp",
            "xn--xn--a-ecp",
            "xn--XN--a-ecp",
            "XN--XN--A-ECP",
            "xn--Xn--a-ecp",
            "xn--ssa73l",
            "xn--0ca",
            "xn--1ug",
            "xn--a-4nu",
            "xn--ug-",
            "xn--zz",
            "xn--99999999",
            "xn--",
            "xn---",
            "xn--tda",
            "xn--a",
        ];
        let long = format!(
            "xn--{}",
            etld_punycode::encode(&format!("ü{}", "a".repeat(70))).unwrap()
        );
        let mut names = vec![
            long.clone(),
            format!("a.{long}.com"),
            format!("xn--4dbrk0ce.{long}"),
        ];
        for a in labels {
            names.push(a.to_string());
            for b in labels {
                names.push(format!("{a}.{b}"));
                for c in ["com", "xn--4dbrk0ce", "xn--bcher-kva", "1", ""] {
                    names.push(format!("{a}.{b}.{c}"));
                }
            }
        }
        for name in &names {
            assert_eq!(
                to_ascii(name).map(|a| a.into_owned()),
                processed_to_ascii(name),
                "{name}"
            );
            assert_eq!(
                to_unicode(name).map(|a| a.into_owned()),
                process(name).map(|p| p.as_str().to_string()),
                "{name}"
            );
        }
    }
    /// The full stops that map to `.` end a label on the simple path as in
    /// full processing, and `⒈` (disallowed) sends the name to it.
    #[test]
    fn mappings_to_a_dot_end_labels() {
        let names = [
            "a\u{3002}\u{94D}.com",
            "ü\u{FF0E}b",
            "ü\u{FF61}",
            "\u{3002}ü",
            "a\u{2488}\u{94D}.com",
            "ü\u{2488}x",
        ];
        for name in names {
            assert_eq!(
                to_ascii(name).map(|a| a.into_owned()),
                processed_to_ascii(name),
                "{name:?}"
            );
        }
    }
    /// Unicode names take [`simple_to_ascii`] when they can: the same
    /// answers and errors as full processing, over names drawn at random
    /// from code points that exercise every step (mapped, ignored,
    /// disallowed, separators, marks, joiners, right-to-left, compositions,
    /// the `xn--` prefix in fullwidth forms) and long labels.
    #[test]
    fn unicode_names_as_full_processing() {
        const POOL: &[&str] = &[
            "a",
            "Z",
            "-",
            "1",
            ".",
            "x",
            "n",
            "xn--",
            "ｘｎ--",
            "ü",
            "ß",
            "ς",
            "Σ",
            "ﬁ",
            "Ⅷ",
            "ｶ",
            "Ａ",
            "。",
            "．",
            "｡",
            "\u{AD}",
            "\u{200B}",
            "\u{FEFF}",
            "\u{200C}",
            "\u{200D}",
            "\u{301}",
            "\u{323}",
            "\u{94D}",
            "क",
            "e",
            "é",
            "\u{1100}",
            "\u{1161}",
            "\u{11A8}",
            "각",
            "食",
            "狮",
            "ב",
            "ا",
            "١",
            "\u{9B}",
            "\u{202E}",
            "😀",
            "\u{E0100}",
            "ǅ",
            "İ",
            "\u{2126}",
            "\u{FB2A}",
            "\u{0F73}",
            "\u{1E9B}",
            "\u{0344}",
            "\u{10FFFF}",
            // A disallowed mapping to `1.`, and a full stop.
            "\u{2488}",
            "\u{3002}",
        ];
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        let mut simple = 0;
        for round in 0..40_000 {
            let mut name = String::new();
            let parts = 1 + next(12);
            for _ in 0..parts {
                name.push_str(POOL[next(POOL.len())]);
            }
            if round % 50 == 0 {
                // A label of 28 to 70 code points: about the simple path's
                // bound, and about a label's.
                let long = 28 + next(43);
                name.push_str(&"ü".repeat(long));
            }
            assert_eq!(
                to_ascii(&name).map(|a| a.into_owned()),
                processed_to_ascii(&name),
                "{name:?}"
            );
            simple += usize::from(simple_to_ascii(&name).is_some());
        }
        // Both paths were taken, often.
        assert!((5_000..35_000).contains(&simple), "{simple}");
    }
}
