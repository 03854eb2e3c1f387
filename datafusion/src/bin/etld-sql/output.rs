//! Printing a result: a drawn table, CSV or JSON lines.

use std::io::{self, Write};
use std::sync::Arc;

use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::csv;
use datafusion::arrow::json::WriterBuilder;
use datafusion::arrow::json::writer::LineDelimited;
use datafusion::arrow::util::pretty::pretty_format_batches_with_schema;
use datafusion::error::Result;
use datafusion::prelude::DataFrame;
use futures::StreamExt;

use crate::cli::Format;

/// Runs `frame` and writes its result to standard output in `format`: CSV
/// and JSON batch by batch as the query yields them, so that a result of
/// any size goes through in the memory of a few batches; the table once
/// the whole result is there, as drawing it needs every row's width. An
/// empty result still prints its columns (the CSV header, the table's
/// heading; lines of JSON, none), and a statement with no columns (`CREATE
/// TABLE`) prints nothing. After an earlier result (`after`), a table or
/// CSV starts with a blank line, so that each result's heading stands out.
/// Says whether it printed a result. A reader that goes away (`etld-sql
/// ... | head -1`) ends the output quietly, as it ends `etld`'s: that is
/// not a failure of the query, and the caller runs no more statements.
pub async fn write(frame: DataFrame, format: Format, after: bool) -> Result<Printed> {
    let mut pipe = Pipe {
        out: io::stdout(),
        closed: false,
    };
    match write_to(&mut pipe, frame, format, after).await {
        Err(_) if pipe.closed => Ok(Printed::ReaderGone),
        Ok(true) => Ok(Printed::Result),
        Ok(false) => Ok(Printed::Nothing),
        Err(e) => Err(e),
    }
}

/// What [`write()`] printed.
pub enum Printed {
    /// Nothing: the statement has no result (`CREATE TABLE`, `SET`).
    Nothing,
    /// The statement's result.
    Result,
    /// Some of the result or none: standard output's reader went away.
    ReaderGone,
}

/// Standard output, noting whether its reader has gone: the Arrow writers
/// report a broken pipe as their own error, with the cause only in text.
struct Pipe<W> {
    out: W,
    closed: bool,
}

impl<W: Write> Write for Pipe<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out
            .write(buf)
            .inspect_err(|e| self.closed |= e.kind() == io::ErrorKind::BrokenPipe)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out
            .flush()
            .inspect_err(|e| self.closed |= e.kind() == io::ErrorKind::BrokenPipe)
    }
}

async fn write_to<W: Write>(
    pipe: &mut W,
    frame: DataFrame,
    format: Format,
    after: bool,
) -> Result<bool> {
    let schema = Arc::clone(frame.schema().inner());
    // A statement with no result (`CREATE TABLE`, `SET`): run, nothing
    // printed.
    if schema.fields().is_empty() {
        frame.collect().await?;
        return Ok(false);
    }
    let mut out = io::BufWriter::new(pipe);
    if after && format != Format::Json {
        writeln!(out)?;
    }
    match format {
        Format::Table => {
            let batches = frame.collect().await?;
            let table = pretty_format_batches_with_schema(schema, &batches)?;
            writeln!(out, "{table}")?;
        }
        Format::Csv => {
            let mut batches = frame.execute_stream().await?;
            let mut writer = csv::WriterBuilder::new().with_header(true).build(&mut out);
            // The header goes out with the first batch, so an empty
            // result is written as a batch of no rows.
            let mut empty = true;
            while let Some(batch) = batches.next().await {
                empty = false;
                writer.write(&batch?)?;
            }
            if empty {
                writer.write(&RecordBatch::new_empty(schema))?;
            }
        }
        Format::Json => {
            let mut batches = frame.execute_stream().await?;
            let mut writer = WriterBuilder::new()
                .with_explicit_nulls(true)
                .build::<_, LineDelimited>(&mut out);
            while let Some(batch) = batches.next().await {
                writer.write(&batch?)?;
            }
            writer.finish()?;
        }
    }
    out.flush()?;
    Ok(true)
}
