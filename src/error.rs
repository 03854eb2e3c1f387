//! Errors: one [`Error`] enum for the crate, with a precise kind for each
//! thing that can go wrong and the place (line, byte offset) where it did.

use std::fmt;

/// What is wrong with one label, in a rule of a list or in a host.
///
/// Both list rules and looked-up hosts are canonicalised by the same code, so
/// they share these reasons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LabelError {
    /// The label is empty (`a..b`, a leading dot, two trailing dots).
    Empty,
    /// The label holds a forbidden code point: a C0 control, space, DEL or one
    /// of `# % / : < > ? @ [ \ ] ^ |` (the WHATWG forbidden domain code points).
    /// It is the code point as UTS 46 mapping leaves it: U+00A0 and U+200A,
    /// which map to a space, give `' '`, and U+FF0F gives `'/'`; a host's
    /// error points at the input's code point ([`HostError::Label`]).
    ForbiddenCodePoint(char),
    /// The label's canonical (ASCII) form is longer than 63 octets.
    TooLong(usize),
    /// The label starts with `xn--` but is not a valid A-label, or a Unicode
    /// label could not be encoded.
    Punycode(etld_punycode::Error),
    /// UTS 46 processing refused the name (docs/behaviour.md section 3 step 2: a disallowed code
    /// point, an `xn--` label that is not valid, a broken validity
    /// criterion: see [`crate::uts46::Error`]).
    Uts46(crate::uts46::Error),
}

impl LabelError {
    /// The same error with the offsets it carries (of a UTS 46 or Punycode
    /// error) moved by `by`: for a label read out of a larger text.
    pub(crate) fn shifted(self, by: usize) -> LabelError {
        match self {
            LabelError::Punycode(e) => LabelError::Punycode(e.shifted(by)),
            LabelError::Uts46(e) => LabelError::Uts46(e.shifted(by)),
            error => error,
        }
    }
}

/// A code point in a message: `'%' (U+0025)`, or for one that prints no
/// glyph of its own, `U+0009` alone (written as it is, a control would act
/// on a terminal; escaped, it would read as Rust source).
struct CodePoint(char);

impl fmt::Display for CodePoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        match c.is_ascii_graphic() || c == ' ' {
            true => write!(f, "'{c}' (U+{:04X})", c as u32),
            false => write!(f, "U+{:04X}", c as u32),
        }
    }
}

impl fmt::Display for LabelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LabelError::Empty => f.write_str("empty label"),
            LabelError::ForbiddenCodePoint(c) => {
                write!(f, "forbidden code point {}", CodePoint(*c))
            }
            LabelError::TooLong(n) => write!(f, "label is {n} octets long, the limit is 63"),
            LabelError::Punycode(e) => write!(f, "invalid A-label: {e}"),
            LabelError::Uts46(e) => e.fmt(f),
        }
    }
}

/// Why a host could not be looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HostError {
    /// The input is empty.
    Empty,
    /// A label is invalid. Of several errors, one of UTS 46 processing
    /// (docs/behaviour.md section 3 step 2: a disallowed code point, an invalid A-label,
    /// a broken validity criterion) comes first, the leftmost label's, the
    /// Bidi rule (the whole name's) checked last; then the leftmost of the
    /// others (an empty label, a forbidden code point, a label too long),
    /// as a browser's URL parser runs UTS 46 before it looks for forbidden
    /// code points. A name's error does not depend on whether UTS 46
    /// changes it: `ü..xn--zz` and `Ü..xn--zz` give the same.
    Label {
        /// Byte offset in the input of what is wrong: the forbidden code
        /// point itself (or the input's code point that UTS 46 maps to
        /// it), or the start of a label that is empty, too long or not a
        /// valid A-label (a Punycode error carries its own position, also
        /// counted in the input). It is always a character boundary of
        /// the input.
        offset: usize,
        /// What is wrong with it.
        error: LabelError,
    },
    /// The canonical name is longer than 253 octets (without a trailing
    /// dot); the canonical name's length.
    TooLong(usize),
    /// The input is an IP address, so it has no suffix: an IPv6 literal
    /// (with or without brackets), or a host whose last label is a number,
    /// which the WHATWG URL standard parses as an IPv4 address (or refuses):
    /// all digits, or `0x` and hex digits (`1.2.3.4`, `999.1.1.1`,
    /// `0x7f.0.0.1`, `1.2.3`, `13`). An error of UTS 46 processing comes
    /// first, as in a browser's URL parser: `xn--zz.0` holds an invalid
    /// A-label ([`HostError::Label`]).
    IpAddress,
}

