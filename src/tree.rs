//! The label tree: a list's rules as a tree of labels, laid out for lookups.
//!
//! The `.fst` file stores each rule as one byte-reversed key (`co.uk` as
//! `ku.oc`, see [`compile`](crate::compile)). At load time the keys are read
//! once into a tree whose nodes are names read from the right: the root is
//! the empty name, its children the top-level labels of the rules (`uk`),
//! their children the next labels (`co` of `co.uk`), and so on. A node
//! carries the flags of the key that ends there, if any, and its `*` child
//! (a wildcard label) is kept on the node itself, so a lookup asks one
//! question per label of the host: which child has *this* label?
//!
//! The answer comes from one open-addressed hash table of edges keyed by the
//! parent node and the label. A slot holds a label of up to eight bytes
//! itself (zero-padded: labels never hold a zero byte), and a key for a longer
//! one, whose bytes are kept aside and compared only when the key and the
//! length already agree. A small Bloom filter in front of the table turns
//! away most labels that are in no rule (the registrable label of nearly
//! every host) without touching the table. A lookup of `www.example.com` is two
//! probes (`com` under the root, `example` under `com`) instead of a step per
//! byte, and the slots every lookup touches (the root's `com`, `net`, `uk`)
//! stay in cache.
//!
//! Every canonical `xn--` label also gets a *twin* edge keyed by its Unicode
//! form (UTF-8) and leading to the same node, so that a Unicode host already
//! in canonical form but for the encoding is walked as it is, with no label
//! encoded (see [`LabelTree::add_unicode_twins`]).
//!
//! The table is built from the keys alone, so it holds nothing the file did
//! not say; a file whose keys would unfold into an unreasonably large tree is
//! refused (see [`MAX_KEY_BYTES`]).

use crate::automaton::Automaton;
use crate::error::FormatError;
use crate::scan::word;

/// A node of the tree: an index into its node array.
pub(crate) type NodeId = u32;

/// The root: the empty name.
pub(crate) const ROOT: NodeId = 0;

/// "No node" (an empty slot, a node without a `*` child).
const NONE: NodeId = u32::MAX;

/// The most key bytes a file may unfold into: 16 MiB, over a hundred times
/// what the whole Public Suffix List needs (about 150 KiB). A crafted `fst`
/// can describe exponentially many keys in few bytes; this bounds the work
/// of loading it.
pub(crate) const MAX_KEY_BYTES: usize = 1 << 24;

/// Keys longer than a host can be never match (a key byte matches at least
/// one host byte) and are left out of the tree.
const MAX_KEY_LEN: usize = 253;

/// One edge of the table: `parent --label--> child`.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// The label's [`key`].
    key: u64,
    /// [`NONE`] in an empty slot.
    parent: NodeId,
    child: NodeId,
}

const EMPTY: Slot = Slot {
    key: 0,
    parent: NONE,
    child: NONE,
};

/// What a lookup learns at a node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// The flags of the key that ends here (`compile::flags`), or 0.
    pub(crate) value: u8,
    /// Whether the node has children other than `*`.
    children: bool,
    /// The length of the label that leads here.
    len: u8,
    /// The `*` child, or [`NONE`].
    star: NodeId,
    /// Where the label's bytes are kept (labels over eight bytes only).
    bytes: u32,
    /// The node a lookup goes on from: the node itself, or for a Unicode
    /// twin (see [`LabelTree::add_unicode_twins`]) the `xn--` node it
    /// stands for, whose value, `*` child and children flag the twin
    /// carries too.
    canonical: NodeId,
}

impl Node {
    /// The `*` child, if the node has one.
    #[inline(always)]
    pub(crate) fn star(&self) -> Option<NodeId> {
        (self.star != NONE).then_some(self.star)
    }

    /// Whether the node has children other than `*`.
    #[inline(always)]
    pub(crate) fn has_labels(&self) -> bool {
        self.children
    }

    /// Whether any rule goes on below this node.
    #[inline(always)]
    pub(crate) fn has_children(&self) -> bool {
        self.children || self.star != NONE
    }
}

/// The rules of a list as a tree of labels (see the [module docs](self)).
#[derive(Clone, Debug)]
pub(crate) struct LabelTree {
    /// A power of two in length, never full.
    slots: Vec<Slot>,
    nodes: Vec<Node>,
    /// The bytes of every label over eight bytes.
    long_labels: Vec<u8>,
    /// `64 - log2(slots.len())`: the hash's top bits pick the slot.
    shift: u32,
    /// One bit per hash value of an edge (see [`LabelTree::child`]).
    filter: Box<[u64; FILTER_WORDS]>,
}

