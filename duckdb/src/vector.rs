//! DuckDB vectors in and out: VARCHAR rows read as `&str`, VARCHAR and
//! BOOLEAN rows written, NULLs marked in validity masks.
//!
//! The layouts used here are those `duckdb.h` documents for the C API: a
//! `duckdb_string_t` of 16 bytes (a 32-bit length, then either up to 12
//! bytes inline or a 4-byte prefix and a pointer), a validity mask of
//! 64-bit words whose bit `row % 64` of word `row / 64` is set for a valid
//! row.

use std::cell::RefCell;

use libduckdb_sys::{
    duckdb_string_t, duckdb_vector, duckdb_vector_get_data, duckdb_vector_get_validity,
};

use crate::throwing;

/// Strings this long or shorter are stored inside the `duckdb_string_t`.
const INLINE_LEN: usize = 12;

/// A string stored out of line: what `duckdb_string_t` holds for a longer
/// string (its first four bytes, and where all of them are).
#[repr(C)]
#[derive(Clone, Copy)]
struct Pointed {
    length: u32,
    prefix: [u8; 4],
    ptr: *const u8,
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
    /// UTF-8 ([`StrIn::invalid_utf8`] tells those apart).
    #[inline]
    pub(crate) fn get(&self, row: usize) -> Option<&str> {
        let (bytes, ascii) = self.bytes(row)?;
        if ascii {
            // SAFETY: ASCII is UTF-8. Hosts are mostly ASCII, and this
            // check is cheaper than `from_utf8`.
            Some(unsafe { std::str::from_utf8_unchecked(bytes) })
        } else {
            std::str::from_utf8(bytes).ok()
        }
    }

    /// Where row `row` stops being UTF-8, for a row that is not NULL and
    /// holds bytes that are not UTF-8; `None` for any other row. DuckDB
    /// checks the strings it makes itself, but not those handed to it as
    /// Arrow data, so such a row can reach a function.
    #[cold]
    pub(crate) fn invalid_utf8(&self, row: usize) -> Option<usize> {
        let (bytes, _) = self.bytes(row)?;
        std::str::from_utf8(bytes).err().map(|e| e.valid_up_to())
    }

    /// The bytes of row `row`, and whether they are ASCII; `None` for
    /// NULL.
    #[inline(always)]
    fn bytes(&self, row: usize) -> Option<(&[u8], bool)> {
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
        unsafe {
            let len = s.value.inlined.length as usize;
            if len <= INLINE_LEN {
                let inline = &s.value.inlined.inlined;
                let bytes = std::slice::from_raw_parts(inline.as_ptr().cast::<u8>(), len);
                // The 12 inline bytes at once, those past the string
                // included: DuckDB keeps them zero (it compares inline
                // strings by all 16 bytes), and were one not, `from_utf8`
                // would only be asked needlessly.
                let all = std::slice::from_raw_parts(inline.as_ptr().cast::<u8>(), INLINE_LEN);
                Some((bytes, is_ascii(all)))
            } else {
                let bytes = std::slice::from_raw_parts(s.value.pointer.ptr.cast::<u8>(), len);
                Some((bytes, is_ascii(bytes)))
            }
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

/// The validity of an output vector's rows: the NULL rows noted here as
/// they are written, and given to the vector's mask by [`Validity::finish`]
/// (a DuckDB call that may throw, see [`throwing`]).
struct Validity {
    vector: duckdb_vector,
    /// The mask's words, a bit a row, set for a valid row; empty while
    /// every row is valid, and as long as the last NULL row needs.
    words: Vec<u64>,
}

impl Validity {
    fn new(vector: duckdb_vector) -> Validity {
        Validity {
            vector,
            words: Vec::new(),
        }
    }

    /// Marks `row` NULL.
    #[inline]
    fn set_null(&mut self, row: usize) {
        let word = row / 64;
        if word >= self.words.len() {
            self.words.resize(word + 1, !0);
        }
        if let Some(w) = self.words.get_mut(word) {
            *w &= !(1u64 << (row % 64));
        }
    }

    /// Writes the NULL rows into the vector's mask, made writable for the
    /// first.
    ///
    /// # Safety
    ///
    /// `vector` is a live output vector of more rows than any marked NULL.
    /// Not called within `catch_unwind`.
    unsafe fn finish(&mut self) {
        if self.words.is_empty() {
            return;
        }
        // SAFETY: the caller's promise that the vector is live; a writable
        // mask starts with every row valid, and covers every row of the
        // vector, so the words noted.
        unsafe {
            throwing::ensure_validity_writable(self.vector);
            let mask = duckdb_vector_get_validity(self.vector);
            if mask.is_null() {
                return;
            }
            for (i, word) in self.words.iter().enumerate() {
                *mask.add(i) &= *word;
            }
        }
    }
}

/// A VARCHAR output vector: short strings and NULL rows written as they
/// come, longer strings gathered and handed to DuckDB by
/// [`StrOut::finish`].
pub(crate) struct StrOut {
    vector: duckdb_vector,
    data: *mut duckdb_string_t,
    validity: Validity,
    long: LongStrings,
    /// The strings past [`LONG_CAP`], and their rows, each handed to DuckDB
    /// on its own.
    oversize: Vec<(usize, Box<[u8]>)>,
}

/// The strings of more than 12 bytes written to a [`StrOut`], gathered end
/// to end and handed to DuckDB in one call when the `StrOut` is dropped,
/// their rows then pointed into DuckDB's copy: one C API call (and one
/// allocation in DuckDB's string heap) a chunk, where a call a string cost
/// more than the rest of the writing (`duckdb/bench.py`).
#[derive(Default)]
struct LongStrings {
    /// The strings, end to end, in the first `used` bytes (the rest is
    /// room kept from earlier chunks).
    bytes: Vec<u8>,
    used: usize,
    /// The rows that hold one, and where it starts in `bytes`: until the
    /// drop, the row's pointer holds that offset.
    rows: Vec<(u32, u32)>,
}

/// The most bytes gathered in [`LongStrings`]; a string that would take
/// them past this is kept on its own (a chunk's answers, a few hundred
/// bytes a row but for `etld_host` of long URLs, stay far below).
const LONG_CAP: usize = 1 << 30;

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
            long: LongStrings::take(),
            oversize: Vec::new(),
        }
    }

