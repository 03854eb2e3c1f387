//! The struct column of every part of a lookup (`lookup`, `lookup_url`):
//! the fields and values of `etld lookup --json`.

use std::borrow::Cow;
use std::sync::Arc;

use arrow_array::builder::BooleanBuilder;
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{DataType, Field, Fields};
use etld::{Answer, Domain};
use pyo3::exceptions::PyValueError;

use super::hint::hinted;
use super::strings::Strings;
use super::Unanswered;
use crate::view::View;

/// One row's parts, `None` where there is none: all but `known` (false)
/// and `error` for an invalid host.
#[derive(Default)]
struct Row<'a> {
    suffix: Option<&'a str>,
    registrable: Option<&'a str>,
    subdomain: Option<&'a str>,
    label: Option<&'a str>,
    section: Option<&'static str>,
    known: bool,
    rule: Option<Cow<'a, str>>,
    icann_suffix: Option<&'a str>,
    icann_registrable: Option<&'a str>,
    error: Option<&'a str>,
}

impl<'a> Row<'a> {
    /// The parts of a valid host's answer, from either path.
    fn found(v: &'a impl View) -> Row<'a> {
        Row {
            suffix: v.suffix(),
            registrable: v.registrable(),
            subdomain: v.subdomain(),
            label: v.label(),
            section: v.section_name(),
            known: v.known(),
            rule: v.rule(),
            icann_suffix: v.icann_suffix(),
            icann_registrable: v.icann_registrable(),
            error: None,
        }
    }

    /// The row of an invalid host.
    fn error(error: &'a str) -> Row<'a> {
        Row {
            error: Some(error),
            ..Row::default()
        }
    }
}

/// The parts of a lookup, as columns.
pub(super) struct Parts {
    host: Option<Strings>,
    suffix: Strings,
    registrable: Strings,
    subdomain: Strings,
    label: Strings,
    section: Strings,
    known: BooleanBuilder,
    rule: Strings,
    icann_suffix: Strings,
    icann_registrable: Strings,
    error: Strings,
    nulls: Vec<bool>,
}

impl Parts {
    pub(super) fn new(t: &DataType, rows: usize, bytes: usize, url: bool) -> Parts {
        Parts {
            host: url.then(|| Strings::new(t, rows, bytes)),
            suffix: Strings::new(t, rows, bytes / 2),
            registrable: Strings::new(t, rows, bytes),
            subdomain: Strings::new(t, rows, bytes / 2),
            label: Strings::new(t, rows, bytes / 2),
            section: Strings::new(&DataType::Utf8, rows, rows * 5),
            known: BooleanBuilder::with_capacity(rows),
            rule: Strings::new(t, rows, bytes / 2),
            icann_suffix: Strings::new(t, rows, bytes / 2),
            icann_registrable: Strings::new(t, rows, bytes),
            error: Strings::new(&DataType::Utf8, 0, 0),
            nulls: Vec::with_capacity(rows),
        }
    }

    /// A NULL row.
    pub(super) fn null(&mut self) {
        if let Some(h) = &mut self.host {
            h.push(None);
        }
        self.push(&Row::default());
        self.nulls.push(false);
    }

    fn push(&mut self, row: &Row<'_>) {
        self.suffix.push(row.suffix);
        self.registrable.push(row.registrable);
        self.subdomain.push(row.subdomain);
        self.label.push(row.label);
        self.section.push(row.section);
        self.known.append_value(row.known);
        self.rule.push(row.rule.as_deref());
        self.icann_suffix.push(row.icann_suffix);
        self.icann_registrable.push(row.icann_registrable);
        self.error.push(row.error);
    }

    /// The row of an answer of the batch path for the host `host` gives;
    /// `unreadable` says why the row was no string, if it was none (see
    /// [`Strs::unreadable`](super::read::Strs::unreadable)).
    pub(super) fn answer<'h>(
        &mut self,
        a: &Answer<'_>,
        unreadable: impl FnOnce() -> Option<String>,
        host: impl FnOnce() -> Option<&'h str>,
    ) {
        match a.error() {
            Some(e) => {
                let why =
                    unreadable().unwrap_or_else(|| hinted(host().unwrap_or(""), e.to_string()));
                self.push(&Row::error(&why));
            }
            None => self.push(&Row::found(a)),
        }
        self.nulls.push(true);
    }

    /// The row of a URL: its host and the host's lookup, or why there is
    /// none.
    pub(super) fn url(&mut self, host: Option<&str>, found: Result<&Domain<'_>, String>) {
        if let Some(h) = &mut self.host {
            h.push(host);
        }
        match found {
            Ok(d) => self.push(&Row::found(d)),
            Err(e) => self.push(&Row::error(&e)),
        }
        self.nulls.push(true);
    }

    /// The struct array of the rows pushed; [`Unanswered::TooLarge`] if
    /// the strings of a part outgrew a `Utf8` array.
    pub(super) fn finish(self) -> Result<ArrayRef, Unanswered> {
        let mut columns: Vec<(&str, ArrayRef)> = Vec::new();
        if let Some(h) = self.host {
            columns.push(("host", h.finish()?));
        }
        columns.push(("suffix", self.suffix.finish()?));
        columns.push(("registrable", self.registrable.finish()?));
        columns.push(("subdomain", self.subdomain.finish()?));
        columns.push(("label", self.label.finish()?));
        columns.push(("section", self.section.finish()?));
        columns.push(("known", Arc::new({ self.known }.finish())));
        columns.push(("rule", self.rule.finish()?));
        columns.push(("icann_suffix", self.icann_suffix.finish()?));
        columns.push(("icann_registrable", self.icann_registrable.finish()?));
        columns.push(("error", self.error.finish()?));
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
