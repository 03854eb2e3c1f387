//! Loading costs what a file honestly holds (docs/behaviour.md section 4): a few hundred
//! crafted bytes that describe millions of keys are refused, no list that
//! loads makes a lookup follow more than a bounded number of paths, and a
//! large honest list compiles and loads.

use etld::{Error, FormatError, List};

/// A `.fst` file around the `fst` map bytes `map`, with a valid header and
/// checksum.
fn seal(map: &[u8]) -> Vec<u8> {
    let mut bytes = etld::compile(b"com\n").unwrap();
    let header = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    bytes.truncate(header);
    bytes[24..32].copy_from_slice(&(map.len() as u64).to_le_bytes());
    bytes.extend_from_slice(map);
    reseal(&mut bytes);
    bytes
}

/// Recomputes the header checksum.
fn reseal(bytes: &mut [u8]) {
    let sum = etld::format::checksum(&bytes[24..]);
    bytes[16..24].copy_from_slice(&sum.to_le_bytes());
}

/// The `fst` map of the rules `{a,*}^k.com` (keys reversed, as the `.fst`
/// stores them: `moc.a.*`), each a normal ICANN rule, built by the `fst`
/// crate from all 2^k keys.
fn doubling_map_built(k: u32) -> Vec<u8> {
    let mut builder = fst::MapBuilder::memory();
    for bits in 0..1u64 << k {
        let mut key = b"moc".to_vec();
        // `*` sorts before `a`: count up with `*` as 0.
        for i in (0..k).rev() {
            key.push(b'.');
            key.push(if bits >> i & 1 == 0 { b'*' } else { b'a' });
        }
        builder.insert(&key, 1).unwrap();
    }
    builder.into_inner().unwrap()
}

/// The footer of an `fst` map: key count and root address (the last node),
/// then four bytes of `fst`'s own checksum.
fn set_footer(map: &mut [u8], keys: u64) {
    let n = map.len();
    map[n - 20..n - 12].copy_from_slice(&keys.to_le_bytes());
    let root = (n - 21) as u64;
    map[n - 12..n - 4].copy_from_slice(&root.to_le_bytes());
}

/// The same map as [`doubling_map_built`], without listing 2^k keys: every
/// level of `{a,*}` is the same few bytes (a node with the transitions `*`
/// and `a` to the node of the level below, and a `.` node), so the map of
/// `k` levels is the map of two with `k - 2` more copies of a level.
fn doubling_map(k: u32) -> Vec<u8> {
    assert!((2..64).contains(&k));
    spliced(&doubling_map_built(2), &doubling_map_built(3), k)
}

/// The map of `k` levels from the maps of two and three: the level that
/// three adds to two, repeated `k - 2` times, and the footer counting
/// `2^k` keys.
fn spliced(two: &[u8], three: &[u8], k: u32) -> Vec<u8> {
    let at = two.iter().zip(three).take_while(|(a, b)| a == b).count();
    let level = &three[at..at + three.len() - two.len()];
    let mut map = two[..at].to_vec();
    for _ in 2..k {
        map.extend_from_slice(level);
    }
    map.extend_from_slice(&two[at..]);
    set_footer(&mut map, 1 << k);
    map
}

#[test]
fn the_level_by_level_map_is_the_one_fst_builds() {
    for k in [2, 3, 4, 9] {
        let (built, copied) = (doubling_map_built(k), doubling_map(k));
        // All but `fst`'s own checksum, which the loader does not read.
        assert_eq!(
            built[..built.len() - 4],
            copied[..copied.len() - 4],
            "k = {k}"
        );
    }
}

#[test]
fn a_few_hundred_bytes_that_describe_millions_of_keys_are_refused() {
    // k = 22: about 250 bytes whose 4 million keys would unfold into
    // 100 MB of names; k = 63: 2^63 keys in 500 bytes.
    for k in [20, 22, 32, 63] {
        let map = doubling_map(k);
        let bytes = seal(&map);
        assert!(bytes.len() < 600, "{} bytes", bytes.len());
        match List::from_fst(bytes) {
            Err(Error::Format(FormatError::Unfolding { size, limit })) => {
                assert_eq!(size, map.len() as u64);
                assert!(limit < 2 << 20, "k = {k}: limit {limit}");
            }
            Err(e) => panic!("k = {k}: {e}"),
            Ok(_) => panic!("k = {k}: loaded"),
        }
    }
}

