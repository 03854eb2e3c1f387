//! [`update`]: download the list, check that it is a complete list, and
//! install it compiled in the cache directory, where later runs find it.
//!
//! The download is checked before anything is written: a page that is not
//! a list (empty, HTML, an HTTP error), a truncated file, a list far smaller
//! than the one in use or older than it is refused, and the installed list
//! stays exactly as it was. The `.fst` file is written beside its final name,
//! synced, and renamed into place, so no run ever sees half a file.
//!
//! Beside the installed list, `public_suffix_list.http` keeps the URL, the
//! VERSION and the `ETag` / `Last-Modified` of the download, so the next
//! update asks the server for the list only if it changed.
//!
//! Installs take the cache directory's lock: concurrent updates install
//! one after the other, each list with its record, and one that finds a
//! newer list installed meanwhile leaves it. The lock is waited on for
//! [`LOCK_WAIT`] at most (`$ETLD_LOCK_WAIT` seconds, if set), saying so
//! to the caller ([`Notice::Waiting`]), so an update never blocks without
//! bound. Under the lock, the
//! `.tmp<PID>` files of interrupted installs are removed. Redirects are
//! followed here (at most ten, http and https only), so that
//! one to `file:` is refused as such.
//!
//! Files are written by [`write::write`], which replaces only regular
//! files. A record that is not a regular file is refused unread, and a
//! record or a list that cannot be used makes the download unconditional,
//! so that a damaged install is repaired (docs/behaviour.md, section 6).
//! The userinfo of a URL (`user:password@`) is never written to the
//! record and is shown only as `***` in messages.

use std::fmt;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use base64::prelude::{Engine, BASE64_STANDARD};
use percent_encoding::percent_decode_str;

use crate::discover::{self, LoadError, Source};
use etld::{List, ListVersion};

use crate::userinfo::{self, redacted, scheme_of};
use crate::write::{self, Streams};

/// Where the list is downloaded from by default.
pub const DEFAULT_URL: &str = "https://publicsuffix.org/list/public_suffix_list.dat";
/// The largest download accepted (the list is about 300 KiB).
const MAX_BYTES: u64 = 16 << 20;
/// The installed list's file name in the cache directory.
const INSTALLED: &str = discover::INSTALLED_FILE;
/// The file beside it that describes the download.
const HTTP_META: &str = "public_suffix_list.http";
/// The most of `public_suffix_list.http` that is read (it holds four
/// short lines).
const MAX_META_BYTES: u64 = 64 << 10;
/// A download must hold at least this share (in percent) of the rules of
/// the list in use.
const MIN_RULES_PERCENT: u64 = 90;

/// How long a connection to the server may take to set up.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(20);

/// How long the server may take to answer a request (its status and
/// headers), once it is sent.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(20);

/// How long the whole download may take, redirects included.
const DOWNLOAD_TIMEOUT: Duration = Duration::from_secs(120);

/// Why an update did not install a list.
#[derive(Debug)]
pub enum UpdateError {
    /// There is no cache directory: `$ETLD_CACHE_DIR` and the platform's
    /// variables are all unset.
    NoCacheDir,
    /// The download failed: connection, TLS, timeout, size limit.
    Download {
        /// What was downloaded.
        url: String,
        /// What went wrong.
        error: ureq::Error,
    },
    /// The server answered with an error status.
    Status {
        /// What was downloaded.
        url: String,
        /// The HTTP status code.
        status: u16,
    },
    /// The download is not a list that may replace the one in use.
    Refused {
        /// What was downloaded.
        url: String,
        /// Why it is refused.
        why: Refusal,
    },
    /// The URL is not one to download a list from.
    BadUrl {
        /// The URL.
        url: String,
        /// What is wrong with it.
        why: String,
    },
    /// A redirect that is not followed.
    Redirect {
        /// The URL that answered with the redirect.
        url: String,
        /// Why it is not followed.
        why: String,
    },
    /// The cache directory is not a directory, or cannot be made: a file
    /// (or a link to nothing) stands at its path or at one of its parents'.
    CacheNotDir {
        /// The cache directory.
        dir: PathBuf,
        /// What stands in the way: `dir` itself or a parent of it.
        in_the_way: PathBuf,
    },
    /// Another process held the cache directory's lock for longer than
    /// the wait allowed.
    Locked {
        /// The cache directory.
        dir: PathBuf,
        /// How long it was waited on.
        waited: Duration,
    },
    /// The list could not be written into the cache directory.
    Install {
        /// The file being written.
        path: PathBuf,
        /// What went wrong.
        error: io::Error,
    },
}

impl fmt::Display for UpdateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UpdateError::NoCacheDir => write!(
                f,
                "no cache directory to install the list in: set ETLD_CACHE_DIR (or {})",
                if cfg!(windows) {
                    "LOCALAPPDATA"
                } else {
                    "HOME"
                }
            ),
            UpdateError::Download { url, error } => {
                write!(f, "cannot download {url}: {}", download_reason(error))
            }
            UpdateError::Status { url, status } => {
                write!(
                    f,
                    "cannot download {url}: the server answered HTTP {status}"
                )
            }
            UpdateError::Refused { url, why } => write!(
                f,
                "refusing the list from {url}: {why}; the list in use is unchanged"
            ),
            UpdateError::BadUrl { url, why } => write!(f, "cannot download {url}: {why}"),
            UpdateError::Redirect { url, why } => {
                write!(f, "cannot download {url}: {why}")
            }
            UpdateError::CacheNotDir { dir, in_the_way } if dir == in_the_way => write!(
                f,
                "cannot install the list: the cache directory {} is not a directory",
                dir.display()
            ),
            UpdateError::CacheNotDir { dir, in_the_way } => write!(
                f,
                "cannot install the list in the cache directory {}: {} is not a directory",
                dir.display(),
                in_the_way.display()
            ),
            UpdateError::Locked { dir, waited } => write!(
                f,
                "cannot install the list: another etld update holds the lock on {}, waited \
                 for {:.1} s (ETLD_LOCK_WAIT); the list in use is unchanged, try again when it \
                 has finished",
                dir.display(),
                waited.as_secs_f64()
            ),
            UpdateError::Install { path, error } => {
                write!(f, "cannot install {}: {error}", path.display())
            }
        }
    }
}

