//! The one way etld writes a file: `etld compile`'s OUT and every file
//! `etld update` puts in the cache directory. Nothing that is not a
//! regular file is ever renamed over or removed (docs/behaviour.md,
//! section 6):
//!
//! - A regular file, or no file at all, is replaced atomically: the bytes
//!   go into a new file beside it (created exclusively, so that nothing
//!   already at that name is written through), which is synced, renamed
//!   into place, and its directory synced. Readers see the old file or
//!   the new one, never a part, and a failed write leaves the old one.
//! - A symlink is followed where the caller accepts [`Streams`] (`etld
//!   compile`'s OUT): its target, resolved, is replaced as above and the
//!   link stays a link to it, as a shell's `>` writes through a link. A
//!   link to nothing is refused, because creating a file where a dangling
//!   link points is how a link planted in a shared directory steers a
//!   write. In the cache, which holds etld's own files, a symlink is
//!   refused: a link planted there would steer every later update.
//! - A path that reaches its file through a process's descriptor
//!   directory (`/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/1`, all
//!   `/proc/PID/fd`) names a file some process has open, such as the one a
//!   shell's `>>` gave standard output: it gets the bytes written into it
//!   at its end, never a file renamed over it, where the caller accepts
//!   [`Streams`].
//! - A FIFO or a character device (a terminal, `/dev/null`), and `-` for
//!   standard output, get the bytes written into them where the caller
//!   accepts [`Streams`]: opened for writing, never created or truncated.
//! - Anything else (a directory, a socket, a block device) is refused
//!   with an error that names what it is.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Whether a FIFO, a character device and `-` are written into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Streams {
    /// They get the bytes written into them (`etld compile`'s OUT).
    Accept,
    /// They are refused as every file that is not regular is: for the
    /// cache, which holds etld's own files, and where a FIFO without a
    /// reader would keep an update waiting without bound.
    Refuse,
}

/// Where the bytes went.
#[derive(Debug, PartialEq, Eq)]
pub enum Written {
    /// This regular file was replaced, or created, atomically: the path
    /// given, or the resolved target of the symlink given.
    Replaced(PathBuf),
    /// Written into a FIFO, a character device or standard output;
    /// `stdout` says whether that is the file standard output is, so that
    /// a report does not go after the bytes.
    Streamed {
        /// Whether it is standard output.
        stdout: bool,
    },
}

/// Why a file was not written.
#[derive(Debug)]
pub enum WriteError {
    /// The path names a file of a kind that is not written: what it is
    /// ("a directory"), and whether FIFOs and character devices were
    /// accepted, for the message.
    Refused {
        /// What the file is.
        kind: &'static str,
        /// What the caller accepted.
        streams: Streams,
    },
    /// The path is a symlink whose target does not exist.
    DanglingSymlink,
    /// Standard output (`-`) could not be written.
    Stdout(io::Error),
    /// The system refused an open, a write, a sync or the rename.
    Io(io::Error),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Refused {
                kind,
                streams: Streams::Accept,
            } => write!(
                f,
                "it is {kind}: etld writes a regular file, a FIFO, a character device or `-`"
            ),
            WriteError::Refused {
                kind,
                streams: Streams::Refuse,
            } => write!(f, "it is {kind}, not a regular file"),
            WriteError::DanglingSymlink => {
                f.write_str("it is a symlink to a file that does not exist")
            }
            WriteError::Stdout(e) | WriteError::Io(e) => write!(f, "{e}"),
        }
    }
}

/// The message is the system's own for an I/O error, so no `source` is
/// returned beside it (a reporter that prints the chain would print it
/// twice), as for [`etld::Error`]; the wrapped error is the variant's field.
impl std::error::Error for WriteError {}

impl From<io::Error> for WriteError {
    fn from(e: io::Error) -> WriteError {
        WriteError::Io(e)
    }
}

