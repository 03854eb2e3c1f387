//! `etld compile LIST OUT` for every kind of OUT: a regular or absent file
//! is replaced atomically, a symlink's target is replaced and the link
//! kept, a FIFO, a character device or `-` gets the bytes written into it,
//! and nothing else is replaced or removed (docs/behaviour.md, section 6).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// A small list, and a host it answers.
const LIST: &str = "// VERSION: compile-test-1\ntest\n*.dev.test\n!www.dev.test\n";

/// What a run of `etld` gave.
struct Run {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

/// Runs `etld` with no list but the built-in one at hand; killed, and the
/// test failed, if it has not ended within 30 seconds (a write that
/// blocks).
fn etld(args: &[&std::ffi::OsStr]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_etld"));
    command
        .args(args)
        .env(
            "ETLD_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("etld-compile-tests/no-cache"),
        )
        .env("ETLD_SYSTEM_LIST", "")
        .env_remove("ETLD_LIST")
        .env_remove("ETLD_EXTRA");
    let out = etld_testkit::cli::run_bounded(command, Duration::from_secs(30));
    Run {
        code: out.status.code(),
        stdout: out.stdout,
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// A fresh directory holding `list.dat`.
fn test_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("etld-compile-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("list.dat"), LIST).unwrap();
    dir
}

/// Runs `etld compile DIR/list.dat OUT`.
fn compile(dir: &Path, out: &Path) -> Run {
    etld(&[
        "compile".as_ref(),
        dir.join("list.dat").as_os_str(),
        out.as_os_str(),
    ])
}

/// The bytes `etld compile` writes for [`LIST`], from a regular file in
/// a directory of the test `name`'s own (tests run at once).
fn compiled(name: &str) -> Vec<u8> {
    let dir = test_dir(&format!("{name}-reference"));
    let out = dir.join("list.fst");
    let run = compile(&dir, &out);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(b"ETLDFST"), "a compiled list");
    bytes
}

/// The report `etld compile` gives for [`LIST`] written to `what`.
fn report(what: &str, len: usize) -> String {
    format!("wrote {what}: 3 rules (3 icann, 0 private), {len} bytes\n")
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(status.success());
}

#[cfg(unix)]
fn file_type(path: &Path) -> std::fs::FileType {
    std::fs::symlink_metadata(path).unwrap().file_type()
}

#[test]
fn a_regular_file_is_replaced_and_an_absent_one_created() {
    let want = compiled("regular");
    let dir = test_dir("regular");
    let out = dir.join("out.fst");
    let run = compile(&dir, &out);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        String::from_utf8(run.stdout).unwrap(),
        report(&out.display().to_string(), want.len())
    );
    assert_eq!(std::fs::read(&out).unwrap(), want);

    std::fs::write(
        &out,
        b"an older file, longer than the compiled list ".repeat(50),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::Permissions::from_mode(0o640);
        std::fs::set_permissions(&out, mode).unwrap();
    }
    let run = compile(&dir, &out);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(std::fs::read(&out).unwrap(), want);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&out).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640, "the replaced file's permissions kept");
    }
    // No temporary file is left beside it.
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["list.dat", "out.fst"]);
}

#[test]
fn a_directory_is_refused_and_left_as_it_was() {
    let dir = test_dir("directory");
    let out = dir.join("out.fst");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("inside"), b"mine").unwrap();
    let run = compile(&dir, &out);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr,
        format!(
            "etld: cannot write {}: it is a directory: etld writes a regular file, a FIFO, a \
             character device or `-`\n",
            out.display()
        )
    );
    assert!(run.stdout.is_empty());
    assert!(out.is_dir());
    assert_eq!(std::fs::read(out.join("inside")).unwrap(), b"mine");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2, "nothing added");
}

#[test]
fn a_dash_writes_to_standard_output() {
    let want = compiled("dash");
    let dir = test_dir("dash");
    let run = compile(&dir, Path::new("-"));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, want);
    // The report goes to stderr, not after the bytes.
    assert_eq!(run.stderr, report("standard output", want.len()));
    assert!(!Path::new("-").exists() && !dir.join("-").exists());
}

