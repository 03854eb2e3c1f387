//! The built-in list: the committed `.fst` is exactly the compiled `.dat`.
//!
//! To refresh the list: replace `vectors/public_suffix_list.dat`, then run
//! `ETLD_BLESS=1 cargo test --test builtin` to rewrite the `.fst`.

mod common;

use etld::List;

#[test]
fn committed_fst_is_the_compiled_dat() {
    let compiled = etld::compile(common::BUILTIN_DAT).expect("the built-in .dat compiles");
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/vectors/public_suffix_list.fst"
    );
    if std::env::var_os("ETLD_BLESS").is_some() {
        std::fs::write(path, &compiled).expect("write the .fst");
    }
    let committed = std::fs::read(path).expect("read the committed .fst");
    assert!(
        committed == compiled,
        "vectors/public_suffix_list.fst is stale: run `ETLD_BLESS=1 cargo test --test builtin`"
    );
    assert_eq!(
        etld::compile(common::BUILTIN_DAT).unwrap(),
        compiled,
        "compiling is deterministic"
    );
}

#[test]
fn builtin_metadata() {
    let list = List::builtin();
    assert_eq!(list.version(), Some("2026-10-22_08-36-41_UTC"));
    assert_eq!(
        list.commit(),
        Some("8437e5262f13305f94087abe699b4fe2be1d1de8")
    );
    let counts = list.rule_counts();
    let set = etld::RuleSet::parse(common::BUILTIN_DAT).unwrap();
    let mut unique: Vec<_> = set.rules().to_vec();
    unique.sort();
    unique.dedup();
    assert_eq!(counts.total() as usize, unique.len());
    assert_eq!(counts.exceptions, 8);
    assert!(counts.icann > 6000 && counts.private > 3000, "{counts:?}");
    assert!(
        list.to_fst_bytes().len() <= 80 * 1024,
        "{} bytes",
        list.to_fst_bytes().len()
    );
    // The same list instance every call.
    assert!(std::ptr::eq(List::builtin(), List::builtin()));
}

/// The measurement behind the key encoding (see `src/compile.rs`): the
/// built-in list's rules as byte-reversed keys (`ku.oc`, what we store)
/// and as label-reversed keys (`uk.co`) compile to `fst` maps of about the
/// same size, so the encoding that lets the walk read each byte once wins.
#[test]
fn key_encodings() {
    let set = etld::RuleSet::parse(common::BUILTIN_DAT).unwrap();
    let size = |key: &dyn Fn(&str) -> Vec<u8>| {
        let mut keys: Vec<Vec<u8>> = set.rules().iter().map(|r| key(r.name())).collect();
        keys.sort();
        keys.dedup();
        let mut b = fst::MapBuilder::memory();
        for k in keys {
            b.insert(k, 1).unwrap();
        }
        b.into_inner().unwrap().len()
    };
    let bytes = size(&|n: &str| n.bytes().rev().collect());
    let labels = size(&|n: &str| n.rsplit('.').collect::<Vec<_>>().join(".").into_bytes());
    eprintln!("fst bytes: byte-reversed keys {bytes}, label-reversed keys {labels}");
    assert!(
        bytes <= labels * 11 / 10,
        "byte-reversed {bytes} vs label-reversed {labels}"
    );
}
