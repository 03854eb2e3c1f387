//! `etld-sql` in process: tables by quoted path or `--table`, the output
//! formats, another list and its options.

use std::path::Path;
use std::process::{Command, Stdio};

const ETLD_SQL: &str = env!("CARGO_BIN_EXE_etld-sql");

/// Runs `etld-sql` in `dir` with `env` set, and returns whether it
/// succeeded, its standard output and its standard error. Without `env`,
/// no `$ETLD_LIST`, installed list or system list is at hand: the built-in
/// list is the one in use.
fn run(dir: &Path, env: &[(&str, &str)], args: &[&str]) -> (bool, String, String) {
    let out = Command::new(ETLD_SQL)
        .env("ETLD_CACHE_DIR", dir.join("no-cache"))
        .env("ETLD_SYSTEM_LIST", "")
        .env_remove("ETLD_LIST")
        .envs(env.iter().copied())
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = |bytes| String::from_utf8(bytes).unwrap();
    (out.status.success(), text(out.stdout), text(out.stderr))
}

/// Runs `etld-sql` in `dir` and returns its standard output, or its
/// standard error if it failed.
fn etld_sql(dir: &Path, args: &[&str]) -> Result<String, String> {
    match run(dir, &[], args) {
        (true, stdout, _) => Ok(stdout),
        (false, _, stderr) => Err(stderr),
    }
}

#[test]
fn tables_formats_and_lists() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("a.csv"),
        "host,n\nwww.example.co.uk,1\nme.github.io,2\n192.168.0.1,3\n",
    )
    .unwrap();
    std::fs::create_dir(d.join("logs")).unwrap();
    std::fs::write(
        d.join("logs/1.ndjson"),
        "{\"url\":\"https://x.y.example.com/p\"}\n",
    )
    .unwrap();
    std::fs::write(d.join("logs/2.ndjson"), "{\"url\":\"someone@b.kobe.jp\"}\n").unwrap();
    std::fs::write(
        d.join("list.dat"),
        "uk\nco.uk\n// ===BEGIN PRIVATE DOMAINS===\nexample.co.uk\n// ===END PRIVATE DOMAINS===\n",
    )
    .unwrap();

    let sql = "SELECT host, etld_registrable(host) AS r, etld_section(host) AS s, \
               etld_error(host) AS e FROM 'a.csv' ORDER BY n";
    assert_eq!(
        etld_sql(d, &["--format", "csv", sql]).unwrap(),
        "host,r,s,e\n\
         www.example.co.uk,example.co.uk,icann,\n\
         me.github.io,me.github.io,private,\n\
         192.168.0.1,,,an IP address (or a name ending in a number) has no public suffix\n"
    );
    assert_eq!(
        etld_sql(d, &["--format", "csv", "--list", "list.dat", sql]).unwrap(),
        "host,r,s,e\n\
         www.example.co.uk,www.example.co.uk,private,\n\
         me.github.io,github.io,,\n\
         192.168.0.1,,,an IP address (or a name ending in a number) has no public suffix\n"
    );
    assert_eq!(
        etld_sql(
            d,
            &["--format", "csv", "--list", "list.dat", "--icann-only", sql]
        )
        .unwrap(),
        "host,r,s,e\n\
         www.example.co.uk,example.co.uk,icann,\n\
         me.github.io,github.io,,\n\
         192.168.0.1,,,an IP address (or a name ending in a number) has no public suffix\n"
    );

    let sql = "SELECT etld_host(url) AS h, etld_registrable(etld_host(url)) AS r FROM logs ORDER BY h DESC";
    assert_eq!(
        etld_sql(
            d,
            &["--format", "json", "--table", "logs=logs/*.ndjson", sql]
        )
        .unwrap(),
        "{\"h\":\"x.y.example.com\",\"r\":\"example.com\"}\n{\"h\":\"b.kobe.jp\",\"r\":null}\n"
    );
    let table = etld_sql(d, &["SELECT etld_suffix('a.b.kobe.jp') AS s"]).unwrap();
    assert_eq!(
        table,
        "+-----------+\n| s         |\n+-----------+\n| b.kobe.jp |\n+-----------+\n"
    );

    let e = etld_sql(d, &["--table", "x=data.txt", "SELECT 1"]).unwrap_err();
    assert!(e.contains("--table x=data.txt"), "{e}");
    let e = etld_sql(d, &["--table", "=a.csv", "SELECT 1"]).unwrap_err();
    assert!(e.contains("NAME is empty"), "{e}");
    // A quoted path of JSON lines is not read by its extension: the error
    // says what is.
    let e = etld_sql(d, &["SELECT count(*) FROM 'logs/1.ndjson'"]).unwrap_err();
    assert!(e.contains("--table NAME=logs/1.ndjson"), "{e}");

    // An empty result still names its columns.
    let none = "SELECT host, etld_site(host) AS s FROM 'a.csv' WHERE false";
    assert_eq!(etld_sql(d, &["--format", "csv", none]).unwrap(), "host,s\n");
    assert_eq!(etld_sql(d, &["--format", "json", none]).unwrap(), "");
    let table = etld_sql(d, &[none]).unwrap();
    assert!(table.contains("| host | s |"), "{table}");
}

