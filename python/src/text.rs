//! Python strings read as `&str` without a copy, and answers that are
//! pieces of a host given back as pieces of its `str`.
//!
//! PyO3 reads a `str` in place only where the limited API it builds for
//! has `PyUnicode_AsUTF8AndSize` (Python 3.10 on); for a wheel built for
//! Python 3.9 it copies each string through a `bytes` object and a
//! `String`. The function is called directly, because that copy would be
//! most of the cost of a scalar call (python/bench/bench.py --scalar, one
//! core, on a wheel built by Python 3.9). CPython has exported it with
//! this signature since 3.3 (it joined the limited API in 3.10), so the
//! symbol is there on every interpreter the wheel loads into.

use std::borrow::Cow;
use std::os::raw::c_char;

use pyo3::exceptions::{PyTypeError, PyUnicodeEncodeError};
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
/// surrogates (see [`usv_of`] for what a host or URL makes of one).
pub fn str_of<'a>(s: &'a Bound<'_, PyString>) -> PyResult<&'a str> {
    // SAFETY: `s` is a live `str` object (its type was checked when it was
    // cast to `PyString`) that `'a` borrows, and the GIL is held (a `Bound`
    // proves it).
    unsafe { utf8_of(s.as_ptr()) }.ok_or_else(|| PyErr::fetch(s.py()))
}

/// The UTF-8 text of the `str` object `s`, borrowed from it (see
/// [`str_of`]); `None`, with a `UnicodeEncodeError` set, for a string
/// holding lone surrogates.
///
/// # Safety
/// `s` is a live `str` object, which outlives `'a`, and the GIL is held.
#[inline(always)]
pub unsafe fn utf8_of<'a>(s: *mut ffi::PyObject) -> Option<&'a str> {
    let mut size: ffi::Py_ssize_t = 0;
    // SAFETY: `s` is a live `str` and the GIL is held (this function's
    // contract), which is all the call asks; `size` is a live out-value.
    let data = unsafe { PyUnicode_AsUTF8AndSize(s, &mut size) };
    let len = usize::try_from(size).ok().filter(|_| !data.is_null())?;
    // SAFETY: on success the function returns `len` bytes owned by the
    // string object, which stay valid while the object lives, for `'a`.
    // They are UTF-8: CPython gives a pure-ASCII string's own bytes, and
    // any other string's code points encoded by its strict UTF-8 encoder,
    // which refuses the only code points UTF-8 cannot hold (lone
    // surrogates) with the error above. Not checked again
    // (`str::from_utf8`), a cost in every scalar call (a profile of
    // python/bench/bench.py --scalar, one core).
    Some(unsafe {
        std::str::from_utf8_unchecked(std::slice::from_raw_parts(data.cast::<u8>(), len))
    })
}

