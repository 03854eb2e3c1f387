//! Whole columns of hosts, answered in one batch by
//! [`etld::List::lookup_each_with`], with no Python object per host.
//!
//! A column of strings (`Utf8`, `LargeUtf8` or `Utf8View`, in any number of
//! chunks) gives one array of answers: strings in the input's own string
//! type, `Boolean` for `known` and the cookie check, and a `Struct` of every
//! part for `lookup`. A NULL or invalid host gives NULL (for `lookup`, a row
//! whose `error` says why).

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use arrow_array::builder::{
    make_view, BooleanBuilder, LargeStringBuilder, StringBuilder, StringViewBuilder,
};
use arrow_array::cast::AsArray;
use arrow_array::{
    Array, ArrayRef, GenericStringArray, OffsetSizeTrait, StringViewArray, StructArray,
};
use arrow_buffer::{BooleanBufferBuilder, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_data::ByteView;
use arrow_schema::{DataType, Field, Fields};
use etld::{Answer, Domain, List, Options};
use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::{PyResult, Python};

use crate::arrow::Imported;
use crate::extract;
use crate::view::View;

/// What to answer for each row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// The registrable domain.
    Registrable,
    /// The public suffix.
    Suffix,
    /// The labels left of the registrable domain.
    Subdomain,
    /// The label left of the suffix.
    Label,
    /// `icann`, `private`, or NULL.
    Section,
    /// Whether a listed rule matched (NULL for NULL or invalid hosts).
    Known,
    /// Why the host is invalid; NULL when it is valid.
    Error,
    /// Every part, as a struct.
    Lookup,
    /// The host of a URL.
    Host,
    /// Every part of the lookup of a URL's host, and the host.
    LookupUrl,
    /// The site key: the registrable domain in ASCII, without a trailing
    /// dot.
    Site,
    /// The parts of the host of a URL in tldextract's shape (`extract`), as
    /// a struct.
    Extract,
}

// `Op::ALL` holds every operation at the place its number says, checked
// when the crate compiles: the fast entry finds each by its number.
#[cfg(Py_3_10)]
const _: () = {
    let mut i = 0;
    while i < Op::ALL.len() {
        assert!(Op::ALL[i] as usize == i, "Op::ALL out of order");
        i += 1;
    }
};

impl Op {
    /// Every operation, in the order of declaration: `Op::ALL[op as usize]`
    /// is `op`. (The entry of the module's functions numbers them so.)
    #[cfg(Py_3_10)]
    pub const ALL: [Op; 12] = [
        Op::Registrable,
        Op::Suffix,
        Op::Subdomain,
        Op::Label,
        Op::Section,
        Op::Known,
        Op::Error,
        Op::Lookup,
        Op::Host,
        Op::LookupUrl,
        Op::Site,
        Op::Extract,
    ];

    /// Whether the operation answers one part of the lookup of a host, a
    /// `str`, a `bool` or None: `Registrable`, `Suffix`, `Subdomain`,
    /// `Label`, `Section`, `Known` or `Site`. (The fast entry of the
    /// module's functions asks.)
    #[cfg(Py_3_10)]
    pub const fn is_part(self) -> bool {
        matches!(
            self,
            Op::Registrable
                | Op::Suffix
                | Op::Subdomain
                | Op::Label
                | Op::Section
                | Op::Known
                | Op::Site
        )
    }

    /// The options the operation looks up with, given the call's: the site
    /// key is always in ASCII.
    #[inline]
    pub fn options(self, options: &Options) -> Options {
        match self {
            Op::Site => options.output(etld::Output::Ascii),
            _ => *options,
        }
    }

    /// The operation named `name`.
    pub fn parse(name: &str) -> PyResult<Op> {
        Ok(match name {
            "registrable" => Op::Registrable,
            "suffix" => Op::Suffix,
            "subdomain" => Op::Subdomain,
            "label" => Op::Label,
            "section" => Op::Section,
            "known" => Op::Known,
            "error" => Op::Error,
            "lookup" => Op::Lookup,
            "host" => Op::Host,
            "lookup_url" => Op::LookupUrl,
            "site" => Op::Site,
            "extract" => Op::Extract,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "no such operation: {name:?}"
                )))
            }
        })
    }
}

/// Rows looked up between two checks of [`Stop`]: a few milliseconds of
/// work, where a check is one load of an atomic.
const BLOCK: usize = 1 << 16;

/// Rows from which a column call runs on a thread of its own while the
/// calling thread watches for signals ([`interruptible`]): fewer take a
/// few milliseconds, less than a thread costs to start is worth.
const WATCHED_ROWS: usize = 1 << 18;

/// How often the calling thread of a column call asks the interpreter
/// whether a signal came: a Ctrl-C is answered within this and the
/// [`BLOCK`] being looked up.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Set when a column call is to stop (a signal's handler raised while it
/// ran): the loops that answer it check between blocks of rows and give up.
#[derive(Default)]
pub struct Stop(AtomicBool);

