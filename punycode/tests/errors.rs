//! One test per error kind, with its position; and the peer bugs of issue 2.

use etld_punycode::{
    check_a_label, decode, decode_into, encode, encode_into, Bootstring, Codec, Error, Limits,
    PUNYCODE,
};

#[test]
fn invalid_digit_is_not_read_as_zero() {
    assert_eq!(
        decode("td_"),
        Err(Error::InvalidDigit {
            position: 2,
            byte: b'_'
        })
    );
    assert_eq!(
        decode("ls8h="),
        Err(Error::InvalidDigit {
            position: 4,
            byte: b'='
        })
    );
    // A non-ASCII byte after the last delimiter is an invalid digit too.
    assert_eq!(
        decode("abc-dé"),
        Err(Error::InvalidDigit {
            position: 5,
            byte: 0xC3
        })
    );
    assert_eq!(
        decode("a b"),
        Err(Error::InvalidDigit {
            position: 1,
            byte: b' '
        })
    );
}

#[test]
fn non_basic_before_the_delimiter() {
    assert_eq!(
        decode("aé-x"),
        Err(Error::NonBasicBeforeDelimiter { position: 1 })
    );
    assert_eq!(
        decode_into(b"ab\xff-tda", &mut ['\0'; 8]),
        Err(Error::NonBasicBeforeDelimiter { position: 2 })
    );
}

#[test]
fn leading_delimiter_is_refused() {
    assert_eq!(decode("-tda"), Err(Error::LeadingDelimiter { position: 0 }));
    assert_eq!(decode("-"), Err(Error::LeadingDelimiter { position: 0 }));
    // A delimiter preceded by a basic code point is fine, even a hyphen.
    assert_eq!(decode("--"), Ok("-".to_string()));
    assert_eq!(decode("a-"), Ok("a".to_string()));
    assert!(decode("--tda").is_ok());
}

#[test]
fn delimiter_at_the_end_of_the_basic_part() {
    assert_eq!(encode("abc").unwrap(), "abc-");
    assert_eq!(decode("abc-").unwrap(), "abc");
    assert_eq!(encode("").unwrap(), "");
    assert_eq!(decode("").unwrap(), "");
    assert_eq!(encode("-> $1.00 <-").unwrap(), "-> $1.00 <--");
}

#[test]
fn truncated_delta() {
    assert_eq!(
        decode("bcher-kv"),
        Err(Error::TruncatedDelta { position: 6 })
    );
    assert_eq!(decode("z"), Err(Error::TruncatedDelta { position: 0 }));
    // The second integer is unfinished: `tda` is complete; under the bias
    // it leaves, `9` (35) is above the threshold (26) so more must follow.
    assert_eq!(decode("tda9"), Err(Error::TruncatedDelta { position: 3 }));
}

#[test]
fn overflow_is_an_error_not_a_panic() {
    assert_eq!(decode("55555577"), Err(Error::Overflow { position: 7 }));
    assert_eq!(decode("99999999"), Err(Error::Overflow { position: 7 }));
    assert_eq!(
        decode("bcher-999999999"),
        Err(Error::Overflow { position: 13 })
    );
    // Overflow of n itself (i fits in u32, n + i / (len + 1) does not).
    let huge = [b'9'; 6].iter().chain(b"9a").copied().collect::<Vec<u8>>();
    assert!(matches!(
        decode_into(&huge, &mut ['\0'; 8]),
        Err(Error::Overflow { .. } | Error::InvalidCodePoint { .. })
    ));
    // Encoding: with the caps lifted, deltas over u32 are reported.
    let big = Codec::PUNYCODE.with_limits(Limits::NONE);
    // 5000 basic code points then U+10FFFF: (0x10FFFF - 0x80) * 5001 > u32.
    let s = "a".repeat(5000) + "\u{10FFFF}";
    let mut out = vec![0u8; 1 << 16];
    assert_eq!(
        big.encode_into(&s, &mut out),
        Err(Error::Overflow { position: 5000 })
    );
    assert_eq!(big.encode(&s), Err(Error::Overflow { position: 5000 }));
    // Within the default caps no encoding overflows.
    let worst = "a".repeat(999) + "\u{10FFFF}";
    assert!(encode(&worst).is_ok());
}

#[test]
fn surrogates_and_out_of_range_results() {
    assert_eq!(
        decode("ib9b"),
        Err(Error::InvalidCodePoint {
            position: 0,
            value: 0xD800
        })
    );
    assert_eq!(
        decode("r49b"),
        Err(Error::InvalidCodePoint {
            position: 0,
            value: 0xDC00
        })
    );
    // Position of the integer that produced it, after the basic part:
    // on "ab" (3 insertion points) a delta of (0xD800 - 0x80) * 3 is U+D800.
    let input = format!("ab-{}", integer((0xD800 - 0x80) * 3));
    assert_eq!(
        decode(&input),
        Err(Error::InvalidCodePoint {
            position: 3,
            value: 0xD800
        })
    );
}

