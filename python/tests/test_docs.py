"""The examples of python/README.md and of the modules' docstrings, run;
the type stubs checked against the native module."""

import doctest
import os
import subprocess
import sys

import pytest

import etld
import etld.duckdb
import etld.pandas
import etld.polars
import etld.spark

HERE = os.path.dirname(os.path.abspath(__file__))
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@pytest.mark.parametrize("readme", ["python/README.md", "README.md"])
def test_readme_examples(readme):
    root = os.path.dirname(os.path.dirname(HERE))
    path = os.path.join(root, readme)
    result = doctest.testfile(path, module_relative=False, globs={"etld": etld}, optionflags=FLAGS)
    assert result.attempted > 5
    assert result.failed == 0


@pytest.mark.parametrize("module", [etld, etld._etld, etld.polars, etld.pandas, etld.duckdb, etld.spark], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module, extraglobs={"etld": etld}, optionflags=FLAGS)
    assert result.failed == 0


def test_stubs_match_the_native_module(tmp_path):
    # mypy's stubtest imports the installed module and checks every name,
    # signature and default of `_etld.pyi` against it.
    allowlist = os.path.join(HERE, "stubtest-allowlist.txt")
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "etld._etld", "--allowlist", allowlist],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_distribution_name_is_our_own():
    # PyPI's `etld` is an unrelated project: the package comes as
    # `etld-psl`, and no doc tells anyone to install the other.
    import importlib.metadata
    import re

    assert importlib.metadata.distribution("etld-psl").version == etld.__version__
    root = os.path.dirname(HERE)
    bare = re.compile("pip install " + r"etld(?![-\w])")
    for folder, _, files in os.walk(root):
        if "target" in folder.split(os.sep):
            continue
        for name in files:
            if name.endswith((".md", ".py", ".pyi", ".toml", ".sh")):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    assert not bare.search(f.read()), os.path.join(folder, name)
