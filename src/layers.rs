//! Your own rules over the list: [`Layers`] and [`List::with_extra`]. The
//! guide is on [`Layers`], where the rendered docs show it.

use crate::error::Error;
use crate::list::List;
use crate::rules::layer::Extra;
use crate::rules::rule::RuleSet;

/// Texts of rules to lay over a list, and the layered list they make
/// ([`Layers::build`]); [`List::with_extra`] lays one.
///
/// A company or a hosting platform has suffixes of its own that the public
/// list will never hold (`*.dev.corp.example`, a customer zone). Rather
/// than keep a private copy of the whole list, lay a short text of its own
/// rules over any list (the built-in one, one loaded from a file, the one
/// `etld update` installed): the result answers exactly as the list would
/// with the text appended to it, as Firefox reads an
/// `effective_tld_names.dat` from the user's profile "as though appended"
/// to its own.
///
/// ```
/// use etld::{List, Section};
///
/// let corp = b"// ===BEGIN PRIVATE DOMAINS===\n*.dev.corp.example\n!www.dev.corp.example\n";
/// let list = List::builtin().with_extra("corp.dat", corp)?;
///
/// let d = list.lookup("api.alice.dev.corp.example")?;
/// assert_eq!(d.suffix(), Some("alice.dev.corp.example"));
/// assert_eq!(d.registrable(), Some("api.alice.dev.corp.example"));
/// assert_eq!(d.section(), Some(Section::Private));
/// // The exception, and the rest of the list, as before.
/// assert_eq!(list.lookup("www.dev.corp.example")?.suffix(), Some("dev.corp.example"));
/// assert_eq!(list.lookup("www.example.co.uk")?.suffix(), Some("co.uk"));
/// # Ok::<(), etld::Error>(())
/// ```
///
/// # What "appended" means
///
/// Each text follows the rules of list text (`.dat`): sections by their
/// `===BEGIN ICANN DOMAINS===` / `===BEGIN PRIVATE DOMAINS===` markers,
/// rules outside any marked section ICANN, each text starting outside any
/// section (as after the Public Suffix List's last line). Exceptions and
/// wildcards meet across layers as in one list (an extra `!foo.kobe.jp`
/// makes an exception to the list's `*.kobe.jp`), and a rule listed in
/// several layers is merged as a duplicate in one list is. The layered list's
/// VERSION and COMMIT are the first the list and its texts have, as in
/// the appended text, and its [`.fst` file](List::to_fst_bytes) is byte
/// for byte the one that text compiles to.
///
/// # Cost
///
/// Laying a text over a list costs what the text holds: its rules are
/// parsed and their keys put into a small tree of their own, which lookups
/// walk beside the list's map as one tree; nothing of the list is read
/// again. Ten rules over the built-in list take a tenth of a millisecond
/// and a few tens of kilobytes. After its first few hundred lookups the
/// layered list unfolds into one tree of both, as any list unfolds its
/// own, so its lookups then cost what they cost on the list itself. Its
/// `.fst` file ([`List::to_fst_bytes`], and [`List::fingerprint`],
/// [`List::fst_len`], [`List::state_count`] and [`List::key_count`], which
/// read it) is built the first time it is asked for.
///
/// A text with a `*` label that has labels below it (`a.*.example`), or a
/// list whose map was loaded the full way, is merged into a new map at
/// once instead, which costs about what building the list's map costs.
///
/// # Errors
///
/// A text that is not valid list text is refused with the line number and
/// what is wrong there ([`Error::Rule`]), and a compiled `.fst` list with
/// [`Error::CompiledLayer`]: a layer is list text. A text of no rules (an
/// empty file, comments only) is a layer that changes nothing, as appending
/// it to the list would. The caller, who read the text, adds its name.
///
/// ```
/// let mut layers = etld::Layers::new(etld::List::builtin());
/// let err = layers.add("corp.dat", b"corp.example\n*corp.example\n").unwrap_err();
/// assert_eq!(err.to_string(), "line 2, byte 0: a wildcard must be a whole label");
/// ```
///
/// # Several texts at once
///
/// ```
/// let mut layers = etld::Layers::new(etld::List::builtin());
/// layers
///     .add("platform.dat", b"// ===BEGIN PRIVATE DOMAINS===\nusers.platform.example\n")?
///     .add("staging.dat", b"*.staging.platform.example\n")?;
/// let list = layers.build()?;
///
/// assert_eq!(list.layers().len(), 2);
/// assert_eq!(list.layers()[1].name(), "staging.dat");
/// let d = list.lookup("me.users.platform.example")?;
/// assert_eq!(d.registrable(), Some("me.users.platform.example"));
/// # Ok::<(), etld::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Layers<'l> {
    base: &'l List,
    extra: Extra,
}

