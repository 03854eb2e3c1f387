//! The automaton walk: the formal algorithm, read from the right of a host.
//!
//! The host's bytes are read once, from its right end, and fed to the
//! automaton (whose keys are byte-reversed rules). Because a wildcard label
//! matches any one label at every position, even where an explicit child
//! exists, every state at a label boundary may also take its `*` transition,
//! and such a state skips the whole next label. Most hosts never meet a `*`
//! transition and are walked with one state; from the first one on, the walk
//! keeps a small *frontier* of states. Wherever a key ends at a label boundary a rule
//! matches; the walk remembers the longest normal rule and the longest
//! exception rule that matched, which decide the prevailing rule exactly as the
//! formal algorithm says:
//!
//! 1. an exception rule if one matches (the longest, should several),
//! 2. else the matching rule with the most labels,
//! 3. else the implicit `*` rule (when it is on).
//!
//! The frontier is a handful of states for any real list and lives on the
//! stack; a list with many overlapping wildcards spills it to the heap, and the
//! frontier never holds the same state twice, so a walk costs at most the
//! host's length times the automaton's size.

use crate::automaton::{Automaton, StateId};
use crate::compile::flags;
use crate::error::HostError;
use crate::label::{check_ascii_label, ByteClass, BYTE_CLASS, MAX_NAME};
use crate::rule::Section;

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
    /// Labels in the host.
    pub(crate) labels: usize,
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

/// A set of automaton states with the output gathered to each, stack-first.
struct Frontier {
    len: usize,
    inline: [(StateId, u8); Frontier::INLINE],
    spill: Vec<(StateId, u8)>,
}

impl Frontier {
    const INLINE: usize = 8;

    #[inline]
    fn new() -> Frontier {
        Frontier {
            len: 0,
            inline: [(0, 0); Frontier::INLINE],
            spill: Vec::new(),
        }
    }

    #[inline]
    fn as_slice(&self) -> &[(StateId, u8)] {
        if self.spill.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spill
        }
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }

    #[inline]
    fn push(&mut self, item: (StateId, u8)) {
        if self.as_slice().contains(&item) {
            return;
        }
        if self.len < Frontier::INLINE {
            self.inline[self.len] = item;
        } else {
            if self.spill.is_empty() {
                self.spill.extend_from_slice(&self.inline);
            }
            self.spill.push(item);
        }
        self.len += 1;
    }

    /// Follows `byte` from every state, dropping states without it.
    #[inline]
    fn step(&mut self, automaton: &Automaton, byte: u8) {
        if self.spill.is_empty() {
            let mut kept = 0;
            for i in 0..self.len {
                let (s, v) = self.inline[i];
                if let Some(next) = automaton.step(s, byte, v) {
                    self.inline[kept] = next;
                    kept += 1;
                }
            }
            self.len = kept;
        } else {
            self.spill
                .retain_mut(|(s, v)| match automaton.step(*s, byte, *v) {
                    Some(next) => {
                        (*s, *v) = next;
                        true
                    }
                    None => false,
                });
            // Distinct states can share a successor: keep the set a set.
            self.spill.sort_unstable();
            self.spill.dedup();
            self.len = self.spill.len();
            if self.len <= Frontier::INLINE {
                self.inline[..self.len].copy_from_slice(&self.spill);
                self.spill.clear();
            }
        }
    }
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

/// Scans left from `i` to the start of the label that ends there, checking
/// that each byte is canonical; returns the label's start.
///
/// Eight bytes at a time while they are letters, digits, hyphens or dots
/// (nearly every host), else one byte at a time.
#[inline]
fn label_start(host: &[u8], mut i: usize) -> Result<usize, Stop> {
    while let Some(bytes) = i.checked_sub(8).and_then(|from| host.get(from..i)) {
        let Ok(bytes) = <[u8; 8]>::try_from(bytes) else {
            break;
        };
        match ldh_or_dots(u64::from_le_bytes(bytes)) {
            Some(0) => i -= 8,
            // The highest lane holding a dot is the dot nearest to `i`.
            Some(dots) => return Ok(i - 8 + (63 - dots.leading_zeros() as usize) / 8 + 1),
            None => break,
        }
    }
    while i > 0 {
        match BYTE_CLASS[host[i - 1] as usize] {
            ByteClass::Plain => i -= 1,
            ByteClass::Dot => break,
            _ => return Err(Stop::NotCanonical),
        }
    }
    Ok(i)
}

