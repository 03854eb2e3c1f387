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
//! flags, their `*` child). The Public Suffix List unfolds into 279 KB
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
//! no label encoded (see [`Builder::add_unicode_twins`]).
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
//! ([`FormatError::Wildcards`]). A walk then holds at most
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
//! ([`FormatError::Collisions`]). Every table is long enough for its last
//! search, so no search reads into the next table.
//!
//! So no list that loads can make a lookup read more than 32 nodes and
//! 32 searches of at most 64 slots a label of the host: a bounded multiple
//! of a plain lookup, which reads a node and a slot or two a label.

use crate::error::FormatError;
use crate::host::key::key;
use crate::host::label::MAX_LABEL;
use crate::rules::automaton::{Automaton, MAX_KEY_LEN};
use crate::rules::compile::flags;
use crate::work;

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

/// How full a node's table of children is made: three slots in four.
const FILL: (usize, usize) = (3, 4);

/// How many times a node's table is grown by a quarter when a child would
/// land [`MAX_REACH`] slots or more from where its search starts, before
/// the list is refused.
const GROWTHS: u32 = 4;

/// The most occupied slots one probe of the table used while the tree is
/// unfolded may pass: far beyond what honest labels make in a table at
/// most half full, so that labels chosen to collide are refused before
/// each insertion costs more than the last.
const BUILD_RUN: usize = 4 * MAX_REACH;

/// A child in a node's table: the [`key`] of its label, and the child.
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
    /// Unfolds the keys of `automaton` into a tree.
    ///
    /// # Errors
    /// [`FormatError::Automaton`] if a key carries an invalid value or the
    /// keys unfold into more nodes than a `u32` counts;
    /// [`FormatError::Wildcards`] if wildcards branch more than
    /// [`MAX_BRANCHINGS`] times on the way to one rule;
    /// [`FormatError::Collisions`] if the labels collide in the table.
    pub(crate) fn build(automaton: &Automaton) -> Result<LabelTree, FormatError> {
        let builder = Builder::unfold(automaton)?;
        let parent = builder.parents();
        let branchings = builder.branchings(&parent);
        if branchings > MAX_BRANCHINGS {
            return Err(FormatError::Wildcards {
                branchings,
                limit: MAX_BRANCHINGS,
            });
        }
        builder.pack(&parent)
    }

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

/// A node while the keys are unfolded.
#[derive(Clone, Copy, Debug)]
struct Record {
    /// The flags of the key that ends here (`compile::flags`), or 0.
    value: u8,
    /// Whether the node has children other than `*`.
    children: bool,
    /// The length of the label that leads here.
    len: u8,
    /// The `*` child, or [`NONE`].
    star: NodeId,
    /// Where the label's bytes are kept (labels over eight bytes only).
    bytes: u32,
    /// The node a lookup goes on from: the node itself, or for a Unicode
    /// twin (see [`Builder::add_unicode_twins`]) the `xn--` node it stands
    /// for, whose value, `*` child and children the twin has too.
    canonical: NodeId,
}

impl Record {
    /// Whether any rule goes on below this node.
    fn has_children(&self) -> bool {
        self.children || self.star != NONE
    }
}

/// A node with no value and no children, reached by a label of `len` bytes.
fn new_record(len: u8) -> Record {
    Record {
        value: 0,
        children: false,
        len,
        star: NONE,
        bytes: 0,
        canonical: NONE,
    }
}

/// An edge of the table used while the keys are unfolded.
#[derive(Clone, Copy, Debug)]
struct Edge {
    /// The label's [`key`].
    key: u64,
    /// [`NONE`] in an empty slot.
    parent: NodeId,
    child: NodeId,
}

const NO_EDGE: Edge = Edge {
    key: 0,
    parent: NONE,
    child: NONE,
};

