//! The automaton walk: the formal algorithm, read from the right of a host.
//!
//! The host's bytes are read once, from its right end, and fed to the
//! automaton (whose keys are byte-reversed rules). Because a wildcard label
//! matches any one label at every position, even where an explicit child
//! exists, the walk keeps a small *frontier* of states: at every label
//! boundary each state may also take its `*` transition, and such a state skips
//! the whole next label. Wherever a key ends at a label boundary a rule
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
        for (slot, bits) in [
            (&mut self.normal, value & (flags::NORMAL | flags::IMPLIED)),
            (&mut self.exception, value & flags::EXCEPTION),
        ] {
            if bits != 0 {
                *slot = match *slot {
                    Some((n, b)) if n == labels => Some((n, b | bits)),
                    _ => Some((labels, bits)),
                };
            }
        }
    }
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
pub(crate) fn walk(
    automaton: &Automaton,
    host: &[u8],
    mask: u8,
    implicit_rule: bool,
) -> Result<Match, Stop> {
    let mut cur = Frontier::new();
    let mut wild = Frontier::new();
    let mut next = Frontier::new();
    let root = automaton.root();
    cur.push((root, 0));
    if let Some(w) = automaton.step(root, b'*', 0) {
        wild.push(w);
    }
    let mut best = Best::default();
    let mut labels = 0;
    let mut i = host.len();
    loop {
        let label_end = i;
        while i > 0 {
            let b = host[i - 1];
            match BYTE_CLASS[b as usize] {
                ByteClass::Plain => {}
                ByteClass::Dot => break,
                _ => return Err(Stop::NotCanonical),
            }
            if !cur.is_empty() {
                cur.step(automaton, b);
            }
            i -= 1;
        }
        check_ascii_label(&host[i..label_end])
            .map_err(|error| Stop::Invalid(HostError::Label { offset: i, error }))?;
        labels += 1;
        for &(s, v) in cur.as_slice().iter().chain(wild.as_slice()) {
            if let Some(value) = automaton.final_value(s, v) {
                best.record(labels, value & mask);
            }
        }
        if i == 0 {
            break;
        }
        i -= 1; // the dot
        next.clear();
        dot_successors(automaton, &cur, &wild, &mut next);
        wild.clear();
        for &(s, v) in next.as_slice() {
            if let Some(w) = automaton.step(s, b'*', v) {
                wild.push(w);
            }
        }
        std::mem::swap(&mut cur, &mut next);
    }
    if host.len() > MAX_NAME {
        return Err(Stop::Invalid(HostError::TooLong(host.len())));
    }
    let (suffix_labels, section, known) = match (best.exception, best.normal) {
        (Some((n, bits)), _) => (Some(n - 1), Some(section_of(bits)), true),
        (None, Some((n, bits))) => (Some(n), Some(section_of(bits)), true),
        (None, None) if implicit_rule => (Some(1), None, false),
        (None, None) => (None, None, false),
    };
    Ok(Match {
        suffix_labels,
        section,
        known,
        labels,
    })
}

/// Crosses a dot: every state of `cur` and `wild` that has a `.` transition.
#[inline]
fn dot_successors(automaton: &Automaton, cur: &Frontier, wild: &Frontier, out: &mut Frontier) {
    for &(s, v) in cur.as_slice().iter().chain(wild.as_slice()) {
        if let Some(n) = automaton.step(s, b'.', v) {
            out.push(n);
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
