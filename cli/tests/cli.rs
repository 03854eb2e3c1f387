//! The `etld` binary as a user runs it: exact output lines, exit statuses,
//! one answer line per input line.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// What a run of `etld` gave.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn etld_output(args: &[&str], stdin: &[u8]) -> Output {
    // The built-in list, whatever is installed on this machine, and no
    // warning about its age.
    let mut command = etld_testkit::cli::pinned(env!("CARGO_BIN_EXE_etld"));
    command.args(args).env("ETLD_CACHE_DIR", tmp("no-cache"));
    etld_testkit::cli::run(command, stdin)
}

fn etld(args: &[&str], stdin: &str) -> Run {
    let out = etld_output(args, stdin.as_bytes());
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// Runs `etld` and expects success with empty stderr; returns stdout.
fn ok(args: &[&str], stdin: &str) -> String {
    let run = etld(args, stdin);
    assert_eq!(run.code, Some(0), "etld {args:?} failed: {}", run.stderr);
    assert_eq!(run.stderr, "", "etld {args:?} wrote to stderr");
    run.stdout
}

fn tmp(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("etld-cli-tests");
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

fn repo_file(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

const HOSTS: &[&str] = &[
    "www.example.co.uk",
    "co.uk",
    "me.github.io",
    "a.b.example",
    "kobe.jp",
    "a.b.kobe.jp",
    "city.kobe.jp",
    "in.futurecms.at",
    "www.食狮.公司.cn",
    "xn--85x722f.xn--55qx5d.cn",
    "Bücher.DE",
    "WWW.EXAMPLE.COM",
    "example.com.",
    "",
    "a..b",
    "192.168.0.1",
    "xn--abc-.com",
];

#[test]
fn looks_up_real_hosts() {
    assert_eq!(
        ok(
            &["www.example.co.uk", "co.uk", "me.github.io", "a.b.example"],
            ""
        ),
        "example.co.uk\tco.uk\n\tco.uk\nme.github.io\tgithub.io\nb.example\texample\n"
    );
    assert_eq!(
        ok(&["www.食狮.公司.cn", "WWW.Example.COM", "example.com."], ""),
        "食狮.公司.cn\t公司.cn\nexample.com\tcom\nexample.com.\tcom.\n"
    );
}

#[test]
fn lookup_is_the_default_command() {
    let args: Vec<&str> = HOSTS.iter().copied().filter(|h| !h.is_empty()).collect();
    let mut with = vec!["lookup"];
    with.extend(&args);
    assert_eq!(ok(&args, ""), ok(&with, ""));
    assert_eq!(ok(&["lookup", "info"], ""), "\tinfo\n");
}

#[test]
fn json_answers() {
    let out = ok(
        &[
            "--json",
            "www.example.co.uk",
            "me.github.io",
            "a.b.example",
            "1.2.3.4",
        ],
        "",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            r#"{"input":"www.example.co.uk","suffix":"co.uk","registrable":"example.co.uk","subdomain":"www","label":"example","section":"icann","known":true,"rule":"co.uk","icann_suffix":"co.uk","icann_registrable":"example.co.uk","error":null}"#,
            r#"{"input":"me.github.io","suffix":"github.io","registrable":"me.github.io","subdomain":null,"label":"me","section":"private","known":true,"rule":"github.io","icann_suffix":"io","icann_registrable":"github.io","error":null}"#,
            r#"{"input":"a.b.example","suffix":"example","registrable":"b.example","subdomain":"a","label":"b","section":null,"known":false,"rule":"*","icann_suffix":"example","icann_registrable":"b.example","error":null}"#,
            r#"{"input":"1.2.3.4","suffix":null,"registrable":null,"subdomain":null,"label":null,"section":null,"known":false,"rule":null,"icann_suffix":null,"icann_registrable":null,"error":"an IP address (or a name ending in a number) has no public suffix"}"#,
        ]
    );
    // Every line is one JSON object with exactly these keys.
    let out = ok(&["--json"], &HOSTS.join("\n"));
    assert_eq!(out.lines().count(), HOSTS.len());
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("valid JSON");
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        let mut want = [
            "error",
            "icann_registrable",
            "icann_suffix",
            "input",
            "known",
            "label",
            "registrable",
            "rule",
            "section",
            "subdomain",
            "suffix",
        ];
        want.sort_unstable();
        let mut keys = keys;
        keys.sort_unstable();
        assert_eq!(keys, want, "{line}");
    }
}

#[test]
fn batch_keeps_one_line_per_input_line() {
    let input = b"www.example.com\n\n1.2.3.4\r\nfoo\xff.com\nWWW.EXAMPLE.CO.UK\r\n  spaced.com\nlast.example.org";
    let out = etld_output(&[], input);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    let out = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        out,
        "example.com\tcom\n\
         error: empty host\n\
         error: an IP address (or a name ending in a number) has no public suffix\n\
         error: invalid UTF-8 at byte 3\n\
         example.co.uk\tco.uk\n\
         error: forbidden code point ' ' (U+0020) at byte 0\n\
         example.org\torg\n"
    );

    // Invalid UTF-8 in JSON: the input is shown with U+FFFD.
    let out = etld_output(&["--json"], b"a\xff.com\n");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "{\"input\":\"a\u{fffd}.com\",\"suffix\":null,\"registrable\":null,\"subdomain\":null,\"label\":null,\"section\":null,\"known\":false,\"rule\":null,\"icann_suffix\":null,\"icann_registrable\":null,\"error\":\"invalid UTF-8 at byte 1\"}\n"
    );
}

#[test]
fn a_big_batch_answers_every_line_in_order() {
    let input: String = (0..50_000)
        .map(|i| match i % 5 {
            0 => format!("www.host{i}.co.uk\n"),
            1 => "\n".to_string(),
            2 => format!("HOST{i}.Example.COM\n"),
            3 => format!("h{i}.食狮.公司.cn\n"),
            _ => format!("{}.{}.0.1\n", i % 256, i / 256 % 256),
        })
        .collect();
    let out = ok(&[], &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 50_000);
    assert_eq!(lines[0], "host0.co.uk\tco.uk");
    assert_eq!(lines[49_996], "error: empty host");
    assert_eq!(lines[49_997], "example.com\tcom");
    assert_eq!(lines[49_998], "食狮.公司.cn\t公司.cn");
    assert_eq!(
        lines[49_999],
        "error: an IP address (or a name ending in a number) has no public suffix"
    );
}

