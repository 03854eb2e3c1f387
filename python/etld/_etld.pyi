"""Type stubs of the native module `etld._etld` (re-exported by `etld`)."""

from os import PathLike
from typing import Any, ClassVar, Iterable, Iterator, Literal, Optional, Protocol, Sequence, Tuple, TypeVar, Union, final, overload

__all__ = [
    "__version__",
    "BUILTIN_LIST_VERSION",
    "EXTRACT_FIELDS",
    "HostError",
    "UrlError",
    "ListError",
    "UpdateError",
    "Updated",
    "update",
    "List",
    "Domain",
    "Layer",
    "Column",
    "ExtractResult",
    "default_list",
    "registrable",
    "suffix",
    "lookup",
    "lookup_url",
    "extract",
    "subdomain",
    "label",
    "section",
    "known",
    "error",
    "site",
    "host",
    "answer",
    "is_cookie_domain_acceptable",
    "compile",
]

__version__: str
#: The VERSION of the list built into the package.
BUILTIN_LIST_VERSION: Optional[str]
#: The fields of the struct column `extract` gives for a column, in order:
#: `ExtractResult`'s fields and properties, as tldextract lists them.
EXTRACT_FIELDS: Tuple[
    Literal["subdomain"],
    Literal["domain"],
    Literal["suffix"],
    Literal["registered_domain"],
    Literal["top_domain_under_public_suffix"],
    Literal["fqdn"],
    Literal["ipv4"],
    Literal["ipv6"],
    Literal["is_private"],
    Literal["registry_suffix"],
    Literal["top_domain_under_registry_suffix"],
]

Output = Literal["input", "ascii", "unicode"]
#: A file of extra rules (`.dat` text).
StrPath = Union[str, PathLike[str]]
#: The `extra=` argument: one file of extra rules (its path as bytes too), or several, laid in order.
Extra = Union[StrPath, bytes, Iterable[Union[StrPath, bytes]], None]
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
    "site",
    "extract",
]

class ArrowArrayExportable(Protocol):
    """Anything with `__arrow_c_array__` (a pyarrow Array, an `etld.Column`)."""

    def __arrow_c_array__(self, requested_schema: Optional[object] = None) -> Tuple[object, object]: ...

class ArrowStreamExportable(Protocol):
    """Anything with `__arrow_c_stream__` (a pyarrow ChunkedArray, a polars
    or pandas Series)."""

    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object: ...

class PandasSeries(Protocol):
    """A pandas Series, told by its index and array: pandas speaks the Arrow
    PyCapsule interface from 2.2, but its type stubs do not say so."""

    @property
    def index(self) -> Any: ...
    @property
    def array(self) -> Any: ...

#: A column of hosts or URLs: a pyarrow Array or ChunkedArray, a polars
#: Series, a pandas Series, or anything else that speaks the Arrow
#: PyCapsule interface.
ColumnLike = Union[ArrowArrayExportable, ArrowStreamExportable, PandasSeries]

#: A column whose answer is strings, which come back in the same type of
#: column (a string column of pyarrow in its own string type); a column of
#: another library comes back as an `etld.Column`. The answers that are not
#: strings (`known`, `lookup`, `lookup_url`, `extract`, the cookie check:
#: booleans and structs) come back in the same kind of column, typed `Any`.
C = TypeVar("C", bound=ColumnLike)

class HostError(ValueError):
    """An invalid host: empty, an empty label, a forbidden code point, a bad xn-- label, an IP address, too long. Its message is etld's, and says at which byte."""

class UrlError(ValueError):
    """A URL (or host:port, or e-mail address) with no host that etld takes."""

class ListError(ValueError):
    """List text, a .fst file or a file of extra rules that is not a valid list (a file that cannot be read raises the OSError that open() would: FileNotFoundError, PermissionError, ...); the message names the file, the line, the byte and what is wrong (also as the attributes `path`, `line` and `offset`, None where they do not apply)."""

    #: The file (or the name given to `List.with_extra`) at fault, or None.
    path: Optional[str]
    #: The 1-based line at fault, or None.
    line: Optional[int]
    #: The byte of that line at fault, counted from 0, or None.
    offset: Optional[int]

class UpdateError(OSError):
    """An update that installed nothing: the download failed or was refused (not a complete list, older than the list in use, a VERSION in the future), the cache directory could not be written, or another update held its lock too long. The list in use is unchanged; the message says why, as `etld update` does, and `errno` is the system's error number where it gave one (a refused connection, a directory that cannot be written), else None."""

@final
class Updated:
    """What `etld.update()` did: the list it installed, or found installed
    and unchanged on the server.
    """

    @property
    def path(self) -> str:
        """Where the list is installed."""
    @property
    def version(self) -> Optional[str]:
        """The installed list's VERSION, or None."""
    @property
    def installed(self) -> bool:
        """Whether this update installed it (False: the server said the
        installed list has not changed).
        """
    @property
    def report(self) -> str:
        """What happened, as `etld update` prints it."""

