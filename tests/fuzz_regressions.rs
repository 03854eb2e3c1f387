//! Cases the fuzz targets found, each with the answer docs/behaviour.md sections 2 to 5
//! ask for, and the host reading of the naive model (tests/common) held to
//! the library's on hand-picked hosts of every kind.

mod common;

use common::{
    all_options, fault_agrees, of_domain, read_host, uts46_agrees, uts46_bad_labels, Fault, Model,
    OUTPUTS,
};
use etld::{HostError, LabelError, List, RuleSet};

/// Of two forbidden code points in one label, the error points at the
/// first, even when it is fullwidth and the second is ASCII.
#[test]
fn first_forbidden_code_point_is_reported() {
    for (host, offset, c) in [
        ("％[", 0, '%'),
        ("a.b％c/d.com", 3, '%'),
        ("a.b/c％d.com", 3, '/'),
        ("ａ／ｂ:80", 3, '/'),
    ] {
        match List::builtin().lookup(host) {
            Err(HostError::Label {
                offset: o,
                error: LabelError::ForbiddenCodePoint(f),
            }) => assert_eq!((o, f), (offset, c), "{host}"),
            other => panic!("{host}: {other:?}"),
        }
    }
}

/// The model reads hosts as the library does, and answers alike in every
/// form, on the built-in list.
#[test]
fn model_reads_hosts_like_the_library() {
    let set = RuleSet::parse(common::BUILTIN_DAT).unwrap();
    let model = Model::new(&set);
    let list = List::builtin();
    let options = all_options();
    let hosts = [
        "www.example.co.uk",
        "WWW.Example.CO.UK.",
        "ｅｘａｍｐｌｅ．ｃｏ．ｕｋ",
        "www。食狮。公司。cn",
        "www.xn--85x722f.XN--55QX5D.cn.",
        "a.b.c.kobe.jp",
        "city.kobe.jp",
        "a.www.ck",
        "in.futurecms.at",
        "\u{212A}obe.jp",
        "İ.com",
        "ß.de",
        "1.2.3.4",
        "example.0x",
        "example.0XfF.",
        "a.１３",
        "xn--a.1",
        "[::1]",
        "::1",
        "a..b",
        ".a",
        "a..",
        ".",
        "",
        "a b.com",
        "xn--.com",
        "xn--abc-.com",
        "xn--wca.de",
        "xn--ü.de",
        "ｘｎ--ｔｄａ.com",
        "*.ck",
        "!.com",
    ];
    for host in hosts {
        let expected = read_host(host);
        for output in OUTPUTS {
            let with: Vec<_> = options.iter().map(|o| o.output(output)).collect();
            match &expected {
                Ok(read) => {
                    let answers = model.lookup_host(read, &with, output);
                    for (o, want) in with.iter().zip(answers) {
                        let got = list
                            .lookup_with(host, o)
                            .unwrap_or_else(|e| panic!("{host}: {e}"));
                        assert_eq!(of_domain(&got), want, "{host} {o:?}");
                    }
                }
                Err(fault) => {
                    for o in &with {
                        let got = Fault::of(&list.lookup_with(host, o).unwrap_err());
                        assert!(
                            fault_agrees(host, got, *fault),
                            "{host}: {got:?}, model {fault:?}"
                        );
                    }
                }
            }
        }
    }
}

/// The model's reading of a host against UTS 46 by the `idna` crate: the
/// same names in every form, or the same label refused; and the hosts where
/// UTS 46 does more than the model, which the model's fuzz targets pass over.
#[test]
fn the_model_reads_hosts_as_uts46_does_or_says_not() {
    let agree = [
        "www.example.co.uk",
        "ｅｘａｍｐｌｅ．ｃｏ．ｕｋ",
        "www。食狮。公司。cn",
        "www.xn--85x722f.XN--55QX5D.cn.",
        "Bücher.de",
        "ß.de",
        "xn--.com",
        "ü.xn--.com",
        "xn--ü.de",
    ];
    for host in agree {
        assert!(uts46_agrees(host), "{host:?}");
    }
    // An A-label UTS 46 refuses (a C1 control), an ignored code point, a
    // mapping to two code points, a number after a label UTS 46 refuses.
    for host in ["xn--a.com", "a\u{AD}b.com", "\u{FB01}x.com", "xn--a.1"] {
        assert!(!uts46_agrees(host), "{host:?}");
    }
}

