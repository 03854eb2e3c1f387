//! Stopping a column call: it runs with the GIL released, checks a
//! [`Stop`] between blocks of rows, and [`interruptible`] sets it when a
//! signal's handler raises.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::{PyResult, Python};

/// Rows looked up between two checks of [`Stop`]: a few milliseconds of
/// work, where a check is one load of an atomic.
pub(super) const BLOCK: usize = 1 << 16;

/// Rows from which a column call runs on a thread of its own while the
/// calling thread watches for signals ([`interruptible`]): fewer take a
/// few milliseconds, less than a thread costs to start is worth.
const WATCHED_ROWS: usize = 1 << 18;

/// How often the calling thread of a column call asks the interpreter
/// whether a signal came: a Ctrl-C is answered within this and the
/// [`BLOCK`] being looked up.
pub const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Set when a column call is to stop (a signal's handler raised while it
/// ran): the loops that answer it check between blocks of rows and give up.
#[derive(Default)]
pub struct Stop(AtomicBool);

impl Stop {
    /// An error once the call is to stop (the caller reports the signal's
    /// own error instead: see [`interruptible`]).
    #[inline]
    pub(super) fn check(&self) -> PyResult<()> {
        match self.0.load(Ordering::Relaxed) {
            false => Ok(()),
            true => Err(PyKeyboardInterrupt::new_err(
                "etld: the column call was stopped",
            )),
        }
    }
}

/// Runs `work`, a column call of `rows` rows, with the GIL released, so
/// that a signal stops it: a long call runs on a thread of its own while
/// the calling thread, every [`SIGNAL_POLL`], attaches for a moment and
/// runs the interpreter's signal handlers (`PyErr_CheckSignals`, which
/// does nothing off the main thread). A handler that raises (Ctrl-C's
/// `KeyboardInterrupt`) sets `work`'s [`Stop`], and its error is the
/// call's once `work` has given up. Run on the calling thread, the GIL
/// released and no thread watching, a long call would answer Ctrl-C only
/// once it was done (`test_ctrl_c_stops_a_column_call`,
/// python/tests/test_hostile.py).
pub fn interruptible<T: Send>(
    py: Python<'_>,
    rows: usize,
    work: impl FnOnce(&Stop) -> PyResult<T> + Send,
) -> PyResult<T> {
    let stop = Stop::default();
    if rows < WATCHED_ROWS {
        return py.detach(|| work(&stop));
    }
    py.detach(|| {
        std::thread::scope(|s| {
            let (done, finished) = mpsc::channel::<()>();
            let stop = &stop;
            let worker = s.spawn(move || {
                let result = work(stop);
                // The watcher may have gone (a signal): nothing to tell.
                let _ = done.send(());
                result
            });
            let mut signal = None;
            while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(SIGNAL_POLL) {
                if let Err(e) = Python::attach(|py| py.check_signals()) {
                    stop.0.store(true, Ordering::Relaxed);
                    signal = Some(e);
                    break;
                }
            }
            let result = worker.join().unwrap_or_else(|_| {
                Err(pyo3::exceptions::PyRuntimeError::new_err(
                    "an etld worker thread panicked",
                ))
            });
            match signal {
                Some(e) => Err(e),
                None => result,
            }
        })
    })
}
