#!/usr/bin/env python3
"""Compare etld's registrable domains with libpsl's, line by line.

Usage:
    scripts/compare_libpsl.py HOSTS [--etld PATH] [--list FILE]

Runs, on the same host file (one host per line):

    etld --wildcard-root < HOSTS     (libpsl's wildcard semantics)
    etld < HOSTS                     (etld's default, strict wildcards)
    psl -b --print-reg-domain --load-psl-file FILE < HOSTS

and prints how many registrable domains agree and, for every line where they
differ, the category of the difference with a reason and an example.

libpsl's batch mode (`psl -b`) prints one line per host: the registrable
domain, or `(null)` when there is none. It skips blank lines, lines starting
with `#` and trims surrounding white space, and cuts lines at 255 bytes, so
such lines are refused here (the generated host files have none).
Needs Python 3 and Debian's `psl` package (libpsl 0.21).
"""

import argparse
import collections
import re
import subprocess
import sys

IPV4 = re.compile(r"^\d{1,3}(\.\d{1,3}){3}\.?$")


def run(cmd, data):
    proc = subprocess.run(cmd, input=data, stdout=subprocess.PIPE, check=True)
    return proc.stdout.decode("utf-8", "replace").split("\n")[:-1]


def etld_registrable(line):
    """The registrable domain of an etld plain output line, `(null)`, or
    `ERROR: message` for an error line."""
    if line.startswith("error: "):
        return "ERROR: " + line[len("error: "):]
    registrable = line.split("\t", 1)[0]
    return registrable or "(null)"


def category(host, strict, root, psl):
    """Why etld (strict default and --wildcard-root) and libpsl differ."""
    if root.startswith("ERROR: "):
        message = re.sub(r" at byte \d+", "", root[len("ERROR: "):])
        if IPV4.match(host):
            return ("IPv4 address",
                    "etld refuses IP addresses (no public suffix, docs/behaviour.md section 3 step 3); "
                    "libpsl applies the implicit `*` rule to the last label (`1.2.3.4` -> `3.4`)")
        return ("invalid host: " + message,
                "etld refuses the host; libpsl answers anyway")
    if host.endswith("."):
        return ("FQDN with a trailing dot",
                "etld keeps the dot on the registrable domain (`example.com.`); "
                "libpsl answers the suffix with the dot (`com.`)")
    if "\u3002" in host or "\uff61" in host:
        return ("ideographic full stop",
                "etld separates labels at U+3002 and U+FF61 like `.` (UTS 46, docs/behaviour.md section 3 step 2); "
                "libpsl maps only U+FF0E (by NFKC) and keeps the others inside a label")
    if root == psl and strict != psl:
        return ("wildcard parent (default mode only)",
                "`*.kobe.jp` makes `kobe.jp` a suffix in libpsl and with --wildcard-root; "
                "etld's strict default (Go, the PSL's formal algorithm) makes it registrable")
    return ("other", "unexplained: investigate")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("hosts")
    parser.add_argument("--etld", default="target/release/etld")
    parser.add_argument("--list", default="vectors/public_suffix_list.dat")
    args = parser.parse_args()

    with open(args.hosts, "rb") as f:
        data = f.read()
    hosts = data.decode("utf-8", "replace").split("\n")
    if hosts and hosts[-1] == "":
        hosts.pop()
    for i, h in enumerate(hosts, 1):
        if not h.strip() or h.lstrip().startswith("#") or h != h.strip() or len(h.encode()) > 254:
            sys.exit(f"line {i}: blank, comment, padded or over-long lines shift psl's output; remove them")

    root = run([args.etld, "--wildcard-root"], data)
    strict = run([args.etld], data)
    psl = run(["psl", "-b", "--print-reg-domain", "--load-psl-file", args.list], data)
    for name, out in [("etld --wildcard-root", root), ("etld", strict), ("psl", psl)]:
        if len(out) != len(hosts):
            sys.exit(f"{name}: {len(out)} output lines for {len(hosts)} hosts")

    agree_root = agree_strict = 0
    cats = collections.OrderedDict()
    for host, s, r, p in zip(hosts, strict, root, psl):
        s, r = etld_registrable(s), etld_registrable(r)
        agree_root += r == p
        agree_strict += s == p
        if r == p and s == p:
            continue
        key, reason = category(host, s, r, p)
        entry = cats.setdefault(key, {"reason": reason, "root": 0, "strict": 0, "example": None})
        entry["root"] += r != p
        entry["strict"] += s != p
        if entry["example"] is None:
            entry["example"] = (host, s, r, p)

    n = len(hosts)
    print(f"hosts: {n}")
    print(f"agree with libpsl, etld --wildcard-root: {agree_root} ({100 * agree_root / n:.3f}%)")
    print(f"agree with libpsl, etld (strict default): {agree_strict} ({100 * agree_strict / n:.3f}%)")
    print()
    print("| difference | lines (--wildcard-root) | lines (default) | example: host -> etld / libpsl | why |")
    print("|---|---:|---:|---|---|")
    for key, e in sorted(cats.items(), key=lambda kv: -kv[1]["strict"]):
        host, s, r, p = e["example"]
        shown = r if e["root"] else s
        print(f"| {key} | {e['root']} | {e['strict']} | `{host}` -> `{shown}` / `{p}` | {e['reason']} |")
    return 1 if "other" in cats else 0


if __name__ == "__main__":
    sys.exit(main())
