//! The walk: the formal algorithm, over a host's labels from the right.
//!
//! A lookup first [scans](scan) the host once, left to right and eight bytes
//! at a time: every byte must be canonical (lower-case ASCII letters, digits,
//! `-` and the other allowed ASCII; anything else sends the host to the slow
//! path, which canonicalises it first) and the dots are noted, which gives
//! every label's bounds. The walk then reads labels from the right through the
//! [label tree](crate::tree), one table probe per label. Because a wildcard
//! label matches any one label at every position, even where an explicit
//! child exists, every node's `*` child matches too. In any real list a `*`
//! child is a leaf (`*.ck`, `*.compute.amazonaws.com`), so a walk keeps one
//! node and notes the `*` match beside it; a list with rules below a
//! wildcard (`a.*.example`) sends the walk to a *frontier* of nodes from the
//! first such `*` on. Wherever a node carries a key a rule matches; the walk
//! remembers the longest normal rule and the longest exception rule that
//! matched, which decide the prevailing rule exactly as the formal algorithm
//! says:
//!
//! 1. an exception rule if one matches (the longest, should several),
//! 2. else the matching rule with the most labels,
//! 3. else the implicit `*` rule (when it is on).
//!
//! The frontier holds distinct tree nodes (each is a distinct pattern of
//! labels), a handful for any real list; it lives on the stack and spills to
//! the heap only for lists with many overlapping wildcards. A walk costs at
//! most the host's labels times the tree's size.

use crate::compile::flags;
use crate::error::HostError;
use crate::label::{
    check_ascii_label, check_label_length, ByteClass, BYTE_CLASS, MAX_LABEL, MAX_NAME,
};
use crate::rule::Section;
use crate::tree::{word, LabelTree, NodeId, ROOT};

/// What the walk found: the prevailing rule's effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Match {
    /// Labels in the public suffix; `None` when there is none (implicit
    /// rule off and no rule matched).
    pub(crate) suffix_labels: Option<usize>,
    /// The prevailing rule's section; `None` for the implicit rule.
    pub(crate) section: Option<Section>,
    /// Whether a listed rule prevailed.
    pub(crate) known: bool,
    /// Where the public suffix starts in the walked host.
    pub(crate) suffix_start: Option<usize>,
    /// Where the registrable domain starts in the walked host.
    pub(crate) registrable_start: Option<usize>,
}

/// Why the walk stopped without a match.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The host is not canonical (upper case, non-ASCII, a forbidden or
    /// separator character): canonicalise it first.
    NotCanonical,
    /// The host is invalid.
    Invalid(HostError),
}

/// The longest normal and exception rules seen so far.
#[derive(Default)]
struct Best {
    /// Labels and flags of the longest normal (or implied) rule.
    normal: Option<(usize, u8)>,
    /// Labels and flags of the longest exception rule.
    exception: Option<(usize, u8)>,
}

impl Best {
    /// Records that a key with `value` (already masked) ends after `labels`
    /// labels. Labels only grow during a walk.
    #[inline]
    fn record(&mut self, labels: usize, value: u8) {
        let normal = value & (flags::NORMAL | flags::IMPLIED);
        if normal != 0 {
            self.normal = Some(merge(self.normal, labels, normal));
        }
        let exception = value & flags::EXCEPTION;
        if exception != 0 {
            self.exception = Some(merge(self.exception, labels, exception));
        }
    }

    /// Decides the prevailing rule for a host with these labels.
    #[inline]
    fn finish(&self, labels: &Labels, implicit_rule: bool) -> Match {
        let (suffix_labels, section, known) = match (self.exception, self.normal) {
            // Only a crafted file has a one-label exception: no suffix then.
            (Some((n, bits)), _) => (Some(n - 1).filter(|&n| n > 0), Some(section_of(bits)), true),
            (None, Some((n, bits))) => (Some(n), Some(section_of(bits)), true),
            (None, None) if implicit_rule => (Some(1), None, false),
            (None, None) => (None, None, false),
        };
        let suffix_start = suffix_labels.map(|n| labels.start(n));
        Match {
            suffix_labels,
            section,
            known,
            suffix_start,
            // The label before the suffix, if there is one.
            registrable_start: suffix_start
                .filter(|&s| s > 0)
                .map(|s| labels.start_before(s - 1)),
        }
    }
}

/// A rule of `labels` labels with `bits` beside the best one so far: the
/// longer wins, and rules of the same length merge their sections.
#[inline]
fn merge(best: Option<(usize, u8)>, labels: usize, bits: u8) -> (usize, u8) {
    match best {
        Some((n, b)) if n == labels => (n, b | bits),
        _ => (labels, bits),
    }
}

