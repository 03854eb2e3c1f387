"""``python -m etld``: the command line for a pip-only install.

    python -m etld update [--url URL] [--force]
    python -m etld [lookup] [--json] [--url] [HOST ...]

``update`` is ``etld update`` (`etld.update`, the same code): it installs a
fresh list where later runs find it. ``lookup`` answers each HOST, or each
line of standard input when there is none, one line each, in order, as
``etld`` does: ``REGISTRABLE<TAB>SUFFIX`` (either may be empty) or
``error: MESSAGE``; ``--json`` writes one object a line, the one ``etld
--json`` writes; ``--url`` takes each input as a URL (or ``host:port``, or
an e-mail address).
"""

import argparse
import json
import sys
from typing import Dict, Iterable, List, Optional

import etld


# The keys of ``etld --json`` after ``input`` (and ``host``), in its order.
_KEYS = ("suffix", "registrable", "subdomain", "label", "section", "known", "rule", "icann_suffix", "icann_registrable")


def _json_line(input: str, host: Optional[str], url: bool, d: Optional[etld.Domain], error: Optional[str]) -> str:
    """The object ``etld --json`` writes for ``input``, key for key:
    ``host`` only with ``--url``, every other key null (and ``known``
    false) on an error. The one difference is in ``error``: for a host
    that looks like a URL, the package's message adds what to call
    instead."""
    answer: Dict[str, object] = {"input": input}
    if url:
        answer["host"] = host
    for key in _KEYS:
        answer[key] = getattr(d, key) if d is not None else (False if key == "known" else None)
    answer["error"] = error
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":")) + "\n"


def _lookup(inputs: Iterable[str], as_json: bool, url: bool) -> None:
    out = sys.stdout
    for line in inputs:
        text = line[:-1] if line.endswith("\n") else line
        text = text[:-1] if text.endswith("\r") else text
        try:
            d: Optional[etld.Domain] = etld.lookup_url(text) if url else etld.lookup(text)
            error = None
        except (etld.HostError, etld.UrlError) as e:
            d, error = None, str(e)
        if as_json:
            # The URL's host: the answer's, else parsed again (the URL may
            # hold a host that is invalid, or none).
            host = (d.host if d is not None else etld.host(text)) if url else None
            out.write(_json_line(text, host, url, d, error))
        elif d is None:
            out.write(f"error: {error}\n")
        else:
            out.write(f"{d.registrable or ''}\t{d.suffix or ''}\n")


def main(argv: Optional[List[str]] = None) -> int:
    """Runs the command line of ``python -m etld``; its exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
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
            updated = etld.update(options.url, options.force)
        except etld.UpdateError as e:
            print(f"etld: {e}", file=sys.stderr)
            return 1
        sys.stdout.write(updated.report)
        return 0
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
    parser.add_argument("hosts", nargs="*", metavar="HOST", help="hosts to look up; none: one a line from standard input")
    options = parser.parse_args(args)
    inputs = options.hosts or sys.stdin
    try:
        _lookup(inputs, options.json, options.url)
    except BrokenPipeError:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
