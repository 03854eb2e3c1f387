//! The text of an answer's name: borrowed from the looked-up host, owned,
//! or, for an ASCII host that lower-casing is all its answer needs, held in
//! the answer itself.
//!
//! A host such as `WWW.Example.COM` is answered lower-cased. In a string of
//! its own, that copy costs an allocation and a free for every such host,
//! a large share of looking one up (`examples/lookup_kinds.rs`, `upper`). A
//! name of up to [`INLINE`] bytes (nearly every upper-case host of the
//! benchmark's mix) is held in place instead: a [`Domain`](crate::Domain)
//! takes 56 bytes on a 64-bit target. The batch path lower-cases such a
//! host the same way, on the stack.
//!
//! Every part of a name is written as whole words: an answer is built in
//! one place and copied to another, and a copy that reads a word written
//! as narrower pieces waits for every piece (a store-forwarding stall).

use std::borrow::Cow;
use std::fmt;
use std::hash::{Hash, Hasher};

use crate::host::scan::lowered_words;

/// The words of a name held in place.
const WORDS: usize = 4;

/// The longest name held in place.
const INLINE: usize = 8 * WORDS;

/// The text of an answer's name (see the [module docs](self)).
#[derive(Clone)]
pub(crate) struct NameText<'a>(Repr<'a>);

/// What a [`NameText`] holds. Private to this module, so that only
/// [`NameText::lowered_inline`] makes an inline name (which [`inline_str`]
/// reads as UTF-8 without a check).
///
/// Its tag is a word (`repr(u64)`), and so is an inline name's length: a
/// one-byte tag, written alone and copied with its neighbours as a word,
/// stalls the copy (store-forwarding; `examples/lookup_kinds.rs`,
/// `unicode`).
#[derive(Clone)]
#[repr(u64)]
enum Repr<'a> {
    /// A slice of the looked-up host, or of what it borrows.
    Borrowed(&'a str),
    /// A name of its own.
    Owned(String),
    /// A host lower-cased, its first `len` bytes.
    Inline { len: usize, bytes: InlineBytes },
}

/// The bytes of a name held in place, aligned as words: they are written a
/// word at a time, and a copy of the answer reads them back as words or
/// wider (a load that spans two stores waits for both to finish).
#[derive(Clone, Copy)]
#[repr(align(8))]
struct InlineBytes([[u8; 8]; WORDS]);

impl<'a> NameText<'a> {
    /// `host` with its ASCII letters lower-cased, held in place when it
    /// fits.
    #[inline(always)]
    pub(crate) fn lowered(host: &str) -> NameText<'a> {
        NameText::lowered_inline(host)
            .unwrap_or_else(|| NameText(Repr::Owned(host.to_ascii_lowercase())))
    }

    /// `host` with its ASCII letters lower-cased, held in place; `None`
    /// when it is over [`INLINE`] bytes.
    #[inline(always)]
    pub(crate) fn lowered_inline(host: &str) -> Option<NameText<'a>> {
        if host.len() > INLINE {
            return None;
        }
        let words = lowered_words(host.as_bytes())?;
        Some(NameText(Repr::Inline {
            len: host.len(),
            bytes: InlineBytes(words),
        }))
    }

    /// The text.
    #[inline(always)]
    pub(crate) fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Borrowed(s) => s,
            Repr::Owned(s) => s,
            Repr::Inline { len, bytes } => inline_str(bytes, *len),
        }
    }

    /// The text, detached from what it borrows.
    pub(crate) fn into_owned(self) -> NameText<'static> {
        NameText(match self.0 {
            Repr::Borrowed(s) => Repr::Owned(s.to_owned()),
            Repr::Owned(s) => Repr::Owned(s),
            Repr::Inline { len, bytes } => Repr::Inline { len, bytes },
        })
    }

    /// The text from byte `at` (a label start) on: borrowed from what the
    /// text borrows, owned otherwise.
    pub(crate) fn into_tail(self, at: usize) -> Cow<'a, str> {
        match self.0 {
            Repr::Borrowed(s) => Cow::Borrowed(s.get(at..).unwrap_or_default()),
            Repr::Owned(mut s) => {
                if s.is_char_boundary(at) {
                    s.drain(..at);
                }
                Cow::Owned(s)
            }
            Repr::Inline { len, bytes } => Cow::Owned(
                inline_str(&bytes, len)
                    .get(at..)
                    .unwrap_or_default()
                    .to_owned(),
            ),
        }
    }
}

