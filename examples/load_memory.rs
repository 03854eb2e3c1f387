//! What loading the built-in list costs: heap bytes kept, the peak while
//! loading, and the number of allocations, counted by a global allocator
//! that forwards to the system one.
//!
//! ```text
//! cargo run --release --example load_memory
//! ```
//!
//! The load is a function of its own that is never inlined, so that an
//! instruction count can be kept to it:
//!
//! ```text
//! cargo build --release --example load_memory
//! valgrind --tool=callgrind --toggle-collect='load_memory::load' \
//!     target/release/examples/load_memory
//! ```

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Counts allocations and live bytes, and keeps the peak of the latter.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let live = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

// SAFETY: forwards every call to the system allocator unchanged; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        grew(layout.size());
        // SAFETY: the caller's contract is passed on as it is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on as it is.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        grew(new_size);
        // SAFETY: the caller's contract is passed on as it is.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The first use of the built-in list.
#[inline(never)]
fn load() -> &'static etld::List {
    etld::List::builtin()
}

fn main() {
    let (count, live) = (
        ALLOCATIONS.load(Ordering::Relaxed),
        LIVE.load(Ordering::Relaxed),
    );
    PEAK.store(live, Ordering::Relaxed);
    let start = Instant::now();
    let list = black_box(load());
    let took = start.elapsed();
    let kept = LIVE.load(Ordering::Relaxed) - live;
    let peak = PEAK.load(Ordering::Relaxed) - live;
    let allocations = ALLOCATIONS.load(Ordering::Relaxed) - count;
    println!("first List::builtin(): {:.3} ms", took.as_secs_f64() * 1e3);
    println!("heap kept: {kept} bytes, peak while loading: {peak} bytes");
    println!("allocations (and reallocations): {allocations}");
    let d = list.lookup("www.example.co.uk").expect("a valid host");
    assert_eq!(d.registrable(), Some("example.co.uk"));
}
