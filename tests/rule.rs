//! The prevailing rule and the ICANN-only answer beside a lookup's answer
//! (docs/behaviour.md): the cases that tell them apart, under every option
//! and output form, on a `Domain` and a batch's `Answer` alike.

use etld::{List, Options, Output, RuleMatch, Sections, Wildcard};

/// A host, its rule, how the rule matched, and its ICANN suffix and
/// registrable domain.
type Case = (
    &'static str,
    &'static str,
    RuleMatch,
    Option<&'static str>,
    Option<&'static str>,
);

/// The cases, with the default options.
const CASES: &[Case] = &[
    (
        "me.github.io",
        "github.io",
        RuleMatch::Exact,
        Some("io"),
        Some("github.io"),
    ),
    (
        "a.b.kobe.jp",
        "*.kobe.jp",
        RuleMatch::Wildcard,
        Some("b.kobe.jp"),
        Some("a.b.kobe.jp"),
    ),
    (
        "www.city.kobe.jp",
        "!city.kobe.jp",
        RuleMatch::Exception,
        Some("kobe.jp"),
        Some("city.kobe.jp"),
    ),
    (
        "www.example.unknowntld",
        "*",
        RuleMatch::Implicit,
        Some("unknowntld"),
        Some("example.unknowntld"),
    ),
    (
        "a.b.aivencloud.com",
        "*.aivencloud.com",
        RuleMatch::Wildcard,
        Some("com"),
        Some("aivencloud.com"),
    ),
    (
        "www.example.co.uk",
        "co.uk",
        RuleMatch::Exact,
        Some("co.uk"),
        Some("example.co.uk"),
    ),
    (
        "github.io",
        "github.io",
        RuleMatch::Exact,
        Some("io"),
        Some("github.io"),
    ),
    (
        "x.blogspot.com",
        "blogspot.com",
        RuleMatch::Exact,
        Some("com"),
        Some("blogspot.com"),
    ),
];

#[test]
fn the_cases_that_tell_them_apart() {
    let list = List::builtin();
    for &(host, rule, kind, icann_suffix, icann_registrable) in CASES {
        let d = list.lookup(host).unwrap();
        assert_eq!(d.rule().as_deref(), Some(rule), "{host}");
        assert_eq!(d.rule_kind(), Some(kind), "{host}");
        assert_eq!(d.icann_suffix(), icann_suffix, "{host}");
        assert_eq!(d.icann_registrable(), icann_registrable, "{host}");
        // The same in upper case, as an FQDN (the dot kept on the ICANN
        // answer, never on the rule), and from a batch.
        let upper = host.to_ascii_uppercase();
        let upper = list.lookup(&upper).unwrap();
        assert_eq!(upper.rule().as_deref(), Some(rule));
        assert_eq!(upper.icann_suffix(), icann_suffix);
        let fqdn = format!("{host}.");
        let f = list.lookup(&fqdn).unwrap();
        assert_eq!(f.rule().as_deref(), Some(rule));
        assert_eq!(
            f.icann_suffix(),
            icann_suffix.map(|s| format!("{s}.")).as_deref()
        );
        assert_eq!(
            f.icann_registrable(),
            icann_registrable.map(|s| format!("{s}.")).as_deref()
        );
        list.lookup_each([host, fqdn.as_str()], |_, a| {
            let d = a.to_domain().unwrap();
            assert_eq!(a.rule(), d.rule());
            assert_eq!(a.rule_kind(), d.rule_kind());
            assert_eq!(a.icann_suffix(), d.icann_suffix());
            assert_eq!(a.icann_registrable(), d.icann_registrable());
        });
    }
}

#[test]
fn options_change_the_rule_and_the_icann_answer() {
    let list = List::builtin();
    let icann = Options::new().sections(Sections::IcannOnly);
    let d = list.lookup_with("me.github.io", &icann).unwrap();
    assert_eq!((d.suffix(), d.rule().as_deref()), (Some("io"), Some("io")));
    assert_eq!(
        (d.icann_suffix(), d.icann_registrable()),
        (Some("io"), Some("github.io"))
    );

    let browser = Options::new().wildcard(Wildcard::Browser);
    let d = list.lookup_with("kobe.jp", &browser).unwrap();
    assert_eq!(
        (d.suffix(), d.rule().as_deref()),
        (Some("kobe.jp"), Some("*.kobe.jp"))
    );
    assert_eq!(d.rule_kind(), Some(RuleMatch::WildcardParent));
    let d = list.lookup("kobe.jp").unwrap();
    assert_eq!((d.suffix(), d.rule().as_deref()), (Some("jp"), Some("jp")));

    let strict = Options::new().implicit_rule(false);
    let d = list.lookup_with("www.example.unknowntld", &strict).unwrap();
    assert_eq!(
        (d.rule(), d.rule_kind(), d.icann_suffix()),
        (None, None, None)
    );
}

#[test]
fn the_rule_is_ascii_in_every_output_form() {
    let list = List::builtin();
    for output in [Output::Input, Output::Ascii, Output::Unicode] {
        let options = Options::new().output(output);
        for host in ["www.食狮.公司.cn", "www.xn--85x722f.xn--55qx5d.cn"] {
            let d = list.lookup_with(host, &options).unwrap();
            assert_eq!(
                d.rule().as_deref(),
                Some("xn--55qx5d.cn"),
                "{host} {output:?}"
            );
            assert_eq!(d.icann_suffix(), d.suffix());
        }
    }
}