impl HostError {
    /// The error for a label starting at byte `start` of the input that is
    /// wrong at byte `at` of the label: the offset points at a forbidden
    /// code point, else at the label; Punycode positions are moved into
    /// the input's coordinates.
    pub(crate) fn in_label(start: usize, at: usize, error: LabelError) -> HostError {
        match error {
            LabelError::ForbiddenCodePoint(_) => HostError::Label {
                offset: start + at,
                error,
            },
            LabelError::Punycode(_) => HostError::Label {
                offset: start,
                error: error.shifted(start),
            },
            LabelError::Uts46(e) => HostError::Label {
                offset: start + e.offset(),
                error: error.shifted(start),
            },
            error => HostError::Label {
                offset: start,
                error,
            },
        }
    }
}

impl fmt::Display for HostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HostError::Empty => f.write_str("empty host"),
            HostError::Label { offset, error } => match error {
                LabelError::Empty => write!(f, "empty label at byte {offset}"),
                LabelError::ForbiddenCodePoint(_) => write!(f, "{error} at byte {offset}"),
                LabelError::TooLong(n) => write!(
                    f,
                    "the label at byte {offset} is {n} octets long, the limit is 63"
                ),
                LabelError::Punycode(e) => {
                    write!(f, "the label at byte {offset} is not a valid A-label: {e}")
                }
                LabelError::Uts46(e) => e.fmt(f),
            },
            HostError::TooLong(n) => write!(f, "the name is {n} octets long, the limit is 253"),
            HostError::IpAddress => {
                f.write_str("an IP address (or a name ending in a number) has no public suffix")
            }
        }
    }
}

/// Why no host could be taken out of a URL ([`crate::url::host`]).
/// Offsets count bytes of the input once trimmed and rid of its tabs and
/// newlines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UrlError {
    /// The URL has no host (`https://`, `file:///x`, `file://localhost/`,
    /// `foo:/x`, `mailto:x`, an empty input) or is of a scheme whose URLs
    /// have none (`javascript:alert(1)`).
    NoHost,
    /// The port is not digits; `offset` is where it starts.
    Port {
        /// Byte offset of the port (just after the `:`).
        offset: usize,
    },
    /// The port is digits, but over 65535.
    PortOutOfRange {
        /// Byte offset of the port (just after the `:`).
        offset: usize,
    },
    /// The input, or its host, is an IPv6 address without the brackets a
    /// URL puts around one (`::1`, `http://::1/`).
    UnbracketedIpv6 {
        /// Byte offset of the address.
        offset: usize,
    },
    /// The host holds a code point no host of its scheme may hold: a
    /// forbidden host code point (space, `#`, `/`, `<`, `\\`, `|`, ...) in the
    /// opaque host of a non-special scheme (`foo://a<b/`); in the host of a
    /// special or `file:` URL, written or percent-encoded, one of those, a
    /// C0 control, `%` or DEL (`https://a b.com/`, `http://a%2Fb.com/`);
    /// `@` or `:` in the host of a `file:` URL (which has no userinfo or
    /// port).
    ForbiddenCodePoint {
        /// Byte offset of the code point (of its escape, `%2F`).
        offset: usize,
        /// The code point (for an escape, the one it stands for).
        code_point: char,
    },
    /// What a URL holds in brackets is not an IPv6 address (`http://[v1.x]/`,
    /// `http://[::1%eth0]/`).
    InvalidIpv6 {
        /// Byte offset of the `[`.
        offset: usize,
    },
    /// An IPv6 literal's `[` has no `]`.
    UnclosedBracket {
        /// Byte offset of the `[`.
        offset: usize,
    },
    /// The percent-decoded host is not UTF-8.
    InvalidUtf8 {
        /// Byte offset of the escape that starts the invalid sequence.
        offset: usize,
    },
    /// The input reads as a URL (a `:` before any `/`, `\\`, `?`, `#`, `@`,
    /// not followed by a port) but what stands before the `:` is not a
    /// scheme (an ASCII letter, then letters, digits, `+`, `-`, `.`):
    /// `éftp://host/`, `1http://host/`, `\u{200B}ftp:/host`.
    Scheme {
        /// Byte offset of the first byte that a scheme may not hold there.
        offset: usize,
    },
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlError::NoHost => f.write_str("the URL has no host"),
            UrlError::Port { offset } => write!(f, "invalid port at byte {offset}"),
            UrlError::PortOutOfRange { offset } => {
                write!(f, "the port at byte {offset} is over 65535")
            }
            UrlError::UnbracketedIpv6 { offset } => write!(
                f,
                "an IPv6 address at byte {offset} (an IP address has no public suffix; \
                 a URL writes it in brackets: http://[::1]/)"
            ),
            UrlError::ForbiddenCodePoint { offset, code_point } => write!(
                f,
                "the host holds the forbidden code point {} at byte {offset}",
                CodePoint(*code_point)
            ),
            UrlError::InvalidIpv6 { offset } => {
                write!(f, "the brackets at byte {offset} hold no IPv6 address")
            }
            UrlError::UnclosedBracket { offset } => {
                write!(f, "the IPv6 address at byte {offset} has no closing ']'")
            }
            UrlError::InvalidUtf8 { offset } => write!(
                f,
                "the percent-decoded host is not UTF-8 from byte {offset}"
            ),
            UrlError::Scheme { offset: 0 } => {
                f.write_str("invalid scheme: a scheme starts with an ASCII letter")
            }
            UrlError::Scheme { offset } => write!(
                f,
                "invalid scheme: byte {offset} is not an ASCII letter, digit, `+`, `-` or `.`"
            ),
        }
    }
}

