//! The shared corpus (`testdata/corpus.tsv`) through the command line: for
//! each set of options, `etld lookup --json` on the corpus's hosts gives the
//! corpus's answers, key by key.

use std::collections::BTreeMap;

use etld_testkit::cli::{pinned, run};

/// The corpus's rows by options: (input, the values of its answer).
type Rows = Vec<(String, Vec<Option<String>>)>;

fn corpus() -> BTreeMap<String, Rows> {
    let mut by_options: BTreeMap<String, Rows> = BTreeMap::new();
    for row in etld_testkit::corpus() {
        by_options
            .entry(row.options)
            .or_default()
            .push((row.input, row.values));
    }
    by_options
}

/// A JSON value as the corpus writes it.
fn text(value: &serde_json::Value) -> Option<String> {
    match value {
        serde_json::Value::Null => None,
        serde_json::Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

#[test]
fn lookup_json_gives_the_corpus() {
    let corpus = corpus();
    assert_eq!(corpus.len(), 7);
    for (options, rows) in corpus {
        let stdin: String = rows.iter().map(|(input, _)| format!("{input}\n")).collect();
        let mut command = pinned(env!("CARGO_BIN_EXE_etld"));
        command.arg("--json").args(options.split_whitespace());
        let out = run(command, stdin.as_bytes());
        assert!(out.status.success(), "etld --json {options}");
        let stdout = String::from_utf8(out.stdout).expect("UTF-8");
        let lines: Vec<&str> = stdout.split_terminator('\n').collect();
        assert_eq!(lines.len(), rows.len(), "one line per host ({options})");
        for (line, (input, want)) in lines.iter().zip(&rows) {
            let got: serde_json::Value = serde_json::from_str(line).expect("JSON");
            assert_eq!(got["input"].as_str(), Some(input.as_str()));
            let got: Vec<Option<String>> =
                etld_testkit::KEYS.iter().map(|k| text(&got[*k])).collect();
            assert_eq!(&got, want, "{input:?} with {options:?}");
        }
    }
}

/// `--fields site`, under each set of options whose twin with
/// `--output ascii` the corpus holds, gives the registrable domain of that
/// twin without a trailing dot (empty where there is none): the site key
/// is the ASCII answer, whatever the output form.
#[test]
fn the_site_field_is_the_ascii_registrable_domain() {
    let corpus = corpus();
    let registrable = etld_testkit::KEYS
        .iter()
        .position(|k| *k == "registrable")
        .expect("a registrable column");
    let mut checked = 0;
    for (options, rows) in &corpus {
        let Some(twins) = corpus.get(&etld_testkit::with_ascii_output(options)) else {
            continue;
        };
        let stdin: String = rows.iter().map(|(input, _)| format!("{input}\n")).collect();
        let mut command = pinned(env!("CARGO_BIN_EXE_etld"));
        command
            .args(["--fields", "site"])
            .args(options.split_whitespace());
        let out = run(command, stdin.as_bytes());
        assert!(out.status.success(), "etld --fields site {options}");
        let stdout = String::from_utf8(out.stdout).expect("UTF-8");
        let lines: Vec<&str> = stdout.split_terminator('\n').collect();
        assert_eq!(lines.len(), rows.len(), "one line per host ({options})");
        for (line, ((input, _), (twin, values))) in lines.iter().zip(rows.iter().zip(twins)) {
            assert_eq!(input, twin, "the twins' rows are in one order");
            let want = values[registrable].as_deref().unwrap_or("");
            let want = want.strip_suffix('.').unwrap_or(want);
            assert_eq!(*line, want, "site of {input:?} with {options:?}");
        }
        checked += 1;
    }
    // The default, `--output ascii`, `--output unicode` and the set of every
    // flag.
    assert_eq!(checked, 4);
}