#[test]
fn an_overlong_line_is_an_error_line() {
    let input = format!("{}\nexample.com\n", "a".repeat(200_000));
    let out = ok(&[], &input);
    assert_eq!(
        out,
        "error: line is longer than 65536 bytes\nexample.com\tcom\n"
    );
    // Its input, where a column says it, is its first 64 KiB.
    let out = ok(&["--fields", "input,error"], &input);
    let first = out.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        format!("{}\tline is longer than 65536 bytes", "a".repeat(65_536))
    );
}

#[rustfmt::skip]
#[test]
fn options() {
    let json = "{\"input\":\"a.b.example\",\"suffix\":null,\"registrable\":null,\"subdomain\":null,\"label\":null,\"section\":null,\"known\":false,\"rule\":null,\"icann_suffix\":null,\"icann_registrable\":null,\"error\":null}\n";
    let cases: &[(&[&str], &str, &str)] = &[
        (&["--icann-only", "me.github.io"], "", "github.io\tio\n"),
        (&["--no-implicit-rule", "a.b.example"], "", "\t\n"),
        (&["--no-implicit-rule", "--json", "a.b.example"], "", json),
        (&["kobe.jp", "a.b.kobe.jp"], "", "kobe.jp\tjp\na.b.kobe.jp\tb.kobe.jp\n"),
        (&["--wildcard-root", "kobe.jp"], "", "\tkobe.jp\n"),
        (&["--output", "ascii", "www.食狮.公司.cn"], "", "xn--85x722f.xn--55qx5d.cn\txn--55qx5d.cn\n"),
        (&["--output", "unicode", "www.xn--85x722f.xn--55qx5d.cn"], "", "食狮.公司.cn\t公司.cn\n"),
        (&["--output", "input", "xn--85x722f.公司.cn"], "", "xn--85x722f.公司.cn\t公司.cn\n"),
        // The form in any case, as Python's `output=` and DuckDB's setting.
        (&["--output", "ASCII", "www.bücher.de"], "", "xn--bcher-kva.de\tde\n"),
        // Options combine, and apply to a batch from stdin too.
        (&["lookup", "--icann-only", "--wildcard-root"], "kobe.jp\nme.github.io\n", "\tkobe.jp\ngithub.io\tio\n"),
    ];
    for (args, stdin, want) in cases {
        assert_eq!(ok(args, stdin), *want, "etld {args:?}");
    }
}

#[test]
fn compiled_and_text_lists_answer_like_the_builtin() {
    let out = tmp("compiled.fst");
    let dat = repo_file("vectors/public_suffix_list.dat");
    let dat = dat.to_str().unwrap();
    let summary = ok(&["compile", dat, out.to_str().unwrap()], "");
    assert!(summary.starts_with("wrote "), "{summary}");
    assert_eq!(
        std::fs::read(&out).unwrap(),
        std::fs::read(repo_file("vectors/public_suffix_list.fst")).unwrap(),
        "compiling the snapshot gives the built-in .fst"
    );
    let input = HOSTS.join("\n");
    for options in [&[][..], &["--json", "--wildcard-root"], &["--icann-only"]] {
        let builtin = ok(options, &input);
        let mut with_fst = vec!["--list", out.to_str().unwrap()];
        with_fst.extend(options);
        assert_eq!(ok(&with_fst, &input), builtin);
        let mut with_dat = vec!["--list", dat];
        with_dat.extend(options);
        assert_eq!(ok(&with_dat, &input), builtin);
    }
}

#[test]
fn a_list_of_ones_own() {
    let dat = tmp("own.dat");
    std::fs::write(
        &dat,
        "// VERSION: test-1\ntest\n*.dev.test\n!www.dev.test\n",
    )
    .unwrap();
    let fst = tmp("own.fst");
    ok(
        &["compile", dat.to_str().unwrap(), fst.to_str().unwrap()],
        "",
    );
    for list in [&dat, &fst] {
        assert_eq!(
            ok(
                &["--list", list.to_str().unwrap()],
                "a.b.dev.test\nwww.dev.test\nx.test\nexample.com\n"
            ),
            "a.b.dev.test\tb.dev.test\nwww.dev.test\tdev.test\nx.test\ttest\nexample.com\tcom\n"
        );
    }
    let info = ok(&["info", "--list", fst.to_str().unwrap()], "");
    assert!(info.contains("(compiled .fst, "), "{info}");
    assert!(info.contains("version     test-1\n"), "{info}");
    assert!(info.contains("commit      (none)\n"), "{info}");
    assert!(info.contains("rules       3\n"), "{info}");
    assert!(info.contains("wildcards   1\n"), "{info}");
    assert!(info.contains("exceptions  1\n"), "{info}");
    let info = ok(&["info", "--list", dat.to_str().unwrap()], "");
    assert!(info.contains("(list text, "), "{info}");
}

#[test]
fn info_on_the_builtin_list() {
    let info = ok(&["info"], "");
    let keys: Vec<&str> = info
        .lines()
        .map(|l| l.split_whitespace().next().unwrap_or(""))
        .collect();
    assert_eq!(
        keys,
        [
            "list",
            "source",
            "version",
            "age",
            "commit",
            "rules",
            "icann",
            "private",
            "wildcards",
            "exceptions",
            "fst",
            "automaton",
            "states",
            "keys",
            "unicode"
        ]
    );
    assert!(info.starts_with("list        built-in\n"), "{info}");
    let rules: u32 = info.lines().nth(5).unwrap()[12..].parse().unwrap();
    assert!(rules > 9000, "{info}");
}