/// `part`, a piece of an answer, as a new reference to a `str`: `s` itself
/// when it is the whole of `text` (the UTF-8 of `s`, from [`utf8_of`]), a
/// substring of `s` when it is a slice of `text` (the answer borrowed the
/// host's own bytes), else a new `str` decoded from it; NULL with an
/// exception set if the interpreter cannot make one.
///
/// A third of a log's hosts are their own registrable domain, and most of
/// the rest answer with a tail of the host: cutting that out of the `str`
/// copies its code points as they are, where decoding `part` as UTF-8
/// would check each byte again. An ASCII host is told by its length in
/// code points, which CPython keeps, rather than by a scan of its bytes
/// (`str::is_ascii`). Each is the faster of the two ways
/// (python/bench/bench.py --scalar, one core).
///
/// # Safety
/// `s` is a live `str` object whose UTF-8 is `text`, and the GIL is held.
#[inline(always)]
pub unsafe fn piece(s: *mut ffi::PyObject, text: &str, part: &str) -> *mut ffi::PyObject {
    // A new `str` decoded from `part`.
    let decode = || {
        let len = ffi::Py_ssize_t::try_from(part.len()).unwrap_or(ffi::Py_ssize_t::MAX);
        // SAFETY: `part` is UTF-8, and no longer than `len` (a Rust slice
        // is at most `isize::MAX` bytes); the result is a new reference or
        // NULL with an exception set.
        unsafe { ffi::PyUnicode_FromStringAndSize(part.as_ptr().cast(), len) }
    };
    let Some(start) = offset_in(text, part) else {
        return decode();
    };
    if part.len() == text.len() {
        // SAFETY: `s` is live; the caller gets the new reference.
        unsafe { ffi::Py_IncRef(s) };
        return s;
    }
    // SAFETY: `s` is a live `str` object and the GIL is held.
    let chars = unsafe { ffi::PyUnicode_GetLength(s) };
    let (from, to) = if usize::try_from(chars).is_ok_and(|n| n == text.len()) {
        // One byte a code point: ASCII, where byte offsets are code point
        // offsets.
        (start, start + part.len())
    } else {
        // `part` lies within `text` and is UTF-8 itself, so its ends are
        // character boundaries of `text`.
        let from = text.get(..start).map_or(0, |t| t.chars().count());
        (from, from + part.chars().count())
    };
    let (Ok(from), Ok(to)) = (
        ffi::Py_ssize_t::try_from(from),
        ffi::Py_ssize_t::try_from(to),
    ) else {
        return decode();
    };
    // SAFETY: `s` is a live `str` object and the GIL is held; `from..to`
    // lies within it (a range of its code points, counted above from a
    // range of its UTF-8). The result is a new reference or NULL with an
    // exception set; a substring of a `str` is a `str`.
    unsafe { ffi::PyUnicode_Substring(s, from, to) }
}

/// Where `part` starts in `text`, if it is a slice of it (its bytes lie
/// among `text`'s): an answer cut out of a host, a host out of a URL.
#[inline(always)]
pub fn offset_in(text: &str, part: &str) -> Option<usize> {
    let start = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    (part.len() <= text.len().checked_sub(start)?).then_some(start)
}

/// A `str` that UTF-8 cannot hold (it holds surrogates), read as a URL
/// parser reads a JavaScript string (WebIDL's `USVString`): its code units
/// as UTF-16, a high and a low surrogate side by side taken as the one code
/// point they encode, and each lone surrogate replaced by U+FFFD.
pub struct Usv {
    /// The text, lone surrogates replaced.
    pub text: String,
    /// Why the `str` is no host, if it holds a lone surrogate: the first,
    /// and where it is, in code points of `text`.
    pub lone: Option<String>,
}

/// `s`, which holds surrogates, as a [`Usv`]; the error is only that of
/// an interpreter out of memory.
pub fn usv_of(s: &Bound<'_, PyString>) -> PyResult<Usv> {
    let units = s.call_method1("encode", ("utf-16-le", "surrogatepass"))?;
    let units = units.cast::<pyo3::types::PyBytes>()?.as_bytes();
    let units = units.chunks_exact(2).map(|pair| match pair {
        [lo, hi] => u16::from_le_bytes([*lo, *hi]),
        _ => 0,
    });
    let mut text = String::with_capacity(units.len());
    let mut lone = None;
    for (at, c) in char::decode_utf16(units).enumerate() {
        match c {
            Ok(c) => text.push(c),
            Err(e) => {
                lone.get_or_insert_with(|| {
                    format!(
                        "lone surrogate U+{:04X} at code point {at}",
                        e.unpaired_surrogate()
                    )
                });
                text.push(char::REPLACEMENT_CHARACTER);
            }
        }
    }
    Ok(Usv { text, lone })
}

/// A host or URL given as a `str`, as Rust text.
pub(crate) struct HostText<'a> {
    /// The text; for a `str` that UTF-8 cannot hold, read as a URL parser
    /// reads it ([`usv_of`]: a lone surrogate becomes U+FFFD).
    pub(crate) text: Cow<'a, str>,
    /// Why it is no host, where it holds a lone surrogate.
    pub(crate) lone: Option<String>,
}

/// A host or URL as Rust text (a `TypeError` for anything but a `str`).
/// A `str` holding surrogates is no error: a lone one makes an invalid
/// host, as a URL parser would read it.
pub(crate) fn host_str<'a>(host: &'a Bound<'_, PyAny>) -> PyResult<HostText<'a>> {
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
