//! Many hosts at once: answers without a `Result` or a [`Domain`] per host
//! ([`Answer`], [`Batch`]). The guide is on [`Answer`], where the rendered
//! docs show it.

use std::borrow::Cow;

use crate::error::HostError;
use crate::host::label::MAX_NAME;
use crate::host::scan::{lower_cased, Form, Stop};
use crate::lookup::domain::{Domain, Parts, RuleMatch};
use crate::lookup::index::Index;
use crate::lookup::text::NameText;
use crate::lookup::walk::Match;
use crate::options::{Options, Output};
use crate::rules::rule::Section;

/// Where [`Index::lookup_each`] writes the name of a host it rewrites,
/// kept from one host to the next: the answer borrows it until the next.
struct Scratch<'h> {
    /// A host lower-cased in place.
    text: Option<NameText<'h>>,
    /// A longer host lower-cased.
    lower: [u8; MAX_NAME + 1],
    /// The answer of a host processed in full.
    domain: Option<Domain<'h>>,
}

impl Scratch<'_> {
    fn new() -> Self {
        Scratch {
            text: None,
            lower: [0; MAX_NAME + 1],
            domain: None,
        }
    }
}

/// The answer for one host of a batch: the host's public suffix and
/// registrable domain, or why it has none.
///
/// A column of hosts (a log file, a table, an Arrow array) is looked up
/// with [`List::lookup_each`](crate::List::lookup_each), which calls a closure with each host's index
/// and its [`Answer`], or with [`List::lookup_batch`](crate::List::lookup_batch), which fills a
/// reusable [`Batch`] of answers kept as offsets.
///
/// An answer borrows the host itself whenever the host is already in the
/// form asked for (a lower-case ASCII host, nearly every host of a log):
/// nothing is allocated or copied for it, and its suffix and registrable
/// domain are given both as slices and as offsets into the host, so that a
/// caller building a column of registrable domains can point into the
/// column of hosts instead of copying. Only a host that is rewritten
/// (upper case folded, separators mapped, another output form) has its
/// answer's name written out, as [`List::lookup`](crate::List::lookup) writes it.
///
/// ```
/// let list = etld::List::builtin();
/// let hosts = ["www.example.co.uk", "WWW.Example.COM", "a..b", "co.uk"];
/// let mut registrable = Vec::new();
/// list.lookup_each(hosts, |_, answer| {
///     registrable.push(answer.registrable().map(str::to_string));
/// });
/// assert_eq!(
///     registrable,
///     [Some("example.co.uk".to_string()), Some("example.com".to_string()), None, None]
/// );
/// ```
///
/// Each answer is exactly what [`List::lookup_with`](crate::List::lookup_with) gives for the host
/// with the same options: [`Answer::to_domain`] turns one into that result.
///
/// # A column of registrable domains with few copies
///
/// Columnar formats such as Apache Arrow keep a column of strings as one
/// buffer of bytes and the offsets where each string starts. A column of
/// registrable domains can then be a column of *views*: for a host answered
/// in its own form, the registrable domain is the end of the host, a view
/// into the hosts' buffer; only the others are copied, into a buffer of
/// their own.
///
/// ```
/// let list = etld::List::builtin();
/// // Three hosts end to end, and where each starts.
/// let bytes = "www.example.co.ukMe.GitHub.IOa..b";
/// let offsets = [0, 17, 29, 33];
/// let hosts = offsets.windows(2).map(|w| &bytes[w[0]..w[1]]);
///
/// /// A string in the hosts' buffer, or in the buffer of copies.
/// #[derive(Debug, PartialEq)]
/// enum View { Hosts(usize, usize), Copies(usize, usize) }
///
/// let mut copies = String::new();
/// let mut column = Vec::new();
/// list.lookup_each(hosts, |i, a| {
///     column.push(match (a.registrable_start(), a.registrable()) {
///         (Some(at), Some(_)) if a.borrows_host() => {
///             Some(View::Hosts(offsets[i] + at, offsets[i + 1]))
///         }
///         (_, Some(registrable)) => {
///             let start = copies.len();
///             copies.push_str(registrable);
///             Some(View::Copies(start, copies.len()))
///         }
///         // An invalid host (or a public suffix): null.
///         _ => None,
///     });
/// });
/// assert_eq!(column, [Some(View::Hosts(4, 17)), Some(View::Copies(0, 12)), None]);
/// assert_eq!((&bytes[4..17], copies.as_str()), ("example.co.uk", "me.github.io"));
/// ```
///
/// # One answer
///
///
/// It holds what a `Result<Domain, HostError>` holds, in a small `Copy`
/// value that borrows the host, or the batch's buffer when the host was
/// rewritten ([`Answer::borrows_host`] tells which). Where the parts start,
/// the section and whether the rule is known are kept in one word, as the
/// walk found them and as a [`Domain`] keeps them: an answer is built with
/// nothing unpacked, and a caller unpacks only what it reads.
///
/// ```
/// use etld::Section;
///
/// let list = etld::List::builtin();
/// list.lookup_each(["www.example.co.uk", "192.168.0.1"], |i, answer| match i {
///     0 => {
///         assert_eq!(answer.name(), Some("www.example.co.uk"));
///         assert_eq!(answer.registrable(), Some("example.co.uk"));
///         assert_eq!(answer.suffix(), Some("co.uk"));
///         assert_eq!(answer.section(), Some(Section::Icann));
///         // Offsets into the host itself: nothing was copied.
///         assert!(answer.borrows_host());
///         assert_eq!((answer.registrable_start(), answer.suffix_start()), (Some(4), Some(12)));
///     }
///     _ => {
///         assert_eq!(answer.error(), Some(etld::HostError::IpAddress));
///         assert_eq!(answer.registrable(), None);
///     }
/// });
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Answer<'a> {
    /// The whole host in the output form; empty on an error.
    name: &'a str,
    /// Whether `name` is the host given, unchanged.
    borrowed: bool,
    /// Where the suffix and the registrable domain start in `name`, the
    /// section, whether the rule is known ([`Parts::NONE`] on an error).
    parts: Parts,
    error: Option<HostError>,
}