/// Why a download failed, in a user's words: ureq's own messages name its
/// internals (`io: Connection refused`, `timeout: global`).
fn download_reason(error: &ureq::Error) -> String {
    match error {
        ureq::Error::BodyExceedsLimit(limit) => format!("larger than {limit} bytes"),
        ureq::Error::Io(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
            "the server closed the connection before the whole list came".into()
        }
        ureq::Error::Io(e) => e.to_string(),
        ureq::Error::Timeout(ureq::Timeout::Resolve | ureq::Timeout::Connect) => format!(
            "no connection to the server within {} s",
            CONNECT_TIMEOUT.as_secs()
        ),
        ureq::Error::Timeout(ureq::Timeout::RecvResponse) => format!(
            "the server did not answer within {} s",
            ANSWER_TIMEOUT.as_secs()
        ),
        ureq::Error::Timeout(_) => format!(
            "the download did not finish within {} s",
            DOWNLOAD_TIMEOUT.as_secs()
        ),
        ureq::Error::HostNotFound => "the server's name does not resolve".into(),
        ureq::Error::ConnectionFailed => "cannot connect to the server".into(),
        ureq::Error::Protocol(e) => format!("not a valid HTTP answer ({e})"),
        error => error.to_string(),
    }
}

impl std::error::Error for UpdateError {}

impl UpdateError {
    /// Whether forcing the update installs the list anyway (see
    /// [`Refusal::forcing_installs_it`]).
    pub fn forcing_installs_it(&self) -> bool {
        matches!(self, UpdateError::Refused { why, .. } if why.forcing_installs_it())
    }

    /// The system's error number of why, where the system gave one: the
    /// list could not be written, or the connection failed
    /// (`ECONNREFUSED`, ...).
    pub fn raw_os_error(&self) -> Option<i32> {
        match self {
            UpdateError::Install { error, .. } => error.raw_os_error(),
            UpdateError::Download {
                error: ureq::Error::Io(error),
                ..
            } => error.raw_os_error(),
            _ => None,
        }
    }
}

/// Why a download is not accepted as the new list.
#[derive(Debug)]
pub enum Refusal {
    /// The body is empty or blank.
    Empty,
    /// The body is an HTML page.
    Html,
    /// The body has no `===BEGIN ICANN DOMAINS===` section, or no rule in it.
    NoIcannSection,
    /// A section's end marker is missing: the file was cut short, or is
    /// not the whole Public Suffix List.
    Truncated(&'static str),
    /// The text does not parse as a list.
    Invalid(etld::Error),
    /// It holds far fewer rules than the list in use.
    TooFewRules {
        /// Rules in the download.
        got: u32,
        /// Rules in the list in use.
        have: u32,
    },
    /// The body is not list text: compressed, UTF-16, or binary.
    NotText(&'static str),
    /// It has no VERSION, so it cannot be told from an older list.
    NoVersion,
    /// Its `// VERSION:` line does not hold a date.
    BadVersion {
        /// The VERSION as written.
        text: String,
        /// What is wrong with it.
        error: etld::source::VersionError,
    },
    /// Its VERSION lies more than a day ahead of the clock.
    Future(ListVersion),
    /// Its VERSION is older than the list in use.
    Older {
        /// The download's VERSION.
        got: ListVersion,
        /// The VERSION of the list in use.
        have: ListVersion,
    },
}

impl Refusal {
    /// Whether forcing the update (`etld update --force`, Python's
    /// `etld.update(force=True)`) installs the list anyway: a list with no
    /// date to compare, or an older one. Each front end names its own way
    /// to force after the message.
    pub fn forcing_installs_it(&self) -> bool {
        matches!(
            self,
            Refusal::NoVersion | Refusal::BadVersion { .. } | Refusal::Older { .. }
        )
    }
}

/// What an update compares a download with, in words: the list in use,
/// or, where `$ETLD_LIST` names the list runs use, the newest list at hand
/// (the built-in, installed or system list), which the download would
/// replace and runs use once `$ETLD_LIST` is unset.
fn compared_with() -> &'static str {
    match etld_list_set() {
        true => "the newest list at hand (ETLD_LIST aside)",
        false => "the list in use",
    }
}

/// Whether `$ETLD_LIST` names the list runs use.
fn etld_list_set() -> bool {
    std::env::var_os("ETLD_LIST").is_some_and(|v| !v.is_empty())
}

/// What the report adds where `$ETLD_LIST` is set and the list `installed`
/// is not what it names: runs use that list instead, or, if it cannot be
/// used, fail until it is mended or unset.
fn etld_list_note(installed: &Path) -> Option<String> {
    let named = std::env::var_os("ETLD_LIST").filter(|v| !v.is_empty())?;
    let named = PathBuf::from(named);
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if same(&named, installed) {
        return None;
    }
    Some(match discover::load_file(&named, discover::Origin::Env) {
        Ok(_) => "note: ETLD_LIST is set, so runs use that list rather than this one\n".to_string(),
        Err(e) => format!(
            "note: ETLD_LIST is set, so runs use that list rather than this one, and it cannot \
                 be used: {e}; runs fail until it is mended or unset\n"
        ),
    })
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Empty => f.write_str("the download is empty"),
            Refusal::Html => f.write_str("the download is an HTML page, not a list"),
            Refusal::NoIcannSection => f.write_str("it has no ICANN section"),
            Refusal::Truncated(marker) => {
                write!(
                    f,
                    "it has no `// {marker}` line (truncated, or not the whole Public Suffix List)"
                )
            }
            Refusal::Invalid(e) => write!(f, "it is not a valid list: {e}"),
            Refusal::TooFewRules { got, have } => write!(
                f,
                "it holds {got} rules, under {MIN_RULES_PERCENT}% of the {have} of {}",
                compared_with()
            ),
            Refusal::NotText(what) => write!(f, "the download is {what}, not list text"),
            Refusal::BadVersion { text, error } => write!(
                f,
                "its `// VERSION:` line `{}` is not a date ({error})",
                text.escape_debug()
            ),
            Refusal::NoVersion => f.write_str("it has no `// VERSION:` line"),
            Refusal::Future(got) => write!(
                f,
                "its VERSION {got} lies in the future (more than a day ahead of the clock)"
            ),
            Refusal::Older { got, have } => write!(
                f,
                "its VERSION {got} is older than {} ({have})",
                compared_with()
            ),
        }
    }
}

impl std::error::Error for Refusal {}

