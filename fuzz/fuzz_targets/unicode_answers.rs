//! Every answer looks up to itself: the registrable domain of a successful
//! lookup, looked up with the same options, gives the same answer in the
//! same form; its public suffix gives itself as suffix (or none, when the
//! implicit rule is off and only an exception made it a suffix) and no
//! registrable domain, unless an exception made it the suffix and strict
//! wildcards leave it a registrable domain of its own (`kobe.jp` of
//! `city.kobe.jp`); the whole name gives the same answer again. For
//! answers in Unicode form (docs/behaviour.md section 3 step 4 makes it so), in ASCII
//! form, and in input form. An error's offset is a character boundary of
//! the input.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;
mod shared;

use common::all_options;
use etld::{Domain, HostError, List, Options, Wildcard};
use libfuzzer_sys::fuzz_target;

/// The answer for a name that came out of an answer: it must load.
fn again<'h>(list: &List, name: &'h str, o: &Options, from: &str) -> Domain<'h> {
    list.lookup_with(name, o)
        .unwrap_or_else(|e| panic!("{name:?} from the answer for {from:?} with {o:?}: {e}"))
}

fuzz_target!(|data: &[u8]| {
    let Some((list, _, output, rest)) = shared::pick(data) else {
        return;
    };
    for host in shared::hosts(rest, 2, 16) {
        for o in all_options().iter().map(|o| o.output(output)) {
            let d = match list.lookup_with(&host, &o) {
                Ok(d) => d,
                Err(e) => {
                    // An error points at a character of the input, so that
                    // the caller may slice the input there.
                    if let HostError::Label { offset, .. } = e {
                        assert!(host.is_char_boundary(offset), "{host:?} {e:?}");
                    }
                    continue;
                }
            };
            let whole = again(list, d.as_str(), &o, &host);
            assert_eq!(format!("{whole:?}"), format!("{d:?}"), "{host:?} {o:?}");
            if let Some(r) = d.registrable() {
                let e = again(list, r, &o, &host);
                assert_eq!(e.as_str(), r, "{host:?} {o:?}");
                assert_eq!(
                    (e.suffix(), e.registrable(), e.section(), e.is_known()),
                    (d.suffix(), d.registrable(), d.section(), d.is_known()),
                    "{host:?} {o:?}"
                );
            }
            if let Some(s) = d.suffix() {
                let e = again(list, s, &o, &host);
                assert_eq!(e.as_str(), s, "{host:?} {o:?}");
                match e.registrable() {
                    None => {
                        assert!(e.suffix().is_none_or(|t| t == s), "{host:?} {o:?}: {e:?}")
                    }
                    // An exception rule made `s` the suffix (`kobe.jp` of
                    // `city.kobe.jp`, under `!city.kobe.jp`), and with
                    // strict wildcards `*.kobe.jp` does not make `kobe.jp`
                    // a suffix of its own: it is a registrable domain.
                    Some(r) => {
                        assert_eq!(r, s, "{host:?} {o:?}");
                        assert_eq!(o, o.wildcard(Wildcard::Strict), "{host:?} {o:?}: {e:?}");
                    }
                }
            }
        }
    }
});
