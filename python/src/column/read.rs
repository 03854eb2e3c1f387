//! Reading a chunk's strings: their type ([`string_type`]), their bytes
//! checked as UTF-8 once ([`Text`]), each row with every bound checked
//! ([`Strs`]), and the rows and their answers in order ([`each_answer_at`]).

use std::borrow::Cow;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef};
use arrow_data::ByteView;
use arrow_schema::DataType;
use etld::{Answer, List, Options};
use pyo3::exceptions::PyTypeError;
use pyo3::PyResult;

use super::stop::{Stop, BLOCK};
use crate::arrow::Imported;

/// The type of the strings answered for a column of `input`: the input's
/// own string type (`Utf8` for a column of another type, all NULL). A
/// `Utf8` column whose answers outgrow one array is answered in several
/// (`column::TooLarge`).
pub(super) fn string_type(input: &Imported) -> DataType {
    match &input.data_type {
        t @ (DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View) => t.clone(),
        _ => DataType::Utf8,
    }
}

/// The bytes of a chunk's strings, checked as UTF-8 once, all together,
/// where they are (nearly always), else as each string is read.
///
/// Once for a chunk rather than for each host as it is read: checking the
/// bytes of a whole chunk at once runs the check's ASCII fast path over
/// long stretches, where a check a host is a call a row (a profile of
/// python/bench/bench.py's pyarrow column, one core); and then a string
/// whose first and last offsets are character boundaries of that text is
/// valid UTF-8 (`str::get`).
#[derive(Clone, Copy)]
pub(super) enum Text<'a> {
    /// Bytes that are valid UTF-8 as a whole.
    Checked(&'a str),
    /// Bytes that are not: each string is checked on its own.
    Unchecked(&'a [u8]),
}

impl<'a> Text<'a> {
    pub(super) fn of(bytes: &'a [u8]) -> Text<'a> {
        match simdutf8::basic::from_utf8(bytes) {
            Ok(text) => Text::Checked(text),
            Err(_) => Text::Unchecked(bytes),
        }
    }

    /// Bytes `start..end`, UTF-8 or not; `None` where they are out of
    /// bounds.
    pub(super) fn bytes(self, start: usize, end: usize) -> Option<&'a [u8]> {
        match self {
            Text::Checked(text) => text.as_bytes().get(start..end),
            Text::Unchecked(bytes) => bytes.get(start..end),
        }
    }

    /// Bytes `start..end`, or `None` where they are out of bounds or not
    /// UTF-8.
    #[inline]
    pub(super) fn get(self, start: usize, end: usize) -> Option<&'a str> {
        match self {
            Text::Checked(text) => text.get(start..end),
            Text::Unchecked(bytes) => simdutf8::basic::from_utf8(bytes.get(start..end)?).ok(),
        }
    }
}

/// The texts of the data buffers of a `Utf8View` chunk.
pub(super) fn buffer_texts(chunk: &ArrayRef) -> Vec<Text<'_>> {
    chunk
        .as_string_view()
        .data_buffers()
        .iter()
        .map(|b| Text::of(b.as_slice()))
        .collect()
}

/// The strings of a chunk, read with every offset, length and buffer index
/// checked and their UTF-8 checked (see [`Text`]): a chunk is only checked
/// for its structure when it comes in (see `arrow::import`), so a producer
/// that breaks Arrow's rules gets NULL answers for its broken strings,
/// never undefined behaviour.
pub(super) enum Strs<'a> {
    /// The offsets, and the bytes from the first offset to the last, which
    /// the offsets point into less the first.
    Utf8(&'a [i32], Text<'a>, usize),
    Large(&'a [i64], Text<'a>, usize),
    /// The views as raw bytes (16 a row) and the data buffers' texts.
    View(&'a [u8], Cow<'a, [Text<'a>]>),
    Null,
}

/// The bytes the offsets of a chunk point into, from the first offset to
/// the last, and where they start in `values`; all of `values` where the
/// offsets do not say (an empty chunk, offsets out of bounds).
fn span<'a, O: Copy + TryInto<usize>>(offsets: &[O], values: &'a [u8]) -> (Text<'a>, usize) {
    let bound = |o: Option<&O>| o.and_then(|&o| o.try_into().ok());
    match (bound(offsets.first()), bound(offsets.last())) {
        (Some(first), Some(last)) if first <= last && last <= values.len() => {
            (Text::of(&values[first..last]), first)
        }
        _ => (Text::of(values), 0),
    }
}

