//! The label tree: a list's rules as a tree of labels, laid out for lookups.
//!
//! The `.fst` file stores each rule as one byte-reversed key (`co.uk` as
//! `ku.oc`, see [`compile`](crate::rules::compile)). At load time the keys are read
//! once into a tree whose nodes are names read from the right: the root is
//! the empty name, its children the top-level labels of the rules (`uk`),
//! their children the next labels (`co` of `co.uk`), and so on. A node
//! carries the flags of the key that ends there, if any, and its `*` child
//! (a wildcard label) is kept on the node itself, so a lookup asks one
//! question per label of the host: which child has *this* label?
//!
//! The answer comes from the node's own table of children: an
//! open-addressed hash table, keyed by the label, in which a search starts
//! at the slot the label's hash picks and goes on slot by slot until it
//! finds the label, meets an empty slot, or has read as many slots as the
//! table's farthest child is from its own start. A slot holds a label of up to eight
//! bytes itself (zero-padded: labels never hold a zero byte), and a key for
//! a longer one, whose bytes are kept aside and compared only when the key
//! and the length already agree. A small Bloom filter in front of the tables
//! turns away most labels that are in no rule (the registrable label of
//! nearly every host) without touching a table. A lookup of
//! `www.example.com` is two searches (`com` among the root's children,
//! `example` among `com`'s) instead of a step per byte, and the slots every
//! lookup touches (the root's `com`, `net`, `uk`) stay in cache.
//!
//! # A small tree
//!
//! The tables are laid out one after the other in one array, each three
//! quarters full, twelve bytes a slot. Nine nodes in ten are leaves, which
//! a lookup only needs to tell apart by their label and learn the flags of:
//! a leaf is packed whole into the slot that leads to it (its flags, its
//! label's length and where a long label's bytes are, in 32 bits, see
//! [`leaf_link`]). Only the root, the nodes with children and the `*` nodes
//! with children get a record of 20 bytes (where their table is, their
//! flags, their `*` child). The Public Suffix List unfolds into 280 KB
//! this way: 197 KB of tables, 26 KB of records, 39 KB of long labels and
//! the 16 KiB filter.
//!
//! Within a table, the children with rules below them are placed first,
//! the one with the most first (`com` before `coop`, `co` of `co.uk`
//! before `ltd`): each takes the first free slot from the one its hash
//! picks, and keeps it, so that the children most lookups go through are
//! found at once. The leaves come after, placed Robin Hood fashion among
//! themselves: a leaf takes the slot of one nearer its own start, which
//! moves on. That keeps every leaf near its start (in the Public Suffix
//! List, at most 13 slots along) where placing them in turn would leave the
//! last ones dozens of slots along.
//!
//! Every canonical `xn--` label also gets a *twin* edge keyed by its Unicode
//! form (UTF-8) and leading to a node that answers as the `xn--` node does
//! (the same record fields, or the same packed leaf), so that a Unicode host
//! already in canonical form but for the encoding is walked as it is, with
//! no label encoded (see `tree/build/twins.rs`).
//!
//! The tree is built from the keys alone, so it holds nothing the file did
//! not say, and the [automaton](crate::rules::automaton) has already refused keys
//! that would unfold into far more than its size.
//!
//! # What a lookup may cost
//!
//! A wildcard matches any label, even where an explicit child exists, so a
//! lookup that meets a node with both a `*` child and other children may
//! have to follow both. When the `*` child is a leaf (`*.ck`,
//! `*.compute.amazonaws.com`: every wildcard of the Public Suffix List) that
//! costs one more node for one label; when it has rules below it
//! (`x.*.example`), the walk goes on with a *frontier* of nodes, and every
//! such *branching* on the way can double it: the rules `{a,*}^20.com` make
//! a lookup of `a.a.(...).com` follow a million nodes. So a tree in which
//! more than [`MAX_BRANCHINGS`] names on the way to one rule branch (have
//! children besides a `*` child that has children) is refused
//! ([`FormatError::Wildcards`](crate::error::FormatError::Wildcards)). A walk then holds at most
//! `2^(MAX_BRANCHINGS + 1)` = 32 nodes at once (the branchings, and a leaf
//! `*` for one label). The Public Suffix List has no branching at all, and
//! a list with `*.*.example` beside `www.example` has one.
//!
//! Each node a walk holds costs one search of its table, which reads at
//! most the table's *reach*: how far its farthest child is from the slot
//! its search starts at, and one. Honest labels hash evenly: a search for
//! a child of the Public Suffix List reads two slots on average and 13 at
//! most, and one among 50,000 random names 20 at most. Labels chosen to
//! collide could pile up in one run, so a table is grown by a quarter (at
//! most four times) while a child would land [`MAX_REACH`] slots or more
//! from its start, and a list whose labels still collide is refused
//! ([`FormatError::Collisions`](crate::error::FormatError::Collisions)). Every table is long enough for its last
//! search, so no search reads into the next table.
//!
//! So no list that loads can make a lookup read more than 32 nodes and
//! 32 searches of at most 64 slots a label of the host: a bounded multiple
//! of a plain lookup, which reads a node and a slot or two a label.
//!
//! This module is the tree as lookups read it: its tables, its records and
//! the search for a child. [`build`] makes it from the keys.

