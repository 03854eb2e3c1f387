//! `etld.Domain`: every part of the answer for one host.

use std::ops::Range;

use etld::{List, Options};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::column;
use crate::text::offset_in;
use crate::view::View;
use crate::{HostError, UrlError};

/// The answer for one host: every part of it. Immutable, compared and
/// hashed by value (a set or a dict key), and picklable.
///
/// >>> d = etld.lookup("www.Example.co.uk")
/// >>> d.registrable, d.suffix, d.subdomain, d.label, d.section, d.known
/// ('example.co.uk', 'co.uk', 'www', 'example', 'icann', True)
/// >>> len({d, etld.lookup("www.Example.co.uk"), etld.lookup("www.example.co.uk")})
/// 2
#[pyclass(module = "etld", name = "Domain", frozen, eq, hash)]
#[derive(PartialEq, Eq, Hash, Clone)]
pub(crate) struct PyDomain {
    host: String,
    name: String,
    // The parts, as ranges of `name`: a lookup copies one string, and a
    // part becomes a str when it is asked for.
    suffix: Option<Range<usize>>,
    registrable: Option<Range<usize>>,
    subdomain: Option<Range<usize>>,
    label: Option<Range<usize>>,
    section: Option<&'static str>,
    known: bool,
    is_public_suffix: bool,
    is_fqdn: bool,
    // The prevailing rule, as the list writes it, and the ICANN-only
    // answer (ranges of `name`, as the parts are).
    rule: Option<String>,
    icann_suffix: Option<Range<usize>>,
    icann_registrable: Option<Range<usize>>,
}

