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
#![deny(missing_docs)]
// Every unsafe operation in its own block, and every block says why it holds.
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

mod arrow;
mod column;
mod entry;
mod extra;
mod text;
mod tldextract;
mod update;
mod view;

use std::borrow::Cow;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

use etld::{List, Options, Output, Sections, Wildcard};
use etld_source::{self as source, Source};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyUnicodeEncodeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyString, PyTuple};

use crate::arrow::{import, is_arrow, is_missing, is_pandas, Column};
use crate::column::{Either, Op};
use crate::extra::{list_err, PyLayer, Texts};
use crate::text::{offset_in, piece, str_of, usv_of, utf8_of, Usv};
use crate::view::View;

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

/// The list a [`PyList`] answers from: the built-in one, shared, or one
/// of its own.
type ListRef = Arc<Cow<'static, List>>;

/// The options a list is made with, from its constructor's keyword
/// arguments.
fn list_options(
    icann_only: bool,
    implicit_rule: bool,
    wildcard_root: bool,
    output: &str,
) -> PyResult<Options> {
    options(
        Options::new(),
        Some(icann_only),
        Some(implicit_rule),
        Some(wildcard_root),
        Some(output),
    )
}

/// Options as keyword arguments: each `None` keeps what `base` says.
fn options(
    base: Options,
    icann_only: Option<bool>,
    implicit_rule: Option<bool>,
    wildcard_root: Option<bool>,
    output: Option<&str>,
) -> PyResult<Options> {
    use etld::Sections::{All, IcannOnly};
    use etld::Wildcard::{Browser, Strict};
    let mut o = base;
    if let Some(icann) = icann_only {
        o = o.sections(if icann { IcannOnly } else { All });
    }
    if let Some(rule) = implicit_rule {
        o = o.implicit_rule(rule);
    }
    if let Some(root) = wildcard_root {
        o = o.wildcard(if root { Browser } else { Strict });
    }
    if let Some(output) = output {
        // Any case, as the command line's `--output` and DuckDB's setting.
        let form = output.parse::<Output>().map_err(|_| {
            PyValueError::new_err(format!(
                "output must be \"input\", \"ascii\" or \"unicode\", not {output:?}"
            ))
        })?;
        o = o.output(form);
    }
    Ok(o)
}

/// A Public Suffix List and the options its lookups use.
///
/// `List()` is the list the `etld` command line uses (`ETLD_LIST`, else
/// the newest of the built-in list, the one `etld update` installed and
/// the system's); `List(path)` a `.dat` or `.fst` file;
/// `List.builtin()` the list built into the package;
/// `List.from_bytes(data)` list text or `.fst` bytes. Each takes
/// `extra=`, files of extra rules to lay over it (`List()` lays those of
/// `$ETLD_EXTRA` first), and `List.with_extra(text)` lays list text over a
/// list.
#[pyclass(module = "etld", name = "List", frozen)]
struct PyList {
    /// The list lookups answer from: `base` with `texts` laid over it.
    list: ListRef,
    /// The list the texts were laid over (the same as `list` when there are
    /// none): what a layered list pickles as, with its texts.
    base: ListRef,
    /// The texts of extra rules, in order.
    texts: Texts,
    options: Options,
    source: String,
}

impl PyList {
    fn with(list: ListRef, options: Options, source: String) -> PyList {
        PyList {
            base: list.clone(),
            list,
            texts: Texts::default(),
            options,
            source,
        }
    }

    /// `base` with the files `paths` laid over it, in order.
    fn layered(
        py: Python<'_>,
        base: ListRef,
        paths: &[PathBuf],
        options: Options,
        source: String,
    ) -> PyResult<PyList> {
        let (list, texts) = extra::load(py, &base, paths)?;
        Ok(PyList {
            list: list.map_or_else(|| base.clone(), |l| Arc::new(Cow::Owned(l))),
            base,
            texts: Arc::new(texts),
            options,
            source,
        })
    }

    /// The list's options with the call's overrides.
    fn call_options(
        &self,
        icann_only: Option<bool>,
        implicit_rule: Option<bool>,
        wildcard_root: Option<bool>,
        output: Option<&str>,
    ) -> PyResult<Options> {
        if icann_only.is_none()
            && implicit_rule.is_none()
            && wildcard_root.is_none()
            && output.is_none()
        {
            return Ok(self.options);
        }
        options(
            self.options,
            icann_only,
            implicit_rule,
            wildcard_root,
            output,
        )
    }

