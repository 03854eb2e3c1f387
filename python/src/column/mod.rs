//! Whole columns of hosts, answered in one batch by
//! [`etld::List::lookup_each_with`], with no Python object per host.
//!
//! A column of strings (`Utf8`, `LargeUtf8` or `Utf8View`, in any number of
//! chunks) gives one array of answers: strings in the input's own string
//! type, `Boolean` for `known` and the cookie check, and a `Struct` of every
//! part for `lookup` (and of tldextract's fields for `extract`, written by
//! [`crate::tldextract`]). A NULL or invalid host gives NULL (for `lookup`, a
//! row whose `error` says why; for `extract`, a row of `''` parts, and NULL
//! for NULL only).
//!
//! [`answer`] chooses how: the operations are [`op`]; the strings are read
//! by [`read`], as hosts or as URLs whose hosts are looked up ([`Rows`]); a string part is written by one of three writers, by the
//! answer's string type ([`views`] for `Utf8View`, [`offsets`] for `Utf8`
//! and `LargeUtf8`, [`strings`] for the rest), the struct of `lookup` by
//! [`lookup`]; a long column is cut for threads by [`threads`] and stopped
//! by a signal through [`stop`]. [`mod@cookie`] is the cookie check of columns,
//! [`hint`] the message for a host that looks like a URL.

pub use cookie::{cookie, Either};
pub use hint::hinted;
pub use op::Op;
pub use read::Rows;
pub use stop::{interruptible, Stop, SIGNAL_POLL};
pub use strings::Strings;

mod cookie;
mod hint;
mod lookup;
mod offsets;
mod op;
mod read;
mod stop;
mod strings;
mod threads;
mod views;

use std::sync::Arc;

use arrow_array::builder::BooleanBuilder;
use arrow_array::cast::AsArray;
use arrow_array::types::{
    Int16Type, Int32Type, Int64Type, Int8Type, UInt16Type, UInt32Type, UInt64Type, UInt8Type,
};
use arrow_array::{new_empty_array, AnyDictionaryArray, Array, ArrayRef, ArrowPrimitiveType};
use arrow_buffer::ArrowNativeType;
use arrow_data::ArrayData;
use arrow_schema::DataType;
use etld::{List, Options};
use pyo3::exceptions::PyValueError;
use pyo3::{PyErr, PyResult};

use crate::arrow::Imported;
use crate::tldextract;
use crate::view::View;

use lookup::Parts;
use offsets::string_parts;
use op::part_range;
use read::{
    each_answer, each_answer_at, each_row, each_row_of, each_str, offsets_span, string_type, Strs,
};
use threads::{join_all, split, MIN_ROWS_PER_THREAD};
use views::answer_views;

/// Answers `op` for every row of `input`, whose rows hold `rows` (hosts,
/// or URLs whose hosts are looked up): an array of answers for each chunk
/// of the input, as Arrow's compute functions answer, and for each piece
/// of a chunk answered on a thread of its own. A column of at least
/// twice [`MIN_ROWS_PER_THREAD`] rows is split over the cores this process
/// may run on (`std::thread::available_parallelism`, which follows CPU
/// affinity, so a process pinned to one core answers on one thread). A
/// string part of a `Utf8View` column is answered as one array, which
/// Polars groups twice as fast as one for each thread (docs/experiments.md).
/// Stops with an error once `stop` is set.
pub fn answer(
    list: &List,
    options: &Options,
    op: Op,
    input: &Imported,
    rows: Rows,
    stop: &Stop,
) -> PyResult<Vec<ArrayRef>> {
    if rows == Rows::Urls && !op.is_part() {
        return answer_of_urls(
            |op, input| answer(list, options, op, input, Rows::Hosts, stop),
            op,
            input,
        );
    }
    if let DataType::Dictionary(_, values) = &input.data_type {
        return answer_dictionary(list, options, op, input, values, rows, stop);
    }
    let t = string_type(input);
    let n_rows = input.len();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = cores.min(n_rows / MIN_ROWS_PER_THREAD).max(1);
    let options = &op.options(options);
    let string_part = matches!(
        op,
        Op::Registrable | Op::Suffix | Op::Subdomain | Op::Label | Op::Site
    );
    if string_part && t == DataType::Utf8View {
        let column = answer_views(list, options, op, &input.chunks, rows, threads, stop)?;
        return Ok(vec![column]);
    }
    if input.chunks.is_empty() {
        // A column of no chunks answers one empty array, of its own type.
        return answer_piece(list, options, op, &new_empty_array(&t), &t, rows, stop);
    }
    let pieces = split(&input.chunks, n_rows.div_ceil(threads));
    let answer_all = |piece: &[(usize, ArrayRef)]| -> PyResult<Vec<ArrayRef>> {
        let mut arrays = Vec::with_capacity(piece.len());
        for (_, slice) in piece {
            arrays.extend(answer_piece(list, options, op, slice, &t, rows, stop)?);
        }
        Ok(arrays)
    };
    if let [piece] = pieces.as_slice() {
        return answer_all(piece);
    }
    std::thread::scope(|s| {
        let workers: Vec<_> = pieces
            .iter()
            .map(|piece| s.spawn(|| answer_all(piece)))
            .collect();
        let arrays: PyResult<Vec<Vec<ArrayRef>>> = join_all(workers).collect();
        Ok(arrays?.into_iter().flatten().collect())
    })
}

