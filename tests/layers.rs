//! Layered lists (`List::with_extra`, `Layers`) against the list built from
//! the concatenated text: on the built-in list with the benchmark's 10,000
//! hosts, where extra rules meet the list's wildcards and exceptions, on
//! random small lists and layers (proptest), and in the cookie check.

mod common;

use etld_testkit::hosts;

use common::all_options;
use etld::{Error, Layers, List, Options, Output, RuleError, Section, Wildcard};
use proptest::prelude::*;

const BUILTIN_DAT: &[u8] = include_bytes!("../vectors/public_suffix_list.dat");

/// Everything a lookup answers (its `Debug` form shows every part, the
/// rule and the ICANN answer), or its error, as text.
fn answer(list: &List, host: &str, options: &Options) -> String {
    format!("{:?}", list.lookup_with(host, options))
}

/// `texts` appended to `base`, each after a line break.
fn appended(base: &[u8], texts: &[&[u8]]) -> Vec<u8> {
    let mut all = base.to_vec();
    for text in texts {
        if !all.ends_with(b"\n") {
            all.push(b'\n');
        }
        all.extend_from_slice(text);
    }
    all
}

/// `texts` laid over `base`.
fn layered(base: &List, texts: &[&[u8]]) -> List {
    let mut layers = Layers::new(base);
    for (i, text) in texts.iter().enumerate() {
        layers.add(format!("extra{i}.dat"), text).unwrap();
    }
    layers.build().unwrap()
}

/// Asserts that `got` answers every host as `want` does, under every option.
fn same_answers(got: &List, want: &List, hosts: &[String]) {
    for options in all_options() {
        for output in [Output::Input, Output::Unicode] {
            let options = options.output(output);
            for host in hosts {
                assert_eq!(
                    answer(got, host, &options),
                    answer(want, host, &options),
                    "{host:?} {options:?}"
                );
            }
        }
    }
    // The batch path walks the same tree.
    let mut got_batch = Vec::new();
    got.lookup_each(hosts.iter().map(String::as_str), |_, a| {
        got_batch.push(format!("{a:?}"))
    });
    let mut want_batch = Vec::new();
    want.lookup_each(hosts.iter().map(String::as_str), |_, a| {
        want_batch.push(format!("{a:?}"))
    });
    assert_eq!(got_batch, want_batch);
}

/// Extra rules that meet the built-in list's wildcards, exceptions and
/// sections, and rules of their own.
const CORP: &[u8] = "// VERSION: corp-7\n\
// Our own rules.\n\
!foo.kobe.jp\n\
*.github.io\n\
!www.github.io\n\
corp.example\n\
*.dev.corp.example\n\
!www.dev.corp.example\n\
*.*.grid.corp.example\n\
// ===BEGIN PRIVATE DOMAINS===\n\
co.uk\n\
kobe.jp\n\
users.platform.example\n\
// ===END PRIVATE DOMAINS===\n\
Bücher.Example\n\
.old-style.example\n"
    .as_bytes();

const PLATFORM: &[u8] = b"// ===BEGIN PRIVATE DOMAINS===\n\
*.sites.platform.example\n\
!admin.sites.platform.example\n\
// ===END PRIVATE DOMAINS===\n\
!bar.kobe.jp\n\
corp.example\n";

/// The hosts of the comparison: the benchmark's realistic mix and hosts
/// under every extra rule.
fn hosts() -> Vec<String> {
    let mut all = hosts::realistic_hosts(10_000, 11);
    for edge in [
        "foo.kobe.jp",
        "a.foo.kobe.jp",
        "bar.kobe.jp",
        "a.bar.kobe.jp",
        "b.baz.kobe.jp",
        "kobe.jp",
        "x.city.kobe.jp",
        "me.github.io",
        "a.me.github.io",
        "www.github.io",
        "a.www.github.io",
        "github.io",
        "www.example.co.uk",
        "co.uk",
        "corp.example",
        "x.corp.example",
        "a.b.dev.corp.example",
        "www.dev.corp.example",
        "a.www.dev.corp.example",
        "a.b.c.grid.corp.example",
        "b.c.grid.corp.example",
        "x.users.platform.example",
        "a.b.sites.platform.example",
        "admin.sites.platform.example",
        "x.admin.sites.platform.example",
        "www.bücher.example",
        "www.xn--bcher-kva.example",
        "a.old-style.example",
        "A.B.Dev.Corp.Example.",
    ] {
        all.push(edge.to_string());
    }
    all
}

