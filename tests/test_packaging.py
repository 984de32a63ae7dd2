"""The top-level folders are installed inside the package, never as generic top-level names."""

import importlib
import importlib.util

import pytest


@pytest.mark.parametrize("name", ["api", "cli", "schema"])
def test_generic_names_are_not_importable(name: str) -> None:
    assert importlib.util.find_spec(name) is None


@pytest.mark.parametrize("name", ["euchre_records.api", "euchre_records.cli", "euchre_records.schema"])
def test_folders_are_subpackages(name: str) -> None:
    assert importlib.import_module(name).__name__ == name
