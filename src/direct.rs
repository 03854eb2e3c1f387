//! Answering straight from the `fst` map, before the tree is unfolded.
//!
//! Unfolding the built-in list into the [label tree](crate::tree) costs
//! about as much as a couple of thousand lookups. A program that looks up a
//! handful of hosts (one `etld lookup`, a shell loop, a short-lived
//! function) need not pay it: the built-in list answers its first lookups
//! by walking the map itself, and unfolds the tree only once it has
//! answered [`DIRECT_WALKS`] hosts that way (see `List::builtin`).
//!
//! [`FstLabels`] gives the [walk](crate::walk) the tree's view of the map:
//! the node of a name is the map's state after the name's key (its bytes
//! reversed, `ku.oc` for `co.uk`), a key that ends there is a rule, and
//! its children's labels follow a `.`; a `*` label is a wildcard. A node
//! is named by its state's address and the output gathered on the way to
//! it (the value of a key is the sum of the outputs along its path).
//!
//! The answers are those of the tree for any list whose labels are all
//! valid and that has no Unicode twins to match against. The built-in
//! list's labels are (the `builtin_labels_are_all_valid` test checks), and
//! a lookup of a Unicode host reaches this walk only after its labels are
//! encoded: the tree's twins are a shortcut for such hosts, not a
//! different answer. Every node is decoded with every offset checked, and
//! every transition points below the node it leaves, so a walk cannot
//! panic or loop; a node that does not decode reads as no node.

use crate::automaton::Automaton;
use crate::scan::Name;
use crate::tree::NodeId;
use crate::walk::{Labels, NodeView};

/// How many hosts the built-in list answers from the map before it
/// unfolds the tree: about a tenth of what unfolding costs.
pub(crate) const DIRECT_WALKS: u32 = 256;

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