#[test]
fn layered_builtin_answers_as_the_appended_text() {
    let texts = [CORP, PLATFORM];
    let want = List::from_dat(&appended(BUILTIN_DAT, &texts)).unwrap();
    let got = layered(List::builtin(), &texts);
    same_answers(&got, &want, &hosts());
    // The same file, byte for byte: the same keys, counts and metadata.
    assert_eq!(got.to_fst_bytes(), want.to_fst_bytes());
    assert_eq!(got.fingerprint(), want.fingerprint());
    assert_eq!(got.version(), List::builtin().version());
    assert_eq!(got.rule_counts(), want.rule_counts());
    // One text at a time, or both at once: the same list.
    let one_by_one = List::builtin()
        .with_extra("extra0.dat", CORP)
        .unwrap()
        .with_extra("extra1.dat", PLATFORM)
        .unwrap();
    assert_eq!(one_by_one.to_fst_bytes(), got.to_fst_bytes());
    assert_eq!(one_by_one.layers(), got.layers());
}

#[test]
fn layers_over_a_loaded_list() {
    let base = List::from_fst(List::builtin_fst().to_vec()).unwrap();
    let got = layered(&base, &[PLATFORM, CORP]);
    let want = List::from_dat(&appended(BUILTIN_DAT, &[PLATFORM, CORP])).unwrap();
    assert_eq!(got.to_fst_bytes(), want.to_fst_bytes());
    // A list without a VERSION takes the first text's, as the appended
    // text does.
    let base = List::from_dat(b"com\njp\n*.kobe.jp\n").unwrap();
    let got = layered(&base, &[PLATFORM, CORP]);
    assert_eq!(got.version(), Some("corp-7"));
    let want = List::from_dat(&appended(b"com\njp\n*.kobe.jp\n", &[PLATFORM, CORP])).unwrap();
    assert_eq!(got.to_fst_bytes(), want.to_fst_bytes());
    same_answers(&got, &want, &hosts());
}

#[test]
fn extra_rules_meet_the_lists_wildcards_and_exceptions() {
    let list = List::builtin().with_extra("corp.dat", CORP).unwrap();
    let suffix = |host: &str| list.lookup(host).unwrap().suffix().map(str::to_string);
    let section = |host: &str| list.lookup(host).unwrap().section();
    // An extra exception to the list's `*.kobe.jp`.
    assert_eq!(suffix("a.foo.kobe.jp").as_deref(), Some("kobe.jp"));
    assert_eq!(suffix("a.baz.kobe.jp").as_deref(), Some("baz.kobe.jp"));
    // The list's own exception stays.
    assert_eq!(suffix("x.city.kobe.jp").as_deref(), Some("kobe.jp"));
    // An extra wildcard under the list's PRIVATE `github.io`, with its
    // own exception.
    assert_eq!(suffix("a.me.github.io").as_deref(), Some("me.github.io"));
    assert_eq!(section("a.me.github.io"), Some(Section::Icann));
    // The prevailing rule is the extra exception, ICANN as it is outside
    // any marker.
    assert_eq!(suffix("a.www.github.io").as_deref(), Some("github.io"));
    assert_eq!(section("a.www.github.io"), Some(Section::Icann));
    // An extra PRIVATE rule equal to an ICANN one: listed in both
    // sections, ICANN is reported, and ICANN-only lookups still see it.
    let d = list.lookup("www.example.co.uk").unwrap();
    assert_eq!(
        (d.suffix(), d.section()),
        (Some("co.uk"), Some(Section::Icann))
    );
    let icann = Options::new().sections(etld::Sections::IcannOnly);
    let d = list.lookup_with("www.example.co.uk", &icann).unwrap();
    assert_eq!(d.suffix(), Some("co.uk"));
    // An extra PRIVATE `kobe.jp` under the list's ICANN `*.kobe.jp`.
    let d = list.lookup("kobe.jp").unwrap();
    assert_eq!(
        (d.suffix(), d.section()),
        (Some("kobe.jp"), Some(Section::Private))
    );
    let d = list.lookup_with("kobe.jp", &icann).unwrap();
    assert_eq!(d.suffix(), Some("jp"));
    // Rules of one's own, Unicode ones canonicalised as the list's are.
    assert_eq!(
        suffix("a.b.dev.corp.example").as_deref(),
        Some("b.dev.corp.example")
    );
    assert_eq!(
        suffix("a.www.dev.corp.example").as_deref(),
        Some("dev.corp.example")
    );
    assert_eq!(
        suffix("a.b.c.grid.corp.example").as_deref(),
        Some("b.c.grid.corp.example")
    );
    assert_eq!(
        suffix("www.bücher.example").as_deref(),
        Some("bücher.example")
    );
    assert_eq!(
        suffix("www.xn--bcher-kva.example").as_deref(),
        Some("xn--bcher-kva.example")
    );
    assert_eq!(
        suffix("a.old-style.example").as_deref(),
        Some("old-style.example")
    );
    // The browser mode sees the parents of extra wildcards.
    let browser = Options::new().wildcard(Wildcard::Browser);
    let d = list.lookup_with("dev.corp.example", &browser).unwrap();
    assert_eq!(d.suffix(), Some("dev.corp.example"));
    assert_eq!(
        list.lookup("dev.corp.example").unwrap().suffix(),
        Some("corp.example")
    );
}

