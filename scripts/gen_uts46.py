#!/usr/bin/env python3
"""Generates src/host/uts46/tables.rs: the UTS 46 data of etld's own IDNA code.

Data of ONE Unicode version, taken from two PyPI packages that must be
installed at exactly these versions (checked below):

    idna==3.20           uts46data.py (the IDNA mapping table) and idnadata.py
                         (joining types), Unicode 18.0.0
    unicodedata2==18.0.0 canonical decompositions, canonical combining classes,
                         bidi classes, general categories, Unicode 18.0.0

    python3 -m venv /tmp/venv-uts46
    /tmp/venv-uts46/bin/pip install idna==3.20 unicodedata2==18.0.0
    /tmp/venv-uts46/bin/python scripts/gen_uts46.py            # writes the tables
    /tmp/venv-uts46/bin/python scripts/gen_uts46.py --check    # the committed tables current?
    /tmp/venv-uts46/bin/python scripts/gen_uts46.py --dump F   # one line per code point

The output is deterministic: running the script again gives the same bytes,
which `--check` asks of the committed tables (CI runs it), writing nothing.
`--dump` writes every code point's data in a plain text form (any Unicode
version; the version check is skipped) so that two versions can be compared:
see scripts/uts46_changed.py.
"""

import argparse
import importlib.metadata
import os
import sys
import tempfile

REQUIRED = {"idna": "3.20", "unicodedata2": "18.0.0"}
UNICODE_VERSION = "18.0.0"

import idna  # noqa: E402
import idna.idnadata as idnadata  # noqa: E402
import idna.uts46data as uts46data  # noqa: E402
import unicodedata2 as ud  # noqa: E402
from idna.package_data import __version__ as idna_version  # noqa: E402

MAX = 0x110000
# Above this every code point is disallowed (private use planes, unassigned).
TRIE_END = 0xE1000
SHIFT_TOP = 10  # code points per top entry: 1024
SHIFT_LEAF = 4  # code points per leaf block: 16

BIDI = ["L", "R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"]  # else: 11
JOINING = {"U": 0, "C": 1, "D": 2, "L": 3, "R": 4, "T": 5}

HANGUL_S, HANGUL_L, HANGUL_V, HANGUL_T = 0xAC00, 0x1100, 0x1161, 0x11A7
HANGUL_VCOUNT, HANGUL_TCOUNT, HANGUL_SCOUNT = 21, 28, 11172


def check_versions():
    got = {"idna": idna_version, "unicodedata2": importlib.metadata.version("unicodedata2")}
    for name, want in REQUIRED.items():
        if got[name] != want:
            sys.exit(f"gen_uts46.py needs {name}=={want}, found {got[name]}")
    if uts46data.__version__ != UNICODE_VERSION or ud.unidata_version != UNICODE_VERSION:
        sys.exit("Unicode versions of idna and unicodedata2 disagree")


def mapping_table():
    """status letter and replacement of every code point."""
    if hasattr(uts46data, "uts46data"):  # the layout of idna before 3.17 (for --dump)
        rows = uts46data.uts46data
        starts = [r[0] for r in rows]
        statuses = "".join(r[1] for r in rows).encode()
        repls = [r[2] if len(r) > 2 else None for r in rows]
    else:
        starts, statuses, repls = uts46data.uts46_starts, uts46data.uts46_statuses, uts46data.uts46_replacements
    status = bytearray(b"X" * MAX)
    repl = [None] * MAX
    for i, s in enumerate(starts):
        e = starts[i + 1] if i + 1 < len(starts) else MAX
        letter = statuses[i]
        for cp in range(s, e):
            status[cp] = letter
            repl[cp] = repls[i]
    return status, repl


def joining_types():
    jt = bytearray(MAX)
    if all(isinstance(k, int) for k in idnadata.joining_types):  # idna before 3.17 (for --dump)
        for cp, t in idnadata.joining_types.items():
            jt[cp] = JOINING[chr(t)]
        return jt
    for name, ranges in idnadata.joining_types.items():
        for r in ranges:
            lo, hi = r >> 32, r & 0xFFFFFFFF
            for cp in range(lo, hi):
                jt[cp] = JOINING[name]
    return jt


