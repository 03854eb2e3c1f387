//! The checks of an `xn--` label as UTS 46 processing makes them, on the
//! stack: whether it decodes, and whether what it decodes to is valid
//! ([`check_a_label`], [`validate_decoded`]), whether one of the list's
//! own A-labels is right-to-left ([`a_label_is_rtl`]), and the Bidi rule
//! that such a label asks of its whole name ([`check_ascii_bidi`]). A lookup checks the A-labels of an ASCII host
//! here without processing the host.

use super::mapping::{self, props};
use super::{bidi, contextj, has_ace_prefix, label_at, nfc, Error, ZWJ, ZWNJ};

/// The validity criteria for the code points a decoded `xn--` label holds
/// (all but the Bidi rule, which is the whole name's); `offset` is the
/// label's. Says whether the label holds a right-to-left character.
pub(super) fn validate_decoded(
    chars: &[char],
    normal: &mut Vec<char>,
    offset: usize,
) -> Result<bool, Error> {
    if chars.iter().all(char::is_ascii) {
        return Err(Error::ALabelAsciiOnly { offset });
    }
    let mut nfc = false;
    let mut rtl = false;
    let mut joiner = false;
    let mut first_mark = None;
    for (k, &c) in chars.iter().enumerate() {
        if c.is_ascii() && !c.is_ascii_uppercase() {
            // Valid, and neither a mark, right-to-left nor changed by NFC
            // (see the test `ascii_is_valid_and_plain`).
            continue;
        }
        let Some(p) = props(c) else {
            return Err(Error::ALabelNotValid {
                offset,
                code_point: c,
            });
        };
        if k == 0 && p.is_mark() {
            first_mark = Some(c);
        }
        nfc |= p.may_change_under_nfc();
        rtl |= p.is_rtl();
        joiner |= c == ZWJ || c == ZWNJ;
    }
    if nfc && !nfc::is_nfc_quick(chars.iter().copied()) {
        nfc::normalize(chars.iter().copied(), normal, &mut Vec::new());
        if normal.as_slice() != chars {
            return Err(Error::NotNfc { offset });
        }
    }
    if chars.len() >= 4 && chars[..4].iter().zip("xn--".chars()).all(|(&a, b)| a == b) {
        return Err(Error::ALabelPrefix { offset });
    }
    if let Some(first) = first_mark {
        return Err(Error::LeadingCombiningMark {
            offset,
            code_point: first,
        });
    }
    if joiner {
        if let Err(k) = contextj::check(chars) {
            return Err(Error::ALabelContextJ {
                offset,
                code_point: chars.get(k).copied().unwrap_or(ZWJ),
            });
        }
    }
    Ok(rtl)
}

/// Checks one ASCII label that starts with `xn--` (in any case) as UTS 46
/// processing checks an A-label, the Bidi rule aside (it is the whole
/// name's): whether the label decodes, and what it decodes to is valid.
/// Says whether it holds a right-to-left character, which makes its name
/// a Bidi domain name. Nothing is allocated for a label of up to 63 bytes
/// in NFC. Offsets count from the label's start.
///
/// # Errors
/// The [`Error`] of the first criterion the label fails.
pub(crate) fn check_a_label(label: &[u8]) -> Result<bool, Error> {
    let len = label.len().saturating_sub(4);
    if len <= FEW_CHARS {
        // Most A-labels: a buffer cleared with a few stores, not `memset`.
        return check_decoded(label, &mut ['\0'; FEW_CHARS]);
    }
    let mut chars = ['\0'; 63];
    let mut heap_chars;
    let chars: &mut [char] = match chars.get_mut(..len) {
        Some(c) => c,
        None => {
            heap_chars = vec!['\0'; len];
            &mut heap_chars
        }
    };
    check_decoded(label, chars)
}

/// [`check_a_label`], decoding into `chars`: [`validate_decoded`]'s answer
/// for the decoded label.
///
/// Every code point the decoder inserts is non-ASCII (they start at
/// U+0080 and only grow) and every other is a basic, ASCII one, valid once
/// lower-cased. So the properties of the inserted ones, read as the
/// decoder inserts them, say what [`validate_decoded`] would find: when
/// none is invalid, none may change under NFC and none is a joiner, only
/// the criteria of the label's ends are left, and the code points need
/// neither lower-casing nor reading again. Any other label is lower-cased
/// and checked whole, so that its error is the one the first bad code
/// point gives. (Lower-casing and checking every label whole would weigh
/// on every lookup of a host with an `xn--` label:
/// `examples/lookup_kinds.rs`, `xn`.)
#[inline(always)]
fn check_decoded(label: &[u8], chars: &mut [char]) -> Result<bool, Error> {
    if !label.is_ascii() {
        return Err(Error::ALabelNotAscii { offset: 0 });
    }
    let digits = label.get(4..).unwrap_or_default();
    let mut inserted = Inserted::default();
    let n = etld_punycode::Codec::PUNYCODE
        .decode_traced(digits, chars, |step| inserted.add(step.code_point))
        .map_err(|e| Error::punycode(0, &e, |k| k))?;
    let chars = chars.get_mut(..n).unwrap_or_default();
    if inserted.needs_whole_check {
        for c in chars.iter_mut() {
            *c = c.to_ascii_lowercase();
        }
        return validate_decoded(chars, &mut Vec::new(), 0);
    }
    if !inserted.any {
        return Err(Error::ALabelAsciiOnly { offset: 0 });
    }
    // The ends: `xn--` after decoding (in either case, as lower-casing
    // would make it), a combining mark first.
    if chars.len() >= 4
        && chars[..4]
            .iter()
            .zip("xn--".chars())
            .all(|(&a, b)| a.to_ascii_lowercase() == b)
    {
        return Err(Error::ALabelPrefix { offset: 0 });
    }
    if let Some(&first) = chars.first() {
        if !first.is_ascii() && props(first).is_some_and(|p| p.is_mark()) {
            return Err(Error::LeadingCombiningMark {
                offset: 0,
                code_point: first,
            });
        }
    }
    Ok(inserted.rtl)
}

