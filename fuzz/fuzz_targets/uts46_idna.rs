//! `etld::uts46` against the `idna` crate: a name spelled from the input
//! bytes (tests/uts46_names) must be refused by both or get the same
//! ToASCII and ToUnicode answers, but for the few kinds of name `idna`
//! answers otherwise than UTS 46 (`uts46_names::comparable`). Every
//! name is also held to etld's own full processing: `to_ascii` and
//! `to_unicode` take shorter ways for some names, which must give the same
//! answers and errors.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/uts46_names/mod.rs"]
mod uts46_names;

fuzz_target!(|data: &[u8]| {
    let name = uts46_names::name_from_bytes(data);
    if let Err(e) = uts46_names::compare_paths(&name) {
        panic!("{e}");
    }
    if uts46_names::comparable(&name) {
        if let Err(e) = uts46_names::compare(&name) {
            panic!("{e}");
        }
    }
    // Text as it comes, too.
    if let Ok(text) = std::str::from_utf8(data) {
        if let Err(e) = uts46_names::compare_paths(text) {
            panic!("{e}");
        }
        if uts46_names::comparable(text) {
            if let Err(e) = uts46_names::compare(text) {
                panic!("{e}");
            }
        }
    }
});