impl Stop {
    /// An error once the call is to stop (the caller reports the signal's
    /// own error instead: see [`interruptible`]).
    #[inline]
    fn check(&self) -> PyResult<()> {
        match self.0.load(Ordering::Relaxed) {
            false => Ok(()),
            true => Err(PyKeyboardInterrupt::new_err(
                "etld: the column call was stopped",
            )),
        }
    }
}

/// Runs `work`, a column call of `rows` rows, with the GIL released, so
/// that a signal stops it: a long call runs on a thread of its own while
/// the calling thread, every [`SIGNAL_POLL`], attaches for a moment and
/// runs the interpreter's signal handlers (`PyErr_CheckSignals`, which
/// does nothing off the main thread). A handler that raises (Ctrl-C's
/// `KeyboardInterrupt`) sets `work`'s [`Stop`], and its error is the
/// call's once `work` has given up. Without this, a column of 12-16 M rows
/// answered Ctrl-C only when it was done.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    rows: usize,
    work: impl FnOnce(&Stop) -> PyResult<T> + Send,
) -> PyResult<T> {
    let stop = Stop::default();
    if rows < WATCHED_ROWS {
        return py.detach(|| work(&stop));
    }
    py.detach(|| {
        std::thread::scope(|s| {
            let (done, finished) = mpsc::channel::<()>();
            let stop = &stop;
            let worker = s.spawn(move || {
                let result = work(stop);
                // The watcher may have gone (a signal): nothing to tell.
                let _ = done.send(());
                result
            });
            let mut signal = None;
            while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(SIGNAL_POLL) {
                if let Err(e) = Python::attach(|py| py.check_signals()) {
                    stop.0.store(true, Ordering::Relaxed);
                    signal = Some(e);
                    break;
                }
            }
            let result = worker.join().unwrap_or_else(|_| {
                Err(pyo3::exceptions::PyRuntimeError::new_err(
                    "an etld worker thread panicked",
                ))
            });
            match signal {
                Some(e) => Err(e),
                None => result,
            }
        })
    })
}

/// A column of strings being built, in one of Arrow's three string types.
pub enum Strings {
    /// `Utf8`.
    Utf8(StringBuilder),
    /// `LargeUtf8`.
    Large(LargeStringBuilder),
    /// `Utf8View`.
    View(StringViewBuilder),
}

impl Strings {
    /// A builder for `rows` strings of the type `like` (a string type; any
    /// other gives `Utf8`) taking about `bytes` bytes.
    pub fn new(like: &DataType, rows: usize, bytes: usize) -> Strings {
        match like {
            DataType::LargeUtf8 => Strings::Large(LargeStringBuilder::with_capacity(rows, bytes)),
            DataType::Utf8View => Strings::View(StringViewBuilder::with_capacity(rows)),
            _ => Strings::Utf8(StringBuilder::with_capacity(rows, bytes)),
        }
    }

    /// Appends a string, or NULL.
    #[inline]
    pub fn push(&mut self, value: Option<&str>) {
        match self {
            Strings::Utf8(b) => b.append_option(value),
            Strings::Large(b) => b.append_option(value),
            Strings::View(b) => b.append_option(value),
        }
    }

    /// The array of the strings appended.
    pub fn finish(self) -> ArrayRef {
        match self {
            Strings::Utf8(mut b) => Arc::new(b.finish()),
            Strings::Large(mut b) => Arc::new(b.finish()),
            Strings::View(mut b) => Arc::new(b.finish()),
        }
    }
}

/// The type of the strings answered for a column of `input`: the input's
/// own, except that `Utf8` becomes `LargeUtf8` when the column holds more
/// bytes than `Utf8` offsets can point at.
fn string_type(input: &Imported) -> DataType {
    match &input.data_type {
        DataType::Utf8 => {
            let bytes: usize = input
                .chunks
                .iter()
                .map(|c| c.to_data().buffers()[1].len())
                .sum();
            if bytes > i32::MAX as usize {
                DataType::LargeUtf8
            } else {
                DataType::Utf8
            }
        }
        DataType::LargeUtf8 => DataType::LargeUtf8,
        DataType::Utf8View => DataType::Utf8View,
        _ => DataType::Utf8,
    }
}

/// The bytes of a chunk's strings, checked as UTF-8 once, all together,
/// where they are (nearly always), else as each string is read.
///
/// Checking each host's UTF-8 as it was read took 14% of the samples of a
/// profile of `etld.registrable(pyarrow_array)` on one core; checking the
/// bytes of a whole chunk at once runs the check's ASCII fast path over
/// long stretches, and then a string whose first and last offsets are
/// character boundaries of that text is valid UTF-8 (`str::get`).
#[derive(Clone, Copy)]
enum Text<'a> {
    /// Bytes that are valid UTF-8 as a whole.
    Checked(&'a str),
    /// Bytes that are not: each string is checked on its own.
    Unchecked(&'a [u8]),
}

impl<'a> Text<'a> {
    fn of(bytes: &'a [u8]) -> Text<'a> {
        match simdutf8::basic::from_utf8(bytes) {
            Ok(text) => Text::Checked(text),
            Err(_) => Text::Unchecked(bytes),
        }
    }

    /// Bytes `start..end`, UTF-8 or not; `None` where they are out of
    /// bounds.
    fn bytes(self, start: usize, end: usize) -> Option<&'a [u8]> {
        match self {
            Text::Checked(text) => text.as_bytes().get(start..end),
            Text::Unchecked(bytes) => bytes.get(start..end),
        }
    }

    /// Bytes `start..end`, or `None` where they are out of bounds or not
    /// UTF-8.
    #[inline]
    fn get(self, start: usize, end: usize) -> Option<&'a str> {
        match self {
            Text::Checked(text) => text.get(start..end),
            Text::Unchecked(bytes) => simdutf8::basic::from_utf8(bytes.get(start..end)?).ok(),
        }
    }
}

