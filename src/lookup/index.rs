//! [`Index`]: a list's `fst` map and the label tree unfolded from it, what
//! every lookup of a [`List`](crate::List) walks.
//!
//! A list answers its first lookups straight from the map
//! ([`crate::lookup::direct`]) and unfolds the tree once it has answered
//! [`direct_walks`](crate::lookup::direct::direct_walks) of them (256 for a list
//! the size of the built-in one, more for a larger one, whose unfolding
//! costs more), or when asked to ([`Index::unfold`]). While one
//! thread unfolds, lookups on the others go on walking the map. The
//! built-in list's map is checked by the test suite; a loaded map is
//! checked in place first ([`walkable`]), and one that fails that check is
//! decoded, checked and unfolded at load, which refuses it if it is bad.
//!
//! The matching of a host happens here too: the host room scans it, an IP
//! address is told apart, and the [walk](crate::lookup::walk) runs over the
//! tree or, while the tree is not there yet, over the map.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};

use crate::error::{Error, HostError};
use crate::host::ip::{is_number, may_end_in_number};
use crate::host::label::{is_walkable_unicode, ByteClass, BYTE_CLASS};
use crate::host::scan::{Form, Name, Stop, SHORT, WORDS};
use crate::lookup::direct::{direct_walks, FstLabels};
use crate::lookup::overlay::{Merged, Overlay, Union};
use crate::lookup::tree::LabelTree;
use crate::lookup::walk::{walk, Match};
use crate::lookup::walkable::{walkable, Walkable};
use crate::options::{Options, Output};
use crate::rules::automaton::Automaton;
use crate::rules::format::Header;

/// Whether a key of a list's map may hold the byte `b`.
pub(crate) fn is_key_byte(b: u8) -> bool {
    matches!(BYTE_CLASS[b as usize], ByteClass::Plain | ByteClass::Dot)
}

/// The bytes of a `.fst` file, borrowed for the program's life or owned.
#[derive(Clone, Debug)]
pub(crate) enum Bytes {
    Static(&'static [u8]),
    /// Shared, so that a list with rules laid over it
    /// ([`Index::with_layer`]) holds the same bytes.
    Owned(Arc<Vec<u8>>),
}

impl Bytes {
    pub(crate) fn as_slice(&self) -> &[u8] {
        match self {
            Bytes::Static(b) => b,
            Bytes::Owned(b) => b,
        }
    }
}

/// A list's rules ready for lookups: the bytes of its `.fst` file, where
/// the map lies in them, and the tree unfolded from the map (see the
/// [module docs](self)).
#[derive(Clone, Debug)]
pub(crate) struct Index {
    bytes: Bytes,
    fst: Range<usize>,
    /// What the check in place learned of the map, for a map that may
    /// answer lookups as it is; `None` for one loaded the full way.
    walkable: Option<Walkable>,
    /// The keys laid over the map, for a list with rules laid over it
    /// that walks them beside the map (see [`crate::lookup::overlay`]).
    overlay: Option<Arc<Overlay>>,
    /// The tree; set at load for a list whose map may not answer lookups
    /// as it is, else on first need.
    unfolded: OnceLock<Unfolded>,
    /// The automaton's counts, set instead of the tree for a map that
    /// answers lookups as it is ([`walkable`]) but whose labels the tree's
    /// tables cannot hold
    /// ([`FormatError::Collisions`](crate::error::FormatError::Collisions)):
    /// its lookups go on walking the map.
    map_only: OnceLock<Counts>,
    /// When lookups answer from the map, before the tree is unfolded (see
    /// [`crate::lookup::direct`]).
    direct: DirectWalks,
}

/// A list's keys unfolded into the tree, and the automaton's counts (the
/// automaton itself is dropped once unfolded).
#[derive(Clone, Debug)]
struct Unfolded {
    counts: Counts,
    tree: LabelTree,
}

/// The automaton's numbers of states and keys.
#[derive(Clone, Copy, Debug)]
struct Counts {
    states: usize,
    keys: u64,
}

/// When a lookup walks the map itself (see [`crate::lookup::direct`]): while
/// lookups are left of those the list answers that way, and while another
/// thread unfolds the tree, so that no thread waits for it.
#[derive(Debug)]
struct DirectWalks {
    left: AtomicU32,
    unfolding: AtomicBool,
}

impl Counts {
    fn of(automaton: &Automaton<'_>) -> Counts {
        Counts {
            states: automaton.state_count(),
            keys: automaton.len(),
        }
    }
}

impl DirectWalks {
    /// `left` lookups walk the map, then the tree is unfolded.
    fn new(left: u32) -> DirectWalks {
        DirectWalks {
            left: AtomicU32::new(left),
            unfolding: AtomicBool::new(false),
        }
    }

