//! The batch path against the lookup of one host: every answer that
//! `List::lookup_each_with` and `List::lookup_batch_with` give for a run of
//! hosts of every kind is the answer `List::lookup_with` gives for the host
//! alone, in order, under every option combination, whatever hosts came
//! before it in the run (the batch path keeps the names of rewritten hosts
//! in space it reuses from one host to the next).
//!
//! The first byte picks the list (its low two bits) and the output form;
//! the rest spells up to sixteen hosts from the token alphabet of `shared`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;
mod shared;

use common::all_options;
use etld::{Answer, Batch, List, Options};
use libfuzzer_sys::fuzz_target;

/// Checks `answer`, the batch path's answer for `host`, against the
/// lookup of the host alone.
fn check(list: &List, host: &str, options: &Options, answer: &Answer<'_>) {
    let alone = list.lookup_with(host, options);
    assert_eq!(answer.to_domain(), alone, "{host:?} {options:?}");
    match &alone {
        Ok(d) => {
            assert_eq!(answer.name(), Some(d.as_str()), "{host:?} {options:?}");
            assert_eq!(answer.registrable(), d.registrable(), "{host:?}");
            assert_eq!(answer.suffix(), d.suffix(), "{host:?}");
            assert_eq!(answer.subdomain(), d.subdomain(), "{host:?}");
            assert_eq!(
                answer.registrable_label(),
                d.registrable_label(),
                "{host:?}"
            );
            assert_eq!(answer.section(), d.section(), "{host:?}");
            assert_eq!(answer.is_known(), d.is_known(), "{host:?}");
            assert_eq!(answer.error(), None, "{host:?}");
            // An answer that says it borrows the host is the host itself.
            if answer.borrows_host() {
                assert_eq!(
                    answer.name().map(str::as_ptr),
                    Some(host.as_ptr()),
                    "{host:?}"
                );
            }
        }
        Err(e) => {
            assert_eq!(answer.error(), Some(*e), "{host:?} {options:?}");
            assert!(!answer.is_ok() && answer.name().is_none(), "{host:?}");
            assert_eq!(answer.registrable(), None, "{host:?}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((list, _, output, rest)) = shared::pick(data) else {
        return;
    };
    let hosts = shared::hosts(rest, 16, 16);
    let mut batch = Batch::new();
    for options in all_options() {
        let options = options.output(output);
        let mut next = 0;
        list.lookup_each_with(hosts.iter().map(String::as_str), &options, |i, answer| {
            assert_eq!(i, next, "answers come in order");
            next += 1;
            check(list, &hosts[i], &options, &answer);
        });
        assert_eq!(next, hosts.len(), "an answer for every host");
        list.lookup_batch_with(hosts.iter().map(String::as_str), &options, &mut batch);
        assert_eq!(batch.len(), hosts.len());
        for (i, host) in hosts.iter().enumerate() {
            match batch.get(i, host) {
                Some(answer) => check(list, host, &options, &answer),
                None => panic!("no answer for host {i} of {}", hosts.len()),
            }
        }
    }
});