/// `log2` of the filter's bits: 2^17 bits (16 KiB), thirteen bits an edge of
/// the Public Suffix List (one absent label in thirteen gets past). Fixed, so
/// that a lookup computes the bit with a constant shift and reads its word
/// without a bounds check; a list many times larger would see more absent
/// labels get past, not wrong answers.
const FILTER_LOG2: u32 = 17;

/// The filter's words.
const FILTER_WORDS: usize = 1 << (FILTER_LOG2 - 6);

/// The key of a label in the table, from its first eight bytes (`head`,
/// zero-padded when the label is shorter), its last eight bytes (asked for
/// only when the label is longer) and its length. A label of up to eight
/// bytes is its own key: labels hold no zero byte, so the padding tells the
/// length. A longer one mixes in its last eight bytes and its length (many
/// long labels of one parent share their first eight bytes:
/// `s3-website-us-east-1`, `s3-website-eu-west-1`), and is compared in full
/// once key and length agree.
#[inline(always)]
pub(crate) fn label_key(head: u64, last8: impl FnOnce() -> u64, len: usize) -> u64 {
    if len > 8 {
        head ^ last8().rotate_left(32) ^ len as u64
    } else {
        head
    }
}

/// The key of `label` (see [`label_key`]).
pub(crate) fn key(label: &[u8]) -> u64 {
    let mut head = [0; 8];
    let n = label.len().min(8);
    head[..n].copy_from_slice(&label[..n]);
    label_key(
        u64::from_le_bytes(head),
        || word(label, label.len().saturating_sub(8)),
        label.len(),
    )
}

impl LabelTree {
    /// Unfolds the keys of `automaton` into a tree.
    ///
    /// # Errors
    /// [`FormatError::Automaton`] if the keys would take more than
    /// [`MAX_KEY_BYTES`] bytes, or more nodes than a `u32` counts.
    pub(crate) fn build(automaton: &Automaton) -> Result<LabelTree, FormatError> {
        // Room for about a label a key without growing (the table grows
        // past that, and stays at most half full).
        let slots = (automaton.len().saturating_mul(2) as usize).clamp(1 << 10, 1 << 16);
        let slots = slots.next_power_of_two();
        let mut tree = LabelTree {
            slots: vec![EMPTY; slots],
            nodes: Vec::with_capacity(slots / 2),
            long_labels: Vec::new(),
            shift: 64 - slots.trailing_zeros(),
            // Lets every label through until the real filter is built.
            filter: Box::new([u64::MAX; FILTER_WORDS]),
        };
        tree.nodes.push(new_node(0));
        let mut edges = 0usize;
        let mut label = Vec::with_capacity(MAX_KEY_LEN);
        automaton.for_each_key(MAX_KEY_LEN, MAX_KEY_BYTES, |name, value| {
            // A rule with an invalid A-label never matches (such a host is
            // an error), and is left out: every label of the tree is valid,
            // so a lookup need not check the labels it finds here.
            let invalid = name.split(|&b| b == b'.').any(|piece| {
                label.clear();
                label.extend(piece.iter().rev());
                crate::label::check_ascii_label(&label).is_err()
            });
            if invalid {
                return Ok(());
            }
            let mut node = ROOT;
            // The key is the name reversed: its pieces between dots are the
            // labels from the right, each reversed.
            for piece in name.split(|&b| b == b'.') {
                label.clear();
                label.extend(piece.iter().rev());
                if label == b"*" {
                    node = match tree.nodes[node as usize].star {
                        NONE => {
                            let star = tree.push_node(new_node(1))?;
                            tree.nodes[node as usize].star = star;
                            star
                        }
                        star => star,
                    };
                } else if let Some((child, _)) =
                    tree.child(node, key(&label), label.len(), |l| l == label)
                {
                    node = child;
                } else {
                    let id = tree.add_edge(node, &label, NONE, &mut edges)?;
                    tree.nodes[node as usize].children = true;
                    node = id;
                }
            }
            tree.nodes[node as usize].value |= value;
            Ok(())
        })?;
        tree.add_unicode_twins(&mut edges)?;
        tree.filter.fill(0);
        for i in 0..tree.slots.len() {
            let Slot { key, parent, .. } = tree.slots[i];
            if parent != NONE {
                let bit = LabelTree::filter_bit(mix(parent, key));
                tree.filter[bit / 64 % FILTER_WORDS] |= 1 << (bit % 64);
            }
        }
        Ok(tree)
    }