    /// Whether this lookup walks the map: `false` tells the caller to
    /// unfold the tree (or to wait for it, in a race).
    fn walk_map(&self) -> bool {
        let left = self
            .left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
            .is_ok();
        // The first to find none left unfolds; until the tree is there,
        // the others go on walking the map.
        left || self.unfolding.swap(true, Ordering::Relaxed)
    }
}

impl Clone for DirectWalks {
    /// The same count left; no thread is unfolding the clone's tree (its
    /// own: a tree still being unfolded is not cloned), so its first
    /// lookup to find none left unfolds it.
    fn clone(&self) -> DirectWalks {
        DirectWalks::new(self.left.load(Ordering::Relaxed))
    }
}

impl Index {
    /// The index of the `.fst` file `bytes` whose map lies at `fst`: a map
    /// that may answer lookups as it is ([`walkable`]) is checked in place
    /// and unfolded once it has answered [`direct_walks`] lookups, as the
    /// built-in list's is; any other is decoded, checked and unfolded now.
    pub(crate) fn load(bytes: Bytes, fst: Range<usize>) -> Result<Index, Error> {
        let map = bytes.as_slice().get(fst.clone()).unwrap_or_default();
        // A map of no key is no list, as text of no rule is not
        // (docs/behaviour.md, section 2): every host would answer by the
        // implicit `*` rule alone. Its count of keys is the footer's, which
        // `walkable` and `decode` hold to the keys they find.
        if let Some(shape) = walkable(map) {
            let keys = Automaton::open(map).map_or(0, |a| a.len());
            if keys == 0 {
                return Err(Error::NoRules);
            }
            return Ok(Index::unfolded_later(bytes, fst, shape, direct_walks(keys)));
        }
        let automaton = Automaton::decode(map, is_key_byte)?;
        if automaton.len() == 0 {
            return Err(Error::NoRules);
        }
        let unfolded = Unfolded {
            counts: Counts::of(&automaton),
            tree: LabelTree::build(&automaton)?,
        };
        Ok(Index {
            bytes,
            fst,
            walkable: None,
            overlay: None,
            unfolded: OnceLock::from(unfolded),
            map_only: OnceLock::new(),
            direct: DirectWalks::new(0),
        })
    }

    /// The index of a `.fst` file whose map is known to answer lookups as
    /// it is (the built-in list's, or one [`walkable`] passed, which
    /// learned `shape`), its tree unfolded once it has answered `direct`
    /// lookups from the map.
    pub(crate) fn unfolded_later(
        bytes: Bytes,
        fst: Range<usize>,
        shape: Walkable,
        direct: u32,
    ) -> Index {
        Index {
            bytes,
            fst,
            walkable: Some(shape),
            overlay: None,
            unfolded: OnceLock::new(),
            map_only: OnceLock::new(),
            direct: DirectWalks::new(direct),
        }
    }

    /// This index with `keys` laid over it, walked beside its map (see
    /// [`crate::lookup::overlay`]), with the rules of any earlier layer:
    /// `None` where that walk does not hold, for the caller to merge the
    /// keys into a new map. `header` is the layered list's.
    pub(crate) fn with_layer(&self, keys: &BTreeMap<Vec<u8>, u8>, header: Header) -> Option<Index> {
        if self.walkable?.wild_below {
            return None;
        }
        let mut all = BTreeMap::new();
        for (key, value) in self.overlay.iter().flat_map(|o| o.keys()) {
            all.insert(key.to_vec(), *value);
        }
        for (key, value) in keys {
            *all.entry(key.clone()).or_default() |= value;
        }
        Some(Index {
            bytes: self.bytes.clone(),
            fst: self.fst.clone(),
            walkable: self.walkable,
            overlay: Some(Arc::new(Overlay::new(&all, header)?)),
            unfolded: OnceLock::new(),
            map_only: OnceLock::new(),
            direct: DirectWalks::new(direct_walks(
                Automaton::open(self.base_map()).map_or(0, |a| a.len()) + all.len() as u64,
            )),
        })
    }

    /// The flags the list gives the key `key` (its map's and those laid
    /// over it), 0 for none.
    pub(crate) fn flags_of(&self, key: &[u8]) -> u8 {
        let map = fst::Map::new(self.base_map())
            .ok()
            .and_then(|map| map.get(key))
            .and_then(|v| u8::try_from(v).ok())
            .unwrap_or(0);
        let laid = self.overlay.as_ref().map_or(0, |o| o.flags_of(key));
        map | laid
    }

