//! Which list to use: when a list was published ([`ListVersion`]), how old
//! it is ([`ListVersion::age`]), the newest of several candidate lists
//! ([`newest`]), their VERSION read without loading them
//! ([`peek_version`]), and list files read within a bound ([`read_list`]).
//!
//! The Public Suffix List changes every few days, so a program that keeps a
//! list for long should know how old it is and prefer a fresher one when it
//! has several at hand: the list built into this crate, one downloaded
//! later, one shipped by the operating system. Each names the moment it was
//! published in its `// VERSION:` comment, in a form that sorts as text:
//!
//! ```text
//! // VERSION: 2026-10-22_08-36-41_UTC
//! ```
//!
//! [`ListVersion`], [`peek_version`] and [`newest`] read no file and do not
//! look at the clock: the caller gathers the candidates and passes the time.
//!
//! ```
//! use std::time::{Duration, SystemTime};
//! use etld::source::{self, ListVersion};
//!
//! let builtin = etld::List::builtin();
//! let downloaded = b"// VERSION: 2999-01-01_00-00-00_UTC\ncom\n";
//!
//! // The newest candidate wins; its list is compiled only then.
//! let version = source::peek_version(downloaded).and_then(|v| v.parse().ok());
//! let pick = source::newest([("built-in", builtin.version_time()), ("downloaded", version)]);
//! assert_eq!(pick, Some("downloaded"));
//!
//! let v: ListVersion = "2026-10-22_08-36-41_UTC".parse()?;
//! let a_week_later = v.to_system_time() + Duration::from_secs(7 * 86_400);
//! assert_eq!(v.age_days(a_week_later), 7);
//! # Ok::<(), etld::source::VersionError>(())
//! ```
//!
//! Which list a program uses when told nothing, and the files of extra
//! rules it lays over it, is the policy of the programs built on etld
//! (its command line, `etld-sql`, the DuckDB extension, the Python
//! package): the `etld-source` crate holds it, on these primitives.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::list::List;
pub use crate::read::{is_url, read_candidate, read_list, MAX_LIST_BYTES};
use crate::rules::format;
use crate::rules::rule::{is_line_end, lines};

/// Seconds in a day.
const DAY: u64 = 86_400;

/// The moment a list was published, from its `// VERSION:` comment
/// (`2026-10-22_08-36-41_UTC`): a point in time, so versions compare as
/// times do (newer is greater).
///
/// ```
/// use etld::source::ListVersion;
///
/// let older: ListVersion = "2026-10-22_08-36-41_UTC".parse()?;
/// let newer: ListVersion = "2026-11-02_00-00-00_UTC".parse()?;
/// assert!(older < newer);
/// assert_eq!(older.to_string(), "2026-10-22_08-36-41_UTC");
/// assert_eq!(older.unix_seconds(), 1_792_658_201);
/// # Ok::<(), etld::source::VersionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ListVersion {
    /// Seconds since 1970-01-01 00:00:00 UTC.
    secs: u64,
}

/// Why a VERSION is not of the form `YYYY-MM-DD_HH-MM-SS_UTC`.
///
/// ```
/// use etld::source::ListVersion;
///
/// let err = "2026-13-01_00-00-00_UTC".parse::<ListVersion>().unwrap_err();
/// assert_eq!(err.offset, 5);
/// assert_eq!(err.to_string(), "bad list VERSION at byte 5: expected a month, 01 to 12");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct VersionError {
    /// The byte offset in the VERSION text where it goes wrong.
    pub offset: usize,
    /// What was expected there.
    pub expected: &'static str,
}

impl fmt::Display for VersionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad list VERSION at byte {}: expected {}",
            self.offset, self.expected
        )
    }
}

impl std::error::Error for VersionError {}

/// The form of a VERSION: `D` stands for a digit, other bytes for themselves.
const TEMPLATE: &[u8; 23] = b"DDDD-DD-DD_DD-DD-DD_UTC";

/// The numeric fields: where each starts, its width, the range it must
/// fall in and what it is called.
const FIELDS: [(usize, usize, u32, u32, &str); 6] = [
    (0, 4, 1970, 9999, "a year, 1970 to 9999"),
    (5, 2, 1, 12, "a month, 01 to 12"),
    (8, 2, 1, 31, "a day of the month"),
    (11, 2, 0, 23, "an hour, 00 to 23"),
    (14, 2, 0, 59, "minutes, 00 to 59"),
    (17, 2, 0, 59, "seconds, 00 to 59"),
];

