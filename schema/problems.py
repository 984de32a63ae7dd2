"""Marshmallow's nested error messages as the located problems of a :class:`NotationError`: the
one flattening of every reader of the notation (:mod:`.notation` at four, :mod:`.per_table` at
n; :mod:`.notation` re-exports it)."""

from __future__ import annotations

from typing import Any

from euchre_records.errors import Problem

__all__ = ["problems_from_messages"]


def problems_from_messages(messages: Any, where: str = "") -> list[Problem]:
    """Flatten marshmallow's nested error messages into located problems.

    Integer keys are list indexes (``[3]``), string keys are object keys (``.name``); the key
    ``_schema`` stands for the object itself. A key may itself be a dotted path.
    """
    out: list[Problem] = []
    if isinstance(messages, dict):
        for key, value in messages.items():
            if key == "_schema":
                sub = where
            elif isinstance(key, int):
                sub = f"{where}[{key}]"
            else:
                sub = f"{where}.{key}" if where else str(key)
            out.extend(problems_from_messages(value, sub))
    elif isinstance(messages, list):
        for item in messages:
            out.extend(problems_from_messages(item, where))
    else:
        out.append(Problem(where, str(messages)))
    return out
