"""The examples in the core modules' docstrings are run as tests."""

import doctest
import importlib

import pytest

MODULES = ["cards", "rules", "scoring", "claims"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"euchre_records.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