#[test]
fn bad_list_files_fail_with_a_message() {
    let run = etld(&["--list", "/nonexistent/list.dat", "example.com"], "");
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .starts_with("etld: cannot read list file /nonexistent/list.dat: "),
        "{}",
        run.stderr
    );

    let bad = tmp("bad.dat");
    std::fs::write(&bad, "com\n*bar.foo\n").unwrap();
    let run = etld(&["--list", bad.to_str().unwrap(), "example.com"], "");
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.contains("is not a valid list: line 2, byte 0: "),
        "{}",
        run.stderr
    );

    // A .fst file that does not check out.
    let mut fst = std::fs::read(repo_file("vectors/public_suffix_list.fst")).unwrap();
    let last = fst.len() - 1;
    fst[last] ^= 0x55;
    let corrupt = tmp("corrupt.fst");
    std::fs::write(&corrupt, &fst).unwrap();
    for args in [
        vec!["--list", corrupt.to_str().unwrap(), "example.com"],
        vec!["info", "--list", corrupt.to_str().unwrap()],
    ] {
        let run = etld(&args, "");
        assert_eq!(run.code, Some(1), "{args:?}");
        assert!(
            run.stderr.contains("is not a valid list: "),
            "{}",
            run.stderr
        );
    }
    // One cut within its magic bytes is a truncated .fst file, not list
    // text of one rule.
    for len in 1..8 {
        let cut = tmp(&format!("cut{len}.fst"));
        std::fs::write(&cut, &fst[..len]).unwrap();
        let run = etld(&["--list", cut.to_str().unwrap(), "example.com"], "");
        assert_eq!(run.code, Some(1), "{len} bytes");
        assert!(
            run.stderr.contains("is not a valid list: truncated"),
            "{len} bytes: {}",
            run.stderr
        );
    }

    let run = etld(
        &[
            "compile",
            bad.to_str().unwrap(),
            tmp("never.fst").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, Some(1));
    assert!(!tmp("never.fst").exists());
    let run = etld(
        &[
            "compile",
            repo_file("vectors/public_suffix_list.dat")
                .to_str()
                .unwrap(),
            "/nonexistent/dir/out.fst",
        ],
        "",
    );
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr
            .starts_with("etld: cannot write /nonexistent/dir/out.fst: "),
        "{}",
        run.stderr
    );
}

#[test]
fn bad_options_fail() {
    for args in [
        &["--bogus"][..],
        &["--output", "klingon", "example.com"],
        &["info", "example.com"],
        &["compile", "only-one.dat"],
        &["punycode"],
        &["punycode", "sideways", "x"],
        &["--list"],
    ] {
        let run = etld(args, "");
        assert_eq!(run.code, Some(2), "{args:?}");
        assert_eq!(run.stdout, "", "{args:?}");
        assert!(!run.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn help_for_every_command() {
    for args in [
        &["--help"][..],
        &["lookup", "--help"],
        &["compile", "--help"],
        &["info", "--help"],
        &["punycode", "--help"],
        &["punycode", "encode", "--help"],
        &["punycode", "decode", "--help"],
        &["cookie", "--help"],
        &["help", "lookup"],
    ] {
        let out = ok(args, "");
        assert!(out.contains("Usage: etld"), "{args:?}: {out}");
    }
    let help = ok(&["--help"], "");
    for needle in [
        "REGISTRABLE<TAB>SUFFIX",
        "error: MESSAGE",
        "--wildcard-root",
        "--json",
        "compile",
        "punycode",
        "cookie",
        "--url",
        "--fields",
    ] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
    assert!(ok(&["--version"], "").starts_with("etld "));
}

#[test]
fn punycode_encode_and_decode() {
    assert_eq!(
        ok(&["punycode", "encode", "bücher", "食狮", "abc"], ""),
        "bcher-kva\n85x722f\nabc-\n"
    );
    assert_eq!(
        ok(&["punycode", "decode", "bcher-kva", "85x722f", "ABC-"], ""),
        "bücher\n食狮\nABC\n"
    );
    // Errors are lines of their own; the batch goes on.
    assert_eq!(
        ok(&["punycode", "decode"], "bcher-kva\n-tda\nib9b\n\nmnchen-3ya\r\n"),
        "bücher\n\
         error: delimiter at byte 0 is not preceded by any basic code point\n\
         error: invalid code point 0xD800 (surrogate, above U+10FFFF or not encodable) at position 0\n\
         \n\
         münchen\n"
    );
    // An output with a line break or another control character in it is
    // escaped as a `--fields` column, so that each input gives one line.
    assert_eq!(
        ok(&["punycode", "encode", "ä\n", "a\\b", "a\rb"], ""),
        "\\n-zfa\na\\\\b-\na\\rb-\n"
    );
    assert_eq!(ok(&["idna", "to-ascii", "a\nb"], ""), "a\\nb\n");
    assert_eq!(
        ok(&["punycode", "encode", "--json", "bücher"], ""),
        "{\"input\":\"bücher\",\"output\":\"bcher-kva\",\"error\":null}\n"
    );
    let out = ok(&["punycode", "decode", "--json", "--", "-tda"], "");
    assert_eq!(
        out,
        "{\"input\":\"-tda\",\"output\":null,\"error\":\"delimiter at byte 0 is not preceded by any basic code point\"}\n"
    );
    assert_eq!(
        ok(
            &[
                "punycode",
                "encode",
                "--domain",
                "www.Bücher.DE",
                "食狮。公司.cn"
            ],
            ""
        ),
        "www.xn--bcher-kva.de\nxn--85x722f.xn--55qx5d.cn\n"
    );
    assert_eq!(
        ok(
            &[
                "punycode",
                "decode",
                "--domain",
                "xn--85x722f.XN--55QX5D.cn"
            ],
            ""
        ),
        "食狮.公司.cn\n"
    );
    let out = ok(&["punycode", "decode", "--domain", "a.xn--abc-.de"], "");
    assert!(out.starts_with("error: label \"xn--abc-\": "), "{out}");
    // Invalid UTF-8 and the input cap.
    let out = etld_output(&["punycode", "encode"], b"b\xc3\n");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "error: invalid UTF-8 at byte 1\n"
    );
    let out = ok(&["punycode", "decode"], &"a".repeat(3000));
    assert!(out.starts_with("error: "), "{out}");
}

#[cfg(unix)]
#[test]
fn non_utf8_arguments_are_error_lines() {
    use std::os::unix::ffi::OsStrExt;
    let out = Command::new(env!("CARGO_BIN_EXE_etld"))
        .arg(std::ffi::OsStr::from_bytes(b"a\xff.com"))
        .arg("example.com")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "error: invalid UTF-8 at byte 1\nexample.com\tcom\n"
    );
}

#[test]
fn unreadable_input_fails() {
    #[cfg(unix)]
    {
        let out = Command::new(env!("CARGO_BIN_EXE_etld"))
            .stdin(std::fs::File::open("/").unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("etld: cannot read standard input: "),
            "{err}"
        );
    }
}

/// `etld ARGS` started, its standard streams piped.
fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_etld"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("etld starts")
}

