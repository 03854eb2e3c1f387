//! Laws checked on generated inputs, with both proptest and quickcheck:
//!
//! * `decode(encode(s)) == s`;
//! * `decode(x) == Ok(s)` implies `encode(s)` equals `x` ignoring ASCII case;
//! * decoding never panics on any bytes, whatever the buffer sizes;
//! * the buffer, `fmt`, iterator and `String` forms agree, and a short buffer
//!   reports exactly the size needed;
//! * case flags survive a round trip where they can be represented;
//! * A-labels made by `to_ascii_label` pass `check_a_label` and come back
//!   through `to_unicode_label`.

use etld_punycode::{
    check_a_label, decode, decode_into, encode, encode_into, has_ace_prefix, to_ascii_label,
    to_unicode_label, Codec, Error,
};
use proptest::prelude::*;

/// The ASCII character a fullwidth form (U+FF01 to U+FF5E) stands for, as
/// UTS 46 maps it; any other character as it is.
fn unfullwidth(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
        c => c,
    }
}
use quickcheck::{QuickCheck, TestResult};

// ---- the laws, as plain functions shared by both frameworks ----

fn law_round_trip(s: &str) -> Result<(), String> {
    let p = encode(s).map_err(|e| format!("encode({s:?}): {e}"))?;
    let back = decode(&p).map_err(|e| format!("decode({p:?}): {e}"))?;
    if back != s {
        return Err(format!("{s:?} -> {p:?} -> {back:?}"));
    }
    Ok(())
}

fn law_decode_then_encode(x: &[u8]) -> Result<(), String> {
    let mut out = vec!['\0'; x.len()];
    let Ok(n) = decode_into(x, &mut out) else {
        return Ok(());
    };
    let s: String = out[..n].iter().collect();
    let again = encode(&s).map_err(|e| format!("encode({s:?}): {e}"))?;
    if !again.as_bytes().eq_ignore_ascii_case(x) {
        return Err(format!(
            "{:?} -> {s:?} -> {again:?}",
            String::from_utf8_lossy(x)
        ));
    }
    Ok(())
}

fn law_decode_total(x: &[u8], cap: usize) -> Result<(), String> {
    let full = decode_into(x, &mut vec!['\0'; x.len()]);
    let mut small = vec!['\0'; cap];
    let mut flags = vec![false; cap];
    let a = decode_into(x, &mut small);
    let b = Codec::PUNYCODE.decode_into_with_flags(x, &mut small, &mut flags);
    if a != b {
        return Err(format!("flags changed the result: {a:?} vs {b:?}"));
    }
    match (full, a) {
        (Ok(n), Ok(m)) if n == m && n <= cap => Ok(()),
        (Ok(n), Err(Error::BufferTooSmall { needed })) if needed == n && n > cap => Ok(()),
        (Err(e), Err(f)) if e == f => Ok(()),
        (full, small) => Err(format!("full {full:?}, cap {cap}: {small:?}")),
    }
}

fn law_forms_agree(s: &str, cap: usize) -> Result<(), String> {
    let p = encode(s).map_err(|e| e.to_string())?;
    let mut buf = vec![0u8; cap];
    let expected_buf = if cap >= p.len() {
        Ok(p.len())
    } else {
        Err(Error::BufferTooSmall { needed: p.len() })
    };
    let got = encode_into(s, &mut buf);
    if got != expected_buf {
        return Err(format!(
            "encode_into cap {cap}: {got:?}, want {expected_buf:?}"
        ));
    }
    if got.is_ok() && buf[..p.len()] != *p.as_bytes() {
        return Err("encode_into bytes differ".into());
    }
    let got = Codec::PUNYCODE.encode_chars_into(s.chars(), &mut buf);
    if got != expected_buf {
        return Err(format!("encode_chars_into cap {cap}: {got:?}"));
    }
    let mut f = String::new();
    Codec::PUNYCODE
        .encode_fmt(s, &mut f)
        .map_err(|e| e.to_string())?;
    if f != p {
        return Err(format!("encode_fmt {f:?} != {p:?}"));
    }
    let v = Codec::PUNYCODE
        .decode_to_vec(&p)
        .map_err(|e| e.to_string())?;
    if v != s.chars().collect::<Vec<_>>() {
        return Err("decode_to_vec differs".into());
    }
    Ok(())
}

