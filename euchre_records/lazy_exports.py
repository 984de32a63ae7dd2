"""A package's public names, imported from their modules on first use (PEP 562).

Contract: ``__getattr__ = lazy_exports(__name__, {"name": "module", ...})`` in a package's
``__init__`` makes ``package.name`` import ``package.module`` only when ``name`` is first read, so
importing one module of a package does not import the package's other modules with it (the CLI's
start-up depends on that). An unknown name raises :class:`AttributeError` as usual.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Callable, Mapping

__all__ = ["lazy_exports"]


def lazy_exports(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """The module-level ``__getattr__`` of ``package`` whose public names live in ``homes``."""
    def __getattr__(name: str) -> Any:
        if name in homes:
            return getattr(import_module(f"{package}.{homes[name]}"), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    return __getattr__