/// [`answer`] for a dictionary-encoded column (pyarrow's
/// `dictionary_encode()`, Polars' `Categorical` and `Enum`, pandas'
/// `category`) whose values are of the type `values`: each chunk's
/// dictionary answered once, a distinct string at a time, and its answers
/// laid out by the chunk's keys (NULL for a NULL key). Chunks that share a
/// dictionary (slices of one column) share its answers; a chunk of far
/// fewer rows than its dictionary holds (a slice, a filtered pandas
/// `category`) is answered for its rows' strings alone, in time that its
/// rows set.
fn answer_dictionary(
    list: &List,
    options: &Options,
    op: Op,
    input: &Imported,
    values: &DataType,
    rows: Rows,
    stop: &Stop,
) -> PyResult<Vec<ArrayRef>> {
    // A column of the dictionary's values.
    let dictionary_of = |chunks: Vec<ArrayRef>| Imported {
        data_type: values.clone(),
        chunks,
    };
    if input.chunks.is_empty() {
        return answer(list, options, op, &dictionary_of(Vec::new()), rows, stop);
    }
    // The answers of a column of strings, as one array.
    let answer_whole = |strings: ArrayRef| -> PyResult<ArrayRef> {
        let answers = answer(list, options, op, &dictionary_of(vec![strings]), rows, stop)?;
        match answers.as_slice() {
            [one] => Ok(one.clone()),
            many => {
                let many: Vec<&dyn Array> = many.iter().map(|a| a.as_ref()).collect();
                arrow_select::concat::concat(&many)
                    .map_err(|e| PyValueError::new_err(e.to_string()))
            }
        }
    };
    // Each dictionary answered whole so far, and its answers.
    let mut answered: Vec<(ArrayData, ArrayRef)> = Vec::new();
    let mut answers = Vec::with_capacity(input.chunks.len());
    for chunk in &input.chunks {
        let dictionary = dictionary_chunk(chunk)?;
        let values = dictionary.values();
        if values.len() > chunk.len().saturating_mul(2).saturating_add(64) {
            if let Some(strings) = gathered(dictionary)? {
                answers.push(answer_whole(strings)?);
                continue;
            }
        }
        let data = values.to_data();
        let whole = match answered.iter().find(|(d, _)| same_bytes(d, &data)) {
            Some((_, whole)) => whole.clone(),
            None => {
                let whole = answer_whole(values.clone())?;
                answered.push((data, whole.clone()));
                whole
            }
        };
        answers.push(by_keys(whole.as_ref(), dictionary.keys())?);
    }
    Ok(answers)
}

/// Whether `a` and `b` are the same data: the same type, rows and buffers
/// (each the same bytes at the same place, of the same length, which
/// `ArrayData::ptr_eq` does not compare) and no children.
fn same_bytes(a: &ArrayData, b: &ArrayData) -> bool {
    let same = |x: &arrow_buffer::Buffer, y: &arrow_buffer::Buffer| {
        x.as_ptr() == y.as_ptr() && x.len() == y.len()
    };
    let nulls = match (a.nulls(), b.nulls()) {
        (None, None) => true,
        (Some(x), Some(y)) => {
            let (x, y) = (x.inner(), y.inner());
            same(x.inner(), y.inner()) && x.offset() == y.offset() && x.len() == y.len()
        }
        _ => false,
    };
    a.data_type() == b.data_type()
        && a.len() == b.len()
        && a.offset() == b.offset()
        && a.child_data().is_empty()
        && b.child_data().is_empty()
        && a.buffers().len() == b.buffers().len()
        && a.buffers().iter().zip(b.buffers()).all(|(x, y)| same(x, y))
        && nulls
}

