"""Hostile use: errors raised millions of times, a column call interrupted,
odd column types and odd strings, engines set up twice."""

import os
import resource

import pytest

import etld
from conftest import interrupt


def rss_bytes():
    """This process's resident memory now (Linux: /proc/self/statm; else
    the peak, which still grows with a leak)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def raise_many(call, n):
    for _ in range(n):
        try:
            call()
        except ValueError:
            pass
        else:
            raise AssertionError("no error raised")


@pytest.mark.parametrize(
    "call",
    [
        lambda: etld.lookup("a..b"),
        lambda: etld.List.builtin().lookup("a..b"),
        lambda: etld.lookup_url("http://"),
    ],
    ids=["module", "method", "url"],
)
def test_raising_holds_memory_flat(call):
    # Each raise once kept its message for good (about 96 bytes): 1 M raises
    # grew the process by about 96 MB.
    raise_many(call, 100_000)
    before = rss_bytes()
    raise_many(call, 1_000_000)
    grown = rss_bytes() - before
    assert grown < 4 * 2**20, f"grew {grown} bytes over 1 M raises"


CHILD = """
import sys, time
import pyarrow as pa
import etld

hosts = ["www.example.co.uk", "a.b.example.com", "me.github.io", "xn--bcher-kva.de", "a..b"]
chunk = pa.array(hosts * 200_000)
# 400 M rows that share one chunk's memory: tens of seconds of work.
column = pa.chunked_array([chunk] * 400)
etld.known(chunk)
print("ready", flush=True)
start = time.monotonic()
try:
    etld.known(column)
except KeyboardInterrupt:
    print(f"interrupted after {time.monotonic() - start:.2f}", flush=True)
    raise
