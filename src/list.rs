//! [`List`]: a compiled Public Suffix List, ready for lookups.

use std::borrow::Cow;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::OnceLock;

use crate::automaton::Automaton;
use crate::compile::{self, flags, RuleCounts};
use crate::direct::{FstLabels, DIRECT_WALKS};
use crate::domain::Domain;
use crate::error::{Error, HostError};
use crate::format::{self, Header};
use crate::label::{
    canonicalize_host, is_walkable_unicode, to_unicode_name, AsciiName, ByteClass, BYTE_CLASS,
};
use crate::options::{Options, Output, Sections, Wildcard};
use crate::rule::RuleSet;
use crate::scan::{Form, Name, Stop, SHORT, WORDS};
use crate::tree::LabelTree;
use crate::walk::{is_ipv6, is_number, walk, Match};

/// The built-in list: the `.fst` compiled from `vectors/public_suffix_list.dat`.
static BUILTIN_FST: &[u8] = include_bytes!("../vectors/public_suffix_list.fst");

/// The bytes of a `.fst` file, borrowed for the program's life or owned.
#[derive(Clone, Debug)]
enum Bytes {
    Static(&'static [u8]),
    Owned(Vec<u8>),
}

impl Bytes {
    fn as_slice(&self) -> &[u8] {
        match self {
            Bytes::Static(b) => b,
            Bytes::Owned(b) => b,
        }
    }
}

/// A compiled Public Suffix List.
///
/// A `List` comes from the built-in snapshot ([`List::builtin`]), from list
/// text ([`List::from_dat`]) or from a compiled `.fst` file
/// ([`List::from_fst`], [`List::from_fst_static`], [`List::from_path`]).
/// Loading checks the file completely, so lookups on a loaded list never panic.
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
#[derive(Clone, Debug)]
pub struct List {
    bytes: Bytes,
    fst: std::ops::Range<usize>,
    header: Header,
    /// The tree; set at load, but for the built-in list on first need.
    unfolded: OnceLock<Unfolded>,
    /// When lookups answer from the map, before the tree is unfolded (see
    /// [`crate::direct`]): none but the built-in list's.
    direct: DirectWalks,
    options: Options,
}

/// A list's keys unfolded into the tree, and the automaton's counts (the
/// automaton itself is dropped once unfolded).
#[derive(Clone, Debug)]
struct Unfolded {
    states: usize,
    keys: u64,
    tree: LabelTree,
}

/// When a lookup walks the map itself (see [`crate::direct`]): while
/// lookups are left of those the list answers that way, and while another
/// thread unfolds the tree, so that no thread waits for it.
#[derive(Debug)]
struct DirectWalks {
    left: AtomicU32,
    unfolding: AtomicBool,
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
            bytes,
            fst,
            header,
            unfolded: OnceLock::new(),
            direct: DirectWalks::new(direct),
            options: Options::new(),
        }
    }

    /// The built-in list answering every lookup straight from the `fst`
    /// map, never unfolded: for the fuzz target that holds it to the tree.
    #[cfg(fuzzing)]
    #[doc(hidden)]
    pub fn builtin_from_the_map() -> List {
        List::builtin_unfolded_later(u32::MAX)
    }

    /// Marks the tree as being unfolded by another thread, as
    /// [`List::unfold`] does, without unfolding it.
    #[cfg(test)]
    pub(crate) fn begin_unfolding_elsewhere(&self) {
        self.direct.unfolding.store(true, Ordering::Relaxed);
    }

    /// Whether the tree is unfolded (see [`List::builtin`]).
    #[cfg(test)]
    pub(crate) fn is_unfolded(&self) -> bool {
        self.unfolded.get().is_some()
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
    pub fn from_dat(text: &[u8]) -> Result<List, Error> {
        List::from_rules(&RuleSet::parse(text)?)
    }

    /// Compiles a set of rules.
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
        List::load(Bytes::Owned(bytes))
    }

    /// Loads a compiled `.fst` file without copying it, for
    /// `include_bytes!`.
    ///
    /// ```
    /// // static LIST: &[u8] = include_bytes!("my_list.fst");
    /// # let bytes = etld::List::from_dat(b"com\n").unwrap().to_fst_bytes().to_vec();
    /// # let LIST: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    /// let list = etld::List::from_fst_static(LIST)?;
    /// assert_eq!(list.lookup("example.com")?.suffix(), Some("com"));
    /// # Ok::<(), etld::Error>(())
    /// ```
    pub fn from_fst_static(bytes: &'static [u8]) -> Result<List, Error> {
        List::load(Bytes::Static(bytes))
    }

    /// Loads list text or a compiled `.fst` file, told apart by the `.fst`
    /// magic bytes.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<List, Error> {
        if format::is_fst_file(&bytes) {
            List::from_fst(bytes)
        } else {
            List::from_dat(&bytes)
        }
    }

    /// Reads a `.dat` or `.fst` file (see [`List::from_bytes`]), of at most
    /// [`MAX_LIST_BYTES`](crate::source::MAX_LIST_BYTES): a larger file, a
    /// device or a directory is an [`Error::Io`] before anything is read
    /// (see [`source::read_list`](crate::source::read_list)).
    pub fn from_path(path: impl AsRef<Path>) -> Result<List, Error> {
        List::from_bytes(crate::source::read_list(path.as_ref())?)
    }

    fn load(bytes: Bytes) -> Result<List, Error> {
        let (header, fst) = format::read(bytes.as_slice())?;
        let unfolded = List::unfold_map(&bytes.as_slice()[fst.clone()])?;
        Ok(List {
            bytes,
            fst,
            header,
            unfolded: OnceLock::from(unfolded),
            direct: DirectWalks::new(0),
            options: Options::new(),
        })
    }

    /// Decodes and checks the map `fst`, and unfolds its keys into the tree.
    fn unfold_map(fst: &[u8]) -> Result<Unfolded, Error> {
        let automaton = Automaton::decode(fst, |b| {
            matches!(BYTE_CLASS[b as usize], ByteClass::Plain | ByteClass::Dot)
        })?;
        let tree = LabelTree::build(&automaton)?;
        Ok(Unfolded {
            states: automaton.state_count(),
            keys: automaton.len(),
            tree,
        })
    }

    /// Unfolds the list's keys into the tree that lookups walk, now, if
    /// they are not yet. Only the built-in list waits (see
    /// [`List::builtin`]): a server that wants its first lookup as fast as
    /// its millionth calls this at start (on a thread of its own, if it
    /// likes: lookups on other threads answer from the map until the tree
    /// is there). Cheap once done.
    ///
    /// ```
    /// let list = etld::List::builtin();
    /// list.unfold();
    /// assert_eq!(list.lookup("www.example.co.uk")?.suffix(), Some("co.uk"));
    /// # Ok::<(), etld::Error>(())
    /// ```
    pub fn unfold(&self) {
        // Lookups on other threads walk the map until the tree is there.
        self.direct.unfolding.store(true, Ordering::Relaxed);
        self.unfolded();
    }

    /// The unfolded tree, unfolded now if it is not yet (the built-in list).
    #[inline]
    fn unfolded(&self) -> &Unfolded {
        match self.unfolded.get() {
            Some(unfolded) => unfolded,
            None => self.unfold_now(),
        }
    }

    #[cold]
    #[inline(never)]
    fn unfold_now(&self) -> &Unfolded {
        self.unfolded.get_or_init(|| {
            // Only the built-in list is unfolded late, and the test suite
            // checks that it unfolds.
            List::unfold_map(&self.bytes.as_slice()[self.fst.clone()])
                .unwrap_or_else(|e| panic!("the built-in list does not load: {e}"))
        })
    }

    /// The same list with other default options.
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
        self.bytes.as_slice()
    }

    /// The size in bytes of the automaton (the `fst` map inside the file).
    pub fn fst_len(&self) -> usize {
        self.fst.len()
    }

    /// The number of states of the automaton.
    pub fn state_count(&self) -> usize {
        self.unfolded().states
    }

    /// The number of keys of the automaton (rule names, plus the parents of
    /// wildcard rules).
    pub fn key_count(&self) -> u64 {
        self.unfolded().keys
    }

    /// The list's `// VERSION:` comment, if it had one.
    pub fn version(&self) -> Option<&str> {
        self.header.version.as_deref()
    }

    /// The list's `// COMMIT:` comment, if it had one.
    pub fn commit(&self) -> Option<&str> {
        self.header.commit.as_deref()
    }

    /// How many rules of each kind the list holds.
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
        let mask = mask_of(options);
        // The fast path: a host that is canonical ASCII, already lower-case.
        // Everything else (upper case, Unicode, errors) goes to the slow
        // path, which reports every error the same way whichever path would
        // have found it (the leftmost bad label).
        let first = self.match_canonical(host.as_bytes(), mask, options.implicit_rule, true);
        if let Ok((m, Form::CANONICAL)) = &first {
            if options.output != Output::Unicode {
                return Ok(Domain::with_offsets(Cow::Borrowed(host), m));
            }
        }
        self.lookup_slow(host, options, mask, first)
    }

    /// Looks up the host of a URL (or of `host:port`, an e-mail address, a
    /// bare host) with the list's options: the host that
    /// [`url::host`](crate::url::host) takes out of it, as the WHATWG URL
    /// standard's parser does for `http`, `https`, `ws`, `wss` and `ftp`.
    ///
    /// ```
    /// let list = etld::List::builtin();
    /// let d = list.lookup_url("https://user@www.Example.co.uk:8443/a?b")?;
    /// assert_eq!(d.registrable(), Some("example.co.uk"));
    /// assert_eq!(d.as_str(), "www.example.co.uk");
    /// let d = list.lookup_url("someone@mail.example.com")?;
    /// assert_eq!(d.registrable(), Some("example.com"));
    /// assert!(list.lookup_url("file:///etc/hosts").is_err());
    /// # Ok::<(), etld::Error>(())
    /// ```
    pub fn lookup_url<'u>(&self, url: &'u str) -> Result<Domain<'u>, Error> {
        self.lookup_url_with(url, &self.options)
    }

    /// [`List::lookup_url`] with the given options.
    pub fn lookup_url_with<'u>(
        &self,
        url: &'u str,
        options: &Options,
    ) -> Result<Domain<'u>, Error> {
        let found = match crate::url::host(url)? {
            Cow::Borrowed(host) => self.lookup_with(host, options),
            Cow::Owned(host) => self.lookup_with(&host, options).map(Domain::into_owned),
        };
        Ok(found?)
    }

    /// [`List::lookup_with`] for every host but a lower-case canonical ASCII
    /// one: `first` is what the fast path found.
    #[cold]
    #[inline(never)]
    pub(crate) fn lookup_slow<'h>(
        &self,
        host: &'h str,
        options: &Options,
        mask: u8,
        first: Result<(Match, Form), Stop>,
    ) -> Result<Domain<'h>, HostError> {
        if host.is_empty() {
            return Err(HostError::Empty);
        }
        match first {
            // Walked as it is: canonical ASCII, or a Unicode host canonical
            // but for the encoding (walked against the Unicode twins of
            // `xn--` labels) when the answer is to be in its own form.
            Ok((m, form))
                if !form.has(Form::UNICODE) || walkable_unicode(host, m.listed_from(), options) =>
            {
                // The input form: the host, lower-cased.
                let input = match form.has(Form::FOLDED) {
                    true => Cow::Owned(host.to_ascii_lowercase()),
                    false => Cow::Borrowed(host),
                };
                return Ok(match form.has(Form::UNICODE) {
                    true => Domain::with_offsets(input, &m),
                    false => answer(input, &m, options.output),
                });
            }
            Err(Stop::Invalid(HostError::IpAddress)) => return Err(HostError::IpAddress),
            Ok(_) | Err(_) => {}
        }
        let mut ascii = AsciiName::new();
        // Everything else: label by label, Unicode labels encoded. An IPv6
        // literal holds a forbidden `:`, so it is told apart on error only.
        let changed =
            canonicalize_host(host, &mut ascii, None).map_err(|e| match is_ipv6(host) {
                true => HostError::IpAddress,
                false => e,
            })?;
        if let Some(len) = ascii.too_long() {
            return Err(HostError::TooLong(len));
        }
        // The labels are checked: the walk need not check them again.
        let m = match self.match_canonical(ascii.as_bytes(), mask, options.implicit_rule, false) {
            Ok((m, _)) => m,
            Err(Stop::Invalid(e)) => return Err(e),
            // Not reached: a canonical name holds canonical bytes only.
            Err(Stop::NotCanonical) => return Err(HostError::Empty),
        };
        Ok(match (options.output, changed) {
            // The input form, lower-cased, is the host itself.
            (Output::Input, false) => Domain::new(Cow::Borrowed(host), &m, ascii.as_bytes()),
            (Output::Input, true) => {
                let mut input = String::with_capacity(host.len());
                canonicalize_host(host, &mut AsciiName::new(), Some(&mut input))?;
                Domain::new(Cow::Owned(input), &m, ascii.as_bytes())
            }
            _ => answer(Cow::Owned(ascii.to_string_lossless()), &m, options.output),
        })
    }

    /// Matches a host, canonical ASCII but for upper-case letters and
    /// non-ASCII characters (the [`Form`]: what the scan found).
    /// `check_a_labels` says whether its `xn--` labels still need checking.
    #[inline(always)]
    pub(crate) fn match_canonical(
        &self,
        bytes: &[u8],
        mask: u8,
        implicit_rule: bool,
        check_a_labels: bool,
    ) -> Result<(Match, Form), Stop> {
        // One trailing dot marks an FQDN; the walk sees the name without it.
        let bare = match bytes {
            [rest @ .., b'.'] if !rest.is_empty() => rest,
            _ => bytes,
        };
        match bare.len() <= SHORT {
            true => self.match_name::<1>(bare, mask, implicit_rule, check_a_labels),
            false => self.match_long(bare, mask, implicit_rule, check_a_labels),
        }
    }

    /// [`List::match_name`] for a host over [`SHORT`] bytes, out of line:
    /// few hosts are that long, and the fast path stays half the size.
    #[cold]
    #[inline(never)]
    fn match_long(
        &self,
        bare: &[u8],
        mask: u8,
        implicit_rule: bool,
        check_a_labels: bool,
    ) -> Result<(Match, Form), Stop> {
        self.match_name::<WORDS>(bare, mask, implicit_rule, check_a_labels)
    }

    /// [`List::match_canonical`] with a bitmap of `W` words of dots.
    ///
    /// Upper-case letters are read lower-cased by a walk of their own, out
    /// of the way, so that the walk of nearly every host has no case to
    /// fold. The labels with `--` that the scan left ([`Form::A_LABELS`]) are
    /// checked here, those the walk found in the list aside.
    #[inline(always)]
    fn match_name<const W: usize>(
        &self,
        bare: &[u8],
        mask: u8,
        implicit_rule: bool,
        check_a_labels: bool,
    ) -> Result<(Match, Form), Stop> {
        let (name, form) = Name::<W>::scan(bare, check_a_labels)?;
        let scanned = name.as_bytes();
        // A last label that ends in a hex digit or `x` may be a number.
        if scanned
            .last()
            .is_some_and(|&b| b.is_ascii_hexdigit() || b | 0x20 == b'x')
            && scanned
                .get(name.label_start(scanned.len())..)
                .is_some_and(is_number)
        {
            return Err(Stop::Invalid(HostError::IpAddress));
        }
        if form != Form::CANONICAL {
            return self.match_scanned(&name, form, mask, implicit_rule);
        }
        let (m, _) = match self.unfolded.get() {
            Some(unfolded) => {
                walk::<LabelTree, W, false>(&unfolded.tree, &name, mask, implicit_rule)
            }
            None => self.walk_direct::<W, false>(&name, form, mask, implicit_rule)?,
        };
        Ok((m, form))
    }

    /// The walk of a list whose tree is not unfolded yet (the built-in
    /// list): over the map itself while it may still answer lookups that
    /// way or another thread is unfolding the tree (see
    /// [`crate::direct`]), else over the tree, unfolded now. A
    /// Unicode host is sent to have its labels encoded first
    /// ([`Stop::NotCanonical`]): the map has no Unicode twins.
    #[cold]
    #[inline(never)]
    fn walk_direct<const W: usize, const FOLD: bool>(
        &self,
        name: &Name<'_, W>,
        form: Form,
        mask: u8,
        implicit_rule: bool,
    ) -> Result<(Match, usize), Stop> {
        if self.direct.walk_map() {
            if form.has(Form::UNICODE) {
                return Err(Stop::NotCanonical);
            }
            if let Some(labels) = FstLabels::open(&self.bytes.as_slice()[self.fst.clone()]) {
                return Ok(walk::<FstLabels, W, FOLD>(
                    &labels,
                    name,
                    mask,
                    implicit_rule,
                ));
            }
        }
        let tree = &self.unfolded().tree;
        Ok(walk::<LabelTree, W, FOLD>(tree, name, mask, implicit_rule))
    }

    /// [`List::match_name`] for a host of another form than canonical
    /// ASCII, scanned: out of line, few hosts need it.
    #[cold]
    #[inline(never)]
    fn match_scanned<const W: usize>(
        &self,
        name: &Name<'_, W>,
        form: Form,
        mask: u8,
        implicit_rule: bool,
    ) -> Result<(Match, Form), Stop> {
        let (m, listed_from) = match (self.unfolded.get(), form.has(Form::FOLDED)) {
            (Some(u), false) => walk::<LabelTree, W, false>(&u.tree, name, mask, implicit_rule),
            (Some(u), true) => walk::<LabelTree, W, true>(&u.tree, name, mask, implicit_rule),
            (None, false) => self.walk_direct::<W, false>(name, form, mask, implicit_rule)?,
            (None, true) => self.walk_direct::<W, true>(name, form, mask, implicit_rule)?,
        };
        if form.has(Form::A_LABELS) {
            name.check_labels_before(listed_from)?;
        }
        Ok((
            m.with_listed_from(listed_from),
            form.without(Form::A_LABELS),
        ))
    }

    /// Whether a cookie for `cookie_domain` may be set by `request_host`
    /// (RFC 6265 sections 5.1.3 and 5.3 step 5).
    ///
    /// One leading dot of the cookie domain is ignored. The cookie domain must
    /// domain-match the request host, and must not be a public suffix unless
    /// it is the request host itself. An IP address (any host a lookup
    /// refuses as one) matches only itself. Invalid hosts are never
    /// acceptable.
    ///
    /// This is a security check, so it answers as a browser does whatever
    /// options the list carries ([`List::with_options`]): both sections of
    /// the list count, unlisted TLDs are suffixes (the implicit `*` rule),
    /// and the parent of a wildcard rule is a suffix too
    /// ([`Wildcard::Browser`]): `kobe.jp`, under `*.kobe.jp`, is never an
    /// acceptable cookie domain.
    ///
    /// ```
    /// use etld::{List, Options, Sections};
    ///
    /// let list = List::builtin();
    /// assert!(list.is_cookie_domain_acceptable("www.example.co.uk", ".example.co.uk"));
    /// assert!(!list.is_cookie_domain_acceptable("www.example.co.uk", "co.uk"));
    /// assert!(list.is_cookie_domain_acceptable("co.uk", "co.uk"));
    /// assert!(!list.is_cookie_domain_acceptable("a.b.kobe.jp", "kobe.jp"));
    ///
    /// // Options that would weaken the check are not used for it.
    /// let icann = List::builtin().clone().with_options(Options::new().sections(Sections::IcannOnly));
    /// assert!(!icann.is_cookie_domain_acceptable("a.blogspot.com", "blogspot.com"));
    /// ```
    pub fn is_cookie_domain_acceptable(&self, request_host: &str, cookie_domain: &str) -> bool {
        let cookie = cookie_domain.strip_prefix('.').unwrap_or(cookie_domain);
        let browser = Options::new()
            .sections(Sections::All)
            .implicit_rule(true)
            .wildcard(Wildcard::Browser)
            .output(Output::Ascii);
        let (request, cookie) = match (
            self.lookup_with(request_host, &browser),
            self.lookup_with(cookie, &browser),
        ) {
            (Ok(request), Ok(cookie)) => (request, cookie),
            // An IP address, in any form a lookup refuses as one, matches
            // only itself, byte for byte.
            (Err(HostError::IpAddress), _) | (_, Err(HostError::IpAddress)) => {
                return request_host == cookie
            }
            _ => return false,
        };
        if request.as_str() == cookie.as_str() {
            return true;
        }
        let domain_match = request
            .as_str()
            .strip_suffix(cookie.as_str())
            .is_some_and(|rest| rest.ends_with('.'));
        domain_match && !cookie.is_public_suffix()
    }
}