/// The strings that the rows of `dictionary` point to, as a column of its
/// values' string type, NULL for a NULL key or value, each read through
/// [`Strs`], which checks it; `None` where one cannot be read (not UTF-8,
/// outside its buffers), or the values are no strings, for the caller to
/// answer the whole dictionary, which says why; a `ValueError` for a key
/// past the end of the values, as [`by_keys`] says it.
fn gathered(dictionary: &dyn AnyDictionaryArray) -> PyResult<Option<ArrayRef>> {
    let values = dictionary.values();
    if !matches!(
        values.data_type(),
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
    ) {
        return Ok(None);
    }
    let keys = dictionary.keys();
    let Some(at) = key_places(keys) else {
        return Ok(None);
    };
    let strs = Strs::of(values)?;
    let mut out = Strings::new(values.data_type(), keys.len(), keys.len() * 16);
    for (row, at) in at.into_iter().enumerate() {
        if keys.is_null(row) {
            out.push(None);
            continue;
        }
        let Some(at) = at.filter(|&at| at < values.len()) else {
            return Err(PyValueError::new_err(
                "a dictionary column's keys are not its own: a key past the end of its values",
            ));
        };
        if values.is_null(at) {
            out.push(None);
            continue;
        }
        match strs.get(at) {
            Some(s) => out.push(Some(s)),
            None => return Ok(None),
        }
    }
    Ok(out.finish().ok())
}

/// The keys of a dictionary as places in its values (`None` for a
/// negative key); `None` for keys that are no integers.
fn key_places(keys: &dyn Array) -> Option<Vec<Option<usize>>> {
    fn of<K: ArrowPrimitiveType>(keys: &dyn Array) -> Option<Vec<Option<usize>>> {
        let keys = keys.as_primitive_opt::<K>()?;
        Some(keys.values().iter().map(|k| k.to_usize()).collect())
    }
    match keys.data_type() {
        DataType::Int8 => of::<Int8Type>(keys),
        DataType::Int16 => of::<Int16Type>(keys),
        DataType::Int32 => of::<Int32Type>(keys),
        DataType::Int64 => of::<Int64Type>(keys),
        DataType::UInt8 => of::<UInt8Type>(keys),
        DataType::UInt16 => of::<UInt16Type>(keys),
        DataType::UInt32 => of::<UInt32Type>(keys),
        DataType::UInt64 => of::<UInt64Type>(keys),
        _ => None,
    }
}

/// A chunk of a dictionary column, as one; a `ValueError` for a chunk that
/// is not (a producer that breaks Arrow's rules).
fn dictionary_chunk(chunk: &ArrayRef) -> PyResult<&dyn AnyDictionaryArray> {
    chunk.as_any_dictionary_opt().ok_or_else(|| {
        PyValueError::new_err("a chunk of a dictionary column is no dictionary array")
    })
}

/// The rows of `values` that `keys` (a dictionary's keys) point to, NULL
/// for a NULL key; a `ValueError` for a key past the end of `values`,
/// which a producer that breaks Arrow's rules may hand over.
fn by_keys(values: &dyn Array, keys: &dyn Array) -> PyResult<ArrayRef> {
    let checked = arrow_select::take::TakeOptions { check_bounds: true };
    arrow_select::take::take(values, keys, Some(checked)).map_err(|e| {
        PyValueError::new_err(format!("a dictionary column's keys are not its own: {e}"))
    })
}

