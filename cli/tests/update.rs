//! `etld update` against a local HTTP server, and which list later runs use.
//!
//! The server is a few lines of HTTP/1.1 on 127.0.0.1: it answers each
//! connection with the next scripted reply and records the request. Every
//! run of `etld` gets its own cache directory and no system list, so nothing
//! outside the test's directory is read or written, and no request leaves
//! the machine.

use std::io::{BufRead, Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime};

use etld::ListVersion;

/// A rule that only the newer list has.
const NEW_RULE: &str = "etld-update.test";
/// A host under it.
const HOST: &str = "www.etld-update.test";

// ---------------------------------------------------------------------------
// The server.

/// One scripted answer.
struct Reply {
    status: u16,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
    /// Announce this many more bytes than the body holds, then hang up.
    short_by: usize,
    /// Wait this long before answering.
    delay: Duration,
}

fn reply(status: u16, body: impl Into<Vec<u8>>) -> Reply {
    Reply {
        status,
        headers: Vec::new(),
        body: body.into(),
        short_by: 0,
        delay: Duration::ZERO,
    }
}

impl Reply {
    fn header(mut self, name: &'static str, value: &str) -> Reply {
        self.headers.push((name, value.to_string()));
        self
    }
}

/// A server on 127.0.0.1 that answers one connection per reply, in order,
/// then stops; dropping it waits for its thread.
struct Server {
    url: String,
    requests: Arc<Mutex<Vec<String>>>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    fn start(replies: Vec<Reply>) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        listener
            .set_nonblocking(true)
            .expect("nonblocking listener");
        let url = format!(
            "http://{}/list/public_suffix_list.dat",
            listener.local_addr().unwrap()
        );
        let requests = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&requests);
        let thread = std::thread::spawn(move || {
            // Bounded: a run that never connects does not hang the test.
            let deadline = Instant::now() + Duration::from_secs(60);
            let mut replies = replies.into_iter();
            let mut next = replies.next();
            while let Some(reply) = next.take() {
                let (mut stream, _) = match listener.accept() {
                    Ok(conn) => conn,
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                        if Instant::now() > deadline {
                            return;
                        }
                        std::thread::sleep(Duration::from_millis(5));
                        next = Some(reply);
                        continue;
                    }
                    Err(e) => panic!("accept: {e}"),
                };
                stream.set_nonblocking(false).unwrap();
                stream
                    .set_read_timeout(Some(Duration::from_secs(10)))
                    .unwrap();
                let mut head = Vec::new();
                let mut byte = [0u8; 1];
                while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap_or(0) == 1 {
                    head.push(byte[0]);
                }
                seen.lock()
                    .unwrap()
                    .push(String::from_utf8_lossy(&head).into_owned());
                std::thread::sleep(reply.delay);
                let reason = match reply.status {
                    200 => "OK",
                    304 => "Not Modified",
                    404 => "Not Found",
                    _ => "Internal Server Error",
                };
                let mut out = format!(
                    "HTTP/1.1 {} {reason}\r\nConnection: close\r\n",
                    reply.status
                );
                if reply.status != 304 {
                    let len = reply.body.len() + reply.short_by;
                    out += &format!("Content-Length: {len}\r\n");
                }
                for (name, value) in &reply.headers {
                    out += &format!("{name}: {value}\r\n");
                }
                out += "\r\n";
                // The client may hang up early (a body over its limit).
                let _ = stream
                    .write_all(out.as_bytes())
                    .and_then(|()| stream.write_all(&reply.body))
                    .and_then(|()| stream.flush());
                next = replies.next();
            }
        });
        Server {
            url,
            requests,
            thread: Some(thread),
        }
    }

    /// The request heads received so far, lower-cased.
    fn requests(&self) -> Vec<String> {
        let requests = self.requests.lock().unwrap();
        requests.iter().map(|r| r.to_ascii_lowercase()).collect()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

// ---------------------------------------------------------------------------
// Lists and runs.

fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

/// The built-in list's text and VERSION.
fn builtin_dat() -> (String, ListVersion) {
    let text = std::fs::read_to_string(repo_file("vectors/public_suffix_list.dat")).unwrap();
    let version = etld::source::peek_version(text.as_bytes())
        .expect("the built-in list has a VERSION")
        .parse()
        .expect("the built-in VERSION is a date");
    (text, version)
}

/// The built-in list with its VERSION moved by `days` (and, if `rule`, the
/// rule [`NEW_RULE`] added to its ICANN section).
fn shifted_list(days: i64, rule: bool) -> (String, ListVersion) {
    let (text, version) = builtin_dat();
    let secs = version.unix_seconds() as i64 + days * 86_400;
    let shifted = ListVersion::from_unix_seconds(secs as u64).unwrap();
    let mut text = text.replacen(
        &format!("// VERSION: {version}"),
        &format!("// VERSION: {shifted}"),
        1,
    );
    if rule {
        let end = "// ===END ICANN DOMAINS===";
        text = text.replacen(end, &format!("{NEW_RULE}\n{end}"), 1);
    }
    (text, shifted)
}

/// A fresh directory for one test.
fn test_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("etld-update-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What a run of `etld` gave.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `etld` with `dir/cache` as its cache directory, no system list
/// unless `env` names one, no proxy, and `env` on top.
fn etld(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    bounded(command(dir, args, env))
}

/// The command [`etld`] runs.
fn command(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_etld"));
    cmd.args(args)
        .env("ETLD_CACHE_DIR", dir.join("cache"))
        .env("ETLD_SYSTEM_LIST", "")
        .env("ETLD_MAX_AGE_DAYS", "1000000")
        .env_remove("ETLD_LIST")
        .env_remove("ETLD_EXTRA");
    for proxy in [
        "http_proxy",
        "HTTP_PROXY",
        "https_proxy",
        "HTTPS_PROXY",
        "all_proxy",
        "ALL_PROXY",
    ] {
        cmd.env_remove(proxy);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd
}

/// Runs `cmd` to its end with stdout and stderr captured; killed, and the
/// test failed, if it has not ended within 60 seconds (an update that
/// blocks).
fn bounded(cmd: Command) -> Run {
    let out = etld_testkit::cli::run_bounded(cmd, Duration::from_secs(60));
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// Runs `etld` and expects success and an empty stderr.
fn ok(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> String {
    let run = etld(dir, args, env);
    assert_eq!(run.code, Some(0), "etld {args:?}: {}", run.stderr);
    assert_eq!(run.stderr, "", "etld {args:?}");
    run.stdout
}

/// The `info` line that starts with `key`.
fn info_line(info: &str, key: &str) -> String {
    info.lines()
        .find(|l| l.split_whitespace().next() == Some(key))
        .unwrap_or_else(|| panic!("no {key} line in {info}"))[12..]
        .to_string()
}

/// Whether the list in use knows [`NEW_RULE`], asked by a lookup.
fn knows_new_rule(dir: &Path, env: &[(&str, &str)]) -> bool {
    // Its stderr may name a list passed over (the other tests check
    // which), and nothing else.
    let run = etld(dir, &["--json", HOST], env);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stderr
            .lines()
            .all(|l| l.starts_with("etld: warning: ignoring ")),
        "{}",
        run.stderr
    );
    let json = run.stdout;
    match (
        json.contains("\"known\":true"),
        json.contains("\"known\":false"),
    ) {
        (true, false) => {
            assert!(
                json.contains(&format!("\"suffix\":\"{NEW_RULE}\"")),
                "{json}"
            );
            true
        }
        (false, true) => {
            assert!(json.contains("\"suffix\":\"test\""), "{json}");
            false
        }
        _ => panic!("{json}"),
    }
}

/// The files of the cache directory and their contents.
fn cache_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(dir.join("cache"))
        .map(|entries| {
            entries
                .map(|e| {
                    let e = e.unwrap();
                    let name = e.file_name().to_string_lossy().into_owned();
                    (name, std::fs::read(e.path()).unwrap())
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

fn age_days(version: ListVersion) -> [u64; 2] {
    // The day may turn during the run.
    let days = version.age_days(SystemTime::now());
    [days, days + 1]
}

// ---------------------------------------------------------------------------
// The tests.

#[test]
fn a_newer_list_is_installed_and_an_unchanged_one_not_downloaded_again() {
    let dir = test_dir("good");
    let installed = dir.join("cache/public_suffix_list.fst");
    let (newer, version) = shifted_list(7, true);

    let info = ok(&dir, &["info"], &[]);
    assert_eq!(info_line(&info, "list"), "built-in");
    assert!(!knows_new_rule(&dir, &[]));
    let cookie = etld(&dir, &["cookie", HOST, NEW_RULE], &[]);
    assert_eq!(cookie.code, Some(0), "acceptable: {}", cookie.stdout);

    let etag = "\"list-v1\"";
    let last_modified = "Sun, 22 Nov 2026 10:00:00 GMT";
    let server = Server::start(vec![
        reply(200, newer.as_bytes())
            .header("ETag", etag)
            .header("Last-Modified", last_modified),
        reply(304, ""),
    ]);
    let out = ok(&dir, &["update", "--url", &server.url], &[]);
    let expected = format!("installed {}: version {version}, ", installed.display());
    assert!(out.starts_with(&expected), "{out}");
    assert!(out.contains("replaces the list in use: version "), "{out}");
    assert!(out.ends_with("(the built-in list)\n"), "{out}");

    // Later runs use it.
    let info = ok(&dir, &["info"], &[]);
    assert!(
        info_line(&info, "list").starts_with(&format!("{} (compiled .fst, ", installed.display())),
        "{info}"
    );
    assert_eq!(
        info_line(&info, "source"),
        "installed by `etld update`, the newest list at hand"
    );
    assert_eq!(info_line(&info, "version"), version.to_string());
    let age = info_line(&info, "age");
    assert!(
        age_days(version).iter().any(|d| age == format!("{d} days")),
        "{age}"
    );
    assert!(knows_new_rule(&dir, &[]));
    let cookie = etld(&dir, &["cookie", HOST, NEW_RULE], &[]);
    assert_eq!(cookie.code, Some(1), "not acceptable: {}", cookie.stdout);

    // The second update asks whether the list changed, and it has not.
    let before = cache_files(&dir);
    let out = ok(&dir, &["update", "--url", &server.url], &[]);
    assert!(out.starts_with("already up to date: "), "{out}");
    assert!(out.contains(&version.to_string()), "{out}");
    assert_eq!(cache_files(&dir), before);
    let requests = server.requests();
    assert_eq!(requests.len(), 2);
    assert!(requests[0].starts_with("get /list/public_suffix_list.dat http/1.1\r\n"));
    assert!(!requests[0].contains("if-none-match"), "{}", requests[0]);
    assert!(
        requests[1].contains(&format!("\r\nif-none-match: {etag}\r\n")),
        "{}",
        requests[1]
    );
    assert!(
        requests[1].contains(&format!(
            "\r\nif-modified-since: {}\r\n",
            last_modified.to_ascii_lowercase()
        )),
        "{}",
        requests[1]
    );
}

#[test]
fn a_refused_download_leaves_the_installed_list_as_it_was() {
    let dir = test_dir("refused");
    let (newer, version) = shifted_list(7, true);
    let server = Server::start(vec![reply(200, newer.as_bytes()).header("ETag", "\"v1\"")]);
    ok(&dir, &["update", "--url", &server.url], &[]);
    drop(server);
    let installed = cache_files(&dir);
    assert_eq!(installed.len(), 2, "the list and its download record");

    let cut = |marker: &str| newer[..newer.find(marker).unwrap()].to_string();
    let (older, _) = shifted_list(-1, true);
    let (between, _) = shifted_list(3, true);
    let private = newer.find("// ===BEGIN PRIVATE DOMAINS===").unwrap();
    let end_private = newer.find("// ===END PRIVATE DOMAINS===").unwrap();
    let icann_only = format!("{}{}", &newer[..private], &newer[end_private..]);
    let invalid = newer.replacen(NEW_RULE, "*bad.rule", 1);
    let line = invalid[..invalid.find("*bad.rule").unwrap()]
        .matches('\n')
        .count()
        + 1;
    let mut cut_off = reply(200, &newer.as_bytes()[..1000]);
    cut_off.short_by = 5000;
    let cases: Vec<(&str, Reply, String)> = vec![
        (
            "truncated in PRIVATE",
            reply(200, cut("// ===END PRIVATE DOMAINS===")),
            "it has no `// ===END PRIVATE DOMAINS===` line (truncated, or not the whole Public Suffix List)".into(),
        ),
        (
            "truncated in ICANN",
            reply(200, cut("// ===END ICANN DOMAINS===")),
            "it has no `// ===END ICANN DOMAINS===` line (truncated, or not the whole Public Suffix List)".into(),
        ),
        (
            "HTML",
            reply(
                200,
                "<!DOCTYPE html>\n<html><body>Bad gateway</body></html>\n",
            ),
            "the download is an HTML page, not a list".into(),
        ),
        ("empty", reply(200, ""), "the download is empty".into()),
        (
            "500",
            reply(500, "oops"),
            "the server answered HTTP 500".into(),
        ),
        (
            "404",
            reply(404, "<html>not here</html>"),
            "the server answered HTTP 404".into(),
        ),
        (
            "no ICANN section",
            reply(200, "// VERSION: 2999-01-01_00-00-00_UTC\ncom\nnet\n"),
            "it has no ICANN section".into(),
        ),
        (
            "invalid",
            reply(200, invalid.as_bytes()),
            format!("it is not a valid list: line {line}, byte 0: a wildcard must be a whole label"),
        ),
        (
            "far fewer rules",
            reply(200, icann_only.as_bytes()),
            "rules, under 90% of the ".into(),
        ),
        (
            "older",
            reply(200, older.as_bytes()),
            format!("is older than the list in use ({version}); the list in use is unchanged; --force installs it anyway"),
        ),
        (
            "a conditional answer to no question",
            reply(304, ""),
            "the server answered HTTP 304".into(),
        ),
        (
            "cut off",
            cut_off,
            "the server closed the connection before the whole list came".into(),
        ),
        (
            "too large",
            reply(200, vec![b'#'; (16 << 20) + 1]),
            "larger than 16777216 bytes".into(),
        ),
    ];
    for (name, bad, message) in cases {
        // The 304 case asks with no record of an earlier download.
        let record = dir.join("cache/public_suffix_list.http");
        let saved = std::fs::read(&record).unwrap();
        if name.starts_with("a conditional") {
            std::fs::remove_file(&record).unwrap();
        }
        let server = Server::start(vec![bad]);
        let run = etld(&dir, &["update", "--url", &server.url], &[]);
        drop(server);
        std::fs::write(&record, saved).unwrap();
        assert_eq!(run.code, Some(1), "{name}: {}", run.stdout);
        assert_eq!(run.stdout, "", "{name}");
        assert!(run.stderr.contains(&message), "{name}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{name}: {}", run.stderr);
        assert!(run.stderr.starts_with("etld: "), "{name}: {}", run.stderr);
        assert!(cache_files(&dir) == installed, "{name}: the cache changed");
        let info = ok(&dir, &["info"], &[]);
        assert_eq!(info_line(&info, "version"), version.to_string(), "{name}");
    }
    assert!(knows_new_rule(&dir, &[]));

    // An older list than the one in use goes in with --force, and is used
    // when it is still the newest at hand.
    let server = Server::start(vec![reply(200, between.as_bytes())]);
    let run = etld(&dir, &["update", "--url", &server.url], &[]);
    assert!(
        run.stderr.contains("is older than the list in use"),
        "{}",
        run.stderr
    );
    drop(server);
    let server = Server::start(vec![reply(200, between.as_bytes())]);
    ok(&dir, &["update", "--force", "--url", &server.url], &[]);
    let info = ok(&dir, &["info"], &[]);
    assert_eq!(
        info_line(&info, "version"),
        shifted_list(3, true).1.to_string()
    );
}

#[test]
fn each_run_uses_the_newest_list_at_hand() {
    let dir = test_dir("newest");
    let system = dir.join("system.dat");
    let system_env = system.to_str().unwrap();
    let env = [("ETLD_SYSTEM_LIST", system_env)];

    // A newer system list is used.
    let (newer, version) = shifted_list(2, true);
    std::fs::write(&system, &newer).unwrap();
    let info = ok(&dir, &["info"], &env);
    assert!(info_line(&info, "list").starts_with(&format!("{system_env} (list text, ")));
    assert_eq!(
        info_line(&info, "source"),
        "the system's list, the newest list at hand"
    );
    assert_eq!(info_line(&info, "version"), version.to_string());
    assert!(knows_new_rule(&dir, &env));

    // An older one, or one with no VERSION (as Debian's), is not; the one
    // with no VERSION, named by ETLD_SYSTEM_LIST, is never the newest, and
    // a warning says so.
    let no_version_warning = format!(
        "etld: warning: ignoring the system's list: {system_env}: it has no VERSION line to \
         compare (`// VERSION: YYYY-MM-DD_HH-MM-SS_UTC`), so the built-in list is newer; \
         ETLD_LIST or --list chooses it whatever its VERSION\n"
    );
    for (text, warning) in [
        (shifted_list(-2, true).0, String::new()),
        (
            newer.replacen("// VERSION:", "// V:", 1),
            no_version_warning,
        ),
    ] {
        std::fs::write(&system, text).unwrap();
        let run = etld(&dir, &["info"], &env);
        assert_eq!(run.stderr, warning);
        assert_eq!(info_line(&run.stdout, "list"), "built-in");
        assert!(!knows_new_rule(&dir, &env));
    }

    // A newer one that does not load is passed over, with a warning.
    std::fs::write(&system, newer.replacen(NEW_RULE, "*bad.rule", 1)).unwrap();
    let run = etld(&dir, &["info"], &env);
    assert_eq!(run.code, Some(0));
    assert!(
        run.stdout.starts_with("list        built-in\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr.starts_with(&format!(
            "etld: warning: ignoring the system's list: {system_env} is not a valid list: line "
        )),
        "{}",
        run.stderr
    );

    // The installed list and the system list: the newer wins.
    std::fs::write(&system, &newer).unwrap();
    let (newest, newest_version) = shifted_list(4, false);
    let server = Server::start(vec![reply(200, newest.as_bytes())]);
    ok(&dir, &["update", "--url", &server.url], &env);
    drop(server);
    let info = ok(&dir, &["info"], &env);
    assert_eq!(info_line(&info, "version"), newest_version.to_string());
    assert!(!knows_new_rule(&dir, &env));
    std::fs::write(&system, shifted_list(5, true).0).unwrap();
    assert!(knows_new_rule(&dir, &env));

    // ETLD_LIST and --list come first, whatever their age.
    let custom = dir.join("custom.dat");
    std::fs::write(
        &custom,
        format!("// VERSION: 2001-01-01_00-00-00_UTC\n{NEW_RULE}\n"),
    )
    .unwrap();
    let custom_env = [
        ("ETLD_SYSTEM_LIST", system_env),
        ("ETLD_LIST", custom.to_str().unwrap()),
    ];
    let info = ok(&dir, &["info"], &custom_env);
    assert_eq!(info_line(&info, "source"), "named by ETLD_LIST");
    assert_eq!(info_line(&info, "version"), "2001-01-01_00-00-00_UTC");
    let builtin_fst = repo_file("vectors/public_suffix_list.fst");
    let info = ok(
        &dir,
        &["info", "--list", builtin_fst.to_str().unwrap()],
        &custom_env,
    );
    assert_eq!(info_line(&info, "source"), "given with --list");
    assert_eq!(info_line(&info, "version"), builtin_dat().1.to_string());
    let missing = [("ETLD_LIST", "/nonexistent/list.dat")];
    let run = etld(&dir, &["example.com"], &missing);
    assert_eq!(run.code, Some(1));
    assert!(run
        .stderr
        .contains("cannot read list file /nonexistent/list.dat"));
}

#[test]
fn info_warns_when_the_list_is_older_than_max_age() {
    let dir = test_dir("max-age");
    let (_, builtin) = builtin_dat();
    let days = builtin.age_days(SystemTime::now());
    let warning = "etld: warning: the list in use is ";
    for args in [&["info", "--max-age", "0"][..], &["info"][..]] {
        let run = etld(&dir, args, &[("ETLD_MAX_AGE_DAYS", "0")]);
        assert_eq!(run.code, Some(0));
        assert!(run.stdout.starts_with("list        built-in\n"));
        match days {
            0 => assert_eq!(run.stderr, ""),
            _ => assert!(
                run.stderr.starts_with(warning) && run.stderr.contains("`etld update`"),
                "{}",
                run.stderr
            ),
        }
    }
    // A fresh list: no warning even at --max-age 0.
    let now = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let fresh = ListVersion::from_unix_seconds(now - 60).unwrap();
    let system = dir.join("fresh.dat");
    std::fs::write(&system, format!("// VERSION: {fresh}\ncom\n")).unwrap();
    let env = [("ETLD_SYSTEM_LIST", system.to_str().unwrap())];
    let info = ok(&dir, &["info", "--max-age", "0"], &env);
    assert_eq!(info_line(&info, "age"), "0 days");
    let run = etld(&dir, &["info", "--max-age", "x"], &[]);
    assert_eq!(run.code, Some(2));
    // A variable that holds no number of days is named, and ignored.
    let run = etld(&dir, &["info"], &[("ETLD_MAX_AGE_DAYS", "abc"), env[0]]);
    assert_eq!(run.code, Some(0));
    assert_eq!(
        run.stderr,
        "etld: warning: ignoring ETLD_MAX_AGE_DAYS=\"abc\": not a number of days; warning past 30 days\n"
    );
}

/// With `$ETLD_LIST` set, the update still replaces the newest list at
/// hand, and says that it is that list, not the one runs use.
#[test]
fn under_etld_list_the_report_names_what_it_replaces() {
    let dir = test_dir("etld-list");
    let small = dir.join("small.dat");
    std::fs::write(&small, "// VERSION: 2020-01-01_00-00-00_UTC\ncom\n").unwrap();
    let env = [("ETLD_LIST", small.to_str().unwrap())];
    let (newer, _) = shifted_list(7, true);
    let server = Server::start(vec![reply(200, newer.as_bytes())]);
    let out = ok(&dir, &["update", "--url", &server.url], &env);
    drop(server);
    assert!(
        out.contains("replaces the newest list at hand (ETLD_LIST aside): version "),
        "{out}"
    );
    assert!(!out.contains("list in use"), "{out}");
    assert!(
        out.contains("note: ETLD_LIST is set, so runs use that list rather than this one"),
        "{out}"
    );
    // A refusal names the same list.
    let (older, _) = shifted_list(-30, false);
    let server = Server::start(vec![reply(200, older.as_bytes())]);
    let run = etld(&dir, &["update", "--url", &server.url], &env);
    drop(server);
    assert!(
        run.stderr
            .contains("is older than the newest list at hand (ETLD_LIST aside)"),
        "{}",
        run.stderr
    );
}

#[test]
fn update_works_under_extra_rules() {
    let dir = test_dir("extra");
    let extra = dir.join("corp.dat");
    std::fs::write(&extra, "// VERSION: corp-1\n*.dev.corp.example\n").unwrap();
    let env = [("ETLD_EXTRA", extra.to_str().unwrap())];
    let corp_suffix = |env: &[(&str, &str)]| {
        let out = ok(&dir, &["a.b.dev.corp.example"], env);
        out.trim_end().split('\t').nth(1).unwrap_or("").to_string()
    };
    assert_eq!(corp_suffix(&env), "b.dev.corp.example");
    assert!(!knows_new_rule(&dir, &env));

    // The base list is chosen and replaced as before; the extra rules are
    // not part of what is installed, and the report says they apply.
    let (newer, version) = shifted_list(7, true);
    let server = Server::start(vec![reply(200, newer.as_bytes())]);
    let out = ok(&dir, &["update", "--url", &server.url], &env);
    drop(server);
    assert!(out.contains(&format!("version {version}, ")), "{out}");
    assert!(out.contains("replaces the list in use: version "), "{out}");
    assert!(
        out.ends_with("note: runs lay the extra rules of the files ETLD_EXTRA names over it\n"),
        "{out}"
    );
    let installed = dir.join("cache/public_suffix_list.fst");
    let list = etld::List::from_path(&installed).unwrap();
    assert!(list.layers().is_empty());
    assert_eq!(
        list.lookup("a.b.dev.corp.example").unwrap().suffix(),
        Some("example")
    );

    // Later runs lay the extra rules over the installed list.
    assert!(knows_new_rule(&dir, &env));
    assert_eq!(corp_suffix(&env), "b.dev.corp.example");
    assert_eq!(corp_suffix(&[]), "example");
    let info = ok(&dir, &["info"], &env);
    assert_eq!(info_line(&info, "version"), version.to_string());
    assert!(info_line(&info, "list").starts_with(&installed.display().to_string()));
    assert_eq!(
        info_line(&info, "extra"),
        format!(
            "{}: 1 rule (1 icann, 0 private), version corp-1",
            extra.display()
        )
    );
    assert_eq!(
        etld(
            &dir,
            &["cookie", "a.b.dev.corp.example", "b.dev.corp.example"],
            &env
        )
        .code,
        Some(1)
    );
}

#[test]
fn a_list_from_the_future_is_refused_and_passed_over() {
    let dir = test_dir("future");
    let (future, future_version) = shifted_list(30_000, true);
    // Refused by update, --force or not.
    for force in [false, true] {
        let server = Server::start(vec![reply(200, future.as_bytes())]);
        let mut args = vec!["update", "--url", &server.url];
        if force {
            args.push("--force");
        }
        let run = etld(&dir, &args, &[]);
        drop(server);
        assert_eq!(run.code, Some(1), "{}", run.stderr);
        assert!(
            run.stderr.contains(&format!(
                "its VERSION {future_version} lies in the future (more than a day ahead of the clock)"
            )),
            "{}",
            run.stderr
        );
        assert!(cache_files(&dir).is_empty());
    }
    // One installed before (by an older etld) is passed over by name, and a
    // genuine later list installs over it.
    let text = dir.join("future.dat");
    std::fs::write(&text, &future).unwrap();
    std::fs::create_dir_all(dir.join("cache")).unwrap();
    let installed = dir.join("cache/public_suffix_list.fst");
    compile(&dir, &text, &installed);
    let run = etld(&dir, &["info"], &[]);
    assert_eq!(run.code, Some(0));
    assert_eq!(info_line(&run.stdout, "list"), "built-in");
    assert_eq!(
        run.stderr,
        format!(
            "etld: warning: ignoring the installed list: {}: its VERSION {future_version} lies \
             in the future (more than a day ahead of the clock)\n",
            installed.display()
        )
    );
    let (newer, version) = shifted_list(2, true);
    let server = Server::start(vec![reply(200, newer.as_bytes())]);
    let run = etld(&dir, &["update", "--url", &server.url], &[]);
    drop(server);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        info_line(&ok(&dir, &["info"], &[]), "version"),
        version.to_string()
    );
}

#[test]
fn refusals_name_the_right_cause() {
    let dir = test_dir("causes");
    let (newer, version) = shifted_list(7, true);
    let utf16: Vec<u8> = [0xff, 0xfe]
        .into_iter()
        .chain(newer.bytes().flat_map(|b| [b, 0]))
        .collect();
    let mut gzip = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3];
    gzip.extend_from_slice(newer.as_bytes());
    let garbled = newer.replacen(
        &format!("// VERSION: {version}"),
        "// VERSION: 2026-13-45 noon",
        1,
    );
    let redirect = |to: &str| reply(302, "").header("Location", to);
    let loop_replies: Vec<Reply> = (0..11).map(|_| redirect("/again")).collect();
    let cases: Vec<(&str, Vec<Reply>, &str)> = vec![
        (
            "gzip",
            vec![reply(200, gzip)],
            "the download is gzip-compressed, not list text",
        ),
        (
            "UTF-16",
            vec![reply(200, utf16)],
            "the download is UTF-16, not list text",
        ),
        (
            "garbled VERSION",
            vec![reply(200, garbled.as_bytes())],
            "its `// VERSION:` line `2026-13-45 noon` is not a date (bad list VERSION at byte \
             10: expected `_`)",
        ),
        (
            "redirect to file://",
            vec![redirect("file:///etc/passwd")],
            "a redirect to a file: URL (file:///etc/passwd) is refused: only http and https are \
             followed",
        ),
        ("redirect loop", loop_replies, "more than 10 redirects"),
    ];
    for (what, replies, says) in cases {
        let n = replies.len();
        let server = Server::start(replies);
        let run = etld(&dir, &["update", "--url", &server.url], &[]);
        assert_eq!(server.requests().len(), n, "{what}");
        drop(server);
        assert_eq!(run.code, Some(1), "{what}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{what}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{what}: {}", run.stderr);
        assert!(cache_files(&dir).is_empty(), "{what}");
    }
    // A relative redirect on the same server is followed.
    let server = Server::start(vec![
        redirect("elsewhere.dat"),
        reply(200, newer.as_bytes()),
    ]);
    ok(&dir, &["update", "--url", &server.url], &[]);
    assert!(server.requests()[1].starts_with("get /list/elsewhere.dat "));
    drop(server);
    assert!(knows_new_rule(&dir, &[]));

    // A cache directory that is a file, and a URL that is not http(s):
    // refused before any download.
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let file_env = [("ETLD_CACHE_DIR", file.to_str().unwrap())];
    let run = etld(
        &dir,
        &["update", "--url", "http://127.0.0.1:9/x"],
        &file_env,
    );
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr,
        format!(
            "etld: cannot install the list: the cache directory {} is not a directory\n",
            file.display()
        )
    );
    // A file where a parent of the cache directory is to be.
    let below = file.join("sub");
    let env = [("ETLD_CACHE_DIR", below.to_str().unwrap())];
    let run = etld(&dir, &["update", "--url", "http://127.0.0.1:9/x"], &env);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr,
        format!(
            "etld: cannot install the list in the cache directory {}: {} is not a directory\n",
            below.display(),
            file.display()
        )
    );
    // A link to nothing where the cache directory is to be, the same.
    #[cfg(unix)]
    {
        let dangling = dir.join("dangling");
        std::os::unix::fs::symlink(dir.join("nowhere"), &dangling).unwrap();
        let env = [("ETLD_CACHE_DIR", dangling.to_str().unwrap())];
        let run = etld(&dir, &["update", "--url", "http://127.0.0.1:9/x"], &env);
        assert_eq!(run.code, Some(1));
        assert_eq!(
            run.stderr,
            format!(
                "etld: cannot install the list: the cache directory {} is not a directory\n",
                dangling.display()
            )
        );
    }
    // A port nothing listens on: the system's reason, without the HTTP
    // client's own prefix (`io: `).
    let port = etld_testkit::free_port();
    let url = format!("http://127.0.0.1:{port}/x");
    let run = etld(&dir, &["update", "--url", &url], &[]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr
            .starts_with(&format!("etld: cannot download {url}: Connection refused")),
        "{}",
        run.stderr
    );
    let run = etld(&dir, &["update", "--url", "file:///etc/passwd"], &[]);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr,
        "etld: cannot download file:///etc/passwd: an update downloads over http or https, not \
         file\n"
    );
}

/// The VERSION of the installed list and the one its download record
/// names.
fn installed_versions(dir: &Path) -> (String, String) {
    let fst = std::fs::read(dir.join("cache/public_suffix_list.fst")).unwrap();
    let http = std::fs::read_to_string(dir.join("cache/public_suffix_list.http")).unwrap();
    let recorded = http
        .lines()
        .find_map(|l| l.strip_prefix("version "))
        .unwrap()
        .to_string();
    (etld::source::peek_version(&fst).unwrap(), recorded)
}

#[test]
fn concurrent_updates_install_the_newest_list_with_its_record() {
    let dir = test_dir("concurrent");
    let (older, _) = shifted_list(3, false);
    let (newer, newer_version) = shifted_list(6, true);
    // The older list served slowly, the newer fast, both started together.
    let mut slow = reply(200, older.as_bytes());
    slow.delay = Duration::from_millis(1500);
    let slow = Server::start(vec![slow]);
    let fast = Server::start(vec![reply(200, newer.as_bytes())]);
    let spawn = |url: &str| {
        Command::new(env!("CARGO_BIN_EXE_etld"))
            .args(["update", "--url", url])
            .env("ETLD_CACHE_DIR", dir.join("cache"))
            .env("ETLD_SYSTEM_LIST", "")
            .env_remove("ETLD_LIST")
            .output()
    };
    let (older_run, newer_run) = std::thread::scope(|s| {
        let a = s.spawn(|| spawn(&slow.url).unwrap());
        let b = s.spawn(|| spawn(&fast.url).unwrap());
        (a.join().unwrap(), b.join().unwrap())
    });
    drop((slow, fast));
    assert_eq!(newer_run.status.code(), Some(0));
    assert_eq!(older_run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&older_run.stderr)
        .contains(&format!("is older than the list in use ({newer_version})")));
    let v = newer_version.to_string();
    assert_eq!(installed_versions(&dir), (v.clone(), v));
    assert!(knows_new_rule(&dir, &[]));

    // Four at once, each a list of its own, a few rounds: the newest is
    // installed, and its record describes it.
    for round in 0..3 {
        let _ = std::fs::remove_dir_all(dir.join("cache"));
        let lists: Vec<(String, ListVersion)> =
            (0..4).map(|i| shifted_list(10 + i, false)).collect();
        let servers: Vec<Server> = lists
            .iter()
            .enumerate()
            .map(|(i, (text, _))| {
                let mut r = reply(200, text.as_bytes());
                r.delay = Duration::from_millis(50 * ((i as u64 + round) % 4));
                Server::start(vec![r])
            })
            .collect();
        std::thread::scope(|s| {
            let runs: Vec<_> = servers
                .iter()
                .map(|server| s.spawn(|| spawn(&server.url).unwrap()))
                .collect();
            for run in runs {
                run.join().unwrap();
            }
        });
        drop(servers);
        let newest = lists[3].1.to_string();
        assert_eq!(
            installed_versions(&dir),
            (newest.clone(), newest),
            "round {round}"
        );
    }
}

#[test]
fn what_an_interrupted_install_left_is_removed() {
    let dir = test_dir("stale");
    let cache = dir.join("cache");
    std::fs::create_dir_all(&cache).unwrap();
    let stale = [
        "public_suffix_list.fst.tmp12345",
        "public_suffix_list.http.tmp999",
    ];
    for name in stale {
        std::fs::write(cache.join(name), b"half a list").unwrap();
    }
    // Files of other names are not the update's to remove.
    std::fs::write(cache.join("notes.tmp1"), b"mine").unwrap();
    let (newer, _) = shifted_list(7, true);
    let server = Server::start(vec![reply(200, newer.as_bytes())]);
    ok(&dir, &["update", "--url", &server.url], &[]);
    drop(server);
    let names: Vec<String> = cache_files(&dir).into_iter().map(|(n, _)| n).collect();
    assert_eq!(
        names,
        [
            "notes.tmp1",
            "public_suffix_list.fst",
            "public_suffix_list.http"
        ]
    );
}

#[test]
fn a_forced_list_that_later_runs_will_not_use_is_said_so() {
    let dir = test_dir("forced");
    let installed = dir.join("cache/public_suffix_list.fst");
    let (older, older_version) = shifted_list(-3, true);
    let no_version = older.replacen(&format!("// VERSION: {older_version}"), "", 1);
    for (what, text) in [("older", &older), ("no VERSION", &no_version)] {
        let server = Server::start(vec![reply(200, text.as_bytes())]);
        let out = ok(&dir, &["update", "--force", "--url", &server.url], &[]);
        drop(server);
        assert!(!out.contains("replaces the list in use"), "{what}: {out}");
        assert!(
            out.contains(&format!(
                "note: later runs do not use it: they use the newest list at hand, the built-in \
                 list (version {}); to use this one, pass --list {} or set ETLD_LIST to it\n",
                builtin_dat().1,
                installed.display()
            )),
            "{what}: {out}"
        );
        // What it said is what later runs do, and the way it gave works;
        // a list with no VERSION is named as never the newest.
        let run = etld(&dir, &["info"], &[]);
        assert_eq!(info_line(&run.stdout, "list"), "built-in");
        assert_eq!(
            run.stderr.contains("ignoring the installed list: ")
                && run.stderr.contains(": it has no VERSION line to compare"),
            what == "no VERSION",
            "{what}: {}",
            run.stderr
        );
        assert!(!knows_new_rule(&dir, &[]));
        let env = [("ETLD_LIST", installed.to_str().unwrap())];
        assert!(knows_new_rule(&dir, &env));
    }
    // A forced list that is the newest at hand replaces the one in use
    // (the installed list with no VERSION, named as passed over).
    let (newer, _) = shifted_list(3, true);
    let server = Server::start(vec![reply(200, newer.as_bytes())]);
    let run = etld(&dir, &["update", "--force", "--url", &server.url], &[]);
    drop(server);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stderr
            .starts_with("etld: warning: ignoring the installed list: "),
        "{}",
        run.stderr
    );
    let out = run.stdout;
    assert!(out.contains("replaces the list in use"), "{out}");
    assert!(knows_new_rule(&dir, &[]));
}

