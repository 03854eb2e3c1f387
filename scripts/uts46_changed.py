#!/usr/bin/env python3
"""Lists the code points whose UTS 46 data differ between two Unicode versions.

    python3 scripts/uts46_changed.py OLD.dump NEW.dump > vectors/uts46_changed_16.0.0_18.0.0.txt

Each dump is written by `scripts/gen_uts46.py --dump FILE`, run with the
Python packages of one version (idna 3.11 and unicodedata2 16.0.0 give
Unicode 16.0.0; idna 3.20 and unicodedata2 18.0.0 give 18.0.0). A code
point is listed when anything the tables hold for it differs: its IDNA
status or mapping, bidi class, joining type, combining class, general
category or canonical decomposition. tests/uts46.rs, which runs the
conformance file of the older version (IdnaTestV2 16.0.0) on etld's tables
of the newer one, skips the cases holding any of them. The output is ranges `START..END` (inclusive, hex),
one a line, after a header naming both versions.
"""

import sys


def load(path):
    with open(path, encoding="utf-8") as f:
        header = f.readline().strip()
        return header, [line.rstrip("\n").split(";", 1)[1] for line in f]


def main():
    old_h, old = load(sys.argv[1])
    new_h, new = load(sys.argv[2])
    changed = [cp for cp in range(len(old)) if old[cp] != new[cp]]
    print("# Code points whose UTS 46 data differ between two Unicode versions,")
    print("# written by scripts/uts46_changed.py from dumps of scripts/gen_uts46.py:")
    print(f"#   old: {old_h.lstrip('# ')}")
    print(f"#   new: {new_h.lstrip('# ')}")
    print(f"# {len(changed)} code points; ranges START..END, inclusive, hex.")
    i = 0
    while i < len(changed):
        j = i
        while j + 1 < len(changed) and changed[j + 1] == changed[j] + 1:
            j += 1
        print(f"{changed[i]:04X}..{changed[j]:04X}")
        i = j + 1


if __name__ == "__main__":
    main()
