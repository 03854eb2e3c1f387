//! Arbitrary text -> list parser and compiler. Never panics; a list that
//! compiles loads again from its own `.fst` bytes and answers lookups alike.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(list) = etld::List::from_dat(data) else {
        return;
    };
    let again = etld::List::from_fst(list.to_fst_bytes().to_vec()).expect("own bytes load");
    assert_eq!(again.to_fst_bytes(), list.to_fst_bytes());
    // Look up every rule-ish token of the text and a few hosts below it.
    let text = String::from_utf8_lossy(data);
    for token in text.split_whitespace().take(64) {
        let host = token.trim_start_matches(['!', '.']).replace('*', "x");
        for h in [host.clone(), format!("a.{host}")] {
            let a = list.lookup(&h).map(|d| d.into_owned());
            let b = again.lookup(&h).map(|d| d.into_owned());
            assert_eq!(format!("{a:?}"), format!("{b:?}"));
        }
    }
});