print("finished", flush=True)
"""


def test_ctrl_c_stops_a_column_call():
    # Well into the call (tens of seconds long) when the signal comes.
    out, err, waited = interrupt(CHILD, after=0.5)
    assert "interrupted after" in out, out + err
    assert "KeyboardInterrupt" in err
    assert waited < 1.5, f"exited {waited:.2f} s after SIGINT"


# --- Column types -----------------------------------------------------------


def test_polars_null_series_answers_all_null():
    import polars as pl

    import etld.polars  # noqa: F401  (the .etld namespace)

    s = pl.Series("host", [None, None, None])
    assert s.dtype == pl.Null
    got = etld.registrable(s)
    assert isinstance(got, pl.Series) and got.name == "host"
    assert got.dtype == pl.String and got.to_list() == [None, None, None]
    assert s.etld.known().dtype == pl.Boolean
    assert s.etld.known().to_list() == [None, None, None]
    assert s.etld.lookup().struct.field("registrable").to_list() == [None, None, None]
    df = pl.DataFrame({"host": s})
    out = df.select(pl.col("host").etld.registrable(), pl.col("host").etld.lookup().alias("l"))
    assert out["host"].dtype == pl.String and out["host"].to_list() == [None] * 3
    assert out["l"].struct.field("error").to_list() == [None] * 3
    # An empty one too.
    assert etld.suffix(pl.Series("h", [], dtype=pl.Null)).to_list() == []


def test_a_column_of_another_type_with_no_value_answers_all_null():
    # A CSV column left empty reads into pandas as floats, all NaN: it holds
    # no host, so it answers as a column of NULLs does.
    import io

    import pandas as pd
    import pyarrow as pa

    hosts = pd.read_csv(io.StringIO("host,n\n,1\n,2\n"))["host"]
    assert hosts.dtype == "float64"
    got = etld.registrable(hosts)
    assert isinstance(got, pd.Series) and got.isna().all() and len(got) == 2
    assert etld.extract(pa.array([None, None], pa.int64())).to_pylist() == [None, None]
    # Values of another type are still refused; strings in another form,
    # with what to do.
    with pytest.raises(TypeError, match="expected a column of strings"):
        etld.registrable(pd.Series([1.0, float("nan")]))
    import pyarrow.compute as pc

    for column, advice in [
        (pa.table({"h": ["a.com"]}), "pass one of its columns"),
        (pc.run_end_encode(pa.array(["a.com", "a.com"])), "run_end_decode"),
        (pa.array([b"a.com"]), "decode its bytes as UTF-8 first"),
    ]:
        with pytest.raises(TypeError, match=advice):
            etld.registrable(column)


@pytest.mark.parametrize("type_", ["string", "large_string", "string_view"])
def test_chunked_array_of_no_chunks_keeps_its_type(type_):
    import pyarrow as pa

    t = getattr(pa, type_)()
    empty = pa.chunked_array([], type=t)
    for part in ("registrable", "suffix", "subdomain", "label", "host", "section", "error", "site"):
        got = etld.answer(part, empty)
        assert isinstance(got, pa.ChunkedArray)
        assert got.type == t, part
        assert len(got) == 0
    assert etld.known(empty).type == pa.bool_()


@pytest.mark.parametrize(
    "dtype", ["string[pyarrow]", "string[python]", "str"], ids=lambda d: d.replace("[", "-").strip("]")
)
def test_pandas_string_dtype_kept(dtype):
    import pandas as pd
    import pyarrow

    s = pd.Series(["www.example.co.uk", None, "a..b", "me.github.io"], dtype=dtype, name="h", index=[5, 6, 7, 8])
    got = etld.registrable(s)
    # pandas 2 reads "str" as object, whose answers are Arrow strings.
    want = pd.ArrowDtype(pyarrow.string()) if s.dtype == object else s.dtype
    assert got.dtype == want
    assert got.name == "h" and list(got.index) == [5, 6, 7, 8]
    assert got[5] == "example.co.uk" and got[8] == "me.github.io"
    assert got.isna().tolist() == [False, True, True, False]
    assert etld.suffix(s).dtype == want


# --- Strings that are not text ------------------------------------------------


def test_lone_surrogates_are_invalid_hosts():
    lst = etld.List.builtin()
    host = "a\udc80.example.com"
    for f in (etld, lst):
        for part in ("registrable", "suffix", "subdomain", "label", "section", "known"):
            assert getattr(f, part)(host) is None, part
        assert f.error(host) == "lone surrogate U+DC80 at code point 1"
        with pytest.raises(etld.HostError, match="lone surrogate U\\+DC80 at code point 1"):
            f.lookup(host)
    assert etld.answer("registrable", host) is None
    assert etld.registrable(host, output="ascii") is None
    assert etld.is_cookie_domain_acceptable(host, "example.com") is False
    # A URL holding one is read as a URL parser reads a JavaScript string:
    # the lone surrogate is U+FFFD, fine in a path, not in a host.
    assert etld.lookup_url("https://www.example.com/\udc80").registrable == "example.com"
    assert etld.host("https://www.example.com/\udc80") == "www.example.com"
    with pytest.raises(ValueError):
        etld.lookup_url("https://a\ud800.example.com/")


def test_surrogate_pairs_are_the_code_point_they_encode():
    # Two surrogates side by side, as a JavaScript string holds U+1F600.
    host = "www.\ud83d\ude00.example.com"
    assert etld.registrable(host) == etld.registrable("www.\U0001f600.example.com") == "example.com"
    assert etld.subdomain(host) == "www.\U0001f600"
    assert etld.error(host) is None


def test_invalid_utf8_in_arrow_strings_named():
    import pyarrow as pa

    # The second string's bytes are not UTF-8; pyarrow builds the array
    # unchecked from its buffers.
    data = b"example.com" + b"a\xffb.com"
    offsets = pa.py_buffer(pa.array([0, 11, 18, 18], type=pa.int32()).buffers()[1])
    column = pa.Array.from_buffers(pa.string(), 3, [None, offsets, pa.py_buffer(data)])
    assert etld.error(column).to_pylist() == [None, "invalid UTF-8 at byte 1", "empty host"]
    assert etld.registrable(column).to_pylist() == ["example.com", None, None]
    rows = etld.lookup(column).to_pylist()
    assert [r["error"] for r in rows] == [None, "invalid UTF-8 at byte 1", "empty host"]
    offsets = pa.py_buffer(pa.array([0, 11, 18, 18], type=pa.int64()).buffers()[1])
    large = pa.Array.from_buffers(pa.large_string(), 3, [None, offsets, pa.py_buffer(data)])
    assert etld.error(large).to_pylist() == [None, "invalid UTF-8 at byte 1", "empty host"]
    # Taken as URLs, such bytes hold no URL, and the error says why.
    for c in (column, large):
        assert etld.error(c, url=True).to_pylist() == [None, "invalid UTF-8 at byte 1", "the URL has no host"]
        rows = etld.lookup_url(c).to_pylist()
        assert [(r["host"], r["known"], r["error"]) for r in rows][1] == (None, False, "invalid UTF-8 at byte 1")
        assert etld.lookup(c, url=True).to_pylist() == rows


def test_lone_surrogates_in_a_pandas_object_column_are_invalid_hosts():
    import pandas as pd

    # pandas cannot export such a str to Arrow; each is an invalid host, as
    # it is alone, rather than an error for the whole column.
    s = pd.Series(["a\udc80.com", "x.com", None], dtype=object)
    assert etld.registrable(s).tolist()[1] == "x.com"
    assert pd.isna(etld.registrable(s).tolist()[0])
    assert etld.error(s).tolist()[0] == "invalid UTF-8 at byte 1"
    assert etld.registrable(s, url=True).tolist()[1] == "x.com"


def test_dictionary_keys_past_the_dictionary_are_refused():
    import pyarrow as pa

    # A producer that breaks Arrow's rules: a key points past the values.
    keys = pa.array([0, 5, 1], pa.int32())
    column = pa.DictionaryArray.from_arrays(keys, pa.array(["www.example.co.uk", "me.github.io"]), safe=False)
    for f in (etld.registrable, etld.known, etld.lookup, etld.extract):
        with pytest.raises(ValueError, match="dictionary column's keys are not its own"):
            f(column)
    with pytest.raises(ValueError, match="dictionary column's keys are not its own"):
        etld.is_cookie_domain_acceptable(column, "example.co.uk")


def test_dictionary_values_whose_offsets_lie_are_refused_by_the_cookie_check():
    # Offsets that pass pyarrow's `validate()` (the first and last are
    # right) but point far past the values between: the lookups read each
    # string checked (NULL answers); the cookie check, which decodes the
    # dictionary, refuses it rather than reading memory past its buffer.
    import struct

    import pyarrow as pa

    offsets = pa.py_buffer(struct.pack("<3i", 0, 50_000_000, 5))
    values = pa.Array.from_buffers(pa.string(), 2, [None, offsets, pa.py_buffer(b"a.com")])
    values.validate()
    column = pa.DictionaryArray.from_arrays(pa.array([0, 0, 1], pa.int32()), values)
    with pytest.raises(ValueError, match="^invalid Arrow data: "):
        etld.is_cookie_domain_acceptable(column, "example.com")
    with pytest.raises(ValueError, match="^invalid Arrow data: "):
        etld.is_cookie_domain_acceptable("www.example.com", column)
    assert etld.registrable(column).to_pylist() == [None, None, None]


def test_a_capsule_handed_over_twice_is_refused():
    # The PyCapsule interface's capsules are for one use: a producer that
    # hands the same pair over again gets an error, not an empty column.
    import pyarrow as pa

    pair = pa.array(["www.example.co.uk"]).__arrow_c_array__()

    class Stale:
        def __arrow_c_array__(self, requested_schema=None):
            return pair

    assert pa.array(etld.registrable(Stale())).to_pylist() == ["example.co.uk"]
    with pytest.raises(ValueError, match="^the Arrow array is released$"):
        etld.registrable(Stale())


# --- Engines set up twice -----------------------------------------------------


def test_duckdb_register_over_a_function_it_did_not_make():
    import duckdb

    import etld.duckdb

    # A function of the same name that is not register()'s (the native
    # extension's after LOAD, here a macro): refused with what to do, and
    # other names beside it work.
    con = duckdb.connect()
    con.execute("CREATE MACRO etld_registrable(x) AS x")
    with pytest.raises(duckdb.CatalogException, match="that register\\(\\) did not make .* prefix="):
        etld.duckdb.register(con)
    etld.duckdb.register(con, prefix="py_")
    assert con.sql("SELECT py_registrable('www.example.co.uk')").fetchall() == [("example.co.uk",)]


def test_duckdb_register_twice():
    import duckdb

    import etld.duckdb

    con = duckdb.connect()
    etld.duckdb.register(con)
    etld.duckdb.register(con)
    assert con.sql("SELECT etld_registrable('www.example.co.uk')").fetchall() == [("example.co.uk",)]
    # The second call's options are those in force.
    etld.duckdb.register(con, icann_only=True)
    assert con.sql("SELECT etld_suffix('me.github.io'), etld_cookie_ok('a.b.com', 'b.com')").fetchall() == [
        ("io", True)
    ]
