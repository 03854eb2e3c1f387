//! The serialized list (`.fst` file): a small header, then the `fst` bytes.
//!
//! All integers are little-endian.
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `ETLDFST\n` |
//! | 8 | 2 | format version (1) |
//! | 10 | 2 | reserved, 0 |
//! | 12 | 4 | header length `H` in bytes (where the `fst` bytes start) |
//! | 16 | 8 | checksum: 64-bit FNV-1a of every byte from offset 24 to the end |
//! | 24 | 8 | length of the `fst` bytes |
//! | 32 | 4 × 4 | rule counts: ICANN, PRIVATE, wildcards, exceptions |
//! | 48 | 2 | length `v` of the list's VERSION (UTF-8) |
//! | 50 | 2 | length `c` of the list's COMMIT (UTF-8) |
//! | 52 | `v` | VERSION |
//! | 52 + `v` | `c` | COMMIT |
//! | `H` | | the `fst` map |
//!
//! FNV-1a changes its state by a bijection for every byte, so any one corrupt
//! byte is always detected.
//!
//! # Compatibility
//!
//! A file's format version changes only when the layout above or the
//! encoding of the rules in the map changes, and never within a release
//! series of the same major version once etld is 1.0. A release reads the
//! format version it writes ([`VERSION`]); a file of any other version is
//! refused with [`FormatError::UnsupportedVersion`], whose message names
//! both versions and says how to compile the list again (from its text:
//! `etld compile LIST.dat OUT.fst`, or [`List::from_dat`](crate::List::from_dat)
//! and [`List::to_fst_bytes`](crate::List::to_fst_bytes)). So a `.fst` file
//! embedded in a program keeps loading with every etld that writes its
//! version, and a program built against one that does not fails its first
//! load with an error that says what to do, never with different answers.
//! A file of version 1 compiled once and kept in the repository
//! (`testdata/format/v1.fst`) holds every release to this.

use crate::error::FormatError;
use crate::rules::compile::RuleCounts;

/// The magic bytes that start every `.fst` file of this crate.
pub const MAGIC: [u8; 8] = *b"ETLDFST\n";
/// The format version this crate writes and reads.
pub const VERSION: u16 = 1;
/// Bytes of the fixed part of the header.
const FIXED: usize = 52;
/// Where the checksummed bytes begin.
const CHECKSUM_FROM: usize = 24;

/// The header of a `.fst` file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Header {
    pub(crate) counts: RuleCounts,
    pub(crate) version: Option<String>,
    pub(crate) commit: Option<String>,
}

/// The header's checksum of `bytes`: 64-bit FNV-1a.
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The checksum stored in the header of a file known to be whole (a
/// loaded list's).
pub(crate) fn stored_checksum(bytes: &[u8]) -> u64 {
    let mut sum = [0; 8];
    if let Some(stored) = bytes.get(16..CHECKSUM_FROM) {
        sum.copy_from_slice(stored);
    }
    u64::from_le_bytes(sum)
}

/// Writes a whole file: header and `fst` bytes.
pub(crate) fn write(header: &Header, fst: &[u8]) -> Result<Vec<u8>, crate::Error> {
    let text = |s: &Option<String>| -> Result<Vec<u8>, crate::Error> {
        let b = s.as_deref().unwrap_or("").as_bytes().to_vec();
        if b.len() > usize::from(u16::MAX) {
            return Err(crate::Error::Build(
                crate::error::BuildError::MetadataTooLong(b.len()),
            ));
        }
        Ok(b)
    };
    let (version, commit) = (text(&header.version)?, text(&header.commit)?);
    let header_len = FIXED + version.len() + commit.len();
    let mut out = Vec::with_capacity(header_len + fst.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&(header_len as u32).to_le_bytes());
    out.extend_from_slice(&0u64.to_le_bytes()); // checksum, filled in below
    out.extend_from_slice(&(fst.len() as u64).to_le_bytes());
    let c = header.counts;
    for n in [c.icann, c.private, c.wildcards, c.exceptions] {
        out.extend_from_slice(&n.to_le_bytes());
    }
    out.extend_from_slice(&(version.len() as u16).to_le_bytes());
    out.extend_from_slice(&(commit.len() as u16).to_le_bytes());
    out.extend_from_slice(&version);
    out.extend_from_slice(&commit);
    out.extend_from_slice(fst);
    let sum = checksum(&out[CHECKSUM_FROM..]);
    out[16..24].copy_from_slice(&sum.to_le_bytes());
    Ok(out)
}

/// Checks a `.fst` file's header and checksum without loading its map: a
/// file damaged anywhere is refused, in time linear in its size and with
/// no allocation but its VERSION and COMMIT. Loading checks the map too.
///
/// ```
/// let mut bytes = etld::compile(b"com\n")?;
/// assert!(etld::format::verify(&bytes).is_ok());
/// let last = bytes.len() - 1;
/// bytes[last] ^= 1;
/// assert!(etld::format::verify(&bytes).is_err());
/// # Ok::<(), etld::Error>(())
/// ```
pub fn verify(bytes: &[u8]) -> Result<(), FormatError> {
    read(bytes).map(|_| ())
}

/// Whether `bytes` start like a `.fst` file of this crate: with its magic
/// bytes, or with the first of them only (a file cut short, which
/// [`List::from_bytes`](crate::List::from_bytes) then refuses as truncated
/// rather than reading it as list text).
///
/// ```
/// use etld::format::is_fst_file;
///
/// let fst = etld::compile(b"com\n")?;
/// assert!(is_fst_file(&fst) && is_fst_file(&fst[..3]));
/// assert!(!is_fst_file(b"com\n") && !is_fst_file(b""));
/// assert!(etld::List::from_bytes(fst[..7].to_vec()).is_err());
/// # Ok::<(), etld::Error>(())
/// ```
pub fn is_fst_file(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC) || (!bytes.is_empty() && MAGIC.starts_with(bytes))
}

