//! A-labels: the `xn--` form of internationalized DNS labels (RFC 5890),
//! checked strictly: an A-label is taken only where it is what its own
//! Unicode form, a canonical label, encodes to.
//!
//! An *A-label* is `xn--` followed by the Punycode of a Unicode label. Here a
//! label starting with `xn--` (in any case) is accepted only if its payload
//! is not empty, decodes, yields at least one non-ASCII code point, and
//! encodes back to the payload (ignoring ASCII case). That rules out
//! `xn--abc-` (ASCII only), `xn--` (empty), and any non-canonical spelling.

#[cfg(feature = "alloc")]
use alloc::{string::String, vec};

use crate::sink::{Sink, SliceSink};
use crate::trace::{Observer, Step};
use crate::{Codec, Error, Limits};

/// The ACE prefix of A-labels.
pub const ACE_PREFIX: &str = "xn--";

/// The longest DNS label, in octets.
pub const MAX_LABEL_LEN: usize = 63;

/// Decodes payloads up to the default decode cap; re-encodes without a cap
/// (the decoded text is never longer than the payload).
const RECODE: Codec = Codec::PUNYCODE.with_limits(Limits::NONE);

/// Whether `label` starts with `xn--` in any case.
///
/// ```
/// assert!(etld_punycode::has_ace_prefix(b"XN--tda"));
/// assert!(!etld_punycode::has_ace_prefix(b"xn-tda"));
/// ```
#[inline]
pub fn has_ace_prefix(label: &[u8]) -> bool {
    // One compare of the first four bytes as a word: setting bit 5 of the
    // two letters' bytes makes `X` and `x` both `x` (and `N`, `n` both `n`),
    // and no other byte either; the hyphens are compared as they are.
    label.first_chunk::<4>().is_some_and(|head| {
        u32::from_le_bytes(*head) | u32::from_le_bytes([0x20, 0x20, 0, 0])
            == u32::from_le_bytes(*b"xn--")
    })
}

/// Whether a canonical Unicode label may hold the code point `c`: it is
/// its own lower case (`char::to_lowercase` gives `c` alone), not fullwidth
/// ASCII (U+FF01 to U+FF5E, which UTS 46 maps to ASCII) and not a label
/// separator (`.`, U+3002, U+FF0E, U+FF61). An A-label must decode to such
/// code points only, so that its Unicode form looks up to itself.
///
/// ```
/// use etld_punycode::is_canonical_code_point;
/// assert!(is_canonical_code_point('ü'));
/// assert!(is_canonical_code_point('食'));
/// assert!(!is_canonical_code_point('Ü'));
/// assert!(!is_canonical_code_point('İ')); // lower-cases to two code points
/// assert!(!is_canonical_code_point('。'));
/// assert!(!is_canonical_code_point('ａ')); // fullwidth a
/// ```
pub fn is_canonical_code_point(c: char) -> bool {
    if matches!(c, '.' | '\u{3002}' | '\u{FF01}'..='\u{FF5E}' | '\u{FF61}') {
        return false;
    }
    let mut lower = c.to_lowercase();
    lower.next() == Some(c) && lower.next().is_none()
}

/// Watches the decoder's insertions for the first code point a canonical
/// label cannot hold.
struct CanonicalCheck<'p> {
    /// The payload being decoded, to turn a step's digits into an offset.
    payload: &'p [u8],
    /// The first fault, its offset counted in the payload.
    fault: Option<Error>,
    /// The lowest position of an insertion: below 4, the decoded label
    /// does not start with the basic code points' first four.
    lowest: usize,
}

impl Observer for CanonicalCheck<'_> {
    const ENABLED: bool = true;

    #[inline]
    fn step(&mut self, step: &Step<'_>) {
        self.lowest = self.lowest.min(step.position);
        if self.fault.is_none() && !is_canonical_code_point(step.code_point) {
            let position =
                (step.digits.as_ptr() as usize).saturating_sub(self.payload.as_ptr() as usize);
            self.fault = Some(Error::NonCanonicalCodePoint {
                position,
                value: u32::from(step.code_point),
            });
        }
    }
}