    /// Writes `value` in `row`: a short string inline, a longer one
    /// gathered for the drop.
    #[inline(always)]
    pub(crate) fn set(&mut self, row: usize, value: &str) {
        let bytes = value.as_bytes();
        if bytes.len() <= INLINE_LEN {
            // SAFETY: `new`'s caller promised `row` is within the vector,
            // whose data is an array of 16-byte `duckdb_string_t`, which an
            // inline string fills as `inline_string` lays it out.
            unsafe {
                self.data
                    .add(row)
                    .cast::<[u8; 16]>()
                    .write_unaligned(inline_string(bytes).to_le_bytes())
            };
        } else {
            self.set_long(row, bytes);
        }
    }

    /// Writes `bytes`, more than 12 of them and UTF-8, in `row`.
    #[inline(never)]
    fn set_long(&mut self, row: usize, bytes: &[u8]) {
        let n = bytes.len();
        let Some(at) = self.long.push(bytes) else {
            self.oversize.push((row, bytes.into()));
            // An empty string until `finish` writes this one.
            self.set(row, "");
            return;
        };
        // Below LONG_CAP, and a chunk's row numbers are small.
        self.long.rows.push((row as u32, at as u32));
        let placeholder = Pointed {
            length: n as u32,
            prefix: bytes.first_chunk::<4>().copied().unwrap_or_default(),
            ptr: at as *const u8,
        };
        // SAFETY: `new`'s caller promised `row` is within the vector, whose
        // data is an array of 16-byte `duckdb_string_t`, the layout
        // `Pointed` has; the placeholder pointer is never read: the drop
        // replaces it before DuckDB sees the vector.
        unsafe { self.data.add(row).cast::<Pointed>().write(placeholder) };
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
        self.validity.set_null(row);
    }

    /// Hands the long strings and the NULL rows to DuckDB: the rows written
    /// are then what DuckDB reads.
    ///
    /// # Safety
    ///
    /// As [`StrOut::new`]. Not called within `catch_unwind` (see
    /// [`throwing`]).
    pub(crate) unsafe fn finish(mut self) {
        // SAFETY: the caller's promise, passed on.
        unsafe {
            self.hand_over();
            for (row, bytes) in std::mem::take(&mut self.oversize) {
                // Strings of the answers, so UTF-8.
                throwing::assign_string(self.vector, row, &bytes);
            }
            self.validity.finish();
        }
    }

