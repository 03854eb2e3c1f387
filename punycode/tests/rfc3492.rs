//! RFC 3492 section 7.1 samples and the section 7.2/7.3 traces, read from
//! `tests/data/rfc3492_samples.txt` and `tests/data/rfc3492_traces.txt`.

mod vectors;

use etld_punycode::{decode, decode_into, encode, encode_into, Codec, Error};

#[test]
fn all_nineteen_samples_are_present() {
    let names: String = vectors::samples().iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, "ABCDEFGHIJKLMNOPQRS");
}

#[test]
fn samples_encode_exactly_with_their_case_flags() {
    for s in vectors::samples() {
        assert_eq!(
            Codec::PUNYCODE
                .encode_with_flags(&s.text, &s.flags)
                .as_deref(),
            Ok(s.puny.as_str()),
            "sample {} ({})",
            s.name,
            s.description
        );
        let mut buf = [0u8; 128];
        let n = Codec::PUNYCODE
            .encode_into_with_flags(&s.text, &s.flags, &mut buf)
            .unwrap();
        assert_eq!(&buf[..n], s.puny.as_bytes(), "sample {}", s.name);
    }
}

#[test]
fn samples_encode_without_flags() {
    for s in vectors::samples() {
        let plain = encode(&s.text).unwrap();
        if s.name == "I" {
            // The RFC's string carries one upper-case annotation letter;
            // without flags the digits are all lower case.
            assert_eq!(plain, "b1abfaaepdrnnbgefbadotcwatmq2g4l");
            assert_ne!(plain, s.puny);
            assert!(plain.eq_ignore_ascii_case(&s.puny));
        } else {
            // Basic code points keep their case, digits are lower case.
            assert_eq!(plain, s.puny, "sample {}", s.name);
        }
    }
}

#[test]
fn samples_encode_the_same_through_every_api() {
    for s in vectors::samples() {
        let expected = encode(&s.text).unwrap();
        let mut buf = [0u8; 128];
        let n = encode_into(&s.text, &mut buf).unwrap();
        assert_eq!(&buf[..n], expected.as_bytes());
        let n = Codec::PUNYCODE
            .encode_chars_into(s.text.chars(), &mut buf)
            .unwrap();
        assert_eq!(&buf[..n], expected.as_bytes());
        let mut fmt = String::new();
        Codec::PUNYCODE.encode_fmt(&s.text, &mut fmt).unwrap();
        assert_eq!(fmt, expected);
        assert_eq!(
            Codec::PUNYCODE.encode_chars(s.text.chars()),
            Ok(expected.clone())
        );

        // Exactly enough room works; one byte less reports the size needed.
        let len = expected.len();
        assert_eq!(encode_into(&s.text, &mut buf[..len]), Ok(len));
        assert_eq!(
            encode_into(&s.text, &mut buf[..len - 1]),
            Err(Error::BufferTooSmall { needed: len }),
            "sample {}",
            s.name
        );
        assert_eq!(
            encode_into(&s.text, &mut []),
            Err(Error::BufferTooSmall { needed: len })
        );
    }
}

#[test]
fn samples_decode_exactly_with_their_case_flags() {
    for s in vectors::samples() {
        assert_eq!(
            decode(&s.puny).as_deref(),
            Ok(s.text.as_str()),
            "sample {}",
            s.name
        );
        let chars: Vec<char> = s.text.chars().collect();
        assert_eq!(Codec::PUNYCODE.decode_to_vec(&s.puny), Ok(chars.clone()));
        assert_eq!(
            Codec::PUNYCODE.decode_with_flags(&s.puny),
            Ok((s.text.clone(), s.flags.clone())),
            "sample {}",
            s.name
        );

        let mut out = ['\0'; 128];
        let mut flags = [false; 128];
        let n = Codec::PUNYCODE
            .decode_into_with_flags(s.puny.as_bytes(), &mut out, &mut flags)
            .unwrap();
        assert_eq!(&out[..n], chars.as_slice());
        assert_eq!(&flags[..n], s.flags.as_slice());

        // Either case of digits decodes to the same text.
        assert_eq!(
            decode(&s.puny.to_ascii_lowercase()).unwrap().to_lowercase(),
            s.text.to_lowercase()
        );
        assert_eq!(
            decode(&s.puny.to_ascii_uppercase()).unwrap().to_uppercase(),
            s.text.to_uppercase()
        );

        // Buffer sizes: exact fits, one less reports the size needed.
        let len = chars.len();
        assert_eq!(decode_into(s.puny.as_bytes(), &mut out[..len]), Ok(len));
        assert_eq!(
            decode_into(s.puny.as_bytes(), &mut out[..len - 1]),
            Err(Error::BufferTooSmall { needed: len }),
            "sample {}",
            s.name
        );
        assert_eq!(
            Codec::PUNYCODE.decode_into_with_flags(
                s.puny.as_bytes(),
                &mut out,
                &mut flags[..len - 1]
            ),
            Err(Error::BufferTooSmall { needed: len })
        );
    }
}