impl ListVersion {
    /// Parses a VERSION of the form `YYYY-MM-DD_HH-MM-SS_UTC` (the form
    /// the Public Suffix List uses), surrounding whitespace aside.
    pub fn parse(text: &str) -> Result<ListVersion, VersionError> {
        let bytes = text.trim().as_bytes();
        let lead = text.len() - text.trim_start().len();
        let error = |offset: usize, expected| VersionError {
            offset: lead + offset,
            expected,
        };
        // The leftmost byte out of place is the error.
        for (i, &t) in TEMPLATE.iter().enumerate() {
            let fits = match (bytes.get(i), t) {
                (Some(b), b'D') => b.is_ascii_digit(),
                (b, t) => b == Some(&t),
            };
            if !fits {
                let field = FIELDS.iter().find(|f| f.0 <= i && i < f.0 + f.1);
                return Err(error(
                    i,
                    match (field, t) {
                        (Some(f), _) => f.4,
                        (None, b'-') => "`-`",
                        (None, _) if i == 10 => "`_`",
                        _ => "`_UTC`",
                    },
                ));
            }
        }
        if bytes.len() != TEMPLATE.len() {
            return Err(error(TEMPLATE.len(), "the end after `_UTC`"));
        }
        let mut values = [0u32; 6];
        for (value, &(at, width, min, max, what)) in values.iter_mut().zip(&FIELDS) {
            *value = bytes[at..at + width]
                .iter()
                .fold(0, |n, &d| n * 10 + u32::from(d - b'0'));
            if *value < min || *value > max {
                return Err(error(at, what));
            }
        }
        let [year, month, day, hour, minute, second] = values;
        if day > days_in_month(year, month) {
            return Err(error(8, "a day that the month has"));
        }
        let days = days_from_civil(year, month, day);
        let secs = days * DAY + u64::from(hour * 3600 + minute * 60 + second);
        Ok(ListVersion { secs })
    }

    /// The version for a moment given in seconds from 1970-01-01 00:00:00
    /// UTC; `None` past the year 9999 (the form has four digits of year).
    ///
    /// ```
    /// use etld::source::ListVersion;
    ///
    /// let v = ListVersion::from_unix_seconds(1_792_658_201 + 86_400).unwrap();
    /// assert_eq!(v.to_string(), "2026-10-23_08-36-41_UTC");
    /// ```
    pub fn from_unix_seconds(secs: u64) -> Option<ListVersion> {
        // 10000-01-01 00:00:00 UTC.
        const END: u64 = 253_402_300_800;
        (secs < END).then_some(ListVersion { secs })
    }

    /// Seconds from 1970-01-01 00:00:00 UTC to this version.
    pub fn unix_seconds(&self) -> u64 {
        self.secs
    }

    /// This version as a [`SystemTime`].
    pub fn to_system_time(&self) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(self.secs)
    }

    /// How long before `now` this version was published; zero when `now`
    /// is earlier (a clock that is behind).
    pub fn age(&self, now: SystemTime) -> Duration {
        now.duration_since(self.to_system_time())
            .unwrap_or(Duration::ZERO)
    }

    /// [`ListVersion::age`] in whole days, rounded down.
    pub fn age_days(&self, now: SystemTime) -> u64 {
        self.age(now).as_secs() / DAY
    }
}

impl FromStr for ListVersion {
    type Err = VersionError;

    fn from_str(text: &str) -> Result<ListVersion, VersionError> {
        ListVersion::parse(text)
    }
}

impl fmt::Display for ListVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (year, month, day) = civil_from_days(self.secs / DAY);
        let s = self.secs % DAY;
        write!(
            f,
            "{year:04}-{month:02}-{day:02}_{:02}-{:02}-{:02}_UTC",
            s / 3600,
            s / 60 % 60,
            s % 60
        )
    }
}

impl List {
    /// The list's `// VERSION:` as a point in time: `None` when the list has
    /// no VERSION, or one of another form than `YYYY-MM-DD_HH-MM-SS_UTC`.
    ///
    /// ```
    /// let list = etld::List::from_dat(b"// VERSION: 2026-10-22_08-36-41_UTC\ncom\n")?;
    /// let v = list.version_time().unwrap();
    /// assert_eq!(v.to_string(), "2026-10-22_08-36-41_UTC");
    /// assert_eq!(etld::List::from_dat(b"com\n")?.version_time(), None);
    /// # Ok::<(), etld::Error>(())
    /// ```
    pub fn version_time(&self) -> Option<ListVersion> {
        self.version().and_then(|v| v.parse().ok())
    }
}

