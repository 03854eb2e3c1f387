//! The scan: a host's bytes checked sixteen at a time, and its labels found.
//!
//! Every lookup starts here. The host is read where it is, never copied: a
//! [`Name`] is the host's bytes and a bitmap of its dots. Each chunk of
//! sixteen bytes is classified at once (SSE2 on x86-64, a byte loop
//! elsewhere), read straight from the host (a host of 8 to 32 bytes as two
//! chunks of two words, its first and last sixteen bytes, whatever its
//! length; the last chunk of a longer host is its last sixteen bytes, those
//! read before left out; a shorter one is read as a word): lower-case
//! letters, digits, `-` and `.`,
//! the bytes of nearly every host, pass; any other byte is looked at more
//! closely. A forbidden code point sends the host to the slow path, which
//! canonicalises it label by label; upper-case letters are left as they are,
//! and the walk reads them lower-cased (a walk of its own, out of the fast
//! path's way); the bytes of non-ASCII characters are left as they are, for
//! the walk over the label tree's Unicode twins (whether the host's Unicode
//! labels are canonical is checked afterwards, see [`Form`]).
//!
//! Reading the host in place matters more than it seems: a copy is written
//! in pieces, and a read of sixteen or eight bytes that spans two pieces
//! still being written waits for both (store-to-load forwarding fails), so
//! a copy costs more time than the instructions it saves
//! (`examples/lookup_kinds.rs`, `plain`).
//!
//! The dots of the chunk become bits of a bitmap, which gives every label's
//! bounds to the walk. Labels are checked on the bitmaps too: no two dots
//! side by side or at either end (empty labels); only a host over 63 bytes
//! can hold a label that is too long, and only one with `--` an A-label, so
//! just those few hosts are checked label by label (the A-labels after the
//! walk, which tells which of them are the list's own and need no check).

use crate::error::HostError;
use crate::host::key::{label_key, same_label, word};
use crate::host::label::{
    check_a_label_rtl, check_ascii_label, ByteClass, BYTE_CLASS, MAX_LABEL, MAX_NAME,
};

/// Why a scan, or the lookup built on it, stopped without a match.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The host is not canonical (a forbidden or separator character):
    /// canonicalise it first.
    NotCanonical,
    /// The host is canonical ASCII but for Unicode labels that are not
    /// walkable as they stand (see `label::is_walkable_unicode`), or whose
    /// answer is wanted in another form than the host's own: it is not
    /// walked; its mapped form may be, else it is canonicalised.
    Unicode,
    /// The host is invalid.
    Invalid(HostError),
}

/// Bytes classified at once.
const CHUNK: usize = 16;

/// Words of the dot bitmap that a name of up to 253 bytes needs: one bit
/// per byte.
pub(crate) const WORDS: usize = 4;

/// The longest host that one word of dots covers: nearly every host.
pub(crate) const SHORT: usize = 64;

/// A scanned host, canonical ASCII (or Unicode, see [`Form`]) without a
/// trailing dot: its bytes, where they are, and where its dots are, in `W`
/// words of bits.
pub(crate) struct Name<'h, const W: usize> {
    /// The host's bytes.
    bytes: &'h [u8],
    /// Bit `i` is set when byte `i` is a dot.
    dots: [u64; W],
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
    /// The bytes of non-ASCII characters (top bit set), a part of `other`.
    non_ascii: u16,
}

/// Classifies sixteen bytes with SSE2.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
#[allow(unsafe_code)]
fn classify(chunk: Chunk<'_>) -> Lanes {
    // SAFETY: `sse2_lanes` needs SSE2, which this code is compiled only
    // with (`cfg` above; it is part of the x86-64 baseline, so every x86-64
    // target has it).
    unsafe { sse2_lanes(chunk) }
}

/// Classifies sixteen bytes with SSE2: a few vector operations instead of a
/// branch per byte, which is why it is worth its `unsafe` code: it runs
/// fewer instructions, and in less time, than [`classify_bytes`] or an
/// eight-byte SWAR scan (`examples/lookup_kinds.rs`, `plain`; the figures
/// are in docs/design.md, "The `unsafe` code").
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[target_feature(enable = "sse2")]
#[inline]
#[allow(unsafe_code)]
fn sse2_lanes(chunk: Chunk<'_>) -> Lanes {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_cvtsi64_si128, _mm_loadl_epi64,
        _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_sub_epi8,
        _mm_unpacklo_epi64,
    };
    // Read straight from the host: a vector built from words in registers
    // goes through memory, a sixteen-byte read of two eight-byte writes that
    // the processor cannot forward (`examples/lookup_kinds.rs`, `plain`).
    let v = match chunk {
        // SAFETY: `bytes` is sixteen readable bytes; the load needs no
        // alignment.
        Chunk::Bytes(bytes, _) => unsafe { _mm_loadu_si128(bytes.as_ptr().cast::<__m128i>()) },
        // SAFETY: `first` and `last` are eight readable bytes each; the
        // loads need no alignment.
        Chunk::Halves(first, last, _) => unsafe {
            _mm_unpacklo_epi64(
                _mm_loadl_epi64(first.as_ptr().cast::<__m128i>()),
                _mm_loadl_epi64(last.as_ptr().cast::<__m128i>()),
            )
        },
        Chunk::Word(word, _) => {
            _mm_unpacklo_epi64(_mm_cvtsi64_si128(word as i64), _mm_set1_epi8(FILL as i8))
        }
    };
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
        non_ascii: mask(v),
    }
}

