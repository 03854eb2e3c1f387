//! The IDNA mapping table and the properties of valid code points, read from
//! one three-level trie.
//!
//! Every code point below [`TRIE_END`] has a 16-bit value:
//!
//! | bits | meaning |
//! |---|---|
//! | `1x xxxx xxxx xxxx` | mapped; bit 14 clear: to the code point plus the signed 14-bit delta below; set: to the string at that byte of `MAP_POOL` |
//! | `00 0` + 13 bits | valid (deviations included): bidi class (bits 0-3), joining type (4-6), a combining mark (7), may change under NFC (8), composes with what precedes it (9) |
//! | `00 1` + 0 | ignored |
//! | `01 0` + 0 | disallowed |
//!
//! The top level takes `cp >> SHIFT_TOP` to a middle block, the middle block
//! takes the next bits to the start of a leaf block of `1 << SHIFT_LEAF`
//! values; blocks that repeat are stored once (see `scripts/gen_uts46.py`).

use super::tables::{
    CCC_LENS, CCC_RUNS, MAP_POOL, SHIFT_LEAF, SHIFT_TOP, TRIE_END, TRIE_LEAF, TRIE_MID, TRIE_TOP,
};

/// The value of a disallowed code point.
const DISALLOWED: u16 = 2 << 13;

/// A code point's entry in the mapping table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Value(u16);

/// What the mapping step does with a code point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    /// Kept (valid, or a deviation kept by nontransitional processing).
    Valid(Props),
    /// Removed.
    Ignored,
    /// Replaced by one code point.
    MappedChar(char),
    /// Replaced by a string.
    MappedStr(&'static str),
    /// An error.
    Disallowed,
}

/// Bidi classes (RFC 5893), named as Unicode names them; every other class
/// is [`Bidi::Other`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::upper_case_acronyms)]
pub(crate) enum Bidi {
    L,
    R,
    AL,
    AN,
    EN,
    ES,
    CS,
    ET,
    ON,
    BN,
    NSM,
    Other,
}

/// Joining types (Unicode's ArabicShaping.txt), for ContextJ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Joining {
    U,
    C,
    D,
    L,
    R,
    T,
}

/// The properties of a valid code point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Props(u16);

impl Props {
    pub(crate) fn bidi(self) -> Bidi {
        match self.0 & 15 {
            0 => Bidi::L,
            1 => Bidi::R,
            2 => Bidi::AL,
            3 => Bidi::AN,
            4 => Bidi::EN,
            5 => Bidi::ES,
            6 => Bidi::CS,
            7 => Bidi::ET,
            8 => Bidi::ON,
            9 => Bidi::BN,
            10 => Bidi::NSM,
            _ => Bidi::Other,
        }
    }

    /// R, AL or AN: a label holding one is an RTL label (RFC 5893 1.4).
    #[inline]
    pub(crate) fn is_rtl(self) -> bool {
        matches!(self.0 & 15, 1..=3)
    }

    pub(crate) fn joining(self) -> Joining {
        match (self.0 >> 4) & 7 {
            1 => Joining::C,
            2 => Joining::D,
            3 => Joining::L,
            4 => Joining::R,
            5 => Joining::T,
            _ => Joining::U,
        }
    }

    /// General category M (Mn, Mc, Me).
    #[inline]
    pub(crate) fn is_mark(self) -> bool {
        self.0 & (1 << 7) != 0
    }

    /// A non-zero combining class, or a code point that composes with what
    /// precedes it: a string without any is in NFC as it stands.
    #[inline]
    pub(crate) fn may_change_under_nfc(self) -> bool {
        self.0 & (1 << 8) != 0
    }

    /// The second of a canonical composition (NFC_Quick_Check Maybe).
    #[inline]
    pub(crate) fn composes_with_previous(self) -> bool {
        self.0 & (1 << 9) != 0
    }
}

impl Value {
    /// The entry of `c`.
    #[inline]
    pub(crate) fn of(c: char) -> Value {
        let cp = c as u32;
        if cp >= TRIE_END {
            return Value(DISALLOWED);
        }
        let mid = match TRIE_TOP.get((cp >> SHIFT_TOP) as usize) {
            Some(&m) => m as usize,
            None => return Value(DISALLOWED),
        };
        let per_mid = 1usize << (SHIFT_TOP - SHIFT_LEAF);
        let slot = (mid * per_mid) | ((cp >> SHIFT_LEAF) as usize & (per_mid - 1));
        let leaf = match TRIE_MID.get(slot) {
            Some(&l) => l as usize,
            None => return Value(DISALLOWED),
        };
        let at = leaf | (cp as usize & ((1 << SHIFT_LEAF) - 1));
        Value(TRIE_LEAF.get(at).copied().unwrap_or(DISALLOWED))
    }