/// The `// VERSION:` of a list held in `bytes`, list text or a compiled
/// `.fst` file, without compiling it: cheap enough to run on every
/// candidate before choosing one. `None` when there is none (or the `.fst`
/// file's header does not read).
///
/// For list text it is the first `// VERSION:` comment, as
/// [`RuleSet::parse`](crate::RuleSet::parse) keeps it; the rules are not
/// checked.
///
/// ```
/// let text = b"// Some list\n// VERSION: 2026-10-22_08-36-41_UTC\ncom\n";
/// assert_eq!(etld::source::peek_version(text).as_deref(), Some("2026-10-22_08-36-41_UTC"));
/// let fst = etld::compile(text)?;
/// assert_eq!(etld::source::peek_version(&fst).as_deref(), Some("2026-10-22_08-36-41_UTC"));
/// # Ok::<(), etld::Error>(())
/// ```
pub fn peek_version(bytes: &[u8]) -> Option<String> {
    if format::is_fst_file(bytes) {
        // The header alone: the checksum is checked when the file loads.
        return format::read_unchecked(bytes).ok()?.version;
    }
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    // A list without a `VERSION` comment is read to its end: as text, only
    // the lines where a substring search finds `VERSION:` are looked at.
    if let Ok(text) = std::str::from_utf8(text) {
        return text.match_indices("VERSION:").find_map(|(at, _)| {
            let start = text[..at].rfind(is_line_end).map_or(0, |i| i + 1);
            let end = text[at..].find(is_line_end).map_or(text.len(), |i| at + i);
            version_comment(&text[start..end])
        });
    }
    lines(text).find_map(|line| version_comment(std::str::from_utf8(line).ok()?))
}

/// The version of a `// VERSION:` comment line (none if it is empty).
fn version_comment(line: &str) -> Option<String> {
    let comment = line.trim_start().strip_prefix("//")?.trim();
    let version = comment.strip_prefix("VERSION:")?.trim();
    (!version.is_empty()).then(|| version.to_string())
}

/// The newest of several candidates, each given with its version (`None`:
/// unknown). The greatest version wins; among equal versions the first
/// candidate given wins, so list them in order of preference (the built-in
/// list first, say, as it costs nothing to load). A candidate of unknown
/// version wins only when no candidate has a known one. `None` when there is
/// no candidate.
///
/// ```
/// use etld::source::{newest, ListVersion};
///
/// let v = |s: &str| s.parse::<ListVersion>().ok();
/// let pick = newest([
///     ("built-in", v("2026-10-22_08-36-41_UTC")),
///     ("installed", v("2026-11-02_10-00-00_UTC")),
///     ("system", None),
/// ]);
/// assert_eq!(pick, Some("installed"));
/// assert_eq!(newest([("a", None), ("b", None)]), Some("a"));
/// assert_eq!(newest([("a", v("2026-10-22_08-36-41_UTC")), ("b", v("2026-10-22_08-36-41_UTC"))]), Some("a"));
/// ```
pub fn newest<T>(candidates: impl IntoIterator<Item = (T, Option<ListVersion>)>) -> Option<T> {
    let mut best: Option<(T, Option<ListVersion>)> = None;
    for (candidate, version) in candidates {
        // `None` sorts before every `Some`: an unknown version loses.
        if best.as_ref().is_none_or(|(_, b)| version > *b) {
            best = Some((candidate, version));
        }
    }
    best.map(|(candidate, _)| candidate)
}

fn is_leap(year: u32) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to a date of 1970 or later (proleptic Gregorian).
fn days_from_civil(year: u32, month: u32, day: u32) -> u64 {
    let years = u64::from(year - 1970);
    // Leap days in the years before `year`, counted from 1970.
    let leaps = |y: u64| y / 4 - y / 100 + y / 400;
    let before = u64::from(year - 1);
    let leap_days = leaps(before) - leaps(1969);
    let month_days: u32 = (1..month).map(|m| days_in_month(year, m)).sum();
    years * 365 + leap_days + u64::from(month_days) + u64::from(day - 1)
}

