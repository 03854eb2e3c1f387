//! Lookup latency on the hosts of a file, one a line: what the hosts of a
//! given shape cost, where `lookup_kinds` draws its hosts from the
//! realistic mix.
//!
//! ```text
//! cargo build --release --example lookup_file
//! taskset -c 0 target/release/examples/lookup_file hosts.txt 9
//! ```
//!
//! Arguments: the file, and how many passes over its hosts (the best is
//! kept; 9 when not given). Prints the nanoseconds a lookup (`List::lookup`
//! on the built-in list, its registrable domain taken), and the total
//! length of the registrable domains found, so that two builds can be
//! checked to answer alike.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: lookup_file HOSTS [PASSES]");
        return ExitCode::FAILURE;
    };
    let passes: usize = match args.next().map(|p| p.parse()) {
        None => 9,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("PASSES must be a positive number");
            return ExitCode::FAILURE;
        }
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let hosts: Vec<&str> = text.lines().collect();
    if hosts.is_empty() {
        eprintln!("{path}: no hosts");
        return ExitCode::FAILURE;
    }
    let list = etld::List::builtin();
    let mut best = f64::MAX;
    let mut found = 0;
    for _ in 0..passes {
        found = 0;
        let started = Instant::now();
        for host in &hosts {
            if let Ok(d) = black_box(&list).lookup(black_box(host)) {
                found += d.registrable().map_or(0, str::len);
            }
        }
        best = best.min(started.elapsed().as_secs_f64());
    }
    println!(
        "{} hosts: {:.1} ns a lookup (registrable domains: {found} bytes)",
        hosts.len(),
        best / hosts.len() as f64 * 1e9
    );
    ExitCode::SUCCESS
}