/// The texts of the data buffers of a `Utf8View` chunk.
fn buffer_texts(chunk: &ArrayRef) -> Vec<Text<'_>> {
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
enum Strs<'a> {
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
    fn of(chunk: &'a ArrayRef) -> PyResult<Strs<'a>> {
        Strs::with_texts(chunk, None)
    }

    /// [`Strs::of`], with the texts of a `Utf8View` chunk's buffers when
    /// they were checked already.
    fn with_texts(chunk: &'a ArrayRef, texts: Option<&'a [Text<'a>]>) -> PyResult<Strs<'a>> {
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
            other => return Err(not_strings(other)),
        })
    }

    /// Row `i`, or `None` where its bytes are out of bounds or not UTF-8.
    /// Always inlined into the lookup's loop, which it feeds a host at a
    /// time (a call a row otherwise: with the closure below, a pyarrow
    /// column on one core went from 19.7-20.3 to 20.3-21.0 M hosts/s).
    #[inline(always)]
    fn get(&self, i: usize) -> Option<&'a str> {
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
                    // hosts): checking its few bytes for ASCII is a few
                    // instructions, where the UTF-8 check is a call that
                    // took 3% of the samples of a profile of
                    // `etld.registrable(polars_series)`, one core.
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
    fn unreadable(&self, i: usize) -> Option<String> {
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
    fn view(&self, i: usize) -> Option<ByteView> {
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
fn each_str(chunk: &ArrayRef, stop: &Stop, mut f: impl FnMut(Option<&str>)) -> PyResult<()> {
    each_row(chunk, stop, |row| f(row.flatten()))
}

/// Calls `f` with each row of a string chunk: `None` for NULL, `Some(None)`
/// for a string that breaks Arrow's rules (its bytes out of bounds or not
/// UTF-8); stops with an error once `stop` is set.
fn each_row(
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
fn each_answer_at(
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
fn each_answer(
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

/// The parts of a lookup, as columns.
struct Parts {
    host: Option<Strings>,
    suffix: Strings,
    registrable: Strings,
    subdomain: Strings,
    label: Strings,
    section: StringBuilder,
    known: BooleanBuilder,
    error: StringBuilder,
    nulls: Vec<bool>,
}

impl Parts {
    fn new(t: &DataType, rows: usize, bytes: usize, url: bool) -> Parts {
        Parts {
            host: url.then(|| Strings::new(t, rows, bytes)),
            suffix: Strings::new(t, rows, bytes / 2),
            registrable: Strings::new(t, rows, bytes),
            subdomain: Strings::new(t, rows, bytes / 2),
            label: Strings::new(t, rows, bytes / 2),
            section: StringBuilder::with_capacity(rows, rows * 5),
            known: BooleanBuilder::with_capacity(rows),
            error: StringBuilder::new(),
            nulls: Vec::with_capacity(rows),
        }
    }

    /// A NULL row.
    fn null(&mut self) {
        if let Some(h) = &mut self.host {
            h.push(None);
        }
        self.push_parts(None, None, None, None, None, None, None);
        self.nulls.push(false);
    }

    #[allow(clippy::too_many_arguments)]
    fn push_parts(
        &mut self,
        suffix: Option<&str>,
        registrable: Option<&str>,
        subdomain: Option<&str>,
        label: Option<&str>,
        section: Option<&str>,
        known: Option<bool>,
        error: Option<&str>,
    ) {
        self.suffix.push(suffix);
        self.registrable.push(registrable);
        self.subdomain.push(subdomain);
        self.label.push(label);
        self.section.append_option(section);
        self.known.append_option(known);
        self.error.append_option(error);
    }

    /// The parts of a valid host's answer, from either path.
    fn found(&mut self, v: &impl View) {
        self.push_parts(
            v.suffix(),
            v.registrable(),
            v.subdomain(),
            v.label(),
            v.section_name(),
            Some(v.known()),
            None,
        );
    }

    /// The row of an answer of the batch path for the host `host` gives;
    /// `unreadable` says why the row was no string, if it was none (see
    /// [`Strs::unreadable`]).
    fn answer<'h>(
        &mut self,
        a: &Answer<'_>,
        unreadable: impl FnOnce() -> Option<String>,
        host: impl FnOnce() -> Option<&'h str>,
    ) {
        match a.error() {
            Some(e) => self.push_parts(
                None,
                None,
                None,
                None,
                None,
                Some(false),
                Some(&unreadable().unwrap_or_else(|| hinted(host().unwrap_or(""), e.to_string()))),
            ),
            None => self.found(a),
        }
        self.nulls.push(true);
    }

    /// The row of a URL: its host and the host's lookup, or why there is
    /// none.
    fn url(&mut self, host: Option<&str>, found: Result<&Domain<'_>, String>) {
        if let Some(h) = &mut self.host {
            h.push(host);
        }
        match found {
            Ok(d) => self.found(d),
            Err(e) => self.push_parts(None, None, None, None, None, Some(false), Some(&e)),
        }
        self.nulls.push(true);
    }

    fn finish(self) -> PyResult<ArrayRef> {
        let mut columns: Vec<(&str, ArrayRef)> = Vec::new();
        if let Some(h) = self.host {
            columns.push(("host", h.finish()));
        }
        columns.push(("suffix", self.suffix.finish()));
        columns.push(("registrable", self.registrable.finish()));
        columns.push(("subdomain", self.subdomain.finish()));
        columns.push(("label", self.label.finish()));
        columns.push(("section", Arc::new({ self.section }.finish())));
        columns.push(("known", Arc::new({ self.known }.finish())));
        columns.push(("error", Arc::new({ self.error }.finish())));
        let fields: Fields = columns
            .iter()
            .map(|(name, a)| Field::new(*name, a.data_type().clone(), true))
            .collect();
        let arrays = columns.into_iter().map(|(_, a)| a).collect();
        let nulls = NullBuffer::from(self.nulls);
        let nulls = (nulls.null_count() > 0).then_some(nulls);
        let array = StructArray::try_new(fields, arrays, nulls)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Arc::new(array))
    }
}

/// Rows below which a column is answered on one thread.
const MIN_ROWS_PER_THREAD: usize = 1 << 16;

/// The buffers of copies of the pieces one thread answered, with each
/// piece's index.
type Answered = Vec<(usize, PyResult<Vec<u8>>)>;

/// Pieces a thread's share of a `Utf8View` column is cut into, for the
/// threads to take as they finish (see `answer_views`).
const PIECES_PER_THREAD: usize = 8;

/// Rows below which a piece of a column is not cut smaller.
const MIN_ROWS_PER_PIECE: usize = 1 << 14;

/// Answers `op` for every row of `input`: one array of answers per part
/// of the column answered on a thread of its own. A column of at least
/// twice [`MIN_ROWS_PER_THREAD`] rows is split over the cores this process
/// may run on (`std::thread::available_parallelism`, which follows CPU
/// affinity, so a process pinned to one core answers on one thread).
/// Stops with an error once `stop` is set.
pub fn answer(
    list: &List,
    options: &Options,
    op: Op,
    input: &Imported,
    stop: &Stop,
) -> PyResult<Vec<ArrayRef>> {
    let t = string_type(input);
    let rows = input.len();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = cores.min(rows / MIN_ROWS_PER_THREAD).max(1);
    let options = &op.options(options);
    let string_part = matches!(
        op,
        Op::Registrable | Op::Suffix | Op::Subdomain | Op::Label | Op::Site
    );
    if string_part && t == DataType::Utf8View {
        return Ok(vec![answer_views(
            list,
            options,
            op,
            &input.chunks,
            threads,
            stop,
        )?]);
    }
    if threads == 1 {
        return Ok(vec![answer_chunks(
            list,
            options,
            op,
            &input.chunks,
            &t,
            stop,
        )?]);
    }
    let pieces: Vec<Vec<ArrayRef>> = split(&input.chunks, rows.div_ceil(threads))
        .into_iter()
        .map(|piece| piece.into_iter().map(|(_, slice)| slice).collect())
        .collect();
    std::thread::scope(|s| {
        let workers: Vec<_> = pieces
            .iter()
            .map(|piece| s.spawn(|| answer_chunks(list, options, op, piece, &t, stop)))
            .collect();
        join_all(workers).collect()
    })
}

/// [`answer`] for the host of each URL of `input`, as `Op::Host` takes it
/// out: NULL where there is none, and for `Op::Error` why.
pub fn answer_of_urls(
    list: &List,
    options: &Options,
    op: Op,
    input: &Imported,
    stop: &Stop,
) -> PyResult<Vec<ArrayRef>> {
    if op == Op::Error {
        // The lookups of the URLs' hosts say why a URL has none too.
        return answer(list, options, Op::LookupUrl, input, stop)?
            .iter()
            .map(|c| {
                c.as_struct_opt()
                    .and_then(|s| s.column_by_name("error"))
                    .cloned()
                    .ok_or_else(|| PyValueError::new_err("etld: no error column"))
            })
            .collect();
    }
    let chunks = answer(list, options, Op::Host, input, stop)?;
    let hosts = Imported {
        data_type: chunks
            .first()
            .map_or_else(|| string_type(input), |c| c.data_type().clone()),
        chunks,
    };
    answer(list, options, op, &hosts, stop)
}

/// etld's `message` for the invalid host `input`, told what to call
/// instead where `input` looks like a URL, `host:port` or an e-mail
/// address (it holds `:`, `/` or `@`, and a URL parser finds in it a host
/// other than the whole of it, as it does not in `[::1]`): given one, a
/// host function found only a forbidden code point.
pub fn hinted(input: &str, message: String) -> String {
    let looks_like_url = input.contains([':', '/', '@'])
        && etld::url::host(input).is_ok_and(|host| host.as_ref() != input);
    if looks_like_url {
        format!(
            "{message}: this looks like a URL (or host:port, or an e-mail address), \
             whose host lookup_url() takes out, as the other functions do with url=True"
        )
    } else {
        message
    }
}

/// Each worker's result, in order; a worker that panicked is an error.
fn join_all<'s, T>(
    workers: Vec<std::thread::ScopedJoinHandle<'s, PyResult<T>>>,
) -> impl Iterator<Item = PyResult<T>> + use<'s, T> {
    workers.into_iter().map(|w| {
        w.join().unwrap_or_else(|_| {
            Err(pyo3::exceptions::PyRuntimeError::new_err(
                "an etld worker thread panicked",
            ))
        })
    })
}

/// The chunks cut into pieces of `per_piece` rows (the last one shorter),
/// without copying: each piece is slices of the chunks, with the index of
/// the chunk each slice is of.
fn split(chunks: &[ArrayRef], per_piece: usize) -> Vec<Vec<(usize, ArrayRef)>> {
    let mut pieces = vec![Vec::new()];
    let mut room = per_piece;
    for (index, chunk) in chunks.iter().enumerate() {
        let mut at = 0;
        while at < chunk.len() {
            if room == 0 {
                pieces.push(Vec::new());
                room = per_piece;
            }
            let take = room.min(chunk.len() - at);
            if let Some(piece) = pieces.last_mut() {
                piece.push((index, chunk.slice(at, take)));
            }
            at += take;
            room -= take;
        }
    }
    pieces
}

/// Answers `op` for every row of `chunks` in one array, of strings of the
/// type `t` where the answer is a string.
fn answer_chunks(
    list: &List,
    options: &Options,
    op: Op,
    chunks: &[ArrayRef],
    t: &DataType,
    stop: &Stop,
) -> PyResult<ArrayRef> {
    let rows: usize = chunks.iter().map(|c| c.len()).sum();
    // Room for answers of 16 bytes on average: builders grow past it.
    let bytes = rows * 16;
    let input = Imported {
        data_type: t.clone(),
        chunks: chunks.to_vec(),
    };
    let t = t.clone();
    match op {
        // By the answer's type, not the chunks': a column of no chunks
        // answers in its own type too.
        Op::Registrable | Op::Suffix | Op::Subdomain | Op::Label | Op::Site
            if t == DataType::Utf8View =>
        {
            answer_views(list, options, op, chunks, 1, stop)
        }
        Op::Registrable | Op::Suffix | Op::Subdomain | Op::Label | Op::Site
            if t == DataType::Utf8 =>
        {
            string_parts::<i32>(list, options, op, &input.chunks, rows, bytes, stop)
        }
        Op::Registrable | Op::Suffix | Op::Subdomain | Op::Label | Op::Site
            if t == DataType::LargeUtf8 =>
        {
            string_parts::<i64>(list, options, op, &input.chunks, rows, bytes, stop)
        }
        Op::Registrable | Op::Suffix | Op::Subdomain | Op::Label | Op::Site => {
            let mut out = Strings::new(&t, rows, bytes);
            for chunk in &input.chunks {
                each_answer(list, options, chunk, stop, |a| {
                    out.push(a.and_then(|a| {
                        let (lo, hi) = part_range(op, a)?;
                        a.name()?.get(lo..hi)
                    }))
                })?;
            }
            Ok(out.finish())
        }
        Op::Section => {
            let mut out = StringBuilder::with_capacity(rows, rows * 5);
            for chunk in &input.chunks {
                each_answer(list, options, chunk, stop, |a| {
                    out.append_option(a.and_then(|a| a.section_name()))
                })?;
            }
            Ok(Arc::new(out.finish()))
        }
        Op::Known => {
            let mut out = BooleanBuilder::with_capacity(rows);
            for chunk in &input.chunks {
                each_answer(list, options, chunk, stop, |a| {
                    out.append_option(a.filter(|a| a.is_ok()).map(|a| a.known()))
                })?;
            }
            Ok(Arc::new(out.finish()))
        }
        Op::Error => {
            let mut out = StringBuilder::new();
            for chunk in &input.chunks {
                let strs = Strs::of(chunk)?;
                each_answer_at(list, options, chunk, &strs, stop, |i, a| {
                    out.append_option(a.and_then(|a| a.error()).map(|e| {
                        strs.unreadable(i)
                            .unwrap_or_else(|| hinted(strs.get(i).unwrap_or(""), e.to_string()))
                    }))
                })?;
            }
            Ok(Arc::new(out.finish()))
        }
        Op::Lookup => {
            let mut parts = Parts::new(&t, rows, bytes, false);
            for chunk in &input.chunks {
                let strs = Strs::of(chunk)?;
                each_answer_at(list, options, chunk, &strs, stop, |i, a| match a {
                    Some(a) => parts.answer(a, || strs.unreadable(i), || strs.get(i)),
                    None => parts.null(),
                })?;
            }
            parts.finish()
        }
        Op::Host => {
            let mut out = Strings::new(&t, rows, bytes);
            for chunk in &input.chunks {
                each_str(chunk, stop, |url| {
                    out.push(url.and_then(|u| etld::url::host(u).ok()).as_deref())
                })?;
            }
            Ok(out.finish())
        }
        Op::LookupUrl => {
            let mut parts = Parts::new(&t, rows, bytes, true);
            for chunk in &input.chunks {
                each_str(chunk, stop, |url| {
                    let Some(url) = url else { return parts.null() };
                    match etld::url::host(url) {
                        Err(e) => parts.url(None, Err(e.to_string())),
                        Ok(host) => match list.lookup_with(&host, options) {
                            Ok(d) => parts.url(Some(&host), Ok(&d)),
                            Err(e) => parts.url(Some(&host), Err(e.to_string())),
                        },
                    }
                })?;
            }
            parts.finish()
        }
        Op::Extract => {
            let mut out = extract::Builder::new(&t, rows);
            for chunk in &input.chunks {
                each_row(chunk, stop, |row| match row {
                    // Unreadable bytes are no URL: a row of no host.
                    Some(input) => out.push(list, options, input.unwrap_or("")),
                    None => out.null(),
                })?;
            }
            out.finish()
        }
    }
}

/// A string part of the answers for `chunks`, as `Utf8` (`O` = `i32`) or
/// `LargeUtf8` (`i64`): the offsets, bytes and validity written directly,
/// each answer's bytes cut out of its name by [`part_range`].
fn string_parts<O: OffsetSizeTrait>(
    list: &List,
    options: &Options,
    op: Op,
    chunks: &[ArrayRef],
    rows: usize,
    bytes: usize,
    stop: &Stop,
) -> PyResult<ArrayRef> {
    let mut offsets: Vec<O> = Vec::with_capacity(rows + 1);
    offsets.push(O::usize_as(0));
    let mut values: Vec<u8> = Vec::with_capacity(bytes);
    // The rows without an answer, few: a bit a row written as each comes
    // cost 13 instructions a row (callgrind, 100,000 hosts of the mix).
    let mut null_rows: Vec<usize> = Vec::new();
    let mut overflow = false;
    for chunk in chunks {
        each_answer(list, options, chunk, stop, |a| {
            let part = a.and_then(|a| {
                let (lo, hi) = part_range(op, a)?;
                a.name()?.get(lo..hi)
            });
            match part {
                Some(part) => values.extend_from_slice(part.as_bytes()),
                // This row's index: the offsets hold one more than the rows
                // before it.
                None => null_rows.push(offsets.len() - 1),
            }
            match O::from_usize(values.len()) {
                Some(end) => offsets.push(end),
                None => overflow = true,
            }
        })?;
    }
    if overflow {
        return Err(PyValueError::new_err(
            "the answers hold more bytes than a column of this string type can",
        ));
    }
    // SAFETY: `offsets` starts at 0 and holds the length of `values` after
    // each row (none overflowed `O`: checked above), so it never decreases
    // and ends at `values.len()`; each row's bytes were appended whole from
    // a `&str`, so every offset falls on a character boundary of valid
    // UTF-8; the validity has a bit per row (`rows`, the rows of the
    // chunks, each of which pushed one offset after the first), and every
    // row in `null_rows` is one of them. Checking all that again
    // (`try_new`, which reads every byte of `values` as UTF-8) took 4% of
    // the samples of a profile of `etld.registrable(pyarrow_array)`, 1 M
    // hosts, one core.
    let array = unsafe {
        GenericStringArray::<O>::new_unchecked(
            OffsetBuffer::new_unchecked(ScalarBuffer::from(offsets)),
            Buffer::from_vec(values),
            nulls_at(rows, &null_rows),
        )
    };
    Ok(Arc::new(array))
}

/// The validity of `rows` rows of which those at `null_rows` are NULL:
/// `None` when none is.
fn nulls_at(rows: usize, null_rows: &[usize]) -> Option<NullBuffer> {
    if null_rows.is_empty() {
        return None;
    }
    let mut valid = BooleanBufferBuilder::new(rows);
    valid.append_n(rows, true);
    for &row in null_rows {
        valid.set_bit(row, false);
    }
    Some(NullBuffer::new(valid.finish()))
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

/// Where the part `op` lies in an answer's name, as a range of bytes;
/// `None` when the answer has no such part.
#[inline]
fn part_range(op: Op, a: &Answer<'_>) -> Option<(usize, usize)> {
    let name = a.name()?;
    let len = name.len();
    match op {
        Op::Registrable => Some((a.registrable_start()?, len)),
        Op::Site => Some((
            a.registrable_start()?,
            len - usize::from(name.ends_with('.')),
        )),
        Op::Suffix => Some((a.suffix_start()?, len)),
        Op::Subdomain => match a.registrable_start()? {
            0 => None,
            r => Some((0, r - 1)),
        },
        _ => Some((a.registrable_start()?, a.suffix_start()?.checked_sub(1)?)),
    }
}

/// A string part of the answers for `Utf8View` chunks, on `threads`
/// threads, as one `Utf8View` array whose strings point into the hosts'
/// own buffers wherever the answer is a piece of the host as given (nearly
/// every host of a log): only the answers of rewritten hosts are copied,
/// into a buffer per thread. One array, not one per thread: Polars groups
/// a column of one chunk twice as fast as one of two.
fn answer_views(
    list: &List,
    options: &Options,
    op: Op,
    chunks: &[ArrayRef],
    threads: usize,
    stop: &Stop,
) -> PyResult<ArrayRef> {
    let too_many = || PyValueError::new_err("too many Arrow buffers in one column");
    // Every input buffer, numbered chunk after chunk, then the copies.
    let mut buffers: Vec<Buffer> = Vec::new();
    let mut bases: Vec<u32> = Vec::with_capacity(chunks.len());
    for chunk in chunks {
        bases.push(u32::try_from(buffers.len()).map_err(|_| too_many())?);
        buffers.extend(chunk.as_string_view().data_buffers().iter().cloned());
    }
    let first_copies = u32::try_from(buffers.len()).map_err(|_| too_many())?;
    // Their texts, numbered alike, each checked once for all threads.
    let texts: Vec<Text<'_>> = chunks.iter().flat_map(buffer_texts).collect();
    let rows: usize = chunks.iter().map(|c| c.len()).sum();
    // On several threads, pieces of about an eighth of a thread's share,
    // which the threads take one after another as they finish the last:
    // on a machine whose cores other work also uses, a thread on a busy
    // core answers fewer pieces instead of holding up the whole call.
    let per_piece = if threads > 1 {
        rows.div_ceil(threads * PIECES_PER_THREAD)
            .max(MIN_ROWS_PER_PIECE)
    } else {
        rows
    };
    let pieces = split(chunks, per_piece.max(1));
    // Each piece's views and validity are written in place, in one array
    // for the whole column (zeroed pages from the allocator), rather than
    // in arrays of their own copied together after.
    let mut views = vec![0u128; rows];
    let mut valid = vec![false; rows];
    let mut work = Vec::with_capacity(pieces.len());
    let (mut views_left, mut valid_left) = (views.as_mut_slice(), valid.as_mut_slice());
    for (index, piece) in pieces.iter().enumerate() {
        let n: usize = piece.iter().map(|(_, c)| c.len()).sum();
        let (v, rest) = std::mem::take(&mut views_left).split_at_mut(n);
        let (ok, rest_ok) = std::mem::take(&mut valid_left).split_at_mut(n);
        (views_left, valid_left) = (rest, rest_ok);
        work.push((index, piece, v, ok));
    }
    // Each piece's buffer of copies, by the piece's index.
    let answer_piece = |(index, piece, v, ok): (usize, &Vec<(usize, ArrayRef)>, _, _)| {
        let copies = u32::try_from(index)
            .ok()
            .and_then(|i| first_copies.checked_add(i))
            .ok_or_else(too_many)?;
        views_of(
            list, options, op, piece, &bases, &texts, copies, v, ok, stop,
        )
    };
    let mut copies: Vec<PyResult<Vec<u8>>> = Vec::with_capacity(pieces.len());
    if threads <= 1 || pieces.len() == 1 {
        copies.extend(work.into_iter().map(answer_piece));
    } else {
        let queue = std::sync::Mutex::new(work.into_iter());
        let next = || queue.lock().ok().and_then(|mut q| q.next());
        let done: Vec<PyResult<Answered>> = std::thread::scope(|s| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    s.spawn(|| {
                        let mut answered = Vec::new();
                        while let Some(w) = next() {
                            answered.push((w.0, answer_piece(w)));
                        }
                        Ok(answered)
                    })
                })
                .collect();
            join_all(workers).collect()
        });
        let mut by_piece: Vec<(usize, PyResult<Vec<u8>>)> = Vec::with_capacity(pieces.len());
        for answered in done {
            by_piece.extend(answered?);
        }
        by_piece.sort_unstable_by_key(|(index, _)| *index);
        if by_piece.len() != pieces.len() {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                "an etld worker thread left part of a column unanswered",
            ));
        }
        copies.extend(by_piece.into_iter().map(|(_, c)| c));
    }
    for part in copies {
        buffers.push(Buffer::from_vec(part?));
    }
    let nulls = NullBuffer::from(valid);
    let nulls = (nulls.null_count() > 0).then_some(nulls);
    // SAFETY: every view is valid for the buffers: an inline view holds a
    // `&str`'s bytes; a view into a buffer of copies names the buffer its
    // piece wrote (`first_copies + index`, pushed in piece order) and the
    // offset where it wrote a `&str`; a view into a host's buffer names
    // bytes `lo..hi` of a host that was read from exactly that buffer (its
    // chunk's `base` plus its own index), offset and length with every
    // bound checked and its UTF-8 checked (`Strs::get`), and `lo..hi` is a
    // range of whole labels of it (a label starts at the host's start or
    // after an ASCII `.`, and ends at its end or before one), so a range
    // of valid UTF-8. `valid` has a bit per view. Checking all that again
    // (`try_new`) cost a fifth of the whole call: 76 against 96 ms for
    // 1 M hosts, one core.
    let array =
        unsafe { StringViewArray::new_unchecked(ScalarBuffer::from(views), buffers, nulls) };
    Ok(Arc::new(array))
}

