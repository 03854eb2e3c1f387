//! The buffer API never touches the heap: a counting global allocator
//! watches this thread while every allocation-free entry point runs.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static WATCHING: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // `try_with`: the thread-locals may be gone during thread teardown.
        let _ = WATCHING.try_with(|w| {
            if w.get() {
                let _ = COUNT.try_with(|c| c.set(c.get() + 1));
            }
        });
        // SAFETY: forwarding the caller's layout to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `f` and returns how many heap allocations this thread made in it.
fn allocations(f: impl FnOnce()) -> usize {
    COUNT.with(|c| c.set(0));
    WATCHING.with(|w| w.set(true));
    f();
    WATCHING.with(|w| w.set(false));
    COUNT.with(|c| c.get())
}

/// A fixed-capacity `fmt::Write`, so `encode_fmt` can be watched too.
struct Fixed {
    buf: [u8; 256],
    len: usize,
}

impl core::fmt::Write for Fixed {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let end = self.len + s.len();
        self.buf
            .get_mut(self.len..end)
            .ok_or(core::fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[test]
fn buffer_api_does_not_allocate() {
    // Inputs built before watching.
    let labels = ["bücher", "食狮", "пример", "-> $1.00 <-", "Bücher"];
    let long: String = "ü".repeat(100) + &"a".repeat(200); // past the stack fast path
    let punys = [
        "bcher-kva",
        "85x722f",
        "e1afmkfd",
        "-> $1.00 <--",
        "tda",
        "-tda",
        "99999999",
    ];
    let mut bytes = [0u8; 2048];
    let mut chars = ['\0'; 2048];
    let mut flags = [false; 2048];
    let mut fixed = Fixed {
        buf: [0; 256],
        len: 0,
    };
    let mut checked = 0;

    let n = allocations(|| {
        for l in labels.iter().copied().chain([long.as_str()]) {
            assert!(etld_punycode::encode_into(l, &mut bytes).is_ok());
            assert!(etld_punycode::Codec::PUNYCODE
                .encode_chars_into(l.chars(), &mut bytes)
                .is_ok());
            let count = l.chars().count();
            assert!(etld_punycode::Codec::PUNYCODE
                .encode_into_with_flags(l, &flags[..count], &mut bytes)
                .is_ok());
            let _ = etld_punycode::encode_into(l, &mut bytes[..3]); // BufferTooSmall path
            fixed.len = 0;
            let _ = etld_punycode::Codec::PUNYCODE.encode_fmt(l, &mut fixed);
            let _ = etld_punycode::Codec::PUNYCODE.encode_traced(l, &mut bytes, |_| checked += 1);
            let _ = etld_punycode::to_ascii_label_into(l, &mut bytes);
        }
        for p in punys {
            let _ = etld_punycode::decode_into(p.as_bytes(), &mut chars);
            let _ = etld_punycode::decode_into(p.as_bytes(), &mut chars[..1]);
            let _ = etld_punycode::Codec::PUNYCODE.decode_into_with_flags(
                p.as_bytes(),
                &mut chars,
                &mut flags,
            );
            let _ = etld_punycode::Codec::PUNYCODE.decode_traced(p.as_bytes(), &mut chars, |_| {});
        }
        for a in [
            "xn--bcher-kva",
            "XN--85X722F",
            "xn--abc-",
            "xn--",
            "xn---tda",
            "example",
        ] {
            let _ = etld_punycode::check_a_label(a.as_bytes());
            let _ = etld_punycode::decode_a_label_into(a.as_bytes(), &mut chars);
        }
    });
    assert_eq!(n, 0, "the buffer API allocated {n} times");
    assert!(checked > 0);

    // The watcher works: an allocating call is counted.
    let n = allocations(|| {
        let s = etld_punycode::encode("bücher").unwrap();
        assert_eq!(s, "bcher-kva");
    });
    assert!(n >= 1);
}
