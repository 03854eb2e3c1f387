//! The walk: the formal algorithm, over a host's labels from the right.
//!
//! A lookup first [scans](crate::host::scan) the host into a
//! [`Name`]: its bytes checked, its dots noted, which gives every label's
//! bounds (upper-case letters are read lower-cased when the walk is told to
//! `FOLD`; a Unicode host in canonical form but for the encoding is walked as
//! it is, against the tree's Unicode twins of `xn--` labels). The walk then
//! reads labels from the right through the
//! [label tree](crate::lookup::tree), one table probe per label. Because a wildcard
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
//! Nearly every host meets normal rules only: the walk keeps just the
//! longest of them, and walks a host again, keeping every kind of rule, out
//! of line, when it meets an exception rule (or a wildcard with rules below
//! it).
//!
//! The frontier holds distinct tree nodes (each is a distinct pattern of
//! labels), a handful for any real list; it lives on the stack and spills to
//! the heap only for lists with many overlapping wildcards. The tree refuses
//! lists whose wildcards would let it grow past 32 nodes (see
//! [`MAX_BRANCHINGS`](crate::lookup::tree::MAX_BRANCHINGS)), so a walk costs at most
//! that many probes a label.

use crate::host::scan::Name;
use crate::lookup::tree::{LabelTree, Node, NodeId, MAX_BRANCHINGS, ROOT};
use crate::rules::compile::flags;
use crate::rules::rule::Section;

/// What a walk reads of a list: the [label tree](crate::lookup::tree), or for a
/// list not unfolded yet the `fst` map itself ([`crate::lookup::direct`]).
pub(crate) trait Labels {
    /// How a node is named: an index of the tree, a state of the map, or
    /// a pair of those for a list with rules laid over it.
    type Id: Copy + Default;

    /// What the walk learns at a node.
    type Node<'a>: NodeView<Self::Id>
    where
        Self: 'a;

    /// The node of the empty name, where every walk starts.
    const ROOT: Self::Id;

    /// The node `id`.
    fn node(&self, id: Self::Id) -> Self::Node<'_>;

    /// The child of `parent` (what the walk learned there: `at`) whose
    /// label is `name[start..end]` (read lower-cased when `FOLD`), and what
    /// the walk learns there.
    fn child<'s, const N: usize, const FOLD: bool>(
        &'s self,
        parent: Self::Id,
        at: Self::Node<'s>,
        name: &Name<N>,
        start: usize,
        end: usize,
    ) -> Option<(Self::Id, Self::Node<'s>)>;
}

/// What a walk learns at a node of [`Labels`] whose nodes are named by `Id`.
pub(crate) trait NodeView<Id>: Copy {
    /// The flags of the key that ends here, or 0.
    fn value(&self) -> u8;
    /// The `*` child, if the node has one.
    fn star(&self) -> Option<Id>;
    /// Whether the node has children other than `*`.
    fn has_labels(&self) -> bool;
    /// Whether any rule goes on below this node.
    fn has_children(&self) -> bool;
}

impl NodeView<NodeId> for &Node {
    #[inline(always)]
    fn value(&self) -> u8 {
        self.value
    }

    #[inline(always)]
    fn star(&self) -> Option<NodeId> {
        Node::star(self)
    }

    #[inline(always)]
    fn has_labels(&self) -> bool {
        Node::has_labels(self)
    }

    #[inline(always)]
    fn has_children(&self) -> bool {
        Node::has_children(self)
    }
}

impl Labels for LabelTree {
    type Id = NodeId;
    type Node<'a> = &'a Node;

    const ROOT: NodeId = ROOT;

    #[inline(always)]
    fn node(&self, id: NodeId) -> &Node {
        LabelTree::node(self, id)
    }

    /// See [`LabelTree::child`].
    #[inline(always)]
    fn child<'s, const N: usize, const FOLD: bool>(
        &'s self,
        _: NodeId,
        at: &'s Node,
        name: &Name<N>,
        start: usize,
        end: usize,
    ) -> Option<(NodeId, &'s Node)> {
        LabelTree::child(
            self,
            at,
            name.key::<FOLD>(start, end),
            end - start,
            |label| name.label_is::<FOLD>(start, end, label),
        )
    }
}

