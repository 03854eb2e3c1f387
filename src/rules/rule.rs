//! Rules of the list and the text format they are read from (`.dat`).
//!
//! The text format is the Public Suffix List's own: one rule a line, read up to
//! the first whitespace; `//` comments; `!` exceptions; `*` wildcard labels;
//! `===BEGIN ICANN DOMAINS===` / `===BEGIN PRIVATE DOMAINS===` markers that set
//! the section of the rules between them and their `END` markers. Rules
//! outside any marked section are ICANN rules, so a list of three lines works.

use std::fmt;

use crate::error::{Error, LabelError, RuleError};
use crate::host::label::canonical_label;

/// The section of the list a rule comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Section {
    /// The ICANN section: suffixes run by registries under ICANN.
    Icann,
    /// The PRIVATE section: suffixes submitted by private parties.
    Private,
}

impl Section {
    /// The section's name in lower case: `icann` or `private`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Section::Icann => "icann",
            Section::Private => "private",
        }
    }
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl AsRef<str> for Section {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl std::str::FromStr for Section {
    type Err = crate::error::UnknownName;

    /// `icann` or `private`, in any case.
    ///
    /// ```
    /// assert_eq!("PRIVATE".parse(), Ok(etld::Section::Private));
    /// ```
    fn from_str(name: &str) -> Result<Section, Self::Err> {
        [Section::Icann, Section::Private]
            .into_iter()
            .find(|s| name.eq_ignore_ascii_case(s.as_str()))
            .ok_or_else(|| crate::error::UnknownName::new(name, &["icann", "private"]))
    }
}

/// Whether a rule lists suffixes or makes an exception to a wildcard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RuleKind {
    /// A rule that lists a suffix (possibly with wildcard labels).
    Normal,
    /// An exception rule (`!`): the name it lists is not a suffix, its parent is.
    Exception,
}

/// One rule of the list, in canonical form.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rule {
    name: String,
    kind: RuleKind,
    section: Section,
}

impl Rule {
    /// The rule's labels, canonical (lower-case ASCII) and dot-separated,
    /// without the `!` of an exception; wildcard labels are `*`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether this is a normal or an exception rule.
    pub fn kind(&self) -> RuleKind {
        self.kind
    }

    /// The section the rule comes from.
    pub fn section(&self) -> Section {
        self.section
    }

    /// The number of labels of the rule.
    pub fn label_count(&self) -> usize {
        self.name.split('.').count()
    }

    /// Whether one of the rule's labels is the wildcard `*`.
    pub fn is_wildcard(&self) -> bool {
        self.name.split('.').any(|l| l == "*")
    }

    /// Parses one rule as it stands on a line of the list (without the
    /// comment and whitespace handling of [`RuleSet::parse`]). A byte
    /// offset in its error counts from the start of `text`.
    ///
    /// ```
    /// use etld::{Rule, RuleKind, Section};
    ///
    /// let rule = Rule::parse("!City.Kobe.JP", Section::Icann).unwrap();
    /// assert_eq!(rule.name(), "city.kobe.jp");
    /// assert_eq!(rule.kind(), RuleKind::Exception);
    /// ```
    pub fn parse(text: &str, section: Section) -> Result<Rule, RuleError> {
        Rule::parse_located(text, section).map_err(|(_, error)| error)
    }

