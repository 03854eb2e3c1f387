"""The shared corpus (testdata/corpus.tsv, written by scripts/gen_corpus.py)
through the Python package: `lookup` of each host under each set of options,
and the column functions on the whole column, give the corpus's answers."""

import collections
import os

import pyarrow as pa

import etld
from conftest import URL_HINT, looks_like_url

CORPUS = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "testdata", "corpus.tsv"
)

ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "\\": "\\"}


def unescape(value):
    """A value of PostgreSQL's COPY text format; `\\N` is None."""
    if value == "\\N":
        return None
    raw = bytearray()
    data = value.encode()
    i = 0
    while i < len(data):
        if data[i] != ord("\\"):
            raw.append(data[i])
            i += 1
        elif data[i + 1] == ord("x"):
            raw.append(int(data[i + 2 : i + 4], 16))
            i += 4
        else:
            raw += ESCAPES[chr(data[i + 1])].encode()
            i += 2
    return raw.decode()


def corpus():
    """{options: [(input, {key: value})]} from the corpus file."""
    with open(CORPUS, encoding="utf-8") as f:
        header, *lines = f.read().split("\n")[:-1]
    keys = header.split("\t")
    rows = collections.defaultdict(list)
    for line in lines:
        values = dict(zip(keys, (unescape(v) for v in line.split("\t"))))
        rows[values.pop("options")].append((values.pop("input"), values))
    return rows


def keywords(flags):
    """The keyword arguments of `etld lookup`'s flags."""
    options = {}
    words = flags.split()
    while words:
        flag = words.pop(0)
        if flag == "--icann-only":
            options["icann_only"] = True
        elif flag == "--no-implicit-rule":
            options["default_rule"] = False
        elif flag == "--wildcard-root":
            options["wildcard_root"] = True
        elif flag == "--output":
            options["output"] = words.pop(0)
        else:
            raise AssertionError(f"unknown flag {flag!r}")
    return options


def test_lookup_gives_the_corpus():
    rows = corpus()
    assert len(rows) == 7
    for flags, cases in rows.items():
        options = keywords(flags)
        for host, want in cases:
            try:
                d = etld.lookup(host, **options)
            except etld.HostError as e:
                hint = URL_HINT if looks_like_url(host) else ""
                assert str(e) == f"{want['error']}{hint}", (host, flags)
                continue
            assert want["error"] is None, (host, flags)
            got = {
                "suffix": d.suffix,
                "registrable": d.registrable,
                "subdomain": d.subdomain,
                "label": d.label,
                "section": d.section,
                "known": "true" if d.known else "false",
                "rule": d.rule,
                "icann_suffix": d.icann_suffix,
                "icann_registrable": d.icann_registrable,
            }
            assert got == {k: want[k] for k in got}, (host, flags)


def test_columns_give_the_corpus():
    for flags, cases in corpus().items():
        options = keywords(flags)
        column = pa.array([host for host, _ in cases])
        for function, key in [
            (etld.registrable, "registrable"),
            (etld.suffix, "suffix"),
        ]:
            got = function(column, **options).to_pylist()
            assert got == [want[key] for _, want in cases], (function, flags)
