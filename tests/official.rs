//! The Public Suffix List's official `checkPublicSuffix` cases, all of them.

mod common;

#[test]
fn official_test_psl_passes_in_full() {
    let list = etld::List::builtin();
    let cases = common::read_vectors(include_str!("../vectors/test_psl.txt"));
    assert_eq!(
        cases.len(),
        78,
        "every case of test_psl.txt is in the vectors"
    );
    let mut failures = Vec::new();
    for case in &cases {
        let (host, expected) = (case[0], case[1]);
        let host = if host == "-" { "" } else { host };
        let expected = (expected != "-").then_some(expected);
        let got = list.lookup(host).ok();
        let got = got.as_ref().and_then(|d| d.registrable());
        if got != expected {
            failures.push(format!("{host:?}: expected {expected:?}, got {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