/// What the walk found: the prevailing rule's effect, in one word.
///
/// Places in a name (at most 253 bytes) are kept in sixteen bits,
/// [`Match::NONE`] for none: where the public suffix starts in bits 0-15,
/// where the registrable domain starts in bits 16-31, the prevailing rule's
/// section in bits 32-33 (none, ICANN, PRIVATE), whether a listed rule
/// prevailed in bit 34, how it matched in bits 35-36 (see [`Shape`]), the
/// ICANN-only answer in bits 37-44 (see [`Match::icann`]), which labels of
/// the rule are `*` in bits 45-54 (see [`Match::stars`]). These are the
/// parts of a [`Domain`](crate::Domain) as it keeps them ([`Match::parts`]),
/// so an answer takes them as they are: one
/// word in a register from the walk to the answer, with nothing to unpack
/// and pack again. The rule's text is not kept: an answer writes it from
/// its suffix and these bits when asked (`crate::lookup::domain`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Match(u64);

/// A place in a name (under [`MAX_NAME`](crate::host::label::MAX_NAME)
/// bytes, far below `NONE`) in sixteen bits.
#[inline(always)]
fn place(at: usize) -> u16 {
    u16::try_from(at).unwrap_or(Match::NONE)
}

/// The place `at` (see [`place`]) as an offset, `None` for `NONE`.
#[inline(always)]
fn start(at: u16) -> Option<usize> {
    (at != Match::NONE).then_some(usize::from(at))
}

/// How the prevailing rule matched, in bits 35-36 of a [`Match`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Label for label (or the implicit `*` rule, which is not known).
    Exact = 0,
    /// A normal rule with `*` labels (which [`Match::stars`] says).
    Wildcard = 1,
    /// The parent of a wildcard rule, which the browser mode lists: the
    /// rule is `*.` and the suffix.
    Parent = 2,
    /// An exception rule: `!` and the registrable domain.
    Exception = 3,
}

/// The flags of a `*` leaf, kept apart from those of an exact label of the
/// same length: its normal flags moved up by this much, to the two bits
/// that the list's flags leave free.
const WILD_SHIFT: u32 = 6;

/// [`Match::rule`]'s bits (section, known, shape, and the leftmost label a
/// `*` for a wildcard) for each set of flags the walk may merge for one
/// length of rule, shifted down by 32: worked out once, so that the walk
/// reads the section and the shape in one load rather than working out
/// either (the `lookup` bench).
static RULE_BITS: [u32; 256] = rule_bits();

const fn rule_bits() -> [u32; 256] {
    let mut out = [0u32; 256];
    let mut bits = 1;
    while bits < 256 {
        let b = bits as u8;
        let wild_icann = flags::NORMAL_ICANN << WILD_SHIFT;
        let wild_private = flags::NORMAL_PRIVATE << WILD_SHIFT;
        let icann = b & (flags::ICANN | wild_icann) != 0;
        let (normal, wild) = match icann {
            true => (flags::NORMAL_ICANN, wild_icann),
            false => (flags::NORMAL_PRIVATE, wild_private),
        };
        let shape = if b & flags::EXCEPTION != 0 {
            Shape::Exception
        } else if b & normal != 0 {
            Shape::Exact
        } else if b & wild != 0 {
            Shape::Wildcard
        } else {
            Shape::Parent
        };
        let section: u32 = if icann { 1 } else { 2 };
        let stars: u32 = match shape {
            Shape::Wildcard => 1,
            _ => 0,
        };
        out[bits] =
            section | 1 << 2 | (shape as u32) << (Match::SHAPE - 32) | stars << (Match::STARS - 32);
        bits += 1;
    }
    out
}

impl Match {
    /// No place.
    pub(crate) const NONE: u16 = u16::MAX;

    /// Where [`Shape`] is kept.
    const SHAPE: u32 = 35;

