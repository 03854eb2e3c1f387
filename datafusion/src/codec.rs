//! The options of the functions, carried in a distributed plan.
//!
//! A plan sent to a Ballista scheduler or executor names each function; by
//! name alone, the receiving side would answer with its own options. These
//! codecs wrap Ballista's and write, beside the name of an etld function, the
//! options it was called with and what identifies its list: its
//! [fingerprint](etld::List::fingerprint), which changes with any rule,
//! extra rules laid over it included, and for the error message its rule
//! count, version and layers of extra rules. The receiving side rebuilds
//! the function on its own list with those options, and refuses a plan
//! made with another list.
//!
//! A scheduler refuses such a plan when it decodes it, and the client gets
//! its error. An executor cannot: Ballista reports a task that does not
//! decode to the client only as "task could not be prepared or was
//! rejected". So an executor decodes a function of a plan made with another
//! list into one that fails when it is called, with the error that says
//! which lists differ, and the client gets that error from the failed task.

use std::fmt;
use std::sync::Arc;

use datafusion::arrow::datatypes::SchemaRef;
use datafusion::catalog::TableProvider;
use datafusion::common::{Result, TableReference, exec_err};
use datafusion::datasource::file_format::FileFormatFactory;
use datafusion::execution::TaskContext;
use datafusion::logical_expr::{Extension, LogicalPlan, ScalarUDF};
use datafusion::physical_plan::ExecutionPlan;
use datafusion_proto::logical_plan::LogicalExtensionCodec;
use datafusion_proto::physical_plan::{PhysicalExtensionCodec, PhysicalProtoConverterExtension};
use etld::{Options, Output, Sections, Wildcard};

use crate::udf::EtldUdf;
use crate::{Etld, Function};

/// What starts the bytes of an etld function in a plan.
const MAGIC: &[u8; 5] = b"etld2";

/// What follows a function's name in the refusal of a plan made with
/// another list, and how that refusal ends ([`list_mismatch`]).
const MISMATCH: &str = ": the plan was made with a list of ";
const MISMATCH_END: &str = "(--extra or ETLD_EXTRA)";

/// The refusal of a plan made with another list (the scheduler's, when it
/// decodes the plan) taken out of an error's text, where Ballista and gRPC
/// wrap it in layers of quoting (`Plan(\"DataFusion error: ...`); `None`
/// when the text holds no such refusal.
///
/// ```
/// let wrapped = r#"Status { message: "Could not parse plan: Plan(\"etld_suffix: the plan was made with a list of 2 rules (version \\\"v\\\"), this node has one of 1 rule (version \\\"v\\\"): give every node the same list (--list or ETLD_LIST) and the same extra rules (--extra or ETLD_EXTRA)\")", metadata: ... }"#;
/// assert_eq!(
///     etld_datafusion::codec::list_mismatch(wrapped).unwrap(),
///     r#"etld_suffix: the plan was made with a list of 2 rules (version "v"), this node has one of 1 rule (version "v"): give every node the same list (--list or ETLD_LIST) and the same extra rules (--extra or ETLD_EXTRA)"#
/// );
/// ```
pub fn list_mismatch(error: &str) -> Option<String> {
    let at = error.find(MISMATCH)?;
    let start = error[..at].rfind("etld_")?;
    let end = at + error[at..].find(MISMATCH_END)? + MISMATCH_END.len();
    // The message holds no backslash of its own but in a path of extra
    // rules, which this would drop: a readable message is worth that.
    Some(error[start..end].replace('\\', ""))
}

/// Writes the options and list identity of `udf` to `buf` if it is an etld
/// function; returns whether it was.
fn encode(udf: &ScalarUDF, buf: &mut Vec<u8>) -> bool {
    let Some(f) = udf.inner().downcast_ref::<EtldUdf>() else {
        return false;
    };
    let (list, o) = (f.etld().list(), f.etld().options());
    buf.extend_from_slice(MAGIC);
    buf.push(match o.get_sections() {
        Sections::All => 0,
        Sections::IcannOnly => 1,
    });
    buf.push(u8::from(o.get_implicit_rule()));
    buf.push(match o.get_wildcard() {
        Wildcard::Strict => 0,
        Wildcard::Browser => 1,
    });
    buf.push(match o.get_output() {
        Output::Input => 0,
        Output::Ascii => 1,
        Output::Unicode => 2,
    });
    buf.extend_from_slice(&list.fingerprint().to_le_bytes());
    buf.extend_from_slice(&list.rule_counts().total().to_le_bytes());
    let version = list.version().unwrap_or("").as_bytes();
    // A VERSION is a line of a list: it fits in 16 bits.
    let version = &version[..version.len().min(usize::from(u16::MAX))];
    buf.extend_from_slice(&(version.len() as u16).to_le_bytes());
    buf.extend_from_slice(version);
    buf.extend_from_slice(describe_layers(list).as_bytes());
    true
}