impl<'a> Strs<'a> {
    pub(super) fn of(chunk: &'a ArrayRef) -> PyResult<Strs<'a>> {
        Strs::with_texts(chunk, None)
    }

    /// [`Strs::of`], with the texts of a `Utf8View` chunk's buffers when
    /// they were checked already.
    pub(super) fn with_texts(
        chunk: &'a ArrayRef,
        texts: Option<&'a [Text<'a>]>,
    ) -> PyResult<Strs<'a>> {
        Ok(match chunk.data_type() {
            DataType::Utf8 => {
                let a = chunk.as_string::<i32>();
                let (text, base) = span(a.value_offsets(), a.value_data());
                Strs::Utf8(a.value_offsets(), text, base)
            }
            DataType::LargeUtf8 => {
                let a = chunk.as_string::<i64>();
                let (text, base) = span(a.value_offsets(), a.value_data());
                Strs::Large(a.value_offsets(), text, base)
            }
            DataType::Utf8View => {
                let a = chunk.as_string_view();
                let texts = match texts {
                    Some(t) => Cow::Borrowed(t),
                    None => Cow::Owned(buffer_texts(chunk)),
                };
                Strs::View(a.views().inner().as_slice(), texts)
            }
            DataType::Null => Strs::Null,
            // A column of another type with no value at all holds no host
            // either: a CSV column left empty reads into pandas as floats,
            // all NaN.
            _ if chunk.null_count() == chunk.len() => Strs::Null,
            other => return Err(not_strings(other)),
        })
    }

    /// Row `i`, or `None` where its bytes are out of bounds or not UTF-8.
    /// Always inlined into the lookup's loop, which it feeds a host at a
    /// time, so that reading a row is no call of its own
    /// (python/bench/bench.py, a pyarrow column on one core).
    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            Strs::Utf8(offsets, text, base) => {
                let (start, end) = row_bounds(offsets, i, *base)?;
                text.get(start, end)
            }
            Strs::Large(offsets, text, base) => {
                let (start, end) = row_bounds(offsets, i, *base)?;
                text.get(start, end)
            }
            Strs::View(views, texts) => {
                let raw: &'a [u8] = views.get(i * 16..i * 16 + 16)?;
                let len = u32::from_le_bytes(raw[..4].try_into().ok()?) as usize;
                if len <= 12 {
                    // A string of the view itself (a fifth of a log's
                    // hosts): its few bytes checked for ASCII in line, a
                    // few instructions, because the UTF-8 check is a call
                    // (a profile of python/bench/bench.py's polars
                    // Series, one core).
                    let bytes = raw.get(4..4 + len)?;
                    if bytes.is_ascii() {
                        // SAFETY: ASCII bytes are UTF-8.
                        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
                    } else {
                        std::str::from_utf8(bytes).ok()
                    }
                } else {
                    let view = ByteView::from(u128::from_le_bytes(raw.try_into().ok()?));
                    let at = view.offset as usize;
                    texts
                        .get(view.buffer_index as usize)?
                        .get(at, at.checked_add(len)?)
                }
            }
            Strs::Null => None,
        }
    }

    /// Why row `i` is no string when [`Strs::get`] reads none (its bytes
    /// out of bounds or not UTF-8); `None` when it reads one. Asked only of
    /// rows answered as invalid, for their message: such a row is looked
    /// up as the empty host.
    #[cold]
    pub(super) fn unreadable(&self, i: usize) -> Option<String> {
        if self.get(i).is_some() {
            return None;
        }
        let bytes = match self {
            Strs::Utf8(offsets, text, base) => {
                row_bounds(offsets, i, *base).and_then(|(start, end)| text.bytes(start, end))
            }
            Strs::Large(offsets, text, base) => {
                row_bounds(offsets, i, *base).and_then(|(start, end)| text.bytes(start, end))
            }
            Strs::View(views, texts) => views.get(i * 16..i * 16 + 16).and_then(|raw| {
                let len = u32::from_le_bytes(raw.get(..4)?.try_into().ok()?) as usize;
                if len <= 12 {
                    return raw.get(4..4 + len);
                }
                let view = ByteView::from(u128::from_le_bytes(raw.try_into().ok()?));
                let at = view.offset as usize;
                texts
                    .get(view.buffer_index as usize)?
                    .bytes(at, at.checked_add(len)?)
            }),
            Strs::Null => return None,
        };
        Some(match bytes.map(std::str::from_utf8) {
            Some(Err(e)) => format!("invalid UTF-8 at byte {}", e.valid_up_to()),
            _ => "the string lies outside its Arrow buffers".to_string(),
        })
    }

    /// The view of row `i` of a `Utf8View` chunk.
    #[inline]
    pub(super) fn view(&self, i: usize) -> Option<ByteView> {
        match *self {
            Strs::View(views, _) => {
                let raw = views.get(i * 16..i * 16 + 16)?;
                Some(ByteView::from(u128::from_le_bytes(raw.try_into().ok()?)))
            }
            _ => None,
        }
    }
}