/// The request heads `server` received, in order, with whether each asked
/// conditionally.
fn conditional(server: &Server) -> Vec<bool> {
    server
        .requests()
        .iter()
        .map(|r| r.contains("\r\nif-none-match:") || r.contains("\r\nif-modified-since:"))
        .collect()
}

#[test]
fn a_damaged_installed_list_is_downloaded_again() {
    let dir = test_dir("damaged");
    let installed = dir.join("cache/public_suffix_list.fst");
    let (newer, version) = shifted_list(7, true);
    let served = || {
        reply(200, newer.as_bytes())
            .header("ETag", "\"v1\"")
            .header("Last-Modified", "Sun, 22 Nov 2026 10:00:00 GMT")
    };
    let server = Server::start(vec![served(), served(), served()]);
    ok(&dir, &["update", "--url", &server.url], &[]);
    let good = std::fs::read(&installed).unwrap();
    for args in [&["update"][..], &["update", "--force"]] {
        // One byte after the header flipped: the checksum no longer holds.
        let mut damaged = good.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 0x40;
        std::fs::write(&installed, &damaged).unwrap();
        let run = etld(&dir, &[args, &["--url", &server.url]].concat(), &[]);
        assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.starts_with(&format!(
                "etld: warning: ignoring the installed list: {} is not a valid list: ",
                installed.display()
            )),
            "{args:?}: {}",
            run.stderr
        );
        assert!(
            run.stdout.starts_with(&format!(
                "installed {}: version {version}, ",
                installed.display()
            )),
            "{args:?}: {}",
            run.stdout
        );
        assert_eq!(std::fs::read(&installed).unwrap(), good, "{args:?}");
        // Later runs use it, without a word.
        let info = ok(&dir, &["info"], &[]);
        assert_eq!(info_line(&info, "version"), version.to_string());
        assert!(knows_new_rule(&dir, &[]));
    }
    // Neither repair asked whether the list had changed.
    assert_eq!(conditional(&server), [false, false, false]);
}