/// Validates the A-label `label` using the given scratch buffers
/// (`chars.len() >= payload length`, `bytes.len() == payload length`) and
/// returns the number of code points decoded into `chars`.
fn validate_with(label: &[u8], chars: &mut [char], bytes: &mut [u8]) -> Result<usize, Error> {
    if !has_ace_prefix(label) {
        return Err(Error::MissingPrefix);
    }
    let payload = &label[ACE_PREFIX.len()..];
    if payload.is_empty() {
        return Err(Error::EmptyPayload);
    }
    let prefix = ACE_PREFIX.len();
    let n = Codec::PUNYCODE
        .decode_into(payload, chars)
        .map_err(|e| e.shifted(prefix))?;
    let decoded = chars.get(..n).unwrap_or(&[]);
    if decoded.iter().all(char::is_ascii) {
        return Err(Error::AsciiPayload);
    }
    // The inserted code points, with the offsets of their integers.
    count_a_label(label)?;
    // The re-encoding always gives the payload back (see `mismatch`), so
    // release builds skip it; debug builds, and so every test and fuzz run,
    // still do it.
    if !cfg!(debug_assertions) {
        return Ok(n);
    }
    reencode(payload, decoded, bytes)
}

/// Encodes `decoded` again into `bytes` and compares it with `payload`.
fn reencode(payload: &[u8], decoded: &[char], bytes: &mut [u8]) -> Result<usize, Error> {
    let n = decoded.len();
    let mut sink = SliceSink::new(bytes);
    crate::encode::encode_counted(
        RECODE.params(),
        decoded.iter().copied(),
        n,
        None,
        &mut sink,
        &mut crate::trace::Quiet,
    )?;
    let written = sink.count();
    match mismatch(
        sink.written(0, written.min(payload.len())),
        written,
        payload,
    ) {
        Some(at) => Err(Error::NotCanonical {
            position: ACE_PREFIX.len() + at,
        }),
        None => Ok(n),
    }
}

/// Where the re-encoding (`written` bytes, of which the first `kept.len()`
/// were kept) differs from `payload` ignoring ASCII case, if it does.
///
/// For Punycode this never fires on a payload that decoded: the decoder is
/// strict (no leading delimiter without basic code points, no overflow, no
/// digits after the last integer), every generalized variable-length integer
/// has exactly one spelling, and the inserted code points come in the order
/// the encoder emits them (`n` never decreases, and `i` grows between two
/// insertions of the same code point), so decoding is injective up to ASCII
/// case and its image is what the encoder writes. The
/// `reencoding_never_differs` test checks this for every payload of up to
/// four letters, digits and hyphens, and the fuzz targets for random ones;
/// release builds therefore skip the re-encoding, which costs as much as
/// the decoding (`examples/lookup_kinds.rs`, `xn`, under callgrind).
/// The strict check of A-labels (etld's docs/behaviour.md section 3 step
/// 4) asks for it: it is met either way.
fn mismatch(kept: &[u8], written: usize, payload: &[u8]) -> Option<usize> {
    match kept
        .iter()
        .zip(payload)
        .position(|(a, b)| !a.eq_ignore_ascii_case(b))
    {
        Some(at) => Some(at),
        // Bytes that were not kept cannot be shown equal.
        None if kept.len() < written.min(payload.len()) => Some(kept.len()),
        None if written != payload.len() => Some(written.min(payload.len())),
        None => None,
    }
}

