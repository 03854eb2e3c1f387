#!/usr/bin/env python3
"""Writes vectors/test_psl.txt: the Public Suffix List's official
`checkPublicSuffix(host, registrable)` cases, rewritten one case a line.

The cases are those of `test_psl.txt` as the PyPI package `publicsuffixlist`
ships it (the version is checked below: its date is the list snapshot's, so
that the cases match `vectors/public_suffix_list.dat`):

    python3 -m venv /tmp/venv-psl
    /tmp/venv-psl/bin/pip install publicsuffixlist==1.1.2.20261023
    /tmp/venv-psl/bin/python scripts/test_psl.py           # writes the file
    /tmp/venv-psl/bin/python scripts/test_psl.py --check   # the committed file current?

Each case becomes `HOST<TAB>REGISTRABLE`, `-` standing for null; a `//`
comment line becomes a `#` line; the cases the file comments out, and its
copyright lines (CC0, which the header states), are dropped.
"""

import argparse
import importlib.metadata
import os
import re
import sys

PACKAGE, VERSION = "publicsuffixlist", "1.1.2.20261023"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vectors", "test_psl.txt")

HEADER = f"""\
# The Public Suffix List's official checkPublicSuffix(host, registrable) cases,
# from test_psl.txt of the PyPI package {PACKAGE}=={VERSION} (CC0),
# rewritten one case a line:  HOST<TAB>REGISTRABLE
# `-` stands for null: as REGISTRABLE, no registrable domain (or an invalid host);
# as HOST, the null input, which a Rust &str cannot be and tests as the empty host.
# Lines starting with `#` are the file's comments, kept; commented-out cases are dropped.
"""

CASE = re.compile(r"^checkPublicSuffix\((null|'[^']*'), (null|'[^']*')\);$")


def value(token):
    return "-" if token == "null" else token[1:-1]


def convert(text):
    out = [HEADER]
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or "Public Domain" in line or "publicdomain" in line:
            continue
        if line.startswith("//"):
            if not line[2:].lstrip().startswith("checkPublicSuffix"):
                out.append(f"#{line[2:]}\n")
            continue
        m = CASE.match(line)
        if m is None:
            sys.exit(f"test_psl.txt line {n}: not a case or a comment: {line!r}")
        out.append(f"{value(m.group(1))}\t{value(m.group(2))}\n")
    return "".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="exit 1 unless the committed file is what this writes")
    args = ap.parse_args()
    have = importlib.metadata.version(PACKAGE)
    if have != VERSION:
        sys.exit(f"{PACKAGE} {have} is installed; the vectors are made from {VERSION}")
    dist = importlib.metadata.distribution(PACKAGE)
    source = next(f for f in dist.files if f.name == "test_psl.txt")
    fresh = convert(source.read_text(encoding="utf-8"))
    out = os.path.normpath(OUT)
    if args.check:
        with open(out, encoding="utf-8") as f:
            if f.read() != fresh:
                sys.exit(f"{out} is not what scripts/test_psl.py writes: run it and commit the result")
        print(f"{out} is current", file=sys.stderr)
        return
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write(fresh)


if __name__ == "__main__":
    main()