def update(url: Optional[str] = None, force: bool = False) -> Updated:
    """Downloads the Public Suffix List (from `url`, by default the list's own
    site), checks that it is a complete list that may replace the one in
    use, and installs it compiled in the cache directory
    (`$ETLD_CACHE_DIR`, else the platform's), exactly as `etld update`
    does: the same code, the same refusals, the same lock. Later processes
    (and `etld.List()` made later in this one) use it when it is the newest
    list at hand. `force=True` downloads the list without asking whether it
    changed, and takes one older than the list in use. Raises `UpdateError`
    when nothing was installed. What the command line writes on stderr (a
    list passed over, a download record ignored or not written, a wait for
    another update's lock, an `$ETLD_LOCK_WAIT` ignored) is a `UserWarning`
    each, raised when the update ends, before its error if it failed.
    Ctrl-C raises `KeyboardInterrupt` at once; a download under way then
    goes on by itself until it ends or times out, and a complete list it
    brings is installed as any update's.

    >>> etld.update()  # doctest: +SKIP
    Updated(path='/home/me/.cache/etld/public_suffix_list.fst', version='2026-11-20_...', installed=True)
    """

@final
class Column:
    """A column of results, in one or more chunks: an Arrow array that Python
    libraries take in through `__arrow_c_array__` (`pyarrow.array(c)`,
    `polars.Series(c)`), its chunks concatenated if there are several, and
    `chunks()` for those that keep chunks apart.
    """

    def __arrow_c_array__(self, requested_schema: Optional[object] = None) -> Tuple[object, object]:
        """Exports the column as one array, a pair of capsules (the Arrow
        PyCapsule interface). A requested schema is not followed: the
        array comes in its own type.
        """
    def __arrow_c_schema__(self) -> object:
        """Exports the column's type as a capsule."""
    def chunks(self) -> list[Column]:
        """The chunks, each a `Column` of its own, in order."""
    def __len__(self) -> int: ...

@final
class Domain:
    """The answer for one host: every part of it. Immutable, compared and
    hashed by value (a set or a dict key), and picklable.

    >>> d = etld.lookup("www.Example.co.uk")
    >>> d.registrable, d.suffix, d.subdomain, d.label, d.section, d.known
    ('example.co.uk', 'co.uk', 'www', 'example', 'icann', True)
    >>> len({d, etld.lookup("www.Example.co.uk"), etld.lookup("www.example.co.uk")})
    2
    """

    @property
    def host(self) -> str:
        """The host looked up, as given (for `lookup_url`, as taken out of the
        URL).
        """
    @property
    def name(self) -> str:
        """The whole name, lower-cased, in the output form."""
    @property
    def suffix(self) -> Optional[str]:
        """The public suffix, or None (with `implicit_rule=False`)."""
    @property
    def registrable(self) -> Optional[str]:
        """The registrable domain, or None when the host is a public suffix."""
    @property
    def subdomain(self) -> Optional[str]:
        """The labels left of the registrable domain, or None."""
    @property
    def label(self) -> Optional[str]:
        """The label left of the public suffix, or None."""
    @property
    def section(self) -> Optional[Literal["icann", "private"]]:
        """`"icann"` or `"private"`: the section of the rule that prevailed;
        None for the implicit `*` rule.
        """
    @property
    def known(self) -> bool:
        """Whether a listed rule prevailed."""
    @property
    def rule(self) -> Optional[str]:
        """The prevailing rule as the list writes it, in ASCII: `"co.uk"`,
        `"*.kobe.jp"`, `"!city.kobe.jp"`, `"*"` for the implicit rule; None
        when no rule matched (`implicit_rule=False`).
        """
    @property
    def icann_suffix(self) -> Optional[str]:
        """The public suffix under the ICANN section alone, the other options
        as they were (tldextract's `registry_suffix`): the suffix itself
        unless a PRIVATE rule prevailed (`"io"` for `me.github.io`).
        """
    @property
    def icann_registrable(self) -> Optional[str]:
        """The registrable domain under the ICANN section alone (`"github.io"`
        for `me.github.io`).
        """
    @property
    def is_public_suffix(self) -> bool:
        """Whether the host is itself a public suffix."""
    @property
    def is_fqdn(self) -> bool:
        """Whether the host ends in a dot."""

@final
class Layer:
    """One text of rules laid over a list: its name, how many rules it holds,
    and its `// VERSION:` and `// COMMIT:`.

    >>> corp = etld.List.builtin().with_extra("*.dev.corp.example\\n", name="corp.dat")
    >>> corp.layers
    [etld.Layer(name='corp.dat', rules=1, version=None)]
    """

    @property
    def name(self) -> str:
        """The name it was given: the path it was read from, or the `name` of
        `List.with_extra`.
        """
    @property
    def rules(self) -> int:
        """The number of its rules (duplicates merged; a rule the list already
        holds counts too).
        """
    @property
    def icann(self) -> int:
        """The number of its rules in the ICANN section."""
    @property
    def private(self) -> int:
        """The number of its rules in the PRIVATE section."""
    @property
    def version(self) -> Optional[str]:
        """Its `// VERSION:` comment, or None."""
    @property
    def commit(self) -> Optional[str]:
        """Its `// COMMIT:` comment, or None."""
    @property
    def rule_counts(self) -> dict[str, int]:
        """The number of rules: a dict of `total`, `icann` and `private`, as
        `List.rule_counts`.
        """

