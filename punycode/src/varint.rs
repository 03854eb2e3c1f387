//! Digits and generalized variable-length integers (RFC 3492 sections 3.3, 5).
//!
//! Bootstring writes each delta as a little-endian number whose digit
//! positions have *varying* weights: the digit at position `j` (`k = base *
//! (j + 1)`) has a threshold `t` ([`Bootstring::threshold`]); a digit below
//! `t` ends the integer, and the weight of the next position is the weight
//! of this one times `base - t`. No separator is needed between integers,
//! and small deltas take few digits when the bias predicts them well.
//!
//! Digit symbols are `a`–`z` for 0–25 and `0`–`9` for 26–35; on input either
//! case is accepted, and the case of a last digit carries the mixed-case
//! annotation flag of RFC 3492 appendix A.

use crate::sink::Sink;
#[cfg(test)]
use crate::sink::SliceSink;
use crate::{Bootstring, Error};

/// Value of each byte as a digit, `NOT_A_DIGIT` where it is none: a
/// table, read by the decoder's loop.
static DIGIT_VALUES: [u8; 256] = {
    let mut t = [NOT_A_DIGIT; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = digit_value_of(b as u8);
        b += 1;
    }
    t
};

/// The value (0–35) of a digit symbol in either case, or [`NOT_A_DIGIT`],
/// worked out: for const code, which may not read a static before Rust
/// 1.83 (the crate's `rust-version` is 1.81).
pub(crate) const fn digit_value_of(byte: u8) -> u8 {
    match byte {
        b'a'..=b'z' => byte - b'a',
        b'A'..=b'Z' => byte - b'A',
        b'0'..=b'9' => byte - b'0' + 26,
        _ => NOT_A_DIGIT,
    }
}

/// Returned by [`digit_value`] for a byte that is no digit symbol.
pub(crate) const NOT_A_DIGIT: u8 = 0xFF;

const LOWER_SYMBOLS: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_SYMBOLS: &[u8; 36] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// The value (0–35) of a digit symbol in either case, or [`NOT_A_DIGIT`],
/// from the table.
#[inline(always)]
pub(crate) fn digit_value(byte: u8) -> u8 {
    DIGIT_VALUES[byte as usize]
}

/// The symbol for digit `value` (0–35), upper-case if `upper` and the symbol
/// is a letter (numerals have no case, so a flag on them is lost).
///
/// Values of 36 and above have no symbol and give `b'?'`.
#[inline(always)]
pub(crate) const fn digit_symbol(value: u32, upper: bool) -> u8 {
    let table = if upper { UPPER_SYMBOLS } else { LOWER_SYMBOLS };
    if value < 36 {
        table[value as usize]
    } else {
        b'?'
    }
}

/// Writes `value` as a generalized variable-length integer under `bias`
/// into `sink`; the last digit is upper-case if `upper`.
#[inline(always)]
pub(crate) fn put<S: Sink>(p: &Bootstring, value: u32, bias: u32, upper: bool, sink: &mut S) {
    let mut q = value;
    let mut k = p.base;
    loop {
        let t = p.threshold(k, bias);
        if q < t {
            break;
        }
        // t <= tmax < base, so the span is at least 1.
        let span = p.base - t;
        let (quot, rem) = crate::fastdiv::div_rem(q - t, span);
        sink.push(digit_symbol(t + rem, false));
        q = quot;
        k = k.saturating_add(p.base);
    }
    sink.push(digit_symbol(q, upper));
}

/// Reads one generalized variable-length integer from `input[pos..]`,
/// adding it to `acc` (the decoder's `i`), under `bias`.
///
/// Returns the new accumulator and the position after the last digit.
/// Errors: [`Error::TruncatedDelta`] (at the integer's first digit) if the
/// input ends first, [`Error::InvalidDigit`], [`Error::Overflow`] if `acc`
/// or the weight leaves `u32`.
#[inline(always)]
pub(crate) fn take(
    p: &Bootstring,
    input: &[u8],
    mut pos: usize,
    mut acc: u32,
    bias: u32,
) -> Result<(u32, usize), Error> {
    let start = pos;
    let mut w: u32 = 1;
    let mut k = p.base;
    loop {
        let Some(&byte) = input.get(pos) else {
            return Err(Error::TruncatedDelta { position: start });
        };
        let digit = digit_value(byte) as u32;
        if digit >= p.base {
            return Err(Error::InvalidDigit {
                position: pos,
                byte,
            });
        }
        let Some(next) = digit.checked_mul(w).and_then(|dw| acc.checked_add(dw)) else {
            return Err(Error::Overflow { position: pos });
        };
        acc = next;
        pos += 1;
        let t = p.threshold(k, bias);
        if digit < t {
            return Ok((acc, pos));
        }
        let Some(nw) = w.checked_mul(p.base - t) else {
            return Err(Error::Overflow { position: pos - 1 });
        };
        w = nw;
        k = k.saturating_add(p.base);
    }
}

