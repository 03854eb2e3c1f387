//! Two list texts, the second laid over the list of the first
//! (`List::with_extra`): never panics, and gives byte for byte the list of
//! the appended text, whatever the texts hold (rules both texts list, in
//! either section, wildcards and exceptions meeting across them, VERSION
//! comments, an unclosed section in the first).
//!
//! Its first lookups, walked from the list's map and the layer's own tree
//! side by side, answer as the appended text's list does: for every rule's
//! name in the texts, and that name under one more label.
//!
//! The first byte says where the rest is cut into the two texts. Each text
//! starts outside any section, as a file does, so the appended text closes
//! the first one's section before the second; a byte order mark starts a
//! file, not a line, so the second's is dropped from the appended text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&cut, rest)) = data.split_first() else {
        return;
    };
    let (base, extra) = rest.split_at(rest.len() * usize::from(cut) / 255);
    let Ok(list) = etld::List::from_dat(base) else {
        return;
    };
    let layered = list.with_extra("extra", extra);
    let mut appended = base.to_vec();
    appended.extend_from_slice(b"\n// ===END PRIVATE DOMAINS===\n");
    appended.extend_from_slice(extra.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(extra));
    let whole = etld::List::from_dat(&appended);
    match (layered, whole) {
        (Ok(layered), Ok(whole)) => {
            // Fewer than the lookups a list answers before it unfolds.
            let names = rest
                .split(|&b| b == b'\n')
                .filter_map(|line| std::str::from_utf8(line).ok())
                .map(|line| line.trim().trim_start_matches(['!', '*', '.']))
                .filter(|name| !name.is_empty() && !name.starts_with("//"))
                .take(40);
            let icann = etld::Options::new().sections(etld::Sections::IcannOnly);
            let options = [etld::Options::new(), icann];
            for name in names {
                for host in [name.to_string(), format!("x.{name}")] {
                    for options in &options {
                        let got = layered.lookup_with(&host, options);
                        let want = whole.lookup_with(&host, options);
                        assert_eq!(format!("{got:?}"), format!("{want:?}"), "{host:?}");
                    }
                }
            }
            assert_eq!(layered.to_fst_bytes(), whole.to_fst_bytes());
            assert_eq!(layered.fingerprint(), whole.fingerprint());
            assert_eq!(layered.layers().len(), 1);
        }
        (Ok(_), Err(e)) => panic!("laid, but the appended text fails: {e}"),
        // A text that starts with a compiled list's magic is refused as a
        // layer, whatever follows it.
        (Err(etld::Error::CompiledLayer), _) => assert!(etld::format::is_fst_file(extra)),
        // The extra text fails alone: it is invalid, has no rule, or its
        // VERSION does not fit a header, so the appended text's fails too
        // or that text holds rules of the first only.
        (Err(_), _) => assert!(etld::RuleSet::parse(extra).is_err() || extra.len() > 65_000),
    }
});