/// The tree while the keys are unfolded: every node a record, and the
/// edges in one open-addressed table, kept at most half full; then packed
/// into a [`LabelTree`].
struct Builder {
    /// A power of two in length, never full.
    edges: Vec<Edge>,
    records: Vec<Record>,
    /// The bytes of every label over eight bytes.
    long_labels: Vec<u8>,
    /// The `xn--` labels that decode to right-to-left characters.
    rtl_a_labels: Vec<Box<[u8]>>,
    /// `64 - log2(edges.len())`: the hash's top bits pick the slot.
    shift: u32,
    /// The edges in `edges`.
    count: usize,
}

impl Builder {
    /// Unfolds the keys of `automaton`, with the Unicode twins.
    ///
    /// # Errors
    /// As [`LabelTree::build`], but for the wildcards and the final tables.
    fn unfold(automaton: &Automaton) -> Result<Builder, FormatError> {
        // Room for about a label a key without growing (the table grows
        // past that, and stays at most half full).
        let slots = (automaton.len().saturating_mul(2) as usize).clamp(1 << 10, 1 << 16);
        let slots = slots.next_power_of_two();
        let mut tree = Builder {
            edges: vec![NO_EDGE; slots],
            records: Vec::with_capacity(slots / 2),
            long_labels: Vec::new(),
            rtl_a_labels: Vec::new(),
            shift: 64 - slots.trailing_zeros(),
            count: 0,
        };
        tree.push_record(new_record(0))?;
        // The key is the name reversed: its pieces between dots are the
        // labels from the right, each reversed. For each label of the key
        // being unfolded that a dot completes: where the next label starts
        // in the key, and the node of the labels so far (`NONE` once one is
        // invalid). Prefixes come depth first, so the labels of a prefix
        // are those that start within the part it shares with the previous
        // one, and those completed since.
        let mut labels: Vec<(usize, NodeId)> = Vec::with_capacity(MAX_KEY_LEN + 1);
        labels.push((0, ROOT));
        automaton.for_each_prefix(b'.', flags::is_valid, |prefix, value, shared| {
            let Some((&byte, before)) = prefix.split_last() else {
                // The empty key names no rule.
                return Ok(());
            };
            while labels.len() > 1 && labels.last().is_some_and(|l| l.0 > shared) {
                labels.pop();
            }
            let Some(&(start, node)) = labels.last() else {
                return Ok(());
            };
            if byte == b'.' {
                let piece = before.get(start..).unwrap_or_default();
                let child = tree.label_child(node, piece)?;
                labels.push((prefix.len(), child));
                // A key that ends with a dot ends with an empty label.
                return Ok(());
            }
            if let Some(value) = value {
                let piece = prefix.get(start..).unwrap_or_default();
                let child = tree.label_child(node, piece)?;
                if let Some(child) = tree.records.get_mut(child as usize) {
                    child.value |= value;
                }
            }
            Ok(())
        })?;
        tree.add_unicode_twins()?;
        Ok(tree)
    }

    /// The child of `parent` (`NONE`: none) by the label whose bytes, in
    /// reverse, are `piece`, added if new; `NONE` if the label is invalid.
    ///
    /// A rule with an invalid label (empty, too long, a bad A-label) never
    /// matches, a host with such a label being an error, and is left out:
    /// every label of the tree is valid, so a lookup need not check the
    /// labels it finds here.
    fn label_child(&mut self, parent: NodeId, piece: &[u8]) -> Result<NodeId, FormatError> {
        let mut buf = [0u8; MAX_LABEL];
        let Some(label) = buf.get_mut(..piece.len()) else {
            return Ok(NONE);
        };
        label.copy_from_slice(piece);
        label.reverse();
        let label = &*label;
        if parent == NONE || crate::host::label::check_ascii_label(label).is_err() {
            return Ok(NONE);
        }
        if label == b"*" {
            return Ok(match self.records[parent as usize].star {
                NONE => {
                    let star = self.push_record(new_record(1))?;
                    self.records[parent as usize].star = star;
                    star
                }
                star => star,
            });
        }
        if let Some(child) = self.find(parent, label)? {
            return Ok(child);
        }
        let child = self.add_edge(parent, label, NONE)?;
        self.records[parent as usize].children = true;
        Ok(child)
    }