#[test]
fn layers_are_remembered() {
    let base = List::builtin()
        .with_extra("platform.dat", PLATFORM)
        .unwrap()
        .with_options(Options::new().wildcard(Wildcard::Browser));
    let list = base.with_extra("corp.dat", CORP).unwrap();
    let layers = list.layers();
    assert_eq!(layers.len(), 2);
    assert_eq!(layers[0].name(), "platform.dat");
    assert_eq!(layers[0].version(), None);
    assert_eq!(layers[0].rule_counts().total(), 4);
    assert_eq!(layers[0].rule_counts().private, 2);
    assert_eq!(layers[1].name(), "corp.dat");
    assert_eq!(layers[1].version(), Some("corp-7"));
    assert_eq!(layers[1].rule_counts().total(), 12);
    assert_eq!(layers[1].rule_counts().exceptions, 3);
    assert_eq!(layers[1].rule_counts().wildcards, 3);
    // The options of the list it was laid over.
    assert_eq!(list.options(), base.options());
    // Written out and loaded again: the same rules, no layers.
    let again = List::from_fst(list.to_fst_bytes().to_vec()).unwrap();
    assert!(again.layers().is_empty());
    assert_eq!(again.fingerprint(), list.fingerprint());
    assert!(List::builtin().layers().is_empty());
    // No text: the list itself.
    let same = Layers::new(List::builtin()).build().unwrap();
    assert_eq!(same.fingerprint(), List::builtin().fingerprint());
}

#[test]
fn fingerprints_tell_lists_apart() {
    let builtin = List::builtin();
    let corp = builtin.with_extra("corp.dat", CORP).unwrap();
    let platform = builtin.with_extra("platform.dat", PLATFORM).unwrap();
    let fingerprints = [
        builtin.fingerprint(),
        corp.fingerprint(),
        platform.fingerprint(),
    ];
    assert_ne!(fingerprints[0], fingerprints[1]);
    assert_ne!(fingerprints[0], fingerprints[2]);
    assert_ne!(fingerprints[1], fingerprints[2]);
    // One more rule, however small, is another list.
    let one_more = builtin.with_extra("one.dat", b"zz.example\n").unwrap();
    assert_ne!(one_more.fingerprint(), builtin.fingerprint());
    assert_eq!(
        one_more.rule_counts().total(),
        builtin.rule_counts().total() + 1
    );
    // Rules the list holds already, under another name: the same list.
    let again = builtin
        .with_extra("again.dat", b"com\nco.uk\n*.kobe.jp\n")
        .unwrap();
    assert_eq!(again.fingerprint(), builtin.fingerprint());
}

#[test]
fn bad_texts_give_their_line() {
    let list = List::builtin();
    let rule_error = |text: &[u8]| match list.with_extra("x.dat", text) {
        Err(Error::Rule { line, error, .. }) => (line, error),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        rule_error(b"ok.example\n\n*bad.example\n"),
        (3, RuleError::PartialWildcard)
    );
    assert_eq!(
        rule_error(b"// x\n!example\n"),
        (2, RuleError::ShortException)
    );
    assert_eq!(rule_error(b"a\xff.example\n"), (1, RuleError::InvalidUtf8));
    let err = list
        .with_extra("x.dat", b"a.example\nb..example\n")
        .unwrap_err();
    assert_eq!(err.to_string(), "line 2, byte 2: empty label");
    // A text with no rule changes nothing, as appending it would not.
    for empty in [&b""[..], b"\n", b"// only a comment\n"] {
        let layered = list.with_extra("x.dat", empty).unwrap();
        assert_eq!(layered.layers().len(), 1);
        for host in [
            "www.example.co.uk",
            "a.b.kobe.jp",
            "me.github.io",
            "x.unknowntld",
        ] {
            assert_eq!(
                layered.lookup(host).unwrap().registrable(),
                list.lookup(host).unwrap().registrable(),
                "{host}"
            );
        }
    }
    // A compiled list is no text of rules: the error says so.
    let err = list.with_extra("x.fst", list.to_fst_bytes()).unwrap_err();
    assert!(matches!(err, Error::CompiledLayer));
    assert_eq!(
        err.to_string(),
        "a compiled list (.fst) cannot be laid over a list: give the list text (.dat) it was compiled from"
    );
    // Its magic alone says so, though what follows would read as rules
    // (found by the `layers` fuzz target).
    let mut text = etld::format::MAGIC.to_vec();
    text.extend_from_slice(b"pp\n");
    assert!(etld::RuleSet::parse(&text).is_ok());
    assert!(matches!(
        list.with_extra("x.dat", &text),
        Err(Error::CompiledLayer)
    ));
    // A failed text leaves the layers as they were.
    let mut layers = Layers::new(list);
    layers.add("good.dat", b"good.example\n").unwrap();
    assert!(layers.add("bad.dat", b"*bad.example\n").is_err());
    let built = layers.build().unwrap();
    assert_eq!(built.layers().len(), 1);
    assert_eq!(
        built.lookup("x.good.example").unwrap().suffix(),
        Some("good.example")
    );
}

