//! Shared test helpers: the naive model of the formal algorithm, a naive
//! reading of hosts (docs/behaviour.md section 3, steps 1 to 4), a naive cookie check,
//! and vector readers. The fuzz targets use this file too (`#[path]`).
#![allow(dead_code)]

use std::collections::{HashMap, HashSet};

use etld::{
    HostError, LabelError, Options, Output, RuleKind, RuleMatch, RuleSet, Section, Sections,
    Wildcard,
};

/// Every combination of the matching options.
pub fn all_options() -> Vec<Options> {
    let mut all = Vec::new();
    for sections in [Sections::All, Sections::IcannOnly] {
        for implicit in [true, false] {
            for wildcard in [Wildcard::Strict, Wildcard::Browser] {
                all.push(
                    Options::new()
                        .sections(sections)
                        .implicit_rule(implicit)
                        .wildcard(wildcard)
                        .output(Output::Ascii),
                );
            }
        }
    }
    all
}

/// The three output forms.
pub const OUTPUTS: [Output; 3] = [Output::Input, Output::Ascii, Output::Unicode];

/// The model's answer: labels of the public suffix, section, known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub suffix: Option<String>,
    pub registrable: Option<String>,
    pub section: Option<Section>,
    pub known: bool,
}

/// One rule that matches a host: its number of labels, whether it is an
/// exception, its section, and whether it is only the parent of a wildcard
/// rule (`NAME` for `*.NAME`), which matches in browser mode only.
#[derive(Clone, Debug)]
struct Hit {
    len: usize,
    exception: bool,
    section: Section,
    parent: bool,
    /// The labels the rule matched with, `*` where its own are (the rule
    /// itself, but for the `!` of an exception and the `*.` of a parent).
    pattern: String,
}

/// The formal algorithm, literally (docs/behaviour.md section 3 step 5), over a set of
/// canonical rules. A rule matches when, label by label from the right, each
/// of its labels is `*` or equal to the host's; to find the matching rules it
/// tries the patterns the host can match (each label kept or made `*`),
/// growing them leftwards only while some rule ends with the pattern, and
/// looks each up among the rules.
pub struct Model {
    /// (rule name, is exception) -> sections it is listed in.
    rules: HashMap<(String, bool), Vec<Section>>,
    /// Every tail of every rule name (`b.c` and `c` of `a.b.c`).
    tails: HashSet<String>,
}

impl Model {
    pub fn new(set: &RuleSet) -> Model {
        let mut rules: HashMap<(String, bool), Vec<Section>> = HashMap::new();
        let mut tails = HashSet::new();
        for r in set.rules() {
            let name = r.name().to_string();
            let mut tail = name.as_str();
            loop {
                tails.insert(tail.to_string());
                match tail.split_once('.') {
                    Some((_, rest)) => tail = rest,
                    None => break,
                }
            }
            rules
                .entry((name, r.kind() == RuleKind::Exception))
                .or_default()
                .push(r.section());
        }
        Model { rules, tails }
    }

    /// Every rule that matches the canonical ASCII labels `labels`.
    fn hits(&self, labels: &[&str]) -> Vec<Hit> {
        let mut hits = Vec::new();
        // (pattern, its number of labels), grown leftwards.
        let mut patterns: Vec<(String, usize)> = vec![(String::new(), 0)];
        while let Some((pattern, len)) = patterns.pop() {
            if len > 0 {
                for exception in [false, true] {
                    for &section in self
                        .rules
                        .get(&(pattern.clone(), exception))
                        .into_iter()
                        .flatten()
                    {
                        hits.push(Hit {
                            len,
                            exception,
                            section,
                            parent: false,
                            pattern: pattern.clone(),
                        });
                    }
                }
                for &section in self
                    .rules
                    .get(&(format!("*.{pattern}"), false))
                    .into_iter()
                    .flatten()
                {
                    hits.push(Hit {
                        len,
                        exception: false,
                        section,
                        parent: true,
                        pattern: pattern.clone(),
                    });
                }
            }
            if len == labels.len() {
                continue;
            }
            for label in [labels[labels.len() - 1 - len], "*"] {
                let grown = match len {
                    0 => label.to_string(),
                    _ => format!("{label}.{pattern}"),
                };
                if self.tails.contains(&grown) {
                    patterns.push((grown, len + 1));
                }
            }
        }
        hits
    }