/// Runs `etld ARGS` on `block` written `times` times, reads the start of
/// its output, which must be `first`, and closes it: etld ends with status
/// 0 and writes nothing on stderr.
fn ends_quietly_when_its_output_closes(args: &[&str], block: Vec<u8>, times: usize, first: &[u8]) {
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for _ in 0..times {
            if stdin.write_all(&block).is_err() {
                break;
            }
        }
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut start = vec![0u8; first.len()];
    stdout.read_exact(&mut start).unwrap();
    assert_eq!(start, first, "{args:?}");
    drop(stdout);
    let status = child.wait().unwrap();
    writer.join().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(status.code(), Some(0), "{args:?}: {stderr}");
    assert_eq!(stderr, "", "{args:?}");
}

#[test]
fn a_closed_output_ends_quietly() {
    let block = b"www.example.co.uk\n".repeat(10_000);
    ends_quietly_when_its_output_closes(&[], block, 100, b"example.co.uk\t");
}

/// Help and the version that cannot be written (a full disk) fail as any
/// command's answers do.
#[test]
#[cfg(target_os = "linux")]
fn help_that_cannot_be_written_is_an_error() {
    for args in ["--help", "--version", "update --help"] {
        let out = through_sh(args, ">/dev/full");
        assert_eq!(out.status.code(), Some(1), "{args}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "etld: cannot write standard output: No space left on device (os error 28)\n",
            "{args}"
        );
    }
}

/// Runs `etld ARGS` through `sh` with standard output closed (`>&-`).
#[cfg(unix)]
fn with_stdout_closed(args: &str) -> Output {
    through_sh(args, ">&-")
}

/// Runs `etld ARGS REDIRECT` through `sh` (`REDIRECT` a shell's, such as
/// `<&-`), standard input empty unless it says otherwise.
#[cfg(unix)]
fn through_sh(args: &str, redirect: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" {args} {redirect}"))
        .arg(env!("CARGO_BIN_EXE_etld"))
        .env("ETLD_CACHE_DIR", tmp("no-cache"))
        .env("ETLD_SYSTEM_LIST", "")
        .env_remove("ETLD_LIST")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// Started with no standard input, a command that reads it stops with an