/// A damaged installed list is replaced whatever VERSION it claims, and
/// its record is not used to ask whether the list changed: runs pass it
/// over, so an update that kept it would repair nothing.
#[test]
fn a_damaged_installed_list_is_replaced_whatever_version_it_claims() {
    let dir = test_dir("damaged-newer");
    let installed = dir.join("cache/public_suffix_list.fst");
    let (newer, version) = shifted_list(7, true);
    let served = || reply(200, newer.as_bytes()).header("ETag", "\"v1\"");
    let server = Server::start(vec![served(), served(), served()]);
    ok(&dir, &["update", "--url", &server.url], &[]);
    // A .fst of a newer VERSION with its checksum broken; then the text of
    // the installed list itself, of the VERSION its record names.
    let (newest, _) = shifted_list(9, true);
    let text = dir.join("newest.dat");
    std::fs::write(&text, &newest).unwrap();
    let compiled = dir.join("newest.fst");
    compile(&dir, &text, &compiled);
    let mut damaged = std::fs::read(&compiled).unwrap();
    let last = damaged.len() - 1;
    damaged[last] ^= 0x40;
    for (what, bytes) in [("damaged", damaged), ("text", newer.clone().into_bytes())] {
        std::fs::write(&installed, &bytes).unwrap();
        let run = etld(&dir, &["update", "--url", &server.url], &[]);
        assert_eq!(run.code, Some(0), "{what}: {}", run.stderr);
        assert!(
            run.stdout.starts_with(&format!(
                "installed {}: version {version}, ",
                installed.display()
            )),
            "{what}: {}",
            run.stdout
        );
        let info = ok(&dir, &["info"], &[]);
        assert_eq!(info_line(&info, "version"), version.to_string(), "{what}");
    }
    assert_eq!(conditional(&server), [false, false, false]);
}

