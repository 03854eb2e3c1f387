//! Printing a result: a drawn table, CSV or JSON lines.

use std::io::{self, Write};

use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::csv;
use datafusion::arrow::json::LineDelimitedWriter;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::error::Result;

use crate::cli::Format;

/// Writes `batches` to standard output in `format`.
pub fn write(batches: &[RecordBatch], format: Format) -> Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match format {
        Format::Table => writeln!(out, "{}", pretty_format_batches(batches)?)?,
        Format::Csv => {
            let mut writer = csv::WriterBuilder::new().with_header(true).build(&mut out);
            for batch in batches {
                writer.write(batch)?;
            }
        }
        Format::Json => {
            let mut writer = LineDelimitedWriter::new(&mut out);
            writer.write_batches(&batches.iter().collect::<Vec<_>>())?;
            writer.finish()?;
        }
    }
    out.flush()?;
    Ok(())
}