    /// The parent of every node (`NONE` for the root and the Unicode
    /// twins, which stand for their `xn--` node).
    fn parents(&self) -> Vec<NodeId> {
        let mut parent = vec![NONE; self.records.len()];
        for edge in self.edges.iter().filter(|e| e.parent != NONE) {
            if self.records[edge.child as usize].canonical == edge.child {
                parent[edge.child as usize] = edge.parent;
            }
        }
        for (id, record) in self.records.iter().enumerate() {
            if record.star != NONE {
                parent[record.star as usize] = id as NodeId;
            }
        }
        parent
    }

    /// The most names on the way to one rule that have both a `*` child
    /// with children and other children (see [`MAX_BRANCHINGS`]), given
    /// the [`parents`](Builder::parents).
    fn branchings(&self, parent: &[NodeId]) -> u32 {
        // Every node is added after its parent, so one pass in order sees
        // each parent before its children.
        let mut branchings = vec![0u32; self.records.len()];
        let mut most = 0;
        for id in 1..self.records.len() {
            let p = parent[id];
            if p == NONE {
                continue;
            }
            let up = &self.records[p as usize];
            let branches =
                up.children && up.star != NONE && self.records[up.star as usize].has_children();
            branchings[id] = branchings[p as usize] + u32::from(branches);
            most = most.max(branchings[id]);
        }
        most
    }

    /// Gives every valid `xn--` label a twin: an edge from the same parent,
    /// keyed by the label's Unicode form (UTF-8), to a node that stands for
    /// the `xn--` node. A Unicode host whose labels are already in their
    /// canonical form but for the encoding (lower case, no other separator)
    /// is then walked as it is, without encoding a label: a Unicode label is
    /// the twin's label exactly when its A-label is the rule's (Punycode is a
    /// one-to-one code, and only canonical A-labels get a twin). Notes the
    /// `xn--` labels that decode to right-to-left characters, which get no
    /// twin, on the way ([`LabelTree::is_rtl_a_label`]).
    fn add_unicode_twins(&mut self) -> Result<(), FormatError> {
        let mut twins = Vec::new();
        let mut rtl = Vec::new();
        for edge in self.edges.iter().filter(|e| e.parent != NONE) {
            let record = &self.records[edge.child as usize];
            let head = edge.key.to_le_bytes();
            let label = match record.len {
                0..=8 => &head[..record.len as usize],
                _ => self.long_label(record),
            };
            if let Some(unicode) = crate::host::label::unicode_form(label) {
                twins.push((edge.parent, edge.child, unicode));
            } else if etld_punycode::has_ace_prefix(label)
                && crate::host::uts46::a_label_is_rtl(label)
            {
                rtl.push(Box::from(label));
            }
        }
        rtl.sort_unstable();
        rtl.dedup();
        self.rtl_a_labels = rtl;
        for (parent, child, unicode) in twins {
            let twin = self.add_edge(parent, &unicode, child)?;
            // All keys are in: what a lookup learns at the `xn--` node is
            // final, and the twin tells it without a second load.
            let Record {
                value,
                children,
                star,
                ..
            } = self.records[child as usize];
            let record = &mut self.records[twin as usize];
            (record.value, record.children, record.star) = (value, children, star);
        }
        Ok(())
    }

    /// Adds a node reached from `parent` by `label`, standing for
    /// `twin_of` (or for itself, when [`NONE`]), and its edge. Returns the
    /// new node.
    fn add_edge(
        &mut self,
        parent: NodeId,
        label: &[u8],
        twin_of: NodeId,
    ) -> Result<NodeId, FormatError> {
        let mut record = new_record(label.len() as u8);
        record.canonical = twin_of;
        if label.len() > 8 {
            record.bytes = self.long_labels.len() as u32;
            self.long_labels.extend_from_slice(label);
        }
        let id = self.push_record(record)?;
        // At most half full: an absent label (the usual last probe of a
        // search) is found after a slot or two.
        self.count += 1;
        if self.count * 2 > self.edges.len() {
            self.grow()?;
        }
        self.insert(Edge {
            key: key(label),
            parent,
            child: id,
        })?;
        Ok(id)
    }