/// The first `len` bytes of `bytes`, an inline name.
///
/// Read without a check of their UTF-8, a call on the path of every
/// upper-case host's answer (`examples/lookup_kinds.rs`, `upper`,
/// `etld_suffix`).
#[inline(always)]
#[allow(unsafe_code)]
fn inline_str(bytes: &InlineBytes, len: usize) -> &str {
    let bytes = bytes.0.as_flattened().get(..len).unwrap_or_default();
    // SAFETY: only `NameText::lowered_inline` makes an inline name (`Repr` is
    // private to this module), from the bytes of a `str` of `len` bytes
    // with its ASCII upper-case letters lower-cased, each to another ASCII
    // byte: UTF-8 as valid as the `str` was.
    unsafe { std::str::from_utf8_unchecked(bytes) }
}

impl<'a> From<Cow<'a, str>> for NameText<'a> {
    #[inline(always)]
    fn from(cow: Cow<'a, str>) -> NameText<'a> {
        NameText(match cow {
            Cow::Borrowed(s) => Repr::Borrowed(s),
            Cow::Owned(s) => Repr::Owned(s),
        })
    }
}

impl fmt::Debug for NameText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// Names are equal when their texts are, however they are held.
impl PartialEq for NameText<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for NameText<'_> {}

impl Hash for NameText<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::hash_map::DefaultHasher;

    use super::*;

    fn hash_of(t: &NameText<'_>) -> u64 {
        let mut h = DefaultHasher::new();
        t.hash(&mut h);
        h.finish()
    }

    #[test]
    fn lowered_names_are_held_in_place_up_to_the_bound() {
        for len in 0..=INLINE + 9 {
            let host: String = "WwW.ExAmPlE-0.CoM_.Zz".chars().cycle().take(len).collect();
            let text = NameText::lowered(&host);
            assert_eq!(text.as_str(), host.to_ascii_lowercase(), "{len}");
            assert_eq!(
                matches!(text.0, Repr::Inline { .. }),
                len <= INLINE,
                "{len}"
            );
        }
    }

    #[test]
    fn lowering_changes_ascii_upper_case_letters_only() {
        // Every byte of a one-byte character, and characters of two to four
        // bytes, at every place of names of every length held in place.
        let others = ["é", "Ü", "ﬁ", "\u{1F600}", "\u{7F}"];
        for len in 1..=INLINE {
            for at in 0..len {
                let base = "a".repeat(len);
                for b in 0..0x80u8 {
                    let mut host = base.clone().into_bytes();
                    host[at] = b;
                    let host = String::from_utf8(host).unwrap();
                    assert_eq!(NameText::lowered(&host).as_str(), host.to_ascii_lowercase());
                }
                for other in others {
                    let host = format!("{}{other}{}", &base[..at], &base[at..]);
                    assert_eq!(NameText::lowered(&host).as_str(), host.to_ascii_lowercase());
                }
            }
        }
    }

    #[test]
    fn names_are_equal_and_hash_alike_however_held() {
        let inline = NameText::lowered("WWW.Example.COM");
        let borrowed = NameText::from(Cow::Borrowed("www.example.com"));
        let owned = NameText::from(Cow::Owned("www.example.com".to_owned()));
        for other in [&borrowed, &owned] {
            assert_eq!(&inline, other);
            assert_eq!(hash_of(&inline), hash_of(other));
        }
        assert_ne!(inline, NameText::from(Cow::Borrowed("www.example.co")));
        assert_eq!(format!("{inline:?}"), format!("{:?}", "www.example.com"));
    }

    #[test]
    fn tails_and_owned_copies_keep_the_text() {
        for host in [
            "WWW.Example.COM",
            "A.B.C.D.E.F.G.H.I.J.K.L.M.N.O.P.Q.R.S.T.CO.UK",
        ] {
            let lower = host.to_ascii_lowercase();
            let text = NameText::lowered(host);
            assert_eq!(text.clone().into_owned().as_str(), lower);
            for (at, _) in lower.match_indices('.') {
                assert_eq!(text.clone().into_tail(at + 1), lower[at + 1..]);
            }
            assert_eq!(text.into_tail(0), lower);
        }
    }
}
