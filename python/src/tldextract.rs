//! tldextract's answer shape (`etld.extract`, `List.extract`), for one
//! input or a column: the parts of the host of a URL, a host, `host:port`
//! or an e-mail address, each `''` where absent.
//!
//! One input and a column's rows are answered by the same code
//! ([`parts`]), so a column's row is what `extract` answers for its value:
//! the five fields of [`ExtractResult`] and the values of its properties
//! ([`Parts::strings`], which both give). An input without a valid host gives `''` parts; a
//! host that is no name but an IP address gives that address as the
//! domain, in the WHATWG URL standard's form.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::Arc;

use arrow_array::builder::BooleanBuilder;
use arrow_array::{ArrayRef, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{DataType, Field, Fields};
use etld::{List, Options, Section};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyTuple, PyType};

use crate::column::{Strings, TooLarge, Unanswered};

/// Which IP address a host is, when it is one.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Ip {
    /// An IPv4 address, in any form the URL standard reads.
    V4,
    /// An IPv6 literal, in brackets.
    V6,
}

/// The parts of one input, as `ExtractResult`'s fields: each `''` where
/// absent, without a trailing dot.
pub struct Parts<'a> {
    /// The labels left of the registrable domain.
    pub subdomain: &'a str,
    /// The label left of the public suffix, or the address an IP host is.
    pub domain: &'a str,
    /// The public suffix.
    pub suffix: &'a str,
    /// Whether the rule that prevailed is of the PRIVATE section.
    pub is_private: bool,
    /// The public suffix under the ICANN section alone.
    pub registry_suffix: &'a str,
    /// Which address `domain` is, for an IP host.
    pub ip: Option<Ip>,
}

/// The parts of an input with no valid host.
const EMPTY: Parts<'static> = Parts {
    subdomain: "",
    domain: "",
    suffix: "",
    is_private: false,
    registry_suffix: "",
    ip: None,
};

/// The names of the fields of a column of [`Parts`], in order: the five of
/// `ExtractResult` and its properties, as tldextract lists them. The one
/// copy of these names: Python reads them as `etld.EXTRACT_FIELDS`.
pub const FIELDS: [&str; 11] = [
    "subdomain",
    "domain",
    "suffix",
    "registered_domain",
    "top_domain_under_public_suffix",
    "fqdn",
    "ipv4",
    "ipv6",
    "is_private",
    "registry_suffix",
    "top_domain_under_registry_suffix",
];

/// Where `is_private`, the only field not a string, stands in [`FIELDS`].
const PRIVATE_AT: usize = 8;

/// Where `registered_domain` stands in [`FIELDS`], just before
/// `top_domain_under_public_suffix`, its other name.
const REGISTERED_AT: usize = 3;

/// The names of `ExtractResult`'s five fields, in order (its `_fields`),
/// taken from [`FIELDS`].
const RESULT_FIELDS: [&str; 5] = [
    FIELDS[0],
    FIELDS[1],
    FIELDS[2],
    FIELDS[PRIVATE_AT],
    FIELDS[PRIVATE_AT + 1],
];

