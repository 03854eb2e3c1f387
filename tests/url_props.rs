//! Properties of `etld::url::host` on generated inputs built from the pieces
//! its rules turn on (schemes, slashes, backslashes, `@`, `:`, brackets,
//! percent escapes, ignorable and control code points): it never panics, a
//! host it gives is never empty, a borrowed host stands in the input as it
//! is, and a non-special URL's host is the one the input writes.

use std::borrow::Cow;

use proptest::prelude::*;

/// Inputs made of the pieces the parser's rules turn on.
fn input() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("http:".to_string()),
        Just("FILE:".to_string()),
        Just("foo:".to_string()),
        Just("mailto:".to_string()),
        Just("/".to_string()),
        Just("\\".to_string()),
        Just("//".to_string()),
        Just("@".to_string()),
        Just(":".to_string()),
        Just(":80".to_string()),
        Just(":65536".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("::1".to_string()),
        Just("?".to_string()),
        Just("#".to_string()),
        Just("%".to_string()),
        Just("%41".to_string()),
        Just("%FF".to_string()),
        Just("%C3%BC".to_string()),
        Just("localhost".to_string()),
        Just("C|".to_string()),
        Just("example.com".to_string()),
        Just("ü".to_string()),
        Just("\u{200b}".to_string()),
        Just("\t".to_string()),
        Just(" ".to_string()),
        Just("\u{0}".to_string()),
        "[a-z0-9.+-]{1,4}",
    ];
    prop::collection::vec(piece, 0..12).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4_000))]

    #[test]
    fn hosts_are_never_empty_and_borrowed_ones_stand_in_the_input(input in input()) {
        match etld::url::host(&input) {
            Ok(host) => {
                prop_assert!(!host.is_empty(), "{input:?}");
                if let Cow::Borrowed(h) = host {
                    prop_assert!(input.contains(h), "{input:?}: {h:?}");
                }
            }
            // Every error says something: no panic, a message.
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn a_non_special_urls_host_is_the_one_it_writes(
        scheme in "[a-z][a-z0-9+.-]{0,6}",
        user in "([a-z0-9:]{0,5}@)?",
        host in "[a-zA-Z0-9.%_~!$&'()*+,;=-]{1,12}",
        port in "(:[0-9]{0,4})?",
        rest in "([/?#][a-z/?#]{0,5})?",
    ) {
        prop_assume!(!["http", "https", "ws", "wss", "ftp", "file"].contains(&scheme.as_str()));
        let url = format!("{scheme}://{user}{host}{port}{rest}");
        let got = etld::url::host(&url);
        prop_assert_eq!(got.as_deref(), Ok(host.as_str()), "{}", url);
    }
}