#[test]
fn the_unfolding_error_says_what_is_wrong() {
    let err = List::from_fst(seal(&doubling_map(22))).unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("unfold into more than") && message.contains("bytes"),
        "{message}"
    );
}

/// The rules `{a,*}^k.com` as list text.
fn doubling_text(k: u32) -> String {
    let mut text = String::from("com\n");
    for bits in 0..1u64 << k {
        for i in 0..k {
            text.push_str(if bits >> i & 1 == 0 { "*." } else { "a." });
        }
        text.push_str("com\n");
    }
    text
}

#[test]
fn wildcards_may_branch_four_times_on_the_way_to_a_rule() {
    // Below `com`, every name of `{a,*}^5.com` but the last level has a `*`
    // child with rules below it and an `a` child: a rule lies below four
    // such names, and a lookup of `a.a.a.a.a.com` follows 2^5 rules at
    // once. Both the text and the map built from all its keys load.
    let text = doubling_text(5);
    let list = List::from_dat(text.as_bytes()).unwrap();
    let map = List::from_fst(seal(&doubling_map_built(5))).unwrap();
    for list in [&list, &map] {
        for (host, suffix) in [
            ("a.a.a.a.a.a.com", "a.a.a.a.a.com"),
            ("x.a.b.a.c.a.com", "a.b.a.c.a.com"),
            ("b.b.b.b.b.com", "b.b.b.b.b.com"),
            ("b.b.b.b.com", "com"),
            ("a.com", "com"),
        ] {
            assert_eq!(list.lookup(host).unwrap().suffix(), Some(suffix), "{host}");
        }
    }
}

#[test]
fn wildcards_that_branch_more_often_are_refused() {
    let expected = FormatError::Wildcards {
        branchings: 5,
        limit: 4,
    };
    match List::from_dat(doubling_text(6).as_bytes()) {
        Err(Error::Format(e)) => assert_eq!(e, expected),
        other => panic!("{other:?}"),
    }
    match List::from_fst(seal(&doubling_map(6))) {
        Err(Error::Format(e)) => assert_eq!(e, expected),
        other => panic!("{other:?}"),
    }
    // The file that unfolds into little but branches twenty times.
    match List::from_fst(seal(&doubling_map(16))) {
        Err(Error::Format(FormatError::Wildcards { branchings: 15, .. })) => {}
        other => panic!("{other:?}"),
    }
    let message = expected.to_string();
    assert!(message.contains("branch 5 times"), "{message}");
}

#[test]
fn wildcards_that_do_not_branch_are_free() {
    // A chain of wildcards, a wildcard below a wildcard leaf, wildcards
    // beside other rules: no name with both a `*` child that has children
    // and other children, however deep.
    let text = "com\n*.*.*.*.*.*.*.*.com\n*.x.com\n*.y.x.com\n*.z.y.x.com\nb.*.v.com\n";
    let list = List::from_dat(text.as_bytes()).unwrap();
    for (host, suffix) in [
        ("1.2.3.4.5.6.7.8.9.com", "2.3.4.5.6.7.8.9.com"),
        ("a.b.w.z.y.x.com", "w.z.y.x.com"),
        ("a.b.c.v.com", "b.c.v.com"),
        ("a.b.v.com", "com"),
    ] {
        assert_eq!(list.lookup(host).unwrap().suffix(), Some(suffix), "{host}");
    }
}

