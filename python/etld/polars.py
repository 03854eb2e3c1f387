"""The ``.etld`` namespace on Polars expressions and series.

Importing this module (or importing ``etld`` after ``polars``) registers it::

    >>> import polars as pl
    >>> import etld.polars
    >>> df = pl.DataFrame({"host": ["www.example.co.uk", "me.github.io", "a..b", None]})
    >>> df.select(pl.col("host").etld.registrable()).to_series().to_list()
    ['example.co.uk', 'me.github.io', None, None]
    >>> (df.group_by(site=pl.col("host").etld.registrable())
    ...    .len().sort("site", nulls_last=True)["site"].to_list())
    ['example.co.uk', 'me.github.io', None]

Each method takes the options of `etld.List` as keyword arguments, and
``list=`` for a list of one's own (default: `etld.default_list()`). Each
batch of the column is answered in one call, with the GIL released.
"""

from __future__ import annotations

from typing import Any, Optional

import polars as pl

import etld

__all__ = ["EtldExpr", "EtldSeries", "LOOKUP_DTYPE"]

#: The struct that ``.etld.lookup()`` gives.
LOOKUP_DTYPE = pl.Struct(
    {
        "suffix": pl.String,
        "registrable": pl.String,
        "subdomain": pl.String,
        "label": pl.String,
        "section": pl.String,
        "known": pl.Boolean,
        "error": pl.String,
    }
)

_LOOKUP_URL_DTYPE = pl.Struct({"host": pl.String, **dict(LOOKUP_DTYPE.to_schema())})

_DTYPES = {
    "registrable": pl.String,
    "suffix": pl.String,
    "subdomain": pl.String,
    "label": pl.String,
    "section": pl.String,
    "known": pl.Boolean,
    "error": pl.String,
    "host": pl.String,
    "lookup": LOOKUP_DTYPE,
    "lookup_url": _LOOKUP_URL_DTYPE,
}


def _answer(part: str, series: pl.Series, lst: Optional[etld.List], options: dict) -> pl.Series:
    target = lst if lst is not None else etld.default_list()
    return target.answer(part, series, **options)


class _Parts:
    """The methods shared by the expression and series namespaces."""

    def _part(self, part: str, lst: Optional[etld.List], options: dict) -> Any:
        raise NotImplementedError

    def registrable(self, *, list: Optional[etld.List] = None, **options: Any) -> Any:
        """The registrable domain of each host (null for null, invalid hosts
        and public suffixes)."""
        return self._part("registrable", list, options)

    def suffix(self, *, list: Optional[etld.List] = None, **options: Any) -> Any:
        """The public suffix of each host."""
        return self._part("suffix", list, options)

    def subdomain(self, *, list: Optional[etld.List] = None, **options: Any) -> Any:
        """The labels left of the registrable domain."""
        return self._part("subdomain", list, options)

    def label(self, *, list: Optional[etld.List] = None, **options: Any) -> Any:
        """The label left of the public suffix."""
        return self._part("label", list, options)

    def section(self, *, list: Optional[etld.List] = None, **options: Any) -> Any:
        """``icann``, ``private``, or null (implicit rule, invalid host)."""
        return self._part("section", list, options)

    def known(self, *, list: Optional[etld.List] = None, **options: Any) -> Any:
        """Whether a listed rule prevailed (null for an invalid host)."""
        return self._part("known", list, options)

    def error(self, *, list: Optional[etld.List] = None, **options: Any) -> Any:
        """Why each host is invalid; null for a valid one."""
        return self._part("error", list, options)

    def host(self) -> Any:
        """The host of each URL (``host:port``, e-mail address)."""
        return self._part("host", None, {})

    def lookup(self, *, list: Optional[etld.List] = None, **options: Any) -> Any:
        """Every part, as a struct (`LOOKUP_DTYPE`)."""
        return self._part("lookup", list, options)

    def lookup_url(self, *, list: Optional[etld.List] = None, **options: Any) -> Any:
        """Every part of the lookup of each URL's host, with the host, as a
        struct."""
        return self._part("lookup_url", list, options)


@pl.api.register_expr_namespace("etld")
class EtldExpr(_Parts):
    """``pl.col("host").etld.registrable()`` and the other parts."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _part(self, part: str, lst: Optional[etld.List], options: dict) -> pl.Expr:
        return self._expr.map_batches(
            lambda s: _answer(part, s, lst, options),
            return_dtype=_DTYPES[part],
            is_elementwise=True,
        )


@pl.api.register_series_namespace("etld")
class EtldSeries(_Parts):
    """``series.etld.registrable()`` and the other parts."""

    def __init__(self, series: pl.Series) -> None:
        self._series = series

    def _part(self, part: str, lst: Optional[etld.List], options: dict) -> pl.Series:
        return _answer(part, self._series, lst, options)
