//! A global allocator that forwards to the system one and counts:
//! allocations, on every thread and on the calling one, and the bytes live
//! and their peak. A global allocator belongs to the binary that uses it,
//! so each test, example or bench that counts declares it itself:
//!
//! ```ignore
//! #[global_allocator]
//! static GLOBAL: etld_testkit::alloc::Counting = etld_testkit::alloc::Counting;
//! ```
//!
//! Without that declaration the counters stay at zero.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The counting allocator (see the [module docs](self)).
pub struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Allocations made by this thread (tests run side by side).
    static THREAD_ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// Hosts whose lookup on the built-in list allocates nothing, once the
/// list is loaded: lower-case ASCII, and Unicode already in canonical form
/// (walked as they are, against the tree's twins of `xn--` labels).
pub const CANONICAL_HOSTS: &[&str] = &[
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

/// Allocations (and reallocations) made so far, by every thread.
pub fn allocations() -> usize {
    ALLOCATIONS.load(Ordering::Relaxed)
}

/// Allocations (and reallocations) made so far by this thread.
pub fn thread_allocations() -> usize {
    THREAD_ALLOCATIONS.with(Cell::get)
}

/// How many allocations this thread makes while `f` runs.
pub fn allocations_during(f: impl FnOnce()) -> usize {
    let before = thread_allocations();
    f();
    thread_allocations() - before
}

/// The bytes allocated and not yet freed.
pub fn live() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// The most bytes live at once since the last [`reset_peak`].
pub fn peak() -> usize {
    PEAK.load(Ordering::Relaxed)
}

/// Starts the peak again from the bytes live now.
pub fn reset_peak() {
    PEAK.store(live(), Ordering::Relaxed);
}

/// Counts an allocation of `size` bytes.
fn allocated(size: usize) {
    ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    let _ = THREAD_ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
    let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

// SAFETY: forwards every call to the system allocator unchanged; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        allocated(layout.size());
        // SAFETY: the caller's contract is passed on as it is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on as it is.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        allocated(new_size);
        // SAFETY: the caller's contract is passed on as it is.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
