//! The module's functions of one host, entered by the interpreter without
//! PyO3's wrapper when they are called with one `str`.
//!
//! `etld.registrable(host)`, `etld.suffix(host)` and the other module
//! functions of one host are PyO3 functions, which take the keyword
//! options and columns. PyO3's wrapper around each call (its parsing of
//! the arguments against the signature, its guard against panics and its
//! bookkeeping of the interpreter's lock) cost 14 ns of the 85 of a call
//! of `etld.registrable(host)` on the realistic mix, one core; a function
//! that took the host as it came took 71. So each of them is put in the
//! module as a function of the interpreter's own fast calling convention
//! (`METH_FASTCALL | METH_KEYWORDS`, an array of arguments in place) that
//! answers a call of one `str` and no keyword itself, and hands every
//! other call (keywords, a column, None, anything else) to the PyO3
//! function, kept here, as it was called.
//!
//! Its name, signature and docs are the PyO3 function's, so `help()`,
//! `inspect.signature` and pickling by name see no difference.
//!
//! The stable ABI has that calling convention from Python 3.10 (PyO3's
//! `Py_3_10`, set by `build.rs`); built for 3.9, the module's functions are
//! PyO3's own.

use pyo3::prelude::*;
use pyo3::types::PyCFunction;

/// Adds `full`, a module function of one host made by PyO3 for the
/// operation `OP` (an [`Op`](crate::column::Op) as a number, its place in
/// `Op::ALL`), to `m`: entered
/// directly for a call of one `str` (see the module docs), by PyO3 for any
/// other.
#[cfg(Py_3_10)]
pub(crate) fn add<const OP: u8>(
    m: &Bound<'_, PyModule>,
    full: Bound<'_, PyCFunction>,
) -> PyResult<()> {
    fast::add::<OP>(m, full)
}

/// Adds `full` to `m`: the stable ABI of Python 3.9 has no fast calling
/// convention (see the module docs).
#[cfg(not(Py_3_10))]
pub(crate) fn add<const OP: u8>(
    m: &Bound<'_, PyModule>,
    full: Bound<'_, PyCFunction>,
) -> PyResult<()> {
    m.add_function(full)
}

#[cfg(Py_3_10)]
mod fast {
    use std::ffi::CString;
    use std::panic::{catch_unwind, AssertUnwindSafe};

    use pyo3::ffi;
    use pyo3::panic::PanicException;
    use pyo3::prelude::*;
    use pyo3::sync::PyOnceLock;
    use pyo3::types::{PyCFunction, PyDict, PyString, PyTuple};

    use crate::column::Op;

    /// The PyO3 function of each operation, by its number.
    static FULL: [PyOnceLock<Py<PyCFunction>>; Op::ALL.len()] =
        [const { PyOnceLock::new() }; Op::ALL.len()];

    pub(super) fn add<const OP: u8>(
        m: &Bound<'_, PyModule>,
        full: Bound<'_, PyCFunction>,
    ) -> PyResult<()> {
        let py = m.py();
        let name: String = full.getattr("__name__")?.extract()?;
        // The docs as CPython reads a signature out of them: the name and
        // the signature on the first line, then `--` and a blank line.
        let doc: Option<String> = full.getattr("__doc__")?.extract()?;
        let signature: Option<String> = full.getattr("__text_signature__")?.extract()?;
        let doc = match signature {
            Some(s) => format!("{name}{s}\n--\n\n{}", doc.unwrap_or_default()),
            None => doc.unwrap_or_default(),
        };
        let c = |s: String| {
            CString::new(s).map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
        };
        let module_name = m.name()?;
        if let Some(slot) = FULL.get(usize::from(OP)) {
            // A module is initialised once a process (PyO3 refuses a
            // second time), so the slot is empty.
            let _ = slot.set(py, full.unbind());
        }
        // The definition and its strings live as long as the process, as
        // a function's definition must: once, at the module's start.
        let def = Box::leak(Box::new(ffi::PyMethodDef {
            ml_name: Box::leak(c(name.clone())?.into_boxed_c_str()).as_ptr(),
            ml_meth: ffi::PyMethodDefPointer {
                PyCFunctionFastWithKeywords: enter::<OP>,
            },
            ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
            ml_doc: Box::leak(c(doc)?.into_boxed_c_str()).as_ptr(),
        }));
        // SAFETY: `def` lives for the rest of the process and holds a
        // function of the calling convention its flags name; `m` and its
        // name are live objects and the interpreter is attached (a `Bound`
        // proves it). The result is a new reference or NULL with an
        // exception set, which `from_owned_ptr_or_err` takes over.
        let function = unsafe {
            Bound::from_owned_ptr_or_err(
                py,
                ffi::PyCFunction_NewEx(def, m.as_ptr(), module_name.as_ptr()),
            )?
        };
        m.add(name, function)
    }

