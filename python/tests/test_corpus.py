"""The shared corpus (testdata/corpus.tsv, written by scripts/gen_corpus.py)
through the Python package: `lookup` of each host under each set of options,
and the column functions on the whole column, give the corpus's answers."""

import collections
import os
import sys

import pyarrow as pa

import etld
from conftest import URL_HINT, kwargs_of, looks_like_url

CORPUS = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "testdata", "corpus.tsv"
)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import gen_corpus  # noqa: E402  (the corpus's escaping, from the script that writes it)


def unescape(value):
    """A value of the corpus (PostgreSQL's COPY text format); `\\N` is None."""
    return None if value == "\\N" else gen_corpus.unescape(value)


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
    """The keyword arguments of `etld lookup`'s flags, as the corpus writes
    them (one string)."""
    return kwargs_of(flags.split())


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
