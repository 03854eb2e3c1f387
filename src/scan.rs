//! The scan: a host's bytes checked sixteen at a time, and its labels found.
//!
//! Every lookup starts here. The host is copied into a [`Name`], a buffer
//! on the stack with room past its end, so that every read of the scan and
//! of the walk is a whole chunk or word, with no special case for the last
//! bytes. Each chunk of sixteen bytes is then classified at once (SSE2 on
//! x86-64, a byte loop elsewhere): lower-case letters, digits, `-` and `.`,
//! the bytes of nearly every host, pass; upper-case letters are lower-cased in
//! the buffer; any other byte is looked up in the byte table: a forbidden
//! code point sends the host to the slow path, which canonicalises it label
//! by label, and the bytes of non-ASCII characters are left as they are, for
//! the walk over the label tree's Unicode twins (whether the host's Unicode
//! labels are canonical is checked afterwards, see [`Form`]).
//!
//! The dots of the chunk become bits of a bitmap, which gives every label's
//! bounds to the walk. Labels are checked on the bitmaps too: no two dots
//! side by side or at either end (empty labels); only a host over 63 bytes
//! can hold a label that is too long, and only one with `--` an A-label, so
//! just those few hosts are checked label by label.

use crate::error::HostError;
use crate::label::{
    check_ascii_label, check_label_length, ByteClass, BYTE_CLASS, MAX_LABEL, MAX_NAME,
};
use crate::tree::label_key;

/// Why a scan, or the lookup built on it, stopped without a match.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The host is not canonical (non-ASCII, a forbidden or separator
    /// character): canonicalise it first.
    NotCanonical,
    /// The host is invalid.
    Invalid(HostError),
}

/// Bytes classified at once.
const CHUNK: usize = 16;

/// Words of the dot bitmap: one bit per byte of a name of up to 256 bytes.
const WORDS: usize = 4;

/// The longest host a [`ShortName`] holds.
pub(crate) const SHORT: usize = 64;

/// A name of up to [`SHORT`] bytes, nearly every host: a small buffer that
/// is cheap to clear.
pub(crate) type ShortName = Name<{ SHORT + CHUNK }>;

/// A name of up to 253 bytes.
pub(crate) type LongName = Name<{ 256 + CHUNK }>;

/// A scanned host, canonical ASCII without a trailing dot: its bytes and
/// where its dots are. `N` is the buffer's size: a chunk more than the
/// longest host it takes, for whole-chunk and whole-word reads.
pub(crate) struct Name<const N: usize> {
    /// The host's bytes, lower-cased, and room past its end.
    bytes: [u8; N],
    /// The host's length.
    len: usize,
    /// Bit `i` is set when byte `i` is a dot.
    dots: [u64; WORDS],
}

/// What sixteen bytes hold, one bit per byte (bit `i` for byte `i`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Lanes {
    /// `.`
    dots: u16,
    /// `-`
    hyphens: u16,
    /// Neither `a-z`, `0-9`, `-` nor `.`: upper-case letters, the bytes of
    /// non-ASCII characters, and bytes seldom seen in a host.
    other: u16,
}

/// Classifies sixteen bytes with SSE2.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
#[allow(unsafe_code)]
fn classify(chunk: &[u8; CHUNK]) -> Lanes {
    // SAFETY: `sse2_lanes` needs SSE2, which this code is compiled only
    // with (`cfg` above; it is part of the x86-64 baseline, so every x86-64
    // target has it).
    unsafe { sse2_lanes(chunk) }
}

/// Classifies sixteen bytes with SSE2: a few vector operations instead of a
/// branch per byte. Why it is worth its `unsafe` call, measured on the plain
/// lower-case hosts of the benchmark mix: with [`classify_bytes`] in its
/// place a lookup took 1,040 instructions and 132 ns, with this 645 and
/// 72 ns (the eight-byte SWAR scan it replaced: about 750 instructions).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[target_feature(enable = "sse2")]
#[inline]
fn sse2_lanes(chunk: &[u8; CHUNK]) -> Lanes {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
        _mm_set_epi64x, _mm_sub_epi8,
    };
    let [lo, hi] = [0, 8].map(|at| word(chunk, at) as i64);
    let v = _mm_set_epi64x(hi, lo);
    // Lanes with `lo <= b <= hi`: shifted so that the range starts at -128,
    // one signed comparison tells.
    let within = |lo: u8, hi: u8| {
        let shifted = _mm_sub_epi8(v, _mm_set1_epi8(lo.wrapping_add(0x80) as i8));
        _mm_cmplt_epi8(
            shifted,
            _mm_set1_epi8((hi - lo + 1).wrapping_add(0x80) as i8),
        )
    };
    let dots = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'.' as i8));
    let hyphens = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'-' as i8));
    let known = _mm_or_si128(
        _mm_or_si128(within(b'a', b'z'), within(b'0', b'9')),
        _mm_or_si128(dots, hyphens),
    );
    let mask = |lanes| _mm_movemask_epi8(lanes) as u16;
    Lanes {
        dots: mask(dots),
        hyphens: mask(hyphens),
        other: !mask(known),
    }
}

