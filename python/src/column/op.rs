//! What a call answers for each row: [`Op`], and where a string part
//! lies in a batch answer's name ([`part_range`]).

use etld::{Answer, Options};
use pyo3::exceptions::PyValueError;
use pyo3::PyResult;

/// What to answer for each row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// The registrable domain.
    Registrable,
    /// The public suffix.
    Suffix,
    /// The labels left of the registrable domain.
    Subdomain,
    /// The label left of the suffix.
    Label,
    /// `icann`, `private`, or NULL.
    Section,
    /// Whether a listed rule matched (NULL for NULL or invalid hosts).
    Known,
    /// Why the host is invalid; NULL when it is valid.
    Error,
    /// Every part, as a struct.
    Lookup,
    /// The host of a URL.
    Host,
    /// Every part of the lookup of a URL's host, and the host.
    LookupUrl,
    /// The site key: the registrable domain in ASCII, without a trailing
    /// dot.
    Site,
    /// The parts of the host of a URL in tldextract's shape (`extract`), as
    /// a struct.
    Extract,
}

// `Op::ALL` holds every operation at the place its number says, checked
// when the crate compiles: the fast entry finds each by its number.
#[cfg(Py_3_10)]
const _: () = {
    let mut i = 0;
    while i < Op::ALL.len() {
        assert!(Op::ALL[i] as usize == i, "Op::ALL out of order");
        i += 1;
    }
};

impl Op {
    /// Every operation, in the order of declaration: `Op::ALL[op as usize]`
    /// is `op`. (The entry of the module's functions numbers them so.)
    #[cfg(Py_3_10)]
    pub const ALL: [Op; 12] = [
        Op::Registrable,
        Op::Suffix,
        Op::Subdomain,
        Op::Label,
        Op::Section,
        Op::Known,
        Op::Error,
        Op::Lookup,
        Op::Host,
        Op::LookupUrl,
        Op::Site,
        Op::Extract,
    ];

    /// Whether the operation answers one part of the lookup of a host, a
    /// `str`, a `bool` or None: `Registrable`, `Suffix`, `Subdomain`,
    /// `Label`, `Section`, `Known` or `Site`. (The fast entry of the
    /// module's functions asks, and a column of URLs is answered as each
    /// URL is read for such an operation, its host looked up where it
    /// lies, `read::Rows::Urls`; for any other, a column of the hosts
    /// comes first, `column::answer_of_urls`.)
    pub const fn is_part(self) -> bool {
        matches!(
            self,
            Op::Registrable
                | Op::Suffix
                | Op::Subdomain
                | Op::Label
                | Op::Section
                | Op::Known
                | Op::Site
        )
    }

    /// The options the operation looks up with, given the call's: the site
    /// key is always in ASCII.
    #[inline]
    pub fn options(self, options: &Options) -> Options {
        match self {
            Op::Site => options.output(etld::Output::Ascii),
            _ => *options,
        }
    }

    /// The operation named `name`.
    pub fn parse(name: &str) -> PyResult<Op> {
        Ok(match name {
            "registrable" => Op::Registrable,
            "suffix" => Op::Suffix,
            "subdomain" => Op::Subdomain,
            "label" => Op::Label,
            "section" => Op::Section,
            "known" => Op::Known,
            "error" => Op::Error,
            "lookup" => Op::Lookup,
            "host" => Op::Host,
            "lookup_url" => Op::LookupUrl,
            "site" => Op::Site,
            "extract" => Op::Extract,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "no such operation: {name:?}"
                )))
            }
        })
    }
}

/// Where the part `op` lies in an answer's name, as a range of bytes;
/// `None` when the answer has no such part.
#[inline]
pub(super) fn part_range(op: Op, a: &Answer<'_>) -> Option<(usize, usize)> {
    let name = a.name()?;
    let len = name.len();
    match op {
        Op::Registrable => Some((a.registrable_start()?, len)),
        Op::Site => Some((
            a.registrable_start()?,
            len - usize::from(name.ends_with('.')),
        )),
        Op::Suffix => Some((a.suffix_start()?, len)),
        Op::Subdomain => match a.registrable_start()? {
            0 => None,
            r => Some((0, r - 1)),
        },
        _ => Some((a.registrable_start()?, a.suffix_start()?.checked_sub(1)?)),
    }
}
