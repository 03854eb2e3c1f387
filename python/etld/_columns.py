"""Gives a column of answers (an `etld.Column`, which speaks the Arrow
PyCapsule interface) the kind of column the caller passed in."""


def wrap(like, column):
    """``column`` as the same kind of column as ``like``: a pyarrow Array or
    ChunkedArray, a polars Series (same name), a pandas Series (same index
    and name: strings in its own dtype if it holds strings of a pandas
    string dtype, else Arrow-backed); anything else gets the `etld.Column`
    itself."""
    kind = type(like).__module__.split(".", 1)[0]
    if kind == "pyarrow":
        import pyarrow as pa

        if isinstance(like, pa.ChunkedArray):
            return pa.chunked_array([pa.array(c) for c in column.chunks()])
        if isinstance(like, pa.Array):
            return pa.array(column)
    elif kind == "polars":
        import polars as pl

        if isinstance(like, pl.Series):
            chunks = column.chunks()
            if len(chunks) == 1:
                return pl.Series(column).alias(like.name)
            return pl.concat([pl.Series(c) for c in chunks], rechunk=False).alias(like.name)
    elif kind == "pandas":
        import pandas as pd
        import pyarrow as pa

        if isinstance(like, pd.Series):
            chunked = pa.chunked_array([pa.array(c) for c in column.chunks()])
            array = pd.arrays.ArrowExtensionArray(chunked)
            answer = pd.Series(array, index=like.index, name=like.name, copy=False)
            if isinstance(like.dtype, pd.StringDtype) and _is_strings(chunked.type):
                # Strings answer in the caller's own string dtype (`str`,
                # `string[pyarrow]`, `string[python]`), with its missing
                # value; from Arrow strings to `pyarrow` storage is no copy.
                answer = answer.astype(like.dtype)
            return answer
    return column


def _is_strings(t):
    """Whether the Arrow type ``t`` is one of Arrow's string types."""
    import pyarrow as pa

    # `is_string_view` from pyarrow 16 on; older ones have no such type.
    is_view = getattr(pa.types, "is_string_view", lambda t: False)
    return pa.types.is_string(t) or pa.types.is_large_string(t) or is_view(t)


def to_arrow(obj):
    """A pandas Series as a pyarrow array (without a copy for an
    Arrow-backed one), for pandas before 2.2, whose Series do not export
    Arrow data themselves, and for a Series of ``str`` that UTF-8 cannot
    hold (a lone surrogate), which pandas cannot export."""
    import pyarrow as pa

    try:
        return pa.array(obj, from_pandas=True)
    except UnicodeEncodeError:
        pass

    # Each such str as the bytes Python's "surrogatepass" writes for it,
    # which are not UTF-8: the row is answered as an invalid host, as a
    # lone surrogate in one str is, and `error` says where its bytes break.
    def utf8(value):
        return value.encode("utf-8", "surrogatepass") if isinstance(value, str) else value

    return pa.array(obj.map(utf8), type=pa.binary(), from_pandas=True).view(pa.string())


def _domain(host, name, parts, section, flags, rule=None):
    """A pickled `etld.Domain`, restored (see ``Domain.__reduce__``)."""
    from etld._etld import Domain

    return Domain._from_state(host, name, list(parts), section, tuple(flags), rule)


def _restore(fst, options, source, texts=()):
    """A pickled `etld.List`, restored (see ``List.__reduce__``): the list
    of ``fst`` (None: the built-in one) with the texts of extra rules
    laid over it again."""
    from etld._etld import List

    return List._from_state(fst, options, source, list(texts))