    /// The prevailing rule among `hits` under `options`: the number of
    /// labels of the public suffix, the section, known.
    fn decide(hits: &[Hit], options: &Options) -> (Option<usize>, Option<Section>, bool) {
        let usable = |h: &&Hit| {
            (!h.parent || options.get_wildcard() == Wildcard::Browser)
                && (options.get_sections() == Sections::All || h.section == Section::Icann)
        };
        let longest = |exception: bool| {
            let len = hits
                .iter()
                .filter(usable)
                .filter(|h| h.exception == exception)
                .map(|h| h.len)
                .max()?;
            let icann = hits
                .iter()
                .filter(usable)
                .any(|h| h.exception == exception && h.len == len && h.section == Section::Icann);
            Some((
                len,
                if icann {
                    Section::Icann
                } else {
                    Section::Private
                },
            ))
        };
        match (longest(true), longest(false)) {
            (Some((l, s)), _) => (Some(l - 1), Some(s), true),
            (None, Some((l, s))) => (Some(l), Some(s), true),
            (None, None) if options.get_implicit_rule() => (Some(1), None, false),
            (None, None) => (None, None, false),
        }
    }

    /// The prevailing rule among `hits` under `options`, as the list
    /// writes it, and how it matched: among the rules `decide` weighs, those
    /// of the answer's section; a listed rule before a wildcard's parent;
    /// then, at the rightmost label where two differ, a listed label before
    /// `*`. `None` when no rule matched.
    fn prevailing(hits: &[Hit], options: &Options) -> Option<(String, RuleMatch)> {
        let (suffix, section, known) = Model::decide(hits, options);
        if !known {
            return suffix.map(|_| ("*".to_string(), RuleMatch::Implicit));
        }
        let usable = |h: &&Hit| {
            (!h.parent || options.get_wildcard() == Wildcard::Browser)
                && (options.get_sections() == Sections::All || h.section == Section::Icann)
        };
        let any_exception = hits.iter().filter(usable).any(|h| h.exception);
        let len = hits
            .iter()
            .filter(usable)
            .filter(|h| h.exception == any_exception)
            .map(|h| h.len)
            .max()?;
        let stars = |h: &Hit| h.pattern.rsplit('.').map(|l| l == "*").collect::<Vec<_>>();
        let h = hits
            .iter()
            .filter(usable)
            .filter(|h| h.exception == any_exception && h.len == len)
            .filter(|h| Some(h.section) == section)
            .min_by_key(|h| (h.parent, stars(h)))?;
        Some(match (h.exception, h.parent) {
            (true, _) => (format!("!{}", h.pattern), RuleMatch::Exception),
            (false, true) => (format!("*.{}", h.pattern), RuleMatch::WildcardParent),
            (false, false) if h.pattern.split('.').any(|l| l == "*") => {
                (h.pattern.clone(), RuleMatch::Wildcard)
            }
            (false, false) => (h.pattern.clone(), RuleMatch::Exact),
        })
    }

    /// The rule and the ICANN-only answer of a canonical ASCII host (no
    /// trailing dot) under `options`.
    pub fn rich(&self, host: &str, options: &Options) -> Rich {
        let labels: Vec<&str> = host.split('.').collect();
        let hits = self.hits(&labels);
        let prevailing = Model::prevailing(&hits, options);
        let icann_only = options.sections(Sections::IcannOnly);
        let (suffix, section, known) = Model::decide(&hits, &icann_only);
        let icann = render(&labels, suffix, section, known, "");
        Rich {
            rule: prevailing.as_ref().map(|(r, _)| r.clone()),
            kind: prevailing.map(|(_, k)| k),
            icann_suffix: icann.suffix,
            icann_registrable: icann.registrable,
        }
    }

    /// Looks up a canonical ASCII host (no trailing dot).
    pub fn lookup(&self, host: &str, options: &Options) -> Answer {
        let labels: Vec<&str> = host.split('.').collect();
        let (suffix, section, known) = Model::decide(&self.hits(&labels), options);
        render(&labels, suffix, section, known, "")
    }

