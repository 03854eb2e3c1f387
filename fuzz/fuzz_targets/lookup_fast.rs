//! Hosts of every kind on fixed tricky lists (built once), under every
//! option combination and in every output form, against the naive model
//! of tests/common (host reading, formal algorithm, output forms).
//!
//! The first byte picks the list (its low two bits) and the output form;
//! the rest spells up to four hosts from the token alphabet of `shared`,
//! each looked up under all eight option combinations.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;
mod shared;

use common::{all_options, fault_agrees, of_domain, read_host, uts46_agrees, Fault};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((list, model, output, rest)) = shared::pick(data) else {
        return;
    };
    let options = all_options();
    for host in shared::hosts(rest, 2, 16) {
        // Hosts where UTS 46 does more than the model are UTS 46's tests'.
        if !uts46_agrees(&host) {
            continue;
        }
        let expected = read_host(&host);
        {
            let mut with: Vec<_> = options.iter().map(|o| o.output(output)).collect();
            // An error comes before any option is read: two combinations
            // (the first and the last) are enough to see it does not depend
            // on them, and hosts too long for a name cost the most.
            if expected.is_err() {
                with.drain(1..with.len() - 1);
            }
            let got: Vec<_> = with.iter().map(|o| list.lookup_with(&host, o)).collect();
            match &expected {
                Ok(read) => {
                    let answers = model.lookup_host(read, &with, output);
                    for ((got, want), o) in got.iter().zip(&answers).zip(&with) {
                        match got {
                            Ok(d) => assert_eq!(&of_domain(d), want, "{host:?} {o:?}"),
                            Err(e) => panic!("{host:?} {o:?}: {e:?}, the model reads {read:?}"),
                        }
                    }
                }
                Err(fault) => {
                    for (got, o) in got.iter().zip(&with) {
                        match got {
                            Err(e) => assert!(
                                fault_agrees(&host, Fault::of(e), *fault),
                                "{host:?} {o:?}: {e:?}, the model says {fault:?}"
                            ),
                            Ok(d) => panic!("{host:?} {o:?}: {d:?}, the model says {fault:?}"),
                        }
                    }
                }
            }
            // The error, if any, is the same whatever the options and form.
            let errors: Vec<_> = got
                .iter()
                .map(|g| g.as_ref().err().map(|e| format!("{e:?}")))
                .collect();
            assert!(
                errors.windows(2).all(|w| w[0] == w[1]),
                "{host:?}: {errors:?}"
            );
        }
    }
});
