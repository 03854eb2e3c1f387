//! The struct column of every part of a lookup (`lookup`, `lookup_url`).

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

/// The parts of a lookup, as columns.
pub(super) struct Parts {
    host: Option<Strings>,
    suffix: Strings,
    registrable: Strings,
    subdomain: Strings,
    label: Strings,
    section: Strings,
    known: BooleanBuilder,
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
            error: Strings::new(&DataType::Utf8, 0, 0),
            nulls: Vec::with_capacity(rows),
        }
    }

    /// A NULL row.
    pub(super) fn null(&mut self) {
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
        self.section.push(section);
        self.known.append_option(known);
        self.error.push(error);
    }

    /// The parts of a valid host's answer, from either path.
    pub(super) fn found(&mut self, v: &impl View) {
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
    /// [`Strs::unreadable`](super::read::Strs::unreadable)).
    pub(super) fn answer<'h>(
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
    pub(super) fn url(&mut self, host: Option<&str>, found: Result<&Domain<'_>, String>) {
        if let Some(h) = &mut self.host {
            h.push(host);
        }
        match found {
            Ok(d) => self.found(d),
            Err(e) => self.push_parts(None, None, None, None, None, Some(false), Some(&e)),
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