    /// Where [`Match::icann`] is kept.
    const ICANN: u32 = 37;

    /// Where [`Match::stars`] is kept, and how many.
    const STARS: u32 = 45;
    pub(crate) const STAR_BITS: u32 = 10;

    /// The bits of a [`Match`] that are the parts of an answer: all it
    /// keeps.
    const PARTS: u64 = (1 << (Match::STARS + Match::STAR_BITS)) - 1;

    /// The parts of no match: no suffix, no registrable domain, no
    /// section, not known.
    pub(crate) const NO_PARTS: u64 = Match::NONE as u64 | (Match::NONE as u64) << 16;

    /// [`Match::icann`]: the answer under ICANN-only sections is this one.
    pub(crate) const ICANN_SAME: u8 = 0;

    /// [`Match::icann`]: no suffix under ICANN-only sections.
    pub(crate) const ICANN_NONE: u8 = u8::MAX;

    /// The bits of a match that say which rule prevailed: its section
    /// (none for the implicit rule) and whether it is listed.
    #[inline(always)]
    fn rule(section: Option<Section>, known: bool) -> u64 {
        let section = match section {
            None => 0,
            Some(Section::Icann) => 1,
            Some(Section::Private) => 2,
        };
        section << 32 | u64::from(known) << 34
    }

    /// [`Match::rule`] for a listed rule with the flags `bits` (of one
    /// kind): worked out where the walk knows the rule, so that the bits
    /// are made there rather than from a section chosen among several,
    /// which takes more instructions on every lookup that meets a rule
    /// (`benches/batch_passes.rs`, `plain`, under callgrind).
    #[inline(always)]
    fn listed_rule(bits: u8) -> u64 {
        u64::from(RULE_BITS[usize::from(bits)]) << 32
    }

    /// The match of a suffix that starts at `suffix`, the registrable
    /// domain at `registrable`, and the bits of its rule (see
    /// [`Match::rule`]).
    #[inline(always)]
    fn with_rule(suffix: Option<usize>, registrable: Option<usize>, rule: u64) -> Match {
        let place = |at: Option<usize>| u64::from(at.map_or(Match::NONE, place));
        Match(place(suffix) | place(registrable) << 16 | rule)
    }

    /// A match of a rule of `section` (none for the implicit rule).
    #[inline(always)]
    pub(crate) fn new(
        suffix: Option<usize>,
        registrable: Option<usize>,
        section: Option<Section>,
        known: bool,
    ) -> Match {
        Match::with_rule(suffix, registrable, Match::rule(section, known))
    }

    /// The match whose parts are `bits` (see [`Match::parts`]).
    #[inline(always)]
    pub(crate) fn of_parts(bits: u64) -> Match {
        Match(bits & Match::PARTS)
    }

    /// This match, its prevailing rule said to match as `shape` with `*`
    /// labels at `stars` (see [`Match::stars`]).
    #[inline]
    fn with_shape(self, shape: Shape, stars: u64) -> Match {
        let field = 3 << Match::SHAPE | ((1 << Match::STAR_BITS) - 1) << Match::STARS;
        let bits = (shape as u64) << Match::SHAPE | stars << Match::STARS;
        Match(self.0 & !field | bits & field)
    }

    /// This match, the answer under ICANN-only sections given (see
    /// [`Match::icann`]).
    #[inline]
    pub(crate) fn with_icann(self, icann: u8) -> Match {
        Match(self.0 & !(0xff << Match::ICANN) | u64::from(icann) << Match::ICANN)
    }

    /// How the prevailing rule matched (meaningless when none did).
    #[inline(always)]
    pub(crate) fn shape(&self) -> Shape {
        match self.0 >> Match::SHAPE & 3 {
            0 => Shape::Exact,
            1 => Shape::Wildcard,
            2 => Shape::Parent,
            _ => Shape::Exception,
        }
    }