    /// One part of the answer for `host`: a str, None, or a column.
    fn part<'py>(
        &self,
        host: &Bound<'py, PyAny>,
        op: Op,
        options: Options,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = host.py();
        if let Ok(host) = host.cast::<PyString>() {
            return self.part_of_str(host, op, options);
        }
        if is_missing(host) {
            return Ok(py.None().into_bound(py));
        }
        self.column(host, op, options, false)
    }

    /// One part of the answer for a `str` host (`op` one of the parts of
    /// [`Self::part`]; any other answers None).
    fn part_of_str<'py>(
        &self,
        host: &Bound<'py, PyString>,
        op: Op,
        options: Options,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = host.py();
        // SAFETY: `host` is a live `str` object, the GIL is held (a `Bound`
        // proves both), and the result is a new reference or NULL with an
        // exception set.
        unsafe {
            Bound::from_owned_ptr_or_err(
                py,
                self.part_of_str_object::<false>(py, host.as_ptr(), op, &options),
            )
        }
    }

    /// [`Self::part_of_str`] for the `str` object `host`, kept to the
    /// interpreter's raw references (the path of `etld.registrable(host)`,
    /// see `entry`): a new reference to the answer (a `str`, a `bool` or
    /// None), or NULL with an exception set.
    ///
    /// # Safety
    /// `host` is a live `str` object and the GIL is held.
    #[inline(always)]
    unsafe fn part_of_str_object<const URL: bool>(
        &self,
        py: Python<'_>,
        host: *mut pyo3::ffi::PyObject,
        op: Op,
        options: &Options,
    ) -> *mut pyo3::ffi::PyObject {
        use pyo3::ffi;
        // SAFETY: as this function's contract; `text` does not outlive the
        // call, in which the caller holds `host`.
        let Some(text) = (unsafe { utf8_of(host) }) else {
            // SAFETY: as this function's contract, with the error
            // `utf8_of` set.
            return unsafe { self.part_of_surrogates::<URL>(host, op, options) };
        };
        // With `URL`, the host of the URL `text`, as `url=True` takes it:
        // borrowed from `text` (so that the answer is cut out of `host`)
        // unless percent-decoding or dropped tabs changed it; None where
        // there is none.
        let name = match URL {
            false => std::borrow::Cow::Borrowed(text),
            true => match etld::url::host(text) {
                Ok(name) => name,
                // SAFETY: `Py_None` only takes the address of the
                // interpreter's static None.
                Err(_) => return new_ref(py, unsafe { ffi::Py_None() }),
            },
        };
        // The site key is always in ASCII; `op` is a constant of each
        // entry (`entry`), so the others pay nothing for it.
        let site;
        let options = match op {
            Op::Site => {
                site = op.options(options);
                &site
            }
            _ => options,
        };
        // Borrowed where it lies, not moved out of the `Result`, because
        // a copy would read back at once what the lookup has just
        // written, a stall (python/bench/bench.py --scalar, one core).
        let found = self.list.lookup_with(&name, options);
        let answer = match (&found, op) {
            (Ok(d), Op::Section) => match d.section() {
                // Two strs, made once.
                Some(etld::Section::Icann) => {
                    return new_ref(py, pyo3::intern!(py, "icann").as_ptr())
                }
                Some(etld::Section::Private) => {
                    return new_ref(py, pyo3::intern!(py, "private").as_ptr())
                }
                None => None,
            },
            (Ok(d), Op::Known) => {
                // SAFETY: `Py_True` and `Py_False` only take the address of
                // the interpreter's static `True` and `False`.
                let known = unsafe {
                    match d.is_known() {
                        true => ffi::Py_True(),
                        false => ffi::Py_False(),
                    }
                };
                return new_ref(py, known);
            }
            (Ok(d), op) => View::part(d, op),
            _ => None,
        };
        match answer {
            // SAFETY: `text` is the UTF-8 of `host`, live, with the GIL.
            Some(part) => unsafe { piece(host, text, part) },
            // SAFETY: `Py_None` only takes the address of the interpreter's
            // static None.
            None => new_ref(py, unsafe { ffi::Py_None() }),
        }
    }

    /// [`Self::part_of_str_object`] for a `str` that UTF-8 cannot hold, read
    /// as a URL parser reads it ([`usv_of`]): None if it holds a lone
    /// surrogate (an invalid host, whose answer the docs promise is None),
    /// else the answer for the code points its surrogate pairs encode.
    /// With `URL`, a lone surrogate (replaced by U+FFFD) is the URL's
    /// business: its host may lie elsewhere.
    ///
    /// # Safety
    /// As [`Self::part_of_str_object`], with the error of `utf8_of` set.
    #[cold]
    #[inline(never)]
    unsafe fn part_of_surrogates<const URL: bool>(
        &self,
        host: *mut pyo3::ffi::PyObject,
        op: Op,
        options: &Options,
    ) -> *mut pyo3::ffi::PyObject {
        // Attached through PyO3 (see `entry`): the fetched error's objects
        // are dropped at once.
        Python::attach(|py| {
            let error = PyErr::fetch(py);
            if !error.is_instance_of::<PyUnicodeEncodeError>(py) {
                error.restore(py);
                return std::ptr::null_mut();
            }
            // SAFETY: `host` is a live `str`, borrowed for the call.
            let host = unsafe { pyo3::Borrowed::from_ptr(py, host) };
            let usv = host
                .cast::<PyString>()
                .map_err(PyErr::from)
                .and_then(|s| usv_of(&s));
            match usv {
                Err(e) => {
                    e.restore(py);
                    std::ptr::null_mut()
                }
                Ok(Usv { lone: Some(_), .. }) if !URL => {
                    // SAFETY: `Py_None` only takes the address of the
                    // interpreter's static None.
                    new_ref(py, unsafe { pyo3::ffi::Py_None() })
                }
                Ok(Usv { text, .. }) => {
                    let text = PyString::new(py, &text);
                    // SAFETY: `text` is a live `str` of valid UTF-8, held
                    // for the call.
                    unsafe { self.part_of_str_object::<URL>(py, text.as_ptr(), op, options) }
                }
            }
        })
    }

    /// One part of the answer for a host or a column; with `url`, for the
    /// host of a URL or of each URL of a column, as `host` takes it out
    /// (None or NULL where there is none; for `error`, why).
    fn answer_of<'py>(
        slf: &Bound<'py, PyList>,
        op: Op,
        host: &Bound<'py, PyAny>,
        o: Options,
        url: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        match op {
            _ if !url => PyList::answer_op(slf, op, host, o),
            Op::Lookup | Op::LookupUrl => PyList::answer_op(slf, Op::LookupUrl, host, o),
            // Which takes URLs already.
            Op::Extract => PyList::answer_op(slf, Op::Extract, host, o),
            Op::Host => PyList::answer_op(slf, Op::Host, host, o),
            _ if is_arrow(host) => slf.get().column(host, op, o, true),
            _ if is_missing(host) => Ok(py.None().into_bound(py)),
            // Neither a str, None nor a column: `column` says what is taken.
            _ if !host.is_instance_of::<PyString>() => slf.get().column(host, op, o, true),
            _ => {
                let s = host_str(host)?;
                if op == Op::Error {
                    // The URL's error or its host's, as `lookup_url` says it.
                    return Ok(match slf.get().list.lookup_url_with(&s.text, &o) {
                        Ok(_) => py.None().into_bound(py),
                        Err(e) => PyString::new(py, &e.to_string()).into_any(),
                    });
                }
                match etld::url::host(&s.text) {
                    Ok(h) => PyList::answer_op(slf, op, PyString::new(py, &h).as_any(), o),
                    Err(_) => Ok(py.None().into_bound(py)),
                }
            }
        }
    }

    /// One part of the answer for a host or a column.
    fn answer_op<'py>(
        slf: &Bound<'py, PyList>,
        op: Op,
        host: &Bound<'py, PyAny>,
        o: Options,
    ) -> PyResult<Bound<'py, PyAny>> {
        let this = slf.get();
        let py = slf.py();
        match op {
            Op::Lookup if !is_arrow(host) => {
                let s = host_str(host)?;
                if let Some(why) = s.lone {
                    return Err(HostError::new_err(why));
                }
                lookup_one(py, &this.list, &s.text, &o)
                    .map(|d| Bound::new(py, d))?
                    .map(Bound::into_any)
            }
            Op::LookupUrl if !is_arrow(host) => {
                let s = host_str(host)?;
                lookup_url_one(py, &this.list, &s.text, &o)
                    .map(|d| Bound::new(py, d))?
                    .map(Bound::into_any)
            }
            Op::Host if !is_arrow(host) => {
                if is_missing(host) {
                    return Ok(py.None().into_bound(py));
                }
                let s = host_str(host)?;
                Ok(match etld::url::host(&s.text) {
                    Ok(h) => PyString::new(py, &h).into_any(),
                    Err(_) => py.None().into_bound(py),
                })
            }
            Op::Extract if !is_arrow(host) => {
                let result = match is_missing(host) {
                    true => tldextract::ExtractResult::empty(),
                    false => {
                        let s = host_str(host)?;
                        tldextract::parts(&this.list, &o, &s.text, tldextract::ExtractResult::of)
                    }
                };
                Ok(Bound::new(py, result)?.into_any())
            }
            Op::Error if !is_arrow(host) => {
                if is_missing(host) {
                    return Ok(py.None().into_bound(py));
                }
                let s = host_str(host)?;
                if let Some(why) = s.lone {
                    return Ok(PyString::new(py, &why).into_any());
                }
                Ok(match this.list.lookup_with(&s.text, &o) {
                    Ok(_) => py.None().into_bound(py),
                    Err(e) => PyString::new(py, &column::hinted(&s.text, e.to_string())).into_any(),
                })
            }
            _ => this.part(host, op, o),
        }
    }

    /// The answers for a column, in the caller's kind of column; with
    /// `url`, for the host of each URL of it.
    fn column<'py>(
        &self,
        data: &Bound<'py, PyAny>,
        op: Op,
        options: Options,
        url: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = data.py();
        if !is_arrow(data) {
            return Err(PyTypeError::new_err(format!(
                "expected a str, None, or an Arrow array or column (pyarrow, polars, \
                 pandas, or anything with __arrow_c_array__ or __arrow_c_stream__), got {}",
                data.get_type().name()?
            )));
        }
        let input = import(data)?;
        let list = &self.list;
        let rows = match url {
            false => column::Rows::Hosts,
            true => column::Rows::Urls,
        };
        let chunks = column::interruptible(py, input.len(), |stop| {
            column::answer(list, &options, op, &input, rows, stop)
        })?;
        wrap(data, Column::new(chunks))
    }
}