/// If all eight bytes of `chunk` are ASCII letters `a-z`, digits, `-` or
/// `.`, the bytes of nearly every host, the high bits of the lanes that hold
/// a dot and of those that hold a hyphen; else `None`. (SWAR: each byte is one lane; the sums never carry
/// from one lane into the next because no lane exceeds 0x7F when they are
/// taken.)
#[inline(always)]
fn ldh_or_dots(chunk: u64) -> Option<(u64, u64)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    if chunk & HIGH != 0 {
        return None;
    }
    // High bit of each lane set where the byte is at least `lo`.
    let at_least = |lo: u8| chunk.wrapping_add(u64::from(0x80 - lo) * ONES) & HIGH;
    // High bit of each lane set where the byte is at most `hi`.
    let at_most = |hi: u8| !chunk.wrapping_add(u64::from(0x7F - hi) * ONES) & HIGH;
    let letter = at_least(b'a') & at_most(b'z');
    let digit = at_least(b'0') & at_most(b'9');
    // `-` and `.` are 0x2D and 0x2E.
    let hyphen_or_dot = at_least(b'-') & at_most(b'.');
    let hyphen = hyphen_or_dot & at_most(b'-');
    (letter | digit | hyphen_or_dot == HIGH).then_some((hyphen_or_dot & !hyphen, hyphen))
}

/// The section of a set of flags of one kind: ICANN wins a tie.
fn section_of(bits: u8) -> Section {
    if bits & flags::ICANN != 0 {
        Section::Icann
    } else {
        Section::Private
    }
}

/// Words of the dot bitmap: one bit per byte of a name of up to 256 bytes.
const WORDS: usize = 4;

/// Where the labels of a scanned host are: a bitmap of its dots.
pub(crate) struct Labels {
    /// Bit `i` is set when byte `i` is a dot.
    dots: [u64; WORDS],
    /// The host's length.
    len: usize,
}

impl Labels {
    /// No labels yet: see [`scan`].
    #[inline(always)]
    pub(crate) fn new() -> Labels {
        Labels {
            dots: [0; WORDS],
            len: 0,
        }
    }

    /// How many labels the host has.
    #[cfg(test)]
    pub(crate) fn count(&self) -> usize {
        self.dots
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum::<usize>()
            + 1
    }

