//! `--extra FILE` and `$ETLD_EXTRA` on `lookup`, `cookie` and `info`: the
//! answers of the list with the files appended, each layer named by
//! `info`, and a file that cannot be used refused with its path.

use etld_testkit::cli::{pinned, run};
use std::path::{Path, PathBuf};

#[path = "../../benches/hosts/mod.rs"]
mod hosts;

/// What a run of `etld` gave.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `etld` on the built-in list (no cache, no system list, no
/// `$ETLD_LIST` or `$ETLD_EXTRA` but those of `env`), `stdin` as input.
fn etld(args: &[&str], env: &[(&str, &str)], stdin: &str) -> Run {
    let mut cmd = pinned(env!("CARGO_BIN_EXE_etld"));
    cmd.args(args).env("ETLD_CACHE_DIR", dir().join("no-cache"));
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = run(cmd, stdin.as_bytes());
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// Runs `etld`, expects success and an empty stderr; returns stdout.
fn ok(args: &[&str], env: &[(&str, &str)], stdin: &str) -> String {
    let run = etld(args, env, stdin);
    assert_eq!(run.code, Some(0), "etld {args:?}: {}", run.stderr);
    assert_eq!(run.stderr, "", "etld {args:?}");
    run.stdout
}

/// The tests' directory.
fn dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("etld-extra-tests");
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Writes `text` to the file `name` of the tests' directory.
fn file(name: &str, text: &[u8]) -> PathBuf {
    let path = dir().join(name);
    std::fs::write(&path, text).expect("write a test file");
    path
}

fn s(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

/// The `info` line that starts with `key`, without it.
fn info_lines<'a>(info: &'a str, key: &str) -> Vec<&'a str> {
    info.lines()
        .filter(|l| l.split_whitespace().next() == Some(key))
        .map(|l| &l[12..])
        .collect()
}

const CORP: &str = "// VERSION: corp-7\n\
!foo.kobe.jp\n\
*.github.io\n\
*.dev.corp.example\n\
!www.dev.corp.example\n\
// ===BEGIN PRIVATE DOMAINS===\n\
co.uk\n\
users.platform.example\n\
// ===END PRIVATE DOMAINS===\n";

const PLATFORM: &str = "// ===BEGIN PRIVATE DOMAINS===\n\
*.sites.platform.example\n\
// ===END PRIVATE DOMAINS===\n\
!bar.kobe.jp\n\
com\n";

/// Hosts for the comparisons: the benchmark's mix and hosts under the
/// extra rules.
fn hosts() -> String {
    let mut hosts = hosts::realistic_hosts(3000, 5);
    for h in [
        "a.foo.kobe.jp",
        "a.bar.kobe.jp",
        "a.me.github.io",
        "www.example.co.uk",
        "a.b.dev.corp.example",
        "a.www.dev.corp.example",
        "x.users.platform.example",
        "a.b.sites.platform.example",
    ] {
        hosts.push(h.to_string());
    }
    hosts.join("\n") + "\n"
}

#[test]
fn lookups_answer_as_the_list_with_the_files_appended() {
    let corp = file("corp.dat", CORP.as_bytes());
    let platform = file("platform.dat", PLATFORM.as_bytes());
    let builtin = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors/public_suffix_list.dat"),
    )
    .expect("the built-in list's text");
    let appended = file("appended.dat", (builtin + CORP + PLATFORM).as_bytes());
    let hosts = hosts();
    let want = ok(&["--json", "--list", s(&appended)], &[], &hosts);
    assert_eq!(want.lines().count(), 3008);
    let got = ok(
        &["--json", "--extra", s(&corp), "--extra", s(&platform)],
        &[],
        &hosts,
    );
    assert_eq!(got, want);
    // The same from $ETLD_EXTRA, a path list, and from both: its files
    // first.
    let both = format!("{}:{}", s(&corp), s(&platform));
    assert_eq!(ok(&["--json"], &[("ETLD_EXTRA", &both)], &hosts), want);
    let corp_env = [("ETLD_EXTRA", s(&corp))];
    let got = ok(&["--json", "--extra", s(&platform)], &corp_env, &hosts);
    assert_eq!(got, want);
    // With options, and over a list given with --list.
    for options in [
        &["--icann-only"][..],
        &["--wildcard-root"],
        &["--no-default-rule"],
    ] {
        let mut layered = vec!["--extra", s(&corp), "--extra", s(&platform)];
        layered.extend_from_slice(options);
        let mut plain = vec!["--list", s(&appended)];
        plain.extend_from_slice(options);
        assert_eq!(
            ok(&layered, &[], &hosts),
            ok(&plain, &[], &hosts),
            "{options:?}"
        );
    }
    let small = file("small.dat", b"com\nexample\n");
    let small_appended = file(
        "small-appended.dat",
        format!("com\nexample\n{CORP}").as_bytes(),
    );
    assert_eq!(
        ok(
            &["lookup", "--list", s(&small), "--extra", s(&corp)],
            &[],
            &hosts
        ),
        ok(&["--list", s(&small_appended)], &[], &hosts)
    );
    // Without the files, the built-in list's answers.
    assert_eq!(
        ok(&["a.b.dev.corp.example"], &[], ""),
        "corp.example\texample\n"
    );
    assert_eq!(
        ok(&["--extra", s(&corp), "a.b.dev.corp.example"], &[], ""),
        "a.b.dev.corp.example\tb.dev.corp.example\n"
    );
    // Empty entries of the path list are skipped; an empty one is none.
    let sparse = format!(":{}::", s(&corp));
    assert_eq!(
        ok(&["a.b.dev.corp.example"], &[("ETLD_EXTRA", &sparse)], ""),
        "a.b.dev.corp.example\tb.dev.corp.example\n"
    );
    assert_eq!(
        ok(&["a.b.dev.corp.example"], &[("ETLD_EXTRA", "")], ""),
        "corp.example\texample\n"
    );
}

