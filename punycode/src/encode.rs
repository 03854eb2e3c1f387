//! The encoder: insertion unsort coding (RFC 3492 sections 3.2, 6.3).
//!
//! The output starts with the basic code points in order, then a delimiter
//! if there were any. Then the non-basic code points are handled in
//! ascending order of value, and for equal values from left to right. For
//! each one, the encoder writes `delta`: how many steps the decoder's state
//! `(n, i)` (next code point value, insertion index) must advance, where
//! each step moves `i` along the partial string and wraps to `n + 1`. The
//! partial string at that moment holds exactly the code points already
//! handled, which is all smaller ones and the equal ones to the left.

use crate::sink::Sink;
use crate::trace::{Observer, Step};
use crate::{varint, Bootstring, Error};

/// Code points collected on the stack before falling back to re-reading the
/// input on each pass: enough for any DNS label, cheap to zero.
pub(crate) const STACK_CHARS: usize = 64;

/// Encodes the `len` code points yielded by `input`.
///
/// `input` is cloned once per distinct non-basic code point, so it should
/// be cheap to clone and must yield the same sequence each time (if it does
/// not, the output is garbage but nothing panics or loops forever).
/// `flags`, if given, holds one case flag per code point (checked by the
/// caller).
#[inline(always)]
pub(crate) fn encode_core<I, S, O>(
    p: &Bootstring,
    input: I,
    len: usize,
    flags: Option<&[bool]>,
    sink: &mut S,
    obs: &mut O,
) -> Result<(), Error>
where
    I: Iterator<Item = u32> + Clone,
    S: Sink,
    O: Observer,
{
    let Ok(total) = u32::try_from(len) else {
        return Err(Error::Overflow {
            position: u32::MAX as usize,
        });
    };
    let flag = |j: usize| match flags {
        Some(f) => f.get(j).copied().unwrap_or(false),
        None => false,
    };

    // Basic code points first, in order; find the smallest non-basic one.
    let mut basic: u32 = 0;
    let mut m = u32::MAX;
    let mut m_at = 0usize;
    for (j, c) in input.clone().enumerate() {
        if c < 0x80 {
            let byte = c as u8;
            let byte = match flags {
                None => byte,
                Some(_) if flag(j) => byte.to_ascii_uppercase(),
                Some(_) => byte.to_ascii_lowercase(),
            };
            sink.push(byte);
            basic += 1;
        } else if c < p.initial_n {
            return Err(Error::InvalidCodePoint {
                position: j,
                value: c,
            });
        } else if c < m {
            m = c;
            m_at = j;
        }
    }
    if basic > 0 {
        sink.push(p.delimiter);
    }

    let mut n = p.initial_n;
    let mut delta: u32 = 0;
    let mut bias = p.initial_bias;
    let mut handled = basic;
    while handled < total {
        if m == u32::MAX {
            // Only reachable with an input whose clones disagree.
            break;
        }
        // Advance the state from (n, 0) to (m, 0): (m - n) full laps over
        // the `handled + 1` insertion positions.
        let Some(next_delta) = (m - n)
            .checked_mul(handled + 1)
            .and_then(|lap| delta.checked_add(lap))
        else {
            return Err(Error::Overflow { position: m_at });
        };
        delta = next_delta;
        n = m;

        // One pass: count smaller code points, emit each occurrence of `n`,
        // and find the next larger code point for the following round.
        let mut next = u32::MAX;
        let mut next_at = 0usize;
        let mut seen = 0usize;
        for (j, c) in input.clone().enumerate() {
            if c < n {
                let Some(d) = delta.checked_add(1) else {
                    return Err(Error::Overflow { position: j });
                };
                delta = d;
                if O::ENABLED {
                    seen += 1;
                }
            } else if c == n {
                let start = sink.count();
                varint::put(p, delta, bias, flag(j), sink);
                bias = p.adapt(delta, handled + 1, handled == basic);
                if O::ENABLED {
                    obs.step(&Step {
                        code_point: char::from_u32(n).unwrap_or(char::REPLACEMENT_CHARACTER),
                        position: seen,
                        delta,
                        digits: sink.written(start, sink.count()),
                        bias,
                    });
                    seen += 1;
                }
                delta = 0;
                handled += 1;
            } else if c < next {
                next = c;
                next_at = j;
            }
        }
        let Some(d) = delta.checked_add(1) else {
            return Err(Error::Overflow { position: len });
        };
        delta = d;
        n += 1;
        m = next;
        m_at = next_at;
    }
    Ok(())
}

/// Collects up to [`STACK_CHARS`] code points; `None` if there are more.
#[inline(always)]
pub(crate) fn collect<I: Iterator<Item = char>>(
    input: I,
    buf: &mut [u32; STACK_CHARS],
) -> Option<usize> {
    let mut len = 0;
    for c in input {
        let slot = buf.get_mut(len)?;
        *slot = u32::from(c);
        len += 1;
    }
    Some(len)
}
