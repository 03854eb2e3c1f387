//! End to end: a Ballista scheduler and two executors started as
//! `etld-sql` processes on 127.0.0.1 run GROUP BYs over Parquet files, and
//! the results equal the in-process runs (with the client's options) and the
//! library's answers.

use std::collections::HashMap;
use std::fs::File;
use std::io::Read;
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use datafusion::arrow::array::{ArrayRef, RecordBatch, StringArray};
use datafusion::parquet::arrow::ArrowWriter;
use etld_testkit::free_port;

#[path = "../../benches/hosts/mod.rs"]
mod hosts;

const ETLD_SQL: &str = env!("CARGO_BIN_EXE_etld-sql");

/// `etld-sql` with the environment the tests assume: no `$ETLD_LIST`, no
/// installed list, no system list, so the built-in list is in use unless a
/// test says otherwise.
fn etld_sql_command() -> Command {
    let mut command = Command::new(ETLD_SQL);
    command
        .env(
            "ETLD_CACHE_DIR",
            concat!(env!("CARGO_TARGET_TMPDIR"), "/no-etld-cache"),
        )
        .env("ETLD_SYSTEM_LIST", "")
        .env_remove("ETLD_LIST")
        .env_remove("ETLD_EXTRA");
    command
}

/// How long any one step (a component coming up, a query) may take.
const STEP_LIMIT: Duration = Duration::from_secs(180);

/// Child processes, killed when the test ends, however it ends.
struct Processes(Vec<Child>);

impl Drop for Processes {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Waits until something listens on `port`, failing if `child` exits first
/// or the time runs out.
fn wait_for_port(port: u16, child: &mut Child, what: &str) {
    let start = Instant::now();
    loop {
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return;
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("{what} exited with {status} before listening on {port}");
        }
        assert!(
            start.elapsed() < STEP_LIMIT,
            "{what} not listening on {port}"
        );
        thread::sleep(Duration::from_millis(100));
    }
}

/// Runs `etld-sql` with `args` to the end, killed if it takes too long:
/// whether it succeeded, its standard output and its standard error.
fn run(args: &[&str]) -> (bool, String, String) {
    let mut child = etld_sql_command()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pipes: [Box<dyn Read + Send>; 2] = [
        Box::new(child.stdout.take().unwrap()),
        Box::new(child.stderr.take().unwrap()),
    ];
    let readers = pipes.map(|mut pipe| {
        thread::spawn(move || {
            let mut text = String::new();
            pipe.read_to_string(&mut text).map(|_| text)
        })
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > STEP_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("etld-sql {args:?} took over {STEP_LIMIT:?}");
        }
        thread::sleep(Duration::from_millis(50));
    };
    let [stdout, stderr] = readers.map(|r| r.join().unwrap().unwrap());
    (status.success(), stdout, stderr)
}

/// The output of `etld-sql` with `args`, which must succeed.
fn etld_sql(args: &[&str]) -> String {
    let (ok, stdout, stderr) = run(args);
    assert!(ok, "etld-sql {args:?}: {stderr}");
    stdout
}

/// The error of `etld-sql` with `args`, which must fail.
fn etld_sql_fails(args: &[&str]) -> String {
    let (ok, _, stderr) = run(args);
    assert!(!ok, "etld-sql {args:?} succeeded");
    stderr
}

/// Writes `hosts` as `parts` Parquet files `hosts-N.parquet` of one column `host`.
fn write_parquet(dir: &Path, hosts: &[String], parts: usize) {
    for (n, chunk) in hosts.chunks(hosts.len().div_ceil(parts)).enumerate() {
        let column: StringArray = chunk.iter().map(|h| Some(h.as_str())).collect();
        let batch = RecordBatch::try_from_iter([("host", Arc::new(column) as ArrayRef)]).unwrap();
        let file = File::create(dir.join(format!("hosts-{n}.parquet"))).unwrap();
        let mut writer = ArrowWriter::try_new(file, batch.schema(), None).unwrap();
        writer.write(&batch).unwrap();
        writer.close().unwrap();
    }
}

/// `site,hosts` lines: the library's answers, ordered as the query orders.
fn expected(hosts: &[String]) -> String {
    expected_on(etld::List::builtin(), hosts)
}

/// [`expected`] on `list`.
fn expected_on(list: &etld::List, hosts: &[String]) -> String {
    counted_by(hosts, |h| {
        list.lookup(h)
            .ok()
            .and_then(|d| d.registrable().map(str::to_string))
    })
}

/// What `GROUP BY etld_site(host)` of [`expected`] gives: the hosts
/// counted by their registrable domain in ASCII, without a trailing dot.
fn expected_sites(hosts: &[String]) -> String {
    let ascii = etld::Options::new().output(etld::Output::Ascii);
    counted_by(hosts, |h| {
        let d = etld::List::builtin().lookup_with(h, &ascii).ok()?;
        d.registrable()
            .map(|r| r.strip_suffix('.').unwrap_or(r).to_string())
    })
}

