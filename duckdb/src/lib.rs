//! etld for DuckDB: the Public Suffix List functions of `etld` as a loadable
//! DuckDB extension, on DuckDB's stable C extension API (v1.5.6).
//!
//! DuckDB calls [`etld_init_c_api`] when it loads
//! `etld.duckdb_extension`; it registers the scalar functions
//! `etld_registrable`, `etld_suffix`, `etld_subdomain`, `etld_section`,
//! `etld_known`, `etld_error`, `etld_rule`, `etld_icann_suffix`,
//! `etld_icann_registrable`, `etld_site`, `etld_host`, `etld_lookup` and
//! `etld_list_version`, and the settings that choose the list
//! (`etld_list`, `etld_extra`) and the lookup options. See `README.md`
//! beside this crate for how to build, load and use it.
//!
//! Every call from DuckDB goes through a function of this crate that
//! catches panics, so none crosses into DuckDB: a panic becomes the
//! query's error. An exception DuckDB throws in a call the functions make
//! (out of memory) fails the query, as it would a function of DuckDB's own
//! (see `throwing`).

#![deny(missing_docs)]

mod choice;
mod functions;
mod throwing;
mod vector;

use std::ffi::CString;
use std::panic::{catch_unwind, AssertUnwindSafe};

use libduckdb_sys::{
    duckdb_connect, duckdb_connection, duckdb_create_logical_type, duckdb_create_scalar_function,
    duckdb_create_struct_type, duckdb_data_chunk, duckdb_destroy_logical_type,
    duckdb_destroy_scalar_function, duckdb_disconnect, duckdb_extension_access,
    duckdb_extension_info, duckdb_function_info, duckdb_init_info, duckdb_logical_type,
    duckdb_register_scalar_function, duckdb_rs_extension_api_init,
    duckdb_scalar_function_add_parameter, duckdb_scalar_function_set_function,
    duckdb_scalar_function_set_init, duckdb_scalar_function_set_name,
    duckdb_scalar_function_set_return_type, duckdb_scalar_function_set_volatile, duckdb_vector,
    idx_t, DuckDBSuccess, DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN, DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR,
};

use functions::{Function, Returns, LOOKUP_FIELDS};

/// The C API version the extension asks DuckDB for: the newest whose
/// functions it calls (settings and scalar function state came in v1.5.6),
/// and the version `build.sh` writes in the file's metadata.
const C_API_VERSION: &str = "v1.5.6";

/// The entry point DuckDB calls on `LOAD` (named after the file,
/// `etld.duckdb_extension`): initialises the C API and registers the
/// functions and settings on the database. Returns false, with DuckDB told
/// why, when it cannot.
///
/// # Safety
///
/// Called by DuckDB only, with the `info` and `access` of the load.
#[no_mangle]
pub unsafe extern "C" fn etld_init_c_api(
    info: duckdb_extension_info,
    access: *const duckdb_extension_access,
) -> bool {
    // SAFETY: DuckDB's promise, passed on.
    let result = catch_unwind(AssertUnwindSafe(|| unsafe { init(info, access) }));
    let message = match result {
        Ok(Ok(())) => return true,
        // DuckDB refused the API version and said why itself.
        Ok(Err(None)) => return false,
        Ok(Err(Some(message))) => message,
        Err(_) => "etld: internal error while loading the extension".to_string(),
    };
    let message = CString::new(message.replace('\0', " ")).unwrap_or_default();
    // SAFETY: `access` is DuckDB's, live during the load; DuckDB copies the
    // message.
    unsafe {
        if let Some(set_error) = access.as_ref().and_then(|a| a.set_error) {
            set_error(info, message.as_ptr());
        }
    }
    false
}

/// Initialises the C API and registers everything. `Err(None)` when DuckDB
/// refused the API version (it has set the error).
///
/// # Safety
///
/// As [`etld_init_c_api`].
unsafe fn init(
    info: duckdb_extension_info,
    access: *const duckdb_extension_access,
) -> Result<(), Option<String>> {
    if access.is_null() {
        return Err(Some("etld: DuckDB gave no extension access".to_string()));
    }
    // SAFETY: DuckDB's `info` and `access`, live during the load. The
    // bindings (`libduckdb-sys` 1.20000, made for DuckDB 2.0) copy the 548
    // function pointers of 2.0's table, where DuckDB 1.5.6 hands over 546:
    // the last two (`duckdb_create_timestamp_tz_ns` and
    // `duckdb_get_timestamp_tz_ns`, new in 2.0) are read from past 1.5.6's
    // table, within the load state that holds it, and must never be called.
    // The functions the extension calls stand at the same places in both.
    let initialised = unsafe { duckdb_rs_extension_api_init(info, access, C_API_VERSION) };
    match initialised {
        Ok(true) => {}
        Ok(false) => return Err(None),
        Err(e) => return Err(Some(format!("etld: {e}"))),
    }
    let version = CString::new(C_API_VERSION).unwrap_or_default();
    // SAFETY: DuckDB's `access`, live during the load; asked again for the
    // table it has just given, which lives as long as DuckDB.
    let api = unsafe {
        (*access)
            .get_api
            .map_or(std::ptr::null(), |get_api| get_api(info, version.as_ptr()))
    };
    // SAFETY: the table DuckDB gave for `C_API_VERSION`, or null.
    if !unsafe { throwing::init(api.cast()) } {
        return Err(Some(
            "etld: DuckDB's C API lacks functions the extension calls".to_string(),
        ));
    }
    // SAFETY: `access` is live; the database pointer it gives is DuckDB's,
    // live during the load.
    let database = unsafe {
        let get_database = (*access)
            .get_database
            .ok_or_else(|| Some("etld: DuckDB gave no database".to_string()))?;
        let database = get_database(info);
        if database.is_null() {
            return Err(Some("etld: DuckDB gave no database".to_string()));
        }
        *database
    };
    let mut connection: duckdb_connection = std::ptr::null_mut();
    // SAFETY: a live database; the connection is closed below.
    if unsafe { duckdb_connect(database, &mut connection) } != DuckDBSuccess {
        return Err(Some("etld: cannot connect to the database".to_string()));
    }
    // SAFETY: a live connection, the C API initialised.
    let registered = unsafe { register(connection) };
    // SAFETY: the connection made above, closed once.
    unsafe { duckdb_disconnect(&mut connection) };
    registered.map_err(Some)
}

