//! Reading a chunk's strings: their type ([`string_type`]), their bytes
//! checked as UTF-8 once ([`Text`]), each row with every bound checked
//! ([`Strs`]), and the rows and their answers in order ([`each_answer_at`]).

use std::borrow::Cow;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StringViewArray};
use arrow_data::ByteView;
use arrow_schema::DataType;
use etld::{Answer, List, Options};
use pyo3::exceptions::PyTypeError;
use pyo3::PyResult;

use super::stop::{Stop, BLOCK};
use crate::arrow::Imported;
use crate::text::offset_in;

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
    /// Bytes that are not, or that were not checked as a whole (see
    /// [`buffer_texts`]): each string is checked on its own.
    Unchecked(&'a [u8]),
}

impl<'a> Text<'a> {
    pub(super) fn of(bytes: &'a [u8]) -> Text<'a> {
        match simdutf8::basic::from_utf8(bytes) {
            Ok(text) => Text::Checked(text),
            Err(_) => Text::Unchecked(bytes),
        }
    }

    /// The text of a buffer whose rows may take `share` of its bytes (see
    /// [`shares`]): checked whole, the faster way, unless it holds far
    /// more bytes (a buffer that a slice shares with the rest of its
    /// column), when each row is checked on its own, in time that the rows
    /// set rather than the buffer's size.
    pub(super) fn of_share(bytes: &'a [u8], share: u64) -> Text<'a> {
        if bytes.len() as u64 <= share.saturating_add(4096) {
            Text::of(bytes)
        } else {
            Text::Unchecked(bytes)
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

/// The texts of the data buffers of a `Utf8View` chunk: each checked
/// whole, unless it holds far more bytes than the chunk's rows may take
/// ([`shares`]), when it is left to be checked a row at a time. A chunk of
/// a column sliced or split into chunks (Polars, `concat(rechunk=False)`)
/// shares its buffers with the others and uses a small part of them, so
/// that checking each buffer whole for each chunk would cost the whole
/// column's bytes a chunk.
pub(super) fn buffer_texts(chunk: &ArrayRef) -> Vec<Text<'_>> {
    let array = chunk.as_string_view();
    array
        .data_buffers()
        .iter()
        .zip(shares(array))
        .map(|(buffer, share)| Text::of_share(buffer.as_slice(), share))
        .collect()
}

/// The bytes a row of hosts or URLs takes at most on average, with room
/// to spare: a host holds at most 253, a URL of a log a few hundred.
const BYTES_A_ROW: u64 = 1024;

/// The bytes of each data buffer of `array` that its rows may take, for
/// [`Text::of_share`]: [`BYTES_A_ROW`] a row, shared among its buffers by
/// their sizes. Told from the rows' count and the buffers' sizes alone, so
/// that it costs nothing a row.
pub(super) fn shares(array: &StringViewArray) -> impl Iterator<Item = u64> + '_ {
    let buffers = array.data_buffers();
    let total: u128 = buffers.iter().map(|b| b.len() as u128).sum();
    let rows_may_take = array.len() as u128 * u128::from(BYTES_A_ROW);
    buffers.iter().map(move |b| {
        let share = (rows_may_take * b.len() as u128)
            .checked_div(total)
            .unwrap_or(0);
        u64::try_from(share).unwrap_or(u64::MAX)
    })
}

/// The strings of a chunk, read with every offset, length and buffer index
/// checked and their UTF-8 checked (see [`Text`]): a chunk is only checked
/// for its structure when it comes in (see `arrow::import`), so a producer
/// that breaks Arrow's rules gets NULL answers for its broken strings,
/// never undefined behaviour (buffers are taken to stay unchanged during
/// the call, see `arrow::import`).
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
    match offsets_span(offsets) {
        Some((first, last)) if last <= values.len() => (Text::of(&values[first..last]), first),
        _ => (Text::of(values), 0),
    }
}

/// The first and the last of `offsets`, where both are places and the
/// first is no greater.
pub(super) fn offsets_span<O: Copy + TryInto<usize>>(offsets: &[O]) -> Option<(usize, usize)> {
    let at = |o: Option<&O>| o.and_then(|&o| o.try_into().ok());
    let (first, last) = (at(offsets.first())?, at(offsets.last())?);
    (first <= last).then_some((first, last))
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
    each_row_of(chunk, &Strs::of(chunk)?, stop, |_, row| f(row))
}

/// [`each_row`] of `chunk` read as `strs`, with each row's index (for
/// [`Strs::unreadable`]).
pub(super) fn each_row_of<'a>(
    chunk: &ArrayRef,
    strs: &Strs<'a>,
    stop: &Stop,
    mut f: impl FnMut(usize, Option<Option<&'a str>>),
) -> PyResult<()> {
    let nulls = chunk.logical_nulls();
    for i in 0..chunk.len() {
        if i % BLOCK == 0 {
            stop.check()?;
        }
        let null = nulls.as_ref().is_some_and(|n| n.is_null(i));
        f(i, if null { None } else { Some(strs.get(i)) });
    }
    Ok(())
}

/// What the rows of a column hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rows {
    /// Hosts, each looked up as it is.
    Hosts,
    /// URLs (or `host:port`, or e-mail addresses): the host that
    /// [`etld::url::host`] takes out of each is looked up, as it is read,
    /// with no column of hosts in between (`url=True`).
    Urls,
}

/// Calls `f` with each row's index, its answer and where the host looked
/// up starts in the row's string, in batches of [`BLOCK`] rows (the
/// library's batch path). The answer is `None` for a NULL row (a string
/// that breaks Arrow's rules is answered as the empty host, an invalid one,
/// and so is a URL with no host); the start is `None` where the host is no
/// piece of the row (a URL whose host the parser rewrote). Stops with an
/// error, between batches, once `stop` is set.
pub(super) fn each_answer_at<'a>(
    list: &List,
    options: &Options,
    chunk: &ArrayRef,
    strs: &Strs<'a>,
    rows: Rows,
    stop: &Stop,
    mut f: impl FnMut(usize, Option<&Answer<'_>>, Option<usize>),
) -> PyResult<()> {
    if let Strs::Null = strs {
        (0..chunk.len()).for_each(|i| f(i, None, None));
        return Ok(());
    }
    // One loop for chunks with NULLs and without, and for hosts and URLs:
    // `f`, then called from one place only, is inlined into it (a loop for
    // each calls it from two, out of line: a profile of a pyarrow column).
    let nulls = chunk.logical_nulls();
    let is_valid = |i| nulls.as_ref().is_none_or(|n| n.is_valid(i));
    let urls = rows == Rows::Urls;
    // A batch of URLs' hosts, each with where it starts in its URL.
    let mut hosts: Vec<(Cow<'a, str>, Option<usize>)> = Vec::new();
    let mut start = 0;
    while start < chunk.len() {
        stop.check()?;
        let end = chunk
            .len()
            .min(start + if urls { URL_BATCH } else { BLOCK });
        if urls {
            hosts.clear();
            hosts.extend((start..end).map(|i| host_of_url(strs.get(i))));
        }
        let batch = (start..end).map(|i| match urls {
            false => strs.get(i).unwrap_or(""),
            true => hosts.get(i - start).map_or("", |(host, _)| host.as_ref()),
        });
        list.lookup_each_with(batch, options, |i, answer| {
            let at = match urls {
                false => Some(0),
                true => hosts.get(i).and_then(|(_, at)| *at),
            };
            let i = start + i;
            f(i, is_valid(i).then_some(&answer), at)
        });
        start = end;
    }
    Ok(())
}

/// Hosts of URLs looked up at a time: their buffer stays in the cache.
const URL_BATCH: usize = 1024;

/// The host of a URL, as [`etld::url::host`] takes it out (the empty host,
/// an invalid one, where there is none), and where it starts in the URL if
/// it is a piece of it.
fn host_of_url(url: Option<&str>) -> (Cow<'_, str>, Option<usize>) {
    let Some(host) = url.and_then(|u| etld::url::host(u).ok()) else {
        return (Cow::Borrowed(""), None);
    };
    let at = match (&host, url) {
        (Cow::Borrowed(h), Some(u)) => offset_in(u, h),
        _ => None,
    };
    (host, at)
}

/// [`each_answer_at`] without the index or where the host starts.
pub(super) fn each_answer(
    list: &List,
    options: &Options,
    chunk: &ArrayRef,
    rows: Rows,
    stop: &Stop,
    mut f: impl FnMut(Option<&Answer<'_>>),
) -> PyResult<()> {
    let strs = Strs::of(chunk)?;
    each_answer_at(list, options, chunk, &strs, rows, stop, |_, a, _| f(a))
}

fn not_strings(t: &DataType) -> pyo3::PyErr {
    // What to do about the columns that hold strings in another form.
    let advice = match t {
        DataType::Struct(_) => ": a table or a struct column; pass one of its columns",
        DataType::RunEndEncoded(..) => ": decode it first (pyarrow.compute.run_end_decode)",
        DataType::Binary | DataType::LargeBinary | DataType::BinaryView => {
            ": decode its bytes as UTF-8 first (pyarrow: .cast(pyarrow.string()))"
        }
        _ => "",
    };
    PyTypeError::new_err(format!(
        "expected a column of strings (utf8, large_utf8 or utf8_view), got {t}{advice}"
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