#[test]
fn the_cookie_check_sees_the_layers() {
    let plain = List::builtin();
    let list = plain.with_extra("corp.dat", CORP).unwrap();
    let want = List::from_dat(&appended(BUILTIN_DAT, &[CORP])).unwrap();
    let cases = [
        // An extra suffix is no cookie domain, but its children are.
        ("a.b.dev.corp.example", "b.dev.corp.example", false),
        ("a.b.dev.corp.example", "a.b.dev.corp.example", true),
        ("x.dev.corp.example", "dev.corp.example", false),
        ("a.www.dev.corp.example", "www.dev.corp.example", true),
        ("www.corp.example", "corp.example", false),
        ("x.users.platform.example", "users.platform.example", false),
        // An extra exception makes a cookie domain of a wildcard's child.
        ("www.foo.kobe.jp", "foo.kobe.jp", true),
        ("www.baz.kobe.jp", "baz.kobe.jp", false),
        ("www.foo.kobe.jp", "kobe.jp", false),
        ("a.me.github.io", "me.github.io", false),
        ("a.www.github.io", "www.github.io", true),
        ("www.example.co.uk", "example.co.uk", true),
        ("www.example.co.uk", "co.uk", false),
    ];
    for (host, domain, acceptable) in cases {
        assert_eq!(
            list.is_cookie_domain_acceptable(host, domain),
            acceptable,
            "{host} {domain}"
        );
        assert_eq!(
            want.is_cookie_domain_acceptable(host, domain),
            acceptable,
            "{host} {domain}"
        );
    }
    // Without the layer, these domains are a plain site's.
    assert!(plain.is_cookie_domain_acceptable("a.b.dev.corp.example", "b.dev.corp.example"));
    assert!(!plain.is_cookie_domain_acceptable("www.foo.kobe.jp", "foo.kobe.jp"));
}

/// Labels small enough that random rules and hosts collide often.
const LABELS: &[&str] = &["a", "b", "c", "ab"];

/// One line of a random list text.
fn line() -> impl Strategy<Value = String> {
    let label = prop_oneof![4 => prop::sample::select(LABELS).prop_map(str::to_string), 1 => Just("*".to_string())];
    prop_oneof![
        8 => (prop::collection::vec(label, 1..=4), prop::bool::weighted(0.2)).prop_map(|(labels, exception)| {
            let name = labels.join(".");
            if exception && labels.len() >= 2 && !labels.iter().any(|l| l == "*") {
                format!("!{name}")
            } else {
                name
            }
        }),
        1 => Just("// ===BEGIN PRIVATE DOMAINS===".to_string()),
        1 => Just("// ===END PRIVATE DOMAINS===".to_string()),
        1 => Just("// ===BEGIN ICANN DOMAINS===".to_string()),
        1 => Just("// VERSION: v".to_string()),
        1 => Just(String::new()),
    ]
}

/// A random list text that holds a rule and ends outside any section, as
/// the Public Suffix List does (each text laid over a list starts outside
/// any section, as after such an end).
fn text() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(line(), 0..10),
        prop::sample::select(LABELS),
    )
        .prop_map(|(lines, rule)| {
            let mut text = lines.join("\n");
            text.push_str(&format!("\n{rule}\n// ===END PRIVATE DOMAINS===\n"));
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn layers_equal_the_appended_text(
        base in text(),
        texts in prop::collection::vec(text(), 1..4),
        hosts in prop::collection::vec(prop::collection::vec(prop::sample::select(LABELS), 1..=5), 1..12),
    ) {
        let texts: Vec<&[u8]> = texts.iter().map(|t| t.as_bytes()).collect();
        let want = List::from_dat(&appended(base.as_bytes(), &texts)).unwrap();
        let got = layered(&List::from_dat(base.as_bytes()).unwrap(), &texts);
        prop_assert_eq!(got.to_fst_bytes(), want.to_fst_bytes());
        let hosts: Vec<String> = hosts.iter().map(|h| h.join(".")).collect();
        for options in all_options() {
            for host in &hosts {
                prop_assert_eq!(answer(&got, host, &options), answer(&want, host, &options));
            }
        }
        for request in &hosts {
            for domain in &hosts {
                prop_assert_eq!(
                    got.is_cookie_domain_acceptable(request, domain),
                    want.is_cookie_domain_acceptable(request, domain)
                );
            }
        }
    }
}