/// `etld-sql` uses the list `etld lookup` would: `--list`, else
/// `$ETLD_LIST`, else the newest of the built-in, installed and system
/// lists, passing over (with a warning) one that does not load.
#[test]
fn the_list_is_chosen_as_etld_lookup_chooses_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cache = d.join("cache");
    std::fs::create_dir(&cache).unwrap();
    let installed = cache.join(etld_source::INSTALLED_FILE);
    // Newer than the built-in list, and not in the future (such a list is
    // passed over).
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let version = etld::ListVersion::from_unix_seconds(now - 3600).unwrap();
    let newer = format!(
        "// VERSION: {version}\nuk\nco.uk\n\
         // ===BEGIN PRIVATE DOMAINS===\nexample.co.uk\n// ===END PRIVATE DOMAINS===\n"
    );
    std::fs::write(&installed, etld::compile(newer.as_bytes()).unwrap()).unwrap();
    std::fs::write(
        d.join("older.dat"),
        "// VERSION: 2000-01-01_00-00-00_UTC\nuk\n",
    )
    .unwrap();
    std::fs::write(d.join("other.dat"), "www.example.co.uk\n").unwrap();
    let cache = cache.to_str().unwrap();
    let sql =
        "SELECT etld_registrable('www.example.co.uk') AS r, etld_suffix('www.example.co.uk') AS s";
    let answer = |env: &[(&str, &str)], args: &[&str]| {
        let (ok, stdout, stderr) = run(d, env, &[args, &["--format", "csv", sql]].concat());
        assert!(ok, "{env:?} {args:?}: {stderr}");
        (stdout, stderr)
    };
    let builtin = ("r,s\nexample.co.uk,co.uk\n".to_string(), String::new());
    let from_newer = "r,s\nwww.example.co.uk,example.co.uk\n";
    let from_other = "r,s\n,www.example.co.uk\n";

    assert_eq!(answer(&[], &[]), builtin);
    // The installed list is newer than the built-in one.
    assert_eq!(answer(&[("ETLD_CACHE_DIR", cache)], &[]).0, from_newer);
    // An older system list loses to the built-in list.
    assert_eq!(answer(&[("ETLD_SYSTEM_LIST", "older.dat")], &[]), builtin);
    // $ETLD_LIST comes before the newest, and --list before $ETLD_LIST.
    let env = [("ETLD_CACHE_DIR", cache), ("ETLD_LIST", "other.dat")];
    assert_eq!(answer(&env, &[]).0, from_other);
    assert_eq!(answer(&env, &["--list", "older.dat"]).0, "r,s\nco.uk,uk\n");

    // A newest list that does not load is passed over, with a warning.
    std::fs::write(&installed, "// VERSION: 3000-01-01_00-00-00_UTC\n").unwrap();
    let (stdout, stderr) = answer(&[("ETLD_CACHE_DIR", cache)], &[]);
    assert_eq!(stdout, builtin.0);
    assert!(
        stderr.starts_with("etld-sql: warning: ignoring ")
            && stderr.contains("public_suffix_list.fst is not a valid list"),
        "{stderr}"
    );
    // A list asked for must load; the variable that named it is said.
    let (ok, _, stderr) = run(d, &[("ETLD_LIST", "missing.dat")], &[sql]);
    assert!(
        !ok && stderr.contains("cannot read list file missing.dat")
            && stderr.contains("; $ETLD_LIST names it"),
        "{stderr}"
    );
    let (ok, _, stderr) = run(d, &[("ETLD_EXTRA", "missing.dat")], &[sql]);
    assert!(
        !ok && stderr.contains("cannot read extra rules file missing.dat")
            && stderr.contains("; $ETLD_EXTRA names it"),
        "{stderr}"
    );
}

/// A reader that goes away (`etld-sql ... | head -1`) ends the output
/// quietly, with success, in every format.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let sql = "SELECT etld_registrable('www.example.co.uk') AS r, value \
               FROM generate_series(1, 200000)";
    for format in ["table", "csv", "json"] {
        let (first, out) = read_one_line(dir.path(), &["--format", format, sql]);
        assert!(!first.is_empty(), "{format}");
        assert!(out.status.success(), "{format}: {:?}", out.status);
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{format}");
    }
    // Nor does it run the statements after: nobody reads what they print.
    let written = dir.path().join("written.csv");
    let script = format!(
        "{sql}; COPY (SELECT 1 AS one) TO '{}' STORED AS CSV",
        written.display()
    );
    let (_, out) = read_one_line(dir.path(), &["--format", "csv", &script]);
    assert!(out.status.success(), "{:?}", out.status);
    assert!(!written.exists());
}