/// `delta` as the first generalized variable-length integer of a Punycode
/// string, under the initial bias (RFC 3492 section 6.3), to craft inputs.
fn integer(mut delta: u32) -> String {
    let digit = |d: u32| {
        char::from(if d < 26 {
            b'a' + d as u8
        } else {
            b'0' + (d - 26) as u8
        })
    };
    let mut out = String::new();
    let mut k: u32 = 36;
    loop {
        let t = k.saturating_sub(72).clamp(1, 26);
        if delta < t {
            out.push(digit(delta));
            return out;
        }
        out.push(digit(t + (delta - t) % (36 - t)));
        delta = (delta - t) / (36 - t);
        k += 36;
    }
}

#[test]
fn above_u10ffff_is_refused() {
    // Find a delta that lands above U+10FFFF but fits u32: one integer of
    // value (0x110000 - 0x80) * 1 on an empty string.
    let input = integer(0x11_0000 - 0x80);
    assert_eq!(
        decode(&input),
        Err(Error::InvalidCodePoint {
            position: 0,
            value: 0x11_0000
        })
    );
    let input = integer(0x10_FFFF - 0x80);
    assert_eq!(decode(&input), Ok("\u{10FFFF}".to_string()));
}

#[test]
fn buffer_too_small_reports_the_size_needed() {
    assert_eq!(
        encode_into("bücher", &mut [0u8; 4]),
        Err(Error::BufferTooSmall { needed: 9 })
    );
    assert_eq!(
        decode_into(b"bcher-kva", &mut ['\0'; 2]),
        Err(Error::BufferTooSmall { needed: 6 })
    );
    // A real decoding error wins over the buffer size.
    assert_eq!(
        decode_into(b"bcher-kv_", &mut ['\0'; 2]),
        Err(Error::InvalidDigit {
            position: 8,
            byte: b'_'
        })
    );
    assert_eq!(
        Codec::PUNYCODE.encode_chars_into("公司".chars(), &mut [0u8; 0]),
        Err(Error::BufferTooSmall { needed: 6 })
    );
}

#[test]
fn input_too_long_is_checked_before_any_work() {
    // 2001 bytes of garbage: the cap, not the garbage, is reported.
    let garbage = "_".repeat(2001);
    assert_eq!(
        decode(&garbage),
        Err(Error::InputTooLong {
            len: 2001,
            max: 2000
        })
    );
    assert_eq!(
        decode_into(garbage.as_bytes(), &mut []),
        Err(Error::InputTooLong {
            len: 2001,
            max: 2000
        })
    );
    let ok = "a".repeat(1999) + "-";
    assert_eq!(decode(&ok).map(|s| s.len()), Ok(1999));

    let long: String = "ü".repeat(1001);
    assert_eq!(
        encode(&long),
        Err(Error::InputTooLong {
            len: 1001,
            max: 1000
        })
    );
    assert_eq!(
        Codec::PUNYCODE.encode_chars_into(std::iter::repeat('ü'), &mut [0u8; 8]),
        Err(Error::InputTooLong {
            len: 1001,
            max: 1000
        })
    );
    // 1000 two-byte code points are 2000 bytes but within the cap.
    assert!(encode(&"ü".repeat(1000)).is_ok());

    let tight = Codec::PUNYCODE.with_limits(
        Limits::DEFAULT
            .with_max_decode_len(3)
            .with_max_encode_len(2),
    );
    assert_eq!(
        tight.decode("abcd"),
        Err(Error::InputTooLong { len: 4, max: 3 })
    );
    assert_eq!(
        tight.encode("abc"),
        Err(Error::InputTooLong { len: 3, max: 2 })
    );
    assert_eq!(tight.decode("tda").as_deref(), Ok("ü"));
}

#[test]
fn case_flags_must_match_the_input() {
    assert_eq!(
        Codec::PUNYCODE.encode_into_with_flags("abc", &[true], &mut [0u8; 8]),
        Err(Error::CaseFlagsLength {
            expected: 3,
            actual: 1
        })
    );
    // Flags buffer shorter than the output: treated as capacity.
    assert_eq!(
        Codec::PUNYCODE.decode_into_with_flags(b"abc-", &mut ['\0'; 8], &mut [false; 2]),
        Err(Error::BufferTooSmall { needed: 3 })
    );
}

