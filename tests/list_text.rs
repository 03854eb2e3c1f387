//! List text (`.dat`) as downloads and editors leave it: a byte order mark,
//! an empty or truncated file, rules that could never match, a file still
//! compressed or in UTF-16.

use etld::{Error, FormatError, Layers, List, RuleError, RuleSet, Wrapping};

#[test]
fn a_byte_order_mark_is_ignored() {
    let list = List::from_dat(b"\xEF\xBB\xBFcom\nco.uk\n").unwrap();
    assert_eq!(list.lookup("example.com").unwrap().suffix(), Some("com"));
    assert!(list.lookup("example.com").unwrap().is_known());
    let set = RuleSet::parse(b"\xEF\xBB\xBF// VERSION: 7\ncom\n").unwrap();
    assert_eq!(set.version(), Some("7"));
    assert_eq!(set.rules()[0].name(), "com");
    // Elsewhere it is a character of a rule, which UTS 46 ignores (as in
    // a host: ZERO WIDTH NO-BREAK SPACE is removed by the mapping).
    assert_eq!(
        RuleSet::parse(b"com\n\xEF\xBB\xBFnet\n").unwrap().rules()[1].name(),
        "net"
    );
}

#[test]
fn a_list_with_no_rule_is_an_error() {
    // Nothing, blank lines, a byte order mark alone, comments alone, white space.
    let comments = "// ===BEGIN ICANN DOMAINS===\n// just comments\n";
    for text in ["", "\n\n", "\u{FEFF}", comments, "   \r\n\t\n"] {
        assert!(
            matches!(List::from_dat(text.as_bytes()), Err(Error::NoRules)),
            "{text:?}"
        );
    }
    assert_eq!(
        Error::NoRules.to_string(),
        "the list holds no rule (an empty or truncated file?)"
    );
}

#[test]
fn a_rule_longer_than_any_name_is_an_error() {
    let label = "a".repeat(63);
    // 4 labels of 63 and a dot each: 255 octets; 3 and `com`: 195.
    let long = [label.as_str(); 4].join(".");
    let text = format!("com\n{long}\n");
    assert_eq!(
        List::from_dat(text.as_bytes()).unwrap_err().to_string(),
        "line 2, byte 0: the rule is 255 octets long, the limit is 253"
    );
    assert!(matches!(
        RuleSet::parse(text.as_bytes()),
        Err(Error::Rule {
            line: 2,
            offset: 0,
            error: RuleError::TooLong(255)
        })
    ));
    // 253 octets is fine, and matches.
    let fits = format!("{}.{}", [label.as_str(); 3].join("."), "a".repeat(61));
    assert_eq!(fits.len(), 253);
    let list = List::from_dat(format!("{fits}\n").as_bytes()).unwrap();
    assert!(list.lookup(&fits).unwrap().is_known());
    // A Unicode rule counts in its ASCII form: 4 labels of 57 bytes in
    // UTF-8 (231 in all) and 63 in ASCII (255).
    let ascii63 = format!("{}ü", "a".repeat(55));
    let unicode = [ascii63.as_str(); 4].join(".");
    assert_eq!(unicode.len(), 231);
    assert!(matches!(
        List::from_dat(format!("{unicode}\n").as_bytes()),
        Err(Error::Rule {
            line: 1,
            offset: 0,
            error: RuleError::TooLong(255)
        })
    ));
}

/// Lines end in LF, CR LF or a CR alone: a file saved with old Mac line
/// ends keeps every rule, and line numbers count as an editor shows them.
#[test]
fn every_line_end_is_a_line_end() {
    for text in [
        "// VERSION: 7\ncom\nco.uk\n",
        "// VERSION: 7\r\ncom\r\nco.uk\r\n",
        "// VERSION: 7\rcom\rco.uk\r",
        "// VERSION: 7\r\ncom\rco.uk\n",
    ] {
        let set = RuleSet::parse(text.as_bytes()).unwrap();
        let names: Vec<&str> = set.rules().iter().map(|r| r.name()).collect();
        assert_eq!(names, ["com", "co.uk"], "{text:?}");
        assert_eq!(set.version(), Some("7"), "{text:?}");
        assert_eq!(
            etld::source::peek_version(text.as_bytes()).as_deref(),
            Some("7")
        );
    }
    for text in ["com\r*x.uk\r", "com\r\n*x.uk\r\n", "com\n\r*x.uk\n"] {
        let line = if text.contains("\n\r") { 3 } else { 2 };
        assert!(
            matches!(
                RuleSet::parse(text.as_bytes()),
                Err(Error::Rule { line: l, offset: 0, error: RuleError::PartialWildcard }) if l == line
            ),
            "{text:?}"
        );
    }
}

