//! Registrable domains of a column of hosts: [`etld::List::lookup_each`]
//! and [`etld::List::lookup_batch`] beside `lookup` called in a loop and
//! the `psl` crate's `psl::domain` in a loop, on the same 10,000 realistic
//! hosts (`benches/hosts/mod.rs`, seed 42), one core:
//!
//! ```text
//! taskset -c 0 cargo bench --bench batch -- --warm-up-time 2 --measurement-time 8
//! ```
//!
//! Each measurement is one pass over the whole mix; criterion's throughput
//! line gives hosts per second. Every function reads the registrable
//! domain's length, so that none can skip the work of finding it.

use etld_testkit::hosts;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Hosts per pass.
const HOSTS: usize = 10_000;

fn registrable(c: &mut Criterion) {
    let hosts = hosts::realistic_hosts(HOSTS, 42);
    let list = etld::List::builtin();
    // Measured with the tree unfolded, as after the first few hundred lookups.
    list.unfold();
    let mut batch = etld::Batch::new();
    let mut group = c.benchmark_group("batch_registrable");
    group.throughput(Throughput::Elements(hosts.len() as u64));
    group.bench_function("lookup_each", |b| {
        b.iter(|| {
            list.lookup_each(hosts.iter().map(String::as_str), |_, a| {
                black_box(a.registrable().map(str::len));
            })
        })
    });
    group.bench_function("lookup_batch", |b| {
        b.iter(|| {
            list.lookup_batch(hosts.iter().map(String::as_str), &mut batch);
            black_box(batch.len());
        })
    });
    group.bench_function("lookup_loop", |b| {
        b.iter(|| {
            for h in &hosts {
                black_box(list.lookup(h).ok().map(|d| d.registrable().map(str::len)));
            }
        })
    });
    group.bench_function("psl_domain_loop", |b| {
        b.iter(|| {
            for h in &hosts {
                black_box(psl::domain(h.as_bytes()).map(|d| d.as_bytes().len()));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, registrable);
criterion_main!(benches);