/// The answer's parts, as text.
impl std::fmt::Debug for Answer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Answer")
            .field("name", &self.name)
            .field("borrowed", &self.borrowed)
            .field("suffix", &self.suffix_start())
            .field("registrable", &self.registrable_start())
            .field("section", &self.section())
            .field("known", &self.is_known())
            .field("error", &self.error)
            .finish()
    }
}

impl<'a> Answer<'a> {
    /// The answer of an invalid host.
    #[inline]
    fn invalid(error: HostError) -> Answer<'a> {
        Answer {
            name: "",
            borrowed: false,
            parts: Parts::NONE,
            error: Some(error),
        }
    }

    /// The answer `d`, whose name is `name` (the same text, borrowed from
    /// the host when `borrowed`).
    #[inline(always)]
    fn of(name: &'a str, borrowed: bool, d: &Domain<'_>) -> Answer<'a> {
        Answer {
            name,
            borrowed,
            parts: d.parts(),
            error: None,
        }
    }

    /// The answer for `host`, walked as it is.
    #[inline(always)]
    fn walked(host: &'a str, m: &Match) -> Answer<'a> {
        Answer::walked_as(host, true, m)
    }

    /// The answer for a host walked as `name` (the host itself when
    /// `borrowed`).
    #[inline(always)]
    fn walked_as(name: &'a str, borrowed: bool, m: &Match) -> Answer<'a> {
        Answer {
            name,
            borrowed,
            parts: Parts::of(m),
            error: None,
        }
    }

    /// Why the host has no answer: `None` for a valid host.
    #[inline]
    pub fn error(&self) -> Option<HostError> {
        self.error
    }

    /// Whether the host is valid (it has an answer, see [`Answer::error`]).
    #[inline]
    pub fn is_ok(&self) -> bool {
        self.error.is_none()
    }

    /// The whole host, lower-cased, in the output form; `None` for an
    /// invalid host.
    #[inline]
    pub fn name(&self) -> Option<&'a str> {
        self.is_ok().then_some(self.name)
    }

    /// Whether the host ended with a dot (a fully qualified name, see
    /// [`Domain::is_fqdn`]); false for an invalid host.
    #[inline]
    pub fn is_fqdn(&self) -> bool {
        self.is_ok() && self.name.ends_with('.')
    }

    /// Whether the answer's name is the host given, unchanged: then every
    /// part of the answer is a slice of the host, and
    /// [`Answer::suffix_start`] and [`Answer::registrable_start`] are
    /// offsets into it. False for a host that was rewritten (upper case
    /// folded, separators mapped, another output form) and for an invalid
    /// host.
    #[inline]
    pub fn borrows_host(&self) -> bool {
        self.borrowed
    }

    /// Where the public suffix starts in the answer's [name](Answer::name)
    /// (it runs to the end), or `None` when there is no suffix.
    #[inline]
    pub fn suffix_start(&self) -> Option<usize> {
        self.parts.suffix()
    }

    /// Where the registrable domain starts in the answer's
    /// [name](Answer::name) (it runs to the end), or `None` when there is
    /// no registrable domain.
    #[inline]
    pub fn registrable_start(&self) -> Option<usize> {
        self.parts.registrable()
    }

    /// The public suffix (see [`Domain::suffix`]).
    #[inline]
    pub fn suffix(&self) -> Option<&'a str> {
        self.name.get(self.suffix_start()?..)
    }

    /// The registrable domain (see [`Domain::registrable`]).
    #[inline]
    pub fn registrable(&self) -> Option<&'a str> {
        self.name.get(self.registrable_start()?..)
    }

    /// The label just left of the public suffix (see
    /// [`Domain::registrable_label`]).
    #[inline]
    pub fn registrable_label(&self) -> Option<&'a str> {
        let (r, s) = (self.registrable_start()?, self.suffix_start()?);
        self.name.get(r..s.checked_sub(1)?)
    }

    /// The labels left of the registrable domain (see
    /// [`Domain::subdomain`]).
    #[inline]
    pub fn subdomain(&self) -> Option<&'a str> {
        match self.registrable_start()? {
            0 => None,
            r => self.name.get(..r - 1),
        }
    }

    /// The section of the prevailing rule: `None` for the implicit `*` rule
    /// and for an invalid host.
    #[inline]
    pub fn section(&self) -> Option<Section> {
        self.parts.section()
    }

    /// Whether a listed rule prevailed; false for an invalid host.
    #[inline]
    pub fn is_known(&self) -> bool {
        self.parts.known()
    }

    /// Whether the host is itself a public suffix.
    #[inline]
    pub fn is_public_suffix(&self) -> bool {
        self.suffix_start() == Some(0)
    }

    /// The prevailing rule, canonical (see [`Domain::rule`]); `None` for an
    /// invalid host.
    ///
    /// ```
    /// etld::List::builtin().lookup_each(["me.github.io"], |_, answer| {
    ///     assert_eq!(answer.rule().as_deref(), Some("github.io"));
    ///     assert_eq!(answer.icann_suffix(), Some("io"));
    ///     assert_eq!(answer.icann_registrable(), Some("github.io"));
    /// });
    /// ```
    #[inline]
    pub fn rule(&self) -> Option<Cow<'a, str>> {
        self.parts.rule(self.name)
    }

    /// How the prevailing rule matched (see [`Domain::rule_kind`]); `None`
    /// for an invalid host.
    #[inline]
    pub fn rule_kind(&self) -> Option<RuleMatch> {
        self.parts.rule_match()
    }

    /// The public suffix under ICANN-only sections (see
    /// [`Domain::icann_suffix`]).
    #[inline]
    pub fn icann_suffix(&self) -> Option<&'a str> {
        self.name.get(self.parts.icann(self.name).0?..)
    }

    /// The registrable domain under ICANN-only sections (see
    /// [`Domain::icann_registrable`]).
    #[inline]
    pub fn icann_registrable(&self) -> Option<&'a str> {
        self.name.get(self.parts.icann(self.name).1?..)
    }

    /// The answer as [`List::lookup_with`](crate::List::lookup_with) gives it.
    ///
    /// ```
    /// let list = etld::List::builtin();
    /// list.lookup_each(["Bücher.DE"], |_, answer| {
    ///     let d = answer.to_domain().unwrap();
    ///     assert_eq!(d, list.lookup("Bücher.DE").unwrap());
    ///     assert_eq!(d.registrable(), Some("bücher.de"));
    /// });
    /// ```
    pub fn to_domain(&self) -> Result<Domain<'a>, HostError> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(Domain::from_parts(Cow::Borrowed(self.name), self.parts)),
        }
    }
}

