//! The decoder (RFC 3492 section 6.2).
//!
//! Everything before the last delimiter is copied as basic code points
//! (the delimiter is only consumed if at least one basic code point precedes
//! it). Each following integer advances the state `(n, i)`: `i` grows by the
//! integer, every `len + 1` steps of `i` bump `n`, and `n` is inserted at
//! position `i mod (len + 1)` of the output.

use crate::trace::{Observer, Step};
use crate::{varint, Bootstring, Error};

/// Decodes `input` into `out` (and the case flags into `flags`).
///
/// When the buffers are full the decoder goes on validating and counting,
/// so the error is either a real decoding error or
/// [`Error::BufferTooSmall`] with the exact size needed.
#[inline(always)]
pub(crate) fn decode_core<O: Observer>(
    p: &Bootstring,
    max_len: usize,
    input: &[u8],
    out: &mut [char],
    mut flags: Option<&mut [bool]>,
    obs: &mut O,
) -> Result<usize, Error> {
    if input.len() > max_len {
        return Err(Error::InputTooLong {
            len: input.len(),
            max: max_len,
        });
    }
    let cap = match &flags {
        Some(f) => out.len().min(f.len()),
        None => out.len(),
    };

    // The basic code points: everything before the last delimiter.
    let (basic, mut pos) = match input.iter().rposition(|&b| b == p.delimiter) {
        Some(0) => return Err(Error::LeadingDelimiter { position: 0 }),
        Some(d) => (&input[..d], d + 1),
        None => (&input[..0], 0),
    };
    for (j, &byte) in basic.iter().enumerate() {
        if byte >= 0x80 {
            return Err(Error::NonBasicBeforeDelimiter { position: j });
        }
        if j < cap {
            out[j] = char::from(byte);
            if let Some(f) = flags.as_deref_mut() {
                f[j] = byte.is_ascii_uppercase();
            }
        }
    }

    let mut len = basic.len();
    let mut n = p.initial_n;
    let mut i: u32 = 0;
    let mut bias = p.initial_bias;
    while pos < input.len() {
        let start = pos;
        let old_i = i;
        let (new_i, end) = varint::take(p, input, pos, i, bias)?;
        i = new_i;
        pos = end;
        let last = end - 1;
        let Some(points) = u32::try_from(len).ok().and_then(|l| l.checked_add(1)) else {
            return Err(Error::Overflow { position: last });
        };
        bias = p.adapt(i - old_i, points, old_i == 0);
        let (laps, at) = crate::fastdiv::div_rem(i, points);
        let Some(next_n) = n.checked_add(laps) else {
            return Err(Error::Overflow { position: last });
        };
        n = next_n;
        i = at;
        let Some(c) = char::from_u32(n) else {
            return Err(Error::InvalidCodePoint {
                position: start,
                value: n,
            });
        };
        let at = i as usize;
        if len < cap {
            insert(out, at, len, c);
            if let Some(f) = flags.as_deref_mut() {
                insert(f, at, len, input[last].is_ascii_uppercase());
            }
        }
        if O::ENABLED {
            obs.step(&Step {
                code_point: c,
                position: at,
                delta: new_i - old_i,
                digits: &input[start..end],
                bias,
            });
        }
        len += 1;
        i += 1;
    }
    if len > cap {
        Err(Error::BufferTooSmall { needed: len })
    } else {
        Ok(len)
    }
}

/// Puts `value` at `at` in `buf`, whose first `len` elements are in use
/// (`at <= len < buf.len()`), moving those from `at` on one place right.
///
/// They are moved one at a time from the end rather than by
/// `copy_within`: a label's insertion moves a few elements, for which a
/// call to `memmove` costs more than the moves (`examples/lookup_kinds.rs`,
/// `xn`).
#[inline(always)]
fn insert<T: Copy>(buf: &mut [T], at: usize, len: usize, value: T) {
    let mut j = len;
    while j > at {
        match (buf.get(j - 1).copied(), buf.get_mut(j)) {
            (Some(moved), Some(to)) => *to = moved,
            _ => break,
        }
        j -= 1;
    }
    if let Some(slot) = buf.get_mut(at) {
        *slot = value;
    }
}