    /// Adds a node, refusing more than a [`NodeId`] counts.
    fn push_record(&mut self, record: Record) -> Result<NodeId, FormatError> {
        let id = NodeId::try_from(self.records.len())
            .ok()
            .filter(|&id| id < LEAF_BIT)
            .ok_or(FormatError::Automaton {
                offset: 0,
                reason: "the keys unfold into too many labels",
            })?;
        let canonical = match record.canonical {
            NONE => id,
            twin_of => twin_of,
        };
        self.records.push(Record {
            canonical,
            ..record
        });
        Ok(id)
    }

    /// The slot where the edge `(parent, key)` is looked for first.
    fn home(&self, parent: NodeId, key: u64) -> usize {
        (mix(parent, key) >> self.shift) as usize
    }

    /// Puts an edge in the first free slot from its home.
    ///
    /// # Errors
    /// [`FormatError::Collisions`] past [`BUILD_RUN`] occupied slots.
    fn insert(&mut self, edge: Edge) -> Result<(), FormatError> {
        let mask = self.edges.len() - 1;
        let mut i = self.home(edge.parent, edge.key);
        let mut run = 0;
        while self.edges[i].parent != NONE {
            run += 1;
            if run > BUILD_RUN {
                return Err(collisions(run));
            }
            i = (i + 1) & mask;
        }
        self.edges[i] = edge;
        Ok(())
    }

    /// The child of `parent` by `label`, if the tree has it yet.
    ///
    /// # Errors
    /// [`FormatError::Collisions`] past [`BUILD_RUN`] occupied slots.
    fn find(&self, parent: NodeId, label: &[u8]) -> Result<Option<NodeId>, FormatError> {
        let key = key(label);
        let mask = self.edges.len() - 1;
        let mut i = self.home(parent, key);
        for _ in 0..=BUILD_RUN {
            let edge = self.edges[i];
            if edge.parent == NONE {
                return Ok(None);
            }
            if edge.parent == parent && edge.key == key {
                let record = &self.records[edge.child as usize];
                if record.len as usize == label.len()
                    && (label.len() <= 8 || self.long_label(record) == label)
                {
                    return Ok(Some(edge.child));
                }
            }
            i = (i + 1) & mask;
        }
        Err(collisions(BUILD_RUN + 1))
    }

    /// Doubles the table.
    ///
    /// # Errors
    /// [`FormatError::Collisions`] if a slot is found past [`BUILD_RUN`]
    /// occupied slots.
    fn grow(&mut self) -> Result<(), FormatError> {
        let doubled = vec![NO_EDGE; self.edges.len() * 2];
        let old = std::mem::replace(&mut self.edges, doubled);
        self.shift -= 1;
        for edge in old.into_iter().filter(|e| e.parent != NONE) {
            self.insert(edge)?;
        }
        Ok(())
    }

    /// The label leading to `record`, a label over eight bytes.
    fn long_label(&self, record: &Record) -> &[u8] {
        let start = record.bytes as usize;
        self.long_labels
            .get(start..start + record.len as usize)
            .unwrap_or(&[])
    }

