//! The functions of one host, module functions and `List` methods,
//! entered by the interpreter without PyO3's wrapper when they are called
//! with one `str`.
//!
//! `etld.registrable(host)`, `List.registrable(host)` and the other
//! functions of one host are PyO3 functions, which take the keyword
//! options and columns. Each of them is replaced, once PyO3 has made it,
//! by a function of the interpreter's own fast calling convention
//! (`METH_FASTCALL | METH_KEYWORDS`, an array of arguments in place) that
//! answers a call of one `str` and no keyword (or `url=` alone) itself,
//! and hands every other call (other keywords, a column, None, anything
//! else) to the PyO3 function, kept here, as it was called: PyO3's
//! wrapper around each call (its parsing of the arguments against the
//! signature, its guard against panics and its bookkeeping of the
//! interpreter's lock) is a good part of a call of
//! `etld.registrable(host)` (python/bench/bench.py --scalar, one core).
//!
//! A call of one `str` (and no keyword but `url=True` or `url=False`, as
//! calls on URLs pass) for an operation that answers one part of the
//! lookup (`registrable`, `suffix`, `subdomain`, `label`, `section`,
//! `known`, `site`) is answered, once the list is loaded, with the
//! interpreter's raw references from end to end: no `Bound`, no
//! `PyResult`, the error of a `str` that UTF-8 cannot hold left where the
//! interpreter set it, because building the answer as a `PyResult` of a
//! `Bound` adds instructions and time to every call (callgrind over the
//! scalar loop; python/bench/bench.py --scalar and --functions, one core).
//!
//! Its name, signature and docs are the PyO3 function's, so `help()`,
//! `inspect.signature` and pickling by name see no difference.
//!
//! The stable ABI has that calling convention from Python 3.10 (PyO3's
//! `Py_3_10`, set by `build.rs`); built for 3.9, the functions are PyO3's
//! own.

use pyo3::prelude::*;
use pyo3::types::{PyCFunction, PyType};

/// Adds `full`, a module function of one host made by PyO3 for the
/// operation `OP` (an [`Op`](crate::column::Op) as a number, its place in
/// `Op::ALL`), to `m`: entered directly for a call of one `str` (see the
/// module docs), through PyO3 for any other.
#[cfg(Py_3_10)]
pub(crate) fn add<const OP: u8>(
    m: &Bound<'_, PyModule>,
    full: Bound<'_, PyCFunction>,
) -> PyResult<()> {
    fast::add::<OP>(m, full)
}

