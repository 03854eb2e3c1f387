#!/usr/bin/env python3
"""Converts the web-platform-tests URL suite (url/resources/urltestdata.json)
into vectors/wpt_url_hosts.txt: the cases whose host the input alone
decides (special, file and non-special schemes), in this project's own line
format. Usage:

    scripts/wpt_url_hosts.py SOURCE path/to/urltestdata.json > vectors/wpt_url_hosts.txt

SOURCE names where the file was taken from, a commit included (a URL such
as https://github.com/servo/rust-url/blob/COMMIT/url/tests/urltestdata.json);
the header names it. Each vector line is `INPUT<TAB>EXPECTATION`, INPUT
escaped (`\\\\`, `\\t`, `\\n`, `\\r`, `\\u{HEX}` for other controls);
EXPECTATION is one of

* `host NAME`: the standard's hostname of a special or file URL (a domain,
  which a lookup canonicalises as the standard does, docs/behaviour.md
  section 3 step 2);
* `opaque NAME`: the opaque host of a non-special URL as the input writes it
  (the standard's hostname is NAME percent-encoded with the C0 control
  percent-encode set; the script checks that);
* `ip`: an IPv4 or IPv6 host of a special or file URL;
* `none`: the standard gives the URL no host (an empty or absent one);
* `failure`: the standard refuses the input.

Where docs/behaviour.md section 3 refuses a host the standard keeps
(`spec_differs`), the vector expects `failure`, after a `# behaviour.md:` comment
line saying why. The cases left out, and why, are counted in the header;
among them the conveniences of `--url` that are not URLs (docs/behaviour.md
section 6, src/host/url.rs): `host:port`, `mailto:user@host` and inputs
without a scheme (a bare host, `user@host`, `host/path`).
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
    "are relative to a base of their own special or file scheme (no `//` after the"
    " scheme): the host is the base's"
)
NO_SCHEME = (
    "have no scheme and no base, which the standard refuses, and are a convenience of"
    " `--url` (a bare host, `user@host`, `host/path`): etld answers their host"
)
HOST_PORT = (
    "are `host:port` to `--url` (a scheme-like text, `:`, then a port), a convenience"
    " that the standard reads as a URL of that scheme"
)
MAILTO = (
    "are `mailto:` addresses, a convenience of `--url` (the host of the first"
    " address), where the standard gives no host"
)
OPAQUE_MISMATCH = (
    "have an opaque host this script cannot take out of the input as the standard"
    " writes it"
)
DUPLICATE = "repeat the input and expectation of a case already converted"
C0_SPACE = "".join(chr(c) for c in range(0x21))


def spec_differs(hostname):
    """Why docs/behaviour.md section 3 refuses a hostname the standard keeps, or None.
    The vector then expects `failure`, and a `# behaviour.md:` line before it gives
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


def before_special_end(text):
    return re.split(r"[/\\?#]", text, maxsplit=1)[0]


def is_port_like(after_colon):
    """What src/host/url.rs takes for a port after a colon: ASCII digits
    first, no `@`, up to the next `/`, `\\`, `?`, `#`."""
    port = before_special_end(after_colon)
    return bool(re.match(r"[0-9]", port)) and "@" not in port


def convenience_host(text):
    """The host src/host/url.rs takes out of an input without a valid
    scheme, or None where it refuses the input as a URL whose scheme is
    invalid (a `:` before any `/ \\ ? # @`, not followed by a port)."""
    m = re.search(r"[:/\\?#@]", text)
    if not text.startswith("[") and m and m.group() == ":" and not is_port_like(text[m.end():]):
        return None
    authority = before_special_end(text.lstrip("/\\"))
    host_port = authority.rsplit("@", 1)[-1]
    return host_port.split(":", 1)[0] if not host_port.startswith("[") else host_port


def percent_encode_c0(text):
    """The C0 control percent-encode set: C0 controls and all above U+007E."""
    return "".join(
        c if 0x20 <= ord(c) <= 0x7E else "".join("%%%02X" % b for b in c.encode("utf-8"))
        for c in text
    )


def opaque_as_written(rest):
    """The opaque host of a non-special URL, `rest` being what follows
    `scheme://`: the authority up to `/ ? #`, after its last `@`, before
    the port."""
    authority = re.split(r"[/?#]", rest, maxsplit=1)[0]
    host_port = authority.rsplit("@", 1)[-1]
    if host_port.startswith("["):
        return host_port[: host_port.find("]") + 1] if "]" in host_port else host_port
    return host_port.split(":", 1)[0]


def classify(case):
    text = clean(case["input"])
    scheme, rest = scheme_of(text)
    base = case.get("base")
    base_scheme = scheme_of(base)[0] if base else None
    if any(0xD800 <= ord(c) <= 0xDFFF for c in case["input"]):
        return None, LONE_SURROGATE
    kind = "special"
    if scheme in SPECIAL:
        if base_scheme == scheme and not rest.startswith("//"):
            return None, RELATIVE_SAME_SCHEME
    elif scheme == "file":
        if base_scheme == "file" and not re.match(r"^[/\\]{2}", rest):
            return None, RELATIVE_SAME_SCHEME
    elif scheme is None and base_scheme in SPECIAL and re.match(r"^[/\\]{2}", text):
        pass
    elif scheme is None and base is None:
        if convenience_host(text):
            return None, NO_SCHEME
    elif scheme is None:
        return None, RELATIVE
    elif rest.startswith("//"):
        kind = "opaque"
    elif scheme == "mailto" and "@" in re.split(r"[,?#]", rest, maxsplit=1)[0]:
        return None, MAILTO
    elif is_port_like(rest):
        return None, HOST_PORT
    if case.get("failure"):
        return "failure", None
    hostname = case["hostname"]
    if hostname == "":
        return "none", None
    if kind == "opaque" and not hostname.startswith("["):
        written = opaque_as_written(rest[2:])
        if percent_encode_c0(written) != hostname:
            return None, OPAQUE_MISMATCH
        return "opaque " + escape(written), None
    if hostname.startswith("[") or re.match(r"^\d+\.\d+\.\d+\.\d+$", hostname):
        return "ip", None
    differs = spec_differs(hostname)
    if differs:
        return "failure", differs
    return "host " + escape(hostname), None


def main(source, path):
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
            lines.append("# behaviour.md: " + escape(reason))
            spec_lines += 1
        lines.append(line)
    print("# Host vectors from the web-platform-tests URL suite (url/resources/urltestdata.json),")
    print("# converted by scripts/wpt_url_hosts.py:")
    print("# INPUT<TAB>host NAME | opaque NAME | ip | none | failure.")
    print("# Source: %s" % source)
    print("# %d of %d cases converted." % (len(lines) - spec_lines, len(cases)))
    print(
        "# %d of them expect what docs/behaviour.md says where the standard differs, each"
        % spec_lines
    )
    print("# after a `# behaviour.md:` line that says why. Left out, the cases that:")
    for reason, n in sorted(left_out.items(), key=lambda kv: -kv[1]):
        print("#   %d %s" % (n, reason))
    for line in lines:
        print(line)


if __name__ == "__main__":
    if len(sys.argv) != 3 or not re.search(r"[0-9a-f]{40}", sys.argv[1]):
        sys.exit("usage: wpt_url_hosts.py SOURCE path/to/urltestdata.json (SOURCE names a commit)")
    main(sys.argv[1], sys.argv[2])
