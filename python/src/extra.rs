//! Extra rules laid over a list (`extra=`, `$ETLD_EXTRA`,
//! `List.with_extra`), as the command line's `--extra FILE` lays them.
//!
//! The layered list is made by [`etld::Layers`]. The texts are kept beside
//! it, so that a layered list pickles as the list it was laid over and the
//! texts, and is made again, layers and all, where it is unpickled.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use etld::{Layers, List};
use etld_source::{self as source, LoadError};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use crate::ListError;

/// One text laid over a list: its name (the path it was read from) and
/// its bytes.
pub type Text = (String, Vec<u8>);

/// The texts laid over a list, in order.
pub type Texts = Arc<Vec<Text>>;

/// A `ListError` with `message`, and the attributes `path` (the file at
/// fault, or None: a `str`, as `os.fsdecode` gives a path, so that a name
/// that is not UTF-8 opens again), `line` (the 1-based line at fault, or
/// None) and `offset` (the byte of that line at fault, counted from 0, or
/// None), the last two from `place`.
pub fn list_err(
    py: Python<'_>,
    message: String,
    path: Option<&Path>,
    place: Option<(usize, usize)>,
) -> PyErr {
    let err = ListError::new_err(message);
    let value = err.value(py);
    // Setting an attribute on a fresh exception object cannot fail short
    // of memory; the error is raised without them then.
    let _ = value.setattr("path", path.map(Path::as_os_str));
    let _ = value.setattr("line", place.map(|(line, _)| line));
    let _ = value.setattr("offset", place.map(|(_, offset)| offset));
    err
}

/// The line an error of list text is on, and the byte of that line.
pub fn place_of(e: &etld::Error) -> Option<(usize, usize)> {
    match e {
        etld::Error::Rule { line, offset, .. } => Some((*line, *offset)),
        _ => None,
    }
}

