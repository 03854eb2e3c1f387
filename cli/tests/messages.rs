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
        "error: the xn-- label at byte 0 is over 2000 bytes, the most the Punycode decoder takes \
         (UTS 46 P4)\n"
    );
}

/// Hosts that look like URLs (or `host:port`, or e-mail addresses) get
/// their error lines as any invalid host does, and one note on stderr at
/// the end names `--url`; an IP literal, a host without such a character
/// and a run with `--url` get no note.
#[test]
fn urls_given_as_hosts_get_one_note() {
    let inputs = [
        "https://www.example.com/",
        "example.com:8080",
        "me@example.org",
        "[::1]",
        "a..b",
    ];
    let (code, out, err) = etld(&inputs);
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "error: forbidden code point ':' (U+003A) at byte 5\n\
         error: forbidden code point ':' (U+003A) at byte 11\n\
         error: forbidden code point '@' (U+0040) at byte 2\n\
         error: an IP address (or a name ending in a number) has no public suffix\n\
         error: empty label at byte 2\n"
    );
    assert_eq!(
        err,
        "etld: 3 invalid hosts look like URLs (or host:port, or e-mail addresses); \
         --url looks up their hosts\n"
    );

    let (_, _, err) = etld(&["http://a.example.com/x"]);
    assert_eq!(
        err,
        "etld: 1 invalid host looks like a URL (or host:port, or an e-mail address); \
         --url looks up its host\n"
    );

    let (_, out, err) = etld(&["--url", "https://www.example.com/", "[::1]"]);
    assert_eq!(
        out,
        "example.com\tcom\nerror: an IP address (or a name ending in a number) has no public suffix\n"
    );
    assert_eq!(err, "");
    let (_, _, err) = etld(&["[::1]", "a..b", "www.example.com"]);
    assert_eq!(err, "");
}

/// The note counts the URLs of every thread of a batch read from stdin.
#[test]
fn the_note_counts_every_thread() {
    let input: String = (0..5000)
        .map(|i| format!("https://h{i}.example.com/\nh{i}.example.com\n"))
        .collect();
    let mut command = pinned(env!("CARGO_BIN_EXE_etld"));
    command.args(["--threads", "2"]);
    let out = etld_testkit::cli::run(command, input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 10_000);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "etld: 5000 invalid hosts look like URLs (or host:port, or e-mail addresses); \
         --url looks up their hosts\n"
    );
}