    /// Looks up a host read by [`read_host`] under every option of
    /// `options`, with the answers in the form `output`.
    pub fn lookup_host(&self, host: &Host, options: &[Options], output: Output) -> Vec<Answer> {
        let ascii: Vec<&str> = host.ascii.iter().map(String::as_str).collect();
        let hits = self.hits(&ascii);
        let unicode: Vec<String>;
        let labels: Vec<&str> = match output {
            Output::Ascii => ascii.clone(),
            Output::Input => host.input.iter().map(String::as_str).collect(),
            _ => {
                unicode = host.ascii.iter().map(|l| unicode_label(l)).collect();
                unicode.iter().map(String::as_str).collect()
            }
        };
        let dot = if host.fqdn { "." } else { "" };
        options
            .iter()
            .map(|o| {
                let (suffix, section, known) = Model::decide(&hits, o);
                render(&labels, suffix, section, known, dot)
            })
            .collect()
    }

    /// The number of labels of `host`'s public suffix to a browser.
    pub fn browser_suffix_labels(&self, host: &Host) -> usize {
        let browser = Options::new().wildcard(Wildcard::Browser);
        let ascii: Vec<&str> = host.ascii.iter().map(String::as_str).collect();
        Model::decide(&self.hits(&ascii), &browser).0.unwrap_or(0)
    }

    /// Whether the canonical ASCII host `host` is a public suffix as a
    /// browser sees it (both sections, the implicit rule, wildcard parents).
    pub fn is_browser_suffix(&self, host: &Host) -> bool {
        let browser = Options::new().wildcard(Wildcard::Browser);
        let ascii: Vec<&str> = host.ascii.iter().map(String::as_str).collect();
        Model::decide(&self.hits(&ascii), &browser).0 == Some(ascii.len())
    }
}

/// An answer from the labels of a host and the number of labels of its
/// suffix, `dot` appended to the names.
fn render(
    labels: &[&str],
    suffix: Option<usize>,
    section: Option<Section>,
    known: bool,
    dot: &str,
) -> Answer {
    let n = labels.len();
    let join = |k: usize| format!("{}{dot}", labels[n - k..].join("."));
    Answer {
        suffix: suffix.map(join),
        registrable: suffix.filter(|&k| k < n).map(|k| join(k + 1)),
        section,
        known,
    }
}

/// The prevailing rule, how it matched, and the answer under ICANN-only
/// sections.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rich {
    pub rule: Option<String>,
    pub kind: Option<RuleMatch>,
    pub icann_suffix: Option<String>,
    pub icann_registrable: Option<String>,
}

/// A [`etld::Domain`]'s rule and ICANN-only answer in the model's terms.
pub fn rich_of(d: &etld::Domain<'_>) -> Rich {
    Rich {
        rule: d.rule().map(|r| r.into_owned()),
        kind: d.rule_kind(),
        icann_suffix: d.icann_suffix().map(str::to_string),
        icann_registrable: d.icann_registrable().map(str::to_string),
    }
}

/// The library's rule and ICANN-only answer for `host`.
pub fn rich(list: &etld::List, host: &str, options: &Options) -> Rich {
    let d = list
        .lookup_with(host, options)
        .unwrap_or_else(|e| panic!("lookup of {host:?} failed: {e}"));
    rich_of(&d)
}

/// The library's answer in the model's terms.
pub fn answer(list: &etld::List, host: &str, options: &Options) -> Answer {
    let d = list
        .lookup_with(host, options)
        .unwrap_or_else(|e| panic!("lookup of {host:?} failed: {e}"));
    of_domain(&d)
}

/// A [`etld::Domain`] in the model's terms.
pub fn of_domain(d: &etld::Domain<'_>) -> Answer {
    Answer {
        suffix: d.suffix().map(str::to_string),
        registrable: d.registrable().map(str::to_string),
        section: d.section(),
        known: d.is_known(),
    }
}

