//! Which list and options a connection's functions answer with: the
//! settings users `SET`, and the lists loaded for them, kept so that a
//! setting loads its file once, not once a query or a chunk.

use std::ffi::{CStr, CString};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use etld::{List, Options, Output, Sections, Wildcard};
use etld_source::{self as source, Origin};

use crate::throwing;
use libduckdb_sys::{
    duckdb_client_context, duckdb_config_option_set_default_scope,
    duckdb_config_option_set_default_value, duckdb_config_option_set_description,
    duckdb_config_option_set_name, duckdb_config_option_set_type, duckdb_connection,
    duckdb_create_bool, duckdb_create_config_option, duckdb_create_logical_type,
    duckdb_create_varchar, duckdb_destroy_config_option, duckdb_destroy_logical_type,
    duckdb_destroy_value, duckdb_free, duckdb_is_null_value, duckdb_register_config_option,
    duckdb_value, DuckDBSuccess, DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN, DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR,
};

/// A setting's default value.
#[derive(Clone, Copy)]
enum Initial {
    Text(&'static str),
    Flag(bool),
}

/// The settings: name, default, description.
const SETTINGS: [(&str, Initial, &str); 6] = [
    (
        "etld_list",
        Initial::Text(""),
        "The Public Suffix List of the etld functions: a .dat or .fst file; empty for the built-in list",
    ),
    (
        "etld_extra",
        Initial::Text(""),
        "Files of extra rules laid over the etld list, as though appended to it (several separated by ':'); empty for none",
    ),
    (
        "etld_icann_only",
        Initial::Flag(false),
        "Whether the etld functions ignore the list's PRIVATE section",
    ),
    (
        "etld_implicit_rule",
        Initial::Flag(true),
        "Whether an unlisted TLD is a public suffix (the list's implicit '*' rule)",
    ),
    (
        "etld_wildcard_root",
        Initial::Flag(false),
        "Whether a wildcard rule such as *.kobe.jp also makes kobe.jp a public suffix, as browsers do",
    ),
    (
        "etld_output",
        Initial::Text("input"),
        "The form of the etld functions' answers: input (the host's own), ascii or unicode",
    ),
];

/// Registers the settings on `connection`.
///
/// # Safety
///
/// `connection` is a live connection and the C API is initialised.
pub(crate) unsafe fn register_settings(connection: duckdb_connection) -> Result<(), String> {
    for (name, default, description) in SETTINGS {
        let c_name = c_string(name)?;
        let c_description = c_string(description)?;
        // SAFETY: the C API is initialised (the caller's promise); every
        // object made here is destroyed here, after DuckDB copied it on
        // registration; the strings outlive the calls that read them.
        let registered = unsafe {
            let mut option = duckdb_create_config_option();
            duckdb_config_option_set_name(option, c_name.as_ptr());
            let (type_id, mut value) = match default {
                Initial::Text(text) => {
                    let c_text = c_string(text)?;
                    (
                        DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR,
                        duckdb_create_varchar(c_text.as_ptr()),
                    )
                }
                Initial::Flag(flag) => (DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN, duckdb_create_bool(flag)),
            };
            let mut logical = duckdb_create_logical_type(type_id);
            duckdb_config_option_set_type(option, logical);
            duckdb_config_option_set_default_value(option, value);
            duckdb_config_option_set_description(option, c_description.as_ptr());
            // Per connection: `SET` changes one connection's list, `SET
            // GLOBAL` every connection's.
            duckdb_config_option_set_default_scope(
                option,
                libduckdb_sys::duckdb_config_option_scope_DUCKDB_CONFIG_OPTION_SCOPE_SESSION,
            );
            let state = duckdb_register_config_option(connection, option);
            duckdb_destroy_value(&mut value);
            duckdb_destroy_logical_type(&mut logical);
            duckdb_destroy_config_option(&mut option);
            state == DuckDBSuccess
        };
        if !registered {
            return Err(format!("etld: cannot register the setting {name}"));
        }
    }
    Ok(())
}

fn c_string(text: &str) -> Result<CString, String> {
    CString::new(text).map_err(|_| format!("etld: a NUL byte in {text:?}"))
}

/// The values of the settings in a client context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Settings {
    list: String,
    extra: String,
    icann_only: bool,
    implicit_rule: bool,
    wildcard_root: bool,
    output: String,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            list: String::new(),
            extra: String::new(),
            icann_only: false,
            implicit_rule: true,
            wildcard_root: false,
            output: "input".to_string(),
        }
    }
}

