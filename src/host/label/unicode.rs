//! Unicode labels canonical but for the encoding: lower case, stable
//! under UTS 46 processing, and within the length bounds once encoded. A
//! lookup walks a host of such labels as it is, against the label tree's
//! Unicode twins of the list's `xn--` labels ([`is_walkable_unicode`]),
//! which are a rule's A-labels in that form ([`unicode_form`]); the
//! Punycode length of such a label is bounded without encoding it
//! ([`MAX_DIGITS_PER_CODE_POINT`]), and a canonical name is written back
//! in Unicode by [`to_unicode_name`].

use crate::host::uts46;

use super::{MAX_LABEL, MAX_NAME};

/// The most Punycode digits one code point of a label costs. A delta of a
/// label of at most 63 octets is under 10^8 (code points below 0x110000,
/// times at most 60 insertion places). Digit `j` of an integer weighs at
/// least 10^j (each weight is the last times `36 - t`, `t <= 26`), and
/// every digit but the last is at least 1, so a `d`-digit integer is at
/// least 10^(d-2): 9 digits at most. The `punycode_length_bound_holds` test
/// checks the bound on long and worst-case labels.
const MAX_DIGITS_PER_CODE_POINT: usize = 9;

/// Whether a Unicode label may hold `c` as it is after a code point of
/// combining class `last` (0 after a starter): UTS 46 leaves it alone there
/// (valid, in NFC, neither right-to-left nor a joiner: see
/// `uts46::stable_after`). Gives the class for what follows.
#[inline]
pub(super) fn canonical_after(c: char, last: u8) -> Option<u8> {
    uts46::stable_after(c, last)
}

/// The Unicode form (UTF-8) of a rule's `xn--` label, if a host's label can
/// be written that way: the label is a valid A-label, and what it decodes
/// to is lower case and holds no separator. `None` for anything else.
pub(crate) fn unicode_form(label: &[u8]) -> Option<Vec<u8>> {
    if !etld_punycode::has_ace_prefix(label) {
        return None;
    }
    let mut chars = ['\0'; MAX_LABEL];
    let n = etld_punycode::decode_a_label_into(label, &mut chars).ok()?;
    let chars = chars.get(..n)?;
    chars
        .iter()
        .try_fold(0, |last, &c| canonical_after(c, last))?;
    Some(chars.iter().collect::<String>().into_bytes())
}

/// Whether a scanned host with a non-ASCII character (no trailing dot) can be
/// walked as it is, in its Unicode form, against the label tree's Unicode
/// twins of `xn--` labels: every Unicode label already canonical but for the
/// encoding (lower case, nothing forbidden, no separator other than `.`),
/// and its canonical ASCII form certainly within 63 octets a label and 253 a
/// name. Anything else, the slow path canonicalises (and reports errors for).
/// It is asked before the walk, so that a host it refuses is walked once,
/// canonicalised.
///
/// The scan has checked the host's ASCII bytes already (canonical but for
/// upper case, every label 1 to 63 bytes, `xn--` labels valid A-labels).
pub(crate) fn is_walkable_unicode(host: &str) -> bool {
    let mut total = 0;
    let bytes = host.as_bytes();
    // The label so far: where it starts, its ASCII and other characters,
    // and the combining class of its last character.
    let (mut start, mut basic, mut other, mut last) = (0, 0, 0, 0);
    let mut i = 0;
    loop {
        match bytes.get(i) {
            None | Some(b'.') => {
                let len = match other {
                    // Checked by the scan.
                    0 => basic,
                    _ => match host
                        .get(start..i)
                        .and_then(|l| canonical_len(basic, other, l))
                    {
                        Some(len) => len,
                        None => return false,
                    },
                };
                total += len + 1;
                if i >= bytes.len() {
                    return total <= MAX_NAME + 1;
                }
                (start, basic, other, last) = (i + 1, 0, 0, 0);
                i += 1;
            }
            Some(0..=0x7F) => {
                basic += 1;
                last = 0;
                i += 1;
            }
            Some(&lead) => {
                let (class, width) = canonical_char_at(host, i, lead, last);
                match class {
                    Some(class) => last = class,
                    None => return false,
                }
                // No label starts with a combining mark (UTS 46 4.1).
                if i == start
                    && host
                        .get(i..)
                        .and_then(|t| t.chars().next())
                        .is_some_and(uts46::is_mark)
                {
                    return false;
                }
                other += 1;
                i += width;
            }
        }
    }
}