    /// The function the interpreter calls, with `nargs` positional
    /// arguments at `args` followed by one for each name of the tuple
    /// `kwnames` (NULL for none): the answer as a new reference, or NULL
    /// with an exception set.
    ///
    /// # Safety
    /// Called only by the interpreter, as `METH_FASTCALL | METH_KEYWORDS`
    /// says: with the thread attached, and `args` and `kwnames` as above.
    unsafe extern "C" fn enter<const OP: u8>(
        _module: *mut ffi::PyObject,
        args: *const *mut ffi::PyObject,
        nargs: ffi::Py_ssize_t,
        kwnames: *mut ffi::PyObject,
    ) -> *mut ffi::PyObject {
        // SAFETY: the interpreter calls a C function with the thread
        // attached.
        let py = unsafe { Python::assume_attached() };
        let answer = catch_unwind(AssertUnwindSafe(|| {
            // SAFETY: as this function's own contract.
            unsafe { answer::<OP>(py, args, nargs, kwnames) }
        }))
        .unwrap_or_else(|payload| {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic in etld".to_owned());
            Err(PanicException::new_err(message))
        });
        match answer {
            Ok(value) => value.into_ptr(),
            Err(e) => {
                e.restore(py);
                std::ptr::null_mut()
            }
        }
    }

    /// The answer to the call [`enter`] was given.
    ///
    /// # Safety
    /// As [`enter`].
    unsafe fn answer<'py, const OP: u8>(
        py: Python<'py>,
        args: *const *mut ffi::PyObject,
        nargs: ffi::Py_ssize_t,
        kwnames: *mut ffi::PyObject,
    ) -> PyResult<Bound<'py, PyAny>> {
        let op = Op::ALL
            .get(usize::from(OP))
            .copied()
            .unwrap_or(Op::Registrable);
        // SAFETY: a non-NULL `kwnames` is a tuple of str (the calling
        // convention), borrowed for the call.
        let names = (!kwnames.is_null()).then(|| unsafe {
            Bound::from_borrowed_ptr(py, kwnames).cast_into_unchecked::<PyTuple>()
        });
        let positional = usize::try_from(nargs).unwrap_or(0);
        let count = positional + names.as_ref().map_or(0, |n| n.len());
        let args: &[*mut ffi::PyObject] = if count == 0 || args.is_null() {
            &[]
        } else {
            // SAFETY: `args` points at `nargs` positional arguments and one
            // more for each keyword, each a live object borrowed for the
            // call.
            unsafe { std::slice::from_raw_parts(args, count) }
        };
        // SAFETY: each of `args` is a live object, borrowed for the call.
        let arg = |p: &*mut ffi::PyObject| unsafe { Bound::from_borrowed_ptr(py, *p) };
        if let ([host], None) = (args, &names) {
            let host = arg(host);
            if let Ok(s) = host.cast::<PyString>() {
                return crate::answer_str(op, s);
            }
        }
        let full = FULL
            .get(usize::from(OP))
            .and_then(|f| f.get(py))
            .ok_or_else(|| pyo3::exceptions::PyRuntimeError::new_err("etld: no function"))?
            .bind(py);
        let (positional, keywords) = args.split_at(positional.min(args.len()));
        let positional = PyTuple::new(py, positional.iter().map(arg))?;
        let keywords = match names {
            Some(names) => {
                let dict = PyDict::new(py);
                for (name, value) in names.iter().zip(keywords) {
                    dict.set_item(name, arg(value))?;
                }
                Some(dict)
            }
            None => None,
        };
        full.call(positional, keywords.as_ref())
    }
}