    /// The answer under ICANN-only sections, the other options as they
    /// were: [`Match::ICANN_SAME`] when it is this one (the prevailing rule
    /// is ICANN's, or there is none), [`Match::ICANN_NONE`] when there is
    /// no suffix, else how many labels its suffix has. A count of labels
    /// rather than a place, so that it holds in every form of the name.
    #[inline(always)]
    pub(crate) fn icann(&self) -> u8 {
        (self.0 >> Match::ICANN) as u8
    }

    /// Which labels of the prevailing rule are `*`, from its leftmost (bit
    /// 0) on, for [`Match::STAR_BITS`] labels (for a [`Shape::Parent`], of
    /// the suffix, whose rule has one `*` more at its left).
    #[inline(always)]
    pub(crate) fn stars(&self) -> u16 {
        (self.0 >> Match::STARS) as u16 & ((1 << Match::STAR_BITS) - 1)
    }

    /// The parts of an answer: bits 0-34 (see the [type docs](Match)).
    #[inline(always)]
    pub(crate) fn parts(&self) -> u64 {
        self.0 & Match::PARTS
    }

    /// Where the public suffix starts in the walked host; `None` when there
    /// is none (implicit rule off and no rule matched).
    #[inline(always)]
    pub(crate) fn suffix_start(&self) -> Option<usize> {
        start(self.0 as u16)
    }

    /// Where the registrable domain starts in the walked host.
    #[inline(always)]
    pub(crate) fn registrable_start(&self) -> Option<usize> {
        start((self.0 >> 16) as u16)
    }

    /// The prevailing rule's section; `None` for the implicit rule.
    #[inline(always)]
    pub(crate) fn section(&self) -> Option<Section> {
        match self.0 >> 32 & 3 {
            1 => Some(Section::Icann),
            2 => Some(Section::Private),
            _ => None,
        }
    }

    /// Whether the prevailing rule is PRIVATE: one bit of its section
    /// (see [`Match::rule`]), tested as it is.
    #[inline(always)]
    fn is_private(&self) -> bool {
        self.0 & 1 << 33 != 0
    }

    /// Whether a listed rule prevailed.
    #[inline(always)]
    pub(crate) fn known(&self) -> bool {
        self.0 >> 34 & 1 != 0
    }

    /// How many labels the public suffix has, in `walked`, the host as
    /// walked (a trailing dot aside).
    pub(crate) fn suffix_labels(&self, walked: &[u8]) -> Option<usize> {
        let suffix = walked.get(self.suffix_start()?..)?;
        Some(suffix.iter().filter(|&&b| b == b'.').count() + 1)
    }
}

/// Where nothing was found.
const NOWHERE: usize = usize::MAX;

/// A rule that matched: where its leftmost label starts in the host (the
/// further left, the more labels it has), and its flags of one kind.
#[derive(Clone, Copy)]
struct Found {
    /// [`NOWHERE`]: none.
    start: usize,
    bits: u8,
}

impl Found {
    const NONE: Found = Found {
        start: NOWHERE,
        bits: 0,
    };

    /// Notes a rule with `bits` whose leftmost label starts at `start`: the
    /// longer rule wins (rules only grow during a walk), and rules of the
    /// same length (`*` and an exact label) merge their sections. No bits,
    /// no rule.
    #[inline(always)]
    fn note(&mut self, bits: u8, start: usize) {
        if bits == 0 {
            return;
        }
        if self.start == start {
            self.bits |= bits;
        } else {
            *self = Found { start, bits };
        }
    }
}

/// The longest normal and exception rules seen so far.
struct Best {
    /// The longest normal (or implied) rule.
    normal: Found,
    /// The longest exception rule.
    exception: Found,
}

impl Best {
    const NONE: Best = Best {
        normal: Found::NONE,
        exception: Found::NONE,
    };

    /// Records that a key with `value` (already masked) ends with the
    /// host's label that starts at `start`.
    #[inline(always)]
    fn record(&mut self, value: u8, start: usize) {
        self.normal
            .note(value & (flags::NORMAL | flags::IMPLIED), start);
        self.exception.note(value & flags::EXCEPTION, start);
    }