/// The CSV of `site,hosts` of the hosts counted by `site`, as the queries
/// order it (the most hosts first, then by site, no site as empty).
fn counted_by(hosts: &[String], site: impl Fn(&str) -> Option<String>) -> String {
    let mut counts: HashMap<String, u64> = HashMap::new();
    for h in hosts {
        *counts.entry(site(h).unwrap_or_default()).or_default() += 1;
    }
    let mut rows: Vec<(String, u64)> = counts.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut csv = String::from("site,hosts\n");
    for (site, n) in rows {
        csv.push_str(&format!("{site},{n}\n"));
    }
    csv
}

/// Starts a scheduler and `executors` executors on 127.0.0.1, each executor
/// with `executor_env` set and a work directory `executor-N` in `dir`:
/// the processes and the scheduler's address.
fn start_cluster(
    dir: &Path,
    executors: usize,
    executor_env: &[(&str, &Path)],
) -> (Processes, String) {
    start_cluster_with(dir, executors, &[], executor_env)
}

/// [`start_cluster`] with `scheduler_env` set for the scheduler.
fn start_cluster_with(
    dir: &Path,
    executors: usize,
    scheduler_env: &[(&str, &Path)],
    executor_env: &[(&str, &Path)],
) -> (Processes, String) {
    let mut processes = Processes(Vec::new());
    let scheduler_port = free_port();
    let scheduler = format!("127.0.0.1:{scheduler_port}");
    processes.0.push(
        etld_sql_command()
            .envs(scheduler_env.iter().copied())
            .args(["scheduler", "--bind", &scheduler])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_for_port(scheduler_port, &mut processes.0[0], "the scheduler");
    for n in 0..executors {
        let (port, grpc_port) = (free_port(), free_port());
        let work_dir = dir.join(format!("executor-{n}"));
        std::fs::create_dir(&work_dir).unwrap();
        processes.0.push(
            etld_sql_command()
                .envs(executor_env.iter().copied())
                .args(["executor", "--scheduler", &scheduler, "--concurrency", "2"])
                .args(["--bind", &format!("127.0.0.1:{port}")])
                .args(["--grpc-port", &grpc_port.to_string()])
                .arg("--work-dir")
                .arg(&work_dir)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .spawn()
                .unwrap(),
        );
        let child = processes.0.last_mut().unwrap();
        wait_for_port(port, child, "an executor");
    }
    (processes, scheduler)
}

#[test]
fn group_by_on_two_executors_equals_in_process_and_library() {
    let dir = tempfile::tempdir().unwrap();
    let hosts = hosts::realistic_hosts(20_000, 11);
    write_parquet(dir.path(), &hosts, 4);
    let glob = format!("{}/hosts-*.parquet", dir.path().display());
    // NULLS FIRST: the empty site (hosts without one) sorts as the empty
    // string does in the expected lines.
    let sql = format!(
        "SELECT etld_registrable(host) AS site, count(*) AS hosts FROM '{glob}' \
         GROUP BY site ORDER BY hosts DESC, site NULLS FIRST"
    );

    let local = etld_sql(&["--format", "csv", &sql]);
    assert_eq!(local, expected(&hosts));

    let (mut processes, scheduler) = start_cluster(dir.path(), 2, &[]);

    let remote = etld_sql(&["--cluster", &scheduler, "--format", "csv", &sql]);
    assert_eq!(remote, local);

    // The site key, one group for every form of a site.
    let sites = sql.replace("etld_registrable(host)", "etld_site(host)");
    let local = etld_sql(&["--format", "csv", &sites]);
    assert_eq!(local, expected_sites(&hosts));
    let remote = etld_sql(&["--cluster", &scheduler, "--format", "csv", &sites]);
    assert_eq!(remote, local);

    // The client's options travel with the plan.
    let options = ["--icann-only", "--no-default-rule", "--wildcard-root"];
    let sql = format!(
        "SELECT etld_suffix(host) AS suffix, etld_section(host) AS section, count(*) AS hosts \
         FROM '{glob}' GROUP BY suffix, section ORDER BY hosts DESC, suffix NULLS FIRST"
    );
    let local = etld_sql(&[&options[..], &["--format", "csv", &sql]].concat());
    let remote = etld_sql(
        &[
            &options[..],
            &["--cluster", &scheduler, "--format", "csv", &sql],
        ]
        .concat(),
    );
    assert_eq!(remote, local);
    assert!(
        local.contains("\nnet,icann,") && !local.contains(",private,"),
        "{local}"
    );

    // Statements run in turn there too: a table declared on files is read
    // by the executors; one made in the client's memory cannot be sent.
    let declared = format!(
        "CREATE EXTERNAL TABLE h STORED AS PARQUET LOCATION '{}/'; \
         SELECT etld_registrable(host) AS site, count(*) AS hosts FROM h \
         GROUP BY site ORDER BY hosts DESC, site NULLS FIRST",
        dir.path().display()
    );
    let remote = etld_sql(&["--cluster", &scheduler, "--format", "csv", &declared]);
    assert_eq!(remote, expected(&hosts));
    let made = format!("CREATE TABLE t AS SELECT host FROM '{glob}'; SELECT count(*) FROM t");
    let e = etld_sql_fails(&["--cluster", &scheduler, &made]);
    assert!(
        e.contains("a table made in this process (CREATE TABLE ... AS) cannot be sent"),
        "{e}"
    );

    // A task that fails on an executor is told in words, not in the
    // `Debug` form Ballista passes on.
    let cast = format!("SELECT CAST(host AS INT) FROM '{glob}'");
    let e = etld_sql_fails(&["--cluster", &scheduler, &cast]);
    assert!(
        e.contains("failed on the cluster: Cast error: Cannot cast string"),
        "{e}"
    );

    // A plan made with another list is refused.
    let list = dir.path().join("list.dat");
    std::fs::write(&list, "com\n").unwrap();
    let list = list.to_str().unwrap();
    let e = etld_sql_fails(&["--list", list, "--cluster", &scheduler, &sql]);
    assert!(e.contains("give every node the same list"), "{e}");

    // Both executors took part: each wrote shuffle files of the job.
    for n in 0..2 {
        let work_dir = dir.path().join(format!("executor-{n}"));
        let entries = std::fs::read_dir(&work_dir).unwrap().count();
        assert!(entries > 0, "executor {n} wrote nothing in {work_dir:?}");
    }
    for child in &mut processes.0 {
        assert!(child.try_wait().unwrap().is_none(), "a component died");
    }
}

/// The executors choose their list as `etld lookup` does: one that finds a
/// newer list installed in its cache directory answers from it, so it
/// refuses the plans of a client (and scheduler) on the built-in list, and
/// the client is told why.
#[test]
fn an_executor_on_another_list_refuses_the_plan() {
    let dir = tempfile::tempdir().unwrap();
    let hosts = hosts::realistic_hosts(1_000, 5);
    write_parquet(dir.path(), &hosts, 1);
    let cache = dir.path().join("cache");
    std::fs::create_dir(&cache).unwrap();
    // Newer than the built-in list, and not in the future (such a list is
    // passed over).
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let version = etld::ListVersion::from_unix_seconds(now - 3600).unwrap();
    let newer =
        etld::compile(format!("// VERSION: {version}\ncom\nuk\nco.uk\n").as_bytes()).unwrap();
    std::fs::write(cache.join(etld_source::INSTALLED_FILE), newer).unwrap();
    let sql = format!(
        "SELECT etld_registrable(host) AS site, count(*) AS hosts FROM '{}/hosts-*.parquet' \
         GROUP BY site",
        dir.path().display()
    );

    let (mut processes, scheduler) = start_cluster(dir.path(), 1, &[("ETLD_CACHE_DIR", &cache)]);
    let e = etld_sql_fails(&["--cluster", &scheduler, &sql]);
    assert!(e.contains("give every node the same list"), "{e}");
    for child in &mut processes.0 {
        assert!(child.try_wait().unwrap().is_none(), "a component died");
    }
}

/// Extra rules laid over the list (`--extra`, `$ETLD_EXTRA`) are part of
/// the list's identity: a cluster whose nodes all have them answers as the
/// client does in process, a client without them is refused by the
/// scheduler, and an executor without them refuses the plan of a client
/// and a scheduler with them.
#[test]
fn extra_rules_are_part_of_the_list() {
    let dir = tempfile::tempdir().unwrap();
    let mut hosts = hosts::realistic_hosts(2_000, 3);
    hosts.extend((0..200).map(|i| format!("www.team{}.corp.example", i % 7)));
    write_parquet(dir.path(), &hosts, 2);
    let extra_text = "*.github.io\n// ===BEGIN PRIVATE DOMAINS===\ncorp.example\n\
                      // ===END PRIVATE DOMAINS===\n";
    let extra = dir.path().join("corp.dat");
    std::fs::write(&extra, extra_text).unwrap();
    let extra_arg = extra.to_str().unwrap();
    let sql = format!(
        "SELECT etld_registrable(host) AS site, count(*) AS hosts FROM '{}/hosts-*.parquet' \
         GROUP BY site ORDER BY hosts DESC, site NULLS FIRST",
        dir.path().display()
    );
    let layered = etld::List::builtin()
        .with_extra("corp.dat", extra_text.as_bytes())
        .unwrap();
    let want = expected_on(&layered, &hosts);
    assert_ne!(want, expected(&hosts));
    assert!(want.contains("\nteam3.corp.example,"), "{want}");

    // In process, from --extra and from $ETLD_EXTRA.
    let local = etld_sql(&["--extra", extra_arg, "--format", "csv", &sql]);
    assert_eq!(local, want);
    let (ok, from_env, stderr) = {
        let mut command = etld_sql_command();
        command.env("ETLD_EXTRA", &extra);
        let out = command
            .args(["--format", "csv", &sql])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    assert!(ok, "{stderr}");
    assert_eq!(from_env, want);
    // A bad extra file stops etld-sql, with its path and line.
    let bad = dir.path().join("bad.dat");
    std::fs::write(&bad, "ok.example\n*bad.example\n").unwrap();
    let e = etld_sql_fails(&["--extra", bad.to_str().unwrap(), &sql]);
    assert!(
        e.contains(&format!(
            "{}: line 2, byte 0: a wildcard must be a whole label",
            bad.display()
        )),
        "{e}"
    );

    // Every node with the extra rules.
    let env = [("ETLD_EXTRA", extra.as_path())];
    let (processes, scheduler) = start_cluster_with(dir.path(), 1, &env, &env);
    let remote = etld_sql(&[
        "--extra",
        extra_arg,
        "--cluster",
        &scheduler,
        "--format",
        "csv",
        &sql,
    ]);
    assert_eq!(remote, want);
    // A client without them is refused by the scheduler, in words that
    // come out of the layers of quoting Ballista wraps them in.
    let e = etld_sql_fails(&["--cluster", &scheduler, &sql]);
    assert!(e.contains("give every node the same list"), "{e}");
    assert!(e.starts_with("etld-sql: error: etld_"), "{e}");
    assert!(!e.contains('\\'), "{e}");
    assert!(
        e.contains(&format!(
            "this node has one of {} rules",
            layered.rule_counts().total()
        )),
        "{e}"
    );
    assert!(
        e.contains(&format!("extra rules: {} (2 rules)", extra.display())),
        "{e}"
    );
    drop(processes);

    // An executor without them refuses the plan.
    let work = dir.path().join("second");
    std::fs::create_dir(&work).unwrap();
    let (mut processes, scheduler) = start_cluster_with(&work, 1, &env, &[]);
    let e = etld_sql_fails(&["--extra", extra_arg, "--cluster", &scheduler, &sql]);
    assert!(e.contains("give every node the same list"), "{e}");
    assert!(
        e.contains(&format!(
            "the plan was made with a list of {} rules",
            layered.rule_counts().total()
        )),
        "{e}"
    );
    for child in &mut processes.0 {
        assert!(child.try_wait().unwrap().is_none(), "a component died");
    }
}

/// An executor given no `--work-dir` keeps its shuffle files in a temporary
/// directory of its own, which it removes when it stops (on SIGTERM, as a
/// service manager stops it).
#[cfg(unix)]
#[test]
fn an_executor_removes_its_temporary_work_dir_when_it_stops() {
    let dir = tempfile::tempdir().unwrap();
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let hosts = hosts::realistic_hosts(2_000, 3);
    write_parquet(dir.path(), &hosts, 2);
    // The scheduler alone; the executor is started here, with no work dir.
    let (mut processes, scheduler) = start_cluster(dir.path(), 0, &[]);
    let (port, grpc_port) = (free_port(), free_port());
    processes.0.push(
        etld_sql_command()
            .env("TMPDIR", &tmp)
            .args(["executor", "--scheduler", &scheduler])
            .args(["--bind", &format!("127.0.0.1:{port}")])
            .args(["--grpc-port", &grpc_port.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_for_port(port, &mut processes.0[1], "the executor");
    let sql = format!(
        "SELECT etld_site(host) AS site, count(*) FROM '{}/hosts-*.parquet' GROUP BY site",
        dir.path().display()
    );
    etld_sql(&["--cluster", &scheduler, &sql]);
    let in_tmp = || -> Vec<String> {
        std::fs::read_dir(&tmp)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect()
    };
    let during = in_tmp();
    assert!(
        during.len() == 1 && during[0].starts_with("etld-sql-executor-"),
        "{during:?}"
    );
    let executor = &mut processes.0[1];
    let killed = Command::new("kill")
        .args(["-TERM", &executor.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let start = Instant::now();
    while executor.try_wait().unwrap().is_none() {
        assert!(start.elapsed() < STEP_LIMIT, "the executor did not stop");
        thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(in_tmp(), Vec::<String>::new());
}
