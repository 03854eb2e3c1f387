#!/usr/bin/env python3
"""The public API of the published library crates, as rustdoc renders it, in
a listing that is committed (api/CRATE.txt) so that any change to the API is
a visible diff in review. Stable Rust only: it reads `cargo doc`'s HTML.

    python3 scripts/public_api.py          # rewrite api/*.txt
    python3 scripts/public_api.py --check  # fail if they are out of date

Each line is one item: its kind and path (`struct etld::List`), an
inherent method, associated constant, variant or field under it
(`  method from_dat`), or a trait it implements (`  impl Display`). Auto
traits and blanket implementations are left out: they follow from the rest.
"""

import os
import re
import subprocess
import urllib.parse
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CRATES = {"etld": "etld", "etld-punycode": "etld_punycode"}
KINDS = ("struct", "enum", "fn", "trait", "constant", "type", "macro", "static", "union")


def section(html, div):
    """The part of a page inside `<div id="DIV" ...>` up to the next
    top-level heading of a section."""
    start = html.find(f'id="{div}"')
    if start < 0:
        return ""
    end = html.find("<h2", start)
    return html[start:end if end >= 0 else len(html)]


def members(html):
    """The lines under one item page."""
    lines = set()
    inherent = section(html, "implementations-list")
    for kind, name in re.findall(r'id="(method|associatedconstant|associatedtype)\.([A-Za-z0-9_]+)"', inherent):
        lines.add(f"  {kind} {name}")
    for kind in ("variant", "structfield", "tymethod"):
        for name in re.findall(rf'id="{kind}\.([A-Za-z0-9_]+)"', html):
            lines.add(f"  {kind} {name}")
    if 'id="provided-methods"' in html or 'id="required-methods"' in html:
        for name in re.findall(r'id="method\.([A-Za-z0-9_]+)"', section(html, "provided-methods")):
            lines.add(f"  provided {name}")
    traits = section(html, "trait-implementations-list")
    for header in re.findall(r'id="impl-([A-Za-z0-9_%<>,;&-]+?)-for-', traits):
        lines.add(f"  impl {urllib.parse.unquote(header)}")
    return sorted(lines)


def listing(crate, module):
    subprocess.run(["cargo", "doc", "--no-deps", "-q", "-p", crate], cwd=ROOT, check=True)
    doc = os.path.join(ROOT, "target", "doc", module)
    out = []
    for dirpath, _, files in os.walk(doc):
        for name in files:
            kind = name.split(".", 1)[0]
            if not name.endswith(".html") or kind not in KINDS:
                continue
            with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                html = f.read()
            if 'http-equiv="refresh"' in html:
                continue  # a re-export's redirect: the item is listed where it is
            rel = os.path.relpath(dirpath, os.path.dirname(doc)).replace(os.sep, "::")
            path = f"{rel}::{name.split('.')[1]}"
            out.append(f"{kind} {path}")
            out.extend(members(html))
        for name in files:
            if name == "index.html" and dirpath != doc:
                rel = os.path.relpath(dirpath, os.path.dirname(doc)).replace(os.sep, "::")
                out.append(f"mod {rel}")
    # Items grouped: an item line followed by its members, items sorted.
    items, current = {}, None
    for line in out:
        if line.startswith("  "):
            items[current].append(line)
        else:
            current = line
            items.setdefault(current, [])
    text = []
    for item in sorted(items):
        text.append(item)
        text.extend(items[item])
    return "\n".join(text) + "\n"


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    for crate, module in CRATES.items():
        path = os.path.join(ROOT, "api", f"{crate}.txt")
        text = listing(crate, module)
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if text == old:
            continue
        if check:
            stale.append(path)
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            print(f"wrote {os.path.relpath(path, ROOT)}")
    if stale:
        for path in stale:
            print(f"{os.path.relpath(path, ROOT)} is out of date: the public API changed; "
                  "run python3 scripts/public_api.py and commit the diff", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
