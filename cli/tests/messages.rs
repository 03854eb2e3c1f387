//! Errors that name their real cause (docs/behaviour.md, the command line).

use etld_testkit::cli::pinned;

fn etld(args: &[&str]) -> (Option<i32>, String, String) {
    let out = pinned(env!("CARGO_BIN_EXE_etld"))
        .args(args)
        .output()
        .expect("etld runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// An A-label past the Punycode decoder's cap is refused for its length,
/// not as invalid Punycode; one within the cap decodes.
#[test]
fn a_long_a_label_names_the_cap() {
    let within = format!("xn--{}", etld_punycode::encode(&"ü".repeat(900)).unwrap());
    assert!(within.len() < 2000);
    let (code, out, _) = etld(&["idna", "to-unicode", &within]);
    assert_eq!(code, Some(0));
    assert_eq!(out, format!("{}\n", "ü".repeat(900)));

    // A valid Punycode encoding of 2,134 octets: its digits are valid, and
    // only the cap refuses it.
    let digits = etld_punycode::Codec::PUNYCODE
        .with_limits(etld_punycode::Limits::NONE)
        .encode(&"ü".repeat(2100))
        .unwrap();
    let long = format!("xn--{digits}");
    assert!(long.len() > 2000);
    let (code, out, _) = etld(&["idna", "to-unicode", &long]);
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "error: the xn-- label at byte 0 is over 2000 bytes, the most the Punycode decoder takes\n"
    );
}