/// The paths an `extra=` argument names: none for None, one for a `str`,
/// `bytes` or an `os.PathLike`, else one for each item of an iterable.
pub fn paths_of(extra: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<PathBuf>> {
    let Some(extra) = extra else {
        return Ok(Vec::new());
    };
    if extra.is_none() {
        return Ok(Vec::new());
    }
    let is_one = extra.is_instance_of::<PyString>()
        || extra.is_instance_of::<PyBytes>()
        || extra.hasattr("__fspath__")?;
    if is_one {
        return Ok(vec![path_of(extra)?]);
    }
    // Neither a path nor an iterable: said as `open()` says a bad path,
    // with the iterable that `extra=` takes too.
    let items = extra.try_iter().map_err(|_| {
        let kind = extra
            .get_type()
            .name()
            .map_or_else(|_| "?".to_string(), |n| n.to_string());
        PyTypeError::new_err(format!(
            "extra: expected str, bytes or os.PathLike object, or an iterable of them, not {kind}"
        ))
    })?;
    items.map(|item| item.and_then(|p| path_of(&p))).collect()
}

/// A path given as `open()` takes one: a `str`, `bytes` or a path-like
/// object of either; one that holds a NUL is a `ValueError`, as `open()`
/// says it, since no file has such a name.
pub fn path_of(path: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    let os = path.py().import("os")?;
    let path: PathBuf = os
        .call_method1("fsdecode", (os.call_method1("fspath", (path,))?,))?
        .extract()?;
    if path.as_os_str().as_encoded_bytes().contains(&0) {
        return Err(PyValueError::new_err("embedded null byte"));
    }
    Ok(path)
}

/// Reads the files of extra rules `paths` (each within the cap of
/// [`source::read_extra`]); a `ListError` naming the file that cannot be
/// read, its cause the `OSError`.
pub fn read(py: Python<'_>, paths: &[PathBuf], given: Given<'_>) -> PyResult<Vec<Text>> {
    let mut texts = Vec::with_capacity(paths.len());
    for path in paths {
        match py.detach(|| source::read_extra(path)) {
            Ok(text) => texts.push((path.display().to_string(), text)),
            Err(e) => {
                let named = named_by(&e, given);
                return Err(load_error(py, e, named));
            }
        }
    }
    Ok(texts)
}

/// The files of extra rules a call asked for (`extra=`), where the
/// environment may name others (`List()` and the module's functions read
/// `$ETLD_EXTRA`): an error about a file the call did not name says which
/// variable did ([`source::named_by`]). `None` where the environment names
/// none of the files.
pub type Given<'a> = Option<&'a [PathBuf]>;

/// The variable that named the file of `e`, of files of extra rules where
/// the call asked for `given` ([`source::named_by`]).
fn named_by(e: &LoadError, given: Given<'_>) -> Option<&'static str> {
    given.and_then(|given| source::named_by(e, None, given))
}

/// A `LoadError` of a list file or a file of extra rules as Python code
/// expects it: a file that cannot be read raises the `OSError` of its
/// reason (`FileNotFoundError`, `PermissionError`, ...) as `open()` would,
/// with its `errno`, `strerror` and `filename`; one that is not a valid
/// list raises `ListError`, naming the file, the line and the byte; and
/// the message ends with the variable that `named` the file, if one did
/// (`; $ETLD_EXTRA names it`).
pub fn load_error(py: Python<'_>, e: LoadError, named: Option<&str>) -> PyErr {
    let message = source::said_with(&e, named);
    match e {
        LoadError::ReadExtra { error, path } | LoadError::Read { error, path } => {
            os_error(py, error, message, Some(&path))
        }
        LoadError::InvalidExtra { error, path } | LoadError::Invalid { error, path } => {
            list_err(py, message, Some(&path), place_of(&error))
        }
        e => list_err(py, message, Some(e.path()), None),
    }
}

/// The `OSError` subclass of `error` (`FileNotFoundError` for a missing
/// file, ...). An error of the system's about the file at `path` is raised
/// as `open()` raises it: `OSError(errno, os.strerror(errno), path)`, which
/// Python makes the subclass of the errno, its message
/// `[Errno 2] No such file or directory: 'path'`, and `message`, the
/// command line's, added as a note (which says what the file was for) and
/// kept as `_line` for `python -m etld` to write as the command line does;
/// a directory, refused before any read, as `open()` refuses it
/// (`IsADirectoryError`). Any other (a device, a file past the size cap)
/// has `message`, and the errno if there is one.
pub fn os_error(
    py: Python<'_>,
    error: std::io::Error,
    message: String,
    path: Option<&Path>,
) -> PyErr {
    // A directory is refused before any read, with no errno of the
    // system's: it gets `open()`'s, `EISDIR`.
    let errno = match error.raw_os_error() {
        None if error.kind() == std::io::ErrorKind::IsADirectory => py
            .import("errno")
            .and_then(|m| m.getattr("EISDIR"))
            .and_then(|n| n.extract::<i32>())
            .ok(),
        errno => errno,
    };
    if let (Some(errno), Some(path)) = (errno, path) {
        let made = py
            .import("os")
            .and_then(|os| os.call_method1("strerror", (errno,)))
            .and_then(|strerror| {
                py.get_type::<PyOSError>()
                    .call1((errno, strerror, path.as_os_str()))
            })
            .and_then(|value| {
                let line = format!("etld: {message}");
                // The command line's line says what the file was for (a list,
                // extra rules), which `open()`'s message cannot: a note, shown
                // under the message in a traceback (Python 3.11 and later).
                if value.hasattr("add_note")? {
                    value.call_method1("add_note", (&line,))?;
                }
                value.setattr("_line", line)?;
                Ok(value)
            });
        // Made but for a failure within Python (`os.strerror` replaced,
        // memory): the error below, an OSError still.
        if let Ok(value) = made {
            return PyErr::from_value(value);
        }
    }
    let class = PyErr::from(error).get_type(py);
    let err = PyErr::from_type(class, message);
    // `errno` alone keeps `str(e)` the message (`OSError.__str__` reads
    // it only with `strerror` or `filename`); setting it on a fresh
    // exception cannot fail short of memory.
    let _ = err.value(py).setattr("errno", errno);
    err
}

/// `base` with `texts` laid over it, in order; a `ListError` that names
/// the text at fault (its path, or the name it was given), the line and
/// what is wrong there. `paths` are the files the texts were read from,
/// where they were (their names are these paths as text).
pub fn lay(
    py: Python<'_>,
    base: &List,
    texts: &[Text],
    paths: &[PathBuf],
    given: Given<'_>,
) -> PyResult<List> {
    let built = py.detach(|| {
        let mut layers = Layers::new(base);
        for (i, (name, text)) in texts.iter().enumerate() {
            layers
                .add(name.as_str(), text)
                .map_err(|error| (i, error))?;
        }
        layers
            .build()
            .map_err(|error| (texts.len().saturating_sub(1), error))
    });
    built.map_err(|(i, error)| {
        let name = texts.get(i).map_or("", |(name, _)| name.as_str());
        let path = paths.get(i).cloned().unwrap_or_else(|| PathBuf::from(name));
        let e = LoadError::InvalidExtra { path, error };
        let named = named_by(&e, given);
        load_error(py, e, named)
    })
}

/// Reads the files `paths` and lays them over `base`: the layered list
/// (None when there are no files) and the texts.
pub fn load(
    py: Python<'_>,
    base: &List,
    paths: &[PathBuf],
    given: Given<'_>,
) -> PyResult<(Option<List>, Vec<Text>)> {
    if paths.is_empty() {
        return Ok((None, Vec::new()));
    }
    let texts = read(py, paths, given)?;
    let list = lay(py, base, &texts, paths, given)?;
    Ok((Some(list), texts))
}

/// One text of rules laid over a list: its name, how many rules it holds,
/// and its `// VERSION:` and `// COMMIT:`.
///
/// >>> corp = etld.List.builtin().with_extra("*.dev.corp.example\n", name="corp.dat")
/// >>> corp.layers
/// [etld.Layer(name='corp.dat', rules=1, version=None)]
#[pyclass(module = "etld", name = "Layer", frozen, get_all, eq)]
#[derive(PartialEq, Eq, Clone)]
pub struct PyLayer {
    /// The name it was given: the path it was read from, or the `name` of
    /// `List.with_extra`.
    name: String,
    /// The number of its rules (duplicates merged; a rule the list already
    /// holds counts too).
    rules: u64,
    /// Its `// VERSION:` comment, or None.
    version: Option<String>,
    /// Its `// COMMIT:` comment, or None.
    commit: Option<String>,
    /// The number of its rules in the ICANN section.
    icann: u32,
    /// The number of its rules in the PRIVATE section.
    private: u32,
}

impl PyLayer {
    /// The layer `layer` of a list.
    pub fn of(layer: &etld::Layer) -> PyLayer {
        let counts = layer.rule_counts();
        PyLayer {
            name: layer.name().to_string(),
            rules: u64::from(counts.icann) + u64::from(counts.private),
            version: layer.version().map(str::to_string),
            commit: layer.commit().map(str::to_string),
            icann: counts.icann,
            private: counts.private,
        }
    }
}

#[pymethods]
impl PyLayer {
    /// The number of rules: a dict of `total`, `icann` and `private`, as
    /// `List.rule_counts`.
    #[getter]
    fn rule_counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("total", self.rules)?;
        d.set_item("icann", self.icann)?;
        d.set_item("private", self.private)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "etld.Layer(name={}, rules={}, version={})",
            py_str(&self.name),
            self.rules,
            self.version.as_deref().map_or("None".to_string(), py_str)
        )
    }
}

/// A string as Python's `repr` writes a plain one (single quotes).
fn py_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}