/// error (it would read as empty input); one that does not read it runs,
/// and `/dev/null` given on purpose is an empty input.
#[test]
#[cfg(unix)]
fn a_standard_input_closed_from_the_start_is_an_error_where_it_is_read() {
    let run = through_sh;
    let message = "etld: cannot read standard input: it is closed (etld was started without it)\n";
    for args in [
        "",
        "lookup --threads 1",
        "lookup -",
        "example.com -",
        "idna to-ascii",
        "punycode decode",
    ] {
        let out = run(args, "<&-");
        assert_eq!(out.status.code(), Some(1), "{args}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), message, "{args}");
    }
    let out = run("example.com", "<&-");
    assert_eq!(
        (out.status.code(), &out.stdout[..]),
        (Some(0), &b"example.com\tcom\n"[..])
    );
    let out = run("lookup", "</dev/null");
    assert_eq!(
        (out.status.code(), &out.stdout[..], &out.stderr[..]),
        (Some(0), &b""[..], &b""[..])
    );
}

#[test]
#[cfg(unix)]
fn a_standard_output_closed_from_the_start_is_an_error() {
    let message =
        "etld: cannot write standard output: it is closed (etld was started without it)\n";
    for (args, code) in [
        ("example.com", 1),
        ("info", 1),
        ("punycode encode bücher", 1),
        ("cookie a.example.com example.com", 2),
    ] {
        let out = with_stdout_closed(args);
        assert_eq!(out.status.code(), Some(code), "{args}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), message, "{args}");
    }
    // Sent to /dev/null on purpose, the answers are dropped quietly.
    let out = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" example.com >/dev/null")
        .arg(env!("CARGO_BIN_EXE_etld"))
        .env("ETLD_CACHE_DIR", tmp("no-cache"))
        .env("ETLD_SYSTEM_LIST", "")
        .output()
        .unwrap();
    assert_eq!((out.status.code(), &out.stderr[..]), (Some(0), &b""[..]));
    // And so on a /dev/null open for reading and writing, which is what
    // Python's `subprocess.DEVNULL`, Go's `exec.Cmd` and service managers
    // give, and what the standard library opens for a closed one.
    let null = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
        .unwrap();
    // A host as an argument, and a batch read from a file on standard input.
    let input = tmp("stdout-on-devnull-input.txt");
    std::fs::write(&input, "www.example.co.uk\n").unwrap();
    let runs: [(&[&str], Option<&PathBuf>); 2] = [
        (&["example.com"], None),
        (&["lookup", "--threads", "1", "-"], Some(&input)),
    ];
    for (args, hosts) in runs {
        let stdin = match hosts {
            Some(path) => Stdio::from(std::fs::File::open(path).unwrap()),
            None => Stdio::null(),
        };
        let out = Command::new(env!("CARGO_BIN_EXE_etld"))
            .args(args)
            .env("ETLD_CACHE_DIR", tmp("no-cache"))
            .env("ETLD_SYSTEM_LIST", "")
            .env_remove("ETLD_LIST")
            .stdin(stdin)
            .stdout(null.try_clone().unwrap())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(
            (out.status.code(), String::from_utf8_lossy(&out.stderr)),
            (Some(0), "".into()),
            "{args:?}"
        );
    }
}

#[test]
fn no_progress_when_stderr_is_not_a_terminal() {
    // A batch long enough to pass the one-second mark on a slow machine
    // would show progress on a terminal; piped, stderr stays empty.
    let input = "www.example.co.uk\n".repeat(200_000);
    let run = etld(&[], &input);
    assert_eq!(run.code, Some(0));
    assert_eq!(run.stderr, "");
    assert_eq!(run.stdout.lines().count(), 200_000);
}

#[test]
fn cookie_check_answers_by_exit_status() {
    // (request host, cookie domain, acceptable)
    let cases = [
        ("www.example.co.uk", "example.co.uk", true),
        ("www.example.co.uk", ".example.co.uk", true),
        ("www.example.co.uk", "co.uk", false),
        ("co.uk", "co.uk", true),
        ("a.b.kobe.jp", "kobe.jp", false),
        ("evil.tenant.customer-oci.com", "customer-oci.com", false),
        ("a.ck", "ck", false),
        ("a.b.zzz", "zzz", false),
        ("192.168.0.1", "192.168.0.1", true),
        ("10.192.168.0.1", "192.168.0.1", false),
        ("a..b", "b", false),
        ("bucket.s3.amazonaws.com", "amazonaws.com", false),
        ("0x7f.1", "127.0.0.1", true),
        ("999.1.1.1", "999.1.1.1", false),
    ];
    for (host, domain, acceptable) in cases {
        let run = etld(&["cookie", host, domain], "");
        // An invalid host is named on stderr, so that a typo is told from
        // a refusal.
        let note = match host {
            "a..b" => "etld: the request host \"a..b\" is invalid: empty label at byte 2\n",
            "10.192.168.0.1" => {
                "etld: the request host \"10.192.168.0.1\" is invalid: it ends in a number but is no IP address\n"
            }
            "999.1.1.1" => concat!(
                "etld: the request host \"999.1.1.1\" is invalid: it ends in a number but is no IP address\n",
                "etld: the cookie domain \"999.1.1.1\" is invalid: it ends in a number but is no IP address\n",
            ),
            _ => "",
        };
        assert_eq!(run.stderr, note, "{host} {domain}");
        assert_eq!(
            (run.code, run.stdout.as_str()),
            match acceptable {
                true => (Some(0), "acceptable\n"),
                false => (Some(1), "not acceptable\n"),
            },
            "{host} {domain}"
        );
    }
    let run = etld(&["cookie", "--json", "www.example.co.uk", "co.uk"], "");
    assert_eq!(run.code, Some(1));
    // The keys in the order the docs show.
    assert_eq!(
        run.stdout,
        "{\"request_host\":\"www.example.co.uk\",\"cookie_domain\":\"co.uk\",\"acceptable\":false}\n"
    );
    // Options of a lookup do not exist here, and a list of one's own is
    // still checked as a browser would: an unlisted TLD is a suffix.
    let list = tmp("cookie-list.dat");
    std::fs::write(&list, "com\n").expect("list written");
    let list = list.to_str().expect("UTF-8 path");
    let run = etld(&["cookie", "--list", list, "a.b.zzz", "zzz"], "");
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (Some(1), "not acceptable\n")
    );
    let run = etld(&["cookie", "--list", list, "a.b.zzz", "b.zzz"], "");
    assert_eq!((run.code, run.stdout.as_str()), (Some(0), "acceptable\n"));
    // Bad usage and an unreadable list: 2, never 1.
    assert_eq!(etld(&["cookie", "a.com"], "").code, Some(2));
    assert_eq!(
        etld(&["cookie", "--icann-only", "a.b.com", "b.com"], "").code,
        Some(2)
    );
    let run = etld(
        &["cookie", "--list", "/nonexistent.dat", "a.b.com", "b.com"],
        "",
    );
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("cannot read list file"),
        "{}",
        run.stderr
    );
}

/// A large input of every kind of line: hosts of the benchmark mix's
/// kinds, blank lines, `\r\n` endings, errors, lines that are not UTF-8,
/// and a line too long, so that blocks of lines are cut everywhere.
fn varied_input(lines: usize) -> Vec<u8> {
    let mut input = Vec::new();
    for i in 0..lines {
        match i % 13 {
            0 => input.extend_from_slice(format!("www.host{i}.co.uk\n").as_bytes()),
            1 => input.extend_from_slice(b"\n"),
            2 => input.extend_from_slice(format!("HOST{i}.Example.COM\r\n").as_bytes()),
            3 => input.extend_from_slice(format!("h{i}.食狮.公司.cn\n").as_bytes()),
            4 => input.extend_from_slice(format!("{}.{}.0.1\n", i % 256, i / 256 % 256).as_bytes()),
            5 => {
                input.extend_from_slice(format!("x{i}").as_bytes());
                input.extend_from_slice(b"\xff.example\n");
            }
            6 => input.extend_from_slice(format!("me{i}.github.io\n").as_bytes()),
            7 => input.extend_from_slice(format!("a{i}..b\n").as_bytes()),
            8 => input.extend_from_slice(format!("xn--85x722f.xn--55qx5d.cn.{i}\n").as_bytes()),
            9 if i % 50_000 == 9 => {
                input.extend_from_slice(&vec![b'y'; 70_000]);
                input.push(b'\n');
            }
            _ => input.extend_from_slice(format!("sub{i}.kobe.jp\n").as_bytes()),
        }
    }
    input
}