/// `input` with each dictionary-encoded chunk decoded into the strings its
/// keys point to; any other column as it is.
pub fn decoded(input: &Imported) -> PyResult<Imported> {
    let DataType::Dictionary(_, values) = &input.data_type else {
        return Ok(input.clone());
    };
    let chunks = input
        .chunks
        .iter()
        .map(|chunk| {
            let dictionary = dictionary_chunk(chunk)?;
            // Every offset and string of the values checked first: arrow-rs's
            // `take` trusts them, where the lookups read each string through
            // `Strs`, which checks it (an import checks the structure only).
            dictionary
                .values()
                .to_data()
                .validate_full()
                .map_err(|e| PyValueError::new_err(format!("invalid Arrow data: {e}")))?;
            by_keys(dictionary.values().as_ref(), dictionary.keys())
        })
        .collect::<PyResult<_>>()?;
    Ok(Imported {
        data_type: values.as_ref().clone(),
        chunks,
    })
}

/// Answers of a piece of a column that outgrew one `Utf8` array: its
/// strings hold more than the 2 GiB that `i32` offsets reach. Answering a
/// chunk at a time keeps every array of answers below it but for the few
/// operations whose answer may be longer than the host (an error, the
/// section of a short host, an ASCII form of a Unicode host): those
/// [`answer_piece`] answers again in halves.
#[derive(Debug)]
pub struct TooLarge;

/// Why a piece of a column has no array of answers.
pub enum Unanswered {
    /// Its answers outgrew one array ([`TooLarge`]).
    TooLarge,
    /// An error for the caller: a signal, a chunk that is no column of
    /// strings.
    Error(PyErr),
}

impl From<TooLarge> for Unanswered {
    fn from(_: TooLarge) -> Unanswered {
        Unanswered::TooLarge
    }
}

impl From<PyErr> for Unanswered {
    fn from(e: PyErr) -> Unanswered {
        Unanswered::Error(e)
    }
}

/// Answers `op` for every row of `chunk` (a chunk, or a slice of one): one
/// array, or one for each half, and so on, where the answers outgrow one
/// array ([`TooLarge`]).
fn answer_piece(
    list: &List,
    options: &Options,
    op: Op,
    chunk: &ArrayRef,
    t: &DataType,
    rows: Rows,
    stop: &Stop,
) -> PyResult<Vec<ArrayRef>> {
    match answer_chunk(list, options, op, chunk, t, rows, stop) {
        Ok(array) => Ok(vec![array]),
        Err(Unanswered::Error(e)) => Err(e),
        Err(Unanswered::TooLarge) if chunk.len() > 1 => {
            let half = chunk.len() / 2;
            let mut arrays = answer_piece(list, options, op, &chunk.slice(0, half), t, rows, stop)?;
            let rest = chunk.slice(half, chunk.len() - half);
            arrays.extend(answer_piece(list, options, op, &rest, t, rows, stop)?);
            Ok(arrays)
        }
        Err(Unanswered::TooLarge) => Err(PyValueError::new_err(
            "an answer holds more bytes than a column of this string type can",
        )),
    }
}

/// `answer` (a call of [`answer`] of rows of hosts, with the list,
/// options and stop flag bound) for the host of each URL of `input`, as
/// `Op::Host` takes it out, for an operation that does not read URLs as
/// it goes ([`Op::is_part`]): a column of the hosts, then its answers;
/// NULL where there is no host, and for `Op::Error` why.
fn answer_of_urls(
    answer: impl Fn(Op, &Imported) -> PyResult<Vec<ArrayRef>>,
    op: Op,
    input: &Imported,
) -> PyResult<Vec<ArrayRef>> {
    if op == Op::Error {
        // The lookups of the URLs' hosts say why a URL has none too.
        return answer(Op::LookupUrl, input)?
            .iter()
            .map(|c| {
                c.as_struct_opt()
                    .and_then(|s| s.column_by_name("error"))
                    .cloned()
                    .ok_or_else(|| PyValueError::new_err("etld: no error column"))
            })
            .collect();
    }
    let chunks = answer(Op::Host, input)?;
    let hosts = Imported {
        data_type: chunks
            .first()
            .map_or_else(|| string_type(input), |c| c.data_type().clone()),
        chunks,
    };
    answer(op, &hosts)
}

