//! [`List`]: a compiled Public Suffix List, ready for lookups.
//!
//! This module says what a list is and how one is made: from the built-in
//! snapshot, from list text (compiled by the rules room), or from the bytes
//! of a `.fst` file (checked by the rules room). Its lookups are handed to
//! the [`Index`] of the lookup room that it holds; the cookie check is in
//! `cookie.rs`, built on [`List::lookup_with`].

use std::borrow::Cow;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use crate::error::{Error, FormatError, HostError, UrlLookupError};
use crate::lookup::batch::{Answer, Batch};
use crate::lookup::direct::DIRECT_WALKS;
use crate::lookup::domain::Domain;
use crate::lookup::index::{Bytes, Index};
use crate::lookup::walkable::Walkable;
use crate::options::Options;
use crate::rules::compile::{self, RuleCounts};
use crate::rules::format::{self, Header};
use crate::rules::layer::{Extra, Layer};
use crate::rules::rule::RuleSet;

/// The built-in list: the `.fst` compiled from `vectors/public_suffix_list.dat`.
static BUILTIN_FST: &[u8] = include_bytes!("../vectors/public_suffix_list.fst");

/// A compiled Public Suffix List.
///
/// A `List` comes from the built-in snapshot ([`List::builtin`]), from list
/// text ([`List::from_dat`]) or from a compiled `.fst` file
/// ([`List::from_fst`], [`List::from_fst_static`], [`List::from_path`]).
/// Loading checks the file completely, so lookups on a loaded list never panic.
/// Rules of your own can be laid over any of them ([`List::with_extra`],
/// [`Layers`](crate::Layers)).
///
/// Cloning is cheap: a clone shares the file's bytes and, once the list is
/// [unfolded](List::unfold), its tree. A clone made before then unfolds a
/// tree of its own when its lookups need one (a few milliseconds and a few
/// hundred kilobytes for the Public Suffix List): to clone a list many
/// times, unfold it first.
///
/// ```
/// use etld::List;
///
/// let list = List::from_dat(b"com\nuk\nco.uk\n*.ck\n!www.ck\n")?;
/// let d = list.lookup("a.b.example.co.uk")?;
/// assert_eq!(d.registrable(), Some("example.co.uk"));
/// assert_eq!(list.lookup("www.ck")?.suffix(), Some("ck"));
/// # Ok::<(), etld::Error>(())
/// ```
#[derive(Clone)]
pub struct List {
    /// The map and its tree, what lookups walk.
    index: Index,
    header: Header,
    options: Options,
    /// The texts laid over the list it was made from, if any.
    layers: Vec<Layer>,
}

/// A summary (version, rule counts, sizes, options, layers), not the
/// `.fst` file, which runs to a megabyte and would swamp a log line or a
/// panic message.
impl std::fmt::Debug for List {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("List")
            .field("version", &self.version())
            .field("commit", &self.commit())
            .field("rule_counts", &self.header.counts)
            .field("fst_len", &self.fst_len())
            .field("fingerprint", &format_args!("{:#018x}", self.fingerprint()))
            .field("options", &self.options)
            .field("layers", &self.layers)
            .finish()
    }
}

