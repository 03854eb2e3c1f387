//! `etld` answers "what is the public suffix, and the registrable domain, of
//! this hostname?" from the [Public Suffix List](https://publicsuffix.org/).
//!
//! Browsers use the answer to stop `example.co.uk` from setting a cookie for
//! all of `co.uk`; crawlers and analytics use it to group hosts by site. The
//! answers follow the list's formal algorithm exactly (see
//! [How a rule prevails](#how-a-rule-prevails)), come from a compact `fst`
//! map that is unfolded at load into a tree of labels and walked from the
//! right end of the host, one hash probe per label, and need no `idna`
//! crate: Unicode labels are handled by this project's own RFC 3492 crate,
//! [`etld_punycode`].
//!
//! # The registrable domain of a host
//!
//! ```
//! let list = etld::List::builtin();
//! let d = list.lookup("www.Example.CO.uk")?;
//! assert_eq!(d.suffix(), Some("co.uk"));
//! assert_eq!(d.registrable(), Some("example.co.uk"));
//!
//! // A public suffix has no registrable domain.
//! assert_eq!(list.lookup("co.uk")?.registrable(), None);
//! // Unlisted TLDs fall under the implicit `*` rule.
//! let d = list.lookup("a.b.example")?;
//! assert_eq!((d.suffix(), d.is_known()), (Some("example"), false));
//! // Results keep the input's form; a trailing dot stays on.
//! assert_eq!(list.lookup("www.食狮.公司.cn")?.registrable(), Some("食狮.公司.cn"));
//! assert_eq!(list.lookup("example.com.")?.suffix(), Some("com."));
//! # Ok::<(), etld::Error>(())
//! ```
//!
//! Invalid hosts are errors, never panics: an empty host or label, a
//! forbidden code point, a bad `xn--` label, an IP address.
//!
//! ```
//! use etld::{Error, HostError};
//!
//! let list = etld::List::builtin();
//! assert!(matches!(list.lookup("192.168.0.1"), Err(Error::Host(HostError::IpAddress))));
//! assert!(matches!(list.lookup("a..com"), Err(Error::Host(HostError::Label { offset: 2, .. }))));
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
//! # A list of your own
//!
//! Any text in the list's format compiles at run time; rules outside the
//! `===BEGIN ...===` markers are ICANN rules.
//!
//! ```
//! let list = etld::List::from_dat(b"test\n*.dev.test\n!www.dev.test\n")?;
//! assert_eq!(list.lookup("a.b.dev.test")?.registrable(), Some("a.b.dev.test"));
//! assert_eq!(list.lookup("www.dev.test")?.registrable(), Some("www.dev.test"));
//! # Ok::<(), etld::Error>(())
//! ```
//!
//! # Embedding a compiled list
//!
//! `etld compile list.dat list.fst` (or [`List::to_fst_bytes`]) writes a
//! `.fst` file that loads without parsing text, zero-copy from a static:
//!
//! ```
//! # let bytes = etld::List::from_dat(b"com\n").unwrap().to_fst_bytes().to_vec();
//! # std::fs::write(std::env::temp_dir().join("etld-doc.fst"), &bytes).unwrap();
//! // static LIST_FST: &[u8] = include_bytes!("list.fst");
//! // let list = etld::List::from_fst_static(LIST_FST)?;
//! let list = etld::List::from_path(std::env::temp_dir().join("etld-doc.fst"))?;
//! assert_eq!(list.lookup("example.com")?.registrable(), Some("example.com"));
//! # Ok::<(), etld::Error>(())
//! ```
//!
//! Loading checks the header, a checksum and every node of the automaton, so
//! untrusted bytes give an [`Error::Format`], never a panic or a hang.
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
//! A host is one name, not a URL. Labels are separated by `.` or its UTS 46
//! equivalents U+3002, U+FF0E, U+FF61, lower-cased (`char::to_lowercase`, no
//! other mapping or normalisation) and compared in ASCII, Unicode labels
//! encoded as `xn--` A-labels. A label over 63 octets or a name over 253
//! octets (in ASCII form, without a trailing dot) is an error, and so is an
//! `xn--` label that is not a valid A-label.
#![deny(missing_docs)]
#![deny(unsafe_code)]

mod automaton;
mod compile;
#[cfg(fuzzing)]
pub mod cost;
#[cfg(not(fuzzing))]
mod cost;
mod domain;
mod error;
pub mod format;
mod label;
mod list;
mod options;
mod rule;
mod scan;
mod tree;
mod walk;

pub use compile::RuleCounts;
pub use domain::Domain;
pub use error::{Error, FormatError, HostError, LabelError, RuleError};
pub use list::List;
pub use options::{Options, Output, Sections, Wildcard};
pub use rule::{Rule, RuleKind, RuleSet, Section};

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