impl Settings {
    /// The settings in force in `context` (the defaults of those it does
    /// not know).
    ///
    /// # Safety
    ///
    /// `context` is a live client context and the C API is initialised.
    /// Not called within `catch_unwind`: DuckDB's getters allocate, and
    /// may throw ([`throwing`]).
    pub(crate) unsafe fn read(context: duckdb_client_context) -> Settings {
        let mut settings = Settings::default();
        // SAFETY: the caller's promise, passed on.
        unsafe {
            if let Some(v) = text_setting(context, c"etld_list") {
                settings.list = v;
            }
            if let Some(v) = text_setting(context, c"etld_extra") {
                settings.extra = v;
            }
            if let Some(v) = flag_setting(context, c"etld_icann_only") {
                settings.icann_only = v;
            }
            if let Some(v) = flag_setting(context, c"etld_implicit_rule") {
                settings.implicit_rule = v;
            }
            if let Some(v) = flag_setting(context, c"etld_wildcard_root") {
                settings.wildcard_root = v;
            }
            if let Some(v) = text_setting(context, c"etld_output") {
                settings.output = v;
            }
        }
        settings
    }

    /// The lookup options these settings ask for.
    fn options(&self) -> Result<Options, String> {
        let output = match self.output.trim() {
            "" => Output::Input,
            name => name.parse::<Output>().map_err(|_| {
                format!("etld_output must be 'input', 'ascii' or 'unicode', not '{name}'")
            })?,
        };
        Ok(Options::new()
            .sections(if self.icann_only {
                Sections::IcannOnly
            } else {
                Sections::All
            })
            .implicit_rule(self.implicit_rule)
            .wildcard(if self.wildcard_root {
                Wildcard::Browser
            } else {
                Wildcard::Strict
            })
            .output(output))
    }
}

/// The value of the setting `name` in `context`, to be destroyed with
/// `duckdb_destroy_value`; `None` when unknown or NULL (`SET etld_list =
/// NULL`), which then reads as its default, as after `RESET`: DuckDB's
/// getters throw on a NULL value, an exception that would abort the
/// process in a Rust frame.
///
/// # Safety
///
/// As [`Settings::read`].
unsafe fn setting_value(context: duckdb_client_context, name: &CStr) -> Option<duckdb_value> {
    // SAFETY: the caller's promise that `context` is live; a value that is
    // NULL is destroyed here.
    unsafe {
        let mut value = throwing::config_option(context, name);
        if value.is_null() {
            return None;
        }
        if duckdb_is_null_value(value) {
            duckdb_destroy_value(&mut value);
            return None;
        }
        Some(value)
    }
}

/// The value of a VARCHAR setting; `None` when unknown or NULL.
///
/// # Safety
///
/// As [`Settings::read`].
unsafe fn text_setting(context: duckdb_client_context, name: &CStr) -> Option<String> {
    // SAFETY: the caller's promise that `context` is live; the value made
    // is destroyed here, and the string DuckDB allocates for it freed with
    // `duckdb_free`, as the C API asks.
    unsafe {
        let mut value = setting_value(context, name)?;
        let text = throwing::varchar(value);
        let result = if text.is_null() {
            None
        } else {
            let owned = CStr::from_ptr(text).to_string_lossy().into_owned();
            duckdb_free(text.cast());
            Some(owned)
        };
        duckdb_destroy_value(&mut value);
        result
    }
}