/// The date of a day counted from 1970-01-01: year, month, day.
fn civil_from_days(mut days: u64) -> (u64, u32, u32) {
    let mut year = 1970u32;
    loop {
        let len = if is_leap(year) { 366 } else { 365 };
        if days < len {
            break;
        }
        days -= len;
        year += 1;
    }
    let mut month = 1;
    while days >= u64::from(days_in_month(year, month)) {
        days -= u64::from(days_in_month(year, month));
        month += 1;
    }
    (u64::from(year), month, days as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_times() {
        let secs = |s: &str| ListVersion::parse(s).unwrap().unix_seconds();
        assert_eq!(secs("1970-01-01_00-00-00_UTC"), 0);
        assert_eq!(secs("2000-03-01_00-00-00_UTC"), 951_868_800);
        assert_eq!(secs("2024-02-29_23-59-59_UTC"), 1_709_251_199);
        assert_eq!(secs("2026-10-22_08-36-41_UTC"), 1_792_658_201);
        assert_eq!(secs(" 2100-03-01_00-00-00_UTC\r"), 4_107_542_400);
    }

    #[test]
    fn display_round_trips() {
        for s in [
            "1970-01-01_00-00-00_UTC",
            "2000-02-29_12-00-01_UTC",
            "2026-10-22_08-36-41_UTC",
            "2100-12-31_23-59-59_UTC",
            "9999-12-31_23-59-59_UTC",
        ] {
            let v = ListVersion::parse(s).unwrap();
            assert_eq!(v.to_string(), s);
            assert_eq!(ListVersion::from_unix_seconds(v.unix_seconds()), Some(v));
        }
        assert_eq!(ListVersion::from_unix_seconds(253_402_300_800), None);
        // Every day of four years, leap years and a century included.
        for days in (0..4 * 366).chain(47_000..48_500) {
            let v = ListVersion { secs: days * DAY };
            assert_eq!(ListVersion::parse(&v.to_string()), Ok(v));
        }
    }

    #[test]
    fn errors_point_at_the_offending_byte() {
        let at = |s: &str| ListVersion::parse(s).unwrap_err().offset;
        assert_eq!(at(""), 0);
        assert_eq!(at("2026"), 4);
        assert_eq!(at("2026-1-22_08-36-41_UTC"), 6);
        assert_eq!(at("2026-10-22 08-36-41_UTC"), 10);
        assert_eq!(at("2026-10-22_08-36-41_UT"), 22);
        assert_eq!(at("2026-10-22_08-36-41_UTC!"), 23);
        assert_eq!(at("2026-10-2x_08-36-41_UTC"), 9);
        assert_eq!(at("1969-12-31_23-59-59_UTC"), 0);
        assert_eq!(at("2026-02-29_00-00-00_UTC"), 8);
        assert_eq!(at("2026-10-22_24-00-00_UTC"), 11);
        assert_eq!(at("2026-10-22_08-60-00_UTC"), 14);
        assert_eq!(at("  2026-10-22_08-36-41_utc"), 22);
        assert_eq!(at("２026-10-22_08-36-41_UTC"), 0);
    }

    #[test]
    fn ages() {
        let v = ListVersion::parse("2026-10-22_08-36-41_UTC").unwrap();
        let t = v.to_system_time();
        assert_eq!(v.age(t), Duration::ZERO);
        assert_eq!(v.age(t - Duration::from_secs(5)), Duration::ZERO);
        assert_eq!(v.age_days(t + Duration::from_secs(DAY - 1)), 0);
        assert_eq!(v.age_days(t + Duration::from_secs(30 * DAY)), 30);
    }

    #[test]
    fn peeking() {
        assert_eq!(peek_version(b"com\n"), None);
        assert_eq!(peek_version(b""), None);
        assert_eq!(
            peek_version(b"\xEF\xBB\xBF  //VERSION:  7 \r\n// VERSION: 8\n").as_deref(),
            Some("7")
        );
        assert_eq!(peek_version(b"ETLDFST\nbroken"), None);
        assert_eq!(peek_version(b"\xff\n// VERSION: 9\n").as_deref(), Some("9"));
        assert_eq!(
            peek_version(b"// VERSION:\n// VERSION: 9\n").as_deref(),
            Some("9")
        );
    }
}
