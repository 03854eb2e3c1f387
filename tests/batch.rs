//! The batch path (`List::lookup_each`, `List::lookup_batch`) against
//! `List::lookup_with`, host by host: on the benchmarks' realistic mix and
//! hand-picked edge cases under every option combination and output form,
//! on random hosts (proptest), and with no allocation for canonical hosts.

use etld::{Batch, Domain, HostError, List, Options, Sections};
use proptest::prelude::*;

mod common;
use etld_testkit::alloc::{allocations_during, Counting, CANONICAL_HOSTS};
use etld_testkit::{every_option, hosts};

use common::check_batch_answer;

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Hand-picked hosts: every kind of answer and error.
const EDGE: &str = include_str!("../scripts/edge_hosts.txt");

const MORE: &[&str] = &[
    "",
    ".",
    "a.",
    "com",
    "COM.",
    "ｅｘａｍｐｌｅ．ｃｏ．ｕｋ",
    "a｡b。c．de",
    "xn--bcher-kva.de",
    "XN--BCHER-KVA.DE",
    "a.xn--bcher-kva.com",
    "www.xn--85x722f.xn--55qx5d.cn.",
    "İstanbul.tr",
    "ﬁ.com",
    "me.github.io",
    "ME.GITHUB.IO",
    "x.s3.amazonaws.com",
    "ec2-1-2-3-4.us-west-2.compute.amazonaws.com",
    "0x7f.0.0.1",
    "999.1.1.1",
    "13",
    "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.example.co.uk",
];

fn edge_hosts() -> Vec<String> {
    let long_label = format!("{}.com", "a".repeat(64));
    let long_name = format!("{}com", "abcdefghi.".repeat(26));
    let mut hosts: Vec<String> = EDGE.lines().map(str::to_string).collect();
    hosts.extend(MORE.iter().map(|h| h.to_string()));
    hosts.extend([long_label, long_name]);
    hosts
}

/// What `lookup_with` answers, as the batch path reports it.
fn expected<'h>(list: &List, host: &'h str, options: &Options) -> Result<Domain<'h>, HostError> {
    list.lookup_with(host, options)
}

/// Checks both batch forms against `lookup_with` on `hosts`.
fn check(list: &List, hosts: &[&str], options: &Options) -> Result<(), TestCaseError> {
    let mut seen = 0;
    list.lookup_each_with(hosts.iter().copied(), options, |i, a| {
        assert_eq!(i, seen, "answers in order");
        seen += 1;
        check_batch_answer(list, hosts[i], options, &a);
    });
    assert_eq!(seen, hosts.len());

    let mut batch = Batch::new();
    list.lookup_batch_with(hosts.iter().copied(), options, &mut batch);
    prop_assert_eq!(batch.len(), hosts.len());
    let mut names = String::new();
    for (i, &host) in hosts.iter().enumerate() {
        let a = batch.get(i, host);
        prop_assert!(a.is_some(), "{:?}: no stored answer", host);
        let a = a.unwrap();
        prop_assert_eq!(a.to_domain(), expected(list, host, options));
        if a.is_ok() && !a.borrows_host() {
            names.push_str(a.name().unwrap_or_default());
        }
    }
    // Only the rewritten names are stored, end to end.
    prop_assert_eq!(batch.names(), names);
    prop_assert!(batch.get(hosts.len(), "").is_none());
    Ok(())
}

#[test]
fn the_mix_and_edge_cases_under_every_option() {
    let list = List::builtin();
    let mut hosts = hosts::realistic_hosts(20_000, 7);
    hosts.extend(edge_hosts());
    let hosts: Vec<&str> = hosts.iter().map(String::as_str).collect();
    for options in every_option() {
        check(list, &hosts, &options).unwrap();
    }
}

#[test]
fn the_list_options_are_the_default() {
    let list = List::builtin()
        .clone()
        .with_options(Options::new().sections(Sections::IcannOnly));
    let hosts = ["me.github.io", "www.example.co.uk"];
    let mut got = Vec::new();
    list.lookup_each(hosts, |_, a| got.push(a.registrable().map(str::to_string)));
    assert_eq!(
        got,
        [
            Some("github.io".to_string()),
            Some("example.co.uk".to_string())
        ]
    );
    let mut batch = Batch::new();
    list.lookup_batch(hosts, &mut batch);
    assert_eq!(
        batch.get(0, hosts[0]).and_then(|a| a.registrable()),
        Some("github.io")
    );
}