impl From<WriteError> for io::Error {
    fn from(e: WriteError) -> io::Error {
        match e {
            WriteError::Stdout(e) | WriteError::Io(e) => e,
            refused => io::Error::new(io::ErrorKind::InvalidInput, refused),
        }
    }
}

/// What a file of type `kind` is, in a message: "a directory", "a FIFO".
pub fn kind_name(kind: fs::FileType) -> &'static str {
    if kind.is_file() {
        return "a regular file";
    }
    if kind.is_dir() {
        return "a directory";
    }
    if kind.is_symlink() {
        return "a symlink";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// Whether a file of type `kind` is written into rather than replaced.
fn is_stream(kind: fs::FileType) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        kind.is_fifo() || kind.is_char_device()
    }
    #[cfg(not(unix))]
    {
        let _ = kind;
        false
    }
}

/// Writes `bytes` to `path` as the [module docs](self) say; `-` is
/// standard output when `streams` accepts it, else a file of that name.
pub fn write(path: &Path, bytes: &[u8], streams: Streams) -> Result<Written, WriteError> {
    if streams == Streams::Accept && path.as_os_str() == "-" {
        let mut out = io::stdout().lock();
        out.write_all(bytes)
            .and_then(|()| out.flush())
            .map_err(WriteError::Stdout)?;
        return Ok(Written::Streamed { stdout: true });
    }
    let target = match fs::metadata(path) {
        Ok(target) => target,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            // Nothing there, or a symlink to nothing.
            if fs::symlink_metadata(path).is_ok() {
                return Err(WriteError::DanglingSymlink);
            }
            replace(path, bytes, None)?;
            return Ok(Written::Replaced(path.to_path_buf()));
        }
        Err(e) => return Err(WriteError::Io(e)),
    };
    let kind = target.file_type();
    let link = fs::symlink_metadata(path)?.file_type();
    if link.is_symlink() && streams == Streams::Refuse {
        return Err(WriteError::Refused {
            kind: kind_name(link),
            streams,
        });
    }
    if kind.is_file() {
        if streams == Streams::Accept && names_an_open_file(path) {
            return append(path, bytes);
        }
        let real = if link.is_symlink() {
            fs::canonicalize(path)?
        } else {
            path.to_path_buf()
        };
        replace(
            &real,
            bytes,
            Some(owner_reads_and_writes(target.permissions())),
        )?;
        return Ok(Written::Replaced(real));
    }
    if streams == Streams::Accept && is_stream(kind) {
        return stream(path, bytes);
    }
    Err(WriteError::Refused {
        kind: kind_name(kind),
        streams,
    })
}

/// Whether `path` reaches its file through a process's descriptor
/// directory (`/proc/PID/fd` on Linux, where `/dev/fd` leads; `/dev/fd`
/// itself on macOS and the BSDs), itself or through the links it is made
/// of (`/dev/stdout` links to `/proc/self/fd/1`, or to `fd/1`, which names
/// whatever file descriptor 1 is): a file some process has open, which a
/// rename would take from under it. A regular file elsewhere under `/dev`
/// (`/dev/shm`) is replaced as any other.
fn names_an_open_file(path: &Path) -> bool {
    let mut at = path.to_path_buf();
    // A chain of links is short; the bound stops a loop of them.
    for _ in 0..40 {
        let dir = match at.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let Ok(dir) = fs::canonicalize(dir) else {
            return false;
        };
        let descriptors = dir.file_name().is_some_and(|name| name == "fd")
            && (dir.starts_with("/proc") || dir == Path::new("/dev/fd"));
        if descriptors {
            return true;
        }
        match fs::read_link(&at) {
            Ok(to) => at = dir.join(to),
            Err(_) => return false,
        }
    }
    false
}

/// Writes `bytes` at the end of the regular file at `path`, a file some
/// process has open ([`names_an_open_file`]): opened to append, nothing
/// created, truncated or renamed.
fn append(path: &Path, bytes: &[u8]) -> Result<Written, WriteError> {
    let file = OpenOptions::new().append(true).open(path)?;
    let opened = file.metadata()?;
    write_into(file, &opened, bytes)
}