impl std::error::Error for UrlError {}

/// Why a rule of a list (`.dat` text) was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RuleError {
    /// The line is not valid UTF-8.
    InvalidUtf8,
    /// A label of the rule is invalid (empty, forbidden code point, too
    /// long, bad A-label).
    Label(LabelError),
    /// A `*` that is not a whole label, such as `*bar.foo`.
    PartialWildcard,
    /// An exception rule (`!`) with fewer than two labels.
    ShortException,
    /// An exception rule (`!`) holding a wildcard.
    WildcardException,
    /// The rule's canonical form is longer than 253 octets, so no host can
    /// match it; its length.
    TooLong(usize),
    /// The rule ends in a dot (`example.com.`): a host's trailing dot is
    /// set aside by its lookup, and no rule holds one.
    TrailingDot,
}

impl RuleError {
    /// The same error with the offsets of its label error moved by `by`.
    pub(crate) fn shifted(self, by: usize) -> RuleError {
        match self {
            RuleError::Label(e) => RuleError::Label(e.shifted(by)),
            error => error,
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::InvalidUtf8 => f.write_str("invalid UTF-8"),
            RuleError::Label(e) => e.fmt(f),
            RuleError::PartialWildcard => f.write_str("a wildcard must be a whole label"),
            RuleError::ShortException => f.write_str("an exception rule needs at least two labels"),
            RuleError::WildcardException => f.write_str("an exception rule cannot hold a wildcard"),
            RuleError::TooLong(n) => {
                write!(f, "the rule is {n} octets long, the limit is 253")
            }
            RuleError::TrailingDot => f.write_str("a rule cannot end in a dot"),
        }
    }
}

