//! What a list costs to start: its first use, its first lookup (answered
//! from the `fst` map), and unfolding its tree (which the list does by
//! itself after a few hundred lookups): time, heap bytes kept, the peak
//! during each step and the number of allocations, counted by a global
//! allocator that forwards to the system one.
//!
//! ```text
//! cargo run --release --example load_memory          # List::builtin()
//! cargo run --release --example load_memory static   # List::from_fst_static
//! cargo run --release --example load_memory extra 10 # 10 rules laid over the built-in list
//! ```
//!
//! `static` loads the same `.fst` file as a list of one's own embedded
//! with `include_bytes!`: `List::from_fst_static(List::builtin_fst())`.
//!
//! Each step is a function of its own that is never inlined, so that an
//! instruction count can be kept to it (`load`, `first_lookup`, `unfold`):
//!
//! ```text
//! cargo build --release --example load_memory
//! valgrind --tool=callgrind --toggle-collect='load_memory::load' \
//!     target/release/examples/load_memory
//! ```

use std::hint::black_box;
use std::time::Instant;

use etld_testkit::alloc::{self, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The first use of the built-in list.
#[inline(never)]
fn load() -> &'static etld::List {
    etld::List::builtin()
}

/// The first use of a list of one's own, embedded.
#[inline(never)]
fn load_static() -> etld::List {
    etld::List::from_fst_static(etld::List::builtin_fst()).expect("the built-in list loads")
}

/// `n` rules of one's own laid over the built-in list: plain names,
/// wildcards and exceptions under `.example`, in the PRIVATE section.
#[inline(never)]
fn load_extra(n: usize) -> etld::List {
    let mut text = String::from("// ===BEGIN PRIVATE DOMAINS===\n");
    for i in 0..n {
        text.push_str(&match i % 3 {
            0 => format!("*.dev{i}.corp.example\n"),
            1 => format!("!www.dev{}.corp.example\n", i - 1),
            _ => format!("team{i}.corp.example\n"),
        });
    }
    etld::List::builtin()
        .with_extra("extra.dat", text.as_bytes())
        .expect("the extra rules lay over the list")
}

/// The first lookup, answered from the map itself.
#[inline(never)]
fn first_lookup(list: &etld::List) -> Option<usize> {
    let d = list.lookup("www.example.co.uk").ok()?;
    d.registrable().map(str::len)
}

/// Unfolding the keys into the tree, which later lookups walk.
#[inline(never)]
fn unfold(list: &etld::List) {
    list.unfold();
}

/// Runs `step`, and prints what it took: time, heap kept (from the start
/// of the program), the peak during the step, allocations.
fn measure<T>(what: &str, step: impl FnOnce() -> T) -> T {
    let (count, live) = (alloc::allocations(), alloc::live());
    alloc::reset_peak();
    let start = Instant::now();
    let out = black_box(step());
    let took = start.elapsed();
    println!(
        "{what}: {:.3} ms, heap kept {} bytes, peak {} bytes ({} over the start), {} allocations",
        took.as_secs_f64() * 1e3,
        alloc::live(),
        alloc::peak(),
        alloc::peak() - live,
        alloc::allocations() - count,
    );
    out
}

fn main() {
    let embedded;
    let args: Vec<String> = std::env::args().collect();
    let list = match args.get(1).map(String::as_str) {
        Some("static") => {
            embedded = measure("List::from_fst_static", load_static);
            &embedded
        }
        Some("extra") => {
            let n = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(10);
            let _ = etld::List::builtin();
            embedded = measure(&format!("{n} rules laid over the built-in list"), || {
                load_extra(n)
            });
            &embedded
        }
        _ => measure("first List::builtin()", load),
    };
    let answer = measure("first lookup (from the map)", || first_lookup(list));
    assert_eq!(answer, Some("example.co.uk".len()));
    measure("unfold() (the tree)", || unfold(list));
    let answer = measure("a lookup (from the tree)", || first_lookup(list));
    assert_eq!(answer, Some("example.co.uk".len()));
}
