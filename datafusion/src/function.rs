//! What each function answers for one value, and its documentation.

use std::sync::LazyLock;

use datafusion::logical_expr::{DocSection, Documentation};
use etld::{Answer, Options, Output};

/// One of the etld functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Function {
    /// `etld_registrable(host)`: the registrable domain.
    Registrable,
    /// `etld_suffix(host)`: the public suffix.
    Suffix,
    /// `etld_subdomain(host)`: the labels left of the registrable domain.
    Subdomain,
    /// `etld_section(host)`: `icann`, `private`, or NULL for the implicit rule.
    Section,
    /// `etld_known(host)`: whether a listed rule prevailed.
    Known,
    /// `etld_error(host)`: NULL for a valid host, else why it is not.
    Error,
    /// `etld_rule(host)`: the prevailing rule, canonical (`*` for the
    /// implicit rule).
    Rule,
    /// `etld_icann_suffix(host)`: the public suffix under ICANN-only
    /// sections.
    IcannSuffix,
    /// `etld_icann_registrable(host)`: the registrable domain under
    /// ICANN-only sections.
    IcannRegistrable,
    /// `etld_site(host)`: the site key to group by, the registrable domain
    /// in ASCII without a trailing dot, whatever the output form.
    Site,
    /// `etld_host(url)`: the host of a URL.
    Host,
    /// `etld_url_error(url)`: NULL for a URL whose host looks up, else why
    /// it does not: the URL's error, or its host's.
    UrlError,
    /// `etld_list_version()`: the `// VERSION:` of the list the functions
    /// answer from (NULL for a list without one); no argument.
    ListVersion,
}

impl Function {
    /// Every function, in the order of the crate docs (and of the
    /// variants, which index their documentation).
    pub const ALL: [Function; 13] = [
        Function::Registrable,
        Function::Suffix,
        Function::Subdomain,
        Function::Section,
        Function::Known,
        Function::Error,
        Function::Rule,
        Function::IcannSuffix,
        Function::IcannRegistrable,
        Function::Site,
        Function::Host,
        Function::UrlError,
        Function::ListVersion,
    ];