/// Why bytes could not be loaded as a list: the faults of a serialized
/// list (`.fst` file), and bytes that are no list as they stand (binary, or
/// list text still compressed or in UTF-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FormatError {
    /// The bytes do not start with the `.fst` magic.
    BadMagic,
    /// Bytes given as either kind of list ([`List::from_bytes`](crate::List::from_bytes))
    /// are binary (a NUL byte in the first KiB, which list text never
    /// holds) but do not start with the `.fst` magic: a damaged `.fst`
    /// file, or another kind of file.
    NotAList,
    /// The file's format version (given) is not the one this library reads
    /// ([`format::VERSION`](crate::format::VERSION)); see the
    /// [compatibility policy](crate::format#compatibility).
    UnsupportedVersion(u16),
    /// The bytes are in a wrapping that must be undone before they load
    /// (compressed, or UTF-16 text), told by their first bytes.
    Wrapped(Wrapping),
    /// The file is shorter than its header says (`expected` bytes, `actual` present).
    Truncated {
        /// Bytes the header asks for.
        expected: u64,
        /// Bytes present.
        actual: u64,
    },
    /// The file is longer than its header says.
    TrailingBytes {
        /// Bytes the header asks for.
        expected: u64,
        /// Bytes present.
        actual: u64,
    },
    /// The checksum in the header does not match the contents.
    Checksum {
        /// The checksum stored in the header.
        stored: u64,
        /// The checksum of the contents.
        computed: u64,
    },
    /// A header field is malformed (a metadata string that is not UTF-8, a
    /// bad header length).
    Header(&'static str),
    /// The automaton does not decode: `offset` is the byte offset within the
    /// automaton where decoding failed.
    Automaton {
        /// Byte offset of the failing node within the automaton.
        offset: usize,
        /// What is wrong there.
        reason: &'static str,
    },
    /// The automaton describes far more than its size holds: its keys
    /// would unfold into more than `limit` bytes, the most an automaton of
    /// `size` bytes may describe, and spell more than 32 MiB of list text.
    /// An `fst` is a graph that shares paths, so a few hundred crafted
    /// bytes can describe millions of keys; an honest list unfolds into a
    /// few bytes for each byte of its automaton, or, if it is regular
    /// (sequential names, the same children under many suffixes), spells
    /// no more text than a list file may hold.
    Unfolding {
        /// The automaton's size in bytes.
        size: u64,
        /// The most bytes its keys may unfold into.
        limit: u64,
    },
    /// Wildcard rules nest too deeply for lookups to stay cheap: on the way
    /// to one rule, `branchings` names have both a `*` child with rules
    /// below it and other children (as in `x.*.a.*.com` beside
    /// `x.y.a.z.com`), so a lookup could follow up to 2 to that power
    /// paths at once; at most `limit` are accepted.
    Wildcards {
        /// The most such names on the way to one rule.
        branchings: u32,
        /// The most that are accepted.
        limit: u32,
    },
    /// The list's labels collide in the table a lookup searches: a lookup
    /// could probe `run` slots, over the `limit` accepted. Only labels chosen
    /// to collide do that.
    Collisions {
        /// The longest run of slots a lookup may probe.
        run: u32,
        /// The longest run accepted.
        limit: u32,
    },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::BadMagic => f.write_str("not an etld .fst file (bad magic bytes)"),
            FormatError::Wrapped(wrapping) => write!(
                f,
                "{wrapping}, not list text or an etld .fst file: {} first",
                match wrapping {
                    Wrapping::Utf16 => "convert it to UTF-8",
                    _ => "decompress it",
                }
            ),
            FormatError::NotAList => f.write_str(
                "neither list text nor an etld .fst file (binary, without the .fst magic bytes)",
            ),
            FormatError::UnsupportedVersion(v) => write!(
                f,
                "a .fst file of format version {v}; this etld reads version {} only: compile the \
                 list's text again with this etld (`etld compile LIST.dat OUT.fst`)",
                crate::rules::format::VERSION
            ),
            FormatError::Truncated { expected, actual } => {
                write!(f, "truncated: expected {expected} bytes, found {actual}")
            }
            FormatError::TrailingBytes { expected, actual } => {
                write!(
                    f,
                    "trailing bytes: expected {expected} bytes, found {actual}"
                )
            }
            FormatError::Checksum { stored, computed } => write!(
                f,
                "checksum mismatch: header says {stored:016x}, contents give {computed:016x}"
            ),
            FormatError::Header(what) => write!(f, "malformed header: {what}"),
            FormatError::Automaton { offset, reason } => {
                write!(
                    f,
                    "the rules' automaton does not decode (at its byte {offset}: {reason}); the \
                     file is damaged, or was not written by `etld compile`"
                )
            }
            FormatError::Unfolding { size, limit } => write!(
                f,
                "the keys unfold into more than {limit} bytes, the most an automaton of \
                 {size} bytes may describe, and spell more than 32 MiB of list text, the \
                 most etld takes from a list whose rules repeat so much (a crafted file, \
                 or a list past that size)"
            ),
            FormatError::Wildcards { branchings, limit } => write!(
                f,
                "wildcard rules branch {branchings} times on the way to one rule, over the \
                 limit of {limit}: a lookup would follow too many paths at once"
            ),
            FormatError::Collisions { run, limit } => write!(
                f,
                "the labels collide in the lookup table: a lookup could probe {run} slots, \
                 over the limit of {limit}"
            ),
        }
    }
}