/// Checks `a`, the batch path's answer for `host` (`List::lookup_each_with`
/// or a `Batch`), against what `List::lookup_with` answers for the host
/// alone: every part, and, when the answer says it borrows the host, its
/// offsets into the host.
pub fn check_batch_answer(list: &etld::List, host: &str, options: &Options, a: &etld::Answer<'_>) {
    let want = list.lookup_with(host, options);
    assert_eq!(a.to_domain(), want, "{host:?} {options:?}");
    assert_eq!(a.error(), want.as_ref().err().copied());
    if let Ok(d) = &want {
        assert_eq!(a.name(), Some(d.as_str()));
        assert_eq!(a.suffix(), d.suffix());
        assert_eq!(a.registrable(), d.registrable());
        assert_eq!(a.registrable_label(), d.registrable_label());
        assert_eq!(a.subdomain(), d.subdomain());
        assert_eq!(a.section(), d.section());
        assert_eq!(a.is_known(), d.is_known());
        assert_eq!(a.is_public_suffix(), d.is_public_suffix());
        assert_eq!(a.is_fqdn(), d.is_fqdn());
        // The name is the host itself exactly when the answer's name
        // is the host unchanged; then the offsets point into the host.
        assert_eq!(a.borrows_host(), d.as_str() == host, "{host:?} {options:?}");
        if a.borrows_host() {
            let r = a.registrable_start().map(|at| &host[at..]);
            assert_eq!(r, d.registrable());
            assert_eq!(a.suffix_start().map(|at| &host[at..]), d.suffix());
        }
    } else {
        assert_eq!(a.name(), None);
        assert!(!a.borrows_host() && !a.is_fqdn());
        assert_eq!(
            (a.suffix(), a.registrable(), a.section()),
            (None, None, None)
        );
        assert!(!a.is_known());
    }
}

/// A host read as docs/behaviour.md section 3 steps 1 to 4 say: its labels in canonical
/// ASCII form and in input form (mapped and lower-cased), and whether it
/// ended in a dot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Host {
    pub ascii: Vec<String>,
    pub input: Vec<String>,
    pub fqdn: bool,
}

impl Host {
    /// The Unicode name (A-labels decoded), a trailing dot kept.
    pub fn unicode_name(&self) -> String {
        let labels: Vec<String> = self.ascii.iter().map(|l| unicode_label(l)).collect();
        format!("{}{}", labels.join("."), if self.fqdn { "." } else { "" })
    }

    /// The canonical ASCII name, a trailing dot kept.
    pub fn ascii_name(&self) -> String {
        format!(
            "{}{}",
            self.ascii.join("."),
            if self.fqdn { "." } else { "" }
        )
    }
}

/// Why the model refuses a host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Empty input.
    Empty,
    /// A bad label (empty, too long, a bad A-label) starting at `offset`,
    /// or the forbidden code point `forbidden` at `offset`.
    Label {
        offset: usize,
        forbidden: Option<char>,
    },
    /// The canonical name is over 253 octets.
    TooLong,
    /// An IP address.
    Ip,
}

impl Fault {
    /// The library's error in the model's terms.
    pub fn of(error: &HostError) -> Fault {
        match error {
            HostError::Empty => Fault::Empty,
            HostError::Label { offset, error } => Fault::Label {
                offset: *offset,
                forbidden: match error {
                    LabelError::ForbiddenCodePoint(c) => Some(*c),
                    _ => None,
                },
            },
            HostError::TooLong(_) => Fault::TooLong,
            HostError::IpAddress => Fault::Ip,
            e => panic!("a lookup failed with an unknown host error: {e:?}"),
        }
    }
}

/// The label separators of UTS 46.
pub fn is_separator(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// The WHATWG forbidden domain code points, as docs/behaviour.md section 3 step 3 lists
/// them.
pub fn is_forbidden(c: char) -> bool {
    c <= ' ' || c == '\u{7F}' || "#%/:<>?@[\\]^|".contains(c)
}

/// UTS 46's mapping of fullwidth ASCII (U+FF01 to U+FF5E).
pub fn unfullwidth(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFF01 + 0x21).unwrap_or(c),
        c => c,
    }
}

/// Whether a canonical Unicode label may hold `c` (docs/behaviour.md section 3 step 4).
pub fn is_canonical_char(c: char) -> bool {
    let mut lower = c.to_lowercase();
    lower.next() == Some(c) && lower.next().is_none() && !is_separator(c) && unfullwidth(c) == c
}