/// Registers the settings and every function on `connection`.
///
/// # Safety
///
/// `connection` is live and the C API initialised.
unsafe fn register(connection: duckdb_connection) -> Result<(), String> {
    // SAFETY: the caller's promise.
    unsafe { choice::register_settings(connection)? };
    for function in Function::ALL {
        // SAFETY: the caller's promise.
        unsafe { register_function(connection, function)? };
    }
    Ok(())
}

/// A logical type, destroyed when dropped.
struct LogicalType(duckdb_logical_type);

impl LogicalType {
    fn simple(id: libduckdb_sys::DUCKDB_TYPE) -> LogicalType {
        // SAFETY: the C API is initialised before anything is registered.
        LogicalType(unsafe { duckdb_create_logical_type(id) })
    }

    /// The struct of `etld_lookup`.
    fn lookup() -> Result<LogicalType, String> {
        let members: Vec<LogicalType> = LOOKUP_FIELDS
            .iter()
            .map(|&(_, text)| {
                LogicalType::simple(if text {
                    DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR
                } else {
                    DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN
                })
            })
            .collect();
        let names: Vec<CString> = LOOKUP_FIELDS
            .iter()
            .map(|&(name, _)| CString::new(name).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?;
        let mut member_types: Vec<duckdb_logical_type> = members.iter().map(|t| t.0).collect();
        let mut member_names: Vec<*const std::os::raw::c_char> =
            names.iter().map(|n| n.as_ptr()).collect();
        // SAFETY: both arrays hold `LOOKUP_FIELDS.len()` live entries while
        // DuckDB copies them.
        Ok(LogicalType(unsafe {
            duckdb_create_struct_type(
                member_types.as_mut_ptr(),
                member_names.as_mut_ptr(),
                LOOKUP_FIELDS.len() as idx_t,
            )
        }))
    }
}

impl Drop for LogicalType {
    fn drop(&mut self) {
        // SAFETY: a type made by `duckdb_create_*_type`, destroyed once.
        unsafe { duckdb_destroy_logical_type(&mut self.0) };
    }
}

/// Registers one function.
///
/// # Safety
///
/// `connection` is live and the C API initialised.
unsafe fn register_function(
    connection: duckdb_connection,
    function: Function,
) -> Result<(), String> {
    let returns = match function.returns() {
        Returns::Varchar => LogicalType::simple(DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR),
        Returns::Boolean => LogicalType::simple(DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN),
        Returns::Lookup => LogicalType::lookup()?,
    };
    let varchar = LogicalType::simple(DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR);
    // SAFETY: the caller's promise; the function object is destroyed here
    // after DuckDB copied it on registration; the name outlives the calls.
    let state = unsafe {
        let mut scalar = duckdb_create_scalar_function();
        duckdb_scalar_function_set_name(scalar, function.name().as_ptr());
        if function.takes_varchar() {
            duckdb_scalar_function_add_parameter(scalar, varchar.0);
        }
        duckdb_scalar_function_set_return_type(scalar, returns.0);
        // SAFETY (of the transmute): the bindings type the callback `"C"`,
        // the callback is `"C-unwind"`: one calling convention, the second
        // letting DuckDB's exceptions unwind through it (`throwing`).
        let callback = std::mem::transmute::<
            unsafe extern "C-unwind" fn(duckdb_function_info, duckdb_data_chunk, duckdb_vector),
            unsafe extern "C" fn(duckdb_function_info, duckdb_data_chunk, duckdb_vector),
        >(function.callback());
        duckdb_scalar_function_set_function(scalar, Some(callback));
        if function.uses_list() {
            // SAFETY (of the transmute): as the callback's.
            let init = std::mem::transmute::<
                unsafe extern "C-unwind" fn(duckdb_init_info),
                unsafe extern "C" fn(duckdb_init_info),
            >(functions::init);
            duckdb_scalar_function_set_init(scalar, Some(init));
        }
        if function == Function::ListVersion {
            // It takes no argument, so DuckDB would fold it once when a
            // statement is prepared, and a prepared statement would keep
            // that answer after a `SET`. The others are not volatile, so
            // that they can partition a window, key an index and be
            // computed once where a query names them twice; a call of
            // one with a constant host is folded so (duckdb/README.md).
            duckdb_scalar_function_set_volatile(scalar);
        }
        let state = duckdb_register_scalar_function(connection, scalar);
        duckdb_destroy_scalar_function(&mut scalar);
        state
    };
    if state != DuckDBSuccess {
        return Err(format!(
            "etld: cannot register the function {}",
            function.name().to_string_lossy()
        ));
    }
    Ok(())
}
