//! The native part of the `etld` Python package (`etld._etld`): the
//! library's lookups for Python strings and, through the Arrow PyCapsule
//! interface, for whole Arrow columns.
//!
//! Python users read the package's docs (`python/README.md`,
//! `python/etld/__init__.py`); this crate only binds [`etld`]. A string is
//! looked up at once; anything else that exports Arrow data
//! ([`arrow::import`]) is answered in one batch by the library's batch path
//! ([`column`]) with the GIL released, and handed back to
//! `etld._columns.wrap`, which gives it the caller's kind of column.
//!
//! The classes have a module each: `List` in [`list`], `Domain` in
//! [`domain`], `ExtractResult` in [`tldextract`]; this module holds the
//! exceptions and the module-level functions, which ask the default list.
#![deny(missing_docs)]
// Every unsafe operation in its own block, and every block says why it holds.
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

mod arrow;
mod column;
mod domain;
mod entry;
mod extra;
mod list;
mod text;
mod tldextract;
mod update;
mod view;

use etld::{List, Options};
use etld_source as source;
use pyo3::create_exception;
use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyString, PyTuple};

use crate::arrow::Column;
use crate::column::Op;
use crate::domain::PyDomain;
use crate::extra::PyLayer;
use crate::list::{list_error, load, PyList};
use crate::text::str_of;

create_exception!(
    etld,
    HostError,
    PyValueError,
    "An invalid host: empty, an empty label, a forbidden code point, a bad \
     xn-- label, an IP address, too long. Its message is etld's, and says \
     at which byte."
);
create_exception!(
    etld,
    UrlError,
    PyValueError,
    "A URL (or host:port, or e-mail address) with no host that etld takes."
);
create_exception!(
    etld,
    ListError,
    PyValueError,
    "List text, a .fst file or a file of extra rules that is not a valid \
     list (a file that cannot be read raises the OSError that open() \
     would: FileNotFoundError, PermissionError, ...); the message names the \
     file, the line, the byte and what is wrong (also as the attributes \
     `path`, `line` and `offset`, None where they do not apply)."
);

/// Raises `line`, a line the command line writes on stderr (`etld: ...`),
/// as a `UserWarning`: without its `warning: `, which the class says. The
/// warning keeps the line itself as `_line`, which `python -m etld` writes
/// as the command line would.
pub(crate) fn user_warning(py: Python<'_>, line: String) -> PyResult<()> {
    let text = match line.strip_prefix("etld: warning: ") {
        Some(rest) => format!("etld: {rest}"),
        None => line.clone(),
    };
    let warning = PyUserWarning::new_err(text).into_value(py);
    let warning = warning.bind(py);
    warning.setattr("_line", line)?;
    // `warnings.warn` of the instance: its category is its class, and the
    // warning points at the Python code that called into the package.
    py.import("warnings")?.call_method1("warn", (warning,))?;
    Ok(())
}

/// The list the module's functions use, loaded on first use as `List()`.
static DEFAULT: PyOnceLock<Py<PyList>> = PyOnceLock::new();

/// The list the module-level functions answer from: `etld.List()`, loaded
/// once, on first use.
#[pyfunction]
fn default_list(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = DEFAULT.get_or_try_init(py, || load_default(py))?;
    Ok(list.bind(py).clone())
}

/// Loads the default list (see [`default_list`]).
fn load_default(py: Python<'_>) -> PyResult<Py<PyList>> {
    let (list, source) = load(py, None)?;
    let paths = source::extra_paths(&[]);
    Py::new(
        py,
        PyList::layered(py, list, &paths, Some(&[]), Options::new(), source)?,
    )
}

/// The answer of `op` for one `str` on `list`, with its options: what
/// the method of `op` answers when it is called with the host alone (see
/// `entry`).
#[cfg(Py_3_10)]
fn answer_str<'py>(
    list: &Bound<'py, PyList>,
    op: Op,
    host: &Bound<'py, PyString>,
) -> PyResult<Bound<'py, PyAny>> {
    let this = list.get();
    // The parts go straight to `part_of_str`, past `answer_op` and
    // `part`, which would check again on every call that the host is a
    // `str` (python/bench/bench.py --scalar, one core).
    match op.is_part() {
        true => this.part_of_str(host, op, this.options),
        false => PyList::answer_op(list, op, host.as_any(), this.options),
    }
}

