//! Hosts that are not what they seem, and the errors they give: each is
//! refused (or mapped) as docs/behaviour.md section 3 says, and each error points at the
//! offending byte.

use etld::{HostError, LabelError, List, Options, Output};

fn error_of(host: &str) -> HostError {
    match List::builtin().lookup(host) {
        Err(e) => e,
        other => panic!("{host}: expected a host error, got {other:?}"),
    }
}

fn message(host: &str) -> String {
    error_of(host).to_string()
}

/// Whether `e` is a broken Bidi rule in the label at byte `at`.
fn is_bidi_error(e: &HostError, at: usize) -> bool {
    matches!(
        e,
        HostError::Label {
            offset,
            error: LabelError::Uts46(etld::uts46::Error::Bidi { .. }),
        } if *offset == at
    )
}

/// `xn--` then non-ASCII is no A-label (UTS 46 processing refuses it); it
/// never becomes `xn--xn---…`.
#[test]
fn xn_prefix_with_non_ascii_is_refused() {
    for output in [Output::Input, Output::Ascii, Output::Unicode] {
        let options = Options::new().output(output);
        for (host, offset) in [
            ("xn--é.com", 0),
            ("www.xn--ü.de", 4),
            ("www.XN--ü.de", 4),
            ("a.b.xn--bücher.com", 4),
        ] {
            let got = List::builtin().lookup_with(host, &options);
            assert!(
                matches!(
                    got,
                    Err(HostError::Label {
                        offset: o,
                        error: LabelError::Uts46(etld::uts46::Error::ALabelNotAscii { .. })
                    }) if o == offset
                ),
                "{host} {output:?}: {got:?}"
            );
        }
    }
    assert_eq!(
        message("www.xn--ü.de"),
        "the xn-- label at byte 4 holds non-ASCII code points (UTS 46 P4)"
    );
}

/// An A-label whose Unicode form is not canonical (a separator, upper case,
/// fullwidth) is refused, so every answer in Unicode form looks up to itself.
#[test]
fn non_canonical_a_labels_are_refused() {
    for (host, value) in [
        ("xn--ab-r13a.com", '。'),
        ("xn--bfa.com", 'İ'),
        ("www.xn--wca.de", 'Ü'),
        ("www.xn--mi7c.de", 'ａ'),
        ("a.xn--ab-yu3n.com", '．'),
    ] {
        let offset = host.find("xn--").unwrap();
        assert_eq!(
            error_of(host),
            HostError::Label {
                offset,
                error: LabelError::Uts46(etld::uts46::Error::ALabelNotValid {
                    offset,
                    code_point: value,
                }),
            },
            "{host}"
        );
    }
    // A list cannot hold such a rule either.
    assert!(List::from_dat(b"xn--bfa.com\n").is_err());
    assert!(List::from_dat(b"xn--ab-r13a\n").is_err());
}

/// Fullwidth ASCII is mapped as UTS 46 maps it, letters and dots alike.
#[test]
fn fullwidth_ascii_is_mapped() {
    let list = List::builtin();
    for host in [
        "ｅｘａｍｐｌｅ．ｃｏ．ｕｋ",
        "ＥＸＡＭＰＬＥ.CO.ｕｋ",
        "www．ｅｘａｍｐｌｅ。co｡uk",
    ] {
        for output in [Output::Input, Output::Ascii, Output::Unicode] {
            let d = list
                .lookup_with(host, &Options::new().output(output))
                .unwrap();
            assert_eq!(d.suffix(), Some("co.uk"), "{host}");
            assert_eq!(d.registrable(), Some("example.co.uk"), "{host}");
            assert!(d.is_known());
        }
    }
    // Mixed with Unicode: the fullwidth letters become ASCII.
    let d = list.lookup("ｂüｃｈｅｒ.de").unwrap();
    assert_eq!(d.registrable(), Some("bücher.de"));
    // A fullwidth forbidden code point is forbidden once mapped.
    assert_eq!(
        error_of("a／b.com"),
        HostError::Label {
            offset: 1,
            error: LabelError::ForbiddenCodePoint('/')
        }
    );
    assert_eq!(
        error_of("www.example.com：８０"),
        HostError::Label {
            offset: 15,
            error: LabelError::ForbiddenCodePoint(':')
        }
    );
}

