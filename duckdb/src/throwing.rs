//! The calls of DuckDB's C API that may throw a C++ exception (they
//! allocate, and DuckDB throws when its memory limit is reached or the
//! system has no memory left), made so that the exception fails the query
//! rather than the process.
//!
//! DuckDB calls a scalar function's callbacks from C++ and lets an
//! exception of a C API call made inside one unwind through it, up to the
//! query, which then fails with DuckDB's own error (`Out of Memory Error`).
//! Rust lets a foreign exception unwind through its frames only where the
//! ABI says so, and aborts the process when one reaches `catch_unwind`. So:
//!
//! - these calls go through pointers of the `"C-unwind"` ABI, read from the
//!   table DuckDB hands over at load (the bindings declare every function of
//!   the table `"C"`, which may not unwind);
//! - the callbacks that make them are `"C-unwind"` functions
//!   ([`functions::execute`](crate::functions) and `functions::init`), which
//!   make them outside the `catch_unwind` that turns a panic of the lookup
//!   into the query's error, and with no work of their own between them
//!   that could panic.
//!
//! Every other call the callbacks make only reads what DuckDB already
//! holds (a vector's data, its size) or frees what it made, and cannot
//! throw.

use std::os::raw::{c_char, c_void};
use std::sync::OnceLock;

use libduckdb_sys::{
    duckdb_client_context, duckdb_config_option_scope, duckdb_delete_callback_t, duckdb_ext_api_v1,
    duckdb_function_info, duckdb_init_info, duckdb_value, duckdb_vector, idx_t,
};

/// The struct [`Calls`] of the throwing calls, each a field named as in
/// DuckDB's table, and [`Calls::of`], which reads them from the table.
macro_rules! throwing_calls {
    ($($name:ident: fn($($arg:ty),*) $(-> $ret:ty)?;)*) => {
        /// The throwing calls, as pointers that may unwind.
        struct Calls {
            $($name: unsafe extern "C-unwind" fn($($arg),*) $(-> $ret)?,)*
        }

        impl Calls {
            /// The calls of `api`; None if it lacks one.
            fn of(api: &duckdb_ext_api_v1) -> Option<Calls> {
                Some(Calls {
                    $($name: {
                        let call = api.$name?;
                        // SAFETY: the pointer is DuckDB's function of this
                        // signature; `"C"` and `"C-unwind"` are one calling
                        // convention, and the second only admits what the
                        // function does: unwind when DuckDB throws.
                        unsafe {
                            std::mem::transmute::<
                                unsafe extern "C" fn($($arg),*) $(-> $ret)?,
                                unsafe extern "C-unwind" fn($($arg),*) $(-> $ret)?,
                            >(call)
                        }
                    },)*
                })
            }
        }
    };
}

throwing_calls! {
    duckdb_unsafe_vector_assign_string_element_len: fn(duckdb_vector, idx_t, *const c_char, idx_t);
    duckdb_vector_ensure_validity_writable: fn(duckdb_vector);
    duckdb_scalar_function_set_error: fn(duckdb_function_info, *const c_char);
    duckdb_scalar_function_init_get_client_context: fn(duckdb_init_info, *mut duckdb_client_context);
    duckdb_scalar_function_init_set_state: fn(duckdb_init_info, *mut c_void, duckdb_delete_callback_t);
    duckdb_scalar_function_init_set_error: fn(duckdb_init_info, *const c_char);
    duckdb_client_context_get_config_option: fn(duckdb_client_context, *const c_char, *mut duckdb_config_option_scope) -> duckdb_value;
    duckdb_get_varchar: fn(duckdb_value) -> *mut c_char;
    duckdb_get_bool: fn(duckdb_value) -> bool;
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
    let Some(calls) = (unsafe { api.as_ref() }).and_then(Calls::of) else {
        return false;
    };
    // A second load in the process finds the same table.
    let _ = CALLS.set(calls);
    true
}

/// The calls; `init` succeeded before any callback is registered, so they
/// are there whenever DuckDB calls one.
fn calls() -> Option<&'static Calls> {
    CALLS.get()
}

/// Copies `bytes` (UTF-8) into the string heap of `vector` as row `row`.
///
/// # Safety
///
/// `vector` is a live VARCHAR vector of more than `row` rows, and `bytes`
/// are UTF-8. Not called within `catch_unwind`.
pub(crate) unsafe fn assign_string(vector: duckdb_vector, row: usize, bytes: &[u8]) {
    if let Some(calls) = calls() {
        // SAFETY: the caller's promise; DuckDB copies the bytes.
        unsafe {
            (calls.duckdb_unsafe_vector_assign_string_element_len)(
                vector,
                row as idx_t,
                bytes.as_ptr().cast::<c_char>(),
                bytes.len() as idx_t,
            )
        };
    }
}