/// `--force` downloads the list whatever the server would say of the one
/// installed: it asks unconditionally.
#[test]
fn force_downloads_without_asking_whether_the_list_changed() {
    let dir = test_dir("force-unconditional");
    let (newer, version) = shifted_list(7, true);
    let served = || reply(200, newer.as_bytes()).header("ETag", "\"v1\"");
    let server = Server::start(vec![served(), reply(304, ""), served()]);
    ok(&dir, &["update", "--url", &server.url], &[]);
    let out = ok(&dir, &["update", "--url", &server.url], &[]);
    assert!(out.starts_with("already up to date: "), "{out}");
    let out = ok(&dir, &["update", "--force", "--url", &server.url], &[]);
    assert!(out.contains(&format!(": version {version}, ")), "{out}");
    assert_eq!(conditional(&server), [false, true, false]);
}

/// A list and a record installed over files their owner cannot read are
/// files their owner can read: they keep the permissions of the files
/// they replace, with read and write for the owner added (run as root, the
/// old files read well enough, so the update is forced).
#[cfg(unix)]
#[test]
fn what_replaces_an_unreadable_install_can_be_read() {
    use std::os::unix::fs::PermissionsExt;
    let dir = test_dir("unreadable-install");
    let cache = dir.join("cache");
    let (newer, _) = shifted_list(7, true);
    let served = || reply(200, newer.as_bytes()).header("ETag", "\"v1\"");
    let server = Server::start(vec![served(), served()]);
    ok(&dir, &["update", "--url", &server.url], &[]);
    let files = ["public_suffix_list.fst", "public_suffix_list.http"].map(|f| cache.join(f));
    for file in &files {
        std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o040)).unwrap();
    }
    let run = etld(&dir, &["update", "--force", "--url", &server.url], &[]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for file in &files {
        let mode = std::fs::metadata(file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640, "{}", file.display());
    }
    assert!(knows_new_rule(&dir, &[]));
}