    /// Gives every valid `xn--` label a twin: an edge from the same parent,
    /// keyed by the label's Unicode form (UTF-8), to a node that stands for
    /// the `xn--` node. A Unicode host whose labels are already in their
    /// canonical form but for the encoding (lower case, no other separator)
    /// is then walked as it is, without encoding a label: a Unicode label is
    /// the twin's label exactly when its A-label is the rule's (Punycode is a
    /// one-to-one code, and only canonical A-labels get a twin).
    fn add_unicode_twins(&mut self, edges: &mut usize) -> Result<(), FormatError> {
        let mut twins = Vec::new();
        for slot in self.slots.iter().filter(|s| s.parent != NONE) {
            let node = &self.nodes[slot.child as usize];
            let head = slot.key.to_le_bytes();
            let label = match node.len {
                0..=8 => &head[..node.len as usize],
                _ => self.long_label(node),
            };
            if let Some(unicode) = crate::label::unicode_form(label) {
                twins.push((slot.parent, slot.child, unicode));
            }
        }
        for (parent, child, unicode) in twins {
            let twin = self.add_edge(parent, &unicode, child, edges)?;
            // All keys are in: what a lookup learns at the `xn--` node is
            // final, and the twin tells it without a second load.
            let Node {
                value,
                children,
                star,
                ..
            } = self.nodes[child as usize];
            let node = &mut self.nodes[twin as usize];
            (node.value, node.children, node.star) = (value, children, star);
        }
        Ok(())
    }

    /// Adds a node reached from `parent` by `label`, standing for
    /// `twin_of` (or for itself, when [`NONE`]), and its edge; `edges`
    /// counts the edges so far. Returns the new node.
    fn add_edge(
        &mut self,
        parent: NodeId,
        label: &[u8],
        twin_of: NodeId,
        edges: &mut usize,
    ) -> Result<NodeId, FormatError> {
        let mut node = new_node(label.len() as u8);
        node.canonical = twin_of;
        if label.len() > 8 {
            node.bytes = self.long_labels.len() as u32;
            self.long_labels.extend_from_slice(label);
        }
        let id = self.push_node(node)?;
        // At most half full: an absent label (the usual last probe of a
        // lookup) is found after a slot or two.
        *edges += 1;
        if *edges * 2 > self.slots.len() {
            self.grow();
        }
        self.insert(Slot {
            key: key(label),
            parent,
            child: id,
        });
        Ok(id)
    }

    /// Adds a node, refusing more than a `u32` counts.
    fn push_node(&mut self, node: Node) -> Result<NodeId, FormatError> {
        let id = NodeId::try_from(self.nodes.len())
            .ok()
            .filter(|&id| id != NONE)
            .ok_or(FormatError::Automaton {
                offset: 0,
                reason: "the keys unfold into too many labels",
            })?;
        let canonical = match node.canonical {
            NONE => id,
            twin_of => twin_of,
        };
        self.nodes.push(Node { canonical, ..node });
        Ok(id)
    }

    /// Puts an edge in the first free slot from its home.
    fn insert(&mut self, slot: Slot) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(mix(slot.parent, slot.key));
        while self.slots[i].parent != NONE {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
    }