    /// The SQL name.
    pub const fn name(self) -> &'static str {
        match self {
            Function::Registrable => "etld_registrable",
            Function::Suffix => "etld_suffix",
            Function::Subdomain => "etld_subdomain",
            Function::Section => "etld_section",
            Function::Known => "etld_known",
            Function::Error => "etld_error",
            Function::Rule => "etld_rule",
            Function::IcannSuffix => "etld_icann_suffix",
            Function::IcannRegistrable => "etld_icann_registrable",
            Function::Site => "etld_site",
            Function::Host => "etld_host",
            Function::UrlError => "etld_url_error",
            Function::ListVersion => "etld_list_version",
        }
    }

    /// The function of that SQL name.
    pub fn from_name(name: &str) -> Option<Function> {
        Function::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Whether the answer is a string of the argument's type (the other
    /// string answers are always `Utf8`; `etld_known` is a boolean).
    pub(crate) const fn keeps_input_type(self) -> bool {
        matches!(
            self,
            Function::Registrable
                | Function::Suffix
                | Function::Subdomain
                | Function::IcannSuffix
                | Function::IcannRegistrable
                | Function::Site
                | Function::Host
        )
    }

    /// The options this function looks up with, given the function's own:
    /// the site key is always in ASCII.
    pub(crate) fn options(self, options: &Options) -> Options {
        match self {
            Function::Site => options.output(Output::Ascii),
            _ => *options,
        }
    }

    /// The string part of a host's lookup answer that this function
    /// gives: the registrable domain, suffix, subdomain, section, the
    /// ICANN-only suffix or registrable domain, or the site key (of an
    /// answer looked up with [`Function::options`]). `None` for the other
    /// functions, whose answers are not parts of it.
    #[inline]
    pub(crate) fn part<'a>(self, answer: &Answer<'a>) -> Option<&'a str> {
        match self {
            Function::Registrable => answer.registrable(),
            Function::Suffix => answer.suffix(),
            Function::Subdomain => answer.subdomain(),
            Function::Section => answer.section().map(|s| s.as_str()),
            Function::IcannSuffix => answer.icann_suffix(),
            Function::IcannRegistrable => answer.icann_registrable(),
            Function::Site => answer
                .registrable()
                .map(|r| r.strip_suffix('.').unwrap_or(r)),
            Function::Known
            | Function::Error
            | Function::Rule
            | Function::Host
            | Function::UrlError
            | Function::ListVersion => None,
        }
    }

    /// The documentation DataFusion shows for the function.
    pub(crate) fn documentation(self) -> &'static Documentation {
        static DOCS: LazyLock<Vec<Documentation>> = LazyLock::new(|| {
            Function::ALL
                .iter()
                .map(|f| f.build_documentation())
                .collect()
        });
        &DOCS[self as usize]
    }

    fn build_documentation(self) -> Documentation {
        const SECTION: DocSection = DocSection {
            include: true,
            label: "Public Suffix List Functions",
            description: Some(
                "Public suffixes and registrable domains of host names, from the Public Suffix List (etld).",
            ),
        };
        let (description, example, result) = match self {
            Function::Registrable => (
                "The registrable domain of a host (its public suffix and one more label): NULL when the host is itself a public suffix, has no suffix, or is not a valid host.",
                "www.example.co.uk",
                "example.co.uk",
            ),
            Function::Suffix => (
                "The public suffix of a host: NULL when it has none (the implicit `*` rule off and no rule matched) or is not a valid host.",
                "www.example.co.uk",
                "co.uk",
            ),
            Function::Subdomain => (
                "The labels of a host left of its registrable domain: NULL when there are none or the host is not valid.",
                "www.example.co.uk",
                "www",
            ),
            Function::Section => (
                "The section of the list whose rule decided the public suffix: `icann` or `private`; NULL for the implicit `*` rule or a host that is not valid.",
                "me.github.io",
                "private",
            ),
            Function::Known => (
                "Whether a listed rule decided the public suffix (false for the implicit `*` rule); NULL for a host that is not valid.",
                "www.example.co.uk",
                "true",
            ),
            Function::Error => (
                "NULL for a valid host; else why it is not one, as `etld lookup` says it, naming `etld_host` for a host that looks like a URL, host:port or an e-mail address.",
                "192.168.0.1",
                "an IP address (or a name ending in a number) has no public suffix",
            ),
            Function::Rule => (
                "The rule of the list that decided the public suffix, as the list writes it, canonical (ASCII): `co.uk`, `*.kobe.jp`, `!city.kobe.jp`, `*` for the implicit rule; NULL when no rule matched (the implicit `*` rule off) or the host is not valid.",
                "a.b.kobe.jp",
                "*.kobe.jp",
            ),
            Function::IcannSuffix => (
                "The public suffix of a host under the ICANN section alone (tldextract's registry suffix), the other options as they are: the public suffix itself unless a PRIVATE rule decided it; NULL as for `etld_suffix`.",
                "me.github.io",
                "io",
            ),
            Function::IcannRegistrable => (
                "The registrable domain of a host under the ICANN section alone (see `etld_icann_suffix`); NULL as for `etld_registrable`.",
                "me.github.io",
                "github.io",
            ),
            Function::Site => (
                "The key to group and count by site: the registrable domain in ASCII (A-labels, whatever the output form) without a trailing dot, so that `www.bücher.de`, `shop.xn--bcher-kva.de` and `bücher.de.` are one site; NULL as for `etld_registrable`.",
                "www.Bücher.de.",
                "xn--bcher-kva.de",
            ),
            Function::Host => (
                "The host of a URL, `host:port` or e-mail address, taken as the WHATWG URL standard's parser takes it for http and https URLs; NULL when there is none.",
                "https://user@www.Example.co.uk:8080/a?b",
                "www.Example.co.uk",
            ),
            Function::UrlError => (
                "NULL for a URL, `host:port` or e-mail address whose host is valid; else why it has no answer, as `etld lookup --url` says it: the URL's error (bytes counted in the URL), or its host's (`the host: ...`, bytes counted in the host).",
                "http://a:x/",
                "invalid port at byte 9",
            ),
            Function::ListVersion => {
                return Documentation::builder(
                    SECTION,
                    "The `// VERSION:` line of the list the functions answer from (as `etld info` names it); NULL for a list without one.",
                    "etld_list_version()",
                )
                .with_sql_example(
                    "```sql\n> SELECT etld_list_version();\n2026-10-22_08-36-41_UTC\n```",
                )
                .build();
            }
        };
        let takes_url = matches!(self, Function::Host | Function::UrlError);
        let arg = if takes_url { "url" } else { "host" };
        let name = self.name();
        Documentation::builder(SECTION, description, format!("{name}({arg})"))
            .with_sql_example(format!(
                "```sql\n> SELECT {name}('{example}');\n{result}\n```"
            ))
            .with_argument(
                arg,
                if takes_url {
                    "A URL, `host:port`, e-mail address or host name: a string expression."
                } else {
                    "A host name (not a URL): a string expression."
                },
            )
            .build()
    }
}

/// The answer of `etld_known` for a host's lookup answer: NULL for an
/// invalid host.
#[inline]
pub(crate) fn known(answer: &Answer<'_>) -> Option<bool> {
    answer.is_ok().then_some(answer.is_known())
}
