//! The etld functions on an [Apache Ballista](https://datafusion.apache.org/ballista/)
//! cluster.
//!
//! A distributed plan names its functions; the scheduler resolves the names
//! when it plans a query, each executor when it runs a task, and each looks
//! them up in its own registry. So all three parts know the functions:
//!
//! * the scheduler plans with sessions from [`scheduler_session`] (what
//!   [`run_scheduler`] installs, with the tasks of a stage dealt round robin
//!   over the executors);
//! * each executor resolves names in [`executor_registry`] (what
//!   [`run_executor`] installs);
//! * the client submits from [`connect`]'s context.
//!
//! The plan carries the options each function was called with (see
//! [`codec`](crate::codec)): the executors answer with the client's
//! options, from their own list, which must be the client's (a plan made
//! with another list is refused). An executor opens file paths on its own
//! machine, so the files of a query must be at the same path on every
//! executor (or in an object store).
//!
//! ```no_run
//! # #[tokio::main]
//! # async fn main() -> datafusion::error::Result<()> {
//! use etld_datafusion::{cluster, Etld};
//!
//! let etld = Etld::builtin();
//! let ctx = cluster::connect(&etld, "127.0.0.1:50050").await?;
//! ctx.sql("SELECT etld_registrable('www.example.co.uk')").await?.show().await?;
//! # Ok(())
//! # }
//! ```

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use ballista::prelude::SessionContextExt;
use ballista_core::config::BALLISTA_SCHEDULER_MAX_PARTITIONS_PER_TASK;
use ballista_core::extension::SessionConfigExt;
use ballista_core::registry::BallistaFunctionRegistry;
use ballista_core::serde::{BallistaLogicalExtensionCodec, BallistaPhysicalExtensionCodec};
use ballista_core::utils::default_session_builder;
use ballista_executor::executor_process::{ExecutorProcessConfig, start_executor_process};
use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::{SchedulerConfig, TaskDistributionPolicy};
use ballista_scheduler::scheduler_process::start_server;
use datafusion::error::{DataFusionError, Result};
use datafusion::execution::{FunctionRegistry, SessionState, SessionStateBuilder};
use datafusion::prelude::{SessionConfig, SessionContext};
use datafusion_proto::logical_plan::LogicalExtensionCodec;
use datafusion_proto::physical_plan::PhysicalExtensionCodec;

use crate::Etld;
use crate::codec::{LogicalCodec, PhysicalCodec};

/// Ballista's default scheduler session with the etld functions added.
pub fn scheduler_session(etld: &Etld, config: SessionConfig) -> Result<SessionState> {
    let mut state = default_session_builder(config)?;
    for udf in etld.udfs() {
        state.register_udf(Arc::new(udf))?;
    }
    Ok(state)
}

/// Ballista's default executor function registry with the etld functions
/// added.
pub fn executor_registry(etld: &Etld) -> BallistaFunctionRegistry {
    let mut registry = BallistaFunctionRegistry::default();
    for udf in etld.udfs() {
        registry
            .scalar_functions
            .insert(udf.name().to_string(), Arc::new(udf));
    }
    registry
}

/// Runs a scheduler on `bind` whose sessions know the etld functions, until
/// the process ends.
pub async fn run_scheduler(etld: &Etld, bind: SocketAddr) -> Result<()> {
    let builder_etld = etld.clone();
    // Round robin spreads the tasks of a stage over the executors (the
    // default fills the first executor's slots first).
    let mut config = SchedulerConfig::default()
        .with_task_distribution(TaskDistributionPolicy::RoundRobin)
        .with_override_session_builder(Arc::new(move |config| {
            scheduler_session(&builder_etld, config)
        }));
    config.override_logical_codec = Some(logical_codec(etld));
    config.override_physical_codec = Some(physical_codec(etld));
    config.bind_host = bind.ip().to_string();
    config.bind_port = bind.port();
    config.external_host = bind.ip().to_string();
    let cluster = BallistaCluster::new_from_config(&config)
        .await
        .map_err(ballista_error)?;
    start_server(cluster, bind, Arc::new(config))
        .await
        .map_err(ballista_error)
}

