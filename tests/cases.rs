//! Case tables of our own: the corners where peers differ, each checked in
//! the modes it concerns.

use etld::{HostError, LabelError, List, Options, Output, Section, Sections, Wildcard};

/// One expected answer: host, suffix, registrable, section, known.
type Case = (
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
    Option<Section>,
    bool,
);

const I: Option<Section> = Some(Section::Icann);
const P: Option<Section> = Some(Section::Private);

fn check(options: Options, cases: &[Case]) {
    let list = List::builtin();
    let mut failures = Vec::new();
    for &(host, suffix, registrable, section, known) in cases {
        match list.lookup_with(host, &options) {
            Ok(d) => {
                let got = (d.suffix(), d.registrable(), d.section(), d.is_known());
                if got != (suffix, registrable, section, known) {
                    failures.push(format!(
                        "{host}: expected {:?}, got {got:?}",
                        (suffix, registrable, section, known)
                    ));
                }
            }
            Err(e) => failures.push(format!("{host}: error {e}")),
        }
    }
    assert!(failures.is_empty(), "{options:?}\n{}", failures.join("\n"));
}

fn strict() -> Options {
    Options::new()
}

fn browser() -> Options {
    Options::new().wildcard(Wildcard::Browser)
}

#[test]
#[rustfmt::skip]
fn kobe_jp_in_both_wildcard_modes() {
    // *.kobe.jp and !city.kobe.jp; no kobe.jp rule.
    check(
        strict(),
        &[
            ("kobe.jp", Some("jp"), Some("kobe.jp"), I, true),
            ("city.kobe.jp", Some("kobe.jp"), Some("city.kobe.jp"), I, true),
            ("www.city.kobe.jp", Some("kobe.jp"), Some("city.kobe.jp"), I, true),
            ("c.kobe.jp", Some("c.kobe.jp"), None, I, true),
            ("b.c.kobe.jp", Some("c.kobe.jp"), Some("b.c.kobe.jp"), I, true),
            ("a.b.c.kobe.jp", Some("c.kobe.jp"), Some("b.c.kobe.jp"), I, true),
        ],
    );
    check(
        browser(),
        &[
            ("kobe.jp", Some("kobe.jp"), None, I, true),
            ("city.kobe.jp", Some("kobe.jp"), Some("city.kobe.jp"), I, true),
            ("c.kobe.jp", Some("c.kobe.jp"), None, I, true),
            ("b.c.kobe.jp", Some("c.kobe.jp"), Some("b.c.kobe.jp"), I, true),
        ],
    );
}

#[test]
fn ck() {
    // *.ck and !www.ck; no ck rule.
    check(
        strict(),
        &[
            ("ck", Some("ck"), None, None, false),
            ("test.ck", Some("test.ck"), None, I, true),
            ("b.test.ck", Some("test.ck"), Some("b.test.ck"), I, true),
            ("www.ck", Some("ck"), Some("www.ck"), I, true),
            ("www.www.ck", Some("ck"), Some("www.ck"), I, true),
        ],
    );
    check(
        browser(),
        &[
            ("ck", Some("ck"), None, I, true),
            ("www.ck", Some("ck"), Some("www.ck"), I, true),
            ("www.www.ck", Some("ck"), Some("www.ck"), I, true),
        ],
    );
}

#[test]
#[rustfmt::skip]
fn myjino_ru() {
    // myjino.ru and *.hosting.myjino.ru etc. (PRIVATE), ru (ICANN).
    check(
        strict(),
        &[
            ("myjino.ru", Some("myjino.ru"), None, P, true),
            ("foo.myjino.ru", Some("myjino.ru"), Some("foo.myjino.ru"), P, true),
            ("hosting.myjino.ru", Some("myjino.ru"), Some("hosting.myjino.ru"), P, true),
            ("a.hosting.myjino.ru", Some("a.hosting.myjino.ru"), None, P, true),
            ("b.a.hosting.myjino.ru", Some("a.hosting.myjino.ru"), Some("b.a.hosting.myjino.ru"), P, true),
        ],
    );
    check(
        browser(),
        &[("hosting.myjino.ru", Some("hosting.myjino.ru"), None, P, true)],
    );
    check(
        Options::new().sections(Sections::IcannOnly),
        &[
            ("myjino.ru", Some("ru"), Some("myjino.ru"), I, true),
            ("b.a.hosting.myjino.ru", Some("ru"), Some("myjino.ru"), I, true),
        ],
    );
}

