//! Every list source is bounded and every list passed over is named: list
//! files that are devices, FIFOs, huge or corrupt, given with `--list`,
//! `$ETLD_LIST`, `$ETLD_SYSTEM_LIST`, `cookie --list` or planted in the
//! cache directory, against the real `etld` binary with a time limit.
//! (Unix only: FIFOs, devices and symlinks.)
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a run of `etld` gave.
#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    took: Duration,
}

/// Longest a run may take: every case here should end in milliseconds.
const LIMIT: Duration = Duration::from_secs(10);

/// Runs `etld` with its own cache directory `cache`, no system list unless
/// `env` sets one, and no standard input; kills it and fails past [`LIMIT`].
fn etld(cache: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_etld"));
    command
        .args(args)
        .env("ETLD_CACHE_DIR", cache)
        .env("ETLD_SYSTEM_LIST", "")
        .env("ETLD_MAX_AGE_DAYS", "1000000")
        .env_remove("ETLD_LIST")
        .env_remove("ETLD_EXTRA")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    let start = Instant::now();
    let mut child = command.spawn().expect("etld starts");
    loop {
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("etld {args:?} did not finish in {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let took = start.elapsed();
    let out = child.wait_with_output().expect("etld output");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        took,
    }
}

/// A fresh directory for one test.
fn test_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("etld-source-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Makes a FIFO at `path` with the system's `mkfifo`.
fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

#[test]
fn devices_and_huge_files_given_as_the_list_are_refused_at_once() {
    let dir = test_dir("given");
    let huge = dir.join("huge.dat");
    // A sparse file one byte over the cap: refused from its size.
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(etld::source::MAX_LIST_BYTES + 1).unwrap();
    let huge = huge.to_str().unwrap();
    for (list, why) in [
        ("/dev/zero", "a character device, not a list file"),
        ("/dev/urandom", "a character device, not a list file"),
        (huge, "larger than 64 MiB, the most a list file may hold"),
        (dir.to_str().unwrap(), "a directory, not a list file"),
    ] {
        let want = format!("etld: cannot read list file {list}: {why}\n");
        for args in [
            &["--list", list, "example.com"][..],
            &["info", "--list", list],
            &["compile", list, "/dev/null"],
        ] {
            let run = etld(&dir, args, &[]);
            assert_eq!(
                (run.code, &run.stderr[..]),
                (Some(1), &want[..]),
                "{args:?}"
            );
            assert!(
                run.took < Duration::from_secs(2),
                "{args:?}: {:?}",
                run.took
            );
        }
        // Named by $ETLD_LIST, the message says so.
        let run = etld(&dir, &["example.com"], &[("ETLD_LIST", list)]);
        let named = want.replace('\n', "; $ETLD_LIST names it\n");
        assert_eq!((run.code, &run.stderr[..]), (Some(1), &named[..]));
        let run = etld(
            &dir,
            &["cookie", "--list", list, "a.example.com", "example.com"],
            &[],
        );
        assert_eq!((run.code, &run.stderr[..]), (Some(2), &want[..]));
    }
}

#[test]
fn a_fifo_given_as_the_list_is_read_up_to_the_cap() {
    let dir = test_dir("fifo-given");
    let fifo = dir.join("list.fifo");
    mkfifo(&fifo);
    let path = fifo.clone();
    let writer = std::thread::spawn(move || std::fs::write(path, "com\nexample.com\n"));
    let run = etld(
        &dir,
        &["--list", fifo.to_str().unwrap(), "a.b.example.com"],
        &[],
    );
    writer.join().unwrap().unwrap();
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "b.example.com\texample.com\n");
}

#[test]
fn a_cache_or_system_list_that_is_a_device_or_fifo_is_passed_over_by_name() {
    let dir = test_dir("planted");
    let cache = dir.join("cache");
    std::fs::create_dir_all(&cache).unwrap();
    let installed = cache.join("public_suffix_list.fst");
    let fifo = dir.join("system.fifo");
    mkfifo(&fifo);
    type Plant<'a> = Box<dyn Fn() + 'a>;
    let cases: [(&str, Plant, &str); 3] = [
        (
            "a symlink to /dev/zero",
            Box::new(|| std::os::unix::fs::symlink("/dev/zero", &installed).unwrap()),
            "a character device, not a list file",
        ),
        (
            "a FIFO",
            Box::new(|| mkfifo(&installed)),
            "a FIFO, not a list file",
        ),
        (
            "a symlink to a FIFO",
            Box::new(|| std::os::unix::fs::symlink(&fifo, &installed).unwrap()),
            "a FIFO, not a list file",
        ),
    ];
    for (what, plant, why) in cases {
        let _ = std::fs::remove_file(&installed);
        plant();
        let want = format!(
            "etld: warning: ignoring the installed list: cannot read list file {}: {why}\n",
            installed.display()
        );
        for args in [&["www.example.co.uk"][..], &["info"]] {
            let run = etld(&cache, args, &[]);
            assert_eq!(run.code, Some(0), "{what}: {args:?}: {}", run.stderr);
            assert_eq!(run.stderr, want, "{what}: {args:?}");
        }
        let run = etld(&cache, &["www.example.co.uk"], &[]);
        assert_eq!(run.stdout, "example.co.uk\tco.uk\n", "{what}");
    }
    // The same for the system's list.
    let _ = std::fs::remove_file(&installed);
    for (system, why) in [
        ("/dev/zero", "a character device, not a list file"),
        (fifo.to_str().unwrap(), "a FIFO, not a list file"),
    ] {
        let run = etld(&cache, &["example.com"], &[("ETLD_SYSTEM_LIST", system)]);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        assert_eq!(
            run.stderr,
            format!("etld: warning: ignoring the system's list: cannot read list file {system}: {why}\n")
        );
        assert_eq!(run.stdout, "example.com\tcom\n");
    }
}

#[test]
fn a_named_system_list_that_can_never_be_used_is_named() {
    let dir = test_dir("system-named");
    let no_version = dir.join("no-version.dat");
    std::fs::write(&no_version, "com\nzz-own.example\n").unwrap();
    let garbage = dir.join("garbage.dat");
    std::fs::write(&garbage, b"\x00\x01garbage\xff").unwrap();
    let missing = dir.join("missing.dat");
    let no_version_why =
        ": it has no VERSION line to compare (`// VERSION: YYYY-MM-DD_HH-MM-SS_UTC`), \
        so the built-in list is newer; ETLD_LIST or --list chooses it whatever its VERSION";
    let cases = [
        (&no_version, no_version_why),
        (&garbage, no_version_why),
        (
            &missing,
            ": no such file (named by ETLD_SYSTEM_LIST; set it empty for no system list)",
        ),
    ];
    for (system, why) in cases {
        let env = [("ETLD_SYSTEM_LIST", system.to_str().unwrap())];
        for args in [&["a.zz-own.example"][..], &["info"]] {
            let run = etld(&dir, args, &env);
            assert_eq!(run.code, Some(0), "{}", run.stderr);
            assert_eq!(
                run.stderr,
                format!(
                    "etld: warning: ignoring the system's list: {}{why}\n",
                    system.display()
                )
            );
        }
        let run = etld(&dir, &["a.zz-own.example"], &env);
        assert_eq!(run.stdout, "zz-own.example\texample\n", "the built-in list");
    }
    // Named with ETLD_LIST, the list without a VERSION is used.
    let run = etld(
        &dir,
        &["a.zz-own.example"],
        &[("ETLD_LIST", no_version.to_str().unwrap())],
    );
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str()),
        ("a.zz-own.example\tzz-own.example\n", "")
    );
}

