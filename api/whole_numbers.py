"""Whole numbers as clients write them: in a form field, a query value, a table or round label.

Contract: :func:`is_whole` is True exactly for a ``str`` of the ASCII digits 0-9 (one or more),
which ``int()`` always reads. ``str.isdigit()`` is no such test: it is True for characters that
``int()`` refuses (superscripts, circled digits: ``"²"``, ``"①"``), and for the digits of other
scripts (``"٣"``) that a label keeps as text. A label or field that fails :func:`is_whole` is
text, never a number. :func:`whole_in` reads one within bounds (an id, a revision, a seed kept
in SQLite: at most 2^63-1), or gives None.
"""

from __future__ import annotations

__all__ = ["is_whole", "whole_in", "SQLITE_MAX"]

SQLITE_MAX = 2**63 - 1
"""The largest integer SQLite stores: a larger Python int given to a query raises OverflowError."""


def is_whole(text: object) -> bool:
    """True when ``text`` is a str of ASCII digits only (at least one)."""
    return isinstance(text, str) and text.isascii() and text.isdigit()


def whole_in(text: object, low: int = 0, high: int = SQLITE_MAX) -> int | None:
    """``text`` (surrounding blanks stripped) as an int from ``low`` to ``high``, else None."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not is_whole(text):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(high)):   # past the bound; and int() refuses 4,300 digits or more
        return None
    value = int(digits)
    return value if low <= value <= high else None
