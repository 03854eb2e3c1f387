//! The answer of a lookup: a host split into subdomain, registrable label and
//! public suffix.

use std::borrow::Cow;
use std::fmt;

use crate::lookup::text::NameText;
use crate::lookup::walk::{Match, Shape};
use crate::rules::rule::Section;

/// A looked-up host: its public suffix, registrable domain and the rule
/// that decided them, and the answer under ICANN-only sections beside it.
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
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Domain<'a> {
    name: NameText<'a>,
    parts: Parts,
}

// Fifty-six bytes on 64-bit targets: the name (see `crate::lookup::text`)
// and one word for the rest.
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<Domain>() == 56);

/// Where the parts of a [`Domain`] (or of a batch's
/// [`Answer`](crate::Answer)) start in its name, the section of the
/// prevailing rule and whether it is known, how the rule matched and the
/// ICANN-only answer (what [`Domain::rule`] and [`Domain::icann_suffix`]
/// are written from), in one word: the parts of the
/// [`Match`] the walk found, as it packs them (see its docs), so that an
/// answer takes them from the walk without unpacking them. Its places may
/// be in a name rewritten in Unicode, under four times 253 bytes: sixteen
/// bits still hold them.
///
/// Written and read as one word: a lookup's answer is built in one place
/// and copied whole to another, and a copy that reads a word written as
/// several narrower pieces waits for all of them (a store-forwarding stall,
/// which four fields of their own would cause on the slow path's copy:
/// `examples/lookup_kinds.rs`, `unicode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Parts(u64);

impl Parts {
    /// No suffix, no registrable domain, no section, not known.
    pub(crate) const NONE: Parts = Parts(Match::NO_PARTS);

    /// The parts of `m`.
    #[inline(always)]
    pub(crate) fn of(m: &Match) -> Parts {
        Parts(m.parts())
    }

    #[cfg(test)]
    fn new(
        suffix: Option<usize>,
        registrable: Option<usize>,
        section: Option<Section>,
        known: bool,
    ) -> Parts {
        Parts::of(&Match::new(suffix, registrable, section, known))
    }

    /// The parts as the [`Match`] they came from reads them.
    #[inline(always)]
    fn read(self) -> Match {
        Match::of_parts(self.0)
    }

    #[inline(always)]
    pub(crate) fn suffix(self) -> Option<usize> {
        self.read().suffix_start()
    }

    #[inline(always)]
    pub(crate) fn registrable(self) -> Option<usize> {
        self.read().registrable_start()
    }

    #[inline(always)]
    pub(crate) fn section(self) -> Option<Section> {
        self.read().section()
    }

    #[inline(always)]
    pub(crate) fn known(self) -> bool {
        self.read().known()
    }

    /// These parts with the suffix and the registrable domain at other
    /// places (of the same labels in another form of the name): the rest
    /// counts labels, which every form has alike.
    fn placed(self, suffix: Option<usize>, registrable: Option<usize>) -> Parts {
        const PLACES: u64 = (1 << 32) - 1;
        let places = Match::new(suffix, registrable, None, false).parts() & PLACES;
        Parts(self.0 & !PLACES | places)
    }

    /// How the prevailing rule matched; `None` when no rule did.
    pub(crate) fn rule_match(self) -> Option<RuleMatch> {
        let m = self.read();
        if !m.known() {
            return m.suffix_start().map(|_| RuleMatch::Implicit);
        }
        Some(match m.shape() {
            Shape::Exact => RuleMatch::Exact,
            Shape::Wildcard => RuleMatch::Wildcard,
            Shape::Parent => RuleMatch::WildcardParent,
            Shape::Exception => RuleMatch::Exception,
        })
    }

