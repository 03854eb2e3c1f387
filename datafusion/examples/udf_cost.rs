//! The cost of the etld functions alone, without a query around them: each
//! function named answers the same column of realistic hosts, in arrays of
//! 8192 rows (DataFusion's batch size), and the time per row is printed.
//!
//! ```text
//! cargo run --example udf_cost -- 1000000 etld_registrable etld_known
//! ```
//!
//! With no function named, every function but `etld_host` runs. The hosts
//! come from `benches/hosts/mod.rs`, every 17th row NULL. The time includes
//! building the answers' arrays, as a query pays for them. Under
//! `valgrind --tool=callgrind --toggle-collect='*EtldUdf*invoke_with_args*'` the
//! instructions counted are those of the functions alone.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use datafusion::arrow::array::{Array, ArrayRef, StringArray};
use datafusion::arrow::datatypes::{DataType, Field};
use datafusion::config::ConfigOptions;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs};
use etld_datafusion::{Etld, Function};

#[path = "../../benches/hosts/mod.rs"]
mod hosts;

/// Rows per array.
const BATCH: usize = 8192;

/// Every Nth row is NULL.
const NULL_EVERY: usize = 17;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let rows = match args.next().map(|n| n.parse::<usize>()) {
        None => 1_000_000,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            eprintln!("usage: udf_cost [ROWS [FUNCTION...]]");
            return ExitCode::from(2);
        }
    };
    let mut functions = Vec::new();
    for name in args {
        match Function::from_name(&name) {
            Some(f) => functions.push(f),
            None => {
                eprintln!("udf_cost: no function {name}");
                return ExitCode::from(2);
            }
        }
    }
    if functions.is_empty() {
        functions = Function::ALL
            .into_iter()
            .filter(|&f| f != Function::Host)
            .collect();
    }
    match run(rows, &functions) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("udf_cost: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(rows: usize, functions: &[Function]) -> datafusion::error::Result<()> {
    let hosts = hosts::realistic_hosts(rows, 42);
    let arrays: Vec<ArrayRef> = hosts
        .chunks(BATCH)
        .enumerate()
        .map(|(n, chunk)| {
            let column: StringArray = chunk
                .iter()
                .enumerate()
                .map(|(i, h)| (!(n * BATCH + i).is_multiple_of(NULL_EVERY)).then_some(h.as_str()))
                .collect();
            Arc::new(column) as ArrayRef
        })
        .collect();
    let etld = Etld::builtin();
    let config = Arc::new(ConfigOptions::default());
    let arg_field = Arc::new(Field::new("host", DataType::Utf8, true));
    for &function in functions {
        let udf = etld.udf(function);
        let return_type = udf.return_type(&[DataType::Utf8])?;
        let return_field = Arc::new(Field::new(function.name(), return_type, true));
        let start = Instant::now();
        let mut nulls = 0;
        for array in &arrays {
            let answer = udf.invoke_with_args(ScalarFunctionArgs {
                args: vec![ColumnarValue::Array(Arc::clone(array))],
                arg_fields: vec![Arc::clone(&arg_field)],
                number_rows: array.len(),
                return_field: Arc::clone(&return_field),
                config_options: Arc::clone(&config),
            })?;
            if let ColumnarValue::Array(answer) = answer {
                nulls += answer.null_count();
            }
        }
        let elapsed = start.elapsed();
        println!(
            "{:<18} {rows} rows  {:>8.1} ns/row  {:>6.2} M rows/s  ({nulls} NULL answers)",
            function.name(),
            elapsed.as_nanos() as f64 / rows.max(1) as f64,
            rows as f64 / elapsed.as_secs_f64() / 1e6,
        );
    }
    Ok(())
}
