//! UTS 46 processing (`etld::uts46`) against Unicode's conformance file
//! `vectors/IdnaTestV2-16.0.0.txt`, and the hosts a browser and etld once
//! disagreed on.
//!
//! The tables are of Unicode 18.0.0, the newest conformance file at hand is
//! of 16.0.0: a case is skipped when it holds a code point whose data differ
//! between the two versions (`vectors/uts46_changed_16.0.0_18.0.0.txt`,
//! written by `scripts/uts46_changed.py`). Every other case is run, ToASCII
//! (nontransitional) and ToUnicode, with the status codes of the flags that
//! the WHATWG URL standard turns off ignored (the file's header: CheckHyphens
//! V2 V3, UseSTD3ASCIIRules U1, VerifyDnsLength A4_1 A4_2, and X4_2, the
//! empty-label code that replaced A4_2 in ToUnicode).

#[path = "uts46_names/mod.rs"]
mod uts46_names;

use etld::uts46;

const IGNORED: [&str; 6] = ["V2", "V3", "U1", "A4_1", "A4_2", "X4_2"];

fn changed_ranges() -> Vec<(u32, u32)> {
    include_str!("../vectors/uts46_changed_16.0.0_18.0.0.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (a, b) = l.split_once("..").expect("a range");
            (
                u32::from_str_radix(a, 16).expect("hex"),
                u32::from_str_radix(b, 16).expect("hex"),
            )
        })
        .collect()
}

/// Undoes the file's `\uXXXX` and `\x{XXXX}` escapes; `None` for a
/// surrogate (an ill-formed string, which a Rust `str` cannot hold).
fn unescape(s: &str) -> Option<String> {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let (hex, len) = if let Some(t) = tail.strip_prefix("\\u") {
            (&t[..4], 6)
        } else if let Some(t) = tail.strip_prefix("\\x{") {
            let end = t.find('}').expect("closing brace");
            (&t[..end], 4 + end)
        } else {
            out.push('\\');
            rest = &tail[1..];
            continue;
        };
        out.push(char::from_u32(u32::from_str_radix(hex, 16).expect("hex"))?);
        rest = &tail[len..];
    }
    out.push_str(rest);
    Some(out)
}

fn statuses(s: &str) -> Vec<String> {
    s.trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .map(|x| x.trim().to_string())
        .filter(|x| !x.is_empty() && !IGNORED.contains(&x.as_str()))
        .collect()
}

struct Case {
    line: usize,
    source: String,
    unicode: String,
    unicode_errors: Vec<String>,
    ascii: String,
    ascii_errors: Vec<String>,
}

fn cases() -> (Vec<Case>, usize) {
    let changed = changed_ranges();
    let is_changed = |s: &str| {
        s.chars()
            .any(|c| changed.iter().any(|&(a, b)| (a..=b).contains(&(c as u32))))
    };
    let mut out = Vec::new();
    let mut skipped = 0;
    for (n, line) in include_str!("../vectors/IdnaTestV2-16.0.0.txt")
        .lines()
        .enumerate()
    {
        let line = line.split('#').next().unwrap_or("");
        if line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split(';').map(str::trim).collect();
        assert!(cols.len() >= 6, "line {}: {cols:?}", n + 1);
        let field = |s: &str, default: &str| -> Option<String> {
            match s {
                "" => Some(default.to_string()),
                "\"\"" => Some(String::new()),
                s => unescape(s),
            }
        };
        let Some(source) = field(cols[0], "") else {
            skipped += 1;
            continue;
        };
        let Some(unicode) = field(cols[1], &source) else {
            skipped += 1;
            continue;
        };
        let unicode_status = cols[2];
        let Some(ascii) = field(cols[3], &unicode) else {
            skipped += 1;
            continue;
        };
        let ascii_status = if cols[4].is_empty() {
            unicode_status
        } else {
            cols[4]
        };
        if is_changed(&source) || is_changed(&unicode) {
            skipped += 1;
            continue;
        }
        out.push(Case {
            line: n + 1,
            source,
            unicode,
            unicode_errors: statuses(unicode_status),
            ascii,
            ascii_errors: statuses(ascii_status),
        });
    }
    (out, skipped)
}