use crate::rules::compile::flags;
use crate::work;

mod build;

/// A node of the tree, as a lookup names it: the index of its record, or
/// with [`LEAF_BIT`] set a leaf packed whole (see [`leaf_link`]).
pub(crate) type NodeId = u32;

/// The root: the empty name.
pub(crate) const ROOT: NodeId = 0;

/// "No node" (an empty slot, a node without a `*` child).
const NONE: NodeId = u32::MAX;

/// Set in the [`NodeId`] of a leaf packed whole.
const LEAF_BIT: u32 = 1 << 31;

/// The table of a node without children: past the end of any table.
const NO_TABLE: u32 = u32::MAX;

/// Where a packed leaf's label bytes may start at most (17 bits).
const MAX_AT: u32 = (1 << 17) - 1;

/// The most names with a branching wildcard (see the [module
/// docs](self#what-a-lookup-may-cost)) on the way to one rule: 4, so that a
/// lookup follows at most 32 nodes at once. The Public Suffix List has
/// none.
pub(crate) const MAX_BRANCHINGS: u32 = 4;

/// The most slots a search of a node's table reads: 64, where the Public
/// Suffix List needs 13 (see the [module docs](self#what-a-lookup-may-cost)).
pub(crate) const MAX_REACH: usize = 64;

/// A child in a node's table: the [`key`](crate::host::key::key) of its label, and the child.
/// Twelve bytes, five to a cache line.
#[derive(Clone, Copy, Debug)]
#[repr(C, packed(4))]
struct Slot {
    key: u64,
    /// The child's [`NodeId`]; [`NONE`] in an empty slot.
    link: NodeId,
}

const EMPTY: Slot = Slot { key: 0, link: NONE };

/// A packed leaf: its flags (bits 0-5), its label's length (bits 6-13)
/// and, for a label over eight bytes, where its bytes start (bits 14-30);
/// `None` if they start too far along to say so.
fn leaf_link(value: u8, len: u8, at: u32) -> Option<NodeId> {
    (value <= flags::ALL && at <= MAX_AT)
        .then(|| LEAF_BIT | at << 14 | u32::from(len) << 6 | u32::from(value))
}

/// What a lookup learns at a node, and where its children are.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// The flags of the key that ends here (`compile::flags`), or 0.
    pub(crate) value: u8,
    /// The length of the label that leads here.
    len: u8,
    /// The most slots a search of the table of children reads.
    reach: u8,
    /// The first slot of the table of children ([`NO_TABLE`] when there
    /// is none).
    table: u32,
    /// The slots a child's search may start at: 0 when the node has no
    /// children other than `*`.
    size: u32,
    /// The `*` child, or [`NONE`].
    star: NodeId,
    /// Where the label's bytes are kept (labels over eight bytes only).
    bytes: u32,
}

