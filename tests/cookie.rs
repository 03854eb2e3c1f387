//! The cookie check (RFC 6265 5.1.3 and 5.3 step 5) against a case table of
//! our own covering what libpsl tests (its
//! `tests/test-is-cookie-domain-acceptable.c`): IPv4, IPv6, exception rules,
//! a suffix equal to the host, a domain above the host's registrable domain.

use etld::{List, Options, Sections, Wildcard};

#[test]
fn cookie_domains() {
    let list = List::builtin();
    // (request host, cookie domain, acceptable)
    let cases = [
        // Ordinary domain-matching.
        ("www.example.com", "example.com", true),
        ("www.example.com", ".example.com", true),
        ("www.example.com", "www.example.com", true),
        ("example.com", "www.example.com", false),
        ("www.example.com", "ample.com", false),
        ("www.example.com", "..example.com", false),
        ("www.example.com", "example.org", false),
        // Public suffixes: only when equal to the host.
        ("www.example.com", "com", false),
        ("www.example.com", ".com", false),
        ("www.example.co.uk", "co.uk", false),
        ("www.example.co.uk", "example.co.uk", true),
        ("co.uk", "co.uk", true),
        ("co.uk", ".co.uk", true),
        ("foo.blogspot.com", "blogspot.com", false),
        ("blogspot.com", "blogspot.com", true),
        // Unlisted TLDs: the implicit rule makes the TLD a suffix.
        ("www.example.example", "example.example", true),
        ("www.example.example", "example", false),
        // Wildcards and exceptions.
        ("www.c.kobe.jp", "c.kobe.jp", false),
        ("www.b.c.kobe.jp", "b.c.kobe.jp", true),
        ("www.city.kobe.jp", "city.kobe.jp", true),
        // `kobe.jp`, the parent of `*.kobe.jp`, is a suffix to a browser.
        ("www.city.kobe.jp", "kobe.jp", false),
        ("www.ck", "www.ck", true),
        ("a.www.ck", "www.ck", true),
        ("a.b.test.ck", "test.ck", false),
        // Case and Unicode.
        ("WWW.Example.COM", "example.com", true),
        ("www.食狮.公司.cn", "食狮.公司.cn", true),
        ("www.食狮.公司.cn", "xn--85x722f.xn--55qx5d.cn", true),
        ("www.食狮.公司.cn", "公司.cn", false),
        // A domain above the host's registrable domain, though no public
        // suffix, would reach the site's neighbours: refused, as Chromium,
        // Firefox and libpsl refuse it (libpsl's own vector is the first).
        ("www.dkg.forgot.his.name", "his.name", false),
        ("www.dkg.forgot.his.name", "forgot.his.name", false),
        ("www.dkg.forgot.his.name", "dkg.forgot.his.name", true),
        ("forgot.his.name", "his.name", false),
        ("bucket.s3.amazonaws.com", "amazonaws.com", false),
        ("bucket.s3.amazonaws.com", "s3.amazonaws.com", false),
        ("s3.amazonaws.com", "amazonaws.com", false),
        ("s3.amazonaws.com", "s3.amazonaws.com", true),
        ("a.bucket.s3.amazonaws.com", "bucket.s3.amazonaws.com", true),
        // Trailing dots: on both sides or on neither.
        ("www.example.com.", "example.com.", true),
        ("www.example.com.", "example.com", false),
        ("www.example.com", "example.com.", false),
        // IP addresses match only the same address, in any form.
        ("192.168.0.1", "192.168.0.1", true),
        ("127.0.0.1", "0x7f.1", true),
        ("0177.0.0.1", "127.0.0.1", true),
        ("１２７.０.０.１", "127.0.0.1", true),
        ("127.0.0.1.", "127.0.0.1", true),
        ("[::A]", "[::a]", true),
        ("[::1]", "::1", true),
        ("127.0.0.1", "127.0.0.2", false),
        ("999.1.1.1", "999.1.1.1", false),
        ("example.0x", "example.0x", false),
        ("192.168.0.1", ".192.168.0.1", true),
        ("192.168.0.1", "168.0.1", false),
        ("192.168.0.1", "0.1", false),
        ("10.192.168.0.1", "192.168.0.1", false),
        ("::1", "::1", true),
        ("[::1]", "[::1]", true),
        ("2001:db8::1", "db8::1", false),
        ("::1", "1", false),
        // Invalid hosts are never acceptable.
        ("", "", false),
        ("a..b", "b", false),
        // An empty domain: a cookie with an empty `Domain` has none.
        ("www.example.com", "", false),
        ("www.example.com", ".", false),
    ];
    let mut failures = Vec::new();
    for (host, cookie, ok) in cases {
        if list.is_cookie_domain_acceptable(host, cookie) != ok {
            failures.push(format!("{host} / {cookie}: expected {ok}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The check answers as a browser does, whatever options the list carries:
/// both sections, the implicit rule, and wildcard parents as suffixes.
#[test]
fn options_never_weaken_the_check() {
    let strict = List::builtin().clone();
    let weakest = List::builtin().clone().with_options(
        Options::new()
            .sections(Sections::IcannOnly)
            .implicit_rule(false)
            .wildcard(Wildcard::Strict),
    );
    let browser = List::builtin()
        .clone()
        .with_options(Options::new().wildcard(Wildcard::Browser));
    let cases = [
        // Wildcard parents are suffixes (libpsl, Chromium, Firefox).
        ("a.b.kobe.jp", "kobe.jp", false),
        ("kobe.jp", "kobe.jp", true),
        ("evil.tenant.customer-oci.com", "customer-oci.com", false),
        (
            "evil.tenant.customer-oci.com",
            "tenant.customer-oci.com",
            false,
        ),
        // Whole TLDs, listed or not.
        ("a.ck", "ck", false),
        ("a.b.zzz", "zzz", false),
        ("a.b.zzz", "b.zzz", true),
        // PRIVATE suffixes.
        ("a.blogspot.com", "blogspot.com", false),
        ("a.b.github.io", "b.github.io", true),
        ("a.b.github.io", "github.io", false),
    ];
    for list in [&strict, &weakest, &browser] {
        for (host, cookie, ok) in cases {
            assert_eq!(
                list.is_cookie_domain_acceptable(host, cookie),
                ok,
                "{host} / {cookie} with {:?}",
                list.options()
            );
        }
    }
}
