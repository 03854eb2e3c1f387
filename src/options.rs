//! Options that change how a host is matched and how results are written.
//!
//! Options can be set once per [`List`](crate::List) with
//! [`List::with_options`](crate::List::with_options) and overridden per call
//! with [`List::lookup_with`](crate::List::lookup_with).

use std::fmt;

use crate::error::UnknownName;
use crate::rules::compile::flags;

/// Which of the list's two sections take part in matching.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sections {
    /// ICANN and PRIVATE rules (the default).
    #[default]
    All,
    /// ICANN rules only; PRIVATE rules are ignored as if absent.
    IcannOnly,
}

/// What a wildcard rule such as `*.kobe.jp` says about its parent `kobe.jp`.
///
/// The list's formal algorithm matches a rule only against the labels it
/// names, so `*.kobe.jp` matches `city.kobe.jp` but not `kobe.jp`, whose
/// suffix is then `jp` ([`Wildcard::Strict`], as in Go's
/// `x/net/publicsuffix` and the list's own reference test parser). libpsl,
/// Chromium and Firefox also treat the parent of every wildcard rule as a
/// public suffix ([`Wildcard::Browser`]), so `kobe.jp` is its own suffix.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Wildcard {
    /// A wildcard rule makes only the names below its parent suffixes.
    #[default]
    Strict,
    /// A wildcard rule also makes its parent a suffix, like libpsl and browsers.
    Browser,
}

/// The form in which results are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Output {
    /// The input's own form, lower-cased: Unicode labels stay Unicode,
    /// A-labels stay A-labels, and the ideographic full stops are written `.`.
    #[default]
    Input,
    /// Every label in ASCII: Unicode labels become `xn--` A-labels.
    Ascii,
    /// Every label in Unicode: valid `xn--` A-labels are decoded.
    Unicode,
}

/// Names and values of an option enum, for `as_str`, `Display`, `AsRef<str>`
/// and `FromStr`: one table, so that a name parses to the value that
/// writes it.
macro_rules! named {
    ($type:ident { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $type {
            /// Every name, in the order of the variants.
            const NAMES: &'static [&'static str] = &[$($name),+];

            /// The value's name: what the command line and SQL call it,
            /// and what [`FromStr`](std::str::FromStr) parses.
            pub const fn as_str(&self) -> &'static str {
                match self {
                    $($type::$variant => $name),+
                }
            }
        }

        impl fmt::Display for $type {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl AsRef<str> for $type {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl std::str::FromStr for $type {
            type Err = UnknownName;

            /// The value of a name, in any case.
            fn from_str(name: &str) -> Result<$type, UnknownName> {
                $(if name.eq_ignore_ascii_case($name) {
                    return Ok($type::$variant);
                })+
                Err(UnknownName::new(name, $type::NAMES))
            }
        }
    };
}

named!(Sections { All => "all", IcannOnly => "icann-only" });
named!(Wildcard { Strict => "strict", Browser => "browser" });
named!(Output { Input => "input", Ascii => "ascii", Unicode => "unicode" });

/// The options of a lookup.
///
/// ```
/// use etld::{Options, Sections, Wildcard};
///
/// let options = Options::new()
///     .sections(Sections::IcannOnly)
///     .wildcard(Wildcard::Browser)
///     .implicit_rule(false);
/// assert_eq!(options.get_sections(), Sections::IcannOnly);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Options {
    pub(crate) sections: Sections,
    pub(crate) implicit_rule: bool,
    pub(crate) wildcard: Wildcard,
    pub(crate) output: Output,
    /// The flags of the list's keys that count under these options
    /// (`compile::flags`): `sections` and `wildcard` as a lookup reads
    /// them, set with them.
    pub(crate) mask: u8,
}

impl fmt::Debug for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Options")
            .field("sections", &self.sections)
            .field("implicit_rule", &self.implicit_rule)
            .field("wildcard", &self.wildcard)
            .field("output", &self.output)
            .finish()
    }
}