impl<'l> Layers<'l> {
    /// No texts yet over `base`.
    pub fn new(base: &'l List) -> Layers<'l> {
        Layers {
            base,
            extra: Extra::default(),
        }
    }

    /// Adds the rules of list text (`.dat`) as the next layer, named
    /// `name` (such as the path it was read from; see
    /// [`Layer::name`](crate::Layer::name)). An error, with its line, if
    /// the text is not valid list text, or if it is a compiled `.fst` list;
    /// the layers are then as they were. A text of no rules is accepted and
    /// changes no answer.
    pub fn add(&mut self, name: impl Into<String>, text: &[u8]) -> Result<&mut Layers<'l>, Error> {
        if crate::rules::format::is_fst_file(text) {
            return Err(Error::CompiledLayer);
        }
        let rules = RuleSet::parse_rules(text)?;
        Ok(self.add_rules(name, &rules))
    }

    /// Adds a set of rules as the next layer, named `name`.
    pub fn add_rules(&mut self, name: impl Into<String>, rules: &RuleSet) -> &mut Layers<'l> {
        self.extra.add(name.into(), rules);
        self
    }

    /// The layered list: the base list's answers with the texts appended,
    /// in the order they were added. It has the base list's default
    /// [options](List::options), and remembers the base list's layers and
    /// these ([`List::layers`]).
    pub fn build(&self) -> Result<List, Error> {
        let base = self.base;
        if self.extra.layers().is_empty() {
            return Ok(base.clone());
        }
        let layers: Vec<_> = base
            .layers()
            .iter()
            .chain(self.extra.layers())
            .cloned()
            .collect();
        if let Some(list) = base.with_layer(&self.extra, layers.clone()) {
            return Ok(list);
        }
        let file = self.extra.lay_over(base.map(), base.header())?;
        Ok(List::layered(file, layers)?.with_options(base.options()))
    }
}

