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

/// Code points of the smaller stack array, for the short labels most are:
/// its zeroing is a few stores, that of [`STACK_CHARS`] a call to `memset`.
pub(crate) const FEW_CHARS: usize = 16;

// `encode_short` keeps handled indices in a `u64` mask.
const _: () = assert!(FEW_CHARS <= STACK_CHARS && STACK_CHARS <= 64);

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

/// Encodes the code points of `input` (at most `N`, up to [`STACK_CHARS`],
/// of them) without rescanning: the same output as [`encode_core`], in
/// `O(n log n)` instead of `O(n * distinct)`.
///
/// The non-basic code points are sorted by `(value, index)`, the order in
/// which they are inserted. The insertion position of each is the number
/// of code points already in the decoder's string that lie before it in
/// the input: a popcount over a 64-bit mask of the handled indices. The
/// delta between two consecutive insertions then follows from the
/// decoder's state update (RFC 3492 6.2): after inserting at `prev` the
/// decoder stands at `i = prev + 1` with `n = prev_n` over `h + 1` slots,
/// so reaching `(n, pos)` takes `(n - prev_n) * (h + 1) + pos - (prev + 1)`
/// steps (for the first insertion, `prev + 1` is 0 and `prev_n` is
/// `initial_n`).
#[inline(always)]
pub(crate) fn encode_short<const N: usize, I, S, O>(
    p: &Bootstring,
    input: I,
    flags: Option<&[bool]>,
    sink: &mut S,
    obs: &mut O,
) -> Result<(), Error>
where
    I: Iterator<Item = char>,
    S: Sink,
    O: Observer,
{
    let flag = |j: usize| match flags {
        Some(f) => f.get(j).copied().unwrap_or(false),
        None => false,
    };
    // Sort keys: value above, index in the low 6 bits (values < 2^21).
    let mut keys = [0u32; N];
    let mut count = 0usize;
    let mut handled_mask: u64 = 0;
    let mut basic: u32 = 0;
    for (j, c) in input.enumerate() {
        if j >= N {
            // Callers count first; more than N is a caller bug.
            return Err(Error::InputTooLong { len: j + 1, max: N });
        }
        let c = u32::from(c);
        if c < 0x80 {
            let byte = c as u8;
            let byte = match flags {
                None => byte,
                Some(_) if flag(j) => byte.to_ascii_uppercase(),
                Some(_) => byte.to_ascii_lowercase(),
            };
            sink.push(byte);
            basic += 1;
            handled_mask |= 1 << j;
        } else if c < p.initial_n {
            return Err(Error::InvalidCodePoint {
                position: j,
                value: c,
            });
        } else {
            keys[count] = (c << 6) | j as u32;
            count += 1;
        }
    }
    if basic > 0 {
        sink.push(p.delimiter);
    }
    let keys = &mut keys[..count];
    sort_small(keys);

    let mut prev_n = p.initial_n;
    let mut next_i: u32 = 0; // the decoder's i after the previous insertion
    let mut bias = p.initial_bias;
    // `handled`: code points already in the decoder's string.
    for (handled, &key) in (basic..).zip(keys.iter()) {
        let n = key >> 6;
        let j = (key & 63) as usize;
        let pos = (handled_mask & ((1u64 << j) - 1)).count_ones();
        // (n - prev_n) * (handled + 1) + pos - next_i, in u64: with at most
        // 64 code points it stays far below u32::MAX, but stay checked.
        let steps = (u64::from(n - prev_n) * u64::from(handled + 1) + u64::from(pos))
            .checked_sub(u64::from(next_i));
        let Some(delta) = steps.and_then(|s| u32::try_from(s).ok()) else {
            return Err(Error::Overflow { position: j });
        };
        let start = sink.count();
        varint::put(p, delta, bias, flag(j), sink);
        bias = p.adapt(delta, handled + 1, handled == basic);
        if O::ENABLED {
            obs.step(&Step {
                code_point: char::from_u32(n).unwrap_or(char::REPLACEMENT_CHARACTER),
                position: pos as usize,
                delta,
                digits: sink.written(start, sink.count()),
                bias,
            });
        }
        handled_mask |= 1 << j;
        prev_n = n;
        next_i = pos + 1;
    }
    Ok(())
}

/// Sorts `keys`: insertion sort for the few keys a typical label has (no
/// call, no set-up), the library sort beyond.
#[inline(always)]
fn sort_small(keys: &mut [u32]) {
    if keys.len() > 12 {
        keys.sort_unstable();
        return;
    }
    for i in 1..keys.len() {
        let key = keys[i];
        let mut j = i;
        while j > 0 && keys[j - 1] > key {
            keys[j] = keys[j - 1];
            j -= 1;
        }
        keys[j] = key;
    }
}