fn law_flags(s: &str, seed: u64) -> Result<(), String> {
    let n = s.chars().count();
    let flags: Vec<bool> = (0..n).map(|i| (seed >> (i % 64)) & 1 == 1).collect();
    let p = Codec::PUNYCODE
        .encode_with_flags(s, &flags)
        .map_err(|e| e.to_string())?;
    let (back, got) = Codec::PUNYCODE
        .decode_with_flags(&p)
        .map_err(|e| format!("{p:?}: {e}"))?;
    for ((c, b), (&want, &have)) in back.chars().zip(s.chars()).zip(flags.iter().zip(&got)) {
        if b.is_ascii() {
            // Basic letters take the case of their flag; others are kept.
            let expect = if b.is_ascii_alphabetic() {
                if want {
                    b.to_ascii_uppercase()
                } else {
                    b.to_ascii_lowercase()
                }
            } else {
                b
            };
            if c != expect || have != (want && b.is_ascii_alphabetic()) {
                return Err(format!("{s:?} {flags:?} -> {p:?} -> {back:?} {got:?}"));
            }
        } else if c != b || (have && !want) {
            // A flag on a non-basic code point is lost only when its last
            // digit is a numeral; it is never invented.
            return Err(format!("{s:?} {flags:?} -> {p:?} -> {back:?} {got:?}"));
        }
    }
    if back.chars().count() != n {
        return Err("length changed".into());
    }
    Ok(())
}

fn law_labels(s: &str) -> Result<(), String> {
    let Ok(a) = to_ascii_label(s) else {
        return Ok(());
    };
    let lower: String = s
        .chars()
        .map(unfullwidth)
        .flat_map(char::to_lowercase)
        .collect();
    if a.bytes().any(|b| b.is_ascii_uppercase()) || !a.is_ascii() {
        return Err(format!("{s:?} -> {a:?} is not lower-case ASCII"));
    }
    if !lower.is_ascii() {
        if !has_ace_prefix(a.as_bytes()) {
            return Err(format!("{s:?} -> {a:?} lacks xn--"));
        }
        if a.len() <= 63 && check_a_label(a.as_bytes()).is_err() {
            return Err(format!("{a:?} fails check_a_label"));
        }
        let u = to_unicode_label(&a).map_err(|e| format!("{a:?}: {e}"))?;
        if u != lower {
            return Err(format!("{s:?} -> {a:?} -> {u:?}"));
        }
    } else if a != lower {
        return Err(format!("{s:?} -> {a:?}, want {lower:?}"));
    }
    Ok(())
}

// ---- proptest ----

/// Mostly-label-like text: ASCII, Latin-1, Greek, Cyrillic, CJK, emoji,
/// the top of the code space; long enough to leave the stack fast path.
fn text() -> impl Strategy<Value = String> {
    let ch = prop_oneof![
        4 => proptest::char::range('a', 'z'),
        1 => proptest::char::range(' ', '~'),
        2 => proptest::char::range('\u{80}', '\u{24F}'),
        1 => proptest::char::range('\u{370}', '\u{4FF}'),
        2 => proptest::char::range('\u{4E00}', '\u{4F00}'),
        1 => proptest::char::range('\u{1F300}', '\u{1F6FF}'),
        1 => proptest::char::range('\u{10FF00}', '\u{10FFFF}'),
        1 => any::<char>(),
    ];
    proptest::collection::vec(ch, 0..120).prop_map(|v| v.into_iter().collect())
}

