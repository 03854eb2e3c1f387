//! `--table NAME=PATH`: files registered as a named table.
//!
//! PATH is a file or a glob (`logs/*.ndjson`, `logs/**/*.csv`); its
//! extension says the format of the files and which files of a glob count.

use std::sync::Arc;

use datafusion::datasource::file_format::FileFormat;
use datafusion::datasource::file_format::csv::CsvFormat;
use datafusion::datasource::file_format::json::JsonFormat;
use datafusion::datasource::file_format::parquet::ParquetFormat;
use datafusion::datasource::listing::ListingOptions;
use datafusion::error::{DataFusionError, Result};
use datafusion::prelude::SessionContext;

/// Registers the table of one `NAME=PATH` argument.
pub async fn register(ctx: &SessionContext, arg: &str) -> Result<()> {
    let Some((name, path)) = arg.split_once('=') else {
        return Err(usage(format!("--table {arg}: expected NAME=PATH")));
    };
    if name.is_empty() {
        return Err(usage(format!("--table {arg}: NAME is empty")));
    }
    // A name the query can write as it stands: DataFusion reads `a.b` as a
    // table of the schema `a`.
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '_';
    if !name.chars().all(plain) || name.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(usage(format!(
            "--table {arg}: NAME is a plain SQL name (ASCII letters, digits and _, \
             not first a digit)"
        )));
    }
    let (format, extension) = format_of(path).ok_or_else(|| {
        usage(format!(
            "--table {arg}: PATH must end in .csv, .parquet, .json, .ndjson or .jsonl; {}",
            declare_hint(path)
        ))
    })?;
    // A file that is not there is named as such, rather than left for the
    // query to report as a table that does not exist.
    let is_pattern = path.contains(['*', '?', '[']) || path.contains("://");
    if !is_pattern && !std::path::Path::new(path).exists() {
        return Err(usage(format!("--table {arg}: no such file: {path}")));
    }
    let options = ListingOptions::new(format).with_file_extension(extension);
    ctx.register_listing_table(name, path, options, None, None)
        .await
}

/// The format of files named like `path`, and their extension.
fn format_of(path: &str) -> Option<(Arc<dyn FileFormat>, &str)> {
    let dot = path.rfind('.')?;
    let extension = &path[dot..];
    let format: Arc<dyn FileFormat> = match extension.to_ascii_lowercase().as_str() {
        ".csv" => Arc::new(CsvFormat::default().with_has_header(true)),
        ".parquet" => Arc::new(ParquetFormat::default()),
        ".json" | ".ndjson" | ".jsonl" => Arc::new(JsonFormat::default()),
        _ => return None,
    };
    Some((format, extension))
}

/// The error of a query that names a table DataFusion cannot find: where
/// the name is a path (`FROM 'hosts.csv'`) to a file that is not there,
/// the error says so; where it is a path of lines of JSON that a quoted
/// path does not take (`.ndjson`, `.jsonl`, any other file: DataFusion
/// reads quoted paths by the extensions it knows), it says what does.
pub fn explain_missing(e: DataFusionError) -> DataFusionError {
    // The planner's error may come wrapped (with a diagnostic, say).
    let DataFusionError::Plan(message) = e.find_root() else {
        return e;
    };
    let name = message
        .strip_prefix("table '")
        .and_then(|rest| rest.strip_suffix("' not found"))
        .map(|name| name.strip_prefix("datafusion.public.").unwrap_or(name));
    let json_lines = |path: &str| {
        let lower = path.to_ascii_lowercase();
        lower.ends_with(".ndjson") || lower.ends_with(".jsonl")
    };
    match name {
        Some(path) if json_lines(path) => DataFusionError::Plan(format!(
            "a quoted path is read as .csv, .parquet or .json; name {path} with \
             --table NAME={path} (or rename it .json)"
        )),
        // A name with a dot or a slash is a path: a table's name would be
        // found or refused by the planner with another error.
        Some(path) if path.contains(['.', '/']) && !std::path::Path::new(path).exists() => {
            DataFusionError::Plan(format!("no such file: {path}"))
        }
        Some(path) if format_of(path).is_none() && std::path::Path::new(path).exists() => {
            DataFusionError::Plan(format!(
                "{path}: a quoted path is read as .csv, .parquet or .json by its extension; {}",
                declare_hint(path)
            ))
        }
        _ => e,
    }
}

/// What to do about a failed query's error `message` when an etld function
/// was given something other than text: a number written in the query, or
/// a CSV column whose first rows look like numbers, which is read as
/// numbers.
pub fn hint_for(message: &str) -> Option<&'static str> {
    let numbers_given =
        message.starts_with("Function 'etld_") && message.contains("expects String but received");
    numbers_given.then_some(
        "the etld functions take text, and a CSV column whose first 1,000 rows look like \
         numbers is read as numbers: declare it text first (CREATE EXTERNAL TABLE t (host \
         VARCHAR) STORED AS CSV LOCATION 'hosts.csv' OPTIONS ('format.has_header' 'true'); \
         SELECT ... FROM t), as casting the numbers back would not give the text (1.20 is \
         1.2); a value of the query itself, cast it (CAST(x AS VARCHAR))",
    )
}

/// How to read the files of `path`, whose extension etld-sql does not
/// know: as a table declared first, CSV, with a tab between fields for a
/// `.tsv` or `.tab` file.
fn declare_hint(path: &str) -> String {
    let lower = path.to_ascii_lowercase();
    let tabs = match lower.ends_with(".tsv") || lower.ends_with(".tab") {
        true => ", 'format.delimiter' E'\\t'",
        false => "",
    };
    format!(
        "declare a table of other files first (CREATE EXTERNAL TABLE t STORED AS CSV \
         LOCATION '{path}' OPTIONS ('format.has_header' 'true'{tabs}); SELECT ... FROM t)"
    )
}

fn usage(message: String) -> DataFusionError {
    DataFusionError::Configuration(message)
}
