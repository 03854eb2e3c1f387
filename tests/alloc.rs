//! No heap allocation for a lookup of a lower-case ASCII host, or of a
//! Unicode host already in canonical form but for the encoding; rules laid
//! over the built-in list cost what they hold, not what the list holds.

use std::sync::Mutex;

use etld_testkit::alloc::{allocations_during, live, peak, reset_peak, Counting, CANONICAL_HOSTS};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The tests count the whole process's heap: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

#[test]
fn canonical_lookups_do_not_allocate() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let list = etld::List::builtin();
    let hosts = CANONICAL_HOSTS;
    // Warm up: the built-in list loads on first use, and a thread's UTS 46
    // buffers are made, then grown to fit, by the hosts that need
    // processing (a Unicode host the list answers from its map, before the
    // tree is unfolded, is processed to be walked in ASCII).
    for host in hosts {
        let _ = list.lookup(host);
    }
    // Counted on this thread alone: the test harness's own thread may
    // allocate meanwhile (reporting the other test's result).
    let mut total = 0;
    let allocated = allocations_during(|| {
        for host in hosts {
            let d = list.lookup(host).expect("valid host");
            total += d.registrable().map_or(0, str::len) + d.suffix().map_or(0, str::len);
        }
    });
    assert!(total > 0);
    assert_eq!(allocated, 0, "lookups allocated {allocated} times");
}

/// A layer of ten rules over the built-in list is a few tens of kilobytes
/// (the list's own unfolded tree is about 280 KB, its merged map built
/// again about 2 MB at its peak), and its first lookups allocate nothing.
#[test]
fn a_layer_costs_what_it_holds() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let list = etld::List::builtin();
    let _ = list.lookup("example.com");
    let text = "// ===BEGIN PRIVATE DOMAINS===\n\
        *.dev.corp.example\n!www.dev.corp.example\nteam1.corp.example\n\
        *.dev2.corp.example\n!www.dev2.corp.example\nteam2.corp.example\n\
        *.dev3.corp.example\n!www.dev3.corp.example\nteam3.corp.example\n\
        !foo.kobe.jp\n";
    reset_peak();
    let start = live();
    let layered = list.with_extra("corp.dat", text.as_bytes()).unwrap();
    let cost = peak() - start;
    assert!(cost < 64 * 1024, "laying 10 rules took {cost} bytes");

    let (mut d, mut e) = (None, None);
    let allocated = allocations_during(|| {
        d = layered.lookup("a.b.dev.corp.example").ok();
        e = layered.lookup("www.foo.kobe.jp").ok();
    });
    assert_eq!(allocated, 0);
    let (d, e) = (d.unwrap(), e.unwrap());
    assert_eq!(d.registrable(), Some("a.b.dev.corp.example"));
    assert_eq!(e.registrable(), Some("foo.kobe.jp"));
}