/// Whether the character of `text` that starts at `i` with the non-ASCII
/// byte `lead` is canonical after a character of combining class `last`
/// (see [`canonical_after`]: the class for what follows), and its width. The
/// characters of most IDN labels are told by their first two bytes, without
/// decoding: lower-case Latin-1, Greek and Cyrillic letters, CJK
/// ideographs, Hangul syllables (the `canonical_bytes_agree` test checks
/// every code point).
#[inline]
fn canonical_char_at(text: &str, i: usize, lead: u8, last: u8) -> (Option<u8>, usize) {
    match (lead, text.as_bytes().get(i + 1)) {
        // U+00DF-U+00FF; U+03AC-U+03CE; U+0430-U+045F.
        (0xC3, Some(0x9F..=0xBF))
        | (0xCE, Some(0xAC..=0xBF))
        | (0xCF, Some(0x80..=0x8E))
        | (0xD0, Some(0xB0..=0xBF))
        | (0xD1, Some(0x80..=0x9F)) => (Some(0), 2),
        // U+4000-U+9FFF; U+AC00-U+D77F.
        (0xE4..=0xE9 | 0xEB..=0xEC, _) | (0xEA, Some(0xB0..=0xBF)) | (0xED, Some(0x80..=0x9D)) => {
            (Some(0), 3)
        }
        _ => {
            let c = text.get(i..).and_then(|t| t.chars().next());
            (
                c.and_then(|c| canonical_after(c, last)),
                c.map_or(1, char::len_utf8),
            )
        }
    }
}

/// The length of the canonical ASCII form of `label`, of `basic` ASCII and
/// `other` (at least one) non-ASCII characters, or a bound of it, if within
/// 63 octets: the label is encoded only when the bound says nothing.
fn canonical_len(basic: usize, other: usize, label: &str) -> Option<usize> {
    // `xn--`, the basic code points and their delimiter, the deltas.
    let len = match 4 + basic + usize::from(basic > 0) + MAX_DIGITS_PER_CODE_POINT * other {
        bound @ ..=MAX_LABEL => bound,
        _ => {
            4 + etld_punycode::Codec::PUNYCODE
                .encode_chars_into(label.chars(), &mut [0; MAX_LABEL - 4])
                .ok()?
        }
    };
    (len <= MAX_LABEL).then_some(len)
}

/// Writes a canonical ASCII name in Unicode form: each valid `xn--` label
/// decoded.
pub(crate) fn to_unicode_name(ascii: &str) -> String {
    let mut out = String::with_capacity(ascii.len());
    for (i, label) in ascii.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        match etld_punycode::has_ace_prefix(label.as_bytes()) {
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
    fn canonical_bytes_agree() {
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let mut buf = [0; 4];
            let text = &*c.encode_utf8(&mut buf);
            for last in [0, 220, 230] {
                assert_eq!(
                    canonical_char_at(text, 0, text.as_bytes()[0], last),
                    (canonical_after(c, last), c.len_utf8()),
                    "{c:?} U+{:04X} after {last}",
                    c as u32
                );
            }
        }
    }

    #[test]
    fn punycode_length_bound_holds() {
        // Worst cases (the highest code points, far apart, in every order)
        // and pseudo-random labels: no label encodes longer than the bound.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut labels: Vec<Vec<char>> = Vec::new();
        for other in 1..=12u32 {
            let high = (0..other).filter_map(|i| char::from_u32(0x10FFFF - i * 0x1111));
            labels.push(high.clone().collect());
            labels.push(high.rev().collect());
            labels.push(
                (0..other)
                    .map(|i| ['\u{80}', '\u{10FFFF}'][i as usize % 2])
                    .collect(),
            );
        }
        for _ in 0..20_000 {
            let len = 1 + next() as usize % 20;
            let label = (0..len).filter_map(|_| match next() % 3 {
                0 => char::from_u32(0x61 + (next() % 26) as u32),
                1 => char::from_u32(0x80 + (next() % 0x800) as u32),
                _ => char::from_u32((next() % 0x110000) as u32),
            });
            labels.push(label.collect());
        }
        for label in labels {
            let other = label.iter().filter(|c| !c.is_ascii()).count();
            let basic = label.len() - other;
            if other == 0 {
                continue;
            }
            let bound = basic + usize::from(basic > 0) + MAX_DIGITS_PER_CODE_POINT * other;
            let encoded = etld_punycode::encode(&label.iter().collect::<String>()).unwrap();
            assert!(
                encoded.len() <= bound,
                "{label:?}: {} > {bound}",
                encoded.len()
            );
        }
    }
    #[test]
    fn walkable_unicode_hosts() {
        let long = format!("{}.ü.食狮.公司.cn", "ü".repeat(20));
        // 239 bytes, 269 in ASCII.
        let label = format!("{}ü", "a".repeat(45));
        let longer = [label.as_str(); 5].join(".");
        for (host, walkable) in [
            ("www.bücher.de", true),
            ("www.Bücher.de", true),
            ("bücher.de", true),
            ("www.食狮.公司.cn", true),
            ("ü.ü.ü.ü.ü.ü", true),
            (long.as_str(), true),
            (longer.as_str(), false),
            ("www.BÜcher.de", false),
            ("bücher.DÉ", false),
        ] {
            assert_eq!(is_walkable_unicode(host), walkable, "{host:?}");
        }
    }
}