/// The flags of the list's keys that count with `sections` and
/// `wildcard`.
const fn mask(sections: Sections, wildcard: Wildcard) -> u8 {
    let mut mask = flags::ALL;
    if let Sections::IcannOnly = sections {
        mask &= flags::ICANN;
    }
    if let Wildcard::Strict = wildcard {
        mask &= !flags::IMPLIED;
    }
    mask
}

impl Default for Options {
    fn default() -> Options {
        Options::new()
    }
}

impl Options {
    /// The defaults: all sections, the implicit `*` rule on, strict
    /// wildcards, results in the input's form.
    #[must_use]
    pub const fn new() -> Options {
        Options {
            sections: Sections::All,
            implicit_rule: true,
            wildcard: Wildcard::Strict,
            output: Output::Input,
            mask: mask(Sections::All, Wildcard::Strict),
        }
    }

    /// Sets which sections take part in matching.
    #[must_use]
    pub const fn sections(mut self, sections: Sections) -> Options {
        self.sections = sections;
        self.mask = mask(sections, self.wildcard);
        self
    }

    /// Turns the implicit `*` rule on (the default) or off. With it off, a
    /// host under an unlisted TLD has no public suffix.
    #[must_use]
    pub const fn implicit_rule(mut self, yes: bool) -> Options {
        self.implicit_rule = yes;
        self
    }

    /// Sets the wildcard mode (see [`Wildcard`]).
    #[must_use]
    pub const fn wildcard(mut self, wildcard: Wildcard) -> Options {
        self.wildcard = wildcard;
        self.mask = mask(self.sections, wildcard);
        self
    }

    /// Sets the form of results (see [`Output`]).
    #[must_use]
    pub const fn output(mut self, output: Output) -> Options {
        self.output = output;
        self
    }

    /// Which sections take part in matching.
    pub const fn get_sections(&self) -> Sections {
        self.sections
    }

    /// Whether the implicit `*` rule is on.
    pub const fn get_implicit_rule(&self) -> bool {
        self.implicit_rule
    }

    /// The wildcard mode.
    pub const fn get_wildcard(&self) -> Wildcard {
        self.wildcard
    }

    /// The form of results.
    pub const fn get_output(&self) -> Output {
        self.output
    }
}

#[cfg(test)]
mod tests {
    use super::{Options, Sections, Wildcard};
    use crate::rules::compile::flags;

    /// The mask a lookup reads follows the sections and the wildcard mode,
    /// whichever is set last, and is not part of what `Debug` shows.
    #[test]
    fn mask_follows_sections_and_wildcard() {
        for sections in [Sections::All, Sections::IcannOnly] {
            for wildcard in [Wildcard::Strict, Wildcard::Browser] {
                let mut expected = flags::ALL;
                if sections == Sections::IcannOnly {
                    expected &= flags::ICANN;
                }
                if wildcard == Wildcard::Strict {
                    expected &= !flags::IMPLIED;
                }
                let a = Options::new().sections(sections).wildcard(wildcard);
                let b = Options::new().wildcard(wildcard).sections(sections);
                assert_eq!((a.mask, b.mask), (expected, expected));
                assert_eq!(a, b);
            }
        }
        assert_eq!(
            format!("{:?}", Options::new()),
            "Options { sections: All, implicit_rule: true, wildcard: Strict, output: Input }"
        );
    }
}

#[cfg(test)]
mod names {
    use super::*;

    #[test]
    fn every_name_parses_to_the_value_that_writes_it() {
        for s in [Sections::All, Sections::IcannOnly] {
            assert_eq!(s.as_str().parse(), Ok(s));
            assert_eq!(s.to_string().to_uppercase().parse(), Ok(s));
        }
        for w in [Wildcard::Strict, Wildcard::Browser] {
            assert_eq!(w.as_str().parse(), Ok(w));
        }
        for o in [Output::Input, Output::Ascii, Output::Unicode] {
            assert_eq!(o.as_ref().parse(), Ok(o));
        }
        let e = "utf8".parse::<Output>().unwrap_err();
        assert_eq!(e.expected(), ["input", "ascii", "unicode"]);
        assert_eq!(
            e.to_string(),
            "unknown name `utf8`: expected input, ascii or unicode"
        );
    }
}