/// An `$ETLD_LOCK_WAIT` that is not a number of seconds is named on
/// stderr, and the update goes on with the default wait.
#[test]
fn a_lock_wait_that_is_not_seconds_is_said_so() {
    let dir = test_dir("bad-lock-wait");
    let (newer, version) = shifted_list(7, true);
    let server = Server::start(vec![reply(200, newer.as_bytes())]);
    let run = etld(
        &dir,
        &["update", "--url", &server.url],
        &[("ETLD_LOCK_WAIT", "ten")],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "etld: warning: ignoring ETLD_LOCK_WAIT=\"ten\": not a number of seconds; waiting at most 10 s for the lock\n"
    );
    assert!(
        run.stdout.contains(&format!(": version {version}, ")),
        "{}",
        run.stdout
    );
}

/// A server that takes the connection and never answers is given up on
/// after 20 s, with a message that says so, not after the 120 s a whole
/// download may take.
#[test]
fn a_server_that_never_answers_is_given_up_on() {
    let dir = test_dir("no-answer");
    let mut silent = reply(200, "");
    silent.delay = Duration::from_secs(23);
    let server = Server::start(vec![silent]);
    let started = Instant::now();
    let run = etld(&dir, &["update", "--url", &server.url], &[]);
    let took = started.elapsed();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains("the server did not answer within 20 s"),
        "{}",
        run.stderr
    );
    assert!(took < Duration::from_secs(23), "{took:?}");
    assert!(!dir.join("cache/public_suffix_list.fst").exists());
}

