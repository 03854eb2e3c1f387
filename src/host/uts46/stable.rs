//! The code points UTS 46 processing leaves where they stand: valid,
//! neither right-to-left nor a joiner, and left alone by NFC after what
//! precedes them ([`stable_after`]). A label of such code points is its own
//! processing, so a lookup canonicalises it without processing it, and a
//! name whose mapping gives only such code points needs the mapping step
//! alone ([`map_stable`]).

use super::mapping::{self, props, Status, Value};
use super::{ZWJ, ZWNJ};

/// Whether a label may hold `c` as it is, after a code point of combining
/// class `last` (0 at the start of a label and after a starter): `c` is
/// valid, neither right-to-left nor a joiner, and NFC leaves it alone there
/// by the quick check of UAX 15 (it composes with nothing before it, and a
/// non-zero combining class is not below the one before it). Gives the
/// class for what follows, or `None` where processing has more to do. A
/// label of code points each taken so, not starting with a mark (see
/// [`is_mark`]), is its own UTS 46 processing.
#[inline]
pub(crate) fn stable_after(c: char, last: u8) -> Option<u8> {
    let p = props(c)?;
    if p.is_rtl() || p.composes_with_previous() || c == ZWJ || c == ZWNJ {
        return None;
    }
    if !p.may_change_under_nfc() {
        return Some(0);
    }
    let class = mapping::ccc(c);
    (class == 0 || last <= class).then_some(class)
}

/// The mapping step of UTS 46 alone, for a name whose mapped form is left
/// alone by the rest: ASCII lower-cased, mapped code points replaced and
/// ignored ones removed, every non-ASCII code point of the result stable
/// where it stands ([`stable_after`]), so that the result is in NFC and
/// needs no check of context or direction. `None` where a code point is
/// disallowed, or where one in the result is not stable: the name is then
/// processed whole.
///
/// The result is the name's processing if its labels are valid as they
/// stand (none starts with a mark, ASCII ones canonical, `xn--` ones valid
/// A-labels, lengths within bounds); the caller checks them, as it checks a
/// host given in that form.
pub(crate) fn map_stable(name: &str) -> Option<String> {
    /// Appends `m`, stable after the class `last`, which it updates.
    fn push(out: &mut String, m: char, last: &mut u8) -> Option<()> {
        *last = match m.is_ascii() {
            true => 0,
            false => stable_after(m, *last)?,
        };
        out.push(m);
        Some(())
    }
    let mut out = String::with_capacity(name.len() + 4);
    let mut last = 0;
    for c in name.chars() {
        if c.is_ascii() {
            push(&mut out, c.to_ascii_lowercase(), &mut last)?;
            continue;
        }
        match Value::of(c).status(c) {
            Status::Valid(_) => push(&mut out, c, &mut last)?,
            Status::MappedChar(m) => push(&mut out, m, &mut last)?,
            Status::MappedStr(s) => {
                for m in s.chars() {
                    push(&mut out, m, &mut last)?;
                }
            }
            Status::Ignored => {}
            Status::Disallowed => return None,
        }
    }
    Some(out)
}

/// Whether `c` is a combining mark (general category M), which no label
/// may start with.
#[inline]
pub(crate) fn is_mark(c: char) -> bool {
    props(c).is_some_and(|p| p.is_mark())
}
