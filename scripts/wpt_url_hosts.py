#!/usr/bin/env python3
"""Converts the web-platform-tests URL suite (url/resources/urltestdata.json)
into vectors/wpt_url_hosts.txt: the cases whose host the input alone decides
for a special scheme (http, https, ws, wss, ftp), in this project's own
line format. Usage:

    scripts/wpt_url_hosts.py COMMIT path/to/urltestdata.json > vectors/wpt_url_hosts.txt

COMMIT is the web-platform-tests commit the file was taken from; the header
names it. Each vector line is `INPUT<TAB>EXPECTATION`, INPUT escaped (`\\\\`,
`\\t`, `\\n`, `\\r`, `\\u{HEX}` for other controls); EXPECTATION is `host NAME`
(the standard's hostname, not an IP address), `ip` (an IPv4 or IPv6 host) or
`failure` (the standard refuses the input). Where SPEC section 3 refuses a
host the standard keeps (`spec_differs`), the vector follows SPEC and expects
`failure`, after a `# SPEC:` comment line saying why. Hosts that need UTS 46 (mapping,
ignored code points, validity of `xn--` labels) are converted like any other:
the library canonicalises hosts as the standard does (SPEC section 3 step 2).
The cases left out, and why, are counted in the header.
"""
import collections
import json
import re
import sys

SPECIAL = {"http", "https", "ws", "wss", "ftp"}

# Why a case is left out; the header counts each.
LONE_SURROGATE = "hold a lone surrogate: not UTF-8 text, so no Rust string can carry them"
RELATIVE = "are relative to a base: the host, if any, is the base's, not the input's"
RELATIVE_SAME_SCHEME = (
    "are relative to a base of their own special scheme (no `//` after the scheme):"
    " the host is the base's"
)
FILE = "use the file scheme: `localhost` and the empty host are its own rules, not a domain's"
NON_SPECIAL = "use a non-special scheme: the host is opaque, not a domain, and is not canonicalised"
DUPLICATE = "repeat the input and expectation of a case already converted"
C0_SPACE = "".join(chr(c) for c in range(0x21))


def spec_differs(hostname):
    """Why SPEC section 3 refuses a hostname the standard keeps, or None.
    The vector then expects `failure`, and a `# SPEC:` line before it gives
    the reason."""
    labels = (hostname[:-1] if hostname.endswith(".") else hostname).split(".")
    if "" in labels:
        return "section 3 step 1 refuses an empty label; the standard keeps the host `%s`" % hostname
    return None


def clean(text):
    return text.strip(C0_SPACE).replace("\t", "").replace("\n", "").replace("\r", "")


def scheme_of(text):
    m = re.match(r"^([A-Za-z][A-Za-z0-9+.-]*):(.*)$", text, re.S)
    return (m.group(1).lower(), m.group(2)) if m else (None, text)


def escape(text):
    out = []
    for c in text:
        if c == "\\":
            out.append("\\\\")
        elif c == "\t":
            out.append("\\t")
        elif c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append("\\u{%X}" % ord(c))
        else:
            out.append(c)
    return "".join(out)


def classify(case):
    text = clean(case["input"])
    scheme, rest = scheme_of(text)
    base = case.get("base")
    base_scheme = scheme_of(base)[0] if base else None
    if any(0xD800 <= ord(c) <= 0xDFFF for c in case["input"]):
        return None, LONE_SURROGATE
    if scheme in SPECIAL:
        if base_scheme == scheme and not rest.startswith("//"):
            return None, RELATIVE_SAME_SCHEME
    elif scheme is None and base_scheme in SPECIAL and re.match(r"^[/\\]{2}", text):
        pass
    elif scheme is None:
        return None, RELATIVE
    elif scheme == "file":
        return None, FILE
    else:
        return None, NON_SPECIAL
    if case.get("failure"):
        return "failure", None
    hostname = case["hostname"]
    if hostname.startswith("[") or re.match(r"^\d+\.\d+\.\d+\.\d+$", hostname):
        return "ip", None
    differs = spec_differs(hostname)
    if differs:
        return "failure", differs
    return "host " + escape(hostname), None


def main(commit, path):
    data = json.load(open(path, encoding="utf-8"))
    cases = [c for c in data if isinstance(c, dict)]
    lines, left_out, spec_lines = [], collections.Counter(), 0
    seen = set()
    for case in cases:
        expectation, reason = classify(case)
        if expectation is None:
            left_out[reason] += 1
            continue
        line = escape(case["input"]) + "\t" + expectation
        if line in seen:
            left_out[DUPLICATE] += 1
            continue
        seen.add(line)
        if reason:
            lines.append("# SPEC: " + escape(reason))
            spec_lines += 1
        lines.append(line)
    print("# Host vectors from the web-platform-tests URL suite (url/resources/urltestdata.json),")
    print("# converted by scripts/wpt_url_hosts.py: INPUT<TAB>host NAME | ip | failure.")
    print(
        "# Source: https://github.com/web-platform-tests/wpt/blob/%s/url/resources/urltestdata.json"
        % commit
    )
    print("# %d of %d cases converted." % (len(lines) - spec_lines, len(cases)))
    print("# %d of them expect what SPEC says where the standard differs, each after a" % spec_lines)
    print("# `# SPEC:` line that says why. Left out, the cases that:")
    for reason, n in sorted(left_out.items(), key=lambda kv: -kv[1]):
        print("#   %d %s" % (n, reason))
    for line in lines:
        print(line)


if __name__ == "__main__":
    if len(sys.argv) != 3 or not re.fullmatch(r"[0-9a-f]{40}", sys.argv[1]):
        sys.exit("usage: wpt_url_hosts.py COMMIT path/to/urltestdata.json")
    main(sys.argv[1], sys.argv[2])
