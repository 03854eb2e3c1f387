//! Bootstring parameters (RFC 3492 section 5) and bias adaptation (section 6.1).

use core::fmt;

use crate::fastdiv;

/// The parameters of a Bootstring profile (RFC 3492 section 5).
///
/// Bootstring is a family of encodings: a string of code points is written
/// as its *basic* code points (here: ASCII) followed by a series of
/// variable-length integers that say where to insert the other code points.
/// The numbers below decide how those integers are written; Punycode is
/// the profile [`PUNYCODE`].
///
/// Fields are public so a profile can be written as a literal, but the
/// encoder and decoder only accept parameters that passed
/// [`Bootstring::validate`] (see [`Codec::new`](crate::Codec::new)).
///
/// This crate writes digits with the Punycode alphabet (`a`–`z` for 0–25,
/// `0`–`9` for 26–35, either case on input), so `base` is at most 36, and the
/// basic code points are ASCII, so `initial_n` is at least `0x80`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bootstring {
    /// Number of digit values (the radix of the integers), 2 to 36 here.
    pub base: u32,
    /// Smallest threshold `t` a digit position can have.
    pub tmin: u32,
    /// Largest threshold `t` a digit position can have.
    pub tmax: u32,
    /// Shapes the bias curve of [`Bootstring::adapt`].
    pub skew: u32,
    /// Divisor applied to the first delta by [`Bootstring::adapt`].
    pub damp: u32,
    /// Bias before the first delta.
    pub initial_bias: u32,
    /// First code point that is not basic; the insertion state starts here.
    pub initial_n: u32,
    /// Separates the basic code points from the integers.
    pub delimiter: u8,
}

/// Punycode: the Bootstring profile of RFC 3492 section 5, used by IDNA.
///
/// base 36, tmin 1, tmax 26, skew 38, damp 700, initial bias 72,
/// initial n `0x80`, delimiter `-`.
pub const PUNYCODE: Bootstring = Bootstring {
    base: 36,
    tmin: 1,
    tmax: 26,
    skew: 38,
    damp: 700,
    initial_bias: 72,
    initial_n: 0x80,
    delimiter: b'-',
};

/// Why a [`Bootstring`] parameter set was refused by [`Bootstring::validate`].
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamError {
    /// `base` must be 3 to 36 (the digit alphabet has 36 symbols).
    Base {
        /// The refused value.
        base: u32,
    },
    /// Thresholds must satisfy `1 <= tmin <= tmax <= base - 1` and
    /// `base - tmin >= 2` (otherwise `adapt` or an integer would never end).
    Thresholds {
        /// The refused `tmin`.
        tmin: u32,
        /// The refused `tmax`.
        tmax: u32,
    },
    /// `skew` must be at least 1.
    Skew {
        /// The refused value.
        skew: u32,
    },
    /// `damp` must be at least 2.
    Damp {
        /// The refused value.
        damp: u32,
    },
    /// `initial_bias mod base` must be at most `base - tmin`.
    InitialBias {
        /// The refused value.
        initial_bias: u32,
    },
    /// `initial_n` must be in `0x80..=0x10FFFF` (ASCII is basic here).
    InitialN {
        /// The refused value.
        initial_n: u32,
    },
    /// The delimiter must be ASCII and must not be a digit symbol of this base.
    Delimiter {
        /// The refused value.
        delimiter: u8,
    },
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParamError::Base { base } => write!(f, "Bootstring base {base} is not in 3..=36"),
            ParamError::Thresholds { tmin, tmax } => write!(
                f,
                "Bootstring thresholds tmin {tmin}, tmax {tmax} break 1 <= tmin <= tmax < base, base - tmin >= 2"
            ),
            ParamError::Skew { skew } => write!(f, "Bootstring skew {skew} is below 1"),
            ParamError::Damp { damp } => write!(f, "Bootstring damp {damp} is below 2"),
            ParamError::InitialBias { initial_bias } => write!(
                f,
                "Bootstring initial bias {initial_bias} mod base exceeds base - tmin"
            ),
            ParamError::InitialN { initial_n } => write!(
                f,
                "Bootstring initial n {initial_n:#x} is not in 0x80..=0x10FFFF"
            ),
            ParamError::Delimiter { delimiter } => write!(
                f,
                "Bootstring delimiter {delimiter:#04x} is not ASCII or is a digit"
            ),
        }
    }
}

impl core::error::Error for ParamError {}