    /// The prevailing rule, canonical, written from `name` (the answer's
    /// name, in any form) and these parts.
    pub(crate) fn rule(self, name: &str) -> Option<Cow<'_, str>> {
        let bare = name.strip_suffix('.').unwrap_or(name);
        let stars = self.read().stars();
        let text = |at: usize, stars: u16| Some(ascii_pattern(bare.get(at..)?, stars));
        match self.rule_match()? {
            RuleMatch::Implicit => Some(Cow::Borrowed("*")),
            RuleMatch::Exact => text(self.suffix()?, 0),
            RuleMatch::Wildcard => text(self.suffix()?, stars),
            RuleMatch::WildcardParent => Some(format!("*.{}", text(self.suffix()?, stars)?).into()),
            RuleMatch::Exception => Some(format!("!{}", text(self.registrable()?, 0)?).into()),
        }
    }

    /// Where the suffix and the registrable domain start in `name` under
    /// ICANN-only sections.
    pub(crate) fn icann(self, name: &str) -> (Option<usize>, Option<usize>) {
        match self.read().icann() {
            Match::ICANN_SAME => (self.suffix(), self.registrable()),
            Match::ICANN_NONE => (None, None),
            labels => {
                let bare = name.strip_suffix('.').unwrap_or(name);
                let (suffix, registrable) = label_starts(bare.as_bytes(), usize::from(labels));
                (Some(suffix), registrable)
            }
        }
    }
}

/// How the prevailing rule of a lookup matched the host: what
/// [`Domain::rule_kind`] says beside [`Domain::rule`].
///
/// ```
/// use etld::RuleMatch;
///
/// let list = etld::List::builtin();
/// let kind = |host| list.lookup(host).unwrap().rule_kind();
/// assert_eq!(kind("www.example.co.uk"), Some(RuleMatch::Exact));
/// assert_eq!(kind("a.b.kobe.jp"), Some(RuleMatch::Wildcard));
/// assert_eq!(kind("www.city.kobe.jp"), Some(RuleMatch::Exception));
/// assert_eq!(kind("www.example.unknowntld"), Some(RuleMatch::Implicit));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleMatch {
    /// A normal rule without `*` labels, label for label (`co.uk`).
    Exact,
    /// A normal rule with `*` labels (`*.kobe.jp`).
    Wildcard,
    /// The parent of a wildcard rule, which [`Wildcard::Browser`](crate::Wildcard::Browser)
    /// lists too: `kobe.jp` under `*.kobe.jp`, which is the rule named.
    WildcardParent,
    /// An exception rule (`!city.kobe.jp`).
    Exception,
    /// No listed rule: the implicit `*` rule.
    Implicit,
}

/// The labels of `name` in canonical ASCII form, those at the set bits of
/// `stars` (from the left) written `*`: borrowed when nothing changes.
fn ascii_pattern(name: &str, stars: u16) -> Cow<'_, str> {
    if stars == 0 && name.is_ascii() {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 8);
    for (j, label) in name.split('.').enumerate() {
        if j > 0 {
            out.push('.');
        }
        if u32::try_from(j).is_ok_and(|j| j < Match::STAR_BITS && stars >> j & 1 != 0) {
            out.push('*');
        } else if label.is_ascii() {
            out.push_str(label);
        } else {
            // An answer's Unicode label is canonical (processed), so its
            // A-label is its encoding; one that does not encode is kept.
            match etld_punycode::encode(label) {
                Ok(encoded) => {
                    out.push_str("xn--");
                    out.push_str(&encoded);
                }
                Err(_) => out.push_str(label),
            }
        }
    }
    Cow::Owned(out)
}