/// What `bytes` are wrapped in, told by their first bytes, where a list
/// was compressed or written as UTF-16 ([`FormatError::Wrapped`]).
pub(crate) fn wrapped(bytes: &[u8]) -> Option<FormatError> {
    use crate::error::Wrapping;
    // None of these starts list text that loads: gzip's and zip's first
    // bytes hold control characters, which no rule holds, and the others
    // are not UTF-8. bzip2's `BZh` is taken with its block size, the magic
    // of its first block, and a byte no list text holds among those after.
    const WRAPPINGS: [(&[u8], Wrapping); 6] = [
        (b"\x1F\x8B", Wrapping::Gzip),
        (b"\xFD7zXZ\x00", Wrapping::Xz),
        (b"\x28\xB5\x2F\xFD", Wrapping::Zstd),
        (b"PK\x03\x04", Wrapping::Zip),
        (b"\xFF\xFE", Wrapping::Utf16),
        (b"\xFE\xFF", Wrapping::Utf16),
    ];
    let not_text = |b: &u8| (*b < 0x20 && !b"\t\n\r".contains(b)) || *b >= 0x80;
    let bzip2 = bytes.starts_with(b"BZh")
        && bytes.get(3).is_some_and(|b| (b'1'..=b'9').contains(b))
        && bytes.get(4..10) == Some(b"\x31\x41\x59\x26\x53\x59")
        && bytes.iter().skip(10).take(54).any(not_text);
    if bzip2 {
        return Some(FormatError::Wrapped(Wrapping::Bzip2));
    }
    // UTF-16 without a byte order mark, told by its first characters: ASCII
    // ones, each a byte and a 0 (little-endian) or a 0 and a byte (big),
    // which no list text holds.
    let head = &bytes[..bytes.len().min(64) & !1];
    let ascii_in_utf16 = |byte: usize| {
        head.len() >= 4
            && head.chunks_exact(2).all(|c| {
                let (b, zero) = (c[byte], c[1 - byte]);
                zero == 0 && (1..0x80).contains(&b)
            })
    };
    if ascii_in_utf16(0) || ascii_in_utf16(1) {
        return Some(FormatError::Wrapped(Wrapping::Utf16));
    }
    WRAPPINGS
        .iter()
        .find(|(magic, _)| bytes.starts_with(magic))
        .map(|&(_, wrapping)| FormatError::Wrapped(wrapping))
}

/// Reads and checks a file's header; returns it and the `fst` bytes' range.
pub(crate) fn read(bytes: &[u8]) -> Result<(Header, std::ops::Range<usize>), FormatError> {
    read_checking(bytes, true)
}

/// [`read`] without the checksum: what the header says, for a look at a
/// file before choosing it (see [`crate::source::peek_version`]).
pub(crate) fn read_unchecked(bytes: &[u8]) -> Result<Header, FormatError> {
    read_checking(bytes, false).map(|(header, _)| header)
}