/// Calls `f` with the parts of `input` (a URL, host, `host:port` or e-mail
/// address) on `list` with `options`, and gives back what it returns.
pub fn parts<R>(list: &List, options: &Options, input: &str, f: impl FnOnce(&Parts<'_>) -> R) -> R {
    let Ok(host) = etld::url::host(input) else {
        return f(&EMPTY);
    };
    let d = match list.lookup_with(&host, options) {
        Ok(d) => d,
        Err(_) => {
            return match address(&host) {
                Some((text, ip)) => f(&Parts {
                    domain: &text,
                    ip: Some(ip),
                    ..EMPTY
                }),
                None => f(&EMPTY),
            }
        }
    };
    fn part(p: Option<&str>) -> &str {
        p.unwrap_or("").trim_end_matches('.')
    }
    let (subdomain, domain) = match d.suffix() {
        Some(_) => (part(d.subdomain()), part(d.registrable_label())),
        // No suffix (the implicit rule off, and no rule matched): the last
        // label is the domain, as tldextract takes `localhost` or a name
        // under a TLD it does not know.
        None => {
            let name = part(Some(d.as_str()));
            match name.rsplit_once('.') {
                Some((subdomain, domain)) => (subdomain, domain),
                None => ("", name),
            }
        }
    };
    let parts = Parts {
        subdomain,
        domain,
        suffix: part(d.suffix()),
        is_private: d.section() == Some(Section::Private),
        registry_suffix: part(d.icann_suffix()),
        ip: None,
    };
    f(&parts)
}

impl Parts<'_> {
    /// The string fields of [`FIELDS`] (all but `is_private`), in order,
    /// as `ExtractResult`'s properties give them; `fqdn` is room for the
    /// whole name, of which the properties are slices.
    pub fn strings<'s>(&'s self, fqdn: &'s mut String) -> [&'s str; 10] {
        fqdn.clear();
        // The whole name for a suffix with a domain, or a suffix that is a
        // PRIVATE rule's name itself (`github.io`), as tldextract has it.
        let has_domain = !self.domain.is_empty();
        if !self.suffix.is_empty() && (has_domain || self.is_private) {
            for part in [self.subdomain, self.domain, self.suffix] {
                if !part.is_empty() {
                    if !fqdn.is_empty() {
                        fqdn.push('.');
                    }
                    fqdn.push_str(part);
                }
            }
        }
        let fqdn: &str = fqdn;
        let registered = match has_domain && !self.suffix.is_empty() {
            true => &fqdn[fqdn.len() - self.domain.len() - 1 - self.suffix.len()..],
            false => "",
        };
        // Under a PRIVATE rule, the registry suffix and the label left of
        // it, from the registrable domain (the registrable domain itself
        // under an ICANN rule), as tldextract takes them.
        let under_registry = match self.is_private {
            true => {
                let labels = self.registry_suffix.matches('.').count() + 2;
                let start = registered
                    .rmatch_indices('.')
                    .nth(labels - 1)
                    .map_or(0, |(dot, _)| dot + 1);
                &registered[start..]
            }
            false => registered,
        };
        let registry = self.registry_suffix;
        let bare = self.subdomain.is_empty() && self.suffix.is_empty();
        let address = |ip| match bare && self.ip == Some(ip) {
            // An IPv6 address without the brackets its domain has.
            true => self.domain.trim_start_matches('[').trim_end_matches(']'),
            false => "",
        };
        [
            self.subdomain,
            self.domain,
            self.suffix,
            registered,
            registered,
            fqdn,
            address(Ip::V4),
            address(Ip::V6),
            registry,
            under_registry,
        ]
    }
}

/// The parts of a host, in tldextract's shape: each `''` where absent.
///
/// `extract`'s answer for one input: immutable, hashable, picklable, a
/// sequence of its five fields (a `collections.abc.Sequence`) as
/// tldextract's `ExtractResult` once was, with the same fields and
/// properties, and a named tuple's `_asdict()` and `_replace()`.
///
/// >>> r = etld.extract("https://user:pw@www.Example.CO.uk:8080/a")
/// >>> r.subdomain, r.domain, r.suffix, r.registered_domain, r.fqdn
/// ('www', 'example', 'co.uk', 'example.co.uk', 'www.example.co.uk')
/// >>> etld.extract("me.github.io").is_private, etld.extract("me.github.io").registry_suffix
/// (True, 'io')
/// >>> etld.extract("http://127.0.0.1:8080/").ipv4
/// '127.0.0.1'
#[pyclass(frozen, eq, ord, hash, module = "etld", name = "ExtractResult")]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ExtractResult {
    /// The four string fields end to end, in one allocation: a result is
    /// made for every call (python/bench/bench.py --scalar, one core).
    text: Box<str>,
    /// Where `subdomain`, `domain` and `suffix` end in `text`
    /// (`registry_suffix` is the rest).
    ends: [usize; 3],
    is_private: bool,
}