    /// Lays the tree out for lookups: the records a lookup needs (see the
    /// [module docs](self#a-small-tree)), and for each node with children a
    /// table of them, three quarters full, given the [`parents`](Builder::parents).
    ///
    /// # Errors
    /// [`FormatError::Collisions`] if a node's labels still collide after
    /// [`GROWTHS`] growths of its table (see [`place`]).
    fn pack(self, parent: &[NodeId]) -> Result<LabelTree, FormatError> {
        let n = self.records.len();
        // How many nodes are below each node: a lookup is likelier to ask
        // for a child with more below it (`com` rather than `coop`), so
        // those are placed first, where a search finds them at once. Every
        // node comes after its parent.
        let mut below = vec![0u32; n];
        for id in (1..n).rev() {
            if let Some(&p) = parent.get(id).filter(|&&p| p != NONE) {
                below[p as usize] = below[p as usize].saturating_add(below[id] + 1);
            }
        }
        let Builder {
            edges: table,
            records: built,
            long_labels,
            rtl_a_labels,
            count,
            ..
        } = self;
        // The records that stay: the root, every node with something below
        // it, the twins of those, and a leaf whose label's bytes are too
        // far along to pack.
        let mut renamed = vec![NONE; n];
        let mut kept = 0;
        for (id, record) in built.iter().enumerate() {
            let canonical = &built[record.canonical as usize];
            if id == ROOT as usize
                || canonical.has_children()
                || (record.len > 8 && record.bytes > MAX_AT)
            {
                renamed[id] = kept;
                kept += 1;
            }
        }
        // What a slot or a `*` says of a node: its record, or the node
        // packed whole.
        let link_of = |id: NodeId| match id {
            NONE => NONE,
            id => match renamed[id as usize] {
                NONE => {
                    let r = &built[id as usize];
                    leaf_link(r.value, r.len, r.bytes).unwrap_or(NONE)
                }
                kept => kept,
            },
        };
        // The children of each node, together (a counting sort).
        let mut first = vec![0usize; n + 1];
        for edge in table.iter().filter(|e| e.parent != NONE) {
            first[edge.parent as usize + 1] += 1;
        }
        for i in 0..n {
            first[i + 1] += first[i];
        }
        let mut next = first.clone();
        let mut children = vec![
            Child {
                rank: 0,
                key: 0,
                link: NONE
            };
            count
        ];
        for edge in table.iter().filter(|e| e.parent != NONE) {
            let canonical = built[edge.child as usize].canonical;
            children[next[edge.parent as usize]] = Child {
                rank: LEAF_RANK - below[canonical as usize],
                key: edge.key,
                link: link_of(edge.child),
            };
            next[edge.parent as usize] += 1;
        }
        drop((table, next, below));
        let mut records = Vec::with_capacity(kept as usize);
        let mut slots: Vec<Slot> = Vec::with_capacity(count * FILL.1 / FILL.0 + n);
        let mut filter = Box::new([0u64; FILTER_WORDS]);
        let mut homes = Vec::new();
        for (id, record) in built.iter().enumerate() {
            if renamed[id] == NONE {
                continue;
            }
            let mut node = Node {
                value: record.value,
                len: record.len,
                star: link_of(record.star),
                bytes: record.bytes,
                ..Node::leaf(0)
            };
            let canonical = record.canonical as usize;
            if canonical != id {
                // A twin: the table of its `xn--` node, laid out before.
                let of = records
                    .get(renamed[canonical] as usize)
                    .copied()
                    .unwrap_or(Node::leaf(0));
                (node.table, node.size, node.reach) = (of.table, of.size, of.reach);
            } else if let Some(children) = children
                .get_mut(first[id]..first[id + 1])
                .filter(|c| !c.is_empty())
            {
                children.sort_unstable_by_key(|c| (c.rank, c.key));
                (node.table, node.size, node.reach) = place(children, &mut slots, &mut homes)?;
                for child in children.iter() {
                    let bit = filter_bit(mix(node.table, child.key));
                    filter[bit / 64 % FILTER_WORDS] |= 1 << (bit % 64);
                }
            }
            records.push(node);
        }
        slots.shrink_to_fit();
        let mut long_labels = long_labels;
        long_labels.shrink_to_fit();
        let mut rtl_filter = [0u64; RTL_FILTER_WORDS];
        for label in &rtl_a_labels {
            let bit = rtl_bit(label);
            rtl_filter[bit / 64 % RTL_FILTER_WORDS] |= 1 << (bit % 64);
        }
        Ok(LabelTree {
            slots,
            records,
            long_labels,
            filter,
            rtl_a_labels: rtl_a_labels.into_boxed_slice(),
            rtl_filter,
        })
    }
}