/// What interrupted installs left is removed by an update that then
/// installs nothing, too; and where `$ETLD_LIST` names the installed list
/// itself, the report does not say runs use another.
#[test]
fn a_refused_update_removes_stale_files_and_etld_list_may_name_the_installed_list() {
    let dir = test_dir("stale-refused");
    let cache = dir.join("cache");
    std::fs::create_dir_all(&cache).unwrap();
    std::fs::write(cache.join("public_suffix_list.fst.tmp4242"), b"half").unwrap();
    let server = Server::start(vec![reply(200, "<html>not a list</html>")]);
    let run = etld(&dir, &["update", "--url", &server.url], &[]);
    drop(server);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(!cache.join("public_suffix_list.fst.tmp4242").exists());

    let installed = cache.join("public_suffix_list.fst");
    let (newer, _) = shifted_list(7, true);
    let server = Server::start(vec![reply(200, newer.as_bytes())]);
    ok(&dir, &["update", "--url", &server.url], &[]);
    drop(server);
    let env = [("ETLD_LIST", installed.to_str().unwrap())];
    let (newest, _) = shifted_list(8, true);
    let server = Server::start(vec![reply(200, newest.as_bytes())]);
    let out = ok(&dir, &["update", "--url", &server.url], &env);
    drop(server);
    assert!(!out.contains("note: ETLD_LIST"), "{out}");
    // One that names a missing file says runs will fail.
    let missing = dir.join("missing.dat");
    let env = [("ETLD_LIST", missing.to_str().unwrap())];
    let (newest, _) = shifted_list(9, true);
    let server = Server::start(vec![reply(200, newest.as_bytes())]);
    let out = ok(&dir, &["update", "--url", &server.url], &env);
    drop(server);
    assert!(
        out.contains("note: ETLD_LIST is set, so runs use that list rather than this one, and it cannot be used: cannot read list file "),
        "{out}"
    );
    assert!(
        out.contains("runs fail until it is mended or unset\n"),
        "{out}"
    );
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(status.success());
}

