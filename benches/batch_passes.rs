//! The batch path timed pass by pass, without criterion: for quick
//! comparisons on a noisy machine (the median and the best of many passes)
//! and for instruction counts with callgrind.
//!
//! ```text
//! cargo bench --bench batch_passes --no-run      # prints the binary's path
//! taskset -c 0 BINARY [KIND [HOSTS [PASSES [MEASUREMENT]]]]
//! valgrind --tool=callgrind --toggle-collect='batch_passes::lookup_each' \
//!     BINARY mix 20000 1 lookup_each             # instructions / hosts
//! ```
//!
//! KIND is `mix` (the realistic mix of `benches/hosts/mod.rs`, seed 42),
//! `plain` (its lower-case ASCII hosts without `xn--`) or `upper` (its
//! ASCII hosts with an upper-case letter); HOSTS how many
//! hosts of the mix (default 100,000); PASSES how many passes (default 21);
//! MEASUREMENT one of `lookup_each`, `lookup_batch`, `lookup_loop`,
//! `psl_domain`, or `all` (the default). Each measurement reads every
//! registrable domain's length and is a function of its own, never inlined.

use std::hint::black_box;
use std::time::Instant;

use etld_testkit::hosts;

#[inline(never)]
fn lookup_each(list: &etld::List, hosts: &[String]) -> usize {
    let mut total = 0;
    list.lookup_each(hosts.iter().map(String::as_str), |_, a| {
        total += black_box(a.registrable().map_or(0, str::len));
    });
    total
}

#[inline(never)]
fn lookup_batch(list: &etld::List, hosts: &[String], batch: &mut etld::Batch) -> usize {
    list.lookup_batch(hosts.iter().map(String::as_str), batch);
    let mut total = 0;
    for (i, h) in hosts.iter().enumerate() {
        let a = batch.get(i, h);
        total += black_box(a.and_then(|a| a.registrable()).map_or(0, str::len));
    }
    total
}

#[inline(never)]
fn lookup_loop(list: &etld::List, hosts: &[String]) -> usize {
    let mut total = 0;
    for h in hosts {
        let d = list.lookup(h);
        total += black_box(
            d.ok()
                .and_then(|d| d.registrable().map(str::len))
                .unwrap_or(0),
        );
    }
    total
}

#[inline(never)]
fn psl_domain(hosts: &[String]) -> usize {
    let mut total = 0;
    for h in hosts {
        total += black_box(psl::domain(h.as_bytes()).map_or(0, |d| d.as_bytes().len()));
    }
    total
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let kind = arg(0).unwrap_or("mix");
    let n: usize = arg(1).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let passes: usize = arg(2).and_then(|s| s.parse().ok()).unwrap_or(21).max(1);
    let only = arg(3).unwrap_or("all");
    let mut hosts = hosts::realistic_hosts(n, 42);
    match kind {
        "plain" => hosts.retain(|h| {
            !h.contains("xn--")
                && h.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-')
        }),
        "upper" => hosts.retain(|h| h.is_ascii() && h.bytes().any(|b| b.is_ascii_uppercase())),
        _ => {}
    }
    let list = etld::List::builtin();
    // Measured with the tree unfolded, as after the first few hundred lookups.
    list.unfold();
    let mut batch = etld::Batch::new();
    println!("{} hosts ({kind}), {passes} passes", hosts.len());
    let names = ["lookup_each", "lookup_batch", "lookup_loop", "psl_domain"];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    for _ in 0..passes {
        // Round robin, so that the machine's noise falls on every
        // measurement alike.
        for (k, name) in names.iter().enumerate() {
            if only != "all" && only != *name {
                continue;
            }
            let start = Instant::now();
            let total = match k {
                0 => lookup_each(list, &hosts),
                1 => lookup_batch(list, &hosts, &mut batch),
                2 => lookup_loop(list, &hosts),
                _ => psl_domain(&hosts),
            };
            black_box(total);
            times[k].push(start.elapsed().as_nanos() as f64 / hosts.len() as f64);
        }
    }
    let psl_median = median(&times[3]);
    for (name, t) in names.iter().zip(&mut times) {
        let Some(m) = median(t) else {
            continue;
        };
        let best = t.iter().cloned().fold(f64::MAX, f64::min);
        let ratio = psl_median.map_or(String::new(), |p| {
            format!("  psl_domain / this: {:.2}x", p / m)
        });
        println!("{name:>14}: median {m:6.1} ns/host, best {best:6.1} ns/host{ratio}");
    }
}

fn median(t: &[f64]) -> Option<f64> {
    let mut t = t.to_vec();
    t.sort_by(f64::total_cmp);
    t.get(t.len() / 2).copied()
}
