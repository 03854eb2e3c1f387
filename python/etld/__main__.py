"""``python -m etld``: the command line for a pip-only install.

    python -m etld update [--url URL] [--force]
    python -m etld [lookup] [--json] [--url] [HOST ...]

``update`` is ``etld update`` (`etld.update`, the same code): it installs a
fresh list where later runs find it. ``lookup`` answers each HOST, or each
line of standard input when there is none, one line each, in order, as
``etld`` does: ``REGISTRABLE<TAB>SUFFIX`` (either may be empty) or
``error: MESSAGE``; ``--json`` writes one object a line, ``--url`` takes
each input as a URL (or ``host:port``, or an e-mail address).
"""

import argparse
import json
import sys
from typing import Iterable, List, Optional

import etld


def _lookup(inputs: Iterable[str], as_json: bool, url: bool) -> None:
    out = sys.stdout
    for line in inputs:
        host = line[:-1] if line.endswith("\n") else line
        host = host[:-1] if host.endswith("\r") else host
        try:
            d = etld.lookup_url(host) if url else etld.lookup(host)
        except (etld.HostError, etld.UrlError) as e:
            if as_json:
                out.write(json.dumps({"input": host, "error": str(e)}, ensure_ascii=False) + "\n")
            else:
                out.write(f"error: {e}\n")
            continue
        if as_json:
            answer = {
                "input": host,
                "suffix": d.suffix,
                "registrable": d.registrable,
                "subdomain": d.subdomain,
                "label": d.label,
                "section": d.section,
                "known": d.known,
                "error": None,
            }
            out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        else:
            out.write(f"{d.registrable or ''}\t{d.suffix or ''}\n")


def main(argv: Optional[List[str]] = None) -> int:
    """Runs the command line of ``python -m etld``; its exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["update"]:
        parser = argparse.ArgumentParser(prog="python -m etld update", description=etld.update.__doc__)
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
    parser = argparse.ArgumentParser(prog="python -m etld", description="Public suffix and registrable domain of each host.")
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