/// Defines `Domain`'s methods (its `#[pymethods]`, one block as PyO3
/// takes a class's, with no macro inside it): a getter for each of
/// `parts` `$part` (the part of `name` its field `$part` holds as a
/// range, or None), one for each of `flags` `$flag` (its field `$flag`),
/// then the methods written out in the braces.
macro_rules! domain_methods {
    (
        parts { $($(#[$doc:meta])* $part:ident;)* }
        flags { $($(#[$flag_doc:meta])* $flag:ident;)* }
        { $($methods:tt)* }
    ) => {
        #[pymethods]
        impl PyDomain {
            $(
                $(#[$doc])*
                #[getter]
                fn $part(&self) -> Option<&str> {
                    self.part(&self.$part)
                }
            )*
            $(
                $(#[$flag_doc])*
                #[getter]
                fn $flag(&self) -> bool {
                    self.$flag
                }
            )*
            $($methods)*
        }
    };
}

domain_methods! {
    parts {
        /// The public suffix, or None (with `implicit_rule=False`).
        suffix;

        /// The registrable domain, or None when the host is a public suffix.
        registrable;

        /// The labels left of the registrable domain, or None.
        subdomain;

        /// The label left of the public suffix, or None.
        label;

        /// The public suffix under the ICANN section alone, the other options
        /// as they were (tldextract's `registry_suffix`): the suffix itself
        /// unless a PRIVATE rule prevailed (`"io"` for `me.github.io`).
        icann_suffix;

        /// The registrable domain under the ICANN section alone (`"github.io"`
        /// for `me.github.io`).
        icann_registrable;
    }
    flags {
        /// Whether a listed rule prevailed.
        known;

        /// Whether the host is itself a public suffix.
        is_public_suffix;

        /// Whether the host ends in a dot.
        is_fqdn;
    }
    {
    /// The host looked up, as given (for `lookup_url`, as taken out of the
    /// URL).
    #[getter]
    fn host(&self) -> &str {
        &self.host
    }

    /// The whole name, lower-cased, in the output form.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// `"icann"` or `"private"`: the section of the rule that prevailed;
    /// None for the implicit `*` rule.
    #[getter]
    fn section(&self) -> Option<&'static str> {
        self.section
    }

    /// The prevailing rule as the list writes it, in ASCII: `"co.uk"`,
    /// `"*.kobe.jp"`, `"!city.kobe.jp"`, `"*"` for the implicit rule; None
    /// when no rule matched (`implicit_rule=False`).
    #[getter]
    fn rule(&self) -> Option<&str> {
        self.rule.as_deref()
    }

    /// Pickles as its parts: the host, the name and what the lookup found
    /// (a `Domain` is a value, with no tie to the list that answered).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let restore = py.import("etld._columns")?.getattr("_domain")?;
        let at = |r: &Option<Range<usize>>| r.as_ref().map(|r| (r.start, r.end));
        let state = (
            self.host.as_str(),
            self.name.as_str(),
            [
                at(&self.suffix),
                at(&self.registrable),
                at(&self.subdomain),
                at(&self.label),
                at(&self.icann_suffix),
                at(&self.icann_registrable),
            ],
            self.section,
            (self.known, self.is_public_suffix, self.is_fqdn),
            self.rule.as_deref(),
        );
        Ok((restore, state).into_pyobject(py)?.into_any())
    }

    /// A `Domain` from pickled state (see `__reduce__`); each part a
    /// range of `name`, checked as it is read.
    #[staticmethod]
    #[pyo3(signature = (host, name, parts, section, flags, rule=None))]
    fn _from_state(
        host: String,
        name: String,
        parts: [Option<(usize, usize)>; 6],
        section: Option<&str>,
        flags: (bool, bool, bool),
        rule: Option<String>,
    ) -> PyResult<PyDomain> {
        let section = match section {
            None => None,
            Some("icann") => Some("icann"),
            Some("private") => Some("private"),
            Some(other) => {
                return Err(PyValueError::new_err(format!(
                    "a Domain's section is \"icann\", \"private\" or None, not {other:?}"
                )))
            }
        };
        let range = |p: Option<(usize, usize)>| -> PyResult<Option<Range<usize>>> {
            match p {
                None => Ok(None),
                Some((start, end)) if name.get(start..end).is_some() => Ok(Some(start..end)),
                Some(_) => Err(PyValueError::new_err(
                    "a Domain's part lies outside its name",
                )),
            }
        };
        let [suffix, registrable, subdomain, label, icann_suffix, icann_registrable] = parts;
        let (known, is_public_suffix, is_fqdn) = flags;
        Ok(PyDomain {
            suffix: range(suffix)?,
            registrable: range(registrable)?,
            subdomain: range(subdomain)?,
            label: range(label)?,
            icann_suffix: range(icann_suffix)?,
            icann_registrable: range(icann_registrable)?,
            rule,
            host,
            name,
            section,
            known,
            is_public_suffix,
            is_fqdn,
        })
    }

    fn __repr__(&self) -> String {
        let q = |s: Option<&str>| s.map_or("None".to_string(), |s| format!("{s:?}"));
        format!(
            "etld.Domain(name={:?}, suffix={}, registrable={}, subdomain={}, label={}, section={}, known={})",
            self.name,
            q(self.suffix()),
            q(self.registrable()),
            q(self.subdomain()),
            q(self.label()),
            q(self.section),
            if self.known { "True" } else { "False" }
        )
    }
    }
}

impl PyDomain {
    fn of(host: &str, d: &etld::Domain<'_>) -> PyDomain {
        let name = d.as_str();
        PyDomain {
            host: host.to_string(),
            name: name.to_string(),
            suffix: range_in(name, View::suffix(d)),
            registrable: range_in(name, View::registrable(d)),
            subdomain: range_in(name, View::subdomain(d)),
            label: range_in(name, d.label()),
            section: d.section_name(),
            known: d.known(),
            is_public_suffix: d.is_public_suffix(),
            is_fqdn: d.is_fqdn(),
            rule: d.rule().map(|r| r.into_owned()),
            icann_suffix: range_in(name, d.icann_suffix()),
            icann_registrable: range_in(name, d.icann_registrable()),
        }
    }

    fn part(&self, range: &Option<Range<usize>>) -> Option<&str> {
        self.name.get(range.clone()?)
    }
}

/// Where `part`, a slice of `name` (every part of a `Domain` is a slice of
/// its name), lies in it.
fn range_in(name: &str, part: Option<&str>) -> Option<Range<usize>> {
    let part = part?;
    let start = offset_in(name, part)?;
    let range = start..start + part.len();
    debug_assert_eq!(name.get(range.clone()), Some(part));
    Some(range)
}

/// The `Domain` of `host` on `list` with the options `o`, or the
/// `HostError` of an invalid host (with the hint of a URL given as a host).
pub(crate) fn lookup_one(
    _py: Python<'_>,
    list: &List,
    host: &str,
    o: &Options,
) -> PyResult<PyDomain> {
    match list.lookup_with(host, o) {
        Ok(d) => Ok(PyDomain::of(host, &d)),
        Err(e) => Err(HostError::new_err(column::hinted(host, e.to_string()))),
    }
}

/// The `Domain` of the host of `url` on `list` with the options `o`: a
/// `UrlError` for a URL with no host etld takes, a `HostError` for an
/// invalid host.
pub(crate) fn lookup_url_one(
    _py: Python<'_>,
    list: &List,
    url: &str,
    o: &Options,
) -> PyResult<PyDomain> {
    let host = etld::url::host(url).map_err(|e| UrlError::new_err(e.to_string()))?;
    match list.lookup_with(&host, o) {
        Ok(d) => Ok(PyDomain::of(&host, &d)),
        Err(e) => Err(HostError::new_err(
            etld::UrlLookupError::Host(e).to_string(),
        )),
    }
}
