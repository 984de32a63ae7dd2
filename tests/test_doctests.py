"""The examples in the docstrings of every module are run as tests.

The modules are found, not listed: every module of the installed package (core, notation,
service, command line) whose source holds a ``>>>`` example is collected, so a module that gains
examples is tested without anyone remembering to add it. A module counts only when doctest
attempted its examples (``attempted > 0``): a passing run with nothing run proves nothing.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil
import tomllib
from pathlib import Path

import pytest


PACKAGES = tuple(tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
                 ["tool"]["setuptools"]["package-dir"])
"""The installed top-level parts (pyproject's package-dir: each maps a folder of its own)."""


def modules_with_examples() -> list[str]:
    names: set[str] = set()
    for package in PACKAGES:
        try:
            pkg = importlib.import_module(package)
        except ImportError:   # an optional part whose extra is not installed
            continue
        for info in pkgutil.walk_packages(pkg.__path__, package + ".", onerror=lambda _: None):
            spec = importlib.util.find_spec(info.name)
            origin = spec.origin if spec is not None else None
            if origin and origin.endswith(".py") and ">>> " in Path(origin).read_text(encoding="utf-8"):
                names.add(info.name)
    return sorted(names)


MODULES = modules_with_examples()


def test_the_modules_with_examples_are_found() -> None:
    # the notation's EGN card and rule tables carry examples too (swapping the R/L bowers there
    # must fail a test)
    for name in ("cards", "rules", "scoring", "claims", "interop.egn.cards", "interop.egn.rules"):
        assert f"euchre_records.{name}" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has '>>> ' in its source, but doctest ran no example"
    assert result.failed == 0