/// Makes the validity mask of `vector` writable (every row valid), so that
/// `duckdb_vector_get_validity` gives it.
///
/// # Safety
///
/// `vector` is a live vector. Not called within `catch_unwind`.
pub(crate) unsafe fn ensure_validity_writable(vector: duckdb_vector) {
    if let Some(calls) = calls() {
        // SAFETY: the caller's promise.
        unsafe { (calls.duckdb_vector_ensure_validity_writable)(vector) };
    }
}

/// Fails the query of a function callback with `message`.
///
/// # Safety
///
/// `info` is the callback's live function info. Not called within
/// `catch_unwind`.
pub(crate) unsafe fn set_error(info: duckdb_function_info, message: &std::ffi::CStr) {
    if let Some(calls) = calls() {
        // SAFETY: the caller's promise; DuckDB copies the message.
        unsafe { (calls.duckdb_scalar_function_set_error)(info, message.as_ptr()) };
    }
}

/// The client context of an init callback, null if DuckDB gives none; to
/// be destroyed with `duckdb_destroy_client_context`.
///
/// # Safety
///
/// `info` is the callback's live init info. Not called within
/// `catch_unwind`.
pub(crate) unsafe fn init_client_context(info: duckdb_init_info) -> duckdb_client_context {
    let mut context: duckdb_client_context = std::ptr::null_mut();
    if let Some(calls) = calls() {
        // SAFETY: the caller's promise; `context` is written or left null.
        unsafe { (calls.duckdb_scalar_function_init_get_client_context)(info, &mut context) };
    }
    context
}

/// Hands `state` to DuckDB, which frees it with `destroy` after the query.
///
/// # Safety
///
/// `info` is the callback's live init info and `destroy` frees `state`.
/// Not called within `catch_unwind`.
pub(crate) unsafe fn init_set_state(
    info: duckdb_init_info,
    state: *mut c_void,
    destroy: unsafe extern "C" fn(*mut c_void),
) {
    if let Some(calls) = calls() {
        // SAFETY: the caller's promise.
        unsafe { (calls.duckdb_scalar_function_init_set_state)(info, state, Some(destroy)) };
    }
}

/// Fails the query of an init callback with `message`.
///
/// # Safety
///
/// `info` is the callback's live init info. Not called within
/// `catch_unwind`.
pub(crate) unsafe fn init_set_error(info: duckdb_init_info, message: &std::ffi::CStr) {
    if let Some(calls) = calls() {
        // SAFETY: the caller's promise; DuckDB copies the message.
        unsafe { (calls.duckdb_scalar_function_init_set_error)(info, message.as_ptr()) };
    }
}

/// The value of the setting `name` in `context` (null if unknown), to be
/// destroyed with `duckdb_destroy_value`.
///
/// # Safety
///
/// `context` is a live client context. Not called within `catch_unwind`.
pub(crate) unsafe fn config_option(
    context: duckdb_client_context,
    name: &std::ffi::CStr,
) -> duckdb_value {
    let mut scope: duckdb_config_option_scope = 0;
    match calls() {
        // SAFETY: the caller's promise; `scope` is written.
        Some(calls) => unsafe {
            (calls.duckdb_client_context_get_config_option)(context, name.as_ptr(), &mut scope)
        },
        None => std::ptr::null_mut(),
    }
}

/// The text of a VARCHAR value, null if DuckDB gives none; to be freed
/// with `duckdb_free`.
///
/// # Safety
///
/// `value` is a live value that is not NULL. Not called within
/// `catch_unwind`.
pub(crate) unsafe fn varchar(value: duckdb_value) -> *mut c_char {
    match calls() {
        // SAFETY: the caller's promise.
        Some(calls) => unsafe { (calls.duckdb_get_varchar)(value) },
        None => std::ptr::null_mut(),
    }
}

/// A BOOLEAN value; None without the calls.
///
/// # Safety
///
/// `value` is a live BOOLEAN value that is not NULL. Not called within
/// `catch_unwind`.
pub(crate) unsafe fn boolean(value: duckdb_value) -> Option<bool> {
    // SAFETY: the caller's promise.
    calls().map(|calls| unsafe { (calls.duckdb_get_bool)(value) })
}