/// Checks that `label` is a valid A-label, without allocating.
///
/// The label must start with `xn--` (any case), have a non-empty payload
/// that decodes, holds a non-ASCII code point and re-encodes to itself
/// (ignoring ASCII case). Labels over 63 bytes are refused up front.
///
/// ```
/// use etld_punycode::{check_a_label, Error};
/// assert_eq!(check_a_label(b"xn--bcher-kva"), Ok(()));
/// assert_eq!(check_a_label(b"XN--BCHER-KVA"), Ok(()));
/// assert_eq!(check_a_label(b"xn--abc-"), Err(Error::AsciiPayload));
/// assert_eq!(check_a_label(b"xn--"), Err(Error::EmptyPayload));
/// assert_eq!(check_a_label(b"bcher-kva"), Err(Error::MissingPrefix));
/// assert_eq!(check_a_label(b"xn---tda"), Err(Error::LeadingDelimiter { position: 4 }));
/// ```
///
/// # Errors
/// [`Error::LabelTooLong`], [`Error::MissingPrefix`], [`Error::EmptyPayload`],
/// any decoding error (positions count from the start of the label),
/// [`Error::AsciiPayload`], [`Error::NotCanonical`].
pub fn check_a_label(label: &[u8]) -> Result<(), Error> {
    payload_len(label)?;
    let counted = count_a_label(label).map(|_| ());
    // Debug builds (every test and fuzz run) hold the count to a full
    // decoding and re-encoding.
    #[cfg(debug_assertions)]
    {
        let mut chars = ['\0'; MAX_LABEL_LEN];
        let mut bytes = [0u8; MAX_LABEL_LEN];
        let full = validate_with(label, &mut chars, &mut bytes[..payload_len(label)?]);
        debug_assert_eq!(counted, full.map(|_| ()), "{label:?}");
    }
    counted
}

/// Validates the A-label `label` (at most 63 bytes) without writing what it
/// decodes to: the decoder, given no room, goes on checking and counting,
/// and each code point it would insert is checked to be canonical.
/// Returns the number of code points. The same checks as
/// [`validate_with`] in a release build, at a fraction of the cost: no
/// buffers to clear, no insertions.
fn count_a_label(label: &[u8]) -> Result<usize, Error> {
    if !has_ace_prefix(label) {
        return Err(Error::MissingPrefix);
    }
    let payload = &label[ACE_PREFIX.len()..];
    if payload.is_empty() {
        return Err(Error::EmptyPayload);
    }
    let mut check = CanonicalCheck {
        payload,
        fault: None,
        lowest: usize::MAX,
    };
    let decoded = crate::decode::decode_core(
        Codec::PUNYCODE.params(),
        Codec::PUNYCODE.limits().max_decode_len,
        payload,
        &mut [],
        None,
        &mut check,
    );
    let n = match decoded {
        Ok(n) => n,
        Err(Error::BufferTooSmall { needed }) => needed,
        Err(e) => return Err(e.shifted(ACE_PREFIX.len())),
    };
    if let Some(fault) = check.fault {
        return Err(fault.shifted(ACE_PREFIX.len()));
    }
    // Every inserted code point is non-ASCII (`n` starts at 128), and the
    // decoder inserts one for each integer after the last delimiter: none
    // were when the delimiter ends the payload (without a delimiter, the
    // whole payload is integers).
    if payload.last() == Some(&b'-') {
        return Err(Error::AsciiPayload);
    }
    // The decoded label starts with the basic code points (those before the
    // last delimiter) unless a code point was inserted among the first
    // four: it must not start with `xn--`.
    let basic = payload
        .iter()
        .rposition(|&b| b == b'-')
        .map_or(&[][..], |d| &payload[..d]);
    if has_ace_prefix(basic) && check.lowest >= ACE_PREFIX.len() {
        return Err(Error::NestedPrefix);
    }
    Ok(n)
}

/// The length of an A-label's payload (after `xn--`), refusing labels over
/// 63 octets.
fn payload_len(label: &[u8]) -> Result<usize, Error> {
    if label.len() > MAX_LABEL_LEN {
        return Err(Error::LabelTooLong {
            len: label.len(),
            max: MAX_LABEL_LEN,
        });
    }
    Ok(label.len().saturating_sub(ACE_PREFIX.len()))
}

/// Checks that `label` is a valid A-label (as [`check_a_label`]) and
/// decodes its payload into `out`, basic code points lower-cased, without
/// allocating. Returns the number of code points written.
///
/// ```
/// let mut out = ['\0'; 63];
/// let n = etld_punycode::decode_a_label_into(b"xn--Bcher-KVA", &mut out).unwrap();
/// assert_eq!(out[..n].iter().collect::<String>(), "bücher");
/// ```
///
/// # Errors
/// As [`check_a_label`], and [`Error::BufferTooSmall`] if `out` is too small.
pub fn decode_a_label_into(label: &[u8], out: &mut [char]) -> Result<usize, Error> {
    let payload_len = payload_len(label)?;
    let mut chars = ['\0'; MAX_LABEL_LEN];
    let mut bytes = [0u8; MAX_LABEL_LEN];
    let n = validate_with(label, &mut chars, &mut bytes[..payload_len])?;
    let Some(dst) = out.get_mut(..n) else {
        return Err(Error::BufferTooSmall { needed: n });
    };
    for (d, c) in dst.iter_mut().zip(&chars[..n]) {
        *d = c.to_ascii_lowercase();
    }
    Ok(n)
}

