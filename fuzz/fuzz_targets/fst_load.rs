//! Arbitrary bytes -> `.fst` loader. Never panics, never hangs; a list that
//! loads answers lookups without panicking.
//!
//! Input that starts with the magic is loaded as it is. Other input is taken
//! as the node region of an `fst` map: it gets the `fst` version word, a
//! footer (key count = the input's first byte, root address = its last byte)
//! and a valid `.fst` header with a correct checksum, so that the fuzzer
//! spends its time in the automaton decoder.
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

fuzz_target!(|data: &[u8]| {
    let bytes = if etld::format::is_fst_file(data) {
        data.to_vec()
    } else {
        wrap(data)
    };
    if let Ok(list) = etld::List::from_fst(bytes) {
        for host in ["com", "a.com", "www.example.co.uk", "x.y.z", "a", "*.a"] {
            let _ = list.lookup(host);
        }
        let _ = list.is_cookie_domain_acceptable("a.b.com", "b.com");
    }
});
