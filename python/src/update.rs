//! `etld.update()`: the command line's `etld update`
//! ([`etld_source::update`], the same code), from Python.

use std::sync::mpsc;

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::PyString;

create_exception!(
    etld,
    UpdateError,
    PyOSError,
    "An update that installed nothing: the download failed or was refused \
     (not a complete list, older than the list in use, a VERSION in the \
     future), the cache directory could not be written, or another update \
     held its lock too long. The list in use is unchanged; the message \
     says why, as `etld update` does, and `errno` is the system's error \
     number where it gave one (a refused connection, a directory that \
     cannot be written), else None."
);

/// What `etld.update()` did: the list it installed, or found installed
/// and unchanged on the server.
#[pyclass(module = "etld", name = "Updated", frozen)]
pub struct PyUpdated {
    /// Where the list is installed.
    #[pyo3(get)]
    path: String,
    /// The installed list's VERSION, or None.
    #[pyo3(get)]
    version: Option<String>,
    /// Whether this update installed it (False: the server said the
    /// installed list has not changed).
    #[pyo3(get)]
    installed: bool,
    /// What happened, as `etld update` prints it.
    #[pyo3(get)]
    report: String,
}

#[pymethods]
impl PyUpdated {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        // Python's own repr of each value, as a dataclass writes it.
        let repr = |s: &str| -> PyResult<String> { Ok(PyString::new(py, s).repr()?.to_string()) };
        let version = match &self.version {
            Some(v) => repr(v)?,
            None => "None".to_string(),
        };
        Ok(format!(
            "Updated(path={}, version={version}, installed={})",
            repr(&self.path)?,
            if self.installed { "True" } else { "False" }
        ))
    }
}

/// Downloads the Public Suffix List (from `url`, by default the list's own
/// site), checks that it is a complete list that may replace the one in
/// use, and installs it compiled in the cache directory
/// (`$ETLD_CACHE_DIR`, else the platform's), exactly as `etld update`
/// does: the same code, the same refusals, the same lock. Later processes
/// (and `etld.List()` made later in this one) use it when it is the newest
/// list at hand. `force=True` downloads the list without asking whether it
/// changed, and takes one older than the list in use. Raises `UpdateError`
/// when nothing was installed. What the command line writes on stderr (a
/// list passed over, a download record ignored or not written, a wait for
/// another update's lock, an `$ETLD_LOCK_WAIT` ignored) is a `UserWarning`
/// each, raised when the update ends, before its error if it failed.
/// Ctrl-C raises `KeyboardInterrupt` at once; a download under way then
/// goes on by itself until it ends or times out, and a complete list it
/// brings is installed as any update's.
///
/// >>> etld.update()  # doctest: +SKIP
/// Updated(path='/home/me/.cache/etld/public_suffix_list.fst', version='2026-11-20_...', installed=True)
#[pyfunction]
#[pyo3(signature = (url=None, force=false))]
pub fn update(py: Python<'_>, url: Option<String>, force: bool) -> PyResult<PyUpdated> {
    // On a thread of its own, so that a signal is answered while a
    // download waits on a slow server (up to its timeouts): the calling
    // thread runs the interpreter's signal handlers meanwhile, as a long
    // column call's does (`column::interruptible`).
    let (done, finished) = mpsc::channel();
    std::thread::Builder::new()
        .name("etld-update".to_string())
        .spawn(move || {
            let mut warnings = Vec::new();
            let result = etld_source::update(url.as_deref(), force, |notice| {
                warnings.push(format!("etld: {notice}"));
            });
            // The caller may have gone (a signal): nothing to tell.
            let _ = done.send((warnings, result));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the update: {e}")))?;
    let (mut warnings, result) = py.detach(move || loop {
        match finished.recv_timeout(crate::column::SIGNAL_POLL) {
            Ok(outcome) => return Ok(outcome),
            Err(mpsc::RecvTimeoutError::Timeout) => Python::attach(|py| py.check_signals())?,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("the etld update thread panicked"))
            }
        }
    })?;
    if let Ok(updated) = &result {
        warnings.extend(
            updated
                .warnings
                .iter()
                .map(|w| format!("etld: warning: {w}")),
        );
    }
    for warning in warnings {
        crate::user_warning(py, warning)?;
    }
    let updated = result.map_err(|e| update_error(py, &e))?;
    Ok(PyUpdated {
        path: updated.path.display().to_string(),
        version: updated.version,
        installed: updated.installed,
        report: updated.report,
    })
}

/// How a refusal that forcing overrides ends (`python -m etld update`
/// names its `--force` instead).
const FORCE_HINT: &str = "force=True installs it anyway";

/// `e` as an `UpdateError` with its message, and, where the system said
/// why (the list could not be written, the connection failed), its
/// `errno`, as an `OSError` carries it.
fn update_error(py: Python<'_>, e: &etld_source::UpdateError) -> PyErr {
    let err = UpdateError::new_err(match e.forcing_installs_it() {
        true => format!("{e}; {FORCE_HINT}"),
        false => e.to_string(),
    });
    if let Some(errno) = e.raw_os_error() {
        // `errno` alone keeps `str(e)` the message; setting it on a fresh
        // exception cannot fail short of memory.
        let _ = err.value(py).setattr("errno", errno);
    }
    err
}