#[test]
#[rustfmt::skip]
fn wildcards_match_where_explicit_children_exist() {
    // *.futurecms.at, *.ex.futurecms.at, *.in.futurecms.at: `psl` and
    // `publicsuffix` answer `at` for in.futurecms.at.
    check(
        strict(),
        &[
            ("futurecms.at", Some("at"), Some("futurecms.at"), I, true),
            ("in.futurecms.at", Some("in.futurecms.at"), None, P, true),
            ("x.in.futurecms.at", Some("x.in.futurecms.at"), None, P, true),
            ("y.x.in.futurecms.at", Some("x.in.futurecms.at"), Some("y.x.in.futurecms.at"), P, true),
            ("oci.customer-oci.com", Some("oci.customer-oci.com"), None, P, true),
            ("a.oci.customer-oci.com", Some("a.oci.customer-oci.com"), None, P, true),
        ],
    );
    check(
        browser(),
        &[("futurecms.at", Some("futurecms.at"), None, P, true)],
    );
}

#[test]
#[rustfmt::skip]
fn platform_sh() {
    // ent.platform.sh, eu.platform.sh, us.platform.sh; no platform.sh rule.
    check(
        strict(),
        &[
            ("platform.sh", Some("sh"), Some("platform.sh"), I, true),
            ("x.platform.sh", Some("sh"), Some("platform.sh"), I, true),
            ("eu.platform.sh", Some("eu.platform.sh"), None, P, true),
            ("x.eu.platform.sh", Some("eu.platform.sh"), Some("x.eu.platform.sh"), P, true),
        ],
    );
}

#[test]
#[rustfmt::skip]
fn trailing_dots() {
    check(
        strict(),
        &[
            ("example.com.", Some("com."), Some("example.com."), I, true),
            ("www.example.com.", Some("com."), Some("example.com."), I, true),
            ("com.", Some("com."), None, I, true),
            ("a.b.example.", Some("example."), Some("b.example."), None, false),
        ],
    );
    let list = List::builtin();
    let d = list.lookup("www.example.com.").unwrap();
    assert!(d.is_fqdn());
    assert_eq!(d.subdomain(), Some("www"));
    assert_eq!(d.registrable_label(), Some("example"));
    for bad in ["example.com..", "..", "com.."] {
        assert!(
            matches!(
                list.lookup(bad),
                Err(HostError::Label {
                    error: LabelError::Empty,
                    ..
                })
            ),
            "{bad}"
        );
    }
}

#[test]
fn ip_addresses_have_no_suffix() {
    let list = List::builtin();
    for ip in [
        "192.168.0.1",
        "1.2.3.4.",
        "0.0.0.0",
        "255.255.255.255",
        "::1",
        "[::1]",
        "2001:db8::1",
        "[2001:DB8::1]",
        "::ffff:1.2.3.4",
        // The last label is a number: the WHATWG URL standard parses the
        // host as IPv4 (or refuses it), never as a name.
        "1.2.3",
        "256.1.1.1",
        "999.1.1.1",
        "1.2.3.4.5",
        "13",
        "13.",
        "0x7f.0.0.1",
        "0X7F.1",
        "example.0x",
        "example.0xAbC",
        "www.example.08",
        "１.２.３.４",
        "127。0。0。1",
    ] {
        assert!(
            matches!(list.lookup(ip), Err(HostError::IpAddress)),
            "{ip}: {:?}",
            list.lookup(ip)
        );
    }
    // A number elsewhere, or a last label that only looks like one: names.
    check(
        strict(),
        &[
            ("1.2.3.com", Some("com"), Some("3.com"), I, true),
            ("a.0xfg", Some("0xfg"), Some("a.0xfg"), None, false),
            ("a.1a", Some("1a"), Some("a.1a"), None, false),
            ("a.x0", Some("x0"), Some("a.x0"), None, false),
            ("a.0b1", Some("0b1"), Some("a.0b1"), None, false),
        ],
    );
    // A bracketed thing that is not IPv6 holds forbidden code points.
    assert!(matches!(
        list.lookup("[example.com]"),
        Err(HostError::Label {
            error: LabelError::ForbiddenCodePoint('['),
            ..
        })
    ));
}

