//! The SQL functions: what each answers for a chunk of rows, and the C
//! callbacks DuckDB calls, which catch every panic before it reaches
//! DuckDB.

use std::ffi::CString;
use std::fmt::Write;
use std::os::raw::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};

use etld::{Answer, Options, Output};
use libduckdb_sys::{
    duckdb_data_chunk, duckdb_data_chunk_get_size, duckdb_data_chunk_get_vector,
    duckdb_destroy_client_context, duckdb_function_info, duckdb_init_info,
    duckdb_scalar_function_get_state, duckdb_struct_vector_get_child, duckdb_vector, idx_t,
};

use crate::choice::{self, Choice, Settings};
use crate::throwing;
use crate::vector::{BoolOut, StrIn, StrOut, StructOut};

/// The SQL functions, a variant and a name each, in order: the enum
/// [`Function`] with [`Function::ALL`], [`Function::name`] and
/// [`Function::callback`], each variant's callback being [`execute`] of
/// its own number.
macro_rules! functions {
    ($($function:ident => $name:literal,)*) => {
        /// One of the SQL functions.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        pub(crate) enum Function {
            $($function,)*
        }

        impl Function {
            /// Every function.
            pub(crate) const ALL: [Function; [$(stringify!($function)),*].len()] =
                [$(Function::$function),*];

            /// The SQL name.
            pub(crate) const fn name(self) -> &'static std::ffi::CStr {
                match self {
                    $(Function::$function => $name,)*
                }
            }

            /// The callback that runs it.
            pub(crate) fn callback(
                self,
            ) -> unsafe extern "C-unwind" fn(duckdb_function_info, duckdb_data_chunk, duckdb_vector) {
                match self {
                    $(Function::$function => execute::<{ Function::$function as u8 }>,)*
                }
            }
        }
    };
}

functions! {
    Registrable => c"etld_registrable",
    Suffix => c"etld_suffix",
    Subdomain => c"etld_subdomain",
    Section => c"etld_section",
    Known => c"etld_known",
    Error => c"etld_error",
    Host => c"etld_host",
    Lookup => c"etld_lookup",
    ListVersion => c"etld_list_version",
    Rule => c"etld_rule",
    IcannSuffix => c"etld_icann_suffix",
    IcannRegistrable => c"etld_icann_registrable",
    Site => c"etld_site",
    UrlError => c"etld_url_error",
}

/// What a function returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Returns {
    Varchar,
    Boolean,
    /// The struct of [`LOOKUP_FIELDS`].
    Lookup,
}

/// The fields of `etld_lookup`'s struct, in the order of `etld --json`, and
/// whether each is a VARCHAR (else a BOOLEAN).
pub(crate) const LOOKUP_FIELDS: [(&str, bool); 10] = [
    ("suffix", true),
    ("registrable", true),
    ("subdomain", true),
    ("label", true),
    ("section", true),
    ("known", false),
    ("rule", true),
    ("icann_suffix", true),
    ("icann_registrable", true),
    ("error", true),
];

impl Function {
    /// Whether it takes one VARCHAR (else nothing).
    pub(crate) const fn takes_varchar(self) -> bool {
        !matches!(self, Function::ListVersion)
    }

    /// Whether it answers from the list, so needs the connection's choice.
    pub(crate) const fn uses_list(self) -> bool {
        !matches!(self, Function::Host)
    }

    /// What it returns.
    pub(crate) const fn returns(self) -> Returns {
        match self {
            Function::Known => Returns::Boolean,
            Function::Lookup => Returns::Lookup,
            _ => Returns::Varchar,
        }
    }

    fn from_u8(n: u8) -> Option<Function> {
        Function::ALL.into_iter().find(|f| *f as u8 == n)
    }
}

/// What the functions of one query on one thread keep between chunks.
struct State {
    choice: Choice,
}

/// Frees a [`State`].
unsafe extern "C" fn drop_state(state: *mut c_void) {
    if !state.is_null() {
        // SAFETY: DuckDB hands back the pointer `init` made with
        // `Box::into_raw`, once.
        let state = unsafe { Box::from_raw(state.cast::<State>()) };
        // Dropping a list cannot panic; caught all the same, as nothing may
        // unwind into DuckDB.
        let _ = catch_unwind(AssertUnwindSafe(move || drop(state)));
    }
}

