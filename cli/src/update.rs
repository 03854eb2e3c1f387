//! `etld update`: [`etld_source::update()`], its warnings and its report
//! written out.

use std::io::{self, Write};

use crate::cli::UpdateArgs;
use crate::Failure;

/// Runs `etld update`.
pub fn run(args: &UpdateArgs) -> Result<(), Failure> {
    let updated = etld_source::update(args.url.as_deref(), args.force, |notice| {
        let _ = writeln!(io::stderr().lock(), "etld: {notice}");
    })
    .map_err(Failure::Update)?;
    for warning in &updated.warnings {
        let _ = writeln!(io::stderr().lock(), "etld: warning: {warning}");
    }
    let mut out = io::stdout().lock();
    out.write_all(updated.report.as_bytes())
        .and_then(|()| out.flush())
        .map_err(Failure::stdout)
}