/// Calls `f` with each row of a string chunk: `None` for NULL (and for a
/// string that breaks Arrow's rules); stops with an error once `stop` is
/// set.
pub(super) fn each_str(
    chunk: &ArrayRef,
    stop: &Stop,
    mut f: impl FnMut(Option<&str>),
) -> PyResult<()> {
    each_row(chunk, stop, |row| f(row.flatten()))
}

/// Calls `f` with each row of a string chunk: `None` for NULL, `Some(None)`
/// for a string that breaks Arrow's rules (its bytes out of bounds or not
/// UTF-8); stops with an error once `stop` is set.
pub(super) fn each_row(
    chunk: &ArrayRef,
    stop: &Stop,
    mut f: impl FnMut(Option<Option<&str>>),
) -> PyResult<()> {
    let strs = Strs::of(chunk)?;
    let nulls = chunk.logical_nulls();
    for i in 0..chunk.len() {
        if i % BLOCK == 0 {
            stop.check()?;
        }
        let null = nulls.as_ref().is_some_and(|n| n.is_null(i));
        f(if null { None } else { Some(strs.get(i)) });
    }
    Ok(())
}

/// Calls `f` with each row's index and answer, in batches of [`BLOCK`]
/// rows (the library's batch path): `None` for a NULL row (a string that
/// breaks Arrow's rules is answered as the empty host, an invalid one).
/// Stops with an error, between batches, once `stop` is set.
pub(super) fn each_answer_at(
    list: &List,
    options: &Options,
    chunk: &ArrayRef,
    strs: &Strs<'_>,
    stop: &Stop,
    mut f: impl FnMut(usize, Option<&Answer<'_>>),
) -> PyResult<()> {
    if let Strs::Null = strs {
        (0..chunk.len()).for_each(|i| f(i, None));
        return Ok(());
    }
    // One loop for chunks with NULLs and without: `f`, then called from
    // one place only, is inlined into it.
    let nulls = chunk.logical_nulls();
    let is_valid = |i| nulls.as_ref().is_none_or(|n| n.is_valid(i));
    let mut start = 0;
    while start < chunk.len() {
        stop.check()?;
        let end = chunk.len().min(start + BLOCK);
        let hosts = (start..end).map(|i| strs.get(i).unwrap_or(""));
        list.lookup_each_with(hosts, options, |i, answer| {
            let i = start + i;
            f(i, is_valid(i).then_some(&answer))
        });
        start = end;
    }
    Ok(())
}

/// [`each_answer_at`] without the index.
pub(super) fn each_answer(
    list: &List,
    options: &Options,
    chunk: &ArrayRef,
    stop: &Stop,
    mut f: impl FnMut(Option<&Answer<'_>>),
) -> PyResult<()> {
    each_answer_at(list, options, chunk, &Strs::of(chunk)?, stop, |_, a| f(a))
}

fn not_strings(t: &DataType) -> pyo3::PyErr {
    PyTypeError::new_err(format!(
        "expected a column of strings (utf8, large_utf8 or utf8_view), got {t}"
    ))
}

/// Where row `i` lies in the values of a string array whose offsets are
/// `offsets`, its first at `base`: `None` where an offset is missing,
/// negative or before `base`.
#[inline]
fn row_bounds<O: Copy>(offsets: &[O], i: usize, base: usize) -> Option<(usize, usize)>
where
    usize: TryFrom<O>,
{
    let at = |j: usize| usize::try_from(*offsets.get(j)?).ok()?.checked_sub(base);
    Some((at(i)?, at(i + 1)?))
}