#[test]
fn leading_dots_and_empty_labels() {
    let list = List::builtin();
    let empty_at = |host: &str| match list.lookup(host) {
        Err(HostError::Label {
            offset,
            error: LabelError::Empty,
        }) => Some(offset),
        _ => None,
    };
    assert_eq!(empty_at(".example.com"), Some(0));
    assert_eq!(empty_at("."), Some(0));
    assert_eq!(empty_at("a..b"), Some(2));
    assert_eq!(empty_at("www..example.com"), Some(4));
    assert_eq!(empty_at("食狮..cn"), Some(7));
    assert!(matches!(list.lookup(""), Err(HostError::Empty)));
}

#[test]
fn forbidden_code_points_and_lengths() {
    let list = List::builtin();
    for (host, c) in [
        ("exa mple.com", ' '),
        ("a/b.com", '/'),
        ("a:b.com", ':'),
        ("user@example.com", '@'),
        ("a%41.com", '%'),
        ("tab\t.com", '\t'),
        ("del\x7f.com", '\x7f'),
        ("Ünï|code.com", '|'),
    ] {
        match list.lookup(host) {
            Err(HostError::Label {
                error: LabelError::ForbiddenCodePoint(got),
                ..
            }) => assert_eq!(got, c, "{host}"),
            other => panic!("{host}: {other:?}"),
        }
    }
    // The offset is where the input holds the code point, or the one that
    // UTS 46 maps to it (U+00A0 to a space, U+FF0F to `/`).
    for (host, c, at) in [
        ("ab.exa mple.com", ' ', 6),
        ("ab.exa\u{a0}mple.com", ' ', 6),
        ("Ünï.a\u{ff0f}b.com", '/', 7),
        ("ünï.a\u{ff0f}b.com", '/', 7),
    ] {
        match list.lookup(host) {
            Err(HostError::Label {
                offset,
                error: LabelError::ForbiddenCodePoint(got),
            }) => assert_eq!((got, offset), (c, at), "{host}"),
            other => panic!("{host}: {other:?}"),
        }
    }
    let long_label = format!("{}.com", "a".repeat(64));
    assert!(matches!(
        list.lookup(&long_label),
        Err(HostError::Label {
            offset: 0,
            error: LabelError::TooLong(64)
        })
    ));
    let ok_label = format!("{}.com", "a".repeat(63));
    assert!(list.lookup(&ok_label).is_ok());
    let name_253 = format!(
        "{}.{}.{}.{}.com",
        "a".repeat(63),
        "b".repeat(63),
        "c".repeat(63),
        "d".repeat(57)
    );
    assert_eq!(name_253.len(), 253);
    assert!(list.lookup(&name_253).is_ok());
    assert!(list.lookup(&format!("{name_253}.")).is_ok());
    assert!(matches!(
        list.lookup(&format!("x.{name_253}")),
        Err(HostError::TooLong(255))
    ));
    // A Unicode label is measured in its A-label form.
    let unicode = format!("{}.com", "ü".repeat(70));
    assert!(matches!(
        list.lookup(&unicode),
        Err(HostError::Label {
            error: LabelError::TooLong(_),
            ..
        })
    ));
}

#[test]
fn invalid_a_labels() {
    let list = List::builtin();
    for host in [
        "xn--.com",           // empty payload
        "xn--abc-.com",       // the payload decodes to ASCII only
        "xn---tda.com",       // a leading delimiter
        "xn--ib9b.com",       // decodes to a surrogate
        "xn--99999999.com",   // overflows
        "xn--td_.com",        // `_` is not a digit
        "XN--ZZ.com",         // any case of the prefix is checked
        "www.xn--55QX5D-.cn", // re-encoding differs
        "xn--tda-.com",       // basic code point after the delimiter is not re-encoded this way
    ] {
        assert!(
            matches!(
                list.lookup(host),
                Err(HostError::Label {
                    error: LabelError::Uts46(_),
                    ..
                })
            ),
            "{host}: {:?}",
            list.lookup(host)
        );
    }
}