/// [`read`], checking the checksum if `checksum` says so.
fn read_checking(
    bytes: &[u8],
    checksum: bool,
) -> Result<(Header, std::ops::Range<usize>), FormatError> {
    let have = bytes.len() as u64;
    let truncated = |expected: usize| FormatError::Truncated {
        expected: expected as u64,
        actual: have,
    };
    if bytes.len() < MAGIC.len() {
        return Err(if MAGIC.starts_with(bytes) {
            truncated(FIXED)
        } else {
            FormatError::BadMagic
        });
    }
    if bytes[..8] != MAGIC {
        return Err(FormatError::BadMagic);
    }
    if bytes.len() < 10 {
        return Err(truncated(FIXED));
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != VERSION {
        return Err(FormatError::UnsupportedVersion(version));
    }
    if bytes.len() < FIXED {
        return Err(truncated(FIXED));
    }
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]) as usize;
    let u32_at = |at: usize| {
        let mut b = [0; 4];
        b.copy_from_slice(&bytes[at..at + 4]);
        u32::from_le_bytes(b)
    };
    let u64_at = |at: usize| {
        let mut b = [0; 8];
        b.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(b)
    };
    if u16_at(10) != 0 {
        return Err(FormatError::Header("reserved field is not zero"));
    }
    let header_len = u32_at(12) as usize;
    let (vlen, clen) = (u16_at(48), u16_at(50));
    if header_len != FIXED + vlen + clen {
        return Err(FormatError::Header(
            "header length does not match its fields",
        ));
    }
    let fst_len = u64_at(24);
    let expected = (header_len as u64).saturating_add(fst_len);
    if have < expected {
        return Err(FormatError::Truncated {
            expected,
            actual: have,
        });
    }
    if have > expected {
        return Err(FormatError::TrailingBytes {
            expected,
            actual: have,
        });
    }
    if checksum {
        let stored = u64_at(16);
        let computed = self::checksum(&bytes[CHECKSUM_FROM..]);
        if stored != computed {
            return Err(FormatError::Checksum { stored, computed });
        }
    }
    let text = |from: usize, len: usize| -> Result<Option<String>, FormatError> {
        let s = std::str::from_utf8(&bytes[from..from + len])
            .map_err(|_| FormatError::Header("metadata is not UTF-8"))?;
        Ok((!s.is_empty()).then(|| s.to_string()))
    };
    let header = Header {
        counts: RuleCounts {
            icann: u32_at(32),
            private: u32_at(36),
            wildcards: u32_at(40),
            exceptions: u32_at(44),
        },
        version: text(FIXED, vlen)?,
        commit: text(FIXED + vlen, clen)?,
    };
    Ok((header, header_len..bytes.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<u8> {
        let header = Header {
            counts: RuleCounts {
                icann: 1,
                private: 2,
                wildcards: 3,
                exceptions: 4,
            },
            version: Some("v".into()),
            commit: None,
        };
        write(&header, b"fst bytes").unwrap()
    }

    #[test]
    fn round_trip() {
        let bytes = sample();
        let (h, range) = read(&bytes).unwrap();
        assert_eq!(&bytes[range], b"fst bytes");
        assert_eq!(h.version.as_deref(), Some("v"));
        assert_eq!(h.commit, None);
        assert_eq!(h.counts.exceptions, 4);
    }

    #[test]
    fn each_damage_has_its_error() {
        let bytes = sample();
        assert_eq!(read(b"PK\x03\x04zip!"), Err(FormatError::BadMagic));
        assert!(matches!(
            read(&bytes[..5]),
            Err(FormatError::Truncated { .. })
        ));
        assert!(matches!(
            read(&bytes[..30]),
            Err(FormatError::Truncated { .. })
        ));
        assert!(matches!(
            read(&bytes[..bytes.len() - 1]),
            Err(FormatError::Truncated { .. })
        ));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(
            read(&longer),
            Err(FormatError::TrailingBytes { .. })
        ));
        let mut v2 = bytes.clone();
        v2[8] = 2;
        assert_eq!(read(&v2), Err(FormatError::UnsupportedVersion(2)));
        let mut flipped = bytes.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert!(matches!(read(&flipped), Err(FormatError::Checksum { .. })));
    }
}
