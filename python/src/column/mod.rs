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
//! by [`read`]; a string part is written by one of three writers, by the
//! answer's string type ([`views`] for `Utf8View`, [`offsets`] for `Utf8`
//! and `LargeUtf8`, [`strings`] for the rest), the struct of `lookup` by
//! [`lookup`]; a long column is cut for threads by [`threads`] and stopped
//! by a signal through [`stop`]. [`mod@cookie`] is the cookie check of columns,
//! [`hint`] the message for a host that looks like a URL.

pub use cookie::{cookie, Either};
pub use hint::hinted;
pub use op::Op;
pub use stop::{interruptible, Stop};
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
use arrow_array::{Array, ArrayRef};
use arrow_schema::DataType;
use etld::{List, Options};
use pyo3::exceptions::PyValueError;
use pyo3::PyResult;

use crate::arrow::Imported;
use crate::tldextract;
use crate::view::View;

use lookup::Parts;
use offsets::string_parts;
use op::part_range;
use read::{each_answer, each_answer_at, each_row, each_str, string_type, Strs};
use threads::{join_all, split, MIN_ROWS_PER_THREAD};
use views::answer_views;

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
        let column = answer_views(list, options, op, &input.chunks, threads, stop)?;
        return Ok(vec![column]);
    }
    if threads == 1 {
        let column = answer_chunks(list, options, op, &input.chunks, &t, stop)?;
        return Ok(vec![column]);
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

/// `answer` (a call of [`answer`] with the list, options and stop flag
/// bound) for the host of each URL of `input`, as `Op::Host` takes it out:
/// NULL where there is none, and for `Op::Error` why.
pub fn answer_of_urls(
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
            let mut out = Strings::new(&t, rows, rows * 5);
            for chunk in &input.chunks {
                each_answer(list, options, chunk, stop, |a| {
                    out.push(a.and_then(|a| a.section_name()))
                })?;
            }
            Ok(out.finish())
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
            let mut out = Strings::new(&t, rows, 0);
            for chunk in &input.chunks {
                let strs = Strs::of(chunk)?;
                each_answer_at(list, options, chunk, &strs, stop, |i, a| {
                    let error = a.and_then(|a| a.error()).map(|e| {
                        strs.unreadable(i)
                            .unwrap_or_else(|| hinted(strs.get(i).unwrap_or(""), e.to_string()))
                    });
                    out.push(error.as_deref())
                })?;
            }
            Ok(out.finish())
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
            let mut out = tldextract::Builder::new(&t, rows);
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