@final
class ExtractResult(Sequence[Union[str, bool]]):
    """The parts of a host, in tldextract's shape: each `''` where absent.

    `extract`'s answer for one input: immutable, hashable, picklable, a
    sequence of its five fields (a `collections.abc.Sequence`) as
    tldextract's `ExtractResult` once was, with the same fields and
    properties, and a named tuple's `_asdict()` and `_replace()`.

    >>> r = etld.extract("https://user:pw@www.Example.CO.uk:8080/a")
    >>> r.subdomain, r.domain, r.suffix, r.registered_domain, r.fqdn
    ('www', 'example', 'co.uk', 'example.co.uk', 'www.example.co.uk')
    >>> etld.extract("me.github.io").is_private, etld.extract("me.github.io").registry_suffix
    (True, 'io')
    >>> etld.extract("http://127.0.0.1:8080/").ipv4
    '127.0.0.1'
    """

    #: The names of the five fields, in order.
    _fields: ClassVar[Tuple[Literal["subdomain"], Literal["domain"], Literal["suffix"], Literal["is_private"], Literal["registry_suffix"]]]
    def __new__(cls, subdomain: str, domain: str, suffix: str, is_private: bool = False, registry_suffix: str = "") -> ExtractResult:
        """A result of these parts."""
    @property
    def subdomain(self) -> str:
        """The labels left of the registrable domain."""
    @property
    def domain(self) -> str:
        """The label left of the public suffix; for an IP host the address,
        as the URL standard writes it (an IPv6 address in brackets); with
        no suffix (the implicit rule off), the last label.
        """
    @property
    def suffix(self) -> str:
        """The public suffix."""
    @property
    def is_private(self) -> bool:
        """Whether the suffix comes from the list's PRIVATE section."""
    @property
    def registry_suffix(self) -> str:
        """The public suffix under the ICANN section alone."""
    @property
    def registered_domain(self) -> str:
        """The registrable domain, `domain.suffix`; `''` without both."""
    @property
    def top_domain_under_public_suffix(self) -> str:
        """The registrable domain (tldextract's newer name for it)."""
    @property
    def fqdn(self) -> str:
        """The whole name, `subdomain.domain.suffix`, for a suffix with a
        domain or a PRIVATE suffix alone (`github.io`); else `''`.
        """
    @property
    def ipv4(self) -> str:
        """The IPv4 address the host is, in its canonical form; `''`."""
    @property
    def ipv6(self) -> str:
        """The IPv6 address the host is, compressed as the URL standard writes
        it, without brackets; `''`.
        """
    @property
    def top_domain_under_registry_suffix(self) -> str:
        """The registrable domain under the ICANN section alone (from the
        registrable domain: `''` without one).
        """
    def _asdict(self) -> dict[str, Union[str, bool]]:
        """The five fields as a dict."""
    def __iter__(self) -> Iterator[Union[str, bool]]: ...
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, key: int, /) -> Union[str, bool]: ...
    @overload
    def __getitem__(self, key: slice, /) -> Tuple[Union[str, bool], ...]: ...
    def __contains__(self, value: object, /) -> bool: ...
    def __reversed__(self) -> Iterator[Union[str, bool]]: ...
    def index(self, value: object, start: int = ..., stop: int = ..., /) -> int:
        """The first place of `value` among the five fields at or after
        `start` and before `stop`, as a tuple's `index` finds it.
        """
    def count(self, value: object, /) -> int:
        """How many of the five fields equal `value`."""
    def __eq__(self, value: object, /) -> bool: ...
    def __lt__(self, value: ExtractResult, /) -> bool: ...
    def __le__(self, value: ExtractResult, /) -> bool: ...
    def __gt__(self, value: ExtractResult, /) -> bool: ...
    def __ge__(self, value: ExtractResult, /) -> bool: ...
    def __hash__(self) -> int: ...
    @property
    def reverse_domain_name(self) -> str:
        """The name in reverse domain name notation, as tldextract writes it:
        the suffix (in its own order), the domain, then the subdomain's
        labels from the right (`co.uk.example.www`).
        """
    def _replace(self, **changes: Union[str, bool]) -> ExtractResult:
        """A new result with the fields named in `changes` replaced, as a
        named tuple's `_replace` gives one.
        """
    def __reduce__(self) -> Tuple[type[ExtractResult], Tuple[str, str, str, bool, str]]: ...