/// If all eight bytes of `chunk` are ASCII letters `a-z`, digits, `-` or
/// `.`, the bytes of nearly every host, the high bits of the lanes that hold
/// a dot; else `None`. (SWAR: each byte is one lane; the sums never carry
/// from one lane into the next because no lane exceeds 0x7F when they are
/// taken.)
#[inline(always)]
fn ldh_or_dots(chunk: u64) -> Option<u64> {
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
    let dot = hyphen_or_dot & !at_most(b'-');
    (letter | digit | hyphen_or_dot == HIGH).then_some(dot)
}

/// The section of a set of flags of one kind: ICANN wins a tie.
fn section_of(bits: u8) -> Section {
    if bits & flags::ICANN != 0 {
        Section::Icann
    } else {
        Section::Private
    }
}

/// Walks a host that is canonical if the walk succeeds: lower-case ASCII,
/// no trailing dot (the caller strips one), not empty.
///
/// `mask` selects the flags that count (sections, wildcard mode).
///
/// While any automaton state is alive, each byte from the right is fed to
/// the automaton; a byte that a state accepts is a byte of some key, and keys
/// hold canonical bytes only (the loader checks), so it needs no other check.
/// Once every state has died, the rest of the host is only validated, a
/// byte-class lookup per byte.
///
/// Most hosts never meet a `*` transition: they are walked with a single
/// state. At the first `*` transition the walk starts again with a frontier.
pub(crate) fn walk(
    automaton: &Automaton,
    host: &[u8],
    mask: u8,
    implicit_rule: bool,
    validate: bool,
) -> Result<Match, Stop> {
    if host.len() > MAX_NAME {
        return Err(Stop::Invalid(HostError::TooLong(host.len())));
    }
    let mut progress = Progress::new(validate);
    walk_single(automaton, host, mask, &mut progress)?;
    Ok(progress.finish(host, implicit_rule))
}

/// The labels read so far and the rules matched.
struct Progress {
    best: Best,
    /// Whether labels need checking (length, A-label).
    validate: bool,
    /// Labels read, from the right.
    labels: usize,
    /// Where the first labels from the right start (the host is at most
    /// 253 bytes long, so a byte holds an offset).
    starts: [u8; Progress::STARTS],
}

impl Progress {
    const STARTS: usize = 16;

    #[inline]
    fn new(validate: bool) -> Progress {
        Progress {
            best: Best::default(),
            validate,
            labels: 0,
            starts: [0; Progress::STARTS],
        }
    }

    /// Checks the label `host[start..end]` and counts it.
    #[inline(always)]
    fn label(&mut self, host: &[u8], start: usize, end: usize) -> Result<(), Stop> {
        if self.validate {
            check_ascii_label(&host[start..end]).map_err(|error| {
                Stop::Invalid(HostError::Label {
                    offset: start,
                    error,
                })
            })?;
        }
        if let Some(slot) = self.starts.get_mut(self.labels) {
            *slot = start as u8;
        }
        self.labels += 1;
        Ok(())
    }

    /// Validates and counts the rest of the host: the label ending at
    /// `label_end`, read down to `i` already, and all labels left of it.
    #[inline(always)]
    fn rest(&mut self, host: &[u8], mut label_end: usize, mut i: usize) -> Result<(), Stop> {
        loop {
            i = label_start(host, i)?;
            self.label(host, i, label_end)?;
            if i == 0 {
                return Ok(());
            }
            i -= 1;
            label_end = i;
        }
    }

    /// The start of the `k`-th label from the right (1-based).
    fn start(&self, host: &[u8], k: usize) -> usize {
        match self.starts.get(k - 1) {
            Some(&s) => s as usize,
            None => host
                .iter()
                .enumerate()
                .rev()
                .filter(|&(_, &b)| b == b'.')
                .nth(k - 1)
                .map_or(0, |(i, _)| i + 1),
        }
    }

    /// Decides the prevailing rule.
    fn finish(&self, host: &[u8], implicit_rule: bool) -> Match {
        let (suffix_labels, section, known) = match (self.best.exception, self.best.normal) {
            // Only a crafted file has a one-label exception: no suffix then.
            (Some((n, bits)), _) => (Some(n - 1).filter(|&n| n > 0), Some(section_of(bits)), true),
            (None, Some((n, bits))) => (Some(n), Some(section_of(bits)), true),
            (None, None) if implicit_rule => (Some(1), None, false),
            (None, None) => (None, None, false),
        };
        Match {
            suffix_labels,
            section,
            known,
            labels: self.labels,
            suffix_start: suffix_labels.map(|n| self.start(host, n)),
            registrable_start: suffix_labels
                .filter(|&n| self.labels > n)
                .map(|n| self.start(host, n + 1)),
        }
    }
}

