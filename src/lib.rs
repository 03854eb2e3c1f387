//! `etld` answers "what is the public suffix, and the registrable domain, of
//! this hostname?" from the [Public Suffix List](https://publicsuffix.org/).
//!
//! Browsers use the answer to stop `example.co.uk` from setting a cookie for
//! all of `co.uk`; crawlers and analytics use it to group hosts by site. The
//! answers follow the list's formal algorithm exactly (see
//! [How a rule prevails](#how-a-rule-prevails)) and need no `idna` crate:
//! hosts and rules are processed by UTS 46 as browsers process them
//! ([`uts46`], on the project's own tables of Unicode
//! [`uts46::UNICODE_VERSION`]), and Unicode labels are encoded by this
//! project's own RFC 3492 crate, [`etld_punycode`].
//!
//! # Common tasks
//!
//! The registrable domain (the "site", eTLD+1) and the public suffix of a
//! host, on the built-in list:
//!
//! ```
//! assert_eq!(etld::registrable("www.example.co.uk").as_deref(), Some("example.co.uk"));
//! assert_eq!(etld::suffix("www.example.co.uk").as_deref(), Some("co.uk"));
//! assert_eq!(etld::registrable("co.uk"), None); // a public suffix itself
//! ```
//!
//! The whole answer, from a [`List`] (the built-in one, or a list of your
//! own):
//!
//! ```
//! let list = etld::List::builtin();
//! let d = list.lookup("www.Example.CO.uk")?;
//! assert_eq!(d.suffix(), Some("co.uk"));
//! assert_eq!(d.registrable(), Some("example.co.uk"));
//! assert_eq!(d.subdomain(), Some("www"));
//! assert_eq!(d.registrable_label(), Some("example"));
//! // Unlisted TLDs fall under the implicit `*` rule.
//! let d = list.lookup("a.b.example")?;
//! assert_eq!((d.suffix(), d.is_known()), (Some("example"), false));
//! // Results keep the input's form; a trailing dot stays on.
//! assert_eq!(list.lookup("www.食狮.公司.cn")?.registrable(), Some("食狮.公司.cn"));
//! assert_eq!(list.lookup("example.com.")?.suffix(), Some("com."));
//! # Ok::<(), etld::HostError>(())
//! ```
//!
//! The host of a URL, `host:port` or e-mail address, taken as the WHATWG URL
//! standard's parser takes it (see [`url`]):
//!
//! ```
//! let list = etld::List::builtin();
//! let d = list.lookup_url("https://user@www.example.co.uk:8080/path?q=1")?;
//! assert_eq!(d.registrable(), Some("example.co.uk"));
//! assert_eq!(list.lookup_url("someone@mail.example.com")?.registrable(), Some("example.com"));
//! # Ok::<(), etld::Error>(())
//! ```
//!
//! Grouping hosts by site: [`Domain::into_registrable`] keeps the answer past
//! the lookup, borrowed from the host when the host is canonical.
//!
//! ```
//! use std::borrow::Cow;
//! use std::collections::HashMap;
//!
//! let hosts = ["www.example.co.uk", "cdn.example.co.uk", "me.github.io", "you.github.io"];
//! let mut by_site: HashMap<Cow<str>, Vec<&str>> = HashMap::new();
//! for host in hosts {
//!     if let Some(site) = etld::List::builtin().lookup(host).ok().and_then(|d| d.into_registrable()) {
//!         by_site.entry(site).or_default().push(host);
//!     }
//! }
//! assert_eq!(by_site["example.co.uk"], ["www.example.co.uk", "cdn.example.co.uk"]);
//! assert_eq!(by_site.len(), 3); // me.github.io and you.github.io are sites of their own
//! ```
//!
//! Checking a cookie's `Domain` attribute, as a browser does
//! ([`List::is_cookie_domain_acceptable`]):
//!
//! ```
//! let list = etld::List::builtin();
//! assert!(list.is_cookie_domain_acceptable("www.example.co.uk", ".example.co.uk"));
//! assert!(!list.is_cookie_domain_acceptable("www.example.co.uk", "co.uk"));
//! ```
//!
//! A list of your own ([`List::from_dat`], [`List::from_path`]; rules outside
//! the `===BEGIN ...===` markers are ICANN rules):
//!
//! ```
//! let list = etld::List::from_dat(b"test\n*.dev.test\n!www.dev.test\n")?;
//! assert_eq!(list.lookup("a.b.dev.test")?.registrable(), Some("a.b.dev.test"));
//! assert_eq!(list.lookup("www.dev.test")?.registrable(), Some("www.dev.test"));
//! # Ok::<(), etld::Error>(())
//! ```
//!
//! Many threads: a [`List`] is `Send + Sync` and [`List::builtin`] is
//! `&'static`, so threads share one list; a column of hosts is answered
//! without a `Result` or a `Domain` per host by [`List::lookup_each`] and
//! [`List::lookup_batch`].
//!
//! ```
//! let hosts: Vec<String> = (0..1000).map(|i| format!("h{i}.example.co.uk")).collect();
//! let list = etld::List::builtin();
//! let known = std::thread::scope(|s| {
//!     let workers: Vec<_> = hosts
//!         .chunks(250)
//!         .map(|chunk| {
//!             s.spawn(move || {
//!                 let mut known = 0;
//!                 list.lookup_each(chunk.iter().map(String::as_str), |_, answer| {
//!                     known += usize::from(answer.registrable() == Some("example.co.uk"));
//!                 });
//!                 known
//!             })
//!         })
//!         .collect();
//!     workers.into_iter().map(|w| w.join().unwrap_or(0)).sum::<usize>()
//! });
//! assert_eq!(known, 1000);
//! ```
//!
//! ## Side by side with other crates
//!
//! | task | `etld` | [`psl`](https://docs.rs/psl) | [`publicsuffix`](https://docs.rs/publicsuffix) | [`addr`](https://docs.rs/addr) |
//! |---|---|---|---|---|
//! | registrable domain | `etld::registrable(h)` | `psl::domain_str(h)` | `list.domain(h.as_bytes())` | `addr::parse_domain_name(h)?.root()` |
//! | public suffix | `etld::suffix(h)` | `psl::suffix_str(h)` | `list.suffix(h.as_bytes())` | `addr::parse_domain_name(h)?.suffix()` |
//! | upper case, Unicode, `xn--` | answered (lower-cased, input form kept) | the caller folds case; Unicode as bytes | the caller lower-cases | Unicode via `idna` |
//! | host of a URL | `list.lookup_url(u)` | - | - | - |
//! | cookie domain check | `list.is_cookie_domain_acceptable(h, d)` | - | - | - |
//! | grouping by site | `d.into_registrable()` (borrows `h`) | `psl::domain_str` (borrows `h`) | owned bytes | borrows `h` |
//! | a list of one's own | `List::from_dat`, `from_path`, `.fst` | compiled into the crate | `List::from_str` | - |
//! | rules of one's own over the list | `list.with_extra(name, text)`, [`Layers`] | - | - | - |
//! | a column of hosts | `list.lookup_each`, `lookup_batch` | a loop | a loop | a loop |
//! | invalid hosts | typed [`HostError`] with the offending byte | `None` | `None` | `Error` |
//!
//! Invalid hosts are errors, never panics: an empty host or label, a
//! forbidden code point, a bad `xn--` label, an IP address.
//!
//! ```
//! use etld::HostError;
//!
//! let list = etld::List::builtin();
//! assert!(matches!(list.lookup("192.168.0.1"), Err(HostError::IpAddress)));
//! assert!(matches!(list.lookup("a..com"), Err(HostError::Label { offset: 2, .. })));
//! ```
//!
//! # ICANN suffixes only
//!
//! The list's PRIVATE section holds suffixes such as `blogspot.com` or
//! `github.io`. To ignore it:
//!
//! ```
//! use etld::{Options, Sections, Section};
//!
//! let list = etld::List::builtin();
//! let d = list.lookup("me.github.io")?;
//! assert_eq!((d.suffix(), d.section()), (Some("github.io"), Some(Section::Private)));
//!
//! let icann = Options::new().sections(Sections::IcannOnly);
//! let d = list.lookup_with("me.github.io", &icann)?;
//! assert_eq!((d.suffix(), d.section()), (Some("io"), Some(Section::Icann)));
//! # Ok::<(), etld::Error>(())
//! ```
//!
//! # Embedding a compiled list
//!
//! `etld compile list.dat list.fst` (or [`List::to_fst_bytes`]) writes a
//! `.fst` file that loads without parsing text, borrowed from a static and
//! checked in place, its first lookups answered from the map as the
//! built-in list's are ([`List::from_fst_static`] shows a `static`):
//!
//! ```
//! # let list_fst: &'static [u8] = Box::leak(etld::compile(b"com\n")?.into_boxed_slice());
//! // static LIST_FST: &[u8] = include_bytes!("list.fst");
//! let list = etld::List::from_fst_static(list_fst)?;
//! assert_eq!(list.lookup("example.com")?.registrable(), Some("example.com"));
//! # Ok::<(), etld::Error>(())
//! ```
//!
//! Loading checks the header, a checksum and every node of the automaton, so
//! untrusted bytes give an [`Error::Format`], never a panic or a hang.
//!
//! # Features
//!
//! `serde` (off by default): [`Domain`], [`Section`] and [`RuleMatch`]
//! implement `serde::Serialize`; a `Domain` is a map of its parts under the
//! names `etld lookup --json` gives them (`suffix`, `registrable`, `rule`,
//! ...), with `host` for the name looked up and `rule_kind` for how the
//! rule matched; it has no `input` or `error`, which are a line's, not an
//! answer's.
//!
//! # How a rule prevails
//!
//! Exactly the list's formal algorithm: an exception rule if one matches
//! (its parent is the suffix), else the matching rule with the most labels,
//! else the implicit `*` rule. A wildcard label matches any one label at
//! every position, even where an explicit rule also exists: under
//! `*.futurecms.at` and `*.in.futurecms.at`, `in.futurecms.at` is itself a
//! suffix. (The `psl` and `publicsuffix` crates answer `at` there.)
//!
//! Two choices the algorithm leaves open: when two exception rules match,
//! the longer one prevails; when two rules of different sections match with
//! the same number of labels, the section reported is ICANN.
//!
//! # The wildcard-parent question
//!
//! Is `kobe.jp` a public suffix, given `*.kobe.jp` (and no `kobe.jp` rule)?
//! The formal algorithm says no: `*.kobe.jp` matches only names below
//! `kobe.jp`, so `kobe.jp` falls under `jp` and is registrable. That is the
//! default here ([`Wildcard::Strict`]), as in Go's `x/net/publicsuffix` and the
//! list's own reference tests. libpsl, Chromium and Firefox treat every
//! wildcard rule as also listing its parent ([`Wildcard::Browser`]):
//!
//! ```
//! use etld::{Options, Wildcard};
//!
//! let list = etld::List::builtin();
//! assert_eq!(list.lookup("kobe.jp")?.suffix(), Some("jp"));
//! let browser = Options::new().wildcard(Wildcard::Browser);
//! assert_eq!(list.lookup_with("kobe.jp", &browser)?.suffix(), Some("kobe.jp"));
//! // Both agree below the wildcard.
//! assert_eq!(list.lookup("a.b.kobe.jp")?.suffix(), Some("b.kobe.jp"));
//! # Ok::<(), etld::Error>(())
//! ```
//!
//! # Hosts
//!
//! A host is one name, not a URL. It is processed by UTS 46 with the flags
//! of the WHATWG URL standard ([`uts46`]): code points mapped (`ﬁ.com` is
//! `fi.com`, `ＥＸＡＭＰＬＥ。ｃｏｍ` is `example.com`, upper case lower-cased),
//! ignored ones removed (a soft hyphen), deviations kept (`ß`), NFC, `.`,
//! U+3002, U+FF0E and U+FF61 as label separators, `xn--` labels decoded and
//! checked, the Bidi and ContextJ rules. Labels are compared in ASCII, and
//! answers come in the input's own form after processing. A name of
//! lower-case ASCII without `xn--` labels is its own processed form and
//! skips the work. A code point UTS 46 disallows, a name that breaks its
//! validity criteria, a label over 63 octets or a name over 253 octets (in
//! ASCII form, without a trailing dot) is an error.
//!
//! ```
//! let list = etld::List::builtin();
//! assert_eq!(list.lookup("www.goo\u{AD}gle.com")?.registrable(), Some("google.com"));
//! assert_eq!(list.lookup("www.Faß.de")?.registrable(), Some("faß.de"));
//! assert!(list.lookup("ex\u{200D}ample.com").is_err()); // ZWJ out of context
//! # Ok::<(), etld::HostError>(())
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![deny(unsafe_code)]

