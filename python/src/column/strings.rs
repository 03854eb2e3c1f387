//! The general writer of a string column: Arrow's builders, in the
//! input's string type ([`Strings`]).

use std::sync::Arc;

use arrow_array::builder::{LargeStringBuilder, StringBuilder, StringViewBuilder};
use arrow_array::ArrayRef;
use arrow_schema::DataType;

use super::TooLarge;

/// The most bytes of strings one `Utf8` array holds: its offsets are `i32`.
/// Smaller in unit tests, so that they can cut a column without writing
/// gigabytes.
#[cfg(not(test))]
pub(super) const UTF8_BYTES: usize = i32::MAX as usize;
#[cfg(test)]
pub(super) const UTF8_BYTES: usize = 1000;

/// A column of strings being built, in one of Arrow's three string types.
pub enum Strings {
    /// `Utf8`.
    Utf8(StringBuilder),
    /// `LargeUtf8`.
    Large(LargeStringBuilder),
    /// `Utf8View`.
    View(StringViewBuilder),
    /// A `Utf8` column whose strings outgrew [`UTF8_BYTES`]: what was
    /// built is dropped, and the rows are answered again in smaller pieces
    /// ([`TooLarge`]).
    TooLarge,
}

impl Strings {
    /// A builder for `rows` strings of the type `like` (a string type; any
    /// other gives `Utf8`) taking about `bytes` bytes.
    pub fn new(like: &DataType, rows: usize, bytes: usize) -> Strings {
        match like {
            DataType::LargeUtf8 => Strings::Large(LargeStringBuilder::with_capacity(rows, bytes)),
            DataType::Utf8View => Strings::View(StringViewBuilder::with_capacity(rows)),
            _ => Strings::Utf8(StringBuilder::with_capacity(rows, bytes.min(UTF8_BYTES))),
        }
    }

    /// Appends a string, or NULL.
    #[inline]
    pub fn push(&mut self, value: Option<&str>) {
        match self {
            Strings::Utf8(b) => match value {
                // Arrow's builder would panic on the offset past `i32`.
                Some(v) if b.values_slice().len() + v.len() > UTF8_BYTES => {
                    *self = Strings::TooLarge
                }
                _ => b.append_option(value),
            },
            Strings::Large(b) => b.append_option(value),
            Strings::View(b) => b.append_option(value),
            Strings::TooLarge => {}
        }
    }

    /// The array of the strings appended; [`TooLarge`] if they outgrew a
    /// `Utf8` array.
    pub fn finish(self) -> Result<ArrayRef, TooLarge> {
        Ok(match self {
            Strings::Utf8(mut b) => Arc::new(b.finish()),
            Strings::Large(mut b) => Arc::new(b.finish()),
            Strings::View(mut b) => Arc::new(b.finish()),
            Strings::TooLarge => return Err(TooLarge),
        })
    }
}