const BEGIN_ICANN: &str = "===BEGIN ICANN DOMAINS===";
const END_ICANN: &str = "===END ICANN DOMAINS===";
const BEGIN_PRIVATE: &str = "===BEGIN PRIVATE DOMAINS===";
const END_PRIVATE: &str = "===END PRIVATE DOMAINS===";

/// Checks that `text` is a complete list that may replace `current`, and
/// compiles it. `force` accepts a list older than `current`, or without
/// a VERSION; never one whose VERSION lies more than a day after `now`.
pub fn check(
    text: &[u8],
    current: &List,
    force: bool,
    now: std::time::SystemTime,
) -> Result<List, Refusal> {
    let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
    let Some(first) = text.iter().position(|b| !b.is_ascii_whitespace()) else {
        return Err(Refusal::Empty);
    };
    if let Some(what) = not_text(text) {
        return Err(Refusal::NotText(what));
    }
    let head = &text[first..text.len().min(first + 1024)];
    let lower = head.to_ascii_lowercase();
    let has = |needle: &[u8]| lower.windows(needle.len()).any(|w| w == needle);
    if head.starts_with(b"<") || has(b"<html") || has(b"<!doctype") {
        return Err(Refusal::Html);
    }
    let mut markers = [false; 4];
    // LF, CR LF and a CR alone end a line, as the library reads list text.
    for line in text.split(|&b| b == b'\n' || b == b'\r') {
        let line = line.trim_ascii();
        if let Some(comment) = line.strip_prefix(b"//") {
            let comment = comment.trim_ascii();
            for (seen, marker) in
                markers
                    .iter_mut()
                    .zip([BEGIN_ICANN, END_ICANN, BEGIN_PRIVATE, END_PRIVATE])
            {
                *seen |= comment == marker.as_bytes();
            }
        }
    }
    let [begin_icann, end_icann, begin_private, end_private] = markers;
    if !begin_icann {
        return Err(Refusal::NoIcannSection);
    }
    if !end_icann {
        return Err(Refusal::Truncated(END_ICANN));
    }
    if (begin_private || current.rule_counts().private > 0) && !end_private {
        return Err(Refusal::Truncated(END_PRIVATE));
    }
    let list = List::from_dat(text).map_err(Refusal::Invalid)?;
    let (got, have) = (list.rule_counts(), current.rule_counts());
    if got.icann == 0 {
        return Err(Refusal::NoIcannSection);
    }
    if u64::from(got.total()) * 100 < u64::from(have.total()) * MIN_RULES_PERCENT {
        return Err(Refusal::TooFewRules {
            got: got.total(),
            have: have.total(),
        });
    }
    if let Some(got) = list.version_time().filter(|&v| discover::is_future(v, now)) {
        return Err(Refusal::Future(got));
    }
    match (list.version_time(), current.version_time()) {
        _ if force => {}
        (None, _) => {
            return Err(
                match list.version().map(|v| (v, v.parse::<ListVersion>())) {
                    Some((text, Err(error))) => Refusal::BadVersion {
                        text: text.to_string(),
                        error,
                    },
                    _ => Refusal::NoVersion,
                },
            )
        }
        (Some(got), Some(have)) if got < have => return Err(Refusal::Older { got, have }),
        _ => {}
    }
    Ok(list)
}

/// What `body` is if it is plainly not list text: a compressed file (by
/// its magic bytes), UTF-16 (by its byte order mark, or NUL bytes between
/// ASCII ones), or other binary bytes (a NUL among the first KiB).
fn not_text(body: &[u8]) -> Option<&'static str> {
    const MAGIC: [(&[u8], &str); 6] = [
        (b"\x1f\x8b", "gzip-compressed"),
        (b"BZh", "bzip2-compressed"),
        (b"\xfd7zXZ\x00", "xz-compressed"),
        (b"\x28\xb5\x2f\xfd", "zstd-compressed"),
        (b"PK\x03\x04", "a zip archive"),
        (b"\xff\xfe", "UTF-16"),
    ];
    if let Some((_, what)) = MAGIC.iter().find(|(magic, _)| body.starts_with(magic)) {
        return Some(what);
    }
    if body.starts_with(b"\xfe\xff") {
        return Some("UTF-16");
    }
    let head = &body[..body.len().min(1024)];
    let nuls = head.iter().filter(|&&b| b == 0).count();
    match nuls {
        0 => None,
        // Every other byte NUL: ASCII text in UTF-16 without a mark.
        n if n * 2 + 2 >= head.len() => Some("UTF-16"),
        _ => Some("binary (it holds NUL bytes)"),
    }
}

/// What `public_suffix_list.http` records about the download of the
/// installed list.
#[derive(Debug, Default, PartialEq, Eq)]
struct HttpMeta {
    url: String,
    version: String,
    etag: Option<String>,
    last_modified: Option<String>,
}

impl HttpMeta {
    fn parse(text: &str) -> HttpMeta {
        let mut meta = HttpMeta::default();
        for line in text.lines() {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let value = value.trim().to_string();
            match key {
                "url" => meta.url = value,
                "version" => meta.version = value,
                "etag" => meta.etag = Some(value),
                "last-modified" => meta.last_modified = Some(value),
                _ => {}
            }
        }
        meta
    }

    fn to_text(&self) -> String {
        let mut text = format!("url {}\nversion {}\n", self.url, self.version);
        if let Some(etag) = &self.etag {
            text += &format!("etag {etag}\n");
        }
        if let Some(lm) = &self.last_modified {
            text += &format!("last-modified {lm}\n");
        }
        text
    }
}

/// The conditional-request record of the installed list, if it describes
/// that very list, was downloaded from `url` (without its userinfo), and
/// the list is usable: it loads whole (header, checksum, rules) and its
/// VERSION does not lie in the future. A conditional request for a list
/// that cannot be used would be answered "not modified" and leave it so
/// (docs/behaviour.md, section 6).
fn installed_meta(dir: &Path, url: &str, notify: &mut impl FnMut(Notice)) -> Option<HttpMeta> {
    let path = dir.join(HTTP_META);
    let text = match read_record(&path) {
        Ok(text) => text?,
        Err(why) => {
            notify(Notice::RecordIgnored { path, why });
            return None;
        }
    };
    let meta = HttpMeta::parse(&text);
    let list = usable_installed(&dir.join(INSTALLED))?;
    let version = list.version()?;
    (meta.url == url && meta.version == version).then_some(meta)
}

