//! DuckDB vectors in and out: VARCHAR rows read as `&str`, VARCHAR and
//! BOOLEAN rows written, NULLs marked in validity masks.
//!
//! The layouts used here are those `duckdb.h` documents for the C API: a
//! `duckdb_string_t` of 16 bytes (a 32-bit length, then either up to 12
//! bytes inline or a 4-byte prefix and a pointer), a validity mask of
//! 64-bit words whose bit `row % 64` of word `row / 64` is set for a valid
//! row.

use std::os::raw::c_char;

use libduckdb_sys::{
    duckdb_string_t, duckdb_unsafe_vector_assign_string_element_len, duckdb_vector,
    duckdb_vector_ensure_validity_writable, duckdb_vector_get_data, duckdb_vector_get_validity,
    idx_t,
};

/// Strings this long or shorter are stored inside the `duckdb_string_t`.
const INLINE_LEN: usize = 12;

/// A string stored inline: what `duckdb_string_t` holds for a short string.
#[repr(C)]
#[derive(Clone, Copy)]
struct Inlined {
    length: u32,
    inlined: [u8; INLINE_LEN],
}

/// Whether `row` is valid in the mask `validity` (null: every row is).
///
/// # Safety
///
/// `validity` is null or the mask of a vector of more than `row` rows.
#[inline]
unsafe fn is_valid(validity: *const u64, row: usize) -> bool {
    validity.is_null() || {
        // SAFETY: the caller's promise: the mask covers `row`.
        let word = unsafe { *validity.add(row / 64) };
        word & (1 << (row % 64)) != 0
    }
}

/// The rows of a VARCHAR vector, read in place.
pub(crate) struct StrIn {
    data: *const duckdb_string_t,
    validity: *const u64,
    rows: usize,
}

impl StrIn {
    /// The first `rows` rows of `vector`.
    ///
    /// # Safety
    ///
    /// `vector` is a flat VARCHAR (or BLOB) vector of at least `rows` rows,
    /// valid while the `StrIn` and what it returns are in use.
    pub(crate) unsafe fn new(vector: duckdb_vector, rows: usize) -> StrIn {
        // SAFETY: the caller's promise that `vector` is a live vector.
        let (data, validity) = unsafe {
            (
                duckdb_vector_get_data(vector) as *const duckdb_string_t,
                duckdb_vector_get_validity(vector) as *const u64,
            )
        };
        StrIn {
            data,
            validity,
            rows,
        }
    }

    /// How many rows.
    pub(crate) fn len(&self) -> usize {
        self.rows
    }

    /// Row `row` as a string: `None` for NULL, and for bytes that are not
    /// UTF-8 (a BLOB cast to VARCHAR can hold such).
    #[inline]
    pub(crate) fn get(&self, row: usize) -> Option<&str> {
        if row >= self.rows {
            return None;
        }
        // SAFETY: `row` is below `rows`, which `new`'s caller promised the
        // vector holds; the mask is null or covers them.
        if !unsafe { is_valid(self.validity, row) } {
            return None;
        }
        // SAFETY: `row` is within the vector (above), whose data is an
        // array of `duckdb_string_t`.
        let s = unsafe { &*self.data.add(row) };
        // SAFETY: a valid row of a VARCHAR vector is an initialised
        // `duckdb_string_t`: its length first, then its bytes inline when
        // there are at most 12 of them, else behind its pointer, which
        // points at `length` bytes that live as long as the vector.
        let (bytes, ascii) = unsafe {
            let len = s.value.inlined.length as usize;
            if len <= INLINE_LEN {
                let inline = &s.value.inlined.inlined;
                let bytes = std::slice::from_raw_parts(inline.as_ptr().cast::<u8>(), len);
                // The 12 inline bytes at once, those past the string
                // included: DuckDB keeps them zero (it compares inline
                // strings by all 16 bytes), and were one not, `from_utf8`
                // below would only be asked needlessly.
                let all = std::slice::from_raw_parts(inline.as_ptr().cast::<u8>(), INLINE_LEN);
                (bytes, is_ascii(all))
            } else {
                let bytes = std::slice::from_raw_parts(s.value.pointer.ptr.cast::<u8>(), len);
                (bytes, is_ascii(bytes))
            }
        };
        if ascii {
            // SAFETY: ASCII is UTF-8. Hosts are mostly ASCII, and this
            // check is cheaper than `from_utf8`.
            Some(unsafe { std::str::from_utf8_unchecked(bytes) })
        } else {
            std::str::from_utf8(bytes).ok()
        }
    }
}

/// Whether `bytes` are ASCII, eight at a time (the last eight
/// overlapping), where `<[u8]>::is_ascii` takes a short slice a byte at a
/// time; fewer than eight bytes are taken as not ASCII.
#[inline(always)]
fn is_ascii(bytes: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let (words, _) = bytes.as_chunks::<8>();
    let last = bytes.last_chunk::<8>().copied().unwrap_or([0x80; 8]);
    let any = words.iter().fold(u64::from_ne_bytes(last), |any, w| {
        any | u64::from_ne_bytes(*w)
    });
    any & HIGH == 0
}

/// The validity mask of an output vector, made writable on the first NULL.
struct Validity {
    vector: duckdb_vector,
    mask: *mut u64,
}

impl Validity {
    fn new(vector: duckdb_vector) -> Validity {
        Validity {
            vector,
            mask: std::ptr::null_mut(),
        }
    }

