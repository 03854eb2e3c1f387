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

/// The most bytes of strings a `Utf8` array holds (its offsets are 32-bit);
/// a thousand in unit tests, so that they can pass it.
const UTF8_BYTES: usize = if cfg!(test) { 1000 } else { i32::MAX as usize };

/// A builder of a string array of one of the three types.
pub(crate) struct StringSink {
    builder: Builder,
    /// A `Utf8` value that would have taken the array past the 2 GiB its
    /// 32-bit offsets reach was met (its row is NULL; [`StringSink::finish`]
    /// refuses the array).
    overflowed: bool,
}

/// The builder of a [`StringSink`], of its type.
enum Builder {
    Utf8(GenericStringBuilder<i32>),
    LargeUtf8(GenericStringBuilder<i64>),
    Utf8View(StringViewBuilder),
}

impl StringSink {
    /// A builder of `data_type` (`Utf8`, `LargeUtf8` or `Utf8View`) for
    /// `rows` rows and about `bytes` bytes of strings.
    pub(crate) fn new(data_type: &DataType, rows: usize, bytes: usize) -> Result<StringSink> {
        let builder = match data_type {
            DataType::Utf8 => Builder::Utf8(GenericStringBuilder::with_capacity(rows, bytes)),
            DataType::LargeUtf8 => {
                Builder::LargeUtf8(GenericStringBuilder::with_capacity(rows, bytes))
            }
            DataType::Utf8View => Builder::Utf8View(StringViewBuilder::with_capacity(rows)),
            other => return exec_err!("cannot build strings of type {other}"),
        };
        Ok(StringSink {
            builder,
            overflowed: false,
        })
    }

    /// Appends a value or NULL.
    #[inline]
    pub(crate) fn push(&mut self, value: Option<&str>) {
        match &mut self.builder {
            Builder::Utf8(b) => {
                // Arrow's builder panics past its offsets' reach; only
                // `etld_host`'s answers, percent-encoded opaque hosts, can
                // outgrow their input that far.
                let len = value.map_or(0, str::len);
                if b.values_slice().len().saturating_add(len) > UTF8_BYTES {
                    self.overflowed = true;
                    b.append_null();
                } else {
                    b.append_option(value);
                }
            }
            Builder::LargeUtf8(b) => b.append_option(value),
            Builder::Utf8View(b) => b.append_option(value),
        }
    }

    /// The array built.
    ///
    /// # Errors
    /// A `Utf8` array whose strings would pass 2 GiB: the error names the
    /// types that hold them.
    pub(crate) fn finish(self) -> Result<ArrayRef> {
        if self.overflowed {
            return exec_err!(
                "the answers for one batch of a Utf8 column pass the 2 GiB a Utf8 array holds: \
                 cast the argument to LargeUtf8 or Utf8View (arrow_cast(x, 'LargeUtf8'))"
            );
        }
        Ok(match self.builder {
            Builder::Utf8(mut b) => Arc::new(b.finish()),
            Builder::LargeUtf8(mut b) => Arc::new(b.finish()),
            Builder::Utf8View(mut b) => Arc::new(b.finish()),
        })
    }
}

/// A builder of a boolean array for `rows` rows.
pub(crate) fn bool_sink(rows: usize) -> BooleanBuilder {
    BooleanBuilder::with_capacity(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers past what a `Utf8` array holds are an error that says what
    /// to cast to, never a panic; the other types take them.
    #[test]
    fn utf8_answers_past_their_reach_are_refused() {
        let long = "x".repeat(300);
        for (data_type, ok) in [
            (DataType::Utf8, false),
            (DataType::LargeUtf8, true),
            (DataType::Utf8View, true),
        ] {
            let mut sink = StringSink::new(&data_type, 4, 0).unwrap();
            for _ in 0..4 {
                sink.push(Some(&long));
            }
            match sink.finish() {
                Ok(array) => {
                    assert!(ok, "{data_type}");
                    assert_eq!(array.len(), 4);
                }
                Err(e) => {
                    assert!(!ok, "{data_type}");
                    assert!(e.to_string().contains("LargeUtf8"), "{e}");
                }
            }
        }
        let mut sink = StringSink::new(&DataType::Utf8, 3, 0).unwrap();
        for _ in 0..3 {
            sink.push(Some(&long));
        }
        assert_eq!(sink.finish().unwrap().len(), 3);
    }
}