/// [`answer_str`] on the default list: what the module function of `op`
/// answers when it is called with the host alone.
#[cfg(Py_3_10)]
fn answer_default<'py>(op: Op, host: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyAny>> {
    let py = host.py();
    let list = DEFAULT.get_or_try_init(py, || load_default(py))?.bind(py);
    answer_str(list, op, host)
}

/// Defines a module-level function that asks the default list, of a host
/// (or of a URL: `$arg`, the argument's name, says which).
macro_rules! module_fn {
    ($(#[$doc:meta])* $name:ident, $op:ident) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = (host, /, *, icann_only = None, implicit_rule = None, wildcard_root = None, output = None, url = false))]
        #[allow(clippy::too_many_arguments)]
        fn $name<'py>(
            py: Python<'py>,
            host: &Bound<'py, PyAny>,
            icann_only: Option<bool>,
            implicit_rule: Option<bool>,
            wildcard_root: Option<bool>,
            output: Option<&str>,
            url: bool,
        ) -> PyResult<Bound<'py, PyAny>> {
            let list = DEFAULT.get_or_try_init(py, || load_default(py))?.bind(py);
            let o = list
                .get()
                .call_options(icann_only, implicit_rule, wildcard_root, output)?;
            PyList::answer_of(list, Op::$op, host, o, url)
        }
    };
    ($(#[$doc:meta])* $name:ident, $op:ident, $arg:ident) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = ($arg, /, *, icann_only = None, implicit_rule = None, wildcard_root = None, output = None))]
        fn $name<'py>(
            py: Python<'py>,
            $arg: &Bound<'py, PyAny>,
            icann_only: Option<bool>,
            implicit_rule: Option<bool>,
            wildcard_root: Option<bool>,
            output: Option<&str>,
        ) -> PyResult<Bound<'py, PyAny>> {
            let list = DEFAULT.get_or_try_init(py, || load_default(py))?.bind(py);
            let o = list
                .get()
                .call_options(icann_only, implicit_rule, wildcard_root, output)?;
            PyList::answer_op(list, Op::$op, $arg, o)
        }
    };
}

module_fn!(
    /// The registrable domain of `host` on the list in use; see `List.registrable`.
    ///
    /// >>> etld.registrable("www.example.co.uk"), etld.registrable("co.uk")
    /// ('example.co.uk', None)
    /// >>> etld.registrable("Bücher.DE"), etld.registrable("Bücher.DE", output="ascii")
    /// ('bücher.de', 'xn--bcher-kva.de')
    registrable,
    Registrable
);
module_fn!(
    /// The public suffix of `host` on the list in use; see `List.suffix`.
    ///
    /// >>> etld.suffix("www.example.co.uk"), etld.suffix("me.github.io", icann_only=True)
    /// ('co.uk', 'io')
    suffix,
    Suffix
);
module_fn!(
    /// Every part of the answer for `host`; see `List.lookup`.
    ///
    /// >>> d = etld.lookup("www.example.co.uk")
    /// >>> d.registrable, d.suffix, d.subdomain
    /// ('example.co.uk', 'co.uk', 'www')
    lookup,
    Lookup
);
module_fn!(
    /// Every part of the answer for the host of `url`; see `List.lookup_url`.
    ///
    /// >>> etld.lookup_url("someone@mail.example.co.uk").suffix
    /// 'co.uk'
    lookup_url,
    LookupUrl,
    url
);

