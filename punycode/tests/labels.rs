//! A-label helpers (docs/behaviour.md section 3 step 4).

use etld_punycode::{
    check_a_label, decode_a_label_into, has_ace_prefix, to_ascii_label, to_ascii_label_into,
    to_unicode_label, Error, MAX_LABEL_LEN,
};

const PAIRS: &[(&str, &str)] = &[
    ("bücher", "xn--bcher-kva"),
    ("münchen", "xn--mnchen-3ya"),
    ("食狮", "xn--85x722f"),
    ("公司", "xn--55qx5d"),
    ("пример", "xn--e1afmkfd"),
    ("例え", "xn--r8jz45g"),
    ("δοκιμή", "xn--jxalpdlp"),
    ("💩", "xn--ls8h"),
    ("ü", "xn--tda"),
];

#[test]
fn unicode_labels_round_trip() {
    for &(u, a) in PAIRS {
        assert_eq!(to_ascii_label(u).as_deref(), Ok(a), "{u}");
        assert_eq!(to_unicode_label(a).as_deref(), Ok(u), "{a}");
        assert_eq!(check_a_label(a.as_bytes()), Ok(()), "{a}");
        assert_eq!(to_ascii_label(a).as_deref(), Ok(a), "{a}");
        let mut buf = [0u8; 63];
        let n = to_ascii_label_into(u, &mut buf).unwrap();
        assert_eq!(&buf[..n], a.as_bytes());
        let mut out = ['\0'; 63];
        let n = decode_a_label_into(a.as_bytes(), &mut out).unwrap();
        assert_eq!(out[..n].iter().collect::<String>(), u);
    }
}

#[test]
fn labels_are_lower_cased() {
    assert_eq!(to_ascii_label("Bücher").unwrap(), "xn--bcher-kva");
    assert_eq!(to_ascii_label("BÜCHER").unwrap(), "xn--bcher-kva");
    assert_eq!(to_ascii_label("ПРИМЕР").unwrap(), "xn--e1afmkfd");
    assert_eq!(to_ascii_label("Example").unwrap(), "example");
    assert_eq!(to_ascii_label("XN--BCHER-KVA").unwrap(), "xn--bcher-kva");
    assert_eq!(to_unicode_label("XN--BCHER-KVA").unwrap(), "bücher");
    assert_eq!(to_unicode_label("xn--Bcher-kva").unwrap(), "bücher");
    assert_eq!(to_unicode_label("Example").unwrap(), "example");
    assert_eq!(to_unicode_label("BÜCHER").unwrap(), "bücher");
    // Lower-casing that becomes ASCII: the Kelvin sign is `k`.
    assert_eq!(to_ascii_label("\u{212A}").unwrap(), "k");
    let mut buf = [0u8; 8];
    assert_eq!(to_ascii_label_into("\u{212A}B", &mut buf), Ok(2));
    assert_eq!(&buf[..2], b"kb");
    // `char::to_lowercase` may yield two code points.
    assert_eq!(
        to_ascii_label("İ").unwrap(),
        to_ascii_label("i\u{307}").unwrap()
    );
    // ß is kept (no UTS 46 mapping here).
    assert_eq!(to_ascii_label("straße").unwrap(), "xn--strae-oqa");
}

#[test]
fn ascii_labels_that_are_not_a_labels_pass_through() {
    assert_eq!(to_ascii_label("").unwrap(), "");
    assert_eq!(to_ascii_label("a-b").unwrap(), "a-b");
    assert_eq!(to_ascii_label("xn-a").unwrap(), "xn-a");
    assert_eq!(to_unicode_label("xn-a").unwrap(), "xn-a");
    assert_eq!(check_a_label(b"xn-a"), Err(Error::MissingPrefix));
    assert!(has_ace_prefix(b"xN--"));
    assert!(!has_ace_prefix(b"xn-"));
}

#[test]
fn invalid_a_labels_are_typed_errors() {
    let cases: &[(&str, Error)] = &[
        ("xn--", Error::EmptyPayload),
        ("XN--", Error::EmptyPayload),
        ("xn--abc-", Error::AsciiPayload),
        ("xn--a-", Error::AsciiPayload),
        ("xn----", Error::AsciiPayload), // payload "--" decodes to "-"
        ("xn---tda", Error::LeadingDelimiter { position: 4 }),
        ("xn---", Error::LeadingDelimiter { position: 4 }),
        (
            "xn--td_",
            Error::InvalidDigit {
                position: 6,
                byte: b'_',
            },
        ),
        (
            "xn--ls8h=",
            Error::InvalidDigit {
                position: 8,
                byte: b'=',
            },
        ),
        (
            "xn--ib9b",
            Error::InvalidCodePoint {
                position: 4,
                value: 0xD800,
            },
        ),
        (
            "xn--r49b",
            Error::InvalidCodePoint {
                position: 4,
                value: 0xDC00,
            },
        ),
        ("xn--99999999", Error::Overflow { position: 11 }),
        ("xn--bcher-kv", Error::TruncatedDelta { position: 10 }),
        ("xn--bü-tda", Error::NonBasicBeforeDelimiter { position: 5 }),
    ];
    for (label, err) in cases {
        assert_eq!(check_a_label(label.as_bytes()), Err(*err), "{label}");
        assert_eq!(to_unicode_label(label), Err(*err), "{label}");
        if label.is_ascii() {
            assert_eq!(to_ascii_label(label), Err(*err), "{label}");
            assert_eq!(
                to_ascii_label_into(label, &mut [0u8; 63]),
                Err(*err),
                "{label}"
            );
        }
        assert_eq!(
            decode_a_label_into(label.as_bytes(), &mut ['\0'; 63]),
            Err(*err)
        );
    }
}

