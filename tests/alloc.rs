//! No heap allocation for a lookup of a lower-case ASCII host, or of a
//! Unicode host already in canonical form but for the encoding.

use etld_testkit::alloc::{allocations, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn canonical_lookups_do_not_allocate() {
    let list = etld::List::builtin();
    let hosts = [
        "www.example.com",
        "example.com.",
        "a.b.c.example.co.uk",
        "me.github.io",
        "x.y.kobe.jp",
        "city.kobe.jp",
        "www.ck",
        "a.b.in.futurecms.at",
        "ec2-1-2-3-4.us-west-2.compute.amazonaws.com",
        "xn--85x722f.xn--55qx5d.cn",
        "unknown.tld-that-is-not-listed",
        "co.uk",
        // Walked in their Unicode form (the tree's twins of `xn--` labels).
        "www.食狮.公司.cn",
        "bücher.de",
        "пример.рф.",
    ];
    // Warm up: the built-in list loads on first use.
    let _ = list.lookup("example.com");
    let before = allocations();
    let mut total = 0;
    for host in hosts {
        let d = list.lookup(host).expect("valid host");
        total += d.registrable().map_or(0, str::len) + d.suffix().map_or(0, str::len);
    }
    let after = allocations();
    assert!(total > 0);
    assert_eq!(
        after - before,
        0,
        "lookups allocated {} times",
        after - before
    );
}