/// Whether two columns may be paired row by row: not two pandas Series
/// (or Indexes) with different indexes, which pandas itself would pair by
/// label.
fn same_index(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
    if !(is_pandas(a) && is_pandas(b)) {
        return Ok(true);
    }
    let (Ok(a), Ok(b)) = (a.getattr("index"), b.getattr("index")) else {
        return Ok(true);
    };
    a.call_method1("equals", (b,))?.is_truthy()
}

/// Hands a column of answers to `etld._columns.wrap`, which gives it the
/// kind of column `like` is.
fn wrap<'py>(like: &Bound<'py, PyAny>, column: Column) -> PyResult<Bound<'py, PyAny>> {
    let py = like.py();
    let column = Bound::new(py, column)?;
    py.import("etld._columns")?
        .getattr("wrap")?
        .call1((like, column))
}

/// Loads a list file as `etld_source::load` does.
fn load(py: Python<'_>, path: Option<PathBuf>) -> PyResult<(ListRef, String)> {
    let loaded = source::load(path.as_deref()).map_err(|e| extra::load_error(py, e))?;
    for passed in &loaded.passed_over {
        user_warning(py, format!("etld: {}", source::passed_over_warning(passed)))?;
    }
    let source = loaded.source.to_string();
    Ok((Arc::new(loaded.list), source))
}

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

