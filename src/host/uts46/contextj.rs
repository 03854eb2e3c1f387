//! The ContextJ rules of RFC 5892 appendix A for ZERO WIDTH NON-JOINER
//! (A.1) and ZERO WIDTH JOINER (A.2).

use super::mapping::{ccc, props, Joining};

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';
const VIRAMA: u8 = 9;

fn joining(c: char) -> Joining {
    props(c).map_or(Joining::U, |p| p.joining())
}

/// Checks every joiner of `label` (given as code points); the index of the
/// first one out of context.
pub(crate) fn check(label: &[char]) -> Result<(), usize> {
    for (i, &c) in label.iter().enumerate() {
        if c != ZWNJ && c != ZWJ {
            continue;
        }
        let before = i.checked_sub(1).and_then(|j| label.get(j)).copied();
        if before.is_some_and(|b| ccc(b) == VIRAMA) {
            continue;
        }
        if c == ZWJ {
            return Err(i);
        }
        // (Joining_Type:{L,D})(Joining_Type:T)* ZWNJ (Joining_Type:T)*(Joining_Type:{R,D})
        let left = label[..i]
            .iter()
            .rev()
            .map(|&x| joining(x))
            .find(|&j| j != Joining::T);
        let right = label[i + 1..]
            .iter()
            .map(|&x| joining(x))
            .find(|&j| j != Joining::T);
        let ok = matches!(left, Some(Joining::L | Joining::D))
            && matches!(right, Some(Joining::R | Joining::D));
        if !ok {
            return Err(i);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn joiners() {
        assert_eq!(check(&chars("ab")), Ok(()));
        assert_eq!(check(&chars("a\u{200D}b")), Err(1));
        assert_eq!(check(&chars("a\u{200C}b")), Err(1));
        assert_eq!(check(&chars("क\u{94D}\u{200D}")), Ok(()));
        assert_eq!(check(&chars("क\u{94D}\u{200C}")), Ok(()));
        assert_eq!(check(&chars("ب\u{200C}ب")), Ok(()));
        assert_eq!(check(&chars("ب\u{64B}\u{200C}\u{64B}ب")), Ok(()));
        assert_eq!(check(&chars("\u{200C}ب")), Err(0));
    }
}
