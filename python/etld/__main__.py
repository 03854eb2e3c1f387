"""``python -m etld``: the command line for a pip-only install.

    python -m etld update [--url URL] [--force]
    python -m etld [lookup] [--json] [--url] [--list FILE] [--extra FILE] [OPTIONS] [HOST ...]

``update`` is ``etld update`` (`etld.update`, the same code): it installs a
fresh list where later runs find it. ``lookup`` answers each HOST, or each
line of standard input when there is none, one line each, in order, as
``etld`` does: ``REGISTRABLE<TAB>SUFFIX`` (either may be empty) or
``error: MESSAGE``; ``--json`` writes one object a line, the one ``etld
--json`` writes; ``--url`` takes each input as a URL (or ``host:port``, or
an e-mail address). The list and its options are chosen as ``etld``
chooses them: ``--list FILE`` (else ``$ETLD_LIST``, else the newest list at
hand), ``--extra FILE`` (after the files of ``$ETLD_EXTRA``),
``--icann-only``, ``--no-implicit-rule``, ``--wildcard-root`` and
``--output FORM`` (`etld.List` takes the same).
"""

import argparse
import contextlib
import io
import json
import sys
import warnings
from typing import Dict, Iterable, Iterator, List, Optional, Union

import etld


# The keys of ``etld --json`` after ``input`` (and ``host``), in its order.
_KEYS = ("suffix", "registrable", "subdomain", "label", "section", "known", "rule", "icann_suffix", "icann_registrable")


def _json_line(input: str, host: Optional[str], url: bool, d: Optional[etld.Domain], error: Optional[str]) -> str:
    """The object ``etld --json`` writes for ``input``, key for key:
    ``host`` only with ``--url``, every other key null (and ``known``
    false) on an error."""
    answer: Dict[str, object] = {"input": input}
    if url:
        answer["host"] = host
    for key in _KEYS:
        answer[key] = getattr(d, key) if d is not None else (False if key == "known" else None)
    answer["error"] = error
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":")) + "\n"


#: What the package adds to the message of an invalid host that looks like
#: a URL, which names the functions to call; here ``--url`` is the way, and
#: a note on standard error says so once, as ``etld`` does.
_URL_HINT = ": this looks like a URL"


def _url_note(n: int) -> str:
    """The note ``etld`` writes after its answers when ``n`` invalid hosts
    look like URLs."""
    if n == 1:
        return "etld: 1 invalid host looks like a URL (or host:port, or an e-mail address); --url looks up its host\n"
    return (
        f"etld: {n} invalid hosts look like URLs (or host:port, or e-mail addresses); --url looks up their hosts\n"
    )


def _texts(lines: Iterable[bytes]) -> Iterator[Union[str, UnicodeDecodeError]]:
    """The lines of standard input's bytes as etld reads them: UTF-8 on
    every platform (Windows would decode a redirected stream in its ANSI
    code page), without their line ends or a leading byte order mark; a
    line that is not UTF-8 as its decoding error."""
    first = True
    for line in lines:
        line = line[:-1] if line.endswith(b"\n") else line
        line = line[:-1] if line.endswith(b"\r") else line
        if first and line.startswith(b"\xef\xbb\xbf"):
            line = line[3:]
        first = False
        try:
            yield line.decode("utf-8")
        except UnicodeDecodeError as e:
            yield e


def _lookup(lst: etld.List, inputs: Iterable[Union[str, UnicodeDecodeError]], as_json: bool, url: bool) -> int:
    """Answers each input on standard output; how many invalid hosts looked
    like URLs."""
    out = sys.stdout
    url_like = 0
    for given in inputs:
        d: Optional[etld.Domain] = None
        if isinstance(given, UnicodeDecodeError):
            # As etld writes it: the line with U+FFFD for what is not UTF-8.
            text = given.object.decode("utf-8", "replace")
            error: Optional[str] = f"invalid UTF-8 at byte {given.start}"
            if as_json:
                out.write(_json_line(text, None, url, None, error))
            else:
                out.write(f"error: {error}\n")
            continue
        text = given
        try:
            d = lst.lookup_url(text) if url else lst.lookup(text)
            error = None
        except (etld.HostError, etld.UrlError) as e:
            d, error = None, str(e)
            if _URL_HINT in error:
                error = error.split(_URL_HINT, 1)[0]
                url_like += 1
        if as_json:
            # The URL's host: the answer's, else parsed again (the URL may
            # hold a host that is invalid, or none).
            host = (d.host if d is not None else etld.host(text)) if url else None
            out.write(_json_line(text, host, url, d, error))
        elif d is None:
            out.write(f"error: {error}\n")
        else:
            out.write(f"{d.registrable or ''}\t{d.suffix or ''}\n")
    return url_like