/// A last label that the WHATWG URL standard reads as a number.
pub fn is_number(label: &str) -> bool {
    match label
        .strip_prefix("0x")
        .or_else(|| label.strip_prefix("0X"))
    {
        Some(hex) => hex.bytes().all(|b| b.is_ascii_hexdigit()),
        None => !label.is_empty() && label.bytes().all(|b| b.is_ascii_digit()),
    }
}

/// An IPv6 literal, with or without brackets.
pub fn is_ipv6(host: &str) -> bool {
    let inner = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    inner.contains(':') && inner.parse::<std::net::Ipv6Addr>().is_ok()
}

/// Whether the lower-case ASCII `payload` of an `xn--` label is a valid
/// A-label payload: it decodes, to something with a non-ASCII code point,
/// canonical (no `xn--` in front, nothing lower-casing, the fullwidth
/// mapping or the separators change), that encodes back to it.
fn is_a_label_payload(payload: &str) -> bool {
    let Ok(decoded) = etld_punycode::decode(payload) else {
        return false;
    };
    !payload.is_empty()
        && !decoded.is_ascii()
        && !decoded.starts_with("xn--")
        && decoded.chars().all(is_canonical_char)
        && etld_punycode::encode(&decoded).is_ok_and(|e| e == payload)
}

/// One label (no separator in it): its canonical ASCII form and its input
/// form, or where it is wrong (the byte offset of a forbidden code point,
/// else 0) and the forbidden code point if that is what is wrong.
pub fn read_label(label: &str) -> Result<(String, String), (usize, Option<char>)> {
    if label.is_empty() {
        return Err((0, None));
    }
    let mut input = String::new();
    for (at, c) in label.char_indices() {
        let mapped = unfullwidth(c);
        if is_forbidden(mapped) {
            return Err((at, Some(mapped)));
        }
        input.extend(mapped.to_lowercase());
    }
    let ascii = if input.is_ascii() {
        if let Some(payload) = input.strip_prefix("xn--") {
            if !is_a_label_payload(payload) {
                return Err((0, None));
            }
        }
        input.clone()
    } else {
        if input.starts_with("xn--") {
            return Err((0, None));
        }
        match etld_punycode::encode(&input) {
            Ok(encoded) => format!("xn--{encoded}"),
            Err(_) => return Err((0, None)),
        }
    };
    if ascii.len() > 63 {
        return Err((0, None));
    }
    Ok((ascii, input))
}

/// The Unicode form of a canonical ASCII label.
pub fn unicode_label(ascii: &str) -> String {
    match ascii.strip_prefix("xn--") {
        Some(payload) => etld_punycode::decode(payload).expect("a canonical A-label decodes"),
        None => ascii.to_string(),
    }
}

/// Reads a host as docs/behaviour.md section 3 steps 1 to 4 say. Of several faults, the
/// leftmost bad label is reported, then a name too long, then an IP address
/// (an IPv6 literal first of all).
pub fn read_host(host: &str) -> Result<Host, Fault> {
    if host.is_empty() {
        return Err(Fault::Empty);
    }
    if is_ipv6(host) {
        return Err(Fault::Ip);
    }
    // (offset, label) pairs.
    let mut labels = Vec::new();
    let mut start = 0;
    for (i, c) in host.char_indices() {
        if is_separator(c) {
            labels.push((start, &host[start..i]));
            start = i + c.len_utf8();
        }
    }
    labels.push((start, &host[start..]));
    let fqdn = labels.len() > 1 && labels.last().is_some_and(|(_, l)| l.is_empty());
    if fqdn {
        labels.pop();
    }
    let mut out = Host {
        ascii: Vec::new(),
        input: Vec::new(),
        fqdn,
    };
    for (offset, label) in labels {
        let (ascii, input) = read_label(label).map_err(|(at, forbidden)| Fault::Label {
            offset: offset + at,
            forbidden,
        })?;
        out.ascii.push(ascii);
        out.input.push(input);
    }
    if out.ascii.join(".").len() > 253 {
        return Err(Fault::TooLong);
    }
    if out.ascii.last().is_some_and(|l| is_number(l)) {
        return Err(Fault::Ip);
    }
    Ok(out)
}

