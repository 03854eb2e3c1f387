#!/usr/bin/env python3
"""Runs SQLLogicTest files (DuckDB's `.test` format) over the `duckdb`
Python client, with the etld extension loaded.

DuckDB's own runner for external extensions is not on PyPI, so this runs the
subset of the format that duckdb/test/sql/ uses, with DuckDB's meaning:

- `# ...` comments and blank lines;
- `require etld` (loads the extension; any other `require` skips the file);
- `statement ok` and `statement error` (an expected message after `----`,
  which the error must contain);
- `query <types> [nosort|rowsort]`, the results after `----`, one row a line,
  columns separated by tabs; NULL as `NULL`, the empty string as `(empty)`,
  booleans as `true`/`false`;
- `__TEST_DIR__` in a statement: a temporary directory of the run.

Usage: run_slt.py EXTENSION FILE.test... ; exits non-zero on a failure and
ends with a line `N passed, N failed`.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import duckdb


class Failure(Exception):
    pass


def render(value: object) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value if value else "(empty)"
    return str(value)


def blocks(text: str):
    """The records of a file: (line number, lines) separated by blank lines."""
    record: list[str] = []
    start = 0
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() == "":
            if record:
                yield start, record
                record = []
            continue
        if line.startswith("#") and not record:
            continue
        if not record:
            start = number
        record.append(line)
    if record:
        yield start, record


def split_expected(lines: list[str]) -> tuple[str, list[str] | None]:
    if "----" in lines:
        at = lines.index("----")
        return "\n".join(lines[:at]), lines[at + 1 :]
    return "\n".join(lines), None


def run_file(path: Path, extension: str, test_dir: str) -> tuple[int, int, bool]:
    """Runs one file: (records passed, records failed, skipped)."""
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    passed = failed = 0
    for start, record in blocks(path.read_text(encoding="utf-8")):
        head, body = record[0].split(), record[1:]
        where = f"{path}:{start}"
        try:
            if head[0] == "require":
                if head[1:] != ["etld"]:
                    print(f"{path}: skipped (require {' '.join(head[1:])})")
                    return passed, failed, True
                con.execute(f"LOAD '{extension}'")
                continue
            sql, expected = split_expected(body)
            sql = sql.replace("__TEST_DIR__", test_dir)
            if head[0] == "statement" and head[1] == "ok":
                con.execute(sql)
            elif head[0] == "statement" and head[1] == "error":
                try:
                    con.execute(sql).fetchall()
                except duckdb.Error as e:
                    want = "\n".join(expected or [])
                    if want and want not in str(e):
                        raise Failure(f"error {str(e)!r} does not contain {want!r}")
                else:
                    raise Failure("statement succeeded, an error was expected")
            elif head[0] == "query":
                types = head[1]
                sort = head[2] if len(head) > 2 else "nosort"
                rows = con.execute(sql).fetchall()
                got = ["\t".join(render(v) for v in row) for row in rows]
                if rows and len(rows[0]) != len(types):
                    raise Failure(f"{len(rows[0])} columns, the header says {len(types)}")
                want = list(expected or [])
                if sort == "rowsort":
                    got, want = sorted(got), sorted(want)
                if got != want:
                    raise Failure(
                        "results differ\n  expected:\n    "
                        + "\n    ".join(want)
                        + "\n  got:\n    "
                        + "\n    ".join(got)
                    )
            else:
                raise Failure(f"unknown record {record[0]!r}")
            passed += 1
        except (Failure, duckdb.Error) as e:
            failed += 1
            print(f"FAIL {where}: {record[0]}\n  {body[0] if body else ''}\n  {e}")
    con.close()
    return passed, failed, False


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    extension, files = argv[1], [Path(p) for p in argv[2:]]
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="etld-slt-") as test_dir:
        for path in files:
            p, f, skipped = run_file(path, extension, test_dir)
            passed, failed = passed + p, failed + f
            if not skipped:
                print(f"{path}: {p} passed, {f} failed")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