/// Writes `bytes` into the FIFO or character device at `path`, opened for
/// writing only: nothing is created or truncated.
fn stream(path: &Path, bytes: &[u8]) -> Result<Written, WriteError> {
    let file = OpenOptions::new().write(true).open(path)?;
    // What was opened is looked at again, since the path may name another
    // file by now: a regular file opened this way would be overwritten in
    // place, not replaced.
    let opened = file.metadata()?;
    if !is_stream(opened.file_type()) {
        return Err(WriteError::Refused {
            kind: kind_name(opened.file_type()),
            streams: Streams::Accept,
        });
    }
    write_into(file, &opened, bytes)
}

/// Writes `bytes` into `file`, opened already, whose metadata is `opened`.
fn write_into(mut file: File, opened: &fs::Metadata, bytes: &[u8]) -> Result<Written, WriteError> {
    file.write_all(bytes)?;
    file.flush()?;
    Ok(Written::Streamed {
        stdout: is_stdout(opened),
    })
}

/// Whether the file `meta` describes is the one standard output is.
#[cfg(unix)]
fn is_stdout(meta: &fs::Metadata) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() else {
        return false;
    };
    File::from(fd)
        .metadata()
        .is_ok_and(|out| out.dev() == meta.dev() && out.ino() == meta.ino())
}

/// Whether the file `meta` describes is the one standard output is.
#[cfg(not(unix))]
fn is_stdout(_: &fs::Metadata) -> bool {
    false
}

/// The permissions of a file replaced, for the file that replaces it, with
/// read and write for its owner added: a list installed over one its owner
/// could not read must not be as unreadable, and passed over by every run,
/// as the one it repairs.
fn owner_reads_and_writes(permissions: fs::Permissions) -> fs::Permissions {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::Permissions::from_mode(permissions.mode() | 0o600)
    }
    #[cfg(not(unix))]
    {
        let mut permissions = permissions;
        permissions.set_readonly(false);
        permissions
    }
}

/// Replaces the regular file at `path` (or creates it) atomically, with
/// `permissions` if given (those of the file replaced, see
/// [`owner_reads_and_writes`]).
fn replace(
    path: &Path,
    bytes: &[u8],
    permissions: Option<fs::Permissions>,
) -> Result<(), WriteError> {
    let (tmp, mut file) = create_beside(path)?;
    let written = (|| -> Result<(), WriteError> {
        if let Some(permissions) = permissions {
            file.set_permissions(permissions)?;
        }
        file.write_all(bytes)?;
        file.sync_all()?;
        // The path is looked at again just before the rename, which would
        // replace whatever is there by then.
        match fs::symlink_metadata(path) {
            Ok(now) if !now.file_type().is_file() => {
                return Err(WriteError::Refused {
                    kind: kind_name(now.file_type()),
                    streams: Streams::Refuse,
                })
            }
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e.into()),
            _ => {}
        }
        fs::rename(&tmp, path)?;
        Ok(())
    })();
    if written.is_err() {
        // Created by this process, exclusively: a regular file of its own.
        let _ = fs::remove_file(&tmp);
    }
    written?;
    // The rename itself is made durable by syncing the directory, where
    // the platform allows opening one.
    #[cfg(unix)]
    {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let _ = File::open(dir).and_then(|d| d.sync_all());
    }
    Ok(())
}

