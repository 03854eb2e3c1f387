//! `etld::uts46` against the `idna` crate (a dev-dependency) on names
//! spelled from pseudo-random bytes (see tests/uts46_names): both must
//! refuse a name alike or give the same answer, ToASCII and ToUnicode; and
//! etld's own shorter ways must answer as its full processing does. The
//! fuzz target `uts46_idna` does the same on libFuzzer's bytes.

#[path = "uts46_names/mod.rs"]
mod uts46_names;

#[test]
fn agrees_with_idna_on_generated_names() {
    let mut next = uts46_names::xorshift(0x2545_F491_4F6C_DD1D);
    let (mut compared, mut failures) = (0, Vec::new());
    let mut oks = 0;
    for _ in 0..30_000 {
        let len = 1 + next() as usize % 12;
        let bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
        let name = uts46_names::name_from_bytes(&bytes);
        if let Err(e) = uts46_names::compare_paths(&name) {
            failures.push(e);
        }
        if !uts46_names::comparable(&name) {
            continue;
        }
        compared += 1;
        if etld::uts46::to_ascii(&name).is_ok() {
            oks += 1;
        }
        if let Err(e) = uts46_names::compare(&name) {
            failures.push(e);
        }
    }
    assert!(compared > 20_000, "{compared}");
    // Both kinds of answer are well represented.
    assert!(oks > 3_000 && compared - oks > 3_000, "{oks} of {compared}");
    assert!(
        failures.is_empty(),
        "{} of {compared} names differ:\n{}",
        failures.len(),
        failures[..failures.len().min(40)].join("\n")
    );
}

/// An error of processing is the name's even where a label before it is
/// too long to encode: ToASCII writes the labels in ASCII as it processes
/// them, and gives the same error as processing first and encoding after
/// (a case the `uts46_idna` fuzz target found, and a smaller one).
#[test]
fn an_error_of_processing_comes_before_one_of_encoding() {
    let found = format!(".xn--ls8h.Σxn--tdaabςxn--ls8h{}", "\u{FDFA}".repeat(56));
    let smaller = format!("1a.{}", "\u{FDFA}".repeat(60));
    for name in [found.as_str(), smaller.as_str()] {
        assert_eq!(uts46_names::compare_paths(name), Ok(()));
        assert!(
            matches!(
                etld::uts46::to_ascii(name),
                Err(etld::uts46::Error::Bidi { .. })
            ),
            "{name:?}: {:?}",
            etld::uts46::to_ascii(name)
        );
    }
}

/// The code points whose data changed from Unicode 16.0.0 to 18.0.0, the
/// first and last of each range of `vectors/uts46_changed_16.0.0_18.0.0.txt`:
/// both implementations hold 18.0.0 data, so they agree on these too.
#[test]
fn agrees_with_idna_on_the_code_points_unicode_17_and_18_changed() {
    let mut compared = 0;
    for line in include_str!("../vectors/uts46_changed_16.0.0_18.0.0.txt").lines() {
        let Some((a, b)) = line.split_once("..") else {
            continue;
        };
        for hex in [a, b] {
            let Some(c) = u32::from_str_radix(hex, 16).ok().and_then(char::from_u32) else {
                continue;
            };
            for name in [format!("a{c}.com"), format!("{c}.example")] {
                if uts46_names::comparable(&name) {
                    compared += 1;
                    assert_eq!(uts46_names::compare(&name), Ok(()), "U+{hex}");
                }
            }
        }
    }
    assert!(compared > 150, "{compared}");
}