/// Replaces the method `name` of `class` (`List`), PyO3's for the
/// operation `OP` (as [`add`]), by one entered directly for a call of one
/// `str`, through PyO3's for any other.
#[cfg(Py_3_10)]
pub(crate) fn add_method<const OP: u8>(class: &Bound<'_, PyType>, name: &str) -> PyResult<()> {
    fast::add_method::<OP>(class, name)
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

/// Leaves `class`'s method as PyO3 made it (see [`add`]).
#[cfg(not(Py_3_10))]
pub(crate) fn add_method<const OP: u8>(class: &Bound<'_, PyType>, name: &str) -> PyResult<()> {
    let _ = (class, name);
    Ok(())
}

#[cfg(Py_3_10)]
mod fast {
    use std::ffi::CString;
    use std::panic::{catch_unwind, AssertUnwindSafe};

    use pyo3::ffi;
    use pyo3::panic::PanicException;
    use pyo3::prelude::*;
    use pyo3::sync::PyOnceLock;
    use pyo3::types::{PyCFunction, PyDict, PyString, PyTuple, PyType};
    use pyo3::Borrowed;

    use crate::column::Op;
    use crate::list::PyList;

    /// The PyO3 module function of each operation, by its number.
    static FUNCTIONS: [PyOnceLock<Py<PyAny>>; Op::ALL.len()] =
        [const { PyOnceLock::new() }; Op::ALL.len()];

    /// The PyO3 method of `List` of each operation, by its number.
    static METHODS: [PyOnceLock<Py<PyAny>>; Op::ALL.len()] =
        [const { PyOnceLock::new() }; Op::ALL.len()];

    /// The operation numbered `op`.
    fn op_of(op: u8) -> Op {
        Op::ALL
            .get(usize::from(op))
            .copied()
            .unwrap_or(Op::Registrable)
    }

    /// Keeps `full` in the slot of `op` in `slots`.
    fn keep(py: Python<'_>, slots: &[PyOnceLock<Py<PyAny>>], op: u8, full: Py<PyAny>) {
        if let Some(slot) = slots.get(usize::from(op)) {
            // A module is initialised once a process (PyO3 refuses a
            // second time), so the slot is empty.
            let _ = slot.set(py, full);
        }
    }

    /// A definition of `full`'s name and docs entered by `entry`, which
    /// lives as long as the process, as a function's definition must: made
    /// once for each function, when the module starts.
    fn definition(
        full: &Bound<'_, PyAny>,
        entry: ffi::PyCFunctionFastWithKeywords,
    ) -> PyResult<(String, &'static mut ffi::PyMethodDef)> {
        let name: String = full.getattr("__name__")?.extract()?;
        // The docs as CPython reads a signature out of them: the name and
        // the signature on the first line, then `--` and a blank line.
        let doc: Option<String> = full.getattr("__doc__")?.extract()?;
        let signature: Option<String> = full.getattr("__text_signature__")?.extract()?;
        let doc = match signature {
            Some(s) => format!("{name}{s}\n--\n\n{}", doc.unwrap_or_default()),
            None => doc.unwrap_or_default(),
        };
        let c = |s: String| -> PyResult<&'static std::ffi::CStr> {
            let s = CString::new(s)
                .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
            Ok(Box::leak(s.into_boxed_c_str()))
        };
        let def = Box::leak(Box::new(ffi::PyMethodDef {
            ml_name: c(name.clone())?.as_ptr(),
            ml_meth: ffi::PyMethodDefPointer {
                PyCFunctionFastWithKeywords: entry,
            },
            ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
            ml_doc: c(doc)?.as_ptr(),
        }));
        Ok((name, def))
    }

    pub(super) fn add<const OP: u8>(
        m: &Bound<'_, PyModule>,
        full: Bound<'_, PyCFunction>,
    ) -> PyResult<()> {
        let py = m.py();
        let (name, def) = definition(full.as_any(), entry::<OP, false>)?;
        keep(py, &FUNCTIONS, OP, full.into_any().unbind());
        let module_name = m.name()?;
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

    pub(super) fn add_method<const OP: u8>(class: &Bound<'_, PyType>, name: &str) -> PyResult<()> {
        let py = class.py();
        let full = class.getattr(name)?;
        let (name, def) = definition(&full, entry::<OP, true>)?;
        keep(py, &METHODS, OP, full.unbind());
        // SAFETY: as in `add`; `class` is a live type object, for which the
        // method is made.
        let method = unsafe {
            Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(class.as_type_ptr(), def))?
        };
        class.setattr(name, method)
    }

    /// A module function (`METHOD` false, `slf` the module) or a method of
    /// `List` (`METHOD`, `slf` the list) that the interpreter calls, with
    /// `nargs` positional arguments at `args` followed by one for each name
    /// of the tuple `kwnames` (NULL for none): the answer as a new
    /// reference, or NULL with an exception set.
    ///
    /// # Safety
    /// Called only by the interpreter, as `METH_FASTCALL | METH_KEYWORDS`
    /// says: with the thread attached, `slf` a live object (for a method,
    /// one the interpreter checked is a `List`), and `args` and `kwnames`
    /// as above.
    unsafe extern "C" fn entry<const OP: u8, const METHOD: bool>(
        slf: *mut ffi::PyObject,
        args: *const *mut ffi::PyObject,
        nargs: ffi::Py_ssize_t,
        kwnames: *mut ffi::PyObject,
    ) -> *mut ffi::PyObject {
        // SAFETY: this function's own contract is the one
        // `part_of_one_str` asks for: the thread attached, `slf` live,
        // `args` holding `nargs` live objects, `kwnames` NULL or a tuple
        // of str.
        if let Some(answer) = unsafe { part_of_one_str::<OP, METHOD>(slf, args, nargs, kwnames) } {
            return answer;
        }
        // SAFETY: `enter` asks what this function's own contract gives
        // (`args`, `nargs` and `kwnames` as the interpreter passes them,
        // the thread attached), and `slf` is live for the call.
        unsafe {
            enter(args, nargs, kwnames, |py, call| {
                if !METHOD {
                    if let Some(host) = call.one_str() {
                        return crate::answer_default(op_of(OP), &host);
                    }
                    return call.pass_to(function(py, &FUNCTIONS, OP)?, None);
                }
                // SAFETY: `slf` is live, borrowed for the call.
                let slf = Borrowed::from_ptr(py, slf);
                if let (Some(host), Ok(list)) = (call.one_str(), slf.cast::<PyList>()) {
                    return crate::answer_str(&list, op_of(OP), &host);
                }
                call.pass_to(function(py, &METHODS, OP)?, Some(slf.to_owned()))
            })
        }
    }

    /// The answer of a call of one exact `str` and no keyword but `url=`
    /// True or False, for an operation that answers one part of the lookup
    /// ([`Op::is_part`]), on
    /// a list already loaded: a new reference, or NULL with an exception
    /// set. `None` for any other call, which [`enter`] answers (see the
    /// module docs).
    ///
    /// # Safety
    /// As [`entry`].
    #[inline(always)]
    unsafe fn part_of_one_str<const OP: u8, const METHOD: bool>(
        slf: *mut ffi::PyObject,
        args: *const *mut ffi::PyObject,
        nargs: ffi::Py_ssize_t,
        kwnames: *mut ffi::PyObject,
    ) -> Option<*mut ffi::PyObject> {
        let op = op_of(OP);
        if !op.is_part() || nargs != 1 || args.is_null() {
            return None;
        }
        // SAFETY: the interpreter calls a C function with the thread
        // attached.
        let py = unsafe { Python::assume_attached() };
        // SAFETY: `args` holds the one positional argument and a value for
        // each name of `kwnames`, by the calling convention.
        let url = unsafe { url_keyword(py, args, kwnames) }?;
        // SAFETY: `args` holds `nargs` (here 1) live arguments, by the
        // calling convention, and was checked not NULL above.
        let host = unsafe { *args };
        // SAFETY: `host` is a live object (the caller holds it for the
        // call), whose type is read; a `str` is told from a subclass by its
        // type alone.
        if unsafe { ffi::Py_TYPE(host) } != &raw mut ffi::PyUnicode_Type {
            return None;
        }
        let answer = catch_unwind(AssertUnwindSafe(|| {
            // SAFETY: `slf` is live, borrowed for the call.
            let slf = unsafe { Borrowed::from_ptr(py, slf) };
            let list = match METHOD {
                true => slf.cast::<PyList>().ok()?.get(),
                false => crate::DEFAULT.get(py)?.get(),
            };
            // SAFETY: `host` is a live `str`, borrowed for the call, and
            // the thread is attached.
            Some(unsafe {
                match url {
                    false => list.part_of_str_object::<false>(py, host, op, &list.options),
                    true => list.part_of_str_object::<true>(py, host, op, &list.options),
                }
            })
        }));
        match answer {
            Ok(answer) => answer,
            Err(payload) => {
                // Attached through PyO3, as in `enter`: the error's objects
                // are dropped at once rather than deferred.
                Python::attach(|py| panic_error(payload).restore(py));
                Some(std::ptr::null_mut())
            }
        }
    }

    /// What the keywords of a call of one positional argument ask of
    /// `url`: `Some(false)` for no keyword, the value of `url=True` or
    /// `url=False` given alone, else `None` (any other keyword or value,
    /// which PyO3's function reads or refuses). The name is compared by
    /// identity with the interned `"url"`, as keyword names in calls are
    /// interned; one that is not goes to PyO3's function, which answers
    /// alike.
    ///
    /// # Safety
    /// `kwnames` is NULL or a tuple of str, and `args` holds one positional
    /// argument and then a value for each name of `kwnames`, live for the
    /// call (the calling convention).
    #[inline(always)]
    unsafe fn url_keyword(
        py: Python<'_>,
        args: *const *mut ffi::PyObject,
        kwnames: *mut ffi::PyObject,
    ) -> Option<bool> {
        if kwnames.is_null() {
            return Some(false);
        }
        // SAFETY: `kwnames` is a live tuple (this function's contract);
        // the item is borrowed, and read only when the tuple has one.
        let name = unsafe {
            if ffi::PyTuple_Size(kwnames) != 1 {
                return None;
            }
            ffi::PyTuple_GetItem(kwnames, 0)
        };
        if name != pyo3::intern!(py, "url").as_ptr() {
            return None;
        }
        // SAFETY: the value of the one keyword follows the one positional
        // argument (this function's contract); `Py_True` and `Py_False`
        // only take the address of the interpreter's static `True` and
        // `False`.
        unsafe {
            let value = *args.add(1);
            match value {
                v if v == ffi::Py_True() => Some(true),
                v if v == ffi::Py_False() => Some(false),
                _ => None,
            }
        }
    }

    /// The `PanicException` for a panic's `payload`.
    fn panic_error(payload: Box<dyn std::any::Any + Send>) -> PyErr {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic in etld".to_owned());
        PanicException::new_err(message)
    }

    /// The PyO3 function kept for `op` in `slots`.
    fn function<'py>(
        py: Python<'py>,
        slots: &'py [PyOnceLock<Py<PyAny>>],
        op: u8,
    ) -> PyResult<&'py Bound<'py, PyAny>> {
        slots
            .get(usize::from(op))
            .and_then(|f| f.get(py))
            .map(|f| f.bind(py))
            .ok_or_else(|| pyo3::exceptions::PyRuntimeError::new_err("etld: no such function"))
    }

    /// The arguments of a call, borrowed for it.
    struct Call<'a, 'py> {
        py: Python<'py>,
        /// The positional arguments, then one for each name of `names`.
        args: &'a [*mut ffi::PyObject],
        positional: usize,
        names: Option<Bound<'py, PyTuple>>,
    }

    impl<'py> Call<'_, 'py> {
        /// The argument `p` points at.
        fn arg(&self, p: &*mut ffi::PyObject) -> Bound<'py, PyAny> {
            // SAFETY: each of `args` is a live object, borrowed for the
            // call ([`enter`]).
            unsafe { Bound::from_borrowed_ptr(self.py, *p) }
        }

        /// The one argument of a call of one `str` and no keyword,
        /// borrowed: taking a reference of its own and dropping it again
        /// cost two calls into the interpreter a call (the stable ABI has
        /// no inline reference counting), and a `str` itself is told from
        /// a subclass by its type alone, with no call for the type's flags.
        fn one_str(&self) -> Option<Borrowed<'_, 'py, PyString>> {
            let ([host], None) = (self.args, &self.names) else {
                return None;
            };
            // SAFETY: each of `args` is a live object, borrowed for the
            // call ([`enter`]), which the `Borrowed` does not outlive.
            let host = unsafe { Borrowed::from_ptr(self.py, *host) };
            host.cast_exact::<PyString>()
                .or_else(|_| host.cast::<PyString>())
                .ok()
        }

        /// `full` called with these arguments, after `first` if given.
        fn pass_to(
            &self,
            full: &Bound<'py, PyAny>,
            first: Option<Bound<'py, PyAny>>,
        ) -> PyResult<Bound<'py, PyAny>> {
            let (positional, keywords) = self.args.split_at(self.positional.min(self.args.len()));
            let positional: Vec<Bound<'py, PyAny>> = first
                .into_iter()
                .chain(positional.iter().map(|p| self.arg(p)))
                .collect();
            let positional = PyTuple::new(self.py, positional)?;
            let keywords = match &self.names {
                Some(names) => {
                    let dict = PyDict::new(self.py);
                    for (name, value) in names.iter().zip(keywords) {
                        dict.set_item(name, self.arg(value))?;
                    }
                    Some(dict)
                }
                None => None,
            };
            full.call(positional, keywords.as_ref())
        }
    }

    /// Answers a call of the interpreter with `answer`, given the call's
    /// arguments: a new reference, or NULL with the exception set (a panic
    /// raises `PanicException`).
    ///
    /// # Safety
    /// As [`entry`].
    unsafe fn enter(
        args: *const *mut ffi::PyObject,
        nargs: ffi::Py_ssize_t,
        kwnames: *mut ffi::PyObject,
        answer: impl for<'py> FnOnce(Python<'py>, &Call<'_, 'py>) -> PyResult<Bound<'py, PyAny>>,
    ) -> *mut ffi::PyObject {
        // SAFETY: the interpreter calls a C function with the thread
        // attached.
        let py = unsafe { Python::assume_attached() };
        let result = catch_unwind(AssertUnwindSafe(|| {
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
                // SAFETY: `args` points at `nargs` positional arguments and
                // one more for each keyword.
                unsafe { std::slice::from_raw_parts(args, count) }
            };
            let call = Call {
                py,
                args,
                positional,
                names,
            };
            answer(py, &call)
        }))
        .unwrap_or_else(|payload| Err(panic_error(payload)));
        match result {
            Ok(value) => value.into_ptr(),
            Err(e) => {
                // Restored attached through PyO3, not as assumed above: an
                // object PyO3 drops on a thread it does not count as
                // attached (the type and message of a raised `HostError`)
                // goes to its pool of deferred decrefs, which only PyO3's
                // own entries drain, so a loop of raising calls grew
                // without bound (96 bytes a raise). Attaching drains that
                // pool too. Only here, because attaching is a cost of
                // every call, raising or not (python/bench/bench.py
                // --functions, `etld.error`, one core).
                Python::attach(|py| e.restore(py));
                std::ptr::null_mut()
            }
        }
    }
}