/// The ASCII character that the fullwidth form `c` (U+FF01 to U+FF5E)
/// stands for, as UTS 46 maps it; any other `c` as it is.
#[inline]
fn unfullwidth(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
        c => c,
    }
}

/// The characters of `label` as a canonical label holds them: fullwidth
/// ASCII mapped to ASCII ([`unfullwidth`]), then lower-cased
/// (`char::to_lowercase`).
fn lowercase(label: &str) -> impl Iterator<Item = char> + Clone + '_ {
    label.chars().map(unfullwidth).flat_map(char::to_lowercase)
}

/// Refuses a Unicode label that has no canonical ASCII form: one that
/// starts with `xn--` once mapped and lower-cased (`xn--`, `ＸＮ--`,
/// `xn－－`) and holds a code point that does not map to ASCII (an
/// A-label's payload is ASCII), or one that holds a label separator once
/// mapped (`。`, `．`, `｡`). Positions are byte offsets in `label`.
fn check_unicode_label(label: &str) -> Result<(), Error> {
    if lowercase(label).take(4).eq("xn--".chars()) {
        // The first code point that maps to no ASCII lies past the prefix,
        // whose code points all map to ASCII.
        if let Some((position, _)) = label
            .char_indices()
            .find(|&(_, c)| !lowercase(c.encode_utf8(&mut [0; 4])).all(|c| c.is_ascii()))
        {
            let byte = label.as_bytes()[position];
            return Err(Error::InvalidDigit { position, byte });
        }
    }
    match label
        .char_indices()
        .find(|&(_, c)| matches!(unfullwidth(c), '.' | '\u{3002}' | '\u{FF61}'))
    {
        Some((position, c)) => Err(Error::NonCanonicalCodePoint {
            position,
            value: u32::from(c),
        }),
        None => Ok(()),
    }
}

/// Writes the canonical ASCII form of `label` into `out` without
/// allocating, returning its length: see [`to_ascii_label`]. An `xn--`
/// label over 63 bytes is refused with [`Error::LabelTooLong`] (it is
/// checked with [`check_a_label`]).
///
/// ```
/// let mut buf = [0u8; 63];
/// let n = etld_punycode::to_ascii_label_into("Bücher", &mut buf).unwrap();
/// assert_eq!(&buf[..n], b"xn--bcher-kva");
/// ```
///
/// # Errors
/// As [`to_ascii_label`], and [`Error::BufferTooSmall`] with the size needed.
pub fn to_ascii_label_into(label: &str, out: &mut [u8]) -> Result<usize, Error> {
    if !label.is_ascii() {
        check_unicode_label(label)?;
    }
    if !label.is_ascii() && !lowercase(label).all(|c| c.is_ascii()) {
        let mut sink = SliceSink::new(out);
        for &b in ACE_PREFIX.as_bytes() {
            sink.push(b);
        }
        encode_lowercase(label, &mut sink)?;
        return sink.finish();
    }
    // ASCII, or ASCII once lower-cased (the Kelvin sign becomes `k`).
    let mut sink = SliceSink::new(out);
    if label.is_ascii() {
        for b in label.bytes() {
            sink.push(b.to_ascii_lowercase());
        }
    } else {
        for c in lowercase(label) {
            sink.push(c as u8);
        }
    }
    let n = sink.finish()?;
    if has_ace_prefix(&out[..n]) {
        check_a_label(&out[..n])?;
    }
    Ok(n)
}

fn encode_lowercase<S: Sink>(label: &str, sink: &mut S) -> Result<(), Error> {
    Codec::PUNYCODE.encode_iter_to(lowercase(label), sink)
}