/// A cache file that is not a regular file, made by `make` and called
/// `kind` in messages: as the download record it is neither read nor
/// replaced, and the list is downloaded whole and installed; as the
/// installed list it is not replaced, and the update says so. `left` tells
/// whether the file is still as it was made.
#[cfg(unix)]
fn not_regular_cache_file(
    name: &str,
    kind: &str,
    make: impl Fn(&Path),
    left: impl Fn(&Path) -> bool,
) {
    let dir = test_dir(name);
    let cache = dir.join("cache");
    std::fs::create_dir_all(&cache).unwrap();
    let (newer, version) = shifted_list(7, true);

    let record = cache.join("public_suffix_list.http");
    make(&record);
    let server = Server::start(vec![reply(200, newer.as_bytes()).header("ETag", "\"v1\"")]);
    let run = etld(&dir, &["update", "--url", &server.url], &[]);
    assert_eq!(conditional(&server), [false]);
    drop(server);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stderr,
        format!(
            "etld: warning: ignoring the download record {0}: it is {kind}, not a regular file; \
             the list is downloaded whole\n\
             etld: warning: cannot install {0}: it is {kind}, not a regular file\n",
            record.display()
        )
    );
    assert!(
        run.stdout.contains(&format!("version {version}, ")),
        "{}",
        run.stdout
    );
    assert!(left(&record), "the record is still {kind}");
    assert!(knows_new_rule(&dir, &[]));

    std::fs::remove_file(&record).unwrap();
    let installed = cache.join("public_suffix_list.fst");
    std::fs::remove_file(&installed).unwrap();
    make(&installed);
    let server = Server::start(vec![reply(200, newer.as_bytes())]);
    let run = etld(&dir, &["update", "--url", &server.url], &[]);
    drop(server);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.ends_with(&format!(
            "etld: cannot install {}: it is {kind}, not a regular file\n",
            installed.display()
        )),
        "{}",
        run.stderr
    );
    assert!(left(&installed), "the installed list is still {kind}");
    assert!(!record.exists());
}

#[cfg(unix)]
#[test]
fn cache_files_that_are_fifos_are_refused_without_waiting() {
    use std::os::unix::fs::FileTypeExt;
    let is_fifo = |path: &Path| {
        std::fs::symlink_metadata(path)
            .unwrap()
            .file_type()
            .is_fifo()
    };
    not_regular_cache_file("fifo-record", "a FIFO", mkfifo, is_fifo);
}

