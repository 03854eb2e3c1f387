//! The writer of a string part as a `Utf8View` column: views into the
//! hosts' own buffers, on several threads ([`answer_views`]).

use std::collections::HashMap;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StringViewArray};
use arrow_buffer::{Buffer, NullBuffer, ScalarBuffer};
use etld::{List, Options};
use pyo3::exceptions::PyValueError;
use pyo3::PyResult;

use super::op::{part_range, Op};
use super::read::{each_answer_at, shares, Rows, Strs, Text};
use super::stop::Stop;
use super::threads::{join_all, split};

/// The buffers of copies of the pieces one thread answered, with each
/// piece's index.
type Answered = Vec<(usize, PyResult<Vec<u8>>)>;

/// Pieces a thread's share of a `Utf8View` column is cut into, for the
/// threads to take as they finish (see `answer_views`).
const PIECES_PER_THREAD: usize = 8;

/// Rows below which a piece of a column is not cut smaller.
const MIN_ROWS_PER_PIECE: usize = 1 << 14;

/// Rows above which a piece of a column is cut smaller: a piece's copies
/// (answers of at most a KiB each: a name of 253 ASCII bytes, written in
/// Unicode) then stay within the 4 GiB a view's offset reaches.
const MAX_ROWS_PER_PIECE: usize = 1 << 21;

/// A string part of the answers for `Utf8View` chunks whose rows hold
/// `rows`, on `threads` threads, as one `Utf8View` array whose strings
/// point into the rows' own buffers wherever the answer is a piece of the
/// row as given (nearly every host of a log, and its URL): only the
/// answers of rewritten hosts are copied, into a buffer per thread. One
/// array, not one per thread, because Polars groups a column of one chunk
/// faster than one of several (python/bench/bench.py, Polars GROUP BY by
/// site).
pub(super) fn answer_views(
    list: &List,
    options: &Options,
    op: Op,
    chunks: &[ArrayRef],
    rows: Rows,
    threads: usize,
    stop: &Stop,
) -> PyResult<ArrayRef> {
    let too_many = || PyValueError::new_err("too many Arrow buffers in one column");
    // Every input buffer once, then the copies. The chunks of a sliced or
    // split column share their buffers (each slice of a pyarrow array
    // holds all of the array's, often thousands): numbered apart for each
    // chunk, they would make the answer hold as many buffers as chunks
    // times theirs. `remap` gives each chunk's buffers their numbers here.
    let mut buffers: Vec<Buffer> = Vec::new();
    let mut numbers: HashMap<(*const u8, usize), u32> = HashMap::new();
    let mut remap: Vec<Vec<u32>> = Vec::with_capacity(chunks.len());
    // The bytes of each buffer that the rows of the chunks that hold it
    // may take (see `shares`).
    let mut share_of: Vec<u64> = Vec::new();
    for chunk in chunks {
        let array = chunk.as_string_view();
        let mut own = Vec::with_capacity(array.data_buffers().len());
        for (buffer, share) in array.data_buffers().iter().zip(shares(array)) {
            let next = u32::try_from(buffers.len()).map_err(|_| too_many())?;
            let number = *numbers
                .entry((buffer.as_ptr(), buffer.len()))
                .or_insert_with(|| {
                    buffers.push(buffer.clone());
                    share_of.push(0);
                    next
                });
            if let Some(of) = share_of.get_mut(number as usize) {
                *of = of.saturating_add(share);
            }
            own.push(number);
        }
        remap.push(own);
    }
    let first_copies = u32::try_from(buffers.len()).map_err(|_| too_many())?;
    // Their texts, numbered alike, each checked once for all chunks and
    // threads.
    let texts: Vec<Text<'_>> = buffers
        .iter()
        .zip(&share_of)
        .map(|(buffer, &share)| Text::of_share(buffer.as_slice(), share))
        .collect();
    let n_rows: usize = chunks.iter().map(|c| c.len()).sum();
    // On several threads, pieces of about an eighth of a thread's share,
    // which the threads take one after another as they finish the last:
    // on a machine whose cores other work also uses, a thread on a busy
    // core answers fewer pieces instead of holding up the whole call.
    let per_piece = if threads > 1 {
        n_rows
            .div_ceil(threads * PIECES_PER_THREAD)
            .max(MIN_ROWS_PER_PIECE)
    } else {
        n_rows
    };
    let pieces = split(chunks, per_piece.clamp(1, MAX_ROWS_PER_PIECE));
    // Each piece's views and validity are written in place, in one array
    // for the whole column (zeroed pages from the allocator), rather than
    // in arrays of their own copied together after.
    let mut views = vec![0u128; n_rows];
    let mut valid = vec![false; n_rows];
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
            list, options, op, piece, rows, &remap, &texts, copies, v, ok, stop,
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
    // offset where it wrote a `&str`; a view into a row's buffer names
    // bytes `at + lo..at + hi` of a row that was read from exactly that
    // buffer (its chunk's number for it, `remap`), offset and length
    // with every bound checked and its UTF-8 checked (`Strs::get`), where
    // the host looked up is bytes `at..` of the row (`each_answer_at`:
    // the row itself, or a piece of the URL it holds, found within the
    // row's bytes), and `lo..hi` is a range of whole labels of the host (a
    // label starts at the host's start or after an ASCII `.`, and ends at
    // its end or before one), so a range of valid UTF-8. `valid` has a bit
    // per view. Not checked again (`try_new`), which would read every view
    // and its bytes a second time (python/bench/bench.py, a polars Series
    // on one core).
    let array =
        unsafe { StringViewArray::new_unchecked(ScalarBuffer::from(views), buffers, nulls) };
    // What `try_new` would have checked, in debug builds (the tests').
    debug_assert!(array.to_data().validate_full().is_ok());
    Ok(Arc::new(array))
}

