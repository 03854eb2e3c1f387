//! Domain names spelled from bytes, for the differential checks of
//! `etld::uts46` against the `idna` crate (tests/uts46_differential.rs and
//! the fuzz target `uts46_idna`).
//!
//! Each byte picks a piece: ASCII letters, digits, hyphens and dots,
//! `xn--` prefixes and whole A-labels (valid and not), and code points of
//! every kind UTS 46 treats apart (mapped, ignored, deviations, disallowed,
//! separators, combining marks, joiners and what they join, right-to-left
//! letters and digits, Hangul jamo); a byte of 0xF0 and up takes the next
//! three bytes as any code point. Both implementations hold Unicode 18.0.0
//! data (`idna` through ICU4X's data crates 2.4, as Cargo.lock pins them);
//! the few kinds of name `idna` answers otherwise than UTS 46 are left out
//! ([`comparable`]).
#![allow(dead_code)]

const PIECES: &[&str] = &[
    ".",
    ".",
    "a",
    "b",
    "x",
    "n",
    "-",
    "--",
    "1",
    "0",
    "A",
    "Z",
    "_",
    "xn--",
    "XN--",
    "ab",
    "xn--fa-hia",
    "xn--55qx5d",
    "xn--mgbaam7a8h",
    "xn--4db",
    "xn--31m-dda",
    "xn--abc-4q0a",
    "xn--tda",
    "xn--ls8h",
    "ß",
    "ς",
    "Σ",
    "ü",
    "Ü",
    "ﬁ",
    "Ⅷ",
    "ｶ",
    "Ａ",
    "。",
    "．",
    "｡",
    "\u{AD}",
    "\u{200B}",
    "\u{2060}",
    "\u{FEFF}",
    "\u{FE0F}",
    "\u{200D}",
    "\u{200C}",
    "א",
    "ב",
    "ب",
    "ل",
    "٣",
    "١",
    "\u{64B}",
    "\u{640}",
    "\u{301}",
    "\u{323}",
    "\u{308}",
    "क",
    "\u{94D}",
    "\u{93C}",
    "\u{1100}",
    "\u{1161}",
    "\u{11A8}",
    "각",
    "Ꭰ",
    "ꭰ",
    "¼",
    "⒈",
    "\u{FFFD}",
    "\u{E0100}",
    "😀",
    "食狮",
    "公司",
    "\u{9B}",
    "\u{202E}",
    " ",
    "\u{3000}",
    "ǅ",
    "İ",
    "K",
    "\u{2488}",
    "\u{1E9E}",
    "ℌ",
    "\u{F900}",
    "\u{0958}",
    "\u{0F73}",
    "\u{0345}",
    "ﷺ",
    "ｰ",
];

/// The name the bytes spell.
pub fn name_from_bytes(data: &[u8]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while let Some(&b) = data.get(i) {
        i += 1;
        if b >= 0xF0 {
            let bytes = data.get(i..i + 3).unwrap_or_default();
            i += 3;
            let v = bytes.iter().fold(0u32, |v, &x| v << 8 | u32::from(x)) % 0x11_0000;
            if let Some(c) = char::from_u32(v) {
                out.push(c);
            }
            continue;
        }
        out.push_str(PIECES[usize::from(b) % PIECES.len()]);
    }
    out
}

/// Whether `name` is not of the one kind the `idna` crate (1.1) answers
/// otherwise than UTS 46: an `xn--` label whose
/// decoding starts with `xn--` itself, which validity criterion 4 refuses
/// (`xn--xn--abc-4q0axn--xn--abc-4q0a`, which decodes to a label holding
/// U+202E, is even accepted by `idna` as it stands). Nor are names with a
/// label of over 1,000 code points once processed, which `idna` refuses
/// as ICU does (a bound on Punycode's work, not a rule of UTS 46), or an
/// `xn--` label of over 2,000 digits, which it does not decode.
pub fn comparable(name: &str) -> bool {
    if etld::uts46::to_unicode(name).is_ok_and(|u| {
        u.split('.')
            .any(|label| label.chars().count() > IDNA_MAX_LABEL_CHARS)
    }) {
        return false;
    }
    name.split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
        .all(|label| {
            let lower = label.to_ascii_lowercase();
            match lower.strip_prefix("xn--") {
                Some(rest) if rest.len() > IDNA_MAX_A_LABEL_DIGITS => false,
                Some(rest) => etld_punycode::decode(rest).map_or(true, |u| !u.starts_with("xn--")),
                None => true,
            }
        })
}

/// The most code points of a label that `idna` (1.1) takes, as ICU does
/// (its `PUNYCODE_ENCODE_MAX_INPUT_LENGTH`).
const IDNA_MAX_LABEL_CHARS: usize = 1000;

/// The most bytes after `xn--` that `idna` (1.1) decodes, as ICU does (its
/// `PUNYCODE_DECODE_MAX_INPUT_LENGTH`).
const IDNA_MAX_A_LABEL_DIGITS: usize = 2000;

/// Runs both implementations on `name`; `Err` says how they differ. A name
/// etld refuses by validity criterion 4 (an A-label decoding to `xn--`,
/// once mapped: see [`comparable`]) is not compared.
pub fn compare(name: &str) -> Result<(), String> {
    let ours = etld::uts46::to_ascii(name);
    if matches!(ours, Err(etld::uts46::Error::ALabelPrefix { .. })) {
        return Ok(());
    }
    let theirs = idna::domain_to_ascii(name);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) if a == b => {}
        (Err(_), Err(_)) => {}
        _ => {
            return Err(format!(
                "to_ascii({name:?}): etld {ours:?}, idna {theirs:?}"
            ))
        }
    }
    let ours = etld::uts46::to_unicode(name);
    let (text, result) = idna::domain_to_unicode(name);
    match (&ours, &result) {
        (Ok(a), Ok(())) if *a == text => {}
        (Err(_), Err(_)) => {}
        _ => {
            return Err(format!(
                "to_unicode({name:?}): etld {ours:?}, idna {text:?} {result:?}"
            ))
        }
    }
    Ok(())
}

/// `etld::uts46::to_ascii` and `to_unicode`, which take shorter ways for
/// some names, against full processing (`etld::uts46::process`): the same
/// answers and the same errors, whatever the Unicode versions.
pub fn compare_paths(name: &str) -> Result<(), String> {
    let full = etld::uts46::process(name);
    let full_ascii = full
        .as_ref()
        .map_err(Clone::clone)
        .and_then(|p| p.to_ascii());
    let ascii = etld::uts46::to_ascii(name).map(|a| a.into_owned());
    if ascii != full_ascii {
        return Err(format!(
            "to_ascii({name:?}): {ascii:?}, by full processing {full_ascii:?}"
        ));
    }
    let full_unicode = full.map(|p| p.as_str().to_owned());
    let unicode = etld::uts46::to_unicode(name).map(|u| u.into_owned());
    if unicode != full_unicode {
        return Err(format!(
            "to_unicode({name:?}): {unicode:?}, by full processing {full_unicode:?}"
        ));
    }
    Ok(())
}

/// A xorshift generator from `seed` (not zero): the same numbers on every
/// run, for tests that draw names at random.
pub fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