    /// The whole `.fst` file: for a list with keys laid over its map, the
    /// file of them merged, built now if it is not yet.
    pub(crate) fn file(&self) -> &[u8] {
        match &self.overlay {
            None => self.bytes.as_slice(),
            Some(overlay) => &self.merged(overlay).file,
        }
    }

    /// The map, in the `.fst` file (see [`Index::file`]).
    pub(crate) fn map(&self) -> &[u8] {
        match &self.overlay {
            None => self.base_map(),
            Some(overlay) => self.merged(overlay).map(),
        }
    }

    /// The map of the `.fst` file the index was loaded from, without what
    /// was laid over it.
    fn base_map(&self) -> &[u8] {
        &self.bytes.as_slice()[self.fst.clone()]
    }

    /// The merged file of a list with keys laid over its map, built now if
    /// it is not yet.
    #[cold]
    fn merged<'a>(&'a self, overlay: &'a Overlay) -> &'a Merged {
        overlay.merged(|| Merged::of(self.base_map(), overlay))
    }

    /// The size in bytes of the map.
    pub(crate) fn fst_len(&self) -> usize {
        self.map().len()
    }

    /// The number of states of the automaton.
    pub(crate) fn state_count(&self) -> usize {
        self.counts().states
    }

    /// The number of keys of the automaton.
    pub(crate) fn key_count(&self) -> u64 {
        self.counts().keys
    }

    /// The automaton's counts, from the tree, unfolded now if it is not
    /// yet.
    fn counts(&self) -> Counts {
        if let Some(overlay) = &self.overlay {
            let merged = self.merged(overlay);
            return Counts {
                states: merged.states,
                keys: merged.keys,
            };
        }
        match self.unfolded() {
            Some(unfolded) => unfolded.counts,
            None => self
                .map_only
                .get()
                .copied()
                .unwrap_or(Counts { states: 0, keys: 0 }),
        }
    }

    /// Marks the tree as being unfolded by another thread, as
    /// [`Index::unfold`] does, without unfolding it.
    #[cfg(test)]
    pub(crate) fn begin_unfolding_elsewhere(&self) {
        self.direct.unfolding.store(true, Ordering::Relaxed);
    }

    /// Whether keys are laid over the map.
    #[cfg(test)]
    pub(crate) fn has_overlay(&self) -> bool {
        self.overlay.is_some()
    }

    /// Whether the tree is unfolded.
    #[cfg(test)]
    pub(crate) fn is_unfolded(&self) -> bool {
        self.unfolded.get().is_some()
    }

    /// Unfolds the keys into the tree now, if they are not yet (see
    /// [`List::unfold`](crate::List::unfold)); lookups on other threads walk
    /// the map until the tree is there.
    pub(crate) fn unfold(&self) {
        self.direct.unfolding.store(true, Ordering::Relaxed);
        self.unfolded();
    }

    /// The unfolded tree, unfolded now if it is not yet; `None` for a map
    /// the tree cannot hold, which lookups walk instead.
    #[inline]
    fn unfolded(&self) -> Option<&Unfolded> {
        match self.unfolded.get() {
            Some(unfolded) => Some(unfolded),
            None => self.unfold_now(),
        }
    }

    /// Decodes the map of a list that answers lookups as it is, and
    /// unfolds its keys into the tree if the tree can hold them; if it
    /// cannot, every later lookup walks the map.
    #[cold]
    #[inline(never)]
    fn unfold_now(&self) -> Option<&Unfolded> {
        if self.map_only.get().is_some() {
            return None;
        }
        let map = self.base_map();
        let laid = self.overlay.as_ref().map_or(&[][..], |o| o.keys());
        // A map `walkable` passed decodes (the tests hold it to), and the
        // built-in list's does: a failure leaves it answering from the map.
        let unfolded = Automaton::decode(map, is_key_byte).map(|automaton| {
            let counts = Counts::of(&automaton);
            (counts, LabelTree::build_with(Some(&automaton), laid))
        });
        match unfolded {
            Ok((counts, Ok(tree))) => Some(self.unfolded.get_or_init(|| Unfolded { counts, tree })),
            Ok((counts, Err(_))) => self.walk_map_only(counts),
            Err(_) => self.walk_map_only(Counts {
                states: 0,
                keys: Automaton::open(map).map_or(0, |a| a.len()),
            }),
        }
    }

