//! Arrow columns in and out through the Arrow PyCapsule interface.
//!
//! A Python object that speaks the interface hands its data over as C
//! structs in capsules: `__arrow_c_array__()` gives one array (pyarrow's
//! `Array`), `__arrow_c_stream__()` a stream of chunks (pyarrow's
//! `ChunkedArray`, a polars `Series`, a pandas `Series`). [`import`] takes
//! either without copying the data, and [`Column`] gives a result back the
//! same way, for `pyarrow.array`, `polars.Series` and the like to take in.
//!
//! The structs are read by arrow-rs's `ffi` module; what is left here is
//! taking them out of their capsules and calling the stream's callbacks.

use std::ffi::CStr;
use std::sync::Arc;

use arrow_array::ffi::{from_ffi, to_ffi, FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{make_array, new_empty_array, Array, ArrayRef, NullArray};
use arrow_schema::DataType;
use pyo3::exceptions::{PyTypeError, PyUnicodeEncodeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyTuple};

const SCHEMA: &CStr = c"arrow_schema";
const ARRAY: &CStr = c"arrow_array";
const STREAM: &CStr = c"arrow_array_stream";

/// A column taken in: its type and its chunks (arrays of that type).
#[derive(Clone)]
pub struct Imported {
    /// The type of every chunk.
    pub data_type: DataType,
    /// The chunks, in order.
    pub chunks: Vec<ArrayRef>,
}

impl Imported {
    /// The number of values in all chunks.
    pub fn len(&self) -> usize {
        self.chunks.iter().map(|c| c.len()).sum()
    }
}

/// Whether `obj` speaks the Arrow PyCapsule interface for arrays or
/// streams, or is a pandas object (a `Series` of pandas before 2.2 does
/// not speak it: `etld._columns.to_arrow` converts it).
pub fn is_arrow(obj: &Bound<'_, PyAny>) -> bool {
    // A str or None is answered as one (and asking a str for the
    // attributes raises and drops an AttributeError each: a microsecond).
    if obj.is_instance_of::<pyo3::types::PyString>() || obj.is_none() {
        return false;
    }
    obj.hasattr("__arrow_c_array__").unwrap_or(false)
        || obj.hasattr("__arrow_c_stream__").unwrap_or(false)
        || (is_pandas(obj) && !is_missing(obj))
}

/// Whether `obj` is a missing value: `None`, pandas' `NA` or `NaT`, or a
/// float NaN (what `Series.map` hands a function for a missing string:
/// NaN in pandas' `str` dtype, the default from pandas 3, `NA` in
/// `string`), each answered as `None` is.
pub fn is_missing(obj: &Bound<'_, PyAny>) -> bool {
    // A `str`, the common case, is told at once: asking its type for its
    // module reads the type's attributes, an eighth of `etld.extract`'s
    // call (python/bench/bench.py --scalar, under `perf`).
    obj.is_none()
        || (!obj.is_exact_instance_of::<pyo3::types::PyString>()
            && (obj
                .cast::<pyo3::types::PyFloat>()
                .is_ok_and(|f| f.value().is_nan())
                || is_pandas(obj)
                    && obj
                        .get_type()
                        .name()
                        .is_ok_and(|n| matches!(n.to_cow().as_deref(), Ok("NAType" | "NaTType")))))
}

/// Whether `obj` is of a type of pandas.
pub fn is_pandas(obj: &Bound<'_, PyAny>) -> bool {
    obj.get_type()
        .module()
        .is_ok_and(|m| m.to_string_lossy().starts_with("pandas"))
}

fn arrow_error(e: arrow_schema::ArrowError) -> PyErr {
    PyValueError::new_err(format!("invalid Arrow data: {e}"))
}

/// Imports the array or stream that `obj` exports, without copying its data.
///
/// Each chunk's structure is checked when it comes in, and each string's
/// bounds and UTF-8 when it is read, so a producer whose arrays break
/// Arrow's rules gets a `ValueError` or NULL answers, never undefined
/// behaviour. Buffers are taken to stay unchanged while the call reads
/// them, as the C data interface requires of its producers
/// (docs/design.md, "The `unsafe` code").
pub fn import(obj: &Bound<'_, PyAny>) -> PyResult<Imported> {
    if is_polars_object(obj) {
        // Exported as the Python objects' addresses (`FixedSizeBinary(8)`),
        // which the caller never chose: say what the column is.
        return Err(PyTypeError::new_err(
            "expected a column of strings (utf8, large_utf8 or utf8_view), got a Polars \
             Object column: make it of pl.String (pl.Series(values, dtype=pl.String))",
        ));
    }
    if obj.hasattr("__arrow_c_array__")? {
        let pair = obj.call_method0("__arrow_c_array__")?;
        let pair = pair.cast::<PyTuple>()?;
        if pair.len() != 2 {
            return Err(PyTypeError::new_err(
                "__arrow_c_array__ must return (schema capsule, array capsule)",
            ));
        }
        let schema = pair.get_item(0)?;
        let schema = schema.cast::<PyCapsule>()?;
        let array = pair.get_item(1)?;
        let array = array.cast::<PyCapsule>()?;
        let schema_ptr = schema
            .pointer_checked(Some(SCHEMA))?
            .cast::<FFI_ArrowSchema>();
        let array_ptr = array.pointer_checked(Some(ARRAY))?.cast::<FFI_ArrowArray>();
        // SAFETY: by the PyCapsule interface, a capsule named
        // `arrow_array` holds a valid, initialised `ArrowArray` struct and
        // one named `arrow_schema` an `ArrowSchema` (the names were checked
        // above); both stay alive while `pair` is held. `from_raw` moves the
        // array struct out, leaving it released (`release` NULL) so that the
        // capsule's destructor does nothing, as the interface asks of a
        // consumer. The schema is only borrowed.
        let (ffi_array, ffi_schema) = unsafe {
            (
                FFI_ArrowArray::from_raw(array_ptr.as_ptr()),
                schema_ptr.as_ref(),
            )
        };
        let data_type = DataType::try_from(ffi_schema).map_err(arrow_error)?;
        let chunk = import_chunk(ffi_array, ffi_schema)?;
        return Ok(Imported {
            data_type,
            chunks: vec![chunk],
        });
    }
    if obj.hasattr("__arrow_c_stream__")? {
        let capsule = match obj.call_method0("__arrow_c_stream__") {
            // A pandas Series of a `str` that UTF-8 cannot hold, which
            // pandas cannot export: `to_arrow` can.
            Err(e) if is_pandas(obj) && e.is_instance_of::<PyUnicodeEncodeError>(obj.py()) => {
                return import_converted(obj);
            }
            Err(e) if is_pandas(obj) => return Err(pandas_not_strings(obj, e)),
            capsule => capsule?,
        };
        let capsule = capsule.cast::<PyCapsule>()?;
        let ptr = capsule
            .pointer_checked(Some(STREAM))?
            .cast::<FFI_ArrowArrayStream>();
        // SAFETY: a capsule named `arrow_array_stream` holds a valid
        // `ArrowArrayStream` struct (the name was checked); it is moved out
        // as with the array above, and released when `stream` drops.
        let stream = unsafe { FFI_ArrowArrayStream::from_raw(ptr.as_ptr()) };
        return import_stream(stream);
    }
    import_converted(obj)
}

/// Whether `obj` is a Polars Series of dtype `Object`: told by the
/// dtype's class, whose name is short, where the dtype's own text holds
/// every category of an `Enum` (megabytes, on every call).
fn is_polars_object(obj: &Bound<'_, PyAny>) -> bool {
    obj.get_type()
        .module()
        .is_ok_and(|m| m.to_string_lossy().starts_with("polars"))
        && obj
            .getattr("dtype")
            .and_then(|d| d.get_type().name().map(|n| n.to_string_lossy() == "Object"))
            .unwrap_or(false)
}

/// The error of a pandas object that Arrow cannot read as one column
/// (`e`, pyarrow's `ArrowInvalid` or `ArrowTypeError` for an `object`
/// Series of numbers and strings): a `TypeError`, as for any column that is
/// not of strings, that gives pyarrow's reason and keeps `e` as its cause.
/// Any other error is `e` itself.
fn pandas_not_strings(obj: &Bound<'_, PyAny>, e: PyErr) -> PyErr {
    let py = obj.py();
    if !(e.is_instance_of::<PyValueError>(py) || e.is_instance_of::<PyTypeError>(py)) {
        return e;
    }
    let dtype = obj
        .getattr("dtype")
        .and_then(|d| d.str())
        .map_or_else(|_| "?".to_string(), |d| d.to_string_lossy().into_owned());
    let error = PyTypeError::new_err(format!(
        "expected a column of strings (utf8, large_utf8 or utf8_view), got a pandas \
         {} of {dtype} that Arrow cannot read as one: {}",
        obj.get_type()
            .name()
            .map_or_else(|_| "object".to_string(), |n| n.to_string()),
        e.value(py)
    ));
    error.set_cause(py, Some(e));
    error
}

/// Imports the pyarrow array that `etld._columns.to_arrow` makes of `obj`,
/// a pandas object; a `TypeError` for any other object.
fn import_converted(obj: &Bound<'_, PyAny>) -> PyResult<Imported> {
    if is_pandas(obj) {
        let converted = obj
            .py()
            .import("etld._columns")?
            .getattr("to_arrow")?
            .call1((obj,))
            .map_err(|e| pandas_not_strings(obj, e))?;
        if !is_pandas(&converted) {
            return import(&converted);
        }
    }
    Err(PyTypeError::new_err(format!(
        "expected a str, None, or an Arrow array or column (an object with \
         __arrow_c_array__ or __arrow_c_stream__), got {}",
        obj.get_type().name()?
    )))
}

/// An array from its C structs, its structure checked.
fn import_chunk(array: FFI_ArrowArray, schema: &FFI_ArrowSchema) -> PyResult<ArrayRef> {
    if array.is_released() {
        // A capsule handed over a second time: its array was moved out the
        // first time (the interface's capsules are for one use).
        return Err(PyValueError::new_err("the Arrow array is released"));
    }
    let data_type = DataType::try_from(schema).map_err(arrow_error)?;
    if data_type == DataType::Null {
        // A column of NULLs holds no data, only a length: Polars exports
        // its `Null` series with a validity buffer, which the C data
        // interface gives that type none of, and arrow-rs refuses it.
        // `array` is released as it drops.
        return Ok(Arc::new(NullArray::new(array.len())));
    }
    if array.is_empty() {
        // An empty slice keeps its offset (`pa.array(["a"])[1:]`), which
        // arrow-rs's import, giving it no values, finds out of bounds.
        return Ok(new_empty_array(&data_type));
    }
    // SAFETY: `array` and `schema` are C data interface structs handed over
    // by their producer (see `import`), which vouches for the memory they
    // point at; what that memory holds is checked before it is trusted.
    let data = unsafe { from_ffi(array, schema) }.map_err(arrow_error)?;
    // The structure only (buffer sizes, the first and last offsets), not
    // every string (`validate_full`): `column::Strs` reads each string with
    // every bound and its UTF-8 checked as it is looked up, so a check here
    // would read every string twice (python/bench/bench.py, a pyarrow
    // column on one core).
    data.validate().map_err(arrow_error)?;
    Ok(make_array(data))
}

/// Every chunk of a C stream.
fn import_stream(mut stream: FFI_ArrowArrayStream) -> PyResult<Imported> {
    let (Some(get_schema), Some(get_next)) = (stream.get_schema, stream.get_next) else {
        return Err(PyValueError::new_err("the Arrow stream is released"));
    };
    let mut schema = FFI_ArrowSchema::empty();
    // SAFETY: the callbacks are the producer's, called as the C stream
    // interface specifies: with the stream itself and a struct to fill.
    let rc = unsafe { get_schema(&mut stream, &mut schema) };
    if rc != 0 {
        return Err(stream_error(&mut stream, rc));
    }
    let data_type = DataType::try_from(&schema).map_err(arrow_error)?;
    let mut chunks = Vec::new();
    loop {
        let mut array = FFI_ArrowArray::empty();
        // SAFETY: the producer's callback, called as the C stream interface
        // specifies: with the live stream it came from and an empty array
        // struct, which it fills or leaves released at the stream's end.
        let rc = unsafe { get_next(&mut stream, &mut array) };
        if rc != 0 {
            return Err(stream_error(&mut stream, rc));
        }
        if array.is_released() {
            break;
        }
        chunks.push(import_chunk(array, &schema)?);
    }
    Ok(Imported { data_type, chunks })
}

/// The stream's own message for the error code `rc`.
fn stream_error(stream: &mut FFI_ArrowArrayStream, rc: i32) -> PyErr {
    let message = stream.get_last_error.and_then(|get_last_error| {
        // SAFETY: the producer's callback; it returns NULL or a string that
        // stays valid until the next call on the stream, read at once.
        let ptr = unsafe { get_last_error(stream) };
        (!ptr.is_null()).then(|| {
            // SAFETY: a non-NULL pointer from `get_last_error` is a
            // NUL-terminated string (the interface's contract), valid until
            // the next call on the stream, and copied out at once.
            unsafe { CStr::from_ptr(ptr) }
                .to_string_lossy()
                .into_owned()
        })
    });
    PyValueError::new_err(format!(
        "the Arrow stream failed (error {rc}): {}",
        message.as_deref().unwrap_or("no message")
    ))
}

/// A column of results, in one or more chunks: an Arrow array that Python
/// libraries take in through `__arrow_c_array__` (`pyarrow.array(c)`,
/// `polars.Series(c)`), its chunks concatenated if there are several, and
/// `chunks()` for those that keep chunks apart.
#[pyclass(module = "etld", name = "Column", frozen)]
pub struct Column {
    chunks: Vec<ArrayRef>,
}

impl Column {
    /// A column of the chunks `chunks` (at least one), all of one type.
    pub fn new(chunks: Vec<ArrayRef>) -> Column {
        Column { chunks }
    }

    /// The chunks as one array; an error if their strings outgrow one
    /// array of their type.
    fn whole(&self) -> PyResult<ArrayRef> {
        match self.chunks.as_slice() {
            [one] => Ok(one.clone()),
            chunks => {
                let refs: Vec<&dyn Array> = chunks.iter().map(|c| c.as_ref()).collect();
                // One chunk an input chunk and a thread (`column::answer`),
                // which may hold more strings together than one array of
                // their type can.
                arrow_select::concat::concat(&refs).map_err(|e| {
                    PyValueError::new_err(format!(
                        "the answers do not fit one array of their type ({e}): pass a \
                         large_string column, or a chunked one (a pyarrow ChunkedArray)"
                    ))
                })
            }
        }
    }
}

#[pymethods]
impl Column {
    /// Exports the column as one array, a pair of capsules (the Arrow
    /// PyCapsule interface). A requested schema is not followed: the
    /// array comes in its own type.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let _ = requested_schema;
        let (array, schema) = to_ffi(&self.whole()?.to_data()).map_err(arrow_error)?;
        let schema = PyCapsule::new_with_value(py, schema, SCHEMA)?;
        let array = PyCapsule::new_with_value(py, array, ARRAY)?;
        PyTuple::new(py, [schema.into_any(), array.into_any()])
    }

    /// Exports the column's type as a capsule.
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        let t = self
            .chunks
            .first()
            .map_or(DataType::Null, |c| c.data_type().clone());
        let schema = FFI_ArrowSchema::try_from(&t).map_err(arrow_error)?;
        PyCapsule::new_with_value(py, schema, SCHEMA)
    }

    /// The chunks, each a `Column` of its own, in order.
    fn chunks(&self) -> Vec<Column> {
        self.chunks
            .iter()
            .map(|c| Column::new(vec![c.clone()]))
            .collect()
    }

    fn __len__(&self) -> usize {
        self.chunks.iter().map(|c| c.len()).sum()
    }

    fn __repr__(&self) -> String {
        let t = self
            .chunks
            .first()
            .map_or(DataType::Null, |c| c.data_type().clone());
        format!(
            "<etld.Column of {} {t} values in {} chunks>",
            self.__len__(),
            self.chunks.len()
        )
    }
}
