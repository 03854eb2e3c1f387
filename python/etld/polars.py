"""The ``.etld`` namespace on Polars expressions and series.

Importing this module (or importing ``etld`` after ``polars``) registers it::

    >>> import polars as pl
    >>> import etld.polars
    >>> df = pl.DataFrame({"host": ["www.example.co.uk", "me.github.io", "a..b", None]})
    >>> df.select(pl.col("host").etld.registrable()).to_series().to_list()
    ['example.co.uk', 'me.github.io', None, None]

Grouped by site, with the site key (`etld.site`: the registrable domain in
ASCII, without a trailing dot), so that one site's hosts written in
Unicode, in A-labels or with a final dot count together::

    >>> hits = pl.DataFrame({"host": ["www.bücher.de", "shop.xn--bcher-kva.de", "bücher.de.", "me.github.io"]})
    >>> (hits.group_by(site=pl.col("host").etld.site())
    ...    .len().sort("site")).rows()
    [('me.github.io', 1), ('xn--bcher-kva.de', 3)]

Each method takes the options of `etld.List` as keyword arguments,
``url=True`` to answer for the host of each URL, and ``list=`` for a list
of one's own (default: `etld.default_list()`). Each batch of the column is
answered in one call, with the GIL released.

The same as functions of a column name or an expression, which type
checkers follow (a registered namespace is invisible to them: ``mypy
--strict`` says ``"Expr" has no attribute "etld"``)::

    >>> from etld import polars as ep
    >>> df.select(ep.registrable("host"), ep.suffix(pl.col("host"), icann_only=True).alias("s")).row(1)
    ('me.github.io', 'io')
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Union

import polars as pl

import etld

__all__ = [
    "EtldExpr",
    "EtldSeries",
    "EXTRACT_DTYPE",
    "LOOKUP_DTYPE",
    "error",
    "extract",
    "host",
    "known",
    "label",
    "lookup",
    "lookup_url",
    "registrable",
    "section",
    "site",
    "subdomain",
    "suffix",
]

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

#: The struct that ``.etld.extract()`` gives: `etld.EXTRACT_FIELDS`, all
#: strings but ``is_private``.
EXTRACT_DTYPE = pl.Struct(
    {name: pl.Boolean if name == "is_private" else pl.String for name in etld.EXTRACT_FIELDS}
)

_DTYPES = {
    "registrable": pl.String,
    "suffix": pl.String,
    "subdomain": pl.String,
    "label": pl.String,
    "section": pl.String,
    "known": pl.Boolean,
    "error": pl.String,
    "host": pl.String,
    "site": pl.String,
    "lookup": LOOKUP_DTYPE,
    "lookup_url": _LOOKUP_URL_DTYPE,
    "extract": EXTRACT_DTYPE,
}


def _answer(part: str, series: pl.Series, lst: Optional[etld.List], options: Dict[str, Any]) -> pl.Series:
    target = lst if lst is not None else etld.default_list()
    answer: pl.Series = target.answer(part, series, **options)  # type: ignore[arg-type]
    return answer


class _Parts:
    """The methods shared by the expression and series namespaces."""

    def _part(self, part: str, lst: Optional[etld.List], options: Dict[str, Any]) -> Any:
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

    def site(self, *, list: Optional[etld.List] = None, **options: Any) -> Any:
        """The site key of each host, to group by: the registrable domain in
        ASCII, without a trailing dot (see `etld.site`)."""
        return self._part("site", list, options)

    def lookup(self, *, list: Optional[etld.List] = None, **options: Any) -> Any:
        """Every part, as a struct (`LOOKUP_DTYPE`)."""
        return self._part("lookup", list, options)

    def lookup_url(self, *, list: Optional[etld.List] = None, **options: Any) -> Any:
        """Every part of the lookup of each URL's host, with the host, as a
        struct."""
        return self._part("lookup_url", list, options)

    def extract(self, *, list: Optional[etld.List] = None, **options: Any) -> Any:
        """The parts of each URL's or host's host in tldextract's shape, as
        a struct (`EXTRACT_DTYPE`; see `etld.extract`)."""
        return self._part("extract", list, options)


@pl.api.register_expr_namespace("etld")
class EtldExpr(_Parts):
    """``pl.col("host").etld.registrable()`` and the other parts."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _part(self, part: str, lst: Optional[etld.List], options: Dict[str, Any]) -> pl.Expr:
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

    def _part(self, part: str, lst: Optional[etld.List], options: Dict[str, Any]) -> pl.Series:
        return _answer(part, self._series, lst, options)


#: A column: its name, or an expression.
IntoColumn = Union[str, pl.Expr]


def _expr(column: IntoColumn) -> EtldExpr:
    return EtldExpr(pl.col(column) if isinstance(column, str) else column)