/// Classifies sixteen bytes, one at a time (other processors, and the
/// reference for the SSE2 version's test).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
#[cfg_attr(
    not(all(target_arch = "x86_64", target_feature = "sse2")),
    inline(always)
)]
fn classify_bytes(chunk: Chunk<'_>) -> Lanes {
    let mut lanes = Lanes::default();
    for (i, &b) in chunk.bytes().iter().enumerate() {
        let bit = 1 << i;
        match b {
            b'a'..=b'z' | b'0'..=b'9' => {}
            b'.' => lanes.dots |= bit,
            b'-' => lanes.hyphens |= bit,
            0x80.. => {
                lanes.other |= bit;
                lanes.non_ascii |= bit;
            }
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

/// What a scan found in a host, a set of flags: none for a canonical ASCII
/// host, the fast path's case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Form(u8);

impl Form {
    /// Canonical ASCII.
    pub(crate) const CANONICAL: Form = Form(0);
    /// The host holds upper-case ASCII letters: the walk reads its labels
    /// lower-cased, and the answer needs the host lower-cased.
    pub(crate) const FOLDED: Form = Form(1);
    /// The host holds non-ASCII characters, left as they are: the name is
    /// walkable only if its Unicode labels are canonical but for the
    /// encoding (`label::is_walkable_unicode`).
    pub(crate) const UNICODE: Form = Form(2);
    /// The host has labels with `--`, which every A-label holds, that are
    /// still to be checked: after the walk, which tells which labels are
    /// the list's own (valid, as the tree holds no invalid A-label) and
    /// need no check (see [`Name::check_labels_before`]).
    pub(crate) const A_LABELS: Form = Form(4);
    /// The host's `xn--` labels are valid, and one of them decodes to
    /// right-to-left characters: it is a Bidi domain name, and the Bidi
    /// rule is left for the slow path to check on the whole name.
    pub(crate) const BIDI: Form = Form(8);

    /// The form of a host with upper-case letters (`folded`) and non-ASCII
    /// characters (`unicode`), or not.
    #[inline(always)]
    pub(crate) fn of(folded: bool, unicode: bool) -> Form {
        Form(u8::from(folded) | u8::from(unicode) << 1)
    }

    /// Whether all of `flags` are set.
    #[inline(always)]
    pub(crate) fn has(self, flags: Form) -> bool {
        self.0 & flags.0 == flags.0
    }

    /// This form without `flags`.
    #[inline(always)]
    pub(crate) fn without(self, flags: Form) -> Form {
        Form(self.0 & !flags.0)
    }
}

impl std::ops::BitOr for Form {
    type Output = Form;

    #[inline(always)]
    fn bitor(self, other: Form) -> Form {
        Form(self.0 | other.0)
    }
}

/// One chunk of [`Name::scan`], for the bytes from `at`: classifies it,
/// notes its dots and hyphens in `dots` and `hyphens` (lanes read before,
/// or past the host's end, are placed nowhere) and what else it holds in
/// `form`.
///
/// Always inlined into the scan: otherwise a build with profile-guided
/// optimisation may leave it a call of its own in the batch path's copy of
/// the scan (`python/bench/bench.py`, a column of views, the wheel built by
/// `python/scripts/pgo_wheel.sh`).
#[inline(always)]
fn scan_chunk<const W: usize>(
    chunk: Chunk<'_>,
    at: usize,
    dots: &mut [u64; W],
    hyphens: &mut [u64; W],
    form: &mut Form,
) -> Result<(), Stop> {
    let lanes = classify(chunk);
    if lanes.other != 0 {
        // Only the bytes of non-ASCII characters need no look.
        *form = *form
            | match lanes.other & !lanes.non_ascii {
                0 => Form::UNICODE,
                _ => check_others(chunk.bytes(), lanes.other, lanes.non_ascii)?,
            };
    }
    dots[at / 64 % W] |= chunk.place(lanes.dots) << (at % 64);
    hyphens[at / 64 % W] |= chunk.place(lanes.hyphens) << (at % 64);
    Ok(())
}

/// Checks the lanes `other` of `chunk` (not `a-z`, `0-9`, `-` or `.`) that
/// are not `non_ascii` (the bytes of non-ASCII characters): upper-case
/// letters, or allowed ASCII punctuation such as `_`, all of which the scan
/// leaves as they are. Returns what the chunk holds. Cold, as hosts seldom
/// hold any of these.
#[cold]
#[inline(never)]
fn check_others(chunk: [u8; CHUNK], other: u16, non_ascii: u16) -> Result<Form, Stop> {
    // The upper-case letters, eight lanes at a time (SWAR).
    let mut upper = 0u16;
    for i in 0..2 {
        upper |= u16::from(top_bits(upper_case(word(&chunk, 8 * i)))) << (8 * i);
    }
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

/// The top bit of every lane of `v` that holds an upper-case ASCII letter.
#[inline(always)]
fn upper_case(v: u64) -> u64 {
    let low = v & !TOP_BITS;
    // Top bit set where `A <= b` and not where `Z < b`, in ASCII bytes.
    (low + 0x3F * ONES) & !(low + 0x25 * ONES) & !v & TOP_BITS
}

/// `v` with its upper-case ASCII letters lower-cased, eight lanes at once.
#[inline(always)]
fn lower_case(v: u64) -> u64 {
    v | upper_case(v) >> 2
}

/// `host`, of at most `8 * N` bytes, with its ASCII upper-case letters
/// lower-cased, as `N` words zero past its end; `None` for a longer host.
///
/// Each word is read from the host and written whole: nothing is read
/// back from the copy as it is written, which a copy lower-cased in place
/// does (and then waits for the copy's stores).
#[inline(always)]
pub(crate) fn lowered_words<const N: usize>(host: &[u8]) -> Option<[[u8; 8]; N]> {
    let n = host.len();
    if n > 8 * N {
        return None;
    }
    let mut words = [[0; 8]; N];
    let Some(last) = n.checked_sub(8) else {
        // Under eight bytes: one word, put together byte by byte.
        if let Some(first) = words.first_mut() {
            *first = lower_case(tail_word(host, 0)).to_le_bytes();
        }
        return Some(words);
    };
    // With no branch on the length, which varies from host to host: each
    // word is read whole from within the host, at its place or, for the
    // host's last bytes, as the host's last word shifted down (shifted out
    // altogether past the end).
    for (i, to) in words.iter_mut().enumerate() {
        let at = 8 * i;
        let from = at.min(last);
        let w = word(host, from)
            .checked_shr(8 * (at - from) as u32)
            .unwrap_or(0);
        *to = lower_case(w).to_le_bytes();
    }
    Some(words)
}

/// `host` lower-cased into `buf`, for a host the scan found canonical
/// ASCII but for upper-case letters ([`Form::FOLDED`]); `None` when `buf`
/// is too short.
pub(crate) fn lower_cased<'b>(host: &str, buf: &'b mut [u8]) -> Option<&'b str> {
    let to = buf.get_mut(..host.len())?;
    to.copy_from_slice(host.as_bytes());
    to.make_ascii_lowercase();
    // Lower-casing ASCII letters leaves UTF-8 as valid as it was.
    std::str::from_utf8(to).ok()
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

/// What stands for the bytes past the end of a host shorter than eight
/// bytes, in the chunk the scan classifies: a byte it lets through and
/// counts for nothing (not a dot, a hyphen or another byte).
const FILL: u8 = b'a';

/// Sixteen bytes of a host, classified at once (see [`chunk_at`]).
#[derive(Clone, Copy)]
enum Chunk<'h> {
    /// Bytes of the host, of which the given number of first lanes were
    /// read before.
    Bytes(&'h [u8; CHUNK], u32),
    /// The first and the last eight bytes of a host of the given length,
    /// eight to fifteen bytes: they overlap, and the lanes of the last stand
    /// for bytes `len - 8..len`.
    Halves(&'h [u8; 8], &'h [u8; 8], u32),
    /// A host of the given length, shorter than eight bytes, as a
    /// little-endian word padded with `FILL`, as are the other lanes.
    Word(u64, u32),
}

impl Chunk<'_> {
    /// The sixteen bytes.
    #[inline(always)]
    fn bytes(self) -> [u8; CHUNK] {
        let [low, high] = match self {
            Chunk::Bytes(bytes, _) => return *bytes,
            Chunk::Halves(first, last, _) => [first, last].map(|b| u64::from_le_bytes(*b)),
            Chunk::Word(word, _) => [word, u64::from_le_bytes([FILL; 8])],
        };
        (u128::from(low) | u128::from(high) << 64).to_le_bytes()
    }

    /// The lanes of this chunk as bits of the bytes they stand for, from the
    /// scan's place; lanes read before, and `FILL`, count for nothing.
    #[inline(always)]
    fn place(self, lanes: u16) -> u64 {
        let (low, high) = (u64::from(lanes & 0xFF), u64::from(lanes >> 8));
        match self {
            Chunk::Bytes(_, skip) => u64::from(lanes) >> skip,
            Chunk::Halves(_, _, len) => low | high << (len - 8),
            Chunk::Word(_, len) => low & ((1 << len) - 1),
        }
    }
}

/// The sixteen bytes of `host` that the scan classifies for the bytes from
/// `at` (`at < host.len()`): the bytes at `at` while sixteen are left; for
/// the last, partial chunk of a longer host, its last sixteen bytes (the
/// lanes before `at`, read before, are left out); in a shorter host, its
/// first and last eight bytes, or, under eight bytes, the host as a word.
/// Nothing is copied: the scan and the walk read the host itself. (The scan
/// asks for the first chunk of a host of up to sixteen bytes, and spells out
/// the first two cases for longer hosts.)
#[inline(always)]
fn chunk_at(host: &[u8], at: usize) -> Chunk<'_> {
    let len = host.len();
    if let Some(bytes) = host.get(at..).and_then(|b| b.first_chunk()) {
        return Chunk::Bytes(bytes, 0);
    }
    if let Some(bytes) = host
        .get(len.saturating_sub(CHUNK)..)
        .and_then(|b| b.first_chunk())
    {
        return Chunk::Bytes(bytes, (at + CHUNK - len) as u32);
    }
    let first = host.first_chunk();
    let last = host
        .get(len.saturating_sub(8)..)
        .and_then(|b| b.first_chunk());
    match (first, last) {
        (Some(first), Some(last)) => Chunk::Halves(first, last, len as u32),
        _ => {
            let fill = u64::from_le_bytes([FILL; 8]) << (8 * (len % 8));
            Chunk::Word(tail_word(host, 0) | fill, len as u32)
        }
    }
}

/// The bytes of `bytes` from `at` to its end, fewer than eight, as a
/// little-endian word, zero-padded.
#[inline(always)]
fn tail_word(bytes: &[u8], at: usize) -> u64 {
    let n = bytes.len();
    if n >= 8 {
        // The last word, the bytes before `at` shifted out.
        word(bytes, n - 8) >> (8 * (at + 8 - n).min(7))
    } else {
        let rest = bytes.get(at..).unwrap_or_default();
        rest.iter().rev().fold(0, |w, &b| (w << 8) | u64::from(b))
    }
}

impl<'h, const W: usize> Name<'h, W> {
    /// Whether every dot of the name is in the bitmap's first word (a
    /// name of up to [`SHORT`] bytes).
    const ONE_WORD: bool = W == 1;

    /// The name's bytes.
    #[inline(always)]
    pub(crate) fn as_bytes(&self) -> &'h [u8] {
        self.bytes
    }

    /// The name's length.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.bytes.len()
    }

    /// A name that `canonicalize_host` wrote, without a trailing dot and
    /// of at most `64 * W` bytes: canonical ASCII whose labels it has
    /// checked, so only its dots are found, and nothing is checked again.
    pub(crate) fn processed(bytes: &'h [u8]) -> Self {
        let mut dots = [0u64; W];
        for (i, _) in bytes.iter().enumerate().filter(|&(_, &b)| b == b'.') {
            if let Some(word) = dots.get_mut(i / 64) {
                *word |= 1 << (i % 64);
            }
        }
        Name { bytes, dots }
    }

    /// A name of `host`, its dots not found yet: [`Name::scan`] finds them.
    #[inline(always)]
    pub(crate) fn unscanned(host: &'h [u8]) -> Self {
        Name {
            bytes: host,
            dots: [0; W],
        }
    }

    /// The name of `host` scanned, and its form: [`Name::scan`] for the
    /// tests, which want both at once.
    #[cfg(test)]
    fn scanned(host: &'h [u8]) -> Result<(Self, Form), Stop> {
        let mut name = Name::unscanned(host);
        let form = name.scan()?;
        Ok((name, form))
    }

    /// Scans a name made by [`Name::unscanned`] of a host that has no
    /// trailing dot, where it is, and finds its dots: every ASCII byte
    /// must be canonical but for upper-case letters (read lower-cased by the
    /// walk, see [`Form::FOLDED`]), every label 1 to 63 bytes long, and
    /// every `xn--` label a valid A-label; the labels with `--` of a host
    /// whose labels are otherwise fine are left to check after the walk
    /// ([`Form::A_LABELS`]). Non-ASCII characters are left as they are.
    /// Returns what it found (see [`Form`]). A name that
    /// `canonicalize_host` wrote is not scanned: see [`Name::processed`].
    ///
    /// A host with an ASCII byte that is not canonical (a forbidden code
    /// point, a space) gives [`Stop::NotCanonical`].
    ///
    /// The name is filled in place rather than returned beside the form:
    /// inside a `Result` that a [`HostError`] shares, the compiler copies
    /// it a few bytes at a time and reads it back whole, which stalls every
    /// lookup (`examples/lookup_kinds.rs`, `plain`, under `perf`).
    #[inline(always)]
    pub(crate) fn scan(&mut self) -> Result<Form, Stop> {
        let host = self.bytes;
        let len = host.len();
        if len > MAX_NAME.min(64 * W) {
            return Err(Stop::Invalid(HostError::TooLong(len)));
        }
        let mut form = Form::CANONICAL;
        let mut hyphens = [0u64; W];
        // The chunks, case by case: a function that picks the chunk for any
        // place in the loop has the compiler prepare every case up front,
        // and an iterator does worse (`examples/lookup_kinds.rs`, `plain`,
        // under callgrind).
        let eight = |at: usize| host.get(at..).and_then(|b| b.first_chunk::<8>());
        if let (Some(first), Some(last), true) = (eight(0), eight(len.wrapping_sub(8)), len <= 32) {
            // Eight to thirty-two bytes (nearly every host): the first and
            // the last sixteen, as two chunks of two words each, the same
            // work whatever the length (a branch on it would be foreseen
            // wrongly every other host). Under sixteen bytes, both chunks are
            // the host's first and last eight bytes.
            let second = len.min(16) - 8;
            let third = len.max(16) - 16;
            if let (Some(second_word), Some(third_word)) = (eight(second), eight(third)) {
                scan_chunk(
                    Chunk::Halves(first, second_word, second as u32 + 8),
                    0,
                    &mut self.dots,
                    &mut hyphens,
                    &mut form,
                )?;
                scan_chunk(
                    Chunk::Halves(third_word, last, (len - third) as u32),
                    third,
                    &mut self.dots,
                    &mut hyphens,
                    &mut form,
                )?;
            }
        } else if len <= CHUNK {
            // Under eight bytes: one chunk.
            if len > 0 {
                scan_chunk(
                    chunk_at(host, 0),
                    0,
                    &mut self.dots,
                    &mut hyphens,
                    &mut form,
                )?;
            }
        } else {
            let mut at = 0;
            while let Some(bytes) = host.get(at..).and_then(|b| b.first_chunk()) {
                scan_chunk(
                    Chunk::Bytes(bytes, 0),
                    at,
                    &mut self.dots,
                    &mut hyphens,
                    &mut form,
                )?;
                at += CHUNK;
            }
            // The last sixteen bytes, those read before left out.
            let last = host.get(len - CHUNK..).and_then(|b| b.first_chunk());
            if let (Some(bytes), true) = (last, at < len) {
                scan_chunk(
                    Chunk::Bytes(bytes, (at + CHUNK - len) as u32),
                    at,
                    &mut self.dots,
                    &mut hyphens,
                    &mut form,
                )?;
            }
        }
        // Empty labels: a dot first, last, or beside another dot; and `--`,
        // which every A-label holds (the labels of such hosts, and of the few
        // others with a `--`, are checked one by one).
        let mut empty = matches!(host.last(), None | Some(b'.'));
        let mut double_hyphen = false;
        let (mut carry, mut hyphen_carry) = (1u64, 0u64); // as if a dot stood before
        for (&w, &h) in self.dots.iter().zip(&hyphens) {
            empty |= w & ((w << 1) | carry) != 0;
            double_hyphen |= h & ((h << 1) | hyphen_carry) != 0;
            carry = w >> 63;
            hyphen_carry = h >> 63;
        }
        if empty || len > MAX_LABEL {
            self.check_each()?;
        } else if double_hyphen {
            form = form | Form::A_LABELS;
        }
        Ok(form)
    }

    /// Checks the `xn--` labels that start before `until`, of a host with
    /// [`Form::A_LABELS`] (the others are fine: the scan has seen no empty
    /// or long label), from the left so that the first bad label is the
    /// one reported; `until` is where the labels the walk found in the list
    /// begin. Says whether the name is a Bidi domain name: whether one of
    /// the labels checked decodes to right-to-left characters, or one of
    /// the `xn--` labels from `until` on does by `listed_rtl` (they are the
    /// list's own, known to be valid).
    #[cold]
    #[inline(never)]
    pub(crate) fn check_labels_before(
        &self,
        until: usize,
        listed_rtl: impl Fn(&[u8]) -> bool,
    ) -> Result<bool, Stop> {
        let mut start = 0;
        let mut rtl = false;
        while start <= self.len() {
            let end = self.label_end(start);
            let label = self.bytes.get(start..end).unwrap_or_default();
            if etld_punycode::has_ace_prefix(label) {
                rtl |= match start < until {
                    true => check_a_label_rtl(label)
                        .map_err(|error| Stop::Invalid(HostError::in_label(start, 0, error)))?,
                    false => !rtl && listed_rtl(label),
                };
            }
            start = end + 1;
        }
        Ok(rtl)
    }

    /// Checks the labels (1 to 63 bytes long; `xn--` labels valid
    /// A-labels), from the left so that the first bad label is
    /// the one reported. An A-label that decodes to right-to-left
    /// characters makes the name a Bidi domain name: it is sent to be
    /// processed whole ([`Stop::NotCanonical`]), where the Bidi rule is
    /// checked, as [`Name::check_labels_before`]'s caller does.
    #[cold]
    #[inline(never)]
    fn check_each(&self) -> Result<(), Stop> {
        let mut start = 0;
        for label in self.as_bytes().split(|&b| b == b'.') {
            let checked = match etld_punycode::has_ace_prefix(label) {
                true => match check_a_label_rtl(label) {
                    Ok(true) => return Err(Stop::NotCanonical),
                    Ok(false) => Ok(()),
                    Err(e) => Err(e),
                },
                false => check_ascii_label(label),
            };
            checked.map_err(|error| Stop::Invalid(HostError::in_label(start, 0, error)))?;
            start += label.len() + 1;
        }
        Ok(())
    }

    /// Where the label that starts at `start` ends: at the nearest dot
    /// after it, or at the name's end, found on the dot bitmap. Only
    /// exception rules and the A-label check ask; inlined, as the A-label
    /// check asks once a label, where a call each time would cost `xn--`
    /// hosts (`examples/lookup_kinds.rs`, `xn`, under callgrind).
    #[inline]
    pub(crate) fn label_end(&self, start: usize) -> usize {
        let mut w = start / 64;
        let mut bits = match self.dots.get(w) {
            Some(&word) => word & (u64::MAX << (start % 64)),
            None => return self.len(),
        };
        while bits == 0 {
            w += 1;
            match self.dots.get(w) {
                Some(&word) => bits = word,
                None => return self.len(),
            }
        }
        (w * 64 + bits.trailing_zeros() as usize).min(self.len())
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
        let w = (end / 64) % W;
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
        let mut start = self.len() + 1;
        for _ in 0..k {
            start = self.label_start(start - 1);
        }
        start
    }

    /// The label tree's key of the label `start..end`, read lower-cased
    /// when `FOLD` (a host with upper-case letters).
    ///
    /// Read from the word that ends where the label ends: a label of up to
    /// eight bytes is that word's top bytes, and a longer one's last eight
    /// bytes are that word (one load and a shift for nearly every label).
    #[inline(always)]
    pub(crate) fn key<const FOLD: bool>(&self, start: usize, end: usize) -> u64 {
        let len = end - start;
        let ending = end
            .checked_sub(8)
            .and_then(|at| self.bytes.get(at..end))
            .and_then(|b| b.first_chunk());
        let (head, last) = match ending {
            Some(ending) => {
                let last = u64::from_le_bytes(*ending);
                match len <= 8 {
                    // Labels are not empty: the shift is under 64.
                    true => (last >> (8 * (8 - len) % 64), last),
                    false => (word(self.bytes, start), last),
                }
            }
            // A label in the first seven bytes of the host.
            None => (self.head_word(start, len), 0),
        };
        match FOLD {
            false => label_key(head, || last, len),
            true => label_key(lower_case(head), || lower_case(last), len),
        }
    }

    /// The label of `len` bytes (at most seven) at `start`, in the first
    /// seven bytes of the host, as a zero-padded little-endian word.
    #[cold]
    fn head_word(&self, start: usize, len: usize) -> u64 {
        let first = match self.bytes.first_chunk() {
            Some(first) => u64::from_le_bytes(*first),
            None => tail_word(self.bytes, 0),
        };
        (first >> (8 * start % 64)) & HEAD_MASK[len.min(8)]
    }

    /// Whether the label `start..end` is `label`, a label of the tree
    /// (lower-case), read lower-cased when `FOLD`.
    #[inline(always)]
    pub(crate) fn label_is<const FOLD: bool>(
        &self,
        start: usize,
        end: usize,
        label: &[u8],
    ) -> bool {
        let bytes = self.bytes.get(start..end);
        match FOLD {
            false => bytes.is_some_and(|b| same_label(b, label)),
            true => bytes.is_some_and(|b| b.eq_ignore_ascii_case(label)),
        }
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

    fn words_of(chunk: &[u8; CHUNK]) -> [u64; 2] {
        [word(chunk, 0), word(chunk, 8)]
    }

    #[test]
    fn classify_agrees_with_bytes() {
        // Every byte in every lane, among letters.
        for b in 0..=255u8 {
            for lane in 0..CHUNK {
                let mut chunk = *b"abcdefgh01234567";
                chunk[lane] = b;
                let halves = Chunk::Halves(
                    chunk[..8].try_into().unwrap(),
                    chunk[8..].try_into().unwrap(),
                    16,
                );
                assert_eq!(classify(halves), classify_bytes(halves));
                let word = Chunk::Word(words_of(&chunk)[0], 8);
                assert_eq!(classify(word), classify_bytes(word));
                assert_eq!(
                    classify(Chunk::Bytes(&chunk, 0)),
                    classify_bytes(Chunk::Bytes(&chunk, 0)),
                    "{b:#x} in lane {lane}"
                );
            }
        }
        assert_eq!(
            classify(Chunk::Bytes(b"a.c.dE-g_\x80......", 0)),
            Lanes {
                dots: 0b1111_1100_0000_1010,
                hyphens: 0b100_0000,
                other: 0b11_0010_0000,
                non_ascii: 0b10_0000_0000,
            }
        );
    }

    #[test]
    fn check_others_agrees_with_bytes() {
        // Every byte in every lane, among letters and a non-ASCII character.
        for b in 0..=255u8 {
            for lane in 0..CHUNK {
                let mut chunk = *b"abcd\xc3\xbcfgh0123456";
                chunk[lane] = b;
                let lanes = classify(Chunk::Bytes(&chunk, 0));
                let result = check_others(chunk, lanes.other, lanes.non_ascii);
                let bad = chunk.iter().any(|&b| {
                    b < 0x80
                        && !matches!(
                            BYTE_CLASS[b as usize],
                            ByteClass::Plain | ByteClass::Dot | ByteClass::Upper
                        )
                });
                let expected = match bad {
                    true => Err(Stop::NotCanonical),
                    false => Ok(Form::of(
                        chunk.iter().any(u8::is_ascii_uppercase),
                        chunk.iter().any(|&b| b >= 0x80),
                    )),
                };
                assert_eq!(result, expected, "{b:#x} in lane {lane}");
            }
        }
    }

    #[test]
    fn scans_every_byte_at_every_length() {
        // A dot, an upper-case letter and a `--` at every place of hosts of
        // every length a word of dots covers (one label at most 63 bytes):
        // each is seen where it is.
        for len in 1..SHORT {
            for at in 1..len.saturating_sub(1) {
                let mut host = vec![b'a'; len];
                host[at] = b'.';
                let (name, form) = Name::<1>::scanned(&host).unwrap();
                assert_eq!(
                    (name.dots[0], form),
                    (1 << at, Form::CANONICAL),
                    "{len} {at}"
                );
                host[at] = b'Q';
                let (name, form) = Name::<1>::scanned(&host).unwrap();
                assert_eq!((name.dots[0], form), (0, Form::FOLDED), "{len} {at}");
                host[at..at + 2].copy_from_slice(b"--");
                let (_, form) = Name::<1>::scanned(&host).unwrap();
                assert_eq!(form, Form::A_LABELS, "{len} {at}");
            }
        }
    }

    #[test]
    fn scans_labels() {
        let host = b"www.an-example-of-some-length-beyond-sixty-four-bytes.xn--bcher-kva.co.uk";
        let (name, form) = Name::<WORDS>::scanned(host).unwrap();
        assert_eq!((form, name.count()), (Form::CANONICAL, 5));
        let mut starts = vec![0];
        starts.extend(
            host.iter()
                .enumerate()
                .filter(|(_, &b)| b == b'.')
                .map(|(i, _)| i + 1),
        );
        for (k, &start) in starts.iter().rev().enumerate() {
            assert_eq!(name.start_of(k + 1), start, "label {}", k + 1);
            let rest = &host[start..];
            let end = start + rest.iter().position(|&b| b == b'.').unwrap_or(rest.len());
            assert_eq!(name.label_end(start), end, "label {}", k + 1);
        }
        let form_of =
            |host: &[u8]| Name::<WORDS>::scanned(host).map(|(name, form)| (form, name.count()));
        let is_label_error = |result: Result<(), Stop>, offset| matches!(result, Err(Stop::Invalid(HostError::Label { offset: o, .. })) if o == offset);
        for (bad, offset) in [(&b".a"[..], 0), (b"a..b", 2), (b"a.", 2)] {
            assert!(is_label_error(form_of(bad).map(drop), offset), "{bad:?}");
        }
        // A-labels are left to check after the walk, from where it says.
        let bad = b"a.b-c.xn--abc-.xn--bcher-kva.xn--abc-";
        let (name, form) = Name::<WORDS>::scanned(bad).unwrap();
        assert_eq!(form, Form::A_LABELS);
        let none = |_: &[u8]| false;
        assert!(is_label_error(
            name.check_labels_before(bad.len(), none).map(drop),
            6
        ));
        assert!(is_label_error(
            name.check_labels_before(7, none).map(drop),
            6
        ));
        assert_eq!(name.check_labels_before(6, none), Ok(false));
        assert!(is_label_error(
            name.check_labels_before(15, none).map(drop),
            6
        ));
        assert_eq!(name.check_labels_before(0, none), Ok(false));
        // The labels from `until` on are asked of `listed_rtl`, A-labels only.
        assert_eq!(name.check_labels_before(0, |l| l == b"xn--abc-"), Ok(true));
        assert_eq!(name.check_labels_before(0, |l| l == b"b-c"), Ok(false));
        // Labels too long or empty are checked first, A-labels with them.
        let long = format!("xn--abc-.{}.com", "a".repeat(64));
        assert!(is_label_error(form_of(long.as_bytes()).map(drop), 0));
        assert!(is_label_error(form_of(b"xn--abc-.a..com").map(drop), 0));
        assert!(is_label_error(form_of(b"a..xn--abc-").map(drop), 2));
        assert_eq!(form_of(b"a b"), Err(Stop::NotCanonical));
        let both = Form::FOLDED | Form::UNICODE;
        assert_eq!(form_of("Bü.de".as_bytes()), Ok((both, 2)));
        assert_eq!(form_of("bü.de".as_bytes()), Ok((Form::UNICODE, 2)));
        assert_eq!(form_of(b"under_score.EXAMPLE.com"), Ok((Form::FOLDED, 3)));
        assert_eq!(
            form_of(b"under_score.example.com"),
            Ok((Form::CANONICAL, 3))
        );
    }

    /// What a scan says of a host: the result, and its labels' starts and
    /// keys from the right.
    type Scanned = (Result<Form, Stop>, Vec<(usize, u64)>);

    fn scanned<const W: usize>(host: &[u8]) -> Scanned {
        let (name, form) = match Name::<W>::scanned(host) {
            Ok(scanned) => scanned,
            Err(stop) => return (Err(stop), Vec::new()),
        };
        let mut labels = Vec::new();
        let mut end = name.len();
        loop {
            let start = name.label_start(end);
            labels.push((start, name.key::<true>(start, end)));
            if start == 0 {
                break;
            }
            end = start - 1;
        }
        (Ok(form), labels)
    }

    #[test]
    fn processed_names_have_the_dots_a_scan_finds() {
        let long = format!("{}.example.com", vec!["a".repeat(63); 3].join("."));
        for host in ["com", "a.b", "www.example.co.uk", "xn--bcher-kva.de", &long] {
            let bytes = host.as_bytes();
            let (scanned, _) = Name::<WORDS>::scanned(bytes).unwrap();
            assert_eq!(Name::<WORDS>::processed(bytes).dots, scanned.dots, "{host}");
            if bytes.len() <= SHORT {
                let (scanned, _) = Name::<1>::scanned(bytes).unwrap();
                assert_eq!(Name::<1>::processed(bytes).dots, scanned.dots, "{host}");
            }
        }
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
            let short = scanned::<1>(host.as_bytes());
            assert_eq!(short, scanned::<WORDS>(host.as_bytes()), "{host}");
        }
        let (ok, labels) = scanned::<1>(sixty_four.as_bytes());
        assert_eq!(
            (ok, labels.iter().map(|l| l.0).collect::<Vec<_>>()),
            (Ok(Form::CANONICAL), vec![61, 41, 0])
        );
    }

    /// Checks the key of every label of `host` against the tree's.
    fn assert_keys<const W: usize>(host: &str) {
        let (name, _) = Name::<W>::scanned(host.as_bytes()).unwrap();
        let mut start = 0;
        for label in host.split('.') {
            let end = start + label.len();
            let lower = label.to_ascii_lowercase();
            let key = crate::host::key::key(lower.as_bytes());
            assert_eq!(name.key::<true>(start, end), key, "{label:?} in {host:?}");
            assert!(name.label_is::<true>(start, end, lower.as_bytes()));
            if *label == lower {
                assert_eq!(name.key::<false>(start, end), key, "{label:?} in {host:?}");
                assert!(name.label_is::<false>(start, end, label.as_bytes()));
            }
            start = end + 1;
        }
    }

    #[test]
    fn keys_agree_with_the_tree() {
        // Every tail of the host: labels that end the name, in names
        // shorter and longer than a word and a chunk.
        let host = "a.bc.defghijk.lmnopqrst.uvwxyz0123456789-abcdefghijklmnopqrstuvwxyz";
        for (at, _) in host.match_indices('.') {
            assert_keys::<WORDS>(&host[at + 1..]);
        }
        assert_keys::<WORDS>(host);
        for host in [
            "abcdefg",
            "abcdefgh",
            "abcdefghi",
            "a.bcdefghijklmno.p",
            "ab.c",
            "a.b",
            "Ab.Cd.EFGHIJKLM",
            "xY.AbCdEfGhIj",
        ] {
            assert_keys::<1>(host);
        }
    }

    #[test]
    fn chunks_place_the_bytes_read() {
        // Every place in hosts of every length up to forty bytes: each byte
        // from the place on has a lane that reads it, and no other lane
        // counts.
        let text: Vec<u8> = (1..=40).collect();
        for len in 1..=text.len() {
            let host = &text[..len];
            for at in (0..len).step_by(CHUNK) {
                let chunk = chunk_at(host, at);
                let bytes = chunk.bytes();
                let mut seen = 0u64;
                for (lane, &b) in bytes.iter().enumerate() {
                    match chunk.place(1 << lane) {
                        0 => {}
                        bit => {
                            let i = at + bit.trailing_zeros() as usize;
                            assert_eq!((bit.count_ones(), b), (1, host[i]), "{len}, {at}: {lane}");
                            seen |= bit;
                        }
                    }
                    if chunk.place(1 << lane) == 0 && !matches!(chunk, Chunk::Bytes(..)) {
                        assert_eq!(b, FILL, "{len} bytes, at {at}: lane {lane}");
                    }
                }
                let n = (len - at).min(CHUNK);
                assert_eq!(seen, (1 << n) - 1, "{len} bytes, at {at}");
            }
        }
    }
}
