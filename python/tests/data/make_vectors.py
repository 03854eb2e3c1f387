"""Writes the test vectors of the Python package: the answers of the `etld`
command line (`etld lookup --json`) on the realistic host mix and the odd
hosts of `odd-hosts.txt`, for several sets of options.

Run from the repository's root, after `cargo build --release -p etld-cli -p
etld-bench-tools`:

    python3 python/tests/data/make_vectors.py

It writes `vectors.jsonl.xz`: one JSON object per line, `{"options": [...],
"url": bool, "inputs": [...], "answers": [...]}`, each answer the object
`etld --json` prints, as the list of its values after `input` in the order
of `FIELDS` (with `--url`, the inputs are URLs and `host` comes first). The hosts are the first 10,000 of
`gen-hosts` (benches/hosts/mod.rs, seed fixed), then `odd-hosts.txt`; the
built-in list is pinned (`ETLD_LIST` unset, an empty cache and no system
list), as the tests pin it.
"""

import lzma
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
BIN = os.path.join(os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target"), "release")

OPTION_SETS = [
    [],
    ["--icann-only"],
    ["--no-default-rule"],
    ["--wildcard-root"],
    ["--output", "ascii"],
    ["--output", "unicode"],
    ["--icann-only", "--wildcard-root", "--no-default-rule", "--output", "ascii"],
]


FIELDS = ["suffix", "registrable", "subdomain", "label", "section", "known", "error"]


def run(args, text, env):
    out = subprocess.run(args, input=text.encode(), capture_output=True, env=env, check=True)
    return [json.loads(line) for line in out.stdout.decode().splitlines()]


def record(options, url, inputs, answers):
    assert [a["input"] for a in answers] == inputs
    fields = (["host"] if url else []) + FIELDS
    rows = [[a[k] for k in fields] for a in answers]
    return {"options": options, "url": url, "inputs": inputs, "answers": rows}


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    hosts = subprocess.run(
        [os.path.join(BIN, "gen-hosts"), str(n)], capture_output=True, check=True
    ).stdout.decode().splitlines()
    with open(os.path.join(HERE, "odd-hosts.txt"), encoding="utf-8") as f:
        hosts += f.read().splitlines()
    urls = [f"https://user@{h}:8443/path?q=1" for h in hosts[:2000]] + [
        "someone@mail.example.com",
        "http://ex%61mple.com/",
        "HTTP://WWW.EXAMPLE.CO.UK",
        "www.example.co.uk:8080",
        "file:///etc/hosts",
        "http://[::1]/",
        "https://192.168.0.1/",
        "http://a..b/",
        "",
    ]
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, ETLD_CACHE_DIR=cache, ETLD_SYSTEM_LIST="")
        env.pop("ETLD_LIST", None)
        etld = os.path.join(BIN, "etld")
        records = []
        for options in OPTION_SETS:
            answers = run([etld, "lookup", "--json", *options], "\n".join(hosts) + "\n", env)
            assert len(answers) == len(hosts)
            records.append(record(options, False, hosts, answers))
        answers = run([etld, "lookup", "--json", "--url"], "\n".join(urls) + "\n", env)
        assert len(answers) == len(urls)
        records.append(record([], True, urls, answers))
    path = os.path.join(HERE, "vectors.jsonl.xz")
    with lzma.open(path, "wb", preset=9) as f:
        for r in records:
            f.write((json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n").encode())
    print(f"wrote {path}: {len(hosts)} hosts, {len(urls)} URLs, {len(OPTION_SETS)} option sets")


if __name__ == "__main__":
    main()