/// Errors point at the offending byte and read as one sentence.
#[test]
fn error_messages_point_at_the_fault() {
    assert_eq!(
        message("www.example.co.uk:8080"),
        "forbidden code point ':' (U+003A) at byte 17"
    );
    assert_eq!(
        message("http://www.example.com/"),
        "forbidden code point ':' (U+003A) at byte 4"
    );
    assert_eq!(
        message("user@example.com"),
        "forbidden code point '@' (U+0040) at byte 4"
    );
    assert_eq!(message("a..b"), "empty label at byte 2");
    let long = format!("{}.com", "a".repeat(64));
    assert_eq!(
        message(&long),
        "the label at byte 0 is 64 octets long, the limit is 63"
    );
    let long = format!("www.{}.com", "ü".repeat(70));
    assert_eq!(
        message(&long),
        "the label at byte 4 is 76 octets long, the limit is 63"
    );
    // The name's true length, however long.
    for labels in [128, 200, 1000] {
        let host = format!("{}com", "a.".repeat(labels));
        assert_eq!(error_of(&host), HostError::TooLong(host.len()), "{labels}");
        let fqdn = format!("{host}.");
        assert_eq!(error_of(&fqdn), HostError::TooLong(host.len()));
        let unicode = format!("{}com", "ü.".repeat(labels));
        let ascii_len = labels * "xn--tda.".len() + 3;
        assert_eq!(error_of(&unicode), HostError::TooLong(ascii_len));
    }
    assert_eq!(
        message(&format!("{}com", "a.".repeat(200))),
        "the name is 403 octets long, the limit is 253"
    );
    // A label of a million characters is a label too long, not a Punycode
    // limit.
    for label in ["ü".repeat(1_000_000), "a".repeat(1_000_000)] {
        let host = format!("www.{label}.com");
        match error_of(&host) {
            HostError::Label {
                offset: 4,
                error: LabelError::TooLong(n),
            } => assert!(n > 63),
            HostError::TooLong(n) => assert!(n > 253),
            other => panic!("{other:?}"),
        }
    }
    let e = error_of(&"ü".repeat(1_000_000));
    assert_eq!(
        e,
        HostError::Label {
            offset: 0,
            error: LabelError::TooLong(2_000_000)
        }
    );
}

/// A Punycode error in a label that UTS 46 mapping changed points at the
/// input code point that maps to the offending digit, never inside a
/// character.
#[test]
fn punycode_errors_point_into_the_input() {
    for (host, at) in [
        ("xn--a!.com", 5),
        ("XN--A!.com", 5),
        ("xn--a\u{fb01}:b.com", 8),
        ("xn--a\u{ad}\u{ad}!.com", 9),
        ("\u{ff58}\u{ff4e}--a!.com", 9),
        ("www.xn--\u{ff21}\u{ff01}.com", 11),
    ] {
        match error_of(host) {
            HostError::Label {
                offset,
                error: LabelError::Uts46(e @ etld::uts46::Error::Punycode { .. }),
            } => {
                assert_eq!((offset, e.offset()), (at, at), "{host}");
                assert!(host.is_char_boundary(offset), "{host}");
            }
            other => panic!("{host}: {other:?}"),
        }
        let e = etld::uts46::to_ascii(host).unwrap_err();
        assert_eq!(e.offset(), at, "{host}");
    }
}

/// The A-label errors of the fast path (a lower-case ASCII host) and of the
/// slow path (a host with upper case or Unicode) say the same.
#[test]
fn both_paths_report_a_labels_alike() {
    let lower = error_of("www.xn--ab-_.com");
    let upper = error_of("WWW.XN--AB-_.COM");
    let unicode = error_of("ü.xn--ab-_.com");
    assert_eq!(lower, upper);
    // Both point at the byte that is not a Punycode digit.
    assert!(
        matches!(lower, HostError::Label { offset: 11, .. }),
        "{lower:?}"
    );
    assert!(
        matches!(unicode, HostError::Label { offset: 10, .. }),
        "{unicode:?}"
    );
    assert!(lower.to_string().ends_with("(UTS 46 P4)"), "{lower}");
}