module_fn!(
    /// The parts of the host of a URL, a host, `host:port` or an e-mail
    /// address, in tldextract's shape (`ExtractResult`), from the list the
    /// module's functions use; `List.extract` answers from another list.
    /// Never raises for an input: one with no valid host gives a result of
    /// `''` parts. Options as keyword arguments, as for `lookup`.
    ///
    /// >>> etld.extract("https://user:pw@www.Example.CO.uk:8080/a")
    /// ExtractResult(subdomain='www', domain='example', suffix='co.uk', is_private=False, registry_suffix='co.uk')
    /// >>> etld.extract("a.b.aivencloud.com").top_domain_under_registry_suffix
    /// 'aivencloud.com'
    ///
    /// Given a column (as the other functions take one), a struct column of
    /// the fields and properties, in `etld.EXTRACT_FIELDS`' order, each row
    /// what `extract` gives for its value (strings `''` where absent), NULL
    /// for NULL, answered in one batch with the GIL released:
    ///
    /// >>> import pyarrow as pa
    /// >>> rows = etld.extract(pa.array(["http://[::1]:8080/", "www.example.co.uk", None])).to_pylist()
    /// >>> rows[0]["ipv6"], rows[1]["fqdn"], rows[1]["top_domain_under_registry_suffix"], rows[2]
    /// ('::1', 'www.example.co.uk', 'example.co.uk', None)
    extract,
    Extract,
    url_or_host
);

module_fn!(
    /// The labels left of the registrable domain of `host` on the list in use; see `List.subdomain`.
    subdomain,
    Subdomain
);
module_fn!(
    /// The label left of the public suffix of `host` on the list in use; see `List.label`.
    label,
    Label
);
module_fn!(
    /// The section of the rule that prevailed for `host` on the list in use; see `List.section`.
    section,
    Section
);
module_fn!(
    /// Whether a listed rule prevailed for `host` on the list in use; see `List.known`.
    known,
    Known
);
module_fn!(
    /// Why `host` is invalid, or None, on the list in use; see `List.error`.
    error,
    Error
);
module_fn!(
    /// The site key of `host` on the list in use, for grouping by site: its
    /// registrable domain in ASCII, without a trailing dot; see `List.site`.
    ///
    /// >>> etld.site("www.bücher.de"), etld.site("Shop.xn--bcher-kva.DE."), etld.site("co.uk")
    /// ('xn--bcher-kva.de', 'xn--bcher-kva.de', None)
    site,
    Site
);

/// The host of a URL, `host:port` or e-mail address, as the WHATWG URL
/// standard's parser takes it out; None when there is none. For a column
/// of URLs, a column (`etld.host("https://user@www.Example.co.uk:8080/")`
/// is `'www.Example.co.uk'`).
#[pyfunction]
#[pyo3(signature = (url, /))]
fn host<'py>(py: Python<'py>, url: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let list = DEFAULT.get_or_try_init(py, || load_default(py))?.bind(py);
    let o = list.get().options;
    PyList::answer_op(list, Op::Host, url, o)
}

/// One part of the answer by name, for a host or a column; see `List.answer`.
#[pyfunction]
#[pyo3(signature = (part, host, /, *, icann_only = None, implicit_rule = None, wildcard_root = None, output = None, url = false))]
#[allow(clippy::too_many_arguments)]
fn answer<'py>(
    py: Python<'py>,
    part: &str,
    host: &Bound<'py, PyAny>,
    icann_only: Option<bool>,
    implicit_rule: Option<bool>,
    wildcard_root: Option<bool>,
    output: Option<&str>,
    url: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let list = default_list(py)?;
    PyList::answer(
        &list,
        part,
        host,
        icann_only,
        implicit_rule,
        wildcard_root,
        output,
        url,
    )
}

/// The cookie check on the list in use; see `List.is_cookie_domain_acceptable`.
///
/// >>> etld.is_cookie_domain_acceptable("a.b.example.com", "example.com")
/// True
#[pyfunction]
fn is_cookie_domain_acceptable<'py>(
    py: Python<'py>,
    request_host: &Bound<'py, PyAny>,
    cookie_domain: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let list = default_list(py)?;
    PyList::is_cookie_domain_acceptable(&list, request_host, cookie_domain)
}

/// Compiles list text into the bytes of a `.fst` file.
///
/// >>> psl = etld.List.from_bytes(etld.compile("com\n*.example.com\n"))
/// >>> psl.suffix("a.b.example.com")
/// 'b.example.com'
#[pyfunction]
fn compile<'py>(py: Python<'py>, text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    let bytes: Vec<u8> = if let Ok(s) = text.cast::<PyString>() {
        str_of(s)?.as_bytes().to_vec()
    } else {
        text.extract::<Vec<u8>>()?
    };
    let fst = py
        .detach(|| etld::compile(&bytes))
        .map_err(|e| list_error(py, e))?;
    Ok(PyBytes::new(py, &fst))
}