/// A name with two labels UTS 46 refuses (found by lookup_fast, with the
/// model's verdicts from `idna`): `xn--55qx5dcnxn--55qx5d255city` decodes
/// to `55qދx\u{73E}5dcnᏊx\u{CD5}n-`, whose Thaana letter makes the name
/// a Bidi domain name and whose leading digit then breaks the Bidi rule
/// (RFC 5893 rule 1), and the last label is not Punycode. UTS 46 records
/// both errors; the library reports the first its processing finds, the
/// Punycode error (the Bidi rule is the whole name's, checked after every
/// label's own checks, in `idna` as in etld), and the model the leftmost
/// label it refuses (for a reason of its own: `Ꮚ`, valid in UTS 46,
/// changes when lower-cased). Either is UTS 46's. `idna` leaves an ASCII
/// label that breaks the Bidi rule unmarked in its output (`1a`), and is
/// asked label by label.
#[test]
fn of_several_labels_uts46_refuses_any_may_be_reported() {
    let host =
        "xn--55qx5d.xn--55qx5dcnxn--55qx5d255city..blogspotxn--55qx5d.xn--55qx5dcnxn--55qx5d255";
    assert_eq!(uts46_bad_labels(host), Some(vec![11, 61]));
    assert!(uts46_agrees(host));
    let expected = read_host(host).unwrap_err();
    assert_eq!(
        expected,
        Fault::Label {
            offset: 11,
            forbidden: None
        }
    );
    let got = List::builtin().lookup(host).unwrap_err();
    assert_eq!(
        got,
        HostError::Label {
            offset: 83,
            error: LabelError::Uts46(etld::uts46::Error::Punycode { offset: 83 }),
        }
    );
    assert!(fault_agrees(host, Fault::of(&got), expected));
    // The second label alone breaks the Bidi rule, and is valid otherwise.
    assert!(matches!(
        etld::uts46::to_ascii("xn--55qx5dcnxn--55qx5d255city"),
        Err(etld::uts46::Error::Bidi { offset: 0, .. })
    ));
    // A label of the host the library does not refuse is not UTS 46's.
    for at in [0, 42] {
        let wrong = Fault::Label {
            offset: at,
            forbidden: None,
        };
        assert!(!fault_agrees(host, wrong, expected), "{at}");
    }

    for (host, bad, library) in [
        // The library's error in an ASCII label that breaks the Bidi
        // rule, which `idna` refuses unmarked.
        ("1a.xn--55qx5dcnxn--55qx5d255city", vec![0, 3], 0),
        // Before the Bidi rule: the Punycode error, wherever it is.
        ("xn--55qx5dcnxn--55qx5d255city.xn--zz", vec![0, 30], 34),
        ("xn--zz.xn--55qx5dcnxn--55qx5d255city", vec![0, 7], 4),
    ] {
        assert_eq!(uts46_bad_labels(host), Some(bad), "{host}");
        assert!(uts46_agrees(host), "{host}");
        let got = Fault::of(&List::builtin().lookup(host).unwrap_err());
        assert_eq!(
            got,
            Fault::Label {
                offset: library,
                forbidden: None
            },
            "{host}"
        );
        assert!(
            fault_agrees(host, got, read_host(host).unwrap_err()),
            "{host}"
        );
    }
    // `idna` refuses this name, marking no label; the model, without the
    // Bidi rule, reads it (and the fuzz targets pass it over).
    assert_eq!(idna::domain_to_unicode("xn--4dbrk0ce.1a").0, "ישראל.1a");
    assert_eq!(uts46_bad_labels("xn--4dbrk0ce.1a"), Some(vec![13]));
    assert_eq!(
        uts46_bad_labels("xn--55qx5d.1a.xn--4dbrk0ce"),
        Some(vec![11])
    );
    assert!(!uts46_agrees("xn--55qx5d.1a.xn--4dbrk0ce"));
    // A Cherokee capital is valid in UTS 46, and the model refuses it:
    // such a name is UTS 46's tests'.
    let cherokee = format!("xn--{}.com", etld_punycode::encode("aᏊ").unwrap());
    assert!(etld::uts46::to_ascii(&cherokee).is_ok());
    assert!(idna::domain_to_ascii(&cherokee).is_ok());
    assert!(!uts46_agrees(&cherokee), "{cherokee}");
}

