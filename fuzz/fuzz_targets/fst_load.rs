//! Arbitrary bytes -> `.fst` loader. Never panics, never hangs, and costs
//! what the file holds: loading counts at most `etld::cost::load_bound` units
//! of work for the automaton's size, and a list that loads answers every
//! lookup without panicking and within `etld::cost::lookup_bound` units for
//! the host's labels (work units, counted by the library in fuzzing builds,
//! where time would not tell). A list answers its first lookups from its
//! map: each answer equals that of the same list with its tree unfolded.
//!
//! Input that starts with the magic is loaded as it is. Other input is taken
//! as the node region of an `fst` map: it gets the `fst` version word, a
//! footer (key count = the input's first byte, root address = its last byte)
//! and a valid `.fst` header with a correct checksum, so that the fuzzer
//! spends its time in the automaton decoder. The input also gives a host
//! over `a`, `b` and `*` labels, to walk wildcards the automaton may hold.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

/// The header of a one-rule list, to put in front of fuzzed automata.
fn header() -> &'static [u8] {
    static HEADER: OnceLock<Vec<u8>> = OnceLock::new();
    HEADER.get_or_init(|| {
        let mut bytes = etld::compile(b"com\n").expect("compiles");
        let len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
        bytes.truncate(len);
        bytes
    })
}

fn wrap(data: &[u8]) -> Vec<u8> {
    let (keys, nodes) = data.split_first().map_or((0, data), |(k, n)| (*k, n));
    let mut fst = Vec::with_capacity(nodes.len() + 36);
    fst.extend_from_slice(&3u64.to_le_bytes()); // fst version
    fst.extend_from_slice(&0u64.to_le_bytes()); // fst type
    fst.extend_from_slice(nodes);
    fst.extend_from_slice(&u64::from(keys).to_le_bytes());
    fst.extend_from_slice(&((16 + nodes.len()).saturating_sub(1) as u64).to_le_bytes());
    fst.extend_from_slice(&0u32.to_le_bytes()); // fst's own checksum, unread
    let mut bytes = header().to_vec();
    bytes[24..32].copy_from_slice(&(fst.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&fst);
    let sum = etld::format::checksum(&bytes[24..]);
    bytes[16..24].copy_from_slice(&sum.to_le_bytes());
    bytes
}

/// A host of up to 40 labels drawn from the input: `a`, `b`, `*` and `com`.
fn host_of(data: &[u8]) -> String {
    let labels: Vec<&str> = data
        .iter()
        .take(40)
        .map(|b| ["a", "b", "*", "com"][usize::from(b & 3)])
        .collect();
    if labels.is_empty() {
        "a".into()
    } else {
        labels.join(".")
    }
}

fuzz_target!(|data: &[u8]| {
    let bytes = if etld::format::is_fst_file(data) {
        data.to_vec()
    } else {
        wrap(data)
    };
    // The automaton is at most the file without its header.
    let bound = etld::cost::load_bound(bytes.len());
    etld::cost::take();
    let loaded = etld::List::from_fst(bytes);
    let units = etld::cost::take();
    assert!(units <= bound, "loading cost {units} units, over {bound}");
    let Ok(list) = loaded else {
        return;
    };
    let reversed: Vec<u8> = data.iter().rev().copied().collect();
    let hosts = [host_of(data), host_of(&reversed)];
    let fixed = ["com", "a.com", "www.example.co.uk", "x.y.z", "a", "*.a"];
    let unfolded = list.clone();
    unfolded.unfold();
    etld::cost::take();
    for host in fixed
        .iter()
        .copied()
        .chain(hosts.iter().map(String::as_str))
    {
        let answer = format!("{:?}", list.lookup(host));
        let units = etld::cost::take();
        let bound = etld::cost::lookup_bound(host.split('.').count());
        assert!(units <= bound, "{host}: {units} units, over {bound}");
        assert_eq!(answer, format!("{:?}", unfolded.lookup(host)), "{host}");
        etld::cost::take();
    }
    let _ = list.is_cookie_domain_acceptable("a.b.com", "b.com");
});