/// What the code points a decoder inserted into an A-label say of it
/// ([`check_decoded`]).
#[derive(Default)]
struct Inserted {
    /// Whether there was one.
    any: bool,
    /// Whether one is right-to-left.
    rtl: bool,
    /// Whether one is not valid, may change under NFC, or is a joiner:
    /// the label is checked whole.
    needs_whole_check: bool,
}

impl Inserted {
    #[inline(always)]
    fn add(&mut self, c: char) {
        self.any = true;
        match props(c) {
            Some(p) => {
                self.rtl |= p.is_rtl();
                self.needs_whole_check |= p.may_change_under_nfc() || c == ZWJ || c == ZWNJ;
            }
            None => self.needs_whole_check = true,
        }
    }
}

/// The code points of an `xn--` label decoded into `chars` (room for one
/// per byte after `xn--`), ASCII lower-cased as mapping the label first
/// would: how many there are. What they are is checked by
/// [`validate_decoded`], called after it by the caller, which keeps the
/// decoded text.
#[inline(always)]
pub(super) fn decode_lowered(label: &[u8], chars: &mut [char]) -> Result<usize, Error> {
    if !label.is_ascii() {
        return Err(Error::ALabelNotAscii { offset: 0 });
    }
    // Digits decode in either case; the basic code points, copied as they
    // are, are lower-cased once decoded (as mapping the label first would).
    let digits = label.get(4..).unwrap_or_default();
    let n = etld_punycode::decode_into(digits, chars).map_err(|e| Error::punycode(0, &e, |k| k))?;
    let chars = chars.get_mut(..n).unwrap_or_default();
    for c in chars.iter_mut() {
        *c = c.to_ascii_lowercase();
    }
    Ok(n)
}

/// Whether an `xn--` label already known to be valid (one of the list's own)
/// decodes to right-to-left characters: only decoded, not checked again.
pub(crate) fn a_label_is_rtl(label: &[u8]) -> bool {
    let digits = label.get(4..).unwrap_or_default();
    if digits.len() <= FEW_CHARS {
        return decoded_is_rtl(digits, &mut ['\0'; FEW_CHARS]);
    }
    decoded_is_rtl(digits, &mut ['\0'; 63])
}

/// Code points of the small buffer an A-label is first decoded into.
const FEW_CHARS: usize = 16;

/// Whether the Punycode `digits` decode, into `chars`, to right-to-left
/// characters.
#[inline(always)]
fn decoded_is_rtl(digits: &[u8], chars: &mut [char]) -> bool {
    match chars.get_mut(..digits.len()) {
        Some(chars) => match etld_punycode::decode_into(digits, chars) {
            Ok(n) => chars
                .get(..n)
                .unwrap_or_default()
                .iter()
                .any(|&c| !c.is_ascii() && mapping::props(c).is_some_and(|p| p.is_rtl())),
            Err(_) => false,
        },
        None => false,
    }
}

