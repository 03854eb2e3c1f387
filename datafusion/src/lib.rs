//! The [`etld`] functions for [Apache DataFusion](https://datafusion.apache.org):
//! public suffixes and registrable domains in SQL.
//!
//! | function | answer | type |
//! |---|---|---|
//! | `etld_registrable(host)` | the registrable domain (`example.co.uk` of `www.example.co.uk`) | string |
//! | `etld_suffix(host)` | the public suffix (`co.uk`) | string |
//! | `etld_subdomain(host)` | the labels left of the registrable domain (`www`) | string |
//! | `etld_section(host)` | the section of the prevailing rule: `icann`, `private`, NULL for the implicit `*` rule | string |
//! | `etld_known(host)` | whether a listed rule prevailed (not the implicit `*` rule) | boolean |
//! | `etld_error(host)` | NULL for a valid host, else why it is not one | string |
//! | `etld_rule(host)` | the prevailing rule, canonical ASCII: `co.uk`, `*.kobe.jp`, `!city.kobe.jp`, `*` for the implicit rule | string |
//! | `etld_icann_suffix(host)` | the public suffix under the ICANN section alone (`io` of `me.github.io`) | string |
//! | `etld_icann_registrable(host)` | the registrable domain under the ICANN section alone (`github.io` of `me.github.io`) | string |
//! | `etld_site(host)` | the key to group by site: the registrable domain in ASCII without a trailing dot (`xn--bcher-kva.de` of `www.bücher.de.`) | string |
//! | `etld_host(url)` | the host of a URL, `host:port` or e-mail address ([`etld::url::host`]) | string |
//! | `etld_url_error(url)` | NULL for a URL whose host is valid, else why it has no answer ([`etld::List::lookup_url`]'s error) | string |
//! | `etld_list_version()` | the `// VERSION:` of the list the functions answer from ([`etld::List::version`]; NULL for a list without one) | string |
//!
//! Each but `etld_list_version()` takes one string argument: a `Utf8`, `LargeUtf8` or `Utf8View` column
//! or constant (dictionary-encoded strings are decoded first). The answers
//! are exactly those of `etld lookup` on the same host with the same list and
//! options; a string answer has the type of its argument (`etld_section`,
//! `etld_error`, `etld_url_error` and `etld_rule` are always `Utf8`). NULL, or a host that is not valid (an IP
//! address, an empty label, a bad `xn--` label, ...), gives NULL: a query
//! never fails on its data. `etld_error` says what was wrong, in the words of
//! `etld lookup`; for a host that looks like a URL, `host:port` or an
//! e-mail address it adds that `etld_host` takes out its host.
//!
//! # Sites by number of hosts
//!
//! ```
//! use datafusion::arrow::array::{RecordBatch, StringArray};
//! use datafusion::arrow::util::pretty::pretty_format_batches;
//! use datafusion::prelude::SessionContext;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! etld_datafusion::Etld::builtin().register(&ctx);
//!
//! let hosts = StringArray::from(vec![
//!     "www.example.co.uk", "mail.example.co.uk", "me.github.io", "192.168.0.1",
//! ]);
//! ctx.register_batch("logs", RecordBatch::try_from_iter([("host", std::sync::Arc::new(hosts) as _)])?)?;
//!
//! let sites = ctx
//!     .sql("SELECT etld_site(host) AS site, etld_section(host) AS section, count(*) AS hosts
//!           FROM logs GROUP BY site, section ORDER BY hosts DESC, site")
//!     .await?
//!     .collect()
//!     .await?;
//! assert_eq!(
//!     pretty_format_batches(&sites)?.to_string(),
//!     "\
//! +---------------+---------+-------+
//! | site          | section | hosts |
//! +---------------+---------+-------+
//! | example.co.uk | icann   | 2     |
//! | me.github.io  | private | 1     |
//! |               |         | 1     |
//! +---------------+---------+-------+"
//! );
//! # Ok(())
//! # }
//! ```
//!
//! # Another list, other options
//!
//! [`Etld::new`] takes any [`etld::List`] and [`etld::Options`]; the options
//! are those of `etld lookup`'s `--icann-only`, `--no-implicit-rule`,
//! `--wildcard-root` and `--output`.
//!
//! ```
//! use std::sync::Arc;
//! use datafusion::arrow::array::AsArray;
//! use datafusion::prelude::SessionContext;
//! use etld::{Options, Sections};
//! use etld_datafusion::Etld;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let list = etld::List::from_dat(b"io
//! // ===BEGIN PRIVATE DOMAINS===
//! github.io
//! // ===END PRIVATE DOMAINS===
//! ")?;
//! let icann = Options::new().sections(Sections::IcannOnly);
//! let ctx = SessionContext::new();
//! Etld::new(Arc::new(list), icann).register(&ctx);
//!
//! let batches = ctx.sql("SELECT etld_registrable('me.github.io')").await?.collect().await?;
//! assert_eq!(batches[0].column(0).as_string::<i32>().value(0), "github.io");
//! # Ok(())
//! # }
//! ```
//!
//! # On a Ballista cluster
//!
//! A function travels in a distributed plan by its name, with the options it
//! was called with ([`codec`]): the scheduler and every executor must know
//! it too, and have the same list, extra rules laid over it included
//! ([`etld::List::with_extra`]). The [`cluster`] module builds the
//! scheduler's session, the executors' function registry and a client
//! context that carry the functions; the `etld-sql` binary of this package
//! starts all three.
#![deny(missing_docs)]
#![deny(unsafe_code)]