/// A byte offset in a rule's error counts from the start of its line.
#[test]
fn rule_errors_count_bytes_from_the_line() {
    for (text, message) in [
        (
            "com\n\tx.xn--zz.com\n",
            "line 2, byte 7: invalid Punycode in an xn-- label (UTS 46 P4)",
        ),
        (
            "com\n  !a.b\u{200D}c.d\n",
            "line 2, byte 6: ZERO WIDTH JOINER is out of the context RFC 5892 allows (UTS 46 C2)",
        ),
    ] {
        assert_eq!(
            List::from_dat(text.as_bytes()).unwrap_err().to_string(),
            message,
            "{text:?}"
        );
    }
}

#[test]
fn a_compressed_or_utf16_file_is_said_to_be_one() {
    let text = b"com\nco.uk\n";
    let utf16: Vec<u8> = "\u{FEFF}com\nco.uk\n"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let bzip2 = b"BZh91AY&SY\x01\x02";
    // Without a byte order mark, in either order.
    let utf16le: Vec<u8> = "com\n".encode_utf16().flat_map(u16::to_le_bytes).collect();
    let utf16be: Vec<u8> = "com\nco.uk\n"
        .encode_utf16()
        .flat_map(u16::to_be_bytes)
        .collect();
    for (bytes, what) in [
        (&b"\x1F\x8B\x08\x00\x00\x00\x00\x00"[..], Wrapping::Gzip),
        (b"\xFD7zXZ\x00\x00\x04", Wrapping::Xz),
        (b"\x28\xB5\x2F\xFD\x24", Wrapping::Zstd),
        (bzip2, Wrapping::Bzip2),
        (b"PK\x03\x04\x14\x00", Wrapping::Zip),
        (&utf16, Wrapping::Utf16),
        (&utf16le, Wrapping::Utf16),
        (&utf16be, Wrapping::Utf16),
    ] {
        let wrapped = |e: Error| matches!(e, Error::Format(FormatError::Wrapped(w)) if w == what);
        assert!(
            wrapped(List::from_bytes(bytes.to_vec()).unwrap_err()),
            "{what}"
        );
        assert!(wrapped(List::from_dat(bytes).unwrap_err()), "{what}");
        let base = List::from_dat(text).unwrap();
        let mut layers = Layers::new(&base);
        assert!(wrapped(layers.add("x.dat", bytes).err().unwrap()), "{what}");
    }
    assert_eq!(
        List::from_bytes(b"\x1F\x8B\x08".to_vec())
            .unwrap_err()
            .to_string(),
        "gzip-compressed, not list text or an etld .fst file: decompress it first"
    );
    assert_eq!(
        List::from_bytes(utf16).unwrap_err().to_string(),
        "UTF-16 text, not list text or an etld .fst file: convert it to UTF-8 first"
    );
    // Text that starts as bzip2's magic does, but is no bzip2 stream: rules.
    let list = List::from_dat(b"BZh9.example\n").unwrap();
    assert_eq!(
        list.lookup("a.bzh9.example").unwrap().suffix(),
        Some("bzh9.example")
    );
    let whole_magic = b"BZh91AY&SY.example\nexample\n";
    assert_eq!(
        List::from_dat(whole_magic).unwrap().rule_counts(),
        List::from_dat(b"example\nBZh91AY&SY.example\n")
            .unwrap()
            .rule_counts()
    );
}