#[test]
fn threads_keep_the_input_order() {
    let lines = 200_000;
    let input = varied_input(lines);
    for json in [false, true] {
        let run = |threads: &str| {
            let mut args = vec!["--threads", threads];
            if json {
                args.push("--json");
            }
            let out = etld_output(&args, &input);
            assert_eq!(out.status.code(), Some(0), "--threads {threads}");
            assert_eq!(String::from_utf8_lossy(&out.stderr), "");
            String::from_utf8(out.stdout).expect("UTF-8 output")
        };
        let one = run("1");
        assert_eq!(one.lines().count(), lines);
        for threads in ["2", "4"] {
            let many = run(threads);
            // Compared line by line, to point at the first difference.
            for (i, (a, b)) in one.lines().zip(many.lines()).enumerate() {
                assert_eq!(a, b, "line {i} with --threads {threads}");
            }
            assert_eq!(one, many, "--threads {threads}");
        }
        // The default (one thread per core) gives the same.
        let args: &[&str] = if json { &["--json"] } else { &[] };
        let default = etld_output(args, &input);
        assert!(String::from_utf8_lossy(&default.stdout) == one);
        if !json {
            let got: Vec<&str> = one.lines().collect();
            assert_eq!(got[0], "host0.co.uk\tco.uk");
            assert_eq!(got[1], "error: empty host");
            assert_eq!(got[2], "example.com\tcom");
            assert_eq!(got[3], "食狮.公司.cn\t公司.cn");
            assert_eq!(
                got[4],
                "error: an IP address (or a name ending in a number) has no public suffix"
            );
            assert_eq!(got[5], "error: invalid UTF-8 at byte 2");
            assert_eq!(got[6], "me6.github.io\tgithub.io");
            assert_eq!(got[9], "error: line is longer than 65536 bytes");
            assert_eq!(got[lines - 2], "me199998.github.io\tgithub.io");
            assert_eq!(got[lines - 1], "error: empty label at byte 8");
        }
    }
}

#[test]
fn threads_must_be_a_positive_number() {
    for bad in ["0", "-1", "two", ""] {
        let run = etld(&["--threads", bad, "example.com"], "");
        assert_eq!(run.code, Some(2), "--threads {bad:?}");
        assert_eq!(run.stdout, "");
    }
    assert_eq!(
        ok(&["--threads", "3", "example.com"], ""),
        "example.com\tcom\n"
    );
}

#[test]
fn too_many_threads_are_refused_with_a_message() {
    for over in ["1025", "20000", "100000"] {
        let run = etld(&["--threads", over], "example.com\n");
        assert_eq!(run.code, Some(2), "--threads {over}");
        assert_eq!(run.stdout, "");
        assert!(
            run.stderr.contains(&format!(
                "{over} threads: the number must be from 1 to 1024"
            )),
            "{}",
            run.stderr
        );
    }
    // The most allowed run and answer.
    assert_eq!(
        ok(&["--threads", "1024"], "example.com\n"),
        "example.com\tcom\n"
    );
}

/// Writes one line at a time and reads its answer before writing the
/// next, as `tail -f log | etld` does: each answer must come while the
/// input stalls.
fn answers_line_by_line(args: &[&str]) {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;

    let mut child = spawn(args);
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let stdout = child.stdout.take().expect("stdout is piped");
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.expect("UTF-8 output")).is_err() {
                break;
            }
        }
    });
    let exchanges = [
        ("\u{feff}www.example.co.uk", "example.co.uk\tco.uk"),
        ("WWW.EXAMPLE.COM", "example.com\tcom"),
        ("a..b", "error: empty label at byte 2"),
        ("", "error: empty host"),
        ("me.github.io\r", "me.github.io\tgithub.io"),
        ("www.食狮.公司.cn", "食狮.公司.cn\t公司.cn"),
    ];
    for (host, want) in exchanges {
        stdin
            .write_all(format!("{host}\n").as_bytes())
            .expect("etld reads");
        stdin.flush().expect("etld reads");
        match rx.recv_timeout(Duration::from_secs(20)) {
            Ok(got) => assert_eq!(got, want, "{args:?} {host:?}"),
            Err(_) => {
                let _ = child.kill();
                panic!("{args:?}: no answer for {host:?} while the input stalls");
            }
        }
    }
    drop(stdin);
    let status = child.wait().expect("etld ends");
    reader.join().expect("reader thread");
    assert_eq!(status.code(), Some(0));
}

#[test]
fn a_stalled_input_is_answered_line_by_line() {
    answers_line_by_line(&[]);
    answers_line_by_line(&["--threads", "1"]);
    answers_line_by_line(&["--threads", "2"]);
    answers_line_by_line(&["lookup", "--threads", "4"]);
}

#[test]
fn a_closed_output_ends_quietly_with_any_threads() {
    for threads in ["1", "2", "4"] {
        let block = b"www.example.co.uk\nA.B.COM\n".repeat(5_000);
        let first = b"example.co.uk\tco.uk\n";
        ends_quietly_when_its_output_closes(&["--threads", threads], block, 200, first);
    }
}

#[test]
fn a_dash_reads_standard_input() {
    let stdin = "x.co.uk\nY.CO.UK\n\nlast.example.org";
    for threads in ["1", "2"] {
        assert_eq!(
            ok(&["--threads", threads, "a.com", "-", "b.org"], stdin),
            "a.com\tcom\nx.co.uk\tco.uk\ny.co.uk\tco.uk\nerror: empty host\nexample.org\torg\nb.org\torg\n"
        );
        assert_eq!(
            ok(&["--threads", threads, "-"], stdin),
            ok(&["--threads", threads], stdin)
        );
        // Standard input is read once: a second `-` finds it at its end.
        assert_eq!(
            ok(&["--threads", threads, "-", "-", "c.net"], "x.co.uk\n"),
            "x.co.uk\tco.uk\nc.net\tnet\n"
        );
    }
    assert_eq!(
        ok(&["lookup", "--json", "-"], "a.b.example\n"),
        "{\"input\":\"a.b.example\",\"suffix\":\"example\",\"registrable\":\"b.example\",\"subdomain\":\"a\",\"label\":\"b\",\"section\":null,\"known\":false,\"rule\":\"*\",\"icann_suffix\":\"example\",\"icann_registrable\":\"b.example\",\"error\":null}\n"
    );
    // `punycode` reads standard input for `-` too.
    assert_eq!(
        ok(&["punycode", "encode", "bücher", "-"], "食狮\n"),
        "bcher-kva\n85x722f\n"
    );
}