def canonical_decomposition(cp):
    # A Hangul syllable's decomposition is algorithmic, done in code; the
    # packages disagree on whether they give it (unicodedata2 18.0.0 does,
    # 16.0.0 does not), which is no change of its data.
    if HANGUL_S <= cp < HANGUL_S + HANGUL_SCOUNT:
        return None
    d = ud.decomposition(chr(cp))
    if not d or d.startswith("<"):
        return None
    return [int(x, 16) for x in d.split()]


def per_codepoint():
    status, repl = mapping_table()
    jt = joining_types()
    rows = []
    for cp in range(MAX):
        c = chr(cp)
        rows.append(
            (
                chr(status[cp]),
                repl[cp],
                ud.bidirectional(c),
                jt[cp],
                ud.combining(c),
                ud.category(c),
                canonical_decomposition(cp),
            )
        )
    return rows


def dump(path):
    rows = per_codepoint()
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# unicode {ud.unidata_version} (unicodedata2), {uts46data.__version__} (idna {idna_version})\n")
        for cp, (st, rp, bidi, j, ccc, cat, dec) in enumerate(rows):
            rp_s = "" if rp is None else " ".join(f"{ord(x):X}" for x in rp)
            dec_s = "" if dec is None else " ".join(f"{x:X}" for x in dec)
            f.write(f"{cp:X};{st};{rp_s};{bidi};{j};{ccc};{cat};{dec_s}\n")