impl List {
    /// This list with the rules of list text (`.dat`) laid over it, as
    /// though appended to it, named `name` (see [`Layers`], which lays
    /// several at once).
    ///
    /// ```
    /// let list = etld::List::builtin();
    /// assert_eq!(list.lookup("a.b.kobe.jp")?.suffix(), Some("b.kobe.jp"));
    /// let list = list.with_extra("kobe.dat", b"!b.kobe.jp\n")?;
    /// assert_eq!(list.lookup("a.b.kobe.jp")?.suffix(), Some("kobe.jp"));
    /// assert_eq!(list.lookup("a.c.kobe.jp")?.suffix(), Some("c.kobe.jp"));
    /// # Ok::<(), etld::Error>(())
    /// ```
    pub fn with_extra(&self, name: impl Into<String>, text: &[u8]) -> Result<List, Error> {
        Layers::new(self).add(name, text)?.build()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::list::unfolded_later::{answer, hosts};
    use crate::{List, Options, Output, Sections, Wildcard};

    /// Every set of options, in every output form.
    fn every_option() -> Vec<Options> {
        let mut all = Vec::new();
        for sections in [Sections::All, Sections::IcannOnly] {
            for wildcard in [Wildcard::Strict, Wildcard::Browser] {
                for implicit in [true, false] {
                    for output in [Output::Input, Output::Ascii, Output::Unicode] {
                        all.push(
                            Options::new()
                                .sections(sections)
                                .wildcard(wildcard)
                                .implicit_rule(implicit)
                                .output(output),
                        );
                    }
                }
            }
        }
        all
    }

    /// `texts` appended to `base`, each on lines of its own.
    fn appended(base: &[u8], texts: &[&[u8]]) -> Vec<u8> {
        let mut all = base.to_vec();
        for text in texts {
            all.push(b'\n');
            all.extend_from_slice(text);
        }
        all
    }

    /// Asserts that `texts` laid over `base` are walked beside its map, and
    /// that the layered list answers `hosts` as the appended text does:
    /// from the map and the layer's tree, and unfolded. Its file and counts
    /// are the appended text's too.
    fn walked_beside(base: &List, base_text: &[u8], texts: &[&[u8]], hosts: &[String]) {
        let mut layered = base.clone();
        for (i, text) in texts.iter().enumerate() {
            layered = layered.with_extra(format!("t{i}"), text).unwrap();
            assert!(layered.walks_a_layer_beside());
        }
        let want = List::from_dat(&appended(base_text, texts)).unwrap();
        let unfolded = layered.clone();
        unfolded.unfold();
        // Never unfolded: every lookup walks the map and the layer.
        layered.begin_unfolding_elsewhere();
        for options in every_option() {
            for host in hosts {
                let want = answer(&want, host, &options);
                assert_eq!(
                    answer(&layered, host, &options),
                    want,
                    "{host:?} {options:?}"
                );
                assert_eq!(
                    answer(&unfolded, host, &options),
                    want,
                    "{host:?} {options:?}"
                );
            }
        }
        // The batch path walks the map and the layer too.
        let batch = |list: &List| {
            let mut all = Vec::new();
            list.lookup_each(hosts.iter().map(String::as_str), |_, a| {
                all.push(format!("{a:?}"))
            });
            all
        };
        assert_eq!(batch(&layered), batch(&want));
        assert!(!layered.is_unfolded());
        assert_eq!(layered.rule_counts(), want.rule_counts());
        assert_eq!(layered.key_count(), want.key_count());
        assert_eq!(layered.state_count(), want.state_count());
        assert_eq!(layered.to_fst_bytes(), want.to_fst_bytes());
        assert_eq!(layered.fingerprint(), want.fingerprint());
    }

    #[test]
    fn layers_walked_beside_the_builtin_map_answer_as_the_appended_text() {
        let corp: &[u8] = b"// VERSION: corp-7\n!foo.kobe.jp\n*.github.io\n!www.github.io\n\
            corp.example\n*.dev.corp.example\n!www.dev.corp.example\n\
            // ===BEGIN PRIVATE DOMAINS===\nco.uk\nkobe.jp\nck\nxn--55qx5d.cn\n\
            // ===END PRIVATE DOMAINS===\n";
        let platform: &[u8] = b"// ===BEGIN PRIVATE DOMAINS===\n*.sites.platform.example\n\
            !admin.sites.platform.example\n// ===END PRIVATE DOMAINS===\n!bar.kobe.jp\ncom\n";
        let mut hosts = hosts();
        for host in [
            "a.foo.kobe.jp",
            "a.bar.kobe.jp",
            "x.y.github.io",
            "www.github.io",
            "a.b.dev.corp.example",
            "www.dev.corp.example",
            "a.admin.sites.platform.example",
            "a.b.sites.platform.example",
            "x.co.uk",
            "a.b.ck",
            "www.xn--55qx5d.cn",
            "www.公司.cn",
        ] {
            hosts.push(host.to_string());
        }
        let text = include_bytes!("../vectors/public_suffix_list.dat");
        walked_beside(List::builtin(), text, &[corp, platform], &hosts);
    }

    /// Labels small enough that random rules and hosts collide often.
    const LABELS: &[&str] = &["a", "b", "c", "ab"];

    /// A random list text whose `*` labels are all leftmost, as those of a
    /// list walked beside a layer are.
    fn text() -> impl Strategy<Value = String> {
        let rule = (
            prop::bool::weighted(0.2),
            prop::collection::vec(prop::sample::select(LABELS), 1..=4),
            prop::sample::select(&[' ', ' ', ' ', '*', '!'][..]),
        )
            .prop_map(|(private, labels, kind)| {
                let name = labels.join(".");
                let rule = match kind {
                    '*' => format!("*.{name}"),
                    '!' if labels.len() >= 2 => format!("!{name}"),
                    _ => name,
                };
                match private {
                    true => format!(
                        "// ===BEGIN PRIVATE DOMAINS===\n{rule}\n// ===END PRIVATE DOMAINS==="
                    ),
                    false => rule,
                }
            });
        prop::collection::vec(rule, 1..8).prop_map(|rules| rules.join("\n") + "\n")
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

        #[test]
        fn random_layers_walked_beside_answer_as_the_appended_text(
            base in text(),
            texts in prop::collection::vec(text(), 1..3),
            hosts in prop::collection::vec(prop::collection::vec(prop::sample::select(LABELS), 1..=5), 1..12),
        ) {
            let texts: Vec<&[u8]> = texts.iter().map(|t| t.as_bytes()).collect();
            let hosts: Vec<String> = hosts.iter().map(|h| h.join(".")).collect();
            let list = List::from_dat(base.as_bytes()).unwrap();
            walked_beside(&list, base.as_bytes(), &texts, &hosts);
        }
    }
}
