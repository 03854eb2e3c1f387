//! Arbitrary text -> `etld::url::host`. It must never panic; it gives what
//! the whole URL parser gives (its shortcuts for a host alone and a plain
//! web URL change nothing); a host is never empty, and one it borrows
//! stands in the input; an error has a message.
#![no_main]

use std::borrow::Cow;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let got = etld::url::host(input);
    let parsed = etld::url::host_by_parser(input);
    assert_eq!(got.as_deref(), parsed.as_deref(), "{input:?}");
    match &got {
        Ok(host) => {
            assert!(!host.is_empty(), "{input:?}");
            if let Cow::Borrowed(h) = host {
                let start = (h.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize);
                assert!(start + h.len() <= input.len(), "{input:?}: {h:?}");
            }
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