def generate(out_path):
    check_versions()
    rows = per_codepoint()
    status = [r[0] for r in rows]
    repl = [r[1] for r in rows]

    def valid(cp):
        return status[cp] in "VD"

    # Facts the Rust code relies on.
    for cp in range(MAX):
        if valid(cp):
            assert ud.normalize("NFC", chr(cp)) == chr(cp), f"valid U+{cp:04X} is not NFC"
        if status[cp] == "M":
            r = repl[cp]
            assert r, f"U+{cp:04X} mapped to nothing"
            assert all(valid(ord(x)) or x == "." for x in r), f"U+{cp:04X} maps to a non-valid code point"
            assert r == "." or "." not in r
    for cp in range(0x80):
        assert status[cp] in "VM"

    # Canonical compositions: primary composites (Hangul done in code).
    def full_decomposition(cp):
        d = rows[cp][6]
        if not d or HANGUL_S <= cp < HANGUL_S + HANGUL_SCOUNT:
            return [cp]
        return [x for y in d for x in full_decomposition(y)]

    all_compose = {}
    for cp in range(MAX):
        if HANGUL_S <= cp < HANGUL_S + HANGUL_SCOUNT:
            continue
        d = rows[cp][6]
        if d and len(d) == 2 and ud.normalize("NFC", chr(d[0]) + chr(d[1])) == chr(cp):
            all_compose[(d[0], d[1])] = cp
    second = {b for (_, b) in all_compose}
    second.update(range(HANGUL_V, HANGUL_V + HANGUL_VCOUNT))
    second.update(range(HANGUL_T + 1, HANGUL_T + HANGUL_TCOUNT))

    # Only code points that can be in a label being normalised matter: valid
    # ones, what they decompose to, and what those compose into (anything
    # else in a label is an error of its own).
    present = set()
    for cp in range(MAX):
        if valid(cp):
            present.add(cp)
            present.update(full_decomposition(cp))
    compose = {}
    grew = True
    while grew:
        grew = False
        for (a, b), c in all_compose.items():
            if a in present and b in present and (a, b) not in compose:
                compose[(a, b)] = c
                present.add(c)
                grew = True

    # Decompositions: of every present code point, one step at a time.
    need = {cp for cp in present if rows[cp][6] and not (HANGUL_S <= cp < HANGUL_S + HANGUL_SCOUNT)}
    todo = list(need)
    while todo:
        cp = todo.pop()
        for x in rows[cp][6]:
            if rows[x][6] and x not in need:
                need.add(x)
                todo.append(x)
    decomp = sorted(need)
    decomp_index = {cp: i for i, cp in enumerate(decomp)}
    decomp_words = []
    for cp in decomp:
        d = rows[cp][6]
        assert len(d) in (1, 2)
        a = d[0]
        b = d[1] if len(d) == 2 else 0
        decomp_words.append((cp << 42) | (a << 21) | b)
    compose_list = sorted(compose.items())
    compose_idx = [decomp_index[c] for (_, c) in compose_list]
    assert len(decomp) < 0x10000

    # Replacement strings that are not a small shift of one code point.
    pool = []
    pool_index = {}
    pos = 0

    def value(cp):
        st = status[cp]
        if st == "M":
            r = repl[cp]
            if len(r) == 1 and -0x2000 <= ord(r) - cp < 0x2000 and r != ".":
                return 0x8000 | ((ord(r) - cp) & 0x3FFF)
            if r not in pool_index:
                nonlocal pos
                pool_index[r] = pos
                pool.append(r)
                pos += 1 + len(r.encode("utf-8"))
            return 0xC000 | pool_index[r]
        if st == "I":
            return 1 << 13
        if st == "X":
            return 2 << 13
        _, _, bidi, j, ccc, cat, _ = rows[cp]
        b = BIDI.index(bidi) if bidi in BIDI else len(BIDI)
        mark = 1 if cat.startswith("M") else 0
        slow = 1 if (ccc != 0 or cp in second) else 0
        maybe = 1 if cp in second else 0
        return b | (j << 4) | (mark << 7) | (slow << 8) | (maybe << 9)

    values = [value(cp) for cp in range(TRIE_END)]
    assert pos < 0x4000

    leaf_size = 1 << SHIFT_LEAF
    mid_size = 1 << (SHIFT_TOP - SHIFT_LEAF)
    leaves, leaf_index = [], {}
    mids, mid_index = [], {}
    top = []
    for t in range(TRIE_END >> SHIFT_TOP):
        mid = []
        for m in range(mid_size):
            base = (t << SHIFT_TOP) | (m << SHIFT_LEAF)
            block = tuple(values[base : base + leaf_size])
            if block not in leaf_index:
                leaf_index[block] = len(leaves)
                leaves.append(block)
            mid.append(leaf_index[block] << SHIFT_LEAF)
        mid = tuple(mid)
        if mid not in mid_index:
            mid_index[mid] = len(mids)
            mids.append(mid)
        top.append(mid_index[mid])
    assert len(mids) < 256 and len(leaves) * leaf_size < 0x10000

    # Canonical combining classes, as runs.
    ccc_runs = []
    cp = 0
    while cp < MAX:
        c = rows[cp][4]
        if c:
            start = cp
            while cp + 1 < MAX and rows[cp + 1][4] == c and cp + 1 - start < 255:
                cp += 1
            ccc_runs.append((start, cp - start, c))
        cp += 1

    out = []
    w = out.append
    w("// @generated by scripts/gen_uts46.py from idna 3.20 (uts46data.py, idnadata.py) and\n")
    w("// unicodedata2 18.0.0, Unicode 18.0.0. Do not edit: change the script and run it again.\n")
    w("#![allow(clippy::unreadable_literal)]\n\n")
    w(f'/// The Unicode version of every table here.\npub const UNICODE_VERSION: &str = "{UNICODE_VERSION}";\n\n')
    w(f"/// Code points from here on are all disallowed.\npub(crate) const TRIE_END: u32 = 0x{TRIE_END:X};\n")
    w(f"/// Bits of a code point below the top level.\npub(crate) const SHIFT_TOP: u32 = {SHIFT_TOP};\n")
    w(f"/// Bits of a code point inside a leaf block.\npub(crate) const SHIFT_LEAF: u32 = {SHIFT_LEAF};\n\n")

    def arr(name, ty, items, per_line, fmt, doc):
        w(f"/// {doc}\npub(crate) static {name}: [{ty}; {len(items)}] = [\n")
        for i in range(0, len(items), per_line):
            w("    " + " ".join(fmt(x) + "," for x in items[i : i + per_line]) + "\n")
        w("];\n\n")

    arr("TRIE_TOP", "u8", top, 16, str, "Top level: `cp >> SHIFT_TOP` gives a middle block.")
    arr("TRIE_MID", "u16", [x for m in mids for x in m], 16, str,
        "Middle blocks: where in `TRIE_LEAF` the values of each run of `1 << SHIFT_LEAF` code points start.")
    arr("TRIE_LEAF", "u16", [x for b in leaves for x in b], 12, lambda x: f"0x{x:04X}",
        "Leaf blocks: one value per code point (see `mapping.rs` for its bits).")
    pool_s = ""
    for r in pool:
        n = len(r.encode("utf-8"))
        assert n < 0x80
        pool_s += chr(n) + r
    w("/// Replacement strings of mapped code points, one after the other, each\n")
    w("/// after a `char` whose value is the string's length in bytes.\n")
    w("pub(crate) static MAP_POOL: &str = \"")
    for i, ch in enumerate(pool_s):
        if i and i % 24 == 0:
            w("\\\n    ")
        w(f"\\u{{{ord(ch):X}}}" if (ord(ch) > 0x7E or ord(ch) < 0x20 or ch in ' "\\') else ch)
    w('";\n\n')
    arr("CCC_RUNS", "u32", [(s << 8) | c for (s, n, c) in ccc_runs], 8, lambda x: f"0x{x:08X}",
        "Runs of one non-zero canonical combining class: `start << 8 | ccc`, sorted.")
    arr("CCC_LENS", "u8", [n for (s, n, c) in ccc_runs], 16, str, "Each run of `CCC_RUNS` holds this many code points and one more.")
    arr("DECOMP", "u64", decomp_words, 4, lambda x: f"0x{x:016X}",
        "Canonical decompositions, one step: `cp << 42 | first << 21 | second` (second 0: a singleton), sorted by cp.")
    arr("COMPOSE", "u16", compose_idx, 16, str,
        "Primary composites: indices into `DECOMP`, sorted by (first, second).")

    size = len(top) + 2 * len(mids) * mid_size + 2 * len(leaves) * leaf_size \
        + len(pool_s.encode("utf-8")) + 5 * len(ccc_runs) + 8 * len(decomp_words) + 2 * len(compose_idx)
    w(f"/// Bytes of all the tables above, as the generator counted them.\npub(crate) const TABLE_BYTES: usize = {size};\n")
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("".join(out))
    print(
        f"top {len(top)} B, mid {len(mids)}x{mid_size}, leaves {len(leaves)}x{leaf_size}, "
        f"pool {len(pool)} strings {len(pool_s.encode('utf-8'))} B, ccc runs {len(ccc_runs)}, "
        f"decomp {len(decomp_words)}, compose {len(compose_idx)}; total {size} bytes",
        file=sys.stderr,
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dump", help="write every code point's data to this file instead")
    ap.add_argument(
        "--out",
        default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "host", "uts46", "tables.rs"),
    )
    ap.add_argument("--check", action="store_true", help="exit 1 unless --out holds what this would write")
    args = ap.parse_args()
    out = os.path.normpath(args.out)
    if args.dump:
        dump(args.dump)
    elif args.check:
        with tempfile.TemporaryDirectory() as tmp:
            fresh = os.path.join(tmp, "tables.rs")
            generate(fresh)
            with open(fresh, "rb") as a, open(out, "rb") as b:
                if a.read() != b.read():
                    sys.exit(f"{out} is not what scripts/gen_uts46.py writes: run it and commit the result")
        print(f"{out} is current", file=sys.stderr)
    else:
        generate(out)


if __name__ == "__main__":
    main()