impl NodeView for FstNode {
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
        if id == crate::tree::ROOT {
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
    type Node<'n>
        = FstNode
    where
        Self: 'n;

    fn node(&self, id: NodeId) -> FstNode {
        if id == crate::tree::ROOT {
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

/// The benchmark's hosts, for the tests.
#[cfg(test)]
#[path = "../benches/hosts/mod.rs"]
mod hosts;

#[cfg(test)]
mod tests {
    use super::hosts;
    use crate::options::{Options, Output, Sections, Wildcard};
    use crate::List;

    /// Hosts of every kind: the benchmark's realistic mix, the official
    /// test cases' hosts, and hosts that meet wildcards, exceptions, upper
    /// case, Unicode, A-labels, trailing dots, numbers and errors.
    fn hosts() -> Vec<String> {
        let mut all = hosts::realistic_hosts(20_000, 7);
        let cases = include_str!("../vectors/test_psl.txt");
        for line in cases.lines() {
            if let Some(rest) = line.trim().strip_prefix("checkPublicSuffix(") {
                if let Some(host) = rest.split('\'').nth(1) {
                    all.push(host.to_string());
                }
            }
        }
        let edges = [
            "a.b.kobe.jp",
            "www.city.kobe.jp",
            "city.kobe.jp",
            "kobe.jp",
            "x.ck",
            "www.ck",
            "ck",
            "a.b.c.compute.amazonaws.com",
            "WWW.Example.CO.UK",
            "www.食狮.公司.cn",
            "食狮.公司.cn",
            "xn--85x722f.xn--55qx5d.cn",
            "ÉXAMPLE.fr",
            "www.example.com.",
            "com.",
            "co.uk",
            "1.2.3.4",
            "example.123",
            "a..b.com",
            "",
            ".",
            "xn--a.com",
            "a.b.c.d.e.f.g.blogspot.com",
            "s3.dualstack.us-east-1.amazonaws.com",
            "x.zzz",
            "zzz",
            "ｅｘａｍｐｌｅ．ｃｏ．ｕｋ",
        ];
        all.extend(edges.iter().map(|h| h.to_string()));
        all
    }

    /// Everything a lookup answers, as text.
    fn answer(list: &List, host: &str, options: &Options) -> String {
        match list.lookup_with(host, options) {
            Ok(d) => format!(
                "{} {:?} {:?} {:?} {:?} {}",
                d.as_str(),
                d.suffix(),
                d.registrable(),
                d.subdomain(),
                d.section(),
                d.is_known()
            ),
            Err(e) => format!("error: {e:?}"),
        }
    }

    #[test]
    fn the_map_answers_as_the_tree_does() {
        let direct = List::builtin_unfolded_later(u32::MAX);
        let tree = List::from_fst_static(List::builtin_fst()).unwrap();
        let hosts = hosts();
        let mut compared = 0;
        for sections in [Sections::All, Sections::IcannOnly] {
            for wildcard in [Wildcard::Strict, Wildcard::Browser] {
                for implicit in [true, false] {
                    for output in [Output::Input, Output::Ascii, Output::Unicode] {
                        let options = Options::new()
                            .sections(sections)
                            .wildcard(wildcard)
                            .implicit_rule(implicit)
                            .output(output);
                        for host in &hosts {
                            assert_eq!(
                                answer(&direct, host, &options),
                                answer(&tree, host, &options),
                                "{host:?} {options:?}"
                            );
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > 24 * 20_000);
        // The batch path, and the cookie check, walk the map too.
        let mut batch = Vec::new();
        direct.lookup_each(hosts.iter().map(String::as_str), |_, a| {
            batch.push(format!("{a:?}"));
        });
        let mut want = Vec::new();
        tree.lookup_each(hosts.iter().map(String::as_str), |_, a| {
            want.push(format!("{a:?}"));
        });
        assert_eq!(batch, want);
        for (request, cookie) in [
            ("a.b.kobe.jp", "kobe.jp"),
            ("www.example.co.uk", "example.co.uk"),
            ("www.example.co.uk", "co.uk"),
            ("a.blogspot.com", "blogspot.com"),
            ("x.y.ck", "y.ck"),
        ] {
            assert_eq!(
                direct.is_cookie_domain_acceptable(request, cookie),
                tree.is_cookie_domain_acceptable(request, cookie),
                "{request} {cookie}"
            );
        }
        assert!(!direct.is_unfolded());
    }

    #[test]
    fn the_tree_is_unfolded_once_the_direct_walks_are_spent() {
        let list = List::builtin_unfolded_later(3);
        for _ in 0..3 {
            assert_eq!(
                list.lookup("www.example.co.uk").unwrap().suffix(),
                Some("co.uk")
            );
        }
        assert!(!list.is_unfolded());
        assert_eq!(
            list.lookup("www.example.co.uk").unwrap().suffix(),
            Some("co.uk")
        );
        assert!(list.is_unfolded());
        // Counts that need the automaton unfold it at once.
        let list = List::builtin_unfolded_later(100);
        assert!(list.state_count() > 1000);
        assert!(list.is_unfolded());
    }

    #[test]
    fn lookups_answer_from_the_map_while_another_thread_unfolds() {
        let list = List::builtin_unfolded_later(0);
        // Another thread has begun to unfold the tree.
        list.begin_unfolding_elsewhere();
        let answer = list.lookup("www.example.co.uk").unwrap();
        assert_eq!(answer.registrable(), Some("example.co.uk"));
        assert!(!list.is_unfolded());
        // A clone has a tree of its own, which nobody is unfolding yet.
        let clone = list.clone();
        clone.lookup("www.example.co.uk").unwrap();
        assert!(clone.is_unfolded() && !list.is_unfolded());
        // Threads that look up while one unfolds all get the tree's
        // answers, and the tree is there once they are done.
        let list = List::builtin_unfolded_later(0);
        let tree = List::builtin();
        tree.unfold();
        let hosts = hosts();
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    for host in &hosts {
                        let got = list
                            .lookup(host)
                            .map(|d| d.registrable().map(str::to_owned));
                        let want = tree
                            .lookup(host)
                            .map(|d| d.registrable().map(str::to_owned));
                        assert_eq!(got, want, "{host}");
                    }
                });
            }
        });
        assert!(list.is_unfolded());
    }

    #[test]
    fn builtin_labels_are_all_valid() {
        // The map's answers are the tree's only where the tree left no rule
        // out for an invalid label.
        let text = include_bytes!("../vectors/public_suffix_list.dat");
        let rules = crate::rule::RuleSet::parse(text).unwrap();
        for rule in rules.rules() {
            for label in rule.name().split('.').filter(|l| *l != "*") {
                assert!(
                    crate::label::check_ascii_label(label.as_bytes()).is_ok(),
                    "{}",
                    rule.name()
                );
            }
        }
    }
}