/// Results are ordered by their five fields in order, as tldextract's
/// (a dataclass with `order=True`) are.
impl PartialOrd for ExtractResult {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.key().cmp(&other.key()))
    }
}

impl ExtractResult {
    /// The five fields, in order, to compare by.
    fn key(&self) -> (&str, &str, &str, bool, &str) {
        (
            self.field(0),
            self.field(1),
            self.field(2),
            self.is_private,
            self.field(3),
        )
    }

    /// The result of `parts`.
    pub fn of(parts: &Parts<'_>) -> ExtractResult {
        ExtractResult::new(
            parts.subdomain,
            parts.domain,
            parts.suffix,
            parts.is_private,
            parts.registry_suffix,
        )
    }

    /// The result of an input with no valid host.
    pub fn empty() -> ExtractResult {
        ExtractResult::of(&EMPTY)
    }

    /// The string field `i` (0: `subdomain`, 1: `domain`, 2: `suffix`, 3:
    /// `registry_suffix`).
    fn field(&self, i: usize) -> &str {
        let start = match i {
            0 => 0,
            _ => self.ends.get(i - 1).copied().unwrap_or(self.text.len()),
        };
        let end = self.ends.get(i).copied().unwrap_or(self.text.len());
        self.text.get(start..end).unwrap_or("")
    }

    /// The string field or property at `at` of [`FIELDS`] (not
    /// `is_private`), as [`Parts::strings`] gives it. A domain alone that
    /// reads as an IP address is one, as `extract` writes an address.
    fn string(&self, at: usize) -> String {
        let (subdomain, domain, suffix) = (self.field(0), self.field(1), self.field(2));
        let bare = subdomain.is_empty() && suffix.is_empty();
        let bracketed = domain.strip_prefix('[').and_then(|d| d.strip_suffix(']'));
        let ip = match bare {
            true if domain.parse::<Ipv4Addr>().is_ok() => Some(Ip::V4),
            true if bracketed.is_some_and(|d| d.parse::<Ipv6Addr>().is_ok()) => Some(Ip::V6),
            _ => None,
        };
        let parts = Parts {
            subdomain,
            domain,
            suffix,
            is_private: self.is_private,
            registry_suffix: self.field(3),
            ip,
        };
        let mut fqdn = String::new();
        let at = if at > PRIVATE_AT { at - 1 } else { at };
        parts.strings(&mut fqdn)[at].to_string()
    }

    /// The five fields, as a tuple.
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.key().into_pyobject(py)
    }
}

