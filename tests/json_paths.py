"""The paths into a JSON value, for the tests that mutate documents at every node."""

from __future__ import annotations

from typing import Any


def json_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path (keys and indexes) of every node of ``value``, the root ``()`` first, then each
    node before the nodes under it."""
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += json_paths(item, prefix + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += json_paths(item, prefix + (i,))
    return out