impl Bootstring {
    /// Checks the constraints of RFC 3492 section 5 plus what this crate
    /// needs to be total (no endless loop, no division by zero):
    ///
    /// * `3 <= base <= 36`
    /// * `1 <= tmin <= tmax <= base - 1` and `base - tmin >= 2`
    /// * `skew >= 1`, `damp >= 2`
    /// * `initial_bias mod base <= base - tmin`
    /// * `0x80 <= initial_n <= 0x10FFFF`
    /// * the delimiter is ASCII and is not a digit symbol below `base`.
    ///
    /// ```
    /// use etld_punycode::{Bootstring, PUNYCODE, ParamError};
    /// assert_eq!(PUNYCODE.validate(), Ok(()));
    /// let bad = Bootstring { damp: 1, ..PUNYCODE };
    /// assert_eq!(bad.validate(), Err(ParamError::Damp { damp: 1 }));
    /// ```
    pub const fn validate(&self) -> Result<(), ParamError> {
        if self.base < 3 || self.base > 36 {
            return Err(ParamError::Base { base: self.base });
        }
        if self.tmin < 1
            || self.tmin > self.tmax
            || self.tmax >= self.base
            || self.base - self.tmin < 2
        {
            return Err(ParamError::Thresholds {
                tmin: self.tmin,
                tmax: self.tmax,
            });
        }
        if self.skew < 1 {
            return Err(ParamError::Skew { skew: self.skew });
        }
        if self.damp < 2 {
            return Err(ParamError::Damp { damp: self.damp });
        }
        if self.initial_bias % self.base > self.base - self.tmin {
            return Err(ParamError::InitialBias {
                initial_bias: self.initial_bias,
            });
        }
        if self.initial_n < 0x80 || self.initial_n > 0x10_FFFF {
            return Err(ParamError::InitialN {
                initial_n: self.initial_n,
            });
        }
        let d = self.delimiter;
        if d >= 0x80 || (crate::varint::digit_value_of(d) as u32) < self.base {
            return Err(ParamError::Delimiter { delimiter: d });
        }
        Ok(())
    }

    /// The threshold `t` of the digit at position `k` (`k = base`, `2 * base`,
    /// ... for the first, second, ... digit) under `bias` (RFC 3492 section
    /// 6.2): `k - bias` clamped to `tmin..=tmax`.
    ///
    /// A digit below its threshold is the last digit of an integer.
    ///
    /// ```
    /// use etld_punycode::PUNYCODE;
    /// assert_eq!(PUNYCODE.threshold(36, 72), 1); // k <= bias: tmin
    /// assert_eq!(PUNYCODE.threshold(36, 20), 16);
    /// assert_eq!(PUNYCODE.threshold(108, 72), 26); // capped at tmax
    /// ```
    #[inline(always)]
    pub const fn threshold(&self, k: u32, bias: u32) -> u32 {
        let t = k.saturating_sub(bias);
        if t < self.tmin {
            self.tmin
        } else if t > self.tmax {
            self.tmax
        } else {
            t
        }
    }

    /// Bias adaptation (RFC 3492 section 6.1).
    ///
    /// After each integer (`delta`) is written or read, the bias for the next
    /// one is recomputed from it: `delta` is scaled down (by `damp` the first
    /// time, which keeps the first, usually large, delta from dominating,
    /// and by 2 afterwards), compensated for the growing string (`numpoints`
    /// is the number of code points handled so far, counting the one just
    /// inserted), and the bias becomes roughly the number of digits the next
    /// delta of that size will need, times `base`, so the thresholds let the
    /// common case end early.
    ///
    /// With parameters that pass [`validate`](Self::validate) this is
    /// exactly the RFC function; with others it still terminates and never
    /// panics, but the value is meaningless.
    ///
    /// ```
    /// use etld_punycode::PUNYCODE;
    /// // RFC 3492 section 7.2, sample (B): the first delta 19853 gives bias 21.
    /// assert_eq!(PUNYCODE.adapt(19853, 1, true), 21);
    /// assert_eq!(PUNYCODE.adapt(64, 2, false), 20);
    /// ```
    #[inline(always)]
    pub const fn adapt(&self, delta: u32, numpoints: u32, firsttime: bool) -> u32 {
        if self.is_punycode() {
            return adapt_punycode(delta, numpoints, firsttime);
        }
        let divisor = if firsttime { self.damp } else { 2 };
        let mut delta = match delta.checked_div(divisor) {
            Some(d) => d,
            None => delta,
        };
        delta = delta.saturating_add(fastdiv::div(delta, numpoints));
        let span = self.base.saturating_sub(self.tmin);
        let limit = (span as u64 * self.tmax as u64) / 2;
        let mut k: u32 = 0;
        if span >= 2 {
            while delta as u64 > limit {
                delta /= span;
                k = k.saturating_add(self.base);
            }
        }
        let num = (span as u64 + 1) * delta as u64;
        let den = delta as u64 + self.skew as u64;
        let tail = match num.checked_div(den) {
            Some(v) => v,
            None => 0,
        };
        k.saturating_add(if tail > u32::MAX as u64 {
            u32::MAX
        } else {
            tail as u32
        })
    }

