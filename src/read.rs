//! Reading a list file within a bound: every list source (a path given by
//! the user, `$ETLD_LIST`, the installed and the system's list, an extra
//! file) is read here, so that `/dev/zero`, a FIFO with no writer or a huge
//! file is refused at once and with little memory.
//!
//! A leaf: it imports nothing of the crate. [`crate::source`] re-exports
//! what is public.

use std::io;
use std::path::Path;

/// The most bytes a list file may hold: 64 MiB. The Public Suffix List is
/// about 0.3 MB, and a list of a million rules of forty letters 42 MB; a
/// larger file is refused before it is read (or, for a pipe, as soon as
/// more than this has come), so that `/dev/zero` or a huge file costs
/// nothing.
pub const MAX_LIST_BYTES: u64 = 64 << 20;

/// Reads a list file that a user named (`--list FILE`, `$ETLD_LIST`,
/// [`List::from_path`](crate::List::from_path)): a regular file of at most [`MAX_LIST_BYTES`]
/// (larger is refused from its size, before any read), or a pipe or FIFO
/// (`--list <(zcat list.dat.gz)`), read up to that many bytes and refused
/// past them. A directory, a device (`/dev/zero`, `/dev/urandom`) or a
/// socket is refused without reading.
///
/// ```
/// let e = etld::source::read_list(std::path::Path::new("/dev/zero")).unwrap_err();
/// # #[cfg(unix)]
/// assert_eq!(e.to_string(), "a character device, not a list file");
/// ```
pub fn read_list(path: &Path) -> io::Result<Vec<u8>> {
    read_bounded(path, true)
}

/// Reads a candidate list that nobody named (the installed list, the
/// system's list) as [`read_list`] does, but a FIFO is refused too: its
/// open would wait for a writer that may never come.
pub fn read_candidate(path: &Path) -> io::Result<Vec<u8>> {
    read_bounded(path, false)
}

/// What is wrong with a file of type `kind` as a list file, if anything:
/// the error's kind (a directory's is the system's own, so that a caller
/// tells it as it tells `open`'s) and why.
fn refused_kind(kind: std::fs::FileType, pipes: bool) -> Option<(io::ErrorKind, &'static str)> {
    let not = |why| Some((io::ErrorKind::InvalidInput, why));
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some((io::ErrorKind::IsADirectory, "a directory, not a list file"));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return if pipes {
                None
            } else {
                not("a FIFO, not a list file")
            };
        }
        if kind.is_char_device() {
            return not("a character device, not a list file");
        }
        if kind.is_block_device() {
            return not("a block device, not a list file");
        }
        if kind.is_socket() {
            return not("a socket, not a list file");
        }
    }
    let _ = pipes;
    not("not a regular file")
}

/// [`read_list`] (`pipes`: FIFOs too) or [`read_candidate`].
fn read_bounded(path: &Path, pipes: bool) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let refuse = |why: &str| io::Error::new(io::ErrorKind::InvalidInput, why.to_string());
    let too_large = || {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "larger than {} MiB, the most a list file may hold",
                MAX_LIST_BYTES >> 20
            ),
        )
    };
    // The type first, from the path (a FIFO's open would block), then from
    // the file opened, in case the path was replaced in between.
    let check = |meta: std::fs::Metadata| -> io::Result<u64> {
        if let Some((kind, why)) = refused_kind(meta.file_type(), pipes) {
            return Err(io::Error::new(kind, why));
        }
        if meta.len() > MAX_LIST_BYTES {
            return Err(too_large());
        }
        Ok(meta.len())
    };
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        // Said as what it is: a URL names no file.
        io::ErrorKind::NotFound if path.to_str().is_some_and(is_url) => {
            refuse("a URL, not a local file: download it and name the file")
        }
        _ => e,
    })?;
    check(meta)?;
    let file = std::fs::File::open(path)?;
    let len = check(file.metadata()?)?;
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0).saturating_add(1));
    file.take(MAX_LIST_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_LIST_BYTES {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Whether `text` reads as a URL rather than a path: a scheme of two or
/// more characters (an ASCII letter, then letters, digits, `+` or `-`),
/// then `://`. A Windows drive (`C://x.dat`) and a file name with a dot
/// (`c.dat://x`, two paths in a Unix path list) are no scheme.
///
/// ```
/// use etld::source::is_url;
///
/// assert!(is_url("https://publicsuffix.org/list/public_suffix_list.dat"));
/// assert!(is_url("s3://bucket/psl.dat"));
/// assert!(!is_url("/srv/psl.dat"));
/// assert!(!is_url("C://psl.dat"));
/// assert!(!is_url("c.dat://tmp/x.dat"));
/// ```
pub fn is_url(text: &str) -> bool {
    text.split_once("://").is_some_and(|(scheme, _)| {
        let mut chars = scheme.chars();
        scheme.len() >= 2
            && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-'))
    })
}
