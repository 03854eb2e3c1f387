//! Inputs found by the fuzz targets in `fuzz/`, kept as regression tests.
//! Each names its target, what was found, and checks the corrected property.

use etld_punycode::{check_a_label, decode_into, Codec, Error};

/// punycode_decode, crash-08e804ba24713d2e02c7c020f8cc17515c2e5eef
/// (`\x01\0\0\0-A`). The crate was right; the harness reused its output
/// buffer for the "buffer too small" call before inspecting the decoded
/// text. Control characters in the basic part are basic code points (the
/// library, not the codec, refuses them in host names), and the upper-case
/// `A` is the digit 0: U+0080 is inserted at position 0.
#[test]
fn control_bytes_before_the_delimiter() {
    let input = b"\x01\x00\x00\x00-A";
    let mut out = ['\0'; 8];
    let n = decode_into(input, &mut out).unwrap();
    assert_eq!(&out[..n], &['\u{80}', '\u{1}', '\0', '\0', '\0']);
    let mut enc = [0u8; 8];
    let m = Codec::PUNYCODE
        .encode_chars_into(out[..n].iter().copied(), &mut enc)
        .unwrap();
    assert!(enc[..m].eq_ignore_ascii_case(input));
    // One char short: the size needed, and a fresh buffer is unaffected.
    let mut short = ['\0'; 4];
    assert_eq!(
        decode_into(input, &mut short),
        Err(Error::BufferTooSmall { needed: 5 })
    );
    assert_eq!(check_a_label(b"xn--\x01\x00\x00\x00-A"), Ok(()));
}

/// unicode_answers, crash-cad5f1ad17cc073a41d341deffa9ac103de4daba: the
/// A-label `xn--xn--…xn--1axn--wca` decoded to `xn--…xn\u{81}--xn--xn--1axn-`,
/// a Unicode label that starts with `xn--` and so has no canonical ASCII
/// form: its Unicode form did not look up to itself. Such an A-label is
/// refused; one with a code point inserted among the first four is not.
#[test]
fn a_label_decoding_to_the_ace_prefix() {
    use etld_punycode::{encode, to_ascii_label, to_unicode_label};
    let nested = "xn--xn--xn--xn--xn--xn--xn--xn--xn--xn--xn--xn--xn--1axn--wca";
    assert_eq!(check_a_label(nested.as_bytes()), Err(Error::NestedPrefix));
    assert_eq!(to_unicode_label(nested), Err(Error::NestedPrefix));
    assert_eq!(to_ascii_label(nested), Err(Error::NestedPrefix));
    for unicode in ["xn--ü", "XN--ü", "xn--üü-"] {
        let label = format!("xn--{}", encode(unicode).unwrap());
        assert_eq!(
            check_a_label(label.as_bytes()),
            Err(Error::NestedPrefix),
            "{label}"
        );
    }
    // `ü` among the first four: `xüxn--`, `xnü--`, `xn-ü-`, and after them.
    for unicode in [
        "üxn--",
        "xüxn--",
        "xnü--",
        "xn-ü-",
        "xn--ü".replace("xn--", "xn-ü-").as_str(),
    ] {
        let label = format!("xn--{}", encode(unicode).unwrap());
        assert_eq!(check_a_label(label.as_bytes()), Ok(()), "{label}");
        assert_eq!(to_unicode_label(&label).as_deref(), Ok(unicode), "{label}");
    }
}

/// punycode_decode, crash-71fcf353070873a06fc9c5d8f7fd01f951d344a9 (`CJJ`):
/// the harness still expected every payload with non-ASCII to be a valid
/// A-label. `CJJ` decodes to U+2CCE, an upper-case Coptic letter, which a
/// canonical label cannot hold: the crate was right to refuse it.
#[test]
fn payload_decoding_to_upper_case_is_not_an_a_label() {
    assert_eq!(etld_punycode::decode("CJJ").unwrap(), "\u{2CCE}");
    assert_eq!(
        check_a_label(b"xn--CJJ"),
        Err(Error::NonCanonicalCodePoint {
            position: 4,
            value: 0x2CCE
        })
    );
}
