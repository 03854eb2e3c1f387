//! The shared corpus (`testdata/corpus.tsv`, written by
//! `scripts/gen_corpus.py`) through the library: every row held to a single
//! lookup, to the batch path, and to the model of the formal algorithm
//! (tests/common), whose UTS 46 verdicts come from the `idna` crate, so that
//! the answers the other surfaces are held to are not the implementation's
//! own word.

mod common;

use etld::{List, Output};
use etld_testkit::corpus;

/// The parts of a row, from a lookup's result.
fn parts(result: &Result<etld::Domain<'_>, etld::HostError>) -> Vec<Option<String>> {
    match result {
        Ok(d) => vec![
            d.suffix().map(str::to_string),
            d.registrable().map(str::to_string),
            d.subdomain().map(str::to_string),
            d.registrable_label().map(str::to_string),
            d.section().map(|s| s.as_str().to_string()),
            Some(d.is_known().to_string()),
            d.rule().map(|r| r.into_owned()),
            d.icann_suffix().map(str::to_string),
            d.icann_registrable().map(str::to_string),
            None,
        ],
        Err(e) => {
            let mut v = vec![None; 10];
            v[5] = Some("false".to_string());
            v[9] = Some(e.to_string());
            v
        }
    }
}

#[test]
fn the_corpus_covers_the_rich_answer_and_every_option_set() {
    let rows = corpus();
    assert!(rows.len() > 1000);
    let sets: std::collections::BTreeSet<&str> = rows.iter().map(|r| r.options.as_str()).collect();
    assert_eq!(sets.len(), 7);
    for (host, rule, icann_suffix, icann_registrable) in [
        ("me.github.io", "github.io", "io", "github.io"),
        ("a.b.kobe.jp", "*.kobe.jp", "b.kobe.jp", "a.b.kobe.jp"),
        (
            "www.city.kobe.jp",
            "!city.kobe.jp",
            "kobe.jp",
            "city.kobe.jp",
        ),
        (
            "www.example.unknowntld",
            "*",
            "unknowntld",
            "example.unknowntld",
        ),
        (
            "a.b.aivencloud.com",
            "*.aivencloud.com",
            "com",
            "aivencloud.com",
        ),
    ] {
        let row = rows
            .iter()
            .find(|r| r.options.is_empty() && r.input == host)
            .unwrap_or_else(|| panic!("{host} is in the corpus"));
        assert_eq!(row.get("rule"), Some(rule), "{host}");
        assert_eq!(row.get("icann_suffix"), Some(icann_suffix), "{host}");
        assert_eq!(
            row.get("icann_registrable"),
            Some(icann_registrable),
            "{host}"
        );
    }
}

#[test]
fn single_lookups_and_the_batch_give_the_corpus() {
    let list = List::builtin();
    let mut batch = etld::Batch::new();
    for row in corpus() {
        let options = row.lookup_options();
        let got = list.lookup_with(&row.input, &options);
        assert_eq!(parts(&got), row.values, "{row:?}");
        list.lookup_batch_with(std::iter::once(row.input.as_str()), &options, &mut batch);
        let answer = batch.get(0, &row.input).expect("one answer");
        common::check_batch_answer(list, &row.input, &options, &answer);
    }
}

/// A name in ASCII form by the `idna` crate, without its trailing dot.
fn ascii(name: &str) -> String {
    let name = name.strip_suffix('.').unwrap_or(name);
    idna::domain_to_ascii(name).unwrap_or_else(|e| panic!("{name:?}: {e:?}"))
}

#[test]
fn the_model_gives_the_corpus() {
    let set = etld::RuleSet::parse(include_bytes!("../vectors/public_suffix_list.dat")).unwrap();
    let model = common::Model::new(&set);
    let mut checked = 0;
    for row in corpus() {
        let options = row.lookup_options();
        // UTS 46 by the `idna` crate, then the model's own steps (empty
        // labels, forbidden code points, lengths, IP addresses) on ASCII.
        let Ok(name) = idna::domain_to_ascii(&row.input) else {
            assert!(row.get("error").is_some(), "idna refuses {row:?}");
            continue;
        };
        let Ok(host) = common::read_host(&name) else {
            assert!(
                row.get("error").is_some(),
                "the model refuses {name:?}: {row:?}"
            );
            continue;
        };
        assert_eq!(row.get("error"), None, "the model reads {row:?}");
        let want = &model.lookup_host(&host, &[options], Output::Ascii)[0];
        let suffix = row.get("suffix").map(ascii);
        assert_eq!(suffix, want.suffix.as_deref().map(ascii), "{row:?}");
        let registrable = row.get("registrable").map(ascii);
        assert_eq!(
            registrable,
            want.registrable.as_deref().map(ascii),
            "{row:?}"
        );
        assert_eq!(
            row.get("section"),
            want.section.map(|s| s.as_str()),
            "{row:?}"
        );
        let known = if want.known { "true" } else { "false" };
        assert_eq!(row.get("known"), Some(known), "{row:?}");
        let name = host.ascii.join(".");
        let rich = model.rich(&name, &options);
        assert_eq!(row.get("rule"), rich.rule.as_deref(), "{row:?}");
        assert_eq!(
            row.get("icann_suffix").map(ascii),
            rich.icann_suffix,
            "{row:?}"
        );
        assert_eq!(
            row.get("icann_registrable").map(ascii),
            rich.icann_registrable,
            "{row:?}"
        );
        checked += 1;
    }
    assert!(checked > 800, "{checked} rows held to the model");
}