impl List {
    /// The built-in list (the snapshot named by [`List::version`]), loaded on
    /// first use and shared afterwards.
    ///
    /// ```
    /// let list = etld::List::builtin();
    /// assert!(list.version().is_some());
    /// assert!(list.rule_counts().total() > 9000);
    /// ```
    ///
    /// The first use reads the file's header and checks its checksum
    /// only. The first few hundred lookups are answered straight from the
    /// `fst` map, a few microseconds each; then the keys are unfolded into
    /// the tree that answers every later lookup (or at once, for a count
    /// that needs the whole automaton). While one thread unfolds it, lookups
    /// on the others go on answering from the map. So a program that
    /// looks up a handful of hosts starts as fast as one that embeds no
    /// list, and one that looks up millions pays the unfolding once.
    pub fn builtin() -> &'static List {
        static LIST: OnceLock<List> = OnceLock::new();
        LIST.get_or_init(|| List::builtin_unfolded_later(DIRECT_WALKS))
    }

    /// The built-in list, its header read, its tree unfolded once it has
    /// answered `direct` lookups from the map (see [`List::builtin`]).
    pub(crate) fn builtin_unfolded_later(direct: u32) -> List {
        // The embedded file is produced and checked by the test suite
        // (tests/builtin.rs), so it always loads.
        let bytes = Bytes::Static(BUILTIN_FST);
        let (header, fst) = format::read(bytes.as_slice())
            .unwrap_or_else(|e| panic!("the built-in list does not load: {e}"));
        List {
            index: Index::unfolded_later(bytes, fst, Walkable::BUILTIN, direct),
            header,
            options: Options::new(),
            layers: Vec::new(),
        }
    }

    /// The built-in list answering every lookup straight from the `fst`
    /// map, never unfolded: for the fuzz target that holds it to the tree.
    #[cfg(etld_fuzzing)]
    #[doc(hidden)]
    pub fn builtin_from_the_map() -> List {
        List::builtin_unfolded_later(u32::MAX)
    }

    /// Marks the tree as being unfolded by another thread, as
    /// [`List::unfold`] does, without unfolding it.
    #[cfg(test)]
    pub(crate) fn begin_unfolding_elsewhere(&self) {
        self.index.begin_unfolding_elsewhere();
    }

    /// Whether the list walks rules laid over it beside its map (see
    /// [`crate::lookup::overlay`]).
    #[cfg(test)]
    pub(crate) fn walks_a_layer_beside(&self) -> bool {
        self.index.has_overlay()
    }

    /// Whether the tree is unfolded (see [`List::builtin`]).
    #[cfg(test)]
    pub(crate) fn is_unfolded(&self) -> bool {
        self.index.is_unfolded()
    }

    /// The bytes of the built-in list's `.fst` file, to compare it with
    /// other lists before loading any (see [`crate::source`]).
    ///
    /// ```
    /// let bytes = etld::List::builtin_fst();
    /// assert_eq!(etld::source::peek_version(bytes).as_deref(), etld::List::builtin().version());
    /// ```
    pub fn builtin_fst() -> &'static [u8] {
        BUILTIN_FST
    }

    /// Parses and compiles list text (`.dat`).
    ///
    /// # Errors
    /// [`Error::Rule`] for a line that holds no valid rule, with its line
    /// number; [`Error::NoRules`] for text of no rule at all. Rules that are
    /// each valid can still fail together, far from any real list:
    /// wildcards nested so deeply that a lookup would follow more than 2^4
    /// paths at once ([`FormatError::Wildcards`](crate::FormatError::Wildcards)),
    /// or labels chosen to collide ([`FormatError::Collisions`](crate::FormatError::Collisions)),
    /// give [`Error::Format`], which names no line, since no one line is at
    /// fault.
    pub fn from_dat(text: &[u8]) -> Result<List, Error> {
        List::from_rules(&RuleSet::parse(text)?)
    }

    /// Compiles a set of rules; a set of no rule is [`Error::NoRules`], as
    /// list text of no rule is (it would answer every host by the implicit
    /// `*` rule alone).
    pub fn from_rules(rules: &RuleSet) -> Result<List, Error> {
        let keys = compile::keys(rules);
        let header = Header {
            counts: compile::count(&keys),
            version: rules.version().map(str::to_string),
            commit: rules.commit().map(str::to_string),
        };
        let fst = compile::build(&keys)?;
        List::from_fst(format::write(&header, &fst)?)
    }

    /// Loads a compiled `.fst` file held in memory.
    pub fn from_fst(bytes: Vec<u8>) -> Result<List, Error> {
        List::load(Bytes::Owned(Arc::new(bytes)))
    }

    /// Loads a compiled `.fst` file without copying it, for
    /// `include_bytes!`: a list of your own, embedded, that costs what the
    /// built-in list costs but for one check: loading reads the header,
    /// checks the checksum and, since the bytes may come from anywhere,
    /// checks the map in place (about 19 KB of memory at its peak and a
    /// millisecond or two for a list the size of the Public Suffix List,
    /// which the built-in list, trusted, skips; docs/performance.md,
    /// "Loading"); the first lookups are answered from the map with no
    /// allocation, and the tree that answers later ones is unfolded after a
    /// few hundred (more for a list larger than the built-in one, whose
    /// unfolding costs more; see [`List::builtin`] and [`List::unfold`]).
    ///
    /// Hold it in a `static` to load it once:
    ///
    /// ```
    /// use std::sync::LazyLock;
    /// use etld::List;
    ///
    /// // static MY_FST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/my_list.fst"));
    /// # static MY_FST: LazyLock<&'static [u8]> = LazyLock::new(|| {
    /// #     Box::leak(etld::compile(b"com\n*.dev.example.com\n").unwrap().into_boxed_slice())
    /// # });
    /// static MY_LIST: LazyLock<List> = LazyLock::new(|| {
    ///     // Compiled by the build script (`etld::compile`): it loads.
    ///     List::from_fst_static(*MY_FST).expect("my_list.fst loads")
    /// });
    ///
    /// assert_eq!(MY_LIST.lookup("a.b.dev.example.com")?.suffix(), Some("b.dev.example.com"));
    /// # Ok::<(), etld::HostError>(())
    /// ```
    ///
    /// `examples/embedded-list` in the repository is a whole crate that
    /// does this: its `build.rs` compiles a `.dat` file into `OUT_DIR`.
    /// A file of another format version than this etld's is an error that
    /// says how to compile it again (see the
    /// [compatibility policy](crate::format#compatibility)).
    pub fn from_fst_static(bytes: &'static [u8]) -> Result<List, Error> {
        List::load(Bytes::Static(bytes))
    }

    /// Loads list text or a compiled `.fst` file, told apart by the `.fst`
    /// magic bytes. Binary bytes without them (a damaged `.fst` file) are
    /// [`FormatError::NotAList`], not read as text:
    ///
    /// ```
    /// use etld::{Error, FormatError, List};
    ///
    /// let mut fst = etld::compile(b"com\n")?;
    /// fst[0] ^= 1;
    /// assert!(matches!(List::from_bytes(fst), Err(Error::Format(FormatError::NotAList))));
    /// # Ok::<(), etld::Error>(())
    /// ```
    pub fn from_bytes(bytes: Vec<u8>) -> Result<List, Error> {
        if format::is_fst_file(&bytes) {
            List::from_fst(bytes)
        } else if let Some(wrapping) = format::wrapped(&bytes) {
            Err(Error::Format(wrapping))
        } else if bytes.iter().take(1024).any(|&b| b == 0) {
            // Told apart here, where text parsing would report the first
            // byte that is not UTF-8 as a fault of line 1 or 2.
            Err(Error::Format(FormatError::NotAList))
        } else {
            List::from_dat(&bytes)
        }
    }

    /// Reads a `.dat` or `.fst` file (see [`List::from_bytes`]), of at most
    /// [`MAX_LIST_BYTES`](crate::source::MAX_LIST_BYTES): a larger file, a
    /// device or a directory is an [`Error::Io`] before anything is read
    /// (see [`source::read_list`](crate::source::read_list)).
    pub fn from_path(path: impl AsRef<Path>) -> Result<List, Error> {
        List::from_bytes(crate::read::read_list(path.as_ref())?)
    }

    fn load(bytes: Bytes) -> Result<List, Error> {
        let (header, fst) = format::read(bytes.as_slice())?;
        Ok(List {
            index: Index::load(bytes, fst)?,
            header,
            options: Options::new(),
            layers: Vec::new(),
        })
    }

    /// The list of the `.fst` file `bytes`, made of layers of rules over
    /// another list (see [`crate::Layers`]).
    pub(crate) fn layered(bytes: Vec<u8>, layers: Vec<Layer>) -> Result<List, Error> {
        Ok(List {
            layers,
            ..List::from_fst(bytes)?
        })
    }

    /// This list with the rules of `extra` laid over it, walked beside its
    /// map rather than merged into a new one (see
    /// [`crate::lookup::overlay`]), remembering `layers`; `None` where
    /// that does not hold, for the caller to merge them.
    pub(crate) fn with_layer(&self, extra: &Extra, layers: Vec<Layer>) -> Option<List> {
        // The list holds a rule's flags already counted in its header: only
        // the flags a key gains add rules.
        let mut counts = self.header.counts;
        for (key, &flags) in extra.keys() {
            counts.add_key(key, flags & !self.index.flags_of(key));
        }
        let header = extra.header_over(&self.header, counts);
        Some(List {
            index: self.index.with_layer(extra.keys(), header.clone())?,
            header,
            options: self.options,
            layers,
        })
    }

    /// The list's map, to lay rules over it.
    pub(crate) fn map(&self) -> &[u8] {
        self.index.map()
    }

    /// The list's header, to lay rules over it.
    pub(crate) fn header(&self) -> &Header {
        &self.header
    }

    /// Unfolds the list's keys into the tree that lookups walk, now, if
    /// they are not yet. Every list waits for a few hundred lookups (a list
    /// larger than the built-in one for more, see [`List::builtin`]): a
    /// server that wants its first lookup as fast as its millionth calls
    /// this at start (on a thread of its own, if it likes: lookups on other
    /// threads answer from the map until the tree is there). Cheap once
    /// done.
    ///
    /// ```
    /// let list = etld::List::builtin();
    /// list.unfold();
    /// assert_eq!(list.lookup("www.example.co.uk")?.suffix(), Some("co.uk"));
    /// # Ok::<(), etld::Error>(())
    /// ```
    pub fn unfold(&self) {
        self.index.unfold();
    }

    /// The same list with other default options.
    #[must_use]
    pub fn with_options(mut self, options: Options) -> List {
        self.options = options;
        self
    }

    /// The default options of [`List::lookup`].
    pub fn options(&self) -> Options {
        self.options
    }

    /// The `.fst` file of this list: write it out to load it again later.
    pub fn to_fst_bytes(&self) -> &[u8] {
        self.index.file()
    }

    /// The size in bytes of the automaton (the `fst` map inside the file).
    pub fn fst_len(&self) -> usize {
        self.index.fst_len()
    }

    /// The number of states of the automaton.
    pub fn state_count(&self) -> usize {
        self.index.state_count()
    }

    /// The number of keys of the automaton (rule names, plus the parents of
    /// wildcard rules).
    pub fn key_count(&self) -> u64 {
        self.index.key_count()
    }

    /// The texts of rules laid over the list it was made from, in order
    /// (see [`List::with_extra`]); none for a list made otherwise. A list
    /// written out ([`List::to_fst_bytes`]) and loaded again has the same
    /// rules and no layers.
    pub fn layers(&self) -> &[Layer] {
        &self.layers
    }

    /// What tells this list from others: the checksum of its `.fst` file,
    /// which holds its rules and its VERSION and COMMIT. Lists with the
    /// same rules and metadata have the same fingerprint however they were
    /// made (from text, from a `.fst` file, or with layers of rules over
    /// another list), and a rule more or less changes it. A program that
    /// hands work to others (the nodes of a cluster) compares it to know
    /// that they answer alike.
    ///
    /// ```
    /// let list = etld::List::builtin();
    /// let extra = list.with_extra("extra", b"*.dev.corp.example\n")?;
    /// assert_ne!(extra.fingerprint(), list.fingerprint());
    /// // A rule the list already has changes nothing.
    /// assert_eq!(list.with_extra("same", b"com\n")?.fingerprint(), list.fingerprint());
    /// # Ok::<(), etld::Error>(())
    /// ```
    pub fn fingerprint(&self) -> u64 {
        format::stored_checksum(self.index.file())
    }

    /// The list's `// VERSION:` comment, if it had one.
    pub fn version(&self) -> Option<&str> {
        self.header.version.as_deref()
    }

    /// The list's `// COMMIT:` comment, if it had one.
    pub fn commit(&self) -> Option<&str> {
        self.header.commit.as_deref()
    }

    /// How many rules of each kind the list holds, as its file's header
    /// states them (a list compiled by this library states them truly;
    /// loading does not count them again, which would cost a walk of every
    /// key).
    pub fn rule_counts(&self) -> RuleCounts {
        self.header.counts
    }

    /// Looks up a host with the list's options.
    ///
    /// The host is one hostname, not a URL. See the [crate docs](crate) for
    /// what is accepted and how the prevailing rule is chosen.
    #[inline]
    pub fn lookup<'h>(&self, host: &'h str) -> Result<Domain<'h>, HostError> {
        self.lookup_with(host, &self.options)
    }

    /// Looks up a host with the given options.
    ///
    /// ```
    /// use etld::{List, Options, Output, Sections};
    ///
    /// let list = List::builtin();
    /// let icann = Options::new().sections(Sections::IcannOnly);
    /// let d = list.lookup_with("foo.blogspot.com", &icann)?;
    /// assert_eq!(d.registrable(), Some("blogspot.com"));
    ///
    /// let ascii = Options::new().output(Output::Ascii);
    /// let d = list.lookup_with("www.食狮.公司.cn", &ascii)?;
    /// assert_eq!(d.registrable(), Some("xn--85x722f.xn--55qx5d.cn"));
    /// # Ok::<(), etld::Error>(())
    /// ```
    #[inline]
    pub fn lookup_with<'h>(
        &self,
        host: &'h str,
        options: &Options,
    ) -> Result<Domain<'h>, HostError> {
        self.index.lookup(host, options)
    }

    /// Looks up the host of a URL (or of `host:port`, an e-mail address, a
    /// bare host) with the list's options: the host that
    /// [`url::host`](crate::url::host) takes out of it, as the WHATWG URL
    /// standard's parser does, for a URL of any scheme.
    ///
    /// ```
    /// let list = etld::List::builtin();
    /// let d = list.lookup_url("https://user@www.Example.co.uk:8443/a?b")?;
    /// assert_eq!(d.registrable(), Some("example.co.uk"));
    /// assert_eq!(d.as_str(), "www.example.co.uk");
    /// let d = list.lookup_url("someone@mail.example.com")?;
    /// assert_eq!(d.registrable(), Some("example.com"));
    /// assert!(list.lookup_url("file:///etc/hosts").is_err());
    /// # Ok::<(), etld::UrlLookupError>(())
    /// ```
    pub fn lookup_url<'u>(&self, url: &'u str) -> Result<Domain<'u>, UrlLookupError> {
        self.lookup_url_with(url, &self.options)
    }

    /// [`List::lookup_url`] with the given options.
    pub fn lookup_url_with<'u>(
        &self,
        url: &'u str,
        options: &Options,
    ) -> Result<Domain<'u>, UrlLookupError> {
        let found = match crate::host::url::host(url)? {
            Cow::Borrowed(host) => self.lookup_with(host, options),
            Cow::Owned(host) => self.lookup_with(&host, options).map(Domain::into_owned),
        };
        Ok(found?)
    }

    /// Looks up every host of `hosts` with the list's options and calls `f`
    /// with its index (from 0) and its [`Answer`], in order.
    ///
    /// It gives what [`List::lookup`] gives for each host, with no `Result`
    /// or [`Domain`] per host and no allocation for a host already in the
    /// form asked for. It is made for callers that do something with each
    /// answer, such as building a column: `f` is called from one place in
    /// the loop, so the compiler inlines it there whatever its size. A
    /// closure that does next to nothing (sums lengths) gets its answers
    /// about a tenth sooner from [`List::lookup`] in a loop.
    ///
    /// Hosts are taken from the iterator one at a time, and `f` is called
    /// for each before the next is taken, so an iterator that notes the
    /// host it gives tells `f` which host it answers.
    ///
    /// ```
    /// let list = etld::List::builtin();
    /// let log = "www.example.com\nme.github.io\nnot a host\n";
    /// let mut out = String::new();
    /// list.lookup_each(log.lines(), |_, a| {
    ///     out.push_str(a.registrable().unwrap_or("-"));
    ///     out.push('\n');
    /// });
    /// assert_eq!(out, "example.com\nme.github.io\n-\n");
    /// ```
    #[inline]
    pub fn lookup_each<'h, I, F>(&self, hosts: I, f: F)
    where
        I: IntoIterator<Item = &'h str>,
        F: FnMut(usize, Answer<'_>),
    {
        self.lookup_each_with(hosts, &self.options(), f)
    }

    /// [`List::lookup_each`] with the given options.
    ///
    /// ```
    /// use etld::{Options, Output};
    ///
    /// let list = etld::List::builtin();
    /// let ascii = Options::new().output(Output::Ascii);
    /// list.lookup_each_with(["www.食狮.公司.cn"], &ascii, |_, a| {
    ///     assert_eq!(a.registrable(), Some("xn--85x722f.xn--55qx5d.cn"));
    ///     // Rewritten into A-labels: the name is not the host's.
    ///     assert!(!a.borrows_host());
    /// });
    /// ```
    pub fn lookup_each_with<'h, I, F>(&self, hosts: I, options: &Options, f: F)
    where
        I: IntoIterator<Item = &'h str>,
        F: FnMut(usize, Answer<'_>),
    {
        self.index.lookup_each(hosts, options, f)
    }

    /// Looks up every host of `hosts` with the list's options into `batch`,
    /// replacing what it held (see [`Batch`]).
    #[inline]
    pub fn lookup_batch<'h, I>(&self, hosts: I, batch: &mut Batch)
    where
        I: IntoIterator<Item = &'h str>,
    {
        self.lookup_batch_with(hosts, &self.options(), batch)
    }

    /// [`List::lookup_batch`] with the given options.
    pub fn lookup_batch_with<'h, I>(&self, hosts: I, options: &Options, batch: &mut Batch)
    where
        I: IntoIterator<Item = &'h str>,
    {
        self.index.lookup_batch(hosts, options, batch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::LabelError;
    use crate::rules::compile::flags;

    /// A list of `rules` (normal ICANN rules), compiled without the parser's
    /// checks, as a crafted file could hold them.
    fn crafted(rules: &[&str]) -> List {
        let value = flags::NORMAL_ICANN;
        let keys = rules.iter().map(|r| (compile::key_of(r), value)).collect();
        let header = Header {
            counts: compile::count(&keys),
            version: None,
            commit: None,
        };
        let fst = compile::build(&keys).unwrap();
        List::from_fst(format::write(&header, &fst).unwrap()).unwrap()
    }

    /// A lookup checks only the labels the walk did not find in the list,
    /// so the list must hold no invalid A-label: a rule with one is left
    /// out (it could never match, a host with such a label being invalid).
    #[test]
    fn rules_with_invalid_a_labels_never_match() {
        assert!(RuleSet::parse(b"xn--abc-.com\n").is_err());
        let list = crafted(&["com", "xn--abc-.com", "xn--bcher-kva.com", "x.xn--abc-.uk"]);
        let is_punycode_error = |host: &str, at: usize| {
            let error = list.lookup(host).unwrap_err();
            assert!(
                matches!(
                    error,
                    HostError::Label {
                        offset,
                        error: LabelError::Uts46(_),
                    } if offset == at
                ),
                "{host}: {error:?}"
            );
        };
        is_punycode_error("a.xn--abc-.com", 2);
        is_punycode_error("xn--abc-.com", 0);
        is_punycode_error("A.XN--ABC-.COM", 2);
        is_punycode_error("x.xn--abc-.uk", 2);
        is_punycode_error("xn--abc-.xn--bcher-kva.com", 0);
        for (host, suffix) in [
            ("a.xn--bcher-kva.com", "xn--bcher-kva.com"),
            ("a.XN--BCHER-KVA.com", "xn--bcher-kva.com"),
            ("a.bücher.com", "bücher.com"),
        ] {
            assert_eq!(list.lookup(host).unwrap().suffix(), Some(suffix), "{host}");
        }
    }
}

/// The benchmark's hosts, for the tests.
#[cfg(test)]
#[path = "../benches/hosts/mod.rs"]
mod hosts;

/// Answers from the map before the tree is unfolded: the same as the
/// tree's, in every path.
#[cfg(test)]
pub(crate) mod unfolded_later {
    use super::hosts;
    use crate::options::{Options, Output, Sections, Wildcard};
    use crate::List;

    /// Hosts of every kind: the benchmark's realistic mix, the official
    /// test cases' hosts, and hosts that meet wildcards, exceptions, upper
    /// case, Unicode, A-labels, trailing dots, numbers and errors.
    pub(crate) fn hosts() -> Vec<String> {
        let mut all = hosts::realistic_hosts(20_000, 7);
        // The hosts of the shared corpus (the official test cases' among
        // them) but those its escaping changed, which the corpus's own
        // tests read.
        let corpus = include_str!("../testdata/hosts.txt");
        for line in corpus.lines() {
            if !line.starts_with('#') && !line.contains('\\') {
                all.push(line.to_string());
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

    /// Everything a lookup answers (its `Debug` form shows every part, the
    /// rule and the ICANN answer), or its error, as text.
    pub(crate) fn answer(list: &List, host: &str, options: &Options) -> String {
        format!("{:?}", list.lookup_with(host, options))
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
        let rules = crate::rules::rule::RuleSet::parse(text).unwrap();
        for rule in rules.rules() {
            for label in rule.name().split('.').filter(|l| *l != "*") {
                assert!(
                    crate::host::label::check_ascii_label(label.as_bytes()).is_ok(),
                    "{}",
                    rule.name()
                );
            }
        }
    }
}