/// Answers `op` for every row of `chunk`, whose rows hold `rows`, in one
/// array, of strings of the type `t` where the answer is a string.
fn answer_chunk(
    list: &List,
    options: &Options,
    op: Op,
    chunk: &ArrayRef,
    t: &DataType,
    rows: Rows,
    stop: &Stop,
) -> Result<ArrayRef, Unanswered> {
    let n_rows = chunk.len();
    // Room for answers of 16 bytes on average: builders grow past it.
    let bytes = n_rows * 16;
    match op {
        // By the column's type, `t`, not the chunk's: a column of no
        // chunks answers in its own type too.
        Op::Registrable | Op::Suffix | Op::Subdomain | Op::Label | Op::Site
            if *t == DataType::Utf8View =>
        {
            Ok(answer_views(
                list,
                options,
                op,
                std::slice::from_ref(chunk),
                rows,
                1,
                stop,
            )?)
        }
        Op::Registrable | Op::Suffix | Op::Subdomain | Op::Label | Op::Site
            if *t == DataType::Utf8 =>
        {
            string_parts::<i32>(list, options, op, chunk, rows, bytes, stop)
        }
        Op::Registrable | Op::Suffix | Op::Subdomain | Op::Label | Op::Site
            if *t == DataType::LargeUtf8 =>
        {
            string_parts::<i64>(list, options, op, chunk, rows, bytes, stop)
        }
        Op::Registrable | Op::Suffix | Op::Subdomain | Op::Label | Op::Site => {
            let mut out = Strings::new(t, n_rows, bytes);
            each_answer(list, options, chunk, rows, stop, |a| {
                out.push(a.and_then(|a| {
                    let (lo, hi) = part_range(op, a)?;
                    a.name()?.get(lo..hi)
                }))
            })?;
            Ok(out.finish()?)
        }
        Op::Section => {
            let mut out = Strings::new(t, n_rows, n_rows * 5);
            each_answer(list, options, chunk, rows, stop, |a| {
                out.push(a.and_then(|a| a.section_name()))
            })?;
            Ok(out.finish()?)
        }
        Op::Known => {
            let mut out = BooleanBuilder::with_capacity(n_rows);
            each_answer(list, options, chunk, rows, stop, |a| {
                out.append_option(a.filter(|a| a.is_ok()).map(|a| a.known()))
            })?;
            Ok(Arc::new(out.finish()))
        }
        Op::Error => {
            let mut out = Strings::new(t, n_rows, 0);
            let strs = Strs::of(chunk)?;
            each_answer_at(list, options, chunk, &strs, rows, stop, |i, a, _| {
                let error = a.and_then(|a| a.error()).map(|e| {
                    strs.unreadable(i)
                        .unwrap_or_else(|| hinted(strs.get(i).unwrap_or(""), e.to_string()))
                });
                out.push(error.as_deref())
            })?;
            Ok(out.finish()?)
        }
        Op::Lookup => {
            let mut parts = Parts::new(t, n_rows, bytes, false);
            let strs = Strs::of(chunk)?;
            each_answer_at(list, options, chunk, &strs, rows, stop, |i, a, _| match a {
                Some(a) => parts.answer(a, || strs.unreadable(i), || strs.get(i)),
                None => parts.null(),
            })?;
            parts.finish()
        }
        Op::Host => {
            let mut out = Strings::new(t, n_rows, bytes);
            each_str(chunk, stop, |url| {
                out.push(url.and_then(|u| etld::url::host(u).ok()).as_deref())
            })?;
            Ok(out.finish()?)
        }
        Op::LookupUrl => {
            let mut parts = Parts::new(t, n_rows, bytes, true);
            let strs = Strs::of(chunk)?;
            each_row_of(chunk, &strs, stop, |i, row| {
                let url = match row {
                    None => return parts.null(),
                    Some(Some(url)) => url,
                    // Bytes that are not UTF-8 hold no URL, and say so.
                    Some(None) => {
                        let why = strs.unreadable(i).unwrap_or_default();
                        return parts.url(None, Err(why));
                    }
                };
                match etld::url::host(url) {
                    Err(e) => parts.url(None, Err(e.to_string())),
                    Ok(host) => match list.lookup_with(&host, options) {
                        Ok(d) => parts.url(Some(&host), Ok(&d)),
                        Err(e) => {
                            let why = etld::UrlLookupError::Host(e).to_string();
                            parts.url(Some(&host), Err(why))
                        }
                    },
                }
            })?;
            parts.finish()
        }
        Op::Extract => {
            let mut out = tldextract::Builder::new(t, n_rows, value_bytes(chunk));
            each_row(chunk, stop, |row| match row {
                // Unreadable bytes are no URL: a row of no host.
                Some(input) => out.push(list, options, input.unwrap_or("")),
                None => out.null(),
            })?;
            out.finish()
        }
    }
}