    /// Hands the long strings to DuckDB, as one string of the first of
    /// their rows, and points every row that holds one into DuckDB's copy.
    ///
    /// # Safety
    ///
    /// As [`StrOut::finish`].
    unsafe fn hand_over(&mut self) {
        let Some(&(first, _)) = self.long.rows.first() else {
            return;
        };
        let first = first as usize;
        let Some(gathered) = self.long.bytes.get(..self.long.used) else {
            return;
        };
        // SAFETY: `new`'s caller promised the vector is live and every row
        // written within it. The gathered bytes are UTF-8 (whole strings
        // end to end) and more than 12, so DuckDB copies them into the
        // vector's string heap, which lives as long as the vector's
        // strings, and writes row `first` as a string that points at the
        // copy; the row's placeholder is then put back, to be pointed
        // below as every other.
        let base = unsafe {
            let slot = self.data.add(first).cast::<Pointed>();
            let placeholder = slot.read();
            throwing::assign_string(self.vector, first, gathered);
            let base = slot.read().ptr;
            slot.write(placeholder);
            base
        };
        if base.is_null() {
            // DuckDB gives the copy a pointer; were it ever not to, no row
            // may keep its placeholder: each string handed over on its own.
            for &(row, at) in &self.long.rows {
                // SAFETY: as above: `row` is within the vector.
                let slot = unsafe { self.data.add(row as usize).cast::<Pointed>().read() };
                let (at, length) = (at as usize, slot.length as usize);
                if length <= INLINE_LEN || slot.ptr as usize != at {
                    continue;
                }
                let string = gathered.get(at..at + length).unwrap_or_default();
                // SAFETY: as above; `string` is one whole string of the
                // gathered ones, so UTF-8, and DuckDB copies it.
                unsafe { throwing::assign_string(self.vector, row as usize, string) };
            }
            return;
        }
        for &(row, at) in &self.long.rows {
            let (row, at) = (row as usize, at as usize);
            // SAFETY: as above: `row` is within the vector.
            let slot = unsafe { &mut *self.data.add(row).cast::<Pointed>() };
            // A row written again since holds something else.
            if slot.length as usize > INLINE_LEN && slot.ptr as usize == at {
                // SAFETY: the string's bytes are `at..at + length` of the
                // gathered bytes, so within DuckDB's copy of them.
                slot.ptr = unsafe { base.add(at) };
            }
        }
    }
}

impl Drop for StrOut {
    /// Keeps the buffers for the next chunk's (after [`StrOut::finish`],
    /// or when a panic left the chunk unfinished, as the query then fails).
    fn drop(&mut self) {
        std::mem::take(&mut self.long).give_back();
    }
}

thread_local! {
    /// The buffers of the `StrOut`s dropped on this thread, for the next
    /// chunk's: long strings then go into memory already there, not into a
    /// buffer grown (and zeroed) again every chunk.
    static KEPT: RefCell<Vec<LongStrings>> = const { RefCell::new(Vec::new()) };
}

impl LongStrings {
    /// Buffers kept this large at most: a chunk of rare, long strings is
    /// not kept for the thread's life.
    const KEPT_CAP: usize = 1 << 20;

