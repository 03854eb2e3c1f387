//! Arbitrary bytes -> `List::from_dat`: never panics, and what it costs is
//! bounded by the size of its input. The cost is counted, not timed: the
//! bytes the parser and compiler ask the allocator for, which must stay
//! within a fixed multiple of the input's length (a crafted list that
//! unfolds into many more keys than it has bytes would break the bound).
//! Time and memory are left to libFuzzer's `-timeout` and `-rss_limit_mb`.
#![no_main]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use libfuzzer_sys::fuzz_target;

/// The system allocator, counting the bytes asked for.
struct Counting;

static ASKED: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator with the caller's
// own arguments; the counter has no effect on the memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ASKED.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc` is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ASKED.fetch_add(new_size, Ordering::Relaxed);
        // SAFETY: the caller's contract for `realloc` is `System.realloc`'s.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Bytes any list may cost, whatever its size (the fst builder's own
/// tables), and bytes each byte of input may cost.
const FIXED: usize = 4 << 20;
const PER_BYTE: usize = 1024;

fuzz_target!(|data: &[u8]| {
    let before = ASKED.load(Ordering::Relaxed);
    let list = etld::List::from_dat(data);
    let asked = ASKED.load(Ordering::Relaxed) - before;
    assert!(
        asked <= FIXED + PER_BYTE * data.len(),
        "{} input bytes cost {asked} allocated bytes ({:?})",
        data.len(),
        list.as_ref().map(|l| l.key_count())
    );
    if let Ok(list) = list {
        let _ = list.lookup("a.b.c.example.com");
    }
});