/// The canonical ASCII form of a DNS label.
///
/// * An ASCII label is lower-cased as it is; if it starts with `xn--` (any
///   case) it must also be a valid A-label (see [`check_a_label`]).
/// * Otherwise fullwidth ASCII is mapped to ASCII (U+FF01 to U+FF5E, as
///   UTS 46 does) and each character lower-cased with
///   [`char::to_lowercase`]; if the result is ASCII (the Kelvin sign `K`
///   gives `k`, `ｅｘ` gives `ex`) it is treated as above, else it is
///   Punycode-encoded and prefixed with `xn--`. Such a label must not start
///   with `xn--` nor hold a label separator (`。`, `．`, `｡`).
///
/// No length cap of 63 is applied here (callers check lengths); the encoder's
/// cap of 1000 code points is.
///
/// ```
/// use etld_punycode::to_ascii_label;
/// assert_eq!(to_ascii_label("Bücher").unwrap(), "xn--bcher-kva");
/// assert_eq!(to_ascii_label("食狮").unwrap(), "xn--85x722f");
/// assert_eq!(to_ascii_label("EXAMPLE").unwrap(), "example");
/// assert_eq!(to_ascii_label("XN--BCHER-KVA").unwrap(), "xn--bcher-kva");
/// assert_eq!(to_ascii_label("ｅｘａｍｐｌｅ").unwrap(), "example");
/// assert!(to_ascii_label("xn--abc-").is_err());
/// assert!(to_ascii_label("xn--bücher").is_err());
/// assert!(to_ascii_label("a。b").is_err());
/// ```
///
/// # Errors
/// The errors of [`check_a_label`] for `xn--` labels (without the 63-byte
/// cap), [`Error::InvalidDigit`] for a non-ASCII label that starts with
/// `xn--` (in any case or width), [`Error::NonCanonicalCodePoint`] for a
/// separator, [`Error::InputTooLong`] for over 1000 code points,
/// [`Error::OutputTooLong`] for an A-label over 2000 bytes (`xn--`
/// included: the decoder's cap). Positions are byte offsets in `label`.
#[cfg(feature = "alloc")]
pub fn to_ascii_label(label: &str) -> Result<String, Error> {
    if !label.is_ascii() {
        check_unicode_label(label)?;
    }
    let mut out = String::with_capacity(label.len() + 8);
    if !label.is_ascii() && !lowercase(label).all(|c| c.is_ascii()) {
        out.push_str(ACE_PREFIX);
        encode_lowercase(label, &mut out)?;
        return Ok(out);
    }
    if label.is_ascii() {
        out.push_str(label);
        out.make_ascii_lowercase();
    } else {
        out.extend(lowercase(label));
    }
    if has_ace_prefix(out.as_bytes()) {
        validate_alloc(out.as_bytes())?;
    }
    Ok(out)
}

/// Validates an `xn--` label of any length with heap scratch space.
#[cfg(feature = "alloc")]
fn validate_alloc(label: &[u8]) -> Result<(usize, alloc::vec::Vec<char>), Error> {
    let payload_len = label.len().saturating_sub(ACE_PREFIX.len());
    if payload_len > RECODE_MAX_DECODE {
        return Err(Error::InputTooLong {
            len: payload_len,
            max: RECODE_MAX_DECODE,
        });
    }
    let mut chars = vec!['\0'; payload_len];
    let mut bytes = vec![0u8; payload_len];
    let n = validate_with(label, &mut chars, &mut bytes)?;
    Ok((n, chars))
}

#[cfg(feature = "alloc")]
const RECODE_MAX_DECODE: usize = Limits::DEFAULT.max_decode_len;

