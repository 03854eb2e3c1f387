//! Arbitrary bytes -> a small list and hosts over a tiny alphabet; the
//! automaton's answer must equal the naive model's under every option.
//!
//! Each byte is one token: `a b c . * ! \n |`; the text before the first `|`
//! is the list, each line after it a host (with `*` and `!` dropped).
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

const TOKENS: &[u8; 8] = b"abc.*!\n|";

fuzz_target!(|data: &[u8]| {
    let text: Vec<u8> = data.iter().map(|b| TOKENS[(b & 7) as usize]).collect();
    let (rules, hosts) = match text.iter().position(|&b| b == b'|') {
        Some(i) => (&text[..i], &text[i + 1..]),
        None => (&text[..], &b"a.b.c"[..]),
    };
    let Ok(set) = etld::RuleSet::parse(rules) else {
        return;
    };
    // Parsed rules compile, unless their wildcards branch too often for
    // lookups to stay cheap.
    let list = match etld::List::from_rules(&set) {
        Ok(list) => list,
        Err(etld::Error::Format(etld::FormatError::Wildcards { .. })) => return,
        Err(e) => panic!("parsed rules must compile: {e}"),
    };
    let model = common::Model::new(&set);
    for host in hosts.split(|&b| b == b'\n' || b == b'|') {
        let host: String = host
            .iter()
            .filter(|&&b| b != b'*' && b != b'!')
            .map(|&b| b as char)
            .collect();
        let bare = host.strip_suffix('.').unwrap_or(&host);
        if bare.len() > 253 || bare.split('.').any(|l| l.is_empty() || l.len() > 63) {
            assert!(list.lookup(&host).is_err(), "{host:?} must be an error");
            continue;
        }
        // An FQDN's answer is the bare name's with the dot kept on.
        if let Some(bare) = host.strip_suffix('.') {
            let (with, without) = (list.lookup(&host).unwrap(), list.lookup(bare).unwrap());
            let dotted = |s: Option<&str>| s.map(|s| format!("{s}."));
            assert_eq!(with.suffix(), dotted(without.suffix()).as_deref());
            assert_eq!(with.registrable(), dotted(without.registrable()).as_deref());
            continue;
        }
        // The model tries 2^labels patterns: compare short hosts only, and
        // just look the long ones up.
        if host.split('.').count() > 10 {
            let _ = list.lookup(&host);
            continue;
        }
        for options in common::all_options() {
            assert_eq!(
                common::answer(&list, &host, &options),
                model.lookup(&host, &options),
                "host {host:?} options {options:?}"
            );
        }
    }
});