/// A host may hold the label `*`, which only a rule's `*` matches: the walk
/// follows the `*` child alone there, where looking the label up as well
/// reached the same node twice and doubled the paths it follows at each
/// such label (a fuzz case: 790,643 units of work for one lookup, over the
/// bound of 181,302; debug builds assert the frontier's bound).
#[test]
fn a_hosts_label_star_follows_the_wildcard_alone() {
    let text = "com\n*.*.*.*.*.*.*.*.com\nb.*.v.com\n";
    let dat = List::from_dat(text.as_bytes()).unwrap();
    let unfolded = dat.clone();
    unfolded.unfold();
    let layered = List::builtin()
        .with_extra("stars", text.as_bytes())
        .unwrap();
    let stars = |n: usize| vec!["*"; n].join(".");
    let cases = [
        (format!("x.{}.com", stars(8)), format!("{}.com", stars(8))),
        (format!("{}.com", stars(60)), format!("{}.com", stars(8))),
        (
            format!("a.{}.b.c.com", stars(6)),
            format!("{}.b.c.com", stars(6)),
        ),
        (
            format!("{}.v.com", stars(40)),
            format!("{}.v.com", stars(7)),
        ),
    ];
    for list in [&dat, &unfolded, &layered] {
        for (host, suffix) in &cases {
            let d = list.lookup(host).unwrap();
            assert_eq!(d.suffix(), Some(suffix.as_str()), "{host}");
        }
    }
    // A map of one chain of 24 wildcards, answering from the map: its
    // host of 24 `*` labels took seconds.
    let chain = format!("{}.com", stars(24));
    let map = List::from_fst(etld::compile(chain.as_bytes()).unwrap()).unwrap();
    assert_eq!(map.lookup(&chain).unwrap().suffix(), Some(chain.as_str()));
}

#[test]
fn footer_values_at_the_end_of_their_range_are_errors() {
    let good = etld::compile(b"com\nco.uk\n*.ck\n").unwrap();
    let header = u32::from_le_bytes(good[12..16].try_into().unwrap()) as usize;
    let n = good.len();
    // Root address, then key count.
    for (at, values) in [
        (
            n - 12,
            [u64::MAX, u64::MAX - 1, 1 << 63, (n - header) as u64],
        ),
        (n - 20, [u64::MAX, u64::MAX - 1, 1 << 63, 0]),
    ] {
        for value in values {
            let mut bytes = good.clone();
            bytes[at..at + 8].copy_from_slice(&value.to_le_bytes());
            reseal(&mut bytes);
            assert!(
                matches!(
                    List::from_fst(bytes),
                    Err(Error::Format(FormatError::Automaton { .. }))
                ),
                "{value} at {at}"
            );
        }
    }
}

/// The benchmark's deterministic generator (SplitMix64), with random labels.
use etld_testkit::hosts::Rng;

/// Random labels of lower-case letters.
trait Labels {
    fn label(&mut self, len: usize) -> String;
}

impl Labels for Rng {
    fn label(&mut self, len: usize) -> String {
        (0..len)
            .map(|_| (b'a' + (self.next() % 26) as u8) as char)
            .collect()
    }
}

/// Compiles `rules` (distinct), loads the list and looks up a host below
/// every `step`th rule.
fn check_large_list(rules: &[String], step: usize) {
    let mut text = String::with_capacity(rules.iter().map(|r| r.len() + 1).sum());
    for rule in rules {
        text.push_str(rule);
        text.push('\n');
    }
    let list = List::from_dat(text.as_bytes()).unwrap();
    assert_eq!(list.rule_counts().total() as usize, rules.len());
    for rule in rules.iter().step_by(step) {
        let host = format!("www.{rule}");
        assert_eq!(
            list.lookup(&host).unwrap().suffix(),
            Some(&rule[..]),
            "{host}"
        );
    }
    assert_eq!(
        list.lookup("www.example.unlisted").unwrap().suffix(),
        Some("unlisted")
    );
}

