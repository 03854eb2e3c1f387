//! Writes realistic hostnames as Parquet files of one column, `host`, for
//! throughput measurements of `etld-sql` (see `scripts/bench.sh`):
//!
//! ```text
//! cargo run --release -p etld-datafusion --example gen_parquet -- 10000000 /tmp/hosts 4
//! ```
//!
//! writes `/tmp/hosts/hosts-0.parquet` to `hosts-3.parquet`. The hosts come
//! from `benches/hosts/mod.rs` (the mix is documented there), the same for
//! the same count.

use std::fs::File;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, RecordBatch, StringArray};
use datafusion::parquet::arrow::ArrowWriter;

#[path = "../../benches/hosts/mod.rs"]
mod hosts;

/// Rows per written batch.
const BATCH: usize = 1 << 16;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = match args.as_slice() {
        [n, dir, parts] => n
            .parse::<usize>()
            .ok()
            .zip(parts.parse::<usize>().ok().filter(|&p| p > 0))
            .map(|(n, parts)| (n, PathBuf::from(dir), parts)),
        _ => None,
    };
    let Some((n, dir, parts)) = parsed else {
        eprintln!("usage: gen_parquet COUNT DIR PARTS");
        return ExitCode::from(2);
    };
    match write(n, &dir, parts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen_parquet: {e}");
            ExitCode::FAILURE
        }
    }
}

fn write(n: usize, dir: &std::path::Path, parts: usize) -> Result<(), Box<dyn std::error::Error>> {
    std::fs::create_dir_all(dir)?;
    let hosts = hosts::realistic_hosts(n, 2024);
    for (part, chunk) in hosts.chunks(n.div_ceil(parts).max(1)).enumerate() {
        let file = File::create(dir.join(format!("hosts-{part}.parquet")))?;
        let mut writer: Option<ArrowWriter<File>> = None;
        for rows in chunk.chunks(BATCH) {
            let column: StringArray = rows.iter().map(|h| Some(h.as_str())).collect();
            let batch = RecordBatch::try_from_iter([("host", Arc::new(column) as ArrayRef)])?;
            let w = match &mut writer {
                Some(w) => w,
                None => writer.insert(ArrowWriter::try_new(
                    file.try_clone()?,
                    batch.schema(),
                    None,
                )?),
            };
            w.write(&batch)?;
        }
        if let Some(w) = writer {
            w.close()?;
        }
    }
    Ok(())
}