/// The walk with one state, until a state with a `*` transition is reached:
/// from there on the frontier walk goes on.
#[inline]
fn walk_single(
    automaton: &Automaton,
    host: &[u8],
    mask: u8,
    progress: &mut Progress,
) -> Result<(), Stop> {
    let (mut s, mut v) = (automaton.root(), 0u8);
    if automaton.has_star(s) {
        return walk_frontier(automaton, host, mask, progress, (s, v), host.len());
    }
    // The end of the label being read.
    let mut end = host.len();
    for (at, &b) in host.iter().enumerate().rev() {
        if b == b'.' {
            progress.label(host, at + 1, end)?;
            if let Some(value) = automaton.final_value(s, v) {
                progress.best.record(progress.labels, value & mask);
            }
            match automaton.step(s, b'.', v) {
                Some(n) => (s, v) = n,
                None => return progress.rest(host, at, at),
            }
            if automaton.has_star(s) {
                return walk_frontier(automaton, host, mask, progress, (s, v), at);
            }
            end = at;
        } else {
            match automaton.step(s, b, v) {
                Some(n) => (s, v) = n,
                None => return progress.rest(host, end, at + 1),
            }
        }
    }
    progress.label(host, 0, end)?;
    if let Some(value) = automaton.final_value(s, v) {
        progress.best.record(progress.labels, value & mask);
    }
    Ok(())
}

/// The walk with a frontier of states, for hosts that meet wildcards: goes
/// on from `start`, a state at the label boundary `i` (the end of the next
/// label to read). Kept out of line: few hosts need it, and its frontiers
/// would weigh on every walk's stack frame.
#[inline(never)]
fn walk_frontier(
    automaton: &Automaton,
    host: &[u8],
    mask: u8,
    progress: &mut Progress,
    start: (StateId, u8),
    mut i: usize,
) -> Result<(), Stop> {
    let mut cur = Frontier::new();
    let mut wild = Frontier::new();
    let mut next = Frontier::new();
    cur.push(start);
    if let Some(w) = automaton.star(start.0, start.1) {
        wild.push(w);
    }
    loop {
        let end = i;
        while !cur.is_empty() && i > 0 && host[i - 1] != b'.' {
            cur.step(automaton, host[i - 1]);
            if !cur.is_empty() {
                i -= 1;
            }
        }
        if cur.is_empty() && wild.is_empty() {
            return progress.rest(host, end, i);
        }
        // Bytes no state read are checked here.
        i = label_start(host, i)?;
        progress.label(host, i, end)?;
        for &(s, v) in cur.as_slice().iter().chain(wild.as_slice()) {
            if let Some(value) = automaton.final_value(s, v) {
                progress.best.record(progress.labels, value & mask);
            }
        }
        if i == 0 {
            return Ok(());
        }
        i -= 1; // the dot
        next.clear();
        for &(s, v) in cur.as_slice().iter().chain(wild.as_slice()) {
            if let Some(n) = automaton.step(s, b'.', v) {
                next.push(n);
            }
        }
        wild.clear();
        for &(s, v) in next.as_slice() {
            if let Some(w) = automaton.star(s, v) {
                wild.push(w);
            }
        }
        std::mem::swap(&mut cur, &mut next);
        if cur.is_empty() && wild.is_empty() {
            return progress.rest(host, i, i);
        }
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
                let expected = ok(b).then_some(if b == b'.' { 0x80u64 << (8 * lane) } else { 0 });
                assert_eq!(
                    ldh_or_dots(u64::from_le_bytes(bytes)),
                    expected,
                    "{b:#x} in lane {lane}"
                );
            }
        }
        assert_eq!(ldh_or_dots(u64::from_le_bytes(*b"09az-z0-")), Some(0));
        assert_eq!(
            ldh_or_dots(u64::from_le_bytes(*b"a.c.defg")),
            Some(0x8000_8000)
        );
    }

    #[test]
    fn label_starts() {
        let host = b"www.an-example-of-some-length.co.uk";
        for end in 0..=host.len() {
            let expected = host[..end]
                .iter()
                .rposition(|&b| b == b'.')
                .map_or(0, |p| p + 1);
            assert_eq!(label_start(host, end), Ok(expected), "{end}");
        }
        assert_eq!(
            label_start(b"abcdefghijKlmnop", 16),
            Err(Stop::NotCanonical)
        );
    }
}
