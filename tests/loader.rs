//! Loading untrusted `.fst` bytes: every damage gives its own error, none
//! panics, and a list that loads answers every lookup without panicking.

use etld::{Error, FormatError, List};
use proptest::prelude::*;

fn builtin_bytes() -> &'static [u8] {
    List::builtin().to_fst_bytes()
}

fn small_list_bytes() -> Vec<u8> {
    etld::compile(b"com\nco.uk\nuk\n*.ck\n!www.ck\n// ===BEGIN PRIVATE DOMAINS===\nblogspot.com\n")
        .unwrap()
}

fn small_list_static() -> &'static [u8] {
    static BYTES: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    BYTES.get_or_init(small_list_bytes)
}

fn format_error(bytes: Vec<u8>) -> Option<FormatError> {
    format_error_of(List::from_fst(bytes))
}

fn format_error_of(result: Result<List, Error>) -> Option<FormatError> {
    match result {
        Ok(_) => None,
        Err(Error::Format(e)) => Some(e),
        Err(other) => panic!("unexpected error kind: {other}"),
    }
}

/// Recomputes the header checksum so that damage reaches the automaton.
fn reseal(bytes: &mut [u8]) {
    let sum = etld::format::checksum(&bytes[24..]);
    bytes[16..24].copy_from_slice(&sum.to_le_bytes());
}

#[test]
fn truncation_at_every_length() {
    for bytes in [small_list_static(), builtin_bytes()] {
        for len in 0..bytes.len() {
            let err = format_error_of(List::from_fst_static(&bytes[..len]))
                .expect("a truncated file never loads");
            assert!(
                matches!(err, FormatError::Truncated { .. } | FormatError::Header(_)),
                "length {len}: {err}"
            );
        }
    }
}

#[test]
fn wrong_magic_and_version() {
    let bytes = small_list_bytes();
    let mut magic = bytes.clone();
    magic[0] = b'X';
    assert_eq!(format_error(magic), Some(FormatError::BadMagic));
    let mut version = bytes.clone();
    version[8] = 9;
    assert_eq!(
        format_error(version),
        Some(FormatError::UnsupportedVersion(9))
    );
    assert_eq!(
        format_error(b"com\nco.uk\n".to_vec()),
        Some(FormatError::BadMagic)
    );
    let mut longer = bytes;
    longer.push(0);
    assert!(matches!(
        format_error(longer),
        Some(FormatError::TrailingBytes { .. })
    ));
}

/// The compatibility policy (`etld::format`'s docs): a file of format
/// version 1, compiled once and never again, loads and answers as its text
/// does; a file of another version is refused with an error that names
/// both versions and says how to compile the list again.
#[test]
fn a_file_of_format_version_1_loads_and_others_say_how_to_recompile() {
    let v1: &'static [u8] = include_bytes!("../testdata/format/v1.fst");
    assert_eq!(
        etld::format::VERSION,
        1,
        "a new format version needs a fixture of its own"
    );
    let list = List::from_fst_static(v1).unwrap();
    let text = List::from_dat(include_bytes!("../testdata/format/v1.dat")).unwrap();
    assert_eq!(list.version(), Some("format-v1-fixture"));
    assert_eq!(list.rule_counts(), text.rule_counts());
    for host in [
        "a.b.ck",
        "www.ck",
        "x.blogspot.com",
        "a.b.compute.example.com",
        "www.example.co.uk",
        "пример.рф",
        "a.example",
    ] {
        assert_eq!(
            format!("{:?}", list.lookup(host)),
            format!("{:?}", text.lookup(host)),
            "{host}"
        );
    }
    let mut v2 = v1.to_vec();
    v2[8] = 2;
    let e = List::from_fst(v2).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a .fst file of format version 2; this etld reads version 1 only: \
         compile the list's text again with this etld (`etld compile LIST.dat OUT.fst`)"
    );
}

#[test]
fn every_single_bit_flip_is_caught() {
    let bytes = small_list_bytes();
    for i in 0..bytes.len() {
        for bit in 0..8 {
            let mut damaged = bytes.clone();
            damaged[i] ^= 1 << bit;
            assert!(
                format_error(damaged).is_some(),
                "flip of bit {bit} of byte {i} went unnoticed"
            );
        }
    }
}

