//! `etld-sql`: SQL with the etld functions over CSV, Parquet and NDJSON
//! files, in process or on an Apache Ballista cluster.
//!
//! ```text
//! etld-sql "SELECT etld_site(host) AS site, count(*) FROM 'hosts.parquet' GROUP BY site ORDER BY 2 DESC LIMIT 20"
//! etld-sql --table logs='logs/*.csv' --format csv "SELECT etld_suffix(host), count(*) FROM logs GROUP BY 1"
//! etld-sql scheduler --bind 127.0.0.1:50050
//! etld-sql executor --scheduler 127.0.0.1:50050 --bind 127.0.0.1:50051
//! etld-sql --cluster 127.0.0.1:50050 "SELECT ..."
//! ```

mod cli;
mod output;
mod tables;

use std::borrow::Cow;
use std::io::Read;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use datafusion::error::{DataFusionError, Result};
use datafusion::prelude::SessionContext;
use datafusion::sql::parser::{DFParser, DFParserBuilder, Statement};
use datafusion::sql::sqlparser::dialect::dialect_from_str;
use datafusion::sql::sqlparser::tokenizer::Token;
use etld_datafusion::{Etld, cluster};
use etld_source::Source;
use etld_source::args::{ListArgs, ListFiles};

use crate::cli::{Cli, Command, QueryArgs};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help, the version or the usage error (exit status 2 for errors).
        Err(e) => return etld_source::args::usage_exit("etld-sql", &e),
    };
    // Ballista's own messages: warnings and errors unless RUST_LOG says more.
    // The log line of a failed job is left out: the job's error is the
    // command's own, printed once.
    env_logger::Builder::from_env(
        env_logger::Env::default()
            .default_filter_or("warn,ballista_core::execution_plans::distributed_query=off"),
    )
    .init();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => return fail(&DataFusionError::IoError(e)),
    };
    let result = runtime.block_on(async {
        match &cli.command {
            Some(Command::Scheduler(args)) => {
                let (etld, source) = etld_of(&args.list)?;
                eprintln!(
                    "etld-sql: scheduler on {} ({})",
                    args.bind,
                    describe(&etld, &source)
                );
                cluster::run_scheduler(&etld, args.bind).await
            }
            Some(Command::Executor(args)) => {
                let (etld, source) = etld_of(&args.list)?;
                let options = args.executor_options();
                if options.grpc_port == options.port {
                    // Ballista logs the Flight service's failure to bind
                    // and goes on, so the process would run without it.
                    return Err(DataFusionError::Configuration(format!(
                        "the gRPC port {} is the Flight port of --bind: give --grpc-port another",
                        options.grpc_port
                    )));
                }
                eprintln!(
                    "etld-sql: executor on {}:{} (gRPC {}), scheduler {}:{} ({})",
                    options.host,
                    options.port,
                    options.grpc_port,
                    options.scheduler.0,
                    options.scheduler.1,
                    describe(&etld, &source)
                );
                cluster::run_executor(&etld, &options).await
            }
            None => query(&cli.query).await,
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

fn fail(e: &DataFusionError) -> ExitCode {
    // The planner's errors come wrapped with a diagnostic for a reader that
    // can point into the SQL, or with the name of the optimizer's pass
    // that met them (`type_coercion`); the message is the wrapped error's.
    let mut e = e;
    while let DataFusionError::Diagnostic(_, inner) | DataFusionError::Context(_, inner) = e {
        e = inner;
    }
    let text = match e {
        // etld-sql's own errors (a list, a file, an option, a table) and
        // those of planning or running a query: the message, without the
        // name of its kind.
        DataFusionError::Execution(m)
        | DataFusionError::Configuration(m)
        | DataFusionError::Plan(m) => m.clone(),
        DataFusionError::SQL(e, _) => e.to_string(),
        e => e.to_string(),
    };
    // A cluster's refusal of a plan made with another list comes wrapped
    // in layers of quoting: its message alone.
    let text = etld_datafusion::codec::list_mismatch(&text).unwrap_or(text);
    let text = text.trim_end();
    eprintln!("etld-sql: error: {text}");
    if let Some(hint) = tables::hint_for(text) {
        eprintln!("etld-sql: hint: {hint}");
    }
    ExitCode::FAILURE
}

/// The list of the command line, with no options (a scheduler's and an
/// executor's: the options come with each query). The list is chosen as `etld
/// lookup` chooses it ([`etld_source::load`]): `--list FILE`, else
/// `$ETLD_LIST`, else the newest of the built-in, installed and system
/// lists; a candidate passed over is reported on stderr. The files of
/// extra rules of `$ETLD_EXTRA` and `--extra` are laid over it
/// ([`etld_source::load_extras`]); one that cannot be used is an error.
fn etld_of(files: &ListFiles) -> Result<(Etld, Source)> {
    let failed = |e: etld_source::LoadError| {
        let named = etld_source::named_by(&e, files.list.as_deref(), &files.extra);
        DataFusionError::Execution(etld_source::said_with(&e, named))
    };
    let loaded = etld_source::load(files.list.as_deref()).map_err(failed)?;
    for e in &loaded.passed_over {
        eprintln!("etld-sql: {}", etld_source::passed_over_warning(e));
    }
    let extra = etld_source::extra_paths(&files.extra);
    let etld = match loaded.list {
        Cow::Borrowed(_) if extra.is_empty() => Etld::builtin(),
        list if extra.is_empty() => Etld::new(Arc::new(list.into_owned()), etld::Options::new()),
        list => {
            let layered = etld_source::load_extras(&list, &extra).map_err(failed)?;
            Etld::new(Arc::new(layered), etld::Options::new())
        }
    };
    Ok((etld, loaded.source))
}

/// The list and options of a query's command line (see [`etld_of`]).
fn etld_with_options(args: &ListArgs) -> Result<Etld> {
    Ok(etld_of(&args.files)?.0.with_options(args.lookup.options()))
}

/// How a scheduler or executor names its list on stderr.
fn describe(etld: &Etld, source: &Source) -> String {
    let list = etld.list();
    let mut text = format!(
        "list {source}, VERSION {}",
        list.version().unwrap_or("(none)")
    );
    for layer in list.layers() {
        text += &format!(
            ", extra rules {} ({} rules)",
            layer.name(),
            layer.rule_counts().total()
        );
    }
    text
}

/// Runs the statements of the command line in turn, each on the tables
/// the ones before made, and prints the result of each that has columns
/// (a `SELECT`, not a `CREATE`).
async fn query(args: &QueryArgs) -> Result<()> {
    let sql = match &args.sql {
        Some(sql) if sql != "-" => sql.clone(),
        _ => {
            let mut sql = String::new();
            std::io::stdin().read_to_string(&mut sql)?;
            sql
        }
    };
    let ctx = match &args.cluster {
        None => {
            let ctx = SessionContext::new();
            etld_with_options(&args.list)?.register(&ctx);
            ctx
        }
        Some(scheduler) => cluster::connect(&etld_with_options(&args.list)?, scheduler).await?,
    };
    let ctx = ctx.enable_url_table();
    for table in &args.tables {
        tables::register(&ctx, table).await?;
    }
    let state = ctx.state();
    let options = &state.config().options().sql_parser;
    let dialect = dialect_from_str(options.dialect).ok_or_else(|| {
        DataFusionError::Configuration(format!("no SQL dialect {}", options.dialect))
    })?;
    let mut parser = DFParserBuilder::new(sql.as_str())
        .with_dialect(dialect.as_ref())
        .with_recursion_limit(options.recursion_limit.get())
        .build()?;
    let explained = |e| match &args.cluster {
        Some(scheduler) => cluster::explain_error(scheduler, e),
        None => e,
    };
    let mut printed = false;
    let mut ran = false;
    while let Some(statement) = next_statement(&mut parser)? {
        ran = true;
        let plan = ctx
            .state()
            .statement_to_plan(statement)
            .await
            .map_err(tables::explain_missing)?;
        let frame = ctx.execute_logical_plan(plan).await.map_err(explained)?;
        match output::write(frame, args.format, printed)
            .await
            .map_err(explained)?
        {
            output::Printed::Nothing => {}
            output::Printed::Result => printed = true,
            // Nobody reads what the statements left would print.
            output::Printed::ReaderGone => return Ok(()),
        }
    }
    if !ran {
        return Err(DataFusionError::Configuration(
            "no SQL statement given".to_string(),
        ));
    }
    Ok(())
}

/// The next statement of a script whose tokens `parser` holds (read at once
/// by `DFParserBuilder::build`), `None` at its end, as
/// `DFParser::parse_statements` reads them (empty ones between semicolons
/// skipped), but one at a time: each runs before the next is parsed, so a
/// long script holds one statement's tree at a time, where parsing them all
/// first held about 28 KB a statement (a script of 40,000 took 1.1 GB
/// before anything ran; the tokens take about 5 KB). A statement that does
/// not end with a semicolon or the script's end is an error before it runs
/// (`... ORDER BY x LIMT 1` must not run without its misspelt clause).
fn next_statement(parser: &mut DFParser<'_>) -> Result<Option<Statement>> {
    while parser.parser.consume_token(&Token::SemiColon) {}
    if parser.parser.peek_token() == Token::EOF {
        return Ok(None);
    }
    let statement = parser.parse_statement()?;
    let next = parser.parser.peek_token();
    if next.token != Token::SemiColon && next.token != Token::EOF {
        return Ok(parser.parser.expected("end of statement", next)?);
    }
    Ok(Some(statement))
}