    /// [`Rule::parse`], its error with the byte offset in `text` of what is
    /// wrong: the byte that makes a label invalid (a forbidden code point,
    /// a `*` within a label; that of a UTS 46 error), else the start of the
    /// label (empty, too long, not a valid A-label), of the exception's
    /// `*`, or of the rule.
    pub(crate) fn parse_located(text: &str, section: Section) -> Result<Rule, (usize, RuleError)> {
        let whole = text;
        let (kind, text) = match text.strip_prefix('!') {
            Some(rest) => (RuleKind::Exception, rest),
            None => (RuleKind::Normal, text),
        };
        // A rule of dots alone (`.`, `!..`) has no label: said at its start.
        if text.chars().all(crate::host::label::is_separator) {
            return Err((
                whole.len() - text.len(),
                RuleError::Label(LabelError::Empty),
            ));
        }
        // The old Mozilla form `.foo.com` is accepted: the dot is ignored.
        let text = text.strip_prefix('.').unwrap_or(text);
        // A dot at the end is said as such, not as an empty last label.
        if let Some(dot) = text.chars().next_back() {
            if text.len() > dot.len_utf8() && crate::host::label::is_separator(dot) {
                return Err((whole.len() - dot.len_utf8(), RuleError::TrailingDot));
            }
        }
        let mut name = String::with_capacity(text.len());
        let mut labels = 0;
        let mut wildcard = None;
        for label in text.split(crate::host::label::is_separator) {
            if labels > 0 {
                name.push('.');
            }
            labels += 1;
            let at = offset_in(whole, label);
            if label == "*" {
                wildcard = wildcard.or(Some(at));
                name.push('*');
            } else if let Some(star) = label.find('*') {
                return Err((at + star, RuleError::PartialWildcard));
            } else {
                let canonical = canonical_label(label).map_err(|e| {
                    let offset = match e {
                        // Where the label holds it, or what was mapped to it.
                        LabelError::ForbiddenCodePoint(c) => {
                            at + crate::host::uts46::find_mapped(label, c).unwrap_or(0)
                        }
                        LabelError::Uts46(u) => at + u.offset(),
                        _ => at,
                    };
                    (offset, RuleError::Label(e.shifted(at)))
                })?;
                name.push_str(&canonical);
            }
        }
        if name.len() > crate::host::label::MAX_NAME {
            return Err((0, RuleError::TooLong(name.len())));
        }
        if kind == RuleKind::Exception {
            if let Some(star) = wildcard {
                return Err((star, RuleError::WildcardException));
            }
            if labels < 2 {
                return Err((0, RuleError::ShortException));
            }
        }
        Ok(Rule {
            name,
            kind,
            section,
        })
    }
}

/// Where `part`, a slice of `text`, starts in it.
fn offset_in(text: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(text.as_ptr() as usize)
}

/// Whether `c` ends a line of list text: LF, or CR (alone, as old Mac
/// files end lines and as Python's `splitlines` reads them, or before LF).
pub(crate) fn is_line_end(c: char) -> bool {
    c == '\n' || c == '\r'
}

/// The lines of list text, without their ends ([`is_line_end`]; CR LF is
/// one end), so that no rule of a file with any of those ends is lost.
pub(crate) fn lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let text = rest?;
        let Some(end) = text.iter().position(|&b| is_line_end(char::from(b))) else {
            rest = None;
            return Some(text);
        };
        let crlf = text.get(end..end + 2) == Some(b"\r\n");
        rest = text.get(end + if crlf { 2 } else { 1 }..);
        text.get(..end)
    })
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind == RuleKind::Exception {
            f.write_str("!")?;
        }
        f.write_str(&self.name)
    }
}

/// The rules of a list, read from its text (`.dat`), with its metadata.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleSet {
    rules: Vec<Rule>,
    version: Option<String>,
    commit: Option<String>,
}

impl RuleSet {
    /// Parses list text. Lines end in LF, CR LF or a CR alone. Errors carry
    /// the 1-based line number (and count byte offsets from the line's
    /// start). A UTF-8 byte order mark at the start is ignored; text with
    /// no rule at all is [`Error::NoRules`] (an empty or truncated download
    /// must never pass for a list).
    ///
    /// ```
    /// use etld::{RuleSet, Section};
    ///
    /// let set = RuleSet::parse(b"// VERSION: 1\ncom\n*.ck\n!www.ck\n").unwrap();
    /// assert_eq!(set.rules().len(), 3);
    /// assert_eq!(set.version(), Some("1"));
    /// assert_eq!(set.rules()[1].section(), Section::Icann);
    ///
    /// let err = RuleSet::parse(b"com\n*bar.foo\n").unwrap_err();
    /// assert_eq!(err.to_string(), "line 2, byte 0: a wildcard must be a whole label");
    /// ```
    pub fn parse(text: &[u8]) -> Result<RuleSet, Error> {
        let set = RuleSet::parse_rules(text)?;
        match set.rules.is_empty() {
            true => Err(Error::NoRules),
            false => Ok(set),
        }
    }

