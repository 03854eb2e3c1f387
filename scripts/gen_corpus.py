#!/usr/bin/env python3
"""Writes testdata/corpus.tsv, the corpus that the tests of every surface run
(the library's single and batch lookups and its map walk, the command line,
Python, SQL, DuckDB): the answers of `etld --json` on the hosts of
testdata/hosts.txt under each set of options of OPTION_SETS, from the
built-in list. Run from anywhere, after `cargo build --release -p etld-cli`:

    python3 scripts/gen_corpus.py

The answers are not taken on trust: tests/corpus.rs holds every row to the
model of the formal algorithm (tests/common) as well as to the library.

Format: a header line, then one row a line, tab-separated, each value
escaped as PostgreSQL's COPY text format escapes it (`\\N` for NULL), so
that PostgreSQL, DuckDB (`read_csv(..., delim='\\t', nullstr='\\N',
quote='', escape='')` after unescaping) and a few lines of any language read
it. Columns: options (the `etld lookup` flags, space-separated; empty for
the defaults), input, then the answer's keys in `--json`'s order.
"""

import json
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ETLD = os.path.join(os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target"), "release", "etld")

OPTION_SETS = [
    [],
    ["--icann-only"],
    ["--no-implicit-rule"],
    ["--wildcard-root"],
    ["--output", "ascii"],
    ["--output", "unicode"],
    ["--icann-only", "--no-implicit-rule", "--wildcard-root", "--output", "ascii"],
]

KEYS = [
    "suffix", "registrable", "subdomain", "label", "section", "known",
    "rule", "icann_suffix", "icann_registrable", "error",
]

ESCAPES = {"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r",
           "\b": "\\b", "\f": "\\f", "\v": "\\v"}


def escape(value):
    """A value as PostgreSQL's COPY text format writes it."""
    if value is None:
        return "\\N"
    if isinstance(value, bool):
        return "true" if value else "false"
    out = []
    for c in value:
        if c in ESCAPES:
            out.append(ESCAPES[c])
        elif ord(c) < 0x20 or ord(c) == 0x7F or 0x80 <= ord(c) <= 0x9F:
            out.append("".join("\\x%02X" % b for b in c.encode()))
        else:
            out.append(c)
    return "".join(out)


def unescape(text):
    """The inverse of `escape` for a value that is not NULL."""
    raw = bytearray()
    i = 0
    data = text.encode()
    simple = {ord(k[1]): v.encode() for v, k in ESCAPES.items()}
    while i < len(data):
        if data[i] != ord("\\"):
            raw.append(data[i])
            i += 1
        elif data[i + 1] == ord("x"):
            raw.append(int(data[i + 2:i + 4], 16))
            i += 4
        else:
            raw += simple[data[i + 1]]
            i += 2
    return raw.decode()


def read_hosts():
    with open(os.path.join(ROOT, "testdata", "hosts.txt"), encoding="utf-8") as f:
        lines = f.read().split("\n")[:-1]
    return [unescape(line) for line in lines if not line.startswith("#")]


def main():
    hosts = read_hosts()
    assert not any("\n" in h or "\r" in h for h in hosts), "one host a line"
    env = dict(os.environ)
    env.pop("ETLD_LIST", None)
    env.pop("ETLD_EXTRA", None)
    env["ETLD_SYSTEM_LIST"] = ""
    env["ETLD_MAX_AGE_DAYS"] = "1000000"
    rows = ["\t".join(["options", "input"] + KEYS)]
    with tempfile.TemporaryDirectory() as cache:
        env["ETLD_CACHE_DIR"] = cache
        for options in OPTION_SETS:
            out = subprocess.run(
                [ETLD, "--json", *options], input="\n".join(hosts).encode() + b"\n",
                capture_output=True, env=env, check=True,
            ).stdout.decode()
            answers = [json.loads(line) for line in out.split("\n")[:-1]]
            assert [a["input"] for a in answers] == hosts
            for a in answers:
                rows.append("\t".join(
                    [escape(" ".join(options)), escape(a["input"])]
                    + [escape(a[k]) for k in KEYS]))
    with open(os.path.join(ROOT, "testdata", "corpus.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")
    print(f"testdata/corpus.tsv: {len(rows) - 1} rows, {len(hosts)} hosts")


if __name__ == "__main__":
    main()