/// The value of a BOOLEAN setting; `None` when unknown or NULL.
///
/// # Safety
///
/// As [`Settings::read`].
unsafe fn flag_setting(context: duckdb_client_context, name: &CStr) -> Option<bool> {
    // SAFETY: as in `text_setting`.
    unsafe {
        let mut value = setting_value(context, name)?;
        let flag = throwing::boolean(value);
        duckdb_destroy_value(&mut value);
        flag
    }
}

/// A list the functions answer from.
#[derive(Clone)]
pub(crate) enum Source {
    /// The built-in list.
    Builtin,
    /// A list loaded from files, shared by every query that uses them.
    Loaded(Arc<List>),
}

/// The list and options of one query's functions.
#[derive(Clone)]
pub(crate) struct Choice {
    source: Source,
    /// The lookup options.
    pub(crate) options: Options,
}

impl Choice {
    /// The built-in list with the default options.
    pub(crate) fn builtin() -> Choice {
        Choice {
            source: Source::Builtin,
            options: Options::new(),
        }
    }

    /// The list.
    pub(crate) fn list(&self) -> &List {
        match &self.source {
            Source::Builtin => List::builtin(),
            Source::Loaded(list) => list,
        }
    }
}

/// What identifies a file's content for the cache: its path, modification
/// time and length, and on Unix the file itself (device and inode) and
/// the time its inode last changed, which a copy that keeps the
/// modification time (`cp -p`, `rsync -a`, `tar x`) cannot keep.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Stamp {
    path: PathBuf,
    modified: Option<SystemTime>,
    len: u64,
    inode: Option<(u64, u64, i64, i64)>,
}

impl Stamp {
    /// The stamp of the file at `path`, a `what` (`list file`, `extra
    /// rules file`); an error for a path that is not a regular file (a
    /// FIFO would hold a query, and every query of the process that waits
    /// for the cache, until something writes to it), in the command
    /// line's words.
    fn of(path: &Path, what: &str) -> Result<Stamp, String> {
        let cannot =
            |why: &dyn std::fmt::Display| format!("cannot read {what} {}: {why}", path.display());
        let meta = std::fs::metadata(path).map_err(|e| cannot(&e))?;
        if !meta.is_file() {
            let kind = etld_source::write::kind_name(meta.file_type());
            return Err(cannot(&format_args!("{kind}, not a list file")));
        }
        #[cfg(unix)]
        let inode = {
            use std::os::unix::fs::MetadataExt;
            Some((meta.dev(), meta.ino(), meta.ctime(), meta.ctime_nsec()))
        };
        #[cfg(not(unix))]
        let inode = None;
        Ok(Stamp {
            path: path.to_path_buf(),
            modified: meta.modified().ok(),
            len: meta.len(),
            inode,
        })
    }
}

/// The files a list is made of.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    list: Option<Stamp>,
    extra: Vec<Stamp>,
}

/// How many lists are kept: enough for a few connections with lists of
/// their own, few enough that a session trying many files keeps little.
const KEPT: usize = 4;

/// The list loaded from a key's files, or why it could not be (the
/// queries that waited for it get that error; the next query reads the
/// files again, which may have been mended without a new stamp, such as a
/// file made readable).
type Loaded = Result<Arc<List>, String>;

/// The lists loaded, or being loaded, and the files they come from, the
/// most recently used last. Each is loaded once, by the first query that
/// asks for it, outside the lock: a query that waits for a list waits only
/// for its own, not for one that another connection is loading.
type Kept = Mutex<Vec<(Key, Arc<OnceLock<Loaded>>)>>;

/// The lists loaded.
fn cache() -> &'static Kept {
    static CACHE: OnceLock<Kept> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(Vec::new()))
}

