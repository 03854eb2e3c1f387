//! `etld-sql` in process: tables by quoted path or `--table`, the output
//! formats, another list and its options.

use std::process::{Command, Stdio};

const ETLD_SQL: &str = env!("CARGO_BIN_EXE_etld-sql");

/// Runs `etld-sql` in `dir` and returns its standard output, or its
/// standard error if it failed.
fn etld_sql(dir: &std::path::Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new(ETLD_SQL)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    if out.status.success() {
        Ok(String::from_utf8(out.stdout).unwrap())
    } else {
        Err(String::from_utf8(out.stderr).unwrap())
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
         192.168.0.1,,,an IP address has no public suffix\n"
    );
    assert_eq!(
        etld_sql(d, &["--format", "csv", "--list", "list.dat", sql]).unwrap(),
        "host,r,s,e\n\
         www.example.co.uk,www.example.co.uk,private,\n\
         me.github.io,github.io,,\n\
         192.168.0.1,,,an IP address has no public suffix\n"
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
         192.168.0.1,,,an IP address has no public suffix\n"
    );

    let sql = "SELECT etld_host(url) AS h, etld_registrable(etld_host(url)) AS r FROM logs ORDER BY h DESC";
    assert_eq!(
        etld_sql(
            d,
            &["--format", "json", "--table", "logs=logs/*.ndjson", sql]
        )
        .unwrap(),
        "{\"h\":\"x.y.example.com\",\"r\":\"example.com\"}\n{\"h\":\"b.kobe.jp\"}\n"
    );
    let table = etld_sql(d, &["SELECT etld_suffix('a.b.kobe.jp') AS s"]).unwrap();
    assert_eq!(
        table,
        "+-----------+\n| s         |\n+-----------+\n| b.kobe.jp |\n+-----------+\n"
    );

    let e = etld_sql(d, &["--table", "x=data.txt", "SELECT 1"]).unwrap_err();
    assert!(e.contains("--table x=data.txt"), "{e}");
}
