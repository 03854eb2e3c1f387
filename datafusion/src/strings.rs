//! Arrow string arrays in and out: the three string types DataFusion uses,
//! read row by row or looked up as a whole, and builders sized before the
//! first row.

use std::cell::Cell;
use std::sync::Arc;

use datafusion::arrow::array::{
    Array, ArrayAccessor, ArrayRef, AsArray, BooleanBuilder, GenericStringBuilder, OffsetSizeTrait,
    StringViewBuilder,
};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{Result, exec_err};
use etld::{Answer, List, Options};

/// Calls `each` with every row of `array`, a `Utf8`, `LargeUtf8` or
/// `Utf8View` array (`None` for NULL).
pub(crate) fn for_each_str<'a>(
    array: &'a dyn Array,
    mut each: impl FnMut(Option<&'a str>),
) -> Result<()> {
    match array.data_type() {
        DataType::Utf8 => array.as_string::<i32>().iter().for_each(each),
        DataType::LargeUtf8 => array.as_string::<i64>().iter().for_each(each),
        DataType::Utf8View => array.as_string_view().iter().for_each(each),
        DataType::Null => (0..array.len()).for_each(|_| each(None)),
        other => return exec_err!("expected a string argument, got {other}"),
    }
    Ok(())
}

/// Looks up every row of `array`, a `Utf8`, `LargeUtf8` or `Utf8View`
/// array, in one batch ([`List::lookup_each_with`]) and calls `each` with
/// the answers in row order: `None` for a NULL row.
///
/// Only the rows that hold a value are looked up; the NULL rows are given
/// to `each` in their places between them.
pub(crate) fn for_each_answer(
    list: &List,
    options: &Options,
    array: &dyn Array,
    mut each: impl FnMut(Option<Answer<'_>>),
) -> Result<()> {
    match array.data_type() {
        DataType::Utf8 => answer_rows(list, options, array.as_string::<i32>(), each),
        DataType::LargeUtf8 => answer_rows(list, options, array.as_string::<i64>(), each),
        DataType::Utf8View => answer_rows(list, options, array.as_string_view(), each),
        DataType::Null => (0..array.len()).for_each(|_| each(None)),
        other => return exec_err!("expected a string argument, got {other}"),
    }
    Ok(())
}

/// [`for_each_answer`] on an array of one type.
#[inline]
fn answer_rows<'a, A>(
    list: &List,
    options: &Options,
    array: A,
    mut each: impl FnMut(Option<Answer<'_>>),
) where
    A: ArrayAccessor<Item = &'a str>,
{
    let rows = array.len();
    let Some(nulls) = array.nulls().filter(|n| n.null_count() > 0) else {
        let hosts = (0..rows).map(|row| array.value(row));
        list.lookup_each_with(hosts, options, |_, answer| each(Some(answer)));
        return;
    };
    // The hosts are the rows that hold a value; `row` is the row of the
    // host last taken, the one each answer is for (the lookup answers each
    // host before it takes the next).
    let row = Cell::new(0);
    let hosts = nulls.valid_indices().map(|r| {
        row.set(r);
        array.value(r)
    });
    // The first row not yet given to `each`.
    let mut next = 0;
    list.lookup_each_with(hosts, options, |_, answer| {
        let r = row.get();
        (next..r).for_each(|_| each(None));
        each(Some(answer));
        next = r + 1;
    });
    (next..rows).for_each(|_| each(None));
}

/// The bytes of string data in `array`: the first guess at the size of an
/// answer made of parts of its strings.
pub(crate) fn data_len(array: &dyn Array) -> usize {
    match array.data_type() {
        DataType::Utf8 => values_len(array.as_string::<i32>().value_offsets()),
        DataType::LargeUtf8 => values_len(array.as_string::<i64>().value_offsets()),
        _ => 0,
    }
}

fn values_len<O: OffsetSizeTrait>(offsets: &[O]) -> usize {
    match (offsets.first(), offsets.last()) {
        (Some(first), Some(last)) => (*last - *first).as_usize(),
        _ => 0,
    }
}

/// A builder of a string array of one of the three types.
pub(crate) enum StringSink {
    Utf8(GenericStringBuilder<i32>),
    LargeUtf8(GenericStringBuilder<i64>),
    Utf8View(StringViewBuilder),
}

impl StringSink {
    /// A builder of `data_type` (`Utf8`, `LargeUtf8` or `Utf8View`) for
    /// `rows` rows and about `bytes` bytes of strings.
    pub(crate) fn new(data_type: &DataType, rows: usize, bytes: usize) -> Result<StringSink> {
        Ok(match data_type {
            DataType::Utf8 => StringSink::Utf8(GenericStringBuilder::with_capacity(rows, bytes)),
            DataType::LargeUtf8 => {
                StringSink::LargeUtf8(GenericStringBuilder::with_capacity(rows, bytes))
            }
            DataType::Utf8View => StringSink::Utf8View(StringViewBuilder::with_capacity(rows)),
            other => return exec_err!("cannot build strings of type {other}"),
        })
    }

    /// Appends a value or NULL.
    #[inline]
    pub(crate) fn push(&mut self, value: Option<&str>) {
        match self {
            StringSink::Utf8(b) => b.append_option(value),
            StringSink::LargeUtf8(b) => b.append_option(value),
            StringSink::Utf8View(b) => b.append_option(value),
        }
    }

    /// The array built.
    pub(crate) fn finish(self) -> ArrayRef {
        match self {
            StringSink::Utf8(mut b) => Arc::new(b.finish()),
            StringSink::LargeUtf8(mut b) => Arc::new(b.finish()),
            StringSink::Utf8View(mut b) => Arc::new(b.finish()),
        }
    }
}

/// A builder of a boolean array for `rows` rows.
pub(crate) fn bool_sink(rows: usize) -> BooleanBuilder {
    BooleanBuilder::with_capacity(rows)
}
