//! Answering straight from the `fst` map, before the tree is unfolded.
//!
//! Unfolding a list into the [label tree](crate::lookup::tree) costs about
//! as much as a couple of thousand lookups. A program that looks up a
//! handful of hosts (one `etld lookup`, a shell loop, a short-lived
//! function) need not pay it: a list answers its first lookups by walking
//! the map itself, and unfolds the tree only once it has answered
//! [`DIRECT_WALKS`] hosts that way (see `List::builtin`).
//!
//! [`FstLabels`] gives the [walk](crate::lookup::walk) the tree's view of the map:
//! the node of a name is the map's state after the name's key (its bytes
//! reversed, `ku.oc` for `co.uk`), a key that ends there is a rule, and
//! its children's labels follow a `.`; a `*` label is a wildcard. A node
//! is named by its state's address and the output gathered on the way to
//! it (the value of a key is the sum of the outputs along its path).
//!
//! The answers are those of the tree for any list whose labels are all
//! valid and that has no Unicode twins to match against. The built-in
//! list's labels are (the `builtin_labels_are_all_valid` test checks), a
//! loaded list's are if it answers this way at all
//! ([`walkable`](crate::lookup::walkable) checks), and
//! a lookup of a Unicode host reaches this walk only after its labels are
//! encoded: the tree's twins are a shortcut for such hosts, not a
//! different answer. Every node is decoded with every offset checked, and
//! every transition points below the node it leaves, so a walk cannot
//! panic or loop; a node that does not decode reads as no node.

use crate::host::scan::Name;
use crate::lookup::tree::NodeId;
use crate::lookup::walk::{Labels, NodeView};
use crate::rules::automaton::Automaton;

/// How many hosts a list answers from the map before it unfolds the
/// tree: together a fraction of what unfolding costs (`examples/load_memory`,
/// docs/performance.md, "Loading").
pub(crate) const DIRECT_WALKS: u32 = 256;

/// How many hosts a list of `keys` keys answers from the map before it
/// unfolds the tree: [`DIRECT_WALKS`], or for a list larger than the
/// built-in one, as many more as keep the walks the same fraction of the
/// unfolding, whose cost grows with the keys (the built-in list's takes
/// 3.4 ms, docs/performance.md, "Loading"; a list of a million rules,
/// about a second).
pub(crate) fn direct_walks(keys: u64) -> u32 {
    // The built-in list's 10,709 keys give 255: DIRECT_WALKS stands.
    let scaled = keys / 42;
    DIRECT_WALKS.max(u32::try_from(scaled).unwrap_or(u32::MAX))
}

/// The map as [`Labels`] (see the [module docs](self)).
pub(crate) struct FstLabels<'a> {
    automaton: Automaton<'a>,
}

/// What a walk learns at a node of the map.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FstNode {
    value: u8,
    star: Option<NodeId>,
    labels: bool,
}

impl NodeView<NodeId> for FstNode {
    #[inline]
    fn value(&self) -> u8 {
        self.value
    }

    #[inline]
    fn star(&self) -> Option<NodeId> {
        self.star
    }

    #[inline]
    fn has_labels(&self) -> bool {
        self.labels
    }

    #[inline]
    fn has_children(&self) -> bool {
        self.labels || self.star.is_some()
    }
}

/// The node of no name: no value, no children.
const NOTHING: FstNode = FstNode {
    value: 0,
    star: None,
    labels: false,
};

/// Bits of a node's id that hold the output gathered on the way to it
/// (outputs sum to a key's value, which is below 64).
const OUTPUT_BITS: u32 = 6;

impl<'a> FstLabels<'a> {
    /// The map `fst`, its header and footer read.
    pub(crate) fn open(fst: &'a [u8]) -> Option<FstLabels<'a>> {
        let automaton = Automaton::open(fst).ok()?;
        // Every node's id must fit a `NodeId` with room for the output.
        let fits = (automaton.root() as u64) < u64::from(NodeId::MAX >> (OUTPUT_BITS + 1));
        fits.then_some(FstLabels { automaton })
    }

    /// The id of the node at `addr` reached with `gathered`: never 0, the
    /// root's.
    fn id(addr: usize, gathered: u8) -> Option<NodeId> {
        let addr = NodeId::try_from(addr).ok()?;
        let gathered = NodeId::from(gathered);
        (gathered < 1 << OUTPUT_BITS).then(|| ((addr << OUTPUT_BITS) | gathered) + 1)
    }

    /// The state and gathered output of a node id other than the root's.
    fn place(id: NodeId) -> (usize, u8) {
        let raw = id - 1;
        let gathered = (raw & ((1 << OUTPUT_BITS) - 1)) as u8;
        ((raw >> OUTPUT_BITS) as usize, gathered)
    }

    /// Where the labels of the node `id`'s children start: the state after
    /// its `.` (the root's children start at the root), and the output
    /// gathered there.
    fn children_of(&self, id: NodeId) -> Option<(usize, u8)> {
        if id == crate::lookup::tree::ROOT {
            return Some((self.automaton.root(), 0));
        }
        let (addr, gathered) = FstLabels::place(id);
        let ((output, target), _) = match self.automaton.find(addr, b'.') {
            Ok((Some(found), others)) => (found, others),
            _ => return None,
        };
        Some((target, gathered.checked_add(output)?))
    }

    /// What a walk learns at the node of the state `addr` reached with
    /// `gathered` (`id`: its id).
    fn learn(&self, id: NodeId, addr: usize, gathered: u8) -> FstNode {
        let value = match self.automaton.final_output(addr) {
            Ok(Some(last)) => gathered.checked_add(last).filter(|&v| v < 64).unwrap_or(0),
            _ => 0,
        };
        let Some((children, at)) = self.children_of(id) else {
            return FstNode { value, ..NOTHING };
        };
        let (star, others) = match self.automaton.find(children, b'*') {
            Ok((Some((output, target)), others)) => {
                let star = at
                    .checked_add(output)
                    .and_then(|g| FstLabels::id(target, g));
                (star, others)
            }
            Ok((None, others)) => (None, others),
            Err(_) => (None, false),
        };
        FstNode {
            value,
            star,
            labels: others,
        }
    }
}

impl Labels for FstLabels<'_> {
    type Id = NodeId;
    type Node<'n>
        = FstNode
    where
        Self: 'n;

    const ROOT: NodeId = crate::lookup::tree::ROOT;

    fn node(&self, id: NodeId) -> FstNode {
        if id == crate::lookup::tree::ROOT {
            // The empty name: no rule, its children at the root.
            return FstNode {
                value: 0,
                ..self.learn(id, self.automaton.root(), 0)
            };
        }
        let (addr, gathered) = FstLabels::place(id);
        self.learn(id, addr, gathered)
    }

    fn child<const N: usize, const FOLD: bool>(
        &self,
        parent: NodeId,
        _: FstNode,
        name: &Name<N>,
        start: usize,
        end: usize,
    ) -> Option<(NodeId, FstNode)> {
        let (mut addr, mut gathered) = self.children_of(parent)?;
        let label = name.as_bytes().get(start..end)?;
        // The key holds the label's bytes in reverse.
        for &byte in label.iter().rev() {
            let byte = match FOLD {
                true => byte.to_ascii_lowercase(),
                false => byte,
            };
            let ((output, target), _) = match self.automaton.find(addr, byte) {
                Ok((Some(found), others)) => (found, others),
                _ => return None,
            };
            (addr, gathered) = (target, gathered.checked_add(output)?);
        }
        let id = FstLabels::id(addr, gathered)?;
        Some((id, self.learn(id, addr, gathered)))
    }
}