/// The list installed at `path` if later runs can take it
/// ([`discover::candidate`], and a `.fst` that loads): `None` for one
/// missing, damaged, without a VERSION or of any other kind, which an
/// update then replaces whatever VERSION it claims (docs/behaviour.md,
/// section 6).
fn usable_installed(path: &Path) -> Option<List> {
    let now = std::time::SystemTime::now();
    let (bytes, _) = discover::candidate(path, discover::Origin::Installed, now).ok()??;
    List::from_fst(bytes).ok()
}

/// The text of the download record at `path`: `None` if there is none,
/// an error naming what it is if it is not a regular file (a FIFO's open
/// would wait for a writer that may never come), or if it cannot be read.
fn read_record(path: &Path) -> Result<Option<String>, String> {
    let regular = |meta: std::fs::Metadata| match meta.file_type() {
        kind if kind.is_file() => Ok(()),
        kind => Err(format!(
            "it is {}, not a regular file",
            write::kind_name(kind)
        )),
    };
    // The path itself, not what a link there points at: a link is not
    // one of etld's files, and is refused as the write refuses it.
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
        Ok(meta) => regular(meta)?,
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    // The file opened is looked at again: the path may name another by now.
    regular(file.metadata().map_err(|e| e.to_string())?)?;
    let mut text = String::new();
    file.take(MAX_META_BYTES)
        .read_to_string(&mut text)
        .map_err(|e| e.to_string())?;
    Ok(Some(text))
}

/// The `Authorization` header of HTTP Basic authentication for the
/// userinfo of `url`, if it has any: its user and password percent-decoded,
/// as curl and browsers send them (ureq would send them as written,
/// escapes and all).
fn basic_auth(url: &str) -> Option<String> {
    let r = userinfo::range(url)?;
    let userinfo = url.get(r.start..r.end - 1)?;
    let (user, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
    let mut credentials: Vec<u8> = percent_decode_str(user).collect();
    credentials.push(b':');
    credentials.extend(percent_decode_str(password));
    Some(format!("Basic {}", BASE64_STANDARD.encode(credentials)))
}

/// `url` without its userinfo: what the download record keeps.
fn without_userinfo(url: &str) -> String {
    match userinfo::range(url) {
        Some(r) => format!("{}{}", &url[..r.start], &url[r.end..]),
        None => url.to_string(),
    }
}

/// `error` with the userinfo of `url` shown as `***` in the variants that
/// quote a URL.
fn scrub(error: ureq::Error, url: &str) -> ureq::Error {
    let Some(r) = userinfo::range(url) else {
        return error;
    };
    let userinfo = &url[r];
    match error {
        ureq::Error::BadUri(text) => ureq::Error::BadUri(text.replace(userinfo, "***@")),
        ureq::Error::RequireHttpsOnly(text) => {
            ureq::Error::RequireHttpsOnly(text.replace(userinfo, "***@"))
        }
        error => error,
    }
}

/// A header value fit to be stored on one line and sent back.
fn header(response: &ureq::http::Response<ureq::Body>, name: &str) -> Option<String> {
    let value = response.headers().get(name)?.to_str().ok()?;
    (!value.is_empty() && !value.contains(['\n', '\r'])).then(|| value.to_string())
}

/// Runs `etld update [--url URL] [--force]`.
/// What an update did: the list it installed, or found already installed
/// and unchanged on the server.
#[derive(Clone, Debug)]
pub struct Updated {
    /// Where the list is installed.
    pub path: std::path::PathBuf,
    /// The installed list's VERSION.
    pub version: Option<String>,
    /// Whether this update installed it (`false`: the server said the
    /// installed list has not changed).
    pub installed: bool,
    /// What happened, for a person: the lines `etld update` prints.
    pub report: String,
    /// What went wrong without stopping the update (the record of the
    /// download could not be written: the next update downloads the list
    /// whole), one message each.
    pub warnings: Vec<String>,
}

/// What an update tells as it goes, before its outcome, for its caller to
/// show: `etld update` writes each on stderr as it comes, Python's
/// `etld.update()` raises each as a `UserWarning`.
#[derive(Debug)]
#[non_exhaustive]
pub enum Notice {
    /// A candidate for the list in use was passed over, and why.
    PassedOver(LoadError),
    /// The download record could not be read: the list is downloaded
    /// whole.
    RecordIgnored {
        /// The record.
        path: PathBuf,
        /// Why it was not read.
        why: String,
    },
    /// Another update holds the cache directory's lock: this one waits
    /// for it, up to its bound.
    Waiting {
        /// The cache directory.
        dir: PathBuf,
    },
    /// `$ETLD_LOCK_WAIT` is not a number of seconds: the wait for the
    /// lock is bounded by [`LOCK_WAIT`].
    LockWaitIgnored {
        /// What it holds.
        value: String,
    },
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::PassedOver(e) => f.write_str(&discover::passed_over_warning(e)),
            Notice::RecordIgnored { path, why } => write!(
                f,
                "warning: ignoring the download record {}: {why}; the list is downloaded whole",
                path.display()
            ),
            Notice::Waiting { dir } => write!(
                f,
                "waiting for another etld update to finish (it holds the lock on {}) ...",
                dir.display()
            ),
            Notice::LockWaitIgnored { value } => write!(
                f,
                "warning: ignoring ETLD_LOCK_WAIT={value:?}: not a number of seconds; waiting at most {} s for the lock",
                LOCK_WAIT.as_secs()
            ),
        }
    }
}

