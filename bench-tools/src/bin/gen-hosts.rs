//! Prints realistic hostnames, one per line, for throughput measurements:
//!
//! ```text
//! cargo run --release -p etld-bench-tools --bin gen-hosts -- 1000000 > /tmp/hosts.txt
//! cargo run --release -p etld-bench-tools --bin gen-hosts -- 1000 42   # another seed
//! ```
//!
//! The hosts come from `benches/hosts/mod.rs` (the mix is documented there)
//! and are the same on every run for the same count and seed.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

#[path = "../../../benches/hosts/mod.rs"]
mod hosts;

/// The seed used when none is given.
const DEFAULT_SEED: u64 = 2024;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = match args.as_slice() {
        [] => Ok((1_000_000, DEFAULT_SEED)),
        [n] => n.parse().map(|n| (n, DEFAULT_SEED)).map_err(|_| n.clone()),
        [n, seed] => match (n.parse(), seed.parse()) {
            (Ok(n), Ok(seed)) => Ok((n, seed)),
            (Err(_), _) => Err(n.clone()),
            (_, Err(_)) => Err(seed.clone()),
        },
        _ => Err(args.join(" ")),
    };
    let (n, seed) = match parsed {
        Ok(v) => v,
        Err(bad) => {
            eprintln!("gen-hosts: not a count or seed: {bad:?}\nusage: gen-hosts [COUNT [SEED]]");
            return ExitCode::from(2);
        }
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let written = hosts::realistic_hosts(n, seed)
        .iter()
        .try_for_each(|h| writeln!(out, "{h}"))
        .and_then(|()| out.flush());
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen-hosts: cannot write: {e}");
            ExitCode::FAILURE
        }
    }
}