/// A label too long does not hide a Bidi error in a label left of it: the
/// name with a right-to-left A-label is a Bidi domain name, whose label
/// `1a` breaks rule 1, which processing (docs/behaviour.md section 3 step 2) finds before the
/// length (step 4). Without the Bidi error, the length is the error.
/// A name whose last label is a number is an IP address (docs/behaviour.md section 3 step 3)
/// once UTS 46 processing (step 2) has accepted it: an invalid A-label or a
/// broken Bidi rule is reported first, as a browser's URL parser fails at
/// its domain-to-ASCII step before it reads an IPv4 address.
#[test]
fn a_processing_error_comes_before_an_ip_address() {
    let list = List::builtin();
    for output in [Output::Input, Output::Ascii, Output::Unicode] {
        let options = Options::new().output(output);
        for host in [
            "1.2.3.4",
            "ü.0",
            "１.２.３.４",
            "0x7f.0.0.1",
            "xn--bcher-kva.0x7f",
        ] {
            let got = list.lookup_with(host, &options);
            assert_eq!(got, Err(HostError::IpAddress), "{host} {output:?}");
        }
        for (host, offset) in [("xn--zz.0", 4), ("Ü.xn--zz.0", 7), ("xn--a.1", 0)] {
            let got = list.lookup_with(host, &options);
            assert!(
                matches!(got, Err(HostError::Label { offset: o, error: LabelError::Uts46(_) }) if o == offset),
                "{host} {output:?}: {got:?}"
            );
        }
        let got = list.lookup_with("1a.xn--mgbaam7a8h.0", &options);
        assert!(
            got.as_ref().is_err_and(|e| is_bidi_error(e, 0)),
            "{output:?}: {got:?}"
        );
    }
    // Not an IP address, so not matched as one.
    assert!(!list.is_cookie_domain_acceptable("xn--zz.0", "xn--zz.0"));
    assert!(list.is_cookie_domain_acceptable("1.2.3.4", "1.2.3.4"));
}

/// An empty label or a forbidden code point is reported after the errors
/// of UTS 46 processing, the Bidi rule's included, whichever label holds
/// them, and a name's error does not depend on whether UTS 46 changes it:
/// `ü..xn--zz` (taken as it stands) and `Ü..xn--zz` (mapped) give the same.
#[test]
fn an_empty_label_does_not_hide_a_processing_error() {
    let bidi = |at| move |e: &HostError| is_bidi_error(e, at);
    let punycode = |at| move |e: &HostError| matches!(e, HostError::Label { offset, error: LabelError::Uts46(etld::uts46::Error::Punycode { .. }) } if *offset == at);
    type Check = Box<dyn Fn(&HostError) -> bool>;
    let cases: [(&str, Check); 7] = [
        // Found by the lookup_fast fuzz target.
        (
            "xn--55qx5d.xn--55qx5dcnxn--55qx5d255city........0",
            Box::new(bidi(11)),
        ),
        ("1a.xn--mgbaam7a8h..b", Box::new(bidi(0))),
        ("1a..xn--mgbaam7a8h", Box::new(bidi(0))),
        ("1a.xn--mgbaam7a8h.b c", Box::new(bidi(0))),
        ("a..xn--zz", Box::new(punycode(7))),
        ("ü..xn--zz", Box::new(punycode(8))),
        ("Ü..xn--zz", Box::new(punycode(8))),
    ];
    for output in [Output::Input, Output::Ascii, Output::Unicode] {
        let options = Options::new().output(output);
        for (host, check) in &cases {
            match List::builtin().lookup_with(host, &options) {
                Err(e) => assert!(check(&e), "{host:?} {output:?}: {e:?}"),
                Ok(d) => panic!("{host:?} {output:?}: {d:?}"),
            }
        }
    }
}

#[test]
fn a_label_too_long_does_not_hide_a_bidi_error() {
    let long = "ü".repeat(60);
    for output in [Output::Input, Output::Ascii, Output::Unicode] {
        let options = Options::new().output(output);
        let bidi = format!("1a.xn--mgbaam7a8h.{long}");
        let got = List::builtin().lookup_with(&bidi, &options);
        assert!(
            got.as_ref().is_err_and(|e| is_bidi_error(e, 0)),
            "{output:?}: {got:?}"
        );
        let plain = format!("a.xn--mgbaam7a8h.{long}");
        let got = List::builtin().lookup_with(&plain, &options);
        assert!(
            matches!(
                got,
                Err(HostError::Label {
                    offset: 17,
                    error: LabelError::TooLong(_)
                })
            ),
            "{output:?}: {got:?}"
        );
    }
}