    /// Whether these are exactly the [`PUNYCODE`] parameters (folds away
    /// when the parameters are a constant).
    #[inline(always)]
    const fn is_punycode(&self) -> bool {
        self.base == PUNYCODE.base
            && self.tmin == PUNYCODE.tmin
            && self.tmax == PUNYCODE.tmax
            && self.skew == PUNYCODE.skew
            && self.damp == PUNYCODE.damp
    }
}

/// `((base - tmin + 1) * d) / (d + skew)` for Punycode, for every `d` the
/// loop of `adapt` can leave: `0..=((base - tmin) * tmax) / 2`.
const PUNYCODE_ADAPT_TAIL: [u8; 456] = {
    let mut t = [0u8; 456];
    let mut d = 0;
    while d < t.len() {
        t[d] = ((36 * d) / (d + 38)) as u8;
        d += 1;
    }
    t
};

/// [`Bootstring::adapt`] with the Punycode constants: the same arithmetic,
/// with constant divisors and the last division looked up.
#[inline(always)]
const fn adapt_punycode(delta: u32, numpoints: u32, firsttime: bool) -> u32 {
    let mut delta = if firsttime { delta / 700 } else { delta / 2 };
    // delta <= u32::MAX / 2 here, so adding at most delta cannot overflow.
    delta += fastdiv::div(delta, numpoints);
    let mut k = 0;
    while delta > 455 {
        delta /= 35;
        k += 36;
    }
    k + PUNYCODE_ADAPT_TAIL[delta as usize] as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn punycode_is_valid() {
        assert_eq!(PUNYCODE.validate(), Ok(()));
    }

    #[test]
    fn validation_refuses_each_constraint() {
        let p = PUNYCODE;
        assert_eq!(
            Bootstring { base: 2, ..p }.validate(),
            Err(ParamError::Base { base: 2 })
        );
        assert_eq!(
            Bootstring { base: 37, ..p }.validate(),
            Err(ParamError::Base { base: 37 })
        );
        assert_eq!(
            Bootstring { tmin: 0, ..p }.validate(),
            Err(ParamError::Thresholds { tmin: 0, tmax: 26 })
        );
        assert_eq!(
            Bootstring { tmin: 27, ..p }.validate(),
            Err(ParamError::Thresholds { tmin: 27, tmax: 26 })
        );
        assert_eq!(
            Bootstring { tmax: 36, ..p }.validate(),
            Err(ParamError::Thresholds { tmin: 1, tmax: 36 })
        );
        assert_eq!(
            Bootstring {
                tmin: 35,
                tmax: 35,
                ..p
            }
            .validate(),
            Err(ParamError::Thresholds { tmin: 35, tmax: 35 })
        );
        assert_eq!(
            Bootstring { skew: 0, ..p }.validate(),
            Err(ParamError::Skew { skew: 0 })
        );
        assert_eq!(
            Bootstring { damp: 1, ..p }.validate(),
            Err(ParamError::Damp { damp: 1 })
        );
        assert_eq!(
            Bootstring {
                initial_bias: 36 + 36,
                tmin: 1,
                ..p
            }
            .validate(),
            Ok(())
        );
        assert_eq!(
            Bootstring {
                tmin: 2,
                initial_bias: 35,
                ..p
            }
            .validate(),
            Err(ParamError::InitialBias { initial_bias: 35 })
        );
        assert_eq!(
            Bootstring {
                initial_n: 0x7F,
                ..p
            }
            .validate(),
            Err(ParamError::InitialN { initial_n: 0x7F })
        );
        assert_eq!(
            Bootstring {
                initial_n: 0x11_0000,
                ..p
            }
            .validate(),
            Err(ParamError::InitialN {
                initial_n: 0x11_0000
            })
        );
        assert_eq!(
            Bootstring {
                delimiter: b'a',
                ..p
            }
            .validate(),
            Err(ParamError::Delimiter { delimiter: b'a' })
        );
        assert_eq!(
            Bootstring {
                delimiter: b'7',
                ..p
            }
            .validate(),
            Err(ParamError::Delimiter { delimiter: b'7' })
        );
        assert_eq!(
            Bootstring {
                delimiter: 0xC3,
                ..p
            }
            .validate(),
            Err(ParamError::Delimiter { delimiter: 0xC3 })
        );
        // 'z' is not a digit in base 10.
        assert_eq!(
            Bootstring {
                base: 10,
                tmin: 1,
                tmax: 5,
                initial_bias: 8,
                delimiter: b'z',
                ..p
            }
            .validate(),
            Ok(())
        );
    }

    #[test]
    fn threshold_clamps() {
        assert_eq!(PUNYCODE.threshold(36, 72), 1);
        assert_eq!(PUNYCODE.threshold(72, 72), 1);
        assert_eq!(PUNYCODE.threshold(80, 72), 8);
        assert_eq!(PUNYCODE.threshold(98, 72), 26);
        assert_eq!(PUNYCODE.threshold(200, 72), 26);
    }

    #[test]
    fn adapt_matches_rfc_traces() {
        // Sample (B) of RFC 3492 7.3: deltas and the bias after each.
        let deltas = [19853, 64, 37, 56, 599, 130, 154, 46301, 88531];
        let biases = [21, 20, 13, 17, 32, 23, 25, 84, 90];
        for (h, (&d, &b)) in deltas.iter().zip(biases.iter()).enumerate() {
            assert_eq!(PUNYCODE.adapt(d, h as u32 + 1, h == 0), b, "step {h}");
        }
    }

    /// RFC 3492 section 6.1, transcribed literally (valid params only).
    fn rfc_adapt(p: &Bootstring, delta: u32, numpoints: u32, firsttime: bool) -> u32 {
        let mut delta = if firsttime { delta / p.damp } else { delta / 2 };
        delta += delta / numpoints;
        let mut k = 0;
        while delta > ((p.base - p.tmin) * p.tmax) / 2 {
            delta /= p.base - p.tmin;
            k += p.base;
        }
        k + (((p.base - p.tmin + 1) as u64 * delta as u64) / (delta as u64 + p.skew as u64)) as u32
    }

    #[test]
    fn adapt_equals_the_rfc_formula() {
        let other = Bootstring {
            base: 30,
            tmin: 2,
            tmax: 20,
            skew: 10,
            damp: 100,
            initial_bias: 30,
            initial_n: 0x100,
            delimiter: b'_',
        };
        assert_eq!(other.validate(), Ok(()));
        assert!(PUNYCODE.is_punycode() && !other.is_punycode());
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        let check = |delta: u32, numpoints: u32| {
            for first in [false, true] {
                for p in [&PUNYCODE, &other] {
                    assert_eq!(
                        p.adapt(delta, numpoints, first),
                        rfc_adapt(p, delta, numpoints, first),
                        "{delta} {numpoints} {first}"
                    );
                }
            }
        };
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let delta = if x & 1 == 0 {
                (x >> 8) as u32
            } else {
                (x >> 40) as u32 & 0xFFFF
            };
            check(delta, ((x >> 20) as u32 % 2100).max(1));
        }
        for delta in [0, 1, 455, 456, 700 * 456, u32::MAX] {
            for numpoints in [1, 2, 63, 64, 65, 1000, u32::MAX] {
                check(delta, numpoints);
            }
        }
    }

    #[test]
    fn adapt_is_total_on_invalid_params() {
        let zeros = Bootstring {
            base: 0,
            tmin: 0,
            tmax: 0,
            skew: 0,
            damp: 0,
            initial_bias: 0,
            initial_n: 0,
            delimiter: 0,
        };
        let _ = zeros.adapt(u32::MAX, 0, true);
        let _ = zeros.adapt(0, 0, false);
        let wide = Bootstring {
            base: u32::MAX,
            tmin: 1,
            tmax: u32::MAX,
            skew: u32::MAX,
            damp: 1,
            ..PUNYCODE
        };
        let _ = wide.adapt(u32::MAX, 1, true);
        let _ = wide.adapt(u32::MAX, u32::MAX, false);
        let one = Bootstring {
            base: 36,
            tmin: 35,
            tmax: 35,
            ..PUNYCODE
        };
        let _ = one.adapt(u32::MAX, 1, false);
    }
}
