#!/usr/bin/env python3
"""The exactness check: every etld function in DuckDB answers what
`etld lookup --json` answers, host by host, on the repository's corpus of
hosts, under each option and list choice, and `etld_host` takes from each
URL the host that `etld --url --json` takes.

First the shared corpus, testdata/corpus.tsv (the answers every surface is
held to, under each set of options). Then a larger one: scripts/edge_hosts.txt, the hosts of the PSL's own tests
(vectors/test_psl.txt), the names of Unicode's IDNA tests
(vectors/IdnaTestV2-*.txt) and the inputs and hosts of the
web-platform-tests URL cases (vectors/wpt_url_hosts.txt), plus generated
hosts.

Usage: check_corpus.py EXTENSION ETLD_BINARY ; run from the repository's
root. Ends with `N passed, N failed` (one check per variant and function).
"""

from __future__ import annotations

import glob
import json
import os
import re
import subprocess
import sys
import tempfile

import duckdb

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import gen_corpus  # noqa: E402  (the corpus's escaping, from the script that writes it)


def unescape(text: str) -> str:
    return re.sub(r"\\u([0-9A-Fa-f]{4})", lambda m: chr(int(m.group(1), 16)), text)


def corpus() -> tuple[list[str], list[str]]:
    """(hosts, URLs), each without duplicates, in a stable order."""
    hosts: list[str] = []
    urls: list[str] = []
    with open("scripts/edge_hosts.txt", encoding="utf-8") as f:
        hosts += [line.rstrip("\n") for line in f if not line.startswith("#")]
    with open("vectors/test_psl.txt", encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#") and "\t" in line:
                host = line.split("\t", 1)[0]
                hosts.append("" if host == "-" else host)
    for path in sorted(glob.glob("vectors/IdnaTestV2-*.txt")):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                fields = [unescape(x.strip()) for x in line.split("#")[0].split(";")]
                hosts += [x for x in fields[:2] + fields[3:4] if x]
    with open("vectors/wpt_url_hosts.txt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or "\t" not in line:
                continue
            url, expected = line.rstrip("\n").split("\t", 1)
            urls.append(url)
            if expected.startswith("host "):
                hosts.append(expected[5:])
    hosts += [f"h{i}.{tld}" for i, tld in enumerate(["com", "co.uk", "kobe.jp", "github.io", "example", "xn--55qx5d.cn", "公司.cn", "COM."] * 8)]
    hosts += ["", ".", "a.", "a..", ".a", "1.2.3.4", "[::1]", "0x7f.0.0.1", "a" * 64 + ".com", ("a" * 63 + ".") * 4 + "com"]
    # The CLI reads a line a host: a host with a line break or a leading
    # byte order mark cannot go through it.
    def fits(h: str) -> bool:
        if "\n" in h or "\r" in h or h.startswith("\ufeff"):
            return False
        try:
            h.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate of the IDNA tests
            return False
        return True
    hosts = list(dict.fromkeys(h for h in hosts if fits(h)))
    urls = list(dict.fromkeys(u for u in urls + hosts if fits(u)))
    return hosts, urls


#: The settings of `etld lookup`'s flags.
FLAG_SETTINGS = {
    "--icann-only": ("etld_icann_only", "true"),
    "--no-implicit-rule": ("etld_implicit_rule", "false"),
    "--wildcard-root": ("etld_wildcard_root", "true"),
}

SETTINGS = ["etld_list", "etld_extra", "etld_icann_only", "etld_implicit_rule", "etld_wildcard_root", "etld_output"]


def copy_unescape(value: str):
    """A value of the corpus (PostgreSQL's COPY text format); `\\N` is None.
    The escaping is scripts/gen_corpus.py's, which wrote the corpus."""
    return None if value == "\\N" else gen_corpus.unescape(value)


def shared_corpus(con, binary: str) -> tuple[int, int]:
    """Holds every function to testdata/corpus.tsv; (passed, failed) rows."""
    with open("testdata/corpus.tsv", encoding="utf-8") as f:
        header, *lines = f.read().split("\n")[:-1]
    keys = header.split("\t")
    by_options: dict[str, list[dict]] = {}
    for line in lines:
        row = dict(zip(keys, map(copy_unescape, line.split("\t"))))
        by_options.setdefault(row["options"], []).append(row)
    like = url_like(binary, list({r["input"] for rows in by_options.values() for r in rows}))
    passed = failed = 0
    for flags, rows in by_options.items():
        for setting in SETTINGS:
            con.execute(f"RESET {setting}")
        words = flags.split()
        while words:
            flag = words.pop(0)
            if flag == "--output":
                con.execute(f"SET etld_output = '{words.pop(0)}'")
            else:
                name, value = FLAG_SETTINGS[flag]
                con.execute(f"SET {name} = {value}")
        got = con.execute(
            """SELECT etld_suffix(h), etld_registrable(h), etld_subdomain(h), etld_section(h),
                      etld_known(h), etld_rule(h), etld_icann_suffix(h), etld_icann_registrable(h),
                      etld_error(h), etld_lookup(h)
               FROM (SELECT unnest($l) AS h, unnest(range(len($l))) AS i) ORDER BY i""",
            {"l": [r["input"] for r in rows]},
        ).fetchall()
        names = ["suffix", "registrable", "subdomain", "section", "known", "rule",
                 "icann_suffix", "icann_registrable", "error"]
        for row, values in zip(rows, got):
            invalid = row["error"] is not None
            if invalid and row["input"] in like:
                row = dict(row, error=row["error"] + URL_HINT)
            want = [None if invalid and k != "error" else row[k] for k in names]
            have = [("true" if v else "false") if k == "known" and v is not None else v
                    for k, v in zip(names, values[:9])]
            struct = values[9]
            struct_ok = all(
                (struct[k] if k != "known" else ("true" if struct[k] else "false")) == row[k]
                for k in keys[2:]
            )
            if have == want and struct_ok:
                passed += 1
            else:
                failed += 1
                if failed <= 10:
                    print(f"FAIL shared corpus {row['input']!r} ({flags}): duckdb {have} {struct}, corpus {want}")
    for setting in SETTINGS:
        con.execute(f"RESET {setting}")
    return passed, failed


#: What `etld_error` adds to `etld lookup`'s message for a host that looks
#: like a URL, host:port or an e-mail address (`host_error` in
#: duckdb/src/functions.rs).
URL_HINT = ": this looks like a URL (or host:port, or an e-mail address), whose host etld_host() takes out"


def url_like(binary: str, hosts: list[str]) -> set[str]:
    """The hosts that look like a URL, host:port or an e-mail address
    (`etld::url::looks_like_url`): they hold `:`, `/` or `@`, and `etld
    lookup --url` takes out of them a host that is not the whole input."""
    candidates = [h for h in hosts if any(c in h for c in ":/@")]
    if not candidates:
        return set()
    return {h for h, w in zip(candidates, etld_json(binary, ["--url"], candidates)) if w["host"] not in (None, h)}


def hinted(want: list[dict], hosts: list[str], like: set[str]) -> list[dict]:
    """`etld lookup`'s answers `want` for `hosts`, with `etld_error`'s hint
    added to the message of each host in `like`."""
    return [dict(w, error=w["error"] + URL_HINT) if w["error"] is not None and h in like else w
            for w, h in zip(want, hosts)]


def etld_json(binary: str, args: list[str], inputs: list[str]) -> list[dict]:
    run = subprocess.run(
        [binary, "lookup", "--json", *args],
        input="".join(h + "\n" for h in inputs).encode("utf-8"),
        capture_output=True,
        check=True,
    )
    rows = [json.loads(line) for line in run.stdout.decode("utf-8").splitlines()]
    if len(rows) != len(inputs):
        raise SystemExit(f"etld {args}: {len(rows)} answers for {len(inputs)} hosts")
    return rows


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    extension, binary = argv[1], argv[2]
    hosts, urls = corpus()
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{extension}'")
    con.execute("SET threads = 2")
    con.execute(
        "CREATE TABLE corpus AS SELECT unnest(range(len($l))) AS id, unnest($l) AS host",
        {"l": hosts},
    )
    con.execute(
        "CREATE TABLE urls AS SELECT unnest(range(len($l))) AS id, unnest($l) AS url",
        {"l": urls},
    )
    passed, failed = shared_corpus(con, binary)
    print(f"shared corpus (testdata/corpus.tsv): {passed} rows agree, {failed} differ")
    passed, failed = (1, 0) if failed == 0 else (0, 1)

    def check(name: str, got: list, want: list, inputs: list[str]) -> None:
        nonlocal passed, failed
        bad = [(h, g, w) for h, g, w in zip(inputs, got, want) if g != w]
        if len(got) != len(want) or bad:
            failed += 1
            print(f"FAIL {name}: {len(bad)} of {len(inputs)} differ")
            for h, g, w in bad[:10]:
                print(f"  {h!r}: duckdb {g!r}, etld {w!r}")
        else:
            passed += 1

    tmp = tempfile.mkdtemp(prefix="etld-corpus-")
    extra = os.path.join(tmp, "extra.dat")
    with open(extra, "w", encoding="utf-8") as f:
        f.write("// ===BEGIN PRIVATE DOMAINS===\n*.dev.corp.example\n!www.dev.corp.example\nh1.co.uk\n")
    fst = os.path.join(tmp, "list.fst")
    subprocess.run([binary, "compile", "vectors/public_suffix_list.dat", fst], check=True, capture_output=True)
    hosts += ["a.b.dev.corp.example", "www.dev.corp.example", "x.h1.co.uk"]
    con.execute("INSERT INTO corpus VALUES (?, 'a.b.dev.corp.example'), (?, 'www.dev.corp.example'), (?, 'x.h1.co.uk')",
                [len(hosts) - 3, len(hosts) - 2, len(hosts) - 1])

    like = url_like(binary, hosts)
    variants = [
        ("default", [], {}),
        ("icann only", ["--icann-only"], {"etld_icann_only": True}),
        ("no implicit rule, wildcard root", ["--no-implicit-rule", "--wildcard-root"],
         {"etld_implicit_rule": False, "etld_wildcard_root": True}),
        ("output ascii", ["--output", "ascii"], {"etld_output": "ascii"}),
        ("output unicode", ["--output", "unicode"], {"etld_output": "unicode"}),
        (".fst list and extra rules", ["--list", fst, "--extra", extra], {"etld_list": fst, "etld_extra": extra}),
        (".dat list", ["--list", "vectors/public_suffix_list.dat"], {"etld_list": "vectors/public_suffix_list.dat"}),
    ]
    for name, args, settings in variants:
        for setting in ["etld_list", "etld_extra", "etld_icann_only", "etld_implicit_rule", "etld_wildcard_root", "etld_output"]:
            con.execute(f"RESET {setting}")
        for setting, value in settings.items():
            literal = f"'{value}'" if isinstance(value, str) else str(value).lower()
            con.execute(f"SET {setting} = {literal}")
        want = hinted(etld_json(binary, args, hosts), hosts, like)
        got = con.execute(
            """SELECT etld_registrable(host), etld_suffix(host), etld_subdomain(host), etld_section(host),
                      etld_known(host), etld_error(host), etld_lookup(host),
                      etld_rule(host), etld_icann_suffix(host), etld_icann_registrable(host),
                      etld_site(host)
               FROM corpus ORDER BY id"""
        ).fetchall()
        valid = [w["error"] is None for w in want]
        check(f"{name}: etld_registrable", [g[0] for g in got], [w["registrable"] for w in want], hosts)
        check(f"{name}: etld_suffix", [g[1] for g in got], [w["suffix"] for w in want], hosts)
        check(f"{name}: etld_subdomain", [g[2] for g in got], [w["subdomain"] for w in want], hosts)
        check(f"{name}: etld_section", [g[3] for g in got], [w["section"] for w in want], hosts)
        check(f"{name}: etld_known", [g[4] for g in got], [w["known"] if v else None for w, v in zip(want, valid)], hosts)
        check(f"{name}: etld_error", [g[5] for g in got], [w["error"] for w in want], hosts)
        check(f"{name}: etld_rule", [g[7] for g in got], [w["rule"] for w in want], hosts)
        check(f"{name}: etld_icann_suffix", [g[8] for g in got], [w["icann_suffix"] for w in want], hosts)
        check(f"{name}: etld_icann_registrable", [g[9] for g in got], [w["icann_registrable"] for w in want], hosts)
        # The site key: the registrable domain in ASCII (whatever
        # `etld_output` says), without a trailing dot.
        ascii = [a for a in args if a not in ("--output", "ascii", "unicode")] + ["--output", "ascii"]
        sites = [None if w["registrable"] is None else w["registrable"].removesuffix(".")
                 for w in etld_json(binary, ascii, hosts)]
        check(f"{name}: etld_site", [g[10] for g in got], sites, hosts)
        fields = ["suffix", "registrable", "subdomain", "label", "section", "known",
                  "rule", "icann_suffix", "icann_registrable", "error"]
        check(
            f"{name}: etld_lookup",
            [g[6] for g in got],
            # The struct is the JSON object, `known` false for an invalid host.
            [{k: w[k] for k in fields} for w in want],
            hosts,
        )
    want = etld_json(binary, ["--url"], urls)
    got = [r[0] for r in con.execute("SELECT etld_host(url) FROM urls ORDER BY id").fetchall()]
    check("etld_host", got, [w["host"] for w in want], urls)
    got = [r[0] for r in con.execute("SELECT etld_url_error(url) FROM urls ORDER BY id").fetchall()]
    check("etld_url_error", got, [w["error"] for w in want], urls)
    print(f"corpus: {len(hosts)} hosts, {len(urls)} URLs, {len(variants)} list and option variants")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