/// Writes `value` as a generalized variable-length integer (RFC 3492
/// section 6.3, the inner loop) under `bias` into `out`, returning the
/// number of bytes written. The last digit is upper-case if `upper` and it
/// is a letter.
///
/// `params` must be valid ([`Bootstring::validate`]); otherwise the digits
/// are unspecified (but this never panics or loops forever... as long as
/// `tmin >= 1` and `tmax < base`).
///
/// # Errors
/// [`Error::BufferTooSmall`] with the number of bytes needed.
#[cfg(test)]
fn write(
    params: &Bootstring,
    value: u32,
    bias: u32,
    upper: bool,
    out: &mut [u8],
) -> Result<usize, Error> {
    assert!(params.validate().is_ok(), "invalid parameters");
    let mut sink = SliceSink::new(out);
    put(params, value, bias, upper, &mut sink);
    sink.finish()
}

/// Reads one generalized variable-length integer from the start of `input`
/// under `bias` (RFC 3492 section 6.2, the inner loop), returning its value
/// and the number of bytes it took. Digits may be in either case.
///
/// # Errors
/// [`Error::TruncatedDelta`], [`Error::InvalidDigit`], [`Error::Overflow`]
/// with byte positions in `input`. Panics if `params` do not validate.
#[cfg(test)]
fn read(params: &Bootstring, input: &[u8], bias: u32) -> Result<(u32, usize), Error> {
    assert!(params.validate().is_ok(), "invalid parameters");
    take(params, input, 0, 0, bias)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PUNYCODE;

    #[test]
    fn digit_table() {
        for (v, &c) in LOWER_SYMBOLS.iter().enumerate() {
            assert_eq!(digit_value(c), v as u8);
            assert_eq!(digit_value(c.to_ascii_uppercase()), v as u8);
            assert_eq!(digit_symbol(v as u32, false), c);
        }
        let digits = (0u8..=255)
            .filter(|&b| digit_value(b) != NOT_A_DIGIT)
            .count();
        assert_eq!(digits, 62);
        assert_eq!(digit_symbol(36, false), b'?');
    }

    #[test]
    fn write_then_read_round_trips() {
        let mut buf = [0u8; 16];
        for bias in [0, 1, 21, 72, 84, 200] {
            for v in [
                0u32,
                1,
                2,
                25,
                26,
                35,
                36,
                455,
                19853,
                1 << 20,
                u32::MAX - 1,
                u32::MAX,
            ] {
                let n = write(&PUNYCODE, v, bias, false, &mut buf).unwrap();
                assert_eq!(
                    read(&PUNYCODE, &buf[..n], bias),
                    Ok((v, n)),
                    "v {v} bias {bias}"
                );
            }
        }
    }

    #[test]
    fn rfc3492_sample_b() {
        // Section 7.3, sample (B): delta 19853 under the initial bias 72.
        let mut buf = [0u8; 8];
        let n = write(&PUNYCODE, 19853, 72, false, &mut buf).unwrap();
        assert_eq!(&buf[..n], b"ihq");
        assert_eq!(read(&PUNYCODE, b"ihqwc", 72), Ok((19853, 3)));
    }

    #[test]
    fn write_reports_needed_length() {
        let mut buf = [0u8; 2];
        assert_eq!(
            write(&PUNYCODE, 19853, 72, false, &mut buf),
            Err(Error::BufferTooSmall { needed: 3 })
        );
    }

    #[test]
    fn read_errors() {
        assert_eq!(
            read(&PUNYCODE, b"ih", 72),
            Err(Error::TruncatedDelta { position: 0 })
        );
        assert_eq!(
            read(&PUNYCODE, b"i_", 72),
            Err(Error::InvalidDigit {
                position: 1,
                byte: b'_'
            })
        );
        assert_eq!(
            read(&PUNYCODE, b"99999999", 72),
            Err(Error::Overflow { position: 7 })
        );
    }
}