/// Where an executor listens and whom it works for.
#[derive(Clone, Debug)]
pub struct ExecutorOptions {
    /// The scheduler: host and port.
    pub scheduler: (String, u16),
    /// The address the executor binds and advertises.
    pub host: String,
    /// The port of its Arrow Flight service (results and shuffles).
    pub port: u16,
    /// The port of its gRPC service.
    pub grpc_port: u16,
    /// How many tasks it runs at once (0: one per core).
    pub concurrency: usize,
    /// Where it keeps shuffle files (if `None`, a temporary directory,
    /// removed when the executor stops).
    pub work_dir: Option<PathBuf>,
}

/// Runs an executor whose tasks know the etld functions, until the process
/// ends.
pub async fn run_executor(etld: &Etld, options: &ExecutorOptions) -> Result<()> {
    // Ballista's own default (ballista-executor 55) is a temporary directory
    // it removes at once, which the first shuffle makes again and nothing
    // removes: some megabytes a query left in the system's temporary
    // directory. This one lives as long as the executor.
    let temporary = match options.work_dir {
        Some(_) => None,
        None => Some(
            tempfile::Builder::new()
                .prefix("etld-sql-executor-")
                .tempdir()?,
        ),
    };
    let work_dir = options
        .work_dir
        .as_deref()
        .or_else(|| temporary.as_ref().map(|t| t.path()));
    let config = ExecutorProcessConfig {
        bind_host: options.host.clone(),
        external_host: Some(options.host.clone()),
        port: options.port,
        grpc_port: options.grpc_port,
        scheduler_host: options.scheduler.0.clone(),
        scheduler_port: options.scheduler.1,
        scheduler_connect_timeout_seconds: 30,
        vcores: options.concurrency,
        work_dir: work_dir.map(|d| d.to_string_lossy().into_owned()),
        override_function_registry: Some(Arc::new(executor_registry(etld))),
        override_logical_codec: Some(logical_codec(etld)),
        override_physical_codec: Some(physical_codec(etld)),
        ..ExecutorProcessConfig::default()
    };
    let run = start_executor_process(Arc::new(config))
        .await
        .map_err(ballista_error);
    drop(temporary);
    run
}

/// A context whose queries run on the Ballista scheduler at `scheduler`
/// (`host:port`) and may call the etld functions.
pub async fn connect(etld: &Etld, scheduler: &str) -> Result<SessionContext> {
    // One task per partition, so that the tasks of a stage spread over the
    // executors (by default one task takes as many partitions as the first
    // executor with free slots can run).
    let config = SessionConfig::new_with_ballista()
        .set_u64(BALLISTA_SCHEDULER_MAX_PARTITIONS_PER_TASK, 1)
        .with_ballista_logical_extension_codec(logical_codec(etld))
        .with_ballista_physical_extension_codec(physical_codec(etld));
    let state = SessionStateBuilder::new()
        .with_default_features()
        .with_config(config)
        .build();
    let ctx = SessionContext::remote_with_state(&format!("df://{scheduler}"), state).await?;
    // Connecting replaces the context's scalar functions: register them after.
    etld.register(&ctx);
    Ok(ctx)
}

/// Ballista's logical codec, carrying the etld functions' options.
pub fn logical_codec(etld: &Etld) -> Arc<dyn LogicalExtensionCodec> {
    let ballista = Arc::new(BallistaLogicalExtensionCodec::default());
    Arc::new(LogicalCodec::new(ballista, etld.clone()))
}

/// Ballista's physical codec, carrying the etld functions' options.
pub fn physical_codec(etld: &Etld) -> Arc<dyn PhysicalExtensionCodec> {
    let ballista = Arc::new(BallistaPhysicalExtensionCodec::default());
    Arc::new(PhysicalCodec::new(ballista, etld.clone()))
}

