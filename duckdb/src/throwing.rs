//! The calls of DuckDB's C API that may throw a C++ exception (they
//! allocate, and DuckDB throws when its memory limit is reached), made so
//! that the exception fails the query rather than the process.
//!
//! DuckDB calls a scalar function's callback from C++ and lets an exception
//! of a C API call made inside it unwind through the callback, up to the
//! query, which then fails with DuckDB's own error (`Out of Memory Error`).
//! Rust lets a foreign exception unwind through its frames only where the
//! ABI says so, and aborts the process when one reaches `catch_unwind`. So:
//!
//! - these calls go through pointers of the `"C-unwind"` ABI, read from the
//!   table DuckDB hands over at load (the bindings declare every function of
//!   the table `"C"`, which may not unwind);
//! - the callbacks that make them are `"C-unwind"` functions
//!   ([`functions::execute`](crate::functions)), which make them only after
//!   the `catch_unwind` that turns a panic of the lookup into the query's
//!   error has returned, and with no work left that could panic.
//!
//! Every other call the callbacks make only reads what DuckDB already holds
//! (a vector's data, its size) and cannot throw.

use std::os::raw::c_char;
use std::sync::OnceLock;

use libduckdb_sys::{duckdb_ext_api_v1, duckdb_vector, idx_t};

/// The throwing calls, as pointers that may unwind.
struct Calls {
    assign_string: unsafe extern "C-unwind" fn(duckdb_vector, idx_t, *const c_char, idx_t),
    ensure_validity_writable: unsafe extern "C-unwind" fn(duckdb_vector),
}

static CALLS: OnceLock<Calls> = OnceLock::new();

/// Keeps the throwing calls of `api`, the table DuckDB handed over at load;
/// false when it lacks one of them.
///
/// # Safety
///
/// `api` is the live table DuckDB gave for the C API version the extension
/// asked for.
pub(crate) unsafe fn init(api: *const duckdb_ext_api_v1) -> bool {
    // SAFETY: the caller's promise that `api` is live.
    let Some(api) = (unsafe { api.as_ref() }) else {
        return false;
    };
    let (Some(assign_string), Some(ensure_validity_writable)) = (
        api.duckdb_unsafe_vector_assign_string_element_len,
        api.duckdb_vector_ensure_validity_writable,
    ) else {
        return false;
    };
    // SAFETY: each pointer is DuckDB's function of that signature; `"C"` and
    // `"C-unwind"` are one calling convention, and the second only admits
    // what the function does: unwind when DuckDB throws.
    let calls = unsafe {
        Calls {
            assign_string: std::mem::transmute::<
                unsafe extern "C" fn(duckdb_vector, idx_t, *const c_char, idx_t),
                unsafe extern "C-unwind" fn(duckdb_vector, idx_t, *const c_char, idx_t),
            >(assign_string),
            ensure_validity_writable: std::mem::transmute::<
                unsafe extern "C" fn(duckdb_vector),
                unsafe extern "C-unwind" fn(duckdb_vector),
            >(ensure_validity_writable),
        }
    };
    // A second load in the process finds the same table.
    let _ = CALLS.set(calls);
    true
}

/// Copies `bytes` (UTF-8) into the string heap of `vector` as row `row`.
/// Unwinds with DuckDB's exception if DuckDB cannot allocate.
///
/// # Safety
///
/// `vector` is a live VARCHAR vector of more than `row` rows, and `bytes`
/// are UTF-8. Not called within `catch_unwind`.
pub(crate) unsafe fn assign_string(vector: duckdb_vector, row: usize, bytes: &[u8]) {
    if let Some(calls) = CALLS.get() {
        // SAFETY: the caller's promise; DuckDB copies the bytes.
        unsafe {
            (calls.assign_string)(
                vector,
                row as idx_t,
                bytes.as_ptr().cast::<c_char>(),
                bytes.len() as idx_t,
            )
        };
    }
}

/// Makes the validity mask of `vector` writable (every row valid), so that
/// `duckdb_vector_get_validity` gives it. Unwinds with DuckDB's exception
/// if DuckDB cannot allocate.
///
/// # Safety
///
/// `vector` is a live vector. Not called within `catch_unwind`.
pub(crate) unsafe fn ensure_validity_writable(vector: duckdb_vector) {
    if let Some(calls) = CALLS.get() {
        // SAFETY: the caller's promise.
        unsafe { (calls.ensure_validity_writable)(vector) };
    }
}