/// The bytes of the strings of `chunk`, a string chunk: those its offsets
/// span, or 16 a row for a chunk of views or of no strings.
fn value_bytes(chunk: &ArrayRef) -> usize {
    let spanned = match chunk.data_type() {
        DataType::Utf8 => offsets_span(chunk.as_string::<i32>().value_offsets()),
        DataType::LargeUtf8 => offsets_span(chunk.as_string::<i64>().value_offsets()),
        _ => None,
    };
    spanned.map_or(chunk.len().saturating_mul(16), |(first, last)| last - first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::{LargeStringArray, StringArray};

    /// The answers of `op` for `input` (chunks of `Utf8` or `LargeUtf8`
    /// hosts), with each array's length and the bytes of its first
    /// string-typed field (or itself).
    fn answered(op: Op, input: Vec<ArrayRef>) -> Vec<ArrayRef> {
        let input = Imported {
            data_type: input[0].data_type().clone(),
            chunks: input,
        };
        answer(
            List::builtin(),
            &Options::default(),
            op,
            &input,
            Rows::Hosts,
            &Stop::default(),
        )
        .unwrap_or_else(|e| panic!("{op:?}: {e}"))
    }

    /// The strings of a `Utf8` array, NULL as `None`.
    fn strings(a: &ArrayRef) -> Vec<Option<String>> {
        a.as_string::<i32>()
            .iter()
            .map(|s| s.map(str::to_owned))
            .collect()
    }

    #[test]
    fn chunks_stay_apart() {
        let chunk = |hosts: &[&str]| -> ArrayRef { Arc::new(StringArray::from(hosts.to_vec())) };
        let out = answered(
            Op::Registrable,
            vec![
                chunk(&["www.example.com"]),
                chunk(&[]),
                chunk(&["a.b.co.uk", "x"]),
            ],
        );
        let lens: Vec<usize> = out.iter().map(|a| a.len()).collect();
        assert_eq!(lens, [1, 0, 2]);
        assert_eq!(strings(&out[2]), [Some("b.co.uk".to_owned()), None]);
    }

    #[test]
    fn too_large_answers_are_cut() {
        // 300 rows a chunk whose answers take 4,500 bytes or more, past
        // the tests' `UTF8_BYTES` of 1,000.
        let hosts: Vec<String> = (0..300).map(|i| format!("w{i}.example{i}.co.uk")).collect();
        let chunk: ArrayRef = Arc::new(StringArray::from_iter_values(&hosts));
        for op in [
            Op::Registrable,
            Op::Section,
            Op::Host,
            Op::Lookup,
            Op::Extract,
        ] {
            let out = answered(op, vec![chunk.clone(), chunk.slice(0, 7)]);
            assert!(out.len() > 2, "{op:?}: {} arrays", out.len());
            assert_eq!(out.iter().map(|a| a.len()).sum::<usize>(), 307, "{op:?}");
            let large: ArrayRef = Arc::new(LargeStringArray::from_iter_values(&hosts));
            // A lookup's `section` and `error` are `Utf8` whatever the
            // input's type.
            if op != Op::Lookup {
                let whole = answered(op, vec![large]);
                assert_eq!(whole.len(), 1, "{op:?}: no cut in LargeUtf8");
            }
            for a in &out {
                let bytes = match a.as_struct_opt() {
                    Some(s) => s
                        .columns()
                        .iter()
                        .map(|c| {
                            c.to_data()
                                .buffers()
                                .iter()
                                .map(|b| b.len())
                                .max()
                                .unwrap_or(0)
                        })
                        .max()
                        .unwrap_or(0),
                    None => a.to_data().buffers().last().map_or(0, |b| b.len()),
                };
                assert!(
                    bytes <= strings::UTF8_BYTES,
                    "{op:?}: {bytes} bytes in one array"
                );
            }
        }
        let out = answered(Op::Registrable, vec![chunk.clone()]);
        let cut: Vec<_> = out.iter().flat_map(strings).collect();
        let expected: Vec<_> = (0..300)
            .map(|i| Some(format!("example{i}.co.uk")))
            .collect();
        assert_eq!(cut, expected);
    }
}