@contextlib.contextmanager
def _warnings_as_etld_writes_them() -> Iterator[None]:
    """The package's warnings raised within, written on stderr as `etld`
    writes them (each keeps that line as ``_line``); any other as Python
    shows it."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            yield
        finally:
            for w in caught:
                line = getattr(w.message, "_line", None)
                if line is not None:
                    print(line, file=sys.stderr)
                else:
                    warnings.showwarning(w.message, w.category, w.filename, w.lineno)


#: The commands of the `etld` binary that `python -m etld` does not run.
_BINARY_ONLY = ("compile", "info", "punycode", "idna", "cookie")


def main(argv: Optional[List[str]] = None) -> int:
    """Runs the command line of ``python -m etld``; its exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["help"]:
        # `etld help [COMMAND]`, as `--help` of the command named.
        args = [*args[1:2], "--help"]
    if args[:1] == ["update"]:
        parser = argparse.ArgumentParser(
            prog="python -m etld update",
            description="Download the Public Suffix List, check it and install it compiled in the cache "
            "directory ($ETLD_CACHE_DIR, else the platform's), as `etld update` does.",
        )
        parser.add_argument("--url", help="where to download the list from (default: the list's own site)")
        parser.add_argument("--force", action="store_true", help="take a list older than the one in use")
        options = parser.parse_args(args[1:])
        try:
            with _warnings_as_etld_writes_them():
                updated = etld.update(options.url, options.force)
        except etld.UpdateError as e:
            # The package's refusals name its `force=True`; this command's
            # way to force is `--force`, as `etld update`'s.
            message = str(e).replace("; force=True installs it anyway", "; --force installs it anyway")
            print(f"etld: {message}", file=sys.stderr)
            return 1
        sys.stdout.write(updated.report)
        return 0
    if args[:1] and args[0] in _BINARY_ONLY:
        # Words `etld` takes as commands are not hosts here either: a host
        # so named is looked up with `lookup` first, as there.
        print(
            f"etld: `{args[0]}` is a command of the `etld` binary; `python -m etld` runs `lookup` "
            f"(the default) and `update` (to look up a host named {args[0]!r}: python -m etld lookup {args[0]})",
            file=sys.stderr,
        )
        return 2
    if args[:1] == ["lookup"]:
        args = args[1:]
    parser = argparse.ArgumentParser(
        prog="python -m etld",
        description="Public suffix and registrable domain of each host.",
        epilog="Also: `python -m etld update [--url URL] [--force]` installs a fresh list "
        "(see `python -m etld update --help`); `python -m etld lookup ...` is the same as without `lookup`.",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object a line")
    parser.add_argument("--url", action="store_true", help="take each input as a URL and look up its host")
    parser.add_argument(
        "--list",
        metavar="FILE",
        help="a list file, .dat text or compiled .fst (default: $ETLD_LIST, else the newest list at hand)",
    )
    parser.add_argument(
        "--extra",
        metavar="FILE",
        action="append",
        help="a file of extra rules laid over the list, after those of $ETLD_EXTRA; repeatable",
    )
    parser.add_argument("--icann-only", action="store_true", help="use only the list's ICANN section")
    parser.add_argument(
        "--no-implicit-rule", action="store_true", help="no implicit * rule: a host under an unlisted TLD has no suffix"
    )
    parser.add_argument(
        "--wildcard-root", action="store_true", help="browser wildcard mode: *.kobe.jp also makes kobe.jp a suffix"
    )
    parser.add_argument(
        "--output",
        type=str.lower,
        choices=("input", "ascii", "unicode"),
        default="input",
        help="the form of the answers (in any case)",
    )
    parser.add_argument("hosts", nargs="*", metavar="HOST", help="hosts to look up; none: one a line from standard input")
    options = parser.parse_args(args)
    try:
        with _warnings_as_etld_writes_them():
            lst = etld.List(
                options.list,
                extra=options.extra,
                icann_only=options.icann_only,
                implicit_rule=not options.no_implicit_rule,
                wildcard_root=options.wildcard_root,
                output=options.output,
            )
    except (OSError, ValueError) as e:
        # A file that cannot be read raises what open() would, and keeps
        # the line the command line writes for it.
        print(getattr(e, "_line", f"etld: {e}"), file=sys.stderr)
        return 1
    # UTF-8 and bare line feeds on every platform, as etld writes them.
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(encoding="utf-8", newline="\n")
    inputs = options.hosts or _texts(sys.stdin.buffer)
    try:
        url_like = _lookup(lst, inputs, options.json, options.url)
    except BrokenPipeError:
        return 0
    if url_like:
        sys.stderr.write(_url_note(url_like))
    return 0


if __name__ == "__main__":
    sys.exit(main())
