//! The built-in list: the committed `.fst` is exactly the compiled `.dat`,
//! and what its header says is what the `.dat` holds. Nothing here pins the
//! list's contents, so a refresh needs no edit:
//! `scripts/refresh-list` replaces `vectors/public_suffix_list.dat` and
//! rebuilds the `.fst` (`ETLD_BLESS=1 cargo test --test builtin` rebuilds it
//! too).

mod common;

use etld::{List, RuleKind, Section};

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
fn builtin_metadata_is_the_dat_s() {
    let list = List::builtin();
    let set = etld::RuleSet::parse(common::BUILTIN_DAT).unwrap();
    assert!(set.version().is_some(), "the .dat has a VERSION");
    assert_eq!(list.version(), set.version());
    assert_eq!(list.commit(), set.commit());
    // Runs choose the newest list by VERSION: it must be a date.
    let version = list.version_time().expect("the VERSION is a date");
    assert_eq!(Some(version.to_string().as_str()), list.version());

    // The counts, from the rules as the parser read them, merged.
    let mut unique: Vec<etld::Rule> = set.rules().to_vec();
    unique.sort();
    unique.dedup();
    let count = |f: &dyn Fn(&etld::Rule) -> bool| unique.iter().filter(|r| f(r)).count() as u32;
    let expected = etld::RuleCounts {
        icann: count(&|r| r.section() == Section::Icann),
        private: count(&|r| r.section() == Section::Private),
        wildcards: count(&|r| r.kind() == RuleKind::Normal && r.is_wildcard()),
        exceptions: count(&|r| r.kind() == RuleKind::Exception),
    };
    assert_eq!(list.rule_counts(), expected);
    // The `.dat` is the whole list, both sections.
    assert!(
        expected.icann > 1000 && expected.private > 1000,
        "{expected:?}"
    );
    assert!(expected.exceptions > 0 && expected.wildcards > 0);

    // The automaton stays compact: under 8 bytes a rule.
    let bytes = list.to_fst_bytes().len();
    assert!(
        bytes <= 8 * expected.total() as usize,
        "{bytes} bytes for {} rules",
        expected.total()
    );
    // The same list instance every call.
    assert!(std::ptr::eq(List::builtin(), List::builtin()));
    assert_eq!(List::builtin_fst(), list.to_fst_bytes());

    // Debug shows what the list is, not its megabyte of bytes.
    let debug = format!("{list:?}");
    assert!(debug.len() < 1000, "{} characters", debug.len());
    assert!(debug.contains(set.version().unwrap_or_default()), "{debug}");
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
