//! Division by small run-time divisors without the `div` instruction.
//!
//! The coder divides by `base - t` (10 to 35 for Punycode) for every digit
//! and by the number of code points (small for DNS labels) for every
//! insertion. A hardware divide costs tens of cycles; for divisors below
//! [`RECIPROCALS`]`.len()` we multiply by a precomputed 64-bit reciprocal
//! instead: with `c = floor((2^64 - 1) / d) + 1`, the high 64 bits of
//! `c * n` are `n / d` for every 32-bit `n` (Lemire, Kaser and Kurz, "Faster
//! remainder by direct computation", 2019). The unit tests check it against
//! `/` for every divisor.

/// `RECIPROCALS[d]` for `2 <= d < 64`; entries 0 and 1 are unused.
const RECIPROCALS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut d = 2;
    while d < 64 {
        t[d] = u64::MAX / d as u64 + 1;
        d += 1;
    }
    t
};

/// `n / d`, and 0 when `d` is 0 (callers never divide by zero; this keeps
/// the function total).
#[inline(always)]
pub(crate) const fn div(n: u32, d: u32) -> u32 {
    if d >= 2 && d < RECIPROCALS.len() as u32 {
        ((RECIPROCALS[d as usize] as u128 * n as u128) >> 64) as u32
    } else {
        match n.checked_div(d) {
            Some(q) => q,
            None => 0,
        }
    }
}

/// `(n / d, n % d)`, and `(0, n)` when `d` is 0.
#[inline(always)]
pub(crate) const fn div_rem(n: u32, d: u32) -> (u32, u32) {
    let q = div(n, d);
    (q, n.wrapping_sub(q.wrapping_mul(d)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_hardware_division() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for d in 0..80u32 {
            let check = |n: u32| {
                if d == 0 {
                    assert_eq!(div_rem(n, 0), (0, n));
                } else {
                    assert_eq!(div_rem(n, d), (n / d, n % d), "{n} / {d}");
                }
            };
            for n in [0, 1, 2, d.wrapping_sub(1), d, d + 1, u32::MAX - 1, u32::MAX] {
                check(n);
            }
            for k in 1..=40u32 {
                // Around multiples of d, where rounding errors would show.
                if let Some(m) = d.checked_mul(u32::MAX / d.max(1) / k) {
                    check(m);
                    check(m.wrapping_sub(1));
                    check(m.wrapping_add(1));
                }
            }
            for _ in 0..20_000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                check(x as u32);
                check((x >> 40) as u32);
            }
        }
    }
}