/// `e`, an error of a query on the cluster whose scheduler is at
/// `scheduler`, in a user's words where Ballista passes on another's error
/// as text: when no connection could be made to the scheduler (the
/// transport's error in its `Debug` form), the system's reason and the
/// command that starts a scheduler there; when the plan reads a table of
/// the client's memory, which cannot be sent, what can; when the scheduler
/// cannot read the plan back, its reason (with what to write instead of a
/// bare file name quoted as a table); when a job failed on an executor,
/// the job and the error's message. Any other error as it is.
///
/// ```
/// use datafusion::error::DataFusionError;
///
/// let e = DataFusionError::Execution(r#"tonic::transport::Error(Transport, ConnectError(ConnectError("tcp connect error", 127.0.0.1:1, Os { code: 111, kind: ConnectionRefused, message: "Connection refused" })))"#.into());
/// assert_eq!(
///     etld_datafusion::cluster::explain_error("127.0.0.1:1", e).to_string(),
///     "Execution error: cannot reach the Ballista scheduler at 127.0.0.1:1: Connection refused \
///      (is `etld-sql scheduler --bind 127.0.0.1:1` running?)"
/// );
/// ```
pub fn explain_error(scheduler: &str, e: DataFusionError) -> DataFusionError {
    let text = e.to_string();
    if text.contains("Error serializing custom table") {
        // A table that lives in this process (`CREATE TABLE ... AS`, a
        // `VALUES` table) has no encoding in a plan for the executors.
        return DataFusionError::Plan(
            "on a cluster a query reads files, and a table made in this process \
             (CREATE TABLE ... AS) cannot be sent to the executors: declare files \
             with CREATE EXTERNAL TABLE or --table"
                .to_string(),
        );
    }
    if let Some(refusal) = plan_refusal(&text) {
        return DataFusionError::Plan(refusal);
    }
    if let Some(failure) = task_failure(&text) {
        return DataFusionError::Execution(failure);
    }
    if !text.contains("tonic::transport::Error") {
        return e;
    }
    // The innermost reason the text quotes: the system's message
    // (`Connection refused`), a resolver's error, else the kind of failure.
    let quoted = |key: &str| {
        let (_, rest) = text.rsplit_once(key)?;
        let (reason, _) = rest.split_once('"')?;
        Some(reason.to_string())
    };
    let reason = quoted("message: \"")
        .or_else(|| quoted("error: \""))
        .or_else(|| quoted("ConnectError(\""))
        .unwrap_or_else(|| "no connection".to_string());
    // A name that does not resolve needs another name, not a scheduler.
    let hint = match reason.contains("lookup address") {
        true => String::new(),
        false => format!(" (is `etld-sql scheduler --bind {scheduler}` running?)"),
    };
    DataFusionError::Execution(format!(
        "cannot reach the Ballista scheduler at {scheduler}: {reason}{hint}"
    ))
}

/// The scheduler's refusal to read a plan back, in the `Debug` text of the
/// gRPC status Ballista passes on: its message, and for a column of a
/// table named by a bare file name (`FROM 'hosts.csv'`, read back as a
/// schema and a table) what to write instead.
fn plan_refusal(text: &str) -> Option<String> {
    let (_, rest) = text.split_once("Could not parse plan: ")?;
    // The status's message ends where its next field starts; its first
    // line, unquoted.
    let message = rest.split_once("\", metadata").map_or(rest, |(m, _)| m);
    let message = message.split_once("\\n").map_or(message, |(m, _)| m);
    let message = message
        .strip_prefix("DataFusion error: ")
        .unwrap_or(message);
    let message = message.replace("\\\"", "\"");
    // The column is named by the table, the file's name, and itself.
    let file = message
        .split_once("No field named ")
        .and_then(|(_, rest)| rest.split_once(". ").map_or(Some(rest), |(f, _)| Some(f)))
        .and_then(|field| field.rsplit_once('.'))
        .map(|(table, _)| table.trim_matches('"'));
    let hint = match file {
        Some(file) => format!(
            "; a file quoted as a table on a cluster needs a directory in its path \
             ('./{file}', not '{file}'), or a name given with --table"
        ),
        None => String::new(),
    };
    Some(format!(
        "the scheduler cannot read the plan: {message}{hint}"
    ))
}

/// A job that failed on an executor, from Ballista's text (`Job ID failed:
/// ... runtime execution error: ` and the error's `Debug` form): the job
/// and the error's message, as DataFusion's own `Display` words it where
/// the form allows (`Cast error: Cannot cast ...`).
fn task_failure(text: &str) -> Option<String> {
    let (_, job) = text.split_once("Job ")?;
    let (job, _) = job.split_once(" failed: ")?;
    let (_, debug) = text.rsplit_once("runtime execution error: ")?;
    let reason = debug_reason(debug).unwrap_or_else(|| debug.trim().to_string());
    Some(format!("job {job} failed on the cluster: {reason}"))
}

