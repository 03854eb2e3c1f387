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
    // In chunks of DuckDB's vector size, as the extension looks them up:
    // each answer handed to a closure, as the extension takes them
    // (`lookup_each_with`), and kept in a `Batch` to be read after
    // (`lookup_batch_with`).
    let each = best_of_7(|| {
        let mut bytes = 0;
        for chunk in hosts.chunks(2048) {
            list.lookup_each_with(chunk.iter().copied(), &options, |_, answer| {
                bytes += answer.registrable().map_or(0, str::len);
            });
        }
        bytes
    });
    let mut batch = etld::Batch::new();
    let batched = best_of_7(|| {
        let mut bytes = 0;
        for chunk in hosts.chunks(2048) {
            list.lookup_batch_with(chunk.iter().copied(), &options, &mut batch);
            for (i, host) in chunk.iter().enumerate() {
                let registrable = batch.get(i, host).and_then(|a| a.registrable());
                bytes += registrable.map_or(0, str::len);
            }
        }
        bytes
    });
    let per_host = |s: f64| s * 1e9 / hosts.len() as f64;
    for (what, (wall, cpu, bytes)) in [("lookup_each_with", each), ("lookup_batch_with", batched)] {
        println!(
            "{what:17} {} hosts: {wall:.3} s wall, {cpu:.3} s CPU: {:.1} / {:.1} ns a host (registrable bytes {bytes})",
            hosts.len(),
            per_host(wall),
            per_host(cpu),
        );
    }
}

/// The least wall and CPU time of seven runs of `run`, and what it gave.
fn best_of_7(mut run: impl FnMut() -> usize) -> (f64, f64, usize) {
    let (mut wall, mut cpu, mut out) = (f64::MAX, f64::MAX, 0);
    for _ in 0..7 {
        let start = Instant::now();
        let cpu_start = cpu_seconds();
        out = std::hint::black_box(run());
        wall = wall.min(start.elapsed().as_secs_f64());
        cpu = cpu.min(cpu_seconds() - cpu_start);
    }
    (wall, cpu, out)
}

/// The CPU time of this thread so far (Linux: the first field of
/// `/proc/thread-self/schedstat`, in nanoseconds; `/proc/self/stat`'s
/// ticks, at the usual 100 a second, were too coarse for runs of a tenth of
/// a second); 0 where unreadable.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}
