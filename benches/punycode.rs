//! Punycode: etld-punycode against idna 1.1's `punycode` module.
//!
//! Three sets, each encoded and decoded in its own group with every coder:
//!
//! * `rfc`: the nineteen RFC 3492 section 7.1 samples (`vectors/`);
//! * `short`: short real labels (bücher, münchen, 食狮, 公司, ...);
//! * `long59`: Unicode labels whose Punycode is 55 to 59 bytes, the longest
//!   that fits a 63-octet A-label.
//!
//! Coders: `etld_buf` (the allocation-free `encode_into` / `decode_into`
//! into stack buffers), `etld_alloc` (`encode` / `decode` returning
//! `String`), `idna` (`idna::punycode::encode_str` / `decode_to_string`).
//! One iteration handles every label of the set; the throughput is set in
//! labels, so criterion's "elem/s" is labels per second.
//!
//! Run: `cargo bench --bench punycode` (add `-- --warm-up-time 1
//! --measurement-time 3` for a quicker run).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const SAMPLES: &str = include_str!("../punycode/tests/data/rfc3492_samples.txt");

/// The Unicode text of each RFC sample (see the file's header for the format).
fn rfc_samples() -> Vec<String> {
    SAMPLES
        .lines()
        .filter_map(|l| l.strip_prefix("text "))
        .map(|hex| {
            hex.split_whitespace()
                .map(|h| {
                    u32::from_str_radix(h, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .expect("sample code point")
                })
                .collect()
        })
        .collect()
}

const SHORT: &[&str] = &[
    "bücher",
    "münchen",
    "食狮",
    "公司",
    "пример",
    "例え",
    "δοκιμή",
    "köln",
    "zürich",
    "straße",
    "ñandú",
    "中国",
    "日本語",
    "한국",
    "рф",
    "مثال",
    "उदाहरण",
    "テスト",
    "😀",
    "españa",
];

/// Grows each seed until its Punycode would pass 59 bytes.
fn long_labels() -> Vec<String> {
    const SEEDS: &[&str] = &[
        "donaudampfschifffahrtsgesellschaftskapitänsmützenträgerverbandsvorsitzender",
        "日本語のドメイン名はとても長くなることがありますがそれでも問題ありません",
        "очень длинное доменное имя для проверки производительности кодировщика",
        "ελληνικάονόματατομέαπουείναιαρκετάμεγάλαγιαναδοκιμάσουμετονκωδικοποιητή",
        "中华人民共和国国家互联网信息办公室域名测试标签长度极限",
        "한국어도메인이름은꽤길어질수있습니다테스트를위한긴레이블입니다",
        "müllerlüdenscheidtöchterüberäöüßschöneüberraschungfürdiegäste",
        "أسماءالنطاقاتالعربيةيمكنأنتكونطويلةجدامثلهذاالمثال",
    ];
    SEEDS
        .iter()
        .map(|seed| {
            let mut label = String::new();
            for c in seed.chars().filter(|c| !c.is_whitespace()) {
                let mut next = label.clone();
                next.push(c);
                if etld_punycode::encode(&next).expect("encode").len() > 59 {
                    break;
                }
                label = next;
            }
            let len = etld_punycode::encode(&label).expect("encode").len();
            assert!((55..=59).contains(&len), "{label}: {len}");
            label
        })
        .collect()
}

fn bench_set(c: &mut Criterion, name: &str, labels: &[String]) {
    let encoded: Vec<String> = labels
        .iter()
        .map(|l| etld_punycode::encode(l).expect("encode"))
        .collect();
    // Sanity: both coders agree on the whole set.
    for (l, p) in labels.iter().zip(&encoded) {
        assert_eq!(idna::punycode::encode_str(l).as_deref(), Some(p.as_str()));
        assert_eq!(
            idna::punycode::decode_to_string(p).as_deref(),
            Some(l.as_str())
        );
    }
    let n = labels.len() as u64;

    let mut g = c.benchmark_group(format!("encode/{name}"));
    g.throughput(Throughput::Elements(n));
    g.bench_function("etld_buf", |b| {
        let mut buf = [0u8; 256];
        b.iter(|| {
            let mut total = 0;
            for l in labels {
                total += etld_punycode::encode_into(black_box(l), &mut buf).expect("encode");
                black_box(&buf);
            }
            total
        })
    });
    g.bench_function("etld_alloc", |b| {
        b.iter(|| {
            for l in labels {
                black_box(etld_punycode::encode(black_box(l)).expect("encode"));
            }
        })
    });
    g.bench_function("idna", |b| {
        b.iter(|| {
            for l in labels {
                black_box(idna::punycode::encode_str(black_box(l)).expect("encode"));
            }
        })
    });
    g.finish();

    let mut g = c.benchmark_group(format!("decode/{name}"));
    g.throughput(Throughput::Elements(n));
    g.bench_function("etld_buf", |b| {
        let mut out = ['\0'; 256];
        b.iter(|| {
            let mut total = 0;
            for p in &encoded {
                total +=
                    etld_punycode::decode_into(black_box(p.as_bytes()), &mut out).expect("decode");
                black_box(&out);
            }
            total
        })
    });
    g.bench_function("etld_alloc", |b| {
        b.iter(|| {
            for p in &encoded {
                black_box(etld_punycode::decode(black_box(p)).expect("decode"));
            }
        })
    });
    g.bench_function("idna", |b| {
        b.iter(|| {
            for p in &encoded {
                black_box(idna::punycode::decode_to_string(black_box(p)).expect("decode"));
            }
        })
    });
    g.finish();
}

fn punycode(c: &mut Criterion) {
    bench_set(c, "rfc", &rfc_samples());
    let short: Vec<String> = SHORT.iter().map(|s| s.to_string()).collect();
    bench_set(c, "short", &short);
    bench_set(c, "long59", &long_labels());
}

criterion_group!(benches, punycode);
criterion_main!(benches);