pub mod cluster;
pub mod codec;
mod function;
mod strings;
mod udf;

use std::sync::{Arc, OnceLock};

use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;
use etld::{List, Options};

pub use function::Function;

/// A list and the options of its lookups: what the functions answer from.
///
/// Cloning is cheap (the list is shared).
#[derive(Clone)]
pub struct Etld {
    list: Arc<List>,
    options: Options,
}

impl Etld {
    /// The functions on `list` with `options`.
    pub fn new(list: Arc<List>, options: Options) -> Etld {
        Etld { list, options }
    }

    /// The functions on the built-in list with the default options (both
    /// sections, the implicit `*` rule, strict wildcards, answers in the
    /// input's form), as `etld lookup` without options.
    pub fn builtin() -> Etld {
        static BUILTIN: OnceLock<Arc<List>> = OnceLock::new();
        let list = BUILTIN.get_or_init(|| Arc::new(List::builtin().clone()));
        Etld::new(Arc::clone(list), Options::new())
    }

    /// The same list with other options.
    pub fn with_options(mut self, options: Options) -> Etld {
        self.options = options;
        self
    }

    /// The list.
    pub fn list(&self) -> &List {
        &self.list
    }

    /// The options.
    pub fn options(&self) -> Options {
        self.options
    }

    /// One scalar function.
    pub fn udf(&self, function: Function) -> ScalarUDF {
        ScalarUDF::new_from_impl(udf::EtldUdf::new(function, self.clone()))
    }

    /// All the functions, for a function registry of one's own (a Ballista
    /// executor's, for instance).
    pub fn udfs(&self) -> Vec<ScalarUDF> {
        Function::ALL.iter().map(|&f| self.udf(f)).collect()
    }

    /// Registers all the functions on `ctx`, replacing any of the same name.
    pub fn register(&self, ctx: &SessionContext) {
        for udf in self.udfs() {
            ctx.register_udf(udf);
        }
    }
}

impl std::fmt::Debug for Etld {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Etld")
            .field("list_version", &self.list.version())
            .field("rules", &self.list.rule_counts().total())
            .field("layers", &self.list.layers())
            .field("fingerprint", &self.list.fingerprint())
            .field("options", &self.options)
            .finish()
    }
}

/// Registers the functions on `ctx`, answering from a copy of `list` with
/// `options` (see [`Etld`] to share one list between contexts).
pub fn register(ctx: &SessionContext, list: &List, options: Options) {
    Etld::new(Arc::new(list.clone()), options).register(ctx);
}

/// The functions on a copy of `list` with `options`, for a function registry.
pub fn udfs(list: &List, options: Options) -> Vec<ScalarUDF> {
    Etld::new(Arc::new(list.clone()), options).udfs()
}
