//! Python strings read as `&str` without a copy.
//!
//! PyO3 reads a `str` in place only where the limited API it builds for
//! has `PyUnicode_AsUTF8AndSize` (Python 3.10 on); for the abi3 wheel that
//! also serves Python 3.9 it copies each string through a `bytes` object
//! and a `String`. That copy was most of the cost of a scalar call
//! (`etld.registrable(host)` on the realistic mix, one core: 2.0 M calls/s
//! with it, 4.7-5.6 M without), so the function is called directly. CPython has exported it with this
//! signature since 3.3 (it joined the limited API in 3.10), so the symbol
//! is there on every interpreter the wheel loads into.

use std::borrow::Cow;
use std::os::raw::c_char;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyString;

extern "C" {
    fn PyUnicode_AsUTF8AndSize(
        unicode: *mut ffi::PyObject,
        size: *mut ffi::Py_ssize_t,
    ) -> *const c_char;
}

/// The UTF-8 text of `s`, borrowed from the string object (CPython keeps
/// its UTF-8 form with it); a `UnicodeEncodeError` for a string holding
/// lone surrogates.
pub fn str_of<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    let mut size: ffi::Py_ssize_t = 0;
    // SAFETY: `s` is a live `str` object (its type was checked when it was
    // cast to `PyString`), and the GIL is held (a `Bound` proves it).
    let data = unsafe { PyUnicode_AsUTF8AndSize(s.as_ptr(), &mut size) };
    if data.is_null() {
        return Err(PyErr::fetch(s.py()));
    }
    let Ok(len) = usize::try_from(size) else {
        return Err(PyErr::fetch(s.py()));
    };
    // SAFETY: on success the function returns `len` bytes of UTF-8 owned by
    // the string object, which stay valid while the object lives: `s`
    // borrows it for `'a`.
    let bytes = unsafe { std::slice::from_raw_parts(data.cast::<u8>(), len) };
    // CPython's encoder gives valid UTF-8; checked anyway, at a cost of a
    // few nanoseconds for a host, rather than trusted.
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(Cow::Borrowed(text)),
        Err(_) => s.to_cow(),
    }
}
