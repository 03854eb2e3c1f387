"""Type stubs of the native module `etld._etld` (re-exported by `etld`)."""

from os import PathLike
from typing import Any, Iterable, Literal, Optional, Protocol, Tuple, TypeVar, Union, overload

__version__: str
#: The VERSION of the list built into the package.
BUILTIN_LIST_VERSION: Optional[str]

Output = Literal["input", "ascii", "unicode"]
#: A file of extra rules (`.dat` text).
StrPath = Union[str, PathLike[str]]
#: The `extra=` argument: one file of extra rules, or several, laid in order.
Extra = Union[StrPath, Iterable[StrPath], None]
Part = Literal[
    "registrable",
    "suffix",
    "subdomain",
    "label",
    "section",
    "known",
    "error",
    "lookup",
    "host",
    "lookup_url",
]

class ArrowArrayExportable(Protocol):
    """Anything with `__arrow_c_array__` (a pyarrow Array, an `etld.Column`)."""

    def __arrow_c_array__(self, requested_schema: Optional[object] = None) -> Tuple[object, object]: ...

class ArrowStreamExportable(Protocol):
    """Anything with `__arrow_c_stream__` (a pyarrow ChunkedArray, a polars
    or pandas Series)."""

    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object: ...

#: A column of hosts: the answer comes back as the same kind of column.
C = TypeVar("C", ArrowArrayExportable, ArrowStreamExportable)

class HostError(ValueError):
    """An invalid host; the message is etld's and says at which byte."""

class UrlError(ValueError):
    """A URL (or host:port, or e-mail address) with no host."""

class ListError(ValueError):
    """List text, a .fst file or a file of extra rules that is not a valid
    list, or an extra file that cannot be read (its `__cause__` the
    `OSError`)."""

    #: The file (or the name given to `List.with_extra`) at fault, or None.
    path: Optional[str]
    #: The 1-based line at fault, or None.
    line: Optional[int]

class Column:
    """A column of answers, speaking the Arrow PyCapsule interface."""

    def __arrow_c_array__(self, requested_schema: Optional[object] = None) -> Tuple[object, object]: ...
    def __arrow_c_schema__(self) -> object: ...
    def chunks(self) -> list[Column]: ...
    def __len__(self) -> int: ...

class Domain:
    """Every part of the answer for one host."""

    @property
    def host(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def suffix(self) -> Optional[str]: ...
    @property
    def registrable(self) -> Optional[str]: ...
    @property
    def subdomain(self) -> Optional[str]: ...
    @property
    def label(self) -> Optional[str]: ...
    @property
    def section(self) -> Optional[Literal["icann", "private"]]: ...
    @property
    def known(self) -> bool: ...
    @property
    def is_public_suffix(self) -> bool: ...
    @property
    def is_fqdn(self) -> bool: ...

class Layer:
    """One text of extra rules laid over a list."""

    @property
    def name(self) -> str: ...
    @property
    def rules(self) -> int: ...
    @property
    def icann(self) -> int: ...
    @property
    def private(self) -> int: ...
    @property
    def version(self) -> Optional[str]: ...
    @property
    def commit(self) -> Optional[str]: ...
    @property
    def rule_counts(self) -> dict[str, int]: ...

class List:
    """A Public Suffix List and the options its lookups use."""

    def __init__(
        self,
        path: Union[str, PathLike[str], None] = None,
        *,
        extra: Extra = None,
        icann_only: bool = False,
        default_rule: bool = True,
        wildcard_root: bool = False,
        output: Output = "input",
    ) -> None: ...
    @staticmethod
    def builtin(
        *,
        extra: Extra = None,
        icann_only: bool = False,
        default_rule: bool = True,
        wildcard_root: bool = False,
        output: Output = "input",
    ) -> List: ...
    @staticmethod
    def from_path(
        path: Union[str, PathLike[str]],
        *,
        extra: Extra = None,
        icann_only: bool = False,
        default_rule: bool = True,
        wildcard_root: bool = False,
        output: Output = "input",
    ) -> List: ...
    @staticmethod
    def from_bytes(
        data: Union[bytes, bytearray, str],
        *,
        extra: Extra = None,
        icann_only: bool = False,
        default_rule: bool = True,
        wildcard_root: bool = False,
        output: Output = "input",
    ) -> List: ...
    def with_options(
        self,
        *,
        icann_only: Optional[bool] = None,
        default_rule: Optional[bool] = None,
        wildcard_root: Optional[bool] = None,
        output: Optional[Output] = None,
    ) -> List: ...
    def with_extra(self, text: Union[str, bytes], /, *, name: str = "<text>") -> List: ...
    @property
    def layers(self) -> list[Layer]: ...
    @property
    def fingerprint(self) -> int: ...
    @overload
    def registrable(self, host: str, /, **options: Any) -> Optional[str]: ...
    @overload
    def registrable(self, host: None, /, **options: Any) -> None: ...
    @overload
    def registrable(self, host: C, /, **options: Any) -> C: ...
    @overload
    def suffix(self, host: str, /, **options: Any) -> Optional[str]: ...
    @overload
    def suffix(self, host: None, /, **options: Any) -> None: ...
    @overload
    def suffix(self, host: C, /, **options: Any) -> C: ...
    @overload
    def lookup(self, host: str, /, **options: Any) -> Domain: ...
    @overload
    def lookup(self, host: C, /, **options: Any) -> C: ...
    @overload
    def lookup_url(self, url: str, /, **options: Any) -> Domain: ...
    @overload
    def lookup_url(self, url: C, /, **options: Any) -> C: ...
    def answer(self, part: Part, host: Any, /, **options: Any) -> Any: ...
    @overload
    def is_cookie_domain_acceptable(self, request_host: str, cookie_domain: str) -> bool: ...
    @overload
    def is_cookie_domain_acceptable(self, request_host: C, cookie_domain: Union[str, C]) -> C: ...
    @overload
    def is_cookie_domain_acceptable(self, request_host: str, cookie_domain: C) -> C: ...
    @property
    def version(self) -> Optional[str]: ...
    @property
    def commit(self) -> Optional[str]: ...
    @property
    def source(self) -> str: ...
    @property
    def rule_counts(self) -> dict[str, int]: ...
    @property
    def options(self) -> dict[str, Any]: ...
    def to_fst_bytes(self) -> bytes: ...

def default_list() -> List: ...
@overload
def registrable(host: str, /, **options: Any) -> Optional[str]: ...
@overload
def registrable(host: None, /, **options: Any) -> None: ...
@overload
def registrable(host: C, /, **options: Any) -> C: ...
@overload
def suffix(host: str, /, **options: Any) -> Optional[str]: ...
@overload
def suffix(host: None, /, **options: Any) -> None: ...
@overload
def suffix(host: C, /, **options: Any) -> C: ...
@overload
def lookup(host: str, /, **options: Any) -> Domain: ...
@overload
def lookup(host: C, /, **options: Any) -> C: ...
@overload
def lookup_url(url: str, /, **options: Any) -> Domain: ...
@overload
def lookup_url(url: C, /, **options: Any) -> C: ...
def answer(part: Part, host: Any, /, **options: Any) -> Any: ...
@overload
def is_cookie_domain_acceptable(request_host: str, cookie_domain: str) -> bool: ...
@overload
def is_cookie_domain_acceptable(request_host: C, cookie_domain: Union[str, C]) -> C: ...
@overload
def is_cookie_domain_acceptable(request_host: str, cookie_domain: C) -> C: ...
def compile(text: Union[str, bytes]) -> bytes: ...