// The rooms, along the data path: input -> host -> canonical labels ->
// automaton walk -> answer (see docs/design.md for the map).
mod host;
mod lookup;
mod rules;

// What a user meets first.
mod cookie;
mod error;
mod layers;
mod list;
mod options;
mod read;
pub mod source;

#[cfg(feature = "serde")]
mod serialize;

#[cfg(etld_fuzzing)]
pub mod cost;
mod work;

pub use error::{
    BuildError, Error, FormatError, HostError, LabelError, RuleError, UnknownName, UrlError,
    UrlLookupError, Wrapping,
};
pub use host::url;
pub use host::uts46;
pub use layers::Layers;
pub use list::List;
pub use lookup::batch::{Answer, Batch};
pub use lookup::domain::{Domain, RuleMatch};
pub use options::{Options, Output, Sections, Wildcard};
pub use rules::compile::RuleCounts;
pub use rules::format;
pub use rules::layer::Layer;
pub use rules::rule::{Rule, RuleKind, RuleSet, Section};
pub use source::{ListVersion, VersionError};

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The library guide's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
struct LibraryGuideDoctests;

/// The registrable domain of `host` on the built-in list (see
/// [`List::builtin`]), with the default options: `None` when the host is
/// itself a public suffix or is invalid. A slice of `host` when `host` is
/// canonical (lower-case ASCII or Unicode), owned otherwise.
///
/// ```
/// assert_eq!(etld::registrable("www.example.co.uk").as_deref(), Some("example.co.uk"));
/// assert_eq!(etld::registrable("WWW.Example.COM").as_deref(), Some("example.com"));
/// assert_eq!(etld::registrable("co.uk"), None);
/// assert_eq!(etld::registrable("not a host"), None);
/// ```
pub fn registrable(host: &str) -> Option<std::borrow::Cow<'_, str>> {
    List::builtin().lookup(host).ok()?.into_registrable()
}

/// The public suffix of `host` on the built-in list, with the default
/// options (see [`registrable`]).
///
/// ```
/// assert_eq!(etld::suffix("www.example.co.uk").as_deref(), Some("co.uk"));
/// assert_eq!(etld::suffix("me.github.io").as_deref(), Some("github.io"));
/// ```
pub fn suffix(host: &str) -> Option<std::borrow::Cow<'_, str>> {
    List::builtin().lookup(host).ok()?.into_suffix()
}

/// Compiles list text into the bytes of a `.fst` file (what `etld compile`
/// writes). The same text always gives the same bytes.
///
/// ```
/// let fst = etld::compile(b"com\nco.uk\n")?;
/// assert!(etld::format::is_fst_file(&fst));
/// assert_eq!(fst, etld::compile(b"co.uk\ncom\ncom\n")?);
/// # Ok::<(), etld::Error>(())
/// ```
pub fn compile(text: &[u8]) -> Result<Vec<u8>, Error> {
    Ok(List::from_dat(text)?.to_fst_bytes().to_vec())
}