/// Why a list could not be written as a `.fst` file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuildError {
    /// The list's VERSION or COMMIT is longer than the file's header holds
    /// (65,535 bytes); its length.
    MetadataTooLong(usize),
    /// The `fst` map builder refused a key, or a map to lay rules over held
    /// a value no rule gives: keys out of order, repeated, or foreign, which
    /// a list's rules and a loaded list's map never give.
    Map,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::MetadataTooLong(n) => write!(
                f,
                "a VERSION or COMMIT of {n} bytes, over the 65535 the header holds"
            ),
            BuildError::Map => f.write_str("the fst map builder refused a key"),
        }
    }
}

impl std::error::Error for BuildError {}

/// The crate's error type.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// A host could not be looked up.
    Host(HostError),
    /// No host could be taken out of a URL.
    Url(UrlError),
    /// A line of list text could not be read. Byte offsets, `offset` and
    /// any in `error` (of a UTS 46 or Punycode error in a label), count
    /// from the start of the line.
    ///
    /// ```
    /// let err = etld::RuleSet::parse(b"com\nfoo.b%r.com\n").unwrap_err();
    /// assert!(matches!(err, etld::Error::Rule { line: 2, offset: 5, .. }));
    /// assert_eq!(err.to_string(), "line 2, byte 5: forbidden code point '%' (U+0025)");
    /// ```
    Rule {
        /// 1-based line number in the list text.
        line: usize,
        /// Byte offset in the line of what is wrong: the byte that makes a
        /// label invalid (a forbidden code point, a `*` within a label, the
        /// first byte that is not UTF-8, where UTS 46 processing failed),
        /// else the start of the label (empty, too long, not a valid
        /// A-label), of an exception's `*`, or of the rule.
        offset: usize,
        /// What is wrong with the rule on that line.
        error: RuleError,
    },
    /// List text holds no rule at all, or a `.fst` file's map no key: an
    /// empty or truncated file (a list of no rules would answer every host
    /// with the implicit `*` rule).
    NoRules,
    /// A compiled list (`.fst`) was given where rules are laid over a list,
    /// which takes list text (`.dat`).
    CompiledLayer,
    /// Bytes could not be loaded as a list: a serialized list's fault, or
    /// bytes that are no list as they stand ([`FormatError`]).
    Format(FormatError),
    /// A list could not be written as a `.fst` file.
    Build(BuildError),
    /// Reading a list file failed.
    Io(std::io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Host(e) => e.fmt(f),
            Error::Url(e) => e.fmt(f),
            // A UTS 46 error's own message names its byte, which `offset`
            // already gives.
            Error::Rule {
                line,
                offset,
                error: RuleError::Label(LabelError::Uts46(e)),
            } => write!(f, "line {line}, byte {offset}: {}", e.unplaced()),
            Error::Rule {
                line,
                offset,
                error,
            } => write!(f, "line {line}, byte {offset}: {error}"),
            Error::NoRules => f.write_str("the list holds no rule (an empty or truncated file?)"),
            Error::CompiledLayer => f.write_str(
                "a compiled list (.fst) cannot be laid over a list: give the list text (.dat) it was compiled from",
            ),
            Error::Format(e) => e.fmt(f),
            Error::Build(e) => write!(f, "cannot compile list: {e}"),
            Error::Io(e) => write!(f, "I/O error: {e}"),
        }
    }
}

/// Every error's message is whole: a variant that wraps another error
/// writes that error's message into its own, so no error returns a
/// [`source`](std::error::Error::source) (a reporter that prints the chain
/// would print it twice); the wrapped error is the variant's field.
///
/// ```
/// use std::error::Error as _;
/// let err = etld::List::from_path("/no/such/list.dat").unwrap_err();
/// assert!(err.to_string().starts_with("I/O error: "));
/// assert!(err.source().is_none());
/// assert!(matches!(err, etld::Error::Io(ref io) if io.kind() == std::io::ErrorKind::NotFound));
/// ```
impl std::error::Error for Error {}

