//! Lookup latency: etld beside the `psl` and `publicsuffix` crates, on the
//! same deterministic mix of realistic hosts, in the same run.
//!
//! `publicsuffix` parses our own `vectors/public_suffix_list.dat`, so it
//! answers from the same list; `psl` answers from the list compiled into it.
//! `psl` matches bytes as they are, so `psl_folding_case` also lower-cases
//! the hosts that have upper-case letters first, as a caller must for
//! correct answers (etld folds case itself).
//! Each measurement is one pass over the whole mix: divide the time by the
//! number of hosts (printed at start) for nanoseconds per lookup, or read the
//! throughput line.
//!
//! ```text
//! cargo bench --bench lookup
//! ```

use etld_testkit::hosts;

use std::borrow::Cow;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use publicsuffix::Psl as _;

/// Hosts per pass.
const HOSTS: usize = 10_000;

static DAT: &[u8] = include_bytes!("../vectors/public_suffix_list.dat");
static FST: &[u8] = include_bytes!("../vectors/public_suffix_list.fst");

fn lookups(c: &mut Criterion) {
    let hosts = hosts::realistic_hosts(HOSTS, 42);
    let etld = etld::List::builtin();
    // Measured with the tree unfolded, as after the first few hundred lookups.
    etld.unfold();
    let peer: publicsuffix::List = std::str::from_utf8(DAT)
        .expect("the list is UTF-8")
        .parse()
        .expect("publicsuffix parses the list");
    eprintln!("{} hosts per pass", hosts.len());

    let mut group = c.benchmark_group("suffix");
    group.throughput(Throughput::Elements(hosts.len() as u64));
    group.bench_function("etld", |b| {
        b.iter(|| {
            for h in &hosts {
                black_box(etld.lookup(h).ok().map(|d| d.suffix().map(str::len)));
            }
        })
    });
    group.bench_function("psl", |b| {
        b.iter(|| {
            for h in &hosts {
                black_box(psl::suffix(h.as_bytes()).map(|s| s.as_bytes().len()));
            }
        })
    });
    group.bench_function("psl_folding_case", |b| {
        b.iter(|| {
            for h in &hosts {
                let h = folded(h);
                black_box(psl::suffix(h.as_bytes()).map(|s| s.as_bytes().len()));
            }
        })
    });
    group.bench_function("publicsuffix", |b| {
        b.iter(|| {
            for h in &hosts {
                black_box(peer.suffix(h.as_bytes()).map(|s| s.as_bytes().len()));
            }
        })
    });
    group.finish();

    registrable(c, "registrable", &hosts, etld, &peer);

    // What reading the rule and the ICANN-only answer costs beside the
    // registrable domain (a lookup that does not read them is `registrable`).
    let mut group = c.benchmark_group("rule_and_icann");
    group.throughput(Throughput::Elements(hosts.len() as u64));
    group.bench_function("etld", |b| {
        b.iter(|| {
            for h in &hosts {
                black_box(etld.lookup(h).ok().map(|d| {
                    let rule = d.rule().map(|r| r.len());
                    (rule, d.icann_registrable().map(str::len))
                }));
            }
        })
    });
    group.finish();
    // Like for like: the hosts that need no case folding, Unicode or A-label
    // checks, where etld and `psl` do comparable work.
    let plain: Vec<String> = hosts
        .iter()
        .filter(|h| {
            h.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-')
        })
        .filter(|h| !h.contains("xn--"))
        .cloned()
        .collect();
    eprintln!("{} lower-case ASCII hosts without A-labels", plain.len());
    registrable(c, "registrable_plain_ascii", &plain, etld, &peer);
}

fn registrable(
    c: &mut Criterion,
    name: &str,
    hosts: &[String],
    etld: &etld::List,
    peer: &publicsuffix::List,
) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(hosts.len() as u64));
    group.bench_function("etld", |b| {
        b.iter(|| {
            for h in hosts {
                black_box(etld.lookup(h).ok().map(|d| d.registrable().map(str::len)));
            }
        })
    });
    group.bench_function("psl", |b| {
        b.iter(|| {
            for h in hosts {
                black_box(psl::domain(h.as_bytes()).map(|d| d.as_bytes().len()));
            }
        })
    });
    group.bench_function("psl_folding_case", |b| {
        b.iter(|| {
            for h in hosts {
                let h = folded(h);
                black_box(psl::domain(h.as_bytes()).map(|d| d.as_bytes().len()));
            }
        })
    });
    group.bench_function("publicsuffix", |b| {
        b.iter(|| {
            for h in hosts {
                black_box(peer.domain(h.as_bytes()).map(|d| d.as_bytes().len()));
            }
        })
    });
    group.finish();
}

/// `host` in lower case, as a caller of `psl` (which matches bytes as they
/// are) must give it for a correct answer: borrowed when it already is.
fn folded(host: &str) -> Cow<'_, str> {
    let upper = match host.is_ascii() {
        true => host.bytes().any(|b| b.is_ascii_uppercase()),
        false => host.chars().any(char::is_uppercase),
    };
    match upper {
        true => Cow::Owned(host.to_lowercase()),
        false => Cow::Borrowed(host),
    }
}

fn loading(c: &mut Criterion) {
    let mut group = c.benchmark_group("load");
    // What the first use of `List::builtin()` does.
    group.bench_function("builtin_fst_static", |b| {
        b.iter(|| etld::List::from_fst_static(black_box(FST)).expect("loads"))
    });
    group.bench_function("fst_from_vec", |b| {
        b.iter_batched(
            || FST.to_vec(),
            |bytes| etld::List::from_fst(bytes).expect("loads"),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("dat_parse_and_compile", |b| {
        b.iter(|| etld::List::from_dat(black_box(DAT)).expect("compiles"))
    });
    group.bench_function("publicsuffix_parse_dat", |b| {
        let text = std::str::from_utf8(DAT).expect("the list is UTF-8");
        b.iter(|| {
            black_box(text)
                .parse::<publicsuffix::List>()
                .expect("parses")
        })
    });
    group.finish();
}

criterion_group!(benches, lookups, loading);
criterion_main!(benches);