/// The list and options `settings` ask for: the built-in list when no file
/// is set, else the files' list, loaded once and then taken from the cache
/// while each file keeps its [`Stamp`]. An error that
/// says which setting and file, and why, when a file cannot be read or is
/// not a valid list.
pub(crate) fn resolve(settings: &Settings) -> Result<Choice, String> {
    let options = settings.options()?;
    let list_path = match settings.list.trim() {
        "" => None,
        path => Some(local_path("etld_list", path)?),
    };
    // Split as `$ETLD_EXTRA` is: a URL kept whole, for `local_path` to
    // refuse as one.
    let extra: Vec<PathBuf> = etld_source::split_path_list(settings.extra.trim().as_ref())
        .into_iter()
        .map(|p| local_path("etld_extra", p.to_string_lossy().trim()))
        .filter(|p| !p.as_ref().is_ok_and(|p| p.as_os_str().is_empty()))
        .collect::<Result<_, _>>()?;
    if list_path.is_none() && extra.is_empty() {
        return Ok(Choice {
            source: Source::Builtin,
            options,
        });
    }
    let key = Key {
        list: match &list_path {
            None => None,
            Some(path) => {
                Some(Stamp::of(path, "list file").map_err(|e| format!("etld_list: {e}"))?)
            }
        },
        extra: extra
            .iter()
            .map(|p| Stamp::of(p, "extra rules file").map_err(|e| format!("etld_extra: {e}")))
            .collect::<Result<_, _>>()?,
    };
    let slot = {
        let mut kept = cache()
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let entry = match kept.iter().position(|(k, _)| *k == key) {
            Some(at) => kept.remove(at),
            None => (key, Arc::new(OnceLock::new())),
        };
        let slot = Arc::clone(&entry.1);
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push(entry);
        slot
    };
    // Threads of one query that start together load the files once: the
    // others wait for this slot alone.
    let list = match slot.get_or_init(|| load(list_path.as_deref(), &extra).map(Arc::new)) {
        Ok(list) => Arc::clone(list),
        Err(e) => {
            let mut kept = cache()
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            kept.retain(|(_, kept)| !Arc::ptr_eq(kept, &slot));
            return Err(e.clone());
        }
    };
    Ok(Choice {
        source: Source::Loaded(list),
        options,
    })
}

/// The file a path set in `setting` names, as DuckDB's own file functions
/// read it: `~` at its start is the home directory. A URL is refused with
/// the reason: the extension reads local files only.
fn local_path(setting: &str, path: &str) -> Result<PathBuf, String> {
    if etld::source::is_url(path) {
        let what = match setting {
            "etld_list" => "download the list, or run `etld update`, and set the file",
            _ => "download the file and set its path",
        };
        return Err(format!(
            "{setting}: {path} is a URL; the extension reads local files only ({what})"
        ));
    }
    // The home directory as DuckDB's own paths take it: `$HOME`, or on
    // Windows `%USERPROFILE%` where `HOME` is unset, and `~\` there too.
    let home = || {
        std::env::var_os("HOME")
            .or_else(|| {
                cfg!(windows)
                    .then(|| std::env::var_os("USERPROFILE"))
                    .flatten()
            })
            .map(PathBuf::from)
    };
    let separator = |c: char| c == '/' || (cfg!(windows) && c == '\\');
    match path.strip_prefix('~') {
        Some("") => Ok(home().unwrap_or_else(|| PathBuf::from(path))),
        Some(rest) if rest.starts_with(separator) => match home() {
            Some(home) => Ok(home.join(&rest[1..])),
            None => Ok(PathBuf::from(path)),
        },
        _ => Ok(PathBuf::from(path)),
    }
}

/// Loads the list of `list_path` (the built-in one when `None`) with the
/// files `extra` laid over it.
fn load(list_path: Option<&Path>, extra: &[PathBuf]) -> Result<List, String> {
    let base = match list_path {
        None => None,
        Some(path) => {
            let (list, _) =
                source::load_file(path, Origin::Given).map_err(|e| format!("etld_list: {e}"))?;
            Some(list)
        }
    };
    let base_ref = base.as_ref().unwrap_or_else(|| List::builtin());
    if extra.is_empty() {
        return Ok(base.unwrap_or_else(|| List::builtin().clone()));
    }
    source::load_extras(base_ref, extra).map_err(|e| format!("etld_extra: {e}"))
}