/// Defines `ExtractResult`'s methods (its `#[pymethods]`, one block as
/// PyO3 takes a class's, with no macro inside it): a getter for each of
/// `fields` `$field = $i` (the string field `i`, see
/// [`ExtractResult::field`]), one for each of `strings` `$string = $at`
/// (the value at `at` of [`FIELDS`], see [`ExtractResult::string`]), then
/// the methods written out in the braces.
macro_rules! extract_methods {
    (
        fields { $($(#[$doc:meta])* $field:ident = $i:literal;)* }
        strings { $($(#[$string_doc:meta])* $string:ident = $at:literal;)* }
        { $($methods:tt)* }
    ) => {
        #[pymethods]
        impl ExtractResult {
            $(
                $(#[$doc])*
                #[getter]
                fn $field(&self) -> &str {
                    self.field($i)
                }
            )*
            $(
                $(#[$string_doc])*
                #[getter]
                fn $string(&self) -> String {
                    self.string($at)
                }
            )*
            $($methods)*
        }
    };
}

extract_methods! {
    fields {
        /// The labels left of the registrable domain.
        subdomain = 0;

        /// The label left of the public suffix; for an IP host the address,
        /// as the URL standard writes it (an IPv6 address in brackets); with
        /// no suffix (the implicit rule off), the last label.
        domain = 1;

        /// The public suffix.
        suffix = 2;

        /// The public suffix under the ICANN section alone.
        registry_suffix = 3;
    }
    strings {
        /// The registrable domain, `domain.suffix`; `''` without both.
        registered_domain = 3;

        /// The registrable domain (tldextract's newer name for it).
        top_domain_under_public_suffix = 4;

        /// The whole name, `subdomain.domain.suffix`, for a suffix with a
        /// domain or a PRIVATE suffix alone (`github.io`); else `''`.
        fqdn = 5;

        /// The IPv4 address the host is, in its canonical form; `''`.
        ipv4 = 6;

        /// The IPv6 address the host is, compressed as the URL standard writes
        /// it, without brackets; `''`.
        ipv6 = 7;

        /// The registrable domain under the ICANN section alone (from the
        /// registrable domain: `''` without one).
        top_domain_under_registry_suffix = 10;
    }
    {
    /// A result of these parts.
    #[new]
    #[pyo3(
        signature = (subdomain, domain, suffix, is_private = false, registry_suffix = ""),
        text_signature = "(subdomain, domain, suffix, is_private=False, registry_suffix='')"
    )]
    fn new(
        subdomain: &str,
        domain: &str,
        suffix: &str,
        is_private: bool,
        registry_suffix: &str,
    ) -> ExtractResult {
        let fields = [subdomain, domain, suffix, registry_suffix];
        let mut text = String::with_capacity(fields.iter().map(|f| f.len()).sum());
        let mut ends = [0; 3];
        for (i, field) in fields.into_iter().enumerate() {
            text.push_str(field);
            if let Some(end) = ends.get_mut(i) {
                *end = text.len();
            }
        }
        ExtractResult {
            text: text.into_boxed_str(),
            ends,
            is_private,
        }
    }

    /// The names of the five fields, in order.
    #[classattr]
    fn _fields(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
        PyTuple::new(py, RESULT_FIELDS)
    }

    /// Whether the suffix comes from the list's PRIVATE section.
    #[getter]
    fn is_private(&self) -> bool {
        self.is_private
    }

    /// The name in reverse domain name notation, as tldextract writes it:
    /// the suffix (in its own order), the domain, then the subdomain's
    /// labels from the right (`co.uk.example.www`).
    #[getter]
    fn reverse_domain_name(&self) -> String {
        let (subdomain, domain, suffix) = (self.field(0), self.field(1), self.field(2));
        let mut parts: Vec<&str> = [suffix, domain].into_iter().filter(|p| !p.is_empty()).collect();
        if !subdomain.is_empty() {
            parts.extend(subdomain.split('.').rev());
        }
        parts.join(".")
    }

    /// A new result with the fields named in `changes` replaced, as a
    /// named tuple's `_replace` gives one.
    #[pyo3(signature = (**changes))]
    fn _replace(&self, changes: Option<&Bound<'_, PyDict>>) -> PyResult<ExtractResult> {
        let mut strings = [self.field(0), self.field(1), self.field(2), self.field(3)]
            .map(str::to_string);
        let mut is_private = self.is_private;
        for (name, value) in changes.into_iter().flatten() {
            let name: String = name.extract()?;
            match name.as_str() {
                "subdomain" => strings[0] = value.extract()?,
                "domain" => strings[1] = value.extract()?,
                "suffix" => strings[2] = value.extract()?,
                "registry_suffix" => strings[3] = value.extract()?,
                "is_private" => is_private = value.extract()?,
                other => {
                    return Err(PyValueError::new_err(format!(
                        "Got unexpected field names: ['{other}']"
                    )))
                }
            }
        }
        let [subdomain, domain, suffix, registry_suffix] = &strings;
        Ok(ExtractResult::new(
            subdomain,
            domain,
            suffix,
            is_private,
            registry_suffix,
        ))
    }

    /// The five fields as a dict.
    fn _asdict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (name, value) in RESULT_FIELDS.into_iter().zip(self.fields(py)?.iter()) {
            d.set_item(name, value)?;
        }
        Ok(d)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.fields(py)?.try_iter()
    }

    fn __len__(&self) -> usize {
        5
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.fields(py)?.as_any().get_item(index)
    }

    fn __contains__(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.fields(py)?.contains(value)
    }

    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let fields: Vec<_> = self.fields(py)?.iter().collect();
        PyTuple::new(py, fields.into_iter().rev())?.try_iter()
    }

    /// The first place of `value` among the five fields at or after
    /// `start` and before `stop`, as a tuple's `index` finds it.
    #[pyo3(signature = (value, start = 0, stop = isize::MAX, /))]
    fn index(
        &self,
        py: Python<'_>,
        value: &Bound<'_, PyAny>,
        start: isize,
        stop: isize,
    ) -> PyResult<usize> {
        self.fields(py)?
            .call_method1("index", (value, start, stop))?
            .extract()
    }

    /// How many of the five fields equal `value`.
    #[pyo3(signature = (value, /))]
    fn count(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<usize> {
        self.fields(py)?.call_method1("count", (value,))?.extract()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let fields = RESULT_FIELDS
            .into_iter()
            .zip(self.fields(py)?.iter())
            .map(|(name, value)| Ok(format!("{name}={}", value.repr()?)))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(format!("ExtractResult({})", fields.join(", ")))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        Ok((slf.get_type(), slf.get().fields(slf.py())?))
    }
    }
}

/// The address `host` is, in the URL standard's form, and which kind: an
/// IPv6 literal (with or without brackets), or an IPv4 address in any
/// form the URL standard's IPv4 parser reads ([`etld::url::ip_address`]);
/// `None` for any other host.
fn address(host: &str) -> Option<(String, Ip)> {
    match etld::url::ip_address(host)? {
        IpAddr::V6(address) => Some((format!("[{}]", ipv6_text(address)), Ip::V6)),
        IpAddr::V4(address) => Some((address.to_string(), Ip::V4)),
    }
}

/// An IPv6 address as the URL standard writes it (RFC 5952's form): its
/// pieces in lower-case hex without leading zeros, the first longest run
/// of two or more zero pieces written `::`, no dotted IPv4 part.
fn ipv6_text(address: Ipv6Addr) -> String {
    let pieces = address.segments();
    // The first longest run of zero pieces, if two or more long.
    let (mut best, mut best_len, mut run_start, mut run_len) = (0, 0, 0, 0);
    for (i, &piece) in pieces.iter().enumerate() {
        if piece == 0 {
            if run_len == 0 {
                run_start = i;
            }
            run_len += 1;
            if run_len > best_len {
                (best, best_len) = (run_start, run_len);
            }
        } else {
            run_len = 0;
        }
    }
    let mut text = String::with_capacity(39);
    let mut i = 0;
    while i < pieces.len() {
        if best_len >= 2 && i == best {
            text.push_str(if i == 0 { "::" } else { ":" });
            i += best_len;
            continue;
        }
        text.push_str(&format!("{:x}", pieces[i]));
        if i + 1 < pieces.len() {
            text.push(':');
        }
        i += 1;
    }
    text
}

/// A column of [`Parts`] being built: a struct of [`FIELDS`], its strings
/// of one of Arrow's string types, NULL for a NULL input.
pub struct Builder {
    /// The string fields but `top_domain_under_public_suffix`, which is
    /// `registered_domain` (its new name in tldextract) and shares its
    /// array.
    strings: [Strings; 9],
    is_private: BooleanBuilder,
    valid: Vec<bool>,
    /// Room for each row's whole name (see [`Parts::strings`]).
    fqdn: String,
}

impl Builder {
    /// A column of `rows` rows whose strings are of the type `t` (a string
    /// type; any other gives `Utf8`), of inputs of about `bytes` bytes:
    /// room for each field to take as many (the whole name does), within
    /// 32 bytes a row (a URL's host is a small part of it), so that a
    /// field's builder seldom grows, which copies what it holds.
    pub fn new(t: &DataType, rows: usize, bytes: usize) -> Builder {
        let bytes = bytes.min(rows.saturating_mul(32));
        Builder {
            strings: std::array::from_fn(|_| Strings::new(t, rows, bytes)),
            is_private: BooleanBuilder::with_capacity(rows),
            valid: Vec::with_capacity(rows),
            fqdn: String::new(),
        }
    }

    /// The row of `input`, answered on `list` with `options`.
    pub fn push(&mut self, list: &List, options: &Options, input: &str) {
        parts(list, options, input, |p| {
            let [subdomain, domain, suffix, registered, _, rest @ ..] = p.strings(&mut self.fqdn);
            let values = [subdomain, domain, suffix, registered]
                .into_iter()
                .chain(rest);
            for (column, value) in self.strings.iter_mut().zip(values) {
                column.push(Some(value));
            }
            self.is_private.append_value(p.is_private);
        });
        self.valid.push(true);
    }

    /// A NULL row (its fields `''` and false, under the row's NULL).
    pub fn null(&mut self) {
        for column in &mut self.strings {
            column.push(Some(""));
        }
        self.is_private.append_value(false);
        self.valid.push(false);
    }

    /// The struct array of the rows pushed; [`Unanswered::TooLarge`] if
    /// the strings of a field outgrew a `Utf8` array.
    pub fn finish(self) -> Result<ArrayRef, Unanswered> {
        let mut arrays = self
            .strings
            .into_iter()
            .map(Strings::finish)
            .collect::<Result<Vec<ArrayRef>, TooLarge>>()?;
        if let Some(registered) = arrays.get(REGISTERED_AT).cloned() {
            arrays.insert(REGISTERED_AT + 1, registered);
        }
        arrays.insert(PRIVATE_AT, Arc::new({ self.is_private }.finish()));
        let fields: Fields = FIELDS
            .iter()
            .zip(&arrays)
            .map(|(name, a)| Field::new(*name, a.data_type().clone(), false))
            .collect();
        let nulls = NullBuffer::from(self.valid);
        let nulls = (nulls.null_count() > 0).then_some(nulls);
        let array = StructArray::try_new(fields, arrays, nulls)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Arc::new(array))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv4_forms() {
        let v4 = |h: &str| address(h).map(|(t, _)| t);
        assert_eq!(v4("0x7f.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(v4("１２７.０.０.１").as_deref(), Some("127.0.0.1"));
        assert_eq!(v4("999.1.1.1"), None);
    }

    #[test]
    fn ipv6_forms() {
        // In brackets, as the URL standard writes an IPv6 host.
        assert_eq!(
            address("[2001:DB8:0:0::1]").map(|(t, _)| t).as_deref(),
            Some("[2001:db8::1]")
        );
        let v6 = |h: &str| address(h).map(|(t, _)| t.trim_matches(['[', ']']).to_string());
        assert_eq!(v6("[2001:DB8:0:0::1]").as_deref(), Some("2001:db8::1"));
        assert_eq!(v6("[::1]").as_deref(), Some("::1"));
        assert_eq!(v6("[::]").as_deref(), Some("::"));
        assert_eq!(v6("[1::]").as_deref(), Some("1::"));
        assert_eq!(v6("[1:0:1:0:0:1:0:0]").as_deref(), Some("1:0:1::1:0:0"));
        assert_eq!(v6("[1:0:2:3:4:5:6:7]").as_deref(), Some("1:0:2:3:4:5:6:7"));
        assert_eq!(v6("[::ffff:1.2.3.4]").as_deref(), Some("::ffff:102:304"));
        assert_eq!(v6("[1::2::3]"), None);
    }
}