#[test]
fn resealed_damage_to_the_automaton_never_panics() {
    // With the checksum fixed up, damage reaches the automaton decoder: each
    // load either fails with a format error or gives a list whose lookups
    // all run.
    for (bytes, samples) in [
        (small_list_bytes(), 10_000),
        (builtin_bytes().to_vec(), 100),
    ] {
        let header = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
        let step = (bytes.len() - header) / samples + 1;
        let mut loaded = 0;
        for i in (header..bytes.len()).step_by(step) {
            for flip in [0x01u8, 0x10, 0x80, 0xff] {
                let mut damaged = bytes.clone();
                damaged[i] ^= flip;
                reseal(&mut damaged);
                match List::from_fst(damaged) {
                    Ok(list) => {
                        loaded += 1;
                        for host in ["www.example.co.uk", "a.b.ck", "www.ck", "blogspot.com", "x"] {
                            let _ = list.lookup(host);
                        }
                    }
                    Err(Error::Format(
                        FormatError::Automaton { .. }
                        | FormatError::Unfolding { .. }
                        | FormatError::Wildcards { .. }
                        | FormatError::Collisions { .. },
                    )) => {}
                    Err(e) => panic!("byte {i}: {e}"),
                }
            }
        }
        let _ = loaded;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = List::from_fst(bytes.clone());
        let _ = List::from_bytes(bytes);
    }

    #[test]
    fn random_automata_behind_a_valid_header_never_panic(
        body in prop::collection::vec(any::<u8>(), 36..300),
        version in prop::bool::ANY,
    ) {
        // A well-formed header and checksum around random automaton bytes,
        // with the fst version word set right half the time.
        let mut bytes = small_list_bytes();
        let header = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
        bytes.truncate(header);
        let mut body = body;
        if version {
            body[..8].copy_from_slice(&3u64.to_le_bytes());
        }
        bytes[24..32].copy_from_slice(&(body.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&body);
        reseal(&mut bytes);
        if let Ok(list) = List::from_fst(bytes) {
            for host in ["a", "a.b", "www.example.com"] {
                let _ = list.lookup(host);
            }
        }
    }

    #[test]
    fn random_list_text_never_panics(text in "[a-c*!.\\n /]{0,64}") {
        let _ = List::from_dat(text.as_bytes());
    }
}

#[test]
fn loads_from_path_and_static() {
    let dir = std::env::temp_dir().join(format!("etld-loader-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fst = dir.join("list.fst");
    let dat = dir.join("list.dat");
    std::fs::write(&fst, small_list_bytes()).unwrap();
    std::fs::write(&dat, "com\nco.uk\n").unwrap();
    for path in [&fst, &dat] {
        let list = List::from_path(path).unwrap();
        assert_eq!(
            list.lookup("a.b.co.uk").unwrap().registrable(),
            Some("b.co.uk")
        );
    }
    assert!(matches!(
        List::from_path(dir.join("missing")),
        Err(Error::Io(_))
    ));
    let leaked: &'static [u8] = Box::leak(small_list_bytes().into_boxed_slice());
    let list = List::from_fst_static(leaked).unwrap();
    assert_eq!(list.to_fst_bytes().as_ptr(), leaked.as_ptr(), "zero copy");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn from_path_reads_no_more_than_the_cap() {
    let dir = std::env::temp_dir().join(format!("etld-loader-cap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let huge = dir.join("huge.dat");
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(etld::source::MAX_LIST_BYTES + 1).unwrap();
    let start = std::time::Instant::now();
    for (path, why) in [
        (&huge, "larger than 64 MiB, the most a list file may hold"),
        (&dir, "a directory, not a list file"),
    ] {
        match List::from_path(path) {
            Err(Error::Io(e)) => assert_eq!(e.to_string(), why),
            other => panic!("{}: {other:?}", path.display()),
        }
    }
    #[cfg(unix)]
    for device in ["/dev/zero", "/dev/urandom"] {
        match List::from_path(device) {
            Err(Error::Io(e)) => assert_eq!(e.to_string(), "a character device, not a list file"),
            other => panic!("{device}: {other:?}"),
        }
    }
    assert!(start.elapsed() < std::time::Duration::from_secs(1));
    // At the cap exactly, the file is read (and is not a list: all zeros).
    file.set_len(etld::source::MAX_LIST_BYTES).unwrap();
    assert!(!matches!(List::from_path(&huge), Err(Error::Io(_))));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file's rule counts are its own claim, which the checksum does not
/// vouch for: counts at `u32::MAX`, resealed, load, and nothing that adds
/// to them overflows (the tests build with overflow checks).
#[test]
fn rule_counts_at_their_maximum_never_overflow() {
    let mut bytes = small_list_bytes();
    for i in 0..4 {
        bytes[32 + 4 * i..36 + 4 * i].copy_from_slice(&u32::MAX.to_le_bytes());
    }
    reseal(&mut bytes);
    let list = List::from_fst(bytes).unwrap();
    assert_eq!(list.rule_counts().total(), u32::MAX);
    let layered = list.with_extra("extra", b"org\n").unwrap();
    assert_eq!(layered.rule_counts().icann, u32::MAX);
    let domain = layered.lookup("www.example.org").unwrap();
    assert_eq!(domain.registrable(), Some("example.org"));
}