/// Strings over the Punycode alphabet, so that many decode.
fn punyish() -> impl Strategy<Value = Vec<u8>> {
    let b = prop_oneof![
        8 => proptest::sample::select(b"abcdefghijklmnopqrstuvwxyz0123456789".to_vec()),
        1 => proptest::sample::select(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ".to_vec()),
        1 => Just(b'-'),
    ];
    proptest::collection::vec(b, 0..40)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn prop_round_trip(s in text()) {
        prop_assert_eq!(law_round_trip(&s), Ok(()));
    }

    #[test]
    fn prop_round_trip_any_string(s in any::<String>()) {
        prop_assert_eq!(law_round_trip(&s), Ok(()));
    }

    #[test]
    fn prop_decode_then_encode(x in punyish()) {
        prop_assert_eq!(law_decode_then_encode(&x), Ok(()));
    }

    #[test]
    fn prop_decode_never_panics(x in proptest::collection::vec(any::<u8>(), 0..80), cap in 0usize..80) {
        prop_assert_eq!(law_decode_total(&x, cap), Ok(()));
        prop_assert_eq!(law_decode_then_encode(&x), Ok(()));
    }

    #[test]
    fn prop_decode_punyish_any_buffer(x in punyish(), cap in 0usize..40) {
        prop_assert_eq!(law_decode_total(&x, cap), Ok(()));
    }

    #[test]
    fn prop_forms_agree(s in text(), cap in 0usize..200) {
        prop_assert_eq!(law_forms_agree(&s, cap), Ok(()));
    }

    #[test]
    fn prop_flags(s in text(), seed in any::<u64>()) {
        prop_assert_eq!(law_flags(&s, seed), Ok(()));
    }

    #[test]
    fn prop_labels(s in text()) {
        prop_assert_eq!(law_labels(&s), Ok(()));
    }
}

// ---- quickcheck ----

fn qc() -> QuickCheck {
    QuickCheck::new().tests(2000)
}

#[test]
fn qc_round_trip() {
    fn p(s: String) -> TestResult {
        TestResult::from_bool(law_round_trip(&s).is_ok())
    }
    qc().quickcheck(p as fn(String) -> TestResult);
}

#[test]
fn qc_decode_then_encode() {
    fn p(x: Vec<u8>) -> TestResult {
        // Map arbitrary bytes onto the Punycode alphabet so many decode.
        const A: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789-ABC";
        let y: Vec<u8> = x.iter().map(|&b| A[b as usize % A.len()]).collect();
        TestResult::from_bool(
            law_decode_then_encode(&y).is_ok() && law_decode_then_encode(&x).is_ok(),
        )
    }
    qc().quickcheck(p as fn(Vec<u8>) -> TestResult);
}

#[test]
fn qc_decode_never_panics() {
    fn p(x: Vec<u8>, cap: u8) -> TestResult {
        TestResult::from_bool(law_decode_total(&x, cap as usize).is_ok())
    }
    qc().quickcheck(p as fn(Vec<u8>, u8) -> TestResult);
}

#[test]
fn qc_forms_agree() {
    fn p(s: String, cap: u8) -> TestResult {
        TestResult::from_bool(law_forms_agree(&s, cap as usize).is_ok())
    }
    qc().quickcheck(p as fn(String, u8) -> TestResult);
}

#[test]
fn qc_flags() {
    fn p(s: String, seed: u64) -> TestResult {
        TestResult::from_bool(law_flags(&s, seed).is_ok())
    }
    qc().quickcheck(p as fn(String, u64) -> TestResult);
}

#[test]
fn qc_labels() {
    fn p(s: String) -> TestResult {
        TestResult::from_bool(law_labels(&s).is_ok())
    }
    qc().quickcheck(p as fn(String) -> TestResult);
}

/// The laws hold on the hand-picked edge cases too (so a law that is
/// vacuously true would show up here).
#[test]
fn laws_on_fixed_cases() {
    for s in [
        "",
        "a",
        "abc",
        "-",
        "--",
        "ü",
        "bücher",
        "\u{10FFFF}",
        "a\u{80}",
        "食狮.公司",
    ] {
        assert_eq!(law_round_trip(s), Ok(()));
        assert_eq!(law_forms_agree(s, 3), Ok(()));
        assert_eq!(law_flags(s, 0x5555), Ok(()));
        assert_eq!(law_labels(s), Ok(()));
    }
    // Letters, a delimiter at either end, digits alone, upper case, and a
    // byte that is not ASCII.
    let not_ascii: &[u8] = b"\xff";
    let texts = ["tda", "abc-", "-tda", "99999999", "bcher-KVA"].map(str::as_bytes);
    for x in texts.into_iter().chain([not_ascii]) {
        assert_eq!(law_decode_then_encode(x), Ok(()));
        for cap in 0..8 {
            assert_eq!(law_decode_total(x, cap), Ok(()));
        }
    }
    // Laws catch breakage: a wrong pair is reported.
    assert!(law_flags("ab", 0b11).is_ok());
    assert!(law_decode_total(b"bcher-kva", 2).is_ok());
}