    /// Leaves every later lookup to walk the map.
    fn walk_map_only(&self, counts: Counts) -> Option<&Unfolded> {
        let _ = self.map_only.set(counts);
        self.direct.unfolding.store(true, Ordering::Relaxed);
        None
    }

    /// Matches a host as it is given: canonical ASCII but for upper-case
    /// letters and non-ASCII characters (the [`Form`]: what the scan found).
    #[inline(always)]
    pub(crate) fn match_canonical(
        &self,
        host: &str,
        options: &Options,
    ) -> Result<(Match, Form), Stop> {
        // One trailing dot marks an FQDN; the walk sees the name without it
        // (`without_trailing_dot`'s rule, on the `str`: slicing the host by
        // that helper's length costs every lookup a char-boundary check,
        // `examples/lookup_kinds.rs`, `plain`, under callgrind).
        let bare = host
            .strip_suffix('.')
            .filter(|b| !b.is_empty())
            .unwrap_or(host);
        match bare.len() <= SHORT {
            true => self.match_name::<1>(bare, options),
            // Few hosts are that long: out of line, the fast path stays
            // half the size.
            false => cold(move || self.match_name::<WORDS>(bare, options)),
        }
    }

    /// Matches a name that `canonicalize_host` wrote (canonical ASCII, its
    /// labels checked, at most 253 octets without a trailing dot): it is not
    /// scanned again, only told apart from an IP address and walked.
    pub(crate) fn match_processed(
        &self,
        bytes: &[u8],
        options: &Options,
    ) -> Result<Match, HostError> {
        let bare = without_trailing_dot(bytes);
        match bare.len() <= SHORT {
            true => self.walk_processed(&Name::<1>::processed(bare), options),
            false => self.walk_processed(&Name::<WORDS>::processed(bare), options),
        }
    }

    /// [`Index::match_processed`] of a name with `W` words of dots.
    fn walk_processed<const W: usize>(
        &self,
        name: &Name<'_, W>,
        options: &Options,
    ) -> Result<Match, HostError> {
        if ends_in_number(name) {
            return Err(HostError::IpAddress);
        }
        Ok(self
            .walk_name::<W, false>(name, options.mask, options.implicit_rule)
            .0)
    }

    /// [`Index::match_canonical`] with a bitmap of `W` words of dots.
    ///
    /// Upper-case letters are read lower-cased by a walk of their own, out
    /// of the way, so that the walk of nearly every host has no case to
    /// fold. The labels with `--` that the scan left ([`Form::A_LABELS`]) are
    /// checked here, those the walk found in the list aside.
    #[inline(always)]
    fn match_name<const W: usize>(
        &self,
        bare: &str,
        options: &Options,
    ) -> Result<(Match, Form), Stop> {
        let mut name = Name::<W>::unscanned(bare.as_bytes());
        let form = name.scan()?;
        if ends_in_number(&name) {
            return Err(Stop::Invalid(HostError::IpAddress));
        }
        if form != Form::CANONICAL {
            return self.match_scanned(bare, &name, form, options);
        }
        let (m, _) = self.walk_name::<W, false>(&name, options.mask, options.implicit_rule);
        Ok((m, form))
    }

    /// The walk of a scanned name (upper-case letters read lower-cased when
    /// `FOLD`): over the tree, or before it is unfolded, out of line, as
    /// [`Index::walk_direct`] says, which takes ASCII names only (a Unicode
    /// one is walked once the tree is unfolded, see
    /// [`Index::match_scanned`]). Gives the match and where the labels
    /// found in the list begin.
    #[inline(always)]
    fn walk_name<const W: usize, const FOLD: bool>(
        &self,
        name: &Name<'_, W>,
        mask: u8,
        implicit_rule: bool,
    ) -> (Match, usize) {
        match self.unfolded.get() {
            Some(unfolded) => walk::<LabelTree, W, FOLD>(&unfolded.tree, name, mask, implicit_rule),
            None => self.walk_direct::<W, FOLD>(name, mask, implicit_rule),
        }
    }