    /// What the mapping step does with `c`, whose entry this is.
    #[inline]
    pub(crate) fn status(self, c: char) -> Status {
        let v = self.0;
        if v & 0x8000 != 0 {
            if v & 0x4000 == 0 {
                // Sign-extend the 14-bit delta.
                let delta = (((v << 2) as i16) >> 2) as i32;
                return match char::from_u32((c as u32 as i32 + delta) as u32) {
                    Some(m) => Status::MappedChar(m),
                    None => Status::Disallowed,
                };
            }
            return match pool_str((v & 0x3FFF) as usize) {
                Some(s) => Status::MappedStr(s),
                None => Status::Disallowed,
            };
        }
        match v >> 13 {
            0 => Status::Valid(Props(v)),
            1 => Status::Ignored,
            _ => Status::Disallowed,
        }
    }

    /// The properties, if the code point is valid.
    #[inline]
    pub(crate) fn props(self) -> Option<Props> {
        if self.0 >> 13 == 0 {
            Some(Props(self.0))
        } else {
            None
        }
    }
}

/// The replacement string stored at byte `at` of the pool, after its length.
fn pool_str(at: usize) -> Option<&'static str> {
    let len = *MAP_POOL.as_bytes().get(at)? as usize;
    MAP_POOL.get(at + 1..at + 1 + len)
}

/// The properties of `c` if it is valid.
#[inline]
pub(crate) fn props(c: char) -> Option<Props> {
    Value::of(c).props()
}

/// The canonical combining class of `c`.
pub(crate) fn ccc(c: char) -> u8 {
    let cp = c as u32;
    if cp < 0x300 {
        // The combining diacritical marks are the first non-zero class.
        return 0;
    }
    // The last run starting at or before `cp`.
    let i = CCC_RUNS.partition_point(|&r| (r >> 8) <= cp);
    if i == 0 {
        return 0;
    }
    let run = CCC_RUNS[i - 1];
    let len = CCC_LENS.get(i - 1).copied().unwrap_or(0) as u32;
    if cp <= (run >> 8) + len {
        (run & 0xFF) as u8
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses() {
        assert_eq!(Value::of('A').status('A'), Status::MappedChar('a'));
        assert!(matches!(Value::of('a').status('a'), Status::Valid(_)));
        assert_eq!(Value::of('\u{AD}').status('\u{AD}'), Status::Ignored);
        assert_eq!(Value::of('ﬁ').status('ﬁ'), Status::MappedStr("fi"));
        assert_eq!(Value::of('Ⅷ').status('Ⅷ'), Status::MappedStr("viii"));
        assert_eq!(Value::of('ｶ').status('ｶ'), Status::MappedStr("カ"));
        assert_eq!(Value::of('\u{9B}').status('\u{9B}'), Status::Disallowed);
        assert_eq!(
            Value::of('\u{10FFFF}').status('\u{10FFFF}'),
            Status::Disallowed
        );
        assert!(matches!(Value::of('ß').status('ß'), Status::Valid(_)));
        assert!(matches!(
            Value::of('\u{200D}').status('\u{200D}'),
            Status::Valid(_)
        ));
    }

    #[test]
    fn properties() {
        let p = |c| props(c).unwrap();
        assert_eq!(p('a').bidi(), Bidi::L);
        assert_eq!(p('1').bidi(), Bidi::EN);
        assert_eq!(p('א').bidi(), Bidi::R);
        assert_eq!(p('ب').bidi(), Bidi::AL);
        assert_eq!(p('٣').bidi(), Bidi::AN);
        assert_eq!(p('\u{300}').bidi(), Bidi::NSM);
        assert!(p('\u{300}').is_mark() && p('\u{300}').may_change_under_nfc());
        assert!(!p('a').is_mark() && !p('a').may_change_under_nfc());
        assert_eq!(p('ب').joining(), Joining::D);
        assert_eq!(p('\u{200D}').joining(), Joining::C);
        assert_eq!(ccc('\u{94D}'), 9);
        assert_eq!(ccc('\u{300}'), 230);
        assert_eq!(ccc('a'), 0);
    }
}
