//! The progress display on stderr ([`Progress`]): lines done and the rate,
//! shown only on a terminal and only once a batch has run for a second.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Lines between two looks at the clock for the progress display.
const PROGRESS_EVERY: u64 = 1 << 13;

/// The progress display on stderr: shown only when stderr is a terminal
/// (and stdin is not), and only once a batch has run for a second.
pub(super) struct Progress {
    enabled: bool,
    noun: String,
    start: Instant,
    count: u64,
    bar: Option<ProgressBar>,
}

impl Progress {
    pub(super) fn new(enabled: bool, noun: &str) -> Progress {
        Progress {
            enabled,
            noun: noun.to_string(),
            start: Instant::now(),
            count: 0,
            bar: None,
        }
    }

    #[inline]
    pub(super) fn tick(&mut self, lines: u64) {
        let before = self.count;
        self.count += lines;
        if self.enabled && before / PROGRESS_EVERY != self.count / PROGRESS_EVERY {
            self.update();
        }
    }

    #[cold]
    fn update(&mut self) {
        if self.bar.is_none() && self.start.elapsed() >= Duration::from_secs(1) {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template("{spinner} {msg}") {
                bar.set_style(style);
            }
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_message(self.summary());
            bar.tick();
        }
    }

    /// "N hosts done, R hosts/s", rates since the start of the batch.
    fn summary(&self) -> String {
        let secs = self.start.elapsed().as_secs_f64().max(1e-9);
        format!(
            "{} {} done, {} {}/s",
            HumanCount(self.count),
            self.noun,
            HumanCount((self.count as f64 / secs) as u64),
            self.noun
        )
    }

    pub(super) fn finish(self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
            let secs = self.start.elapsed().as_secs_f64();
            let _ = writeln!(
                io::stderr().lock(),
                "etld: {} in {secs:.2} s",
                self.summary()
            );
        }
    }
}