    /// [`RuleSet::parse`] without its refusal of a text of no rules: text
    /// laid over a list may hold none, as appending it changes nothing.
    pub(crate) fn parse_rules(text: &[u8]) -> Result<RuleSet, Error> {
        if let Some(wrapping) = crate::rules::format::wrapped(text) {
            return Err(Error::Format(wrapping));
        }
        let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
        let mut set = RuleSet::default();
        let mut section = Section::Icann;
        for (i, line) in lines(text).enumerate() {
            let line_no = i + 1;
            let err = |offset, error| Error::Rule {
                line: line_no,
                offset,
                error,
            };
            let line = std::str::from_utf8(line)
                .map_err(|e| err(e.valid_up_to(), RuleError::InvalidUtf8))?;
            let text = line.trim_start();
            if let Some(comment) = text.strip_prefix("//") {
                let comment = comment.trim();
                match comment {
                    "===BEGIN ICANN DOMAINS===" => section = Section::Icann,
                    "===BEGIN PRIVATE DOMAINS===" => section = Section::Private,
                    "===END ICANN DOMAINS===" | "===END PRIVATE DOMAINS===" => {
                        section = Section::Icann
                    }
                    _ => {
                        if let Some(v) = comment.strip_prefix("VERSION:").and_then(metadata) {
                            set.version.get_or_insert_with(|| v.to_string());
                        } else if let Some(c) = comment.strip_prefix("COMMIT:").and_then(metadata) {
                            set.commit.get_or_insert_with(|| c.to_string());
                        }
                    }
                }
                continue;
            }
            let Some(token) = text.split_whitespace().next() else {
                continue;
            };
            let at = offset_in(line, token);
            let rule = Rule::parse_located(token, section)
                .map_err(|(offset, e)| err(at + offset, e.shifted(at)))?;
            set.rules.push(rule);
        }
        Ok(set)
    }

    /// Builds a set from rules and metadata.
    pub fn from_rules(
        rules: Vec<Rule>,
        version: Option<String>,
        commit: Option<String>,
    ) -> RuleSet {
        RuleSet {
            rules,
            version,
            commit,
        }
    }

    /// The rules in the order of the text (duplicates included; they are
    /// merged when the list is compiled).
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The list's `// VERSION:` comment, if any.
    pub fn version(&self) -> Option<&str> {
        self.version.as_deref()
    }

    /// The list's `// COMMIT:` comment, if any.
    pub fn commit(&self) -> Option<&str> {
        self.commit.as_deref()
    }
}