/// The rank of a leaf.
const LEAF_RANK: u32 = u32::MAX;

/// A child of a node while its table is laid out.
#[derive(Clone, Copy, Debug)]
struct Child {
    /// The lower, the sooner placed: [`LEAF_RANK`] less the nodes below.
    rank: u32,
    /// The label's [`key`].
    key: u64,
    /// The slot's [`NodeId`] for the child.
    link: NodeId,
}

/// Lays out the table of the `children` of one node, in their order, at
/// the end of `slots`. Returns where the table starts, how many slots a
/// search may start at and the table's reach (see the [module
/// docs](self#what-a-lookup-may-cost)). The table is three quarters full,
/// and grown by a quarter while a child would land [`MAX_REACH`] slots or
/// more from where its search starts.
///
/// A child with rules below it takes the first free slot from where its
/// search starts, and keeps it. The others (leaves) are placed Robin Hood
/// fashion among themselves: a leaf takes the slot of one whose slot is
/// nearer its own start, which moves on. That evens out how far along a
/// run leaves are, which would otherwise grow with the order they come in.
/// `homes` is scratch space.
///
/// # Errors
/// [`FormatError::Collisions`] if a child still lands too far along after
/// [`GROWTHS`] growths.
fn place(
    children: &[Child],
    slots: &mut Vec<Slot>,
    homes: &mut Vec<(usize, bool)>,
) -> Result<(u32, u32, u8), FormatError> {
    let start = slots.len();
    let table = u32::try_from(start).map_err(|_| collisions(usize::MAX))?;
    let mut size = (children.len() * FILL.1).div_ceil(FILL.0).max(1);
    for _ in 0..=GROWTHS {
        let size32 = u32::try_from(size).map_err(|_| collisions(usize::MAX))?;
        // A child lands fewer slots along than there are children.
        let room = size + children.len().min(MAX_REACH);
        slots.truncate(start);
        slots.resize(start + room, EMPTY);
        homes.clear();
        homes.resize(room, (0, false));
        let region = &mut slots[start..];
        let (mut end, mut reach) = (size, 0);
        'children: for child in children {
            let mut slot = Slot {
                key: child.key,
                link: child.link,
            };
            // Where the search for the child being placed starts, and
            // whether it keeps its slot.
            let mut from = (home(mix(table, child.key), size32), child.rank != LEAF_RANK);
            let mut at = from.0;
            loop {
                if at >= from.0 + MAX_REACH || at >= room {
                    end = 0;
                    break 'children;
                }
                if region[at].link == NONE {
                    region[at] = slot;
                    homes[at] = from;
                    end = end.max(at + 1);
                    break;
                }
                let there = homes[at];
                if !from.1 && !there.1 && there.0 > from.0 {
                    std::mem::swap(&mut region[at], &mut slot);
                    std::mem::swap(&mut homes[at], &mut from);
                }
                at += 1;
            }
        }
        if end != 0 {
            for (at, &(from, _)) in homes.iter().enumerate() {
                if region[at].link != NONE {
                    reach = reach.max(at - from + 1);
                }
            }
            // Every search stays within the table.
            slots.resize(start + end.max(size + reach - 1), EMPTY);
            return Ok((table, size32, reach as u8));
        }
        size += size / 4 + 1;
    }
    Err(collisions(MAX_REACH + 1))
}

/// The error for a search that would read `run` slots.
fn collisions(run: usize) -> FormatError {
    FormatError::Collisions {
        run: u32::try_from(run).unwrap_or(u32::MAX),
        limit: MAX_REACH as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