/// Why a URL has no answer ([`List::lookup_url`](crate::List::lookup_url)):
/// it gives no host, or its host is not a valid host name. The offsets of
/// a [`HostError`] count bytes of the host (which may differ from the
/// URL's text, percent-decoded), and its message says so: `the host: empty
/// label at byte 2` for `http://a..b/`.
///
/// ```
/// use etld::{HostError, UrlError, UrlLookupError};
///
/// let list = etld::List::builtin();
/// assert_eq!(list.lookup_url("file:///etc/hosts").unwrap_err(), UrlLookupError::Url(UrlError::NoHost));
/// assert_eq!(list.lookup_url("https://1.2.3.4/").unwrap_err(), UrlLookupError::Host(HostError::IpAddress));
/// let e = list.lookup_url("https://www.example..com:8080/").unwrap_err();
/// assert_eq!(e.to_string(), "the host: empty label at byte 12");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UrlLookupError {
    /// The URL gives no host, or is not a URL.
    Url(UrlError),
    /// The URL's host is not a valid host name (an IP address, a bad label).
    Host(HostError),
}

impl fmt::Display for UrlLookupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlLookupError::Url(e) => e.fmt(f),
            UrlLookupError::Host(e @ HostError::Label { .. }) => write!(f, "the host: {e}"),
            UrlLookupError::Host(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for UrlLookupError {}

impl From<UrlError> for UrlLookupError {
    fn from(e: UrlError) -> UrlLookupError {
        UrlLookupError::Url(e)
    }
}

impl From<HostError> for UrlLookupError {
    fn from(e: HostError) -> UrlLookupError {
        UrlLookupError::Host(e)
    }
}

impl From<UrlLookupError> for Error {
    fn from(e: UrlLookupError) -> Error {
        match e {
            UrlLookupError::Url(e) => Error::Url(e),
            UrlLookupError::Host(e) => Error::Host(e),
        }
    }
}

/// A name that is not one of the names of an option's values (see the
/// `FromStr` implementations of [`Sections`](crate::Sections),
/// [`Wildcard`](crate::Wildcard), [`Output`](crate::Output) and
/// [`Section`](crate::Section)).
///
/// ```
/// let e = "icann_only".parse::<etld::Sections>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown name `icann_only`: expected all or icann-only");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnknownName {
    given: String,
    expected: &'static [&'static str],
}

impl UnknownName {
    pub(crate) fn new(given: &str, expected: &'static [&'static str]) -> UnknownName {
        UnknownName {
            given: given.to_string(),
            expected,
        }
    }

    /// The names that would have parsed.
    pub fn expected(&self) -> &'static [&'static str] {
        self.expected
    }
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown name `{}`: expected ", self.given)?;
        for (i, name) in self.expected.iter().enumerate() {
            let sep = match i {
                0 => "",
                _ if i + 1 == self.expected.len() => " or ",
                _ => ", ",
            };
            write!(f, "{sep}{name}")?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownName {}

impl std::error::Error for HostError {}
impl std::error::Error for RuleError {}
impl std::error::Error for FormatError {}

/// What wraps bytes that are no list as they stand
/// ([`FormatError::Wrapped`]): a compression or UTF-16, which must be
/// undone first (`gunzip`, `iconv -f UTF-16 -t UTF-8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Wrapping {
    /// gzip (`.gz`).
    Gzip,
    /// xz (`.xz`).
    Xz,
    /// Zstandard (`.zst`).
    Zstd,
    /// bzip2 (`.bz2`).
    Bzip2,
    /// A zip archive.
    Zip,
    /// UTF-16 text: with its byte order mark, or without one where its
    /// first 32 characters (or all, if fewer) are ASCII, every other byte
    /// 0.
    Utf16,
}

impl fmt::Display for Wrapping {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wrapping::Gzip => "gzip-compressed",
            Wrapping::Xz => "xz-compressed",
            Wrapping::Zstd => "zstd-compressed",
            Wrapping::Bzip2 => "bzip2-compressed",
            Wrapping::Zip => "a zip archive",
            Wrapping::Utf16 => "UTF-16 text",
        })
    }
}
impl std::error::Error for LabelError {}

impl From<HostError> for Error {
    fn from(e: HostError) -> Error {
        Error::Host(e)
    }
}

impl From<UrlError> for Error {
    fn from(e: UrlError) -> Error {
        Error::Url(e)
    }
}

impl From<FormatError> for Error {
    fn from(e: FormatError) -> Error {
        Error::Format(e)
    }
}

impl From<BuildError> for Error {
    fn from(e: BuildError) -> Error {
        Error::Build(e)
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::Io(e)
    }
}