    /// The walk of a list whose tree is not unfolded yet: over the map
    /// itself while it may still answer lookups that way, another thread
    /// is unfolding the tree or the tree cannot hold the list (see
    /// [`crate::lookup::direct`]), else over the tree, unfolded now. Only
    /// for ASCII names: the map has no Unicode twins.
    #[cold]
    #[inline(never)]
    fn walk_direct<const W: usize, const FOLD: bool>(
        &self,
        name: &Name<'_, W>,
        mask: u8,
        implicit_rule: bool,
    ) -> (Match, usize) {
        if !self.direct.walk_map() {
            if let Some(unfolded) = self.unfolded() {
                let tree = &unfolded.tree;
                return walk::<LabelTree, W, FOLD>(tree, name, mask, implicit_rule);
            }
        }
        match (FstLabels::open(self.base_map()), &self.overlay) {
            (Some(labels), None) => walk::<FstLabels, W, FOLD>(&labels, name, mask, implicit_rule),
            (Some(labels), Some(overlay)) => {
                let both = Union {
                    base: &labels,
                    layer: overlay.tree(),
                };
                walk::<Union<FstLabels>, W, FOLD>(&both, name, mask, implicit_rule)
            }
            // Not reached: a list answers from its map only if `walkable`
            // (or the test of the built-in list) opened it.
            (None, _) => (Match::new(None, None, None, false), name.len()),
        }
    }

    /// [`Index::match_name`] for a host of another form than canonical
    /// ASCII, scanned (`name`, of the host `bare`): out of line, few hosts
    /// need it.
    ///
    /// A Unicode host is walked as it is, against the tree's Unicode twins
    /// of `xn--` labels, only when that is its answer: the answer is to be
    /// in its own form, its Unicode labels are canonical but for the
    /// encoding ([`is_walkable_unicode`]) and the tree is unfolded (the map
    /// has no twins, [`Stop::NotCanonical`]). Any other is left unwalked
    /// ([`Stop::Unicode`]), so that no host is walked twice, as it is and
    /// once processed.
    #[cold]
    #[inline(never)]
    fn match_scanned<const W: usize>(
        &self,
        bare: &str,
        name: &Name<'_, W>,
        mut form: Form,
        options: &Options,
    ) -> Result<(Match, Form), Stop> {
        if form.has(Form::UNICODE) {
            if self.unfolded.get().is_none() {
                // The map has no twins: processed, to be walked in ASCII.
                return Err(Stop::NotCanonical);
            }
            if !(options.output == Output::Input && is_walkable_unicode(bare)) {
                return Err(Stop::Unicode);
            }
        }
        let (mask, implicit_rule) = (options.mask, options.implicit_rule);
        let (m, listed_from) = match form.has(Form::FOLDED) {
            false => self.walk_name::<W, false>(name, mask, implicit_rule),
            true => self.walk_name::<W, true>(name, mask, implicit_rule),
        };
        if form.has(Form::A_LABELS) {
            // An A-label that decodes to right-to-left characters makes the
            // name a Bidi domain name, whose every label the Bidi rule must
            // hold for: the slow path checks the rule on the whole name
            // (`Form::BIDI`). The labels checked here say whether they are
            // right-to-left; the tree knows which of its own are. Checked
            // here, out of line, rather than from the slow path, so that the
            // fast path keeps its layout (`benches/lookup.rs`, `plain`).
            if name.check_labels_before(listed_from, |label| self.is_rtl_a_label(label))? {
                form = form | Form::BIDI;
            }
        }
        Ok((m, form.without(Form::A_LABELS)))
    }

    /// Whether `label`, an `xn--` label of the list's own (so a valid
    /// A-label), decodes to right-to-left characters: the tree knows its
    /// own; before it is unfolded, the label is decoded.
    fn is_rtl_a_label(&self, label: &[u8]) -> bool {
        match self.unfolded.get().map(|u| &u.tree) {
            Some(tree) => tree.is_rtl_a_label(label),
            None => crate::host::uts46::a_label_is_rtl(label),
        }
    }
}

/// A name without its one trailing dot, which marks an FQDN: the walk sees
/// the name without it (a host's, and a processed name's).
#[inline(always)]
fn without_trailing_dot(bytes: &[u8]) -> &[u8] {
    match bytes {
        [rest @ .., b'.'] if !rest.is_empty() => rest,
        _ => bytes,
    }
}

/// Whether a name's last label is a number, which makes it an IP address
/// (docs/behaviour.md section 3 step 3). Only a label that ends in a hex
/// digit or `x` may be one: most are told apart by their last byte.
#[inline(always)]
fn ends_in_number<const W: usize>(name: &Name<'_, W>) -> bool {
    let bytes = name.as_bytes();
    bytes.last().is_some_and(|&b| may_end_in_number(b))
        && bytes
            .get(name.label_start(bytes.len())..)
            .is_some_and(is_number)
}

/// Runs `f` out of line, as a path few calls take.
#[cold]
#[inline(never)]
fn cold<R>(f: impl FnOnce() -> R) -> R {
    f()
}
