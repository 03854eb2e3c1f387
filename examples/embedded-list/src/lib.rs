//! A list of one's own, embedded in the program: `build.rs` compiles
//! `corp.dat` into a `.fst` file, `include_bytes!` puts it in the binary, and
//! [`corp_list`] loads it once, in a `static`, with
//! [`List::from_fst_static`].
//!
//! Loading borrows the embedded bytes and checks them in place (tens of
//! kilobytes of memory at most, nothing unfolded), and the first lookups
//! are answered from the `fst` map itself, as the built-in list's are.
//!
//! ```
//! let d = etld_example_embedded_list::corp_list().lookup("api.alice.dev.corp.example")?;
//! assert_eq!(d.registrable(), Some("api.alice.dev.corp.example"));
//! # Ok::<(), etld::HostError>(())
//! ```

use std::sync::LazyLock;

use etld::List;

/// The `.fst` file `build.rs` compiled from `corp.dat`.
static CORP_FST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/corp.fst"));

/// The list, loaded on first use and shared afterwards.
static CORP: LazyLock<List> = LazyLock::new(|| {
    // Compiled by this crate's own build script: it loads, or the build
    // would have failed.
    List::from_fst_static(CORP_FST).expect("build.rs compiled corp.fst")
});

/// The company's list, embedded in the program.
pub fn corp_list() -> &'static List {
    &CORP
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_list_answers() {
        let list = corp_list();
        assert_eq!(list.version(), Some("2026-11-01"));
        let d = list.lookup("a.b.dev.corp.example").unwrap();
        assert_eq!(d.suffix(), Some("b.dev.corp.example"));
        assert_eq!(d.registrable(), Some("a.b.dev.corp.example"));
        let d = list.lookup("www.dev.corp.example").unwrap();
        assert_eq!(d.registrable(), Some("www.dev.corp.example"));
        assert_eq!(
            list.lookup("shop.corp.example").unwrap().suffix(),
            Some("corp.example")
        );
    }
}
