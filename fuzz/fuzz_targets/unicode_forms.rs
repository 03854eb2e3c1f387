//! Arbitrary text as a host, looked up in the built-in list in its own form
//! and in ASCII form: both must fail alike or name the same labels. The own
//! form walks a Unicode host that is canonical but for the encoding as it is
//! (against the Unicode twins of the list's `xn--` labels); the ASCII form
//! encodes every label first.
#![no_main]

use etld::{List, Options, Output};
use libfuzzer_sys::fuzz_target;

/// The ASCII form of an answer's name (docs/behaviour.md section 3 step 6: the same
/// name, by UTS 46 ToASCII).
fn to_ascii(name: &str) -> String {
    etld::uts46::to_ascii(name)
        .expect("an answer's labels are valid")
        .into_owned()
}

fuzz_target!(|data: &[u8]| {
    let Ok(host) = std::str::from_utf8(data) else {
        return;
    };
    let list = List::builtin();
    let own = list.lookup_with(host, &Options::new().output(Output::Input));
    let ascii = list.lookup_with(host, &Options::new().output(Output::Ascii));
    match (own, ascii) {
        (Ok(own), Ok(ascii)) => {
            assert_eq!(
                own.suffix().map(to_ascii).as_deref(),
                ascii.suffix(),
                "{host:?}"
            );
            assert_eq!(
                own.registrable().map(to_ascii).as_deref(),
                ascii.registrable(),
                "{host:?}"
            );
            assert_eq!(to_ascii(own.as_str()), ascii.as_str(), "{host:?}");
            assert_eq!(
                (own.section(), own.is_known()),
                (ascii.section(), ascii.is_known())
            );
        }
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{host:?}"),
        (a, b) => panic!("{host:?}: {a:?} in its own form, {b:?} in ASCII"),
    }
});