/// A host label that is an A-label of a label starting with `xn--` is
/// refused (found by unicode_answers: its Unicode form did not look up to
/// itself), and so is a rule holding one.
#[test]
fn a_labels_of_the_ace_prefix_are_refused() {
    let label = format!("xn--{}", etld_punycode::encode("xn--ü").unwrap());
    for host in [format!("{label}.com"), format!("www.{label}")] {
        let offset = host.find(&label).unwrap();
        match List::builtin().lookup(&host) {
            Err(HostError::Label {
                offset: o,
                error: LabelError::Uts46(etld::uts46::Error::ALabelPrefix { .. }),
            }) => assert_eq!(o, offset, "{host}"),
            other => panic!("{host}: {other:?}"),
        }
    }
    assert!(List::from_dat(format!("{label}.com\n").as_bytes()).is_err());
}

/// The naive cookie check of tests/common agrees with the library on the
/// kinds of cases cookie_model drives: tails with and without a leading
/// dot, IP addresses, wildcard parents, Unicode and FQDNs.
#[test]
fn cookie_model_agrees_on_hand_picked_cases() {
    let set = RuleSet::parse(common::BUILTIN_DAT).unwrap();
    let model = Model::new(&set);
    let list = List::builtin();
    for request in [
        "www.example.co.uk",
        "a.b.c.kobe.jp",
        "www.city.kobe.jp",
        "a.www.ck",
        "x.tenant.customer-oci.com",
        "www.食狮.公司.cn",
        "WWW.Example.COM.",
        "192.168.0.1",
        "0x7f.0.0.1",
        "[::1]",
        "a.b.zzz",
    ] {
        let mut cookies = vec![request.to_string(), format!(".{request}")];
        for (i, _) in request.match_indices('.') {
            cookies.push(request[i + 1..].to_string());
            cookies.push(request[i..].to_string());
        }
        for cookie in &cookies {
            assert_eq!(
                list.is_cookie_domain_acceptable(request, cookie),
                common::cookie_acceptable(&model, request, cookie),
                "{request} / {cookie}"
            );
        }
    }
}

/// A list whose first VERSION comment is empty has no VERSION (a `.fst`
/// file keeps none), so a later VERSION counts, and a text laid over it
/// gives its VERSION as the appended text does (the `layers` target).
#[test]
fn an_empty_version_is_none() {
    let base = b"jp\n// VERSION: ";
    let list = List::from_dat(base).unwrap();
    assert_eq!(list.version(), None);
    let layered = list
        .with_extra("extra", b"2\n// VERSION: 1\nkobe.jp\n")
        .unwrap();
    let appended = List::from_dat(b"jp\n// VERSION: \n2\n// VERSION: 1\nkobe.jp\n").unwrap();
    assert_eq!(appended.version(), Some("1"));
    assert_eq!(layered.to_fst_bytes(), appended.to_fst_bytes());
    let set = RuleSet::parse(b"// VERSION:\n// COMMIT: \ncom\n// COMMIT: c\n").unwrap();
    assert_eq!((set.version(), set.commit()), (None, Some("c")));
}