/// The Bidi rule on every label of the ASCII name `b`, whose `xn--` labels
/// each passed [`check_a_label`]: those decoded again, the others
/// lower-cased. For a Bidi domain name, which a lookup knows one to be
/// when one of its A-labels is right-to-left.
///
/// # Errors
/// [`Error::Bidi`] for the first label that breaks the rule.
pub(crate) fn check_ascii_bidi(b: &[u8]) -> Result<(), Error> {
    let mut start = 0;
    let mut stack = ['\0'; 63];
    let mut heap;
    while start <= b.len() {
        let label = label_at(b, start);
        let checked = if has_ace_prefix(label) {
            // Digits decode in either case; basic code points are lowered.
            let digits = label.get(4..).unwrap_or_default();
            let chars: &mut [char] = match stack.get_mut(..digits.len()) {
                Some(c) => c,
                None => {
                    heap = vec!['\0'; digits.len()];
                    &mut heap
                }
            };
            let n = etld_punycode::decode_into(digits, chars).unwrap_or(0);
            let decoded = chars.iter().take(n).map(char::to_ascii_lowercase);
            bidi::check_chars(decoded).map_err(|(rule, _)| (rule, 0))
        } else {
            bidi::check_chars(label.iter().map(|&c| char::from(c.to_ascii_lowercase())))
        };
        if let Err((rule, k)) = checked {
            return Err(Error::Bidi {
                offset: start + k,
                rule,
            });
        }
        start += label.len() + 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`check_a_label`] reads the inserted code points as they are
    /// decoded and checks the whole label only when one of them asks for
    /// it: its answer is that of decoding, lower-casing and checking every
    /// label whole, over every label of one to three code points drawn
    /// from ASCII letters of both cases, digits, hyphens, combining marks,
    /// joiners, viramas, right-to-left letters and digits, Hangul jamo,
    /// characters NFC changes, mapped and disallowed ones.
    #[test]
    fn a_labels_checked_as_decoded_whole() {
        let alphabet = [
            'a',
            'J',
            'x',
            'n',
            '-',
            '1',
            '\u{300}',
            '\u{30C}',
            '\u{308}',
            '\u{200C}',
            '\u{200D}',
            '\u{94D}',
            '\u{915}',
            '\u{5D0}',
            '\u{627}',
            '\u{660}',
            '\u{6F0}',
            '\u{1100}',
            '\u{1161}',
            '\u{11A8}',
            '\u{AC00}',
            '\u{212B}',
            '\u{F900}',
            'é',
            'ß',
            '\u{3C2}',
            '\u{AD}',
            '\u{2028}',
            '\u{FFFD}',
            '\u{E0100}',
            '\u{1F600}',
            '\u{9B}',
            'A',
        ];
        let reference = |label: &[u8]| {
            let mut chars = vec!['\0'; label.len()];
            let n = decode_lowered(label, &mut chars)?;
            validate_decoded(&chars[..n], &mut Vec::new(), 0)
        };
        let mut labels = Vec::new();
        for &a in &alphabet {
            labels.push(vec![a]);
            for &b in &alphabet {
                labels.push(vec![a, b]);
                for &c in &alphabet {
                    labels.push(vec![a, b, c]);
                }
            }
        }
        let mut checked = 0;
        for text in labels {
            let text: String = text.into_iter().collect();
            let Ok(code) = etld_punycode::encode(&text) else {
                continue;
            };
            for label in [
                format!("xn--{code}"),
                format!("XN--{}", code.to_ascii_uppercase()),
            ] {
                assert_eq!(
                    check_a_label(label.as_bytes()),
                    reference(label.as_bytes()),
                    "{text:?} {label}"
                );
                checked += 1;
            }
        }
        assert!(checked > 70_000, "{checked}");
    }
    /// An A-label in any case is checked as the lower-case label mapping
    /// makes of it.
    #[test]
    fn a_labels_checked_in_any_case() {
        let labels = [
            "xn--bcher-kva",
            "xn--a-ecp",
            "xn--xn--a-ecp",
            "xn--ab-xn--a-4sb",
            "xn--0ca",
            "xn--1ug",
            "xn--a-4nu",
            "xn--4dbrk0ce",
            "xn--mgbh0fb1",
            "xn--31m-dda",
            "xn--abc-4q0a",
            "xn--tda",
            "xn--zz",
        ];
        // Letters whose case changes what NFC makes of the mark after
        // them: `j` and a combining caron compose (to `ǰ`), `J` and it do
        // not; `a` and a grave accent compose in either case.
        let composing: Vec<String> = [
            "j\u{30C}x",
            "t\u{308}x",
            "xw\u{30A}",
            "h\u{331}",
            "a\u{300}b",
        ]
        .iter()
        .map(|s| format!("xn--{}", etld_punycode::encode(s).unwrap()))
        .collect();
        for label in &composing {
            assert_eq!(
                check_a_label(label.as_bytes()),
                Err(Error::NotNfc { offset: 0 }),
                "{label}"
            );
        }
        for label in labels
            .iter()
            .copied()
            .chain(composing.iter().map(String::as_str))
        {
            let lower = check_a_label(label.as_bytes());
            let mut upper = label.to_ascii_uppercase();
            assert_eq!(check_a_label(upper.as_bytes()), lower, "{upper}");
            // Each letter upper-cased on its own.
            for at in 4..label.len() {
                upper = label.to_string();
                upper[at..=at].make_ascii_uppercase();
                assert_eq!(check_a_label(upper.as_bytes()), lower, "{upper}");
            }
        }
        assert_eq!(
            check_a_label(b"XN--XN--A-ECP"),
            Err(Error::ALabelPrefix { offset: 0 })
        );
    }

    #[test]
    fn ascii_is_valid_and_plain() {
        for c in (0u8..0x80)
            .map(char::from)
            .filter(|c| !c.is_ascii_uppercase())
        {
            let p = props(c).expect("valid");
            assert!(
                !p.is_mark() && !p.is_rtl() && !p.may_change_under_nfc(),
                "{c:?}"
            );
        }
    }
}
