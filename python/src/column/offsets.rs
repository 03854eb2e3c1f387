//! The writer of a string part as a `Utf8` or `LargeUtf8` column: the
//! offsets, bytes and validity written directly ([`string_parts`]).

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, GenericStringArray, OffsetSizeTrait};
use arrow_buffer::{BooleanBufferBuilder, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use etld::{List, Options};

use super::op::{part_range, Op};
use super::read::{each_answer, Rows};
use super::stop::Stop;
use super::strings::UTF8_BYTES;
use super::Unanswered;

/// A string part of the answers for `chunk`, whose rows hold `rows`, as
/// `Utf8` (`O` = `i32`) or
/// `LargeUtf8` (`i64`): the offsets, bytes and validity written directly,
/// each answer's bytes cut out of its name by [`part_range`];
/// [`Unanswered::TooLarge`] if they outgrow a `Utf8` array.
pub(super) fn string_parts<O: OffsetSizeTrait>(
    list: &List,
    options: &Options,
    op: Op,
    chunk: &ArrayRef,
    rows: Rows,
    bytes: usize,
    stop: &Stop,
) -> Result<ArrayRef, Unanswered> {
    let n_rows = chunk.len();
    let limit = match O::IS_LARGE {
        true => usize::MAX,
        false => UTF8_BYTES,
    };
    let mut offsets: Vec<O> = Vec::with_capacity(n_rows + 1);
    offsets.push(O::usize_as(0));
    let mut values: Vec<u8> = Vec::with_capacity(bytes);
    // The rows without an answer, few, noted as they come and the validity
    // written once at the end: a bit appended for every row costs
    // instructions on every row (callgrind over python/bench/bench.py's
    // pyarrow column).
    let mut null_rows: Vec<usize> = Vec::new();
    let mut overflow = false;
    each_answer(list, options, chunk, rows, stop, |a| {
        if overflow {
            return;
        }
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
        match O::from_usize(values.len()).filter(|_| values.len() <= limit) {
            Some(end) => offsets.push(end),
            None => overflow = true,
        }
    })?;
    if overflow {
        return Err(Unanswered::TooLarge);
    }
    // SAFETY: `offsets` starts at 0 and holds the length of `values` after
    // each row (none overflowed `O`: checked above), so it never decreases
    // and ends at `values.len()`; each row's bytes were appended whole from
    // a `&str`, so every offset falls on a character boundary of valid
    // UTF-8; the validity has a bit per row (`n_rows`, the rows of the
    // chunk, each of which pushed one offset after the first), and every
    // row in `null_rows` is one of them. Not checked again (`try_new`),
    // which would read every byte of `values` as UTF-8 a second time
    // (python/bench/bench.py, a pyarrow column on one core).
    let array = unsafe {
        GenericStringArray::<O>::new_unchecked(
            OffsetBuffer::new_unchecked(ScalarBuffer::from(offsets)),
            Buffer::from_vec(values),
            nulls_at(n_rows, &null_rows),
        )
    };
    // What `try_new` would have checked, in debug builds (the tests').
    debug_assert!(array.to_data().validate_full().is_ok());
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
