//! Arbitrary text -> encode -> decode must give the text back; the buffer,
//! iterator, fmt and String forms agree; the A-label helpers round-trip.
#![no_main]

use etld_punycode::{
    check_a_label, decode, decode_into, encode, encode_into, has_ace_prefix, to_ascii_label,
    to_ascii_label_into, to_unicode_label, Codec, Error,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|s: &str| {
    let count = s.chars().count();
    let mut buf = vec![0u8; 8 * s.len() + 8];
    let result = encode_into(s, &mut buf);
    if count > 1000 {
        assert_eq!(
            result,
            Err(Error::InputTooLong {
                len: count,
                max: 1000
            })
        );
        return;
    }
    let n = result.expect("encoding within the caps");
    let puny = &buf[..n];

    // Every encoding entry point agrees.
    let alloc = encode(s).expect("encode");
    assert_eq!(alloc.as_bytes(), puny);
    let mut fmt = String::new();
    Codec::PUNYCODE.encode_fmt(s, &mut fmt).expect("encode_fmt");
    assert_eq!(fmt, alloc);
    let mut buf2 = vec![0u8; n];
    assert_eq!(
        Codec::PUNYCODE.encode_chars_into(s.chars(), &mut buf2),
        Ok(n)
    );
    assert_eq!(buf2, puny);
    if n > 0 {
        assert_eq!(
            encode_into(s, &mut buf2[..n - 1]),
            Err(Error::BufferTooSmall { needed: n })
        );
    }

    // And decoding gives the text back, through both APIs.
    let mut out = vec!['\0'; n];
    let m = decode_into(puny, &mut out).expect("decode of an encoding");
    assert!(s.chars().eq(out[..m].iter().copied()));
    assert_eq!(decode(&alloc).as_deref(), Ok(s));

    // Labels: the ASCII form is lower-case; a non-ASCII label comes back.
    if let Ok(a) = to_ascii_label(s) {
        assert!(a.is_ascii() && !a.bytes().any(|b| b.is_ascii_uppercase()));
        // Fullwidth ASCII maps to ASCII first, as UTS 46 maps it.
        let unfullwidth = |c: char| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            c => c,
        };
        let lower: String = s
            .chars()
            .map(unfullwidth)
            .flat_map(char::to_lowercase)
            .collect();
        if !lower.is_ascii() {
            assert!(has_ace_prefix(a.as_bytes()));
            assert_eq!(to_unicode_label(&a).as_deref(), Ok(lower.as_str()));
            if a.len() <= 63 {
                assert_eq!(check_a_label(a.as_bytes()), Ok(()));
                let mut lb = [0u8; 63];
                assert_eq!(to_ascii_label_into(s, &mut lb), Ok(a.len()));
                assert_eq!(&lb[..a.len()], a.as_bytes());
            }
        }
    }
});