/// The message of an error in its `Debug` form: the string at the heart of
/// nested variants (`DataFusionError(Shared(External(ArrowError(CastError(
/// "..."))))))`), after the words of the variant holding it when that is
/// an error of its own (`Cast error: ...`); the `message` of a system error
/// (`Os { code: 2, ..., message: "..." }`); a variant without data in words
/// (`DivideByZero`, `Divide by zero`). None for any other form.
fn debug_reason(debug: &str) -> Option<String> {
    let mut rest = debug.trim();
    let mut holder = "";
    loop {
        let name_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let (name, after) = rest.split_at(name_len);
        if name.is_empty() {
            break;
        }
        if let Some(inner) = after.strip_prefix('(') {
            (holder, rest) = (name, inner);
        } else if after.starts_with(" {") {
            let (_, message) = after.split_once("message: ")?;
            return debug_string(message);
        } else if after.is_empty() || after.starts_with(')') {
            return Some(words(name));
        } else {
            return None;
        }
    }
    let message = debug_string(rest)?;
    match holder.strip_suffix("Error") {
        Some(kind) if !kind.is_empty() => Some(format!("{} error: {message}", words(kind))),
        _ => Some(message),
    }
}

/// The string a `Debug` form starts with (`"a \"b\""`), unescaped.
fn debug_string(debug: &str) -> Option<String> {
    let mut chars = debug.strip_prefix('"')?.chars();
    let mut out = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                '0' => out.push('\0'),
                'u' => {
                    let rest = chars.as_str().strip_prefix('{')?;
                    let (hex, after) = rest.split_once('}')?;
                    out.push(char::from_u32(u32::from_str_radix(hex, 16).ok()?)?);
                    chars = after.chars();
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    None
}

/// A variant's name in words, the first capitalised: `DivideByZero` is
/// `Divide by zero`.
fn words(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push(' ');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn ballista_error(e: ballista_core::error::BallistaError) -> DataFusionError {
    DataFusionError::External(Box::new(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_the_scheduler_cannot_read_is_named() {
        // What Ballista 55 gives for a bare file name quoted as a table.
        let status = r#"Status { code: InvalidArgument, message: "Could not parse plan: DataFusion error: Schema error: No field named h.csv.host. Did you mean '\"h.csv\".host'?\nValid fields are \"h.csv\".host.", metadata: MetadataMap { headers: {} }, source: None }"#;
        let e = explain_error("127.0.0.1:1", DataFusionError::Execution(status.into()));
        assert_eq!(
            e.to_string(),
            "Error during planning: the scheduler cannot read the plan: Schema error: No field \
             named h.csv.host. Did you mean '\"h.csv\".host'?; a file quoted as a table on a \
             cluster needs a directory in its path ('./h.csv', not 'h.csv'), or a name given \
             with --table"
        );
    }

    #[test]
    fn a_failed_task_is_told_in_words() {
        // What Ballista 55 gives for a task that failed on an executor.
        let job = "Job 038H6J5CHG000 failed: Job failed due to stage 0 failed: Task failed due \
                   to runtime execution error: ";
        for (debug, message) in [
            (
                r#"DataFusionError(Shared(External(ArrowError(CastError("Cannot cast string 'a\"b' to value of Int64 type")))))"#,
                "Cast error: Cannot cast string 'a\"b' to value of Int64 type",
            ),
            (
                "DataFusionError(Shared(External(ArrowError(DivideByZero))))",
                "Divide by zero",
            ),
            (
                r#"DataFusionError(Execution("no such file: x.csv\n\u{1b}"))"#,
                "no such file: x.csv\n\u{1b}",
            ),
            (
                r#"DataFusionError(IoError(Os { code: 2, kind: NotFound, message: "No such file or directory" }))"#,
                "No such file or directory",
            ),
            ("Something else, 42", "Something else, 42"),
        ] {
            let e = explain_error(
                "127.0.0.1:1",
                DataFusionError::Execution(format!("{job}{debug}")),
            );
            assert_eq!(
                e.to_string(),
                format!("Execution error: job 038H6J5CHG000 failed on the cluster: {message}"),
                "{debug}"
            );
        }
    }
}