#[test]
fn a_corrupt_installed_list_of_any_kind_is_named_with_its_damage() {
    let dir = test_dir("corrupt");
    let installed = dir.join("public_suffix_list.fst");
    let good = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors/public_suffix_list.fst"),
    )
    .unwrap();
    let mut bad_magic = good.clone();
    bad_magic[0] = b'X';
    let mut format_2 = good.clone();
    format_2[8] = 2;
    let mut appended = good.clone();
    appended.extend_from_slice(b"\n");
    let mut flipped = good.clone();
    *flipped.last_mut().unwrap() ^= 1;
    let cases: [(&str, Vec<u8>, &str); 6] = [
        ("truncated", good[..good.len() / 2].to_vec(), "truncated"),
        ("emptied", Vec::new(), "truncated"),
        ("bad magic", bad_magic, "magic"),
        ("format 2", format_2, "version 2"),
        ("bytes appended", appended, "trailing"),
        ("a byte flipped", flipped, "checksum"),
    ];
    for (what, bytes, says) in cases {
        std::fs::write(&installed, bytes).unwrap();
        let prefix = format!(
            "etld: warning: ignoring the installed list: {} is not a valid list: ",
            installed.display()
        );
        for args in [&["www.example.co.uk"][..], &["info"]] {
            let run = etld(&dir, args, &[]);
            assert_eq!(run.code, Some(0), "{what}: {}", run.stderr);
            assert!(run.stderr.starts_with(&prefix), "{what}: {}", run.stderr);
            assert!(
                run.stderr.to_lowercase().contains(says),
                "{what}: {}",
                run.stderr
            );
            assert_eq!(run.stderr.lines().count(), 1, "{what}: {}", run.stderr);
        }
    }
    // The intact file, as old as the built-in list: no warning.
    std::fs::write(&installed, &good).unwrap();
    let run = etld(&dir, &["www.example.co.uk"], &[]);
    assert_eq!((run.code, &run.stderr[..]), (Some(0), ""));
}
