//! Python strings read as `&str` without a copy, and answers that are
//! pieces of a host given back as pieces of its `str`.
//!
//! PyO3 reads a `str` in place only where the limited API it builds for
//! has `PyUnicode_AsUTF8AndSize` (Python 3.10 on); for a wheel built for
//! Python 3.9 it copies each string through a `bytes` object and a
//! `String`. That copy was most of the cost of a scalar call
//! (`etld.registrable(host)` on the realistic mix, one core: 2.0 M calls/s
//! with it, 4.7-5.6 M without), so the function is called directly. CPython
//! has exported it with this signature since 3.3 (it joined the limited API
//! in 3.10), so the symbol is there on every interpreter the wheel loads
//! into.

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
pub fn str_of<'a>(s: &'a Bound<'_, PyString>) -> PyResult<&'a str> {
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
    // SAFETY: on success the function returns `len` bytes owned by the
    // string object, which stay valid while the object lives: `s` borrows
    // it for `'a`. They are UTF-8: CPython gives a pure-ASCII string's own
    // bytes, and any other string's code points encoded by its strict UTF-8
    // encoder, which refuses the only code points UTF-8 cannot hold (lone
    // surrogates) with the error above. Checking them again took 5-6% of
    // the samples of a profile of `etld.registrable(host)` on the realistic
    // mix, one core (`str::from_utf8`, about 7 ns of a call).
    Ok(
        unsafe {
            std::str::from_utf8_unchecked(std::slice::from_raw_parts(data.cast::<u8>(), len))
        },
    )
}

/// `part`, a piece of an answer, as a `str`: `s` itself when it is the
/// whole of `text` (the UTF-8 of `s`, from [`str_of`]), a substring of `s`
/// when it is a slice of `text` (the answer borrowed the host's own
/// bytes), else a new `str` decoded from it.
///
/// A third of a log's hosts are their own registrable domain, and most of
/// the rest answer with a tail of the host: cutting that out of the `str`
/// copies its code points as they are, where decoding `part` as UTF-8
/// would check each byte again. Measured on the realistic mix, one core,
/// `etld.registrable(host)`: an ASCII piece decoded (`PyString::new`)
/// took 82.5-83.3 ns a call against 70.6-70.9; telling an ASCII host by
/// `str::is_ascii` rather than by its length in code points, 72.7-75.7
/// against 67.3-69.3.
pub fn piece_of<'py>(
    s: &Bound<'py, PyString>,
    text: &str,
    part: &str,
) -> PyResult<Bound<'py, PyString>> {
    let py = s.py();
    let start = (part.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
    let Some(bytes) = start
        .checked_add(part.len())
        .filter(|&end| end <= text.len() && start <= text.len())
        .and_then(|end| text.get(start..end))
    else {
        return Ok(PyString::new(py, part));
    };
    if bytes.len() == text.len() {
        return Ok(s.clone());
    }
    // SAFETY: `s` is a live `str` object and the GIL is held.
    let chars = unsafe { ffi::PyUnicode_GetLength(s.as_ptr()) };
    let (from, to) = if usize::try_from(chars).is_ok_and(|n| n == text.len()) {
        // One byte a code point: ASCII, where byte offsets are code point
        // offsets.
        (start, start + bytes.len())
    } else {
        let from = text[..start].chars().count();
        (from, from + bytes.chars().count())
    };
    let (Ok(from), Ok(to)) = (
        ffi::Py_ssize_t::try_from(from),
        ffi::Py_ssize_t::try_from(to),
    ) else {
        return Ok(PyString::new(py, part));
    };
    // SAFETY: `s` is a live `str` object and the GIL is held; `from..to`
    // lies within it (a range of its code points, counted above from a
    // range of its UTF-8). The function returns a new reference or NULL
    // with an exception set, which `from_owned_ptr_or_err` takes over; a
    // substring of a `str` is a `str`.
    unsafe {
        Ok(
            Bound::from_owned_ptr_or_err(py, ffi::PyUnicode_Substring(s.as_ptr(), from, to))?
                .cast_into_unchecked(),
        )
    }
}