/// Classifies sixteen bytes, one at a time (other processors, and the
/// reference for the SSE2 version's test).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
#[cfg_attr(
    not(all(target_arch = "x86_64", target_feature = "sse2")),
    inline(always)
)]
fn classify_bytes(chunk: &[u8; CHUNK]) -> Lanes {
    let mut lanes = Lanes::default();
    for (i, &b) in chunk.iter().enumerate() {
        let bit = 1 << i;
        match b {
            b'a'..=b'z' | b'0'..=b'9' => {}
            b'.' => lanes.dots |= bit,
            b'-' => lanes.hyphens |= bit,
            _ => lanes.other |= bit,
        }
    }
    lanes
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
use classify_bytes as classify;

/// The bytes of a word that hold a label of `i` bytes (`i <= 8`).
const HEAD_MASK: [u64; 9] = {
    let mut masks = [u64::MAX; 9];
    let mut i = 0;
    while i < 8 {
        masks[i] = (1 << (8 * i)) - 1;
        i += 1;
    }
    masks
};

/// The eight bytes at `at` as a little-endian word; zero past the end.
#[inline(always)]
pub(crate) fn word(bytes: &[u8], at: usize) -> u64 {
    bytes
        .get(at..at + 8)
        .and_then(|b| <[u8; 8]>::try_from(b).ok())
        .map_or(0, u64::from_le_bytes)
}

/// What a scan changed or found in a host, a set of flags: none for a
/// canonical ASCII host, the fast path's case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Form(u8);

impl Form {
    /// Canonical ASCII as it came.
    pub(crate) const CANONICAL: Form = Form(0);
    /// Upper-case ASCII letters were lower-cased in the name.
    pub(crate) const FOLDED: Form = Form(1);
    /// The host holds non-ASCII characters, left as they are: the name is
    /// walkable only if its Unicode labels are canonical but for the
    /// encoding (`label::is_walkable_unicode`).
    pub(crate) const UNICODE: Form = Form(2);

    /// The form of a host in which letters were lower-cased (`folded`) and
    /// non-ASCII characters found (`unicode`), or not.
    #[inline(always)]
    pub(crate) fn of(folded: bool, unicode: bool) -> Form {
        Form(u8::from(folded) | u8::from(unicode) << 1)
    }

    /// Whether all of `flags` are set.
    #[inline(always)]
    pub(crate) fn has(self, flags: Form) -> bool {
        self.0 & flags.0 == flags.0
    }
}

impl std::ops::BitOr for Form {
    type Output = Form;

    #[inline(always)]
    fn bitor(self, other: Form) -> Form {
        Form(self.0 | other.0)
    }
}

/// Lower-cases the upper-case ASCII letters of `chunk`, whose lanes `other`
/// are not `a-z`, `0-9`, `-` or `.`, and checks the rest of those lanes:
/// allowed ASCII punctuation such as `_`, or the bytes of non-ASCII
/// characters. Returns what it found. Cold, as hosts seldom hold any of these.
#[cold]
#[inline(never)]
fn fold_others(chunk: &mut [u8; CHUNK], other: u16) -> Result<Form, Stop> {
    // Eight lanes at a time (SWAR): the bytes of non-ASCII characters (top
    // bit set), and the upper-case letters, which are lower-cased.
    let (mut non_ascii, mut upper) = (0u16, 0u16);
    let mut lower = [0u64; 2];
    for (i, lower) in lower.iter_mut().enumerate() {
        let v = word(chunk, 8 * i);
        let low = v & !TOP_BITS;
        // Top bit set where `A <= b` and not where `Z < b`, in ASCII bytes.
        let letters = (low + 0x3F * ONES) & !(low + 0x25 * ONES) & !v & TOP_BITS;
        *lower = v | letters >> 2;
        non_ascii |= u16::from(top_bits(v)) << (8 * i);
        upper |= u16::from(top_bits(letters)) << (8 * i);
    }
    // Written back at once.
    *chunk = (u128::from(lower[0]) | u128::from(lower[1]) << 64).to_le_bytes();
    // The other ASCII lanes, one at a time: no separator or forbidden byte.
    let mut left = other & !non_ascii & !upper;
    while left != 0 {
        if BYTE_CLASS[chunk[left.trailing_zeros() as usize % CHUNK] as usize] != ByteClass::Plain {
            return Err(Stop::NotCanonical);
        }
        left &= left - 1;
    }
    Ok(Form::of(upper != 0, non_ascii != 0))
}

/// A byte of ones in every lane of a word.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The top bit of every lane of a word.
const TOP_BITS: u64 = 0x80 * ONES;

/// The top bits of the eight lanes of `v`, one bit a lane.
#[inline(always)]
fn top_bits(v: u64) -> u8 {
    // Each lane's bit, moved to bit 0 of its lane, is gathered into the top
    // byte by a multiplication (no carries: one bit a lane).
    (((v & TOP_BITS) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// What fills a name's buffer past its end: a byte the scan lets through
/// and counts for nothing (not a dot, not a hyphen), so that the last chunk
/// needs no mask.
const FILL: u8 = b'a';

impl<const N: usize> Name<N> {
    /// Whether every dot of the name is in the bitmap's first word: true
    /// of a [`ShortName`].
    const ONE_WORD: bool = N - CHUNK <= 64;

    /// An empty name; see [`Name::scan`]. Scan a name once.
    #[inline(always)]
    pub(crate) fn new() -> Name<N> {
        Name {
            bytes: [FILL; N],
            len: 0,
            dots: [0; WORDS],
        }
    }

    /// The name's bytes.
    #[inline(always)]
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// The name's length.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Scans a host that has no trailing dot into the name: every ASCII byte
    /// must be canonical but for upper-case letters, which are lower-cased,
    /// every label 1 to 63 bytes long, and, when `check_a_labels`, every
    /// `xn--` label a valid A-label (a host built by `canonicalize_host` has
    /// had its labels checked already). Non-ASCII characters are left as
    /// they are. Returns what it lower-cased or left.
    ///
    /// A host with an ASCII byte that is not canonical (a forbidden code
    /// point, a space) gives [`Stop::NotCanonical`].
    #[inline]
    pub(crate) fn scan(&mut self, host: &[u8], check_a_labels: bool) -> Result<Form, Stop> {
        let len = host.len();
        let Some(dst) = self
            .bytes
            .get_mut(..len)
            .filter(|_| len <= MAX_NAME.min(N - CHUNK))
        else {
            return Err(Stop::Invalid(HostError::TooLong(len)));
        };
        dst.copy_from_slice(host);
        self.len = len;
        let mut form = Form::CANONICAL;
        let mut hyphens = [0u64; WORDS];
        let mut at = 0;
        while at < len {
            // Always there (`at < len <= N - CHUNK`); if not, the slow path
            // checks the host instead.
            let Some(chunk) = self.bytes.get_mut(at..).and_then(|b| b.first_chunk_mut()) else {
                return Err(Stop::NotCanonical);
            };
            // The lanes past the host's end hold `FILL`: nothing to note.
            let lanes = classify(chunk);
            if lanes.other != 0 {
                form = form | fold_others(chunk, lanes.other)?;
            }
            self.dots[at / 64 % WORDS] |= u64::from(lanes.dots) << (at % 64);
            hyphens[at / 64 % WORDS] |= u64::from(lanes.hyphens) << (at % 64);
            at += CHUNK;
        }
        let words = if Self::ONE_WORD { 1 } else { WORDS };
        // Empty labels: a dot first, last, or beside another dot; and `--`,
        // which every A-label holds (such hosts, and the few others with a
        // `--`, have their labels checked one by one).
        let mut empty = len == 0 || self.bytes[len - 1] == b'.';
        let mut double_hyphen = false;
        let (mut carry, mut hyphen_carry) = (1u64, 0u64); // as if a dot stood before
        for (&w, &h) in self.dots[..words].iter().zip(&hyphens[..words]) {
            empty |= w & ((w << 1) | carry) != 0;
            double_hyphen |= h & ((h << 1) | hyphen_carry) != 0;
            carry = w >> 63;
            hyphen_carry = h >> 63;
        }
        if empty || len > MAX_LABEL || (double_hyphen && check_a_labels) {
            self.check_each(check_a_labels)?;
        }
        Ok(form)
    }

    /// Checks the labels (1 to 63 bytes long; `xn--` labels valid A-labels
    /// when `check_a_labels`), from the left so that the first bad label is
    /// the one reported.
    #[cold]
    #[inline(never)]
    fn check_each(&self, check_a_labels: bool) -> Result<(), Stop> {
        let mut start = 0;
        for label in self.as_bytes().split(|&b| b == b'.') {
            let checked = match check_a_labels {
                true => check_ascii_label(label),
                false => check_label_length(label),
            };
            checked.map_err(|error| {
                Stop::Invalid(HostError::Label {
                    offset: start,
                    error,
                })
            })?;
            start += label.len() + 1;
        }
        Ok(())
    }

    /// Where the label that starts at `start` ends: at the nearest dot
    /// after it, or at the name's end. Cold: only exception rules ask.
    #[cold]
    pub(crate) fn label_end(&self, start: usize) -> usize {
        let rest = self.as_bytes().get(start..).unwrap_or_default();
        start + rest.iter().position(|&b| b == b'.').unwrap_or(rest.len())
    }

    /// Where the label that ends at `end` (`1..=len`) starts: just after the
    /// nearest dot before `end`, or at 0.
    #[inline(always)]
    pub(crate) fn label_start(&self, end: usize) -> usize {
        if Self::ONE_WORD {
            // `end` is 1 to 64: the bits below it.
            let below = (2u64 << (end.wrapping_sub(1) % 64)).wrapping_sub(1);
            return 64 - (self.dots[0] & below).leading_zeros() as usize;
        }
        let w = (end / 64) % WORDS;
        let bits = self.dots[w] & ((1u64 << (end % 64)) - 1);
        if bits != 0 || w == 0 {
            w * 64 + 64 - bits.leading_zeros() as usize
        } else {
            self.start_in_words_before(w)
        }
    }

    /// Where the label starts that ends in or after word `w`, with no dot in
    /// that word before its end.
    #[cold]
    fn start_in_words_before(&self, w: usize) -> usize {
        self.dots[..w]
            .iter()
            .enumerate()
            .rev()
            .find(|&(_, &bits)| bits != 0)
            .map_or(0, |(i, bits)| i * 64 + 64 - bits.leading_zeros() as usize)
    }

    /// Where the `k`-th label from the right (`1..=count`) starts.
    #[cfg(test)]
    pub(crate) fn start_of(&self, k: usize) -> usize {
        let mut start = self.len + 1;
        for _ in 0..k {
            start = self.label_start(start - 1);
        }
        start
    }

    /// The label tree's key of the label `start..end`.
    #[inline(always)]
    pub(crate) fn key(&self, start: usize, end: usize) -> u64 {
        let len = end - start;
        // Labels are not empty; the bytes past one are masked off.
        let head = word(&self.bytes, start) & HEAD_MASK[len.min(8)];
        label_key(head, || word(&self.bytes, end - 8), len)
    }

    /// How many labels the name has.
    #[cfg(test)]
    pub(crate) fn count(&self) -> usize {
        self.dots
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum::<usize>()
            + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classify_agrees_with_bytes() {
        // Every byte in every lane, among letters.
        for b in 0..=255u8 {
            for lane in 0..CHUNK {
                let mut chunk = *b"abcdefgh01234567";
                chunk[lane] = b;
                assert_eq!(
                    classify(&chunk),
                    classify_bytes(&chunk),
                    "{b:#x} in lane {lane}"
                );
            }
        }
        assert_eq!(
            classify(b"a.c.dE-g_\x80......"),
            Lanes {
                dots: 0b1111_1100_0000_1010,
                hyphens: 0b100_0000,
                other: 0b11_0010_0000,
            }
        );
    }

    #[test]
    fn fold_others_agrees_with_bytes() {
        // Every byte in every lane, among letters and a non-ASCII character.
        for b in 0..=255u8 {
            for lane in 0..CHUNK {
                let mut chunk = *b"aBcd\xc3\xbcfgh0123456";
                chunk[lane] = b;
                let mut folded = chunk;
                let result = fold_others(&mut folded, classify(&chunk).other);
                let bad = chunk.iter().any(|&b| {
                    b < 0x80
                        && !matches!(
                            BYTE_CLASS[b as usize],
                            ByteClass::Plain | ByteClass::Dot | ByteClass::Upper
                        )
                });
                let expected = match bad {
                    true => Err(Stop::NotCanonical),
                    false => Ok(
                        match (
                            chunk.iter().any(u8::is_ascii_uppercase),
                            chunk.iter().any(|&b| b >= 0x80),
                        ) {
                            (true, true) => Form::FOLDED | Form::UNICODE,
                            (true, false) => Form::FOLDED,
                            (false, true) => Form::UNICODE,
                            (false, false) => Form::CANONICAL,
                        },
                    ),
                };
                assert_eq!(result, expected, "{b:#x} in lane {lane}");
                if result.is_ok() {
                    assert_eq!(folded, chunk.map(|b| b.to_ascii_lowercase()));
                }
            }
        }
    }

    #[test]
    fn scans_labels() {
        let host = b"www.an-example-of-some-length-beyond-sixty-four-bytes.xn--bcher-kva.co.uk";
        let mut name = LongName::new();
        assert_eq!(name.scan(host, true), Ok(Form::CANONICAL));
        assert_eq!(name.count(), 5);
        let mut starts = vec![0];
        starts.extend(
            host.iter()
                .enumerate()
                .filter(|(_, &b)| b == b'.')
                .map(|(i, _)| i + 1),
        );
        for (k, &start) in starts.iter().rev().enumerate() {
            assert_eq!(name.start_of(k + 1), start, "label {}", k + 1);
        }
        for (bad, offset) in [
            (&b".a"[..], 0),
            (b"a..b", 2),
            (b"a.", 2),
            (b"a.b-c.xn--abc-", 6),
        ] {
            assert!(
                matches!(LongName::new().scan(bad, true), Err(Stop::Invalid(HostError::Label { offset: o, .. })) if o == offset),
                "{bad:?}"
            );
        }
        assert_eq!(
            LongName::new().scan(b"a.b-c.xn--abc-", false),
            Ok(Form::CANONICAL)
        );
        assert_eq!(LongName::new().scan(b"a b", true), Err(Stop::NotCanonical));
        let mut name = LongName::new();
        let form = Form::FOLDED | Form::UNICODE;
        assert_eq!(name.scan("Bü.dE".as_bytes(), true), Ok(form));
        assert_eq!(name.as_bytes(), "bü.de".as_bytes());
        assert_eq!(name.count(), 2);
        let mut name = LongName::new();
        assert_eq!(
            name.scan(b"under_score.EXAMPLE.com", true),
            Ok(Form::FOLDED)
        );
        assert_eq!(name.as_bytes(), b"under_score.example.com");
        assert_eq!(name.count(), 3);
    }

    /// What a scan says of a host: the result, then the name's bytes, and
    /// its labels' starts and keys from the right.
    type Scanned = (Result<Form, Stop>, Vec<u8>, Vec<(usize, u64)>);

    fn scanned<const N: usize>(host: &[u8]) -> Scanned {
        let mut name = Name::<N>::new();
        let result = name.scan(host, true);
        let mut labels = Vec::new();
        if result.is_ok() {
            let mut end = name.len();
            loop {
                let start = name.label_start(end);
                labels.push((start, name.key(start, end)));
                if start == 0 {
                    break;
                }
                end = start - 1;
            }
        }
        (result, name.as_bytes().to_vec(), labels)
    }

    #[test]
    fn short_and_long_names_agree() {
        let sixty_four = format!("{}.{}.com", "a".repeat(40), "b".repeat(19));
        assert_eq!(sixty_four.len(), 64);
        for host in [
            "a",
            "example.com",
            "WWW.Example.CO.uk",
            "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.0.1.2.3.4.5",
            "sixteen-bytes.uk.seventeen-bytes.x",
            "xn--bcher-kva.de",
            "xn--abc-.com",
            "a..b",
            ".a",
            "under_score.example",
            "tab\there.com",
            sixty_four.as_str(),
        ] {
            let short = scanned::<{ SHORT + CHUNK }>(host.as_bytes());
            assert_eq!(short, scanned::<{ 256 + CHUNK }>(host.as_bytes()), "{host}");
        }
        let (ok, _, labels) = scanned::<{ SHORT + CHUNK }>(sixty_four.as_bytes());
        assert_eq!(
            (ok, labels.iter().map(|l| l.0).collect::<Vec<_>>()),
            (Ok(Form::CANONICAL), vec![61, 41, 0])
        );
    }

    #[test]
    fn keys_agree_with_the_tree() {
        let host = b"a.bc.defghijk.lmnopqrst.uvwxyz0123456789-abcdefghijklmnopqrstuvwxyz";
        let mut name = LongName::new();
        assert_eq!(name.scan(host, true), Ok(Form::CANONICAL));
        let mut start = 0;
        for label in host.split(|&b| b == b'.') {
            let end = start + label.len();
            assert_eq!(name.key(start, end), crate::tree::key(label), "{label:?}");
            start = end + 1;
        }
    }
}