/// Whether the host's last label, as written (mapped and lower-cased), is
/// a number: an IP address whatever else may be wrong with it.
pub fn has_numeric_last_label(host: &str) -> bool {
    let bare = match host.char_indices().last() {
        Some((i, c)) if is_separator(c) => &host[..i],
        _ => host,
    };
    let last = bare.rsplit(is_separator).next().unwrap_or_default();
    let mapped: String = last
        .chars()
        .map(unfullwidth)
        .flat_map(char::to_lowercase)
        .collect();
    is_number(&mapped)
}

/// Whether the library's fault `got` is what the model's `expected` allows
/// for `host`: the same, or an IP address for a host whose last label is a
/// number even though another label is bad (which of the two errors is
/// reported is not part of the contract), or, for a host the model refuses
/// for a bad label or reads as an IP address, an error in any label UTS 46
/// refuses.
pub fn fault_agrees(host: &str, got: Fault, expected: Fault) -> bool {
    got == expected
        || same_bad_label(host, got, expected)
        || (got == Fault::Ip
            && matches!(expected, Fault::Label { .. } | Fault::TooLong)
            && has_numeric_last_label(host))
        || (matches!(expected, Fault::Label { .. } | Fault::Ip) && is_uts46_error(host, got))
}

/// Whether `got` is an error UTS 46 processing gives `host`: one in a
/// label the `idna` crate refuses. Processing (docs/behaviour.md section 3
/// step 2) comes before the checks of forbidden code points and IP
/// addresses (step 3), so it may report a label the model refuses for a
/// forbidden byte (`xn--xn--a b`, whose payload decodes to an `xn--`
/// label, holds a space); where the model
/// reads an A-label as valid that UTS 46 refuses (`xn--a`, which decodes to
/// a C1 control), the library's error is UTS 46's; and of several labels
/// UTS 46 refuses, any may be the one reported. UTS 46 records an error
/// for each bad label and goes on (section 4, step 4), and refuses the
/// name if any was recorded: it does not rank them. The library reports
/// the first its processing finds, the Bidi rule (a criterion of the whole
/// name, validity criterion 8) after every label's own checks, as `idna`
/// checks it; the model the leftmost label it refuses, for its own reasons.
fn is_uts46_error(host: &str, got: Fault) -> bool {
    let Fault::Label {
        forbidden: None, ..
    } = got
    else {
        return false;
    };
    uts46_bad_labels(host).is_some_and(|bad| {
        bad.into_iter().any(|start| {
            let refused = Fault::Label {
                offset: start,
                forbidden: None,
            };
            same_bad_label(host, got, refused)
        })
    })
}

/// Where each label of `host` starts, its labels parted as the model
/// parts them (at the separators of UTS 46).
fn label_starts(host: &str) -> Vec<usize> {
    let after = host
        .char_indices()
        .filter(|&(_, c)| is_separator(c))
        .map(|(i, c)| i + c.len_utf8());
    std::iter::once(0).chain(after).collect()
}

/// A valid right-to-left A-label (`ישראל`): beside it, a label is held to
/// the Bidi rule as in any Bidi domain name.
const RTL_LABEL: &str = "xn--4dbrk0ce";

/// Where each label of `host` that UTS 46 processing (the `idna` crate)
/// refuses starts, from the left. `idna` marks errors with U+FFFD in its
/// Unicode output, but not every one: an ASCII label without `xn--` is
/// written out as given, so one that breaks the Bidi rule (`1a` in
/// `xn--4dbrk0ce.1a`) is refused unmarked. So each label is judged on its
/// own by `idna`: alone, or, if `host` is a Bidi domain name, beside a
/// valid right-to-left label (the validity criteria are a label's own but
/// for the Bidi rule, which asks only whether the name is a Bidi domain
/// name). The name is one if a label makes `1ü`, which the Bidi rule alone
/// refuses, refused beside it. One validity criterion `idna` 1.1 does not
/// check is checked here: a label must not begin with `xn--` once decoded
/// (UTS 46 section 4.1, criterion 4, since Unicode 15.1). `None` if UTS 46
/// accepts the host, or its labels are not the host's (a code point mapped
/// to a text with a dot).
pub fn uts46_bad_labels(host: &str) -> Option<Vec<usize>> {
    let (unicode, result) = idna::domain_to_unicode(host);
    let starts = label_starts(host);
    let decoded: Vec<&str> = unicode.split('.').collect();
    if decoded.len() != starts.len() {
        return None;
    }
    let prefixed: Vec<bool> = decoded.iter().map(|l| l.starts_with("xn--")).collect();
    if result.is_ok() && !prefixed.contains(&true) {
        return None;
    }
    let labels: Vec<&str> = host.split(is_separator).collect();
    let bidi = labels.iter().any(|label| {
        let (unicode, _) = idna::domain_to_unicode(&format!("1ü.{label}"));
        unicode.starts_with('\u{FFFD}')
    });
    let refused = |label: &str| match bidi {
        true => idna::domain_to_ascii(&format!("{label}.{RTL_LABEL}")).is_err(),
        false => idna::domain_to_ascii(label).is_err(),
    };
    Some(
        starts
            .iter()
            .zip(&labels)
            .zip(&prefixed)
            .filter(|((_, label), &prefixed)| prefixed || refused(label))
            .map(|((&start, _), _)| start)
            .collect(),
    )
}

