//! Normalization Form C (UAX 15) for the code points that can be in a label.
//!
//! The mapping step only leaves valid code points behind, and every valid
//! code point is in NFC by itself. A label is then already in NFC unless one
//! of its code points has a non-zero combining class or can compose with the
//! code point before it (the trie's "may change" bit); only then does
//! [`normalize`] run: full canonical decomposition, canonical ordering, and
//! canonical composition.
//!
//! The decomposition and composition tables hold what a label of valid
//! code points can need; a label with any other code point is refused by the
//! validity criteria whatever its normal form.

use super::mapping::ccc;
use super::tables::{COMPOSE, DECOMP};

const S_BASE: u32 = 0xAC00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11A7;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;
const N_COUNT: u32 = V_COUNT * T_COUNT;
const S_COUNT: u32 = L_COUNT * N_COUNT;

/// No code point below U+00C0 has a canonical decomposition or a non-zero
/// combining class.
const FIRST_DECOMPOSABLE: u32 = 0xC0;

fn entry_cp(e: u64) -> u32 {
    (e >> 42) as u32
}
fn entry_first(e: u64) -> u32 {
    ((e >> 21) & 0x1F_FFFF) as u32
}
fn entry_second(e: u64) -> u32 {
    (e & 0x1F_FFFF) as u32
}

/// Appends the full canonical decomposition of `c` to `out`.
fn decompose(c: char, out: &mut Vec<(char, u8)>) {
    let cp = c as u32;
    if cp < FIRST_DECOMPOSABLE {
        out.push((c, 0));
        return;
    }
    if (S_BASE..S_BASE + S_COUNT).contains(&cp) {
        let s = cp - S_BASE;
        let parts = [
            L_BASE + s / N_COUNT,
            V_BASE + (s % N_COUNT) / T_COUNT,
            T_BASE + s % T_COUNT,
        ];
        for (i, p) in parts.into_iter().enumerate() {
            if i == 2 && p == T_BASE {
                break;
            }
            if let Some(ch) = char::from_u32(p) {
                out.push((ch, 0));
            }
        }
        return;
    }
    match DECOMP.binary_search_by_key(&cp, |&e| entry_cp(e)) {
        Ok(i) => {
            let e = DECOMP[i];
            if let Some(a) = char::from_u32(entry_first(e)) {
                decompose(a, out);
            }
            if let Some(b) = char::from_u32(entry_second(e)).filter(|&b| b != '\0') {
                decompose(b, out);
            }
        }
        Err(_) => out.push((c, ccc(c))),
    }
}

/// The primary composite of `a` and `b`, if there is one.
fn compose(a: char, b: char) -> Option<char> {
    let (a, b) = (a as u32, b as u32);
    if (L_BASE..L_BASE + L_COUNT).contains(&a) && (V_BASE..V_BASE + V_COUNT).contains(&b) {
        return char::from_u32(S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT);
    }
    if (S_BASE..S_BASE + S_COUNT).contains(&a)
        && (a - S_BASE).is_multiple_of(T_COUNT)
        && (T_BASE + 1..T_BASE + T_COUNT).contains(&b)
    {
        return char::from_u32(a + (b - T_BASE));
    }
    let i = COMPOSE
        .binary_search_by(|&i| {
            let e = DECOMP.get(i as usize).copied().unwrap_or(0);
            (entry_first(e), entry_second(e)).cmp(&(a, b))
        })
        .ok()?;
    let e = DECOMP.get(*COMPOSE.get(i)? as usize)?;
    char::from_u32(entry_cp(*e))
}

/// Whether `chars` is in NFC for certain, by the quick check of UAX 15:
/// no code point that composes with what precedes it, non-zero combining
/// classes in canonical order. `false` means: normalise to know.
pub(crate) fn is_nfc_quick(chars: impl Iterator<Item = char>) -> bool {
    let mut last = 0u8;
    for c in chars {
        let Some(p) = super::mapping::props(c) else {
            return false;
        };
        if p.composes_with_previous() {
            return false;
        }
        if !p.may_change_under_nfc() {
            last = 0;
            continue;
        }
        let class = ccc(c);
        if class != 0 && last > class {
            return false;
        }
        last = class;
    }
    true
}

/// Whether `c` can be the second of a canonical composition (a code point
/// that is not valid is taken as one that can).
#[inline]
fn may_compose_with_previous(c: char) -> bool {
    c as u32 >= FIRST_DECOMPOSABLE
        && super::mapping::props(c).is_none_or(|p| p.composes_with_previous())
}

/// `chars` in NFC, written over `out` (cleared first); `d` is scratch
/// space for the decomposition.
pub(crate) fn normalize(
    chars: impl Iterator<Item = char>,
    out: &mut Vec<char>,
    d: &mut Vec<(char, u8)>,
) {
    d.clear();
    for c in chars {
        decompose(c, d);
    }
    // Canonical ordering: a stable sort of each run of non-starters.
    let mut i = 0;
    while i < d.len() {
        if d[i].1 == 0 {
            i += 1;
            continue;
        }
        let start = i;
        while i < d.len() && d[i].1 != 0 {
            i += 1;
        }
        d[start..i].sort_by_key(|&(_, class)| class);
    }
    // Canonical composition.
    out.clear();
    let mut starter: Option<usize> = None;
    let mut last_class = 0u8;
    for &(c, class) in d.iter() {
        if let Some(s) = starter.filter(|_| may_compose_with_previous(c)) {
            let adjacent = out.len() == s + 1;
            if adjacent || (last_class != 0 && last_class < class) {
                if let Some(composite) = out.get(s).and_then(|&first| compose(first, c)) {
                    out[s] = composite;
                    continue;
                }
            }
        }
        if class == 0 {
            starter = Some(out.len());
        }
        last_class = class;
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nfc(s: &str) -> String {
        let mut out = Vec::new();
        normalize(s.chars(), &mut out, &mut Vec::new());
        out.into_iter().collect()
    }

    #[test]
    fn composes_and_orders() {
        assert_eq!(nfc("a\u{301}"), "á");
        assert_eq!(nfc("a\u{323}\u{302}"), "ậ");
        assert_eq!(nfc("a\u{302}\u{323}"), "ậ");
        assert_eq!(nfc("ấ"), "ấ");
        assert_eq!(nfc("\u{1100}\u{1161}\u{11A8}"), "각");
        assert_eq!(nfc("각"), "각");
        assert_eq!(nfc("\u{301}a"), "\u{301}a");
        assert_eq!(nfc("e\u{301}\u{301}"), "é\u{301}");
    }
}