/// Downloads the list from `url` (else [`DEFAULT_URL`]), checks it and
/// installs it in the cache directory (see the [module docs](self)).
/// `force` takes a list older than, or the same as, the one in use, and
/// downloads it without asking whether it changed. What the update tells
/// as it goes (a candidate list passed over, a record ignored, a wait for
/// another update) goes to `notify` as it comes.
pub fn update(
    url: Option<&str>,
    force: bool,
    mut notify: impl FnMut(Notice),
) -> Result<Updated, UpdateError> {
    let url = url.unwrap_or(DEFAULT_URL);
    // The userinfo is sent, never recorded nor shown.
    let (recorded, shown) = (without_userinfo(url), redacted(url));
    check_url(url).map_err(|why| UpdateError::BadUrl {
        url: shown.clone(),
        why,
    })?;
    let dir = discover::cache_dir().ok_or(UpdateError::NoCacheDir)?;
    // Found before the download, not when the list is written: a file, or
    // a link to nothing, where a directory is to be; a directory this
    // process cannot write in.
    let stands_in_the_way = |d: &Path| d.symlink_metadata().is_ok() && !d.is_dir();
    if let Some(not_dir) = dir.ancestors().find(|d| stands_in_the_way(d)) {
        return Err(UpdateError::CacheNotDir {
            dir: dir.clone(),
            in_the_way: not_dir.to_path_buf(),
        });
    }
    let unwritable = |error| UpdateError::Install {
        path: dir.clone(),
        error,
    };
    std::fs::create_dir_all(&dir).map_err(unwritable)?;
    check_writable(&dir).map_err(unwritable)?;
    let loaded = discover::load_newest();
    loaded
        .passed_over
        .into_iter()
        .for_each(|e| notify(Notice::PassedOver(e)));
    let current = loaded.list;
    // `--force` downloads the list whatever the server says of the one
    // installed: no conditional request.
    let meta = installed_meta(&dir, &recorded, &mut notify).filter(|_| !force);
    // What interrupted installs left, whether this update then installs,
    // fails or is refused; only if no other update holds the lock: what it
    // leaves is for it or a later run to remove.
    if let Some(_lock) = try_lock(&dir) {
        remove_stale_files(&dir);
    }

    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_connect(Some(CONNECT_TIMEOUT))
        .timeout_recv_response(Some(ANSWER_TIMEOUT))
        .timeout_global(Some(DOWNLOAD_TIMEOUT))
        .max_redirects(0)
        .user_agent(concat!("etld/", env!("CARGO_PKG_VERSION")))
        .build()
        .into();
    let download = |error, at: &str| UpdateError::Download {
        url: shown.clone(),
        error: scrub(scrub(error, at), url),
    };
    // Redirects are followed here, not by the agent, so that one to
    // another scheme is refused as such.
    let mut at = url.to_string();
    let mut hops = 0;
    let mut response = loop {
        let mut request = agent.get(&at);
        if let Some(auth) = basic_auth(&at) {
            request = request.header("Authorization", auth);
        }
        if let Some(meta) = &meta {
            if let Some(etag) = &meta.etag {
                request = request.header("If-None-Match", etag);
            }
            if let Some(lm) = &meta.last_modified {
                request = request.header("If-Modified-Since", lm);
            }
        }
        let response = request.call().map_err(|e| download(e, &at))?;
        if !matches!(response.status().as_u16(), 301 | 302 | 303 | 307 | 308) {
            break response;
        }
        let redirect = |why: String| UpdateError::Redirect {
            url: redacted(&at),
            why,
        };
        let location = header(&response, "location")
            .ok_or_else(|| redirect("a redirect without a Location".to_string()))?;
        hops += 1;
        if hops > MAX_REDIRECTS {
            return Err(redirect(format!("more than {MAX_REDIRECTS} redirects")));
        }
        let next = redirect_target(&at, &location).map_err(redirect)?;
        check_url(&next).map_err(redirect)?;
        at = next;
    };
    let status = response.status().as_u16();
    if status == 304 && meta.is_some() {
        let version = meta.map(|m| m.version).unwrap_or_default();
        let path = dir.join(INSTALLED);
        return Ok(Updated {
            report: format!(
                "already up to date: {shown} has not changed since the list installed at {} ({version})\n",
                path.display(),
            ),
            path,
            version: Some(version).filter(|v| !v.is_empty()),
            installed: false,
            warnings: Vec::new(),
        });
    }
    if status != 200 {
        return Err(UpdateError::Status {
            url: shown.clone(),
            status,
        });
    }
    let (etag, last_modified) = (
        header(&response, "etag"),
        header(&response, "last-modified"),
    );
    let body = response
        .body_mut()
        .with_config()
        .limit(MAX_BYTES)
        .read_to_vec()
        .map_err(|e| download(e, &at))?;
    let list = check(&body, &current, force, std::time::SystemTime::now()).map_err(|why| {
        UpdateError::Refused {
            url: shown.clone(),
            why,
        }
    })?;

    let path = dir.join(INSTALLED);
    let install = |path: &Path, bytes: &[u8]| {
        write::write(path, bytes, Streams::Refuse).map_err(|error| UpdateError::Install {
            path: path.to_path_buf(),
            error: error.into(),
        })
    };
    // Held until the list and its record are both in place: concurrent
    // updates install one after the other, and one that finds a newer list
    // installed meanwhile leaves it.
    let wait = lock_wait(&mut notify);
    let _lock = lock(&dir, wait, &mut notify)?;
    remove_stale_files(&dir);
    // What another update may have installed while this one waited; a
    // damaged file's VERSION is no list to keep.
    let installed_now = usable_installed(&path).and_then(|list| list.version_time());
    if let (Some(have), Some(got), false) = (installed_now, list.version_time(), force) {
        if got < have {
            return Err(UpdateError::Refused {
                url: shown.clone(),
                why: Refusal::Older { got, have },
            });
        }
    }
    // The list in use now, which the report names: another run may have
    // installed one while this one waited for the lock.
    let before = discover::load_newest();
    let (current, source) = (before.list, before.source);
    install(&path, list.to_fst_bytes())?;
    let meta = HttpMeta {
        url: recorded,
        version: list.version().unwrap_or("").to_string(),
        etag,
        last_modified,
    };
    // Without its record the list is still installed; the next update
    // downloads it again instead of asking whether it changed.
    let mut warnings = Vec::new();
    if let Err(e) = install(&dir.join(HTTP_META), meta.to_text().as_bytes()) {
        warnings.push(e.to_string());
    }

    let counts = list.rule_counts();
    let was = match &source {
        Source::Builtin => "the built-in list".to_string(),
        Source::File { path, .. } => path.display().to_string(),
    };
    // The report's first line, then what this list is beside the others.
    let installed = format!(
        "installed {}: version {}",
        path.display(),
        list.version().unwrap_or("(none)")
    );
    let rules = format!(
        "{} rules ({} icann, {} private), {} bytes",
        counts.total(),
        counts.icann,
        counts.private,
        list.to_fst_bytes().len(),
    );
    // Each run uses the newest list at hand (a rule --force does not
    // change: a list forced in to go back in time would otherwise hold back
    // every later built-in or system list). Say so when that is not this
    // one, and how to use it anyway.
    let later = discover::load_newest();
    let used = matches!(&later.source, Source::File { path: p, .. } if *p == path);
    let mut report = if !used {
        format!(
            "{installed}, {rules}\n\
             note: later runs do not use it: they use the newest list at hand, {} (version {}); \
             to use this one, pass --list {} or set ETLD_LIST to it\n",
            later.source,
            later.list.version().unwrap_or("(none)"),
            path.display(),
        )
    } else if !force && list.version_time() == current.version_time() {
        format!("{installed}, the same as {} ({was})\n", compared_with())
    } else {
        format!(
            "{installed}, {rules}\nreplaces {}: version {} ({was})\n",
            compared_with(),
            current.version().unwrap_or("(none)"),
        )
    };
    if let Some(note) = etld_list_note(&path) {
        report += &note;
    }
    if !discover::extra_paths(&[]).is_empty() {
        report += "note: runs lay the extra rules of the files ETLD_EXTRA names over it\n";
    }
    Ok(Updated {
        version: list.version().map(str::to_string),
        path,
        installed: true,
        report,
        warnings,
    })
}