/// Runs `etld-sql` with `args`, reads one line of its output and goes
/// away: the line, and how the run ended.
fn read_one_line(dir: &Path, args: &[&str]) -> (String, std::process::Output) {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(ETLD_SQL)
        .env("ETLD_CACHE_DIR", dir.join("no-cache"))
        .env("ETLD_SYSTEM_LIST", "")
        .env_remove("ETLD_LIST")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is gone: stdout was dropped with the BufReader.
    (first, child.wait_with_output().unwrap())
}

/// A table named by a path that does not exist is named as a missing file,
/// in the query and in `--table`.
#[test]
fn a_missing_file_is_named_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let err = etld_sql(d, &["SELECT count(*) FROM 'missing.csv'"]).unwrap_err();
    assert_eq!(err, "etld-sql: error: no such file: missing.csv\n");
    let err = etld_sql(d, &["--table", "t=missing.csv", "SELECT count(*) FROM t"]).unwrap_err();
    assert_eq!(
        err,
        "etld-sql: error: --table t=missing.csv: no such file: missing.csv\n"
    );
    for name in ["my.logs", "1st", "a-b", "héllo"] {
        let arg = format!("{name}=missing.csv");
        let err = etld_sql(d, &["--table", &arg, "SELECT 1"]).unwrap_err();
        assert_eq!(
            err,
            format!(
                "etld-sql: error: --table {arg}: NAME is a plain SQL name \
                 (ASCII letters, digits and _, not first a digit)\n"
            )
        );
    }
    // A file of another extension is named, with the way to read it.
    std::fs::write(d.join("hosts.tsv"), "host\tn\nwww.example.com\t1\n").unwrap();
    let err = etld_sql(d, &["SELECT * FROM 'hosts.tsv'"]).unwrap_err();
    assert!(
        err.starts_with(
            "etld-sql: error: hosts.tsv: a quoted path is read as .csv, .parquet or .json \
             by its extension; declare a table of other files first (CREATE EXTERNAL TABLE t \
             STORED AS CSV LOCATION 'hosts.tsv' OPTIONS ('format.has_header' 'true', \
             'format.delimiter' E'\\t'); SELECT ... FROM t)"
        ),
        "{err}"
    );
    let err = etld_sql(d, &["--table", "t=hosts.tsv", "SELECT 1"]).unwrap_err();
    assert!(
        err.contains("PATH must end in .csv, .parquet, .json, .ndjson or .jsonl; declare"),
        "{err}"
    );
    assert_eq!(
        etld_sql(d, &["SELECT * FROM 'missing.txt'"]).unwrap_err(),
        "etld-sql: error: no such file: missing.txt\n"
    );
    let tsv = "CREATE EXTERNAL TABLE t STORED AS CSV LOCATION 'hosts.tsv' \
               OPTIONS ('format.has_header' 'true', 'format.delimiter' E'\\t'); \
               SELECT etld_registrable(host) AS site, n FROM t";
    assert_eq!(
        etld_sql(d, &["--format", "csv", tsv]).unwrap(),
        "site,n\nexample.com,1\n"
    );
}

