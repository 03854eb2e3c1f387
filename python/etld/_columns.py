"""Gives a column of answers (an `etld.Column`, which speaks the Arrow
PyCapsule interface) the kind of column the caller passed in."""


def wrap(like, column):
    """``column`` as the same kind of column as ``like``: a pyarrow Array or
    ChunkedArray, a polars Series (same name), a pandas Series (same index
    and name, Arrow-backed); anything else gets the `etld.Column` itself."""
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
            array = pd.arrays.ArrowExtensionArray(
                pa.chunked_array([pa.array(c) for c in column.chunks()])
            )
            return pd.Series(array, index=like.index, name=like.name, copy=False)
    return column


def to_arrow(obj):
    """A pandas Series as a pyarrow array (without a copy for an
    Arrow-backed one), for pandas before 2.2, whose Series do not export
    Arrow data themselves."""
    import pyarrow as pa

    return pa.array(obj, from_pandas=True)


def _restore(fst, options, source, texts=()):
    """A pickled `etld.List`, restored (see ``List.__reduce__``): the list
    of ``fst`` (None: the built-in one) with the texts of extra rules
    laid over it again."""
    from etld._etld import List

    return List._from_state(fst, options, source, list(texts))