#[test]
fn idna_test_v2() {
    let (cases, skipped) = cases();
    assert!(cases.len() > 5500, "{} cases", cases.len());
    let mut failures = Vec::new();
    for c in &cases {
        let got = uts46::to_unicode(&c.source);
        let ok = match (&got, c.unicode_errors.is_empty()) {
            (Ok(s), true) => *s == c.unicode,
            (Err(_), false) => true,
            _ => false,
        };
        if !ok {
            failures.push(format!(
                "line {} to_unicode({:?}): got {:?}, want {:?} {:?}",
                c.line, c.source, got, c.unicode, c.unicode_errors
            ));
        }
        let got = uts46::to_ascii(&c.source);
        let ok = match (&got, c.ascii_errors.is_empty()) {
            (Ok(s), true) => *s == c.ascii,
            (Err(_), false) => true,
            _ => false,
        };
        if !ok {
            failures.push(format!(
                "line {} to_ascii({:?}): got {:?}, want {:?} {:?}",
                c.line, c.source, got, c.ascii, c.ascii_errors
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail ({skipped} skipped):\n{}",
        failures.len(),
        cases.len(),
        failures[..failures.len().min(60)].join("\n")
    );
}

#[test]
fn hosts_a_browser_canonicalises() {
    let cases = [
        ("goo\u{AD}gle.com", "google.com", "google.com"),
        (
            "GOO\u{200B}\u{2060}\u{FEFF}goo.com",
            "googoo.com",
            "googoo.com",
        ),
        ("ﬁ.com", "fi.com", "fi.com"),
        ("a.b.ｶ.jp", "a.b.カ.jp", "a.b.xn--lck.jp"),
        ("Ⅷ.com", "viii.com", "viii.com"),
        ("Faß.de", "faß.de", "xn--fa-hia.de"),
        ("XN--FA-HIA.de", "faß.de", "xn--fa-hia.de"),
        (
            "www.食狮.公司.cn",
            "www.食狮.公司.cn",
            "www.xn--85x722f.xn--55qx5d.cn",
        ),
        ("ＥＸＡＭＰＬＥ。ｃｏｍ", "example.com", "example.com"),
        ("a\u{301}.com", "á.com", "xn--1ca.com"),
        ("Example.COM", "example.com", "example.com"),
    ];
    for (input, unicode, ascii) in cases {
        assert_eq!(
            uts46::to_unicode(input).as_deref(),
            Ok(unicode),
            "{input:?}"
        );
        assert_eq!(uts46::to_ascii(input).as_deref(), Ok(ascii), "{input:?}");
    }
}

#[test]
fn hosts_a_browser_refuses() {
    // (input, status code, byte offset)
    let cases = [
        ("ex\u{200D}ample.com", "C2", 2),
        ("ex\u{200C}ample.com", "C1", 2),
        ("xn--31m-dda.com", "V6", 0),  // U+009B, a terminal control
        ("xn--abc-4q0a.com", "V6", 0), // U+202E, RIGHT-TO-LEFT OVERRIDE
        ("a.\u{9B}.com", "P1", 2),
        ("www.xn--ls8h=.com", "P4", 12), // `=` is no Punycode digit
        ("xn--abc-.com", "P4", 0),       // decodes to ASCII only
        ("a.\u{301}b.com", "V5", 2),
        ("1.\u{5D0}", "B1", 0),
    ];
    for (input, code, offset) in cases {
        let e = uts46::to_ascii(input).expect_err(input);
        assert_eq!((e.code(), e.offset()), (code, offset), "{input:?}: {e}");
        assert!(uts46::to_unicode(input).is_err(), "{input:?}");
    }
    // An A-label of a label that itself starts with `xn--`.
    let nested = format!("a.xn--{}.com", etld_punycode::encode("xn--ä").unwrap());
    let e = uts46::to_ascii(&nested).unwrap_err();
    assert_eq!((e.code(), e.offset()), ("V4", 2), "{nested}");
}

#[test]
fn the_ascii_fast_path_borrows() {
    use std::borrow::Cow;
    assert!(matches!(
        uts46::to_ascii("example.com"),
        Ok(Cow::Borrowed("example.com"))
    ));
    assert!(matches!(
        uts46::to_unicode("a-b_c.example"),
        Ok(Cow::Borrowed(_))
    ));
}

#[test]
fn tables_fit_the_budget() {
    // Counted by the generator: the bytes of every static table.
    let budget = 64 * 1024;
    assert!(uts46::TABLE_BYTES <= budget, "{}", uts46::TABLE_BYTES);
    assert_eq!(uts46::UNICODE_VERSION, "18.0.0");
}

/// Lookups canonicalise hosts by UTS 46: the hosts on which etld and a
/// browser's URL parser once disagreed.
#[test]
fn lookups_take_hosts_as_a_browser_does() {
    use etld::{List, Options, Output};
    let list = List::builtin();
    let ascii = Options::new().output(Output::Ascii);
    for (host, registrable, registrable_ascii) in [
        ("goo\u{AD}gle.com", "google.com", "google.com"),
        (
            "www.GOO\u{200B}\u{2060}\u{FEFF}goo.com",
            "googoo.com",
            "googoo.com",
        ),
        ("ﬁ.com", "fi.com", "fi.com"),
        ("a.b.ｶ.jp", "ｶ.jp", "xn--lck.jp"),
        ("Ⅷ.com", "viii.com", "viii.com"),
        ("www.Faß.de", "faß.de", "xn--fa-hia.de"),
        ("www.xn--fa-hia.de", "xn--fa-hia.de", "xn--fa-hia.de"),
    ] {
        let d = list
            .lookup(host)
            .unwrap_or_else(|e| panic!("{host:?}: {e}"));
        let d_ascii = list.lookup_with(host, &ascii).unwrap();
        assert_eq!(d_ascii.registrable(), Some(registrable_ascii), "{host:?}");
        // `ｶ` is its own registrable label: processed, it is `カ`.
        let want = registrable.replace('ｶ', "カ");
        assert_eq!(d.registrable(), Some(want.as_str()), "{host:?}");
    }
    for host in [
        "ex\u{200D}ample.com",
        "xn--31m-dda.com",
        "xn--abc-4q0a.com",
        "www.xn--abc-4q0a.com",
        "WWW.XN--31M-DDA.COM",
        "ü.xn--31m-dda.com",
        "1.xn--4db.com",
    ] {
        assert!(
            list.lookup(host).is_err(),
            "{host:?}: {:?}",
            list.lookup(host)
        );
    }
    let d = list
        .lookup_url("http://GOO\u{200B}\u{2060}\u{FEFF}goo.com/")
        .unwrap();
    assert_eq!(d.registrable(), Some("googoo.com"));
    assert!(
        list.lookup_url("http://goo%C2%ADgle.com/")
            .unwrap()
            .registrable()
            == Some("google.com")
    );
    // The cookie check canonicalises both names alike.
    assert!(list.is_cookie_domain_acceptable("www.goo\u{AD}gle.com", "google.com"));
}

/// A lower-case ASCII name with a right-to-left A-label (a Bidi domain
/// name) is held to the Bidi rule on the way its lookup takes, with the
/// answers and errors of the same name in upper case, which is processed
/// whole: in every output form, through one lookup and the batch, and
/// whether the list answers from its map or from its unfolded tree. A
/// name in mixed case is held to the rule too.
#[test]
fn bidi_names_are_answered_as_when_processed_whole() {
    use etld::List;
    let from_map = List::builtin().clone();
    let unfolded = List::builtin().clone();
    unfolded.unfold();
    for list in [&from_map, &unfolded] {
        bidi_names_on(list);
        for name in ["1a.XN--MGBAAM7A8H", "1A.xn--mgbaam7a8h", "xn--MGBH0FB.1com"] {
            assert!(list.lookup(name).is_err(), "{name}");
        }
    }
}

fn bidi_names_on(list: &etld::List) {
    use etld::{Options, Output};
    let names = [
        "xn--mgbh0fb.com", // مثال.com
        "www.xn--mgbh0fb.com",
        "xn--mgbh0fb.xn--kgbechtv", // مثال.إختبار
        "a.xn--mgbaam7a8h",         // a.امارات: the list's own label
        "1a.xn--mgbaam7a8h",        // B1: a label starts with a digit
        "xn--mgbh0fb.1com",
        "xn--4db.xn--mgbh0fb.com", // א.مثال.com
        "xn--mgbh0fb-.com",
        "xn--mgbh0fb.com.",
    ];
    for output in [Output::Input, Output::Ascii, Output::Unicode] {
        let options = Options::new().output(output);
        for name in names {
            let upper = name.to_ascii_uppercase();
            let got = list.lookup_with(name, &options).map(|d| d.into_owned());
            let whole = list.lookup_with(&upper, &options).map(|d| d.into_owned());
            assert_eq!(
                got.as_ref().map(|d| (d.suffix(), d.registrable())),
                whole.as_ref().map(|d| (d.suffix(), d.registrable())),
                "{name} {output:?}"
            );
            assert_eq!(
                got.as_ref().err().map(ToString::to_string),
                whole.as_ref().err().map(ToString::to_string),
                "{name} {output:?}"
            );
            let mut batch = Vec::new();
            list.lookup_each_with([name], &options, |_, a| {
                batch.push(a.registrable().map(str::to_owned))
            });
            assert_eq!(
                batch,
                [got.as_ref()
                    .ok()
                    .and_then(|d| d.registrable().map(str::to_owned))],
                "{name} {output:?}"
            );
        }
    }
    assert!(list.lookup("xn--mgbh0fb.1com").is_err());
    assert_eq!(
        list.lookup("www.xn--mgbh0fb.com").unwrap().registrable(),
        Some("xn--mgbh0fb.com")
    );
}

/// A Unicode host answered in its own form is its UTS 46 processing: the
/// same answer as in ASCII form, its name the host's ToUnicode (for a host
/// without `xn--` labels), through one lookup and the batch, from the map
/// and from the unfolded tree. The names are drawn from pieces that take
/// every way a lookup has: upper case that UTS 46 only maps, full-width
/// forms, ideographic full stops, ignored code points, combining marks in
/// canonical order and out of it, a virama (the list's `भारतम्`),
/// right-to-left labels (the list's `امارات`, in both forms) that keep the
/// Bidi rule or break it, and joiners.
#[test]
fn unicode_hosts_in_their_own_form_are_their_processing() {
    use etld::{List, Options, Output};
    const PIECES: [&str; 45] = [
        "MÜLLER",
        "müller",
        "Straße",
        "STRASSE",
        "\u{1E9E}",
        "İ",
        "ǅ",
        "Σ",
        "ς",
        "Ω",
        "सत्यमेव",
        "भारतम्",
        "भारत",
        "\u{94D}",
        "a\u{301}\u{316}",
        "a\u{316}\u{301}",
        "e\u{316}",
        "\u{301}x",
        "ｅｘ",
        "ＣＯＭ",
        "。",
        "．",
        "\u{AD}",
        "\u{200D}",
        "مثال",
        "א",
        "xn--h2breg3eve",
        "XN--H2BRJ9C",
        "com",
        "co",
        "uk",
        "jp",
        "de",
        ".",
        ".",
        "-",
        "1",
        "a",
        "Ab",
        "食狮",
        "امارات",
        "xn--mgbaam7a8h",
        "ا1",
        "\u{5D0}\u{5B0}",
        "١",
    ];
    let from_map = List::builtin().clone();
    let unfolded = List::builtin().clone();
    unfolded.unfold();
    let own = Options::new().output(Output::Input);
    let ascii = Options::new().output(Output::Ascii);
    let mut next = uts46_names::xorshift(0x2545_F491_4F6C_DD1D);
    let mut answered = 0;
    for _ in 0..20_000 {
        let n = 1 + next() % 6;
        let host: String = (0..n)
            .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
            .collect();
        for list in [&from_map, &unfolded] {
            let got = list.lookup_with(&host, &own);
            let want = list.lookup_with(&host, &ascii);
            match (&got, &want) {
                (Ok(got), Ok(want)) => {
                    answered += 1;
                    let to_ascii = |s: &str| uts46::to_ascii(s).unwrap().into_owned();
                    assert_eq!(to_ascii(got.as_str()), want.as_str(), "{host:?}");
                    assert_eq!(
                        got.registrable().map(to_ascii).as_deref(),
                        want.registrable(),
                        "{host:?}"
                    );
                    assert_eq!(
                        got.suffix().map(to_ascii).as_deref(),
                        want.suffix(),
                        "{host:?}"
                    );
                    assert_eq!(
                        (got.section(), got.is_known()),
                        (want.section(), want.is_known()),
                        "{host:?}"
                    );
                    if !host.to_ascii_lowercase().contains("xn--") {
                        let processed = uts46::to_unicode(&host).unwrap();
                        assert_eq!(got.as_str(), processed, "{host:?}");
                    }
                }
                (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{host:?}"),
                _ => panic!("{host:?}: {got:?} in its own form, {want:?} in ASCII"),
            }
            let mut batch = Vec::new();
            list.lookup_each_with([host.as_str()], &own, |_, a| {
                batch.push(a.to_domain().map(|d| d.into_owned()))
            });
            assert_eq!(batch, [got.map(|d| d.into_owned())], "{host:?}");
        }
    }
    // Most names are valid hosts: the test is not only of errors.
    assert!(answered > 10_000, "{answered}");
}

/// Right-to-left Unicode names are answered when the Bidi rule holds for
/// every label, the list's own right-to-left label included, and one that
/// breaks it is refused in its own form as in ASCII form.
#[test]
fn unicode_bidi_names_hold_the_bidi_rule() {
    use etld::{List, Options, Output};
    let from_map = List::builtin().clone();
    let unfolded = List::builtin().clone();
    unfolded.unfold();
    let ascii = Options::new().output(Output::Ascii);
    for list in [&from_map, &unfolded] {
        for (host, registrable, suffix) in [
            ("www.example.امارات", "example.امارات", "امارات"),
            ("www.مثال.امارات", "مثال.امارات", "امارات"),
            ("www.مثال.com", "مثال.com", "com"),
            ("www.EXAMPLE.امارات", "example.امارات", "امارات"),
        ] {
            let d = list
                .lookup(host)
                .unwrap_or_else(|e| panic!("{host:?}: {e}"));
            assert_eq!(
                (d.registrable(), d.suffix()),
                (Some(registrable), Some(suffix)),
                "{host:?}"
            );
        }
        // A label that starts with a digit breaks rule 1 in a Bidi domain
        // name: listed right-to-left label or not, in either form.
        for host in ["1a.امارات", "www.1a.امارات", "1a.مثال.com", "مثال.1com"] {
            let own = list.lookup(host).map(|d| d.into_owned());
            let whole = list.lookup_with(host, &ascii).map(|d| d.into_owned());
            assert!(own.is_err(), "{host:?}: {own:?}");
            assert_eq!(
                own.map_err(|e| e.to_string()).err(),
                whole.map_err(|e| e.to_string()).err(),
                "{host:?}"
            );
        }
    }
}