/// Encodes the `count` code points of `input`: [`encode_short`] when they
/// fit the stack, else the rescanning [`encode_core`] (`input` is cloned
/// once per distinct non-basic code point).
#[inline(always)]
pub(crate) fn encode_counted<I, S, O>(
    p: &Bootstring,
    input: I,
    count: usize,
    flags: Option<&[bool]>,
    sink: &mut S,
    obs: &mut O,
) -> Result<(), Error>
where
    I: Iterator<Item = char> + Clone,
    S: Sink,
    O: Observer,
{
    if count <= FEW_CHARS {
        encode_short::<FEW_CHARS, _, _, _>(p, input, flags, sink, obs)
    } else if count <= STACK_CHARS {
        encode_short::<STACK_CHARS, _, _, _>(p, input, flags, sink, obs)
    } else {
        encode_core(p, input.map(u32::from), count, flags, sink, obs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sink::SliceSink;
    use crate::trace::{Calls, Quiet};
    use crate::PUNYCODE;

    /// A small deterministic generator (xorshift) for test inputs.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    fn random_text(state: &mut u64, buf: &mut [u32; STACK_CHARS]) -> usize {
        let len = (next(state) % (STACK_CHARS as u64 + 1)) as usize;
        const POOLS: [(u32, u32); 6] = [
            (0x61, 26),
            (0x20, 95),
            (0x80, 0x180),
            (0x4E00, 64),
            (0x1F600, 16),
            (0x10_FFF0, 16),
        ];
        for slot in buf.iter_mut().take(len) {
            let (base, span) = POOLS[(next(state) % 6) as usize];
            let mut c = base + (next(state) % u64::from(span)) as u32;
            if (0xD800..0xE000).contains(&c) {
                c = 0x61;
            }
            *slot = c;
        }
        len
    }

    #[test]
    fn short_path_equals_the_rfc_loop() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut text = [0u32; STACK_CHARS];
        for round in 0..20_000 {
            let len = random_text(&mut state, &mut text);
            let flags: [bool; STACK_CHARS] = core::array::from_fn(|i| (state >> (i % 64)) & 1 == 1);
            let flags = if round % 2 == 0 {
                Some(&flags[..len])
            } else {
                None
            };
            let (mut a, mut b) = ([0u8; 512], [0u8; 512]);
            let (mut steps_a, mut steps_b) = (
                [(0u32, 0usize, 0u32, 0u32); STACK_CHARS],
                [(0u32, 0usize, 0u32, 0u32); STACK_CHARS],
            );
            let (mut na, mut nb) = (0, 0);
            let mut sa = SliceSink::new(&mut a);
            encode_core(
                &PUNYCODE,
                text[..len].iter().copied(),
                len,
                flags,
                &mut sa,
                &mut Calls(|s: &Step<'_>| {
                    steps_a[na] = (u32::from(s.code_point), s.position, s.delta, s.bias);
                    na += 1;
                }),
            )
            .unwrap();
            let la = sa.finish().unwrap();
            let mut sb = SliceSink::new(&mut b);
            let chars = text[..len].iter().map(|&c| char::from_u32(c).unwrap());
            encode_short::<STACK_CHARS, _, _, _>(
                &PUNYCODE,
                chars.clone(),
                flags,
                &mut sb,
                &mut Calls(|s: &Step<'_>| {
                    steps_b[nb] = (u32::from(s.code_point), s.position, s.delta, s.bias);
                    nb += 1;
                }),
            )
            .unwrap();
            let lb = sb.finish().unwrap();
            assert_eq!(a[..la], b[..lb], "round {round}");
            assert_eq!(steps_a[..na], steps_b[..nb], "round {round}");
            if len <= FEW_CHARS {
                let mut c = [0u8; 512];
                let mut sc = SliceSink::new(&mut c);
                encode_short::<FEW_CHARS, _, _, _>(
                    &PUNYCODE,
                    chars.clone(),
                    flags,
                    &mut sc,
                    &mut Quiet,
                )
                .unwrap();
                assert_eq!(sc.finish(), Ok(la));
                assert_eq!(a[..la], c[..la], "round {round}");
            }
            let mut sq = SliceSink::new(&mut b);
            encode_short::<STACK_CHARS, _, _, _>(&PUNYCODE, chars, flags, &mut sq, &mut Quiet)
                .unwrap();
            assert_eq!(sq.finish(), Ok(la));
        }
    }
}