#[test]
#[rustfmt::skip]
fn unicode_and_mixed_forms() {
    check(
        strict(),
        &[
            ("WWW.Øyer.no", Some("øyer.no"), Some("www.øyer.no"), I, true),
            ("www.食狮.XN--55QX5D.cn", Some("xn--55qx5d.cn"), Some("食狮.xn--55qx5d.cn"), I, true),
            ("www.食狮.公司.cn", Some("公司.cn"), Some("食狮.公司.cn"), I, true),
            ("www.xn--85x722f.xn--55qx5d.cn", Some("xn--55qx5d.cn"), Some("xn--85x722f.xn--55qx5d.cn"), I, true),
            ("食狮。公司．cn", Some("公司.cn"), Some("食狮.公司.cn"), I, true),
            ("ＥＸＡＭＰＬＥ.com", Some("com"), Some("example.com"), I, true),
        ],
    );
    check(
        Options::new().output(Output::Ascii),
        &[
            ("WWW.Øyer.no", Some("xn--yer-zna.no"), Some("www.xn--yer-zna.no"), I, true),
            ("www.食狮.XN--55QX5D.cn", Some("xn--55qx5d.cn"), Some("xn--85x722f.xn--55qx5d.cn"), I, true),
        ],
    );
    check(
        Options::new().output(Output::Unicode),
        &[
            ("www.xn--yer-zna.no", Some("øyer.no"), Some("www.øyer.no"), I, true),
            ("www.食狮.XN--55QX5D.cn", Some("公司.cn"), Some("食狮.公司.cn"), I, true),
            ("example.com", Some("com"), Some("example.com"), I, true),
        ],
    );
}

#[test]
fn parts_of_a_domain() {
    let list = List::builtin();
    let d = list.lookup("a.b.www.example.co.uk").unwrap();
    assert_eq!(d.subdomain(), Some("a.b.www"));
    assert_eq!(d.registrable_label(), Some("example"));
    assert_eq!(d.as_str(), "a.b.www.example.co.uk");
    let d = list.lookup("example.co.uk").unwrap();
    assert_eq!(
        (d.subdomain(), d.registrable_label()),
        (None, Some("example"))
    );
    let d = list.lookup("co.uk").unwrap();
    assert!(d.is_public_suffix());
    assert_eq!(
        (d.subdomain(), d.registrable_label(), d.registrable()),
        (None, None, None)
    );
}

#[test]
fn implicit_rule_off() {
    check(
        Options::new().implicit_rule(false),
        &[
            ("example.example", None, None, None, false),
            ("example.com", Some("com"), Some("example.com"), I, true),
        ],
    );
    check(
        Options::new()
            .implicit_rule(false)
            .wildcard(Wildcard::Browser),
        &[
            ("ck", Some("ck"), None, I, true),
            ("x.y.ck", Some("y.ck"), Some("x.y.ck"), I, true),
        ],
    );
    // Options set once on the list.
    let list = List::builtin()
        .clone()
        .with_options(Options::new().implicit_rule(false));
    assert_eq!(list.lookup("a.example").unwrap().suffix(), None);
}

/// A Unicode host of 256 bytes whose ASCII form is shorter: walked
/// in its own form it must give the ASCII form's answer (found by the
/// `unicode_forms` fuzz target: such a host once overran the dot bitmap).
#[test]
fn long_unicode_host_with_a_short_ascii_form() {
    let label = "食".repeat(20);
    let host = format!("abc{label}.{label}.{label}.{label}.公司.cn");
    assert_eq!(host.len(), 256);
    let list = List::builtin();
    let own = list.lookup(&host).unwrap();
    let ascii = list
        .lookup_with(&host, &Options::new().output(Output::Ascii))
        .unwrap();
    assert_eq!(own.suffix(), Some("公司.cn"));
    assert_eq!(ascii.suffix(), Some("xn--55qx5d.cn"));
    assert_eq!(own.registrable(), Some(format!("{label}.公司.cn").as_str()));
}