/// The name and its parts, the rule and the ICANN-only answer, as text.
impl fmt::Debug for Domain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Domain")
            .field("name", &self.as_str())
            .field("suffix", &self.suffix())
            .field("registrable", &self.registrable())
            .field("rule", &self.rule())
            .field("section", &self.section())
            .field("known", &self.is_known())
            .field("icann_suffix", &self.icann_suffix())
            .field("icann_registrable", &self.icann_registrable())
            .finish()
    }
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
            parts: Parts::of(m).placed(suffix, registrable),
        }
    }

    /// The answer for `name` with `parts` (whose places are label starts of
    /// `name`).
    pub(crate) fn from_parts(name: Cow<'a, str>, parts: Parts) -> Domain<'a> {
        Domain {
            name: name.into(),
            parts,
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
            parts: Parts::of(m),
        }
    }

    /// Where the public suffix and the registrable domain start in the
    /// name, the section and whether the rule is known, in one word.
    #[inline(always)]
    pub(crate) fn parts(&self) -> Parts {
        self.parts
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
        self.parts.suffix().map(|i| &self.as_str()[i..])
    }

    /// The registrable domain (the public suffix and one more label), or
    /// `None` when the host is itself a public suffix or has none.
    #[inline]
    pub fn registrable(&self) -> Option<&str> {
        self.parts.registrable().map(|i| self.tail(i))
    }

    /// The name from `at`, the start of one of its labels, on.
    ///
    /// Slicing with `&self.name[at..]` checks that `at` is a character
    /// boundary, and the check asks first whether `at` is 0: for the
    /// registrable domain it is 0 for every host that is itself a
    /// registrable domain, a branch the processor often mispredicts, on the
    /// path of every answer (`examples/lookup_kinds plain`; the figures are in
    /// docs/experiments.md, "The `unsafe` code").
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
        let (r, s) = (self.parts.registrable()?, self.parts.suffix()?);
        Some(&self.as_str()[r..s - 1])
    }

    /// The labels left of the registrable domain (`www` of
    /// `www.example.co.uk`), or `None` when there are none.
    #[inline]
    pub fn subdomain(&self) -> Option<&str> {
        match self.parts.registrable()? {
            0 => None,
            r => Some(&self.as_str()[..r - 1]),
        }
    }

    /// The section of the prevailing rule: `None` for the implicit `*` rule.
    #[inline]
    pub fn section(&self) -> Option<Section> {
        self.parts.section()
    }

    /// Whether a listed rule prevailed (not the implicit `*` rule).
    #[inline]
    pub fn is_known(&self) -> bool {
        self.parts.known()
    }

    /// The prevailing rule as the list writes it, canonical (ASCII, no
    /// trailing dot): `co.uk`, `*.kobe.jp`, `!city.kobe.jp`, or `*` for the
    /// implicit rule; `None` when no rule matched (the implicit rule is
    /// off). Under [`Wildcard::Browser`](crate::Wildcard::Browser), the
    /// suffix `kobe.jp` is named by its rule `*.kobe.jp`. Where rules of
    /// the same length tie, the rule of the answer's section is named, a
    /// listed rule before a wildcard's parent, and, at the rightmost label
    /// where they differ, a listed label before `*` (docs/design.md,
    /// "Choices the PSL algorithm leaves open").
    ///
    /// Written when asked from the suffix and a few bits the walk left in
    /// the answer, so a lookup that does not ask pays nothing for it:
    /// borrowed from the name when the rule is the suffix itself. (A rule
    /// with a `*` label that has ten or more labels to its left, in no
    /// real list, is written with the host's label there.)
    ///
    /// ```
    /// let list = etld::List::builtin();
    /// let rule = |host| list.lookup(host).unwrap().rule().map(|r| r.into_owned());
    /// assert_eq!(rule("www.example.co.uk").as_deref(), Some("co.uk"));
    /// assert_eq!(rule("me.github.io").as_deref(), Some("github.io"));
    /// assert_eq!(rule("a.b.kobe.jp").as_deref(), Some("*.kobe.jp"));
    /// assert_eq!(rule("www.city.kobe.jp").as_deref(), Some("!city.kobe.jp"));
    /// assert_eq!(rule("www.example.unknowntld").as_deref(), Some("*"));
    /// assert_eq!(rule("www.食狮.公司.cn").as_deref(), Some("xn--55qx5d.cn"));
    /// ```
    #[inline]
    pub fn rule(&self) -> Option<Cow<'_, str>> {
        self.parts.rule(self.as_str())
    }

    /// How the prevailing rule matched (see [`RuleMatch`]); `None` when no
    /// rule matched.
    #[inline]
    pub fn rule_kind(&self) -> Option<RuleMatch> {
        self.parts.rule_match()
    }

    /// The public suffix under ICANN-only sections, the other options as
    /// they were (tldextract's registry suffix), in the answer's form, a
    /// trailing dot kept: the suffix itself unless a PRIVATE rule
    /// prevailed.
    ///
    /// ```
    /// let list = etld::List::builtin();
    /// let d = list.lookup("a.b.aivencloud.com").unwrap();
    /// assert_eq!((d.suffix(), d.rule().as_deref()), (Some("b.aivencloud.com"), Some("*.aivencloud.com")));
    /// assert_eq!(d.icann_suffix(), Some("com"));
    /// assert_eq!(d.icann_registrable(), Some("aivencloud.com"));
    /// ```
    #[inline]
    pub fn icann_suffix(&self) -> Option<&str> {
        let (at, _) = self.parts.icann(self.as_str());
        Some(self.tail(at?))
    }

    /// The registrable domain under ICANN-only sections (see
    /// [`Domain::icann_suffix`]).
    ///
    /// ```
    /// let d = etld::List::builtin().lookup("me.github.io.").unwrap();
    /// assert_eq!(d.registrable(), Some("me.github.io."));
    /// assert_eq!(d.icann_suffix(), Some("io."));
    /// assert_eq!(d.icann_registrable(), Some("github.io."));
    /// ```
    #[inline]
    pub fn icann_registrable(&self) -> Option<&str> {
        let (_, at) = self.parts.icann(self.as_str());
        Some(self.tail(at?))
    }

    /// Whether the host is itself a public suffix.
    #[inline]
    pub fn is_public_suffix(&self) -> bool {
        self.parts.suffix() == Some(0)
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
        let at = self.parts.registrable()?;
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
        let at = self.parts.suffix()?;
        Some(self.name.into_tail(at))
    }

    /// Detaches the answer from the input it may borrow.
    pub fn into_owned(self) -> Domain<'static> {
        Domain {
            name: self.name.into_owned(),
            parts: self.parts,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Parts read back as made, and are the walk's `Match`.
    #[test]
    fn parts_keep_what_they_are_given() {
        let places = [None, Some(0), Some(1), Some(253), Some(1_016)];
        let sections = [None, Some(Section::Icann), Some(Section::Private)];
        for suffix in places {
            for registrable in places {
                for section in sections {
                    for known in [false, true] {
                        let p = Parts::new(suffix, registrable, section, known);
                        assert_eq!(
                            (p.suffix(), p.registrable(), p.section(), p.known()),
                            (suffix, registrable, section, known)
                        );
                        let m = Match::new(suffix, registrable, section, known);
                        assert!(Parts::of(&m) == p);
                        assert_eq!(Match::of_parts(m.parts()), m);
                    }
                }
            }
        }
    }

    /// The parts of no match are those a match of nothing packs.
    #[test]
    fn no_parts_are_a_match_of_nothing() {
        assert!(Parts::NONE == Parts::new(None, None, None, false));
        let p = Parts::NONE;
        assert_eq!(
            (p.suffix(), p.registrable(), p.section(), p.known()),
            (None, None, None, false)
        );
    }

    #[test]
    fn debug_shows_the_parts_as_text() {
        let d = crate::List::builtin().lookup("WWW.Example.CO.UK").unwrap();
        assert_eq!(
            format!("{d:?}"),
            "Domain { name: \"www.example.co.uk\", suffix: Some(\"co.uk\"), \
             registrable: Some(\"example.co.uk\"), rule: Some(\"co.uk\"), section: Some(Icann), \
             known: true, icann_suffix: Some(\"co.uk\"), icann_registrable: Some(\"example.co.uk\") }"
        );
    }

    #[test]
    fn answers_are_equal_however_their_name_is_held() {
        let list = crate::List::builtin();
        // Held in place, owned (over 32 bytes), and borrowed.
        let upper = list.lookup("WWW.Example.CO.UK").unwrap();
        let long = "A.B.C.D.E.F.G.H.I.J.K.L.WWW.Example.CO.UK";
        let lower = long.to_ascii_lowercase();
        assert_eq!(upper, list.lookup("www.example.co.uk").unwrap());
        assert_eq!(list.lookup(long).unwrap(), list.lookup(&lower).unwrap());
        assert_eq!(upper.clone().into_owned(), upper);
        assert_eq!(upper.into_registrable().as_deref(), Some("example.co.uk"));
    }
}