/// `n` rules, in words: `1 rule`, `2 rules`.
fn rule_count(n: u32) -> String {
    match n {
        1 => "1 rule".to_string(),
        n => format!("{n} rules"),
    }
}

/// The extra rules laid over `list`, for a message: empty when none, else
/// `, extra rules: a.dat (12 rules), b.dat (3 rules)`.
fn describe_layers(list: &etld::List) -> String {
    let layers: Vec<String> = list
        .layers()
        .iter()
        .map(|l| format!("{} ({})", l.name(), rule_count(l.rule_counts().total())))
        .collect();
    match layers.is_empty() {
        true => String::new(),
        false => format!(", extra rules: {}", layers.join(", ")),
    }
}

/// When a plan made with another list is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refuse {
    /// When it is decoded (the logical plan, at the scheduler).
    Now,
    /// When the function is called (the physical plan, at an executor).
    OnCall,
}

/// The etld function `name` on `etld`'s list with the options in `buf`, or
/// `None` if `buf` does not describe an etld function.
fn decode(etld: &Etld, name: &str, buf: &[u8], refuse: Refuse) -> Option<Result<Arc<ScalarUDF>>> {
    let function = Function::from_name(name)?;
    let rest = buf.strip_prefix(MAGIC)?;
    let (&[sections, implicit, wildcard, output], rest) = rest.split_first_chunk::<4>()?;
    let (fingerprint, rest) = rest.split_first_chunk::<8>()?;
    let (rules, rest) = rest.split_first_chunk::<4>()?;
    let (version_len, rest) = rest.split_first_chunk::<2>()?;
    let version_len = usize::from(u16::from_le_bytes(*version_len));
    let (version, layers) = (rest.get(..version_len)?, rest.get(version_len..)?);
    let options = Options::new()
        .sections(match sections {
            0 => Sections::All,
            1 => Sections::IcannOnly,
            _ => return None,
        })
        .implicit_rule(match implicit {
            0 => false,
            1 => true,
            _ => return None,
        })
        .wildcard(match wildcard {
            0 => Wildcard::Strict,
            1 => Wildcard::Browser,
            _ => return None,
        })
        .output(match output {
            0 => Output::Input,
            1 => Output::Ascii,
            2 => Output::Unicode,
            _ => return None,
        });
    let (rules_count, version) = (u32::from_le_bytes(*rules), String::from_utf8_lossy(version));
    let layers = String::from_utf8_lossy(layers);
    let list = etld.list();
    let (own_rules, own_version) = (list.rule_counts().total(), list.version().unwrap_or(""));
    let own_layers = describe_layers(list);
    let etld = etld.clone().with_options(options);
    if u64::from_le_bytes(*fingerprint) != list.fingerprint() {
        let message = format!(
            "{name}{MISMATCH}{} (version {version:?}{layers}), \
             this node has one of {} (version {own_version:?}{own_layers}): \
             give every node the same list (--list or ETLD_LIST) and the same extra rules \
             {MISMATCH_END}",
            rule_count(rules_count),
            rule_count(own_rules),
        );
        return Some(match refuse {
            Refuse::Now => exec_err!("{message}"),
            Refuse::OnCall => Ok(Arc::new(ScalarUDF::new_from_impl(EtldUdf::refusing(
                function, etld, message,
            )))),
        });
    }
    Some(Ok(Arc::new(etld.udf(function))))
}

/// A logical codec that carries the etld functions' options and delegates
/// everything else to `inner` (Ballista's).
pub struct LogicalCodec {
    inner: Arc<dyn LogicalExtensionCodec>,
    etld: Etld,
}