#[cfg(unix)]
#[test]
fn a_fifo_gets_the_bytes_and_stays_a_fifo() {
    use std::os::unix::fs::FileTypeExt;
    let want = compiled("fifo");
    let dir = test_dir("fifo");
    let out = dir.join("out.fst");
    mkfifo(&out);
    let fifo = out.clone();
    let (send, got) = std::sync::mpsc::channel();
    // Bounded: a run that never opens the FIFO leaves this reader waiting.
    std::thread::spawn(move || send.send(std::fs::read(fifo).unwrap()));
    let run = compile(&dir, &out);
    let got = got
        .recv_timeout(Duration::from_secs(10))
        .expect("the FIFO's reader got the bytes");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(got, want);
    assert_eq!(
        String::from_utf8(run.stdout).unwrap(),
        report(&out.display().to_string(), want.len())
    );
    assert!(file_type(&out).is_fifo(), "still a FIFO");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2, "nothing added");
}

#[cfg(unix)]
#[test]
fn dev_null_stays_a_character_device() {
    use std::os::unix::fs::FileTypeExt;
    let dir = test_dir("dev-null");
    let link = dir.join("out.fst");
    std::os::unix::fs::symlink("/dev/null", &link).unwrap();
    for out in [Path::new("/dev/null"), &link] {
        let run = compile(&dir, out);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        assert!(
            std::fs::symlink_metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device(),
            "/dev/null is still a character device"
        );
        assert_eq!(std::fs::metadata("/dev/null").unwrap().len(), 0);
    }
    assert!(file_type(&link).is_symlink(), "the link is still a link");
    assert!(!Path::new("/dev/null.tmp").exists());
}

#[cfg(unix)]
#[test]
fn a_symlink_is_followed_and_kept() {
    let want = compiled("symlink");
    let dir = test_dir("symlink");
    let target = dir.join("real.fst");
    std::fs::write(&target, b"old").unwrap();
    let link = dir.join("out.fst");
    std::os::unix::fs::symlink("real.fst", &link).unwrap();
    let run = compile(&dir, &link);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(file_type(&link).is_symlink(), "the link is still a link");
    assert_eq!(
        std::fs::read_link(&link).unwrap(),
        Path::new("real.fst"),
        "pointing where it did"
    );
    assert_eq!(std::fs::read(&target).unwrap(), want);

    // A link to nothing is refused: nothing is created where it points.
    let dangling = dir.join("dangling.fst");
    std::os::unix::fs::symlink("missing/nowhere.fst", &dangling).unwrap();
    std::fs::create_dir(dir.join("missing")).unwrap();
    let run = compile(&dir, &dangling);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr,
        format!(
            "etld: cannot write {}: it is a symlink to a file that does not exist\n",
            dangling.display()
        )
    );
    assert!(!dir.join("missing/nowhere.fst").exists());
    assert!(file_type(&dangling).is_symlink());
}

#[cfg(target_os = "linux")]
#[test]
fn a_symlink_to_standard_output_writes_there() {
    use std::os::unix::fs::FileTypeExt;
    let want = compiled("proc-self-fd-1");
    let dir = test_dir("proc-self-fd-1");
    let link = dir.join("out.fst");
    std::os::unix::fs::symlink("/proc/self/fd/1", &link).unwrap();
    let run = compile(&dir, &link);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // Standard output is the pipe the test reads: the bytes went into it,
    // and the report to stderr, not after them.
    assert_eq!(run.stdout, want);
    assert_eq!(run.stderr, report(&link.display().to_string(), want.len()));
    assert!(file_type(&link).is_symlink(), "the link is still a link");
    assert!(!file_type(&link).is_fifo());
}

/// `-` whose reader has gone: the list cut short is a failure that says so,
/// not the quiet end a closed pipe gives a batch of lookups.
#[test]
fn a_list_cut_short_by_a_closed_pipe_is_a_failure() {
    let dat = Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors/public_suffix_list.dat");
    let mut child = Command::new(env!("CARGO_BIN_EXE_etld"))
        .args(["compile".as_ref(), dat.as_os_str(), "-".as_ref()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The reader closes before the list (more than a pipe holds) is written.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("etld: cannot write the list to standard output: "),
        "{stderr}"
    );
}