/// The views of the part `op` of the answers for `piece` (slices of the
/// chunks, with their chunk's index, whose rows hold `rows`), written into
/// `views` and `valid` (a row each); `remap` gives each chunk's buffers
/// their numbers in the answer, whose texts are `texts`, `copies_index` the
/// number of this piece's buffer of copies, which it returns.
#[allow(clippy::too_many_arguments)]
fn views_of(
    list: &List,
    options: &Options,
    op: Op,
    piece: &[(usize, ArrayRef)],
    rows: Rows,
    remap: &[Vec<u32>],
    texts: &[Text<'_>],
    copies_index: u32,
    views: &mut [u128],
    valid: &mut [bool],
    stop: &Stop,
) -> PyResult<Vec<u8>> {
    let mut copies: Vec<u8> = Vec::new();
    // A view that could not reach its bytes, which `MAX_ROWS_PER_PIECE`
    // keeps from happening.
    let mut too_far = false;
    // The piece's rows before this chunk.
    let mut before = 0;
    for (chunk_index, chunk) in piece {
        // This chunk's buffers' numbers and texts, by its own numbers.
        let numbers = remap.get(*chunk_index).map_or(&[][..], Vec::as_slice);
        let own: Vec<Text<'_>> = numbers
            .iter()
            .map(|&n| {
                texts
                    .get(n as usize)
                    .copied()
                    .unwrap_or(Text::Unchecked(&[]))
            })
            .collect();
        let strs = Strs::with_texts(chunk, Some(&own))?;
        each_answer_at(
            list,
            options,
            chunk,
            &strs,
            rows,
            stop,
            |i, answer, host_at| {
                let row = before + i;
                let Some((answer, (lo, hi))) = answer.and_then(|a| Some((a, part_range(op, a)?)))
                else {
                    // Zero already: a NULL.
                    return;
                };
                let name = answer.name().unwrap_or("");
                let value = name.get(lo..hi).unwrap_or("");
                // The row's string, where it lies in a buffer.
                let cell = strs.view(i).filter(|v| v.length > 12);
                let view = match (cell, host_at) {
                    _ if value.len() <= 12 => view(value.as_bytes(), 0, 0),
                    // `value` is bytes `lo..hi` of the host, which is bytes
                    // `at..` of the row, which lies at `offset` in buffer
                    // `buffer_index`, bounds checked when the row was read.
                    (Some(cell), Some(at)) if answer.borrows_host() => {
                        let from = at.checked_add(lo).and_then(|n| u32::try_from(n).ok());
                        let number = numbers.get(cell.buffer_index as usize);
                        match (from.and_then(|n| cell.offset.checked_add(n)), number) {
                            (Some(offset), Some(&number)) => view(value.as_bytes(), number, offset),
                            // Past the 4 GiB of a buffer that a view reaches
                            // (a row read from a buffer is one of its chunk's).
                            _ => {
                                too_far = true;
                                return;
                            }
                        }
                    }
                    _ => match u32::try_from(copies.len()) {
                        Ok(offset) => {
                            copies.extend_from_slice(value.as_bytes());
                            view(value.as_bytes(), copies_index, offset)
                        }
                        Err(_) => {
                            too_far = true;
                            return;
                        }
                    },
                };
                if let (Some(v), Some(ok)) = (views.get_mut(row), valid.get_mut(row)) {
                    (*v, *ok) = (view, true);
                }
            },
        )?;
        before += chunk.len();
    }
    if too_far {
        return Err(PyValueError::new_err(
            "an answer lies past the 4 GiB that a string view reaches",
        ));
    }
    Ok(copies)
}

/// The view of `bytes` in Arrow's layout, what
/// `arrow_array::builder::make_view` writes: the length in the low 32 bits,
/// then a string of at most 12 bytes itself (zero-padded), or a longer
/// one's first four bytes, `buffer_index` and the `offset` where it lies
/// there. A short string is built from loads of fixed size, where
/// `make_view` copies it by its length: a call for every short answer, 3%
/// of the time of a column of views in a profile of python/bench/bench.py
/// `--column`.
#[inline(always)]
fn view(bytes: &[u8], buffer_index: u32, offset: u32) -> u128 {
    let n = bytes.len();
    // A short string as a little-endian integer, OR-ed together from loads
    // that cover it (the first bytes, the last ones, and for one to three
    // bytes the middle one); where two loads overlap, a byte is OR-ed with
    // itself.
    let word = |k: usize, at: usize| -> u128 {
        let mut w = [0u8; 8];
        if let (Some(to), Some(from)) = (w.get_mut(..k), bytes.get(at..at + k)) {
            to.copy_from_slice(from);
        }
        u128::from(u64::from_le_bytes(w)) << (8 * at)
    };
    let data = match n {
        0 => 0,
        1..=3 => word(1, 0) | word(1, n / 2) | word(1, n - 1),
        4..=7 => word(4, 0) | word(4, n - 4),
        8..=12 => word(8, 0) | word(4, n - 4),
        _ => {
            let prefix = bytes.first_chunk::<4>().copied().unwrap_or_default();
            u128::from(u32::from_le_bytes(prefix))
                | u128::from(buffer_index) << 32
                | u128::from(offset) << 64
        }
    };
    n as u128 | data << 32
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::builder::make_view;

    #[test]
    fn views_are_arrows() {
        let text: Vec<u8> = (0..40u8).map(|i| b'a' + i % 26).collect();
        for n in 0..=40 {
            let bytes = &text[..n];
            assert_eq!(view(bytes, 3, 77), make_view(bytes, 3, 77), "{n} bytes");
        }
    }
}