#[test]
fn a_large_honest_list_compiles_loads_and_answers() {
    // 200,000 rules of two or three labels under twenty TLDs, each
    // distinct: its first label starts with its number in base 26.
    let mut rng = Rng(7);
    let tlds: Vec<String> = (0..20).map(|_| rng.label(3)).collect();
    let mut rules: Vec<String> = tlds.clone();
    for i in 0..200_000u64 {
        let mut rule = String::with_capacity(24);
        let mut n = i;
        for _ in 0..4 {
            rule.push((b'a' + (n % 26) as u8) as char);
            n /= 26;
        }
        let len = (rng.next() % 4) as usize;
        rule.push_str(&rng.label(len));
        rule.push('.');
        if rng.next().is_multiple_of(2) {
            let len = 1 + (rng.next() % 6) as usize;
            rule.push_str(&rng.label(len));
            rule.push('.');
        }
        rule.push_str(&tlds[(rng.next() % 20) as usize]);
        rules.push(rule);
    }
    check_large_list(&rules, 97);
}

#[test]
#[ignore = "a million rules: run with cargo test --release --test bounds -- --ignored"]
fn a_million_rules_of_forty_letters_compile_and_load() {
    // Their keys unfold into 44 MB.
    let mut rng = Rng(42);
    let mut rules: Vec<String> = (0..1_000_000)
        .map(|_| format!("{}.com", rng.label(40)))
        .collect();
    rules.push("com".into());
    rules.sort();
    rules.dedup();
    check_large_list(&rules, 997);
}

// ---------------------------------------------------------------------------
// Regular honest lists against compression bombs.
//
// A regular list is small as an `fst` and may unfold into far more than 16
// bytes for each of its bytes: it loads as long as its keys spell no more
// list text than a list file may hold. A map that multiplies labels spells
// more, and is refused by the sweep, before anything is unfolded.

use proptest::prelude::*;
use std::time::Instant;

/// The map of every `{a,second}^k.com` built by `fst` itself.
fn pairing_map_built(k: u32, second: u8) -> Vec<u8> {
    let mut builder = fst::MapBuilder::memory();
    let mut keys: Vec<Vec<u8>> = (0..1u64 << k)
        .map(|bits| {
            let mut key = b"moc".to_vec();
            for i in (0..k).rev() {
                key.push(b'.');
                key.push(if bits >> i & 1 == 0 { b'a' } else { second });
            }
            key
        })
        .collect();
    keys.sort();
    for key in keys {
        builder.insert(&key, 1).unwrap();
    }
    builder.into_inner().unwrap()
}

/// The map of `{a,X}^k.com` for the byte `second` (`*` or `b`), as
/// [`doubling_map`] builds it, level by level: spliced from `fst`'s maps of
/// two and three levels (see [`spliced`]).
fn pairing_map(k: u32, second: u8) -> Vec<u8> {
    spliced(
        &pairing_map_built(2, second),
        &pairing_map_built(3, second),
        k,
    )
}

#[test]
fn the_pairing_maps_are_the_ones_fst_builds() {
    for second in [b'*', b'b'] {
        let built = pairing_map_built(5, second);
        let copied = pairing_map(5, second);
        assert_eq!(built[..built.len() - 4], copied[..copied.len() - 4]);
    }
}

#[test]
fn label_bombs_are_refused_by_the_sweep() {
    // From a million keys up: what they would spell is 44 MB and more of
    // list text, over the 32 MiB a small map may stand for.
    for second in [b'*', b'b'] {
        for k in [20, 21, 22, 32, 48, 63] {
            let map = pairing_map(k, second);
            let bytes = seal(&map);
            assert!(bytes.len() < 600, "{} bytes", bytes.len());
            let start = Instant::now();
            let result = List::from_fst(bytes);
            let took = start.elapsed();
            match result {
                Err(Error::Format(FormatError::Unfolding { size, .. })) => {
                    assert_eq!(size, map.len() as u64)
                }
                Err(e) => panic!("{} k = {k}: {e}", second as char),
                Ok(_) => panic!("{} k = {k}: loaded", second as char),
            }
            eprintln!("{{a,{}}}^{k}: refused in {took:?}", second as char);
        }
    }
}