    /// Decides the prevailing rule for the host `name`.
    #[inline(always)]
    fn finish<const N: usize>(&self, name: &Name<N>, implicit_rule: bool) -> Match {
        let (exception, normal) = (self.exception, self.normal);
        // Where the suffix starts, and the rule's section and whether it is
        // listed as a match keeps them; the registrable domain is one label
        // more.
        let (suffix_start, rule) = if exception.start != NOWHERE {
            // The suffix is the exception rule without its leftmost label,
            // whose label is the registrable one. Only a crafted file has a
            // one-label exception: no suffix then.
            let end = name.label_end(exception.start);
            let suffix = (end < name.len()).then_some(end + 1);
            let registrable = suffix.map(|_| exception.start);
            return Match::with_rule(suffix, registrable, Match::listed_rule(exception.bits));
        } else if normal.start != NOWHERE {
            (normal.start, Match::listed_rule(normal.bits))
        } else if implicit_rule {
            (name.label_start(name.len()), 0)
        } else {
            return Match::new(None, None, None, false);
        };
        let registrable = suffix_start.checked_sub(1).map(|end| name.label_start(end));
        Match::with_rule(Some(suffix_start), registrable, rule)
    }
}

/// Walks a scanned host through the label tree. Returns the match, and
/// where the labels begin that the walk found in the tree one by one from
/// the right, not through a wildcard (the name's length when it found
/// none): they are the list's own labels, so a lookup checks the `xn--`
/// labels before them only.
///
/// `mask` selects the flags that count (sections, wildcard mode).
///
/// The walk of nearly every host meets normal rules only, and keeps just
/// the longest of them: a host that meets an exception rule, or a wildcard
/// with rules below it, is walked again by [`walk_all`], out of line.
#[inline(always)]
pub(crate) fn walk<L: Labels, const N: usize, const FOLD: bool>(
    tree: &L,
    name: &Name<N>,
    mask: u8,
    implicit_rule: bool,
) -> (Match, usize) {
    let mut normal = Found::NONE;
    // Where the longest ICANN rule starts: the ICANN-only answer, should a
    // PRIVATE rule prevail (a select for each rule met, rather than a second walk of
    // the PRIVATE hosts; the `lookup` bench).
    let mut icann = NOWHERE;
    let mut id = L::ROOT;
    let mut node = tree.node(L::ROOT);
    let mut end = name.len();
    let mut listed_from = name.len();
    loop {
        let start = name.label_start(end);
        if let Some(star) = node.star() {
            let wild = tree.node(star);
            let value = wild.value() & mask;
            if wild.has_children() || value & flags::EXCEPTION != 0 {
                return walk_all::<L, N, FOLD>(tree, name, mask, implicit_rule);
            }
            // A leaf: normal flags only (an implied flag would be a child).
            normal.note(value << WILD_SHIFT, start);
            if value & flags::ICANN != 0 {
                icann = start;
            }
        }
        if !node.has_labels() {
            break;
        }
        match tree.child::<N, FOLD>(id, node, name, start, end) {
            Some((child, learned)) => {
                let value = learned.value() & mask;
                if value & flags::EXCEPTION != 0 {
                    return walk_all::<L, N, FOLD>(tree, name, mask, implicit_rule);
                }
                (id, node) = (child, learned);
                normal.note(value, start);
                if value & flags::ICANN != 0 {
                    icann = start;
                }
                listed_from = start;
            }
            None => break,
        }
        if start == 0 {
            break;
        }
        end = start - 1;
    }
    let best = Best {
        normal,
        exception: Found::NONE,
    };
    let m = best.finish(name, implicit_rule);
    if m.is_private() {
        return (
            m.with_icann(icann_from(name, icann, implicit_rule)),
            listed_from,
        );
    }
    (m, listed_from)
}