@final
class List:
    """A Public Suffix List and the options its lookups use.

    `List()` is the list the `etld` command line uses (`ETLD_LIST`, else
    the newest of the built-in list, the one `etld update` installed and
    the system's); `List(path)` a `.dat` or `.fst` file;
    `List.builtin()` the list built into the package;
    `List.from_bytes(data)` list text or `.fst` bytes. Each takes
    `extra=`, files of extra rules to lay over it (`List()` lays those of
    `$ETLD_EXTRA` first), and `List.with_extra(text)` lays list text over a
    list.
    """

    def __new__(
        cls,
        path: Union[StrPath, bytes, None] = None,
        *,
        extra: Extra = None,
        icann_only: bool = False,
        implicit_rule: bool = True,
        wildcard_root: bool = False,
        output: Output = "input",
    ) -> List: ...
    @staticmethod
    def builtin(
        *,
        extra: Extra = None,
        icann_only: bool = False,
        implicit_rule: bool = True,
        wildcard_root: bool = False,
        output: Output = "input",
    ) -> List:
        """The list built into the package, with the files of `extra` laid
        over it.
        """
    @staticmethod
    def from_path(
        path: Union[StrPath, bytes],
        *,
        extra: Extra = None,
        icann_only: bool = False,
        implicit_rule: bool = True,
        wildcard_root: bool = False,
        output: Output = "input",
    ) -> List:
        """A list from a `.dat` (text) or `.fst` (compiled) file, with the
        files of `extra` laid over it.
        """
    @staticmethod
    def from_bytes(
        data: Union[bytes, bytearray, str],
        *,
        extra: Extra = None,
        icann_only: bool = False,
        implicit_rule: bool = True,
        wildcard_root: bool = False,
        output: Output = "input",
    ) -> List:
        """A list from list text (`bytes` or `str`) or the bytes of a `.fst`
        file, told apart by the `.fst` magic bytes, with the files of
        `extra` laid over it.
        """
    def with_options(
        self,
        *,
        icann_only: Optional[bool] = None,
        implicit_rule: Optional[bool] = None,
        wildcard_root: Optional[bool] = None,
        output: Optional[Output] = None,
    ) -> List:
        """The same list with other options (each `None` keeps this list's)."""
    def with_extra(self, text: Union[str, bytes], /, *, name: str = "<text>") -> List:
        """A new list: this one with the rules of list text (`str` or `bytes`,
        `.dat` form) laid over it, as though appended to it; `name` names
        the layer (`List.layers`) and errors. Same options.

        >>> corp = etld.List.builtin().with_extra("*.dev.corp.example\\n!www.dev.corp.example\\n")
        >>> corp.suffix("api.alice.dev.corp.example"), corp.suffix("www.dev.corp.example")
        ('alice.dev.corp.example', 'dev.corp.example')
        """
    @property
    def layers(self) -> list[Layer]:
        """The texts of extra rules laid over the list, in order: a list of
        `Layer` (name, rule counts, VERSION and COMMIT); empty for a list
        without them.
        """
    @property
    def fingerprint(self) -> int:
        """What tells this list from others (an int): the checksum of its
        `.fst` file, which holds its rules, VERSION and COMMIT. Lists with
        the same rules and metadata have the same fingerprint however they
        were made.
        """
    @overload
    def registrable(self, host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[str]:
        """The registrable domain of a host (None when the host is a public
        suffix or invalid), or of every host of a column.

        >>> icann = etld.List.builtin(icann_only=True)
        >>> icann.registrable("me.github.io"), icann.registrable("me.github.io", icann_only=False)
        ('github.io', 'me.github.io')
        """
    @overload
    def registrable(self, host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
        """The registrable domain of a host (None when the host is a public
        suffix or invalid), or of every host of a column.

        >>> icann = etld.List.builtin(icann_only=True)
        >>> icann.registrable("me.github.io"), icann.registrable("me.github.io", icann_only=False)
        ('github.io', 'me.github.io')
        """
    @overload
    def registrable(self, host: C, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> C:
        """The registrable domain of a host (None when the host is a public
        suffix or invalid), or of every host of a column.

        >>> icann = etld.List.builtin(icann_only=True)
        >>> icann.registrable("me.github.io"), icann.registrable("me.github.io", icann_only=False)
        ('github.io', 'me.github.io')
        """
    @overload
    def suffix(self, host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[str]:
        """The public suffix of a host (None when it has none or is invalid),
        or of every host of a column.

        >>> etld.List.builtin().suffix("www.example.co.uk")
        'co.uk'
        """
    @overload
    def suffix(self, host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
        """The public suffix of a host (None when it has none or is invalid),
        or of every host of a column.

        >>> etld.List.builtin().suffix("www.example.co.uk")
        'co.uk'
        """
    @overload
    def suffix(self, host: C, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> C:
        """The public suffix of a host (None when it has none or is invalid),
        or of every host of a column.

        >>> etld.List.builtin().suffix("www.example.co.uk")
        'co.uk'
        """
    @overload
    def lookup(self, host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Domain:
        """Every part of the answer for a host, as a `Domain`; raises
        `HostError` (a `ValueError`) for an invalid host. Given a column, a
        struct column of the fields of `etld lookup --json` (`suffix`,
        `registrable`, `subdomain`, `label`, `section`, `known`, `rule`,
        `icann_suffix`, `icann_registrable`, `error`; a row whose `error`
        says why for an invalid host).

        >>> etld.List.builtin().lookup("a..b")
        Traceback (most recent call last):
        etld.HostError: empty label at byte 2
        """
    @overload
    def lookup(self, host: ColumnLike, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Any:
        """Every part of the answer for a host, as a `Domain`; raises
        `HostError` (a `ValueError`) for an invalid host. Given a column, a
        struct column of the fields of `etld lookup --json` (`suffix`,
        `registrable`, `subdomain`, `label`, `section`, `known`, `rule`,
        `icann_suffix`, `icann_registrable`, `error`; a row whose `error`
        says why for an invalid host).

        >>> etld.List.builtin().lookup("a..b")
        Traceback (most recent call last):
        etld.HostError: empty label at byte 2
        """
    @overload
    def lookup_url(self, url: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None) -> Domain:
        """Every part of the answer for the host of a URL (or `host:port`, or
        an e-mail address), as the WHATWG URL standard's parser takes the
        host out; raises `UrlError` or `HostError` (both `ValueError`s).
        Given a column, a struct column with the host too.

        >>> etld.List.builtin().lookup_url("https://user@www.Example.co.uk:8080/path").registrable
        'example.co.uk'
        """
    @overload
    def lookup_url(self, url: ColumnLike, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None) -> Any:
        """Every part of the answer for the host of a URL (or `host:port`, or
        an e-mail address), as the WHATWG URL standard's parser takes the
        host out; raises `UrlError` or `HostError` (both `ValueError`s).
        Given a column, a struct column with the host too.

        >>> etld.List.builtin().lookup_url("https://user@www.Example.co.uk:8080/path").registrable
        'example.co.uk'
        """
    @overload
    def subdomain(self, host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[str]:
        """The labels left of the registrable domain (`www` for
        `www.example.co.uk`), or None; for a column, a column.
        """
    @overload
    def subdomain(self, host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
        """The labels left of the registrable domain (`www` for
        `www.example.co.uk`), or None; for a column, a column.
        """
    @overload
    def subdomain(self, host: C, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> C:
        """The labels left of the registrable domain (`www` for
        `www.example.co.uk`), or None; for a column, a column.
        """
    @overload
    def label(self, host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[str]:
        """The label left of the public suffix (`example` for
        `www.example.co.uk`), or None; for a column, a column.
        """
    @overload
    def label(self, host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
        """The label left of the public suffix (`example` for
        `www.example.co.uk`), or None; for a column, a column.
        """
    @overload
    def label(self, host: C, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> C:
        """The label left of the public suffix (`example` for
        `www.example.co.uk`), or None; for a column, a column.
        """
    @overload
    def section(self, host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[Literal["icann", "private"]]:
        """`"icann"` or `"private"`: the section of the rule that prevailed;
        None for the implicit `*` rule or an invalid host. For a column, a
        column.
        """
    @overload
    def section(self, host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
        """`"icann"` or `"private"`: the section of the rule that prevailed;
        None for the implicit `*` rule or an invalid host. For a column, a
        column.
        """
    @overload
    def section(self, host: C, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> C:
        """`"icann"` or `"private"`: the section of the rule that prevailed;
        None for the implicit `*` rule or an invalid host. For a column, a
        column.
        """
    @overload
    def known(self, host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[bool]:
        """Whether a listed rule prevailed (None for an invalid host); for a
        column, a column.
        """
    @overload
    def known(self, host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
        """Whether a listed rule prevailed (None for an invalid host); for a
        column, a column.
        """
    @overload
    def known(self, host: ColumnLike, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Any:
        """Whether a listed rule prevailed (None for an invalid host); for a
        column, a column.
        """
    @overload
    def error(self, host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[str]:
        """Why the host is invalid (etld's message), or None when it is
        valid; for a column, a column.
        """
    @overload
    def error(self, host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
        """Why the host is invalid (etld's message), or None when it is
        valid; for a column, a column.
        """
    @overload
    def error(self, host: C, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> C:
        """Why the host is invalid (etld's message), or None when it is
        valid; for a column, a column.
        """
    @overload
    def site(self, host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[str]:
        """The site key of a host, for grouping and counting by site: its
        registrable domain in ASCII (A-labels), without a trailing dot, so
        that `www.bücher.de`, `shop.xn--bcher-kva.de` and `bücher.de.` are
        one site; None where there is none (a public suffix, an IP address,
        an invalid host). For a column, a column.

        >>> psl = etld.List.builtin()
        >>> psl.site("www.Bücher.de"), psl.site("shop.xn--bcher-kva.de"), psl.site("bücher.de.")
        ('xn--bcher-kva.de', 'xn--bcher-kva.de', 'xn--bcher-kva.de')
        """
    @overload
    def site(self, host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
        """The site key of a host, for grouping and counting by site: its
        registrable domain in ASCII (A-labels), without a trailing dot, so
        that `www.bücher.de`, `shop.xn--bcher-kva.de` and `bücher.de.` are
        one site; None where there is none (a public suffix, an IP address,
        an invalid host). For a column, a column.

        >>> psl = etld.List.builtin()
        >>> psl.site("www.Bücher.de"), psl.site("shop.xn--bcher-kva.de"), psl.site("bücher.de.")
        ('xn--bcher-kva.de', 'xn--bcher-kva.de', 'xn--bcher-kva.de')
        """
    @overload
    def site(self, host: C, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> C:
        """The site key of a host, for grouping and counting by site: its
        registrable domain in ASCII (A-labels), without a trailing dot, so
        that `www.bücher.de`, `shop.xn--bcher-kva.de` and `bücher.de.` are
        one site; None where there is none (a public suffix, an IP address,
        an invalid host). For a column, a column.

        >>> psl = etld.List.builtin()
        >>> psl.site("www.Bücher.de"), psl.site("shop.xn--bcher-kva.de"), psl.site("bücher.de.")
        ('xn--bcher-kva.de', 'xn--bcher-kva.de', 'xn--bcher-kva.de')
        """
    def answer(self, part: Part, host: Any, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Any:
        """One part of the answer, by name (`registrable`, `suffix`,
        `subdomain`, `label`, `section`, `known`, `error`, `lookup`, `host`,
        `lookup_url`, `site`, `extract`) for a host or a column.
        """
    @overload
    def is_cookie_domain_acceptable(self, request_host: str, cookie_domain: str) -> bool:
        """Whether a server at `request_host` may set a cookie for
        `cookie_domain` (RFC 6265), answered as a browser does whatever the
        list's options: never for a public suffix or a domain above the
        host's registrable domain (unless it is the host itself), an IP
        address only for the same address, False for an invalid host or an
        empty domain (an empty `Domain` attribute is none: the cookie stays
        with its host). Either argument may be a column (the other a str or
        a column of the same length): a column of booleans comes back, null
        where either side is null.

        >>> psl = etld.List.builtin()
        >>> psl.is_cookie_domain_acceptable("www.example.co.uk", "example.co.uk")
        True
        >>> psl.is_cookie_domain_acceptable("www.example.co.uk", "co.uk")
        False
        >>> psl.is_cookie_domain_acceptable("bucket.s3.amazonaws.com", "amazonaws.com")
        False
        """
    @overload
    def is_cookie_domain_acceptable(self, request_host: ColumnLike, cookie_domain: Union[str, ColumnLike]) -> Any:
        """Whether a server at `request_host` may set a cookie for
        `cookie_domain` (RFC 6265), answered as a browser does whatever the
        list's options: never for a public suffix or a domain above the
        host's registrable domain (unless it is the host itself), an IP
        address only for the same address, False for an invalid host or an
        empty domain (an empty `Domain` attribute is none: the cookie stays
        with its host). Either argument may be a column (the other a str or
        a column of the same length): a column of booleans comes back, null
        where either side is null.

        >>> psl = etld.List.builtin()
        >>> psl.is_cookie_domain_acceptable("www.example.co.uk", "example.co.uk")
        True
        >>> psl.is_cookie_domain_acceptable("www.example.co.uk", "co.uk")
        False
        >>> psl.is_cookie_domain_acceptable("bucket.s3.amazonaws.com", "amazonaws.com")
        False
        """
    @overload
    def is_cookie_domain_acceptable(self, request_host: str, cookie_domain: ColumnLike) -> Any:
        """Whether a server at `request_host` may set a cookie for
        `cookie_domain` (RFC 6265), answered as a browser does whatever the
        list's options: never for a public suffix or a domain above the
        host's registrable domain (unless it is the host itself), an IP
        address only for the same address, False for an invalid host or an
        empty domain (an empty `Domain` attribute is none: the cookie stays
        with its host). Either argument may be a column (the other a str or
        a column of the same length): a column of booleans comes back, null
        where either side is null.

        >>> psl = etld.List.builtin()
        >>> psl.is_cookie_domain_acceptable("www.example.co.uk", "example.co.uk")
        True
        >>> psl.is_cookie_domain_acceptable("www.example.co.uk", "co.uk")
        False
        >>> psl.is_cookie_domain_acceptable("bucket.s3.amazonaws.com", "amazonaws.com")
        False
        """
    @property
    def version(self) -> Optional[str]:
        """The list's `// VERSION:` (`2026-10-22_08-36-41_UTC`), or None."""
    @property
    def commit(self) -> Optional[str]:
        """The list's `// COMMIT:`, or None."""
    @property
    def source(self) -> str:
        """Where the list came from: `the built-in list`, or a file and why it
        was chosen.
        """
    @property
    def rule_counts(self) -> dict[str, int]:
        """The number of rules: a dict of `total`, `icann` and `private`."""
    @property
    def options(self) -> dict[str, Any]:
        """The options, as the keyword arguments that set them."""
    def to_fst_bytes(self) -> bytes:
        """The list as the bytes of a `.fst` file (what `etld compile` writes)."""
    def unfold(self) -> None:
        """Unfolds the list's rules into the tree that lookups walk, now, if
        they are not yet, with the GIL released. A list answers its first
        few hundred lookups (more for a larger list) from its compiled map
        and then unfolds the tree within one call: a few milliseconds for
        the Public Suffix List, about a second for a list of a million
        rules. A program that wants every call as fast as the last calls
        this first. Cheap once done.

        >>> lst = etld.List.builtin()
        >>> lst.unfold()
        >>> lst.registrable("www.example.co.uk")
        'example.co.uk'
        """
    @overload
    def extract(self, url_or_host: Optional[str], /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None) -> ExtractResult:
        """The parts of the host of a URL, a host, `host:port` or an e-mail
        address in tldextract's shape (an `etld.ExtractResult`), answered
        from this list: see `etld.extract`. Given a column, a struct column
        of its fields and properties (`subdomain`, `domain`, `suffix`,
        `registered_domain`, `top_domain_under_public_suffix`, `fqdn`,
        `ipv4`, `ipv6`, `is_private`, `registry_suffix`,
        `top_domain_under_registry_suffix`): each row what `extract` gives
        for its value, NULL for NULL.

        >>> import pyarrow as pa
        >>> rows = etld.List.builtin().extract(pa.array(["https://me.github.io/x", None])).to_pylist()
        >>> rows[0]["registered_domain"], rows[0]["is_private"], rows[1]
        ('me.github.io', True, None)
        """
    @overload
    def extract(self, url_or_host: ColumnLike, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None) -> Any:
        """The parts of the host of a URL, a host, `host:port` or an e-mail
        address in tldextract's shape (an `etld.ExtractResult`), answered
        from this list: see `etld.extract`. Given a column, a struct column
        of its fields and properties (`subdomain`, `domain`, `suffix`,
        `registered_domain`, `top_domain_under_public_suffix`, `fqdn`,
        `ipv4`, `ipv6`, `is_private`, `registry_suffix`,
        `top_domain_under_registry_suffix`): each row what `extract` gives
        for its value, NULL for NULL.

        >>> import pyarrow as pa
        >>> rows = etld.List.builtin().extract(pa.array(["https://me.github.io/x", None])).to_pylist()
        >>> rows[0]["registered_domain"], rows[0]["is_private"], rows[1]
        ('me.github.io', True, None)
        """

def default_list() -> List:
    """The list the module-level functions answer from: `etld.List()`, loaded
    once, on first use.
    """
@overload
def registrable(host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[str]:
    """The registrable domain of `host` on the list in use; see `List.registrable`.

    >>> etld.registrable("www.example.co.uk"), etld.registrable("co.uk")
    ('example.co.uk', None)
    >>> etld.registrable("Bücher.DE"), etld.registrable("Bücher.DE", output="ascii")
    ('bücher.de', 'xn--bcher-kva.de')
    """
@overload
def registrable(host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
    """The registrable domain of `host` on the list in use; see `List.registrable`.

    >>> etld.registrable("www.example.co.uk"), etld.registrable("co.uk")
    ('example.co.uk', None)
    >>> etld.registrable("Bücher.DE"), etld.registrable("Bücher.DE", output="ascii")
    ('bücher.de', 'xn--bcher-kva.de')
    """
@overload
def registrable(host: C, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> C:
    """The registrable domain of `host` on the list in use; see `List.registrable`.

    >>> etld.registrable("www.example.co.uk"), etld.registrable("co.uk")
    ('example.co.uk', None)
    >>> etld.registrable("Bücher.DE"), etld.registrable("Bücher.DE", output="ascii")
    ('bücher.de', 'xn--bcher-kva.de')
    """
@overload
def suffix(host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[str]:
    """The public suffix of `host` on the list in use; see `List.suffix`.

    >>> etld.suffix("www.example.co.uk"), etld.suffix("me.github.io", icann_only=True)
    ('co.uk', 'io')
    """
@overload
def suffix(host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
    """The public suffix of `host` on the list in use; see `List.suffix`.

    >>> etld.suffix("www.example.co.uk"), etld.suffix("me.github.io", icann_only=True)
    ('co.uk', 'io')
    """
@overload
def suffix(host: C, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> C:
    """The public suffix of `host` on the list in use; see `List.suffix`.

    >>> etld.suffix("www.example.co.uk"), etld.suffix("me.github.io", icann_only=True)
    ('co.uk', 'io')
    """
@overload
def lookup(host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Domain:
    """Every part of the answer for `host`; see `List.lookup`.

    >>> d = etld.lookup("www.example.co.uk")
    >>> d.registrable, d.suffix, d.subdomain
    ('example.co.uk', 'co.uk', 'www')
    """
@overload
def lookup(host: ColumnLike, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Any:
    """Every part of the answer for `host`; see `List.lookup`.

    >>> d = etld.lookup("www.example.co.uk")
    >>> d.registrable, d.suffix, d.subdomain
    ('example.co.uk', 'co.uk', 'www')
    """
@overload
def lookup_url(url: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None) -> Domain:
    """Every part of the answer for the host of `url`; see `List.lookup_url`.

    >>> etld.lookup_url("someone@mail.example.co.uk").suffix
    'co.uk'
    """
@overload
def lookup_url(url: ColumnLike, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None) -> Any:
    """Every part of the answer for the host of `url`; see `List.lookup_url`.

    >>> etld.lookup_url("someone@mail.example.co.uk").suffix
    'co.uk'
    """
@overload
def extract(url_or_host: Optional[str], /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None) -> ExtractResult:
    """The parts of the host of a URL, a host, `host:port` or an e-mail
    address, in tldextract's shape (`ExtractResult`), from the list the
    module's functions use; `List.extract` answers from another list.
    Never raises for an input: one with no valid host gives a result of
    `''` parts. Options as keyword arguments, as for `lookup`.

    >>> etld.extract("https://user:pw@www.Example.CO.uk:8080/a")
    ExtractResult(subdomain='www', domain='example', suffix='co.uk', is_private=False, registry_suffix='co.uk')
    >>> etld.extract("a.b.aivencloud.com").top_domain_under_registry_suffix
    'aivencloud.com'

    Given a column (as the other functions take one), a struct column of
    the fields and properties, in `etld.EXTRACT_FIELDS`' order, each row
    what `extract` gives for its value (strings `''` where absent), NULL
    for NULL, answered in one batch with the GIL released:

    >>> import pyarrow as pa
    >>> rows = etld.extract(pa.array(["http://[::1]:8080/", "www.example.co.uk", None])).to_pylist()
    >>> rows[0]["ipv6"], rows[1]["fqdn"], rows[1]["top_domain_under_registry_suffix"], rows[2]
    ('::1', 'www.example.co.uk', 'example.co.uk', None)
    """
@overload
def extract(url_or_host: ColumnLike, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None) -> Any:
    """The parts of the host of a URL, a host, `host:port` or an e-mail
    address, in tldextract's shape (`ExtractResult`), from the list the
    module's functions use; `List.extract` answers from another list.
    Never raises for an input: one with no valid host gives a result of
    `''` parts. Options as keyword arguments, as for `lookup`.

    >>> etld.extract("https://user:pw@www.Example.CO.uk:8080/a")
    ExtractResult(subdomain='www', domain='example', suffix='co.uk', is_private=False, registry_suffix='co.uk')
    >>> etld.extract("a.b.aivencloud.com").top_domain_under_registry_suffix
    'aivencloud.com'

    Given a column (as the other functions take one), a struct column of
    the fields and properties, in `etld.EXTRACT_FIELDS`' order, each row
    what `extract` gives for its value (strings `''` where absent), NULL
    for NULL, answered in one batch with the GIL released:

    >>> import pyarrow as pa
    >>> rows = etld.extract(pa.array(["http://[::1]:8080/", "www.example.co.uk", None])).to_pylist()
    >>> rows[0]["ipv6"], rows[1]["fqdn"], rows[1]["top_domain_under_registry_suffix"], rows[2]
    ('::1', 'www.example.co.uk', 'example.co.uk', None)
    """
@overload
def subdomain(host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[str]:
    """The labels left of the registrable domain of `host` on the list in use; see `List.subdomain`."""
@overload
def subdomain(host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
    """The labels left of the registrable domain of `host` on the list in use; see `List.subdomain`."""
@overload
def subdomain(host: C, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> C:
    """The labels left of the registrable domain of `host` on the list in use; see `List.subdomain`."""
@overload
def label(host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[str]:
    """The label left of the public suffix of `host` on the list in use; see `List.label`."""
@overload
def label(host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
    """The label left of the public suffix of `host` on the list in use; see `List.label`."""
@overload
def label(host: C, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> C:
    """The label left of the public suffix of `host` on the list in use; see `List.label`."""
@overload
def section(host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[Literal["icann", "private"]]:
    """The section of the rule that prevailed for `host` on the list in use; see `List.section`."""
@overload
def section(host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
    """The section of the rule that prevailed for `host` on the list in use; see `List.section`."""
@overload
def section(host: C, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> C:
    """The section of the rule that prevailed for `host` on the list in use; see `List.section`."""
@overload
def known(host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[bool]:
    """Whether a listed rule prevailed for `host` on the list in use; see `List.known`."""
@overload
def known(host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
    """Whether a listed rule prevailed for `host` on the list in use; see `List.known`."""
@overload
def known(host: ColumnLike, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Any:
    """Whether a listed rule prevailed for `host` on the list in use; see `List.known`."""
@overload
def error(host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[str]:
    """Why `host` is invalid, or None, on the list in use; see `List.error`."""
@overload
def error(host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
    """Why `host` is invalid, or None, on the list in use; see `List.error`."""
@overload
def error(host: C, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> C:
    """Why `host` is invalid, or None, on the list in use; see `List.error`."""
@overload
def site(host: str, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Optional[str]:
    """The site key of `host` on the list in use, for grouping by site: its
    registrable domain in ASCII, without a trailing dot; see `List.site`.

    >>> etld.site("www.bücher.de"), etld.site("Shop.xn--bcher-kva.DE."), etld.site("co.uk")
    ('xn--bcher-kva.de', 'xn--bcher-kva.de', None)
    """
@overload
def site(host: None, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> None:
    """The site key of `host` on the list in use, for grouping by site: its
    registrable domain in ASCII, without a trailing dot; see `List.site`.

    >>> etld.site("www.bücher.de"), etld.site("Shop.xn--bcher-kva.DE."), etld.site("co.uk")
    ('xn--bcher-kva.de', 'xn--bcher-kva.de', None)
    """
@overload
def site(host: C, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> C:
    """The site key of `host` on the list in use, for grouping by site: its
    registrable domain in ASCII, without a trailing dot; see `List.site`.

    >>> etld.site("www.bücher.de"), etld.site("Shop.xn--bcher-kva.DE."), etld.site("co.uk")
    ('xn--bcher-kva.de', 'xn--bcher-kva.de', None)
    """
@overload
def host(url: str, /) -> Optional[str]:
    """The host of a URL, `host:port` or e-mail address, as the WHATWG URL
    standard's parser takes it out; None when there is none. For a column
    of URLs, a column (`etld.host("https://user@www.Example.co.uk:8080/")`
    is `'www.Example.co.uk'`).
    """
@overload
def host(url: None, /) -> None:
    """The host of a URL, `host:port` or e-mail address, as the WHATWG URL
    standard's parser takes it out; None when there is none. For a column
    of URLs, a column (`etld.host("https://user@www.Example.co.uk:8080/")`
    is `'www.Example.co.uk'`).
    """
@overload
def host(url: C, /) -> C:
    """The host of a URL, `host:port` or e-mail address, as the WHATWG URL
    standard's parser takes it out; None when there is none. For a column
    of URLs, a column (`etld.host("https://user@www.Example.co.uk:8080/")`
    is `'www.Example.co.uk'`).
    """
def answer(part: Part, host: Any, /, *, icann_only: Optional[bool] = None, implicit_rule: Optional[bool] = None, wildcard_root: Optional[bool] = None, output: Optional[Output] = None, url: bool = False) -> Any:
    """One part of the answer by name, for a host or a column; see `List.answer`."""
@overload
def is_cookie_domain_acceptable(request_host: str, cookie_domain: str) -> bool:
    """The cookie check on the list in use; see `List.is_cookie_domain_acceptable`.

    >>> etld.is_cookie_domain_acceptable("a.b.example.com", "example.com")
    True
    """
@overload
def is_cookie_domain_acceptable(request_host: ColumnLike, cookie_domain: Union[str, ColumnLike]) -> Any:
    """The cookie check on the list in use; see `List.is_cookie_domain_acceptable`.

    >>> etld.is_cookie_domain_acceptable("a.b.example.com", "example.com")
    True
    """
@overload
def is_cookie_domain_acceptable(request_host: str, cookie_domain: ColumnLike) -> Any:
    """The cookie check on the list in use; see `List.is_cookie_domain_acceptable`.

    >>> etld.is_cookie_domain_acceptable("a.b.example.com", "example.com")
    True
    """
def compile(text: Union[str, bytes]) -> bytes:
    """Compiles list text into the bytes of a `.fst` file.

    >>> psl = etld.List.from_bytes(etld.compile("com\\n*.example.com\\n"))
    >>> psl.suffix("a.b.example.com")
    'b.example.com'
    """
