"""Whole-number floats read as integers: JSON Schema's ``"type": "integer"`` (draft 2020-12,
validation §6.1.1) is any number with a zero fractional part, so ``4.0`` and ``1e2`` are the
integers 4 and 100 to the published document, and the notation's readers take them as such.

- :func:`whole_number` is the ``parse_float`` hook of the readers' JSON parsers: a number
  literal with a fraction or an exponent becomes an ``int`` when its exact decimal value is
  whole (``"4.0"`` -> 4, ``"1e2"`` -> 100, ``"-0.0"`` -> 0), else the ``float`` it was
  (``"4.5"``, which the fields refuse as before). A whole value of more than
  :data:`MAX_INT_DIGITS` digits stays the float (``inf`` for ``1e5000``), refused as before; a
  long one within it (``1e300``) is the integer, refused by the field's range like any other.
- :func:`whole_numbers` does the same to an already-parsed value (Python floats), for the
  readers that take one (``load_record``, ``load_table_record``).

The canonical text of a record read so is written with the integer: its hash is the hash of the
same record written with ``4``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, TypeVar, cast

_T = TypeVar("_T")

__all__ = ["whole_number", "whole_numbers", "holds_whole_float", "MAX_INT_DIGITS"]

MAX_INT_DIGITS = 4300
"""Longest integer read (Python's own limit of integer-string conversion)."""


def whole_number(literal: str) -> int | float:
    """A JSON number literal with a fraction or an exponent (a parser's ``parse_float`` hook:
    never anything else): the integer it is, if whole."""
    exact = Decimal(literal)
    if exact.is_finite() and exact.adjusted() < MAX_INT_DIGITS \
            and exact == exact.to_integral_value():
        return int(exact)
    return float(literal)


def holds_whole_float(value: Any) -> bool:
    """Whether a parsed JSON value holds a whole-number float anywhere (iterative: no depth
    limit). Never true of a value :func:`parse_json` gave (its hook made them integers)."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is float:
            if item.is_integer():
                return True
        if kind is dict:
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
    return False


def whole_numbers(value: _T) -> _T:
    """``value`` with every whole-number float an ``int`` (a new value; infinities and NaN stay
    floats). A value nested too deeply to copy is given back as it was (its readers then refuse
    it where they did before, never with a RecursionError)."""
    try:
        return cast(_T, _whole(value))
    except RecursionError:
        return value


def _whole(value: Any) -> Any:
    kind = type(value)
    if kind is float:
        return int(value) if value.is_integer() else value
    if kind is dict:
        return {key: _whole(item) for key, item in value.items()}
    if kind is list:
        return [_whole(item) for item in value]
    return value
