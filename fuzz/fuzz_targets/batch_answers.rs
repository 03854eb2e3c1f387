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

use common::{all_options, check_batch_answer};
use etld::Batch;
use libfuzzer_sys::fuzz_target;

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
            check_batch_answer(list, &hosts[i], &options, &answer);
        });
        assert_eq!(next, hosts.len(), "an answer for every host");
        list.lookup_batch_with(hosts.iter().map(String::as_str), &options, &mut batch);
        assert_eq!(batch.len(), hosts.len());
        for (i, host) in hosts.iter().enumerate() {
            match batch.get(i, host) {
                Some(answer) => check_batch_answer(list, host, &options, &answer),
                None => panic!("no answer for host {i} of {}", hosts.len()),
            }
        }
    }
});