impl Index {
    /// Looks up every host of `hosts` and calls `f` with its index and its
    /// [`Answer`] (see [`List::lookup_each_with`](crate::List::lookup_each_with)).
    pub(crate) fn lookup_each<'h, I, F>(&self, hosts: I, options: &Options, mut f: F)
    where
        I: IntoIterator<Item = &'h str>,
        F: FnMut(usize, Answer<'_>),
    {
        let mut scratch = Scratch::new();
        for (i, host) in hosts.into_iter().enumerate() {
            // The fast path of `Index::lookup`, inlined into the loop: a
            // lower-case ASCII host is answered with offsets into itself.
            let first = self.match_canonical(host, options);
            let answer = match first {
                Ok((m, Form::CANONICAL)) if options.output != Output::Unicode => {
                    Answer::walked(host, &m)
                }
                first => self.answer_slow(host, options, first, &mut scratch),
            };
            // One call of `f`, which the compiler then inlines into the loop
            // however large it is: called from the slow path too, a closure
            // that builds a column would be a call a host
            // (`datafusion/examples/udf_cost.rs`). A closure that does next
            // to nothing pays a little for it (`benches/batch_passes.rs`,
            // `lookup_each`).
            f(i, answer);
        }
    }

    /// The answer for a host that is not lower-case canonical ASCII (or
    /// when the answer is to be in Unicode): `first` is what the fast path
    /// found. A rewritten host's name is written into `scratch`.
    #[cold]
    #[inline(never)]
    fn answer_slow<'h, 's>(
        &self,
        host: &'h str,
        options: &Options,
        first: Result<(Match, Form), Stop>,
        scratch: &'s mut Scratch<'h>,
    ) -> Answer<'s>
    where
        'h: 's,
    {
        // ASCII with upper-case letters, walked folding case: the host
        // lower-cased in the scratch space, not in a string of its own.
        if let Ok((m, Form::FOLDED)) = &first {
            if options.output != Output::Unicode {
                if let Some(name) = NameText::lowered_inline(host) {
                    let name = scratch.text.insert(name);
                    return Answer::walked_as(name.as_str(), false, m);
                }
                if let Some(name) = lower_cased(host, &mut scratch.lower) {
                    return Answer::walked_as(name, false, m);
                }
            }
        }
        match self.lookup_slow(host, options, first) {
            // An answer whose name is the host unchanged points into it.
            Ok(d) if d.as_str() == host => Answer::of(host, true, &d),
            Ok(d) => {
                let d = scratch.domain.insert(d);
                Answer::of(d.as_str(), false, d)
            }
            Err(e) => Answer::invalid(e),
        }
    }

    /// Looks up every host of `hosts` into `batch` (see
    /// [`List::lookup_batch_with`](crate::List::lookup_batch_with)).
    pub(crate) fn lookup_batch<'h, I>(&self, hosts: I, options: &Options, batch: &mut Batch)
    where
        I: IntoIterator<Item = &'h str>,
    {
        batch.clear();
        let Batch {
            entries,
            names,
            errors,
        } = batch;
        self.lookup_each(hosts, options, |i, a| {
            let mut flags = 0;
            let mut at = 0;
            if let Some(e) = a.error {
                flags |= Entry::ERROR;
                errors.push((i, e));
            } else if a.borrowed {
                flags |= Entry::BORROWED;
            } else {
                at = names.len();
                names.push_str(a.name);
            }
            entries.push(Entry {
                at,
                len: a.name.len() as u32,
                parts: a.parts,
                flags,
            });
        });
    }
}

/// The answers of a batch of hosts, kept as offsets, in buffers reused from
/// one batch to the next (see [`List::lookup_batch`](crate::List::lookup_batch)).
///
/// An answer whose name is the host itself keeps only offsets into the
/// host; the name of a rewritten host is kept in one buffer shared by the
/// whole batch ([`Batch::names`]). So a batch holds no borrow of its hosts:
/// [`Batch::get`] is given the host again.
///
/// ```
/// let list = etld::List::builtin();
/// let mut batch = etld::Batch::new();
/// let hosts = vec!["www.example.co.uk".to_string(), "Me.GitHub.IO".to_string()];
/// list.lookup_batch(hosts.iter().map(String::as_str), &mut batch);
/// assert_eq!(batch.len(), 2);
/// let registrable: Vec<_> = hosts
///     .iter()
///     .enumerate()
///     .map(|(i, h)| batch.get(i, h).and_then(|a| a.registrable()))
///     .collect();
/// assert_eq!(registrable, [Some("example.co.uk"), Some("me.github.io")]);
/// // Only the rewritten host's name was written out.
/// assert_eq!(batch.names(), "me.github.io");
///
/// // The buffers are reused for the next batch.
/// list.lookup_batch(["a..b"], &mut batch);
/// assert_eq!(batch.get(0, "a..b").unwrap().error().map(|e| e.to_string()),
///            Some("empty label at byte 2".to_string()));
/// ```
///
/// For a column of hosts stored end to end (an Arrow string array), a
/// column of registrable domains can point into the hosts' bytes wherever
/// [`Answer::borrows_host`] holds, at the host's offset plus
/// [`Answer::registrable_start`], and copy only the other names.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    entries: Vec<Entry>,
    /// The names of the rewritten hosts, end to end.
    names: String,
    /// The errors of the invalid hosts, by index, in order.
    errors: Vec<(usize, HostError)>,
}