impl LogicalCodec {
    /// Wraps `inner`; decoded functions answer from `etld`'s list.
    pub fn new(inner: Arc<dyn LogicalExtensionCodec>, etld: Etld) -> LogicalCodec {
        LogicalCodec { inner, etld }
    }
}

impl fmt::Debug for LogicalCodec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LogicalCodec")
            .field("etld", &self.etld)
            .finish()
    }
}

impl LogicalExtensionCodec for LogicalCodec {
    fn try_decode(
        &self,
        buf: &[u8],
        inputs: &[LogicalPlan],
        ctx: &TaskContext,
    ) -> Result<Extension> {
        self.inner.try_decode(buf, inputs, ctx)
    }

    fn try_encode(&self, node: &Extension, buf: &mut Vec<u8>) -> Result<()> {
        self.inner.try_encode(node, buf)
    }

    fn try_decode_table_provider(
        &self,
        buf: &[u8],
        table_ref: &TableReference,
        schema: SchemaRef,
        ctx: &TaskContext,
    ) -> Result<Arc<dyn TableProvider>> {
        self.inner
            .try_decode_table_provider(buf, table_ref, schema, ctx)
    }

    fn try_encode_table_provider(
        &self,
        table_ref: &TableReference,
        node: Arc<dyn TableProvider>,
        buf: &mut Vec<u8>,
    ) -> Result<()> {
        self.inner.try_encode_table_provider(table_ref, node, buf)
    }

    fn try_decode_file_format(
        &self,
        buf: &[u8],
        ctx: &TaskContext,
    ) -> Result<Arc<dyn FileFormatFactory>> {
        self.inner.try_decode_file_format(buf, ctx)
    }

    fn try_encode_file_format(
        &self,
        buf: &mut Vec<u8>,
        node: Arc<dyn FileFormatFactory>,
    ) -> Result<()> {
        self.inner.try_encode_file_format(buf, node)
    }

    fn try_decode_udf(&self, name: &str, buf: &[u8]) -> Result<Arc<ScalarUDF>> {
        decode(&self.etld, name, buf, Refuse::Now)
            .unwrap_or_else(|| self.inner.try_decode_udf(name, buf))
    }

    fn try_encode_udf(&self, node: &ScalarUDF, buf: &mut Vec<u8>) -> Result<()> {
        if encode(node, buf) {
            return Ok(());
        }
        self.inner.try_encode_udf(node, buf)
    }
}

/// A physical codec that carries the etld functions' options and delegates
/// everything else to `inner` (Ballista's).
pub struct PhysicalCodec {
    inner: Arc<dyn PhysicalExtensionCodec>,
    etld: Etld,
}

impl PhysicalCodec {
    /// Wraps `inner`; decoded functions answer from `etld`'s list.
    pub fn new(inner: Arc<dyn PhysicalExtensionCodec>, etld: Etld) -> PhysicalCodec {
        PhysicalCodec { inner, etld }
    }
}

impl fmt::Debug for PhysicalCodec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PhysicalCodec")
            .field("etld", &self.etld)
            .finish()
    }
}

impl PhysicalExtensionCodec for PhysicalCodec {
    fn try_decode(
        &self,
        buf: &[u8],
        inputs: &[Arc<dyn ExecutionPlan>],
        ctx: &TaskContext,
        proto_converter: &dyn PhysicalProtoConverterExtension,
    ) -> Result<Arc<dyn ExecutionPlan>> {
        self.inner.try_decode(buf, inputs, ctx, proto_converter)
    }

    fn try_encode(
        &self,
        node: Arc<dyn ExecutionPlan>,
        buf: &mut Vec<u8>,
        proto_converter: &dyn PhysicalProtoConverterExtension,
    ) -> Result<()> {
        self.inner.try_encode(node, buf, proto_converter)
    }

    fn try_decode_udf(&self, name: &str, buf: &[u8]) -> Result<Arc<ScalarUDF>> {
        decode(&self.etld, name, buf, Refuse::OnCall)
            .unwrap_or_else(|| self.inner.try_decode_udf(name, buf))
    }

    fn try_encode_udf(&self, node: &ScalarUDF, buf: &mut Vec<u8>) -> Result<()> {
        if encode(node, buf) {
            return Ok(());
        }
        self.inner.try_encode_udf(node, buf)
    }
}