#[test]
fn a_batch_is_reused() {
    let list = List::builtin();
    let mut batch = Batch::new();
    list.lookup_batch(["A.COM", "b.com", "a..b"], &mut batch);
    assert_eq!(batch.len(), 3);
    assert_eq!(batch.names(), "a.com");
    list.lookup_batch(["x.co.uk"], &mut batch);
    assert_eq!(batch.len(), 1);
    assert_eq!(batch.names(), "");
    let a = batch.get(0, "x.co.uk").unwrap();
    assert_eq!(
        (a.registrable(), a.suffix()),
        (Some("x.co.uk"), Some("co.uk"))
    );
    batch.clear();
    assert!(batch.is_empty());
    assert!(batch.get(0, "x.co.uk").is_none());
}

#[test]
fn another_host_than_the_one_looked_up_never_panics() {
    let list = List::builtin();
    let mut batch = Batch::new();
    let hosts = ["www.example.co.uk", "Ü.example.com", "a..b", "ab.cd"];
    list.lookup_batch(hosts, &mut batch);
    for i in 0..hosts.len() + 1 {
        for other in [
            "",
            "x",
            "wwwwexample.co.uk",
            "ü.ü.ü.ü.ü.ü.ü.ü",
            "a.b",
            "ab.cd",
        ] {
            if let Some(a) = batch.get(i, other) {
                let _ = (a.suffix(), a.registrable(), a.subdomain(), a.to_domain());
                let _ = a.registrable_label();
            }
        }
    }
    // Same length, dots elsewhere: refused.
    assert!(batch.get(0, "wwwwexample.co.uk").is_none());
    assert!(batch.get(0, "www.example.co.ukk").is_none());
}

#[test]
fn canonical_hosts_cost_no_allocation() {
    let list = List::builtin();
    let hosts = || CANONICAL_HOSTS.iter().copied();
    let mut batch = Batch::new();
    // Warm up: the built-in list loads and unfolds (other tests share it,
    // so the unfolding could otherwise fall in this thread's count), and
    // the batch's buffers grow.
    list.unfold();
    list.lookup_batch(hosts(), &mut batch);
    let mut total = 0;
    let each = allocations_during(|| {
        list.lookup_each(hosts(), |_, a| {
            assert!(a.borrows_host());
            total += a.registrable().map_or(0, str::len);
        })
    });
    let batched = allocations_during(|| {
        for _ in 0..3 {
            list.lookup_batch(hosts(), &mut batch);
        }
    });
    assert_eq!(each, 0, "lookup_each: {each} allocations");
    assert!(total > 0);
    assert_eq!(batch.names(), "");
    assert_eq!(batched, 0, "lookup_batch: {batched} allocations");
}

#[test]
fn upper_case_hosts_cost_no_allocation() {
    let list = List::builtin();
    let hosts = [
        "WWW.Example.COM",
        "A.B.C.EXAMPLE.CO.UK.",
        "Me.GitHub.io",
        "XN--85X722F.xn--55qx5d.CN",
        "CO.UK",
    ];
    let expected = [
        Some("example.com"),
        Some("example.co.uk."),
        Some("me.github.io"),
        Some("xn--85x722f.xn--55qx5d.cn"),
        None,
    ];
    // Warm up: the built-in list loads and unfolds (see above).
    list.unfold();
    list.lookup_each(hosts, |_, _| ());
    let mut seen = 0;
    let each = allocations_during(|| {
        list.lookup_each(hosts, |i, a| {
            assert!(a.is_ok() && !a.borrows_host(), "{}", hosts[i]);
            assert_eq!(a.registrable(), expected[i], "{}", hosts[i]);
            seen += 1;
        })
    });
    assert_eq!(each, 0, "{each} allocations");
    assert_eq!(seen, hosts.len());
}

/// Pieces of hosts: labels of every kind, separators, and bytes that are
/// errors.
const PIECES: &[&str] = &[
    "a",
    "b",
    "com",
    "co",
    "uk",
    "jp",
    "kobe",
    "city",
    "github",
    "io",
    "ck",
    "www",
    "xn--",
    "xn--bcher-kva",
    "XN--85X722F",
    "xn--55qx5d",
    "cn",
    "ü",
    "Ü",
    "食狮",
    "公司",
    "ｅ",
    "İ",
    "ß",
    "A",
    "COM",
    "-",
    "1",
    "0x1",
    "_",
    " ",
    "/",
    ":",
    "%",
    "[",
    "]",
    ".",
    ".",
    ".",
    ".",
    "。",
    "．",
    "｡",
    "futurecms",
    "at",
    "in",
    "*",
    "!",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_hosts_answer_as_lookup_does(
        hosts in prop::collection::vec(
            prop::collection::vec(prop::sample::select(PIECES), 0..10).prop_map(|p| p.concat()),
            1..20,
        ),
    ) {
        let list = List::builtin();
        let hosts: Vec<&str> = hosts.iter().map(String::as_str).collect();
        for options in every_option() {
            check(list, &hosts, &options)?;
        }
    }
}
