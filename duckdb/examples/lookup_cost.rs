//! What the lookups alone cost, outside DuckDB, on the hosts of a file:
//! the floor under `etld_registrable`'s cost in DuckDB (duckdb/bench.py).
//!
//! ```text
//! target/release/gen-hosts 2000000 > /tmp/hosts.txt
//! cargo run --release -p etld-duckdb --example lookup_cost -- /tmp/hosts.txt
//! ```

use std::time::Instant;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: lookup_cost HOSTS_FILE");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("lookup_cost: cannot read {path}: {e}");
            std::process::exit(1);
        }
    };
    let hosts: Vec<&str> = text.lines().collect();
    let list = etld::List::builtin();
    list.unfold();
    let options = etld::Options::new();
    let mut best = f64::MAX;
    let mut cpu_best = f64::MAX;
    let mut bytes = 0;
    for _ in 0..7 {
        let start = Instant::now();
        let cpu_start = cpu_seconds();
        bytes = 0;
        // In chunks of DuckDB's vector size, as the extension looks them up.
        for chunk in hosts.chunks(2048) {
            list.lookup_each_with(chunk.iter().copied(), &options, |_, answer| {
                bytes += answer.registrable().map_or(0, str::len);
            });
        }
        best = best.min(start.elapsed().as_secs_f64());
        cpu_best = cpu_best.min(cpu_seconds() - cpu_start);
    }
    let per_host = |s: f64| s * 1e9 / hosts.len() as f64;
    println!(
        "{} hosts: {best:.3} s wall, {cpu_best:.3} s CPU: {:.1} / {:.1} ns a host (registrable bytes {bytes})",
        hosts.len(),
        per_host(best),
        per_host(cpu_best),
    );
}

/// The CPU time of this process so far (Linux: `/proc/self/stat`'s user
/// and system ticks, at the usual 100 a second); 0 where unreadable.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The fields after the command name, which ends at the last ')'.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime, fields 14 and 15 of the line, are 11 and 12 here.
    (ticks(11) + ticks(12)) / 100.0
}