/// Whether the label of `host` at byte `start` is one UTS 46 does not
/// judge but the model refuses for its shape (docs/behaviour.md section 3
/// steps 1 and 4): empty, or over 63 octets in ASCII.
fn is_shape_fault(host: &str, start: usize) -> bool {
    let label = host
        .get(start..)
        .and_then(|rest| rest.split(is_separator).next())
        .unwrap_or_default();
    label.is_empty() || idna::domain_to_ascii(label).is_ok_and(|ascii| ascii.len() > 63)
}

/// Whether `got` and `expected` both name the same bad label (not a
/// forbidden code point): the model knows which label is bad, and says
/// where it starts; the library points at the offending byte within it (a
/// UTS 46 criterion, a Punycode digit).
fn same_bad_label(host: &str, got: Fault, expected: Fault) -> bool {
    let (
        Fault::Label {
            offset: at,
            forbidden: None,
        },
        Fault::Label {
            offset: start,
            forbidden: None,
        },
    ) = (got, expected)
    else {
        return false;
    };
    let end = host
        .get(start..)
        .and_then(|rest| rest.char_indices().find(|&(_, c)| is_separator(c)))
        .map_or(host.len(), |(i, _)| start + i);
    (start..=end).contains(&at)
}

/// Whether UTS 46 (docs/behaviour.md section 3 step 2), as the `idna` crate
/// processes it, reads `host` as the model does: the same canonical ASCII
/// name, Unicode name and input form, or a refusal, of a label UTS 46
/// refuses too (or one it does not judge: empty, too long). The
/// model maps fullwidth ASCII, lower-cases, and encodes or checks
/// A-labels: UTS 46's result for a pure-ASCII name without `xn--` labels
/// (its fast path) and for most others. Where UTS 46 does more (other
/// mappings, ignored code points, NFC, the validity criteria, the Bidi
/// rule), the model and the library part ways; such hosts are held to
/// UTS 46 by `tests/uts46.rs` (Unicode's IdnaTestV2) and the `uts46_idna`
/// fuzz target instead, and the model's tests pass them over.
pub fn uts46_agrees(host: &str) -> bool {
    let fast = host.is_ascii() && !host.to_ascii_lowercase().contains("xn--");
    if fast {
        return true;
    }
    match (read_host(host), idna::domain_to_ascii(host)) {
        (Ok(read), Ok(ascii)) => {
            let (unicode, result) = idna::domain_to_unicode(host);
            result.is_ok()
                && read.ascii_name() == ascii
                && read.unicode_name() == unicode
                && read
                    .input
                    .iter()
                    .zip(unicode.split('.'))
                    .all(|(input, processed)| {
                        // The input form keeps an A-label as it is.
                        input == processed || input.starts_with("xn--")
                    })
        }
        // Both refuse the name, and the label the model refuses is one UTS
        // 46 refuses too, or one it does not judge (an empty label, a label
        // too long): which of several bad labels is reported is not
        // UTS 46's to say (see `is_uts46_error`).
        (
            Err(Fault::Label {
                offset,
                forbidden: None,
            }),
            Err(_),
        ) => uts46_bad_labels(host).is_some_and(|bad| {
            !bad.is_empty() && (bad.contains(&offset) || is_shape_fault(host, offset))
        }),
        // A forbidden code point (step 3, after UTS 46 has run), an empty
        // input, an IP address in a name UTS 46 accepts: the model's own
        // steps.
        (
            Err(Fault::Label {
                forbidden: Some(_), ..
            }),
            Ok(_),
        ) => true,
        (Err(Fault::Empty), _) | (Err(Fault::Ip), Ok(_)) => true,
        (Err(Fault::TooLong), Ok(ascii)) => ascii.trim_end_matches('.').len() > 253,
        _ => false,
    }
}