/// The Unicode form of a DNS label, lower-cased.
///
/// * A label starting with `xn--` (any case) must be a valid A-label (see
///   [`check_a_label`], without the 63-byte cap); its payload is decoded
///   and the basic code points lower-cased. Non-basic code points are kept
///   as they are (a valid A-label made by [`to_ascii_label`] only holds
///   lower-case ones).
/// * Any other label is lower-cased (ASCII fast path, [`char::to_lowercase`]
///   otherwise).
///
/// ```
/// use etld_punycode::{to_unicode_label, Error};
/// assert_eq!(to_unicode_label("xn--bcher-kva").unwrap(), "bücher");
/// assert_eq!(to_unicode_label("Xn--Bcher-KVA").unwrap(), "bücher");
/// assert_eq!(to_unicode_label("Example").unwrap(), "example");
/// assert_eq!(to_unicode_label("xn--abc-"), Err(Error::AsciiPayload));
/// ```
///
/// # Errors
/// For `xn--` labels: the errors of [`check_a_label`] except
/// `LabelTooLong`, and [`Error::InputTooLong`] over 2000 bytes of payload.
#[cfg(feature = "alloc")]
pub fn to_unicode_label(label: &str) -> Result<String, Error> {
    if has_ace_prefix(label.as_bytes()) {
        let (n, chars) = validate_alloc(label.as_bytes())?;
        return Ok(chars[..n].iter().map(char::to_ascii_lowercase).collect());
    }
    if label.is_ascii() {
        return Ok(label.to_ascii_lowercase());
    }
    Ok(lowercase(label).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ace_prefix_agrees_with_case_blind_bytes() {
        // Every byte in every place of the prefix, and labels too short.
        for at in 0..4 {
            for b in 0..=255u8 {
                let mut label = *b"xn--a";
                label[at] = b;
                assert_eq!(
                    has_ace_prefix(&label),
                    label[..4].eq_ignore_ascii_case(b"xn--"),
                    "{label:?}"
                );
            }
        }
        assert!(!has_ace_prefix(b"xn-"));
        assert!(!has_ace_prefix(b""));
        assert!(has_ace_prefix(b"Xn--"));
    }

    #[test]
    fn mismatch_finds_the_first_difference() {
        assert_eq!(mismatch(b"bcher-kva", 9, b"BCHER-KVA"), None);
        assert_eq!(mismatch(b"bcher-kva", 9, b"bcher-kvb"), Some(8));
        // Re-encoding longer than the payload (cut at its length).
        assert_eq!(mismatch(b"bcher", 9, b"bcher"), Some(5));
        // Re-encoding shorter than the payload.
        assert_eq!(mismatch(b"bch", 3, b"bcher"), Some(3));
    }

    #[test]
    fn a_mismatch_is_reported_in_label_coordinates() {
        // A scratch buffer one byte short makes the kept re-encoding differ
        // from the payload at its end.
        let decoded = ['b', 'ü', 'c', 'h', 'e', 'r'];
        let mut bytes = [0u8; 8];
        assert_eq!(
            reencode(b"bcher-kva", &decoded, &mut bytes),
            Err(Error::NotCanonical { position: 12 })
        );
    }

    #[test]
    fn reencoding_never_differs() {
        // Every payload of one to four letters, digits and hyphens that
        // decodes to a non-ASCII label re-encodes to itself, and counting
        // agrees with decoding on every one.
        const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789-";
        let mut decoded = 0;
        for len in 1..=4u32 {
            for mut n in 0..ALPHABET.len().pow(len) {
                let mut payload = [0u8; 4];
                for b in payload.iter_mut().take(len as usize) {
                    *b = ALPHABET[n % ALPHABET.len()];
                    n /= ALPHABET.len();
                }
                let payload = &payload[..len as usize];
                // Counting checks as decoding (and re-encoding) does.
                let mut label = *b"xn--....";
                label[4..4 + payload.len()].copy_from_slice(payload);
                let label = &label[..4 + payload.len()];
                let mut chars = ['\0'; 8];
                let mut bytes = [0u8; 4];
                assert_eq!(
                    count_a_label(label),
                    validate_with(label, &mut chars, &mut bytes[..payload.len()]),
                    "{label:?}"
                );
                let Ok(n) = Codec::PUNYCODE.decode_into(payload, &mut chars) else {
                    continue;
                };
                if chars[..n].iter().all(char::is_ascii) {
                    continue;
                }
                decoded += 1;
                let mut bytes = [0u8; 4];
                assert_eq!(
                    reencode(payload, &chars[..n], &mut bytes[..len as usize]),
                    Ok(n),
                    "{payload:?}"
                );
            }
        }
        assert!(decoded > 100_000, "{decoded}");
    }
}
