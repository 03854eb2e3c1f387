//! The host room: from the bytes a caller gives to canonical labels.
//!
//! Every lookup starts here, and nothing in this room knows of rules or
//! lookups. Its files:
//!
//! | file | what it does |
//! |---|---|
//! | `scan.rs` | reads a host where it is, sixteen bytes at a time: finds its labels (a bitmap of its dots) and tells whether it is already canonical, lower-case ASCII, as nearly every host of a log is |
//! | `label.rs` | what a label is (its limits, the class of each byte, the checks of an ASCII label); `label/canonicalize.rs` canonicalises the other hosts label by label: upper case folded, the UTS 46 label separators and fullwidth ASCII mapped, Unicode labels encoded as `xn--` A-labels, A-labels checked; the same for a rule's labels; `label/unicode.rs` tells the Unicode labels a lookup can walk as they are |
//! | `form.rs` | a host's input form as canonicalisation writes it (docs/behaviour.md section 3 step 6): the host itself, borrowed, until a piece differs from it |
//! | `ip.rs` | tells an IP address (an IPv6 literal, or a name ending in a number as the WHATWG URL standard decides it) from a name |
//! | `key.rs` | the key of a label, computed alike by the scan for a host's label and by the lookup room's tree for a rule's |
//! | `uts46/` | UTS 46 processing with the WHATWG flags, on the project's own Unicode tables: the public [`uts46`] module |
//! | `url.rs` | takes the host out of a URL, `host:port` or e-mail address: the public [`url`] module |
//!
//! What it may use: the error types and the `etld-punycode` crate. What it
//! must not: the rules room, the lookup room, [`List`](crate::List).
//!
//! What it costs: nothing is allocated or copied for a canonical host, and
//! its scan takes a few nanoseconds. Any other host costs one pass over its
//! labels into a buffer of at most 253 bytes.

pub(crate) mod form;
pub(crate) mod ip;
pub(crate) mod key;
pub(crate) mod label;
pub(crate) mod scan;
pub mod url;
pub mod uts46;