/// How long an update waits by default for another to let go of the lock.
pub const LOCK_WAIT: Duration = Duration::from_secs(10);

/// How long to wait for the lock: `$ETLD_LOCK_WAIT` seconds (fractions
/// allowed), else (unset or empty) [`LOCK_WAIT`]; a value that is not a
/// number of seconds is told to `notify` and [`LOCK_WAIT`] used.
fn lock_wait(notify: &mut impl FnMut(Notice)) -> Duration {
    let Some(value) = std::env::var_os("ETLD_LOCK_WAIT").filter(|v| !v.is_empty()) else {
        return LOCK_WAIT;
    };
    let secs = value.to_str().and_then(|v| v.trim().parse::<f64>().ok());
    match secs.and_then(|secs| Duration::try_from_secs_f64(secs).ok()) {
        Some(wait) => wait,
        None => {
            notify(Notice::LockWaitIgnored {
                value: value.to_string_lossy().into_owned(),
            });
            LOCK_WAIT
        }
    }
}

/// The file whose lock is the cache directory's update lock: on Unix the
/// directory itself, so no file is added to it.
fn lock_file(dir: &Path) -> io::Result<std::fs::File> {
    #[cfg(unix)]
    let file = std::fs::File::open(dir)?;
    #[cfg(not(unix))]
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join("public_suffix_list.lock"))?;
    Ok(file)
}

/// Takes the cache directory's update lock, waiting up to `wait` for
/// another update to finish installing (saying so to `notify`); it is let
/// go when the returned file is dropped (or the process ends).
fn lock(
    dir: &Path,
    wait: Duration,
    notify: &mut impl FnMut(Notice),
) -> Result<std::fs::File, UpdateError> {
    let failed = |error| UpdateError::Install {
        path: dir.to_path_buf(),
        error,
    };
    let file = lock_file(dir).map_err(failed)?;
    let start = std::time::Instant::now();
    let mut said = false;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(std::fs::TryLockError::Error(error)) => return Err(failed(error)),
            Err(std::fs::TryLockError::WouldBlock) => {}
        }
        let waited = start.elapsed();
        if waited >= wait {
            return Err(UpdateError::Locked {
                dir: dir.to_path_buf(),
                waited,
            });
        }
        if !said {
            said = true;
            notify(Notice::Waiting {
                dir: dir.to_path_buf(),
            });
        }
        std::thread::sleep((wait - waited).min(Duration::from_millis(50)));
    }
}

/// The cache directory's update lock if no other process holds it.
fn try_lock(dir: &Path) -> Option<std::fs::File> {
    let file = lock_file(dir).ok()?;
    file.try_lock().ok()?;
    Some(file)
}

/// The start of the name of [`check_writable`]'s file, followed by the
/// process id, a `-` and a number.
const PROBE: &str = ".etld-write-check";