#[test]
fn check_a_label_caps_at_63_octets() {
    // The longest valid A-label: 59 bytes of payload.
    let u = "ü".to_string() + &"a".repeat(54);
    let a = to_ascii_label(&u).unwrap();
    assert!(a.len() <= MAX_LABEL_LEN, "{a}");
    assert_eq!(check_a_label(a.as_bytes()), Ok(()));
    let too_long = format!("xn--{}", "a".repeat(60));
    assert_eq!(
        check_a_label(too_long.as_bytes()),
        Err(Error::LabelTooLong { len: 64, max: 63 })
    );
    // The allocating helpers have no 63-octet cap.
    let long_u = "ü".to_string() + &"a".repeat(100);
    let long_a = to_ascii_label(&long_u).unwrap();
    assert!(long_a.len() > 63);
    assert_eq!(to_unicode_label(&long_a).unwrap(), long_u);
    assert_eq!(to_ascii_label(&long_a).unwrap(), long_a);
}

#[test]
fn buffer_forms_report_sizes() {
    assert_eq!(
        to_ascii_label_into("bücher", &mut [0u8; 5]),
        Err(Error::BufferTooSmall { needed: 13 })
    );
    assert_eq!(
        to_ascii_label_into("Example", &mut [0u8; 5]),
        Err(Error::BufferTooSmall { needed: 7 })
    );
    assert_eq!(
        decode_a_label_into(b"xn--bcher-kva", &mut ['\0'; 3]),
        Err(Error::BufferTooSmall { needed: 6 })
    );
}

/// An A-label must decode to a canonical Unicode label: no upper case,
/// nothing fullwidth, no separator. Its Unicode form then looks up to
/// itself.
#[test]
fn a_labels_decode_to_canonical_labels_only() {
    let refused = |label: &str, value: char, position: usize| {
        let want = Err(Error::NonCanonicalCodePoint {
            position,
            value: u32::from(value),
        });
        assert_eq!(check_a_label(label.as_bytes()), want, "{label}");
        assert_eq!(to_unicode_label(label).map(|_| ()), want, "{label}");
        assert_eq!(
            decode_a_label_into(label.as_bytes(), &mut ['\0'; 63]),
            want.map(|()| 0),
            "{label}"
        );
    };
    refused("xn--bfa", 'İ', 4);
    refused("xn--wca", 'Ü', 4);
    refused("XN--WCA", 'Ü', 4);
    refused("xn--mi7c", 'ａ', 4);
    refused("xn--ab-r13a", '。', 7);
    refused("xn--ab-yu3n", '．', 7);
    refused("xn--ab-313n", '｡', 7);
    assert_eq!(check_a_label(b"xn--tda"), Ok(()));
    assert_eq!(to_unicode_label("xn--tda").as_deref(), Ok("ü"));
}

/// Unicode labels: fullwidth ASCII is mapped, `xn--` with non-ASCII and
/// separators are refused, so that `to_ascii_label` never writes a label
/// that `check_a_label` refuses.
#[test]
fn unicode_labels_fold_like_uts46() {
    assert_eq!(to_ascii_label("ＥＸａｍｐｌｅ").as_deref(), Ok("example"));
    assert_eq!(
        to_ascii_label("ｂüｃｈｅｒ").as_deref(),
        Ok("xn--bcher-kva")
    );
    assert_eq!(to_unicode_label("ｂüｃｈｅｒ").as_deref(), Ok("bücher"));
    assert_eq!(
        to_ascii_label("xn--é"),
        Err(Error::InvalidDigit {
            position: 4,
            byte: 0xC3
        })
    );
    assert_eq!(
        to_ascii_label_into("XN--bü", &mut [0; 63]),
        Err(Error::InvalidDigit {
            position: 5,
            byte: 0xC3
        })
    );
    // The prefix in fullwidth letters or hyphens is the prefix too: the
    // label would be `xn--xn---3ra`, which no A-label check takes.
    for (label, at) in [
        ("ｘｎ--ü", 8),
        ("ＸＮ--ü", 8),
        ("xn－－ü", 8),
        ("ｘn－-bü", 9),
    ] {
        let want = Err(Error::InvalidDigit {
            position: at,
            byte: 0xC3,
        });
        assert_eq!(to_ascii_label(label).map(|_| 0), want, "{label}");
        assert_eq!(to_ascii_label_into(label, &mut [0; 63]), want, "{label}");
    }
    assert_eq!(
        to_ascii_label("ｘｎ--ｂcher-kva").as_deref(),
        Ok("xn--bcher-kva")
    );
    for (label, at, c) in [("a。b", 1, '。'), ("ü．b", 2, '．'), ("ab｡", 2, '｡')] {
        let want = Err(Error::NonCanonicalCodePoint {
            position: at,
            value: u32::from(c),
        });
        assert_eq!(to_ascii_label(label).map(|_| 0), want, "{label}");
        assert_eq!(to_ascii_label_into(label, &mut [0; 63]), want, "{label}");
    }
}