impl Node {
    /// A leaf: flags and nothing below.
    const fn leaf(value: u8) -> Node {
        Node {
            value,
            len: 0,
            reach: 0,
            table: NO_TABLE,
            size: 0,
            star: NONE,
            bytes: 0,
        }
    }

    /// The `*` child, if the node has one.
    #[inline(always)]
    pub(crate) fn star(&self) -> Option<NodeId> {
        (self.star != NONE).then_some(self.star)
    }

    /// Whether the node has children other than `*`.
    #[inline(always)]
    pub(crate) fn has_labels(&self) -> bool {
        self.size != 0
    }

    /// Whether any rule goes on below this node.
    #[inline(always)]
    pub(crate) fn has_children(&self) -> bool {
        self.size != 0 || self.star != NONE
    }
}

/// The leaves, one for each value: what a lookup learns at a packed leaf.
static LEAVES: [Node; 64] = {
    let mut leaves = [Node::leaf(0); 64];
    let mut value = 0;
    while value < 64 {
        leaves[value] = Node::leaf(value as u8);
        value += 1;
    }
    leaves
};

/// The rules of a list as a tree of labels (see the [module docs](self)).
#[derive(Clone, Debug)]
pub(crate) struct LabelTree {
    /// The tables of children, one after the other.
    slots: Vec<Slot>,
    /// The root, the nodes with children, the `*` nodes with children, and
    /// any leaf whose label's bytes are too far along to pack.
    records: Vec<Node>,
    /// The bytes of every label over eight bytes.
    long_labels: Vec<u8>,
    /// One bit per hash value of an edge (see [`LabelTree::child`]).
    filter: Box<[u64; FILTER_WORDS]>,
    /// The tree's `xn--` labels that decode to right-to-left characters,
    /// sorted (see [`LabelTree::is_rtl_a_label`]).
    rtl_a_labels: Box<[Box<[u8]>]>,
    /// One bit per [`rtl_bit`] of those labels: a label whose bit is clear
    /// is not one of them.
    rtl_filter: [u64; RTL_FILTER_WORDS],
}

/// The words of [`LabelTree`]'s filter of right-to-left `xn--` labels:
/// 1,024 bits, for the Public Suffix List's 45 such labels.
const RTL_FILTER_WORDS: usize = 16;

/// The bit of `label` in the filter of right-to-left `xn--` labels, from
/// its length and last eight bytes (where the A-labels of a list differ
/// most: Punycode writes its deltas last), in lower case.
#[inline]
fn rtl_bit(label: &[u8]) -> usize {
    let word = match label.last_chunk::<8>() {
        Some(tail) => u64::from_be_bytes(*tail),
        None => label.iter().fold(0, |w, &b| (w << 8) | u64::from(b)),
    };
    // Bit 5 set in every byte: the letters of a label lower-cased (digits
    // and `-` have it already). Other bytes may change too, alike for the
    // tree's labels and a host's, and an `xn--` label holds none.
    let word = word | 0x2020_2020_2020_2020;
    let mixed = (word ^ label.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> (64 - (RTL_FILTER_WORDS * 64).trailing_zeros())) as usize
}

/// `log2` of the filter's bits: 2^17 bits (16 KiB), thirteen bits an edge of
/// the Public Suffix List (one absent label in thirteen gets past). Fixed, so
/// that a lookup computes the bit with a constant shift and reads its word
/// without a bounds check; a list many times larger would see more absent
/// labels get past, not wrong answers.
const FILTER_LOG2: u32 = 17;

/// The filter's words.
const FILTER_WORDS: usize = 1 << (FILTER_LOG2 - 6);

