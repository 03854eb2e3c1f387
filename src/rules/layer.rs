//! Layers: the rules of further list texts laid over a compiled list.
//!
//! A layered list answers exactly as the list would with the texts
//! appended to it. That holds key by key: compiling a text gives each
//! name the union of the flags of the rules that have it (and the implied
//! flag of the wildcard rules below it, see `compile.rs`), so the keys of
//! the list and those of the texts, each already merged, merge by the same
//! union. The map of the list is streamed in key order beside the texts'
//! sorted keys, and a new map is built from both in one pass; nothing of
//! the list is parsed again.
//!
//! Each text is parsed on its own, so each starts outside any section
//! marker, as a text appended after the list's closing
//! `// ===END PRIVATE DOMAINS===` line does.

use std::collections::BTreeMap;
use std::fmt;

use fst::Streamer;

use crate::error::{BuildError, Error};
use crate::rules::compile::{self, RuleCounts};
use crate::rules::format::{self, Header};
use crate::rules::rule::RuleSet;

/// One text of rules laid over a list: its name (given by whoever laid it,
/// such as the path it was read from), how many rules it holds and its
/// metadata.
///
/// ```
/// let list = etld::List::builtin().with_extra("corp.dat", b"// VERSION: 7\ncorp.example\n*.dev.corp.example\n")?;
/// let layer = &list.layers()[0];
/// assert_eq!(layer.name(), "corp.dat");
/// assert_eq!(layer.rule_counts().total(), 2);
/// assert_eq!(layer.version(), Some("7"));
/// # Ok::<(), etld::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    name: String,
    counts: RuleCounts,
    version: Option<String>,
    commit: Option<String>,
}

impl Layer {
    /// The name the layer was given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How many rules of each kind the text holds (its duplicates merged;
    /// a rule the list already holds counts here too).
    pub fn rule_counts(&self) -> RuleCounts {
        self.counts
    }

    /// The text's `// VERSION:` comment, if it had one.
    pub fn version(&self) -> Option<&str> {
        self.version.as_deref()
    }

    /// The text's `// COMMIT:` comment, if it had one.
    pub fn commit(&self) -> Option<&str> {
        self.commit.as_deref()
    }
}

/// The rules of the texts to lay over a list: their keys, merged as one
/// list's are, and a [`Layer`] for each text.
#[derive(Clone, Default)]
pub(crate) struct Extra {
    keys: BTreeMap<Vec<u8>, u8>,
    layers: Vec<Layer>,
}

impl fmt::Debug for Extra {
    /// The layers and how many keys they make, not every key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Extra")
            .field("layers", &self.layers)
            .field("keys", &self.keys.len())
            .finish()
    }
}

impl Extra {
    /// Adds the rules of one text, named `name`.
    pub(crate) fn add(&mut self, name: String, rules: &RuleSet) {
        let keys = compile::keys(rules);
        self.layers.push(Layer {
            name,
            counts: compile::count(&keys),
            version: rules.version().map(str::to_string),
            commit: rules.commit().map(str::to_string),
        });
        for (key, bits) in keys {
            *self.keys.entry(key).or_default() |= bits;
        }
    }

    /// The layers added, in order.
    pub(crate) fn layers(&self) -> &[Layer] {
        &self.layers
    }

    /// The `.fst` file of the list whose map is `map` and header `header`
    /// with these rules laid over it: the file that the list's text with
    /// the texts appended compiles to.
    ///
    /// `map` must be a checked map (that of a loaded list): its keys are
    /// read as they are.
    pub(crate) fn lay_over(&self, map: &[u8], header: &Header) -> Result<Vec<u8>, Error> {
        let keys = self.keys.iter().map(|(k, &v)| (k.as_slice(), v));
        let (fst, counts) = merge(map, keys)?;
        format::write(&self.header_over(header, counts), &fst)
    }

    /// The header of the list whose header is `header` with these rules
    /// laid over it, which then holds `counts` rules: the metadata of the
    /// text the list and its layers make, its first VERSION and COMMIT
    /// comments.
    pub(crate) fn header_over(&self, header: &Header, counts: RuleCounts) -> Header {
        let first = |own: &Option<String>, of: fn(&Layer) -> &Option<String>| {
            own.clone()
                .or_else(|| self.layers.iter().find_map(|l| of(l).clone()))
        };
        Header {
            counts,
            version: first(&header.version, |l| &l.version),
            commit: first(&header.commit, |l| &l.commit),
        }
    }

    /// The keys of the texts, merged, with their flags.
    pub(crate) fn keys(&self) -> &BTreeMap<Vec<u8>, u8> {
        &self.keys
    }
}