/// Statements run in turn, each on the tables of those before; one with no
/// columns (`CREATE`) prints nothing. A table declared with its columns
/// reads a CSV host column as text even where its first thousand rows
/// look like numbers, which DataFusion's guess would type as numbers.
#[test]
fn statements_run_in_turn() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("hosts.csv"),
        "host\nwww.example.co.uk\na.example.co.uk\nexample.com\n",
    )
    .unwrap();
    let sql = "CREATE TABLE sites AS SELECT etld_registrable(host) AS site FROM 'hosts.csv'; \
               SELECT site, count(*) AS n FROM sites GROUP BY site ORDER BY site";
    assert_eq!(
        etld_sql(d, &["--format", "csv", sql]).unwrap(),
        "site,n\nexample.co.uk,2\nexample.com,1\n"
    );
    for format in ["table", "csv", "json"] {
        let sql = "CREATE TABLE t AS SELECT 1 AS x";
        assert_eq!(
            etld_sql(d, &["--format", format, sql]).unwrap(),
            "",
            "{format}"
        );
    }
    assert_eq!(
        etld_sql(d, &["--format", "csv", "SELECT 1 AS a; SELECT 2 AS b"]).unwrap(),
        "a\n1\n\nb\n2\n"
    );
    assert_eq!(
        etld_sql(d, &["--format", "json", "SELECT 1 AS a; SELECT 2 AS b"]).unwrap(),
        "{\"a\":1}\n{\"b\":2}\n"
    );
    // Statements run as they are parsed; empty ones between semicolons are
    // none. One that does not parse, its end included, stops the script
    // there, after those before it, and does not run without its last
    // clause.
    assert_eq!(
        etld_sql(d, &["--format", "csv", ";;SELECT 1 AS a;; ;SELECT 2 AS b;"]).unwrap(),
        "a\n1\n\nb\n2\n"
    );
    let statements = |sql: &str| {
        let (ok, stdout, stderr) = run(d, &[], &["--format", "csv", sql]);
        assert!(!ok, "{sql}");
        (stdout, stderr)
    };
    assert_eq!(
        statements("SELECT 1 AS a; SELEC 2"),
        (
            "a\n1\n".to_string(),
            "etld-sql: error: sql parser error: Expected: an SQL statement, found: SELEC at Line: 1, Column: 16\n".to_string()
        )
    );
    assert_eq!(
        statements("SELECT * FROM (VALUES (1), (2)) t(x) ORDER BY x LIMT 1"),
        (
            String::new(),
            "etld-sql: error: sql parser error: Expected: end of statement, found: LIMT at Line: 1, Column: 49\n".to_string()
        )
    );
    assert_eq!(statements("SELECT 1 AS a SELECT 2 AS b").0, String::new());
    assert_eq!(
        statements(";; -- a comment\n").1,
        "etld-sql: error: no SQL statement given\n"
    );

    let mut numbers: String = (0..1500).map(|i| format!("{i},1\n")).collect();
    numbers.insert_str(0, "host,n\n");
    numbers += "www.example.com,1\n";
    std::fs::write(d.join("numbers.csv"), numbers).unwrap();
    // Guessed, the column is numbers, which the functions refuse, naming
    // the way out; in a WHERE clause too, where the refusal comes wrapped.
    for guessed in [
        "SELECT count(etld_registrable(host)) FROM 'numbers.csv'",
        "SELECT count(*) FROM 'numbers.csv' WHERE etld_known(host)",
    ] {
        let e = etld_sql(d, &[guessed]).unwrap_err();
        assert!(
            e.starts_with("etld-sql: error: Function 'etld_")
                && e.contains("expects String but received Int64")
                && e.contains("etld-sql: hint: the etld functions take text")
                && e.contains("CREATE EXTERNAL TABLE t (host VARCHAR)")
                && e.contains("cast it (CAST(x AS VARCHAR))"),
            "{e}"
        );
    }
    // A number of the query itself: the same hint, with the cast for it.
    let e = etld_sql(d, &["SELECT etld_registrable(42)"]).unwrap_err();
    assert!(e.contains("cast it (CAST(x AS VARCHAR))"), "{e}");
    let declared = "CREATE EXTERNAL TABLE t (host VARCHAR, n INT) STORED AS CSV \
                    LOCATION 'numbers.csv' OPTIONS ('format.has_header' 'true'); \
                    SELECT count(etld_registrable(host)) AS sites, sum(n) AS n FROM t";
    assert_eq!(
        etld_sql(d, &["--format", "csv", declared]).unwrap(),
        "sites,n\n1,1501\n"
    );

    assert_eq!(
        etld_sql(d, &["SELEC 1"]).unwrap_err(),
        "etld-sql: error: sql parser error: Expected: an SQL statement, found: SELEC at Line: 1, Column: 1\n"
    );
    assert_eq!(
        etld_sql(d, &[" ; "]).unwrap_err(),
        "etld-sql: error: no SQL statement given\n"
    );
}

/// A scheduler that cannot be reached is named with the system's reason.
#[test]
fn an_unreachable_scheduler_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let port = etld_testkit::free_port();
    let scheduler = format!("127.0.0.1:{port}");
    for (address, why) in [
        (
            "127.0.0.1",
            "expected HOST:PORT (such as 127.0.0.1:50050), not 127.0.0.1",
        ),
        (
            "http://127.0.0.1:1",
            "expected HOST:PORT (such as 127.0.0.1:50050), not http://127.0.0.1:1",
        ),
        (
            "127.0.0.1:99999",
            "the port of 127.0.0.1:99999 is not a number from 1 to 65535",
        ),
    ] {
        let err = etld_sql(dir.path(), &["--cluster", address, "SELECT 1"]).unwrap_err();
        assert!(err.contains(why), "{err}");
    }
    let err = etld_sql(dir.path(), &["--cluster", &scheduler, "SELECT 1"]).unwrap_err();
    assert_eq!(
        err,
        format!(
            "etld-sql: error: cannot reach the Ballista scheduler at {scheduler}: \
             Connection refused (is `etld-sql scheduler --bind {scheduler}` running?)\n"
        )
    );
}
