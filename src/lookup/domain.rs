//! The answer of a lookup: a host split into subdomain, registrable label and
//! public suffix.

use std::borrow::Cow;

use crate::lookup::text::NameText;
use crate::lookup::walk::Match;
use crate::rules::rule::Section;

/// A looked-up host: its public suffix, registrable domain and the rule
/// that decided them.
///
/// All parts are slices of one name, written in the form the options asked
/// for (by default the input's own form, lower-cased). A trailing dot stays on
/// the suffix and the registrable domain.
///
/// ```
/// let list = etld::List::builtin();
/// let d = list.lookup("www.example.co.uk").unwrap();
/// assert_eq!(d.suffix(), Some("co.uk"));
/// assert_eq!(d.registrable(), Some("example.co.uk"));
/// assert_eq!(d.registrable_label(), Some("example"));
/// assert_eq!(d.subdomain(), Some("www"));
/// assert_eq!(d.section(), Some(etld::Section::Icann));
/// assert!(d.is_known());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Domain<'a> {
    name: NameText<'a>,
    /// Where the public suffix starts in `name`, or [`NONE`].
    suffix: u16,
    /// Where the registrable domain starts in `name`, or [`NONE`].
    registrable: u16,
    section: Option<Section>,
    known: bool,
}

// Forty-eight bytes on 64-bit targets: the name (see
// `crate::lookup::text`), its two places in sixteen bits each, the section
// and whether the rule is known.
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<Domain>() == 48);

/// No place in the name.
const NONE: u16 = u16::MAX;

/// A place in a name, or none, in sixteen bits: a name is the form of a
/// host of at most 253 bytes, under four times that in Unicode.
#[inline(always)]
fn place(at: Option<usize>) -> u16 {
    at.and_then(|at| u16::try_from(at).ok()).unwrap_or(NONE)
}

/// The place `at` in a name, or `None` for [`NONE`].
#[inline(always)]
fn start(at: u16) -> Option<usize> {
    (at != NONE).then_some(usize::from(at))
}

impl<'a> Domain<'a> {
    /// Builds the answer for `name`, a host in another form than `walked`,
    /// the one walked (the same labels), by finding the label offsets again.
    pub(crate) fn new(name: Cow<'a, str>, m: &Match, walked: &[u8]) -> Domain<'a> {
        let bare = name.strip_suffix('.').unwrap_or(&name);
        let walked = walked.strip_suffix(b".").unwrap_or(walked);
        let (suffix, registrable) = match m.suffix_labels(walked) {
            Some(n) => {
                let (suffix, registrable) = label_starts(bare.as_bytes(), n);
                (Some(suffix), m.registrable_start().and(registrable))
            }
            None => (None, None),
        };
        Domain {
            name: name.into(),
            suffix: place(suffix),
            registrable: place(registrable),
            section: m.section,
            known: m.known,
        }
    }

    /// The answer for `name` with its parts at the given offsets (label
    /// starts of `name`).
    pub(crate) fn from_parts(
        name: Cow<'a, str>,
        suffix: Option<usize>,
        registrable: Option<usize>,
        section: Option<Section>,
        known: bool,
    ) -> Domain<'a> {
        Domain {
            name: name.into(),
            suffix: place(suffix),
            registrable: place(registrable),
            section,
            known,
        }
    }

    /// Builds the answer for `name`, the host as walked.
    #[inline]
    pub(crate) fn with_offsets(name: Cow<'a, str>, m: &Match) -> Domain<'a> {
        Domain::at_offsets(name.into(), m)
    }

    /// The answer for `host`, ASCII walked folding case: the host
    /// lower-cased.
    #[inline(always)]
    pub(crate) fn lowered(host: &str, m: &Match) -> Domain<'a> {
        Domain::at_offsets(NameText::lowered(host), m)
    }

    /// [`Domain::with_offsets`] for a name of any kind.
    #[inline(always)]
    fn at_offsets(name: NameText<'a>, m: &Match) -> Domain<'a> {
        Domain {
            name,
            suffix: place(m.suffix_start()),
            registrable: place(m.registrable_start()),
            section: m.section,
            known: m.known,
        }
    }

    /// Where the public suffix and the registrable domain start in the
    /// name.
    #[inline(always)]
    pub(crate) fn offsets(&self) -> (Option<usize>, Option<usize>) {
        (start(self.suffix), start(self.registrable))
    }

    /// The whole host, lower-cased, in the output form.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.name.as_str()
    }

    /// The public suffix, or `None` when the host has none (the implicit
    /// rule is off and no rule matched).
    #[inline]
    pub fn suffix(&self) -> Option<&str> {
        start(self.suffix).map(|i| &self.as_str()[i..])
    }

    /// The registrable domain (the public suffix and one more label), or
    /// `None` when the host is itself a public suffix or has none.
    #[inline]
    pub fn registrable(&self) -> Option<&str> {
        start(self.registrable).map(|i| self.tail(i))
    }