/// One stored answer (errors aside: they are seldom, and large).
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// Where the name starts in `names`, for a rewritten host.
    at: usize,
    /// The name's length (a valid name is at most a few hundred bytes).
    len: u32,
    /// The answer's parts, as it keeps them.
    parts: Parts,
    /// [`Entry::BORROWED`], [`Entry::ERROR`].
    flags: u8,
}

impl Entry {
    /// The name is the host itself.
    const BORROWED: u8 = 1;
    /// The host is invalid: its error is kept in `errors`.
    const ERROR: u8 = 2;
}

impl Batch {
    /// An empty batch.
    pub fn new() -> Batch {
        Batch::default()
    }

    /// The number of answers.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the batch holds no answer.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets every answer, keeping the buffers.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.names.clear();
        self.errors.clear();
    }

    /// The names of the rewritten hosts, end to end, in order: the buffer
    /// that the answers that do not [borrow their host](Answer::borrows_host)
    /// point into.
    pub fn names(&self) -> &str {
        &self.names
    }

    /// The answer for the `index`-th host, given that `host` again.
    ///
    /// `None` when there is no such answer. Given another host than the
    /// one looked up, the answer is meaningless, or `None` when its
    /// offsets do not fit the host; never a panic.
    #[inline]
    pub fn get<'a>(&'a self, index: usize, host: &'a str) -> Option<Answer<'a>> {
        let e = self.entries.get(index)?;
        let mut answer = Answer {
            name: "",
            borrowed: false,
            parts: e.parts,
            error: None,
        };
        if e.flags & Entry::ERROR != 0 {
            let at = self.errors.binary_search_by_key(&index, |&(i, _)| i).ok()?;
            answer.error = Some(self.errors.get(at)?.1);
            return Some(answer);
        }
        let len = e.len as usize;
        if e.flags & Entry::BORROWED != 0 {
            if host.len() != len {
                return None;
            }
            answer.name = host;
            answer.borrowed = true;
        } else {
            answer.name = self.names.get(e.at..e.at + len)?;
        }
        // Offsets are label starts of the name: 0, or just after a dot.
        let fits = |at: Option<usize>| match at {
            None | Some(0) => true,
            Some(at) => answer.name.as_bytes().get(at - 1) == Some(&b'.'),
        };
        (fits(answer.suffix_start()) && fits(answer.registrable_start())).then_some(answer)
    }
}