    /// Doubles the table.
    fn grow(&mut self) {
        let doubled = vec![EMPTY; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.shift -= 1;
        for slot in old.into_iter().filter(|s| s.parent != NONE) {
            self.insert(slot);
        }
    }

    /// The slot where the edge `(parent, head)` is looked for first, from
    /// its [`mix`].
    #[inline(always)]
    fn home(&self, mixed: u64) -> usize {
        let h = (mixed ^ (mixed >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (h >> self.shift) as usize
    }

    /// The filter bit of an edge, from its [`mix`].
    #[inline(always)]
    fn filter_bit(mixed: u64) -> usize {
        (mixed >> (64 - FILTER_LOG2)) as usize
    }

    /// The node `id`.
    #[inline(always)]
    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// The child of `parent` whose label, of `len` bytes (at least one),
    /// has the [`label_key`] `key`, if there is one: the node to go on from
    /// and what a lookup learns there (for a Unicode twin, the `xn--` node
    /// and the twin, which carries its value). A label over eight bytes is
    /// compared in full by `is_label`, given the child's label.
    #[inline(always)]
    pub(crate) fn child(
        &self,
        parent: NodeId,
        key: u64,
        len: usize,
        is_label: impl Fn(&[u8]) -> bool,
    ) -> Option<(NodeId, &Node)> {
        let mixed = mix(parent, key);
        // Most labels of a host are in no rule: the filter (a Bloom filter
        // with one hash, small enough to stay in cache) turns most of them
        // away before the table is touched.
        let bit = Self::filter_bit(mixed);
        if self.filter[bit / 64 % FILTER_WORDS] & (1 << (bit % 64)) == 0 {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(mixed);
        loop {
            let slot = self.slots[i];
            if slot.parent == parent && slot.key == key {
                let node = &self.nodes[slot.child as usize];
                if node.len as usize == len && (len <= 8 || is_label(self.long_label(node))) {
                    return Some((node.canonical, node));
                }
            } else if slot.parent == NONE {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// The label leading to `node`, a label over eight bytes.
    fn long_label(&self, node: &Node) -> &[u8] {
        let start = node.bytes as usize;
        self.long_labels
            .get(start..start + node.len as usize)
            .unwrap_or(&[])
    }

    /// The longest run of slots a lookup may probe, and the table's size.
    #[cfg(test)]
    pub(crate) fn longest_probe(&self) -> (usize, usize) {
        let mask = self.slots.len() - 1;
        let mut longest = 0;
        for (at, slot) in self.slots.iter().enumerate() {
            if slot.parent != NONE {
                let home = self.home(mix(slot.parent, slot.key));
                longest = longest.max(((at + self.slots.len() - home) & mask) + 1);
            }
        }
        (longest, self.slots.len())
    }
}

/// The first hash of an edge (Fibonacci hashing of its parent and head):
/// its top bits pick the filter bit, and a second round the slot.
#[inline(always)]
fn mix(parent: NodeId, key: u64) -> u64 {
    (key ^ u64::from(parent).rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A node with no value and no children, reached by a label of `len` bytes.
fn new_node(len: u8) -> Node {
    Node {
        value: 0,
        children: false,
        len,
        star: NONE,
        bytes: 0,
        canonical: NONE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tree of the built-in list.
    fn builtin() -> LabelTree {
        let bytes = include_bytes!("../vectors/public_suffix_list.fst");
        let (_, fst) = crate::format::read(bytes).unwrap();
        let automaton =
            Automaton::decode(&bytes[fst], crate::compile::flags::is_valid, |_| true).unwrap();
        LabelTree::build(&automaton).unwrap()
    }

    #[test]
    fn builtin_table_is_sparse_and_short() {
        let tree = builtin();
        let (longest, slots) = tree.longest_probe();
        // Nodes but the root: the edges and the `*` nodes.
        let edges = tree.nodes.len() - 1;
        assert!(edges * 2 <= slots, "{edges} edges in {slots} slots");
        eprintln!("{edges} nodes, {slots} slots, probes of at most {longest}");
        assert!(longest <= 16, "a probe may take {longest} slots");
        // Every rule's labels are found.
        let root = tree.node(ROOT);
        assert!(root.has_labels() && root.star().is_none());
        let find = |parent, label: &[u8]| {
            tree.child(parent, key(label), label.len(), |l| l == label)
                .map(|c| c.0)
        };
        let com = find(ROOT, b"com").unwrap();
        assert!(tree.node(com).value != 0);
        let long = b"elasticbeanstalk";
        assert!(find(com, long).is_some());
        assert!(find(com, b"elasticbeanstalX").is_none());
        assert!(find(com, b"example").is_none());
        // An `xn--` label's Unicode twin leads to the same node.
        let cn = find(ROOT, b"cn").unwrap();
        let gongsi = find(cn, b"xn--55qx5d").unwrap();
        assert_eq!(find(cn, "公司".as_bytes()), Some(gongsi));
        assert_eq!(find(ROOT, "食狮".as_bytes()), None);
        let ck = find(ROOT, b"ck").unwrap();
        let star = tree.node(ck).star().unwrap();
        assert!(!tree.node(star).has_children());
    }
}