    /// Empty buffers: kept ones, or new ones.
    fn take() -> LongStrings {
        KEPT.try_with(|k| k.try_borrow_mut().ok().and_then(|mut k| k.pop()))
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    /// Keeps these buffers, emptied, for a later `take` (up to 16: the
    /// `etld_lookup` struct has nine VARCHAR fields).
    fn give_back(mut self) {
        if self.bytes.len() > Self::KEPT_CAP || self.rows.capacity() > Self::KEPT_CAP {
            return;
        }
        self.used = 0;
        self.rows.clear();
        let _ = KEPT.try_with(|k| {
            if let Ok(mut k) = k.try_borrow_mut() {
                if k.len() < 16 {
                    k.push(self);
                }
            }
        });
    }

    /// Appends `bytes` and says where they start, or `None` past
    /// [`LONG_CAP`].
    #[inline(always)]
    fn push(&mut self, bytes: &[u8]) -> Option<usize> {
        let (at, n) = (self.used, bytes.len());
        let end = at + n;
        if end > LONG_CAP {
            return None;
        }
        if end > self.bytes.len() {
            let grown = end.max(2 * self.bytes.len()).clamp(4096, LONG_CAP);
            self.bytes.resize(grown, 0);
        }
        let to = self.bytes.get_mut(at..end)?;
        // Two overlapping copies of fixed size for most names, where a
        // `memcpy` of the length is a call.
        match (bytes.first_chunk::<16>(), bytes.last_chunk::<16>()) {
            (Some(head), Some(tail)) if n <= 32 => {
                to[..16].copy_from_slice(head);
                to[n - 16..].copy_from_slice(tail);
            }
            _ => match (bytes.first_chunk::<8>(), bytes.last_chunk::<8>()) {
                (Some(head), Some(tail)) if n <= 16 => {
                    to[..8].copy_from_slice(head);
                    to[n - 8..].copy_from_slice(tail);
                }
                _ => to.copy_from_slice(bytes),
            },
        }
        self.used = end;
        Some(at)
    }
}

/// The 16 bytes of an inline string, as DuckDB lays them out in a
/// little-endian word: the length in the low four bytes, then `bytes`, at
/// most 12 of them, then zeros (DuckDB compares inline strings by all 16
/// bytes).
///
/// Put together in registers from two overlapping reads of fixed size: a
/// `memcpy` of the length is a call for every short answer, and pieces
/// written to a buffer on the stack and read back whole stall the read
/// (store forwarding; `duckdb/bench.py`, under `perf`).
#[inline(always)]
fn inline_string(bytes: &[u8]) -> u128 {
    // DuckDB's length is a native u32; every platform it runs on is
    // little-endian, where it is the word's low four bytes.
    const _: () = assert!(
        cfg!(target_endian = "little"),
        "DuckDB strings are laid out little-endian"
    );
    let n = bytes.len();
    let word = |at: usize| {
        bytes
            .get(at..)
            .and_then(|b| b.first_chunk::<8>())
            .map_or(0, |w| u64::from_le_bytes(*w))
    };
    let half = |at: usize| {
        bytes
            .get(at..)
            .and_then(|b| b.first_chunk::<4>())
            .map_or(0, |w| u64::from(u32::from_le_bytes(*w)))
    };
    let (low, high) = if n >= 8 {
        // Bytes 8 to n-1 are the top n-8 of the last four.
        (word(0), half(n - 4) >> (8 * (12 - n.min(12))))
    } else if n >= 4 {
        // Bytes 4 to n-1 are the top n-4 of the last four.
        (half(0) | (half(n - 4) >> (8 * (8 - n)) << 32), 0)
    } else if let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) {
        // One to three bytes: the first, the middle and the last.
        let middle = bytes.get(n / 2).copied().unwrap_or(first);
        let low = u64::from(first)
            | u64::from(middle) << (8 * (n / 2))
            | u64::from(last) << (8 * (n - 1));
        (low, 0)
    } else {
        (0, 0)
    };
    n as u128 | u128::from(low) << 32 | u128::from(high) << 96
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
            self.validity.set_null(row);
        }
    }

    /// Hands the NULL rows to DuckDB.
    ///
    /// # Safety
    ///
    /// As [`StrOut::finish`].
    pub(crate) unsafe fn finish(mut self) {
        // SAFETY: the caller's promise, passed on.
        unsafe { self.validity.finish() };
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
        self.validity.set_null(row);
    }

    /// Hands the NULL rows to DuckDB.
    ///
    /// # Safety
    ///
    /// As [`StrOut::finish`].
    pub(crate) unsafe fn finish(mut self) {
        // SAFETY: the caller's promise, passed on.
        unsafe { self.validity.finish() };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_strings_are_laid_out_as_duckdb_reads_them() {
        let text = b"abcdefghijkl";
        for n in 0..=INLINE_LEN {
            let bytes = &text[..n];
            let mut expected = [0u8; 16];
            expected[..4].copy_from_slice(&(n as u32).to_le_bytes());
            expected[4..4 + n].copy_from_slice(bytes);
            assert_eq!(inline_string(bytes).to_le_bytes(), expected, "{n} bytes");
        }
    }
}
