//! The command line of `etld-sql`.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use etld_datafusion::cluster::ExecutorOptions;
use etld_source::args::{ListArgs, ListFiles};

/// SQL with the etld functions (etld_registrable, etld_suffix, etld_subdomain,
/// etld_section, etld_known, etld_error, etld_rule, etld_icann_suffix,
/// etld_icann_registrable, etld_site, etld_host, etld_url_error,
/// etld_list_version) over CSV,
/// Parquet and NDJSON
/// files, in process or on an Apache Ballista cluster.
///
/// Files are tables: quote a path or a glob as a table name
/// (`FROM 'logs/*.parquet'`), or name them with --table.
#[derive(Debug, Parser)]
#[command(name = "etld-sql", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// Start a scheduler or an executor of a Ballista cluster.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The query (the default).
    #[command(flatten)]
    pub query: QueryArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run a Ballista scheduler whose sessions know the etld functions.
    Scheduler(SchedulerArgs),
    /// Run a Ballista executor whose tasks know the etld functions.
    Executor(ExecutorArgs),
}

/// Running a query.
#[derive(Debug, Args)]
pub struct QueryArgs {
    /// The SQL: a query, or statements separated by `;` run in turn (`CREATE
    /// EXTERNAL TABLE ...; SELECT ...`); `-` or none: read it from standard
    /// input.
    pub sql: Option<String>,
    /// A table of files: NAME=PATH, where NAME is a plain SQL name (ASCII
    /// letters, digits and _, not first a digit) and PATH a file or a glob
    /// ending in .csv, .parquet, .json, .ndjson or .jsonl (repeatable)
    #[arg(long = "table", value_name = "NAME=PATH")]
    pub tables: Vec<String>,
    /// How to print the result
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Run on the Ballista cluster whose scheduler listens at HOST:PORT
    #[arg(long, value_name = "HOST:PORT", value_parser = host_port)]
    pub cluster: Option<String>,
    /// The list and its options (on a cluster, the scheduler and executors
    /// must have been started with the same list and extra rules).
    #[command(flatten)]
    pub list: ListArgs,
}

/// The output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A table drawn with ASCII lines (the whole result is held to draw it:
    /// for large results use csv or json, which print batch by batch)
    Table,
    /// CSV with a header line
    Csv,
    /// One JSON object per line, every column a key (null for NULL)
    Json,
}

/// Running a scheduler.
#[derive(Debug, Args)]
pub struct SchedulerArgs {
    /// The address of its gRPC service
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:50050")]
    pub bind: SocketAddr,
    /// The list (the lookup options come with each query).
    #[command(flatten)]
    pub list: ListFiles,
}

/// Running an executor.
#[derive(Debug, Args)]
pub struct ExecutorArgs {
    /// The scheduler to work for
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:50050")]
    pub scheduler: SocketAddr,
    /// The address of its Arrow Flight service (results and shuffles)
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:50051")]
    pub bind: SocketAddr,
    /// The port of its gRPC service (default: the Flight port plus one)
    #[arg(long, value_name = "PORT")]
    pub grpc_port: Option<u16>,
    /// How many tasks it runs at once (default: one per core)
    #[arg(long, value_name = "N")]
    pub concurrency: Option<usize>,
    /// Where it keeps shuffle files (default: a temporary directory,
    /// removed when the executor stops)
    #[arg(long, value_name = "DIR")]
    pub work_dir: Option<PathBuf>,
    /// The list its functions answer from (the lookup options come with
    /// each task).
    #[command(flatten)]
    pub list: ListFiles,
}

impl ExecutorArgs {
    /// The executor's settings.
    pub fn executor_options(&self) -> ExecutorOptions {
        ExecutorOptions {
            scheduler: (self.scheduler.ip().to_string(), self.scheduler.port()),
            host: self.bind.ip().to_string(),
            port: self.bind.port(),
            grpc_port: self
                .grpc_port
                .unwrap_or_else(|| self.bind.port().wrapping_add(1)),
            // 0: Ballista's own default, a task per core.
            concurrency: self.concurrency.unwrap_or(0),
            work_dir: self.work_dir.clone(),
        }
    }
}

/// A scheduler's address as `--cluster` takes it: a host (a name, an IPv4
/// address, an IPv6 address in brackets) and a port, with no scheme.
fn host_port(text: &str) -> Result<String, String> {
    let (host, port) = text
        .rsplit_once(':')
        .filter(|(host, _)| !host.is_empty() && !host.contains('/'))
        .ok_or_else(|| format!("expected HOST:PORT (such as 127.0.0.1:50050), not {text}"))?;
    match port.parse::<u16>() {
        Ok(1..) => Ok(format!("{host}:{port}")),
        _ => Err(format!(
            "the port of {text} is not a number from 1 to 65535"
        )),
    }
}
