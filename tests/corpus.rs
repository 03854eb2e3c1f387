//! The shared corpus (`testdata/corpus.tsv`, written by
//! `scripts/gen_corpus.py`) through the library: every row held to a single
//! lookup, to the batch path, and to the model of the formal algorithm
//! (tests/common), whose UTS 46 verdicts come from the `idna` crate, so that
//! the answers the other surfaces are held to are not the implementation's
//! own word.

mod common;

use etld::{List, Options, Output, Sections, Wildcard};

/// One row of the corpus: the options, the input, and the answer's values
/// in `etld lookup --json`'s order (`None` for NULL).
#[derive(Debug)]
struct Row {
    options: String,
    input: String,
    suffix: Option<String>,
    registrable: Option<String>,
    subdomain: Option<String>,
    label: Option<String>,
    section: Option<String>,
    known: bool,
    rule: Option<String>,
    icann_suffix: Option<String>,
    icann_registrable: Option<String>,
    error: Option<String>,
}

/// Undoes PostgreSQL's COPY text escaping of one value; `\N` is NULL.
fn unescape(value: &str) -> Option<String> {
    if value == "\\N" {
        return None;
    }
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let (byte, width) = match bytes[i + 1] {
            b'\\' => (b'\\', 2),
            b't' => (b'\t', 2),
            b'n' => (b'\n', 2),
            b'r' => (b'\r', 2),
            b'b' => (0x08, 2),
            b'f' => (0x0c, 2),
            b'v' => (0x0b, 2),
            b'x' => {
                let hex = std::str::from_utf8(&bytes[i + 2..i + 4]).expect("hex");
                (u8::from_str_radix(hex, 16).expect("a hex byte"), 4)
            }
            other => panic!("unknown escape \\{} in {value:?}", other as char),
        };
        out.push(byte);
        i += width;
    }
    Some(String::from_utf8(out).expect("UTF-8"))
}

fn corpus() -> Vec<Row> {
    let text = include_str!("../testdata/corpus.tsv");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "options\tinput\tsuffix\tregistrable\tsubdomain\tlabel\tsection\tknown\trule\t\
             icann_suffix\ticann_registrable\terror"
        )
    );
    lines
        .map(|line| {
            let v: Vec<Option<String>> = line.split('\t').map(unescape).collect();
            assert_eq!(v.len(), 12, "{line:?}");
            let mut v = v.into_iter();
            let mut next = || v.next().expect("12 columns");
            Row {
                options: next().expect("options"),
                input: next().expect("input"),
                suffix: next(),
                registrable: next(),
                subdomain: next(),
                label: next(),
                section: next(),
                known: next().as_deref() == Some("true"),
                rule: next(),
                icann_suffix: next(),
                icann_registrable: next(),
                error: next(),
            }
        })
        .collect()
}

/// The options a row names with `etld lookup`'s flags.
fn options_of(flags: &str) -> Options {
    let mut options = Options::new();
    let mut words = flags.split_whitespace();
    while let Some(flag) = words.next() {
        options = match flag {
            "--icann-only" => options.sections(Sections::IcannOnly),
            "--no-default-rule" => options.implicit_rule(false),
            "--wildcard-root" => options.wildcard(Wildcard::Browser),
            "--output" => match words.next() {
                Some("ascii") => options.output(Output::Ascii),
                Some("unicode") => options.output(Output::Unicode),
                Some("input") => options.output(Output::Input),
                other => panic!("--output {other:?}"),
            },
            other => panic!("unknown flag {other:?} in the corpus"),
        };
    }
    options
}

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

fn row_parts(row: &Row) -> Vec<Option<String>> {
    vec![
        row.suffix.clone(),
        row.registrable.clone(),
        row.subdomain.clone(),
        row.label.clone(),
        row.section.clone(),
        Some(row.known.to_string()),
        row.rule.clone(),
        row.icann_suffix.clone(),
        row.icann_registrable.clone(),
        row.error.clone(),
    ]
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
        assert_eq!(row.rule.as_deref(), Some(rule), "{host}");
        assert_eq!(row.icann_suffix.as_deref(), Some(icann_suffix), "{host}");
        assert_eq!(
            row.icann_registrable.as_deref(),
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
        let options = options_of(&row.options);
        let got = list.lookup_with(&row.input, &options);
        assert_eq!(parts(&got), row_parts(&row), "{row:?}");
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
        let options = options_of(&row.options);
        // UTS 46 by the `idna` crate, then the model's own steps (empty
        // labels, forbidden code points, lengths, IP addresses) on ASCII.
        let Ok(name) = idna::domain_to_ascii(&row.input) else {
            assert!(row.error.is_some(), "idna refuses {row:?}");
            continue;
        };
        let Ok(host) = common::read_host(&name) else {
            assert!(row.error.is_some(), "the model refuses {name:?}: {row:?}");
            continue;
        };
        assert_eq!(row.error, None, "the model reads {row:?}");
        let want = &model.lookup_host(&host, &[options], Output::Ascii)[0];
        let suffix = row.suffix.as_deref().map(ascii);
        assert_eq!(suffix, want.suffix.as_deref().map(ascii), "{row:?}");
        let registrable = row.registrable.as_deref().map(ascii);
        assert_eq!(
            registrable,
            want.registrable.as_deref().map(ascii),
            "{row:?}"
        );
        assert_eq!(
            row.section.as_deref(),
            want.section.map(|s| s.as_str()),
            "{row:?}"
        );
        assert_eq!(row.known, want.known, "{row:?}");
        let name = host.ascii.join(".");
        let rich = model.rich(&name, &options);
        assert_eq!(row.rule, rich.rule, "{row:?}");
        assert_eq!(
            row.icann_suffix.as_deref().map(ascii),
            rich.icann_suffix,
            "{row:?}"
        );
        assert_eq!(
            row.icann_registrable.as_deref().map(ascii),
            rich.icann_registrable,
            "{row:?}"
        );
        checked += 1;
    }
    assert!(checked > 800, "{checked} rows held to the model");
}
