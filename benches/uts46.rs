//! UTS 46 ToASCII and ToUnicode: `etld::uts46` against the `idna` crate
//! (`idna::domain_to_ascii`, `idna::domain_to_unicode`), the same flags
//! (those of the WHATWG URL standard) on both sides.
//!
//! Sets, each one group, one iteration handling every name of the set (the
//! throughput is in names, so "elem/s" is names per second):
//!
//! * `unicode`: Unicode names of many scripts, some with upper case,
//!   fullwidth forms, ignored code points or combining sequences;
//! * `a_labels`: the same names as A-labels (ToUnicode decodes them);
//! * `ascii`: plain and upper-case ASCII names (the fast path).
//!
//! Run: `cargo bench --bench uts46` (add `-- --warm-up-time 1
//! --measurement-time 3` for a quicker run); pin it with `taskset -c 0`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const UNICODE: &[&str] = &[
    "www.bücher.de",
    "münchen.example.com",
    "www.食狮.公司.cn",
    "пример.рф",
    "例え.テスト",
    "δοκιμή.gr",
    "Köln.DE",
    "straße.de",
    "ñandú.com.ar",
    "中国.中国",
    "日本語.jp",
    "한국.kr",
    "مثال.إختبار",
    "उदाहरण.परीक्षा",
    "ＥＸＡＭＰＬＥ。ｃｏｍ",
    "goo\u{AD}gle.com",
    "ﬁ.com",
    "a.b.ｶ.jp",
    "cafe\u{301}.fr",
    "שלום.co.il",
];

const ASCII: &[&str] = &[
    "www.example.com",
    "a.b.c.example.co.uk",
    "WWW.EXAMPLE.COM",
    "Mail.Google.com",
    "ec2-1-2-3-4.us-west-2.compute.amazonaws.com",
];

fn bench_set(c: &mut Criterion, group: &str, names: &[String]) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(names.len() as u64));
    g.bench_function("etld_to_ascii", |b| {
        b.iter(|| {
            for n in names {
                black_box(etld::uts46::to_ascii(black_box(n)).ok());
            }
        })
    });
    g.bench_function("idna_to_ascii", |b| {
        b.iter(|| {
            for n in names {
                black_box(idna::domain_to_ascii(black_box(n)).ok());
            }
        })
    });
    g.bench_function("etld_to_unicode", |b| {
        b.iter(|| {
            for n in names {
                black_box(etld::uts46::to_unicode(black_box(n)).ok());
            }
        })
    });
    g.bench_function("idna_to_unicode", |b| {
        b.iter(|| {
            for n in names {
                black_box(idna::domain_to_unicode(black_box(n)).1.is_ok());
            }
        })
    });
    let mut reused = etld::uts46::Processed::new();
    g.bench_function("etld_process_reused", |b| {
        b.iter(|| {
            for n in names {
                black_box(reused.process(black_box(n)).is_ok());
            }
        })
    });
    g.finish();
}

fn uts46(c: &mut Criterion) {
    let unicode: Vec<String> = UNICODE.iter().map(|s| s.to_string()).collect();
    let a_labels: Vec<String> = unicode
        .iter()
        .map(|n| etld::uts46::to_ascii(n).expect("valid").into_owned())
        .collect();
    let ascii: Vec<String> = ASCII.iter().map(|s| s.to_string()).collect();
    // Both sides agree on every name measured.
    for n in unicode.iter().chain(&a_labels).chain(&ascii) {
        assert_eq!(
            etld::uts46::to_ascii(n).ok().as_deref(),
            idna::domain_to_ascii(n).ok().as_deref(),
            "{n}"
        );
    }
    bench_set(c, "uts46_unicode", &unicode);
    bench_set(c, "uts46_a_labels", &a_labels);
    bench_set(c, "uts46_ascii", &ascii);
}

criterion_group!(benches, uts46);
criterion_main!(benches);
