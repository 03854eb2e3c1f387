//! The Bidi rule of RFC 5893 section 2, checked on every label of a name
//! that holds a right-to-left character (a "Bidi domain name").

use super::mapping::{props, Bidi};

/// Which condition of the Bidi rule (RFC 5893 section 2) a label breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BidiRule {
    /// 1: the first character must be of class L, R or AL.
    FirstCharacter,
    /// 2: a right-to-left label holds only R, AL, AN, EN, ES, CS, ET, ON, BN
    /// and NSM.
    RtlClass,
    /// 3: a right-to-left label ends with R, AL, EN or AN, then any NSM.
    RtlEnd,
    /// 4: a right-to-left label holds EN or AN, not both.
    RtlNumbers,
    /// 5: a left-to-right label holds only L, EN, ES, CS, ET, ON, BN and NSM.
    LtrClass,
    /// 6: a left-to-right label ends with L or EN, then any NSM.
    LtrEnd,
}

impl BidiRule {
    /// The condition's number in RFC 5893 section 2.
    pub fn number(self) -> u8 {
        match self {
            BidiRule::FirstCharacter => 1,
            BidiRule::RtlClass => 2,
            BidiRule::RtlEnd => 3,
            BidiRule::RtlNumbers => 4,
            BidiRule::LtrClass => 5,
            BidiRule::LtrEnd => 6,
        }
    }
}

fn class(c: char) -> Bidi {
    props(c).map_or(Bidi::Other, |p| p.bidi())
}

/// Checks one label; on failure, the condition and the index (in code
/// points) of the character that breaks it. An empty label passes.
pub(crate) fn check(label: &str) -> Result<(), (BidiRule, usize)> {
    check_chars(label.chars())
}

/// [`check`] for a label given as its code points.
pub(crate) fn check_chars(mut chars: impl Iterator<Item = char>) -> Result<(), (BidiRule, usize)> {
    let first = match chars.next() {
        Some(c) => class(c),
        None => return Ok(()),
    };
    let rtl = match first {
        Bidi::L => false,
        Bidi::R | Bidi::AL => true,
        _ => return Err((BidiRule::FirstCharacter, 0)),
    };
    // The class of the last character that is not NSM, and its index.
    let mut last = (first, 0);
    let (mut en, mut an) = (false, false);
    for (i, c) in (1..).zip(chars) {
        let b = class(c);
        // Numbers, separators, neutrals and marks are allowed in either
        // direction; letters only in their own.
        let allowed = matches!(
            b,
            Bidi::EN | Bidi::ES | Bidi::CS | Bidi::ET | Bidi::ON | Bidi::BN | Bidi::NSM
        ) || if rtl {
            matches!(b, Bidi::R | Bidi::AL | Bidi::AN)
        } else {
            b == Bidi::L
        };
        if !allowed {
            let rule = if rtl {
                BidiRule::RtlClass
            } else {
                BidiRule::LtrClass
            };
            return Err((rule, i));
        }
        en |= b == Bidi::EN;
        an |= b == Bidi::AN;
        if rtl && en && an {
            return Err((BidiRule::RtlNumbers, i));
        }
        if b != Bidi::NSM {
            last = (b, i);
        }
    }
    let end_ok = if rtl {
        matches!(last.0, Bidi::R | Bidi::AL | Bidi::EN | Bidi::AN)
    } else {
        matches!(last.0, Bidi::L | Bidi::EN)
    };
    if !end_ok {
        let rule = if rtl {
            BidiRule::RtlEnd
        } else {
            BidiRule::LtrEnd
        };
        return Err((rule, last.1));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule() {
        assert_eq!(check("abc"), Ok(()));
        assert_eq!(check("אב"), Ok(()));
        assert_eq!(check("א1"), Ok(()));
        assert_eq!(check("1a"), Err((BidiRule::FirstCharacter, 0)));
        assert_eq!(check("אa"), Err((BidiRule::RtlClass, 1)));
        assert_eq!(check("aא"), Err((BidiRule::LtrClass, 1)));
        assert_eq!(check("א-"), Err((BidiRule::RtlEnd, 1)));
        assert_eq!(check("a-"), Err((BidiRule::LtrEnd, 1)));
        assert_eq!(check("ا1٣"), Err((BidiRule::RtlNumbers, 2)));
        assert_eq!(check("a\u{300}"), Ok(()));
    }
}