/// The views of the part `op` of the answers for `piece` (slices of the
/// chunks, with their chunk's index), written into `views` and `valid` (a
/// row each); `bases` says where each chunk's buffers are numbered from,
/// `copies_index` the number of this piece's buffer of copies, which it
/// returns.
#[allow(clippy::too_many_arguments)]
fn views_of(
    list: &List,
    options: &Options,
    op: Op,
    piece: &[(usize, ArrayRef)],
    bases: &[u32],
    texts: &[Text<'_>],
    copies_index: u32,
    views: &mut [u128],
    valid: &mut [bool],
    stop: &Stop,
) -> PyResult<Vec<u8>> {
    let mut copies: Vec<u8> = Vec::new();
    let mut at = 0;
    for (chunk_index, chunk) in piece {
        let base = bases.get(*chunk_index).copied().unwrap_or(0);
        // This chunk's buffers' texts, and no other chunk's.
        let own = chunk.as_string_view().data_buffers().len();
        let from = base as usize;
        let texts = texts.get(from..from + own).unwrap_or(&[]);
        let strs = Strs::with_texts(chunk, Some(texts))?;
        each_answer_at(list, options, chunk, &strs, stop, |i, answer| {
            let row = at + i;
            let Some((answer, (lo, hi))) = answer.and_then(|a| Some((a, part_range(op, a)?)))
            else {
                // Zero already: a NULL.
                return;
            };
            let name = answer.name().unwrap_or("");
            let value = name.get(lo..hi).unwrap_or("");
            let host = strs.view(i).filter(|v| v.length > 12);
            let view = match host {
                _ if value.len() <= 12 => make_view(value.as_bytes(), 0, 0),
                // `value` is bytes `lo..hi` of the host, which lies at
                // `offset` in buffer `buffer_index`, bounds checked when
                // the host was read.
                Some(host) if answer.borrows_host() => make_view(
                    value.as_bytes(),
                    base + host.buffer_index,
                    host.offset + lo as u32,
                ),
                _ => {
                    let offset = copies.len() as u32;
                    copies.extend_from_slice(value.as_bytes());
                    make_view(value.as_bytes(), copies_index, offset)
                }
            };
            if let (Some(v), Some(ok)) = (views.get_mut(row), valid.get_mut(row)) {
                (*v, *ok) = (view, true);
            }
        })?;
        at += chunk.len();
    }
    Ok(copies)
}

/// The cookie check for each row: `requests` and `domains` are columns of
/// the same length, or one of them a single string for every row.
pub fn cookie(
    list: &List,
    requests: Either<'_>,
    domains: Either<'_>,
    stop: &Stop,
) -> PyResult<ArrayRef> {
    let (a, b) = (requests.values()?, domains.values()?);
    let rows = match (&a, &b) {
        (Values::Column(a), Values::Column(b)) if a.len() != b.len() => {
            return Err(PyValueError::new_err(format!(
                "the request hosts and cookie domains differ in length: {} and {}",
                a.len(),
                b.len()
            )))
        }
        (Values::Column(a), _) => a.len(),
        (_, Values::Column(b)) => b.len(),
        _ => 1,
    };
    let mut out = BooleanBuilder::with_capacity(rows);
    for i in 0..rows {
        if i % BLOCK == 0 {
            stop.check()?;
        }
        match (a.get(i), b.get(i)) {
            (Some(r), Some(d)) => out.append_value(list.is_cookie_domain_acceptable(r, d)),
            _ => out.append_null(),
        }
    }
    Ok(Arc::new(out.finish()))
}

/// One side of the cookie check: a column, or one string for every row.
pub enum Either<'a> {
    Column(&'a Imported),
    Scalar(&'a str),
}

enum Values<'a> {
    Column(Vec<Option<&'a str>>),
    Scalar(&'a str),
}

impl<'a> Either<'a> {
    fn values(&self) -> PyResult<Values<'a>> {
        match *self {
            Either::Scalar(s) => Ok(Values::Scalar(s)),
            Either::Column(c) => {
                let mut values = Vec::with_capacity(c.len());
                for chunk in &c.chunks {
                    collect_strs(chunk, &mut values)?;
                }
                Ok(Values::Column(values))
            }
        }
    }
}

/// The rows of a string chunk, borrowed from it.
fn collect_strs<'a>(chunk: &'a ArrayRef, out: &mut Vec<Option<&'a str>>) -> PyResult<()> {
    let strs = Strs::of(chunk)?;
    let nulls = chunk.logical_nulls();
    out.extend((0..chunk.len()).map(|i| {
        let null = nulls.as_ref().is_some_and(|n| n.is_null(i));
        if null {
            None
        } else {
            strs.get(i)
        }
    }));
    Ok(())
}

impl Values<'_> {
    fn get(&self, i: usize) -> Option<&str> {
        match self {
            Values::Column(v) => v.get(i).copied().flatten(),
            Values::Scalar(s) => Some(s),
        }
    }
}