/// The init callback: the list and options of the client context's
/// settings, once a query and thread, so a later `SET` is followed by the
/// next query. The settings are read, and the state or error handed over,
/// outside `catch_unwind`, by calls that may throw
/// ([`throwing`]), which is why the callback may unwind.
pub(crate) unsafe extern "C-unwind" fn init(info: duckdb_init_info) {
    // SAFETY: DuckDB calls this with a live init info; the context it
    // gives is destroyed here once read.
    let settings = unsafe {
        let mut context = throwing::init_client_context(info);
        if context.is_null() {
            Settings::default()
        } else {
            let settings = Settings::read(context);
            duckdb_destroy_client_context(&mut context);
            settings
        }
    };
    let message = match catch_unwind(AssertUnwindSafe(|| choice::resolve(&settings))) {
        Ok(Ok(choice)) => {
            let state = Box::into_raw(Box::new(State { choice }));
            // SAFETY: DuckDB owns the state from here and frees it with
            // `drop_state`.
            return unsafe { throwing::init_set_state(info, state.cast(), drop_state) };
        }
        Ok(Err(message)) => c_message(&message),
        Err(_) => c_message("etld: internal error while choosing the list"),
    };
    // SAFETY: a live init info; DuckDB copies the message.
    unsafe { throwing::init_set_error(info, &message) };
}

/// A message as a C string (a NUL inside, which no message of etld holds,
/// cut there).
fn c_message(message: &str) -> CString {
    let text = message.split('\0').next().unwrap_or_default();
    CString::new(text).unwrap_or_default()
}

/// The function callback of function number `F`: the chunk's answers
/// worked out within `catch_unwind`, then handed to DuckDB outside it, by
/// calls that may throw ([`throwing`]), which is why the
/// callback may unwind.
unsafe extern "C-unwind" fn execute<const F: u8>(
    info: duckdb_function_info,
    input: duckdb_data_chunk,
    output: duckdb_vector,
) {
    let result = catch_unwind(AssertUnwindSafe(|| {
        let Some(function) = Function::from_u8(F) else {
            return Err("etld: unknown function".to_string());
        };
        // SAFETY: DuckDB calls this with its live function info, input
        // chunk (of the function's parameters, flattened) and output
        // vector (of its return type, as many rows as the chunk).
        unsafe { run(function, info, input, output) }
    }));
    let message = match result {
        // SAFETY: the outputs of `output`, live for the call, outside
        // `catch_unwind`.
        Ok(Ok(written)) => return unsafe { written.finish() },
        Ok(Err(message)) => message,
        Err(_) => "etld: internal error".to_string(),
    };
    let message = c_message(&message);
    // SAFETY: a live function info; DuckDB copies the message.
    unsafe { throwing::set_error(info, &message) };
}

/// The output vectors of a chunk, written but for what DuckDB must take
/// over ([`StrOut::finish`]).
enum Written {
    Text(StrOut),
    Flag(BoolOut),
    /// `etld_lookup`'s struct: its own validity, its VARCHAR fields and
    /// `known` (boxed: ten outputs, where the others hold one).
    Lookup(Box<(StructOut, [StrOut; 9], BoolOut)>),
}

impl Written {
    /// Hands each output to DuckDB.
    ///
    /// # Safety
    ///
    /// The vectors are live. Not called within `catch_unwind`.
    unsafe fn finish(self) {
        // SAFETY: the caller's promise, passed on.
        unsafe {
            match self {
                Written::Text(out) => out.finish(),
                Written::Flag(out) => out.finish(),
                Written::Lookup(outputs) => {
                    let (parent, text, known) = *outputs;
                    parent.finish();
                    for out in text {
                        out.finish();
                    }
                    known.finish();
                }
            }
        }
    }
}