#[test]
fn sample_i_flag_is_the_upper_case_digit() {
    let s = vectors::samples()
        .into_iter()
        .find(|s| s.name == "I")
        .unwrap();
    assert_eq!(s.flags.iter().filter(|&&f| f).count(), 1);
    assert!(s.flags[0]);
    let (_, flags) = Codec::PUNYCODE.decode_with_flags(&s.puny).unwrap();
    assert!(flags[0] && flags[1..].iter().all(|&f| !f));
}

#[test]
fn traces_reproduce_encoding_delta_by_delta() {
    for t in vectors::traces() {
        let text: String = t.steps.last().unwrap().state.iter().collect();
        let mut buf = [0u8; 64];
        let mut got = Vec::new();
        let n = Codec::PUNYCODE
            .encode_traced(&text, &mut buf, |s| {
                got.push((s.code_point, s.delta, s.digits.to_vec(), s.bias, s.position))
            })
            .unwrap();
        assert_eq!(&buf[..n], t.punycode.as_bytes(), "trace {}", t.name);
        assert_eq!(got.len(), t.steps.len(), "trace {}", t.name);
        for (i, (g, want)) in got.iter().zip(&t.steps).enumerate() {
            assert_eq!(
                g,
                &(
                    want.code_point,
                    want.delta,
                    want.digits.as_bytes().to_vec(),
                    want.bias,
                    want.position
                ),
                "trace {} step {i}",
                t.name
            );
        }
    }
}

#[test]
fn traces_reproduce_decoding_state_by_state() {
    for t in vectors::traces() {
        let mut out = ['\0'; 64];
        let mut steps = Vec::new();
        let n = Codec::PUNYCODE
            .decode_traced(t.punycode.as_bytes(), &mut out, |s| {
                steps.push((s.code_point, s.delta, s.digits.to_vec(), s.bias, s.position))
            })
            .unwrap();
        // Replay the insertions on the basic code points: each intermediate
        // state must be the RFC's.
        let mut state = t.basic.clone();
        assert_eq!(steps.len(), t.steps.len(), "trace {}", t.name);
        for (i, (got, want)) in steps.iter().zip(&t.steps).enumerate() {
            assert_eq!(got.0, want.code_point, "trace {} step {i}", t.name);
            assert_eq!(got.1, want.delta, "trace {} step {i}", t.name);
            assert_eq!(got.2, want.digits.as_bytes(), "trace {} step {i}", t.name);
            assert_eq!(got.3, want.bias, "trace {} step {i}", t.name);
            assert_eq!(got.4, want.position, "trace {} step {i}", t.name);
            state.insert(got.4, got.0);
            assert_eq!(state, want.state, "trace {} step {i}", t.name);
        }
        assert_eq!(&out[..n], state.as_slice());
    }
}

#[test]
fn traced_and_plain_agree_on_every_sample() {
    for s in vectors::samples() {
        let mut a = [0u8; 128];
        let mut b = [0u8; 128];
        let mut count = 0;
        let n = Codec::PUNYCODE
            .encode_traced(&s.text, &mut a, |_| count += 1)
            .unwrap();
        assert_eq!(encode_into(&s.text, &mut b), Ok(n));
        assert_eq!(a[..n], b[..n]);
        assert_eq!(count, s.text.chars().filter(|c| !c.is_ascii()).count());
    }
}