/// The native module.
#[pymodule]
fn _etld(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("BUILTIN_LIST_VERSION", List::builtin().version())?;
    // The names of `extract`'s struct column, for the Python modules and
    // the engines' helpers to take rather than write out again.
    m.add("EXTRACT_FIELDS", PyTuple::new(py, tldextract::FIELDS)?)?;
    m.add("HostError", py.get_type::<HostError>())?;
    m.add("UrlError", py.get_type::<UrlError>())?;
    m.add("ListError", py.get_type::<ListError>())?;
    m.add_class::<PyList>()?;
    // The methods of one host, entered directly for a `str` (`entry`).
    let class = py.get_type::<PyList>();
    entry::add_method::<{ Op::Registrable as u8 }>(&class, "registrable")?;
    entry::add_method::<{ Op::Suffix as u8 }>(&class, "suffix")?;
    entry::add_method::<{ Op::Subdomain as u8 }>(&class, "subdomain")?;
    entry::add_method::<{ Op::Label as u8 }>(&class, "label")?;
    entry::add_method::<{ Op::Section as u8 }>(&class, "section")?;
    entry::add_method::<{ Op::Known as u8 }>(&class, "known")?;
    entry::add_method::<{ Op::Extract as u8 }>(&class, "extract")?;
    entry::add_method::<{ Op::Error as u8 }>(&class, "error")?;
    entry::add_method::<{ Op::Lookup as u8 }>(&class, "lookup")?;
    entry::add_method::<{ Op::LookupUrl as u8 }>(&class, "lookup_url")?;
    entry::add_method::<{ Op::Site as u8 }>(&class, "site")?;
    m.add_class::<PyDomain>()?;
    m.add_class::<PyLayer>()?;
    m.add_class::<Column>()?;
    m.add_class::<tldextract::ExtractResult>()?;
    m.add_function(wrap_pyfunction!(default_list, m)?)?;
    // The functions of one host, entered directly for a `str` (`entry`).
    entry::add::<{ Op::Registrable as u8 }>(m, wrap_pyfunction!(registrable, m)?)?;
    entry::add::<{ Op::Suffix as u8 }>(m, wrap_pyfunction!(suffix, m)?)?;
    entry::add::<{ Op::Lookup as u8 }>(m, wrap_pyfunction!(lookup, m)?)?;
    entry::add::<{ Op::LookupUrl as u8 }>(m, wrap_pyfunction!(lookup_url, m)?)?;
    entry::add::<{ Op::Subdomain as u8 }>(m, wrap_pyfunction!(subdomain, m)?)?;
    entry::add::<{ Op::Label as u8 }>(m, wrap_pyfunction!(label, m)?)?;
    entry::add::<{ Op::Section as u8 }>(m, wrap_pyfunction!(section, m)?)?;
    entry::add::<{ Op::Known as u8 }>(m, wrap_pyfunction!(known, m)?)?;
    entry::add::<{ Op::Error as u8 }>(m, wrap_pyfunction!(error, m)?)?;
    entry::add::<{ Op::Host as u8 }>(m, wrap_pyfunction!(host, m)?)?;
    entry::add::<{ Op::Site as u8 }>(m, wrap_pyfunction!(site, m)?)?;
    entry::add::<{ Op::Extract as u8 }>(m, wrap_pyfunction!(extract, m)?)?;
    m.add_function(wrap_pyfunction!(answer, m)?)?;
    m.add_function(wrap_pyfunction!(is_cookie_domain_acceptable, m)?)?;
    m.add_function(wrap_pyfunction!(compile, m)?)?;
    m.add("UpdateError", py.get_type::<update::UpdateError>())?;
    m.add_class::<update::PyUpdated>()?;
    m.add_function(wrap_pyfunction!(update::update, m)?)?;
    Ok(())
}
