"""The examples of python/README.md and of the modules' docstrings, run."""

import doctest
import os

import pytest

import etld
import etld.duckdb
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


@pytest.mark.parametrize("module", [etld, etld.polars, etld.duckdb, etld.spark], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module, extraglobs={"etld": etld}, optionflags=FLAGS)
    assert result.failed == 0
