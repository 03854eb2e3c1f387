//! Cutting a column into pieces for threads ([`split`]) and gathering
//! what they answered ([`join_all`]).

use arrow_array::{Array, ArrayRef};
use pyo3::PyResult;

/// Rows below which a column is answered on one thread.
pub(super) const MIN_ROWS_PER_THREAD: usize = 1 << 16;

/// Each worker's result, in order; a worker that panicked is an error.
pub(super) fn join_all<'s, T>(
    workers: Vec<std::thread::ScopedJoinHandle<'s, PyResult<T>>>,
) -> impl Iterator<Item = PyResult<T>> + use<'s, T> {
    workers.into_iter().map(|w| {
        w.join().unwrap_or_else(|_| {
            Err(pyo3::exceptions::PyRuntimeError::new_err(
                "an etld worker thread panicked",
            ))
        })
    })
}

/// The chunks cut into pieces of `per_piece` rows (the last one shorter),
/// without copying: each piece is slices of the chunks, with the index of
/// the chunk each slice is of; an empty chunk is kept, in the piece where
/// it falls.
pub(super) fn split(chunks: &[ArrayRef], per_piece: usize) -> Vec<Vec<(usize, ArrayRef)>> {
    let mut pieces = vec![Vec::new()];
    let mut room = per_piece;
    for (index, chunk) in chunks.iter().enumerate() {
        if chunk.is_empty() {
            // Kept, so that each chunk has its array of answers.
            if let Some(piece) = pieces.last_mut() {
                piece.push((index, chunk.clone()));
            }
            continue;
        }
        let mut at = 0;
        while at < chunk.len() {
            if room == 0 {
                pieces.push(Vec::new());
                room = per_piece;
            }
            let take = room.min(chunk.len() - at);
            if let Some(piece) = pieces.last_mut() {
                piece.push((index, chunk.slice(at, take)));
            }
            at += take;
            room -= take;
        }
    }
    pieces
}