    /// The name from `at`, the start of one of its labels, on.
    ///
    /// Slicing with `&self.name[at..]` checks that `at` is a character
    /// boundary, and the check asks first whether `at` is 0: for the
    /// registrable domain it is 0 for every host that is itself a
    /// registrable domain (a third of the benchmark's hosts), a branch the
    /// processor mispredicts on four lookups in ten (cachegrind's branch
    /// simulation), which cost 2% of a lookup and reading its answer
    /// (`registrable` on the plain hosts of the mix: 38.0 -> 37.2 ns, best of
    /// six runs).
    #[inline(always)]
    #[allow(unsafe_code)]
    fn tail(&self, at: usize) -> &str {
        // A boundary by construction: every offset a `Domain` keeps is 0 or
        // just after a `.` (an ASCII byte) of `name` (the label starts that
        // the walk or `label_starts` found in it).
        debug_assert!(at == 0 || self.as_str().as_bytes().get(at - 1) == Some(&b'.'));
        debug_assert!(self.as_str().is_char_boundary(at));
        // SAFETY: `at` is a character boundary of `name` (see above), and
        // at most its length (a label start is within the name).
        unsafe { self.as_str().get_unchecked(at..) }
    }

    /// The label just left of the public suffix (`example` of
    /// `www.example.co.uk`), or `None` when there is no registrable domain.
    #[inline]
    pub fn registrable_label(&self) -> Option<&str> {
        let (r, s) = (start(self.registrable)?, start(self.suffix)?);
        Some(&self.as_str()[r..s - 1])
    }

    /// The labels left of the registrable domain (`www` of
    /// `www.example.co.uk`), or `None` when there are none.
    #[inline]
    pub fn subdomain(&self) -> Option<&str> {
        match start(self.registrable)? {
            0 => None,
            r => Some(&self.as_str()[..r - 1]),
        }
    }

    /// The section of the prevailing rule: `None` for the implicit `*` rule.
    #[inline]
    pub fn section(&self) -> Option<Section> {
        self.section
    }

    /// Whether a listed rule prevailed (not the implicit `*` rule).
    #[inline]
    pub fn is_known(&self) -> bool {
        self.known
    }

    /// Whether the host is itself a public suffix.
    #[inline]
    pub fn is_public_suffix(&self) -> bool {
        self.suffix == 0
    }

    /// Whether the host ended with a dot (a fully qualified name).
    #[inline]
    pub fn is_fqdn(&self) -> bool {
        self.as_str().ends_with('.')
    }

    /// The registrable domain, kept past the `Domain`: a slice of the
    /// looked-up host when the answer is the host itself (a canonical host,
    /// answered in its own form), owned otherwise.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use std::collections::HashMap;
    ///
    /// let list = etld::List::builtin();
    /// let mut by_site: HashMap<Cow<str>, Vec<&str>> = HashMap::new();
    /// for host in ["www.example.co.uk", "mail.example.co.uk", "WWW.Example.COM"] {
    ///     if let Some(site) = list.lookup(host).ok().and_then(|d| d.into_registrable()) {
    ///         by_site.entry(site).or_default().push(host);
    ///     }
    /// }
    /// assert_eq!(by_site["example.co.uk"].len(), 2);
    /// assert!(matches!(by_site.get_key_value("example.co.uk"), Some((Cow::Borrowed(_), _))));
    /// assert_eq!(by_site["example.com"], ["WWW.Example.COM"]);
    /// ```
    pub fn into_registrable(self) -> Option<Cow<'a, str>> {
        let at = start(self.registrable)?;
        Some(self.name.into_tail(at))
    }

    /// The public suffix, kept past the `Domain` (see
    /// [`Domain::into_registrable`]).
    ///
    /// ```
    /// let suffix = etld::List::builtin().lookup("a.b.github.io").ok().and_then(|d| d.into_suffix());
    /// assert_eq!(suffix.as_deref(), Some("github.io"));
    /// ```
    pub fn into_suffix(self) -> Option<Cow<'a, str>> {
        let at = start(self.suffix)?;
        Some(self.name.into_tail(at))
    }

    /// Detaches the answer from the input it may borrow.
    pub fn into_owned(self) -> Domain<'static> {
        Domain {
            name: self.name.into_owned(),
            suffix: self.suffix,
            registrable: self.registrable,
            section: self.section,
            known: self.known,
        }
    }
}

/// Where the `n`-th label from the right of `name` starts (`n >= 1`), and
/// where the one left of it starts, if there is one: one pass from the right.
fn label_starts(name: &[u8], n: usize) -> (usize, Option<usize>) {
    let mut dots = name
        .iter()
        .enumerate()
        .rev()
        .filter(|&(_, &b)| b == b'.')
        .map(|(i, _)| i);
    match dots.nth(n - 1) {
        Some(dot) => (dot + 1, Some(dots.next().map_or(0, |d| d + 1))),
        None => (0, None),
    }
}
