"""Columns: pyarrow, Polars and pandas columns, answered in one batch,
against `etld lookup --json`, with NULLs, odd hosts, every option set, and
threads calling at once."""

import concurrent.futures as cf

import pandas as pd
import polars as pl
import pyarrow as pa
import pytest

import etld
from conftest import DEFAULT_SET, FIELDS, HOST_SETS, URL_SET

PARTS = ["registrable", "suffix", "subdomain", "label", "section", "known", "error"]


def with_nulls(vs):
    """The inputs with a NULL every 7th row, and the expected columns."""
    inputs, expected = [], {p: [] for p in PARTS}
    for i, (host, a) in enumerate(zip(vs.inputs, vs.answers)):
        if i % 7 == 3:
            inputs.append(None)
            for p in PARTS:
                expected[p].append(None)
        inputs.append(host)
        for p in PARTS:
            expected[p].append(None if p == "known" and a["error"] else a[p])
    return inputs, expected


def test_pyarrow_array_every_part_every_option_set():
    for vs in HOST_SETS:
        inputs, expected = with_nulls(vs)
        column = pa.array(inputs, type=pa.string())
        lst = etld.List.builtin(**vs.kwargs)
        for part in PARTS:
            got = lst.answer(part, column)
            assert isinstance(got, pa.Array), part
            assert got.type == (pa.bool_() if part == "known" else pa.string())
            assert got.to_pylist() == expected[part], (vs, part)
        # Per-call options on the default list give the same.
        assert etld.registrable(column, **vs.kwargs).to_pylist() == expected["registrable"]


@pytest.mark.parametrize("type_", [pa.string(), pa.large_string(), pa.string_view()], ids=str)
def test_string_types_kept(type_):
    inputs, expected = with_nulls(DEFAULT_SET)
    column = pa.array(inputs, type=type_)
    got = etld.registrable(column)
    assert got.type == type_
    assert got.to_pylist() == expected["registrable"]
    got = etld.suffix(column)
    assert got.type == type_ and got.to_pylist() == expected["suffix"]
    # Every string answer, the section and the error included.
    for f in (etld.subdomain, etld.label, etld.section, etld.error, etld.site, etld.host):
        got = f(column)
        assert got.type == type_, f.__name__
        assert got.to_pylist() == [f(h) if h is not None else None for h in inputs], f.__name__