/// The map of the keys of the checked map `map` and of `keys` (in key
/// order), a key in both with the union of its flags, and how many rules
/// of each kind it holds.
pub(crate) fn merge<'k>(
    map: &[u8],
    keys: impl Iterator<Item = (&'k [u8], u8)>,
) -> Result<(Vec<u8>, RuleCounts), Error> {
    let build = |_: fst::Error| Error::Build(BuildError::Map);
    let map = fst::Map::new(map).map_err(build)?;
    let mut base = map.stream();
    let mut extra = keys.peekable();
    let mut builder = fst::MapBuilder::memory();
    let mut counts = RuleCounts::default();
    let mut insert = |key: &[u8], bits: u8| -> Result<(), Error> {
        counts.add_key(key, bits);
        builder.insert(key, u64::from(bits)).map_err(build)
    };
    // Both run in key order: a merge of two sorted sequences.
    while let Some((key, value)) = base.next() {
        let mut bits = u8::try_from(value).map_err(|_| Error::Build(BuildError::Map))?;
        while let Some((k, b)) = extra.next_if(|&(k, _)| k < key) {
            insert(k, b)?;
        }
        if let Some((_, b)) = extra.next_if(|&(k, _)| k == key) {
            bits |= b;
        }
        insert(key, bits)?;
    }
    for (k, b) in extra {
        insert(k, b)?;
    }
    Ok((builder.into_inner().map_err(build)?, counts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::compile::flags;

    fn file(text: &[u8]) -> Vec<u8> {
        let set = RuleSet::parse(text).unwrap();
        let keys = compile::keys(&set);
        let header = Header {
            counts: compile::count(&keys),
            version: set.version().map(str::to_string),
            commit: set.commit().map(str::to_string),
        };
        format::write(&header, &compile::build(&keys).unwrap()).unwrap()
    }

    /// The file of `base` with `texts` laid over it.
    fn layered(base: &[u8], texts: &[&[u8]]) -> Vec<u8> {
        let bytes = file(base);
        let (header, range) = format::read(&bytes).unwrap();
        let mut extra = Extra::default();
        for (i, text) in texts.iter().enumerate() {
            extra.add(format!("t{i}"), &RuleSet::parse(text).unwrap());
        }
        extra.lay_over(&bytes[range], &header).unwrap()
    }

    #[test]
    fn the_file_of_the_appended_text() {
        let base: &[u8] = b"// VERSION: 1\njp\nkobe.jp\n*.kobe.jp\n!city.kobe.jp\n\
            // ===BEGIN PRIVATE DOMAINS===\ngithub.io\n// ===END PRIVATE DOMAINS===\n";
        let texts: [&[u8]; 3] = [
            b"// VERSION: 2\n// COMMIT: c\n!foo.kobe.jp\n*.github.io\naaa\nzzz.jp\n",
            b"// ===BEGIN PRIVATE DOMAINS===\njp\nkobe.jp\n*.kobe.jp\n// ===END PRIVATE DOMAINS===\n",
            b"github.io\n",
        ];
        let mut appended = base.to_vec();
        for t in texts {
            appended.extend_from_slice(t);
        }
        assert_eq!(layered(base, &texts), file(&appended));
        let (header, _) = format::read(&file(&appended)).unwrap();
        assert_eq!(header.version.as_deref(), Some("1"));
        assert_eq!(header.commit.as_deref(), Some("c"));
    }

    #[test]
    fn flags_merge_as_in_one_list() {
        let bytes = layered(
            b"kobe.jp\n",
            &[b"*.kobe.jp\n", b"// ===BEGIN PRIVATE DOMAINS===\nkobe.jp\n"],
        );
        let (header, range) = format::read(&bytes).unwrap();
        let map = fst::Map::new(&bytes[range]).unwrap();
        assert_eq!(
            map.get("pj.ebok"),
            Some(u64::from(
                flags::NORMAL_ICANN | flags::IMPLIED_ICANN | flags::NORMAL_PRIVATE
            ))
        );
        assert_eq!(map.get("pj.ebok.*"), Some(u64::from(flags::NORMAL_ICANN)));
        assert_eq!(header.counts.total(), 3);
        assert_eq!(header.counts.private, 1);
        assert_eq!(header.counts.wildcards, 1);
    }

    #[test]
    fn layers_remember_their_texts() {
        let mut extra = Extra::default();
        extra.add(
            "a".into(),
            &RuleSet::parse(b"// VERSION: 3\nx\nx\n!a.b\n").unwrap(),
        );
        let layer = &extra.layers()[0];
        assert_eq!(layer.name(), "a");
        assert_eq!(layer.version(), Some("3"));
        assert_eq!(layer.commit(), None);
        assert_eq!(layer.rule_counts().total(), 2);
        assert_eq!(layer.rule_counts().exceptions, 1);
    }
}