/// The value of a `// VERSION:` or `// COMMIT:` comment; an empty one is
/// none (a `.fst` file keeps no empty metadata), so a later one counts.
fn metadata(value: &str) -> Option<&str> {
    Some(value.trim()).filter(|v| !v.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::LabelError;

    fn line_err(text: &str) -> (usize, usize, RuleError) {
        match RuleSet::parse(text.as_bytes()) {
            Err(Error::Rule {
                line,
                offset,
                error,
            }) => (line, offset, error),
            other => panic!("expected a rule error, got {other:?}"),
        }
    }

    #[test]
    fn sections_and_metadata() {
        let text = "// VERSION: v1\r\n// COMMIT: abc\nfoo\n// ===BEGIN ICANN DOMAINS===\n  com  trailing words\n\n// ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\n.Blogspot.com\n// ===END PRIVATE DOMAINS===\nbar\n";
        let set = RuleSet::parse(text.as_bytes()).unwrap();
        let got: Vec<(&str, Section)> = set
            .rules()
            .iter()
            .map(|r| (r.name(), r.section()))
            .collect();
        assert_eq!(
            got,
            [
                ("foo", Section::Icann),
                ("com", Section::Icann),
                ("blogspot.com", Section::Private),
                ("bar", Section::Icann)
            ]
        );
        assert_eq!(set.version(), Some("v1"));
        assert_eq!(set.commit(), Some("abc"));
        // An empty VERSION or COMMIT is none: a later one counts.
        let set = RuleSet::parse(b"// VERSION: \n// COMMIT:\ncom\n// VERSION: 2\n// COMMIT: c\n")
            .unwrap();
        assert_eq!((set.version(), set.commit()), (Some("2"), Some("c")));
    }

    #[test]
    fn rule_forms() {
        let r = Rule::parse("*.*.foo", Section::Icann).unwrap();
        assert!(r.is_wildcard());
        assert_eq!(r.label_count(), 3);
        assert_eq!(
            Rule::parse("foo.*.bar", Section::Icann).unwrap().name(),
            "foo.*.bar"
        );
        assert_eq!(
            Rule::parse("食狮.公司.cn", Section::Icann).unwrap().name(),
            "xn--85x722f.xn--55qx5d.cn"
        );
        assert_eq!(
            Rule::parse("!www.ck", Section::Icann).unwrap().to_string(),
            "!www.ck"
        );
    }

    #[test]
    fn errors_name_their_line_and_byte() {
        use RuleError::*;
        let label = RuleError::Label;
        assert_eq!(line_err("com\n*bar.foo"), (2, 0, PartialWildcard));
        assert_eq!(line_err("com\n  foo.b*r.foo"), (2, 7, PartialWildcard));
        assert_eq!(line_err("a\nb\n!com"), (3, 0, ShortException));
        assert_eq!(line_err("!*.com"), (1, 1, WildcardException));
        assert_eq!(line_err(" !a.*.com"), (1, 4, WildcardException));
        assert_eq!(line_err("a..b"), (1, 2, label(LabelError::Empty)));
        assert_eq!(line_err("com."), (1, 3, RuleError::TrailingDot));
        assert_eq!(line_err("a.com\u{3002}"), (1, 5, RuleError::TrailingDot));
        assert_eq!(line_err("."), (1, 0, label(LabelError::Empty)));
        assert_eq!(line_err("..."), (1, 0, label(LabelError::Empty)));
        assert_eq!(line_err("!."), (1, 1, label(LabelError::Empty)));
        assert_eq!(
            line_err(&format!("x\n\t{}.com", "a".repeat(64))),
            (2, 1, label(LabelError::TooLong(64)))
        );
        assert_eq!(
            line_err(&format!("x\n{}", vec!["a".repeat(63); 4].join("."))),
            (2, 0, TooLong(255))
        );
        assert_eq!(
            line_err("a\x01b"),
            (1, 1, label(LabelError::ForbiddenCodePoint('\u{1}')))
        );
        // A code point that UTS 46 maps to a forbidden one: where it stands.
        assert_eq!(
            line_err("x.ab\u{FF05}"),
            (1, 4, label(LabelError::ForbiddenCodePoint('%')))
        );
        // A UTS 46 error: where it says, counted in the line.
        match line_err("com\n  a.xn--zz") {
            (2, offset, RuleError::Label(LabelError::Uts46(e))) => {
                assert_eq!(offset, e.offset());
                assert!((4..10).contains(&offset), "{offset}");
            }
            other => panic!("{other:?}"),
        }
        match RuleSet::parse(b"ok\nab\xff\xfe\n") {
            Err(Error::Rule {
                line: 2,
                offset: 2,
                error: RuleError::InvalidUtf8,
            }) => {}
            other => panic!("{other:?}"),
        }
    }
}