fn list_error(py: Python<'_>, e: etld::Error) -> PyErr {
    match e {
        etld::Error::Io(e) => {
            let message = e.to_string();
            extra::os_error(py, e, message, None)
        }
        e => {
            let place = extra::place_of(&e);
            list_err(py, e.to_string(), None, place)
        }
    }
}

/// Defines `List`'s methods (its `#[pymethods]`, one block as PyO3 takes
/// a class's, with no macro inside it): first those of one operation for a
/// host or a column, as `module_fn!` defines the module's: each of `hosts`
/// `$name, $op` (`PyList::answer_of`, with the options and `url=`), each of
/// `urls` `$name, $op, $arg` (`PyList::answer_op` of an argument named
/// `$arg`, a URL or a column of them, with the options); then the methods
/// written out in the braces.
macro_rules! list_methods {
    (
        hosts { $($(#[$doc:meta])* $name:ident, $op:ident;)* }
        urls { $($(#[$url_doc:meta])* $url_name:ident, $url_op:ident, $arg:ident;)* }
        { $($methods:tt)* }
    ) => {
        #[pymethods]
        impl PyList {
            $(
                $(#[$doc])*
                #[pyo3(signature = (host, /, *, icann_only = None, implicit_rule = None, wildcard_root = None, output = None, url = false))]
                #[allow(clippy::too_many_arguments)]
                fn $name<'py>(
                    slf: &Bound<'py, PyList>,
                    host: &Bound<'py, PyAny>,
                    icann_only: Option<bool>,
                    implicit_rule: Option<bool>,
                    wildcard_root: Option<bool>,
                    output: Option<&str>,
                    url: bool,
                ) -> PyResult<Bound<'py, PyAny>> {
                    let o = slf
                        .get()
                        .call_options(icann_only, implicit_rule, wildcard_root, output)?;
                    PyList::answer_of(slf, Op::$op, host, o, url)
                }
            )*
            $(
                $(#[$url_doc])*
                #[pyo3(signature = ($arg, /, *, icann_only = None, implicit_rule = None, wildcard_root = None, output = None))]
                fn $url_name<'py>(
                    slf: &Bound<'py, PyList>,
                    $arg: &Bound<'py, PyAny>,
                    icann_only: Option<bool>,
                    implicit_rule: Option<bool>,
                    wildcard_root: Option<bool>,
                    output: Option<&str>,
                ) -> PyResult<Bound<'py, PyAny>> {
                    let o = slf
                        .get()
                        .call_options(icann_only, implicit_rule, wildcard_root, output)?;
                    PyList::answer_op(slf, Op::$url_op, $arg, o)
                }
            )*
            $($methods)*
        }
    };
}

list_methods! {
    hosts {
        /// The registrable domain of a host (None when the host is a public
        /// suffix or invalid), or of every host of a column.
        ///
        /// >>> icann = etld.List.builtin(icann_only=True)
        /// >>> icann.registrable("me.github.io"), icann.registrable("me.github.io", icann_only=False)
        /// ('github.io', 'me.github.io')
        registrable, Registrable;

        /// The public suffix of a host (None when it has none or is invalid),
        /// or of every host of a column.
        ///
        /// >>> etld.List.builtin().suffix("www.example.co.uk")
        /// 'co.uk'
        suffix, Suffix;

        /// The labels left of the registrable domain (`www` for
        /// `www.example.co.uk`), or None; for a column, a column.
        subdomain, Subdomain;

        /// The label left of the public suffix (`example` for
        /// `www.example.co.uk`), or None; for a column, a column.
        label, Label;

        /// `"icann"` or `"private"`: the section of the rule that prevailed;
        /// None for the implicit `*` rule or an invalid host. For a column, a
        /// column.
        section, Section;

        /// Whether a listed rule prevailed (None for an invalid host); for a
        /// column, a column.
        known, Known;

        /// Why the host is invalid (etld's message), or None when it is
        /// valid; for a column, a column.
        error, Error;

        /// The site key of a host, for grouping and counting by site: its
        /// registrable domain in ASCII (A-labels), without a trailing dot, so
        /// that `www.bücher.de`, `shop.xn--bcher-kva.de` and `bücher.de.` are
        /// one site; None where there is none (a public suffix, an IP address,
        /// an invalid host). For a column, a column.
        ///
        /// >>> psl = etld.List.builtin()
        /// >>> psl.site("www.Bücher.de"), psl.site("shop.xn--bcher-kva.de"), psl.site("bücher.de.")
        /// ('xn--bcher-kva.de', 'xn--bcher-kva.de', 'xn--bcher-kva.de')
        site, Site;

        /// Every part of the answer for a host, as a `Domain`; raises
        /// `HostError` (a `ValueError`) for an invalid host. Given a column, a
        /// struct column of the fields of `etld lookup --json` (`suffix`,
        /// `registrable`, `subdomain`, `label`, `section`, `known`, `rule`,
        /// `icann_suffix`, `icann_registrable`, `error`; a row whose `error`
        /// says why for an invalid host).
        ///
        /// >>> etld.List.builtin().lookup("a..b")
        /// Traceback (most recent call last):
        /// etld.HostError: empty label at byte 2
        lookup, Lookup;
    }
    urls {
        /// Every part of the answer for the host of a URL (or `host:port`, or
        /// an e-mail address), as the WHATWG URL standard's parser takes the
        /// host out; raises `UrlError` or `HostError` (both `ValueError`s).
        /// Given a column, a struct column with the host too.
        ///
        /// >>> etld.List.builtin().lookup_url("https://user@www.Example.co.uk:8080/path").registrable
        /// 'example.co.uk'
        lookup_url, LookupUrl, url;

        /// The parts of the host of a URL, a host, `host:port` or an e-mail
        /// address in tldextract's shape (an `etld.ExtractResult`), answered
        /// from this list: see `etld.extract`. Given a column, a struct column
        /// of its fields and properties (`subdomain`, `domain`, `suffix`,
        /// `registered_domain`, `top_domain_under_public_suffix`, `fqdn`,
        /// `ipv4`, `ipv6`, `is_private`, `registry_suffix`,
        /// `top_domain_under_registry_suffix`): each row what `extract` gives
        /// for its value, NULL for NULL.
        ///
        /// >>> import pyarrow as pa
        /// >>> rows = etld.List.builtin().extract(pa.array(["https://me.github.io/x", None])).to_pylist()
        /// >>> rows[0]["registered_domain"], rows[0]["is_private"], rows[1]
        /// ('me.github.io', True, None)
        extract, Extract, url_or_host;
    }
    {
    /// The list in use, as the `etld` command line chooses it: the file
    /// `path` if given, else the file `$ETLD_LIST` names, else the newest
    /// by VERSION of the built-in list, the list `etld update` installed and
    /// the system's list. A candidate of the last step that cannot be used
    /// is passed over with a `UserWarning`. Over it are laid the files of
    /// extra rules that `$ETLD_EXTRA` names, then those of `extra`, as the
    /// command line lays them (`--extra FILE`).
    #[new]
    #[pyo3(signature = (path = None, *, extra = None, icann_only = false, implicit_rule = true, wildcard_root = false, output = "input"))]
    fn new(
        py: Python<'_>,
        path: Option<PathBuf>,
        extra: Option<&Bound<'_, PyAny>>,
        icann_only: bool,
        implicit_rule: bool,
        wildcard_root: bool,
        output: &str,
    ) -> PyResult<PyList> {
        let options = list_options(icann_only, implicit_rule, wildcard_root, output)?;
        let paths = source::extra_paths(&extra::paths_of(extra)?);
        let (list, source) = load(py, path)?;
        PyList::layered(py, list, &paths, options, source)
    }

    /// The list built into the package, with the files of `extra` laid
    /// over it.
    #[staticmethod]
    #[pyo3(signature = (*, extra = None, icann_only = false, implicit_rule = true, wildcard_root = false, output = "input"))]
    fn builtin(
        py: Python<'_>,
        extra: Option<&Bound<'_, PyAny>>,
        icann_only: bool,
        implicit_rule: bool,
        wildcard_root: bool,
        output: &str,
    ) -> PyResult<PyList> {
        let options = list_options(icann_only, implicit_rule, wildcard_root, output)?;
        let paths = extra::paths_of(extra)?;
        PyList::layered(
            py,
            Arc::new(Cow::Borrowed(List::builtin())),
            &paths,
            options,
            Source::Builtin.to_string(),
        )
    }

    /// A list from a `.dat` (text) or `.fst` (compiled) file, with the
    /// files of `extra` laid over it.
    #[staticmethod]
    #[pyo3(signature = (path, *, extra = None, icann_only = false, implicit_rule = true, wildcard_root = false, output = "input"))]
    fn from_path(
        py: Python<'_>,
        path: PathBuf,
        extra: Option<&Bound<'_, PyAny>>,
        icann_only: bool,
        implicit_rule: bool,
        wildcard_root: bool,
        output: &str,
    ) -> PyResult<PyList> {
        let options = list_options(icann_only, implicit_rule, wildcard_root, output)?;
        let paths = extra::paths_of(extra)?;
        let (list, source) = load(py, Some(path))?;
        PyList::layered(py, list, &paths, options, source)
    }

    /// A list from list text (`bytes` or `str`) or the bytes of a `.fst`
    /// file, told apart by the `.fst` magic bytes, with the files of
    /// `extra` laid over it.
    #[staticmethod]
    #[pyo3(signature = (data, *, extra = None, icann_only = false, implicit_rule = true, wildcard_root = false, output = "input"))]
    fn from_bytes(
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        extra: Option<&Bound<'_, PyAny>>,
        icann_only: bool,
        implicit_rule: bool,
        wildcard_root: bool,
        output: &str,
    ) -> PyResult<PyList> {
        let options = list_options(icann_only, implicit_rule, wildcard_root, output)?;
        let paths = extra::paths_of(extra)?;
        let bytes = bytes_of(data)?;
        let list = py
            .detach(|| List::from_bytes(bytes))
            .map_err(|e| list_error(py, e))?;
        PyList::layered(
            py,
            Arc::new(Cow::Owned(list)),
            &paths,
            options,
            "bytes given".to_string(),
        )
    }

    /// A list from pickled state (see `__reduce__`): the `.fst` bytes of
    /// the list the texts were laid over (None: the built-in list), the
    /// options, where it came from, and the texts of extra rules.
    #[staticmethod]
    #[pyo3(signature = (fst, options, source, texts = Vec::new()))]
    fn _from_state(
        py: Python<'_>,
        fst: Option<Vec<u8>>,
        options: &Bound<'_, PyDict>,
        source: String,
        texts: Vec<(String, Vec<u8>)>,
    ) -> PyResult<PyList> {
        let get = |k: &str| -> PyResult<Option<Bound<'_, PyAny>>> { options.get_item(k) };
        let o = self::options(
            Options::new(),
            get("icann_only")?.map(|v| v.extract()).transpose()?,
            get("implicit_rule")?.map(|v| v.extract()).transpose()?,
            get("wildcard_root")?.map(|v| v.extract()).transpose()?,
            get("output")?
                .map(|v| v.extract::<String>())
                .transpose()?
                .as_deref(),
        )?;
        let base = match fst {
            None => Cow::Borrowed(List::builtin()),
            Some(bytes) => Cow::Owned(
                py.detach(|| List::from_fst(bytes))
                    .map_err(|e| list_error(py, e))?,
            ),
        };
        let base = Arc::new(base);
        if texts.is_empty() {
            return Ok(PyList::with(base, o, source));
        }
        let list = extra::lay(py, &base, &texts)?;
        Ok(PyList {
            list: Arc::new(Cow::Owned(list)),
            base,
            texts: Arc::new(texts),
            options: o,
            source,
        })
    }

    /// The same list with other options (each `None` keeps this list's).
    #[pyo3(signature = (*, icann_only = None, implicit_rule = None, wildcard_root = None, output = None))]
    fn with_options(
        &self,
        icann_only: Option<bool>,
        implicit_rule: Option<bool>,
        wildcard_root: Option<bool>,
        output: Option<&str>,
    ) -> PyResult<PyList> {
        let options = self.call_options(icann_only, implicit_rule, wildcard_root, output)?;
        Ok(PyList {
            list: self.list.clone(),
            base: self.base.clone(),
            texts: self.texts.clone(),
            options,
            source: self.source.clone(),
        })
    }

    /// A new list: this one with the rules of list text (`str` or `bytes`,
    /// `.dat` form) laid over it, as though appended to it; `name` names
    /// the layer (`List.layers`) and errors. Same options.
    ///
    /// >>> corp = etld.List.builtin().with_extra("*.dev.corp.example\n!www.dev.corp.example\n")
    /// >>> corp.suffix("api.alice.dev.corp.example"), corp.suffix("www.dev.corp.example")
    /// ('alice.dev.corp.example', 'dev.corp.example')
    #[pyo3(signature = (text, /, *, name = "<text>"))]
    fn with_extra(&self, py: Python<'_>, text: &Bound<'_, PyAny>, name: &str) -> PyResult<PyList> {
        let text = bytes_of(text)?;
        let one = [(name.to_string(), text)];
        let list = extra::lay(py, &self.list, &one)?;
        let [added] = one;
        let mut texts = Vec::with_capacity(self.texts.len() + 1);
        texts.extend(self.texts.iter().cloned());
        texts.push(added);
        Ok(PyList {
            list: Arc::new(Cow::Owned(list)),
            base: self.base.clone(),
            texts: Arc::new(texts),
            options: self.options,
            source: self.source.clone(),
        })
    }

    /// The texts of extra rules laid over the list, in order: a list of
    /// `Layer` (name, rule counts, VERSION and COMMIT); empty for a list
    /// without them.
    #[getter]
    fn layers(&self) -> Vec<PyLayer> {
        self.list.layers().iter().map(PyLayer::of).collect()
    }

    /// What tells this list from others (an int): the checksum of its
    /// `.fst` file, which holds its rules, VERSION and COMMIT. Lists with
    /// the same rules and metadata have the same fingerprint however they
    /// were made.
    #[getter]
    fn fingerprint(&self) -> u64 {
        self.list.fingerprint()
    }

    /// One part of the answer, by name (`registrable`, `suffix`,
    /// `subdomain`, `label`, `section`, `known`, `error`, `lookup`, `host`,
    /// `lookup_url`, `site`, `extract`) for a host or a column.
    #[pyo3(signature = (part, host, /, *, icann_only = None, implicit_rule = None, wildcard_root = None, output = None, url = false))]
    #[allow(clippy::too_many_arguments)]
    fn answer<'py>(
        slf: &Bound<'py, PyList>,
        part: &str,
        host: &Bound<'py, PyAny>,
        icann_only: Option<bool>,
        implicit_rule: Option<bool>,
        wildcard_root: Option<bool>,
        output: Option<&str>,
        url: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let this = slf.get();
        let o = this.call_options(icann_only, implicit_rule, wildcard_root, output)?;
        let op = Op::parse(part)?;
        PyList::answer_of(slf, op, host, o, url)
    }

    /// Whether a server at `request_host` may set a cookie for
    /// `cookie_domain` (RFC 6265), answered as a browser does whatever the
    /// list's options: never for a public suffix or a domain above the
    /// host's registrable domain (unless it is the host itself), an IP
    /// address only for the same address, False for an invalid host or an
    /// empty domain (an empty `Domain` attribute is none: the cookie stays
    /// with its host). Either argument may be a column (the other a str or
    /// a column of the same length): a column of booleans comes back, null
    /// where either side is null.
    ///
    /// >>> psl = etld.List.builtin()
    /// >>> psl.is_cookie_domain_acceptable("www.example.co.uk", "example.co.uk")
    /// True
    /// >>> psl.is_cookie_domain_acceptable("www.example.co.uk", "co.uk")
    /// False
    /// >>> psl.is_cookie_domain_acceptable("bucket.s3.amazonaws.com", "amazonaws.com")
    /// False
    fn is_cookie_domain_acceptable<'py>(
        slf: &Bound<'py, PyList>,
        request_host: &Bound<'py, PyAny>,
        cookie_domain: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let this = slf.get();
        let (request_col, domain_col) = (is_arrow(request_host), is_arrow(cookie_domain));
        if !request_col && !domain_col {
            let (r, d) = (host_str(request_host)?, host_str(cookie_domain)?);
            let ok = this.list.is_cookie_domain_acceptable(&r.text, &d.text);
            return Ok(pyo3::types::PyBool::new(py, ok).to_owned().into_any());
        }
        if request_col && domain_col && !same_index(request_host, cookie_domain)? {
            return Err(PyValueError::new_err(
                "the two Series have different indexes, and their rows are paired by \
                 position: align them first (requests, domains = requests.align(domains))",
            ));
        }
        let requests = if request_col {
            Some(import(request_host)?)
        } else {
            None
        };
        let domains = if domain_col {
            Some(import(cookie_domain)?)
        } else {
            None
        };
        let request_s = if request_col {
            None
        } else {
            Some(host_str(request_host)?.text)
        };
        let domain_s = if domain_col {
            None
        } else {
            Some(host_str(cookie_domain)?.text)
        };
        let list = &this.list;
        let rows = requests
            .as_ref()
            .or(domains.as_ref())
            .map_or(0, |c| c.len());
        let array = column::interruptible(py, rows, |stop| {
            // The check reads strings: a dictionary column's are decoded.
            let requests = requests.as_ref().map(column::decoded).transpose()?;
            let domains = domains.as_ref().map(column::decoded).transpose()?;
            let r = match (&requests, &request_s) {
                (Some(c), _) => Either::Column(c),
                (None, s) => Either::Scalar(s.as_deref().unwrap_or("")),
            };
            let d = match (&domains, &domain_s) {
                (Some(c), _) => Either::Column(c),
                (None, s) => Either::Scalar(s.as_deref().unwrap_or("")),
            };
            column::cookie(list, r, d, stop)
        })?;
        let like = if request_col {
            request_host
        } else {
            cookie_domain
        };
        wrap(like, Column::new(vec![array]))
    }

    /// The list's `// VERSION:` (`2026-10-22_08-36-41_UTC`), or None.
    #[getter]
    fn version(&self) -> Option<&str> {
        self.list.version()
    }

    /// The list's `// COMMIT:`, or None.
    #[getter]
    fn commit(&self) -> Option<&str> {
        self.list.commit()
    }

    /// Where the list came from: `the built-in list`, or a file and why it
    /// was chosen.
    #[getter]
    fn source(&self) -> &str {
        &self.source
    }

    /// The number of rules: a dict of `total`, `icann` and `private`.
    #[getter]
    fn rule_counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let c = self.list.rule_counts();
        let d = PyDict::new(py);
        d.set_item("total", c.total())?;
        d.set_item("icann", c.icann)?;
        d.set_item("private", c.private)?;
        Ok(d)
    }

    /// The options, as the keyword arguments that set them.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let o = self.options;
        let d = PyDict::new(py);
        d.set_item("icann_only", o.get_sections() == Sections::IcannOnly)?;
        d.set_item("implicit_rule", o.get_implicit_rule())?;
        d.set_item("wildcard_root", o.get_wildcard() == Wildcard::Browser)?;
        d.set_item("output", o.get_output().as_str())?;
        Ok(d)
    }

    /// The list as the bytes of a `.fst` file (what `etld compile` writes).
    fn to_fst_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.list.to_fst_bytes())
    }

    /// Unfolds the list's rules into the tree that lookups walk, now, if
    /// they are not yet, with the GIL released. A list answers its first
    /// few hundred lookups (more for a larger list) from its compiled map
    /// and then unfolds the tree within one call: a few milliseconds for
    /// the Public Suffix List, about a second for a list of a million
    /// rules. A program that wants every call as fast as the last calls
    /// this first. Cheap once done.
    ///
    /// >>> lst = etld.List.builtin()
    /// >>> lst.unfold()
    /// >>> lst.registrable("www.example.co.uk")
    /// 'example.co.uk'
    fn unfold(&self, py: Python<'_>) {
        let list = &self.list;
        py.detach(|| list.unfold());
    }

    /// Pickles as the `.fst` bytes of the list the extra rules were laid
    /// over (nothing for the built-in list), its options, where it came
    /// from and the texts of extra rules, so that a list travels to other
    /// processes (multiprocessing, Spark executors) as it is, layers and
    /// all.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let restore = py.import("etld._columns")?.getattr("_restore")?;
        let fst = match &*self.base {
            Cow::Borrowed(_) => py.None().into_bound(py),
            Cow::Owned(list) => PyBytes::new(py, list.to_fst_bytes()).into_any(),
        };
        let texts = self
            .texts
            .iter()
            .map(|(name, text)| (name.as_str(), PyBytes::new(py, text)))
            .collect::<Vec<_>>();
        let args = (fst, self.options(py)?, self.source.clone(), texts);
        Ok((restore, args).into_pyobject(py)?.into_any())
    }

    fn __repr__(&self) -> String {
        let layers = self.list.layers();
        let extra = if layers.is_empty() {
            String::new()
        } else {
            let names: Vec<String> = layers.iter().map(|l| format!("{:?}", l.name())).collect();
            format!(", extra=[{}]", names.join(", "))
        };
        // The options that differ from the defaults, as keywords.
        let o = self.options;
        let mut options = String::new();
        if o.get_sections() == Sections::IcannOnly {
            options += ", icann_only=True";
        }
        if !o.get_implicit_rule() {
            options += ", implicit_rule=False";
        }
        if o.get_wildcard() == Wildcard::Browser {
            options += ", wildcard_root=True";
        }
        if o.get_output() != Output::Input {
            options += &format!(", output={:?}", o.get_output().as_str());
        }
        format!(
            "etld.List(version={:?}, source={:?}{extra}{options})",
            self.list.version().unwrap_or("none"),
            self.source
        )
    }
    }
}