/// The hash of an edge, from where its parent's table starts and its key
/// (Fibonacci hashing): its top bits pick the filter bit and the slot.
#[inline(always)]
fn mix(table: u32, key: u64) -> u64 {
    (key ^ u64::from(table).rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The slot of a table of `size` slots where the search for an edge of
/// hash `mixed` starts: its top 32 bits, scaled.
#[inline(always)]
fn home(mixed: u64, size: u32) -> usize {
    (((mixed >> 32) * u64::from(size)) >> 32) as usize
}

/// The filter bit of an edge, from its [`mix`].
#[inline(always)]
fn filter_bit(mixed: u64) -> usize {
    (mixed >> (64 - FILTER_LOG2)) as usize
}

impl LabelTree {
    /// Whether `label`, one of the tree's labels in any case, is an `xn--`
    /// label that decodes to right-to-left characters (which makes a name that holds
    /// it a Bidi domain name): found among the few the tree has, rather
    /// than decoded on every lookup.
    pub(crate) fn is_rtl_a_label(&self, label: &[u8]) -> bool {
        let bit = rtl_bit(label);
        if self.rtl_filter[bit / 64 % RTL_FILTER_WORDS] & (1 << (bit % 64)) == 0 {
            return false;
        }
        // The tree's labels are lower-case; a host's may not be. Compared a
        // byte at a time, lower-cased as read: a lower-cased copy read back
        // in words right after it is written stalls (`benches/lookup.rs`,
        // the A-label hosts).
        let lower = || label.iter().map(u8::to_ascii_lowercase);
        self.rtl_a_labels
            .binary_search_by(|l| l.iter().copied().cmp(lower()))
            .is_ok()
    }

    /// The node `id` (for a packed leaf, a node with nothing below).
    #[inline(always)]
    pub(crate) fn node(&self, id: NodeId) -> &Node {
        match id & LEAF_BIT {
            0 => self.records.get(id as usize).unwrap_or(&LEAVES[0]),
            _ => &LEAVES[(id & 63) as usize],
        }
    }

    /// The child of `parent` whose label, of `len` bytes (at least one),
    /// has the [`label_key`](crate::host::key::label_key) `key`, if there is one: the node to go on from
    /// and what a lookup learns there. A label over eight bytes is compared
    /// in full by `is_label`, given the child's label.
    #[inline(always)]
    pub(crate) fn child(
        &self,
        parent: &Node,
        key: u64,
        len: usize,
        is_label: impl Fn(&[u8]) -> bool,
    ) -> Option<(NodeId, &Node)> {
        work::add(1);
        let mixed = mix(parent.table, key);
        // Most labels of a host are in no rule: the filter (a Bloom filter
        // with one hash, small enough to stay in cache) turns most of them
        // away before the table is touched.
        let bit = filter_bit(mixed);
        if self.filter[bit / 64 % FILTER_WORDS] & (1 << (bit % 64)) == 0 {
            return None;
        }
        // The search reads at most `reach` slots, all in the table (a
        // leaf's table is past the end).
        let first = parent.table as usize + home(mixed, parent.size);
        for slot in self.slots.get(first..first + usize::from(parent.reach))? {
            work::add(1);
            if slot.key == key {
                if let Some(found) = self.learn(slot.link, len, &is_label) {
                    return Some(found);
                }
            }
            if slot.link == NONE {
                return None;
            }
        }
        None
    }

    /// The child a slot's `link` names, if its label is `len` bytes long
    /// and (over eight bytes) `is_label`.
    #[inline(always)]
    fn learn(
        &self,
        link: NodeId,
        len: usize,
        is_label: impl Fn(&[u8]) -> bool,
    ) -> Option<(NodeId, &Node)> {
        let (label_len, at, node) = match link & LEAF_BIT {
            0 => {
                let node = self.records.get(link as usize)?;
                (usize::from(node.len), node.bytes as usize, node)
            }
            _ => (
                (link >> 6 & 0xFF) as usize,
                (link >> 14 & MAX_AT) as usize,
                &LEAVES[(link & 63) as usize],
            ),
        };
        if label_len != len
            || (len > 8 && !is_label(self.long_labels.get(at..at + len).unwrap_or(&[])))
        {
            return None;
        }
        Some((link, node))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::FormatError;
    use crate::host::key::key;
    use crate::rules::automaton::Automaton;

    /// The tree of the built-in list.
    fn builtin() -> LabelTree {
        let bytes = include_bytes!("../../vectors/public_suffix_list.fst");
        let (_, fst) = crate::rules::format::read(bytes).unwrap();
        let automaton = Automaton::decode(&bytes[fst], |_| true).unwrap();
        LabelTree::build(&automaton).unwrap()
    }

    /// The child of `parent` by `label`.
    fn find(tree: &LabelTree, parent: NodeId, label: &[u8]) -> Option<NodeId> {
        tree.child(tree.node(parent), key(label), label.len(), |l| l == label)
            .map(|c| c.0)
    }

    /// The heap bytes `tree` holds.
    fn heap_bytes(tree: &LabelTree) -> usize {
        tree.slots.capacity() * std::mem::size_of::<Slot>()
            + tree.records.capacity() * std::mem::size_of::<Node>()
            + tree.long_labels.capacity()
            + std::mem::size_of::<[u64; FILTER_WORDS]>()
    }

    #[test]
    fn builtin_tree_is_small_and_finds_every_label() {
        let tree = builtin();
        let edges = tree.slots.iter().filter(|s| s.link != NONE).count();
        let packed = tree
            .slots
            .iter()
            .filter(|s| s.link != NONE && s.link & LEAF_BIT != 0)
            .count();
        let root = tree.node(ROOT);
        let reach = tree.records.iter().map(|r| r.reach).max().unwrap_or(0);
        eprintln!(
            "{edges} edges ({packed} leaves packed) in {} slots, {} records, \
             {} bytes of long labels, {} heap bytes; the root's {} slots; \
             searches of at most {reach} slots",
            tree.slots.len(),
            tree.records.len(),
            tree.long_labels.len(),
            heap_bytes(&tree),
            root.size,
        );
        assert!(heap_bytes(&tree) <= 300_000, "{} bytes", heap_bytes(&tree));
        assert!(reach <= 16, "a search may read {reach} slots");
        assert!(edges * 4 <= tree.slots.len() * 3 + tree.records.len() * 4);
        // Every edge is found where a lookup looks for it: in the filter, and
        // in its run.
        let mut starts: Vec<usize> = tree
            .records
            .iter()
            .filter(|r| r.size != 0)
            .map(|r| r.table as usize)
            .collect();
        starts.push(tree.slots.len());
        starts.sort_unstable();
        starts.dedup();
        let (mut found, mut read) = (0, 0);
        let mut seen = std::collections::HashSet::new();
        // Twins share their `xn--` node's table.
        for node in tree
            .records
            .iter()
            .filter(|r| r.size != 0 && seen.insert(r.table))
        {
            let at = starts.binary_search(&(node.table as usize)).unwrap();
            let table = &tree.slots[starts[at]..starts[at + 1]];
            // Every search stays within the table.
            let reach = usize::from(node.reach);
            assert!(reach <= MAX_REACH && table.len() >= node.size as usize + reach - 1);
            for (at, slot) in table.iter().enumerate().filter(|s| s.1.link != NONE) {
                let mixed = mix(node.table, slot.key);
                let bit = filter_bit(mixed);
                assert!(tree.filter[bit / 64] & (1 << (bit % 64)) != 0);
                let from = home(mixed, node.size);
                assert!(from <= at && at < from + reach);
                assert!(table[from..at].iter().all(|s| s.link != NONE));
                (found, read) = (found + 1, read + at - from + 1);
            }
        }
        eprintln!(
            "a search for a child reads {:.2} slots on average",
            read as f64 / found as f64
        );
        // No wildcard of the list has rules below it.
        assert!(root.has_labels() && root.star().is_none());
        let com = find(&tree, ROOT, b"com").unwrap();
        assert!(tree.node(com).value != 0);
        let long = b"elasticbeanstalk";
        assert!(find(&tree, com, long).is_some());
        assert!(find(&tree, com, b"elasticbeanstalX").is_none());
        assert!(find(&tree, com, b"example").is_none());
        // An `xn--` label's Unicode twin leads to the same node, or to one
        // that answers the same.
        let cn = find(&tree, ROOT, b"cn").unwrap();
        let gongsi = find(&tree, cn, b"xn--55qx5d").unwrap();
        let twin = find(&tree, cn, "公司".as_bytes()).unwrap();
        assert_eq!(tree.node(twin).value, tree.node(gongsi).value);
        assert_eq!(find(&tree, ROOT, "食狮".as_bytes()), None);
        let ck = find(&tree, ROOT, b"ck").unwrap();
        let star = tree.node(ck).star().unwrap();
        assert!(star & LEAF_BIT != 0 && !tree.node(star).has_children());
        assert!(tree.node(star).value != 0);
        // A packed leaf has no children to search.
        assert_eq!(find(&tree, star, b"www"), None);
    }

    /// The tree of the rules `names` (one label each: TLDs), with value 1.
    fn tree_of(names: &[Vec<u8>]) -> Result<LabelTree, FormatError> {
        let mut keys: Vec<Vec<u8>> = names
            .iter()
            .map(|n| n.iter().rev().copied().collect())
            .collect();
        keys.sort();
        keys.dedup();
        let mut builder = fst::MapBuilder::memory();
        for k in &keys {
            builder.insert(k, 1).unwrap();
        }
        let bytes = builder.into_inner().unwrap();
        LabelTree::build(&Automaton::decode(&bytes, |_| true).unwrap())
    }

    /// `n` labels of eight letters whose edges from the root start their
    /// search at the same slot, or the next, in every table of up to
    /// 2^16 slots: the top sixteen bits of their slot hash agree.
    fn colliding_labels(n: usize) -> Vec<Vec<u8>> {
        let top = |label: &[u8]| mix(0, key(label)) >> 48;
        let target = top(b"aaaaaaaa");
        let mut found = Vec::new();
        for i in 0u64.. {
            let label: Vec<u8> = (0..8).map(|d| b'a' + (i >> (3 * d) & 7) as u8).collect();
            if top(&label) == target {
                found.push(label);
                if found.len() == n {
                    break;
                }
            }
        }
        found
    }

    #[test]
    fn right_to_left_a_labels_are_known_without_decoding() {
        let tree = builtin();
        // امارات, ایران., ישראל; рф, 中国 and plain labels are not.
        for label in ["xn--mgbaam7a8h", "xn--mgba3a4f16a", "xn--4dbrk0ce"] {
            assert!(tree.is_rtl_a_label(label.as_bytes()), "{label}");
        }
        assert!(tree.is_rtl_a_label(b"XN--MGBAAM7A8H"));
        // Another last byte, one byte short, one byte more.
        for label in [
            "xn--p1ai",
            "xn--fiqs8s",
            "com",
            "xn--",
            "xn--mgbaam7a8i",
            "xn--mgbaam7a8",
            "xn--mgbaam7a8hh",
        ] {
            assert!(!tree.is_rtl_a_label(label.as_bytes()), "{label}");
        }
        // Every label the tree notes decodes to right-to-left characters,
        // and its filter lets it through, in either case.
        assert!(tree.rtl_a_labels.len() >= 3);
        for label in tree.rtl_a_labels.iter() {
            assert!(crate::host::uts46::a_label_is_rtl(label));
            assert!(tree.is_rtl_a_label(label));
            assert!(tree.is_rtl_a_label(&label.to_ascii_uppercase()));
        }
    }

    #[test]
    fn labels_that_begin_others_have_their_own_nodes() {
        // `ab` is no rule: nothing between `a.` and `ab.` in key order.
        let set = crate::rules::rule::RuleSet::parse(b"a.com\nx.a.com\ny.ab.com\nabc.com\n");
        let bytes =
            crate::rules::compile::build(&crate::rules::compile::keys(&set.unwrap())).unwrap();
        let tree = LabelTree::build(&Automaton::decode(&bytes, |_| true).unwrap()).unwrap();
        let com = find(&tree, ROOT, b"com").unwrap();
        let cases = [
            (&b"a"[..], true, Some(&b"x"[..])),
            (b"ab", false, Some(b"y")),
            (b"abc", true, None),
        ];
        for (label, rule, below) in cases {
            let node = find(&tree, com, label).unwrap();
            assert_eq!(tree.node(node).value != 0, rule);
            assert_eq!(tree.node(node).has_labels(), below.is_some());
            if let Some(below) = below {
                assert!(find(&tree, node, below).is_some());
            }
        }
        let a = find(&tree, com, b"a").unwrap();
        assert!(find(&tree, a, b"b").is_none() && find(&tree, com, b"b").is_none());
    }

    #[test]
    fn labels_chosen_to_collide_are_refused() {
        // Doubling the root's table never parts them.
        let labels = colliding_labels(MAX_REACH + 6);
        match tree_of(&labels) {
            Err(FormatError::Collisions { run, limit }) => {
                assert!(run as usize > MAX_REACH && limit as usize == MAX_REACH);
            }
            other => panic!("{other:?}"),
        }
        let tree = tree_of(&labels[..MAX_REACH - 4]).unwrap();
        for label in &labels[..MAX_REACH - 4] {
            assert!(find(&tree, ROOT, label).is_some());
        }
    }

    #[test]
    fn leaves_whose_labels_lie_too_far_along_to_pack_get_records() {
        // 2,500 labels of 60 bytes: the bytes of the later ones start past
        // what a packed leaf can say (128 KiB).
        let names: Vec<Vec<u8>> = (0..2_500)
            .map(|i| format!("{i:0>60}").replace('0', "a").into_bytes())
            .collect();
        let tree = tree_of(&names).unwrap();
        let packed = |id: NodeId| id & LEAF_BIT != 0;
        let found: Vec<NodeId> = names
            .iter()
            .map(|name| find(&tree, ROOT, name).unwrap())
            .collect();
        assert!(found.iter().any(|&id| packed(id)));
        assert!(found.iter().any(|&id| !packed(id)));
        for (name, &id) in names.iter().zip(&found) {
            let node = tree.node(id);
            assert!(node.value != 0 && !node.has_children());
            let mut other = name.clone();
            other[59] = b'z';
            assert_eq!(find(&tree, ROOT, &other), None);
        }
    }

    #[test]
    fn a_large_list_loads_and_is_found_whole() {
        let mut rng = 0x9E37_79B9_7F4A_7C15_u64;
        let names: Vec<Vec<u8>> = (0..50_000)
            .map(|_| {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                (0..4 + rng % 12)
                    .map(|d| b'a' + ((rng >> (5 * d % 60)) & 15) as u8)
                    .collect()
            })
            .collect();
        let tree = tree_of(&names).unwrap();
        let edges = tree.slots.iter().filter(|s| s.link != NONE).count();
        // Robin Hood placement keeps every leaf near where its search
        // starts, however large the table: it stays three quarters full.
        let reach = usize::from(tree.node(ROOT).reach);
        eprintln!(
            "{edges} edges in {} slots, searches of at most {reach}",
            tree.slots.len()
        );
        assert!(
            edges * 100 >= tree.slots.len() * 74,
            "{edges} in {}",
            tree.slots.len()
        );
        assert!(reach <= 32, "a search may read {reach} slots");
        for name in &names {
            assert!(find(&tree, ROOT, name).is_some());
        }
    }
}