#[test]
fn the_cookie_check_sees_the_extra_rules() {
    let corp = file("cookie-corp.dat", CORP.as_bytes());
    let cookie = |env: &[(&str, &str)], extra: bool, host: &str, domain: &str| {
        let mut args = vec!["cookie", host, domain];
        if extra {
            args.extend(["--extra", s(&corp)]);
        }
        etld(&args, env, "").code
    };
    let corp_env = [("ETLD_EXTRA", s(&corp))];
    for (host, domain, plain, layered) in [
        ("a.b.dev.corp.example", "b.dev.corp.example", 0, 1),
        ("a.b.dev.corp.example", "a.b.dev.corp.example", 0, 0),
        ("a.www.dev.corp.example", "www.dev.corp.example", 0, 0),
        ("www.foo.kobe.jp", "foo.kobe.jp", 1, 0),
        ("x.users.platform.example", "users.platform.example", 0, 1),
        ("www.example.co.uk", "co.uk", 1, 1),
    ] {
        assert_eq!(
            cookie(&[], false, host, domain),
            Some(plain),
            "{host} {domain}"
        );
        assert_eq!(
            cookie(&[], true, host, domain),
            Some(layered),
            "{host} {domain}"
        );
        assert_eq!(
            cookie(&corp_env, false, host, domain),
            Some(layered),
            "{host} {domain}"
        );
    }
}

#[test]
fn info_names_each_layer() {
    let corp = file("info-corp.dat", CORP.as_bytes());
    let platform = file("info-platform.dat", PLATFORM.as_bytes());
    let plain = ok(&["info"], &[], "");
    let builtin_rules: u32 = info_lines(&plain, "rules")[0].parse().expect("a count");
    assert!(info_lines(&plain, "extra").is_empty());

    let info = ok(
        &["info", "--extra", s(&platform)],
        &[("ETLD_EXTRA", s(&corp))],
        "",
    );
    assert_eq!(
        info_lines(&info, "extra"),
        [
            format!(
                "{}: 6 rules (4 icann, 2 private), version corp-7",
                corp.display()
            ),
            format!("{}: 3 rules (2 icann, 1 private)", platform.display()),
        ]
    );
    // `com` is in the list already: 8 rules more, not 9 (a PRIVATE
    // `co.uk` is a rule beside the list's ICANN one).
    assert_eq!(
        info_lines(&info, "rules"),
        [format!(
            "{} ({builtin_rules} of the list, 8 more from the extra rules)",
            builtin_rules + 8
        )]
    );
    // The list's own VERSION, and the list named as before.
    assert_eq!(info_lines(&info, "version"), info_lines(&plain, "version"));
    assert_eq!(info_lines(&info, "list"), ["built-in"]);
}