def registrable(
    column: IntoColumn,
    *,
    list: Optional[etld.List] = None,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    output: Optional[str] = None,
    url: bool = False,
) -> pl.Expr:
    """The registrable domain of each host of ``column`` (a name or an
    expression): ``pl.col(column).etld.registrable(...)``."""
    return _expr(column)._part("registrable", list, _options(icann_only, implicit_rule, wildcard_root, output, url))


def suffix(
    column: IntoColumn,
    *,
    list: Optional[etld.List] = None,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    output: Optional[str] = None,
    url: bool = False,
) -> pl.Expr:
    """The public suffix of each host of ``column``."""
    return _expr(column)._part("suffix", list, _options(icann_only, implicit_rule, wildcard_root, output, url))


def subdomain(
    column: IntoColumn,
    *,
    list: Optional[etld.List] = None,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    output: Optional[str] = None,
    url: bool = False,
) -> pl.Expr:
    """The labels left of the registrable domain of each host of ``column``."""
    return _expr(column)._part("subdomain", list, _options(icann_only, implicit_rule, wildcard_root, output, url))


def label(
    column: IntoColumn,
    *,
    list: Optional[etld.List] = None,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    output: Optional[str] = None,
    url: bool = False,
) -> pl.Expr:
    """The label left of the public suffix of each host of ``column``."""
    return _expr(column)._part("label", list, _options(icann_only, implicit_rule, wildcard_root, output, url))


def section(
    column: IntoColumn,
    *,
    list: Optional[etld.List] = None,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    output: Optional[str] = None,
    url: bool = False,
) -> pl.Expr:
    """``icann``, ``private`` or null for each host of ``column``."""
    return _expr(column)._part("section", list, _options(icann_only, implicit_rule, wildcard_root, output, url))


def known(
    column: IntoColumn,
    *,
    list: Optional[etld.List] = None,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    output: Optional[str] = None,
    url: bool = False,
) -> pl.Expr:
    """Whether a listed rule prevailed for each host of ``column``."""
    return _expr(column)._part("known", list, _options(icann_only, implicit_rule, wildcard_root, output, url))


def error(
    column: IntoColumn,
    *,
    list: Optional[etld.List] = None,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    output: Optional[str] = None,
    url: bool = False,
) -> pl.Expr:
    """Why each host of ``column`` is invalid; null for a valid one."""
    return _expr(column)._part("error", list, _options(icann_only, implicit_rule, wildcard_root, output, url))


def lookup(
    column: IntoColumn,
    *,
    list: Optional[etld.List] = None,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    output: Optional[str] = None,
) -> pl.Expr:
    """Every part for each host of ``column``, as a struct (`LOOKUP_DTYPE`)."""
    return _expr(column)._part("lookup", list, _options(icann_only, implicit_rule, wildcard_root, output, False))


def lookup_url(
    column: IntoColumn,
    *,
    list: Optional[etld.List] = None,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    output: Optional[str] = None,
) -> pl.Expr:
    """Every part of the lookup of each URL's host of ``column``, with the
    host, as a struct."""
    return _expr(column)._part("lookup_url", list, _options(icann_only, implicit_rule, wildcard_root, output, False))


def site(
    column: IntoColumn,
    *,
    list: Optional[etld.List] = None,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    url: bool = False,
) -> pl.Expr:
    """The site key of each host of ``column``, to group by: the registrable
    domain in ASCII, without a trailing dot (see `etld.site`)."""
    return _expr(column)._part("site", list, _options(icann_only, implicit_rule, wildcard_root, None, url))


def extract(
    column: IntoColumn,
    *,
    list: Optional[etld.List] = None,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    output: Optional[str] = None,
) -> pl.Expr:
    """The parts of the host of each URL or host of ``column`` in
    tldextract's shape, as a struct (`EXTRACT_DTYPE`; see `etld.extract`)."""
    return _expr(column)._part("extract", list, _options(icann_only, implicit_rule, wildcard_root, output, False))


def host(column: IntoColumn) -> pl.Expr:
    """The host of each URL (``host:port``, e-mail address) of ``column``."""
    return _expr(column)._part("host", None, {})


def _options(
    icann_only: Optional[bool],
    implicit_rule: Optional[bool],
    wildcard_root: Optional[bool],
    output: Optional[str],
    url: bool,
) -> Dict[str, Any]:
    """The keyword arguments given, for `etld.List.answer`."""
    given: Dict[str, Any] = {
        "icann_only": icann_only,
        "implicit_rule": implicit_rule,
        "wildcard_root": wildcard_root,
        "output": output,
    }
    options = {k: v for k, v in given.items() if v is not None}
    if url:
        options["url"] = True
    return options
