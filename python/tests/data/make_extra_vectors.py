"""Writes the test vectors for extra rules: the answers of the `etld` command
line (`etld lookup --json --extra corp.dat`, and with `ETLD_EXTRA` naming
`platform.dat`) on the hosts of `extra-hosts.txt` and `odd-hosts.txt`.

Run from the repository's root, after `cargo build --release -p etld-cli`:

    python3 python/tests/data/make_extra_vectors.py

It writes `extra-vectors.json`: a list of `{"env_extra": [...], "extra":
[...], "options": [...], "inputs": [...], "answers": [...]}`, the file names
relative to this directory and each answer the object `etld --json` prints.
The built-in list is pinned as in `make_vectors.py`.
"""

import json
import os
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
ETLD = os.path.join(os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target"), "release", "etld")

#: (files of ETLD_EXTRA, files of --extra, other options)
CASES = [
    ([], ["corp.dat"], []),
    ([], ["corp.dat"], ["--wildcard-root"]),
    ([], ["corp.dat"], ["--icann-only", "--output", "unicode"]),
    (["platform.dat"], ["corp.dat"], []),
]


def main():
    hosts = []
    for name in ("extra-hosts.txt", "odd-hosts.txt"):
        with open(os.path.join(HERE, name), encoding="utf-8") as f:
            hosts += f.read().splitlines()
    records = []
    with tempfile.TemporaryDirectory() as cache:
        for env_extra, extra, options in CASES:
            env = dict(os.environ, ETLD_CACHE_DIR=cache, ETLD_SYSTEM_LIST="")
            env.pop("ETLD_LIST", None)
            env["ETLD_EXTRA"] = os.pathsep.join(os.path.join(HERE, f) for f in env_extra)
            args = [ETLD, "lookup", "--json", *options]
            for f in extra:
                args += ["--extra", os.path.join(HERE, f)]
            out = subprocess.run(
                args, input=("\n".join(hosts) + "\n").encode(), capture_output=True, env=env, check=True
            )
            answers = [json.loads(line) for line in out.stdout.decode().splitlines()]
            assert [a["input"] for a in answers] == hosts
            records.append(
                {"env_extra": env_extra, "extra": extra, "options": options, "inputs": hosts, "answers": answers}
            )
    path = os.path.join(HERE, "extra-vectors.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(records, f, ensure_ascii=False, indent=0)
        f.write("\n")
    print(f"wrote {path}: {len(hosts)} hosts, {len(CASES)} cases")


if __name__ == "__main__":
    main()
