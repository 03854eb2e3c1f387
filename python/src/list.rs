//! `etld.List`: a list and its options, and every lookup a list answers,
//! of one host or of a column.

use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::Arc;

use etld::{List, Options, Output, Sections, Wildcard};
use etld_source::{self as source, Source};
use pyo3::exceptions::{PyTypeError, PyUnicodeEncodeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use crate::arrow::{import, is_arrow, is_missing, is_pandas, Column};
use crate::column::{self, Either, Op};
use crate::domain::{lookup_one, lookup_url_one};
use crate::extra::{self, list_err, PyLayer, Texts};
use crate::text::{host_str, piece, str_of, usv_of, utf8_of, Usv};
use crate::tldextract;
use crate::view::View;
use crate::{user_warning, HostError};

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
pub(crate) struct PyList {
    /// The list lookups answer from: `base` with `texts` laid over it.
    list: ListRef,
    /// The list the texts were laid over (the same as `list` when there are
    /// none): what a layered list pickles as, with its texts.
    base: ListRef,
    /// The texts of extra rules, in order.
    texts: Texts,
    pub(crate) options: Options,
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

    /// `base` with the files `paths` laid over it, in order; `given`, the
    /// files of those the call asked for where the environment named the
    /// others ([`extra::Given`]).
    pub(crate) fn layered(
        py: Python<'_>,
        base: ListRef,
        paths: &[PathBuf],
        given: extra::Given<'_>,
        options: Options,
        source: String,
    ) -> PyResult<PyList> {
        let (list, texts) = extra::load(py, &base, paths, given)?;
        Ok(PyList {
            list: list.map_or_else(|| base.clone(), |l| Arc::new(Cow::Owned(l))),
            base,
            texts: Arc::new(texts),
            options,
            source,
        })
    }

    /// The list's options with the call's overrides.
    pub(crate) fn call_options(
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
    pub(crate) fn part_of_str<'py>(
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
    pub(crate) unsafe fn part_of_str_object<const URL: bool>(
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
    pub(crate) fn answer_of<'py>(
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
    pub(crate) fn answer_op<'py>(
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
pub(crate) fn load(py: Python<'_>, path: Option<PathBuf>) -> PyResult<(ListRef, String)> {
    let loaded = source::load(path.as_deref()).map_err(|e| {
        let named = source::named_by(&e, path.as_deref(), &[]);
        extra::load_error(py, e, named)
    })?;
    for passed in &loaded.passed_over {
        user_warning(py, format!("etld: {}", source::passed_over_warning(passed)))?;
    }
    let source = loaded.source.to_string();
    Ok((Arc::new(loaded.list), source))
}

/// The exception of a list made from bytes (`from_bytes`, `compile`,
/// unpickling) that does not load: a `ListError` naming the line and byte
/// where there are some, an `OSError` for an error of the system's.
pub(crate) fn list_error(py: Python<'_>, e: etld::Error) -> PyErr {
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
        path: Option<&Bound<'_, PyAny>>,
        extra: Option<&Bound<'_, PyAny>>,
        icann_only: bool,
        implicit_rule: bool,
        wildcard_root: bool,
        output: &str,
    ) -> PyResult<PyList> {
        let options = list_options(icann_only, implicit_rule, wildcard_root, output)?;
        let path = path.map(extra::path_of).transpose()?;
        let given = extra::paths_of(extra)?;
        let paths = source::extra_paths(&given);
        let (list, source) = load(py, path)?;
        PyList::layered(py, list, &paths, Some(&given), options, source)
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
            None,
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
        path: &Bound<'_, PyAny>,
        extra: Option<&Bound<'_, PyAny>>,
        icann_only: bool,
        implicit_rule: bool,
        wildcard_root: bool,
        output: &str,
    ) -> PyResult<PyList> {
        let options = list_options(icann_only, implicit_rule, wildcard_root, output)?;
        let paths = extra::paths_of(extra)?;
        let (list, source) = load(py, Some(extra::path_of(path)?))?;
        PyList::layered(py, list, &paths, None, options, source)
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
            None,
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
        let list = extra::lay(py, &base, &texts, &[], None)?;
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
        let list = extra::lay(py, &self.list, &one, &[], None)?;
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
    pub(crate) fn answer<'py>(
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
    pub(crate) fn is_cookie_domain_acceptable<'py>(
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

/// A new reference to `object`, one of the objects that live as long as the
/// interpreter (None, True, False, an interned `str`).
fn new_ref(_py: Python<'_>, object: *mut pyo3::ffi::PyObject) -> *mut pyo3::ffi::PyObject {
    // SAFETY: `object` lives as long as the interpreter, and the GIL is
    // held (`_py` proves it); the caller gets the new reference.
    unsafe { pyo3::ffi::Py_IncRef(object) };
    object
}