#[test]
fn a_byte_order_mark_at_the_start_of_standard_input_is_ignored() {
    let bom = "\u{feff}";
    for threads in ["1", "2"] {
        let args = ["--threads", threads];
        assert_eq!(
            ok(&args, &format!("{bom}www.example.co.uk\r\nb.com\r\n")),
            "example.co.uk\tco.uk\nb.com\tcom\n"
        );
        // Only the very start: a mark later on is part of its line, as it
        // is of an argument.
        let later = ok(&args, &format!("a.com\n{bom}b.com\n"));
        let as_argument = ok(&[&format!("{bom}b.com")], "");
        assert_eq!(later, format!("a.com\tcom\n{as_argument}"));
        // A mark alone, or a mark and a blank line.
        assert_eq!(ok(&args, bom), "");
        assert_eq!(ok(&args, &format!("{bom}\n")), "error: empty host\n");
        // Bytes that only start like a mark are kept.
        let out = etld_output(&args, b"\xef\xbbx.com\n");
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            "error: invalid UTF-8 at byte 0\n"
        );
    }
    // `-` is standard input, mark and all.
    assert_eq!(
        ok(&["-", "c.org"], &format!("{bom}a.b.example\n")),
        "b.example\texample\nc.org\torg\n"
    );
}

#[test]
fn urls_e_mail_addresses_and_host_ports() {
    let input = "https://user:pw@www.Example.co.uk:8080/a?b#c\n\
                 www.example.co.uk:8080\n\
                 someone@mail.example.com\n\
                 mailto:x@y.example.org\n\
                 http://ex%61mple.com/\n\
                 file:///etc/hosts\n\
                 http://[::1]:80/\n\
                 http://example.com:99999/\n\
                 éftp://evil.com/\n\
                 \n";
    assert_eq!(
        ok(&["--url"], input),
        "example.co.uk\tco.uk\n\
         example.co.uk\tco.uk\n\
         example.com\tcom\n\
         example.org\torg\n\
         example.com\tcom\n\
         error: the URL has no host\n\
         error: an IP address (or a name ending in a number) has no public suffix\n\
         error: the port at byte 19 is over 65535\n\
         error: invalid scheme: a scheme starts with an ASCII letter\n\
         error: the URL has no host\n"
    );
    // The JSON object carries the host taken out of the input.
    let out = ok(
        &[
            "--url",
            "--json",
            "https://www.example.co.uk/x",
            "https://?q",
        ],
        "",
    );
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines[0]["host"], "www.example.co.uk");
    assert_eq!(lines[0]["registrable"], "example.co.uk");
    assert_eq!(lines[1]["host"], serde_json::Value::Null);
    assert_eq!(lines[1]["error"], "the URL has no host");
    // Without --url, no host key; the input is a host, and a note on
    // stderr names --url.
    let run = etld(&["--json", "www.example.co.uk:8080"], "");
    assert_eq!(run.code, Some(0));
    assert!(
        run.stderr.contains("--url looks up its host"),
        "{}",
        run.stderr
    );
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    assert!(value.get("host").is_none());
    assert_eq!(
        value["error"],
        "forbidden code point ':' (U+003A) at byte 17"
    );
}

#[test]
fn fields_pick_and_order_the_columns() {
    let all = "input,host,subdomain,label,registrable,suffix,section,known,error";
    assert_eq!(
        ok(
            &[
                "--fields",
                all,
                "a.b.example.co.uk",
                "co.uk",
                "me.github.io",
                "x.zz",
                "a..b"
            ],
            ""
        ),
        "a.b.example.co.uk\ta.b.example.co.uk\ta.b\texample\texample.co.uk\tco.uk\ticann\ttrue\t\n\
         co.uk\tco.uk\t\t\t\tco.uk\ticann\ttrue\t\n\
         me.github.io\tme.github.io\t\tme\tme.github.io\tgithub.io\tprivate\ttrue\t\n\
         x.zz\tx.zz\t\tx\tx.zz\tzz\t\tfalse\t\n\
         a..b\ta..b\t\t\t\t\t\tfalse\tempty label at byte 2\n"
    );
    assert_eq!(
        ok(&["--fields", "label,input"], "WWW.Example.COM\n"),
        "example\tWWW.Example.COM\n"
    );
    // With --url, `host` is the host taken out of the URL.
    assert_eq!(
        ok(
            &["--url", "--fields", "input,host,registrable"],
            "http://a.example.com:1/x\n"
        ),
        "http://a.example.com:1/x\ta.example.com\texample.com\n"
    );
    // A tab in the input keeps the columns (escaped, cli/tests/fields.rs);
    // the message names it by number.
    assert_eq!(
        ok(&["--fields", "input,error"], "a\tb\n"),
        "a\\tb\tforbidden code point U+0009 at byte 1\n"
    );
    // A backslash is written as it is, and escaped in a field.
    assert_eq!(
        ok(&["--fields", "error"], "a\\b\n"),
        "forbidden code point '\\\\' (U+005C) at byte 1\n"
    );
    // The site key: one for every form of a site, in ASCII, whatever
    // --output says; empty where there is no registrable domain.
    assert_eq!(
        ok(
            &["--output", "unicode", "--fields", "registrable,site"],
            "www.Bücher.de.\nshop.xn--bcher-kva.de\nWWW.Example.CO.UK.\nco.uk\na..b\n"
        ),
        "bücher.de.\txn--bcher-kva.de\n\
         bücher.de\txn--bcher-kva.de\n\
         example.co.uk.\texample.co.uk\n\
         \t\n\
         \t\n"
    );
    assert_eq!(
        ok(
            &["--url", "--fields", "host,site"],
            "https://shop.Bücher.de./x\n"
        ),
        "shop.Bücher.de.\txn--bcher-kva.de\n"
    );
    // Bad field names and --json with --fields are usage errors.
    assert_eq!(etld(&["--fields", "nope", "a.com"], "").code, Some(2));
    assert_eq!(
        etld(&["--fields", "host", "--json", "a.com"], "").code,
        Some(2)
    );
    // The JSON objects gain subdomain and label.
    let out = ok(&["--json", "a.b.example.co.uk"], "");
    let value: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(value["subdomain"], "a.b");
    assert_eq!(value["label"], "example");
}