#[test]
fn a_file_that_cannot_be_used_is_refused_with_its_path() {
    let bad = file("bad.dat", b"ok.example\n\n*bad.example\n");
    let good = file("good.dat", b"good.example\n");
    let refused = |args: &[&str], env: &[(&str, &str)], code: i32, message: String| {
        let run = etld(args, env, "x.com\n");
        assert_eq!(run.code, Some(code), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
        assert_eq!(run.stderr, format!("etld: {message}\n"), "{args:?}");
    };
    let line_3 = format!(
        "{}: line 3, byte 0: a wildcard must be a whole label",
        bad.display()
    );
    for args in [
        &["--extra", s(&bad), "x.com"][..],
        &["lookup", "--extra", s(&good), "--extra", s(&bad)],
        &["info", "--extra", s(&bad)],
    ] {
        refused(args, &[], 1, line_3.clone());
    }
    // The check cannot run: 2, as for a bad list, so 1 keeps meaning "not
    // acceptable".
    refused(
        &["cookie", "--extra", s(&bad), "a.b", "b"],
        &[],
        2,
        line_3.clone(),
    );
    // A file $ETLD_EXTRA names is said to be so: it may have been set long
    // before the run.
    let env = format!("{}:{}", s(&good), s(&bad));
    let named = format!("{line_3}; $ETLD_EXTRA names it");
    refused(&["x.com"], &[("ETLD_EXTRA", &env)], 1, named.clone());
    refused(&["-"], &[("ETLD_EXTRA", &env)], 1, named.clone());
    refused(&["info"], &[("ETLD_EXTRA", &env)], 1, named);
    // Named by --extra too: the run's own argument, which it was given.
    refused(
        &["--extra", s(&bad), "x.com"],
        &[("ETLD_EXTRA", &env)],
        1,
        line_3.clone(),
    );

    let missing = dir().join("missing.dat");
    let message = format!("cannot read extra rules file {}: ", missing.display());
    for (args, env) in [
        (vec!["--extra", s(&missing), "x.com"], vec![]),
        (vec!["info"], vec![("ETLD_EXTRA", s(&missing))]),
    ] {
        let run = etld(&args, &env, "");
        assert_eq!(run.code, Some(1), "{args:?}");
        assert!(
            run.stderr.starts_with(&format!("etld: {message}")),
            "{}",
            run.stderr
        );
    }
    // A URL is said to be one, also in $ETLD_EXTRA, whose `:` splits paths
    // on Unix but not a URL's scheme from the rest.
    let url = "https://example.com/x.dat";
    let said = format!("etld: cannot read extra rules file {url}: a URL, not a local file: ");
    let env = format!("{url}:{}", s(&good));
    for (args, env) in [
        (vec!["--extra", url, "x.com"], vec![]),
        (vec!["x.com"], vec![("ETLD_EXTRA", env.as_str())]),
        (vec!["--list", url, "x.com"], vec![]),
        (vec!["x.com"], vec![("ETLD_LIST", url)]),
    ] {
        let run = etld(&args, &env, "");
        assert_eq!(run.code, Some(1), "{args:?}");
        let said = match args[0] {
            "--list" => said.replace("extra rules file", "list file"),
            _ if env.iter().any(|(k, _)| *k == "ETLD_LIST") => {
                said.replace("extra rules file", "list file")
            }
            _ => said.clone(),
        };
        assert!(
            run.stderr.starts_with(&said),
            "{args:?} {env:?}: {}",
            run.stderr
        );
    }
    // A URL's password is not shown, as `etld update` shows none; in
    // $ETLD_EXTRA it stays in the URL, which the path list keeps whole.
    for (args, env) in [
        (
            vec!["--extra", "https://me:secret@example.com/x.dat", "x.com"],
            vec![],
        ),
        (
            vec!["x.com"],
            vec![("ETLD_EXTRA", "https://me:secret@example.com/x.dat")],
        ),
        // With a space before it, which the name keeps.
        (
            vec!["x.com"],
            vec![("ETLD_EXTRA", " https://me:secret@example.com/x.dat")],
        ),
    ] {
        let run = etld(&args, &env, "");
        assert_eq!(run.code, Some(1), "{args:?}");
        assert!(
            run.stderr
                .starts_with("etld: cannot read extra rules file ")
                && run.stderr.contains("https://***@example.com/x.dat: ")
                && !run.stderr.contains("secret"),
            "{args:?}: {}",
            run.stderr
        );
    }
    // A directory is no file of rules.
    let run = etld(&["--extra", s(&dir()), "x.com"], &[], "");
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr.starts_with(&format!(
            "etld: cannot read extra rules file {}: ",
            dir().display()
        )),
        "{}",
        run.stderr
    );
    // No rule at all: a layer that changes nothing, as appending it would.
    let empty = file("empty.dat", b"// nothing here\n");
    let run = etld(&["--extra", s(&empty), "www.example.co.uk"], &[], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "example.co.uk\tco.uk\n");
    // A compiled list cannot be a layer: the error says so, not "line 2".
    let compiled = file("list.fst", etld::List::builtin().to_fst_bytes());
    refused(
        &["--extra", s(&compiled), "x.com"],
        &[],
        1,
        format!(
            "{}: a compiled list (.fst) cannot be laid over a list: give the list text (.dat) it was compiled from",
            compiled.display()
        ),
    );
    // Non-UTF-8 text.
    let latin1 = file("latin1.dat", b"ok.example\nb\xfccher.example\n");
    refused(
        &["--extra", s(&latin1), "x.com"],
        &[],
        1,
        format!("{}: line 2, byte 1: invalid UTF-8", latin1.display()),
    );
}