/// What [`Match::icann`] keeps when the longest ICANN rule that matched
/// `name` starts at `icann` ([`NOWHERE`]: none) and no exception rule
/// matched: the labels from there, else the implicit rule's one, if on.
/// Out of line: only a host under a PRIVATE rule needs it.
#[cold]
#[inline(never)]
fn icann_from<const N: usize>(name: &Name<N>, icann: usize, implicit_rule: bool) -> u8 {
    let m = match (icann, implicit_rule) {
        (NOWHERE, true) => Match::new(Some(name.label_start(name.len())), None, None, false),
        (NOWHERE, false) => return Match::ICANN_NONE,
        (at, _) => Match::new(Some(at), None, None, false),
    };
    icann_labels(name, &m)
}

/// What [`Match::icann`] keeps for `icann`, the match under ICANN-only
/// sections: how many labels its suffix has.
fn icann_labels<const N: usize>(name: &Name<N>, icann: &Match) -> u8 {
    match icann.suffix_start() {
        Some(at) => {
            let dots = name
                .as_bytes()
                .get(at..)
                .map_or(0, |s| s.iter().filter(|&&b| b == b'.').count());
            u8::try_from(dots + 1).map_or(Match::ICANN_NONE, |n| n.min(Match::ICANN_NONE - 1))
        }
        None => Match::ICANN_NONE,
    }
}

/// The walk of a host that meets an exception rule or a wildcard with rules
/// below it (see [`walk`]): every rule kept, with a frontier of nodes.
/// Says that none of the host's labels are listed (see [`walk`]), so that a
/// lookup checks them all.
#[cold]
#[inline(never)]
fn walk_all<L: Labels, const N: usize, const FOLD: bool>(
    tree: &L,
    name: &Name<N>,
    mask: u8,
    implicit_rule: bool,
) -> (Match, usize) {
    let mut best = Best::NONE;
    let mut icann = Best::NONE;
    let mut shapes = Shapes::NONE;
    walk_frontier::<L, N, FOLD>(tree, name, mask, [&mut best, &mut icann], &mut shapes);
    let mut m = best.finish(name, implicit_rule);
    if m.known() && m.shape() != Shape::Exception {
        let candidate = match m.section() {
            Some(Section::Private) => shapes.private,
            _ => shapes.icann,
        };
        m = m.with_shape(candidate.shape(), candidate.stars_from_left());
    }
    if m.section() == Some(Section::Private) {
        m = m.with_icann(icann_labels(name, &icann.finish(name, implicit_rule)));
    }
    (m, name.len())
}

/// A normal rule that matched, as [`Shapes`] weighs it: where its leftmost
/// label starts, whether it is only the parent of a wildcard rule (browser
/// mode), and which of its labels are `*`, counted from the right (bit 0:
/// the last label).
#[derive(Clone, Copy)]
struct Candidate {
    start: usize,
    parent: bool,
    labels: u32,
    stars: u128,
}

impl Candidate {
    const NONE: Candidate = Candidate {
        start: NOWHERE,
        parent: false,
        labels: 0,
        stars: 0,
    };

    /// Whether this rule is chosen before `other` of the same length: a
    /// listed rule before a wildcard's parent, then, at the rightmost label
    /// where they differ, a listed label before `*`.
    fn before(&self, other: &Candidate) -> bool {
        (self.parent, self.stars.reverse_bits()) < (other.parent, other.stars.reverse_bits())
    }

    fn shape(&self) -> Shape {
        match (self.parent, self.stars) {
            (true, _) => Shape::Parent,
            (false, 0) => Shape::Exact,
            (false, _) => Shape::Wildcard,
        }
    }

    /// Its `*` labels as [`Match::stars`] keeps them.
    fn stars_from_left(&self) -> u64 {
        (0..Match::STAR_BITS.min(self.labels))
            .filter(|&j| self.stars >> (self.labels - 1 - j) & 1 != 0)
            .fold(0, |acc, j| acc | 1 << j)
    }
}

/// The normal rule of each section that [`walk_frontier`] would name for
/// the longest match: for lists with rules below a wildcard, where several
/// patterns of labels may match with the same length.
struct Shapes {
    icann: Candidate,
    private: Candidate,
}

impl Shapes {
    const NONE: Shapes = Shapes {
        icann: Candidate::NONE,
        private: Candidate::NONE,
    };

