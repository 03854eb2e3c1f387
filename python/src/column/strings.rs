//! The general writer of a string column: Arrow's builders, in the
//! input's string type ([`Strings`]).

use std::sync::Arc;

use arrow_array::builder::{LargeStringBuilder, StringBuilder, StringViewBuilder};
use arrow_array::ArrayRef;
use arrow_schema::DataType;

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