/// Whether files can be made in `dir`: a file of this call's own made and
/// removed at once, so that a directory that cannot take the list is said
/// to be so before the download rather than after it. Its name is new to
/// each call of the process (updates on several threads probe at once)
/// and passes over one that a killed run of the same process id left (a
/// container's process id is the same on every run), which
/// [`remove_stale_files`] removes.
fn check_writable(dir: &Path) -> io::Result<()> {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let mut left_over = 0;
    loop {
        let call = CALLS.fetch_add(1, Ordering::Relaxed);
        let probe = dir.join(format!("{PROBE}{}-{call}", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&probe)
        {
            Ok(_) => {
                return match std::fs::remove_file(&probe) {
                    // Removed meanwhile by an update clearing what killed
                    // runs left: it was made all the same.
                    Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
                    removed => removed,
                };
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && left_over < 64 => {
                left_over += 1;
            }
            Err(e) => return Err(e),
        }
    }
}

/// Whether `name` is that of a file [`check_writable`] makes.
fn is_probe(name: &str) -> bool {
    name.strip_prefix(PROBE)
        .and_then(|rest| rest.split_once('-'))
        .is_some_and(|(pid, call)| {
            [pid, call]
                .iter()
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
}

/// Removes what interrupted installs left in the cache directory: the
/// `.tmp<PID>` files written beside the list and its record before they
/// are renamed into place, and [`check_writable`]'s files. Called under the
/// [`lock`], when no other install is writing one (the probe of an update
/// that has not the lock may go too, which that update takes as made).
fn remove_stale_files(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let stale = [INSTALLED, HTTP_META].iter().any(|file| {
            name.strip_prefix(file)
                .and_then(|rest| rest.strip_prefix(".tmp"))
                .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
        });
        let stale = stale || is_probe(&name);
        if stale && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The most redirects an update follows.
const MAX_REDIRECTS: usize = 10;

/// Checks a URL an update downloads from (the one given, and each a
/// redirect leads to): http or https, and a URL the URL standard's parser
/// takes, as `etld lookup --url` reads one. The HTTP client reads an
/// out-of-range port (`:99999`) as none, and would connect to port 80.
fn check_url(url: &str) -> Result<(), String> {
    match scheme_of(url).as_deref() {
        Some("http" | "https") => {}
        Some(other) => {
            return Err(format!(
                "an update downloads over http or https, not {other}"
            ))
        }
        None => return Err("not a URL: it has no scheme (https://...)".to_string()),
    }
    etld::url::host(url).map(drop).map_err(|e| e.to_string())
}

/// Where a redirect from `from` to `location` leads: `location` itself if
/// it is an http or https URL (never from https down to http), or resolved
/// against `from` if it is relative (`//host/path`, `/path`, `path`).
fn redirect_target(from: &str, location: &str) -> Result<String, String> {
    let base = scheme_of(from).unwrap_or_default();
    match scheme_of(location).as_deref() {
        Some(scheme @ ("http" | "https")) => {
            if base == "https" && scheme == "http" {
                return Err(format!(
                    "a redirect from https down to http ({}) is refused",
                    redacted(location)
                ));
            }
            return Ok(location.to_string());
        }
        Some(other) => {
            return Err(format!(
                "a redirect to a {other}: URL ({}) is refused: only http and https are followed",
                redacted(location)
            ))
        }
        None => {}
    }
    // `from` is an http(s) URL: scheme, `//`, authority, path.
    let after = from.len() - from[base.len() + 1..].trim_start_matches('/').len();
    let path_at = from[after..]
        .find(['/', '?', '#'])
        .map_or(from.len(), |i| after + i);
    Ok(if location.starts_with("//") {
        format!("{base}:{location}")
    } else if location.starts_with('/') {
        format!("{}{location}", &from[..path_at])
    } else {
        let path_end = from[path_at..]
            .find(['?', '#'])
            .map_or(from.len(), |i| path_at + i);
        let dir_end = from[path_at..path_end]
            .rfind('/')
            .map_or(path_at, |i| path_at + i + 1);
        match dir_end {
            d if d == path_at => format!("{}/{location}", &from[..path_at]),
            d => format!("{}{location}", &from[..d]),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::SystemTime;

    /// A fresh directory of its own for a test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("etld-update-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn the_write_check_passes_over_what_killed_runs_left_and_runs_on_threads() {
        let dir = scratch("probe");
        // What killed runs of this process id left, under the names the
        // next checks would take.
        let left: Vec<PathBuf> = (0..32)
            .map(|n| dir.join(format!("{PROBE}{}-{n}", std::process::id())))
            .collect();
        for path in &left {
            std::fs::write(path, "").unwrap();
        }
        check_writable(&dir).unwrap();
        // Updates on many threads of one process check at once.
        std::thread::scope(|s| {
            let checks: Vec<_> = (0..8)
                .map(|_| s.spawn(|| (0..50).try_for_each(|_| check_writable(&dir))))
                .collect();
            for check in checks {
                check.join().unwrap().unwrap();
            }
        });
        // Cleared with the other leftovers, and nothing else.
        std::fs::write(dir.join(".etld-write-check"), "").unwrap();
        std::fs::write(dir.join(".etld-write-check12"), "").unwrap();
        remove_stale_files(&dir);
        assert!(left.iter().all(|p| !p.exists()));
        let mut kept: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        kept.sort();
        assert_eq!(kept, [".etld-write-check", ".etld-write-check12"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    const CURRENT: &[u8] = b"// VERSION: 2026-10-22_08-36-41_UTC\n\
        // ===BEGIN ICANN DOMAINS===\ncom\nuk\nco.uk\n// ===END ICANN DOMAINS===\n\
        // ===BEGIN PRIVATE DOMAINS===\ngithub.io\n// ===END PRIVATE DOMAINS===\n";

    fn newer() -> Vec<u8> {
        String::from_utf8_lossy(CURRENT)
            .replace("2026-10-22_08-36-41", "2026-11-01_00-00-00")
            .replace("co.uk\n", "co.uk\nnet\n")
            .into_bytes()
    }

    fn refusal(text: &[u8]) -> String {
        let current = List::from_dat(CURRENT).unwrap();
        check(text, &current, false, SystemTime::now())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn a_complete_newer_list_passes() {
        let current = List::from_dat(CURRENT).unwrap();
        let list = check(&newer(), &current, false, SystemTime::now()).unwrap();
        assert_eq!(list.rule_counts().total(), 5);
        // The same list again is accepted too.
        assert!(check(CURRENT, &current, false, SystemTime::now()).is_ok());
        // With CR LF or CR alone at its line ends, as the library reads it.
        for end in ["\r\n", "\r"] {
            let text = String::from_utf8(newer()).unwrap().replace('\n', end);
            let list = check(text.as_bytes(), &current, false, SystemTime::now()).unwrap();
            assert_eq!(list.rule_counts().total(), 5, "{end:?}");
        }
    }

    #[test]
    fn what_is_refused() {
        let newer = String::from_utf8(newer()).unwrap();
        assert_eq!(refusal(b""), "the download is empty");
        assert_eq!(refusal(b" \r\n\n"), "the download is empty");
        for html in [
            "<!DOCTYPE html><html><body>502</body></html>",
            "\n<html>",
            "// x\n<HTML>",
        ] {
            assert_eq!(
                refusal(html.as_bytes()),
                "the download is an HTML page, not a list"
            );
        }
        let cut = &newer[..newer.find("// ===END PRIVATE").unwrap()];
        assert_eq!(
            refusal(cut.as_bytes()),
            "it has no `// ===END PRIVATE DOMAINS===` line (truncated, or not the whole Public Suffix List)"
        );
        let cut = &newer[..newer.find("// ===END ICANN").unwrap()];
        assert_eq!(
            refusal(cut.as_bytes()),
            "it has no `// ===END ICANN DOMAINS===` line (truncated, or not the whole Public Suffix List)"
        );
        assert_eq!(
            refusal(b"// VERSION: 2027-01-01_00-00-00_UTC\ncom\nuk\nco.uk\nnet\n"),
            "it has no ICANN section"
        );
        assert_eq!(
            refusal(newer.replace("net\n", "*x.net\n").as_bytes()),
            "it is not a valid list: line 6, byte 0: a wildcard must be a whole label"
        );
        assert_eq!(
            refusal(newer.replace("co.uk\nnet\n", "").as_bytes()),
            "it holds 3 rules, under 90% of the 4 of the list in use"
        );
        assert!(
            refusal(newer.replace("2026-11-01", "2026-10-01").as_bytes())
                .starts_with("its VERSION 2026-10-01_00-00-00_UTC is older than the list in use (2026-10-22_08-36-41_UTC)")
        );
        assert!(refusal(newer.replace("// VERSION", "// V").as_bytes())
            .starts_with("it has no `// VERSION:` line"));
        assert_eq!(
            refusal(
                newer
                    .replace("2026-11-01_00-00-00_UTC", "2026-11-01 00:00 UTC")
                    .as_bytes()
            ),
            "its `// VERSION:` line `2026-11-01 00:00 UTC` is not a date (bad list VERSION at \
             byte 10: expected `_`)"
        );
    }

    #[test]
    fn only_a_list_without_a_date_or_an_older_one_is_forced_in() {
        let forcible = |why: Refusal| why.forcing_installs_it();
        assert!(forcible(Refusal::NoVersion));
        assert!(!forcible(Refusal::Empty));
        assert!(!forcible(Refusal::Truncated(END_ICANN)));
        assert!(!forcible(Refusal::TooFewRules { got: 1, have: 4 }));
    }

    #[test]
    fn a_version_more_than_a_day_ahead_is_refused_even_forced() {
        let current = List::from_dat(CURRENT).unwrap();
        let text = newer();
        let published = List::from_dat(&text).unwrap().version_time().unwrap();
        let at = |secs: u64| published.to_system_time() - std::time::Duration::from_secs(secs);
        for force in [false, true] {
            assert!(check(&text, &current, force, at(86_400)).is_ok());
            let e = check(&text, &current, force, at(86_401)).unwrap_err();
            assert_eq!(
                e.to_string(),
                "its VERSION 2026-11-01_00-00-00_UTC lies in the future (more than a day \
                 ahead of the clock)"
            );
        }
    }

    #[test]
    fn bodies_that_are_not_text_are_named() {
        let newer = newer();
        let utf16: Vec<u8> = [0xff, 0xfe]
            .into_iter()
            .chain(newer.iter().flat_map(|&b| [b, 0]))
            .collect();
        let utf16_bare: Vec<u8> = newer.iter().flat_map(|&b| [0, b]).collect();
        let mut gzip = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3];
        gzip.extend_from_slice(&[0x4b; 200]);
        let mut binary = newer.clone();
        binary.insert(40, 0);
        for (body, what) in [
            (&gzip[..], "the download is gzip-compressed, not list text"),
            (&utf16, "the download is UTF-16, not list text"),
            (&utf16_bare, "the download is UTF-16, not list text"),
            (
                b"PK\x03\x04zip",
                "the download is a zip archive, not list text",
            ),
            (
                &binary,
                "the download is binary (it holds NUL bytes), not list text",
            ),
        ] {
            assert_eq!(refusal(body), what);
        }
    }

    #[test]
    fn force_takes_an_older_list() {
        let current = List::from_dat(CURRENT).unwrap();
        let older = String::from_utf8(newer())
            .unwrap()
            .replace("2026-11-01", "2026-10-01");
        assert!(check(older.as_bytes(), &current, true, SystemTime::now()).is_ok());
    }

    #[test]
    fn redirects_resolve_as_urls_do() {
        let from = "http://127.0.0.1:8/list/psl.dat?x#y";
        for (location, want) in [
            (
                "https://mirror.example/psl.dat",
                "https://mirror.example/psl.dat",
            ),
            ("//other:9/a", "http://other:9/a"),
            ("/b/c.dat", "http://127.0.0.1:8/b/c.dat"),
            ("c.dat", "http://127.0.0.1:8/list/c.dat"),
        ] {
            assert_eq!(redirect_target(from, location).as_deref(), Ok(want));
        }
        assert_eq!(
            redirect_target("http://h", "x").as_deref(),
            Ok("http://h/x")
        );
        for (from, location, why) in [
            (from, "file:///etc/passwd", "a redirect to a file: URL"),
            (from, "FTP://x/", "a redirect to a ftp: URL"),
            ("https://h/a", "http://h/a", "from https down to http"),
        ] {
            let e = redirect_target(from, location).unwrap_err();
            assert!(e.contains(why), "{location}: {e}");
        }
        assert!(check_url("https://x/").is_ok());
        assert_eq!(
            check_url("file:///x").unwrap_err(),
            "an update downloads over http or https, not file"
        );
        assert!(check_url("example.com/list").is_err());
        // A URL the URL standard's parser refuses, though the HTTP client
        // would read it: an out-of-range port is no port 80.
        for (url, why) in [
            ("http://127.0.0.1:99999/x", "over 65535"),
            ("http://127.0.0.1:65536/x", "over 65535"),
            ("https://[::1/x", "IPv6"),
        ] {
            let e = check_url(url).unwrap_err();
            assert!(e.contains(why), "{url}: {e}");
        }
        assert!(check_url("http://user:pw@127.0.0.1:8080/list.dat").is_ok());
    }

    #[test]
    fn basic_credentials_are_percent_decoded() {
        let basic = |credentials: &str| format!("Basic {}", BASE64_STANDARD.encode(credentials));
        for (url, credentials) in [
            ("http://us%65r:p%40ss@h/x", "user:p@ss"),
            ("http://u@h/", "u:"),
            ("http://u:@h/", "u:"),
            ("http://:p%3Aq@h/", ":p:q"),
            ("http://a@b@h/", "a@b:"),
        ] {
            assert_eq!(basic_auth(url), Some(basic(credentials)), "{url}");
        }
        assert_eq!(basic_auth("http://h/a@b"), None);
    }

    #[test]
    fn userinfo_is_dropped_or_shown_redacted() {
        for (url, recorded, shown) in [
            ("http://u:p@h/x", "http://h/x", "http://***@h/x"),
            ("HTTPS://u@h:8?q", "HTTPS://h:8?q", "HTTPS://***@h:8?q"),
            ("http://a@b@h/", "http://h/", "http://***@h/"),
            ("http:\\\\u:p@h\\x", "http:\\\\h\\x", "http:\\\\***@h\\x"),
            ("http://h/x@y", "http://h/x@y", "http://h/x@y"),
            ("http://h#@y", "http://h#@y", "http://h#@y"),
            ("no scheme u:p@h", "no scheme u:p@h", "no scheme u:p@h"),
        ] {
            assert_eq!(without_userinfo(url), recorded, "{url}");
            assert_eq!(redacted(url), shown, "{url}");
        }
    }

    #[test]
    fn http_meta_round_trips() {
        let meta = HttpMeta {
            url: "http://127.0.0.1:1/list.dat".into(),
            version: "2026-10-22_08-36-41_UTC".into(),
            etag: Some("W/\"abc def\"".into()),
            last_modified: Some("Thu, 22 Oct 2026 08:36:41 GMT".into()),
        };
        assert_eq!(HttpMeta::parse(&meta.to_text()), meta);
    }
}