def test_chunked_array_and_slices():
    inputs, expected = with_nulls(DEFAULT_SET)
    n = len(inputs)
    chunked = pa.chunked_array(
        [pa.array(inputs[: n // 3]), pa.array(inputs[n // 3 : n // 2]), pa.array(inputs[n // 2 :])]
    )
    got = etld.registrable(chunked)
    assert isinstance(got, pa.ChunkedArray)
    assert got.to_pylist() == expected["registrable"]
    # An array of answers for each chunk, an empty one included, as
    # pyarrow's compute functions answer.
    with_empty = pa.chunked_array([*chunked.chunks, pa.array([], pa.string()), chunked.chunk(0)])
    lengths = [len(c) for c in with_empty.chunks]
    for f in (etld.registrable, etld.section, etld.error, etld.lookup, etld.extract, etld.known):
        assert [len(c) for c in f(with_empty).chunks] == lengths, f.__name__
    # A slice exports with an offset.
    sliced = pa.array(inputs).slice(101, 2000)
    assert etld.suffix(sliced).to_pylist() == expected["suffix"][101:2101]
    # Slices of chunks that share one buffer keep the string type.
    many = pa.chunked_array([pa.array(inputs).slice(i, 10) for i in range(0, n - 10, 10)])
    assert etld.registrable(many).type == pa.string()
    # So too string views, and Polars' chunks of one Series: their answers
    # are those of the whole, and a chunk's view answers point into its
    # buffers, each of them once, not once for each chunk that holds it.
    views = pa.array(inputs * 3, type=pa.string_view())
    want = etld.registrable(views).to_pylist()
    slices = pa.chunked_array([views.slice(i, 10) for i in range(0, len(views), 10)])
    assert etld.registrable(slices).to_pylist() == want
    assert [a for chunk in etld.lookup(slices).chunks for a in chunk.to_pylist()] == etld.lookup(views).to_pylist()
    series = pl.Series("h", inputs * 3)
    split = pl.concat([series.slice(i, 10) for i in range(0, len(series), 10)], rechunk=False)
    assert split.n_chunks() > 1
    answers = etld.registrable(split)
    assert answers.to_list() == want
    assert len(answers.to_arrow().buffers()) <= len(series.to_arrow().buffers()) + 8
    # An empty column, and one of NULLs only; an empty slice keeps its
    # offset, which is no error.
    for t in (pa.string(), pa.large_string(), pa.string_view()):
        assert etld.registrable(pa.array(["a.com", "b.com"], t)[2:]).to_pylist() == []
        assert etld.lookup(pa.chunked_array([pa.array(["a.com"], t)[1:]])).to_pylist() == []
    assert etld.registrable(pa.array([], type=pa.string())).to_pylist() == []
    assert etld.registrable(pa.array([None, None], type=pa.string())).to_pylist() == [None, None]
    assert etld.registrable(pa.array([None, None])).to_pylist() == [None, None]


#: The fields of the struct of `lookup`: those of the vectors, with the
#: rule and the ICANN-only answer before the error, as `etld lookup --json`.
STRUCT_FIELDS = FIELDS[:-1] + ["rule", "icann_suffix", "icann_registrable", "error"]


def rich_parts(host, **kw):
    """The rule and ICANN-only answer of `host` by the scalar lookup (None
    for an invalid host)."""
    try:
        d = etld.lookup(host, **kw)
    except ValueError:
        return {"rule": None, "icann_suffix": None, "icann_registrable": None}
    return {"rule": d.rule, "icann_suffix": d.icann_suffix, "icann_registrable": d.icann_registrable}


def test_lookup_struct_column():
    inputs, expected = with_nulls(DEFAULT_SET)
    got = etld.lookup(pa.array(inputs))
    assert isinstance(got, pa.StructArray)
    assert [f.name for f in got.type] == STRUCT_FIELDS
    rows = got.to_pylist()
    answers = iter(DEFAULT_SET.answers)
    for host, row in zip(inputs, rows):
        if host is None:
            assert row is None
        else:
            assert row == {**next(answers), **rich_parts(host)}, host


def test_dictionary_columns():
    inputs, expected = with_nulls(DEFAULT_SET)
    encoded = pa.array(inputs).dictionary_encode()
    for f in (etld.registrable, etld.known, etld.error, etld.lookup, etld.extract):
        assert f(encoded).to_pylist() == f(pa.array(inputs)).to_pylist(), f.__name__
    assert etld.registrable(encoded, url=True).to_pylist() == etld.registrable(pa.array(inputs), url=True).to_pylist()
    chunked = pa.chunked_array([encoded.slice(0, 50), encoded.slice(50)])
    assert etld.suffix(chunked).to_pylist() == expected["suffix"]
    hosts = ["www.example.co.uk", None, "me.github.io", "www.example.co.uk"]
    want = ["example.co.uk", None, "me.github.io", "example.co.uk"]
    assert etld.registrable(pl.Series(hosts, dtype=pl.Categorical)).to_list() == want
    assert etld.registrable(pl.Series(hosts, dtype=pl.Enum(sorted({h for h in hosts if h})))).to_list() == want
    got = etld.registrable(pd.Series(hosts, dtype="category")).tolist()
    assert [None if pd.isna(x) else x for x in got] == want
    # A few rows of a large dictionary, answered for their own strings, and
    # slices that share one: the answers of the strings decoded, a NULL key
    # or value NULL, a value that is no UTF-8 said to be so.
    for f in (etld.registrable, etld.known, etld.error, etld.lookup, etld.extract):
        for piece in (encoded.slice(3, 2), encoded.slice(0, 1), encoded.slice(len(inputs) - 1)):
            decoded = pa.array(inputs).slice(piece.offset, len(piece))
            assert f(piece).to_pylist() == f(decoded).to_pylist(), f.__name__
        slices = pa.chunked_array([encoded.slice(i, 7) for i in range(0, len(inputs), 7)])
        assert f(slices).to_pylist() == f(pa.array(inputs)).to_pylist(), f.__name__
    values = pa.array(["www.example.co.uk", None] + [f"h{i}.example.com" for i in range(200)])
    keyed = pa.DictionaryArray.from_arrays(pa.array([0, None, 1, 201], type=pa.int16()), values)
    assert etld.registrable(keyed).to_pylist() == ["example.co.uk", None, None, "example.com"]
    # Values of which one is no UTF-8, more than the rows: said as when the
    # whole dictionary is answered.
    data = b"a.example.com" + b"\xff.com" + b"x.io" * 100
    offsets = pa.array([0, 13, 18] + [18 + 4 * i for i in range(1, 101)], type=pa.int32())
    broken = pa.StringArray.from_buffers(102, offsets.buffers()[1], pa.py_buffer(data))
    for keys in ([1, 0], [1, 0] + list(range(2, 102))):
        few = pa.DictionaryArray.from_arrays(pa.array(keys), broken)
        assert etld.error(few).to_pylist()[:2] == ["invalid UTF-8 at byte 0", None]
    # Two dictionaries whose buffers start at the same place but end apart
    # are two: a row of the shorter one past its end is NULL, not the
    # other's answer.
    import struct

    data = b"www.example.co.uk" + b"mail.example.org"
    whole = pa.py_buffer(data)
    views = pa.py_buffer(struct.pack("<I4sII", 17, data[:4], 0, 0) + struct.pack("<I4sII", 16, data[17:21], 0, 17))
    long = pa.Array.from_buffers(pa.string_view(), 2, [None, views, whole])
    short = pa.Array.from_buffers(pa.string_view(), 2, [None, views, whole.slice(0, 20)])
    keys = pa.array([0, 1], pa.int32())
    two = pa.chunked_array([pa.DictionaryArray.from_arrays(keys, long), pa.DictionaryArray.from_arrays(keys, short)])
    assert etld.registrable(two).to_pylist() == ["example.co.uk", "example.org", "example.co.uk", None]
    with pytest.raises(ValueError, match="keys are not its own"):
        etld.registrable(pa.DictionaryArray.from_arrays(pa.array([0, 250], type=pa.int16()), values, safe=False))


def test_polars_series():
    inputs, expected = with_nulls(DEFAULT_SET)
    s = pl.Series("host", inputs)
    for part in PARTS:
        got = etld.answer(part, s)
        assert isinstance(got, pl.Series)
        assert got.name == "host"
        assert got.to_list() == expected[part], part
    # Several chunks.
    s2 = pl.concat([s[:5000], s[5000:]], rechunk=False)
    assert s2.n_chunks() == 2
    assert etld.registrable(s2).to_list() == expected["registrable"]
    got = etld.lookup(s)
    assert got.dtype == pl.Struct
    assert got.struct.field("registrable").to_list() == expected["registrable"]


@pytest.mark.parametrize("dtype", ["string[pyarrow]", "large_string[pyarrow]", "str", "object"])
def test_pandas_series(dtype):
    inputs, expected = with_nulls(DEFAULT_SET)
    s = pd.Series(inputs, name="host", dtype=dtype, index=range(10, 10 + len(inputs)))
    got = etld.registrable(s)
    assert isinstance(got, pd.Series)
    assert got.name == "host" and list(got.index) == list(s.index)
    # Strings in a pandas string dtype answer in it; others Arrow-backed.
    if isinstance(s.dtype, pd.StringDtype):
        assert got.dtype == s.dtype
    else:
        assert isinstance(got.dtype, pd.ArrowDtype)
    want = expected["registrable"]
    assert [None if pd.isna(v) else v for v in got.tolist()] == want
    assert etld.known(s).tolist()[:3] == [
        None if v is None else v for v in expected["known"][:3]
    ]


def test_any_arrow_pycapsule_object():
    inputs, expected = with_nulls(DEFAULT_SET)

    class Exporter:
        """Speaks the Arrow PyCapsule interface and nothing else."""

        def __init__(self, array):
            self.array = array

        def __arrow_c_array__(self, requested_schema=None):
            return self.array.__arrow_c_array__(requested_schema)

    class Streamer:
        """A stream of chunks, and nothing else."""

        def __init__(self, chunked):
            self.chunked = chunked

        def __arrow_c_stream__(self, requested_schema=None):
            return self.chunked.__arrow_c_stream__(requested_schema)

    got = etld.registrable(Exporter(pa.array(inputs)))
    assert isinstance(got, etld.Column) and len(got) == len(inputs)
    assert pa.array(got).to_pylist() == expected["registrable"]
    got = etld.registrable(Streamer(pa.chunked_array([pa.array(inputs)])))
    assert pa.array(got).to_pylist() == expected["registrable"]
    assert "etld.Column" in repr(got)


def test_non_string_columns_refused():
    with pytest.raises(TypeError, match="column of strings"):
        etld.registrable(pa.array([1, 2, 3]))
    with pytest.raises(TypeError, match="expected a str"):
        etld.registrable([1, 2])


def test_url_columns():
    urls = URL_SET.inputs + [None]
    got = etld.lookup_url(pa.array(urls)).to_pylist()
    for url, a, row in zip(urls, URL_SET.answers + [None], got):
        if url is None:
            assert row is None
            continue
        if a["error"] is not None:
            assert row["error"] == a["error"], url
            assert row["registrable"] is None
        else:
            assert row == {**a, **rich_parts(a["host"])}, url
    hosts = etld.host(pa.array(urls)).to_pylist()
    assert hosts == [a["host"] for a in URL_SET.answers] + [None]


def test_cookie_columns():
    requests = pa.array(["www.example.co.uk", "www.example.co.uk", None, "a.b.kobe.jp", "1.2.3.4"])
    domains = pa.array(["example.co.uk", "co.uk", "x.com", "kobe.jp", "1.2.3.4"])
    got = etld.is_cookie_domain_acceptable(requests, domains)
    assert got.to_pylist() == [True, False, None, False, True]
    got = etld.is_cookie_domain_acceptable(requests, "example.co.uk")
    assert got.to_pylist() == [True, True, None, False, False]
    got = etld.is_cookie_domain_acceptable("www.example.co.uk", pl.Series(["example.co.uk", "co.uk"]))
    assert isinstance(got, pl.Series) and got.to_list() == [True, False]
    with pytest.raises(ValueError, match="differ in length"):
        etld.is_cookie_domain_acceptable(requests, pa.array(["a"]))
    # Dictionary-encoded columns, on either side, as every function takes.
    got = etld.is_cookie_domain_acceptable(requests.dictionary_encode(), domains.dictionary_encode())
    assert got.to_pylist() == [True, False, None, False, True]
    got = etld.is_cookie_domain_acceptable(pl.Series(requests.to_pylist()).cast(pl.Categorical), "example.co.uk")
    assert got.to_list() == [True, True, None, False, False]
    got = etld.is_cookie_domain_acceptable("www.example.co.uk", pd.Series(["example.co.uk", "co.uk"], dtype="category"))
    assert got.tolist() == [True, False]
    # pandas pairs Series by label, etld by position: Series whose indexes
    # differ are refused rather than paired wrongly.
    hosts = pd.Series(["www.example.co.uk", "a.b.kobe.jp"], index=[1, 2])
    domains = pd.Series(["kobe.jp", "example.co.uk"], index=[2, 1])
    with pytest.raises(ValueError, match="different indexes"):
        etld.is_cookie_domain_acceptable(hosts, domains)
    hosts, domains = hosts.align(domains)
    assert etld.is_cookie_domain_acceptable(hosts, domains).tolist() == [True, False]


def test_threads_in_parallel():
    inputs, expected = with_nulls(DEFAULT_SET)
    column = pa.array(inputs)
    series = pl.Series(inputs)
    lists = [etld.default_list(), etld.List.builtin(), etld.List.builtin(icann_only=True)]
    icann = next(vs for vs in HOST_SETS if vs.options == ["--icann-only"])
    icann_expected = with_nulls(icann)[1]

    def work(i):
        lst = lists[i % 3]
        want = icann_expected if i % 3 == 2 else expected
        for _ in range(3):
            assert lst.registrable(column).to_pylist() == want["registrable"]
            assert lst.suffix(series).to_list() == want["suffix"]
            for host, w in zip(inputs[:300], want["registrable"][:300]):
                assert lst.registrable(host) == w
        return True

    with cf.ThreadPoolExecutor(max_workers=8) as pool:
        assert all(pool.map(work, range(16)))


def test_broken_arrow_data_gives_null_or_value_error_never_a_crash():
    # Arrays built from raw buffers, which pyarrow checks for structure
    # only: strings that are not UTF-8, a view into a buffer that is not
    # there.
    data = b"www.example.co.uk" + b"\xff\xfe.com" + b"x.example.com"
    offsets = pa.array([0, 17, 23, 36], type=pa.int32())
    arr = pa.StringArray.from_buffers(3, offsets.buffers()[1], pa.py_buffer(data))
    assert etld.registrable(arr).to_pylist() == ["example.co.uk", None, "example.com"]
    assert etld.lookup(arr).to_pylist()[1]["error"] is not None
    # A string view whose buffer index points nowhere.
    good = pa.array(["www.example-long-name.co.uk", "short.io"], type=pa.string_view())
    views = bytearray(good.buffers()[1].to_pybytes())
    views[8:12] = (7).to_bytes(4, "little")  # buffer index of row 0
    try:
        arr = pa.Array.from_buffers(
            pa.string_view(), 2, [None, pa.py_buffer(bytes(views)), good.buffers()[2]]
        )
    except pa.ArrowInvalid:
        return  # pyarrow refuses it itself
    try:
        out = etld.registrable(arr).to_pylist()
    except ValueError:
        pass
    else:
        assert out == [None, "short.io"]


@pytest.mark.parametrize("kind", ["string", "large_string", "string_view", "chunked", "polars"])
def test_large_columns_split_over_threads(kind):
    # 14 copies of the mix with NULLs: over 128 Ki rows, so answered on
    # every core the process may use (two here and in CI).
    inputs, expected = with_nulls(DEFAULT_SET)
    inputs, expected = inputs * 14, {p: v * 14 for p, v in expected.items()}
    if kind == "polars":
        column = pl.Series("h", inputs)
        to_list = pl.Series.to_list
    elif kind == "chunked":
        n = len(inputs)
        column = pa.chunked_array([inputs[: n // 5], inputs[n // 5 : n // 2], inputs[n // 2 :]], type=pa.string_view())
        to_list = pa.ChunkedArray.to_pylist
    else:
        column = pa.array(inputs, type=getattr(pa, kind)())
        to_list = pa.Array.to_pylist
    for part in ["registrable", "suffix", "subdomain", "label", "known"]:
        got = etld.answer(part, column)
        base = pl.Series if kind == "polars" else pa.ChunkedArray if kind == "chunked" else pa.Array
        assert isinstance(got, base), part
        assert to_list(got) == expected[part], part
    if kind == "polars":
        assert etld.registrable(column).n_chunks() == 1


def test_the_gil_is_released_while_a_column_is_answered():
    import threading
    import time

    column = pa.array(DEFAULT_SET.inputs * 60)  # 600 k hosts: tens of ms
    span = {}

    def work():
        span["start"] = time.perf_counter()
        etld.registrable(column)
        span["end"] = time.perf_counter()

    ticks = []
    worker = threading.Thread(target=work)
    worker.start()
    while worker.is_alive():
        ticks.append(time.perf_counter())
    worker.join()
    inside = [t for t in ticks if span["start"] < t < span["end"]]
    # With the GIL held for the whole call, this thread could not run
    # while it lasts.
    assert len(inside) > 100, (len(inside), span["end"] - span["start"])