/// The cookie check written from RFC 6265 5.1.3 and 5.3 step 5 and docs/behaviour.md
/// section 3: a browser's view of the list (both sections, the implicit
/// rule, wildcard parents as suffixes), one leading dot of the cookie
/// domain ignored, the domain the host itself or a name between it and the
/// host's registrable domain (which a host that is a suffix has none of),
/// an IP address matching only the same address.
pub fn cookie_acceptable(model: &Model, request_host: &str, cookie_domain: &str) -> bool {
    let cookie = cookie_domain.strip_prefix('.').unwrap_or(cookie_domain);
    match (read_host(request_host), read_host(cookie)) {
        (Ok(request), Ok(cookie)) => {
            let (r, c) = (&request.ascii, &cookie.ascii);
            if request.fqdn != cookie.fqdn {
                return false;
            }
            if r == c {
                return true;
            }
            let below = c.len() < r.len() && r.ends_with(c);
            let suffix_labels = model.browser_suffix_labels(&request);
            below && suffix_labels < c.len() && !model.is_browser_suffix(&cookie)
        }
        (Err(Fault::Ip), _) | (_, Err(Fault::Ip)) => {
            match (model_ip(request_host), model_ip(cookie)) {
                (Some(a), Some(b)) => a == b,
                _ => false,
            }
        }
        _ => false,
    }
}

/// The IP address of a host to the model: an IPv6 address in brackets or
/// not, or an IPv4 address of one to four parts, each decimal, octal after
/// a `0` or hex after `0x`, after the host's UTS 46 mapping, one final dot
/// allowed (the WHATWG URL standard's IPv4 parser, spelled out its own way).
fn model_ip(host: &str) -> Option<std::net::IpAddr> {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    if bare.contains(':') {
        let bracketed = host.starts_with('[') as usize + host.ends_with(']') as usize;
        if bracketed == 1 || host.len() - bare.len() > 2 {
            return None;
        }
        return bare.parse().ok();
    }
    let ascii = etld::uts46::to_ascii(host).ok()?;
    let ascii = ascii.strip_suffix('.').unwrap_or(&ascii);
    let parts: Vec<&str> = ascii.split('.').collect();
    if parts.len() > 4 {
        return None;
    }
    let mut values = Vec::new();
    for part in &parts {
        let lower = part.to_ascii_lowercase();
        let value = if let Some(hex) = lower.strip_prefix("0x") {
            if hex.is_empty() {
                Some(0)
            } else {
                u128::from_str_radix(hex, 16).ok()
            }
        } else if lower.len() > 1 && lower.starts_with('0') {
            u128::from_str_radix(&lower[1..], 8).ok()
        } else if !lower.is_empty() && lower.bytes().all(|b| b.is_ascii_digit()) {
            lower.parse::<u128>().ok()
        } else {
            None
        };
        values.push(value?);
    }
    let last = *values.last()?;
    let head = &values[..values.len() - 1];
    if head.iter().any(|&v| v > 255) || last >= 1u128 << (8 * (5 - values.len())) {
        return None;
    }
    let mut address = last;
    for (i, v) in head.iter().enumerate() {
        address += v << (8 * (3 - i));
    }
    Some(std::net::IpAddr::V4(std::net::Ipv4Addr::from(
        u32::try_from(address).ok()?,
    )))
}

/// Reads a tab-separated vector file, skipping `#` comments and blank lines.
pub fn read_vectors(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .collect()
}

/// The built-in list's text.
pub const BUILTIN_DAT: &[u8] = include_bytes!("../../vectors/public_suffix_list.dat");
