//! Arbitrary bytes -> decode. Decoding must never panic; when it succeeds,
//! encoding the result gives the input back ignoring ASCII case, and every
//! decoding entry point agrees.
#![no_main]

use etld_punycode::{
    check_a_label, decode, decode_into, is_canonical_code_point, Codec, Error, Limits,
};
use libfuzzer_sys::fuzz_target;

/// Re-encodes without the 1000-code-point encode cap (decoded text is
/// bounded by the 2000-byte decode cap).
const UNCAPPED: Codec = Codec::PUNYCODE.with_limits(Limits::NONE);

fuzz_target!(|data: &[u8]| {
    let mut out = vec!['\0'; data.len()];
    let result = decode_into(data, &mut out);

    // The flags form agrees, and reports one flag per code point.
    let mut out2 = vec!['\0'; data.len()];
    let mut flags = vec![false; data.len()];
    assert_eq!(
        Codec::PUNYCODE.decode_into_with_flags(data, &mut out2, &mut flags),
        result
    );

    // The String form agrees on UTF-8 input.
    if let Ok(s) = core::str::from_utf8(data) {
        let via_string = decode(s);
        match (&result, &via_string) {
            (Ok(n), Ok(t)) => assert!(t.chars().eq(out[..*n].iter().copied())),
            (Err(a), Err(b)) => assert_eq!(a, b),
            _ => panic!("decode_into {result:?} vs decode {via_string:?}"),
        }
    }

    match result {
        Ok(n) => {
            assert_eq!(out[..n], out2[..n]);
            // decode(x) == Ok(s) implies encode(s) == x ignoring ASCII case.
            let mut enc = vec![0u8; data.len()];
            let m = UNCAPPED
                .encode_chars_into(out[..n].iter().copied(), &mut enc)
                .expect("re-encoding a decoded string");
            assert!(
                enc[..m].eq_ignore_ascii_case(data),
                "{:?} decoded to {:?} re-encodes to {:?}",
                String::from_utf8_lossy(data),
                out[..n].iter().collect::<String>(),
                String::from_utf8_lossy(&enc[..m])
            );
            // Too small a buffer reports exactly the size needed (scratch
            // copy: the call writes into the buffer it is given).
            if n > 0 {
                let mut short = vec!['\0'; n - 1];
                assert_eq!(
                    decode_into(data, &mut short),
                    Err(Error::BufferTooSmall { needed: n })
                );
            }
            // As an A-label payload: valid exactly when it holds non-ASCII,
            // every inserted (non-ASCII) code point is canonical, and the
            // decoded label does not start with `xn--`.
            if data.len() <= 59 && !data.is_empty() {
                let mut label = b"xn--".to_vec();
                label.extend_from_slice(data);
                let decoded = &out[..n];
                let nested = decoded.len() >= 4
                    && decoded[..4]
                        .iter()
                        .collect::<String>()
                        .eq_ignore_ascii_case("xn--");
                let got = check_a_label(&label);
                if decoded.iter().all(char::is_ascii) {
                    assert_eq!(got, Err(Error::AsciiPayload));
                } else if decoded
                    .iter()
                    .any(|&c| !c.is_ascii() && !is_canonical_code_point(c))
                {
                    assert!(
                        matches!(got, Err(Error::NonCanonicalCodePoint { .. })),
                        "{got:?}"
                    );
                } else if nested {
                    assert_eq!(got, Err(Error::NestedPrefix));
                } else {
                    assert_eq!(got, Ok(()));
                }
            }
        }
        Err(e) => {
            assert!(!matches!(e, Error::BufferTooSmall { .. }));
            if data.len() <= 59 && !data.is_empty() {
                let mut label = b"xn--".to_vec();
                label.extend_from_slice(data);
                assert!(check_a_label(&label).is_err());
            }
        }
    }
});
