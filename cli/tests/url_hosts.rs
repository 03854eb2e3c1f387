//! `etld --url` on hostile inputs: the host the
//! WHATWG URL parser gives, for non-special and file URLs too, or an error
//! line that names the cause (docs/behaviour.md section 6, `--url`).

use etld_testkit::cli::{pinned, run};

/// `etld ARGS` with `stdin`; its standard output, which must be UTF-8, and
/// a zero exit status.
fn ok(args: &[&str], stdin: &str) -> String {
    let mut command = pinned(env!("CARGO_BIN_EXE_etld"));
    command.args(args);
    let out = run(command, stdin.as_bytes());
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

#[test]
fn non_special_and_file_urls_have_the_standards_host() {
    let cases = [
        ("javascript:/www.evil.com", "", "the URL has no host"),
        ("foo:\\\\x.example.com", "", "the URL has no host"),
        ("foo:///x.example.com", "", "the URL has no host"),
        ("file://localhost/x", "", "the URL has no host"),
        ("file://LOCALHOST/x", "", "the URL has no host"),
        ("file://C:/x", "", "the URL has no host"),
        ("example.com:", "", "the URL has no host"),
        ("foo://x.example.com/", "x.example.com", ""),
        ("git+ssh://git@www.example.co.uk/r", "www.example.co.uk", ""),
        ("file://server.example.com/share", "server.example.com", ""),
        ("mailto:someone@mail.example.com", "mail.example.com", ""),
        ("example.com:8080", "example.com", ""),
        ("localhost:8080/x", "localhost", ""),
    ];
    let input: String = cases.iter().map(|(i, _, _)| format!("{i}\n")).collect();
    let out = ok(&["--url", "--fields", "host,error"], &input);
    let want: String = cases
        .iter()
        .map(|(_, h, e)| format!("{h}\t{e}\n"))
        .collect();
    assert_eq!(out, want);
}

#[test]
fn an_ignorable_code_point_before_the_scheme_makes_it_invalid() {
    let out = ok(
        &["--url", "--fields", "host,error"],
        "\u{34f}Ftp://www.example.com/\n\u{200b}ftp:/www.example.com\n",
    );
    assert_eq!(
        out,
        "\tinvalid scheme: a scheme starts with an ASCII letter\n\
         \tinvalid scheme: a scheme starts with an ASCII letter\n"
    );
}

#[test]
fn errors_name_their_cause() {
    let out = ok(
        &[
            "--url",
            "::1",
            "a.com:65536",
            "foo://a<b/",
            "http://a%2Fb.com/",
        ],
        "",
    );
    assert_eq!(
        out,
        "error: an IPv6 address at byte 0 (an IP address has no public suffix; \
         a URL writes it in brackets: http://[::1]/)\n\
         error: the port at byte 6 is over 65535\n\
         error: the host holds the forbidden code point '<' (U+003C) at byte 7\n\
         error: the host holds the forbidden code point '/' (U+002F) at byte 8\n"
    );
}
