//! Printing a result: a drawn table, CSV or JSON lines.

use std::io::{self, Write};

use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::csv;
use datafusion::arrow::json::LineDelimitedWriter;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::error::Result;

use crate::cli::Format;

/// Writes `batches` to standard output in `format`. A reader that goes away
/// (`etld-sql ... | head -1`) ends the output quietly, as it ends `etld`'s:
/// that is not a failure of the query.
pub fn write(batches: &[RecordBatch], format: Format) -> Result<()> {
    let mut pipe = Pipe {
        out: io::stdout().lock(),
        closed: false,
    };
    match write_to(&mut pipe, batches, format) {
        Err(_) if pipe.closed => Ok(()),
        result => result,
    }
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

fn write_to<W: Write>(pipe: &mut W, batches: &[RecordBatch], format: Format) -> Result<()> {
    let mut out = io::BufWriter::new(pipe);
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