#[test]
fn a_failing_writer_is_reported() {
    struct Broken;
    impl core::fmt::Write for Broken {
        fn write_str(&mut self, _: &str) -> core::fmt::Result {
            Err(core::fmt::Error)
        }
    }
    assert_eq!(
        Codec::PUNYCODE.encode_fmt("bücher", &mut Broken),
        Err(Error::Fmt)
    );
}

#[test]
fn invalid_parameters() {
    let bad = Bootstring {
        skew: 0,
        ..PUNYCODE
    };
    assert!(Codec::new(bad).is_err());
}

#[test]
fn label_errors() {
    assert_eq!(check_a_label(b"bcher-kva"), Err(Error::MissingPrefix));
    assert_eq!(check_a_label(b""), Err(Error::MissingPrefix));
    assert_eq!(check_a_label(b"xn--"), Err(Error::EmptyPayload));
    assert_eq!(check_a_label(b"xn--abc-"), Err(Error::AsciiPayload));
    assert_eq!(check_a_label(b"xn--abc"), Ok(())); // "abc" is a valid delta sequence
    assert_eq!(
        check_a_label(b"xn--td_"),
        Err(Error::InvalidDigit {
            position: 6,
            byte: b'_'
        })
    );
    assert_eq!(
        check_a_label(b"xn---tda"),
        Err(Error::LeadingDelimiter { position: 4 })
    );
    assert_eq!(
        check_a_label(b"xn--ib9b"),
        Err(Error::InvalidCodePoint {
            position: 4,
            value: 0xD800
        })
    );
    let long = format!("xn--{}", "a".repeat(60));
    assert_eq!(
        check_a_label(long.as_bytes()),
        Err(Error::LabelTooLong { len: 64, max: 63 })
    );
}

#[test]
fn errors_display_and_positions() {
    let e = Error::InvalidDigit {
        position: 2,
        byte: b'_',
    };
    assert_eq!(e.to_string(), "invalid Punycode digit '_' at byte 2");
    assert_eq!(e.position(), Some(2));
    assert_eq!(Error::Fmt.position(), None);
    let as_dyn: &dyn std::error::Error = &e;
    assert!(as_dyn.source().is_none());
    for e in [
        Error::NonBasicBeforeDelimiter { position: 1 },
        Error::LeadingDelimiter { position: 0 },
        Error::TruncatedDelta { position: 3 },
        Error::Overflow { position: 7 },
        Error::InvalidCodePoint {
            position: 0,
            value: 0xD800,
        },
        Error::BufferTooSmall { needed: 9 },
        Error::InputTooLong {
            len: 2001,
            max: 2000,
        },
        Error::CaseFlagsLength {
            expected: 3,
            actual: 1,
        },
        Error::Fmt,
        Error::MissingPrefix,
        Error::EmptyPayload,
        Error::AsciiPayload,
        Error::NotCanonical { position: 5 },
        Error::LabelTooLong { len: 64, max: 63 },
    ] {
        assert!(!e.to_string().is_empty());
    }
}

/// Code points spread evenly over U+0080 to U+10FFFF: the costliest text
/// of its length to encode.
fn spread(n: u32) -> String {
    let stride = (0x10FFFF - 0x80) / n;
    (0..n)
        .map(|i| 0x80 + i * stride)
        .map(|c| match c {
            0xD800..=0xDFFF => c + 0x800,
            c => c,
        })
        .filter_map(char::from_u32)
        .collect()
}

/// Whatever the encoder accepts under the default limits, the decoder of
/// its output accepts: 510 code points spread over the code space need
/// 2,053 bytes, over the decoder's cap, so the encoder refuses them.
#[test]
fn default_caps_agree() {
    match etld_punycode::encode(&spread(510)) {
        Err(etld_punycode::Error::OutputTooLong { len, max }) => {
            assert!(len > max, "{len} > {max}");
            assert_eq!(max, 2000);
        }
        other => panic!("expected OutputTooLong, got {other:?}"),
    }
    // Whatever encodes decodes back, up to the encoder's cap.
    let mut accepted = 0;
    for n in [1u32, 100, 400, 490, 500, 505, 1000] {
        let consecutive: String = (0x4E00..0x4E00 + n).filter_map(char::from_u32).collect();
        for text in [spread(n), consecutive] {
            if let Ok(encoded) = etld_punycode::encode(&text) {
                assert!(encoded.len() <= 2000);
                assert_eq!(etld_punycode::decode(&encoded).as_deref(), Ok(&*text));
                accepted += 1;
            }
        }
    }
    assert!(accepted >= 8, "{accepted}");
}
