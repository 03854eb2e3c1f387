#!/usr/bin/env python3
"""Converts the web-platform-tests URL suite (url/resources/urltestdata.json)
into vectors/wpt_url_hosts.txt: the cases whose host the input alone decides
for a special scheme (http, https, ws, wss, ftp), in this project's own
line format. Usage:

    scripts/wpt_url_hosts.py path/to/urltestdata.json > vectors/wpt_url_hosts.txt

Each vector line is `INPUT<TAB>EXPECTATION`, INPUT escaped (`\\\\`, `\\t`,
`\\n`, `\\r`, `\\u{HEX}` for other controls); EXPECTATION is `host NAME`
(the standard's hostname, not an IP address), `ip` (an IPv4 or IPv6 host) or
`failure` (the standard refuses the input). The cases left out, and why, are
counted in the header.
"""
import collections
import json
import re
import sys
import unicodedata
import urllib.parse

SPECIAL = {"http", "https", "ws", "wss", "ftp"}
C0_SPACE = "".join(chr(c) for c in range(0x21))


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


def rough_host(text, scheme, rest):
    """The host part of a cleaned input, roughly: enough to see its code points."""
    authority = re.split(r"[/\\?#]", rest.lstrip("/\\") if scheme else text.lstrip("/\\"))[0]
    host = authority.rsplit("@", 1)[-1]
    if not host.startswith("["):
        host = host.split(":", 1)[0]
    return urllib.parse.unquote(host, errors="replace")


def needs_uts46(host):
    """Whether UTS 46 would map or refuse a code point of `host` that SPEC
    section 3 leaves as it is: format characters (soft hyphen, zero-width
    space), spaces, noncharacters, U+FFFD, or anything NFKC changes, in a
    label or in the Unicode form of an A-label."""
    for label in re.split("[.\u3002\uff0e\uff61]", host):
        if label[:4].lower() == "xn--":
            try:
                label = label[4:].encode("ascii").decode("punycode")
            except (UnicodeError, ValueError):
                continue
        mapped = "".join(chr(ord(c) - 0xFEE0) if 0xFF01 <= ord(c) <= 0xFF5E else c for c in label).lower()
        for c in mapped:
            if unicodedata.category(c) in ("Cf", "Cn", "Co", "Zs") or c == "\ufffd":
                return True
        if unicodedata.normalize("NFKC", mapped) != mapped:
            return True
    return False


def classify(case):
    text = clean(case["input"])
    scheme, rest = scheme_of(text)
    base = case.get("base")
    base_scheme = scheme_of(base)[0] if base else None
    if any(0xD800 <= ord(c) <= 0xDFFF for c in case["input"]):
        return None, "holds a lone surrogate (not UTF-8 text)"
    if scheme in SPECIAL:
        if base_scheme == scheme and not rest.startswith("//"):
            return None, "relative to its base (same scheme, no `//`)"
    elif scheme is None and base_scheme in SPECIAL and re.match(r"^[/\\]{2}", text):
        pass
    elif scheme is None:
        return None, "relative to its base"
    elif scheme == "file":
        return None, "file scheme"
    else:
        return None, "non-special scheme"
    if needs_uts46(rough_host(text, scheme, rest)):
        return None, "needs UTS 46 mapping or validity data beyond SPEC section 3"
    if case.get("failure"):
        return "failure", None
    hostname = case["hostname"]
    if hostname.startswith("[") or re.match(r"^\d+\.\d+\.\d+\.\d+$", hostname):
        return "ip", None
    return "host " + escape(hostname), None


def main(path):
    data = json.load(open(path, encoding="utf-8"))
    cases = [c for c in data if isinstance(c, dict)]
    notes = [c for c in data if isinstance(c, str) and "wpt" in c]
    lines, left_out = [], collections.Counter()
    seen = set()
    for case in cases:
        expectation, reason = classify(case)
        if expectation is None:
            left_out[reason] += 1
            continue
        line = escape(case["input"]) + "\t" + expectation
        if line in seen:
            left_out["duplicate of another case"] += 1
            continue
        seen.add(line)
        lines.append(line)
    print("# Host vectors from the web-platform-tests URL suite (url/resources/urltestdata.json),")
    print("# converted by scripts/wpt_url_hosts.py: INPUT<TAB>host NAME | ip | failure.")
    for note in notes[:1]:
        print("# Source: " + note.lstrip("# "))
    print("# %d of %d cases converted; left out:" % (len(lines), len(cases)))
    for reason, n in sorted(left_out.items(), key=lambda kv: -kv[1]):
        print("#   %d %s" % (n, reason))
    for line in lines:
        print(line)


if __name__ == "__main__":
    main(sys.argv[1])