/// Found by `unicode_answers`: a host over 64 bytes has its A-labels
/// checked by the scan, which let a right-to-left one through without the
/// Bidi rule, so its answer in Unicode form did not look up to itself.
#[test]
fn a_long_host_with_a_right_to_left_a_label_is_held_to_the_bidi_rule() {
    let list = etld::List::builtin();
    let tail = "klmnopqrstuvwxyzklmnopqrstuvwxyzklmnopqrstuvwxyzklmnopqrstuvwx";
    for host in [
        format!("xn--85x722fxn--abc-futurecms0X1ffuturecms.{tail}.{tail}"),
        "xn--85x722fxn--abc-futurecms0x1ffuturecms.com".to_string(),
    ] {
        let e = list.lookup(&host).unwrap_err();
        assert!(e.to_string().contains("Bidi rule"), "{host}: {e}");
    }
    // A right-to-left A-label that keeps the rule is answered, long or not.
    for host in [
        format!("abc.xn--mgbaam7a8h.{tail}.com"),
        "abc.xn--mgbaam7a8h".to_string(),
    ] {
        assert!(list.lookup(&host).is_ok(), "{host}");
    }
}

/// An A-label in mixed case is checked as the lower-case label mapping
/// makes of it, whose letters' case can change what NFC makes of a mark
/// after them (`j` and a combining caron compose, `J` and it do not): a
/// host answers as its ASCII lower-case form does, in every form and with
/// every option, when the built-in list answers from its map and once it
/// has built its tree (after its first lookups). Found by lookup_fast,
/// unicode_answers and unicode_forms.
#[test]
fn a_labels_in_mixed_case_answer_as_in_lower_case() {
    let hosts = [
        "xn--55qx5dcityKOBEKOBE\u{7f}xn--55qx5dxn--55qx5d.........",
        "xn--85x722fXN--TDAxn--abc-xn--abc-xn--abc-bfuturecmsfuturecms",
        "xx!Rxn!!!g&!!!!x!Rgc-y.-j0\u{201}~.xn---addr((-nnnB!!!x!Rgc-yn--nnnaaaK",
        "www.XN--BCHER-KVA.de",
        &format!("a.xn--{}.com", etld_punycode::encode("J\u{30C}x").unwrap()),
    ];
    let list = List::builtin();
    let options = all_options();
    for round in 0..2 {
        for host in &hosts {
            let lower = host.to_ascii_lowercase();
            for output in OUTPUTS {
                for o in options.iter().map(|o| o.output(output)) {
                    assert_eq!(
                        format!("{:?}", list.lookup_with(host, &o)),
                        format!("{:?}", list.lookup_with(&lower, &o)),
                        "{host} {o:?}, round {round}"
                    );
                }
            }
        }
        for _ in 0..300 {
            let _ = list.lookup("www.example.com");
        }
    }
    assert!(list.lookup(hosts[4]).is_err());
}

/// A label UTS 46 refuses (its payload decodes to an `xn--` label) that
/// also holds a forbidden space: processing (docs/behaviour.md section 3
/// step 2) refuses it before the forbidden code points are checked (step
/// 3), where the model reads the space first (`lookup_fast`). `idna` does
/// not check that a decoded label must not begin with `xn--`; the model's
/// list of the labels UTS 46 refuses does.
#[test]
fn uts46_refuses_a_label_before_its_forbidden_bytes() {
    let host = "xn--xn--bcher-kvaklmnopqrstuvwxyzklmnopqrstuvwxyzklmnopqrstuvwxyz\
        klmnopqrstuvwxklmnopqrstuvwxyzklmnopqrstuvwxyzklmnopqrstuvwxyzklmnopqrstuvwx KOBExn--85x722f";
    assert!(uts46_agrees(host));
    // `idna` 1.1 reads the label as valid but for its space.
    assert!(idna::domain_to_unicode(host).1.is_ok());
    assert_eq!(uts46_bad_labels(host), Some(vec![0]));
    let expected = read_host(host).unwrap_err();
    assert_eq!(
        expected,
        Fault::Label {
            offset: 141,
            forbidden: Some(' ')
        }
    );
    let got = List::builtin().lookup(host).unwrap_err();
    assert_eq!(
        got,
        HostError::Label {
            offset: 0,
            error: LabelError::Uts46(etld::uts46::Error::ALabelPrefix { offset: 0 }),
        }
    );
    assert!(fault_agrees(host, Fault::of(&got), expected));
}