/// Runs `function` on a chunk: the outputs written, for
/// [`Written::finish`] to hand over.
///
/// # Safety
///
/// As DuckDB calls a scalar function: `info`, `input` and `output` live,
/// `input` holds one flat VARCHAR vector when the function takes one,
/// `output` is of the function's return type with room for the chunk's
/// rows.
unsafe fn run(
    function: Function,
    info: duckdb_function_info,
    input: duckdb_data_chunk,
    output: duckdb_vector,
) -> Result<Written, String> {
    // SAFETY: the caller's promise that `input` is live.
    let rows = unsafe { duckdb_data_chunk_get_size(input) } as usize;
    let builtin;
    // SAFETY: the state is null or the `State` that `init` made for this
    // query and thread, alive until DuckDB frees it after the query.
    let choice = match unsafe {
        duckdb_scalar_function_get_state(info)
            .cast::<State>()
            .as_ref()
    } {
        Some(state) => &state.choice,
        None => {
            builtin = Choice::builtin();
            &builtin
        }
    };
    if function == Function::ListVersion {
        // SAFETY: the caller's promise about `output`.
        let mut out = unsafe { StrOut::new(output) };
        let version = choice.list().version();
        (0..rows).for_each(|row| out.set_option(row, version));
        return Ok(Written::Text(out));
    }
    // SAFETY: the caller's promise: the function's one parameter is a flat
    // VARCHAR vector of `rows` rows.
    let hosts = unsafe { StrIn::new(duckdb_data_chunk_get_vector(input, 0), rows) };
    let written = match function {
        Function::Host => {
            // SAFETY: the caller's promise about `output`.
            let mut out = unsafe { StrOut::new(output) };
            for row in 0..rows {
                match hosts.get(row).map(etld::url::host) {
                    Some(Ok(host)) => out.set(row, &host),
                    _ => out.set_null(row),
                }
            }
            Written::Text(out)
        }
        Function::UrlError => {
            // SAFETY: the caller's promise about `output`.
            let mut out = unsafe { StrOut::new(output) };
            let mut message = String::new();
            let list = choice.list();
            for row in 0..rows {
                let Some(url) = hosts.get(row) else {
                    set_unread(&mut out, &mut message, &hosts, row);
                    continue;
                };
                let why = list.lookup_url_with(url, &choice.options).err();
                set_message(&mut out, &mut message, row, why);
            }
            Written::Text(out)
        }
        Function::Known => {
            // SAFETY: the caller's promise about `output`.
            let mut out = unsafe { BoolOut::new(output) };
            each_answer(choice, &hosts, |row, answer| {
                out.set_option(row, answer.filter(Answer::is_ok).map(|a| a.is_known()))
            });
            Written::Flag(out)
        }
        Function::Error => {
            // SAFETY: the caller's promise about `output`.
            let mut out = unsafe { StrOut::new(output) };
            let mut message = String::new();
            each_answer(choice, &hosts, |row, answer| match answer {
                Some(answer) => match answer.error() {
                    Some(e) => out.set(row, host_error(&mut message, e, hosts.get(row))),
                    None => out.set_null(row),
                },
                None => set_unread(&mut out, &mut message, &hosts, row),
            });
            Written::Text(out)
        }
        Function::Lookup => {
            // SAFETY: the caller's promise: `output` is the struct of
            // `LOOKUP_FIELDS`, whose children are vectors of the same rows,
            // VARCHAR but for `known`.
            let (mut parent, mut text, mut known) = unsafe {
                let child = |i: usize| duckdb_struct_vector_get_child(output, i as idx_t);
                (
                    StructOut::new(output),
                    [0, 1, 2, 3, 4, 6, 7, 8, 9].map(|i| StrOut::new(child(i))),
                    BoolOut::new(child(5)),
                )
            };
            let [suffix, registrable, subdomain, label, section, rule, icann_suffix, icann_registrable, error] =
                &mut text;
            let mut message = String::new();
            each_answer(choice, &hosts, |row, answer| {
                let Some(a) = answer else {
                    // Not UTF-8: an invalid host, whose struct says why, as
                    // `etld lookup --json` does.
                    let bad = hosts.invalid_utf8(row);
                    if bad.is_none() {
                        parent.set_null(row);
                    }
                    for out in [
                        &mut *suffix,
                        &mut *registrable,
                        &mut *subdomain,
                        &mut *label,
                        &mut *section,
                        &mut *rule,
                        &mut *icann_suffix,
                        &mut *icann_registrable,
                    ] {
                        out.set_null(row);
                    }
                    match bad {
                        Some(at) => error.set(row, not_utf8(&mut message, at)),
                        None => error.set_null(row),
                    }
                    known.set_option(row, Some(false));
                    return;
                };
                suffix.set_option(row, a.suffix());
                registrable.set_option(row, a.registrable());
                subdomain.set_option(row, a.subdomain());
                label.set_option(row, a.registrable_label());
                section.set_option(row, a.section().map(|s| s.as_str()));
                rule.set_option(row, a.rule().as_deref());
                icann_suffix.set_option(row, a.icann_suffix());
                icann_registrable.set_option(row, a.icann_registrable());
                match a.error() {
                    Some(e) => {
                        error.set(row, host_error(&mut message, e, hosts.get(row)));
                        known.set_option(row, Some(false));
                    }
                    None => {
                        error.set_null(row);
                        known.set_option(row, Some(a.is_known()));
                    }
                }
            });
            Written::Lookup(Box::new((parent, text, known)))
        }
        Function::Site => {
            // The site key: the registrable domain in ASCII whatever
            // `etld_output` says, without a trailing dot, so that the forms
            // of one site (`www.bücher.de`, `shop.xn--bcher-kva.de`,
            // `bücher.de.`) group together.
            let ascii = choice.options.output(Output::Ascii);
            // SAFETY: the caller's promise about `output`.
            let mut out = unsafe { StrOut::new(output) };
            each_answer_with(choice, &ascii, &hosts, |row, answer| {
                let site = answer.as_ref().and_then(|a| a.registrable());
                out.set_option(row, site.map(|r| r.strip_suffix('.').unwrap_or(r)));
            });
            Written::Text(out)
        }
        Function::Rule => {
            // SAFETY: the caller's promise about `output`.
            let mut out = unsafe { StrOut::new(output) };
            each_answer(choice, &hosts, |row, answer| {
                out.set_option(row, answer.as_ref().and_then(|a| a.rule()).as_deref())
            });
            Written::Text(out)
        }
        f => {
            // SAFETY: the caller's promise about `output`.
            let mut out = unsafe { StrOut::new(output) };
            each_answer(choice, &hosts, |row, answer| {
                let part = answer.as_ref().and_then(|a| match f {
                    Function::Registrable => a.registrable(),
                    Function::Suffix => a.suffix(),
                    Function::Subdomain => a.subdomain(),
                    Function::Section => a.section().map(|s| s.as_str()),
                    Function::IcannSuffix => a.icann_suffix(),
                    Function::IcannRegistrable => a.icann_registrable(),
                    _ => None,
                });
                out.set_option(row, part);
            });
            Written::Text(out)
        }
    };
    Ok(written)
}

