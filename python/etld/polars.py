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

import inspect
from typing import TYPE_CHECKING, Any, Callable, Dict, Optional, Tuple, Union

import polars as pl

import etld
from etld._parts import answer_part, check_list, part_method

if TYPE_CHECKING:
    from typing_extensions import ParamSpec

    _P = ParamSpec("_P")

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
        "rule": pl.String,
        "icann_suffix": pl.String,
        "icann_registrable": pl.String,
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
    answer: pl.Series = answer_part(lst, part, series, options)
    return answer


class _Parts:
    """The methods shared by the expression and series namespaces."""

    def _part(self, part: str, lst: Optional[etld.List], options: Dict[str, Any]) -> Any:
        raise NotImplementedError

    @part_method
    def registrable(self) -> Any:
        """The registrable domain of each host (null for null, invalid hosts
        and public suffixes)."""

    @part_method
    def suffix(self) -> Any:
        """The public suffix of each host."""

    @part_method
    def subdomain(self) -> Any:
        """The labels left of the registrable domain."""

    @part_method
    def label(self) -> Any:
        """The label left of the public suffix."""

    @part_method
    def section(self) -> Any:
        """``icann``, ``private``, or null (implicit rule, invalid host)."""

    @part_method
    def known(self) -> Any:
        """Whether a listed rule prevailed (null for an invalid host)."""

    @part_method
    def error(self) -> Any:
        """Why each host is invalid; null for a valid one."""

    def host(self) -> Any:
        """The host of each URL (``host:port``, e-mail address)."""
        return self._part("host", None, {})

    @part_method
    def site(self) -> Any:
        """The site key of each host, to group by: the registrable domain in
        ASCII, without a trailing dot (see `etld.site`)."""

    @part_method
    def lookup(self) -> Any:
        """Every part, as a struct (`LOOKUP_DTYPE`; with ``url=True``, that of
        `lookup_url`)."""

    @part_method
    def lookup_url(self) -> Any:
        """Every part of the lookup of each URL's host, with the host, as a
        struct."""

    @part_method
    def extract(self) -> Any:
        """The parts of each URL's or host's host in tldextract's shape, as
        a struct (`EXTRACT_DTYPE`; see `etld.extract`)."""


@pl.api.register_expr_namespace("etld")
class EtldExpr(_Parts):
    """``pl.col("host").etld.registrable()`` and the other parts."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _part(self, part: str, lst: Optional[etld.List], options: Dict[str, Any]) -> pl.Expr:
        # The list's type and the options now, as the series namespace and
        # the function forms check them, rather than when a batch comes:
        # the built-in list answers an empty column with them (the default
        # list is loaded when a batch comes).
        check_list(lst)
        _answer(part, pl.Series([], dtype=pl.String), lst if lst is not None else etld.List.builtin(), options)
        # A lookup of each URL's host holds the host too.
        dtype = _DTYPES["lookup_url" if part == "lookup" and options.get("url") else part]
        return self._expr.map_batches(
            lambda s: _answer(part, s, lst, options),
            return_dtype=dtype,
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


_Call = Tuple[IntoColumn, Optional[etld.List], Dict[str, Any]]


def _hosts(
    column: IntoColumn,
    *,
    list: Optional[etld.List] = None,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    output: Optional[str] = None,
    url: bool = False,
) -> _Call:
    """The arguments of a part of each host, or of each URL's host with
    ``url=True``."""
    return column, list, _options(icann_only, implicit_rule, wildcard_root, output, url)


def _whole(
    column: IntoColumn,
    *,
    list: Optional[etld.List] = None,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    output: Optional[str] = None,
) -> _Call:
    """The arguments of a struct of parts whose rows are URLs already
    (`lookup_url`, `extract`), which takes no ``url=``."""
    return column, list, _options(icann_only, implicit_rule, wildcard_root, output, False)


def _sites(
    column: IntoColumn,
    *,
    list: Optional[etld.List] = None,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    url: bool = False,
) -> _Call:
    """The arguments of `site`, which takes no ``output=`` (a site key is
    ASCII)."""
    return column, list, _options(icann_only, implicit_rule, wildcard_root, None, url)


def _function(call: Callable[_P, _Call]) -> Callable[[Callable[[], None]], Callable[_P, pl.Expr]]:
    """A decorator: the function with the parameters of ``call`` and the
    name and docstring of the def it decorates (whose body is its
    docstring) that answers the part of that name for a column, as
    ``pl.col(column).etld.<part>(...)`` does."""
    signature = inspect.signature(call).replace(return_annotation="pl.Expr")

    def named(shape: Callable[[], None]) -> Callable[_P, pl.Expr]:
        part = shape.__name__

        def fn(*args: _P.args, **kwargs: _P.kwargs) -> pl.Expr:
            try:
                column, lst, options = call(*args, **kwargs)
            except TypeError as e:
                # Arguments that do not fit: said of this function, not of
                # the helper that takes them.
                raise TypeError(str(e).replace(f"{call.__name__}()", f"{part}()")) from None
            return _expr(column)._part(part, lst, options)

        fn.__name__ = fn.__qualname__ = part
        fn.__doc__ = shape.__doc__
        fn.__annotations__ = {**call.__annotations__, "return": "pl.Expr"}
        setattr(fn, "__signature__", signature)
        return fn

    return named


@_function(_hosts)
def registrable() -> None:
    """The registrable domain of each host of ``column`` (a name or an
    expression): ``pl.col(column).etld.registrable(...)``."""


@_function(_hosts)
def suffix() -> None:
    """The public suffix of each host of ``column``."""


@_function(_hosts)
def subdomain() -> None:
    """The labels left of the registrable domain of each host of ``column``."""


@_function(_hosts)
def label() -> None:
    """The label left of the public suffix of each host of ``column``."""


@_function(_hosts)
def section() -> None:
    """``icann``, ``private`` or null for each host of ``column``."""


@_function(_hosts)
def known() -> None:
    """Whether a listed rule prevailed for each host of ``column``."""


@_function(_hosts)
def error() -> None:
    """Why each host of ``column`` is invalid; null for a valid one."""


@_function(_hosts)
def lookup() -> None:
    """Every part for each host of ``column``, as a struct (`LOOKUP_DTYPE`;
    with ``url=True``, of each URL's host, with the host, as `lookup_url`)."""


@_function(_whole)
def lookup_url() -> None:
    """Every part of the lookup of each URL's host of ``column``, with the
    host, as a struct."""


@_function(_sites)
def site() -> None:
    """The site key of each host of ``column``, to group by: the registrable
    domain in ASCII, without a trailing dot (see `etld.site`)."""


@_function(_whole)
def extract() -> None:
    """The parts of the host of each URL or host of ``column`` in
    tldextract's shape, as a struct (`EXTRACT_DTYPE`; see `etld.extract`)."""


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