/// Loads `text` (compiled, then from the `.fst`) and checks that a host
/// below each of `rules` has that rule as its suffix.
fn loads_and_answers(text: &str, rules: &[String]) -> Result<(), TestCaseError> {
    let fst = etld::compile(text.as_bytes()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let small = fst.len();
    // Small maps: 16 bytes a byte allow far less than these unfold into
    // (each rule has a distinct tail of a dozen bytes and more).
    prop_assert!(small < 1024, "{} bytes", small);
    let list =
        List::from_fst(fst).map_err(|e| TestCaseError::fail(format!("{small} bytes: {e}")))?;
    for rule in rules {
        let host = format!("www.{rule}");
        let domain = list.lookup(&host).unwrap();
        prop_assert_eq!(domain.suffix(), Some(&rule[..]));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// Sequential names under one suffix, with a long common head
    /// (`host-of-a-long-name-004217.example`): the `.fst` stores each rule
    /// backwards, so each key runs on alone for the length of the head
    /// after its number, and a map of a few hundred bytes unfolds into
    /// several MB.
    #[test]
    fn sequential_names_load(n in 80_000u32..140_000, head in 24usize..56, pick in 0u32..80_000) {
        let head: String = "host-of-a-long-regular-name-of-a-rule-".chars().cycle().take(head).collect();
        let mut text = String::from("example\n");
        for i in 0..n {
            text.push_str(&format!("{head}{i:06}.example\n"));
        }
        let rules = [format!("{head}{pick:06}.example"), format!("{head}{:06}.example", n - 1)];
        loads_and_answers(&text, &rules)?;
    }

    /// Many suffixes, each with the same children
    /// (`child-with-a-name-017.suffix123.test`).
    #[test]
    fn many_suffixes_with_the_same_children_load(
        suffixes in 600u32..1500,
        children in 100u32..160,
        pick in (0u32..600, 0u32..100),
    ) {
        let mut text = String::new();
        for s in 0..suffixes {
            text.push_str(&format!("suffix{s}.test\n"));
            for c in 0..children {
                text.push_str(&format!("child-with-a-name-{c:03}.suffix{s}.test\n"));
            }
        }
        let rules = [
            format!("child-with-a-name-{:03}.suffix{}.test", pick.1, pick.0),
            format!("suffix{}.test", suffixes - 1),
        ];
        loads_and_answers(&text, &rules)?;
    }
}

#[test]
#[ignore = "a million rules: run with cargo test --release --test bounds -- --ignored"]
fn a_million_sequential_names_compile_and_load() {
    // Their map is under 300 bytes; their keys unfold into 1.1 MB and
    // spell 20 MB of list text.
    let mut text = String::from("example\n");
    let rules: Vec<String> = (0..1_000_000)
        .map(|i| format!("host{i:07}.example"))
        .collect();
    for rule in &rules {
        text.push_str(rule);
        text.push('\n');
    }
    let fst = etld::compile(text.as_bytes()).unwrap();
    assert!(fst.len() < 400, "{} bytes", fst.len());
    let start = Instant::now();
    let list = List::from_fst(fst).unwrap();
    eprintln!("loaded in {:?}", start.elapsed());
    for rule in rules.iter().step_by(997) {
        let host = format!("www.{rule}");
        assert_eq!(list.lookup(&host).unwrap().suffix(), Some(&rule[..]));
    }
}

/// A map of no key is no list, as text of no rule is not (docs/behaviour.md
/// section 2): sealed with a valid header and checksum, it is refused
/// whichever way it is loaded.
#[test]
fn a_map_of_no_key_is_refused() {
    let empty = fst::MapBuilder::memory().into_inner().unwrap();
    let file = seal(&empty);
    assert!(matches!(List::from_fst(file.clone()), Err(Error::NoRules)));
    assert!(matches!(
        List::from_bytes(file.clone()),
        Err(Error::NoRules)
    ));
    let leaked: &'static [u8] = Box::leak(file.into_boxed_slice());
    assert!(matches!(List::from_fst_static(leaked), Err(Error::NoRules)));
}