    /// Notes the rules of a key with `value` (masked) that a pattern with
    /// `stars` ends at the label at `start`, the `labels`-th from the right.
    fn record(&mut self, value: u8, start: usize, labels: u32, stars: u128) {
        let kinds = [
            (flags::NORMAL_ICANN, false, true),
            (flags::IMPLIED_ICANN, true, true),
            (flags::NORMAL_PRIVATE, false, false),
            (flags::IMPLIED_PRIVATE, true, false),
        ];
        for (flag, parent, icann) in kinds {
            if value & flag == 0 {
                continue;
            }
            let offer = Candidate {
                start,
                parent,
                labels,
                stars,
            };
            let held = match icann {
                true => &mut self.icann,
                false => &mut self.private,
            };
            if held.start != start || offer.before(held) {
                *held = offer;
            }
        }
    }
}

/// The walk with a frontier of nodes, for lists with rules below a
/// wildcard: from the root, every rule recorded in `bests` (all the flags
/// of `mask`, then its ICANN flags only) and the patterns of normal rules
/// in `shapes`. Kept out of line: no real list needs it.
#[inline(never)]
fn walk_frontier<L: Labels, const N: usize, const FOLD: bool>(
    tree: &L,
    name: &Name<N>,
    mask: u8,
    bests: [&mut Best; 2],
    shapes: &mut Shapes,
) {
    let [best, icann] = bests;
    let mut cur = Frontier::<L::Id>::default();
    let mut next = Frontier::<L::Id>::default();
    cur.push((L::ROOT, 0));
    let mut end = name.len();
    let mut labels: u32 = 0;
    loop {
        let start = name.label_start(end);
        labels += 1;
        let star_bit = 1u128.checked_shl(labels - 1).unwrap_or(0);
        // A host's label `*` (a host may hold one) is matched by a rule's
        // `*` alone: looked up as a label too, it would reach the same
        // node twice, and double the frontier at each such label.
        let literal_star = name.as_bytes().get(start..end) == Some(&b"*"[..]);
        next.clear();
        for &(id, stars) in cur.as_slice() {
            crate::work::add(1);
            let node = tree.node(id);
            if let Some(star) = node.star() {
                let value = tree.node(star).value() & mask;
                best.record(value, start);
                icann.record(value & flags::ICANN, start);
                shapes.record(value, start, labels, stars | star_bit);
                next.push((star, stars | star_bit));
            }
            if literal_star {
                continue;
            }
            if let Some((child, learned)) = tree.child::<N, FOLD>(id, node, name, start, end) {
                let value = learned.value() & mask;
                best.record(value, start);
                icann.record(value & flags::ICANN, start);
                shapes.record(value, start, labels, stars);
                next.push((child, stars));
            }
        }
        debug_assert!(
            next.as_slice().len() <= MOST_FRONTIER,
            "a frontier of {} nodes",
            next.as_slice().len()
        );
        if next.as_slice().is_empty() || start == 0 {
            return;
        }
        std::mem::swap(&mut cur, &mut next);
        end = start - 1;
    }
}

/// The most nodes a frontier holds: each branching of a wildcard's (at
/// most [`MAX_BRANCHINGS`] on the way to any name) doubles it, and the
/// label walked adds at most its `*` child.
const MOST_FRONTIER: usize = 2 << MAX_BRANCHINGS;

/// A set of tree nodes, stack-first, each with the `*` labels of the
/// pattern that reached it (see [`Candidate`]). Nodes reached by different
/// paths are different nodes (the tree is a tree; a host's label `*` is
/// followed by the `*` child alone, see [`walk_frontier`]), so it needs no
/// deduplication.
#[derive(Default)]
struct Frontier<Id> {
    len: usize,
    inline: [(Id, u128); 8],
    spill: Vec<(Id, u128)>,
}

impl<Id: Copy> Frontier<Id> {
    fn as_slice(&self) -> &[(Id, u128)] {
        match self.spill.is_empty() {
            true => &self.inline[..self.len],
            false => &self.spill,
        }
    }

    fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }

    fn push(&mut self, id: (Id, u128)) {
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