/// A link planted in the cache is refused rather than written through: it
/// would steer every later update to the file it points at.
#[cfg(unix)]
#[test]
fn links_in_the_cache_are_refused_and_their_targets_left() {
    let dir = test_dir("link-target");
    let victim = dir.join("victim");
    std::fs::write(&victim, b"keep").unwrap();
    let link = |path: &Path| std::os::unix::fs::symlink(&victim, path).unwrap();
    let kept = |path: &Path| {
        std::fs::symlink_metadata(path)
            .unwrap()
            .file_type()
            .is_symlink()
            && std::fs::read(&victim).unwrap() == b"keep"
    };
    not_regular_cache_file("linked-cache", "a symlink", link, kept);
}

/// Compiles the list text `text` into `out` with `etld compile`, as
/// another program might put a list in the cache.
fn compile(dir: &Path, text: &Path, out: &Path) {
    ok(
        dir,
        &["compile", text.to_str().unwrap(), out.to_str().unwrap()],
        &[],
    );
}

/// Holds the cache directory's update lock, as a running `etld update`
/// does, until dropped.
fn hold_lock(dir: &Path) -> std::fs::File {
    let cache = dir.join("cache");
    std::fs::create_dir_all(&cache).unwrap();
    #[cfg(unix)]
    let file = std::fs::File::open(&cache).unwrap();
    #[cfg(not(unix))]
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(cache.join("public_suffix_list.lock"))
        .unwrap();
    file.lock().unwrap();
    file
}

#[test]
fn a_held_lock_is_waited_on_for_a_bounded_time() {
    let dir = test_dir("locked");
    let cache = dir.join("cache");
    let (newer, version) = shifted_list(7, true);
    let waiting = format!(
        "etld: waiting for another etld update to finish (it holds the lock on {}) ...\n",
        cache.display()
    );

    // Held throughout: the update gives up after the wait, installing
    // nothing.
    let held = hold_lock(&dir);
    let server = Server::start(vec![reply(200, newer.as_bytes())]);
    let start = Instant::now();
    let run = etld(
        &dir,
        &["update", "--url", &server.url],
        &[("ETLD_LOCK_WAIT", "0.5")],
    );
    let took = start.elapsed();
    drop(server);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(
        run.stderr,
        format!(
            "{waiting}etld: cannot install the list: another etld update holds the lock on \
             {}, waited for 0.5 s (ETLD_LOCK_WAIT); the list in use is unchanged, try again \
             when it has finished\n",
            cache.display()
        )
    );
    assert!(took < Duration::from_secs(20), "{took:?}");
    assert!(cache_files(&dir).is_empty());

    // Let go during the wait (the default, ten seconds): the update
    // installs once it has the lock.
    let server = Server::start(vec![
        reply(200, newer.as_bytes()).header("ETag", "\"v1\""),
        reply(304, ""),
    ]);
    let mut child = command(&dir, &["update", "--url", &server.url], &[])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("etld starts");
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    // The first line comes once the update waits (or it ends within its
    // wait): then the lock is let go.
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    assert_eq!(first, waiting);
    // Meanwhile a list older than the download is put in place: the
    // report names it as the list replaced, not the one in use when the
    // update started.
    let (meanwhile, meanwhile_version) = shifted_list(3, false);
    let text = dir.join("meanwhile.dat");
    std::fs::write(&text, meanwhile).unwrap();
    let installed = cache.join("public_suffix_list.fst");
    compile(&dir, &text, &installed);
    drop(held);
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{rest}");
    assert_eq!(rest, "");
    assert!(stdout.contains(&format!("version {version}, ")), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "replaces the list in use: version {meanwhile_version} ({})",
            installed.display()
        )),
        "{stdout}"
    );
    assert!(knows_new_rule(&dir, &[]));

    // An update that finds the list unchanged does not wait for the lock.
    let _held = hold_lock(&dir);
    let start = Instant::now();
    let out = ok(&dir, &["update", "--url", &server.url], &[]);
    assert!(out.starts_with("already up to date: "), "{out}");
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_urls_userinfo_is_sent_percent_decoded() {
    let dir = test_dir("basic-auth");
    let (newer, _) = shifted_list(7, true);
    let server = Server::start(vec![reply(200, newer.as_bytes())]);
    let url = server.url.replacen("http://", "http://us%65r:p%40ss@", 1);
    ok(&dir, &["update", "--url", &url], &[]);
    // `user:p@ss` in Base64 (lower-cased with the rest of the request).
    let requests = server.requests();
    assert!(
        requests[0].contains("\r\nauthorization: basic dxnlcjpwqhnz\r\n"),
        "{requests:?}"
    );
}

#[test]
fn a_urls_userinfo_is_never_written_or_shown() {
    let dir = test_dir("userinfo");
    let (newer, _) = shifted_list(7, true);
    let with_secret = |url: &str| url.replacen("http://", "http://user:secret@", 1);
    let server = Server::start(vec![
        reply(200, newer.as_bytes()).header("ETag", "\"v1\""),
        reply(304, ""),
        reply(404, "gone"),
    ]);
    let url = with_secret(&server.url);
    let (plain, shown) = (
        server.url.clone(),
        server.url.replacen("http://", "http://***@", 1),
    );
    let mut runs = vec![
        etld(&dir, &["update", "--url", &url], &[]),
        etld(&dir, &["update", "--url", &url], &[]),
        etld(&dir, &["update", "--url", &url, "--force"], &[]),
    ];
    // The record is of the URL without its userinfo, and it serves the
    // second run's conditional request (`--force` asks unconditionally).
    assert_eq!(conditional(&server), [false, true, false]);
    drop(server);
    let record = std::fs::read_to_string(dir.join("cache/public_suffix_list.http")).unwrap();
    assert!(record.starts_with(&format!("url {plain}\n")), "{record}");
    assert!(
        runs[1]
            .stdout
            .starts_with(&format!("already up to date: {shown} ")),
        "{}",
        runs[1].stdout
    );
    assert_eq!(
        runs[2].stderr,
        format!("etld: cannot download {shown}: the server answered HTTP 404\n")
    );
    // Failures before any answer, and a redirect, name the URL redacted too.
    runs.push(etld(
        &dir,
        &["update", "--url", "http://user:secret@127.0.0.1:1/list.dat"],
        &[],
    ));
    runs.push(etld(
        &dir,
        &["update", "--url", "ftp://user:secret@host/list.dat"],
        &[],
    ));
    runs.push(etld(
        &dir,
        &["update", "--url", "http://user:secret@/list.dat"],
        &[],
    ));
    let redirect = Server::start(vec![
        reply(302, "").header("Location", "file://user:secret@host/etc/passwd")
    ]);
    runs.push(etld(
        &dir,
        &["update", "--url", &with_secret(&redirect.url)],
        &[],
    ));
    drop(redirect);
    for run in &runs[3..] {
        assert_eq!(run.code, Some(1), "{}", run.stderr);
        assert!(run.stderr.contains("***@"), "{}", run.stderr);
    }
    for run in &runs {
        assert!(!run.stdout.contains("secret"), "{}", run.stdout);
        assert!(!run.stderr.contains("secret"), "{}", run.stderr);
    }
    for (name, bytes) in cache_files(&dir) {
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains("secret"), "{name}: {text}");
    }
}