/// List text as bytes: a `str`, `bytes`, or anything else that gives bytes.
fn bytes_of(data: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(s) = data.cast::<PyString>() {
        Ok(str_of(s)?.as_bytes().to_vec())
    } else if let Ok(b) = data.cast::<PyBytes>() {
        Ok(b.as_bytes().to_vec())
    } else {
        data.extract::<Vec<u8>>()
    }
}

/// A host or URL given as a `str`, as Rust text.
struct HostText<'a> {
    /// The text; for a `str` that UTF-8 cannot hold, read as a URL parser
    /// reads it ([`usv_of`]: a lone surrogate becomes U+FFFD).
    text: Cow<'a, str>,
    /// Why it is no host, where it holds a lone surrogate.
    lone: Option<String>,
}

/// A host or URL as Rust text (a `TypeError` for anything but a `str`).
/// A `str` holding surrogates is no error: a lone one makes an invalid
/// host, as a URL parser would read it.
fn host_str<'a>(host: &'a Bound<'_, PyAny>) -> PyResult<HostText<'a>> {
    let Ok(s) = host.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "expected a str, got {}",
            host.get_type().name()?
        )));
    };
    match str_of(s) {
        Ok(text) => Ok(HostText {
            text: Cow::Borrowed(text),
            lone: None,
        }),
        // Attached through PyO3 (see `entry`, which calls this unattached
        // as PyO3 counts it): the error fetched and dropped here is freed
        // at once, not deferred.
        Err(e) => Python::attach(|py| {
            if !e.is_instance_of::<PyUnicodeEncodeError>(py) {
                return Err(e);
            }
            drop(e);
            let Usv { text, lone } = usv_of(s)?;
            Ok(HostText {
                text: Cow::Owned(text),
                lone,
            })
        }),
    }
}

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
struct PyDomain {
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

fn lookup_one(_py: Python<'_>, list: &List, host: &str, o: &Options) -> PyResult<PyDomain> {
    match list.lookup_with(host, o) {
        Ok(d) => Ok(PyDomain::of(host, &d)),
        Err(e) => Err(HostError::new_err(column::hinted(host, e.to_string()))),
    }
}

fn lookup_url_one(_py: Python<'_>, list: &List, url: &str, o: &Options) -> PyResult<PyDomain> {
    let host = etld::url::host(url).map_err(|e| UrlError::new_err(e.to_string()))?;
    match list.lookup_with(&host, o) {
        Ok(d) => Ok(PyDomain::of(&host, &d)),
        Err(e) => Err(HostError::new_err(
            etld::UrlLookupError::Host(e).to_string(),
        )),
    }
}

/// A new reference to `object`, one of the objects that live as long as the
/// interpreter (None, True, False, an interned `str`).
fn new_ref(_py: Python<'_>, object: *mut pyo3::ffi::PyObject) -> *mut pyo3::ffi::PyObject {
    // SAFETY: `object` lives as long as the interpreter, and the GIL is
    // held (`_py` proves it); the caller gets the new reference.
    unsafe { pyo3::ffi::Py_IncRef(object) };
    object
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
        PyList::layered(py, list, &paths, Options::new(), source)?,
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