    /// Where the label that ends at `end` starts: just after the nearest dot
    /// before `end`, or at 0.
    #[inline(always)]
    fn start_before(&self, end: usize) -> usize {
        // `end` is at most MAX_NAME, so the word index is below WORDS.
        let w = (end / 64) % WORDS;
        let bits = self.dots[w] & ((1u64 << (end % 64)) - 1);
        if bits != 0 {
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
    fn start(&self, k: usize) -> usize {
        let mut start = self.len + 1;
        for _ in 0..k {
            start = self.start_before(start - 1);
        }
        start
    }

    /// Checks the labels (1 to 63 bytes long; `xn--` labels valid A-labels
    /// when `check_a_labels`), from the left so that the first bad label is
    /// the one reported.
    #[cold]
    #[inline(never)]
    fn check_each(&self, host: &[u8], check_a_labels: bool) -> Result<(), Stop> {
        let dots = host.iter().enumerate().filter(|&(_, &b)| b == b'.');
        let mut start = 0;
        for end in dots.map(|(i, _)| i).chain([host.len()]) {
            let label = &host[start..end];
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
            start = end + 1;
        }
        Ok(())
    }
}

/// The last, short chunk of `host`, from `at` (fewer than eight bytes
/// remain), as a little-endian word; past the host's end the lanes hold
/// `a`, a byte that changes nothing.
#[inline(always)]
fn tail_chunk(host: &[u8], at: usize) -> u64 {
    const FILL: u64 = 0x6161_6161_6161_6161;
    let rest = host.len().saturating_sub(at).min(7);
    if host.len() >= 8 {
        // The last eight bytes, shifted down to the unread ones.
        let shift = 8 * (8 - rest) as u32;
        let word = word(host, host.len() - 8);
        (word >> shift) | (FILL << (64 - shift))
    } else {
        host[at..at + rest]
            .iter()
            .rev()
            .fold(FILL, |w, &b| (w << 8) | u64::from(b))
    }
}

/// The dots and hyphens of the eight bytes `word` read at `at`, as
/// bitmaps (bit `i` for byte `at + i`), if they are all canonical.
#[inline(always)]
fn classify(host: &[u8], at: usize, word: u64) -> Result<(u64, u64), Stop> {
    if let Some((dots, hyphens)) = ldh_or_dots(word) {
        return Ok((gather(dots), gather(hyphens)));
    }
    // Other bytes: one at a time.
    let (mut dots, mut hyphens) = (0u64, 0u64);
    for (i, &b) in host[at..].iter().take(8).enumerate() {
        match BYTE_CLASS[b as usize] {
            ByteClass::Plain => hyphens |= u64::from(b == b'-') << i,
            ByteClass::Dot => dots |= 1 << i,
            _ => return Err(Stop::NotCanonical),
        }
    }
    Ok((dots, hyphens))
}

/// The high bit of each lane of `lanes`, gathered into the low byte (bit
/// `i` from lane `i`).
#[inline(always)]
fn gather(lanes: u64) -> u64 {
    ((lanes >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// Scans a host that has no trailing dot into `labels`: every byte must be
/// canonical, every label 1 to 63 bytes long, and, when `check_a_labels`,
/// every `xn--` label a valid A-label (a host built by `canonicalize_host`
/// has had its labels checked already).
///
/// A host with a byte that is not canonical (upper case, non-ASCII, a
/// separator or a forbidden code point) gives [`Stop::NotCanonical`].
///
/// Eight bytes at a time: each word is checked and its dots and hyphens
/// gathered into bitmaps. Labels are then checked on the bitmaps: no two
/// dots side by side or at either end (empty labels), and only a host over
/// 63 bytes can hold a label too long, only one with `--` an A-label; those
/// few are checked label by label.
pub(crate) fn scan(host: &[u8], check_a_labels: bool, labels: &mut Labels) -> Result<(), Stop> {
    let len = host.len();
    if len > MAX_NAME {
        return Err(Stop::Invalid(HostError::TooLong(len)));
    }
    labels.len = len;
    labels.dots = [0; WORDS];
    // Bit i: byte i is a hyphen followed by a hyphen.
    let mut double_hyphen = false;
    let mut prev_hyphen = 0u64;
    let mut note = |at: usize, (dots, hyphens): (u64, u64)| {
        labels.dots[(at / 64) % WORDS] |= dots << (at % 64);
        double_hyphen |= (hyphens & ((hyphens >> 1) | (prev_hyphen << 7))) != 0;
        prev_hyphen = hyphens >> 7;
    };
    let mut chunks = host.chunks_exact(8);
    let mut at = 0;
    for chunk in chunks.by_ref() {
        let word = <[u8; 8]>::try_from(chunk).map_or(0, u64::from_le_bytes);
        note(at, classify(host, at, word)?);
        at += 8;
    }
    if !chunks.remainder().is_empty() {
        note(at, classify(host, at, tail_chunk(host, at))?);
    }
    // Empty labels: a dot first, last, or beside another dot.
    let mut carry = 1u64; // as if a dot stood before the host
    let mut empty = false;
    for w in &labels.dots {
        empty |= w & ((w << 1) | carry) != 0;
        carry = w >> 63;
    }
    empty |= len == 0 || host[len - 1] == b'.';
    if empty || len > MAX_LABEL || (double_hyphen && check_a_labels) {
        labels.check_each(host, check_a_labels)?;
    }
    Ok(())
}

/// Walks a scanned host through the label tree.
///
/// `mask` selects the flags that count (sections, wildcard mode).
#[inline]
pub(crate) fn walk(
    tree: &LabelTree,
    host: &[u8],
    labels: &Labels,
    mask: u8,
    implicit_rule: bool,
) -> Match {
    let mut best = Best::default();
    let mut id = ROOT;
    let mut node = tree.node(ROOT);
    let mut end = host.len();
    let mut k = 1;
    loop {
        if let Some(star) = node.star() {
            let wild = tree.node(star);
            if wild.has_children() {
                walk_frontier(tree, host, labels, mask, &mut best, (id, k, end));
                break;
            }
            best.record(k, wild.value & mask);
        }
        if !node.has_labels() {
            break;
        }
        let start = labels.start_before(end);
        match tree.child(id, host, start, end) {
            Some(child) => {
                id = child;
                node = tree.node(child);
                best.record(k, node.value & mask);
            }
            None => break,
        }
        if start == 0 {
            break;
        }
        end = start - 1;
        k += 1;
    }
    best.finish(labels, implicit_rule)
}

/// The walk with a frontier of nodes, for lists with rules below a
/// wildcard: goes on from node `from`, about to read the `k`-th label from
/// the right, which ends at `end`. Kept out of line: no real list needs it.
#[inline(never)]
fn walk_frontier(
    tree: &LabelTree,
    host: &[u8],
    labels: &Labels,
    mask: u8,
    best: &mut Best,
    (from, mut k, mut end): (NodeId, usize, usize),
) {
    let mut cur = Frontier::default();
    let mut next = Frontier::default();
    cur.push(from);
    loop {
        let start = labels.start_before(end);
        next.clear();
        for &id in cur.as_slice() {
            let node = tree.node(id);
            if let Some(star) = node.star() {
                best.record(k, tree.node(star).value & mask);
                next.push(star);
            }
            if let Some(child) = tree.child(id, host, start, end) {
                best.record(k, tree.node(child).value & mask);
                next.push(child);
            }
        }
        if next.as_slice().is_empty() || start == 0 {
            return;
        }
        std::mem::swap(&mut cur, &mut next);
        end = start - 1;
        k += 1;
    }
}

/// A set of tree nodes, stack-first. Nodes reached by different paths are
/// different nodes (the tree is a tree), so it needs no deduplication.
#[derive(Default)]
struct Frontier {
    len: usize,
    inline: [NodeId; 8],
    spill: Vec<NodeId>,
}

impl Frontier {
    fn as_slice(&self) -> &[NodeId] {
        match self.spill.is_empty() {
            true => &self.inline[..self.len],
            false => &self.spill,
        }
    }

    fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }

    fn push(&mut self, id: NodeId) {
        if self.len < self.inline.len() {
            self.inline[self.len] = id;
        } else {
            if self.spill.is_empty() {
                self.spill.extend_from_slice(&self.inline);
            }
            self.spill.push(id);
        }
        self.len += 1;
    }
}

/// Whether a canonical host (no trailing dot) is an IPv4 dotted quad.
pub(crate) fn is_ipv4(host: &[u8]) -> bool {
    let mut parts = 0;
    for part in host.split(|&b| b == b'.') {
        parts += 1;
        let ok = !part.is_empty()
            && part.len() <= 3
            && part.iter().all(u8::is_ascii_digit)
            && part.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0')) <= 255;
        if !ok || parts > 4 {
            return false;
        }
    }
    parts == 4
}

/// Whether an input is an IPv6 literal, with or without brackets.
pub(crate) fn is_ipv6(host: &str) -> bool {
    let inner = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    inner.contains(':') && inner.parse::<std::net::Ipv6Addr>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ldh_or_dots_agrees_with_bytes() {
        let ok = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.';
        // Every byte in every lane, among letters.
        for b in 0..=255u8 {
            for lane in 0..8 {
                let mut bytes = *b"abcdefgh";
                bytes[lane] = b;
                let bit = |c: u8| if b == c { 0x80u64 << (8 * lane) } else { 0 };
                let expected = ok(b).then_some((bit(b'.'), bit(b'-')));
                assert_eq!(
                    ldh_or_dots(u64::from_le_bytes(bytes)),
                    expected,
                    "{b:#x} in lane {lane}"
                );
            }
        }
        assert_eq!(
            ldh_or_dots(u64::from_le_bytes(*b"a.c.de-g")),
            Some((0x8000_8000, 0x0080_0000_0000_0000))
        );
    }

    #[test]
    fn gathers_lanes() {
        assert_eq!(gather(0x8000_8000), 0b1010);
        assert_eq!(gather(0x8080_8080_8080_8080), 0xFF);
        assert_eq!(gather(0x8000_0000_0000_0080), 0b1000_0001);
    }

    #[test]
    fn scans_labels() {
        let host = b"www.an-example-of-some-length-beyond-sixty-four-bytes.xn--bcher-kva.co.uk";
        let mut labels = Labels::new();
        assert_eq!(scan(host, true, &mut labels), Ok(()));
        assert_eq!(labels.count(), 5);
        let mut starts = vec![0];
        starts.extend(
            host.iter()
                .enumerate()
                .filter(|(_, &b)| b == b'.')
                .map(|(i, _)| i + 1),
        );
        for (k, &start) in starts.iter().rev().enumerate() {
            assert_eq!(labels.start(k + 1), start, "label {}", k + 1);
        }
        for (bad, offset) in [
            (&b".a"[..], 0),
            (b"a..b", 2),
            (b"a.", 2),
            (b"a.b-c.xn--abc-", 6),
        ] {
            assert!(
                matches!(scan(bad, true, &mut labels), Err(Stop::Invalid(HostError::Label { offset: o, .. })) if o == offset),
                "{bad:?}"
            );
        }
        assert_eq!(scan(b"a.b-c.xn--abc-", false, &mut labels), Ok(()));
        assert_eq!(scan(b"a.B", true, &mut labels), Err(Stop::NotCanonical));
        assert_eq!(scan(b"under_score.example.com", true, &mut labels), Ok(()));
        assert_eq!(labels.count(), 3);
    }
}