#[test]
fn idna_to_ascii_and_to_unicode() {
    assert_eq!(
        ok(
            &[
                "idna",
                "to-ascii",
                "Faß.DE",
                "ﬁ.com",
                "goo\u{AD}gle.com",
                "a.b.ｶ.jp"
            ],
            ""
        ),
        "xn--fa-hia.de\nfi.com\ngoogle.com\na.b.xn--lck.jp\n"
    );
    assert_eq!(
        ok(
            &[
                "idna",
                "to-unicode",
                "xn--85x722f.XN--55QX5D.cn",
                "Ⅷ.ｃｏｍ"
            ],
            ""
        ),
        "食狮.公司.cn\nviii.com\n"
    );
    // Standard input, one line out per line in; errors say which rule
    // failed and where, and the batch goes on.
    assert_eq!(
        ok(
            &["idna", "to-ascii"],
            "xn--31m-dda.com\nex\u{200D}ample.com\nexample.COM\r\n"
        ),
        "error: the xn-- label at byte 0 decodes to U+009B, which is not valid in a label (UTS 46 V6)\n\
         error: ZERO WIDTH JOINER at byte 2 is out of the context RFC 5892 allows (UTS 46 C2)\n\
         example.com\n"
    );
    assert_eq!(
        ok(&["idna", "to-unicode", "--json", "xn--fa-hia.de", "xn--abc-4q0a.com"], ""),
        "{\"input\":\"xn--fa-hia.de\",\"output\":\"faß.de\",\"error\":null}\n\
         {\"input\":\"xn--abc-4q0a.com\",\"output\":null,\"error\":\"the xn-- label at byte 0 decodes to U+202E, which is not valid in a label (UTS 46 V6)\"}\n"
    );
}

/// The rule and the ICANN-only answer (`--json` keys and `--fields`
/// columns) on the cases that tell them apart, under the options that
/// change them, in every output form.
#[test]
fn rule_and_icann_answer() {
    let hosts = [
        "me.github.io",
        "a.b.kobe.jp",
        "www.city.kobe.jp",
        "www.example.unknowntld",
        "a.b.aivencloud.com",
    ];
    let fields = ["--fields", "input,rule,icann_suffix,icann_registrable"];
    let mut args = fields.to_vec();
    args.extend(hosts);
    assert_eq!(
        ok(&args, ""),
        "me.github.io\tgithub.io\tio\tgithub.io\n\
         a.b.kobe.jp\t*.kobe.jp\tb.kobe.jp\ta.b.kobe.jp\n\
         www.city.kobe.jp\t!city.kobe.jp\tkobe.jp\tcity.kobe.jp\n\
         www.example.unknowntld\t*\tunknowntld\texample.unknowntld\n\
         a.b.aivencloud.com\t*.aivencloud.com\tcom\taivencloud.com\n"
    );
    // The kebab-case spellings name the same columns.
    assert_eq!(
        ok(
            &["--fields", "icann-suffix,icann-registrable", "me.github.io"],
            ""
        ),
        "io\tgithub.io\n"
    );
    assert_eq!(
        ok(&["--json", "me.github.io."], ""),
        "{\"input\":\"me.github.io.\",\"suffix\":\"github.io.\",\"registrable\":\"me.github.io.\",\
         \"subdomain\":null,\"label\":\"me\",\"section\":\"private\",\"known\":true,\
         \"rule\":\"github.io\",\"icann_suffix\":\"io.\",\"icann_registrable\":\"github.io.\",\
         \"error\":null}\n"
    );
    // Options: ICANN only, the browser's wildcard parents, no implicit rule.
    assert_eq!(
        ok(
            &[
                "--icann-only",
                "--fields",
                "suffix,rule,icann_suffix",
                "me.github.io"
            ],
            ""
        ),
        "io\tio\tio\n"
    );
    assert_eq!(
        ok(
            &["--wildcard-root", "--fields", "suffix,rule", "kobe.jp"],
            ""
        ),
        "kobe.jp\t*.kobe.jp\n"
    );
    assert_eq!(
        ok(
            &[
                "--no-implicit-rule",
                "--fields",
                "rule,icann_suffix,known",
                "a.b.example"
            ],
            ""
        ),
        "\t\tfalse\n"
    );
    // The ICANN answer in the output form; the rule always canonical ASCII.
    let fields = ["--fields", "suffix,rule,icann_suffix,icann_registrable"];
    for (output, line) in [
        ("input", "公司.cn\txn--55qx5d.cn\t公司.cn\t食狮.公司.cn\n"),
        (
            "ascii",
            "xn--55qx5d.cn\txn--55qx5d.cn\txn--55qx5d.cn\txn--85x722f.xn--55qx5d.cn\n",
        ),
        ("unicode", "公司.cn\txn--55qx5d.cn\t公司.cn\t食狮.公司.cn\n"),
    ] {
        let mut args = vec!["--output", output];
        args.extend(fields);
        args.push("www.食狮.公司.cn");
        assert_eq!(ok(&args, ""), line, "{output}");
    }
    // An invalid host: every one of them empty.
    assert_eq!(
        ok(
            &["--fields", "rule,icann_suffix,icann_registrable", "1.2.3.4"],
            ""
        ),
        "\t\t\n"
    );
}