/// The flags of the list's keys that count under `options` (sections,
/// wildcard mode).
#[inline]
pub(crate) fn mask_of(options: &Options) -> u8 {
    let mut mask = flags::ALL;
    if options.sections == Sections::IcannOnly {
        mask &= flags::ICANN;
    }
    if options.wildcard == Wildcard::Strict {
        mask &= !flags::IMPLIED;
    }
    mask
}

/// Whether a Unicode host that the scan let through may be answered from
/// its walk: its answer is to be in its own form, and its Unicode labels are
/// canonical but for the encoding (those from `listed_from` on, found in the
/// list, are).
fn walkable_unicode(host: &str, listed_from: usize, options: &Options) -> bool {
    let bare = host.strip_suffix('.').unwrap_or(host);
    options.output == Output::Input && is_walkable_unicode(bare, listed_from)
}

/// The answer for a host walked in its canonical ASCII form `ascii`,
/// written in the form `output` asks for (the input form of a host that has
/// an ASCII form of its own is that form).
#[inline]
fn answer<'h>(ascii: Cow<'h, str>, m: &Match, output: Output) -> Domain<'h> {
    if output == Output::Unicode && ascii.contains("xn--") {
        Domain::new(Cow::Owned(to_unicode_name(&ascii)), m, ascii.as_bytes())
    } else {
        Domain::with_offsets(ascii, m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::LabelError;

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
                        error: LabelError::Punycode(_),
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