/// Writes row `row` of a column of errors: the message of `error`, NULL
/// for none; `message` is room for the text.
fn set_message(
    out: &mut StrOut,
    message: &mut String,
    row: usize,
    error: Option<impl std::fmt::Display>,
) {
    match error {
        Some(e) => {
            message.clear();
            // Writing to a String cannot fail.
            let _ = write!(message, "{e}");
            out.set(row, message);
        }
        None => out.set_null(row),
    }
}

/// What takes out the host of a URL, in SQL: named by the message of a
/// host that looks like one.
const TAKES_HOST: &str = "whose host etld_host() takes out";

/// The message of the invalid host `host`, which failed with `e`, written
/// into `message`: `etld lookup`'s, and for a host that looks like a URL,
/// `host:port` or an e-mail address ([`etld::url::looks_like_url`]) the
/// function that takes out its host, as the Python package says it.
fn host_error<'m>(message: &'m mut String, e: etld::HostError, host: Option<&str>) -> &'m str {
    message.clear();
    // Writing to a String cannot fail.
    let _ = write!(message, "{e}");
    if let Some(hint) = host.and_then(|h| etld_source::url_hint(h, TAKES_HOST)) {
        message.push_str(&hint);
    }
    message
}

/// Writes row `row` of a column of errors for a row of `input` that is
/// NULL (NULL) or not UTF-8 (which says so).
fn set_unread(out: &mut StrOut, message: &mut String, input: &StrIn, row: usize) {
    match input.invalid_utf8(row) {
        Some(at) => out.set(row, not_utf8(message, at)),
        None => out.set_null(row),
    }
}

/// The error of a host whose bytes stop being UTF-8 at byte `at`, as
/// `etld lookup` says it, written into `message`.
#[cold]
fn not_utf8(message: &mut String, at: usize) -> &str {
    message.clear();
    // Writing to a String cannot fail.
    let _ = write!(message, "invalid UTF-8 at byte {at}");
    message
}

/// Looks up every row of `hosts` in one batch
/// ([`List::lookup_each_with`](etld::List::lookup_each_with)) and calls
/// `each` with every row and its answer: `None` for a NULL row (and one
/// that is not UTF-8), those first, then the answers of the other rows in
/// row order.
///
/// The rows to look up are gathered first, so that `each` is called from
/// one place in the lookup's loop, where it is inlined, with no row
/// bookkeeping between lookups.
#[inline(always)]
fn each_answer(choice: &Choice, hosts: &StrIn, each: impl FnMut(usize, Option<Answer<'_>>)) {
    each_answer_with(choice, &choice.options, hosts, each)
}

/// [`each_answer`] with `options` in place of the connection's.
#[inline(always)]
fn each_answer_with(
    choice: &Choice,
    options: &Options,
    hosts: &StrIn,
    mut each: impl FnMut(usize, Option<Answer<'_>>),
) {
    let rows = hosts.len();
    let mut valid: Vec<&str> = Vec::with_capacity(rows);
    let mut at: Vec<u32> = Vec::with_capacity(rows);
    for r in 0..rows {
        match hosts.get(r) {
            Some(host) => {
                valid.push(host);
                // DuckDB's chunks hold 2048 rows, far below u32::MAX.
                at.push(r as u32);
            }
            None => each(r, None),
        }
    }
    choice
        .list()
        .lookup_each_with(valid.iter().copied(), options, |i, answer| {
            if let Some(&r) = at.get(i) {
                each(r as usize, Some(answer));
            }
        });
}