/// Creates a new file beside `path`, named `path` followed by `.tmp` and
/// digits (the process id, then a count if that name is taken), which
/// `etld update` knows to remove when an interrupted run leaves one.
fn create_beside(path: &Path) -> io::Result<(PathBuf, File)> {
    let pid = std::process::id();
    let mut n = 0u32;
    loop {
        let mut name = path.as_os_str().to_owned();
        match n {
            0 => name.push(format!(".tmp{pid}")),
            n => name.push(format!(".tmp{pid}{n}")),
        }
        let tmp = PathBuf::from(name);
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 100 => n += 1,
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("etld-write-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_taken_temporary_name_is_not_written_through() {
        let dir = dir("taken");
        let out = dir.join("out.fst");
        let victim = dir.join("victim");
        fs::write(&victim, b"keep").unwrap();
        let taken = dir.join(format!("out.fst.tmp{}", std::process::id()));
        #[cfg(unix)]
        std::os::unix::fs::symlink(&victim, &taken).unwrap();
        #[cfg(not(unix))]
        fs::write(&taken, b"keep").unwrap();
        assert_eq!(
            write(&out, b"list", Streams::Refuse).unwrap(),
            Written::Replaced(out.clone())
        );
        assert_eq!(fs::read(&out).unwrap(), b"list");
        assert_eq!(fs::read(&victim).unwrap(), b"keep");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_directory_is_refused_and_left() {
        let dir = dir("refused");
        let e = write(&dir, b"list", Streams::Accept).unwrap_err();
        assert_eq!(
            e.to_string(),
            "it is a directory: etld writes a regular file, a FIFO, a character device or `-`"
        );
        let e = write(&dir, b"list", Streams::Refuse).unwrap_err();
        assert_eq!(e.to_string(), "it is a directory, not a regular file");
        assert!(dir.is_dir());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_for_compile_and_refused_in_the_cache() {
        let dir = dir("link");
        let target = dir.join("target");
        let link = dir.join("out.fst");
        fs::write(&target, b"keep").unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let e = write(&link, b"list", Streams::Refuse).unwrap_err();
        assert_eq!(e.to_string(), "it is a symlink, not a regular file");
        assert_eq!(fs::read(&target).unwrap(), b"keep");
        assert_eq!(
            write(&link, b"list", Streams::Accept).unwrap(),
            Written::Replaced(fs::canonicalize(&target).unwrap())
        );
        assert_eq!(fs::read(&target).unwrap(), b"list");
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn an_open_file_named_through_dev_fd_is_appended_to() {
        use std::os::fd::AsRawFd;
        use std::os::unix::fs::MetadataExt;
        // As `etld compile LIST /dev/stdout >> log` names the log.
        let dir = dir("open");
        let log = dir.join("log");
        fs::write(&log, b"precious\n").unwrap();
        let open = OpenOptions::new().append(true).open(&log).unwrap();
        let inode = fs::metadata(&log).unwrap().ino();
        for path in [
            format!("/dev/fd/{}", open.as_raw_fd()),
            format!("/proc/self/fd/{}", open.as_raw_fd()),
        ] {
            assert_eq!(
                write(Path::new(&path), b"list\n", Streams::Accept).unwrap(),
                Written::Streamed { stdout: false },
                "{path}"
            );
        }
        assert_eq!(fs::read(&log).unwrap(), b"precious\nlist\nlist\n");
        assert_eq!(fs::metadata(&log).unwrap().ino(), inode);
        drop(open);
        fs::remove_dir_all(&dir).unwrap();
        // A regular file elsewhere under /dev is replaced, not appended to.
        let shm = Path::new("/dev/shm");
        if shm.is_dir() {
            let out = shm.join(format!("etld-write-{}", std::process::id()));
            fs::write(&out, b"old").unwrap();
            assert_eq!(
                write(&out, b"list", Streams::Accept).unwrap(),
                Written::Replaced(out.clone())
            );
            assert_eq!(fs::read(&out).unwrap(), b"list");
            fs::remove_file(&out).unwrap();
        }
    }

    #[cfg(unix)]
    #[test]
    fn streams_are_refused_where_not_accepted() {
        let e = write(Path::new("/dev/null"), b"list", Streams::Refuse).unwrap_err();
        assert_eq!(
            e.to_string(),
            "it is a character device, not a regular file"
        );
        assert_eq!(
            write(Path::new("/dev/null"), b"list", Streams::Accept).unwrap(),
            Written::Streamed { stdout: false }
        );
    }
}