    /// Marks `row` NULL.
    ///
    /// # Safety
    ///
    /// `vector` is a live output vector of more than `row` rows.
    #[inline]
    unsafe fn set_null(&mut self, row: usize) {
        if self.mask.is_null() {
            // SAFETY: the caller's promise that the vector is live; a
            // writable mask starts with every row valid.
            self.mask = unsafe {
                duckdb_vector_ensure_validity_writable(self.vector);
                duckdb_vector_get_validity(self.vector)
            };
        }
        // SAFETY: the mask of a vector of more than `row` rows has word
        // `row / 64`.
        unsafe { *self.mask.add(row / 64) &= !(1u64 << (row % 64)) };
    }
}

/// A VARCHAR output vector.
pub(crate) struct StrOut {
    vector: duckdb_vector,
    data: *mut duckdb_string_t,
    validity: Validity,
}

impl StrOut {
    /// Writes into `vector`.
    ///
    /// # Safety
    ///
    /// `vector` is a VARCHAR output vector, live while the `StrOut` is, and
    /// every row written is below its size.
    pub(crate) unsafe fn new(vector: duckdb_vector) -> StrOut {
        StrOut {
            vector,
            // SAFETY: the caller's promise that `vector` is live.
            data: unsafe { duckdb_vector_get_data(vector) } as *mut duckdb_string_t,
            validity: Validity::new(vector),
        }
    }

    /// Writes `value` in `row`: a short string inline, a longer one copied
    /// into the vector's string heap by DuckDB.
    #[inline]
    pub(crate) fn set(&mut self, row: usize, value: &str) {
        let bytes = value.as_bytes();
        if bytes.len() <= INLINE_LEN {
            let inlined = Inlined {
                length: bytes.len() as u32,
                inlined: inline_bytes(bytes),
            };
            // SAFETY: `new`'s caller promised `row` is within the vector,
            // whose data is an array of 16-byte `duckdb_string_t`, the
            // layout `Inlined` has.
            unsafe { self.data.add(row).cast::<Inlined>().write(inlined) };
        } else {
            // SAFETY: as above; the bytes are UTF-8 (a `&str`), which is
            // what the unchecked assignment asks for, and DuckDB copies
            // them before it returns.
            unsafe {
                duckdb_unsafe_vector_assign_string_element_len(
                    self.vector,
                    row as idx_t,
                    bytes.as_ptr().cast::<c_char>(),
                    bytes.len() as idx_t,
                )
            };
        }
    }

    /// Writes `value` in `row`, or NULL.
    #[inline]
    pub(crate) fn set_option(&mut self, row: usize, value: Option<&str>) {
        match value {
            Some(v) => self.set(row, v),
            None => self.set_null(row),
        }
    }

    /// Marks `row` NULL (and stores an empty string there, so that nothing
    /// that reads the data of NULL rows meets garbage).
    #[inline]
    pub(crate) fn set_null(&mut self, row: usize) {
        self.set(row, "");
        // SAFETY: `new`'s caller promised `row` is within the vector.
        unsafe { self.validity.set_null(row) };
    }
}

/// The 12 bytes of an inline string: `bytes`, at most 12 of them, then
/// zeros (DuckDB compares inline strings by all 16 bytes). Copied in two
/// overlapping pieces of fixed size, not by a `memcpy` of the length, which
/// is a call for every short answer (`duckdb/bench.py`).
#[inline(always)]
fn inline_bytes(bytes: &[u8]) -> [u8; INLINE_LEN] {
    let mut out = [0; INLINE_LEN];
    let n = bytes.len();
    if n >= 8 {
        if let (Some(head), Some(tail)) = (bytes.first_chunk::<8>(), bytes.last_chunk::<4>()) {
            out[..8].copy_from_slice(head);
            out[n - 4..n].copy_from_slice(tail);
        }
    } else if n >= 4 {
        if let (Some(head), Some(tail)) = (bytes.first_chunk::<4>(), bytes.last_chunk::<4>()) {
            out[..4].copy_from_slice(head);
            out[n - 4..n].copy_from_slice(tail);
        }
    } else if let Some(&last) = bytes.last() {
        // One to three bytes: the first, the middle and the last.
        out[0] = bytes[0];
        out[n / 2] = bytes[n / 2];
        out[n - 1] = last;
    }
    out
}

/// A BOOLEAN output vector.
pub(crate) struct BoolOut {
    data: *mut bool,
    validity: Validity,
}

impl BoolOut {
    /// Writes into `vector`.
    ///
    /// # Safety
    ///
    /// `vector` is a BOOLEAN output vector, live while the `BoolOut` is,
    /// and every row written is below its size.
    pub(crate) unsafe fn new(vector: duckdb_vector) -> BoolOut {
        BoolOut {
            // SAFETY: the caller's promise that `vector` is live.
            data: unsafe { duckdb_vector_get_data(vector) } as *mut bool,
            validity: Validity::new(vector),
        }
    }

    /// Writes `value` in `row`, or NULL.
    #[inline]
    pub(crate) fn set_option(&mut self, row: usize, value: Option<bool>) {
        // SAFETY: `new`'s caller promised `row` is within the vector, whose
        // data is an array of one-byte booleans.
        unsafe { self.data.add(row).write(value.unwrap_or(false)) };
        if value.is_none() {
            // SAFETY: as above.
            unsafe { self.validity.set_null(row) };
        }
    }
}

/// The parent of a STRUCT output vector: only its validity is written.
pub(crate) struct StructOut {
    validity: Validity,
}

impl StructOut {
    /// Writes the validity of `vector`.
    ///
    /// # Safety
    ///
    /// `vector` is a STRUCT output vector, live while the `StructOut` is,
    /// and every row written is below its size.
    pub(crate) unsafe fn new(vector: duckdb_vector) -> StructOut {
        StructOut {
            validity: Validity::new(vector),
        }
    }

    /// Marks `row` NULL.
    pub(crate) fn set_null(&mut self, row: usize) {
        // SAFETY: `new`'s caller promised `row` is within the vector.
        unsafe { self.validity.set_null(row) };
    }
}
